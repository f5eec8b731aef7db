"""The Tyzicha match behind the terminal table, free of any screen: one person against two bots, the record
it saves, and the cursor that steps through a saved record (the shell's :mod:`biriba.tui.shell.match`, with
Tyzicha's scores as what each player holds)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from biriba.games.tyzicha import HandResult, TyzichaMatch, TyzichaState, TyzichaView
from biriba.games.tyzicha.game import PLAYERS
from biriba.games.tyzicha.platform import TYZICHA
from biriba.tui.shell.match import RecordCursor, Standings, TableMatch, Totals, is_game_record, read_game_record

__all__ = ["Standings", "TyzichaReplayCursor", "TyzichaTableGame", "capped", "is_tyzicha_record", "read_record"]


class TyzichaTableGame(TableMatch[TyzichaState, TyzichaView]):
    """One person against two bots, hand after hand. ``bots`` has one entry per seat, ``None`` in the
    person's."""

    game = TYZICHA

    @classmethod
    def totals(cls, match: TyzichaMatch) -> Totals:
        return tuple(match.scores)


class TyzichaReplayCursor(RecordCursor):
    """Steps through a saved Tyzicha record, a move at a time."""

    match_class = TyzichaTableGame


def capped(before: Sequence[int], result: HandResult, after: Sequence[int]) -> list[int]:
    """The seats the cap held below what the hand gave them (players who did not declare, at 1,000)."""
    return [seat for seat in range(PLAYERS) if after[seat] - before[seat] < result.scores[seat]]


def read_record(path: Path) -> dict[str, Any]:
    """A saved Tyzicha record's JSON; ``InvalidInputError`` when it cannot be read or is not Tyzicha's."""
    return read_game_record(TYZICHA, path)


def is_tyzicha_record(path: Path) -> bool:
    """Whether ``path`` holds a record of Tyzicha (for ``--replay`` and ``--load`` of any game)."""
    return is_game_record(TYZICHA, path)
