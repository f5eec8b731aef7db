"""``biriba replay`` through the command line on records made by the engine (docs/rules.md, Records)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from tests.cli.runner import run

from biriba.bots import make_bot
from biriba.bots.play import play_hand, play_match, play_out
from biriba.core.actions import Discard, action_to_json
from biriba.core.cards import card_code, card_codes, shuffled_pack
from biriba.core.records import Deal, HandRecord
from biriba.core.rules import Rules
from biriba.core.scoring import HandScore

STANDARD = Rules.from_preset("standard")
BOTS = [make_bot("greedy"), make_bot("random"), make_bot("greedy"), make_bot("random")]


def replay_json(path: Path, data: object) -> tuple[int, dict[str, Any]]:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    result = run("replay", str(path), "--json")
    return result.returncode, json.loads(result.stdout)


@pytest.fixture(scope="module")
def finished() -> tuple[dict[str, Any], list[dict[str, Any]], int]:
    """A hand record from the engine, its team scores (JSON) and the seat that went out (-1 if none)."""
    record, state = play_hand(STANDARD, BOTS, dealer=1, seed=2024)
    assert state.is_over
    return record.to_json(), team_lines(state.hand_score()), state.went_out


def team_lines(score: HandScore) -> list[dict[str, Any]]:
    """The ``teams`` of ``biriba replay --json`` for a hand score: each team's lines, seats and player score."""
    return [
        {**team.to_json(), "seats": list(seats), "player_score": score.seat_scores[seats[0]]}
        for seats, team in zip(score.teams, score.team_scores, strict=True)
    ]


def test_finished_hand(tmp_path: Path, finished: tuple[dict[str, Any], list[dict[str, Any]], int]) -> None:
    data, scores, went_out = finished
    assert "seed" in data
    code, out = replay_json(tmp_path / "hand.json", data)
    assert code == 0
    assert out["finished"] is True
    assert out["teams"] == scores
    assert out["actions"] == len(data["actions"])
    assert out["went_out"] == (went_out if went_out >= 0 else None)


def test_deck_form_gives_the_same_result(
    tmp_path: Path, finished: tuple[dict[str, Any], list[dict[str, Any]], int]
) -> None:
    data, scores, _ = finished
    as_deck = {key: value for key, value in data.items() if key != "seed"}
    as_deck["deck"] = card_codes(shuffled_pack(2, 4, data["seed"]))
    code, out = replay_json(tmp_path / "deck.json", as_deck)
    assert code == 0
    assert out["finished"] is True and out["teams"] == scores


def test_deck_form_with_a_deck_of_our_own(tmp_path: Path) -> None:
    deck = shuffled_pack(2, 4, 99)[::-1]
    record = HandRecord(STANDARD, 3, Deal(deck=tuple(deck)))
    state = record.start()
    record.actions = play_out(state, BOTS, random.Random(8))
    data = record.to_json()
    assert data["deck"] == card_codes(deck) and "seed" not in data
    code, out = replay_json(tmp_path / "own.json", data)
    assert code == 0
    assert out["teams"] == team_lines(state.hand_score())


def test_standard_input_and_text_output(finished: tuple[dict[str, Any], list[dict[str, Any]], int]) -> None:
    data, scores, _ = finished
    result = run("replay", "-", stdin=json.dumps(data))
    assert result.returncode == 0
    assert f"hand over after {len(data['actions'])} actions" in result.stdout
    assert f"Team 1: {scores[0]['score']:+d}" in result.stdout  # people count teams from 1


def test_show_prints_the_actions(tmp_path: Path, finished: tuple[dict[str, Any], list[dict[str, Any]], int]) -> None:
    data, _, _ = finished
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("replay", str(path), "--show")
    assert result.returncode == 0
    assert result.stdout.count(": discard ") >= sum(a["type"] == "discard" for a in data["actions"])


def test_show_says_who_took_a_biribaki(tmp_path: Path) -> None:
    record, state = play_hand(STANDARD, BOTS, dealer=1, seed=2024)
    takers = [seat for seat in state.biribaki_holder if seat >= 0]
    assert takers, "nobody took a biribaki in the hand"
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")
    shown = run("replay", str(path), "--show").stdout
    said = [line.strip() for line in shown.splitlines() if "biribaki taken" in line and ":" in line.split()[1]]
    assert sorted(line.split(":")[0] for line in said) == sorted(f"Player {seat + 1}" for seat in takers), said


def test_unfinished_hand(tmp_path: Path, finished: tuple[dict[str, Any], list[dict[str, Any]], int]) -> None:
    data, _, _ = finished
    partial = dict(data, actions=data["actions"][:30])
    expected = HandRecord.from_json(partial).replay()
    code, out = replay_json(tmp_path / "partial.json", partial)
    assert code == 0
    assert out["finished"] is False
    assert "teams" not in out
    assert out["actions"] == 30
    assert out["current"] == expected.current


def test_no_actions_at_all(tmp_path: Path) -> None:
    code, out = replay_json(tmp_path / "empty.json", {"rules": "standard", "players": 4, "dealer": 2, "seed": 5})
    assert code == 0
    assert out["finished"] is False and out["current"] == 3 and out["phase"] == "draw"


def test_illegal_action_by_the_wrong_seat(
    tmp_path: Path, finished: tuple[dict[str, Any], list[dict[str, Any]], int]
) -> None:
    data, _, _ = finished
    index = 17
    state = HandRecord.from_json(dict(data, actions=data["actions"][:index])).replay()
    wrong = {"seat": (state.current + 2) % 4, "type": "draw"}
    bad = dict(data, actions=[*data["actions"][:index], wrong, *data["actions"][index:]])
    code, out = replay_json(tmp_path / "bad.json", bad)
    assert code == 1
    error = out["error"]
    assert error["index"] == index
    assert error["action"] == wrong
    assert isinstance(error["reason"], str) and error["reason"]
    assert error["rule"] == "not-your-turn" and error["facts"] == {"seat": state.current, "acting": wrong["seat"]}
    assert f"Player {state.current + 1}" in error["reason"]  # people count seats from 1


def test_illegal_discard_of_a_card_not_held(
    tmp_path: Path, finished: tuple[dict[str, Any], list[dict[str, Any]], int]
) -> None:
    data, _, _ = finished
    record = HandRecord.from_json(data)
    index = next(i for i, a in enumerate(record.actions) if isinstance(a, Discard) and i > 20)
    state = HandRecord.from_json(dict(data, actions=data["actions"][:index])).replay()
    missing = next(c for c in range(53) if state.hands[state.current][c] == 0)
    wrong = action_to_json(Discard(state.current, missing))
    bad = dict(data, actions=[*data["actions"][:index], wrong, *data["actions"][index + 1 :]])
    code, out = replay_json(tmp_path / "bad.json", bad)
    assert code == 1
    assert out["error"]["index"] == index
    assert out["error"]["action"] == {"seat": state.current, "type": "discard", "card": card_code(missing)}
    assert card_code(missing) in out["error"]["reason"]


def test_action_after_the_end(tmp_path: Path, finished: tuple[dict[str, Any], list[dict[str, Any]], int]) -> None:
    data, _, _ = finished
    extra = {"seat": 0, "type": "draw"}
    code, out = replay_json(tmp_path / "extra.json", dict(data, actions=[*data["actions"], extra]))
    assert code == 1
    assert out["error"]["index"] == len(data["actions"])
    assert out["error"]["action"] == extra
    assert "over" in out["error"]["reason"]


def test_illegal_action_in_text_mode(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"seed": 1, "actions": [{"seat": 0, "type": "draw"}]}), encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode == 1
    assert "illegal action 0" in result.stderr


# --- usage errors ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ('{"seed": 1, "actions": [', "malformed JSON"),
        ({"seed": 1, "actions": [{"seat": 1, "type": "discard", "card": "ZZ"}]}, "unknown card code 'ZZ'"),
        ({"seed": 1, "actions": [{"seat": 1, "type": "fly"}]}, "unknown action type 'fly'"),
        ({"seed": 1, "deck": ["AS"], "actions": []}, "exactly one of 'deck'"),
        ({"dealer": 0, "actions": []}, "exactly one of 'deck'"),
        ({"seed": 1, "dealer": 7}, "'dealer'"),
        ({"seed": 1, "players": 7}, "'players'"),
        ({"seed": 1, "rules": "nosuch"}, "unknown preset"),
        ({"deck": ["AS"] * 108}, "108-card pack"),
    ],
)
def test_usage_errors_exit_2(tmp_path: Path, data: object, needle: str) -> None:
    code, out = replay_json(tmp_path / "record.json", data)
    assert code == 2
    assert needle in out["error"]["reason"]


# --- matches -----------------------------------------------------------------------------------


def test_match_record_replays_to_the_same_totals(tmp_path: Path) -> None:
    rules = Rules.from_preset("standard", target=1000)
    record, match = play_match(rules, BOTS, seed=12, first_dealer=1)
    assert match.is_over
    data = record.to_json()
    code, out = replay_json(tmp_path / "match.json", data)
    assert code == 0
    assert out["finished"] is True
    assert out["totals"] == match.totals
    assert out["teams"] == [{"seats": [0, 2], "score": match.totals[0]}, {"seats": [1, 3], "score": match.totals[1]}]
    assert out["winner"] == match.winner
    assert len(out["hands"]) == len(match.results)
    assert [[t["score"] for t in h["teams"]] for h in out["hands"]] == [
        [s.score for s in r.score.team_scores] for r in match.results
    ]
    assert [h["seat_scores"] for h in out["hands"]] == [list(r.score.seat_scores) for r in match.results]
    assert [h["dealer"] for h in out["hands"]] == [(1 + i) % 4 for i in range(len(match.results))]
    # a match cut short in its last hand is not finished
    last_seed_actions = data["hands"][-1]["actions"]
    cut = dict(data, hands=[*data["hands"][:-1], dict(data["hands"][-1], actions=last_seed_actions[:5])])
    code, out = replay_json(tmp_path / "cut.json", cut)
    assert code == 0
    assert out["finished"] is False
