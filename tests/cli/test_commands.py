"""The command line as a user meets it: help that shows flags as flags, shell completion, a match's
replay hand by hand, and ``watch --match`` scoring each hand as it ends."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from tests.cli.runner import BIRIBA, run_process
from typer.testing import CliRunner

from biriba.bots import make_bot
from biriba.bots.play import play_match
from biriba.cli import app
from biriba.core.rules import Rules

runner = CliRunner()
PLAIN = {"COLUMNS": "200", "NO_COLOR": "1"}


@pytest.fixture(scope="module")
def match_record() -> dict[str, Any]:
    rules = Rules.from_preset("standard")
    record, match = play_match(rules, [make_bot("greedy") for _ in range(4)], seed=3, first_dealer=0)
    assert match.is_over and len(match.results) >= 3
    return record.to_json()


def replay(tmp_path: Path, data: dict[str, Any], *options: str) -> str:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["replay", *options, str(path)], env=PLAIN)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("command", [["replay"], ["rules"], ["watch"], ["check"], []])
def test_help_shows_a_flag_without_a_type(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], env=PLAIN)
    assert result.exit_code == 0
    assert "--help" in result.stdout
    assert "<bool>" not in result.stdout
    if command in (["replay"], ["rules"]):
        assert "--json" in result.stdout
    if command == ["watch"]:
        assert "--delay" in result.stdout and "<float>" in result.stdout  # options with values keep their type


def complete(words: str) -> list[str]:
    """What bash completion offers for the last of ``words``, through the program's completion protocol."""
    word_index = len(words.split()) - (0 if words.endswith(" ") else 1)
    env = {**os.environ, "_BIRIBA_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(word_index)}
    done = subprocess.run(BIRIBA, check=False, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_shell_completion_offers_commands_presets_and_languages() -> None:
    # The script bash sources, asked for by the completion protocol: `--show-completion` takes the shell
    # from the processes above it, which a test run need not have (it then said "Shell  not supported").
    env = {**os.environ, "_BIRIBA_COMPLETE": "source_bash"}
    script = subprocess.run(BIRIBA, check=False, env=env, capture_output=True, text=True, timeout=60)
    assert script.returncode == 0, script.stderr
    assert "_BIRIBA_COMPLETE=complete_bash" in script.stdout
    assert complete("biriba re") == ["replay"]
    assert complete("biriba watch --rules ko") == ["kouridakis"]
    assert complete("biriba play --lang ") == ["en", "el"]


def test_a_match_replays_hand_by_hand(tmp_path: Path, match_record: dict[str, Any]) -> None:
    out = replay(tmp_path, match_record)
    hands = len(match_record["hands"])
    assert [line.split(":")[0] for line in out.splitlines()[:-1]] == [f"hand {n}" for n in range(1, hands + 1)]
    assert out.splitlines()[-1].startswith(f"match over after {hands} hands: Player 1 & Player 3 ")
    assert out.rstrip().endswith(" win")
    shown = replay(tmp_path, match_record, "--show")
    assert shown.count("hand dealt by") == hands
    assert shown.count("end of the hand") == 0 and shown.count("Team 1:") == hands  # each hand's breakdown
    first_move = match_record["hands"][1]["actions"][0]
    assert first_move["type"] in ("draw", "take_pile")


def test_an_unfinished_match_says_who_is_to_play_and_the_totals(tmp_path: Path, match_record: dict[str, Any]) -> None:
    hands = match_record["hands"]
    in_hand = dict(match_record, hands=[*hands[:2], dict(hands[2], actions=hands[2]["actions"][:9])])
    out = replay(tmp_path, in_hand)
    last = out.splitlines()[-1]
    assert last.startswith("not finished: Player ") and " to play in hand 3; Player 1 & Player 3 " in last
    assert "None" not in out
    data = json.loads(replay(tmp_path, in_hand, "--json"))
    assert data["finished"] is False and len(data["hands"]) == 2 and data["phase"] in ("draw", "play")
    assert 0 <= data["current"] < 4
    assert f"Player {data['current'] + 1} to play in hand 3" in last
    between = dict(match_record, hands=hands[:2])
    out = replay(tmp_path, between)
    assert out.splitlines()[-1].startswith("not finished after 2 hands: Player 1 & Player 3 ")
    assert "current" not in json.loads(replay(tmp_path, between, "--json"))
    greek = replay(tmp_path, in_hand, "--lang", "el")
    assert greek.splitlines()[-1].startswith("δεν τελείωσε: στον γύρο 3 παίζει: Παίκτης ")


def test_watch_match_scores_each_hand_before_the_next_is_dealt() -> None:
    result = runner.invoke(app, ["watch", "--match", "--seed", "3", "--delay", "0", "--players", "2"], env=PLAIN)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    deals = [i for i, line in enumerate(lines) if "hand dealt by" in line]
    scores = [i for i, line in enumerate(lines) if line.startswith("hand ") and ":" in line and "dealt" not in line]
    assert len(deals) == len(scores) >= 2
    for number, (dealt, scored) in enumerate(zip(deals, scores, strict=True), 1):
        assert lines[scored].startswith(f"hand {number}: ")
        assert dealt < scored < (deals[number] if number < len(deals) else len(lines))
    assert lines[-1].startswith("final totals: ")


def test_the_installed_script_keeps_the_exit_codes_and_reads_standard_input() -> None:
    """The real process, as a user's shell starts it: the contract's exit codes 0, 1 and 2, the version,
    and a record piped in on standard input."""
    assert run_process("--version").stdout.startswith("biriba ")
    assert run_process("check", "AS", "2S", "3S").returncode == 0
    refused = run_process("check", "--json", "AS", "5H", "9C")
    assert refused.returncode == 1 and "reason" in json.loads(refused.stdout)
    unknown = run_process("check", "ZZ")
    assert unknown.returncode == 2 and unknown.stderr.startswith("error: ") and "Traceback" not in unknown.stderr
    record = {"rules": "standard", "players": 4, "dealer": 0, "seed": 1, "actions": []}
    replayed = run_process("replay", "--json", "-", stdin=json.dumps(record))
    assert replayed.returncode == 0 and json.loads(replayed.stdout)["finished"] is False
