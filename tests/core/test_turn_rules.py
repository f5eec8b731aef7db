"""docs/rules.md, A turn: the turn, its rules 1-7, and the errors of illegal actions."""

from __future__ import annotations

import pytest

from biriba.core.actions import Action, Discard, Draw, Extend, Meld, Pass, TakePile
from biriba.core.cards import N_CARD_TYPES
from biriba.core.errors import IllegalAction, Reason
from biriba.core.rules import Rules
from biriba.core.state import HandState, Phase
from biriba.i18n import Words
from tests.builders import (
    assert_illegal,
    codes,
    discard_action,
    extend_action,
    hand_codes,
    m,
    meld_action,
    play,
    position,
)

BIRIBA_H = "6H 7H 8H 9H 10H JH QH"
"""A clean 7-card heart run: gives its team a biriba."""
SHORT_H = "6H 7H 8H 9H 10H JH"
"""Six hearts: not a biriba."""

TAKE_PILE_REQUIRES_MELD = Rules.from_preset("standard", take_pile_requires_meld=True)
PLAY = Phase.PLAY
MIN_5000_A = Rules.from_json({"preset": "standard", "initial_meld": "5000-a"})


# --- rule 1: the order of a turn ----------------------------------------------------------------------


def test_a_turn_starts_in_the_draw_phase_with_draw_or_take_pile() -> None:
    state = position({0: "3S 4S 5S 9C KD"}, discard="8C")
    assert state.phase is Phase.DRAW
    assert state.legal_actions() == [Draw(0), TakePile(0)]


@pytest.mark.parametrize(
    "action",
    [meld_action(0, "3S 4S 5S"), Extend(0, 0, m("7H")), discard_action(0, "9C")],
    ids=["meld", "extend", "discard"],
)
def test_melding_or_discarding_before_drawing_is_refused(action: Meld | Extend | Discard) -> None:
    state = position({0: "3S 4S 5S 9C KD 7H"}, melds={0: ["4H 5H 6H"]}, discard="8C")
    assert_illegal(state, action, "draw-first")


def test_drawing_takes_the_top_card_and_opens_the_play_phase() -> None:
    state = position({0: "3S 4S 9C KD"}, draw_next="QS 2D")
    play(state, Draw(0))
    assert state.phase is Phase.PLAY
    assert hand_codes(state, 0) == ["3S", "4S", "QS", "KD", "9C"]
    assert codes(state.draw_pile[-1:]) == ["2D"]


@pytest.mark.parametrize("second", [Draw(0), TakePile(0), Pass(0)], ids=["draw", "take_pile", "pass"])
def test_only_one_draw_per_turn(second: Draw | TakePile | Pass) -> None:
    state = position({0: "3S 4S 9C KD"}, discard="8C", draw_next="QS")
    play(state, Draw(0))
    assert_illegal(state, second, "one-draw-per-turn")


@pytest.mark.parametrize("second", [Draw(0), TakePile(0)], ids=["draw", "take_pile"])
def test_no_draw_after_taking_the_pile(second: Draw | TakePile) -> None:
    state = position({0: "3S 4S 9C KD"}, discard="8C 8D", draw_next="QS")
    play(state, TakePile(0))
    assert_illegal(state, second, "one-draw-per-turn")


def test_any_number_of_melds_and_extensions_then_one_discard_ends_the_turn() -> None:
    state = position({0: "3S 4S 5S 6S KH KD 9C 9D 8H 4C"}, melds={0: ["5H 6H 7H"]}, draw_next="KC", current=0)
    play(
        state,
        Draw(0),
        meld_action(0, "3S 4S 5S"),
        meld_action(0, "KH KD KC"),
        extend_action(0, 1, "6S"),
        extend_action(0, 0, "8H"),
    )
    assert (state.current, state.phase) == (0, Phase.PLAY)
    play(state, discard_action(0, "4C"))
    assert (state.current, state.phase) == (1, Phase.DRAW)
    assert codes(state.discard_pile[-1:]) == ["4C"]
    assert hand_codes(state, 0) == ["9D", "9C"]


def test_discarding_hands_the_turn_to_the_next_seat_in_draw_phase() -> None:
    state = position({3: "3S 4S 9C"}, current=3, phase=Phase.PLAY)
    play(state, discard_action(3, "9C"))
    assert (state.current, state.phase) == (0, Phase.DRAW)


# --- draw pile empty: pass --------------------------------------------------------------------------


def test_pass_is_refused_while_the_draw_pile_has_cards() -> None:
    state = position({0: "3S 4S 9C"}, draw_next="QS", rest=1)
    assert_illegal(state, Pass(0), "pass-only-when-draw-pile-empty")


def test_with_the_draw_pile_empty_the_choice_is_pass_or_take_pile() -> None:
    state = position({0: "3S 4S 9C"}, discard="8C", rest=1)
    assert state.draw_pile == []
    assert state.legal_actions() == [Pass(0), TakePile(0)]
    assert_illegal(state, Draw(0), "draw-pile-empty")


def test_a_play_before_the_draw_is_told_the_ways_to_start_that_exist() -> None:
    """Before drawing, a discard is refused: the reason offers passing only when the draw pile is empty."""
    with_cards = position({0: "3S 4S 9C"}, draw_next="QS", rest=1)
    refused = assert_illegal(with_cards, discard_action(0, "9C"), "draw-first")
    assert refused.reason.key == "draw-first"
    assert "pass" not in Words("en").refusal(refused)
    empty = position({0: "3S 4S 9C"}, discard="8C", rest=1)
    refused = assert_illegal(empty, discard_action(0, "9C"), "draw-first")
    assert refused.reason.key == "draw-first.empty-draw-pile"
    assert "passing" in Words("en").refusal(refused)


def test_a_pass_skips_the_turn() -> None:
    state = position({0: "3S 4S 9C"}, discard="8C", rest=1)
    before = hand_codes(state, 0)
    play(state, Pass(0))
    assert (state.current, state.phase) == (1, Phase.DRAW)
    assert hand_codes(state, 0) == before
    assert codes(state.discard_pile) == ["8C"]


# --- taking the discard pile --------------------------------------------------------------------------


def test_take_pile_takes_the_whole_pile() -> None:
    state = position({0: "3S 4S 9C"}, discard="8C JK 2D 8C 5H")
    play(state, TakePile(0))
    assert state.discard_pile == []
    assert hand_codes(state, 0) == ["3S", "4S", "5H", "2D", "8C", "8C", "9C", "JK"]
    assert state.hand_size(0) == 8
    assert state.phase is Phase.PLAY


def test_the_pile_cannot_be_taken_when_empty() -> None:
    state = position({0: "3S 4S 9C"}, discard="")
    assert_illegal(state, TakePile(0), "discard-pile-empty")
    assert state.legal_actions() == [Draw(0)]


def test_the_taken_cards_may_be_melded_and_discarded_in_the_same_turn() -> None:
    state = position({0: "3S 4S 9C 9D"}, discard="5S KH KD")
    play(state, TakePile(0), meld_action(0, "3S 4S 5S"), discard_action(0, "KH"))
    assert codes(state.discard_pile) == ["KH"]


# --- rule 2: a one-card pile ----------------------------------------------------------------------------


def test_the_card_of_a_one_card_pile_may_not_be_discarded() -> None:
    state = position({0: "9C KD 3S"}, discard="5H")
    play(state, TakePile(0))
    assert_illegal(state, discard_action(0, "5H"), "single-card-pile")
    assert discard_action(0, "5H") not in state.legal_actions()
    play(state, discard_action(0, "9C"))


def test_nor_a_card_identical_to_it() -> None:
    state = position({0: "5H 9C KD"}, discard="5H")
    play(state, TakePile(0))
    assert hand_codes(state, 0).count("5H") == 2
    assert_illegal(state, discard_action(0, "5H"), "single-card-pile")


def test_a_drawn_card_may_be_discarded_at_once() -> None:
    state = position({0: "5H 9C KD"}, discard="5H", draw_next="7D")
    play(state, Draw(0), discard_action(0, "7D"))
    assert codes(state.discard_pile) == ["5H", "7D"]


def test_a_card_of_a_larger_pile_may_be_discarded_at_once() -> None:
    state = position({0: "9C KD"}, discard="8D 5H")
    play(state, TakePile(0), discard_action(0, "5H"))


def test_the_one_card_ban_lasts_only_that_turn() -> None:
    state = position({0: "5H 9C KD"}, discard="5H", draw_next="2S 3S 4S 6S")
    play(state, TakePile(0), discard_action(0, "9C"))
    for seat in (1, 2, 3):
        play(state, Draw(seat), Discard(seat, state.hand_cards(seat)[0]))
    play(state, Draw(0), discard_action(0, "5H"))


def test_taking_a_one_card_pile_that_would_leave_nothing_to_discard_is_refused() -> None:
    """Interpretation: every card held is identical to the one-card pile, so no discard could end the turn."""
    state = position({0: "5H"}, discard="5H")
    assert_illegal(state, TakePile(0), "single-card-pile")


def test_a_meld_that_leaves_only_banned_cards_is_refused() -> None:
    state = position({0: "5H 6S 7S 8S"}, discard="5H")
    play(state, TakePile(0))
    assert_illegal(state, meld_action(0, "6S 7S 8S"), "keep-a-discard")


def test_melding_the_owed_pile_card_must_still_leave_a_card_to_discard() -> None:
    # Where a pile card must be melded, a play that melds it settles that debt, but a one-card pile's card
    # still may not go back: melding 5H 5D 5C from 5H 5H 5H 5D 5C (three packs) leaves only the pile's card.
    rules = Rules.from_preset("standard", players=6, take_pile_requires_meld=True)
    state = position({0: "5H 5H 5D 5C"}, rules=rules, discard="5H")
    play(state, TakePile(0))
    assert_illegal(state, meld_action(0, "5H 5D 5C"), "keep-a-discard")
    state = position({0: "5H 5D 5C 9S"}, rules=rules, discard="5H")
    play(state, TakePile(0), meld_action(0, "5H 5D 5C"), discard_action(0, "9S"))


# --- rule 3: keep two cards -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "melded"),
    [("3S 4S 5S 9C", "3S 4S 5S"), ("3S 4S 5S", "3S 4S 5S")],
    ids=["one card left", "no card left"],
)
def test_without_a_biriba_a_meld_must_leave_two_cards(hand: str, melded: str) -> None:
    state = position({0: hand}, melds={0: [SHORT_H]}, phase=Phase.PLAY)
    assert_illegal(state, meld_action(0, melded), "keep-two-cards")


def test_an_extension_must_leave_two_cards_too() -> None:
    state = position({0: "5H 9C"}, melds={0: ["6H 7H 8H"]}, phase=Phase.PLAY)
    assert_illegal(state, extend_action(0, 0, "5H"), "keep-two-cards")


def test_leaving_two_cards_is_always_allowed() -> None:
    state = position({0: "3S 4S 5S 9C 9D"}, phase=Phase.PLAY)
    play(state, meld_action(0, "3S 4S 5S"))
    assert state.hand_size(0) == 2


def test_the_opponents_biriba_does_not_count() -> None:
    state = position({0: "3S 4S 5S 9C"}, melds={1: [BIRIBA_H]}, phase=Phase.PLAY)
    assert_illegal(state, meld_action(0, "3S 4S 5S"), "keep-two-cards")


def test_3a_with_a_biriba_one_card_may_be_kept_for_the_biribaki_discard() -> None:
    state = position({0: "3S 4S 5S 9C"}, melds={0: [BIRIBA_H]}, phase=Phase.PLAY)
    play(state, meld_action(0, "3S 4S 5S"))
    assert hand_codes(state, 0) == ["9C"]
    assert state.legal_actions() == [discard_action(0, "9C")]


def test_3a_with_a_biriba_the_last_card_may_be_melded_and_the_biribaki_is_taken_at_once() -> None:
    packet = "AD AD KD QD JD 10D 9D 8D 2C 3C JK"
    state = position({0: "3S 4S 5S"}, melds={0: [BIRIBA_H]}, packets=[packet], phase=Phase.PLAY)
    play(state, meld_action(0, "3S 4S 5S"))
    assert sorted(hand_codes(state, 0)) == sorted(packet.split())
    assert state.biribaki_holder == [0, -1]
    assert (state.current, state.phase) == (0, Phase.PLAY)  # the turn goes on with the new hand
    play(state, meld_action(0, "QD KD AD"), extend_action(0, 2, "JD"), discard_action(0, "AD"))
    assert state.current == 1
    assert not state.unplayed_biribaki[0]


def test_3a_emptying_the_hand_by_an_extension_takes_the_biribaki() -> None:
    state = position({0: "KH 5H"}, melds={0: [BIRIBA_H, "3H 4H JK"]}, phase=Phase.PLAY)
    play(state, extend_action(0, 0, "KH"), extend_action(0, 1, "5H"))
    assert state.hand_size(0) == 11 and state.biribaki_holder[0] == 0


def test_3a_the_biriba_may_be_laid_by_the_same_meld() -> None:
    state = position({0: "3S 4S 5S 6S 7S 8S 9S"}, phase=Phase.PLAY)
    play(state, meld_action(0, "3S 4S 5S 6S 7S 8S 9S"))
    assert state.biribaki_holder[0] == 0 and state.hand_size(0) == 11


def test_3a_the_biriba_may_be_completed_by_the_same_extension() -> None:
    state = position({0: "QH 5S"}, melds={0: [SHORT_H]}, phase=Phase.PLAY)
    play(state, extend_action(0, 0, "QH"))
    assert hand_codes(state, 0) == ["5S"]
    play(state, discard_action(0, "5S"))
    assert state.biribaki_holder[0] == 0


def test_3a_the_partners_biriba_counts() -> None:
    state = position({2: "3S 4S 5S 9C"}, melds={0: [BIRIBA_H]}, current=2, phase=Phase.PLAY)
    play(state, meld_action(2, "3S 4S 5S"), discard_action(2, "9C"))
    assert state.biribaki_holder == [2, -1]


def test_3b_after_the_biribaki_one_card_may_be_kept_to_go_out() -> None:
    state = position({0: "3S 4S 5S 9C"}, melds={0: [BIRIBA_H]}, biribaki_holder={0: 2}, phase=Phase.PLAY)
    play(state, meld_action(0, "3S 4S 5S"))
    assert hand_codes(state, 0) == ["9C"]


@pytest.mark.parametrize("holder", [0, 2], ids=["own biribaki", "partner's biribaki"])
def test_no_card_may_be_left_once_the_biribaki_is_taken(holder: int) -> None:
    state = position({0: "3S 4S 5S"}, melds={0: [BIRIBA_H]}, biribaki_holder={0: holder}, phase=Phase.PLAY)
    assert_illegal(state, meld_action(0, "3S 4S 5S"), "keep-two-cards")


def test_no_card_may_be_left_once_the_biribaki_is_taken_by_extension_either() -> None:
    state = position({0: "KH"}, melds={0: [BIRIBA_H]}, biribaki_holder={0: 0}, phase=Phase.PLAY)
    assert_illegal(state, extend_action(0, 0, "KH"), "keep-two-cards")


# --- rule 4: discarding the last card ---------------------------------------------------------------------


def test_4_the_last_discard_takes_the_biribaki_for_the_next_turn() -> None:
    packet = "AD AD KD QD JD 10D 9D 8D 2C 3C JK"
    state = position({1: "9C"}, melds={1: [BIRIBA_H]}, packets=[packet], current=1, phase=Phase.PLAY)
    play(state, discard_action(1, "9C"))
    assert sorted(hand_codes(state, 1)) == sorted(packet.split())
    assert state.biribaki_holder == [-1, 1]
    assert state.unplayed_biribaki[1]
    assert (state.current, state.phase) == (2, Phase.DRAW)  # the new hand is played from the next turn
    assert codes(state.discard_pile[-1:]) == ["9C"]


def test_4_the_last_discard_goes_out_once_the_biribaki_is_taken() -> None:
    state = position({1: "9C"}, melds={1: [BIRIBA_H]}, biribaki_holder={1: 3}, current=1, phase=Phase.PLAY)
    play(state, discard_action(1, "9C"))
    assert state.is_over and state.went_out == 1
    assert state.hand_size(1) == 0


def test_4_the_last_discard_is_illegal_without_a_biriba() -> None:
    state = position({0: "9C"}, melds={0: [SHORT_H]}, phase=Phase.PLAY)
    assert_illegal(state, discard_action(0, "9C"), "last-card")
    assert state.legal_actions() == []


def test_4_the_last_discard_is_illegal_without_a_biriba_even_after_the_biribaki() -> None:
    rules = Rules.from_preset("standard", biriba_for_biribaki=False)
    state = position({0: "9C"}, rules=rules, melds={0: [SHORT_H]}, biribaki_holder={0: 0}, phase=Phase.PLAY)
    assert_illegal(state, discard_action(0, "9C"), "last-card")


# --- rule 5: minimum initial meld --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "minimum"),
    [(-300, 0), (0, 0), (1495, 0), (1500, 75), (2995, 75), (3000, 100), (3995, 100), (4000, 120), (9000, 120)],
)
def test_5_the_minimum_follows_the_teams_cumulative_score(score: int, minimum: int) -> None:
    state = position({0: "3S 4S 5S"}, rules=MIN_5000_A, scores=(score, 0, score, 0))
    assert state.opening_minimum(0) == minimum
    assert state.opening_minimum(1) == 0


def test_5_schedules_are_read_from_names_and_lists() -> None:
    assert MIN_5000_A.initial_meld == ((0, 0), (1500, 75), (3000, 100), (4000, 120))
    listed = Rules.from_json({"preset": "standard", "initial_meld": [[0, 0], [1500, 75]]})
    assert listed.initial_meld_minimum(1499) == 0 and listed.initial_meld_minimum(1500) == 75
    assert Rules.from_preset("standard").initial_meld_minimum(4000) == 0


def _min_position(hand: str, score: int = 1500) -> HandState:
    return position({0: hand}, rules=MIN_5000_A, scores=(score, 0, score, 0), phase=Phase.PLAY)


def test_5_a_first_meld_below_the_minimum_is_refused() -> None:
    state = _min_position("3H 4H 5H 6H 7H 8H KS KD KC 9C 9D")
    assert_illegal(state, meld_action(0, "3H 4H 5H"), "initial-meld-minimum")
    assert_illegal(state, meld_action(0, "3H 4H 5H 6H 7H 8H"), "initial-meld-minimum")  # 30


def test_5_several_melds_in_one_action_reach_the_minimum() -> None:
    """3H-8H (30) + KS KD KC (30) = 60 < 75; + 9C 9D JK (40) = 100."""
    state = _min_position("3H 4H 5H 6H 7H 8H KS KD KC 9C 9D JK 4S 5D")
    assert_illegal(state, meld_action(0, "3H 4H 5H 6H 7H 8H", "KS KD KC"), "initial-meld-minimum")
    play(state, meld_action(0, "3H 4H 5H 6H 7H 8H", "KS KD KC", "9C 9D JK"))
    assert len(state.melds[0]) == 3


def test_5_exactly_the_minimum_is_enough() -> None:
    state = _min_position("AS AD JK 3C 4C 5C 9S")
    assert_illegal(state, meld_action(0, "AS AD JK"), "initial-meld-minimum")  # 15 + 15 + 20 = 50
    state = _min_position("KS KH KD QS QH QD 3C 4C 5C 9S 9D")
    play(state, meld_action(0, "KS KH KD", "QS QH QD", "3C 4C 5C"))  # 30 + 30 + 15 = 75


def test_5_card_values_count_wild_cards() -> None:
    """Minimum 100 at 3000: K K K (30) + Q Q Q (30) + JS JD 2C (30) = 90; with a Joker for the Two, 100."""
    state = _min_position("KS KD KH QS QD QH JS JD JK 2C 4S 5D", score=3000)
    assert_illegal(state, meld_action(0, "KS KD KH", "QS QD QH", "JS JD 2C"), "initial-meld-minimum")  # 90
    play(state, meld_action(0, "KS KD KH", "QS QD QH", "JS JD JK"))  # 100


def test_5_after_the_first_meld_the_team_melds_freely() -> None:
    state = _min_position("3H 4H 5H 6H 7H 8H KS KD KC 9C 9D JK 4S 5S 6S 7D 8D")
    play(state, meld_action(0, "3H 4H 5H 6H 7H 8H", "KS KD KC", "9C 9D JK"))
    assert state.opening_minimum(0) == 0
    play(state, meld_action(0, "4S 5S 6S"))


def test_5_the_partner_is_free_once_the_team_has_melded() -> None:
    state = position(
        {2: "4S 5S 6S 9C 9D"},
        rules=MIN_5000_A,
        scores=(4000, 4000, 4000, 4000),
        melds={0: ["KS KD KC"]},
        current=2,
        phase=Phase.PLAY,
    )
    play(state, meld_action(2, "4S 5S 6S"))


def test_5_the_other_team_has_its_own_minimum() -> None:
    state = position(
        {1: "4S 5S 6S 9C 9D"},
        rules=MIN_5000_A,
        scores=(0, 1500, 0, 1500),
        melds={0: ["KS KD KC"]},
        current=1,
        phase=Phase.PLAY,
    )
    assert_illegal(state, meld_action(1, "4S 5S 6S"), "initial-meld-minimum")


def test_5_below_the_first_threshold_any_meld_is_a_first_meld() -> None:
    play(_min_position("3H 4H 5H 9C 9D", score=1495), meld_action(0, "3H 4H 5H"))


def test_5_listed_first_melds_reach_the_minimum() -> None:
    """8H-KH is 60, 8H-AH is 75: only melds worth 75 or more are listed."""
    state = _min_position("8H 9H 10H JH QH KH AH 4S 5D 9C")
    melds = [a for a in state.legal_actions() if isinstance(a, Meld)]
    assert meld_action(0, "8H 9H 10H JH QH KH AH") in melds
    assert meld_action(0, "8H 9H 10H") not in melds
    for action in melds:
        assert sum(MIN_5000_A.card_value(x) for cards in action.melds for x in cards) >= 75


# --- rule 6: take_pile_requires_meld -------------------------------------------------------------------------


def test_6_the_pile_may_be_taken_to_meld_one_of_its_cards_at_once() -> None:
    state = position({0: "5H 6H 9C KS"}, rules=TAKE_PILE_REQUIRES_MELD, discard="QC 4H")
    play(state, TakePile(0), meld_action(0, "4H 5H 6H"), discard_action(0, "9C"))


def test_6_the_pile_card_may_extend_a_team_meld() -> None:
    state = position({0: "9C KS 3D"}, rules=TAKE_PILE_REQUIRES_MELD, discard="QD", melds={0: ["9D 10D JD"]})
    play(state, TakePile(0), extend_action(0, 0, "QD"), discard_action(0, "9C"))


def test_6_the_pile_may_not_be_taken_when_none_of_its_cards_can_be_melded() -> None:
    state = position({0: "5H 6H 9C KS"}, rules=TAKE_PILE_REQUIRES_MELD, discard="QC 4D")
    assert_illegal(state, TakePile(0), "take-pile-requires-meld")
    assert state.legal_actions() == [Draw(0)]


def test_6_the_pile_cards_may_meld_together() -> None:
    state = position({0: "9C KS"}, rules=TAKE_PILE_REQUIRES_MELD, discard="4D 5D 6D")
    play(state, TakePile(0), meld_action(0, "4D 5D 6D"))


def test_6_the_meld_at_once_must_respect_keep_two_cards() -> None:
    """5H 6H + pile 4H: melding all three would empty the hand without a biriba."""
    state = position({0: "5H 6H"}, rules=TAKE_PILE_REQUIRES_MELD, discard="4H")
    assert_illegal(state, TakePile(0), "take-pile-requires-meld")
    standard = position({0: "5H 6H"}, discard="4H")
    play(standard, TakePile(0))


def test_6_the_turn_may_not_end_before_a_pile_card_is_melded() -> None:
    state = position({0: "5H 6H 9C KS JD QD 3S"}, rules=TAKE_PILE_REQUIRES_MELD, discard="QC 4H")
    play(state, TakePile(0))
    assert_illegal(state, discard_action(0, "9C"), "take-pile-requires-meld")
    assert not any(isinstance(a, Discard) for a in state.legal_actions())
    play(state, meld_action(0, "4H 5H 6H"))
    play(state, discard_action(0, "9C"))


def test_6_melding_other_cards_does_not_meet_the_obligation() -> None:
    state = position({0: "5H 6H 9C 9S 9D KS 3S"}, rules=TAKE_PILE_REQUIRES_MELD, discard="QC 4H")
    play(state, TakePile(0), meld_action(0, "9C 9S 9D"))
    assert_illegal(state, discard_action(0, "KS"), "take-pile-requires-meld")
    play(state, meld_action(0, "4H 5H 6H"), discard_action(0, "KS"))


def test_6_a_play_that_leaves_the_pile_card_owed_must_leave_a_way_to_meld_it_and_discard() -> None:
    # Three packs, runs only: after taking the one-card pile 5H, melding 9S 10S JS first leaves 5H 5H 5H 4H
    # 6H, whose only meld of a 5H (4H 5H 6H) would leave two 5H, the pile's card, which may not be discarded.
    rules = Rules.from_preset("kouridakis", decks=3)
    state = position({0: "5H 5H 4H 6H 9S 10S JS"}, rules=rules, discard="5H")
    play(state, TakePile(0))
    assert meld_action(0, "9S 10S JS") not in state.legal_actions()
    assert_illegal(state, meld_action(0, "9S 10S JS"), "keep-a-discard")
    assert meld_action(0, "4H 5H 6H") in state.legal_actions()
    play(state, meld_action(0, "4H 5H 6H"), discard_action(0, "9S"))


def test_6_identical_cards_count_as_the_piles_card() -> None:
    """The pile's 4H and the 4H already held are the same card: melding either meets the obligation."""
    state = position({0: "4H 5H 6H 9C KS 3S"}, rules=TAKE_PILE_REQUIRES_MELD, discard="QC 4H")
    play(state, TakePile(0), meld_action(0, "4H 5H 6H"), discard_action(0, "4H"))


def test_6_without_the_option_the_pile_may_always_be_taken() -> None:
    state = position({0: "5H 6H 9C KS"}, discard="QC 4D")
    play(state, TakePile(0), discard_action(0, "9C"))


# --- rule 7 and errors that name the rule ------------------------------------------------------------------


def test_7_an_illegal_action_raises_illegal_action_naming_the_rule_and_changes_nothing() -> None:
    state = position({0: "3S 4S 5S 9C"}, phase=Phase.PLAY)
    error = assert_illegal(state, meld_action(0, "3S 4S 9C"), "meld-invalid")
    assert isinstance(error, ValueError)
    assert "[rule: meld-invalid]" in str(error)
    assert error.reason == Reason.of("not-a-meld", cards=m("3S 4S 9C"), why="meld.mixed")


def _rule_scenarios() -> list[tuple[str, HandState, Action]]:
    return [
        ("not-your-turn", position({0: "3S 4S"}), Draw(1)),
        ("not-your-turn", position({0: "3S 4S"}), TakePile(2)),
        ("not-your-turn", position({0: "3S 4S 9C"}, phase=PLAY), discard_action(3, "9C")),
        ("not-your-turn", position({0: "3S 4S 5S 9C 9D", 2: "3S 4S 5S KS"}, phase=PLAY), meld_action(2, "3S 4S 5S")),
        ("not-your-turn", position({1: "8H 9D 9C"}, melds={1: ["5H 6H 7H"]}, phase=PLAY), extend_action(1, 0, "8H")),
        ("card-not-in-hand", position({0: "3S 4S 9C"}, phase=PLAY), discard_action(0, "9D")),
        ("card-not-in-hand", position({0: "3S 4S 9C 9D"}, phase=PLAY), meld_action(0, "3S 4S 5S")),
        ("card-not-in-hand", position({0: "3S 4S 9C 9D"}, phase=PLAY), meld_action(0, "3S 4S 2S")),
        ("card-not-in-hand", position({0: "5S 3S 4S 9C 9D"}, phase=PLAY), meld_action(0, "3S 4S 5S", "3S 4S 5S")),
        (
            "card-not-in-hand",
            position({0: "8H 9C 9D"}, melds={0: ["5H 6H 7H"]}, phase=PLAY),
            extend_action(0, 0, "4H"),
        ),
        ("no-such-meld", position({0: "8H 9C 9D"}, melds={0: ["5H 6H 7H"]}, phase=PLAY), extend_action(0, 1, "8H")),
        ("no-such-meld", position({0: "8H 9C 9D"}, melds={0: ["5H 6H 7H"]}, phase=PLAY), extend_action(0, -1, "8H")),
        ("meld-invalid", position({0: "3S 4S 9C 9D"}, phase=PLAY), meld_action(0, "3S 4S")),
        ("meld-invalid", position({0: "3S 4S 6S 9C 9D"}, phase=PLAY), meld_action(0, "3S 4S 6S")),
        ("meld-invalid", position({0: "3S 4S 6S 9C 9D"}, phase=PLAY), Meld(0, ())),
        ("extend-invalid", position({0: "9H 9C 9D"}, melds={0: ["5H 6H 7H"]}, phase=PLAY), extend_action(0, 0, "9H")),
        ("extend-invalid", position({0: "9H 9C 9D"}, melds={0: ["5H 6H 7H"]}, phase=PLAY), Extend(0, 0, ())),
        ("card-not-in-hand", position({0: "3S 4S 9C"}, phase=PLAY), Discard(0, N_CARD_TYPES)),
        ("card-not-in-hand", position({0: "3S 4S 9C"}, phase=PLAY), Discard(0, -1)),
    ]


@pytest.mark.parametrize(("rule", "state", "action"), _rule_scenarios())
def test_7_each_illegal_action_names_its_rule(rule: str, state: HandState, action: Action) -> None:
    assert_illegal(state, action, rule)


def test_7_a_refused_action_leaves_the_state_usable() -> None:
    state = position({0: "3S 4S 5S 9C 9D"}, draw_next="KS")
    assert_illegal(state, discard_action(0, "9C"), "draw-first")
    play(state, Draw(0), meld_action(0, "3S 4S 5S"))
    assert_illegal(state, discard_action(0, "QH"), "card-not-in-hand")
    play(state, discard_action(0, "KS"))
    assert state.current == 1


def test_7_illegal_actions_are_never_listed() -> None:
    state = position({0: "3S 4S 5S 9C 9D 2H JK"}, melds={0: ["6H 7H 8H"]}, phase=Phase.PLAY)
    for action in state.legal_actions():
        state.check(action)
    with pytest.raises(IllegalAction):
        state.check(meld_action(0, "3S 4S 5S 9C"))
