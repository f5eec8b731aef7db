"""``biriba check`` through the command line (docs/rules.md, the command-line contract)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.cli.runner import run


def check_json(*args: str) -> tuple[int, dict[str, Any]]:
    result = run("check", "--json", *args)
    return result.returncode, json.loads(result.stdout)


# --- valid melds -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind", "clean", "length", "biriba", "full"),
    [
        ("3H 4H 5H", "run", True, 3, False, False),
        ("QD KD AD", "run", True, 3, False, False),
        ("QS QD QC", "set", True, 3, False, False),
        ("AC 2C 3C 2S 5C", "run", False, 5, False, False),
        ("5S 6S 7S JK 9S 10S JS", "run", False, 7, True, False),
        ("9S 9S 9H 9D 9C 9C JK", "set", False, 7, True, False),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "run", True, 13, True, True),
        ("AD 2D 3D 4D 5D 6D JK 8D 9D 10D JD QD KD", "run", False, 13, True, True),
    ],
)
def test_valid_meld(cards: str, kind: str, clean: bool, length: int, biriba: bool, full: bool) -> None:
    code, data = check_json(*cards.split())
    assert code == 0
    assert data["valid"] is True
    assert (data["kind"], data["clean"], data["length"], data["biriba"], data["full"]) == (
        kind,
        clean,
        length,
        biriba,
        full,
    )


def test_wild_card_is_reported_and_cards_come_in_table_order() -> None:
    code, data = check_json("5C", "2S", "AC", "3C", "2C")
    assert code == 0
    assert data["wild"] == "2S"
    assert data["cards"] == ["AC", "2C", "3C", "2S", "5C"]
    code, data = check_json("4H", "5H", "6H")
    assert data["wild"] is None


# --- invalid melds -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "why"),
    [
        ("3H 4H 6H", "sequence"),
        ("3H 4H", "at least 3 cards"),
        ("2S 2H JK", "Jokers and Twos alone"),
        ("3H 4H 5H 6H JK 2S", "at most one wild card"),
        ("QH KH AH 2H 3H", "turning the corner"),
        ("3H 4S 5H", "neither of one rank"),
    ],
)
def test_invalid_meld_exits_1_with_a_reason(cards: str, why: str) -> None:
    code, data = check_json(*cards.split())
    assert code == 1
    assert data["valid"] is False
    assert isinstance(data["reason"], str) and data["reason"]
    assert why in data["reason"]


def test_invalid_meld_in_text_mode() -> None:
    result = run("check", "3H", "4H", "6H")
    assert result.returncode == 1
    assert "not a meld" in result.stdout
    assert "sequence" in result.stdout


def test_valid_meld_in_text_mode() -> None:
    result = run("check", "TH", "jh", "Q♥")
    assert result.returncode == 0
    assert result.stdout == "valid: clean run of 3 ♥: 10♥ J♥ Q♥\n"  # people read suit symbols


# --- usage errors ------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["XX", "11H", "3Z", "H3"])
def test_unknown_card_code_is_a_usage_error(bad: str) -> None:
    code, data = check_json("3H", "4H", bad)
    assert code == 2
    assert repr(bad) in data["error"]["reason"]


def test_unknown_card_code_in_text_mode() -> None:
    result = run("check", "3H", "4H", "XX")
    assert result.returncode == 2
    assert "XX" in result.stderr


def test_no_cards_is_a_usage_error() -> None:
    assert run("check").returncode == 2


# --- input forms -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards",
    [
        "TH JH QH",
        "10h jh qh",
        "10♥ J♥ Q♥",
        "t♥ j♡ QH",
    ],
)
def test_input_forms_are_read_and_printed_canonically(cards: str) -> None:
    code, data = check_json(*cards.split())
    assert code == 0
    assert data["cards"] == ["10H", "JH", "QH"]


def test_joker_codes() -> None:
    code, data = check_json("jk", "7S", "8S")
    assert code == 0
    assert data["cards"] == ["7S", "8S", "JK"]
    assert data["clean"] is False and data["wild"] == "JK"


# --- rules -------------------------------------------------------------------------------------


def test_rules_preset_by_name() -> None:
    code, data = check_json("--rules", "standard", "QS", "QD", "QC")
    assert code == 0 and data["kind"] == "set"


def test_rules_object_without_sets_refuses_a_set() -> None:
    code, data = check_json("--rules", '{"preset": "standard", "sets": false}', "QS", "QD", "QC")
    assert code == 1
    assert data["valid"] is False
    assert "sets" in data["reason"]
    code, data = check_json("--rules", '{"preset": "standard", "sets": false}', "QS", "KS", "AS")
    assert code == 0 and data["kind"] == "run"


@pytest.mark.parametrize(
    ("rules", "cards"),
    [("standard", "7H 7H 7H"), ("buraco-fechado", "AS AS AS AS AS"), ("standard", "3S 4S JK JK JK JK JK")],
)
def test_cards_the_pack_cannot_hold_are_no_meld(rules: str, cards: str) -> None:
    """Two decks hold two 7♥ and four Jokers: no table ever holds such a meld (``score`` refuses it too)."""
    code, data = check_json("--rules", rules, *cards.split())
    assert code == 1 and data["valid"] is False and data["why"] == "impossible-cards", data
    assert "More copies than the pack holds (2 decks, 4 Jokers)" in data["reason"]


def test_three_decks_hold_three_of_a_card() -> None:
    code, data = check_json("--rules", '{"preset": "standard", "players": 3}', "7H", "7H", "7H")
    assert code == 0 and data["kind"] == "set"


@pytest.mark.parametrize("cards", [("AS", "AH", "AD"), ("7H", "7S", "7D")])
def test_buraco_aberto_makes_no_set_and_fechado_does(cards: tuple[str, ...]) -> None:
    """The Buraco rules: "In Buraco Aberto there are no sets of equal cards, only sequences" (sets of Aces are one
    of their variations, an option); Buraco fechado melds sets."""
    code, data = check_json("--rules", "buraco-aberto", *cards)
    assert code == 1 and data["valid"] is False and "sets" in data["reason"]
    code, data = check_json("--rules", "buraco-fechado", *cards)
    assert code == 0 and data["kind"] == "set"


@pytest.mark.parametrize(
    ("rules", "needle"),
    [
        ("nosuch", "unknown preset 'nosuch'"),
        ('{"preset": "standard", "colour": 1}', "'colour'"),
        ('{"sets": "no"}', "'sets'"),
        ("{bad json", "malformed JSON"),
    ],
)
def test_bad_rules_are_a_usage_error(rules: str, needle: str) -> None:
    code, data = check_json("--rules", rules, "3H", "4H", "5H")
    assert code == 2
    assert needle in data["error"]["reason"]
