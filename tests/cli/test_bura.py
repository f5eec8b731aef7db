"""Bura on the command line: ``biriba watch --game bura`` plays and saves a match record that ``biriba
replay`` reads back, by the record's own ``"game"``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.cli.runner import Ran, run

from biriba.games.bura import BuraMatch
from biriba.games.records import GameRecord
from biriba.i18n import Words
from biriba.i18n.bura import standing_text


@pytest.fixture(scope="module")
def watched(tmp_path_factory: pytest.TempPathFactory) -> tuple[Ran, Path]:
    path = tmp_path_factory.mktemp("bura") / "match.json"
    ran = run(
        "watch",
        "--game",
        "bura",
        "--bots",
        "heuristic,random",
        "--seed",
        "8",
        "--delay",
        "0",
        "--match",
        "--save",
        str(path),
    )
    return ran, path


def test_watch_plays_a_match_and_its_record_replays_to_the_same_tokens(watched: tuple[Ran, Path]) -> None:
    ran, path = watched
    assert ran.returncode == 0, ran.stderr
    record = GameRecord.from_json(json.loads(path.read_text()))
    match = record.replay()
    assert isinstance(match, BuraMatch) and match.is_over
    out = ran.stdout
    assert out.count("hand dealt by") == len(record.hands)
    leads = sum(1 for _, actions in record.hands for a in actions if type(a).__name__ == "Lead")
    assert out.count(": lead ") == leads
    winner = ["Medium 1", "Beginner 2"][match.winner or 0]
    assert f"Match over: {winner} wins" in out
    standing = standing_text(Words("en").with_names(["Medium 1", "Beginner 2"]), match.tokens)
    assert standing in out.splitlines()


def test_replay_reads_the_game_from_the_record(watched: tuple[Ran, Path]) -> None:
    _, path = watched
    match = GameRecord.from_json(json.loads(path.read_text())).replay()
    assert isinstance(match, BuraMatch)
    ran = run("replay", str(path), "--json")
    assert ran.returncode == 0, ran.stderr
    summary = json.loads(ran.stdout)
    assert summary["game"] == "bura"
    assert summary["tokens"] == match.tokens
    assert summary["winner"] == match.winner
    assert [r["how"] for r in summary["results"]] == [r.how for r in match.results]
    greek = run("replay", str(path), "--lang", "el")
    assert "Τέλος παρτίδας" in greek.stdout


def test_an_illegal_action_in_a_record_is_named_with_exit_1(watched: tuple[Ran, Path], tmp_path: Path) -> None:
    _, path = watched
    data = json.loads(path.read_text())
    first = data["hands"][0]["actions"][0]
    data["hands"][0]["actions"].insert(1, first)  # the same lead again, out of turn
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    ran = run("replay", str(bad), "--json")
    assert ran.returncode == 1
    error = json.loads(ran.stdout)["error"]
    assert (error["hand"], error["index"], error["rule"]) == (0, 1, "not-your-turn")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("watch", "--game", "chess"), "unknown game 'chess'"),
        (("watch", "--game", "bura", "--bots", "heuristic,random,random"), "--bots needs 1 or 2 levels"),
        (("watch", "--game", "bura", "--bots", "greedy"), "unknown Bura bot 'greedy'"),
        (("watch", "--game", "bura", "--rules", "kouridakis"), "unknown Bura preset 'kouridakis'"),
        (("watch", "--game", "bura", "--players", "4"), "bura is played by 2 players, not 4"),
        (("play", "--game", "chess"), "unknown game 'chess'"),
        (("play", "--game", "bura", "--seat", "2"), "--seat must be 0 or 1"),
        (("play", "--game", "bura", "--bots", "heuristic,random"), "names the one bot of a Bura table"),
        (("play", "--game", "bura", "--bots", "greedy"), "unknown Bura bot 'greedy'"),
        (("play", "--game", "bura", "--players", "3"), "bura is played by 2 players, not 3"),
        (("play", "--game", "bura", "--target", "5"), "a Bura match has no target score"),
        (("play", "--game", "bura", "--rules", '{"tokens": "x"}'), "the Bura option 'tokens' is a whole number"),
        (("watch", "--game", "bura", "--rules", '{"pot": 3}'), "unknown Bura option(s): pot"),
        (("watch", "--game", "bura", "--save", "/no/such/folder/match.json"), "no folder /no/such/folder"),
    ],
)
def test_bad_options_say_what_is_wrong(args: tuple[str, ...], message: str) -> None:
    ran = run(*args, "--delay", "0")
    assert ran.returncode == 2
    assert message in ran.stderr


def test_watch_takes_rules_as_a_json_object(tmp_path: Path) -> None:
    # The tokens each player starts with are agreed at the table: --rules takes them as a JSON object of
    # options over a preset, as Biriba's rules are given.
    path = tmp_path / "match.json"
    ran = run(
        "watch",
        "--game",
        "bura",
        "--rules",
        '{"tokens": 3}',
        "--seed",
        "5",
        "--delay",
        "0",
        "--match",
        "--save",
        str(path),
    )
    assert ran.returncode == 0, ran.stderr
    record = GameRecord.from_json(json.loads(path.read_text(encoding="utf-8")))
    assert record.rules.tokens == 3
    match = record.replay()
    assert isinstance(match, BuraMatch) and sum(match.tokens) + match.pot == 6
