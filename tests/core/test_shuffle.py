"""The deal's shuffle: a documented generator, so that a seed deals the same cards on any Python.

The pinned deals below were made once and are never regenerated: a change in the generator, the
shuffle or the deal order shows up here as a failure, never as records that silently deal otherwise.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from biriba.core import shuffle
from biriba.core.cards import card_codes, pack, shuffled_pack
from biriba.core.rules import Rules
from biriba.core.shuffle import MersenneTwister, below_for_text, seed_key, shuffled, text_seed
from biriba.core.state import HandState, cut_error_for_seed


def test_the_generator_is_mt19937_as_its_authors_published_it() -> None:
    """The first outputs of mt19937ar.c's own test, ``init_by_array({0x123, 0x234, 0x345, 0x456})``."""
    generator = MersenneTwister([0x123, 0x234, 0x345, 0x456])
    assert [generator.next32() for _ in range(5)] == [1067595299, 955945823, 477289528, 4107218783, 4228976476]
    rest = [generator.next32() for _ in range(995)]
    assert rest[-1] == 3460025646  # the 1000th output of the published list


@pytest.mark.parametrize(("seed", "key"), [(0, [0]), (1, [1]), (-7, [7]), (2**32, [0, 1]), (2**64 + 5, [5, 0, 1])])
def test_a_seed_is_keyed_by_its_32_bit_words(seed: int, key: list[int]) -> None:
    assert seed_key(seed) == key


PINNED_DECKS = {
    # seed: the first ten cards of the shuffled 108-card pack, top first
    0: ["JH", "QC", "4S", "9H", "3S", "6C", "QH", "JC", "4D", "4D"],
    13: ["QD", "2C", "7S", "9S", "5D", "4C", "AD", "JH", "9H", "3S"],
    2**40 + 1: ["QS", "3D", "4S", "QH", "JK", "8S", "3S", "8C", "7S", "JS"],
}


@pytest.mark.parametrize("seed", list(PINNED_DECKS))
def test_known_seeds_deal_known_decks(seed: int) -> None:
    assert card_codes(shuffled_pack(2, 4, seed)[:10]) == PINNED_DECKS[seed]


def test_a_known_seed_deals_a_known_hand() -> None:
    state = HandState.deal(Rules.from_preset("standard"), dealer=1, seed=13)
    assert card_codes(state.hand_cards(2)) == ["7S", "AH", "3H", "7H", "8H", "9H", "4D", "5D", "QD", "JC", "QC"]
    assert card_codes(state.discard_pile) == ["6C"]


def test_the_pure_generator_deals_as_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where this Python's own Mersenne Twister agrees it serves for speed; where it did not, the pure
    implementation would deal the very same cards."""
    assert shuffle._interpreter_agrees()
    fast = {seed: shuffled(pack(3, 6), seed) for seed in (0, 1, 99, 2**33 + 7)}
    cut_fast = [cut_error_for_seed(seed) for seed in range(40)]
    monkeypatch.setattr(shuffle, "_interpreter_agrees", lambda: False)
    assert {seed: shuffled(pack(3, 6), seed) for seed in fast} == fast
    assert [cut_error_for_seed(seed) for seed in range(40)] == cut_fast


def test_the_shuffle_is_the_one_seeds_were_recorded_with() -> None:
    """Seeds recorded before the generator was written out deal as they did (CPython's shuffle)."""
    for seed in (0, 5, 123456789):
        cards = pack(2, 4)
        random.Random(seed).shuffle(cards)
        assert shuffled(pack(2, 4), seed) == cards


def test_text_seeds_and_cut_errors_are_pinned() -> None:
    assert text_seed("a") == int.from_bytes(b"a" + hashlib.sha512(b"a").digest(), "big")
    assert [below_for_text(f"cut:{n}", 16) for n in range(8)] == [1, 15, 7, 0, 0, 8, 9, 9]
    assert [cut_error_for_seed(n) for n in range(8)] == [-2, 3, 0, -3, -3, 0, 0, 0]
