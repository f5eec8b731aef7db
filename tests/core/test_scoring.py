"""docs/rules.md, Scoring: scoring a hand line by line, whole hands, and the end of a match."""

from __future__ import annotations

import pytest

from biriba.core.actions import Draw, Pass
from biriba.core.errors import InvalidMeldError
from biriba.core.match import Match
from biriba.core.melds import check_meld
from biriba.core.rules import Rules
from biriba.core.scoring import BiribakiStatus, TeamScore, score_team
from biriba.core.state import HandState, Phase, TableMeld
from tests.builders import STANDARD, c, cs, deck_for, discard_action, m, meld_action, play, position

S, H, D, C = 0, 1, 2, 3
BIRIBA_H = "6H 7H 8H 9H 10H JH QH"
"""Clean heart run of 7: 5 + 5 + 10 x 5 = 60 points of cards."""
BIRIBA_D = "6D 7D 8D 9D 10D JD QD"
PACKET = "AS AS KS KS QS QS JS JS 10S 10S 9S"


def _score(
    melds: list[str],
    hands: list[str] | None = None,
    bonus_suit: int | None = H,
    biribaki: BiribakiStatus = BiribakiStatus.TAKEN,
    went_out: bool = False,
    rules: Rules = STANDARD,
) -> TeamScore:
    return score_team(rules, bonus_suit, [m(x) for x in melds], [cs(h) for h in hands or []], biribaki, went_out)


# --- card values ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "value"),
    [
        ("JK", 20),
        ("AS", 15),
        ("AH", 15),
        ("2S", 10),
        ("2C", 10),
        ("KS", 10),
        ("QH", 10),
        ("JD", 10),
        ("10C", 10),
        ("9S", 10),
        ("8H", 10),
        ("7D", 5),
        ("6C", 5),
        ("5S", 5),
        ("4H", 5),
        ("3D", 5),
    ],
)
def test_card_values(code: str, value: int) -> None:
    assert STANDARD.card_value(c(code)) == value
    assert _score([], [code]).in_hand == -value


def test_card_values_are_options() -> None:
    rules = Rules.from_preset("standard", joker_value=25, two_value=20)
    assert rules.card_value(c("JK")) == 25 and rules.card_value(c("2D")) == 20
    assert _score(["AS AD JK"], rules=rules).melded == 15 + 15 + 25


# --- melded cards and cards in hand ---------------------------------------------------------------------


def test_melded_cards_count_plus_and_cards_in_hand_minus() -> None:
    score = _score(["3S 4S 5S", "KS KD 2C"], ["KH JK", "AH"])
    assert score.melded == 15 + 30
    assert score.in_hand == -(10 + 20 + 15)
    assert score.score == 45 - 45


def test_the_wild_cards_of_melds_count_their_own_value() -> None:
    assert _score(["6H 2S 8H"]).melded == 5 + 10 + 10
    assert _score(["AS AC JK"]).melded == 15 + 15 + 20


def test_a_team_with_nothing_scores_only_its_penalty() -> None:
    score = _score([], ["", ""], biribaki=BiribakiStatus.NOT_TAKEN)
    assert (score.melded, score.in_hand, score.biribas, score.going_out, score.biribaki) == (0, 0, 0, 0, -100)
    assert score.score == -100


def test_an_invalid_meld_cannot_be_scored() -> None:
    with pytest.raises(InvalidMeldError):
        _score(["3S 4S 6S"])


def test_a_set_is_not_a_meld_under_the_no_sets_option() -> None:
    with pytest.raises(InvalidMeldError):
        _score(["KS KD KC"], rules=Rules.from_preset("standard", sets=False))


# --- biriba bonuses ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "bonus_suit", "bonus"),
    [
        pytest.param("3S 4S 5S 6S 7S 8S", H, 0, id="6 cards: no biriba"),
        pytest.param("3S 4S 5S 6S 7S 8S 9S", H, 200, id="run 7 plain clean"),
        pytest.param("3S 4S 5S JK 7S 8S 9S", H, 100, id="run 7 plain dirty"),
        pytest.param("3S 4S 5S 6S 7S 8S 2H", H, 100, id="run 7 plain dirty (a Two)"),
        pytest.param("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", H, 200, id="run 12 plain clean"),
        pytest.param("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS JK", H, 100, id="run 12 plain dirty"),
        pytest.param("KS KH KD KC KS KH KD", H, 300, id="set 7 clean"),
        pytest.param("5S 5S 5H 5H 5D 5D 5C 5C", H, 300, id="set 8 clean"),
        pytest.param("KS KH KD KC KS KH JK", H, 150, id="set 7 dirty"),
        pytest.param("KS KH KD KC KS KH 2H", H, 150, id="set 7 dirty (a Two of the bonus suit)"),
        pytest.param("3H 4H 5H 6H 7H 8H 9H", H, 400, id="run 7 bonus suit clean"),
        pytest.param("2H 3H 4H 5H 6H 7H 8H", H, 400, id="run 7 bonus suit clean (natural Two)"),
        pytest.param("3H 4H 5H 6H 7H 8H JK", H, 200, id="run 7 bonus suit dirty"),
        pytest.param("3H 4H 5H 6H 7H 8H 2S", H, 200, id="run 7 bonus suit dirty (a Two)"),
        pytest.param("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH", H, 400, id="run 12 bonus suit clean"),
        pytest.param("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", H, 1000, id="full plain clean"),
        pytest.param("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS JK", H, 500, id="full plain dirty"),
        pytest.param("AS 2S 3S 4S 5S 6S 7S 2D 9S 10S JS QS KS", H, 500, id="full plain dirty (a Two)"),
        pytest.param("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", H, 2000, id="full bonus suit clean"),
        pytest.param("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", D, 2000, id="full bonus suit clean, Ace high"),
        pytest.param("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH JK", H, 1000, id="full bonus suit dirty"),
        pytest.param("3H 4H 5H 6H 7H 8H 9H", S, 200, id="hearts when spades are the bonus suit"),
        pytest.param("3H 4H 5H 6H 7H 8H 9H", None, 200, id="no bonus suit: clean"),
        pytest.param("3H 4H 5H 6H 7H 8H JK", None, 100, id="no bonus suit: dirty"),
        pytest.param("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", None, 1000, id="no bonus suit: full"),
    ],
)
def test_biriba_bonus(meld: str, bonus_suit: int | None, bonus: int) -> None:
    score = _score([meld], bonus_suit=bonus_suit)
    assert score.biribas == bonus
    assert score.melded == sum(STANDARD.card_value(x) for x in cs(meld))
    assert len(score.biriba_list) == (1 if bonus else 0)


def test_every_biriba_of_a_team_scores() -> None:
    score = _score([BIRIBA_H, BIRIBA_D, "KS KH KD KC KS KH KD", "3C 4C 5C"], bonus_suit=D)
    assert score.biribas == 200 + 400 + 300
    assert sorted(b.bonus for b in score.biriba_list) == [200, 300, 400]


def test_biriba_bonuses_are_options() -> None:
    rules = Rules.from_json({"preset": "standard", "bonuses": {"bonus_suit_run_clean": 600, "set_clean": 200}})
    assert _score(["3H 4H 5H 6H 7H 8H 9H"], rules=rules).biribas == 600
    assert _score(["KS KH KD KC KS KH KD"], rules=rules).biribas == 200
    assert _score(["3S 4S 5S 6S 7S 8S 9S"], rules=rules).biribas == 200


# --- going out and the biribaki --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "went_out", "going_out", "penalty"),
    [
        (BiribakiStatus.TAKEN, True, 100, 0),
        (BiribakiStatus.TAKEN, False, 0, 0),
        (BiribakiStatus.NOT_TAKEN, False, 0, -100),
        (BiribakiStatus.TAKEN_UNPLAYED, False, 0, -100),
    ],
)
def test_going_out_and_biribaki_lines(status: BiribakiStatus, went_out: bool, going_out: int, penalty: int) -> None:
    score = _score([BIRIBA_H], ["KS", ""], biribaki=status, went_out=went_out)
    assert score.going_out == going_out
    assert score.biribaki == penalty
    assert score.score == 60 - 10 + 400 + going_out + penalty


def test_the_score_is_the_sum_of_its_lines_in_json() -> None:
    data = _score([BIRIBA_H, "3S 4S 5S"], ["KS JK", "AD"], went_out=True).to_json()
    assert data["melded"] == 75 and data["in_hand"] == -45 and data["biribas"] == 400
    assert data["going_out"] == 100 and data["biribaki"] == 0
    assert data["score"] == 75 - 45 + 400 + 100
    assert data["biriba_list"][0]["bonus"] == 400
    assert data["biriba_list"][0]["cards"] == BIRIBA_H.split()


# --- whole hands --------------------------------------------------------------------------------------------


def test_a_hand_that_ends_by_going_out() -> None:
    state = position(
        {0: "3S 4S 5S 9C", 1: "KS QS", 2: "AD JK", 3: "4C 5C 6C"},
        melds={0: [BIRIBA_H], 1: ["8D 9D 10D"]},
        biribaki_holder={0: 2},
        upcard="KH",
        phase=Phase.PLAY,
    )
    play(state, meld_action(0, "3S 4S 5S"), discard_action(0, "9C"))
    team0, team1 = state.team_scores_for_hand()
    assert (team0.melded, team0.in_hand, team0.biribas, team0.going_out, team0.biribaki) == (75, -35, 400, 100, 0)
    assert team0.score == 540
    # Team 1 never took its biribaki: -100, and the packet still on the table does not count.
    assert (team1.melded, team1.in_hand, team1.biribas, team1.going_out, team1.biribaki) == (30, -35, 0, 0, -100)
    assert team1.score == -105


def test_a_biribaki_taken_with_the_last_discard_and_never_played() -> None:
    state = position(
        {0: "AD", 1: "9D", 2: "3S 4S 5S", 3: "KC KC"},
        melds={0: [BIRIBA_H], 1: [BIRIBA_D]},
        biribaki_holder={0: 0},
        packets=[PACKET],
        draw_next="9C",
        upcard="5S",
        current=1,
        phase=Phase.PLAY,
    )
    play(state, discard_action(1, "9D"))
    assert state.biribaki_status(1) is BiribakiStatus.TAKEN_UNPLAYED
    play(state, Draw(2), meld_action(2, "3S 4S 5S"), discard_action(2, "9C"))
    assert state.is_over
    team0, team1 = state.team_scores_for_hand()
    assert team0.score == 75 - 15 + 200 + 100
    # Seat 1's 11 packet cards do not count; seat 3's two Kings do.
    assert (team1.melded, team1.in_hand, team1.biribas, team1.going_out, team1.biribaki) == (60, -20, 200, 0, -100)
    assert team1.score == 140


def test_a_biribaki_played_for_a_turn_counts_its_cards() -> None:
    """Interpretation: a pass is the holder's turn, so a hand ended by passes has no unplayed biribaki."""
    state = position(
        {1: "9D", 0: "AD KD", 2: "3D 4D", 3: "KC KC"},
        melds={1: [BIRIBA_D]},
        packets=[PACKET],
        current=1,
        phase=Phase.PLAY,
        rest="discard",
    )
    play(state, discard_action(1, "9D"), Pass(2), Pass(3), Pass(0))
    assert not state.is_over and state.biribaki_status(1) is BiribakiStatus.TAKEN_UNPLAYED
    play(state, Pass(1))
    assert state.is_over
    assert state.biribaki_status(1) is BiribakiStatus.TAKEN
    team1 = state.team_scores_for_hand()[1]
    packet_value = 15 * 2 + 10 * 9
    assert (team1.in_hand, team1.biribaki) == (-(packet_value + 20), 0)


@pytest.mark.parametrize(("upcard", "bonus"), [("5H", 400), ("AH", 400), ("5S", 200), ("KD", 200), ("JK", 200)])
def test_the_bonus_suit_is_the_upcards_suit(upcard: str, bonus: int) -> None:
    state = HandState.deal(STANDARD, dealer=0, deck=deck_for(0, upcard=upcard))
    # Only the scoring matters here: lay a heart biriba for team 0 without caring where its cards came from.
    state.melds[0].append(TableMeld(m(BIRIBA_H), check_meld(m(BIRIBA_H))))
    assert state.team_scores_for_hand()[0].biribas == bonus


def test_a_joker_upcard_gives_no_bonus_suit() -> None:
    state = position({}, melds={0: [BIRIBA_H], 1: ["AH 2H 3H 4H 5H"]}, upcard="JK")
    assert state.bonus_suit is None
    assert state.team_scores_for_hand()[0].biribas == 200


def test_variation_without_a_bonus_suit() -> None:
    rules = Rules.from_preset("standard", bonus_suit=False)
    state = HandState.deal(rules, dealer=0, deck=deck_for(0, upcard="5H"))
    assert state.bonus_suit is None


def test_a_fresh_deal_scores_minus_the_hands_and_both_penalties() -> None:
    state = HandState.deal(STANDARD, dealer=0, seed=8)
    for team, score in enumerate(state.team_scores_for_hand()):
        cards = [x for seat in (team, team + 2) for x in state.hand_cards(seat)]
        assert score.in_hand == -sum(STANDARD.card_value(x) for x in cards)
        assert score.biribaki == -100 and score.melded == 0


# --- the match ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "over", "winner"),
    [
        ((0, 0), False, None),
        ((5000, 4000), False, None),
        ((5005, 4000), True, 0),
        ((4000, 5005), True, 1),
        ((5100, 5100), False, None),
        ((5100, 5200), True, 1),
        ((5000, 5000), False, None),
    ],
)
def test_the_match_ends_strictly_above_the_target_with_a_single_leader(
    totals: tuple[int, int], over: bool, winner: int | None
) -> None:
    match = Match(STANDARD)
    match.totals = [totals[0], totals[1], totals[0], totals[1]]
    assert match.is_over == over
    assert match.winner == winner


def test_the_target_is_an_option() -> None:
    match = Match(Rules.from_preset("standard", target=3000))
    match.totals = [3005, 100, 3005, 100]
    assert match.is_over and match.winner == 0


def test_hand_scores_add_up_in_the_match_and_feed_the_next_deal() -> None:
    match = Match(STANDARD, first_dealer=0)
    match.start_hand(seed=3)
    match.hand = position({}, dealer=0, current=1, melds={0: [BIRIBA_H]}, rest="discard")
    expected = [s.score for s in match.hand.team_scores_for_hand()]
    for seat in (1, 2, 3, 0):
        play(match.hand, Pass(seat))
    match.finish_hand()
    assert match.totals == [*expected, *expected]
    assert match.start_hand(seed=4).scores == (*expected, *expected)
