"""Tyzicha on the command line: ``biriba watch --game tyzicha`` plays and saves a match record that ``biriba
replay`` reads back by the record's own ``"game"``; ``biriba play --game tyzicha`` opens the table, and
``--load``/``--replay`` of a Tyzicha record open it without ``--game``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.cli.runner import Ran, run

from biriba.games.records import GameRecord
from biriba.games.tyzicha import Play, TyzichaMatch, TyzichaRules
from biriba.games.tyzicha.bots import HeuristicTyzichaBot
from biriba.i18n import Words
from biriba.i18n.tyzicha import result_text, standing_text
from biriba.tui.tyzicha.board import TyzichaApp, TyzichaPlayScreen, TyzichaReplayScreen
from biriba.tui.tyzicha.game import TyzichaTableGame

NAMES = ["Medium 1", "Beginner 2", "Beginner 3"]


@pytest.fixture(scope="module")
def watched(tmp_path_factory: pytest.TempPathFactory) -> tuple[Ran, Path]:
    path = tmp_path_factory.mktemp("tyzicha") / "match.json"
    ran = run(
        "watch",
        "--game",
        "tyzicha",
        "--bots",
        "heuristic,random,random",
        "--seed",
        "8",
        "--delay",
        "0",
        "--match",
        "--save",
        str(path),
    )
    return ran, path


def test_watch_plays_a_match_and_its_record_replays_to_the_same_scores(watched: tuple[Ran, Path]) -> None:
    ran, path = watched
    assert ran.returncode == 0, ran.stderr
    record = GameRecord.from_json(json.loads(path.read_text()))
    match = record.replay()
    assert isinstance(match, TyzichaMatch) and match.is_over and match.winner is not None
    out = ran.stdout
    assert out.startswith("Tyzicha · Тысяча · seed 8")
    assert out.count("hand dealt by") == len(record.hands)
    assert out.count("Widow (прикуп): ") == len(record.hands)
    plays = sum(1 for _, actions in record.hands for action in actions if isinstance(action, Play))
    assert out.count("takes the trick") == plays // 3
    named = Words("en").with_names(NAMES)
    lines = out.splitlines()
    assert [line for line in lines if line in {result_text(named, r) for r in match.results}]
    assert standing_text(named, match.scores) in lines
    assert f"Match over: {NAMES[match.winner]} wins with {named.number(match.scores[match.winner])}" in out


def test_watch_one_hand_with_the_search_players() -> None:
    ran = run("watch", "--game", "tyzicha", "--bots", "heuristic,search,search", "--seed", "5", "--delay", "0")
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.count("hand dealt by") == 1
    assert "Hard 2" in ran.stdout and "Medium 1" in ran.stdout
    assert any(word in ran.stdout for word in ("makes the contract", "breaks the contract", "concedes the contract"))


def test_replay_reads_the_game_from_the_record(watched: tuple[Ran, Path]) -> None:
    _, path = watched
    match = GameRecord.from_json(json.loads(path.read_text())).replay()
    assert isinstance(match, TyzichaMatch)
    ran = run("replay", str(path), "--json")
    assert ran.returncode == 0, ran.stderr
    summary = json.loads(ran.stdout)
    assert summary["game"] == "tyzicha" and summary["over"] is True
    assert summary["scores"] == list(match.scores) and summary["target"] == 1001
    assert summary["winner"] == match.winner
    assert summary["results"] == [r.to_json() for r in match.results]
    text = run("replay", str(path))
    assert text.returncode == 0
    lines = text.stdout.splitlines()
    assert len([line for line in lines if line.startswith("Hand ")]) == len(match.results)
    assert lines[-2] == f"{len(match.results)} hands played · {standing_text(Words('en'), match.scores)}"
    assert lines[-1].startswith(f"Match over: Player {match.winner + 1} wins with")
    shown = run("replay", str(path), "--show")
    assert "Player 1: bid 110" in shown.stdout or "Player 2: bid 110" in shown.stdout
    greek = run("replay", str(path), "--lang", "el")
    assert "Τέλος παρτίδας" in greek.stdout and "γύροι" in greek.stdout


def test_replay_of_an_unfinished_match_says_who_plays(watched: tuple[Ran, Path], tmp_path: Path) -> None:
    _, path = watched
    data = json.loads(path.read_text())
    data["hands"] = data["hands"][:2]
    del data["hands"][1]["actions"][3:]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data))
    ran = run("replay", str(cut))
    assert ran.returncode == 0, ran.stderr
    assert "hand 2 unfinished after 3 moves; Player" in ran.stdout
    summary = json.loads(run("replay", str(cut), "--json").stdout)
    assert summary["over"] is False and summary["hands"] == 2 and "current" in summary


def test_an_illegal_action_in_a_record_is_named_with_exit_1(watched: tuple[Ran, Path], tmp_path: Path) -> None:
    _, path = watched
    data = json.loads(path.read_text())
    plays = [index for index, action in enumerate(data["hands"][1]["actions"]) if action["type"] == "play"]
    data["hands"][1]["actions"].insert(plays[0] + 1, data["hands"][1]["actions"][plays[0]])  # the same card again
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    ran = run("replay", str(bad), "--json")
    assert ran.returncode == 1
    error = json.loads(ran.stdout)["error"]
    assert (error["hand"], error["index"], error["rule"]) == (1, plays[0] + 1, "not-your-turn")
    text = run("replay", str(bad))
    assert text.returncode == 1
    assert text.stderr.startswith(f"Hand 2: illegal action {plays[0] + 1} (")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("watch", "--game", "tyzicha", "--bots", "heuristic,random"), "--bots needs 1 or 3 levels"),
        (("watch", "--game", "tyzicha", "--bots", "greedy"), "unknown Tyzicha bot 'greedy'"),
        (("watch", "--game", "tyzicha", "--rules", "kouridakis"), "unknown Tyzicha preset 'kouridakis'"),
        (("watch", "--game", "tyzicha", "--dealer", "3"), "--dealer must be a seat 0..2"),
        (("play", "--game", "tyzicha", "--seat", "3"), "--seat must be 0, 1 or 2"),
        (("play", "--game", "tyzicha", "--bots", "heuristic,random,random"), "--bots needs 1 or 2 levels"),
        (("play", "--game", "tyzicha", "--bots", "greedy"), "unknown Tyzicha bot 'greedy'"),
        (("play", "--game", "tyzicha", "--players", "2"), "tyzicha is played by 3 players, not 2"),
        (("play", "--game", "tyzicha", "--target", "0"), "'target' is a whole number from 1 to 100000"),
        (("watch", "--game", "tyzicha", "--rules", '{"preset": "chess"}'), "unknown Tyzicha preset 'chess'"),
    ],
)
def test_bad_options_say_what_is_wrong(args: tuple[str, ...], message: str) -> None:
    ran = run(*args, "--delay", "0")
    assert ran.returncode == 2
    assert message in ran.stderr


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[TyzichaApp]:
    """The applications ``biriba play`` would run, captured instead of run."""
    apps: list[TyzichaApp] = []
    monkeypatch.setattr(TyzichaApp, "run", lambda self, *args, **kwargs: apps.append(self))
    return apps


def test_play_options_reach_the_table(started: list[TyzichaApp], tmp_path: Path) -> None:
    save = tmp_path / "mine.json"
    options = ["--seat", "1", "--bots", "random,search", "--seed", "5", "--rules", "russian", "--lang", "el"]
    ran = run("play", "--game", "tyzicha", *options, "--delay", "0", "--save", str(save))
    assert ran.returncode == 0, ran.stderr
    (tui,) = started
    table = tui.table
    assert isinstance(table, TyzichaPlayScreen)
    game = table.game
    assert game.seat == 1 and game.rules == TyzichaRules(**{**TyzichaRules().to_json(), **RUSSIAN})
    assert [bot.name if bot else None for bot in game.bots] == ["random", None, "search"]
    assert table.messages.language == "el" and table.bot_delay == 0 and table.save_path == save
    assert game.table == {"seat": 1, "bots": ["random", "search"]}


RUSSIAN = {"made_when_equal": True, "opponents_score": "always", "round_to": 5, "marriage_on_first_trick": False}


def test_load_and_replay_of_a_tyzicha_record_open_its_table(started: list[TyzichaApp], tmp_path: Path) -> None:
    game = TyzichaTableGame.new(TyzichaRules(), 2, [HeuristicTyzichaBot(), HeuristicTyzichaBot(), None], 3)
    while not game.person_to_play:
        game.bot_step()
    game.table = {"seat": 2, "bots": ["heuristic", "random"]}
    saved = tmp_path / "match.json"
    game.save(saved)
    ran = run("play", "--load", str(saved))  # no --game: the record names its game
    assert ran.returncode == 0, ran.stderr
    ran = run("play", "--replay", str(saved), "--seat", "1")
    assert ran.returncode == 0, ran.stderr
    resumed, replayed = started
    assert isinstance(resumed.table, TyzichaPlayScreen) and isinstance(replayed.table, TyzichaReplayScreen)
    assert resumed.table.game.record.to_json() == game.record.to_json()
    assert resumed.table.game.seat == 2 and resumed.table.save_path == saved
    assert [bot.name if bot else None for bot in resumed.table.game.bots] == ["heuristic", "random", None]
    assert replayed.table.shown_seat == 1


def test_play_takes_the_target_and_rules_of_a_new_table() -> None:
    # `biriba play --game tyzicha --target 300 --rules '{"round_to": 10}'`: the table's rules as asked (the
    # terminal table itself is tried in tests/tui).
    from biriba.cli import _table_rules, _TableOptions
    from biriba.games.registry import game_named

    options = _TableOptions("tyzicha", '{"round_to": 10}', None, 300, None, None, None, "en", None, None, None, 0.0)
    rules = _table_rules(game_named("tyzicha"), options)
    assert (rules.target, rules.round_to) == (300, 10)
