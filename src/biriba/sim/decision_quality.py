"""How much a bot's single decisions are worth, measured against a deep reference instead of a tournament.

Usage::

    python -m biriba.sim.decision_quality --bots search search:turns=3 [--table standard:3] [--hands 10]
                                          [--every 6] [--reference-worlds 32] [--reference true|view]
                                          [--seed 7] [--player heuristic] [--out FILE.json]

Positions come from hands the heuristic player plays against itself at the table (deals seeded from
``--seed`` and the hand's index), or, with ``--player``, hands in which that bot plays seat 0 and the
heuristic the others, and then from seat 0's decisions alone. At every ``--every``-th decision where the
search player has more than one candidate (:meth:`SearchBot.candidates`: the heuristic's choice, its
next best plays and discards, the pile or the draw), each candidate is scored by playing the hand to its
end with the heuristic policy at every seat, in ``--reference-worlds`` worlds shared by the candidates:
with ``true``, the real position with only the cards nobody has seen dealt again
(:func:`biriba.core.sampling.redeal_unseen`), so that a choice is judged by the hands really held; with
``view``, worlds sampled from the mover's view as the search samples its own
(:func:`biriba.core.sampling.determinize`). A candidate's value is the mover's points less the other
sides' mean at the end of the hand, the measure of duplicate play.

Each bot then chooses at the same position, with a generator of its own; its gain is the reference value
of its choice less that of the heuristic's choice (0 where it plays the heuristic's). The mean gain over
the positions, with its 95% interval, says how much better than the heuristic the bot decides, in points
per decision, when the heuristic plays the rest of the hand. Since every bot is judged at the same
positions against the same reference, two settings of the search compare paired: a few hundred positions
tell apart what a tournament needs hundreds of deals for (a deal's outcome varies by some 1,600 points).
How decisions add up over a hand in which the bot keeps choosing is what ``--player`` shows: the gains
at the positions of a bot's own play, summed over a hand, are what it scores over the heuristic player in
its seat (in expectation, the other seats playing the heuristic).
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from biriba.bots.base import BOTS_VERSION, Bot, make_bot
from biriba.bots.heuristic import HeuristicBot
from biriba.bots.play import play_out
from biriba.bots.search import SearchBot
from biriba.bots.value import final_lead
from biriba.core.actions import Action
from biriba.core.errors import IllegalAction, InvalidInputError
from biriba.core.rules import Rules
from biriba.core.sampling import determinize, redeal_unseen
from biriba.core.state import HandState
from biriba.core.views import SeatView, observe
from biriba.sim.duplicate import HAND_ACTION_LIMIT
from biriba.sim.ladders import parse_table
from biriba.sim.stats import mean_interval

REFERENCES = ("true", "view")
"""The worlds the reference plays a candidate in: the real hands, or hands sampled from the mover's view."""


@dataclass(frozen=True)
class Study:
    """Where the positions come from and how the reference scores them (the command's options)."""

    hands: int = 10
    every: int = 6
    worlds: int = 32
    reference: str = "true"
    seed: int = 7
    player: str = "heuristic"
    """The bot playing seat 0 in those hands (the heuristic plays the others): another bot's own
    decisions, at seat 0 alone, are then the positions, as they come in its games."""


@dataclass
class Position:
    """One sampled decision: its candidates' reference values, relative to the heuristic's
    choice (the first; None where a candidate was illegal in every world), and each bot's choice."""

    hand: int
    decision: int
    seat: int
    candidates: list[str]
    values: list[float | None]
    choices: dict[str, int] = field(default_factory=dict)
    """Per bot, the index of its choice among the candidates (-1: an action not among them)."""


def candidate_lead(world: HandState, action: Action, seat: int, policy: Bot, rng: random.Random) -> float | None:
    """``action`` in ``world``, then ``policy`` at every seat to the end of the hand: its lead for ``seat``;
    None if the action is illegal there or the hand does not end within the tournaments' limit."""
    state = world.clone()
    try:
        state.apply(action)
    except IllegalAction:
        return None
    play_out(state, [policy] * state.rules.players, rng, max_actions=HAND_ACTION_LIMIT)
    return final_lead(state, seat) if state.is_over else None


def reference_values(
    state: HandState, view: SeatView, candidates: Sequence[Action], study: Study, rng: random.Random
) -> list[float | None]:
    """Each candidate's mean lead over the worlds, less the first candidate's over the same worlds."""
    policy = HeuristicBot()
    leads: list[list[float | None]] = [[] for _ in candidates]
    for _ in range(study.worlds):
        world = redeal_unseen(state, rng) if study.reference == "true" else determinize(view, rng)
        seed = rng.randrange(2**32)
        for row, action in zip(leads, candidates, strict=True):
            row.append(candidate_lead(world, action, view.seat, policy, random.Random(seed)))
    values: list[float | None] = []
    for row in leads:
        paired = [
            mine - base for mine, base in zip(row, leads[0], strict=True) if mine is not None and base is not None
        ]
        values.append(statistics.fmean(paired) if paired else None)
    return values


def positions(rules: Rules, bots: dict[str, Bot], study: Study) -> list[Position]:
    """The sampled decisions of the study's heuristic hands, each scored by the reference and chosen by every bot."""
    heuristic = HeuristicBot()
    probe = SearchBot()
    players = [make_bot(study.player), *[heuristic] * (rules.players - 1)]
    sampled = range(rules.players) if study.player == "heuristic" else range(1)
    found: list[Position] = []
    for hand in range(study.hands):
        hand_seed = study.seed * 1000 + hand
        state = HandState.deal(rules, hand % rules.players, seed=hand_seed)
        rng = random.Random(f"play {hand_seed}")
        decision = 0
        while not state.is_over:
            view = observe(state, state.current)
            legal = state.legal_actions()
            candidates = probe.candidates(view, legal) if state.current in sampled else []
            if len(candidates) > 1:
                decision += 1
                if decision % study.every == 0:
                    reference_rng = random.Random(f"reference {hand_seed} {decision}")
                    values = reference_values(state, view, candidates, study, reference_rng)
                    position = Position(hand, decision, view.seat, [str(action) for action in candidates], values)
                    for name, bot in bots.items():
                        choice = bot.choose(view, legal, random.Random(f"bot {hand_seed} {decision}"))
                        position.choices[name] = candidates.index(choice) if choice in candidates else -1
                    found.append(position)
            state.apply(players[state.current].choose(view, legal, rng))
    return found


def gains(found: Sequence[Position], bot: str) -> list[float]:
    """Per position, the reference value of ``bot``'s choice over the heuristic's (an action outside the
    candidates, or one the reference found illegal, counts as the heuristic's)."""
    result = []
    for position in found:
        index = position.choices[bot]
        value = position.values[index] if index >= 0 else None
        result.append(value if value is not None else 0.0)
    return result


def summary(found: Sequence[Position], bots: Sequence[str]) -> list[dict[str, Any]]:
    """Per bot: its mean gain per decision over the heuristic with the 95% interval, how often it chose
    otherwise than the heuristic, and how often it chose the candidate the reference valued most."""
    rows = []
    for bot in bots:
        interval = mean_interval(gains(found, bot))
        best = 0
        for position in found:
            index = position.choices[bot]
            known = [value for value in position.values if value is not None]
            best += index >= 0 and position.values[index] is not None and position.values[index] == max(known)
        rows.append(
            {
                "bot": bot,
                "positions": len(found),
                "gain": interval.mean,
                "interval": [interval.low, interval.high],
                "overrides": sum(position.choices[bot] != 0 for position in found),
                "best": best,
            }
        )
    return rows


def markdown(rows: Sequence[dict[str, Any]]) -> str:
    lines = [
        "| bot | positions | gain per decision | 95% interval | choices not the heuristic's | the reference's best |",
        "| --- | ---: | ---: | --- | ---: | ---: |",
    ]
    for row in rows:
        low, high = row["interval"]
        interval = "" if low is None else f"[{low:+.1f}, {high:+.1f}]"
        lines.append(
            f"| `{row['bot']}` | {row['positions']} | {row['gain']:+.1f} | {interval} "
            f"| {row['overrides']} | {row['best']} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m biriba.sim.decision_quality", description="Bots' single decisions against a deep reference."
    )
    parser.add_argument("--bots", nargs="+", required=True, help="bot specs, such as search search:turns=3")
    parser.add_argument("--table", default="standard:3", help="PRESET:PLAYERS")
    parser.add_argument("--hands", type=int, default=10, help="heuristic hands the positions come from")
    parser.add_argument("--every", type=int, default=6, help="score every Nth decision with a choice")
    parser.add_argument("--reference-worlds", type=int, default=32, help="worlds per scored decision")
    parser.add_argument(
        "--reference", choices=REFERENCES, default="true", help="worlds of the real hands, or of the mover's view"
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--player", default="heuristic", help="the bot at seat 0 in the hands (its decisions)")
    parser.add_argument("--out", type=Path, help="write the positions and the summary as JSON")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.every < 1 or args.reference_worlds < 2:
        parser.error("--hands and --every must be at least 1, --reference-worlds at least 2")
    try:
        preset, players = parse_table(args.table)
    except ValueError as error:
        parser.error(str(error))
    rules = Rules.from_preset(preset, players=players)
    try:
        bots = {spec: make_bot(spec) for spec in args.bots}
        make_bot(args.player)
    except InvalidInputError as error:
        parser.error(str(error))
    study = Study(args.hands, args.every, args.reference_worlds, args.reference, args.seed, args.player)
    found = positions(rules, bots, study)
    if not found:
        parser.error("no decision was sampled: play more --hands or a smaller --every")
    rows = summary(found, list(bots))
    print(markdown(rows), end="")
    if args.out:
        command = "python -m biriba.sim.decision_quality " + shlex.join(sys.argv[1:] if argv is None else argv)
        record = {
            "command": command,
            "bots_version": BOTS_VERSION,
            "table": args.table,
            "reference": args.reference,
            "player": args.player,
            "summary": rows,
            "positions": [position.__dict__ for position in found],
        }
        args.out.write_text(json.dumps(record, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
