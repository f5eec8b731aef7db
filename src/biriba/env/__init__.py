"""Research adapters: Biriba for the tools game-AI researchers use (``pip install biriba[research]``).

- :mod:`biriba.env.encoding`: the fixed, maskable action encoding (engine actions as short sequences
  of sub-actions over card types and a table of three-card melds) and the observation tensor of one
  seat's view. Needs numpy.
- :mod:`biriba.env.episode`: one hand driven sub-action by sub-action, shared by every adapter.
- :mod:`biriba.env.pettingzoo_env`: a PettingZoo AEC environment with action masks.
- :mod:`biriba.env.gym_env`: a Gymnasium single-agent environment; our bots play the other seats.
- :mod:`biriba.env.openspiel_game`: an OpenSpiel game (``python_biriba``) with a per-card shuffle
  as chance nodes, so OpenSpiel's algorithms (ISMCTS, evaluation) run on Biriba.
- :mod:`biriba.env.bura`: the same three for Bura (``python_bura``), over :mod:`biriba.games.bura`.
- :mod:`biriba.env.tyzicha`: the same three for Tyzicha (``python_tyzicha``), over :mod:`biriba.games.tyzicha`.
- :mod:`biriba.env.ismcts`: OpenSpiel's ISMCTS against the search player on ``python_biriba``, duplicate
  deals at equal CPU time per decision (``python -m biriba.env.ismcts``, results/ismcts/).

This package is a layer above the engines and the bots: it imports :mod:`biriba.core`,
:mod:`biriba.bots`, :mod:`biriba.games` and the tournaments' seeding and intervals (:mod:`biriba.sim`),
and nothing else in the project imports it. The core needs
none of the research packages; the modules here import them at the top, so importing one without the extra fails with
numpy's, gymnasium's, pettingzoo's or pyspiel's own ``ModuleNotFoundError``.
"""
