"""The bot ladder of a game on the protocol (Bura, Tyzicha): each bot against the next over duplicate
deals of the game's standard rules, written to ``OUT/summary.json`` and ``OUT/README.md`` with the command
that made them. (Biriba's ladders, every preset and table size, are :mod:`biriba.sim.ladders`.)

Usage::

    python -m biriba.sim.game_ladders --game bura [--bots random heuristic search] [--deals N] [--seed S]
                                      [--out results/bura]
    python -m biriba.sim.game_ladders --game tyzicha --against textbook --bots random heuristic search
                                      [--deals N] [--seed S] [--out results/tyzicha/textbook]

A deal is played once with the stronger bot in each seat (:func:`biriba.sim.games.duplicate_deal`); its
figure is that bot's outcome above the table's mean, summed over the seatings (Bura: hands won less hands
lost, from -2 to +2). A step holds when the 95% interval of the mean lies wholly above 0.

The default ladder is the game's bots less those kept apart from it (``textbook``, the rule texts' or the
literature's advice alone: :data:`biriba.bots.base.OTHER_BOTS`). With ``--against NAME`` each bot of
``--bots`` is measured against that one instead (it in one seat, NAME in the others), not each against
the next. A bot may be a researcher's own, named by its import path (``mybots.Cautious``:
:mod:`biriba.bots.imported`).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

from biriba.bots.base import OTHER_BOTS
from biriba.bots.imported import load_bot
from biriba.core.errors import InvalidInputError
from biriba.games.protocol import Game
from biriba.games.registry import game_named
from biriba.sim.games import duplicate_deal
from biriba.sim.stats import mean_interval

SUMMARY_FORMAT = "biriba-game-ladder/1"


def deal_seed(base: int, index: int) -> int:
    """The seed of deal ``index``: the base and the index only, the same for every step of the ladder."""
    return base * 1_000_003 + index


def default_ladder(game: Game) -> list[str]:
    """The game's ladder: its bots, weakest first, less the opponents kept apart to measure it by."""
    return [name for name in game.bots if name not in OTHER_BOTS]


def play_ladder(
    game_name: str, bots: Sequence[str], deals: int, seed: int, against: str | None = None
) -> dict[str, Any]:
    """Every step of the ladder, each over ``deals`` duplicate deals; with ``against``, each bot against
    that one instead (a row naming the ``bot`` and what it played ``against``, ``better`` when the interval
    lies above 0)."""
    game = game_named(game_name)
    rules = game.rules()
    steps = []
    pairs = [(against, bot) for bot in bots] if against is not None else list(pairwise(bots))
    for weaker, stronger in pairs:
        figures = [duplicate_deal(game, rules, stronger, weaker, deal_seed(seed, index)) for index in range(deals)]
        interval = mean_interval(figures)
        names = (
            {"bot": stronger, "against": weaker} if against is not None else {"weaker": weaker, "stronger": stronger}
        )
        steps.append(
            {
                **names,
                "deals": deals,
                "mean": round(interval.mean, 4),
                "low": None if interval.low is None else round(interval.low, 4),
                "high": None if interval.high is None else round(interval.high, 4),
                "better" if against is not None else "holds": interval.low is not None and interval.low > 0,
            }
        )
    summary: dict[str, Any] = {
        "format": SUMMARY_FORMAT,
        "game": game.name,
        "rules": game.rules_to_json(rules),
        "seed": seed,
        "steps": steps,
    }
    if against is not None:
        summary["against"] = against
    return summary


def summary_markdown(summary: dict[str, Any], command: str) -> str:
    if "against" in summary:
        return _against_markdown(summary, command)
    lines = [
        f"# The {summary['game']} ladder",
        "",
        "Each step: the stronger bot's mean outcome per duplicate deal above the table's mean (a deal played",
        "once with it in each seat), with its 95% interval; it holds when the interval lies above 0.",
        "",
        f"Made by `{command}`.",
        "",
        "| step | deals | mean | 95% interval | holds |",
        "| --- | --- | --- | --- | --- |",
    ]
    for step in summary["steps"]:
        lines.append(
            f"| {step['weaker']} < {step['stronger']} | {step['deals']} | {step['mean']:+.3f} "
            f"| [{step['low']:+.3f}, {step['high']:+.3f}] | {'yes' if step['holds'] else 'NO'} |"
        )
    return "\n".join(lines) + "\n"


def _against_markdown(summary: dict[str, Any], command: str) -> str:
    against = summary["against"]
    lines = [
        f"# The {summary['game']} bots against {against}",
        "",
        "Each row: the bot's mean outcome per duplicate deal above the table's mean (a deal played once with it",
        f"in each seat and {against} in the others), with its 95% interval; it is better when the interval lies",
        "above 0, worse when below.",
        "",
        f"Made by `{command}`.",
        "",
        "| bot | deals | mean | 95% interval | better |",
        "| --- | --- | --- | --- | --- |",
    ]
    for step in summary["steps"]:
        verdict = "yes" if step["better"] else "NO (worse)" if step["high"] < 0 else "NO (level)"
        lines.append(
            f"| {step['bot']} vs {step['against']} | {step['deals']} | {step['mean']:+.3f} "
            f"| [{step['low']:+.3f}, {step['high']:+.3f}] | {verdict} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="bura", help="the game (default bura)")
    parser.add_argument("--bots", nargs="+", default=None, help="bots, weakest first (default: the game's ladder)")
    parser.add_argument("--against", default=None, help="measure each bot against this one instead of the next")
    parser.add_argument("--deals", type=int, default=400, help="duplicate deals per step (default 400)")
    parser.add_argument("--seed", type=int, default=2024, help="base seed of the deals (default 2024)")
    parser.add_argument("--out", type=Path, default=None, help="folder of summary.json and README.md")
    args = parser.parse_args(argv)
    try:
        game = game_named(args.game)
        bots = args.bots or default_ladder(game)
        for name in [*bots, *([args.against] if args.against else [])]:
            load_bot(name, game.make_bot)  # an unknown name fails now, not after the first steps
    except InvalidInputError as error:
        parser.error(str(error))
    if args.deals < 2 or len(bots) < (1 if args.against else 2):
        parser.error("a ladder needs two bots or more (one with --against) and two deals or more")
    summary = play_ladder(game.name, bots, args.deals, args.seed, args.against)
    command = "python -m biriba.sim.game_ladders " + shlex.join(argv if argv is not None else sys.argv[1:])
    text = summary_markdown(summary, command.strip())
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
        (args.out / "README.md").write_text(text, encoding="utf-8")
    print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
