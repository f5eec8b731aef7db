"""``HandState.clone`` and ``HandState.fingerprint`` cover every field of the state: a field added to
``__slots__`` and forgotten in either would let a search's copy share a list with the real game, or two
different states compare equal (the fingerprint is the state's identity in tests and tables)."""

from __future__ import annotations

import enum
from typing import Any

import pytest

from biriba.core.compiled import COMPILED
from biriba.core.rules import Rules
from biriba.core.state import HandState

# The compiled engine (mypyc) keeps the fields natively, without ``__slots__``: the same source is checked
# by the pure-Python run of the suite.
pytestmark = pytest.mark.skipif(COMPILED, reason="the compiled HandState has no __slots__ (the pure run checks it)")
FIELDS: tuple[str, ...] = () if COMPILED else HandState.__slots__


class _Marker:
    """A value no real field holds."""

    def __repr__(self) -> str:
        return "<marker>"


def _changed(value: Any) -> Any:  # noqa: PLR0911
    """A value of the same shape that differs from ``value`` (lists stay lists, so clone can copy them)."""
    if isinstance(value, Rules):
        return (
            Rules.from_preset("kouridakis")
            if value != Rules.from_preset("kouridakis")
            else Rules.from_preset("classic")
        )
    if isinstance(value, bool):
        return not value
    if isinstance(value, enum.Enum):
        return next(member for member in type(value) if member is not value)
    if isinstance(value, int):
        return value + 1
    if isinstance(value, list):
        inner = [[]] if value and isinstance(value[0], list) else [_Marker()]
        return value + inner
    if isinstance(value, tuple):
        return (*value, _Marker())
    return _Marker()  # None and anything else


def _dealt() -> HandState:
    return HandState.deal(Rules.from_preset("standard"), dealer=0, seed=5)


SHARED = {"biribakia"}
"""Lists clone() may share: the packets are never changed, only handed out whole."""
LISTS = [name for name in FIELDS if isinstance(getattr(_dealt(), name), list) and name not in SHARED]


@pytest.fixture
def state() -> HandState:
    return _dealt()


@pytest.mark.parametrize("field", FIELDS)
def test_the_fingerprint_sees_every_field(state: HandState, field: str) -> None:
    other = state.clone()
    setattr(other, field, _changed(getattr(state, field)))
    assert other.fingerprint() != state.fingerprint(), f"fingerprint() ignores {field}"


@pytest.mark.parametrize("field", FIELDS)
def test_clone_copies_every_field(state: HandState, field: str) -> None:
    changed = _changed(getattr(state, field))
    setattr(state, field, changed)
    copy = state.clone()
    assert getattr(copy, field) == changed, f"clone() does not copy {field}"


@pytest.mark.parametrize("field", LISTS)
def test_clone_shares_no_list_the_game_changes(state: HandState, field: str) -> None:
    copy = state.clone()
    original = getattr(state, field)
    assert getattr(copy, field) is not original, f"clone() shares the list {field}"
    if original and isinstance(original[0], list):
        assert getattr(copy, field)[0] is not original[0], f"clone() shares the inner lists of {field}"
