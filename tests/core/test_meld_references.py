"""The engine's reading of a run and its openings of two melds under a minimum, each against a plain
reference that tries everything: the engine's versions take shortcuts (bit masks of places, bounds that
spare work), and must answer exactly as the slow ways do. (A hand's melds are checked against every part
of it in test_properties.py.)"""

from __future__ import annotations

from functools import cache
from itertools import product

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from biriba.core.cards import ACE, JOKER, TWO, counts_of, make_card, rank_of, suit_of
from biriba.core.listing import OPENING_PAIR_LIMIT, _find_opening_pairs
from biriba.core.melds import HIGH_ACE, TWOS, MeldCards, MeldRules, _run_shape, all_melds, extends, meld_shape
from biriba.core.rules import Rules


def run_readings(cards: MeldCards, longest: int) -> set[tuple[int, int, int, int | None]]:
    """Every reading of ``cards`` as a run, as (suit, low place, wild card's place or 0, wild card or None):
    each card that can act as wild tried as the one wild card or as none, each Ace low and high. A wild card
    stands in the run's gap, or at its high end when there is room, or else at its low end."""
    readings = set()
    wild_capable = [i for i, card in enumerate(cards) if card == JOKER or rank_of(card) == TWO]
    for wild_at in [None, *wild_capable]:
        naturals = [card for i, card in enumerate(cards) if i != wild_at]
        if JOKER in naturals or len({suit_of(card) for card in naturals}) != 1:
            continue
        options = [(ACE, HIGH_ACE) if rank_of(card) == ACE else (rank_of(card),) for card in naturals]
        for places in product(*options):
            if len(set(places)) != len(places):
                continue
            low, high = min(places), max(places)
            span = high - low + 1
            gaps = [place for place in range(low, high + 1) if place not in places]
            suit = suit_of(naturals[0])
            if wild_at is None:
                if not gaps and span <= longest:
                    readings.add((suit, low, 0, None))
                continue
            wild = cards[wild_at]
            if len(gaps) == 1 and span <= longest:
                readings.add((suit, low, gaps[0], wild))
            elif not gaps and span < longest:
                if high < HIGH_ACE:
                    readings.add((suit, low, high + 1, wild))
                elif low > 1:
                    readings.add((suit, low - 1, low - 1, wild))
    return readings


@st.composite
def run_like_cards(draw: st.DrawFn) -> MeldCards:
    """Consecutive cards of one suit (through the King to the Ace too), one left out or not, with Aces,
    Twos and Jokers, a card of another suit now and then: many read as runs, many just not."""
    suit = draw(st.integers(0, 3))
    low = draw(st.one_of(st.sampled_from([1, 2, 10, 11, 12, 13]), st.integers(1, 13)))  # the ends are where runs differ
    length = draw(st.one_of(st.integers(2, 5), st.integers(2, 13)))
    ranks = [(low - 1 + i) % 13 + 1 for i in range(length)]
    if draw(st.booleans()):
        del ranks[draw(st.integers(0, length - 1))]
    cards = [make_card(rank, suit) for rank in ranks]
    cards += draw(st.lists(st.sampled_from([JOKER, *TWOS, make_card(ACE, suit)]), max_size=2))
    if draw(st.integers(0, 5)) == 0:
        cards.append(draw(st.integers(0, 51)))
    return tuple(sorted(cards))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards=run_like_cards(), ace_to_ace=st.booleans())
def test_a_run_is_read_exactly_when_some_reading_lays_it(cards: MeldCards, ace_to_ace: bool) -> None:
    longest = MeldRules(ace_to_ace=ace_to_ace).longest_run
    assume(len(cards) >= 3)
    readings = run_readings(cards, longest)
    shape = _run_shape(cards, longest)
    assert (shape is not None) == bool(readings)
    if shape is not None:
        assert shape.length == len(cards)
        assert (shape.suit, shape.low, shape.wild_position, shape.wild) in readings
        # A clean reading is preferred wherever there is one.
        assert (shape.wild is None) == any(wild is None for *_, wild in readings)


def pairs_by_definition(hand: bytes, rules: Rules, minimum: int, owed: frozenset[int]) -> list[tuple[MeldCards, ...]]:
    """The openings of two melds, by their definition (``docs/rules.md``, "Legal actions"): two melds
    below ``minimum`` that reach it together and fit in the hand, neither of which can leave out a card
    (a card not ``owed``, whose rest is a meld that the card extends) and still reach it with the other;
    in order of the first meld's value and cards, then the second's; the first ``OPENING_PAIR_LIMIT``."""
    values = rules.card_values
    melds = all_melds(list(hand), rules.meld_rules)

    def value(cards: MeldCards) -> int:
        return sum(values[card] for card in cards)

    @cache
    def without_a_card(cards: MeldCards) -> int:
        best = -(10**9)
        for card in set(cards) - owed:
            rest = list(cards)
            rest.remove(card)
            smaller = tuple(rest)
            if meld_shape(smaller, rules.meld_rules) is not None and extends(smaller, (card,), rules.meld_rules):
                best = max(best, value(smaller))
        return best

    below = sorted((value(cards), cards) for cards in melds if value(cards) < minimum)
    pairs: list[tuple[MeldCards, ...]] = []
    for first_value, first in below:
        for second_value, second in below:
            if second <= first or first_value + second_value < minimum:
                continue
            if without_a_card(first) + second_value >= minimum or without_a_card(second) + first_value >= minimum:
                continue
            if all(first.count(card) + second.count(card) <= hand[card] for card in set(first + second)):
                pairs.append((first, second))
    return pairs[:OPENING_PAIR_LIMIT]


@st.composite
def hands_under_a_minimum(draw: st.DrawFn) -> list[int]:
    """A dozen to two dozen cards of two decks: runs and sets of several values, wild cards, noise."""
    cards: list[int] = []
    for _ in range(draw(st.integers(2, 4))):
        suit, low = draw(st.integers(0, 3)), draw(st.integers(1, 10))
        cards += [make_card(rank, suit) for rank in range(low, min(low + draw(st.integers(3, 7)), 14))]
    rank = draw(st.integers(1, 13))
    cards += [make_card(rank, s) for s in draw(st.lists(st.integers(0, 3), min_size=2, max_size=4))]
    cards += draw(st.lists(st.sampled_from([JOKER, *TWOS]), max_size=3))
    cards += draw(st.lists(st.integers(0, 52), max_size=3))
    return [min(held, 2) for held in counts_of(cards)]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    counts=hands_under_a_minimum(),
    preset=st.sampled_from(["classic", "buraco-fechado", "venezuelan"]),
    minimum=st.sampled_from([50, 75, 90, 120]),
    owe_one=st.booleans(),
)
def test_the_openings_of_two_melds_are_those_of_the_definition(
    counts: list[int], preset: str, minimum: int, owe_one: bool
) -> None:
    rules = Rules.from_preset(preset)
    hand = bytes(counts)
    owed = frozenset({next(card for card, n in enumerate(counts) if n)}) if owe_one else frozenset()
    assert _find_opening_pairs(hand, rules, minimum, owed) == pairs_by_definition(hand, rules, minimum, owed)
