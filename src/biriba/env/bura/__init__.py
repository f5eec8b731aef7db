"""Bura for the research tools, beside Biriba's adapters (``pip install biriba[research]``).

- :mod:`.encoding`: the flat action encoding (every set of one to three cards of the pack, then claim,
  declare and pass) and the observation vector of one seat's view.
- :mod:`.pettingzoo_env`: a PettingZoo AEC environment of one hand, with action masks.
- :mod:`.gym_env`: a Gymnasium single-agent environment; a Bura bot plays the other seat.
- :mod:`.openspiel_game`: an OpenSpiel game (``python_bura``) with the shuffle as chance nodes.

A hand's reward is its outcome (:data:`biriba.games.bura.platform.BURA`): +1 for the player who takes the
pot, -1 for the other, a wrong declaration -1 for its player and +1 for the other, 0 each for a draw.
"""
