"""docs/rules.md, Packs and deals: card codes, seats and teams, the deal from a given deck, seeded deals."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from biriba.core.actions import Discard, Draw, Pass, action_from_json, action_to_json
from biriba.core.cards import (
    JOKER,
    card_code,
    card_codes,
    counts_of,
    pack,
    parse_card,
    parse_cards,
    shuffled_pack,
)
from biriba.core.errors import InvalidCardError, InvalidInputError
from biriba.core.match import Match
from biriba.core.rules import Rules
from biriba.core.state import HandState, Phase
from tests.builders import STANDARD, codes, deck_for, hand_codes, play, position

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
ALL_CODES = [*(rank + suit for suit in "SHDC" for rank in RANKS), "JK"]

# --- card codes ------------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_canonical_code_round_trips(code: str) -> None:
    assert card_code(parse_card(code)) == code


def test_the_53_card_types_have_distinct_codes() -> None:
    assert [card_code(card) for card in range(53)] == ALL_CODES


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("TH", "10H"),
        ("th", "10H"),
        ("tS", "10S"),
        ("10h", "10H"),
        ("ah", "AH"),
        ("qd", "QD"),
        ("Kc", "KC"),
        ("jk", "JK"),
        ("Jk", "JK"),
        ("A♠", "AS"),
        ("10♥", "10H"),
        ("T♥", "10H"),
        ("7♦", "7D"),
        ("q♣", "QC"),
        ("2♣", "2C"),
    ],
)
def test_input_forms_parse_to_the_canonical_code(text: str, canonical: str) -> None:
    assert card_code(parse_card(text)) == canonical


@pytest.mark.parametrize(
    ("code", "number"),
    [("AS", 0), ("KS", 12), ("AH", 13), ("2H", 14), ("AD", 26), ("10C", 48), ("KC", 51), ("JK", JOKER)],
)
def test_card_numbers_are_suit_times_13_plus_rank_minus_1(code: str, number: int) -> None:
    assert parse_card(code) == number
    assert JOKER == 52


@pytest.mark.parametrize(
    "text",
    ["1H", "11H", "0S", "1OH", "ZZ", "", "H", "10", "AX", "KK", "10HH", "J K", "JKS", "2", "T", "B♠", "A★"],
)
def test_unknown_codes_raise_invalid_card_error(text: str) -> None:
    with pytest.raises(InvalidCardError):
        parse_card(text)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("ΚS", "K not Κ"),
        ("ΑS", "A not Α"),
        ("3Η", "H not Η"),
        ("JΚ", "K not Κ"),
        ("4Δ", "D not Δ"),
        ("τσ", "T not τ, S not σ"),
    ],
)
def test_a_greek_letter_that_looks_like_a_latin_one_is_named(text: str, named: str) -> None:
    # On a Greek keyboard Κ (kappa) and K look the same: the error says which letter to type instead.
    with pytest.raises(InvalidCardError, match=f"card codes are in Latin letters \\({named}\\)"):
        parse_card(text)


@pytest.mark.parametrize("value", [None, 5, ["AS"]])
def test_non_string_codes_raise_invalid_card_error(value: object) -> None:
    with pytest.raises(InvalidCardError):
        parse_card(value)  # type: ignore[arg-type]


def test_invalid_card_error_is_an_input_error_and_a_value_error() -> None:
    with pytest.raises(InvalidInputError):
        parse_card("XX")
    with pytest.raises(ValueError):
        parse_card("XX")


def test_one_unknown_code_spoils_a_list() -> None:
    with pytest.raises(InvalidCardError):
        parse_cards(["AS", "2S", "1S"])


def test_lists_of_codes_come_back_canonical_and_in_order() -> None:
    assert card_codes(parse_cards(["th", "jk", "a♠", "2c"])) == ["10H", "JK", "AS", "2C"]


def test_actions_read_any_input_form_and_write_canonical_codes() -> None:
    action = action_from_json({"seat": 2, "type": "extend", "meld": 0, "cards": ["th", "J♥"]})
    assert action_to_json(action) == {"seat": 2, "type": "extend", "meld": 0, "cards": ["10H", "JH"]}
    assert action_to_json(action_from_json({"seat": 1, "type": "discard", "card": "t♣"}))["card"] == "10C"


def test_an_action_with_an_unknown_code_is_invalid_input() -> None:
    with pytest.raises(InvalidCardError):
        action_from_json({"seat": 1, "type": "discard", "card": "11C"})


def test_the_pack_is_two_decks_and_four_jokers() -> None:
    cards = pack(2, 4)
    assert len(cards) == 108
    counts = counts_of(cards)
    assert counts[JOKER] == 4
    assert all(counts[card] == 2 for card in range(52))


# --- seats and teams -------------------------------------------------------------------------------


@pytest.mark.parametrize(("seat", "team"), [(0, 0), (1, 1), (2, 0), (3, 1)])
def test_seat_s_plays_for_team_s_mod_2(seat: int, team: int) -> None:
    state = HandState.deal(STANDARD, dealer=0, seed=1)
    assert state.team_of(seat) == team
    assert seat in state.seats_of(team)


def test_partners_sit_opposite() -> None:
    state = HandState.deal(STANDARD, dealer=0, seed=1)
    assert state.seats_of(0) == [0, 2]
    assert state.seats_of(1) == [1, 3]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_first_player_is_dealer_plus_one(dealer: int) -> None:
    state = HandState.deal(STANDARD, dealer=dealer, seed=11)
    assert state.current == (dealer + 1) % 4
    assert state.phase is Phase.DRAW
    assert [a.seat for a in state.legal_actions()] == [(dealer + 1) % 4] * len(state.legal_actions())


def test_seat_k_plus_1_plays_after_seat_k() -> None:
    state = HandState.deal(STANDARD, dealer=2, seed=5)
    order = []
    for _ in range(6):
        seat = state.current
        order.append(seat)
        play(state, Draw(seat))
        play(state, Discard(seat, state.hand_cards(seat)[0]))
    assert order == [3, 0, 1, 2, 3, 0]


def test_the_next_dealer_is_dealer_plus_one() -> None:
    match = Match(STANDARD, first_dealer=3)
    assert match.start_hand(seed=1).dealer == 3
    # End the dealt hand by passes: replace it with an equivalent position whose draw pile is empty.
    match.hand = position({}, dealer=3, current=0, rest="discard")
    for seat in (0, 1, 2, 3):
        play(match.hand, Pass(seat))
    assert match.hand.is_over
    match.finish_hand()
    assert match.next_dealer == 0
    assert match.start_hand(seed=2).dealer == 0


# --- the deal from a given deck --------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_deal_follows_the_documented_order_exactly(dealer: int) -> None:
    deck = shuffled_pack(2, 4, seed=123)
    state = HandState.deal(STANDARD, dealer=dealer, deck=deck)
    for seat in range(4):
        offset = (seat - dealer - 1) % 4
        expected = [deck[r * 4 + offset] for r in range(11)]
        assert sorted(state.hand_cards(seat)) == sorted(expected), seat
    assert state.biribakia[0] == deck[44:55]
    assert state.biribakia[1] == deck[55:66]
    assert state.upcard == deck[66]
    assert state.discard_pile == [deck[66]]
    assert state.draw_pile[::-1] == deck[67:]  # the engine keeps the top card last
    assert state.hand_sizes == [11, 11, 11, 11]
    assert state.packets_used == 0


def test_cards_go_one_at_a_time_starting_left_of_the_dealer() -> None:
    """The unshuffled pack dealt by seat 0: seat 1 gets cards 1, 5, 9, ...; seat 0 (the dealer) 4, 8, ..."""
    state = HandState.deal(STANDARD, dealer=0, deck=pack(2, 4))
    assert codes(state.hand_cards(1)) == ["AS", "5S", "9S", "KS", "4H", "8H", "QH", "3D", "7D", "JD", "2C"]
    assert codes(state.hand_cards(2)) == ["2S", "6S", "10S", "AH", "5H", "9H", "KH", "4D", "8D", "QD", "3C"]
    assert codes(state.hand_cards(3)) == ["3S", "7S", "JS", "2H", "6H", "10H", "AD", "5D", "9D", "KD", "4C"]
    assert codes(state.hand_cards(0)) == ["4S", "8S", "QS", "3H", "7H", "JH", "2D", "6D", "10D", "AC", "5C"]
    assert codes(state.biribakia[0]) == ["6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AS", "2S", "3S"]
    assert codes(state.biribakia[1]) == ["4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AH"]
    assert codes(state.discard_pile) == ["2H"]
    assert codes(state.draw_pile[::-1][:3]) == ["3H", "4H", "5H"]
    assert len(state.draw_pile) == 41


def test_packet_one_is_the_first_taken() -> None:
    packet = ["KD", "KD", "QD", "QD", "JD", "JD", "10D", "10D", "9D", "9D", "8D"]
    state = HandState.deal(STANDARD, dealer=0, deck=deck_for(0, packets=[packet]))
    assert codes(state.biribakia[0]) == packet


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deck_for_deals_exactly_the_named_cards(dealer: int) -> None:
    hands = {
        0: "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS",
        1: "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
        2: "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD",
        3: "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
    }
    packets = ["QS QS KS KS JK JK QH QH KH KH QD", "QD KD KD QC QC KC KC JK JK AS AH"]
    deck = deck_for(dealer, hands, packets, upcard="2S", draw_top="3H 4D")
    assert len(deck) == 108
    state = HandState.deal(STANDARD, dealer=dealer, deck=deck)
    for seat, hand in hands.items():
        assert sorted(hand_codes(state, seat)) == sorted(hand.split())
    assert [codes(p) for p in state.biribakia] == [p.split() for p in packets]
    assert codes(state.discard_pile) == ["2S"]
    assert codes(state.draw_pile[::-1][:2]) == ["3H", "4D"]


def test_deck_for_fills_the_rest_deterministically() -> None:
    assert deck_for(1, {0: "JK"}) == deck_for(1, {0: "JK"})
    assert deck_for(1, {0: "JK"}, fill_seed=3) == deck_for(1, {0: "JK"}, fill_seed=3)
    assert deck_for(1, {0: "JK"}, fill_seed=3) != deck_for(1, {0: "JK"}, fill_seed=4)


def test_deck_for_refuses_a_card_named_three_times() -> None:
    with pytest.raises(ValueError, match="5H"):
        deck_for(0, {0: "5H 5H", 1: "5H"})


# --- the upcard and the bonus suit -----------------------------------------------------------------


@pytest.mark.parametrize(("upcard", "suit"), [("5S", 0), ("KH", 1), ("2D", 2), ("AC", 3)])
def test_the_upcard_starts_the_discard_pile_and_its_suit_is_the_bonus_suit(upcard: str, suit: int) -> None:
    state = HandState.deal(STANDARD, dealer=1, deck=deck_for(1, upcard=upcard))
    assert codes(state.discard_pile) == [upcard]
    assert card_code(state.upcard) == upcard
    assert state.bonus_suit == suit


def test_a_joker_upcard_means_no_bonus_suit() -> None:
    state = HandState.deal(STANDARD, dealer=1, deck=deck_for(1, upcard="JK"))
    assert codes(state.discard_pile) == ["JK"]
    assert state.bonus_suit is None


# --- seeded deals ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 42, 2**40])
def test_a_seed_fixes_the_deal(seed: int) -> None:
    first = HandState.deal(STANDARD, dealer=2, seed=seed)
    second = HandState.deal(STANDARD, dealer=2, seed=seed)
    assert first.fingerprint() == second.fingerprint()


def test_a_seeded_deal_is_the_deal_of_the_seeded_shuffle() -> None:
    seeded = HandState.deal(STANDARD, dealer=0, seed=99)
    from_deck = HandState.deal(STANDARD, dealer=0, deck=shuffled_pack(2, 4, 99))
    assert seeded.fingerprint() == from_deck.fingerprint()


def test_different_seeds_deal_different_hands() -> None:
    hands = {tuple(HandState.deal(STANDARD, dealer=0, seed=seed).hand_cards(1)) for seed in range(8)}
    assert len(hands) == 8


def test_the_seeded_shuffle_is_pinned() -> None:
    """Records store seeds: the shuffle of a seed must never change."""
    assert codes(shuffled_pack(2, 4, 1)[:12]) == [
        "AC", "JH", "10S", "KC", "JS", "2C", "8H", "9H", "5S", "JD", "8D", "10D",
    ]  # fmt: skip


# --- decks that are not the pack ------------------------------------------------------------------


def _replace(deck: list[int], index: int, card: int) -> list[int]:
    return [*deck[:index], card, *deck[index + 1 :]]


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda d: d[:-1], id="107 cards"),
        pytest.param(lambda d: [*d, parse_card("AS")], id="109 cards"),
        pytest.param(lambda d: [*d, JOKER], id="a fifth Joker"),
        pytest.param(lambda d: _replace(d, d.index(parse_card("KC")), parse_card("QC")), id="a third QC"),
        pytest.param(lambda d: _replace(d, d.index(JOKER), parse_card("AS")), id="3 Jokers"),
        pytest.param(lambda d: [], id="empty"),
        pytest.param(lambda d: pack(1, 2), id="one deck"),
        pytest.param(lambda d: _replace(d, d.index(JOKER), 53), id="a number that is no card"),
        pytest.param(lambda d: _replace(d, d.index(JOKER), -1), id="a negative number in place of a Joker"),
    ],
)
def test_a_deck_that_is_not_exactly_the_pack_is_refused(make: Callable[[list[int]], list[int]]) -> None:
    deck = make(shuffled_pack(2, 4, 7))
    with pytest.raises(InvalidInputError):
        HandState.deal(STANDARD, dealer=0, deck=deck)


def test_any_order_of_the_pack_is_accepted() -> None:
    for deck in (pack(2, 4), pack(2, 4)[::-1], shuffled_pack(2, 4, 5)):
        assert len(list(HandState.deal(STANDARD, dealer=0, deck=deck).all_cards())) == 108


@pytest.mark.parametrize("dealer", [-1, 4])
def test_a_dealer_that_is_no_seat_is_refused(dealer: int) -> None:
    with pytest.raises(InvalidInputError):
        HandState.deal(STANDARD, dealer=dealer, seed=1)


def test_a_deal_needs_exactly_one_of_deck_and_seed() -> None:
    with pytest.raises(InvalidInputError):
        HandState.deal(STANDARD, dealer=0)
    with pytest.raises(InvalidInputError):
        HandState.deal(STANDARD, dealer=0, deck=pack(2, 4), seed=1)


def test_a_deal_keeps_every_card_in_one_place() -> None:
    state = HandState.deal(Rules.from_preset("standard"), dealer=3, seed=17)
    assert sorted(state.all_cards()) == sorted(pack(2, 4))
