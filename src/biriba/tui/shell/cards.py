"""Cards on screen, the same in every game's table: hearts and diamonds red, Jokers violet."""

from __future__ import annotations

from collections.abc import Sequence

from biriba.core.cards import JOKER, Card, card_symbol, suit_of

_RED = "#ff5f5f"
_JOKER = "#d787ff"


def card_style(card: Card) -> str:
    """The colour of a card's suit (hearts and diamonds red, Jokers violet)."""
    if card == JOKER:
        return f"bold {_JOKER}"
    return f"bold {_RED}" if suit_of(card) in (1, 2) else "bold"


def card_markup(card: Card) -> str:
    return f"[{card_style(card)}]{card_symbol(card)}[/]"


def cards_markup(cards: Sequence[Card]) -> str:
    return " ".join(card_markup(card) for card in cards)
