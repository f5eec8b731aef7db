"""The games in the terminal (``biriba play``): Textual tables where a person plays against bots.

* :mod:`biriba.tui.shell`: what every game's table shares (the frame, the seats, the score sheet, the
  log, saving and resuming, the end of a hand, stepping through a record); it imports no game.
* :mod:`biriba.tui.biriba`: Biriba's board on that shell.
* Every word on screen comes from :mod:`biriba.i18n`, in English or Greek.
"""

from biriba.i18n import LANGUAGES, Words
from biriba.tui.biriba.board import BiribaApp
from biriba.tui.biriba.game import ReplayCursor, TableGame

__all__ = ["LANGUAGES", "BiribaApp", "ReplayCursor", "TableGame", "Words"]
