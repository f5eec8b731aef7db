"""Biriba's table in the terminal, on the shell of :mod:`biriba.tui.shell`.

* :mod:`.game`: the match behind the table (one person, bots, the record it saves) and the cursor that
  steps through a saved record; no screen code.
* :mod:`.render`: how a seat's view of the board looks, as Textual markup; pure functions.
* :mod:`.board`: the pile, the melds and the hand on screen, the keys and clicks that play them, and
  the screens of the two modes (play, replay).
"""
