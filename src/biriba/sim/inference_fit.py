"""How much a seat's discards say about its hand: calibrating the search player's ``inference``.

The search player deals the cards it has not seen into possible worlds (:func:`biriba.core.sampling.determinize`).
With ``inference`` it deals a seat fewer of the cards that go with the cards that seat discarded
(:func:`biriba.core.sampling.discard_weights`). How much fewer is a question about how players play,
and it has an answer that can be counted: bots play hands, and at the start of some turns the seat on
turn looks at each opponent that has discarded at least twice; the cards that go with that opponent's
discards are counted in its real hidden hand, and in the worlds dealt at each level of inference. The
level at which the worlds hold as many such cards as the real hands, on average, is the calibrated one:
below it the worlds still deal the opponent cards it has shown it does not keep, above it they deal too
few.

    python -m biriba.sim.inference_fit --bots heuristic greedy textbook --tables standard:2,standard:4

writes ``OUT/summary.json`` and ``OUT/README.md`` (``results/inference`` by default).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import shlex
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from biriba.bots.base import BOTS_VERSION, make_bot
from biriba.bots.play import seat_rngs
from biriba.core.cards import is_wild_card
from biriba.core.rules import Rules
from biriba.core.sampling import determinize, goes_with
from biriba.core.state import HandState, Phase
from biriba.core.views import SeatView, observe
from biriba.sim.ladders import parse_tables

LEVELS = (0.0, 0.2, 0.4, 0.6, 0.8)
"""The levels of inference the worlds are dealt at."""
WORLDS = 12
"""Worlds dealt per position and level."""
EVERY = 7
"""A position is looked at every this many actions, when it is the start of a turn."""


@dataclass
class Calibration:
    """The cards that go with an opponent's discards: held in its real hidden hands, and dealt to it in
    the worlds at each level, on average over the positions looked at."""

    positions: int
    held: float
    dealt: dict[float, float]

    def calibrated(self) -> float | None:
        """The level at which the worlds deal as many such cards as were held (linear between levels),
        or None if no level between the first and the last does."""
        levels = sorted(self.dealt)
        for low, high in itertools.pairwise(levels):
            above, below = self.dealt[low] - self.held, self.dealt[high] - self.held
            if above >= 0 >= below and above != below:
                return low + (high - low) * above / (above - below)
        return None


def related_to_discards(view: SeatView, seat: int) -> set[int]:
    """The card types that go with ``seat``'s discards (wild cards discarded say nothing)."""
    return {other for card in view.discarded[seat] if not is_wild_card(card) for other in goes_with(card)}


def opponents_to_read(view: SeatView) -> list[int]:
    """The seats of other sides that have discarded at least twice."""
    own = view.seat_team[view.seat]
    return [
        seat
        for seat, discarded in enumerate(view.discarded)
        if seat != view.seat and len(discarded) >= 2 and (own < 0 or view.seat_team[seat] != own)
    ]


def calibrate(rules: Rules, bot: str, hands: int, seed: int) -> Calibration:
    """Play ``hands`` hands of ``bot`` against itself at ``rules`` and count, at the positions looked at,
    the cards that go with each opponent's discards: in its real hand, and in the worlds at each level."""
    held: list[int] = []
    dealt: dict[float, list[float]] = {level: [] for level in LEVELS}
    for hand in range(hands):
        hand_seed = seed * 100_003 + hand
        state = HandState.deal(rules, hand % rules.players, seed=hand_seed)
        bots = [make_bot(bot) for _ in range(rules.players)]
        rngs = seat_rngs(hand_seed, rules.players)
        step = 0
        while not state.is_over:
            seat = state.current
            view = observe(state, seat)
            if state.phase is Phase.DRAW and step % EVERY == 0:
                for other in opponents_to_read(view):
                    related = related_to_discards(view, other)
                    known = view.known_cards[other]
                    held.append(sum(state.hands[other][card] - known[card] for card in related))
                    for level in LEVELS:
                        worlds = [determinize(view, random.Random(k), level) for k in range(WORLDS)]
                        counts = [sum(w.hands[other][card] - known[card] for card in related) for w in worlds]
                        dealt[level].append(statistics.fmean(counts))
            state.apply(bots[seat].choose(view, state.legal_actions(), rngs[seat]))
            step += 1
    if not held:
        return Calibration(0, 0.0, dict.fromkeys(LEVELS, 0.0))
    return Calibration(len(held), statistics.fmean(held), {level: statistics.fmean(v) for level, v in dealt.items()})


def summary_markdown(entries: dict[str, Any], command: str) -> str:
    levels = " | ".join(f"dealt at {level:.1f}" for level in LEVELS)
    lines = [
        "# What a seat's discards say about its hand",
        "",
        "Bots play hands against themselves; at the start of some turns, for each opponent that has",
        "discarded twice or more, the cards that go with its discards (their rank, or their suit one or two",
        "places away) are counted in its real hidden hand (held) and in the worlds the search player deals",
        "at each level of `inference` (dealt), on average over the positions. Calibrated: the level at",
        "which the worlds deal as many as were held (`python -m biriba.sim.inference_fit`; docs/bots.md).",
        "",
        "Made by:",
        "",
        f"    {command}",
        "",
        f"| bot | table | bots | positions | held | {levels} | calibrated |",
        "| --- | --- | --- | ---: | ---: | " + " | ".join("---:" for _ in LEVELS) + " | ---: |",
    ]
    for entry in entries.values():
        dealt = " | ".join(f"{entry['dealt'][f'{level:.1f}']:.3f}" for level in LEVELS)
        calibrated = "—" if entry["calibrated"] is None else f"{entry['calibrated']:.2f}"
        lines.append(
            f"| {entry['bot']} | {entry['preset']} {entry['players']}p | {entry['bots_version']} | "
            f"{entry['positions']} | {entry['held']:.3f} | {dealt} | {calibrated} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m biriba.sim.inference_fit", description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", nargs="+", default=["heuristic", "greedy", "textbook"], help="bot specs")
    parser.add_argument(
        "--tables", default="standard:2,standard:4", help="PRESET:PLAYERS,... (default standard:2,standard:4)"
    )
    parser.add_argument("--hands", type=int, default=12, help="hands per bot and table (default 12)")
    parser.add_argument("--seed", type=int, default=77, help="base seed of the hands (default 77)")
    parser.add_argument("--out", type=Path, default=Path("results/inference"), help="folder of the summary")
    args = parser.parse_args(argv)
    try:
        tables = parse_tables(args.tables)
        for bot in args.bots:
            make_bot(bot)
    except ValueError as error:
        parser.error(str(error))
    command = "python -m biriba.sim.inference_fit " + shlex.join(
        ["--bots", *args.bots, "--tables", args.tables, "--hands", str(args.hands), "--seed", str(args.seed)]
    )
    entries: dict[str, Any] = {}
    for preset, players in tables:
        rules = Rules.from_preset(preset, players=players)
        for bot in args.bots:
            result = calibrate(rules, bot, args.hands, args.seed)
            level = result.calibrated()
            entries[f"{bot} {preset} {players}p"] = {
                "bot": bot,
                "preset": preset,
                "players": players,
                "bots_version": BOTS_VERSION,
                "hands": args.hands,
                "positions": result.positions,
                "held": round(result.held, 4),
                "dealt": {f"{level:.1f}": round(value, 4) for level, value in result.dealt.items()},
                "calibrated": None if level is None else round(level, 3),
            }
            print(
                f"{bot} {preset} {players}p: calibrated {entries[f'{bot} {preset} {players}p']['calibrated']}",
                file=sys.stderr,
                flush=True,
            )
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "summary.json").write_text(json.dumps({"command": command, "entries": entries}, indent=1) + "\n")
    (args.out / "README.md").write_text(summary_markdown(entries, command))
    return 0


if __name__ == "__main__":
    sys.exit(main())
