"""The ladder of the games on the protocol (Bura): duplicate deals that cancel the luck of the cards, and a
ladder whose first step holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from biriba.games.registry import game_named
from biriba.sim.game_ladders import main
from biriba.sim.games import duplicate_deal

BURA = game_named("bura")


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_a_bot_against_itself_scores_exactly_nothing_on_a_duplicate_deal(bot: str) -> None:
    rules = BURA.rules()
    assert [duplicate_deal(BURA, rules, bot, bot, seed) for seed in range(12)] == [0.0] * 12


def test_a_duplicate_deal_counts_hands_won_less_hands_lost() -> None:
    rules = BURA.rules()
    figures = [duplicate_deal(BURA, rules, "heuristic", "random", seed) for seed in range(40)]
    assert set(figures) <= {-2.0, -1.0, 0.0, 1.0, 2.0}
    assert sum(figures) > 40  # the heuristic wins most hands of both seatings


def test_the_ladder_writes_its_summary_and_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "bura", "--bots", "random", "heuristic", "--deals", "30", "--out", str(tmp_path)]) == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    (step,) = summary["steps"]
    assert (step["weaker"], step["stronger"], step["deals"]) == ("random", "heuristic", 30)
    assert step["holds"] and step["low"] > 0
    readme = (tmp_path / "README.md").read_text()
    assert "--deals 30" in readme and "| random < heuristic | 30 |" in readme
    assert readme == capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "tyzicha", "--bots", "random", "greedy", "--deals", "1"], "unknown Tyzicha bot 'greedy'"),
        (["--game", "burra", "--deals", "2"], "unknown game 'burra' (games: "),
        (["--game", "bura", "--bots", "random", "no_lab_here.Bot"], "no module 'no_lab_here' to import"),
    ],
)
def test_a_bad_game_or_bot_is_a_usage_error_naming_it(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err
