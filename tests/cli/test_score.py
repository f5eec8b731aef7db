"""``biriba score`` (docs/rules.md, Scoring a physical hand). Expected numbers are worked by hand.

Card values: Joker 20, Ace 15, Two 10, K Q J 10 9 8 are 10, 7 6 5 4 3 are 5.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.cli.runner import run


def score_json(tmp_path: Path, data: object) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "hand.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    result = run("score", str(path), "--json")
    return result.returncode, json.loads(result.stdout)


def team(melds: list[str], hands: tuple[str, str], biribaki: str = "taken", went_out: bool = False) -> dict[str, Any]:
    return {
        "melds": [m.split() for m in melds],
        "hands": [h.split() for h in hands],
        "biribaki": biribaki,
        "went_out": went_out,
    }


# Team 1 in most cases: 4S 5S 6S melded (+15), KD and 3C in hand (-15): 0 points.
PLAIN = team(["4S 5S 6S"], ("KD", "3C"))


def hand(*teams: dict[str, Any], bonus_suit: str | None = "H", rules: object = "standard") -> dict[str, Any]:
    return {"rules": rules, "bonus_suit": bonus_suit, "teams": list(teams)}


WORKED = hand(
    # 3H..9H: 5 * 5 + 2 * 10 = 45; KS KD JK: 40 -> melded 85; KS in hand -10; clean bonus-suit run 400; out 100.
    team(["3H 4H 5H 6H 7H 8H 9H", "KS KD JK"], ("", "KS"), "taken", went_out=True),
    # QS QD QC: 30; 5C JK AS in hand: -40; no biribaki -100.
    team(["QS QD QC"], ("5C JK", "AS"), "not_taken"),
)
NO_OTHER_LINES = {"no_biriba": 0, "no_melds": 0, "cut": 0, "rounding": 0}
WORKED_SCORES = [
    {
        "score": 575,
        "melded": 85,
        "in_hand": -10,
        "biribas": 400,
        "going_out": 100,
        "biribaki": 0,
        "biribaki_status": "taken",
        **NO_OTHER_LINES,
        "biriba_list": [
            {
                "cards": ["3H", "4H", "5H", "6H", "7H", "8H", "9H"],
                "kind": "bonus-suit-run",
                "clean": True,
                "laid_whole": False,
                "bonus": 400,
            }
        ],
        "seats": [0, 2],
        "player_score": 575,
    },
    {
        "score": -110,
        "melded": 30,
        "in_hand": -40,
        "biribas": 0,
        "going_out": 0,
        "biribaki": -100,
        "biribaki_status": "not_taken",
        **NO_OTHER_LINES,
        "biriba_list": [],
        "seats": [1, 3],
        "player_score": -110,
    },
]
WORKED_OUTPUT = {"teams": WORKED_SCORES, "seat_scores": [575, -110, 575, -110]}


def test_worked_example_with_breakdown(tmp_path: Path) -> None:
    code, data = score_json(tmp_path, WORKED)
    assert code == 0
    assert data == WORKED_OUTPUT


def test_teams_come_in_input_order(tmp_path: Path) -> None:
    swapped = dict(WORKED, teams=WORKED["teams"][::-1])
    code, data = score_json(tmp_path, swapped)
    assert code == 0
    assert [t["score"] for t in data["teams"]] == [-110, 575]


def test_standard_input(tmp_path: Path) -> None:
    result = run("score", "-", "--json", stdin=json.dumps(WORKED))
    assert result.returncode == 0
    assert json.loads(result.stdout) == WORKED_OUTPUT


def test_text_output(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(WORKED), encoding="utf-8")
    result = run("score", str(path))
    assert result.returncode == 0
    # People count teams from 1; the cards show their suits.
    assert "Team 1: +575" in result.stdout and "Team 2: -110" in result.stdout
    assert "clean run in the bonus suit: 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ +400" in result.stdout
    assert "biribaki not taken: -100" in result.stdout


@pytest.mark.parametrize(("status", "points"), [("taken", 0), ("not_taken", -100), ("taken_unplayed", -100)])
def test_every_biribaki_status(tmp_path: Path, status: str, points: int) -> None:
    # 8C 9C 10C: +30; 3D and 4D in hand: -10
    code, data = score_json(tmp_path, hand(team(["8C 9C 10C"], ("3D", "4D"), status), PLAIN))
    assert code == 0
    first = data["teams"][0]
    assert first["biribaki"] == points
    assert first["score"] == 20 + points
    assert data["teams"][1]["score"] == 0


@pytest.mark.parametrize(("bonus_suit", "bonus"), [("H", 400), ("h", 400), ("♥", 400), ("S", 200), (None, 200)])
def test_bonus_suit(tmp_path: Path, bonus_suit: str | None, bonus: int) -> None:
    # 3H..9H: +45; 5D 6D in hand: -10
    code, data = score_json(tmp_path, hand(team(["3H 4H 5H 6H 7H 8H 9H"], ("5D", "6D")), PLAIN, bonus_suit=bonus_suit))
    assert code == 0
    first = data["teams"][0]
    assert first["biribas"] == bonus
    assert first["score"] == 45 - 10 + bonus
    assert first["biriba_list"][0]["kind"] == ("bonus-suit-run" if bonus == 400 else "run")
    assert first["biriba_list"][0]["clean"] is True


@pytest.mark.parametrize("rules", ["buraco-aberto", "buraco-fechado", '{"preset": "standard", "bonus_suit": false}'])
def test_a_bonus_suit_under_rules_without_one_is_refused_naming_the_field(tmp_path: Path, rules: str) -> None:
    """Scored, it would pay a Buraco canastra of hearts as a run in the bonus suit (400, not 200)."""
    rules_object = json.loads(rules) if rules.startswith("{") else rules
    canastra = team(["3H 4H 5H 6H 7H 8H 9H"], ("5D", "6D"))
    code, data = score_json(tmp_path, hand(canastra, PLAIN, bonus_suit="H", rules=rules_object))
    assert code == 2 and "'bonus_suit'" in data["error"]["reason"] and "no bonus suit" in data["error"]["reason"]
    code, data = score_json(tmp_path, hand(canastra, PLAIN, bonus_suit=None, rules=rules_object))
    assert code == 0 and data["teams"][0]["biribas"] == 200


@pytest.mark.parametrize("language", ["en", "el"])
def test_the_text_breakdown_fits_80_columns(tmp_path: Path, language: str) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(WORKED), encoding="utf-8")
    result = run("score", str(path), "--lang", language)
    assert result.returncode == 0 and len(result.stdout.splitlines()) >= 6
    assert max(len(line) for line in result.stdout.splitlines()) <= 80, result.stdout


@pytest.mark.parametrize(
    ("meld", "melded", "bonus", "kind", "clean"),
    [
        ("5S 6S 7S JK 9S 10S JS", 65, 100, "run", False),
        ("5S 6S 7S 8S 9S 10S JS", 55, 200, "run", True),
        ("8S 8S 8H 8H 8D 8D 8C", 70, 300, "set", True),
        ("8S 8S 8H 8H 8D 8D 2C", 70, 150, "set", False),
        ("3H 4H 5H 2C 7H 8H 9H", 50, 200, "bonus-suit-run", False),
        ("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", 110, 1000, "full-run", True),
        ("AD 2D 3D 4D 5D 6D JK 8D 9D 10D JD QD KD", 125, 500, "full-run", False),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 110, 2000, "bonus-suit-full-run", True),
        ("AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH", 125, 1000, "bonus-suit-full-run", False),
        ("4S 5S 6S 7S 8S 9S", 40, 0, None, None),
    ],
)
def test_biriba_bonuses(
    tmp_path: Path, meld: str, melded: int, bonus: int, kind: str | None, clean: bool | None
) -> None:
    # bonus suit hearts; 4C 5C in hand: -10
    code, data = score_json(tmp_path, hand(team([meld], ("4C", "5C")), PLAIN))
    assert code == 0
    first = data["teams"][0]
    assert (first["melded"], first["in_hand"], first["biribas"]) == (melded, -10, bonus)
    assert first["score"] == melded - 10 + bonus
    assert [(b["kind"], b["clean"]) for b in first["biriba_list"]] == ([(kind, clean)] if kind else [])


def test_going_out_bonus_goes_to_the_team_that_went_out(tmp_path: Path) -> None:
    # team 1 went out: 5S..JS clean run (55 + 200) + 100, nothing in hand; team 0: 8C 9C 10C (30), 3D 4D (-10)
    code, data = score_json(
        tmp_path, hand(team(["8C 9C 10C"], ("3D", "4D")), team(["5S 6S 7S 8S 9S 10S JS"], ("", ""), went_out=True))
    )
    assert code == 0
    assert [t["going_out"] for t in data["teams"]] == [0, 100]
    assert [t["score"] for t in data["teams"]] == [20, 355]


def test_rules_object_changes_the_bonuses(tmp_path: Path) -> None:
    rules = {"preset": "standard", "bonuses": {"run_clean": 250}, "going_out_bonus": 300}
    data_in = hand(team(["5S 6S 7S 8S 9S 10S JS"], ("", "4C"), went_out=True), PLAIN, rules=rules)
    code, data = score_json(tmp_path, data_in)
    assert code == 0
    assert data["teams"][0]["score"] == 55 - 5 + 250 + 300


# --- impossible hands: exit 1 ------------------------------------------------------------------


def test_invalid_meld_exits_1_naming_it(tmp_path: Path) -> None:
    code, data = score_json(tmp_path, hand(PLAIN, team(["3H 4H 6H"], ("", ""))))
    assert code == 1
    reason = data["error"]["reason"]
    assert "Team 2, meld 1" in reason and "3H 4H 6H" in reason  # counted from 1; JSON keeps card codes


def test_a_set_is_invalid_without_sets(tmp_path: Path) -> None:
    code, data = score_json(tmp_path, hand(team(["QS QD QC"], ("", "")), PLAIN, rules={"sets": False}))
    assert code == 1
    assert "QS QD QC" in data["error"]["reason"]


@pytest.mark.parametrize(
    ("teams", "needle"),
    [
        # three 7H: one melded, two in hands
        ((team(["7H 8H 9H"], ("7H", "7H")), PLAIN), "7H 7H 7H"),
        # five Jokers
        ((team(["3H 4H JK", "5S 6S JK"], ("JK", "JK")), team([], ("JK", ""))), "JK JK JK JK JK"),
    ],
)
def test_impossible_card_count_exits_1(tmp_path: Path, teams: tuple[dict[str, Any], ...], needle: str) -> None:
    code, data = score_json(tmp_path, hand(*teams))
    assert code == 1
    assert needle in data["error"]["reason"]


@pytest.mark.parametrize(
    ("teams", "needle"),
    [
        ((team(["5S 6S 7S 8S 9S 10S JS"], ("", ""), went_out=True),) * 2, "Only one team can go out"),
        ((team(["5S 6S 7S"], ("", "4C"), went_out=True), PLAIN), "without a biriba"),
        ((team(["5S 6S 7S 8S 9S 10S JS"], ("", ""), "not_taken", went_out=True), PLAIN), "biribaki"),
    ],
)
def test_impossible_ends_exit_1(tmp_path: Path, teams: tuple[dict[str, Any], ...], needle: str) -> None:
    code, data = score_json(tmp_path, hand(*teams))
    assert code == 1
    assert needle in data["error"]["reason"]


# --- usage errors: exit 2 ----------------------------------------------------------------------


def test_malformed_json_exits_2(tmp_path: Path) -> None:
    code, data = score_json(tmp_path, '{"rules": "standard", "teams": [')
    assert code == 2
    assert "malformed JSON" in data["error"]["reason"]


def test_missing_file_exits_2(tmp_path: Path) -> None:
    result = run("score", str(tmp_path / "nothing.json"), "--json")
    assert result.returncode == 2
    assert "cannot read" in json.loads(result.stdout)["error"]["reason"]


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ([1, 2], "JSON object"),
        ({"rules": "standard", "bonus_suit": "H"}, "'teams'"),
        (hand(PLAIN), "'teams' must be a list of 2"),
        (hand(PLAIN, dict(PLAIN, hands=[["KD"]])), "team 2: 'hands' must list 2 hands"),
        (hand(dict(PLAIN, hands=[["KD"]]), PLAIN), "team 1: 'hands' must list 2 hands"),  # counted from 1
        (hand(PLAIN, dict(PLAIN, biribaki="maybe")), "team 2: 'biribaki'"),
        (hand(PLAIN, dict(PLAIN, went_out="yes")), "'went_out'"),
        (hand(PLAIN, dict(PLAIN, score=100)), "team 2: unknown field"),
        (hand(PLAIN, PLAIN, bonus_suit="X"), "'bonus_suit'"),
        (hand(PLAIN, dict(PLAIN, melds=[["1H", "2H", "3H"]])), "unknown card code '1H'"),
        (hand(PLAIN, PLAIN, rules="nosuch"), "unknown preset"),
    ],
)
def test_wrong_structure_exits_2(tmp_path: Path, data: object, needle: str) -> None:
    code, out = score_json(tmp_path, data)
    assert code == 2
    assert needle in out["error"]["reason"]


def test_the_help_shows_the_input_format_whole() -> None:
    # Brackets are markup to the help's renderer: a card list's must be escaped to be shown at all.
    result = run("score", "--help")
    assert result.returncode == 0
    assert '"melds": [[codes]...]' in result.stdout and '"hands": [[codes] per player]' in result.stdout
    assert "[OPTIONS] FILE" in result.stdout or "[OPTIONS] {FILE}" in result.stdout


def test_partners_of_a_formed_partnership_are_each_given_their_share_even_where_it_equals_the_whole(
    tmp_path: Path,
) -> None:
    # Five players: a lone player and two pairs, each partner scoring half the pair's score to a multiple
    # of 5. Half of +5 rounds back to +5: the line still says what each partner scores.
    data = {
        "rules": "standard",
        "players": 5,
        "bonus_suit": "C",
        "teams": [
            team(["5D 6D 7D 8D 9D 10D JD", "3S 4S 5S"], ("",), went_out=True),
            team(["QS QD QC"], ("5C 9H", "4H"), "not_taken"),
            team(["8C 9C 10C"], ("4C KH KD", "")),
        ],
    }
    path = tmp_path / "five.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("score", str(path))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "each player (2, 3) scores -45" in result.stdout
    third = next(index for index, line in enumerate(lines) if line.startswith("Team 3: +5"))
    assert "each player (4, 5) scores +5" in lines[third + 2]  # under the total and its breakdown


# --- a match played with real cards ---------------------------------------------------------------

OUT_WITH_HEARTS = team(["3H 4H 5H 6H 7H 8H 9H", "KS KD JK"], ("", "KS"), "taken", went_out=True)  # +575
STUCK = team(["QS QD QC"], ("5C JK", "AS"), "not_taken")  # -110


def match(*hands: tuple[dict[str, Any], ...], rules: object = "standard") -> dict[str, Any]:
    return {"rules": rules, "hands": [{"bonus_suit": "H", "teams": list(teams)} for teams in hands]}


def test_a_match_sheet_scores_each_hand_into_the_totals(tmp_path: Path) -> None:
    code, data = score_json(tmp_path, match((OUT_WITH_HEARTS, STUCK), (STUCK, OUT_WITH_HEARTS)))
    assert code == 0, data
    assert [hand["seat_scores"] for hand in data["hands"]] == [[575, -110, 575, -110], [-110, 575, -110, 575]]
    assert data["teams"] == [{"seats": [0, 2], "score": 465}, {"seats": [1, 3], "score": 465}]
    assert (data["finished"], data["winner"], data["target"]) == (False, None, 5000)
    text = run("score", str(tmp_path / "hand.json")).stdout
    assert "hand 2: Player 1 -110, Player 2 +575" in text
    assert "not finished after 2 hands: Player 1 & Player 3 +465 · Player 2 & Player 4 +465" in text


def test_a_match_sheet_names_the_winner_and_refuses_a_hand_after_the_end(tmp_path: Path) -> None:
    rules = {"preset": "standard", "target": 1000}
    code, data = score_json(tmp_path, match((OUT_WITH_HEARTS, STUCK), (OUT_WITH_HEARTS, STUCK), rules=rules))
    assert code == 0, data
    assert (data["finished"], data["winner"], data["teams"][0]["score"]) == (True, 0, 1150)
    text = run("score", str(tmp_path / "hand.json"), "--lang", "el").stdout
    assert "Παίκτης 1 & Παίκτης 3 +1.150" in text and "κερδίζουν" in text
    code, data = score_json(tmp_path, match(*[(OUT_WITH_HEARTS, STUCK)] * 3, rules=rules))
    assert code == 1  # a hand that cannot have been played
    reason = "hand 3: the match was over after hand 2: Player 1 & Player 3 had won"
    assert data["error"] == {"reason": reason, "hand": 2}


def test_a_hand_that_could_not_have_happened_is_named_by_its_number(tmp_path: Path) -> None:
    both_out = (OUT_WITH_HEARTS, team(["5S 6S 7S 8S 9S 10S JS"], ("", ""), went_out=True))
    code, data = score_json(tmp_path, match((OUT_WITH_HEARTS, STUCK), both_out))
    assert code == 1
    assert data["error"]["reason"].startswith("hand 2: ") and "Only one team can go out" in data["error"]["reason"]
    assert run("score", str(tmp_path / "hand.json"), "--lang", "el").stderr.startswith("error: γύρος 2: ")
    code, data = score_json(tmp_path, match((OUT_WITH_HEARTS, dict(STUCK, hands=[["KD"]]))))
    assert code == 2 and data["error"]["reason"] == "hand 1: team 2: 'hands' must list 2 hands, one per player, not 1"


def test_where_partnerships_form_in_the_hand_a_match_sheet_says_who_sat_where(tmp_path: Path) -> None:
    lone = dict(team(["5D 6D 7D 8D 9D 10D JD"], ("",), went_out=True))
    pair = team(["QS QD QC"], ("5C", "4H"))
    other = team(["8C 9C 10C"], ("4C", ""))
    five = {"preset": "standard", "players": 5}
    code, data = score_json(tmp_path, match((lone, pair, other), rules=five))
    assert code == 2 and data["error"]["hand"] == 0
    assert (
        data["error"]["reason"]
        == "hand 1: where partnerships form in the hand, every team names its 'seats' (who sat where)"
    )
    first = (dict(lone, seats=[0]), dict(pair, seats=[1, 3]), dict(other, seats=[2, 4]))
    second = (dict(lone, seats=[3]), dict(pair, seats=[0, 2]), dict(other, seats=[1, 4]))
    code, data = score_json(tmp_path, match(first, second, rules=five))
    assert code == 0, data
    lone_score, pair_share, other_share = (data["hands"][0]["seat_scores"][seat] for seat in (0, 1, 2))
    assert data["totals"][0] == lone_score + pair_share  # seat 0 alone, then a partner
    assert data["totals"][3] == pair_share + lone_score
    assert data["totals"][1] == pair_share + other_share  # a partner in both hands, of two pairs
    wrong = (dict(lone, seats=[0]), dict(pair, seats=[1, 3]), dict(other, seats=[3, 4]))
    code, data = score_json(tmp_path, match(wrong, rules=five))
    assert code == 2 and "name each seat 0..4 once" in data["error"]["reason"]
    # Partners sit in alternate seats from the lone player on: with the lone player at 2, (3, 0) and (4, 1).
    apart = (dict(lone, seats=[2]), dict(pair, seats=[3, 4]), dict(other, seats=[0, 1]))
    code, data = score_json(tmp_path, match(apart, rules=five))
    assert code == 2
    assert "with the lone player at seat 2, the pairs are [0, 3] and [1, 4]" in data["error"]["reason"]


def test_a_match_of_five_without_players_says_how_to_name_them(tmp_path: Path) -> None:
    lone = team(["5D 6D 7D 8D 9D 10D JD"], ("",), went_out=True)
    code, data = score_json(tmp_path, match((lone, team(["QS QD QC"], ("5C", "4H")), team([], ("4C", "")))))
    assert code == 2
    assert 'for these rules (4 players; "players" beside "rules" says another number)' in data["error"]["reason"]


def test_fixed_partners_name_no_seats(tmp_path: Path) -> None:
    code, data = score_json(tmp_path, hand(dict(PLAIN, seats=[0, 2]), PLAIN))
    assert code == 2 and "fixed partners sit as dealt" in data["error"]["reason"]
