"""Stepping through a record's moves, hand by hand: the part of a replay every game shares."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar


class ReplayedMoves(Protocol):
    """One hand of a record: its moves, and a state before and after each of them."""

    @property
    def actions(self) -> Sequence[object]: ...


HandT = TypeVar("HandT", bound=ReplayedMoves)


class MoveCursor(Generic[HandT]):
    """Where a replay stands: a hand of ``hands`` and how many of its moves have been played."""

    def __init__(self, hands: list[HandT]) -> None:
        self.hands = hands
        self.hand_index = 0
        self.position = 0
        """How many actions of the current hand have been played."""

    @property
    def hand_count(self) -> int:
        return len(self.hands)

    @property
    def hand(self) -> HandT:
        return self.hands[self.hand_index]

    @property
    def hand_length(self) -> int:
        """Moves in the current hand."""
        return len(self.hand.actions)

    def step(self, moves: int) -> bool:
        """Move ``moves`` actions forwards (or back if negative) within the hand; False at either end."""
        target = min(max(self.position + moves, 0), self.hand_length)
        moved = target != self.position
        self.position = target
        return moved

    def go_to_hand(self, index: int) -> bool:
        """Jump to the deal of hand ``index``; False if there is no such hand."""
        if not 0 <= index < len(self.hands):
            return False
        self.hand_index, self.position = index, 0
        return True
