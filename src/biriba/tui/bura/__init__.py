"""Bura's table in the terminal, on the shell of :mod:`biriba.tui.shell`.

* :mod:`.game`: the match behind the table (one person, a bot, the record it saves) and the cursor that
  steps through a saved record; no screen code.
* :mod:`.board`: the trump, the trick, the last trick and the hand on screen, the keys and clicks that
  play them, and the screens of the two modes (play, replay).
"""
