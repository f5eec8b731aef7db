"""Errors by cause, all :class:`ValueError`.

* :class:`InvalidInputError` and its subclasses: the input cannot be understood (an unknown card code,
  malformed JSON, an unknown option). Command-line tools exit with code 2.
* :class:`IllegalAction`: the input is understood but the rules do not allow it now. It names the rule
  broken (a stable identifier in :attr:`IllegalAction.rule`). Command-line tools exit with code 1.
"""

from __future__ import annotations


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

    ``rule`` is a stable identifier of the rule broken (see ``docs/rules.md``), ``str(error)``
    explains it in words.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [rule: {rule}]")
        self.rule = rule
        self.message = message


class InvalidMeldError(BiribaError):
    """Cards that do not form a valid meld. ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
