"""The terminal table's shell, the same for every game of the rule sources.

The frame of the screen (the status line, the seats, the score sheet, the log, the message and key
lines, a window too small to hold the table), the flow of a match against bots (their turns, the end
of a hand, leaving with a save, keeping the record of a finished match), and stepping through a saved
record. A game brings its board: what lies on the table and in the hand, and the keys that play it
(:mod:`biriba.tui.biriba` for Biriba). Nothing here imports a game.

* :mod:`.sheet`: the seats, the score sheet and the log as markup; pure functions.
* :mod:`.modals`: the end of a hand, and leaving a match in progress.
* :mod:`.screens`: :class:`TableScreen` (the frame), :class:`PlayScreen` and :class:`ReplayScreen`,
  one screen per mode.
* :mod:`.app`: :class:`~biriba.tui.shell.app.TableApp`, the application that opens a game's table in
  one of the modes; :mod:`.cursor`: stepping through a record's moves; :mod:`.cards`: cards in colour.
"""

from biriba.tui.shell.screens import PlayScreen, PlaySession, ReplayScreen, ReplaySession, TableScreen
from biriba.tui.shell.sheet import ScoreSheet, SeatLine

__all__ = ["PlayScreen", "PlaySession", "ReplayScreen", "ReplaySession", "ScoreSheet", "SeatLine", "TableScreen"]
