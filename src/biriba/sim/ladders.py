"""The bot ladder in every preset and format: each bot against the next over duplicate deals, one table
(a preset and a number of players) at a time, summarised in one file.

Usage::

    python -m biriba.sim.ladders [--bots random greedy heuristic] [--deals N] [--seed S]
                                 [--tables standard:5,kouridakis:4] [--workers W] [--out results/ladders]

Each table is played as ``biriba tournament --schedule ladder`` plays it (:mod:`biriba.sim.tournament`,
deals seeded from ``--seed`` and the deal's index only) and its pairings' figures are written to
``OUT/summary.json`` as soon as the table is done, so that a long run can be stopped and started again:
a table already in the summary with the same bots, deals and seed is not played again. ``OUT/README.md``
shows the summary as a table, with the command that made it. A step of the ladder holds when the
stronger bot's 95% interval of the mean point difference per duplicate deal lies wholly above 0.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from biriba.bots.base import BOTS_VERSION, bots_version_order
from biriba.core.rules import PLAYER_COUNTS, PRESETS, Rules
from biriba.sim.tournament import TournamentConfig, ladder, run_tournament

DEFAULT_BOTS = ("random", "greedy", "heuristic")
OLDER_BOTS = "before 2026-11-27"
"""How the page names the bots of a table measured before the bots' version was recorded."""
SUMMARY_FORMAT = "biriba-ladders/2"
"""Format 2: at tables of more than two sides each bot also plays alone against the other (format 1 played
the weaker bot alone only); the entries of two-side tables carry over from format 1 unchanged."""


def every_table() -> list[tuple[str, int]]:
    """Every preset in every format, as ``(preset, players)``."""
    return [(preset, players) for preset in PRESETS for players in PLAYER_COUNTS]


def parse_tables(text: str) -> list[tuple[str, int]]:
    """``standard:5,kouridakis:4`` as ``[("standard", 5), ("kouridakis", 4)]``; ``all`` for every table."""
    if text == "all":
        return every_table()
    tables = []
    for item in text.split(","):
        preset, _, players = item.strip().partition(":")
        if preset not in PRESETS or not players.isdigit() or int(players) not in PLAYER_COUNTS:
            raise ValueError(
                f"a table is PRESET:PLAYERS (presets {', '.join(PRESETS)}; players {PLAYER_COUNTS}), not {item!r}"
            )
        tables.append((preset, int(players)))
    return tables


def parse_table(text: str) -> tuple[str, int]:
    """One table, ``standard:5``, as ``("standard", 5)``: for the tools that measure a single table."""
    tables = parse_tables(text)
    if len(tables) != 1:
        raise ValueError(f"one table is PRESET:PLAYERS, not {text!r}")
    return tables[0]


def table_key(preset: str, players: int, bots: Sequence[str]) -> str:
    """A ladder's key in the summary: its table and bots (another ladder at the same table is kept apart)."""
    return f"{preset} {players}p: {' < '.join(bots)}"


def play_table(table: tuple[str, int], bots: Sequence[str], deals: int, seed: int, workers: int) -> dict[str, Any]:
    """The ladder of ``bots`` (weakest first) at one table, ``(preset, players)``: each step's figures and
    whether it holds."""
    preset, players = table
    config = TournamentConfig(
        tuple(bots), Rules.from_preset(preset, players=players), deals, 0, seed, tuple(ladder(len(bots)))
    )
    result = run_tournament(config, workers)
    steps = []
    for pairing in result.pairings:
        summary = pairing.summary()
        # X is the weaker bot of the step: the step holds when Y's lead is above 0 with 95% confidence.
        high = summary["ci95_high"]
        steps.append(
            {
                "weaker": pairing.x,
                "stronger": pairing.y,
                "deals": summary["deals"],
                "capped_deals": summary["capped_deals"],
                "hands": summary["hands"],
                "stronger_hand_wins": summary["y_hand_wins"],
                "weaker_hand_wins": summary["x_hand_wins"],
                "lead": None if summary["mean_diff"] is None else -summary["mean_diff"],
                "lead_ci95": None if high is None else [-high, -summary["ci95_low"]],
                "holds": high is not None and high < 0,
            }
        )
    return {
        "preset": preset,
        "players": players,
        "bots": list(bots),
        "deals": deals,
        "seed": seed,
        "bots_version": BOTS_VERSION,
        "steps": steps,
    }


def load_summary(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {"format": SUMMARY_FORMAT, "tables": {}}
    summary: dict[str, Any] = json.loads(path.read_text())
    if summary.get("format") == "biriba-ladders/1":
        two_sided = {
            key: entry
            for key, entry in summary["tables"].items()
            if len(Rules.from_preset(entry["preset"], players=entry["players"]).sides) == 2
        }
        return {"format": SUMMARY_FORMAT, "tables": two_sided}
    if summary.get("format") != SUMMARY_FORMAT:
        raise ValueError(f"{path} is not a ladders summary ({SUMMARY_FORMAT})")
    return summary


def already_played(entry: dict[str, Any] | None, bots: Sequence[str], deals: int, seed: int) -> bool:
    """Whether ``entry`` holds this ladder, played by the bots as they play now."""
    return (
        entry is not None
        and entry["bots"] == list(bots)
        and entry["deals"] == deals
        and entry["seed"] == seed
        and entry.get("bots_version") == BOTS_VERSION
    )


def write_summary(summary: dict[str, Any], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    (out / "README.md").write_text(summary_markdown(summary))


def summary_markdown(summary: dict[str, Any]) -> str:
    """The summary as a page: one row per table and step."""
    lines = [
        "# The bot ladder in every preset and format",
        "",
        "Each bot against the next over duplicate deals (every deal played with each bot alone at each side in",
        "turn, the other bot at the other sides; at two sides, once per side; docs/bots.md). Lead: the stronger",
        "bot's mean points over the other sides per duplicate deal, with its 95% interval; a step holds when",
        "the interval lies above 0. Bots: the version of the bots measured (`biriba.bots.base.BOTS_VERSION`,",
        "the date they last changed how they play); a table measured with older bots is played again by its",
        "command, and a step measured again by newer bots (in another ladder of the table) shows the newer row.",
        "The Buraco rows of bots 2026-11-29.3 and older were played with three of the Buraco rules' variations",
        "on (sets of Aces in aberto, the scored cut, the cutter's wild card), which the presets no longer play.",
        "",
        "Made by:",
        "",
        *sorted({f"    {entry['command']}" for entry in summary["tables"].values()}),
        "",
        "| table | step | bots | deals | hands won (stronger/weaker) | lead | 95% interval | holds |",
        "| --- | --- | --- | ---: | ---: | ---: | --- | --- |",
    ]
    newest = _newest_bots(summary)
    for entry in sorted(summary["tables"].values(), key=_table_order):
        for step in entry["steps"]:
            if entry.get("bots_version", OLDER_BOTS) != newest[_step_key(entry, step)]:
                continue  # measured again by newer bots
            interval = (
                "—" if step["lead_ci95"] is None else f"[{step['lead_ci95'][0]:+.0f}, {step['lead_ci95'][1]:+.0f}]"
            )
            lead = "—" if step["lead"] is None else f"{step['lead']:+.0f}"
            deals = str(step["deals"]) + (f" ({step['capped_deals']} capped)" if step["capped_deals"] else "")
            lines.append(
                f"| {entry['preset']} {entry['players']}p | {step['weaker']} < {step['stronger']} | "
                f"{entry.get('bots_version', OLDER_BOTS)} | {deals} | "
                f"{step['stronger_hand_wins']}/{step['weaker_hand_wins']} | {lead} | {interval} | "
                f"{'yes' if step['holds'] else '**no**'} |"
            )
    return "\n".join(lines) + "\n"


def _step_key(entry: dict[str, Any], step: dict[str, Any]) -> tuple[str, int, str, str]:
    return entry["preset"], entry["players"], step["weaker"], step["stronger"]


def _newest_bots(summary: dict[str, Any]) -> dict[tuple[str, int, str, str], str]:
    """Per table and step, the newest bots that measured it (the versions before there were any come
    first)."""
    newest: dict[tuple[str, int, str, str], str] = {}
    for entry in summary["tables"].values():
        version = entry.get("bots_version", OLDER_BOTS)
        for step in entry["steps"]:
            key = _step_key(entry, step)
            known = newest.get(key)
            newer = version != OLDER_BOTS and (known is None or bots_version_order(version) > bots_version_order(known))
            if known is None or known == OLDER_BOTS or newer:
                newest[key] = version
    return newest


def _table_order(entry: dict[str, Any]) -> tuple[int, int, int]:
    return list(PRESETS).index(entry["preset"]), entry["players"], len(entry["steps"])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m biriba.sim.ladders", description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", nargs="+", default=list(DEFAULT_BOTS), help="bot specs, weakest first")
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals per step (default 200)")
    parser.add_argument("--seed", type=int, default=2024, help="base seed of the deals (default 2024)")
    parser.add_argument("--tables", default="all", help="PRESET:PLAYERS,... or all (default)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument(
        "--out", type=Path, default=Path("results/ladders"), help="folder of summary.json and README.md"
    )
    args = parser.parse_args(argv)
    try:
        tables = parse_tables(args.tables)
        summary = load_summary(args.out / "summary.json")
    except ValueError as error:
        parser.error(str(error))
    command = "python -m biriba.sim.ladders " + shlex.join(
        ["--bots", *args.bots, "--deals", str(args.deals), "--seed", str(args.seed), "--tables", args.tables]
    )
    for preset, players in tables:
        key = table_key(preset, players, args.bots)
        if already_played(summary["tables"].get(key), args.bots, args.deals, args.seed):
            continue
        entry = play_table((preset, players), args.bots, args.deals, args.seed, args.workers) | {"command": command}
        summary["tables"][key] = entry
        write_summary(summary, args.out)
        held = " ".join("yes" if step["holds"] else "NO" for step in entry["steps"])
        print(f"{key}: {held}", file=sys.stderr, flush=True)
    write_summary(summary, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
