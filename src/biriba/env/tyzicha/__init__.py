"""Tyzicha for the research tools, beside Biriba's and Bura's adapters (``pip install biriba[research]``).

- :mod:`.encoding`: the flat action encoding (142 ids: every bid, pass, card given to the left or the right,
  raise, concede, card played and marriage shown) and the observation vector of one seat's view (478 floats).
- :mod:`.episode`: one hand stepped by action ids, shared by the adapters.
- :mod:`.pettingzoo_env`: a PettingZoo AEC environment of one hand, with action masks.
- :mod:`.gym_env`: a Gymnasium single-agent environment; Tyzicha bots play the other two seats.
- :mod:`.openspiel_game`: an OpenSpiel game (``python_tyzicha``) with the shuffle as chance nodes.

A hand's reward is its outcome (:data:`biriba.games.tyzicha.platform.TYZICHA`): each seat's change of
score in points, before the match holds a player who was not the declarer at 1,000 (the declarer plus or
minus the contract; a defender its own points when they count, or +40 when the declarer concedes).
"""
