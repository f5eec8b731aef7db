"""Errors by cause, all :class:`ValueError`.

* :class:`InvalidInputError` and its subclasses: the input cannot be understood (an unknown card code,
  malformed JSON, an unknown option). Command-line tools exit with code 2.
* :class:`IllegalAction`: the input is understood but the rules do not allow it now. It names the rule
  broken (a stable identifier in :attr:`IllegalAction.rule`) and why, as data. Command-line tools exit
  with code 1.

The engine describes; it does not write prose. A refusal carries a :class:`Reason`: a stable key and
the facts its text needs (cards as card numbers, meld numbers counted from 0, counts). The words, in
English or Greek, come from the catalogue of :mod:`biriba.i18n`, which every client renders them with.
``str()`` of an error gives the key and facts in a compact technical form, for logs and developers.

>>> error = IllegalAction("card-not-in-hand", cards=(0, 1))
>>> error.rule, error.reason.key, error.reason.facts
('card-not-in-hand', 'card-not-in-hand', {'cards': (0, 1)})
>>> str(error)
'card-not-in-hand: cards=AS 2S [rule: card-not-in-hand]'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

Fact: TypeAlias = int | str | bool | tuple[int, ...] | None
"""A fact of a reason: a number (a count, a score, a card, a seat, a meld number from 0), a word key,
or a tuple of cards."""

CARD_FACTS = frozenset({"card", "cards", "kept", "top"})
"""Facts that hold a card (``card``, ``kept``, ``top``) or a tuple of cards (``cards``)."""

RULE_IDS = (
    "hand-over",
    "not-your-turn",
    "draw-first",
    "one-draw-per-turn",
    "draw-pile-empty",
    "pass-only-when-draw-pile-empty",
    "discard-pile-empty",
    "single-card-pile",
    "take-pile-requires-meld",
    "take-pile-requires-top-card",
    "meld-invalid",
    "extend-invalid",
    "no-wild-swap",
    "wild-meld-first",
    "no-such-meld",
    "card-not-in-hand",
    "initial-meld-minimum",
    "whole-hand-opening",
    "keep-two-cards",
    "keep-a-discard",
    "last-card",
    "closing-condition",
    "partner-wild-discard",
    "no-redraw",
    "choose-bonus-suit-first",
    "no-bonus-suit-choice",
    "impossible-cards",
    "impossible-hand",
)
"""Every stable rule identifier an :class:`IllegalAction` may name (``docs/rules.md``)."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why something is refused: a stable ``key`` (a text of the catalogue) and its facts."""

    key: str
    items: tuple[tuple[str, Fact], ...] = ()

    @classmethod
    def of(cls, key: str, **facts: Fact) -> Reason:
        return cls(key, tuple(facts.items()))

    @property
    def facts(self) -> dict[str, Fact]:
        return dict(self.items)

    def __str__(self) -> str:
        shown = ", ".join(f"{name}={_shown(name, value)}" for name, value in self.items)
        return f"{self.key}: {shown}" if shown else self.key


def _shown(name: str, value: Fact) -> str:
    from biriba.core.cards import card_code  # cards imports this module: a late import avoids the cycle

    if name in CARD_FACTS and isinstance(value, tuple):
        return " ".join(card_code(card) for card in value)
    if name in CARD_FACTS and isinstance(value, int) and not isinstance(value, bool):
        return card_code(value)
    return str(value)


class BiribaError(ValueError):
    """Base class of every error the package raises on purpose."""


class InvalidInputError(BiribaError):
    """Input that cannot be understood: the problem is in its form, not in the game."""


class InvalidCardError(InvalidInputError):
    """An unknown card code."""


class InvalidActionError(InvalidInputError):
    """An action that is malformed (unknown type, missing field, wrong value type)."""


class InvalidRulesError(InvalidInputError):
    """An unknown preset or option, a value of the wrong type, or options that contradict each other."""


class IllegalAction(BiribaError):
    """An action the rules forbid in the current state. The state is left exactly as it was.

    ``rule`` is a stable identifier of the rule broken (one of :data:`RULE_IDS`, see
    ``docs/rules.md``); ``reason`` says why, as a catalogue key (``rule`` itself unless given) and facts.
    """

    def __init__(self, rule: str, key: str | None = None, /, **facts: Fact) -> None:
        self.rule = rule
        self.reason = Reason.of(key or rule, **facts)
        super().__init__(f"{self.reason} [rule: {rule}]")

    @classmethod
    def of(cls, refusal: Refusal) -> IllegalAction:
        """The error of a refusal found as a value (by the meld functions, say)."""
        return cls(refusal.rule, refusal.reason.key, **refusal.reason.facts)


@dataclass(frozen=True, slots=True)
class Refusal:
    """A rule that forbids something, and why: the value form of :class:`IllegalAction`, for functions
    that answer rather than raise (:func:`biriba.core.melds.extension_shape`)."""

    rule: str
    reason: Reason

    @classmethod
    def of(cls, rule: str, key: str | None = None, **facts: Fact) -> Refusal:
        return cls(rule, Reason.of(key or rule, **facts))


class InvalidMeldError(BiribaError):
    """Cards that do not form a valid meld. ``reason`` says why (a :class:`Reason`)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason
