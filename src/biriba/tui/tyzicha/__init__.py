"""Tyzicha's table in the terminal, on the shell of :mod:`biriba.tui.shell`.

* :mod:`.game`: the match behind the table (one person, two bots, the record it saves) and the cursor that
  steps through a saved record; no screen code.
* :mod:`.board`: the bidding, the widow, the trick, the tricks taken and the hand on screen, the keys and
  clicks that play them, and the screens of the two modes (play, replay).
"""
