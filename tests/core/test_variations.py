"""The variations: every rule option a variation (the base rules' list, the Buraco and encyclopedia rules) or a preset
uses, each shown with the option and without it, the contradictory options the rules refuse, and what
each named preset bundles."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest

from biriba.core.actions import ChooseBonusSuit, Draw, Meld, Pass, Redraw, TakePile
from biriba.core.cards import JOKER, card_code, pack
from biriba.core.errors import InvalidInputError, InvalidRulesError
from biriba.core.match import Match
from biriba.core.melds import WILD, invalid_reason, meld_shape
from biriba.core.rules import INITIAL_MELD_SCHEDULES, BiribaBonuses, Rules, initial_meld_schedule
from biriba.core.scoring import BiribakiStatus, TeamScore, score_team
from biriba.core.state import HandState, Phase
from biriba.core.views import observe
from biriba.i18n import Words
from tests.builders import (
    assert_illegal,
    c,
    codes,
    cs,
    deck_for,
    discard_action,
    extend_action,
    hand_codes,
    m,
    meld_action,
    play,
    position,
)

STANDARD = Rules.from_preset("standard")
PLAY = Phase.PLAY
S, H, D, C = 0, 1, 2, 3

BIRIBA_H = "6H 7H 8H 9H 10H JH QH"
"""A clean seven-card heart run: a biriba."""
DIRTY_BIRIBA_H = "6H 7H 8H JK 10H JH QH"
"""The same run with a Joker for the Nine: a dirty biriba."""
FULL_S = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
DIRTY_FULL_S = "AS 2S 3S 4S 5S 6S JK 8S 9S 10S JS QS KS"
ACE_TO_ACE_S = FULL_S + " AS"
DIRTY_ACE_TO_ACE_S = "AS 2S 3S JK 5S 6S 7S 8S 9S 10S JS QS KS AS"


def rules(**options: Any) -> Rules:
    """The standard rules with ``options`` changed: one variation at a time."""
    return Rules.from_preset("standard", **options)


def _score(
    rules_: Rules,
    melds: list[str],
    hands: Sequence[str] = (),
    biribaki: BiribakiStatus = BiribakiStatus.TAKEN,
    went_out: bool = False,
    bonus_suit: int | None = None,
    laid_whole: list[bool] | None = None,
    none_taken: bool = False,
    cut: int | None = None,
) -> TeamScore:
    return score_team(
        rules_,
        bonus_suit,
        [m(meld) for meld in melds],
        [cs(hand) for hand in hands],
        biribaki,
        went_out,
        laid_whole=laid_whole,
        none_taken=none_taken,
        cut=cut,
    )


def _biriba_bonus(rules_: Rules, meld: str, bonus_suit: int | None = None, laid_whole: bool = False) -> int:
    return _score(rules_, [meld], bonus_suit=bonus_suit, laid_whole=[laid_whole]).biribas


# =====================================================================================================
# Melds
# =====================================================================================================


def test_no_sets_variation_refuses_a_set_that_the_standard_game_accepts() -> None:
    hand = {0: "KS KD KC 5H 6H 7H 9C"}
    standard = position(hand, phase=PLAY)
    play(standard, meld_action(0, "KS KD KC"))
    assert standard.melds[0][0].shape.kind == "set"

    no_sets = position(hand, rules=rules(sets=False), phase=PLAY)
    assert_illegal(no_sets, meld_action(0, "KS KD KC"), "meld-invalid")
    play(no_sets, meld_action(0, "5H 6H 7H"))  # runs are still melds
    assert no_sets.melds[0][0].shape.kind == "run"


def test_no_sets_variation_refuses_a_set_with_a_wild_card() -> None:
    state = position({0: "KS KD JK 9C 4D"}, rules=rules(sets=False), phase=PLAY)
    assert_illegal(state, meld_action(0, "KS KD JK"), "meld-invalid")


def test_sets_of_twos_are_melds_only_under_the_variation() -> None:
    hand = {0: "2S 2H 2D JK 9C KD"}
    assert_illegal(position(hand, phase=PLAY), meld_action(0, "2S 2H 2D"), "meld-invalid")

    state = position(hand, rules=rules(sets_of_twos=True), phase=PLAY)
    play(state, meld_action(0, "2S 2H 2D"))
    shape = state.melds[0][0].shape
    assert (shape.kind, shape.rank, shape.clean) == ("set", 2, True)
    play(state, extend_action(0, 0, "JK"))  # one Joker may join as the wild card
    assert not state.melds[0][0].shape.clean


def test_a_set_of_twos_holds_at_most_one_joker() -> None:
    state = position({0: "2S 2H JK JK 9C KD"}, rules=rules(sets_of_twos=True), phase=PLAY)
    play(state, meld_action(0, "2S 2H JK"))
    assert_illegal(state, extend_action(0, 0, "JK"), "extend-invalid")


def test_a_meld_of_wild_cards_only_is_a_meld_only_under_wild_melds() -> None:
    hand = {0: "JK 2S 2H 9C KD 4D"}
    assert_illegal(position(hand, phase=PLAY), meld_action(0, "JK 2S 2H"), "meld-invalid")

    state = position(hand, rules=rules(wild_melds=True), phase=PLAY)
    play(state, meld_action(0, "JK 2S 2H"))
    assert state.melds[0][0].shape.kind == WILD


WILD_FIRST = rules(wild_melds=True)


def test_wild_meld_first_while_the_meld_of_wild_cards_is_short_no_wild_card_goes_elsewhere() -> None:
    # Team 0 has a meld of three wild cards (not yet a biriba) and a heart run.
    state = position({0: "JK 2C 8D 9D 9C KD"}, rules=WILD_FIRST, melds={0: ["JK 2S 2H", "5H 6H 7H"]}, phase=PLAY)
    assert_illegal(state, meld_action(0, "8D 9D JK"), "wild-meld-first")
    assert_illegal(state, extend_action(0, 1, "JK"), "wild-meld-first")
    assert_illegal(state, extend_action(0, 1, "2C"), "wild-meld-first")
    play(state, extend_action(0, 0, "JK"))  # the wild cards go to the meld of wild cards
    assert len(state.melds[0][0].cards) == 4


def test_wild_meld_first_applies_to_a_meld_of_wild_cards_laid_in_the_same_action() -> None:
    state = position({0: "JK JK 2C 2D 9C KD 8D 9D"}, rules=WILD_FIRST, phase=PLAY)
    assert_illegal(state, meld_action(0, "JK 2C 2D", "8D 9D JK"), "wild-meld-first")
    play(state, meld_action(0, "JK 2C 2D"))


def test_wild_meld_first_binds_the_listed_melds_and_extensions() -> None:
    # The listing offers no play the rule forbids while the team's meld of wild cards is short, and every
    # play it allows once that meld is a biriba.
    hand = {0: "JK 2C 8D 9D 9C KD"}
    short = position(hand, rules=WILD_FIRST, melds={0: ["JK 2S 2H", "5H 6H 7H"]}, phase=PLAY)
    listed = short.legal_actions()
    assert extend_action(0, 0, "JK") in listed
    assert meld_action(0, "8D 9D JK") not in listed
    assert extend_action(0, 1, "JK") not in listed
    assert extend_action(0, 1, "2C") not in listed
    done = position(hand, rules=WILD_FIRST, melds={0: ["JK JK 2S 2S 2H 2H 2D", "5H 6H 7H"]}, phase=PLAY)
    listed = done.legal_actions()
    assert meld_action(0, "8D 9D JK") in listed
    assert extend_action(0, 1, "JK") in listed


def test_wild_meld_first_binds_the_listed_openings_of_two_melds() -> None:
    # Under a first-meld minimum the listing offers pairs of melds; a pair that lays a short meld of wild
    # cards and another meld with a wild card breaks the rule, though it keeps cards enough to end the turn.
    rules_ = Rules.from_preset("standard", wild_melds=True, initial_meld=[[0, 50]])
    state = position({0: "JK JK 2C 2D 8D 9D 9C KD QH 10D"}, rules=rules_, phase=PLAY)
    listed = [[codes(cards) for cards in a.melds] for a in state.legal_actions() if isinstance(a, Meld)]
    assert [["2D", "2C", "JK"], ["8D", "9D", "10D"]] in listed
    assert [["2D", "2C", "JK"], ["8D", "9D", "JK"]] not in listed
    assert_illegal(state, meld_action(0, "JK 2C 2D", "8D 9D JK"), "wild-meld-first")
    for action in state.legal_actions():
        state.clone().apply(action)


def test_wild_meld_first_no_second_meld_of_wild_cards_while_the_first_is_short() -> None:
    # The encyclopedia: "the player may not use a wild card in any group of cards until the Wild Card Biriba is
    # complete"; the wild cards go to the team's meld of wild cards, not to a second one.
    state = position({0: "JK 2C 2D 9C KD"}, rules=WILD_FIRST, melds={0: ["JK 2S 2H"]}, phase=PLAY)
    assert_illegal(state, meld_action(0, "JK 2C 2D"), "wild-meld-first")


def test_wild_meld_first_counts_a_natural_two_too() -> None:
    # The option's rule: while the meld of wild cards is short, no Joker or Two goes into another meld.
    state = position({0: "AH 2H 3H 9C KD"}, rules=WILD_FIRST, melds={0: ["JK 2S 2D"]}, phase=PLAY)
    assert_illegal(state, meld_action(0, "AH 2H 3H"), "wild-meld-first")
    play(position({0: "AH 2H 3H 9C KD"}, rules=WILD_FIRST, phase=PLAY), meld_action(0, "AH 2H 3H"))


def test_wild_meld_first_binds_the_partner_too() -> None:
    state = position({2: "JK 8D 9D 9C KD"}, rules=WILD_FIRST, melds={0: ["JK 2S 2H"]}, current=2, phase=PLAY)
    assert_illegal(state, meld_action(2, "8D 9D JK"), "wild-meld-first")


def test_wild_meld_first_ends_once_the_meld_of_wild_cards_is_a_biriba() -> None:
    state = position(
        {0: "JK 8D 9D 9C KD"},
        rules=WILD_FIRST,
        melds={0: ["JK JK 2S 2S 2H 2H 2D", "5H 6H 7H"]},
        phase=PLAY,
    )
    play(state, meld_action(0, "8D 9D JK"))
    assert codes(state.melds[0][2].cards) == ["8D", "9D", "JK"]


def test_without_a_meld_of_wild_cards_wild_cards_go_anywhere() -> None:
    hand = {0: "JK 8D 9D 9C KD"}
    for rules_ in (WILD_FIRST, STANDARD):
        state = position(hand, rules=rules_, melds={0: ["5H 6H 7H"]}, phase=PLAY)
        play(state, meld_action(0, "8D 9D JK"))
        assert len(state.melds[0]) == 2


def test_wild_meld_first_is_no_rule_of_the_other_team() -> None:
    # Team 1's short meld of wild cards does not bind team 0.
    state = position({0: "JK 8D 9D 9C KD"}, rules=WILD_FIRST, melds={1: ["JK 2S 2H"]}, phase=PLAY)
    play(state, meld_action(0, "8D 9D JK"))


def test_ace_to_ace_runs_of_fourteen_cards_only_under_the_variation() -> None:
    hand = {0: "AS 9C KD"}
    standard = position(hand, melds={0: [FULL_S]}, phase=PLAY)
    assert_illegal(standard, extend_action(0, 0, "AS"), "extend-invalid")

    state = position(hand, rules=rules(ace_to_ace=True), melds={0: [FULL_S]}, phase=PLAY)
    play(state, extend_action(0, 0, "AS"))
    shape = state.melds[0][0].shape
    assert (shape.kind, shape.length, shape.is_ace_to_ace, shape.clean) == ("run", 14, True, True)


def test_ace_to_ace_a_fourteen_card_run_laid_at_once() -> None:
    hand = {0: ACE_TO_ACE_S + " 9C KD"}
    assert_illegal(position(hand, phase=PLAY), meld_action(0, ACE_TO_ACE_S), "meld-invalid")
    state = position(hand, rules=rules(ace_to_ace=True), phase=PLAY)
    play(state, meld_action(0, ACE_TO_ACE_S))
    assert state.melds[0][0].shape.length == 14


def test_ace_to_ace_still_forbids_turning_the_corner() -> None:
    state = position({0: "QS KS AS 2S 3S 9C KD"}, rules=rules(ace_to_ace=True), phase=PLAY)
    assert_illegal(state, meld_action(0, "QS KS AS 2S 3S"), "meld-invalid")


# =====================================================================================================
# The deal and the start of a hand
# =====================================================================================================

NO_UPCARD = rules(upcard=False)


def test_no_upcard_the_discard_pile_starts_empty_and_the_next_card_stays_in_the_draw_pile() -> None:
    deck = deck_for(3, hands={0: "3S 4S 5S"}, draw_top="QS 5D", rules=NO_UPCARD)
    state = HandState.deal(NO_UPCARD, dealer=3, deck=deck)
    assert state.discard_pile == [] and state.upcard == -1
    assert state.bonus_suit is None
    assert codes(state.draw_pile[-2:][::-1]) == ["QS", "5D"]
    assert state.legal_actions() == [Draw(0)]  # no pile to take
    assert_illegal(state, TakePile(0), "discard-pile-empty")

    standard = HandState.deal(STANDARD, dealer=3, deck=deck)  # the same deck turns QS up
    assert codes(standard.discard_pile) == ["QS"] and standard.bonus_suit == S
    assert codes(standard.draw_pile[-1:]) == ["5D"]


def test_no_upcard_the_first_player_may_turn_the_first_card_up_and_draw_again() -> None:
    deck = deck_for(3, hands={0: "3S 4S 5S 9C KD"}, draw_top="QH 5D 8C", rules=NO_UPCARD)
    state = HandState.deal(NO_UPCARD, dealer=3, deck=deck)
    before = state.hand_cards(0)
    play(state, Draw(0))
    assert Redraw(0) in state.legal_actions()
    play(state, Redraw(0))
    assert codes(state.discard_pile) == ["QH"]
    assert sorted(state.hand_cards(0)) == sorted([*before, *cs("5D")])
    assert codes(state.draw_pile[-1:]) == ["8C"]
    assert_illegal(state, Redraw(0), "no-redraw")  # once only
    play(state, meld_action(0, "3S 4S 5S"), discard_action(0, "9C"))
    assert codes(state.discard_pile) == ["QH", "9C"]  # the discard goes on top of the turned card


def test_no_upcard_the_first_player_may_keep_the_first_card() -> None:
    deck = deck_for(3, hands={0: "3S 4S 5S 9C KD"}, draw_top="QH 5D", rules=NO_UPCARD)
    state = HandState.deal(NO_UPCARD, dealer=3, deck=deck)
    play(state, Draw(0), discard_action(0, "9C"))
    assert codes(state.discard_pile) == ["9C"] and "QH" in hand_codes(state, 0)


def test_no_upcard_the_redraw_is_only_right_after_the_first_draw() -> None:
    deck = deck_for(3, hands={0: "3S 4S 5S 9C KD"}, draw_top="QH 5D 8C", rules=NO_UPCARD)
    state = HandState.deal(NO_UPCARD, dealer=3, deck=deck)
    play(state, Draw(0), meld_action(0, "3S 4S 5S"))
    assert_illegal(state, Redraw(0), "no-redraw")  # not after melding
    play(state, discard_action(0, "9C"), Draw(1))
    assert_illegal(state, Redraw(1), "no-redraw")  # not for the next player


def test_with_an_upcard_there_is_no_redraw() -> None:
    state = HandState.deal(STANDARD, dealer=3, deck=deck_for(3, upcard="KH", draw_top="QH 5D"))
    play(state, Draw(0))
    assert_illegal(state, Redraw(0), "no-redraw")


def test_no_upcard_means_no_bonus_suit_by_default() -> None:
    assert NO_UPCARD.bonus_suit is False
    assert STANDARD.bonus_suit is True


def test_without_bonus_suit_the_upcards_suit_scores_no_more() -> None:
    melds = {0: [BIRIBA_H]}
    standard = position({}, melds=melds, upcard="KH")
    assert standard.bonus_suit == H
    assert standard.hand_score().team_scores[0].biribas == 400

    plain = position({}, rules=rules(bonus_suit=False), melds=melds, upcard="KH")
    assert plain.bonus_suit is None
    assert plain.hand_score().team_scores[0].biribas == 200


def test_without_bonus_suit_the_card_is_still_turned_up() -> None:
    no_suit = rules(bonus_suit=False)
    state = HandState.deal(no_suit, dealer=3, deck=deck_for(3, upcard="KH", rules=no_suit))
    assert codes(state.discard_pile) == ["KH"] and state.bonus_suit is None


# --- a Joker turned up ---------------------------------------------------------------------------------


def _joker_deal(rule: str, draw_top: str = "7D 9C") -> HandState:
    rules_ = rules(joker_upcard=rule)
    return HandState.deal(rules_, dealer=3, deck=deck_for(3, hands={0: "3S 4S 5S"}, upcard="JK", draw_top=draw_top))


def test_joker_upcard_no_bonus_suit() -> None:
    state = _joker_deal("no-bonus-suit")
    assert state.bonus_suit is None and state.phase is Phase.DRAW
    assert codes(state.discard_pile) == ["JK"] and state.hand_size(0) == 11
    assert state.legal_actions() == [Draw(0), TakePile(0)]


def test_joker_upcard_first_player_chooses_a_bonus_suit_before_drawing() -> None:
    state = _joker_deal("first-player-chooses")
    assert state.phase is Phase.CHOOSE and state.bonus_suit is None
    assert state.legal_actions() == [ChooseBonusSuit(0, suit) for suit in (None, S, H, D, C)]
    assert_illegal(state, Draw(0), "choose-bonus-suit-first")
    assert_illegal(state, TakePile(0), "choose-bonus-suit-first")
    assert_illegal(state, ChooseBonusSuit(1, H), "not-your-turn")
    play(state, ChooseBonusSuit(0, D))
    assert state.bonus_suit == D and state.phase is Phase.DRAW
    assert codes(state.discard_pile) == ["JK"]
    play(state, Draw(0))
    assert codes(state.draw_pile[-1:]) == ["9C"]


def test_joker_upcard_first_player_may_choose_no_bonus_suit() -> None:
    state = _joker_deal("first-player-chooses")
    play(state, ChooseBonusSuit(0, None))
    assert state.bonus_suit is None and state.phase is Phase.DRAW


@pytest.mark.parametrize(("suit", "bonus"), [(H, 400), (S, 200), (None, 200)])
def test_joker_upcard_the_chosen_suit_scores_as_the_bonus_suit(suit: int | None, bonus: int) -> None:
    chooses = rules(joker_upcard="first-player-chooses")
    state = position({}, rules=chooses, melds={0: [BIRIBA_H]}, upcard="JK", phase=Phase.CHOOSE)
    play(state, ChooseBonusSuit(0, suit))
    assert state.hand_score().team_scores[0].biribas == bonus


def test_joker_upcard_first_player_chooses_only_on_a_joker() -> None:
    rules_ = rules(joker_upcard="first-player-chooses")
    state = HandState.deal(rules_, dealer=3, deck=deck_for(3, upcard="KH"))
    assert state.phase is Phase.DRAW and state.bonus_suit == H
    assert_illegal(state, ChooseBonusSuit(0, D), "no-bonus-suit-choice")


def test_no_bonus_suit_choice_under_the_standard_joker_rule() -> None:
    state = _joker_deal("no-bonus-suit")
    assert_illegal(state, ChooseBonusSuit(0, D), "no-bonus-suit-choice")


def test_joker_upcard_first_player_takes_the_joker_and_the_next_card_is_turned_up() -> None:
    state = _joker_deal("first-player-takes")
    assert state.hands[0][JOKER] == 1
    assert state.hand_size(0) == 12 and state.known[0][JOKER] == 1
    assert all(state.hand_size(seat) == 11 for seat in (1, 2, 3))
    assert card_code(state.upcard) == "7D" and codes(state.discard_pile) == ["7D"]
    assert state.bonus_suit == D and state.phase is Phase.DRAW
    assert codes(state.draw_pile[-1:]) == ["9C"]
    # The first player ends the first turn by discarding on top of the new upcard.
    play(state, Draw(0), discard_action(0, "9C"))
    assert codes(state.discard_pile) == ["7D", "9C"] and state.hand_size(0) == 12


def test_joker_upcard_first_player_takes_every_joker_turned_up() -> None:
    state = _joker_deal("first-player-takes", draw_top="JK 7D 9C")
    assert state.hands[0][JOKER] == 2 and state.hand_size(0) == 13
    assert codes(state.discard_pile) == ["7D"] and state.bonus_suit == D


def test_joker_upcard_first_player_takes_follows_the_first_player_option() -> None:
    rules_ = rules(joker_upcard="first-player-takes", first_player=2)
    state = HandState.deal(rules_, dealer=3, deck=deck_for(3, upcard="JK", draw_top="7D"))
    assert state.current == 1 and state.hand_size(1) == 12 and state.known[1][JOKER] == 1


# --- the first player ------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_first_player_option_counts_seats_after_the_dealer(dealer: int) -> None:
    deck = deck_for(dealer)
    assert HandState.deal(STANDARD, dealer=dealer, deck=deck).current == (dealer + 1) % 4
    assert HandState.deal(rules(first_player=2), dealer=dealer, deck=deck).current == (dealer + 2) % 4


def test_venezuelan_the_third_player_plays_first_and_the_dealer_with_two_players() -> None:
    four = Rules.from_preset("venezuelan")
    assert HandState.deal(four, dealer=3, seed=5).current == 1
    two = Rules.from_preset("venezuelan", players=2)
    assert HandState.deal(two, dealer=1, seed=5).current == 1
    assert HandState.deal(Rules.from_preset("standard", players=2), dealer=1, seed=5).current == 0


# --- the dealer's wild cards from the bottom (Venezuelan) --------------------------------------------


def _with_bottom(deck: list[int], bottom: str, rules_: Rules = STANDARD) -> list[int]:
    """``deck`` with the cards ``bottom`` moved from the draw pile to the bottom of the deck (last card
    written = the bottom card)."""
    first_draw = rules_.players * rules_.hand_size + sum(rules_.packet_sizes) + (1 if rules_.upcard else 0)
    head, drawn = deck[:first_draw], deck[first_draw:]
    for card in cs(bottom):
        drawn.remove(card)
    return head + drawn + cs(bottom)


def test_dealer_takes_the_wild_cards_from_the_bottom_three_again_and_again() -> None:
    deck = _with_bottom(deck_for(3), "8C 2D 9C 2C 5H JK")
    option = rules(dealer_takes_bottom_wilds=True)
    state = HandState.deal(option, dealer=3, deck=deck)
    # 2C and JK are among the bottom three; then 2D comes into the bottom three; then 8C 9C 5H: none.
    dealer_hand = hand_codes(state, 3)
    assert all(card in dealer_hand for card in ("2C", "2D", "JK"))
    assert state.hand_sizes == [11, 11, 11, 11]
    assert codes(state.draw_pile[:3]) == ["5H", "9C", "8C"]  # the bottom of the draw pile
    assert sorted(state.all_cards()) == sorted(deck)

    standard = HandState.deal(STANDARD, dealer=3, deck=deck)
    assert codes(standard.draw_pile[:6]) == ["JK", "5H", "2C", "9C", "2D", "8C"]


def test_dealer_takes_no_card_when_the_bottom_three_hold_no_wild_card() -> None:
    deck = _with_bottom(deck_for(3), "8C 9C 5H")
    option = rules(dealer_takes_bottom_wilds=True)
    assert HandState.deal(option, dealer=3, deck=deck).hands == HandState.deal(STANDARD, dealer=3, deck=deck).hands


# --- the cut (Venezuelan) ---------------------------------------------------------------------------

CUT_RULES = rules(exact_cut_bonus=100, near_cut_bonus=50)


@pytest.mark.parametrize(("cut", "points"), [(0, 100), (1, 50), (-1, 50), (2, 0), (-3, 0)])
def test_the_dealers_team_scores_the_cut(cut: int, points: int) -> None:
    state = HandState.deal(CUT_RULES, dealer=3, deck=deck_for(3), cut=cut)
    scores = state.hand_score().team_scores
    assert scores[1].cut == points  # seat 3 deals: team 1
    assert scores[0].cut == 0
    assert scores[1].score - scores[0].score == points + scores[1].in_hand - scores[0].in_hand


def test_the_cut_scores_nothing_without_the_cut_bonuses() -> None:
    state = HandState.deal(STANDARD, dealer=3, deck=deck_for(3), cut=0)
    assert [team.cut for team in state.hand_score().team_scores] == [0, 0]


def test_venezuelan_cut_bonuses_go_to_the_lone_dealer() -> None:
    three = Rules.from_preset("venezuelan", players=3)
    for cut, points in ((0, 100), (-1, 50), (2, 0)):
        state = HandState.deal(three, dealer=1, seed=3, cut=cut)
        assert [team.cut for team in state.hand_score().team_scores] == [0, points, 0]


# --- Buraco's procedures (the Buraco rules) ----------------------------------------------------------------

BURACO = Rules.from_json(
    # The Buraco rules' variations, off in the presets: sets of Aces, the scored cut, the cutter's wild card.
    {
        "preset": "buraco-aberto",
        "sets": "aces",
        "exact_cut_bonus": 100,
        "short_cut_penalty": 100,
        "cutter_takes_bottom_wild": True,
    }
)


@pytest.mark.parametrize(("cut", "points"), [(0, 100), (1, 0), (3, 0), (-1, -100), (-3, -100)])
def test_buraco_the_cutters_team_scores_the_cut(cut: int, points: int) -> None:
    """The Buraco rules: "a bonus of 100 points to the non-dealing team if the player making the cut does so in such
    a way as to leave exactly 44 cards ... if the cutter leaves the dealer with fewer than 44 cards, the
    cutter's team is charged a 100-point penalty". The cutter sits at the dealer's right and plays first."""
    state = HandState.deal(BURACO, dealer=3, deck=deck_for(3, rules=BURACO), cut=cut)
    assert BURACO.cutter_seat(3) == 0
    scores = state.hand_score().team_scores
    assert (scores[0].cut, scores[1].cut) == (points, 0)  # seat 0 cuts for team 0, the non-dealing team
    assert scores[0].score - scores[1].score == points + scores[0].in_hand - scores[1].in_hand


def test_buraco_a_seeded_deal_draws_the_cut_from_the_seed() -> None:
    errors = {HandState.deal(BURACO, dealer=0, seed=seed).cut for seed in range(60)}
    assert errors <= {-3, -2, -1, 0, 1, 2, 3} and {-1, 0, 1} <= errors
    assert HandState.deal(STANDARD, dealer=0, seed=1).cut is None  # the base game does not score the cut
    assert HandState.deal(Rules.from_preset("buraco-aberto"), dealer=0, seed=1).cut is None  # nor the preset


@pytest.mark.parametrize("wild", ["JK", "2D"])
def test_buraco_the_cutter_keeps_a_wild_card_at_the_bottom_of_the_cut(wild: str) -> None:
    """The Buraco rules: "the person who cuts the deck can look at the bottom card from the upper portion of the cut.
    If that card is a joker or a 2 ... they can keep it as a card for their hand ... the person who cut and
    already has their first card is skipped during the first dealing round." The bottom card is the
    deck's last (docs/rules.md); the cutter is dealt one card fewer."""
    deck = _with_bottom(deck_for(3, rules=BURACO), f"8C {wild}", BURACO)
    state = HandState.deal(BURACO, dealer=3, deck=deck)
    plain = HandState.deal(dataclasses.replace(BURACO, cutter_takes_bottom_wild=False), dealer=3, deck=deck)
    assert state.hand_sizes == plain.hand_sizes == [11, 11, 11, 11]
    assert state.hands[0][c(wild)] == plain.hands[0][c(wild)] + 1  # seat 0 cuts (it plays first)
    assert state.hands[1:] != plain.hands[1:]  # everyone after the cutter is dealt one card earlier
    assert sorted(state.all_cards()) == sorted(plain.all_cards())
    # The presets play the main text: the deck is dealt in the contract's order, the wild card too.
    assert HandState.deal(Rules.from_preset("buraco-aberto"), dealer=3, deck=deck).hands == plain.hands


def test_buraco_no_card_for_the_cutter_when_the_bottom_of_the_cut_is_not_wild() -> None:
    deck = _with_bottom(deck_for(3, rules=BURACO), "2D 8C", BURACO)
    plain = dataclasses.replace(BURACO, cutter_takes_bottom_wild=False)
    assert HandState.deal(BURACO, dealer=3, deck=deck).hands == HandState.deal(plain, dealer=3, deck=deck).hands


def test_buraco_aberto_allows_sets_of_aces_only() -> None:
    """The Buraco rules' variation: "In buraco aberto, some allow a set of three of more aces to be melded, but no
    ranks other than aces." A set of seven Aces is a canastra."""
    melds = BURACO.meld_rules
    assert meld_shape(m("AS AH AD"), melds) is not None
    assert meld_shape(m("AS AH JK"), melds) is not None
    assert meld_shape(m("KS KH KD"), melds) is None
    assert invalid_reason(m("KS KH KD"), melds).key == "meld.only-ace-sets"
    seven = meld_shape(m("AS AS AH AH AD AD AC"), melds)
    assert seven is not None and seven.is_biriba
    state = position({0: "AS AH AD KS KH KD 5C"}, rules=BURACO, phase=PLAY)
    assert meld_action(0, "AS AH AD") in state.legal_actions()
    assert_illegal(state, meld_action(0, "KS KH KD"), "meld-invalid")
    assert not any(isinstance(a, Meld) and c("KS") in a.melds[0] for a in state.legal_actions())
    plain = Rules.from_preset("buraco-aberto")  # "In Buraco Aberto there are no sets of equal cards"
    assert meld_shape(m("AS AH AD"), plain.meld_rules) is None


# =====================================================================================================
# The turn
# =====================================================================================================

REQUIRES_MELD = rules(take_pile_requires_meld=True)
REQUIRES_TOP = rules(take_pile_requires_top_card=True)


def test_take_pile_requires_meld_refuses_a_pile_with_no_card_to_meld() -> None:
    hand = {0: "9H 10H KS 4C"}
    assert TakePile(0) in position(hand, discard="3D 8C QS").legal_actions()
    state = position(hand, rules=REQUIRES_MELD, discard="3D 8C QS")
    assert_illegal(state, TakePile(0), "take-pile-requires-meld")


def test_take_pile_requires_meld_then_the_pile_card_must_be_melded_before_the_discard() -> None:
    state = position({0: "9H 10H KS 4C"}, rules=REQUIRES_MELD, discard="3D JH 8C")
    play(state, TakePile(0))
    assert_illegal(state, discard_action(0, "4C"), "take-pile-requires-meld")
    play(state, meld_action(0, "9H 10H JH"), discard_action(0, "4C"))

    free = position({0: "9H 10H KS 4C"}, discard="3D JH 8C")
    play(free, TakePile(0), discard_action(0, "4C"))


def test_take_pile_requires_top_card_refuses_a_pile_whose_top_card_cannot_be_melded() -> None:
    hand = {0: "9D 9S KH 4C"}  # the 9C below could be melded, the top 8D not
    assert TakePile(0) in position(hand, rules=REQUIRES_MELD, discard="9C 8D").legal_actions()
    state = position(hand, rules=REQUIRES_TOP, discard="9C 8D")
    assert_illegal(state, TakePile(0), "take-pile-requires-top-card")


def test_take_pile_requires_top_card_the_top_card_must_be_melded() -> None:
    state = position({0: "9D 9S 6D 7D KH 4C"}, rules=REQUIRES_TOP, discard="9C 8D")
    play(state, TakePile(0))
    play(state, meld_action(0, "9S 9D 9C"))  # a pile card, but not the top one
    assert_illegal(state, discard_action(0, "4C"), "take-pile-requires-top-card")
    play(state, meld_action(0, "6D 7D 8D"), discard_action(0, "4C"))


def test_take_pile_requires_top_card_a_wild_top_card_must_go_into_a_new_meld() -> None:
    hand = {0: "KS 9D 4C"}  # the Joker can only extend the heart run
    melds = {0: ["5H 6H 7H"]}
    assert TakePile(0) in position(hand, rules=REQUIRES_MELD, melds=melds, discard="8C JK").legal_actions()
    state = position(hand, rules=REQUIRES_TOP, melds=melds, discard="8C JK")
    assert_illegal(state, TakePile(0), "take-pile-requires-top-card")


def test_take_pile_requires_top_card_extending_with_the_wild_top_card_does_not_count() -> None:
    state = position({0: "KS KD JK 4C"}, rules=REQUIRES_TOP, melds={0: ["5H 6H 7H"]}, discard="8C JK")
    play(state, TakePile(0), extend_action(0, 0, "JK"))
    assert_illegal(state, discard_action(0, "4C"), "take-pile-requires-top-card")
    play(state, meld_action(0, "KS KD JK"), discard_action(0, "4C"))


def test_take_pile_requires_top_card_the_wild_top_card_cannot_go_out_of_the_hand_in_an_extension() -> None:
    # Extending with the whole hand takes the biribaki, but the wild top card went into an old meld: the new
    # hand still owes it to a new meld, and holds no copy of it. The turn could never end, so the play is
    # refused; the same set of Fours laid as a new meld meets the obligation.
    options = {"take_pile_requires_top_card": True, "biriba_for_biribaki": False}
    table = {0: ["4S 4H 4H"]}

    def taken(packet: str) -> HandState:
        state = position({0: "4D 4C"}, rules=rules(**options), melds=table, discard="2H", packets=[packet])
        play(state, TakePile(0))
        return state

    state = taken("KD QD")
    assert_illegal(state, extend_action(0, 0, "2H 4D 4C"), "keep-a-discard")
    play(state, meld_action(0, "4D 4C 2H"))
    assert state.pile_obligation is None
    # With a copy of the owed card in the biribaki, the new hand can still meet it: the extension stands.
    state = taken("KD QD 2H JK")
    play(state, extend_action(0, 0, "2H 4D 4C"))
    assert state.hand_size(0) == 11 and state.pile_obligation == {c("2H")}


def test_closed_discard_pile_shows_only_its_top_card() -> None:
    closed = position({}, rules=rules(closed_discard_pile=True), discard="3D 8C JH")
    for seat in range(4):
        view = observe(closed, seat)
        assert codes(view.discard_pile) == ["JH"] and view.discard_pile_size == 3
        assert view.to_json()["discard_pile"] == ["JH"]
    open_ = observe(position({}, discard="3D 8C JH"), 1)
    assert codes(open_.discard_pile) == ["3D", "8C", "JH"] and open_.discard_pile_size == 3


def test_closed_discard_pile_is_still_taken_whole() -> None:
    state = position({0: "9H 10H KS 4C"}, rules=rules(closed_discard_pile=True), discard="3D 8C JH")
    play(state, TakePile(0))
    assert state.hand_size(0) == 7 and observe(state, 0).discard_pile_size == 0


def test_biribaki_without_a_biriba_under_the_variation() -> None:
    hand = {0: "3S 4S 5S 9C"}
    assert_illegal(position(hand, phase=PLAY), meld_action(0, "3S 4S 5S"), "keep-two-cards")

    state = position(hand, rules=rules(biriba_for_biribaki=False), phase=PLAY, packets=["KD QD"])
    play(state, meld_action(0, "3S 4S 5S"), discard_action(0, "9C"))
    assert state.biribaki_holder[0] == 0 and state.hand_size(0) == 11
    assert state.unplayed_biribaki[0]


def test_biribaki_without_a_biriba_melding_the_whole_hand_takes_it_at_once() -> None:
    state = position({0: "3S 4S 5S"}, rules=rules(biriba_for_biribaki=False), phase=PLAY)
    play(state, meld_action(0, "3S 4S 5S"))
    assert state.biribaki_holder[0] == 0 and state.hand_size(0) == 11 and state.phase is PLAY


def test_biribaki_without_a_biriba_but_going_out_still_needs_one() -> None:
    state = position(
        {0: "3S 4S 5S 9C"},
        rules=rules(biriba_for_biribaki=False),
        melds={0: ["3H 4H 5H"]},
        biribaki_holder={0: 0},
        phase=PLAY,
    )
    assert_illegal(state, meld_action(0, "3S 4S 5S"), "keep-two-cards")


# --- whole-hand opening (Venezuelan) ---------------------------------------------------------------

WHOLE = rules(whole_hand_opening=True, biriba_for_biribaki=False)
NOT_WHOLE = rules(biriba_for_biribaki=False)
OPENING_HAND = "3S 4S 5S 9C 9D 9H KD"


def test_whole_hand_opening_a_team_melds_nothing_before_laying_a_whole_hand() -> None:
    free = position({0: OPENING_HAND}, rules=NOT_WHOLE, phase=PLAY)
    play(free, meld_action(0, "3S 4S 5S"))

    state = position({0: OPENING_HAND}, rules=WHOLE, phase=PLAY)
    assert state.must_open_whole(0)
    assert_illegal(state, meld_action(0, "3S 4S 5S"), "whole-hand-opening")
    assert_illegal(state, meld_action(0, "9C 9D 9H"), "whole-hand-opening")


def test_whole_hand_opening_all_but_a_discard_then_the_partner_melds_freely() -> None:
    state = position(
        {0: OPENING_HAND, 1: "5C 6C 7C QH JS 4D", 2: "QS QD QC 9S 4H 3D"},
        rules=WHOLE,
        phase=PLAY,
        draw_next="10S 10D",
    )
    play(state, meld_action(0, "3S 4S 5S", "9C 9D 9H"), discard_action(0, "KD"))
    assert state.biribaki_holder[0] == 0 and state.hand_size(0) == 11
    # The opponents are still bound; the partner is not.
    play(state, Draw(1))
    assert_illegal(state, meld_action(1, "5C 6C 7C"), "whole-hand-opening")
    play(state, discard_action(1, "QH"), Draw(2))
    assert not state.must_open_whole(2)
    play(state, meld_action(2, "QS QD QC"), extend_action(2, 1, "9S"), discard_action(2, "3D"))
    assert len(state.melds[0]) == 3 and len(state.melds[0][1].cards) == 4


def test_whole_hand_opening_is_listed() -> None:
    state = position({0: OPENING_HAND}, rules=WHOLE, phase=PLAY)
    assert meld_action(0, "3S 4S 5S", "9C 9D 9H") in state.legal_actions()


def test_whole_hand_opening_with_no_card_left_takes_the_biribaki_at_once() -> None:
    state = position({0: "3S 4S 5S 9C 9D 9H"}, rules=WHOLE, phase=PLAY, packets=["3H 4H 5H"])
    play(state, meld_action(0, "3S 4S 5S", "9C 9D 9H"))
    assert state.biribaki_holder[0] == 0 and state.hand_size(0) == 11 and state.phase is PLAY
    play(state, meld_action(0, "3H 4H 5H"))  # the team has opened: it melds freely


# --- the minimum initial meld ----------------------------------------------------------------------

MIN_HAND = {0: "AS AH AD KS KD KC 3H 4H 5H 9C 4D"}


def test_initial_meld_named_schedule_by_the_teams_score() -> None:
    rules_ = rules(initial_meld="5000-a")  # 1500-2995: 75
    state = position(MIN_HAND, rules=rules_, phase=PLAY, scores=[1500, 0, 1500, 0])
    assert state.opening_minimum(0) == 75 and state.opening_minimum(1) == 0
    assert_illegal(state, meld_action(0, "AS AH AD"), "initial-meld-minimum")  # 45
    assert_illegal(state, meld_action(0, "KS KD KC"), "initial-meld-minimum")  # 30
    # Two melds in one action reach it together (45 + 30 = 75: at least the minimum).
    play(state, meld_action(0, "AS AH AD", "KS KD KC"))
    assert state.opening_minimum(0) == 0 and state.opening_minimum(2) == 0
    play(state, meld_action(0, "3H 4H 5H"))  # later melds have no minimum


def test_initial_meld_below_the_first_threshold_has_no_minimum() -> None:
    state = position(MIN_HAND, rules=rules(initial_meld="5000-a"), phase=PLAY, scores=[1495, 0, 1495, 0])
    play(state, meld_action(0, "3H 4H 5H"))


def test_initial_meld_none_without_the_variation() -> None:
    state = position(MIN_HAND, phase=PLAY, scores=[4500, 0, 4500, 0])
    assert state.opening_minimum(0) == 0
    play(state, meld_action(0, "3H 4H 5H"))


def test_initial_meld_a_single_meld_must_reach_the_minimum() -> None:
    state = position(
        {0: "AS AS AH AH AD AC JK 9C KD"},
        rules=rules(initial_meld="5000-a"),
        phase=PLAY,
        scores=[3000, 0, 3000, 0],
    )
    assert state.opening_minimum(0) == 100
    assert_illegal(state, meld_action(0, "AS AH AD AC"), "initial-meld-minimum")  # 60
    assert_illegal(state, meld_action(0, "AS AH AD AC JK"), "initial-meld-minimum")  # 80
    play(state, meld_action(0, "AS AS AH AH AD AC JK"))  # 110


def test_initial_meld_a_schedule_with_a_minimum_from_zero() -> None:
    state = position(MIN_HAND, rules=rules(initial_meld="5000-c"), phase=PLAY)  # up to 1495: 55
    assert state.opening_minimum(0) == 55
    assert_illegal(state, meld_action(0, "AS AH AD"), "initial-meld-minimum")
    play(state, meld_action(0, "AS AH AD", "3H 4H 5H"))  # 60


def test_initial_meld_a_custom_schedule() -> None:
    custom = rules(initial_meld=[[0, 0], [1000, 50]])
    assert custom.initial_meld == ((0, 0), (1000, 50))
    low = position(MIN_HAND, rules=custom, phase=PLAY, scores=[999, 0, 999, 0])
    play(low, meld_action(0, "3H 4H 5H"))
    high = position(MIN_HAND, rules=custom, phase=PLAY, scores=[1000, 0, 1000, 0])
    assert_illegal(high, meld_action(0, "AS AH AD"), "initial-meld-minimum")  # 45
    play(high, meld_action(0, "AS AH AD", "3H 4H 5H"))  # 60


def test_initial_meld_uses_the_card_values_of_the_rules() -> None:
    rich_aces = rules(initial_meld=[[0, 50]], ace_value=20)
    play(position(MIN_HAND, rules=rich_aces, phase=PLAY), meld_action(0, "AS AH AD"))  # 60
    assert_illegal(
        position(MIN_HAND, rules=rules(initial_meld=[[0, 50]]), phase=PLAY),
        meld_action(0, "AS AH AD"),
        "initial-meld-minimum",
    )


# --- the closing condition (the newer encyclopedia text) --------------------------------------------------------------

CLOSING = rules(going_out_after_one_card_pile=False)


def _closing_position(rules_: Rules) -> HandState:
    return position({0: "KD"}, rules=rules_, melds={0: [BIRIBA_H]}, biribaki_holder={0: 0}, discard="5H", current=0)


def test_one_card_in_hand_and_a_one_card_pile_may_go_out_in_the_standard_game() -> None:
    state = _closing_position(STANDARD)
    play(state, TakePile(0), extend_action(0, 0, "5H"), discard_action(0, "KD"))
    assert state.is_over and state.went_out == 0


def test_closing_condition_no_going_out_after_taking_a_one_card_pile_with_one_card() -> None:
    state = _closing_position(CLOSING)
    play(state, TakePile(0))
    assert_illegal(state, extend_action(0, 0, "5H"), "closing-condition")
    play(state, discard_action(0, "KD"))  # a discard that keeps a card: the hand goes on
    assert not state.is_over and state.hand_size(0) == 1 and state.current == 1


@pytest.mark.parametrize(
    ("hand", "pile", "extension"),
    [("KD", "4H 5H", "4H 5H"), ("KD 4H", "5H", "4H 5H")],
    ids=["two-card-pile", "two-cards-in-hand"],
)
def test_closing_condition_is_only_one_card_in_hand_and_a_one_card_pile(hand: str, pile: str, extension: str) -> None:
    state = position({0: hand}, rules=CLOSING, melds={0: [BIRIBA_H]}, biribaki_holder={0: 0}, discard=pile)
    play(state, TakePile(0), extend_action(0, 0, extension), discard_action(0, "KD"))
    assert state.is_over and state.went_out == 0


# --- going out by melding the last card (Venezuelan) ---------------------------------------------

BY_MELD = rules(going_out_by_meld=True)


def test_going_out_by_melding_the_last_card() -> None:
    hand = {0: "KS KD"}
    for rules_ in (STANDARD, BY_MELD):
        state = position(hand, rules=rules_, melds={0: [BIRIBA_H]}, biribaki_holder={0: 0}, draw_next="KC")
        play(state, Draw(0))
        if rules_ is STANDARD:
            assert_illegal(state, meld_action(0, "KS KD KC"), "keep-two-cards")
        else:
            play(state, meld_action(0, "KS KD KC"))
            assert state.is_over and state.went_out == 0
            assert state.hand_score().team_scores[0].going_out == 100


def test_going_out_by_meld_still_needs_a_biriba_and_the_biribaki() -> None:
    no_biriba = position({0: "KS KD KC"}, rules=BY_MELD, melds={0: ["3H 4H 5H"]}, biribaki_holder={0: 0}, phase=PLAY)
    assert_illegal(no_biriba, meld_action(0, "KS KD KC"), "keep-two-cards")
    # Without the biribaki, melding the last card takes it instead.
    no_packet = position({0: "KS KD KC"}, rules=BY_MELD, melds={0: [BIRIBA_H]}, phase=PLAY)
    play(no_packet, meld_action(0, "KS KD KC"))
    assert not no_packet.is_over and no_packet.biribaki_holder[0] == 0


def test_going_out_by_meld_also_by_discard() -> None:
    state = position({0: "KS KD KC 4C"}, rules=BY_MELD, melds={0: [BIRIBA_H]}, biribaki_holder={0: 0}, phase=PLAY)
    play(state, meld_action(0, "KS KD KC"), discard_action(0, "4C"))
    assert state.is_over and state.went_out == 0


# --- going out needs a clean biriba (Buraco aberto) -----------------------------------------------

CLEAN_OUT = rules(going_out_needs_clean_biriba=True)


@pytest.mark.parametrize(
    ("rules_", "biriba", "goes_out"),
    [
        (STANDARD, DIRTY_BIRIBA_H, True),
        (CLEAN_OUT, DIRTY_BIRIBA_H, False),
        (CLEAN_OUT, BIRIBA_H, True),
    ],
    ids=["standard-dirty", "clean-needed-dirty", "clean-needed-clean"],
)
def test_going_out_needs_a_clean_biriba(rules_: Rules, biriba: str, goes_out: bool) -> None:
    state = position({0: "5H 9C"}, rules=rules_, melds={0: [biriba]}, biribaki_holder={0: 0}, phase=PLAY)
    if not goes_out:
        assert_illegal(state, extend_action(0, 0, "5H"), "keep-two-cards")
        one_card = position({0: "9C"}, rules=rules_, melds={0: [biriba]}, biribaki_holder={0: 0}, phase=PLAY)
        assert_illegal(one_card, discard_action(0, "9C"), "last-card")
        return
    play(state, extend_action(0, 0, "5H"), discard_action(0, "9C"))
    assert state.is_over and state.went_out == 0


def test_going_out_needs_a_clean_biriba_does_not_bind_the_biribaki() -> None:
    state = position({0: "5H 9C"}, rules=CLEAN_OUT, melds={0: [DIRTY_BIRIBA_H]}, phase=PLAY)
    play(state, extend_action(0, 0, "5H"), discard_action(0, "9C"))
    assert state.biribaki_holder[0] == 0 and not state.is_over


# --- the end of the draw pile (Buraco) -------------------------------------------------------------

PACKETS_THEN_END = rules(end_of_draw_pile="packets-then-end")


def test_packets_then_end_a_packet_becomes_the_draw_pile() -> None:
    state = position({0: "3S 4S 9C KD"}, rules=PACKETS_THEN_END, draw_next="QS", packets=["7D 8D"], rest="discard")
    play(state, Draw(0))
    assert state.packets_used == 1 and len(state.draw_pile) == 11
    assert codes(state.draw_pile[-2:][::-1]) == ["7D", "8D"]
    assert observe(state, 1).biribakia_left == (11,)
    play(state, discard_action(0, "9C"), Draw(1))
    assert "7D" in hand_codes(state, 1)

    passes = position({0: "3S 4S 9C KD"}, draw_next="QS", packets=["7D 8D"], rest="discard")
    play(passes, Draw(0), discard_action(0, "9C"))
    assert passes.draw_pile == [] and passes.packets_used == 0
    assert passes.legal_actions() == [Pass(1), TakePile(1)]


def test_packets_then_end_a_team_qualifying_later_takes_the_next_packet() -> None:
    state = position(
        {0: "3S 4S 9C KD", 1: "5H"},
        rules=PACKETS_THEN_END,
        melds={1: [BIRIBA_H]},
        draw_next="QS",
        packets=["7D 8D", "JC QC"],
        rest="discard",
    )
    play(state, Draw(0), discard_action(0, "9C"), Draw(1))  # seat 1 draws the 7D of packet 1
    play(state, extend_action(1, 0, "5H"), discard_action(1, "7D"))
    assert state.biribaki_holder == [-1, 1] and state.packets_used == 2
    assert {"JC", "QC"} <= set(hand_codes(state, 1))


def test_packets_then_end_with_no_packet_left_the_turn_that_drew_the_last_card_ends_the_hand() -> None:
    state = position(
        {0: "3S 4S 9C KD"},
        rules=PACKETS_THEN_END,
        draw_next="QS",
        biribaki_holder={0: 0, 1: 1},
        rest="discard",
    )
    play(state, Draw(0))
    assert state.last_turn and not state.is_over
    play(state, discard_action(0, "9C"))
    assert state.is_over and state.went_out == -1
    assert_illegal(state, Pass(1), "hand-over")
    assert [team.going_out for team in state.hand_score().team_scores] == [0, 0]

    passes = position({0: "3S 4S 9C KD"}, draw_next="QS", biribaki_holder={0: 0, 1: 1}, rest="discard")
    play(passes, Draw(0), discard_action(0, "9C"))
    assert not passes.is_over and passes.legal_actions() == [Pass(1), TakePile(1)]


# --- the end of the draw pile (the newer encyclopedia text: the last card drawn ends the hand) ----------------------

LAST_DRAW = rules(end_of_draw_pile="last-draw")


def test_last_draw_the_turn_that_draws_the_last_card_ends_the_hand() -> None:
    """The encyclopedia: "If the players run out of cards all points must be tallied ... The last player is the
    one to pick up the final card from the deck." The packets stay where they are."""
    state = position({0: "3S 4S 9C KD"}, rules=LAST_DRAW, draw_next="QS", packets=["7D 8D"], rest="discard")
    play(state, Draw(0))
    assert state.last_turn and not state.is_over and state.packets_used == 0
    assert observe(state, 1).public.last_turn
    play(state, discard_action(0, "9C"))
    assert state.is_over and state.went_out == -1
    assert_illegal(state, Pass(1), "hand-over")
    assert [team.biribaki for team in state.hand_score().team_scores] == [-100, -100]  # no one took a packet
    # Under the base rules the same turn leaves the draw pile empty and the hand goes on.
    passes = position({0: "3S 4S 9C KD"}, draw_next="QS", packets=["7D 8D"], rest="discard")
    play(passes, Draw(0), discard_action(0, "9C"))
    assert not passes.is_over and passes.legal_actions() == [Pass(1), TakePile(1)]


def test_last_draw_a_biribaki_taken_with_the_last_discard_is_never_played() -> None:
    state = position(
        {0: "5H"}, rules=LAST_DRAW, melds={0: [BIRIBA_H]}, draw_next="9C", packets=["7D 8D"], rest="discard"
    )
    play(state, Draw(0), extend_action(0, 0, "5H"), discard_action(0, "9C"))
    assert state.is_over and state.biribaki_holder[0] == 0 and state.unplayed_biribaki[0]
    assert state.hand_score().team_scores[0].biribaki == -100  # taken with the last discard, never played


def test_classic_preset_ends_the_hand_with_the_last_draw() -> None:
    assert Rules.from_preset("classic").end_of_draw_pile == "last-draw"
    assert Rules.from_preset("standard").end_of_draw_pile == "passes"


# --- partner_wild_discard (3 players, formed partnerships) -------------------------------------------

THREE = rules(players=3, partnerships="formed")


@pytest.mark.parametrize("wild", ["2S", "JK"])
def test_no_wild_discard_for_the_partner_who_plays_next(wild: str) -> None:
    hands = {1: f"{wild} KD 9C", 2: f"{wild} KD 9C"}
    restricted = rules(players=3, partnerships="formed", partner_wild_discard=False)
    state = position(hands, rules=restricted, dealer=2, current=1, seat_team=[0, 1, 1], phase=PLAY)
    assert_illegal(state, discard_action(1, wild), "partner-wild-discard")
    play(state, discard_action(1, "KD"))

    free = position(hands, rules=THREE, dealer=2, current=1, seat_team=[0, 1, 1], phase=PLAY)
    play(free, discard_action(1, wild))


def test_no_wild_discard_binds_only_the_partner_before_the_other() -> None:
    restricted = rules(players=3, partnerships="formed", partner_wild_discard=False)
    state = position({2: "JK KD 9C"}, rules=restricted, dealer=2, current=2, seat_team=[0, 1, 1], phase=PLAY)
    play(state, discard_action(2, "JK"))  # seat 0, an opponent, plays next


# =====================================================================================================
# Scoring
# =====================================================================================================


def test_card_values_joker_25() -> None:
    standard = _score(STANDARD, ["5H 6H JK"], ["JK"])
    assert (standard.melded, standard.in_hand) == (30, -20)
    option = _score(rules(joker_value=25), ["5H 6H JK"], ["JK"])
    assert (option.melded, option.in_hand) == (35, -25)


def test_card_values_two_20() -> None:
    standard = _score(STANDARD, ["AH 2H 3H", "5D 2S 7D"], ["2C"])
    assert (standard.melded, standard.in_hand) == (30 + 20, -10)
    option = _score(rules(two_value=20), ["AH 2H 3H", "5D 2S 7D"], ["2C"])
    assert (option.melded, option.in_hand) == (40 + 30, -20)


def test_card_values_reach_the_hand_score() -> None:
    state = position({0: "JK 2C", 1: "", 2: "", 3: ""}, rules=rules(joker_value=25, two_value=20), rest="draw")
    assert state.hand_score().team_scores[0].in_hand == -45


def _bonuses(**points: int | None) -> BiribaBonuses:
    return BiribaBonuses(**points)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("with_option", "without", "meld", "bonus_suit", "expected", "otherwise"),
    [
        # Sets 200 / 100 instead of 300 / 150.
        (rules(bonuses=_bonuses(set_clean=200, set_dirty=100)), STANDARD, "KS KS KH KH KD KD KC", None, 200, 300),
        (rules(bonuses=_bonuses(set_clean=200, set_dirty=100)), STANDARD, "KS KS KH KH KD KD JK", None, 100, 150),
        # Runs in the bonus suit 600 / 300 instead of 400 / 200; a plain suit is unchanged.
        (rules(bonuses=_bonuses(bonus_suit_run_clean=600, bonus_suit_run_dirty=300)), STANDARD, BIRIBA_H, H, 600, 400),
        (
            rules(bonuses=_bonuses(bonus_suit_run_clean=600, bonus_suit_run_dirty=300)),
            STANDARD,
            DIRTY_BIRIBA_H,
            H,
            300,
            200,
        ),
        (rules(bonuses=_bonuses(bonus_suit_run_clean=600, bonus_suit_run_dirty=300)), STANDARD, BIRIBA_H, S, 200, 200),
        # Full runs.
        (rules(bonuses=_bonuses(full_run_clean=500, full_run_dirty=100)), STANDARD, FULL_S, H, 500, 1000),
        (rules(bonuses=_bonuses(full_run_clean=500, full_run_dirty=100)), STANDARD, DIRTY_FULL_S, H, 100, 500),
        (
            rules(bonuses=_bonuses(bonus_suit_full_run_clean=1000, bonus_suit_full_run_dirty=500)),
            STANDARD,
            FULL_S,
            S,
            1000,
            2000,
        ),
        (
            rules(bonuses=_bonuses(bonus_suit_full_run_clean=1000, bonus_suit_full_run_dirty=500)),
            STANDARD,
            DIRTY_FULL_S,
            S,
            500,
            1000,
        ),
        # A full set of 8 equal cards (two decks).
        (rules(bonuses=_bonuses(full_set=1000)), STANDARD, "KS KS KH KH KD KD KC KC", None, 1000, 300),
        (rules(bonuses=_bonuses(full_set=1000)), STANDARD, "KS KS KH KH KD KD KC", None, 300, 300),
        (rules(bonuses=_bonuses(full_set=1000)), STANDARD, "KS KS KH KH KD KD KC JK", None, 150, 150),
        # A biriba of Twos 2000 / 1000 (else a set).
        (
            rules(sets_of_twos=True, bonuses=_bonuses(twos_set_clean=2000, twos_set_dirty=1000)),
            rules(sets_of_twos=True),
            "2S 2S 2H 2H 2D 2D 2C",
            None,
            2000,
            300,
        ),
        (
            rules(sets_of_twos=True, bonuses=_bonuses(twos_set_clean=2000, twos_set_dirty=1000)),
            rules(sets_of_twos=True),
            "2S 2S 2H 2H 2D 2D JK",
            None,
            1000,
            150,
        ),
        # A biriba of Aces (Venezuelan, accumulated) 400 / 300 (else a set).
        (
            rules(bonuses=_bonuses(ace_set_clean=400, ace_set_dirty=300)),
            STANDARD,
            "AS AS AH AH AD AD AC",
            None,
            400,
            300,
        ),
        (
            rules(bonuses=_bonuses(ace_set_clean=400, ace_set_dirty=300)),
            STANDARD,
            "AS AS AH AH AD AD JK",
            None,
            300,
            150,
        ),
        # A biriba of wild cards (Venezuelan, accumulated) 750 (else a dirty set).
        (
            rules(wild_melds=True, bonuses=_bonuses(wild_meld=750)),
            rules(wild_melds=True),
            "JK JK JK JK 2S 2H 2D",
            None,
            750,
            150,
        ),
        # A run from Ace to Ace (Buraco's canastra real) 1000 / 100 (else a full run).
        (
            rules(ace_to_ace=True, bonuses=_bonuses(full_run_clean=500, ace_to_ace_run_clean=1000)),
            rules(ace_to_ace=True, bonuses=_bonuses(full_run_clean=500)),
            ACE_TO_ACE_S,
            None,
            1000,
            500,
        ),
        (
            rules(ace_to_ace=True, bonuses=_bonuses(ace_to_ace_run_dirty=100)),
            rules(ace_to_ace=True),
            DIRTY_ACE_TO_ACE_S,
            None,
            100,
            500,
        ),
    ],
    ids=[
        "set-clean",
        "set-dirty",
        "bonus-suit-run-clean",
        "bonus-suit-run-dirty",
        "bonus-suit-run-option-plain-suit",
        "full-run-clean",
        "full-run-dirty",
        "bonus-suit-full-run-clean",
        "bonus-suit-full-run-dirty",
        "full-set-of-8",
        "full-set-needs-8",
        "full-set-needs-clean",
        "twos-set-clean",
        "twos-set-dirty",
        "ace-set-clean",
        "ace-set-dirty",
        "wild-meld",
        "ace-to-ace-clean",
        "ace-to-ace-dirty",
    ],
)
def test_biriba_bonus_variations(
    with_option: Rules, without: Rules, meld: str, bonus_suit: int | None, expected: int, otherwise: int
) -> None:
    assert _biriba_bonus(with_option, meld, bonus_suit) == expected
    assert _biriba_bonus(without, meld, bonus_suit) == otherwise


def test_biriba_bonuses_reach_the_hand_score() -> None:
    classic_atout = rules(bonuses=_bonuses(bonus_suit_run_clean=600))
    state = position({}, rules=classic_atout, melds={0: [BIRIBA_H]}, upcard="KH")
    assert state.hand_score().team_scores[0].biribas == 600


# --- biribas laid at once (Venezuelan in hand / accumulated) --------------------------------------

LAID_WHOLE = rules(laid_whole_bonuses=_bonuses(run_clean=300, run_dirty=200))
SEVEN_S = "3S 4S 5S 6S 7S 8S 9S"


def _laid_at_once(rules_: Rules, melds: dict[int, list[str]] | None = None) -> HandState:
    state = position({0: SEVEN_S + " KD 4C"}, rules=rules_, melds=melds, phase=PLAY, upcard="KH")
    play(state, meld_action(0, SEVEN_S))
    return state


def _grown(rules_: Rules, melds: dict[int, list[str]] | None = None) -> HandState:
    state = position({0: SEVEN_S + " KD 4C"}, rules=rules_, melds=melds, phase=PLAY, upcard="KH")
    index = len(state.melds[0])  # the number the new meld gets
    play(state, meld_action(0, "3S 4S 5S"), extend_action(0, index, "6S 7S 8S 9S"))
    return state


def test_a_biriba_laid_at_once_scores_the_laid_whole_bonus() -> None:
    at_once = _laid_at_once(LAID_WHOLE)
    assert at_once.melds[0][0].laid_whole
    assert at_once.hand_score().team_scores[0].biribas == 300
    grown = _grown(LAID_WHOLE)
    assert not grown.melds[0][0].laid_whole
    assert grown.hand_score().team_scores[0].biribas == 200
    # Without the option the two are the same.
    assert _laid_at_once(STANDARD).hand_score().team_scores[0].biribas == 200
    assert _grown(STANDARD).hand_score().team_scores[0].biribas == 200


def test_a_biriba_laid_at_once_keeps_its_bonus_when_extended() -> None:
    state = position({0: SEVEN_S + " 10S KD 4C"}, rules=LAID_WHOLE, phase=PLAY)
    play(state, meld_action(0, SEVEN_S), extend_action(0, 0, "10S"))
    assert state.melds[0][0].laid_whole and state.hand_score().team_scores[0].biribas == 300


def test_a_biriba_laid_at_once_is_listed() -> None:
    state = position({0: SEVEN_S + " KD 4C"}, rules=LAID_WHOLE, phase=PLAY)
    assert meld_action(0, SEVEN_S) in state.legal_actions()


VENEZUELAN = Rules.from_preset("venezuelan")


def test_venezuelan_in_hand_and_accumulated_runs() -> None:
    opened = {0: ["QS QD QC"]}  # the team has opened (whole-hand opening)
    assert _laid_at_once(VENEZUELAN, opened).hand_score().team_scores[0].biribas == 300
    assert _grown(VENEZUELAN, opened).hand_score().team_scores[0].biribas == 200


@pytest.mark.parametrize(
    ("meld", "in_hand", "accumulated"),
    [
        (SEVEN_S, 300, 200),
        ("3S 4S 5S JK 7S 8S 9S", 200, 100),
        ("KS KS KH KH KD KD KC", 300, 200),
        ("KS KS KH KH KD KD JK", 200, 100),
        ("AS AS AH AH AD AD AC", 500, 400),
        ("AS AS AH AH AD AD JK", 400, 300),
        ("JK JK JK JK 2S 2H 2D", 1000, 750),
        (FULL_S, 300, 200),
    ],
    ids=["run-clean", "run-dirty", "set-clean", "set-dirty", "aces-clean", "aces-dirty", "wild", "full-run"],
)
def test_venezuelan_base_points_table(meld: str, in_hand: int, accumulated: int) -> None:
    assert _biriba_bonus(VENEZUELAN, meld, laid_whole=True) == in_hand
    assert _biriba_bonus(VENEZUELAN, meld, laid_whole=False) == accumulated


# --- penalties -------------------------------------------------------------------------------------


def test_no_biribaki_penalty_when_none_taken_false_spares_both_teams() -> None:
    buraco_rule = rules(no_biribaki_penalty_when_none_taken=False)
    none_taken = position({}, rules=buraco_rule)
    assert [team.biribaki for team in none_taken.hand_score().team_scores] == [0, 0]
    standard = position({})
    assert [team.biribaki for team in standard.hand_score().team_scores] == [-100, -100]
    one_taken = position({}, rules=buraco_rule, biribaki_holder={0: 0})
    assert [team.biribaki for team in one_taken.hand_score().team_scores] == [0, -100]


def test_no_biribaki_penalty_and_unplayed_biribaki_penalty_are_options() -> None:
    no_penalties = rules(no_biribaki_penalty=0, unplayed_biribaki_penalty=0)
    for rules_, expected in ((STANDARD, [-100, -100]), (no_penalties, [0, 0])):
        # Seat 0 took its team's biribaki with its last discard and never played it; team 1 has none.
        state = position({0: "3S 4S 5S", 2: "KD"}, rules=rules_, biribaki_holder={0: 0}, unplayed_biribaki=[0])
        scores = state.hand_score().team_scores
        assert [team.biribaki for team in scores] == expected
        assert scores[0].in_hand == -10  # the hand of seat 2; the unplayed biribaki does not count


def test_venezuelan_preset_has_no_biribaki_penalties() -> None:
    state = position({}, rules=VENEZUELAN, biribaki_holder={0: 0}, unplayed_biribaki=[0])
    assert [team.biribaki for team in state.hand_score().team_scores] == [0, 0]


def test_no_biriba_penalty() -> None:
    option = rules(no_biriba_penalty=100)
    assert _score(option, ["3H 4H 5H"]).no_biriba == -100
    assert _score(option, [BIRIBA_H]).no_biriba == 0
    assert _score(STANDARD, ["3H 4H 5H"]).no_biriba == 0
    state = position({}, rules=option, melds={0: [BIRIBA_H], 1: ["3C 4C 5C"]})
    assert [team.no_biriba for team in state.hand_score().team_scores] == [0, -100]


def test_no_melds_penalty_replaces_the_other_penalties() -> None:
    option = rules(no_melds_penalty=300, no_biriba_penalty=100)
    nothing = _score(option, [], biribaki=BiribakiStatus.NOT_TAKEN)
    assert (nothing.no_melds, nothing.biribaki, nothing.no_biriba) == (-300, 0, 0)
    assert nothing.score == -300
    some = _score(option, ["3H 4H 5H"], biribaki=BiribakiStatus.NOT_TAKEN)
    assert (some.no_melds, some.biribaki, some.no_biriba) == (0, -100, -100)
    standard = _score(rules(no_biriba_penalty=100), [], biribaki=BiribakiStatus.NOT_TAKEN)
    assert (standard.no_melds, standard.biribaki, standard.no_biriba) == (0, -100, -100)


def test_score_rounding_rounds_the_hand_score_up() -> None:
    option = rules(score_rounding=10)
    assert _score(STANDARD, ["5H 6H 7H"]).score == 15
    rounded = _score(option, ["5H 6H 7H"])
    assert (rounded.score, rounded.rounding) == (20, 5)
    assert _score(option, ["5H 6H 7H 8H 9H"]).score == 40  # already a multiple
    # The Buraco rules' example: 485 is recorded as 490.
    melds = [BIRIBA_H, "KS KD KC", "AS AH AD", "5C 6C 7C", "8C 9C 10C", "3D 4D 5D"]
    assert _score(STANDARD, melds, ["KH"], went_out=True).score == 485
    assert _score(option, melds, ["KH"], went_out=True).score == 490


# =====================================================================================================
# The match
# =====================================================================================================


@pytest.mark.parametrize(
    ("target_rule", "totals", "over", "winner"),
    [
        ("exceed", [3000, 100, 3000, 100], False, None),
        ("exceed", [3005, 100, 3005, 100], True, 0),
        ("reach", [3000, 100, 3000, 100], True, 0),
        ("reach", [2995, 100, 2995, 100], False, None),
        ("reach", [3000, 3000, 3000, 3000], False, None),
        ("reach", [3000, 3100, 3000, 3100], True, 1),
    ],
)
def test_target_and_target_rule(target_rule: str, totals: list[int], over: bool, winner: int | None) -> None:
    match = Match(rules(target=3000, target_rule=target_rule), first_dealer=3)
    match.totals = totals
    assert match.is_over is over
    assert match.winner == winner


def test_target_rule_reach_refuses_a_further_hand() -> None:
    match = Match(rules(target=3000, target_rule="reach"), first_dealer=3)
    match.totals = [3000, 100, 3000, 100]
    with pytest.raises(InvalidInputError, match="the match is over"):
        match.start_hand(seed=1)
    exceed = Match(rules(target=3000), first_dealer=3)
    exceed.totals = [3000, 100, 3000, 100]
    assert exceed.start_hand(seed=1).dealer == 3


# =====================================================================================================
# Contradictory options
# =====================================================================================================


@pytest.mark.parametrize(
    ("options", "first", "second"),
    [
        ({"sets_of_twos": True, "sets": False}, "sets_of_twos", "sets"),
        ({"sets_of_twos": True, "wild_melds": True}, "sets_of_twos", "wild_melds"),
        (
            {"take_pile_requires_meld": True, "take_pile_requires_top_card": True},
            "take_pile_requires_meld",
            "take_pile_requires_top_card",
        ),
        ({"bonus_suit": True, "upcard": False}, "bonus_suit", "upcard"),
        ({"joker_upcard": "first-player-chooses", "bonus_suit": False}, "joker_upcard", "bonus_suit"),
        ({"joker_upcard": "first-player-takes", "bonus_suit": False}, "joker_upcard", "bonus_suit"),
        ({"joker_upcard": "first-player-chooses", "upcard": False}, "joker_upcard", "bonus_suit"),
        ({"partner_wild_discard": False}, "partner_wild_discard", "players"),
        ({"partner_wild_discard": False, "players": 5}, "partner_wild_discard", "partnerships"),
        ({"partner_wild_discard": False, "players": 3, "partnerships": "none"}, "partner_wild_discard", "partnerships"),
        ({"players": 5, "partnerships": "fixed"}, "partnerships", "players"),
        ({"players": 4, "partnerships": "formed"}, "partnerships", "players"),
    ],
)
def test_contradictory_options_are_refused_naming_both(options: dict[str, Any], first: str, second: str) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules.from_preset("standard", **options)
    message = str(caught.value)
    assert first in message and second in message
    assert "contradicts" in message
    with pytest.raises(InvalidRulesError):
        Rules.from_json({"preset": "standard", **options})


@pytest.mark.parametrize(
    "options",
    [
        {"sets_of_twos": True},
        {"take_pile_requires_top_card": True},
        {"upcard": False},
        {"upcard": False, "bonus_suit": False},
        {"joker_upcard": "first-player-takes"},
        {"partner_wild_discard": False, "players": 3, "partnerships": "formed"},
        {"players": 6, "partnerships": "fixed"},
        {"players": 5, "partnerships": "formed"},
    ],
)
def test_each_side_of_a_contradiction_alone_is_accepted(options: dict[str, Any]) -> None:
    Rules.from_preset("standard", **options)


def test_presets_with_overrides_are_checked_too() -> None:
    with pytest.raises(InvalidRulesError, match=r"take_pile_requires_meld.*take_pile_requires_top_card"):
        Rules.from_preset("buraco-fechado", take_pile_requires_meld=True)
    with pytest.raises(InvalidRulesError, match=r"sets_of_twos.*wild_melds"):
        Rules.from_preset("venezuelan", sets_of_twos=True)
    with pytest.raises(InvalidRulesError, match=r"bonus_suit.*upcard"):
        Rules.from_preset("buraco-aberto", bonus_suit=True)


# =====================================================================================================
# The named presets
# =====================================================================================================


def test_standard_preset_is_the_base_game() -> None:
    assert Rules() == STANDARD
    assert (STANDARD.sets, STANDARD.sets_of_twos, STANDARD.wild_melds, STANDARD.ace_to_ace) == (
        True,
        False,
        False,
        False,
    )
    assert (STANDARD.upcard, STANDARD.bonus_suit, STANDARD.joker_upcard, STANDARD.first_player) == (
        True,
        True,
        "no-bonus-suit",
        1,
    )
    assert not (
        STANDARD.take_pile_requires_meld or STANDARD.take_pile_requires_top_card or STANDARD.closed_discard_pile
    )
    assert STANDARD.biriba_for_biribaki and STANDARD.going_out_after_one_card_pile
    assert not (STANDARD.whole_hand_opening or STANDARD.going_out_by_meld or STANDARD.going_out_needs_clean_biriba)
    assert STANDARD.initial_meld is None and STANDARD.end_of_draw_pile == "passes"
    assert (STANDARD.joker_value, STANDARD.two_value, STANDARD.ace_value) == (20, 10, 15)
    assert STANDARD.bonuses == BiribaBonuses() and STANDARD.laid_whole_bonuses is None
    assert (STANDARD.no_biriba_penalty, STANDARD.no_melds_penalty, STANDARD.score_rounding) == (0, 0, 0)
    assert STANDARD.no_biribaki_penalty_when_none_taken
    assert (STANDARD.target, STANDARD.target_rule) == (5000, "exceed")


def _differences(preset: str) -> dict[str, object]:
    rules_ = Rules.from_preset(preset)
    return {
        f.name: getattr(rules_, f.name)
        for f in dataclasses.fields(Rules)
        if f.init and f.name != "preset" and getattr(rules_, f.name) != getattr(STANDARD, f.name)
    }


def test_kouridakis_preset() -> None:
    rules_ = Rules.from_preset("kouridakis")
    assert rules_.sets is False and rules_.take_pile_requires_meld is True
    assert (rules_.bonuses.bonus_suit_full_run_clean, rules_.bonuses.bonus_suit_full_run_dirty) == (1000, 500)
    assert rules_.bonuses == dataclasses.replace(
        BiribaBonuses(), bonus_suit_full_run_clean=1000, bonus_suit_full_run_dirty=500
    )
    assert set(_differences("kouridakis")) == {"sets", "take_pile_requires_meld", "bonuses"}


def test_kouridakis_preset_plays_no_sets_and_the_pile_meld() -> None:
    kouridakis = Rules.from_preset("kouridakis")
    state = position({0: "KS KD KC 9H 10H 4C"}, rules=kouridakis, discard="3D 8C QS")
    assert_illegal(state, TakePile(0), "take-pile-requires-meld")
    play(state, Draw(0))
    assert_illegal(state, meld_action(0, "KS KD KC"), "meld-invalid")
    assert _biriba_bonus(kouridakis, FULL_S, bonus_suit=S) == 1000


def test_classic_preset() -> None:
    rules_ = Rules.from_preset("classic")
    b = rules_.bonuses
    assert (b.run_clean, b.run_dirty, b.set_clean, b.set_dirty) == (200, 100, 300, 150)
    assert (b.bonus_suit_run_clean, b.bonus_suit_run_dirty) == (600, 300)
    assert (b.full_run_clean, b.full_run_dirty) == (1000, 500)
    assert (b.bonus_suit_full_run_clean, b.bonus_suit_full_run_dirty) == (1000, 500)  # nothing extra in the atout
    assert rules_.initial_meld == INITIAL_MELD_SCHEDULES["vulnerability"]
    assert [rules_.initial_meld_minimum(score) for score in (0, 999, 1000, 1499, 1500, 2999)] == [0, 0, 75, 75, 90, 90]
    assert rules_.going_out_after_one_card_pile is False
    assert rules_.joker_upcard == "first-player-chooses"  # the encyclopedia text: the receiving player may choose
    assert (rules_.target, rules_.target_rule) == (3000, "exceed")
    assert rules_.sets is True and rules_.bonus_suit is True


def test_classic_preset_lets_the_first_player_choose_on_a_joker_upcard() -> None:
    classic = Rules.from_preset("classic")
    state = HandState.deal(classic, dealer=3, deck=deck_for(3, upcard="JK"))
    assert state.phase is Phase.CHOOSE
    play(state, ChooseBonusSuit(0, C))
    assert state.bonus_suit == C


def test_classic_preset_plays_the_closing_condition_and_the_atout() -> None:
    classic = Rules.from_preset("classic")
    state = _closing_position(classic)
    play(state, TakePile(0))
    assert_illegal(state, extend_action(0, 0, "5H"), "closing-condition")
    assert position({}, rules=classic, melds={0: [BIRIBA_H]}, upcard="KH").hand_score().team_scores[0].biribas == 600
    assert position({}, rules=classic, melds={0: [FULL_S]}, upcard="KS").hand_score().team_scores[0].biribas == 1000


def test_venezuelan_preset() -> None:
    v = VENEZUELAN
    assert v.wild_melds and v.ace_to_ace and v.sets
    assert v.bonus_suit is False
    assert v.first_player == 2
    assert v.dealer_takes_bottom_wilds
    assert (v.exact_cut_bonus, v.near_cut_bonus) == (100, 50)
    assert v.whole_hand_opening and v.going_out_by_meld
    assert v.biriba_for_biribaki is False
    assert (v.joker_value, v.two_value, v.ace_value, v.high_value, v.low_value) == (50, 25, 20, 10, 5)
    assert v.going_out_bonus == 100
    assert v.laid_whole_bonuses is not None
    assert (v.target, v.target_rule) == (2500, "reach")


def test_venezuelan_preset_plays_its_rules() -> None:
    state = position({0: "JK 2S 2H KS KD KC 4D"}, rules=VENEZUELAN, phase=PLAY)
    assert_illegal(state, meld_action(0, "JK 2S 2H"), "whole-hand-opening")
    play(state, meld_action(0, "JK 2S 2H", "KS KD KC"))  # the whole hand but a discard, with wild cards only
    assert [meld.shape.kind for meld in state.melds[0]] == [WILD, "set"]
    play(state, discard_action(0, "4D"))
    assert state.biribaki_holder[0] == 0  # no biriba needed for the biribaki


def test_buraco_aberto_preset() -> None:
    b = Rules.from_preset("buraco-aberto")
    assert b.sets is False and b.sets_of_twos is False and b.ace_to_ace  # "only sequences"
    assert b.upcard is False and b.bonus_suit is False
    assert b.biriba_for_biribaki is False and b.going_out_needs_clean_biriba
    assert b.end_of_draw_pile == "packets-then-end"
    assert b.no_biribaki_penalty_when_none_taken is False
    assert b.initial_meld == initial_meld_schedule("buraco", 3000) == ((0, 0), (1500, 75))
    assert [b.initial_meld_minimum(score) for score in (0, 1495, 1500, 2995)] == [0, 0, 75, 75]
    assert (b.target, b.target_rule) == (3000, "reach")
    assert not b.take_pile_requires_top_card and not b.closed_discard_pile
    assert (b.joker_value, b.two_value, b.ace_value) == (20, 10, 15)
    assert (b.going_out_bonus, b.no_biribaki_penalty, b.unplayed_biribaki_penalty) == (100, 100, 100)
    # The variations of the cut are off: the cut scores nothing and the deal keeps the contract's order.
    assert (b.cutter, b.scores_cut, b.cutter_takes_bottom_wild) == ("first-player", False, False)


@pytest.mark.parametrize(
    ("meld", "bonus"),
    [
        (BIRIBA_H, 200),
        (DIRTY_BIRIBA_H, 100),
        (FULL_S, 500),  # canastra meia real
        (DIRTY_FULL_S, 100),
        (ACE_TO_ACE_S, 1000),  # canastra real
        (DIRTY_ACE_TO_ACE_S, 100),
    ],
)
def test_buraco_canastra_bonuses(meld: str, bonus: int) -> None:
    for preset in ("buraco-aberto", "buraco-fechado"):
        assert _biriba_bonus(Rules.from_preset(preset), meld) == bonus


def test_buraco_aberto_preset_deals_without_upcard() -> None:
    b = Rules.from_preset("buraco-aberto")
    state = HandState.deal(b, dealer=3, seed=11)
    assert state.discard_pile == [] and state.bonus_suit is None and state.phase is Phase.DRAW
    play(state, Draw(0))
    assert Redraw(0) in state.legal_actions()


def test_buraco_fechado_preset() -> None:
    f = Rules.from_preset("buraco-fechado")
    assert f.sets and f.sets_of_twos
    assert f.take_pile_requires_top_card and not f.take_pile_requires_meld
    assert f.closed_discard_pile
    assert f.going_out_needs_clean_biriba is False
    assert (f.bonuses.twos_set_clean, f.bonuses.twos_set_dirty) == (1000, 1000)
    assert (f.bonuses.set_clean, f.bonuses.set_dirty) == (200, 100)
    assert f.upcard is False and f.end_of_draw_pile == "packets-then-end" and f.ace_to_ace
    assert f.biriba_for_biribaki is False and f.no_biribaki_penalty_when_none_taken is False
    assert (f.target, f.target_rule) == (3000, "reach")
    assert _biriba_bonus(f, "2S 2S 2H 2H 2D 2D 2C") == 1000
    assert _biriba_bonus(f, "2S 2S 2H 2H 2D 2D JK") == 1000


def test_buraco_fechado_a_vulnerable_team_counts_the_pile_toward_its_first_meld() -> None:
    fechado = Rules.from_preset("buraco-fechado")
    vulnerable = [1500, 1500, 1500, 1500]
    state = position({0: "KS KD AS AH 4C 9H"}, rules=fechado, discard="KC AD", scores=vulnerable)
    assert state.opening_minimum(0) == 75
    play(state, TakePile(0), meld_action(0, "AS AH AD", "KS KD KC"), discard_action(0, "4C"))  # 45 + 30
    short = position({0: "KS 7D AS AH 4C 9H"}, rules=fechado, discard="KC AD", scores=vulnerable)
    assert_illegal(short, TakePile(0), "take-pile-requires-top-card")  # AS AH AD alone is 45
    relaxed = position({0: "KS 7D AS AH 4C 9H"}, rules=fechado, discard="KC AD")
    play(relaxed, TakePile(0))


def test_buraco_fechado_closed_pile_and_top_card() -> None:
    f = Rules.from_preset("buraco-fechado")
    state = position({0: "9D 9S KH 4C"}, rules=f, discard="9C 8D")
    assert codes(observe(state, 0).discard_pile) == ["8D"]
    assert_illegal(state, TakePile(0), "take-pile-requires-top-card")


def test_buraco_fechado_a_discard_before_the_top_card_is_melded_names_it() -> None:
    """The pile is closed: the refusal says which card is owed, not "the card it asks"."""
    f = Rules.from_preset("buraco-fechado")
    state = position({0: "9D 9S KH 4C"}, rules=f, discard="3C 9C")
    play(state, TakePile(0))
    refusal = assert_illegal(state, discard_action(0, "4C"), "take-pile-requires-top-card")
    assert Words("en").refusal(refusal) == "You took the discard pile: meld its top card, 9♣, before you discard."
    play(state, meld_action(0, "9D 9S 9C"), discard_action(0, "4C"))


def test_the_standard_preset_differs_from_the_defaults_in_nothing() -> None:
    assert _differences("standard") == {}


# --- Buraco's vulnerability follows the target (the Buraco rules) ---------------------------------------


@pytest.mark.parametrize("preset", ["buraco-aberto", "buraco-fechado"])
@pytest.mark.parametrize(("target", "vulnerable_from"), [(3000, 1500), (2000, 1000), (3500, 1750), (2005, 1003)])
def test_buraco_vulnerability_is_half_the_target(preset: str, target: int, vulnerable_from: int) -> None:
    """The Buraco rules: "A team whose cumulative score is at least half the target score (at least 1500 when
    playing to 3000) is said to be vulnerable", and "Some play to a target of 2000 or 3500 points"."""
    rules_ = Rules.from_json({"preset": preset, "target": target})
    assert rules_.initial_meld == ((0, 0), (vulnerable_from, 75))
    assert rules_.initial_meld_minimum(vulnerable_from - 1) == 0
    assert rules_.initial_meld_minimum(vulnerable_from) == 75
    # The record names the target only: the schedule follows it back.
    assert rules_.to_json() == ({"preset": preset} if target == 3000 else {"preset": preset, "target": target})
    assert Rules.from_json(rules_.to_json()) == rules_


def test_a_buraco_team_at_half_of_2000_must_open_with_75() -> None:
    to_2000 = Rules.from_json({"preset": "buraco-aberto", "target": 2000})
    hand = "10S JS QS KS 8H 9H 10H JH 4D 5D"

    def on_turn(rules_: Rules, score: int) -> HandState:
        return position({0: hand}, rules=rules_, scores=(score, 0, score, 0), phase=Phase.PLAY)

    state = on_turn(to_2000, 1000)
    assert_illegal(state, meld_action(0, "8H 9H 10H JH"), "initial-meld-minimum")  # 40 < 75
    play(state, meld_action(0, "10S JS QS KS", "8H 9H 10H JH"))  # 80
    play(on_turn(to_2000, 995), meld_action(0, "8H 9H 10H"))  # below half the target: no minimum
    play(on_turn(Rules.from_preset("buraco-aberto"), 1000), meld_action(0, "8H 9H 10H"))  # to 3000: not yet


# --- three players in the classic and Venezuelan games (the newer encyclopedia text) ---------------------------------


@pytest.mark.parametrize("preset", ["classic", "venezuelan"])
def test_three_players_of_the_encyclopedia_play_the_two_deck_partnership_game(preset: str) -> None:
    """The encyclopedia: "two decks and 4 Jokers comprising 108 cards" and "Three-handed Biriba: ... The first
    biribaki consists of 18 cards, the second of 11. The one who closes first ... has the other two
    players as a team against them"."""
    three = Rules.from_preset(preset, players=3)
    assert (three.partnerships, three.decks, three.jokers, three.packet_sizes) == ("formed", 2, 4, (18, 11))
    assert three.to_json() == {"preset": preset, "players": 3}
    state = HandState.deal(three, dealer=0, seed=5)
    assert sum(1 for _ in state.all_cards()) == 108
    assert state.seat_team == [-1, -1, -1]
    dealt = HandState.deal(three, dealer=0, deck=pack(2, 4))  # a 108-card deck is the pack
    assert [len(packet) for packet in dealt.biribakia] == [18, 11]
    # Playing alone stays an option, with the 3-deck pack of the individual game.
    alone = Rules.from_json({"preset": preset, "players": 3, "partnerships": "none"})
    assert (alone.decks, alone.packet_sizes) == (3, (11, 11, 11))
    assert alone.to_json() == {"preset": preset, "players": 3, "partnerships": "none"}
    assert Rules.from_json(alone.to_json()) == alone
    # Other presets keep the individual game for three.
    assert Rules.from_preset("standard", players=3).partnerships == "none"


# --- refusals name the real reason ------------------------------------------------------------------


def test_buraco_aberto_refuses_going_out_on_a_dirty_canastra_saying_it_needs_a_clean_one() -> None:
    aberto = Rules.from_preset("buraco-aberto")
    held = {0: 0}
    state = position({0: "3C 4C 5C 9D"}, rules=aberto, melds={0: [DIRTY_BIRIBA_H]}, biribaki_holder=held, phase=PLAY)
    refusal = assert_illegal(state, meld_action(0, "3C 4C 5C"), "keep-two-cards")
    assert refusal.reason.facts["why"] == "clean-biriba-all-dirty"
    english = Words("en").refusal(refusal)
    assert "clean biriba" in english and "dirty" in english and "unless your team has a biriba" not in english
    last = position({0: "9D"}, rules=aberto, melds={0: [DIRTY_BIRIBA_H]}, biribaki_holder=held, phase=PLAY)
    refusal = assert_illegal(last, discard_action(0, "9D"), "last-card")
    assert Words("en").refusal(refusal) == (
        "You may not discard your last card: going out needs a clean biriba, and your team's biribas are all dirty."
    )
    # With a clean one the same discard goes out.
    clean = position({0: "9D"}, rules=aberto, melds={0: [BIRIBA_H]}, biribaki_holder=held, phase=PLAY)
    play(clean, discard_action(0, "9D"))
    assert clean.went_out == 0


def test_keeping_two_cards_names_what_the_team_lacks() -> None:
    no_biriba = position({0: "3C 4C 5C 9D"}, melds={0: ["6H 7H 8H"]}, phase=PLAY)
    refusal = assert_illegal(no_biriba, meld_action(0, "3C 4C 5C"), "keep-two-cards")
    assert refusal.reason.facts == {"why": "biriba-for-biribaki"}
    assert "your team needs a biriba before it may take its biribaki" in Words("en").refusal(refusal)
    taken = position({0: "3C 4C 5C 9D"}, melds={0: ["6H 7H 8H"]}, biribaki_holder={0: 0}, phase=PLAY)
    refusal = assert_illegal(taken, meld_action(0, "3C 4C 5C"), "keep-two-cards")
    assert refusal.reason.facts == {"why": "biriba-to-go-out"}
    out = position({0: "3C 4C 5C"}, melds={0: [BIRIBA_H]}, biribaki_holder={0: 0}, phase=PLAY)
    refusal = assert_illegal(out, meld_action(0, "3C 4C 5C"), "keep-two-cards")
    assert refusal.reason.key == "keep-a-card-to-go-out"


def test_extending_with_no_melds_says_the_team_has_none_yet() -> None:
    state = position({0: "3C 4C 5C 9D"}, phase=PLAY)
    refusal = assert_illegal(state, extend_action(0, 0, "3C"), "no-such-meld")
    assert refusal.reason.key == "no-melds-yet"
    assert Words("en").refusal(refusal) == "Your team has no melds yet: there is nothing to add to."
    state = position({0: "3C 4C 5C 9D"}, melds={0: [BIRIBA_H, "QS QD QC"]}, phase=PLAY)
    refusal = assert_illegal(state, extend_action(0, 2, "3C"), "no-such-meld")
    assert refusal.reason.facts == {"meld": 2, "melds": 2}
    # People count melds from 1: the third meld, of two.
    assert Words("en").refusal(refusal) == "Your team has no meld 3: its melds are 1 to 2."
    assert Words("el").refusal(refusal) == "Η ομάδα σας δεν έχει συνδυασμό 3: οι συνδυασμοί της είναι 1 έως 2."
