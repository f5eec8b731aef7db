"""``biriba watch`` through the command line: bots play, the record it saves replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.cli.runner import Ran, run

from biriba.bots import make_bot
from biriba.bots.play import play_hand, play_match
from biriba.core.rules import Rules

STANDARD = Rules.from_preset("standard")


@pytest.fixture(scope="module")
def seed5(tmp_path_factory: pytest.TempPathFactory) -> tuple[Ran, Path]:
    path = tmp_path_factory.mktemp("watch") / "seed5.json"
    return run("watch", "--seed", "5", "--delay", "0", "--save", str(path)), path


def test_watch_plays_a_hand_and_prints_the_scores(seed5: tuple[Ran, Path]) -> None:
    result, _ = seed5
    assert result.returncode == 0, result.stderr
    record, state = play_hand(STANDARD, [make_bot("greedy")] * 4, 0, 5)
    out = result.stdout
    assert "seed 5" in out
    assert out.count(": draw\n") + out.count(": take the discard pile") + out.count(": pass\n") == sum(
        a["type"] in ("draw", "take_pile", "pass") for a in record.to_json()["actions"]
    )
    assert out.count(": discard ") == sum(a["type"] == "discard" for a in record.to_json()["actions"])
    assert "end of the hand" in out
    scores = [s.score for s in state.team_scores_for_hand()]
    assert f"Team 1: {scores[0]:+,d}" in out  # people count teams from 1; English writes 1,350
    assert f"Team 2: {scores[1]:+,d}" in out


def test_saved_record_replays_to_the_same_scores(seed5: tuple[Ran, Path]) -> None:
    result, path = seed5
    assert result.returncode == 0
    saved = json.loads(path.read_text(encoding="utf-8"))
    record, state = play_hand(STANDARD, [make_bot("greedy")] * 4, 0, 5)
    assert saved == record.to_json()
    replayed = run("replay", str(path), "--json")
    assert replayed.returncode == 0
    data = json.loads(replayed.stdout)
    assert data["finished"] is True
    assert [t["score"] for t in data["teams"]] == [s.score for s in state.team_scores_for_hand()]
    assert data["seat_scores"] == list(state.hand_score().seat_scores)


def test_watch_with_bots_per_seat_and_a_dealer(tmp_path: Path) -> None:
    path = tmp_path / "mixed.json"
    levels = "random,greedy,random,greedy"
    result = run("watch", "--seed", "8", "--delay", "0", "--bots", levels, "--dealer", "2", "--save", str(path))
    assert result.returncode == 0, result.stderr
    assert "Beginner 1" in result.stdout and "Easy 2" in result.stdout  # the levels' names, seats from 1
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["dealer"] == 2 and saved["seed"] == 8
    bots = [make_bot(level) for level in ("random", "greedy", "random", "greedy")]
    record, _ = play_hand(STANDARD, bots, 2, 8)
    assert saved == record.to_json()


def test_watch_a_match(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    rules = '{"preset": "standard", "target": 1000}'
    result = run("watch", "--seed", "3", "--delay", "0", "--match", "--rules", rules, "--save", str(path))
    assert result.returncode == 0, result.stderr
    record, match = play_match(Rules.from_json(json.loads(rules)), [make_bot("greedy")] * 4, 3)
    totals = " · ".join(
        f"Easy {side[0] + 1} & Easy {side[1] + 1} {total:,}"
        for side, total in zip(match.sides, match.side_totals, strict=True)
    )
    assert f"final totals: {totals};" in result.stdout
    # Each hand's scores are printed as it ends.
    assert all(f"hand {number}:" in result.stdout for number in range(1, len(match.results) + 1))
    assert json.loads(path.read_text(encoding="utf-8")) == record.to_json()
    replayed = run("replay", str(path), "--json")
    assert replayed.returncode == 0
    data = json.loads(replayed.stdout)
    assert data["finished"] is True and data["totals"] == match.totals and data["winner"] == match.winner


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--bots", "nosuch"], "unknown bot 'nosuch'"),
        (["--bots", "greedy,random"], "--bots needs 1 or 4"),
        (["--dealer", "4"], "--dealer"),
        (["--rules", "nosuch"], "unknown preset"),
    ],
)
def test_watch_usage_errors_exit_2(args: list[str], needle: str) -> None:
    result = run("watch", "--seed", "5", "--delay", "0", *args)
    assert result.returncode == 2
    assert needle in result.stderr
