"""docs/rules.md, A turn: the biribakia (packets 1 and 2, one per team) and the two ends of a hand."""

from __future__ import annotations

import pytest

from biriba.core.actions import Action, Discard, Draw, Pass, TakePile
from biriba.core.rules import Rules
from biriba.core.scoring import BiribakiStatus
from biriba.core.state import HandState, Phase
from tests.builders import (
    assert_illegal,
    codes,
    discard_action,
    extend_action,
    hand_codes,
    meld_action,
    play,
    position,
)

BIRIBA_H = "6H 7H 8H 9H 10H JH QH"
BIRIBA_D = "6D 7D 8D 9D 10D JD QD"
PACKET_1 = "AS AS KS KS QS QS JS JS 10S 10S 9S"
PACKET_2 = "AC AC KC KC QC QC JC JC 10C 10C 9C"


def _race(first: int) -> HandState:
    """Both teams have a biriba; seat ``first`` and the next seat can each empty their hand this turn."""
    second = (first + 1) % 4
    return position(
        {first: "3S 4S", second: "3C 4C"},
        melds={0: [BIRIBA_H], 1: [BIRIBA_D]},
        packets=[PACKET_1, PACKET_2],
        draw_next="5S 5C",
        current=first,
    )


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_packet_1_goes_to_the_first_team_to_qualify_and_packet_2_to_the_next(first: int) -> None:
    state = _race(first)
    second = (first + 1) % 4
    play(state, Draw(first), meld_action(first, "3S 4S 5S"))
    assert sorted(hand_codes(state, first)) == sorted(PACKET_1.split())
    play(state, discard_action(first, "9S"))
    play(state, Draw(second), meld_action(second, "3C 4C 5C"))
    assert sorted(hand_codes(state, second)) == sorted(PACKET_2.split())
    assert state.biribaki_holder[first % 2] == first
    assert state.biribaki_holder[second % 2] == second
    assert state.packets_used == 2


def test_the_first_team_qualifying_by_discard_also_takes_packet_1() -> None:
    state = position(
        {1: "3C 4C 5C 9D"},
        melds={0: [BIRIBA_H], 1: [BIRIBA_D]},
        packets=[PACKET_1, PACKET_2],
        current=1,
        phase=Phase.PLAY,
    )
    play(state, meld_action(1, "3C 4C 5C"), discard_action(1, "9D"))
    assert sorted(hand_codes(state, 1)) == sorted(PACKET_1.split())
    assert state.biribaki_holder == [-1, 1]


def test_a_team_takes_one_biribaki_only() -> None:
    """After seat 0 took team 0's biribaki, its partner may not empty a hand for packet 2."""
    state = position(
        {2: "3S 4S 5S"},
        melds={0: [BIRIBA_H]},
        biribaki_holder={0: 0},
        packets=[PACKET_2],
        current=2,
        phase=Phase.PLAY,
    )
    assert_illegal(state, meld_action(2, "3S 4S 5S"), "keep-two-cards")
    assert state.packets_used == 1


def test_the_partner_of_the_holder_goes_out_instead_of_taking_a_second_packet() -> None:
    state = position(
        {2: "3S 4S 5S 9C"},
        melds={0: [BIRIBA_H]},
        biribaki_holder={0: 0},
        packets=[PACKET_2],
        current=2,
        phase=Phase.PLAY,
    )
    play(state, meld_action(2, "3S 4S 5S"), discard_action(2, "9C"))
    assert state.is_over and state.went_out == 2
    assert state.packets_used == 1
    assert state.biribaki_holder == [0, -1]


def test_the_holder_keeps_playing_with_the_biribaki() -> None:
    state = position({0: "9C"}, melds={0: [BIRIBA_H]}, packets=[PACKET_1], current=0, phase=Phase.PLAY)
    play(state, discard_action(0, "9C"))
    assert state.unplayed_biribaki[0] and state.biribaki_status(0) is BiribakiStatus.TAKEN_UNPLAYED
    for seat in (1, 2, 3):
        play(state, Draw(seat), Discard(seat, state.hand_cards(seat)[0]))
    play(state, Draw(0))
    assert not state.unplayed_biribaki[0] and state.biribaki_status(0) is BiribakiStatus.TAKEN
    play(state, meld_action(0, "QS KS AS"), extend_action(0, 1, "JS"))
    assert state.hand_size(0) == 12 - 4


def test_a_biriba_is_needed_to_take_the_biribaki() -> None:
    state = position({0: "3S 4S 5S"}, melds={0: ["6H 7H 8H 9H 10H JH"]}, phase=Phase.PLAY)
    assert_illegal(state, meld_action(0, "3S 4S 5S"), "keep-two-cards")
    assert state.biribaki_status(0) is BiribakiStatus.NOT_TAKEN


def test_variation_biribaki_without_a_biriba_but_no_going_out_without_one() -> None:
    rules = Rules.from_preset("standard", biriba_for_biribaki=False)
    state = position({0: "3S 4S 5S 9C"}, rules=rules, packets=[PACKET_1], phase=Phase.PLAY)
    play(state, meld_action(0, "3S 4S 5S"), discard_action(0, "9C"))
    assert state.biribaki_holder == [0, -1]
    state = position({0: "3S 4S 5S 9C"}, rules=rules, biribaki_holder={0: 2}, phase=Phase.PLAY)
    assert_illegal(state, meld_action(0, "3S 4S 5S"), "keep-two-cards")


# --- the end: going out ------------------------------------------------------------------------------------


def _about_to_go_out() -> HandState:
    return position({0: "3S 4S 5S 9C"}, melds={0: [BIRIBA_H]}, biribaki_holder={0: 0}, current=0, phase=Phase.PLAY)


def test_going_out_ends_the_hand_at_once() -> None:
    state = _about_to_go_out()
    play(state, meld_action(0, "3S 4S 5S"), discard_action(0, "9C"))
    assert state.is_over and state.phase is Phase.OVER
    assert state.went_out == 0
    assert state.legal_actions() == []


@pytest.mark.parametrize("action", [Draw(1), TakePile(1), Pass(1), Draw(0), discard_action(1, "9C")], ids=str)
def test_no_action_after_the_hand_is_over(action: Action) -> None:
    state = _about_to_go_out()
    play(state, meld_action(0, "3S 4S 5S"), discard_action(0, "9C"))
    assert_illegal(state, action, "hand-over")


def test_going_out_needs_the_biribaki() -> None:
    state = position({0: "3S 4S 5S 9C"}, melds={0: [BIRIBA_H]}, packets=[PACKET_1], phase=Phase.PLAY)
    play(state, meld_action(0, "3S 4S 5S"), discard_action(0, "9C"))
    assert not state.is_over and state.went_out == -1
    assert state.hand_size(0) == 11


def test_going_out_is_by_discard_not_by_melding_the_last_card() -> None:
    state = position({0: "3S 4S 5S"}, melds={0: [BIRIBA_H]}, biribaki_holder={0: 0}, phase=Phase.PLAY)
    assert_illegal(state, meld_action(0, "3S 4S 5S"), "keep-two-cards")
    assert not state.is_over


# --- the end: passes with the draw pile empty -------------------------------------------------------------


def _empty_draw_pile(current: int = 0) -> HandState:
    return position({}, discard="5C 6D", current=current, rest="discard")


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_four_consecutive_passes_end_the_hand(first: int) -> None:
    state = _empty_draw_pile(first)
    for k in range(4):
        seat = (first + k) % 4
        assert not state.is_over
        play(state, Pass(seat))
    assert state.is_over and state.went_out == -1
    assert state.legal_actions() == []


def test_three_passes_do_not_end_the_hand() -> None:
    state = _empty_draw_pile()
    play(state, Pass(0), Pass(1), Pass(2))
    assert not state.is_over and state.current == 3


def test_taking_the_pile_in_between_resets_the_passes() -> None:
    state = _empty_draw_pile()
    play(state, Pass(0), Pass(1), Pass(2), TakePile(3), discard_action(3, "6D"))
    play(state, Pass(0), Pass(1), Pass(2))
    assert not state.is_over
    play(state, Pass(3))
    assert state.is_over and state.went_out == -1


def test_with_the_draw_pile_empty_a_player_may_still_take_the_discard_pile() -> None:
    state = _empty_draw_pile()
    play(state, Pass(0))
    assert state.legal_actions() == [Pass(1), TakePile(1)]
    pile = len(state.discard_pile)
    play(state, TakePile(1))
    assert state.hand_size(1) == 11 + pile and state.discard_pile == []


def test_the_pile_may_be_taken_again_and_again_while_the_draw_pile_is_empty() -> None:
    state = position({1: "3C 4C 9H"}, discard="5C 6D", rest="discard")
    play(state, TakePile(0), discard_action(0, "6D"), TakePile(1), discard_action(1, "9H"))
    assert codes(state.discard_pile) == ["9H"]
    play(state, Pass(2), Pass(3), Pass(0))
    assert state.legal_actions() == [Pass(1), TakePile(1)]


def test_the_last_card_drawn_leads_to_passes() -> None:
    state = position({}, draw_next="KD", current=2, rest="discard")
    play(state, Draw(2), discard_action(2, "KD"))
    assert state.draw_pile == []
    assert state.legal_actions() == [Pass(3), TakePile(3)]


def test_a_hand_ended_by_passes_scores_without_a_going_out_bonus() -> None:
    state = _empty_draw_pile()
    play(state, Pass(0), Pass(1), Pass(2), Pass(3))
    assert [score.going_out for score in state.team_scores_for_hand()] == [0, 0]
