"""Cards on screen, the same in every game's table: hearts and diamonds red, Jokers violet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from textual import events
from textual.widgets import Static

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


def hand_markup(cards: Sequence[Card], keys: str, styles: Sequence[str]) -> str:
    """A hand of a trick-taking table, each card after its key: a cell of the key and the card with a space
    each side, in its style; one space between cells (:func:`card_at` finds a click's card)."""
    return " ".join(
        f"[dim]{keys[index]}[/][{style}] {card_symbol(card)} [/]"
        for index, (card, style) in enumerate(zip(cards, styles, strict=True))
    )


def card_at(cards: Sequence[Card], keys: str, column: int) -> int | None:
    """The place of the card whose cell of :func:`hand_markup` holds ``column`` (None: none does)."""
    start = 0
    for index, card in enumerate(cards):
        width = len(keys[index]) + len(card_symbol(card)) + 2
        if start <= column < start + width:
            return index
        start += width + 1
    return None


class ChoosesCards(Protocol):
    """A screen whose person chooses cards of the hand it shows."""

    def shown_hand(self) -> list[Card]: ...

    def toggle_card(self, index: int) -> None: ...


class HandView(Static):
    """A hand drawn by :func:`hand_markup` (keys ``KEYS``); a click on a card chooses it (or lets it go). The
    click is placed by its column, not by a link: a link's style would take the suits' colours away."""

    KEYS = "1234567890"

    def on_click(self, event: events.Click) -> None:
        screen = self.screen
        offset = event.get_content_offset(self)
        if offset is None or offset.y != 0 or not hasattr(screen, "toggle_card"):
            return
        chooser: ChoosesCards = screen  # type: ignore[assignment]
        index = card_at(chooser.shown_hand(), self.KEYS, offset.x)
        if index is not None:
            chooser.toggle_card(index)
