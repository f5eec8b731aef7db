"""Biriba in the terminal (``biriba play``): a Textual table where a person plays against bots.

* :mod:`biriba.tui.game`: the match behind the table (one person, bots, the record it saves) and the
  cursor that steps through a saved record; no screen code.
* :mod:`biriba.tui.render`: how a seat's view looks, as Textual markup; pure functions.
* Every word on screen comes from :mod:`biriba.i18n`, in English or Greek.
* :mod:`biriba.tui.app`: the application: layout, keys and mouse, the bots' turns, the end-of-hand
  breakdown, saving and replaying.
"""

from biriba.i18n import LANGUAGES, Words
from biriba.tui.app import BiribaApp
from biriba.tui.game import ReplayCursor, TableGame

__all__ = ["LANGUAGES", "BiribaApp", "ReplayCursor", "TableGame", "Words"]
