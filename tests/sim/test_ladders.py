"""The ladder in every preset and format (``python -m biriba.sim.ladders``): tables, the summary, resuming."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from biriba.bots.base import BOTS_VERSION
from biriba.core.rules import PLAYER_COUNTS, PRESETS
from biriba.sim import ladders


def test_every_table_is_every_preset_in_every_format() -> None:
    tables = ladders.parse_tables("all")
    assert len(tables) == len(PRESETS) * len(PLAYER_COUNTS)
    assert ("kouridakis", 5) in tables and ("buraco-fechado", 8) in tables
    assert ladders.parse_tables("standard:5, classic:3") == [("standard", 5), ("classic", 3)]


@pytest.mark.parametrize("text", ["standard", "nosuch:4", "standard:7", "standard:four"])
def test_a_bad_table_is_named(text: str) -> None:
    with pytest.raises(ValueError, match="a table is PRESET:PLAYERS"):
        ladders.parse_tables(text)


def test_a_tool_of_one_table_takes_one_table_and_names_what_else_it_got() -> None:
    assert ladders.parse_table("classic:6") == ("classic", 6)
    for text in ("all", "standard:4,classic:6"):
        with pytest.raises(ValueError, match=f"one table is PRESET:PLAYERS, not '{text}'"):
            ladders.parse_table(text)
    with pytest.raises(ValueError, match="a table is PRESET:PLAYERS"):
        ladders.parse_table("nosuch:4")


def test_a_ladder_is_summarised_and_not_played_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["--bots", "random", "greedy", "--deals", "4", "--tables", "standard:3", "--out", str(tmp_path)]
    assert ladders.main(argv) == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    entry = summary["tables"]["standard 3p: random < greedy"]
    (step,) = entry["steps"]
    assert (step["weaker"], step["stronger"], step["deals"], step["hands"]) == ("random", "greedy", 4, 24)
    low, high = step["lead_ci95"]
    assert low <= step["lead"] <= high
    assert step["holds"] == (low > 0)
    assert step["holds"], "greedy beats random at a table of three"
    assert entry["command"].endswith("--deals 4 --seed 2024 --tables standard:3")
    page = (tmp_path / "README.md").read_text()
    assert f"| standard 3p | random < greedy | {BOTS_VERSION} | 4 |" in page
    assert entry["command"] in page

    def never(*args: object) -> None:
        raise AssertionError("a table already summarised is played again")

    monkeypatch.setattr(ladders, "play_table", never)
    assert ladders.main(argv) == 0
    with pytest.raises(AssertionError, match="played again"):
        ladders.main([*argv[:4], "5", *argv[5:]])  # more deals: played again
    monkeypatch.setattr(ladders, "BOTS_VERSION", "a later day")
    with pytest.raises(AssertionError, match="played again"):
        ladders.main(argv)  # the bots have changed since: played again


def test_a_step_measured_again_by_newer_bots_shows_the_newer_row_only() -> None:
    def entry(bots: list[str], version: str, leads: list[float]) -> dict[str, object]:
        steps = [
            {
                "weaker": weaker,
                "stronger": stronger,
                "deals": 10,
                "capped_deals": 0,
                "hands": 20,
                "stronger_hand_wins": 12,
                "weaker_hand_wins": 8,
                "lead": lead,
                "lead_ci95": [lead - 50, lead + 50],
                "holds": lead > 50,
            }
            for (weaker, stronger), lead in zip(itertools.pairwise(bots), leads, strict=True)
        ]
        return {
            "preset": "kouridakis",
            "players": 5,
            "bots": bots,
            "bots_version": version,
            "steps": steps,
            "command": f"python -m biriba.sim.ladders --bots {' '.join(bots)}",
        }

    summary = {
        "format": ladders.SUMMARY_FORMAT,
        "tables": {
            "old": entry(["random", "greedy", "heuristic"], "2026-11-27.2", [2299, 21]),
            "new": entry(["greedy", "heuristic"], "2026-11-27.3", [99]),
        },
    }
    page = ladders.summary_markdown(summary)
    assert "| kouridakis 5p | random < greedy | 2026-11-27.2 | 10 | 12/8 | +2299 |" in page
    assert "| kouridakis 5p | greedy < heuristic | 2026-11-27.3 | 10 | 12/8 | +99 |" in page
    assert "+21 |" not in page
    # The tenth change of a day is newer than its ninth (versions do not sort as text).
    summary["tables"] = {
        "ninth": entry(["greedy", "heuristic"], "2026-11-27.9", [77]),
        "tenth": entry(["greedy", "heuristic"], "2026-11-27.10", [88]),
    }
    page = ladders.summary_markdown(summary)
    assert "| 2026-11-27.10 | 10 | 12/8 | +88 |" in page
    assert "+77 |" not in page
