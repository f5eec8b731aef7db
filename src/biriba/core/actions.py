"""Actions: what a seat does on its turn, with the JSON form of docs/rules.md (Notation, A turn).

>>> action = action_from_json({"seat": 1, "type": "extend", "meld": 0, "cards": ["9h"]})
>>> action
Extend(seat=1, meld=0, cards=(21,))
>>> action_to_json(action)
{'seat': 1, 'type': 'extend', 'meld': 0, 'cards': ['9H']}
>>> str(action)
'seat 1 extends meld 0 with 9H'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from biriba.core.cards import SUIT_INPUT, SUITS, Card, card_code, parse_card
from biriba.core.errors import InvalidActionError
from biriba.core.melds import MeldCards


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the draw pile."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} draws"


@dataclass(frozen=True, slots=True)
class TakePile:
    """Take the whole discard pile."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} takes the discard pile"


@dataclass(frozen=True, slots=True)
class Pass:
    """Skip the turn: only when the draw pile is empty."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay one or more new melds at once. Each meld's cards are kept sorted (a meld is a multiset)."""

    seat: int
    melds: tuple[MeldCards, ...]

    def __str__(self) -> str:
        laid = "; ".join(" ".join(card_code(c) for c in meld) for meld in self.melds)
        return f"seat {self.seat} melds {laid}"


@dataclass(frozen=True, slots=True)
class Extend:
    """Add cards to the acting team's meld number ``meld`` (numbered from 0 in the order laid)."""

    seat: int
    meld: int
    cards: MeldCards

    def __str__(self) -> str:
        return f"seat {self.seat} extends meld {self.meld} with {' '.join(card_code(c) for c in self.cards)}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card and end the turn."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} discards {card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class Redraw:
    """In the first turn of a hand dealt without an upcard: put the card just drawn face up to start
    the discard pile, and draw the next one instead."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} turns up the card drawn and draws again"


@dataclass(frozen=True, slots=True)
class ChooseBonusSuit:
    """When a Joker is turned up and the first player chooses: the bonus suit (0..3 for ``S H D C``),
    or None for no bonus suit."""

    seat: int
    suit: int | None

    def __str__(self) -> str:
        chosen = "no bonus suit" if self.suit is None else f"the bonus suit {SUITS[self.suit]}"
        return f"seat {self.seat} chooses {chosen}"


Action: TypeAlias = Draw | TakePile | Pass | Meld | Extend | Discard | Redraw | ChooseBonusSuit

_SIMPLE: dict[str, type[Draw] | type[TakePile] | type[Pass] | type[Redraw]] = {
    "draw": Draw,
    "take_pile": TakePile,
    "pass": Pass,
    "redraw": Redraw,
}
_KNOWN_FIELDS = {
    "draw": {"seat", "type"},
    "take_pile": {"seat", "type"},
    "pass": {"seat", "type"},
    "meld": {"seat", "type", "melds"},
    "extend": {"seat", "type", "meld", "cards"},
    "discard": {"seat", "type", "card"},
    "redraw": {"seat", "type"},
    "choose_bonus_suit": {"seat", "type", "suit"},
}


def action_to_json(action: Action) -> dict[str, Any]:  # noqa: PLR0911
    """The JSON object of an action (canonical card codes)."""
    match action:
        case Draw(seat):
            return {"seat": seat, "type": "draw"}
        case TakePile(seat):
            return {"seat": seat, "type": "take_pile"}
        case Pass(seat):
            return {"seat": seat, "type": "pass"}
        case Meld(seat, melds):
            return {"seat": seat, "type": "meld", "melds": [[card_code(c) for c in m] for m in melds]}
        case Extend(seat, meld, cards):
            return {"seat": seat, "type": "extend", "meld": meld, "cards": [card_code(c) for c in cards]}
        case Discard(seat, card):
            return {"seat": seat, "type": "discard", "card": card_code(card)}
        case Redraw(seat):
            return {"seat": seat, "type": "redraw"}
        case ChooseBonusSuit(seat, suit):
            return {"seat": seat, "type": "choose_bonus_suit", "suit": None if suit is None else SUITS[suit]}


def action_from_json(data: object) -> Action:
    """Parse an action object; raise :class:`InvalidActionError` (or :class:`InvalidCardError`) if malformed."""
    if not isinstance(data, dict):
        raise InvalidActionError(f"an action must be a JSON object, not {data!r}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _KNOWN_FIELDS:
        known = ", ".join(_KNOWN_FIELDS)
        raise InvalidActionError(f"unknown action type {kind!r} (known: {known})")
    unknown = set(data) - _KNOWN_FIELDS[kind]
    if unknown:
        raise InvalidActionError(f"unknown field(s) {', '.join(sorted(unknown))} in a {kind!r} action")
    seat = _int_field(data, "seat", kind)
    if kind in _SIMPLE:
        return _SIMPLE[kind](seat)
    if kind == "discard":
        return Discard(seat, _card(data.get("card"), kind))
    if kind == "choose_bonus_suit":
        suit = data.get("suit")
        if suit is None:
            return ChooseBonusSuit(seat, None)
        if not isinstance(suit, str) or suit.strip().upper() not in SUIT_INPUT:
            raise InvalidActionError(f"a 'choose_bonus_suit' action needs 'suit': one of S H D C or null, not {suit!r}")
        return ChooseBonusSuit(seat, SUIT_INPUT[suit.strip().upper()])
    if kind == "extend":
        return Extend(seat, _int_field(data, "meld", kind), _cards(data.get("cards"), kind, "cards"))
    melds = data.get("melds")
    if not isinstance(melds, list) or not melds:
        raise InvalidActionError("a 'meld' action needs 'melds': a non-empty list of lists of card codes")
    return Meld(seat, tuple(_cards(m, kind, "melds") for m in melds))


def _int_field(data: dict[str, Any], name: str, kind: str) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidActionError(f"a {kind!r} action needs {name!r}: an integer, not {value!r}")
    return value


def _card(value: object, kind: str) -> Card:
    if not isinstance(value, str):
        raise InvalidActionError(f"a {kind!r} action needs 'card': a card code, not {value!r}")
    return parse_card(value)


def _cards(value: object, kind: str, name: str) -> MeldCards:
    if not isinstance(value, list) or not value:
        raise InvalidActionError(f"a {kind!r} action needs {name!r}: a non-empty list of card codes")
    return tuple(sorted(_card(v, kind) for v in value))
