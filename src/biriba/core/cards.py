"""Cards and packs.

A card is a small integer so that hands can be count vectors and states clone cheaply:
``suit * 13 + rank - 1`` for the 52 suited cards (suits ``S H D C``, ranks ``A=1 .. K=13``)
and ``52`` for the Joker (μπαλαντέρ). Cards of equal code are identical: no rule tells two
``7H`` apart, so a hand is a multiset.

>>> parse_card("10h") == parse_card("TH") == parse_card("10♥")
True
>>> card_code(parse_card("t♣"))
'10C'
>>> [card_code(c) for c in parse_cards(["AS", "2S", "JK"])]
['AS', '2S', 'JK']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import compress
from typing import Final, TypeAlias

from biriba.core.errors import InvalidCardError
from biriba.core.shuffle import shuffled

Card: TypeAlias = int
"""A card type: ``suit * 13 + rank - 1``, or :data:`JOKER`."""

SUITS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER: Final = 52
N_CARD_TYPES: Final = 53
ACE: Final = 1
TWO: Final = 2
KING: Final = 13

SUIT_INPUT: Final = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3, "♡": 1, "♢": 2, "♤": 0, "♧": 3}
"""Suit index of every accepted suit letter or symbol (upper case)."""
_RANK_INPUT: Final = {name: i + 1 for i, name in enumerate(RANKS)} | {"T": 10}


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (1 = Ace .. 13 = King) and suit index (0..3 for ``S H D C``)."""
    return suit * 13 + rank - 1


def rank_of(card: Card) -> int:
    """Rank 1 (Ace) .. 13 (King); 0 for the Joker."""
    return 0 if card == JOKER else card % 13 + 1


def suit_of(card: Card) -> int:
    """Suit index 0..3 (``S H D C``); -1 for the Joker."""
    return -1 if card == JOKER else card // 13


def rank_index(card: Card) -> int:
    """The place of a natural card in its suit: 0 (Ace) .. 12 (King), ``rank_of(card) - 1``."""
    return card % 13


def suit_cards(suit: int) -> range:
    """The 13 cards of a suit, Ace to King: ``suit_cards(s)[i]`` is the card of place ``i`` in suit ``s``."""
    return range(suit * 13, suit * 13 + 13)


def twins(card: Card) -> range:
    """The natural card of ``card``'s rank in each of the four suits (``card`` among them)."""
    return range(card % 13, 52, 13)


def is_wild_card(card: Card) -> bool:
    """Jokers and Twos can act as wild cards."""
    return card == JOKER or card % 13 == 1


def card_code(card: Card) -> str:
    """Canonical code: rank then suit, upper case, ``10`` for ten, ``JK`` for a Joker."""
    return CARD_CODES[card]


CARD_CODES: Final[tuple[str, ...]] = (*(rank + suit for suit in SUITS for rank in RANKS), "JK")
"""Each card's code, by card: every view written out as JSON looks them up."""


def card_symbol(card: Card) -> str:
    """Display form with a suit symbol, e.g. ``10♥``; ``🃏`` is avoided so terminals keep widths."""
    if card == JOKER:
        return "JK"
    return RANKS[card % 13] + SUIT_SYMBOLS[card // 13]


_GREEK_LOOKALIKES = {
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Σ": "S", "Δ": "D", "Ξ": "J", "Ψ": "C",
}  # fmt: skip
"""Greek capitals and the Latin letters a card code wants in their place: the lookalikes, and the letters
a Greek keyboard gives on the keys of S, D, J and C (Σ, Δ, Ξ, Ψ)."""


def parse_card(text: object) -> Card:
    """Parse a card code (``10H``, ``TH``, ``th``, ``10♥``, ``JK``); raise :class:`InvalidCardError`
    (for anything else too: input from JSON may be of any type)."""
    if not isinstance(text, str):
        raise InvalidCardError(f"a card code must be a string, not {text!r}")
    code = text.strip().upper()
    if code in ("JK", "JOKER"):
        return JOKER
    if len(code) >= 2:
        suit = SUIT_INPUT.get(code[-1])
        rank = _RANK_INPUT.get(code[:-1])
        if suit is not None and rank is not None:
            return make_card(rank, suit)
    expected = "expected a rank (A 2-10 J Q K, or T for 10) then a suit (S H D C), or JK"
    greek = [letter for letter in text if letter.upper() in _GREEK_LOOKALIKES]
    if greek:
        # On a Greek keyboard Κ, Α, Η and Τ look exactly like K, A, H and T: say which letter is wrong.
        latin = ", ".join(f"{_GREEK_LOOKALIKES[letter.upper()]} not {letter}" for letter in dict.fromkeys(greek))
        raise InvalidCardError(f"unknown card code {text!r}: card codes are in Latin letters ({latin}); {expected}")
    raise InvalidCardError(f"unknown card code {text!r}: {expected}")


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse several card codes."""
    return [parse_card(t) for t in texts]


def card_codes(cards: Iterable[Card]) -> list[str]:
    """Canonical codes of ``cards`` in the given order."""
    codes = CARD_CODES
    return [codes[c] for c in cards]


def sort_key(card: Card) -> tuple[int, int]:
    """Display order: by suit then rank, Jokers last."""
    return (4, 0) if card == JOKER else (card // 13, card % 13)


def counts_of(cards: Iterable[Card]) -> list[int]:
    """The count vector (length :data:`N_CARD_TYPES`) of a multiset of cards."""
    counts = [0] * N_CARD_TYPES
    for card in cards:
        counts[card] += 1
    return counts


def cards_of(counts: Sequence[int]) -> list[Card]:
    """The cards of a count vector, in card order."""
    # compress skips the cards not held at C speed: most of a count vector is zeros.
    return [card for card in compress(range(len(counts)), counts) for _ in range(counts[card])]


def pack(decks: int, jokers: int) -> list[Card]:
    """The canonical unshuffled pack: each deck ``S H D C`` from Ace to King, then the Jokers.

    >>> len(pack(2, 4))
    108
    """
    return [card for _ in range(decks) for card in range(52)] + [JOKER] * jokers


def beyond_pack(cards: Iterable[Card], decks: int, jokers: int) -> tuple[Card, ...]:
    """Every copy of a card that ``cards`` hold more often than the pack does: no hand, meld or table
    holds them.

    >>> card_codes(beyond_pack(parse_cards("7H 7H 7H 8H".split()), 2, 4))
    ['7H', '7H', '7H']
    """
    seen = counts_of(cards)
    available = counts_of(pack(decks, jokers))
    return tuple(card for card in range(N_CARD_TYPES) if seen[card] > available[card] for _ in range(seen[card]))


def shuffled_pack(decks: int, jokers: int, seed: int) -> list[Card]:
    """The pack shuffled by the deal's generator (:mod:`biriba.core.shuffle`): listed top card first.
    A seed fixes the deck for good, on any Python.

    >>> card_codes(shuffled_pack(2, 4, 42)[:5])
    ['8S', '10S', '2S', 'AH', 'QC']
    """
    return shuffled(pack(decks, jokers), seed)
