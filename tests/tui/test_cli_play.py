"""``biriba play``: its options reach the table, and bad options get a clear error (exit 2) before any
screen opens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from biriba.cli import app
from biriba.tui import BiribaApp
from biriba.tui.biriba.board import BiribaPlayScreen, BiribaReplayScreen
from tests.tui.driver import new_game

runner = CliRunner()


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[BiribaApp]:
    """The applications ``biriba play`` would run, captured instead of run."""
    apps: list[BiribaApp] = []
    monkeypatch.setattr(BiribaApp, "run", lambda self, *args, **kwargs: apps.append(self))
    return apps


def test_options_reach_the_table(started: list[BiribaApp], tmp_path: Path) -> None:
    save = tmp_path / "mine.json"
    table_options = ["--players", "6", "--seat", "2", "--bots", "random", "--target", "3000", "--seed", "5"]
    result = runner.invoke(app, ["play", *table_options, "--lang", "el", "--delay", "0", "--save", str(save)])
    assert result.exit_code == 0, result.output
    (tui,) = started
    table = tui.table
    assert isinstance(table, BiribaPlayScreen)
    game = table.game
    assert game.rules.players == 6 and game.rules.target == 3000 and game.seat == 2
    assert [bot.name if bot else None for bot in game.bots] == ["random", "random", None, "random", "random", "random"]
    assert table.messages.language == "el" and table.bot_delay == 0 and table.save_path == save


NO_LOCALE = dict.fromkeys(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "BIRIBA_LANG"))
"""The environment's language variables, unset (None unsets a variable for the command)."""


@pytest.mark.parametrize(
    ("options", "environ", "language"),
    [
        ([], {"LANG": "el_GR.UTF-8"}, "el"),  # a Greek terminal gets the Greek table unasked
        ([], {"LANG": "fr_FR.UTF-8"}, "en"),  # a language the game does not speak: English
        ([], {}, "en"),
        (["--lang", "en"], {"LANG": "el_GR.UTF-8"}, "en"),  # the option decides
        ([], {"LANG": "el_GR.UTF-8", "BIRIBA_LANG": "en"}, "en"),  # and so does the project's variable
    ],
)
def test_the_table_speaks_the_terminals_language_unless_told(
    started: list[BiribaApp], options: list[str], environ: dict[str, str], language: str
) -> None:
    result = runner.invoke(app, ["play", "--delay", "0", *options], env={**NO_LOCALE, **environ})
    assert result.exit_code == 0, result.output
    (tui,) = started
    assert isinstance(tui.table, BiribaPlayScreen)
    assert tui.table.messages.language == language


def test_load_resumes_and_saves_back_to_the_same_file(started: list[BiribaApp], tmp_path: Path) -> None:
    game = new_game()
    game.bot_step()
    saved = tmp_path / "match.json"
    game.save(saved)
    result = runner.invoke(app, ["play", "--load", str(saved), "--bots", "greedy,random,heuristic"])
    assert result.exit_code == 0, result.output
    (tui,) = started
    table = tui.table
    assert isinstance(table, BiribaPlayScreen)
    assert table.game.record.to_json() == game.record.to_json()
    assert table.save_path == saved
    assert [bot.name if bot else None for bot in table.game.bots] == [None, "greedy", "random", "heuristic"]


def test_replay_opens_a_record(started: list[BiribaApp], tmp_path: Path) -> None:
    game = new_game()
    game.bot_step()
    game.save(tmp_path / "match.json")
    result = runner.invoke(app, ["play", "--replay", str(tmp_path / "match.json"), "--seat", "1"])
    assert result.exit_code == 0, result.output
    (tui,) = started
    assert isinstance(tui.table, BiribaReplayScreen) and tui.table.shown_seat == 1


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        (["--lang", "fr"], "--lang must be one of en, el"),
        (["--seat", "7"], "--seat must be a seat 0..3"),
        (["--bots", "greedy,random"], "--bots needs 1 or 3 levels"),
        (["--bots", "nosuch"], "unknown bot 'nosuch'"),
        (["--rules", "nosuch"], "unknown preset"),
        (["--delay", "-1"], "--delay must be 0 or more"),
        (["--load", "missing.json"], "cannot read missing.json"),
        (["--load", "a.json", "--replay", "b.json"], "cannot be used together"),
        (["--load", "a.json", "--target", "100"], "--target cannot change"),
        (["--replay", "missing.json"], "cannot read missing.json"),
    ],
)
def test_bad_options_are_refused_before_the_table_opens(
    started: list[BiribaApp], arguments: list[str], problem: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", *arguments])
    assert result.exit_code == 2
    assert problem in result.output
    assert started == []


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ({"x": 1}, "is not a match record"),
        ({"rules": {"preset": "standard"}, "dealer": 0, "seed": 1, "actions": []}, "holds a single hand"),
    ],
)
def test_load_names_what_the_file_is_instead_of_a_match(
    started: list[BiribaApp], content: dict[str, object], problem: str, tmp_path: Path
) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    result = runner.invoke(app, ["play", "--load", str(path)])
    assert result.exit_code == 2 and problem in result.output and started == []


def test_a_finished_match_cannot_be_resumed(started: list[BiribaApp], tmp_path: Path) -> None:
    game = new_game(target=100)
    while game.last_result is None:
        game.bot_step() if game.bot_to_play else game.play(game.legal_actions()[-1])
    saved = tmp_path / "done.json"
    game.save(saved)
    assert json.loads(saved.read_text(encoding="utf-8"))["hands"]
    result = runner.invoke(app, ["play", "--load", str(saved)])
    assert result.exit_code == 2 and "match is over" in result.output and started == []
