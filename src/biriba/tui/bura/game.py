"""The Bura match behind the terminal table, free of any screen: one person against a bot, the record it
saves, and the cursor that steps through a saved record (the shell's :mod:`biriba.tui.shell.match`, with
Bura's tokens as what each player holds)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from biriba.games.bura import BuraMatch, BuraState, BuraView
from biriba.games.bura.platform import BURA
from biriba.tui.shell.match import RecordCursor, Standings, TableMatch, Totals, is_game_record, read_game_record

__all__ = ["BuraReplayCursor", "BuraTableGame", "Standings", "is_bura_record", "read_record"]


class BuraTableGame(TableMatch[BuraState, BuraView]):
    """One person against a bot, hand after hand. ``bots`` has one entry per seat, ``None`` in the person's."""

    game = BURA

    @classmethod
    def totals(cls, match: BuraMatch) -> Totals:
        return tuple(match.tokens)


class BuraReplayCursor(RecordCursor):
    """Steps through a saved Bura record, a move at a time."""

    match_class = BuraTableGame


def read_record(path: Path) -> dict[str, Any]:
    """A saved Bura record's JSON; ``InvalidInputError`` when it cannot be read or is not Bura's."""
    return read_game_record(BURA, path)


def is_bura_record(path: Path) -> bool:
    """Whether ``path`` holds a record of Bura (for ``--replay`` and ``--load`` of any game)."""
    return is_game_record(BURA, path)
