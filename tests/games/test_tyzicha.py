"""Tyzicha as its rules describe it (docs/tyzicha.md): the pack, the deal, the bidding and the forced 100,
the widow and the cards given, raising and conceding, following, trumping and heading, marriages that
change trumps, the scoring, the match with its cap at 1,000; the views hide what a seat may not see."""

from __future__ import annotations

import json
import random

import pytest

from biriba.core.cards import card_code, parse_cards
from biriba.core.errors import IllegalAction, InvalidActionError, InvalidInputError, InvalidRulesError
from biriba.games.registry import game_named
from biriba.games.tyzicha import (
    PACK,
    Bid,
    Concede,
    Give,
    Pass,
    Phase,
    Play,
    Raise,
    Trick,
    TyzichaAction,
    TyzichaMatch,
    TyzichaRules,
    TyzichaState,
    action_from_json,
    action_to_json,
    observe,
)
from biriba.games.tyzicha.bots import (
    BOTS,
    HeuristicTyzichaBot,
    SearchTyzichaBot,
    determinize,
    excluded_cards,
    hint,
    play_hand,
)
from biriba.games.tyzicha.game import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    MARRIAGE_POINTS,
    MAX_CONTRACT,
    ORDER,
    SPADES,
    HandResult,
    playable,
    points,
    round_points,
)
from biriba.games.tyzicha.match import settle
from biriba.games.tyzicha.platform import TYZICHA
from biriba.sim.games import duplicate_deal

RULES = TyzichaRules()


def cs(text: str) -> list[int]:
    return sorted(parse_cards(text.split()))


def c(code: str) -> int:
    return parse_cards([code])[0]


HANDS = ("AS 10S KS QS JS 9S AH", "10H KH QH JH 9H AD 10D", "KD QD JD 9D AC 10C KC")
WIDOW = "QC JC 9C"
"""Seat 0 holds the spades and the Ace of hearts; seat 1 the hearts marriage; seat 2 the diamonds marriage."""


def deck_for(dealer: int, hands: tuple[str, str, str] = HANDS, widow: str = WIDOW) -> list[int]:
    """A deck that deals ``hands`` (seat by seat) one card at a time from the dealer's left, then ``widow``."""
    cards = [parse_cards(hand.split()) for hand in hands]
    deck = [cards[(dealer + 1 + index) % 3][index // 3] for index in range(21)]
    return deck + parse_cards(widow.split())


def dealt(dealer: int = 0, rules: TyzichaRules = RULES) -> TyzichaState:
    return TyzichaState.deal(rules, dealer, deck=deck_for(dealer))


def refused(state: TyzichaState, action: TyzichaAction) -> str:
    """The rule ``action`` breaks; the state is checked to be unchanged."""
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert state.fingerprint() == before
    return error.value.rule


def auction(state: TyzichaState, *moves: int | None) -> None:
    """Bids (a number) and passes (None) by whoever is to act."""
    for move in moves:
        state.apply(Pass(state.current) if move is None else Bid(state.current, move))


def playing(hands: tuple[str, str, str], leader: int = 0, trump: int | None = None, **fields: object) -> TyzichaState:
    """A hand in play (declarer seat 0, contract 110 unless given), with these cards left in the hands."""
    state = TyzichaState(
        fields.pop("rules", RULES),  # type: ignore[arg-type]
        2,
        [cs(hand) for hand in hands],
        tuple(cs(WIDOW)),
        Phase.PLAY,
        leader,
        declarer=0,
        contract=110,
        trump=trump,
        leader=leader,
    )
    for name, value in fields.items():
        setattr(state, name, value)
    return state


# --- the pack and the deal --------------------------------------------------------------------------


def test_the_pack_ranks_points_and_marriages() -> None:
    assert len(PACK) == 24 and len(set(PACK)) == 24
    assert {card_code(card)[:-1] for card in PACK} == {"9", "10", "J", "Q", "K", "A"}
    assert [str(rank) for rank in ORDER] == ["9", "11", "12", "13", "10", "1"], "A 10 K Q J 9"
    assert points(PACK) == 120
    assert MARRIAGE_POINTS == {HEARTS: 100, DIAMONDS: 80, CLUBS: 60, SPADES: 40}


def test_the_deal_and_who_bids_first() -> None:
    state = dealt(dealer=0)
    assert [state.hands[seat] for seat in range(3)] == [cs(hand) for hand in HANDS]
    assert sorted(state.widow) == cs(WIDOW)
    assert state.phase is Phase.BID and state.current == 2, "the player at the dealer's right (seat 2) bids first"
    assert dealt(dealer=1).current == 0 and dealt(dealer=2).current == 1
    seeded = TyzichaState.deal(RULES, 1, seed=9)
    assert [len(hand) for hand in seeded.hands] == [7, 7, 7] and len(seeded.widow) == 3
    assert sorted([*seeded.hands[0], *seeded.hands[1], *seeded.hands[2], *seeded.widow]) == list(PACK)
    assert TyzichaState.deal(RULES, 1, seed=9).fingerprint() == seeded.fingerprint()
    with pytest.raises(InvalidInputError, match="seed or a deck"):
        TyzichaState.deal(RULES, 0)
    with pytest.raises(InvalidInputError, match="24 cards"):
        TyzichaState.deal(RULES, 0, deck=[*PACK[:-1], PACK[0]])
    with pytest.raises(InvalidInputError, match="not a seat"):
        TyzichaState.deal(RULES, 3, seed=1)


# --- bidding ----------------------------------------------------------------------------------------


def test_bidding_goes_left_from_the_dealers_right_by_tens() -> None:
    state = dealt(dealer=0)
    assert state.legal_actions() == [Bid(2, 110), Pass(2)], "an opening bid of 110, or a pass"
    state.apply(Bid(2, 110))
    assert state.current == 0, "then the dealer"
    assert state.legal_actions() == [Bid(0, 120), Pass(0)], "raise by ten to 120"
    state.apply(Bid(0, 120))
    assert state.current == 1, "then the dealer's left"
    state.apply(Bid(1, 130))
    assert state.current == 2 and state.high_bid == 130


@pytest.mark.parametrize(
    ("moves", "bid", "rule"),
    [
        ((), 100, "tyzicha.bid-too-low"),  # 100 is only a forced player's contract
        ((110,), 110, "tyzicha.bid-too-low"),
        ((110,), 130, "tyzicha.bid-by-ten"),  # "a player may not raise by anything other than ten points"
        ((110,), 125, "tyzicha.bid-by-ten"),
        ((), MAX_CONTRACT + 10, "tyzicha.bid-too-high"),
    ],
)
def test_a_wrong_bid_is_refused_by_its_rule(moves: tuple[int, ...], bid: int, rule: str) -> None:
    state = dealt()
    auction(state, *moves)
    assert refused(state, Bid(state.current, bid)) == rule


def test_a_pass_is_final() -> None:
    state = dealt(dealer=0)
    auction(state, 110, None, 120)  # seat 2 bids, seat 0 passes, seat 1 raises
    assert state.current == 2
    state.apply(Bid(2, 130))
    assert state.current == 1, "seat 0 passed: it is skipped for good"
    assert refused(state, Bid(0, 140)) == "not-your-turn"
    state.apply(Pass(1))
    assert (state.declarer, state.contract, state.phase) == (2, 130, Phase.GIVE), "two passes: the third declares"


def test_two_passes_after_a_bid_make_the_bidder_declarer_with_the_widow() -> None:
    state = dealt(dealer=0)
    auction(state, 110, None, None)
    assert (state.declarer, state.contract, state.forced) == (2, 110, False)
    assert state.phase is Phase.GIVE and state.current == 2
    assert state.hands[2] == sorted([*cs(HANDS[2]), *cs(WIDOW)]), "the declarer takes the widow"


def test_the_first_two_passing_force_the_third() -> None:
    state = dealt(dealer=0)
    auction(state, None, None)
    assert state.phase is Phase.FORCED and state.current == 1, "the dealer's left is forced"
    assert state.legal_actions() == [Bid(1, 100), Bid(1, 110)]
    assert refused(state, Pass(1)) == "tyzicha.forced"
    assert refused(state, Bid(1, 120)) == "tyzicha.forced-contract"
    hundred = state.clone()
    hundred.apply(Bid(1, 100))
    assert (hundred.declarer, hundred.contract, hundred.forced) == (1, 100, True)
    state.apply(Bid(1, 110))
    assert (state.declarer, state.contract, state.forced) == (1, 110, False)


def test_a_pass_then_a_bid_is_not_forced() -> None:
    state = dealt(dealer=0)
    auction(state, None, 110, None)  # the dealer bids after the first pass; the third passes
    assert (state.declarer, state.contract, state.forced, state.phase) == (0, 110, False, Phase.GIVE)


def test_bidding_stops_at_the_most_a_hand_can_take() -> None:
    state = dealt(dealer=0)
    state.bids = [(1, MAX_CONTRACT)]
    assert state.legal_actions() == [Pass(state.current)]


# --- the widow and the cards given ------------------------------------------------------------------


def test_the_widow_is_shown_to_all_once_the_bidding_ends_and_not_before() -> None:
    state = dealt(dealer=0)
    auction(state, 110, None)
    assert all(observe(state, seat).widow == () for seat in range(3)), "face down during the bidding"
    state.apply(Pass(1))
    assert all(observe(state, seat).widow == state.widow for seat in range(3))


def test_the_forced_100_hides_the_widow_and_the_cards_given() -> None:
    state = dealt(dealer=0)
    auction(state, None, None, 100)  # seat 1 forced, takes 100
    assert observe(state, 1).widow == state.widow
    assert observe(state, 0).widow == () and observe(state, 2).widow == ()
    state.apply(Give(1, c("QC"), 2))
    state.apply(Give(1, c("9C"), 0))
    assert observe(state, 1).given == ((2, c("QC")), (0, c("9C")))
    assert observe(state, 2).given == ((2, c("QC")), (0, None)), "a face-down card: giver and receiver only"
    assert observe(state, 0).given == ((2, None), (0, c("9C")))
    assert c("QC") not in observe(state, 0).hand and c("QC") in observe(state, 2).hand


def test_a_forced_110_is_played_face_up() -> None:
    state = dealt(dealer=0)
    auction(state, None, None, 110)
    assert observe(state, 0).widow == state.widow
    state.apply(Give(1, c("QC"), 2))
    assert observe(state, 0).given == ((2, c("QC")),)


def test_the_declarer_gives_one_card_to_each_opponent() -> None:
    state = dealt(dealer=0)
    auction(state, 110, None, None)  # seat 2 declares with ten cards
    legal = state.legal_actions()
    assert len(legal) == 20 and {action.to for action in legal if isinstance(action, Give)} == {0, 1}
    assert refused(state, Give(2, c("AS"), 0)) == "card-not-in-hand"
    assert refused(state, Give(2, c("KD"), 2)) == "tyzicha.give-each-once"
    state.apply(Give(2, c("9C"), 0))
    assert refused(state, Give(2, c("JC"), 0)) == "tyzicha.give-each-once"
    assert len(state.legal_actions()) == 9
    state.apply(Give(2, c("JC"), 1))
    assert [len(hand) for hand in state.hands] == [8, 8, 8], "eight cards each"
    assert c("9C") in state.hands[0] and c("JC") in state.hands[1]
    assert observe(state, 1).given == ((0, c("9C")), (1, c("JC"))), "face up: everyone sees both"
    assert state.phase is Phase.DECLARE and state.current == 2


# --- raising and conceding --------------------------------------------------------------------------


def given_out(*moves: int | None) -> TyzichaState:
    """Seat 2 (or whoever the ``moves`` make declarer) has given its two cards: the declarer to decide."""
    state = dealt(dealer=0)
    auction(state, *moves)
    declarer = state.declarer
    assert declarer is not None
    for to in ((declarer + 1) % 3, (declarer + 2) % 3):
        state.apply(Give(declarer, min(state.hands[declarer]), to))
    return state


def test_the_declarer_may_raise_by_tens() -> None:
    state = given_out(110, None, None)
    raises = [action.value for action in state.legal_actions() if isinstance(action, Raise)]
    assert raises == list(range(120, MAX_CONTRACT + 1, 10))
    assert Concede(2) in state.legal_actions() and any(isinstance(a, Play) for a in state.legal_actions())
    assert refused(state, Raise(2, 125)) == "tyzicha.raise-by-tens"
    assert refused(state, Raise(2, 110)) == "tyzicha.raise-too-low"
    assert refused(state, Raise(2, MAX_CONTRACT + 10)) == "tyzicha.bid-too-high"
    state.apply(Raise(2, 150))
    assert (state.contract, state.raised, state.phase, state.current) == (150, True, Phase.PLAY, 2)
    assert refused(state, Concede(2)) == "tyzicha.not-now", "a raise is the decision to play"
    assert all(isinstance(action, Play) for action in state.legal_actions())


def test_the_forced_100_cannot_be_raised_but_may_be_conceded() -> None:
    state = given_out(None, None, 100)
    assert not any(isinstance(action, Raise) for action in state.legal_actions())
    assert refused(state, Raise(1, 110)) == "tyzicha.no-raise-at-100"
    state.apply(Concede(1))
    assert state.result is not None
    assert (state.result.how, state.result.scores) == ("conceded", (40, -100, 40))


def test_conceding_costs_the_bid_and_gives_each_opponent_40() -> None:
    state = given_out(110, 120, None, None)  # seat 2 bids 110, seat 0 raises to 120, both others pass
    assert state.declarer == 0
    state.apply(Concede(0))
    assert state.is_over and state.result is not None
    assert (state.result.how, state.result.contract, state.result.scores) == ("conceded", 120, (-120, 40, 40))
    assert state.legal_actions() == [] and refused(state, Play(0, state.hands[0][0])) == "hand-over"


def test_the_declarer_leads_the_first_trick() -> None:
    state = given_out(110, None, None)
    card = state.hands[2][0]
    state.apply(Play(2, card))
    assert state.phase is Phase.PLAY and state.trick == [card] and state.current == 0


# --- following, trumping, heading ------------------------------------------------------------------


def test_must_follow_suit() -> None:
    state = playing(("9H AS", "KH AD", "JD 9C"))
    state.apply(Play(0, c("9H")))
    assert refused(state, Play(1, c("AD"))) == "tyzicha.must-follow"
    assert state.legal_actions() == [Play(1, c("KH"))]


def test_void_must_trump_and_overtrump() -> None:
    state = playing(("9H AS", "9D QS", "JD KS"), trump=SPADES)
    state.apply(Play(0, c("9H")))
    assert refused(state, Play(1, c("9D"))) == "tyzicha.must-trump"
    state.apply(Play(1, c("QS")))
    assert refused(state, Play(2, c("JD"))) == "tyzicha.must-trump"
    assert state.legal_actions() == [Play(2, c("KS"))], "the King heads the Queen of trumps"
    state.apply(Play(2, c("KS")))
    assert state.tricks[-1].winner == 2 and state.current == 2


def test_a_trump_that_cannot_head_must_still_be_played() -> None:
    state = playing(("9H AS", "QS 9D", "JS KD"), trump=SPADES)
    state.apply(Play(0, c("9H")))
    state.apply(Play(1, c("QS")))
    assert state.legal_actions() == [Play(2, c("JS"))], "no heart: a trump, though it loses"


def test_must_head_the_trick_when_a_playable_card_can() -> None:
    state = playing(("KH AS", "9H AH", "JD 9C"))
    state.apply(Play(0, c("KH")))
    assert refused(state, Play(1, c("9H"))) == "tyzicha.must-head"
    assert state.legal_actions() == [Play(1, c("AH"))]


def test_heading_is_against_the_best_card_so_far() -> None:
    state = playing(("9H AS", "10H 9D", "KH AH"))
    state.apply(Play(0, c("9H")))
    state.apply(Play(1, c("10H")))
    assert state.legal_actions() == [Play(2, c("AH"))], "the King does not beat the 10"
    trumped = playing(("9H AS", "9S 9D", "KH AH"), trump=SPADES)
    trumped.apply(Play(0, c("9H")))
    trumped.apply(Play(1, c("9S")))
    assert set(trumped.legal_actions()) == {Play(2, c("KH")), Play(2, c("AH"))}, "no heart can head a trump"


def test_without_the_suit_or_a_trump_any_card() -> None:
    state = playing(("9H AS", "9D QC", "JD 9C"), trump=SPADES)
    state.apply(Play(0, c("9H")))
    assert state.legal_actions() == [Play(1, c("9D")), Play(1, c("QC"))]
    state.apply(Play(1, c("QC")))
    state.apply(Play(2, c("JD")))
    assert state.tricks[-1].winner == 0, "the highest card of the suit led takes it"


def test_there_is_no_trump_at_first() -> None:
    state = dealt(dealer=0)
    assert state.trump is None
    assert playable(cs("9S AD"), (c("9H"),), None) == cs("9S AD")


# --- marriages --------------------------------------------------------------------------------------


def test_a_marriage_shown_when_leading_makes_trumps_and_scores() -> None:
    state = playing(("KH QH 9S", "AS 9D JS", "10S JD QS"), trump=None)
    assert Play(0, c("QH"), True) in state.legal_actions() and Play(0, c("KH"), True) in state.legal_actions()
    assert Play(0, c("9S"), True) not in state.legal_actions()
    state.apply(Play(0, c("QH"), True))
    assert state.trump == HEARTS and state.marriages == [(0, HEARTS)]
    assert state.marriage_points(0) == 100
    assert observe(state, 2).marriages == ((0, HEARTS),) and observe(state, 2).trump == HEARTS, "shown to all"


def test_the_new_trump_holds_for_the_trick_it_is_shown_in() -> None:
    # Spades were trumps; seat 0 shows the clubs marriage: a spade no longer takes the trick.
    state = playing(("KC QC 9H", "9S AD JH", "AH 9D 10H"), trump=SPADES)
    state.apply(Play(0, c("KC"), True))
    assert state.trump == CLUBS
    assert state.legal_actions() == [Play(1, c("9S")), Play(1, c("JH")), Play(1, c("AD"))], "no club, no trump"
    state.apply(Play(1, c("9S")))
    state.apply(Play(2, c("AH")))
    assert state.tricks[-1] == Trick(0, (c("KC"), c("9S"), c("AH")), CLUBS, 0)


def test_marriages_change_trumps_again_and_again() -> None:
    state = playing(("KS QS 9H 9C", "AS KH QH 9D", "JS 10C AD JD"), trump=None)
    state.apply(Play(0, c("QS"), True))
    assert state.trump == SPADES
    assert state.legal_actions() == [Play(1, c("AS"))], "follow and head"
    state.apply(Play(1, c("AS")))
    state.apply(Play(2, c("JS")))
    assert state.current == 1
    state.apply(Play(1, c("KH"), True))
    assert state.trump == HEARTS and state.marriages == [(0, SPADES), (1, HEARTS)]
    state.apply(Play(2, c("AD")))  # no heart, no trump: any card
    state.apply(Play(0, c("9H")))
    assert state.tricks[-1].winner == 1
    state.apply(Play(1, c("9D")))
    state.apply(Play(2, c("JD")))
    assert state.legal_actions() == [Play(0, c("KS")), Play(0, c("9C"))], "spades are no longer trumps"
    state.apply(Play(0, c("KS")))
    assert state.tricks[-1].winner == 2, "the King of spades, trumps no more, does not take the trick"
    assert (state.marriage_points(0), state.marriage_points(1)) == (40, 100)


def test_a_marriage_only_when_leading_and_holding_both() -> None:
    state = playing(("9S AS JH", "KH QH 9D", "JD 9C 10D"))
    assert refused(state, Play(0, c("JH"), True)) == "tyzicha.no-marriage"
    state.hands[0] = cs("9S AS QD")
    assert refused(state, Play(0, c("QD"), True)) == "tyzicha.no-marriage", "the King is not held"
    state.apply(Play(0, c("9S")))
    assert refused(state, Play(1, c("KH"), True)) == "tyzicha.marriage-when-leading"


def test_a_marriage_at_the_first_trick_as_the_rules_choose() -> None:
    state = given_out(110, None, None)  # seat 2 holds the diamonds marriage and leads the first trick
    assert Play(2, c("KD"), True) in state.legal_actions()
    strict = TyzichaState.deal(TyzichaRules(marriage_on_first_trick=False), 0, deck=deck_for(0))
    auction(strict, 110, None, None)
    strict.apply(Give(2, c("9C"), 0))
    strict.apply(Give(2, c("JC"), 1))
    assert not any(isinstance(a, Play) and a.marriage for a in strict.legal_actions())
    assert refused(strict, Play(2, c("KD"), True)) == "tyzicha.marriage-first-trick"


# --- scoring ----------------------------------------------------------------------------------------

WON = ("AS 10S KS QS JS 9S", "AH 10H JH AD KD QC", "KH QH 10D QD JD AC 10C KC JC")
"""Cards taken before the last trick: seat 0 30 points, seat 1 41, seat 2 49."""


def last_trick(contract: int, marriages: list[tuple[int, int]], rules: TyzichaRules = RULES) -> HandResult:
    """Seat 0, the declarer, takes the last trick (9H, trumps, against 9C and 9D) and the hand is scored."""
    result = scored(contract, marriages, rules).result
    assert result is not None
    return result


def scored(contract: int, marriages: list[tuple[int, int]], rules: TyzichaRules = RULES) -> TyzichaState:
    """The hand of :func:`last_trick`, played to its end."""
    state = playing(("9H", "9C", "9D"), trump=HEARTS, rules=rules, contract=contract, marriages=marriages)
    tricks = []
    for seat, won in enumerate(WON):
        cards = cs(won)
        tricks += [Trick(seat, tuple(cards[i : i + 3]), HEARTS, seat) for i in range(0, len(cards), 3)]
    state.tricks = tricks
    state.apply(Play(0, c("9H")))
    state.apply(Play(1, c("9C")))
    state.apply(Play(2, c("9D")))
    assert state.result is not None
    assert sum(state.result.card_points) == 120
    return state


def test_a_contract_made_scores_its_value_not_the_total() -> None:
    result = last_trick(120, [(0, HEARTS)])  # 30 card points and the hearts marriage: 130
    assert (result.how, result.card_points, result.marriage_points) == ("made", (30, 41, 49), (100, 0, 0))
    assert result.scores == (120, 0, 0), "the opponents score nothing when the contract is made"


def test_a_broken_contract_scores_minus_its_value_and_the_opponents_their_points() -> None:
    result = last_trick(140, [(0, HEARTS)])
    assert (result.how, result.scores) == ("broken", (-140, 41, 49))
    assert last_trick(110, []).scores == (-110, 41, 49), "without the marriage the declarer has 30"


def test_a_total_equal_to_the_contract_does_not_exceed_it() -> None:
    assert last_trick(130, [(0, HEARTS)]).scores == (-130, 41, 49), "the rules: the total must exceed it"
    assert last_trick(130, [(0, HEARTS)], TyzichaRules(made_when_equal=True)).scores == (130, 0, 0)


def test_the_opponents_score_always_when_the_rules_say_so() -> None:
    rules = TyzichaRules(opponents_score="always")
    assert last_trick(120, [(0, HEARTS)], rules).scores == (120, 41, 49)


def test_an_opponents_marriages_count_as_the_rules_choose() -> None:
    marriages = [(0, HEARTS), (2, CLUBS)]
    assert last_trick(140, marriages).scores == (-140, 41, 49 + 60)
    assert last_trick(140, marriages, TyzichaRules(opponent_marriages=False)).scores == (-140, 41, 49)


def test_the_opponents_points_rounded_as_the_rules_choose() -> None:
    assert last_trick(140, [(0, HEARTS)], TyzichaRules(round_to=5)).scores == (-140, 40, 50)
    assert last_trick(140, [(0, HEARTS)], TyzichaRules(round_to=10)).scores == (-140, 40, 50)
    assert [round_points(value, 5) for value in (0, 2, 3, 7, 8, 43, 45)] == [0, 0, 5, 5, 10, 45, 45]
    assert [round_points(value, 10) for value in (4, 5, 43, 47)] == [0, 10, 40, 50]
    assert [round_points(value, 1) for value in (4, 43)] == [4, 43]


# --- the match --------------------------------------------------------------------------------------


def result_of(declarer: int, scores: tuple[int, int, int]) -> HandResult:
    return HandResult(declarer, abs(scores[declarer]), False, "made", (0, 0, 0), (0, 0, 0), scores)


def test_a_player_not_declaring_is_held_at_1000() -> None:
    assert settle((980, 990, 500), result_of(2, (41, 49, -120)), RULES) == (1000, 1000, 380)
    assert settle((1000, 0, 0), result_of(1, (40, -100, 40)), RULES) == (1000, -100, 40)
    assert settle((990, 0, 0), result_of(1, (-50, 120, 0)), RULES) == (940, 120, 0), "a loss is not held"


def test_the_declarer_reaching_1001_wins_the_match() -> None:
    match = TyzichaMatch(RULES, first_dealer=0)
    match.scores = (900, 1000, 0)
    hand = match.start_hand(deck=deck_for(0))
    auction(hand, 110, None, None)  # seat 2 declares
    hand.apply(Give(2, c("9C"), 0))
    hand.apply(Give(2, c("JC"), 1))
    hand.apply(Concede(2))
    match.finish_hand()
    assert match.scores == (940, 1000, -110) and not match.is_over, "the opponents held at 1,000"
    assert match.dealer == 1, "the deal passes to the left"
    match.start_hand(seed=1)
    match.hand = scored(120, [(0, HEARTS)], TyzichaRules(opponents_score="always"))  # seat 0 makes 120
    match.finish_hand()
    assert match.scores == (1060, 1000, -61) and match.is_over and match.winner == 0
    with pytest.raises(InvalidInputError, match="match is over"):
        match.start_hand(seed=1)


def test_a_match_deals_to_the_left_and_keeps_the_score_sheet() -> None:
    match = TyzichaMatch(RULES, first_dealer=2)
    rng = random.Random(4)
    dealers = []
    bots = [HeuristicTyzichaBot() for _ in range(3)]
    while not match.is_over:
        hand = match.start_hand(seed=rng.randrange(2**32))
        dealers.append(hand.dealer)
        with pytest.raises(InvalidInputError, match="still being played"):
            match.start_hand(seed=1)
        play_hand(hand, bots, len(dealers))
        before = match.scores
        result = match.finish_hand()
        assert match.scores == settle(before, result, RULES)
        assert len(dealers) < 300
    assert dealers[:4] == [2, 0, 1, 2]
    assert match.totals[-1] == match.scores and len(match.totals) == len(match.results) == len(dealers)
    winner = match.winner
    assert winner is not None and match.scores[winner] >= 1001 and match.results[-1].declarer == winner
    assert all(score <= 1000 for seat, score in enumerate(match.scores) if seat != winner)
    with pytest.raises(InvalidInputError, match="no finished hand"):
        match.finish_hand()


# --- what a seat sees -------------------------------------------------------------------------------


def test_a_view_holds_only_the_seats_own_cards() -> None:
    state = dealt(dealer=0)
    view = observe(state, 0)
    assert view.hand == tuple(cs(HANDS[0])) and view.hand_sizes == (7, 7, 7) and view.widow == ()
    swapped = state.clone()
    swapped.hands[1], swapped.hands[2] = state.hands[2], state.hands[1]
    swapped.widow = (state.hands[1][0], state.widow[1], state.widow[2])
    assert observe(swapped, 0) == view, "nothing of the other hands or the widow shows"


def test_a_view_counts_tricks_not_points() -> None:
    state = playing(("9H AS", "KH AD", "JH 9C"))
    state.apply(Play(0, c("9H")))
    state.apply(Play(1, c("KH")))
    state.apply(Play(2, c("JH")))
    view = observe(state, 0)
    assert view.tricks_won == (0, 1, 0) and view.tricks == tuple(state.tricks)
    assert not {"points", "won", "card_points"} & set(type(view).__dataclass_fields__)


def test_a_forced_declarers_card_given_face_down_is_not_in_the_other_view() -> None:
    state = given_out(None, None, 100)  # seat 1 forced: gave its two lowest cards face down
    given = dict(state.given)
    for seat in (0, 2):
        other = 2 if seat == 0 else 0
        view = observe(state, seat)
        assert given[other] not in view.hand and dict(view.given)[other] is None
        assert given[seat] in view.hand and dict(view.given)[seat] == given[seat]
        assert view.widow == ()


# --- actions and rules as JSON ----------------------------------------------------------------------


def test_actions_as_json() -> None:
    for action in (
        Bid(2, 110),
        Pass(0),
        Give(1, c("10D"), 2),
        Raise(1, 160),
        Concede(1),
        Play(0, c("QH")),
        Play(0, c("QH"), True),
    ):
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action
    assert action_to_json(Play(0, c("QH"), True)) == {"type": "play", "seat": 0, "card": "QH", "marriage": True}
    assert action_to_json(Play(0, c("10S"))) == {"type": "play", "seat": 0, "card": "10S"}
    assert action_to_json(Give(1, c("9C"), 0)) == {"type": "give", "seat": 1, "card": "9C", "to": 0}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a JSON object"),
        ({"type": "meld", "seat": 0}, "unknown Tyzicha action type"),
        ({"type": "pass", "seat": 3}, "seat, 0, 1 or 2"),
        ({"type": "pass", "seat": True}, "seat, 0, 1 or 2"),
        ({"type": "pass", "seat": 0, "value": 110}, "has no field"),
        ({"type": "bid", "seat": 0}, "value is a whole number"),
        ({"type": "bid", "seat": 0, "value": "110"}, "value is a whole number"),
        ({"type": "raise", "seat": 0, "value": 1.5}, "value is a whole number"),
        ({"type": "play", "seat": 0, "card": 7}, "by its code"),
        ({"type": "play", "seat": 0, "card": "2H"}, "not a card of the Tyzicha pack"),
        ({"type": "play", "seat": 0, "card": "ZZ"}, "unknown card code"),
        ({"type": "play", "seat": 0, "card": "QH", "marriage": "yes"}, "marriage is true or false"),
        ({"type": "give", "seat": 0, "card": "QH"}, "to is a seat"),
    ],
)
def test_a_malformed_action_says_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        action_from_json(data)
    assert issubclass(InvalidActionError, InvalidInputError)


def test_rules_as_json() -> None:
    for rules in (RULES, TyzichaRules(True, "always", False, 5, False, 501)):
        assert TyzichaRules.from_json(json.loads(json.dumps(rules.to_json()))) == rules
    assert TyzichaRules.from_json({}) == RULES and RULES.cap == 1000


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "an object of options"),
        ({"jokers": 2}, "unknown Tyzicha option"),
        ({"made_when_equal": "yes"}, "'made_when_equal' is true or false"),
        ({"opponents_score": "never"}, "'opponents_score' is one of broken, always"),
        ({"round_to": 3}, "'round_to' is 1, 5 or 10"),
        ({"round_to": True}, "'round_to' is 1, 5 or 10"),
        ({"target": 0}, "'target' is a whole number"),
    ],
)
def test_bad_rules_say_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(InvalidRulesError, match=message):
        TyzichaRules.from_json(data)


def test_the_platform_knows_tyzicha_and_its_presets() -> None:
    assert game_named("tyzicha") is TYZICHA
    assert TYZICHA.presets == ("standard", "russian", "tens") and TYZICHA.players == (3,)
    assert TYZICHA.rules() == RULES
    russian = TYZICHA.rules("russian")
    assert (russian.made_when_equal, russian.opponents_score, russian.round_to) == (True, "always", 5)
    assert not russian.marriage_on_first_trick
    with pytest.raises(InvalidInputError, match="tyzicha is played by 3 players, not 2"):
        TYZICHA.rules(players=2)
    with pytest.raises(InvalidInputError, match="unknown Tyzicha preset"):
        TYZICHA.rules("nosuch")
    with pytest.raises(InvalidInputError, match="unknown Tyzicha bot"):
        TYZICHA.make_bot("nosuch")


# --- random play and the players --------------------------------------------------------------------


def test_random_play_stays_legal_and_keeps_the_pack() -> None:
    for seed in range(150):
        state = TyzichaState.deal(RULES, seed % 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            assert legal
            state.apply(rng.choice(legal))
            held = [*state.hands[0], *state.hands[1], *state.hands[2], *state.trick]
            held += [card for trick in state.tricks for card in trick.cards]
            if state.declarer is None:
                held += state.widow
            assert sorted(held) == list(PACK)
        assert state.result is not None
        if state.result.how != "conceded":
            assert sum(state.result.card_points) == 120 and len(state.tricks) == 8


def test_the_bots_are_legal_and_replay_under_a_seed() -> None:
    for name in BOTS:
        for seed in range(4 if name == "search" else 30):
            first = TyzichaState.deal(RULES, seed % 3, seed=seed)
            second = first.clone()
            play_hand(first, [BOTS[name]() for _ in range(3)], seed)
            play_hand(second, [BOTS[name]() for _ in range(3)], seed)
            assert first.fingerprint() == second.fingerprint()


def test_the_heuristic_beats_random_over_duplicate_deals() -> None:
    rules = TYZICHA.rules()
    results = [duplicate_deal(TYZICHA, rules, "heuristic", "random", seed) for seed in range(150)]
    assert sum(results) / len(results) > 120  # docs/tyzicha.md: +207 points a deal over 400
    mirror = [duplicate_deal(TYZICHA, rules, "heuristic", "heuristic", seed) for seed in range(20)]
    assert mirror == pytest.approx([0.0] * 20, abs=1e-9), "a mirror is level"


def test_the_heuristic_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    bot = HeuristicTyzichaBot()
    strong = dealt(dealer=2)  # seat 1 bids first: the hearts marriage and the diamonds
    assert strong.current == 1
    move = bot.choose(observe(strong, 1), strong.legal_actions(), random.Random(0))
    assert move == Bid(1, 110)
    weak = dealt(dealer=0)
    weak.hands[2] = cs("9S JS 9H JH 9D JD 9C")
    assert bot.choose(observe(weak, 2), weak.legal_actions(), random.Random(0)) == Pass(2)


def test_a_determinized_world_shows_the_seat_exactly_its_view() -> None:
    checked = 0
    for seed in range(30):
        state = TyzichaState.deal(RULES, seed % 3, seed=seed)
        rng = random.Random(seed)
        bot = HeuristicTyzichaBot()
        while not state.is_over:
            seat = state.current
            view = observe(state, seat)
            excluded = excluded_cards(view)
            for k in range(3):
                world = determinize(view, random.Random(k))
                assert observe(world, seat) == view
                assert world.legal_actions() == state.legal_actions()
                for other in range(3):
                    assert not set(world.hands[other]) & excluded[other], "a void shown is kept"
                    assert not set(state.hands[other]) & excluded[other], "the real hands agree"
            checked += 1
            state.apply(bot.choose(view, state.legal_actions(), rng))
    assert checked > 500


def test_a_forced_declarers_hidden_widow_is_dealt_anew() -> None:
    state = given_out(None, None, 100)
    worlds = [determinize(observe(state, 0), random.Random(k)) for k in range(8)]
    assert all(observe(world, 0) == observe(state, 0) for world in worlds)
    assert len({world.widow for world in worlds}) > 1


def test_the_search_names_the_contract_from_one_playout_per_world() -> None:
    state = given_out(110, None, None)  # seat 2: two marriages, the Ace and 10 of clubs
    searcher = SearchTyzichaBot(worlds=4)
    ranked = searcher.evaluate(observe(state, 2), state.legal_actions(), random.Random(5))
    moves = [move for move, _ in ranked]
    assert Concede(2) in moves and Raise(2, MAX_CONTRACT) in moves
    assert sum(isinstance(move, Play) for move in moves) == 1, "one lead: the heuristic's"
    assert [score for _, score in ranked] == sorted((score for _, score in ranked), reverse=True)
    assert ranked[0][0] != Concede(2) and dict(ranked)[Concede(2)] == -110 - (40 + 40 - 110) / 3
    assert searcher.evaluate(observe(state, 2), state.legal_actions(), random.Random(5)) == ranked


def test_the_search_plays_legally_and_a_hint_names_its_runner_up() -> None:
    state = TyzichaState.deal(RULES, 0, seed=12)
    bot = HeuristicTyzichaBot()
    while state.phase is not Phase.PLAY or not state.trick or len(state.legal_actions()) < 2:
        state.apply(bot.choose(observe(state, state.current), state.legal_actions(), random.Random(0)))
    view = observe(state, state.current)
    suggestion = hint(view, state.legal_actions(), random.Random(3))
    assert suggestion.action in state.legal_actions() and isinstance(suggestion.action, Play)
    assert suggestion.worlds == SearchTyzichaBot().worlds and suggestion.runner_up is not None
    assert suggestion.margin is not None and suggestion.margin >= 0
    assert suggestion.reason in ("take", "duck") and "points" in suggestion.facts
    again = hint(view, state.legal_actions(), random.Random(3))
    assert again == suggestion, "a seeded hint is the same hint"
    bid = hint(observe(dealt(dealer=2), 1), dealt(dealer=2).legal_actions(), random.Random(0))
    assert (bid.action, bid.reason, bid.worlds) == (Bid(1, 110), "bid", 0)
