"""Measuring bots: duplicate deals and matches between pairs of bots, played over processes, with
confidence intervals and Elo-style ratings (``biriba tournament``).

- :mod:`biriba.sim.duplicate`: one duplicate deal or match (the same cards, the seats swapped).
- :mod:`biriba.sim.tournament`: pairings, the process pool, per-pairing results.
- :mod:`biriba.sim.stats`: the confidence interval and the rating fit.
- :mod:`biriba.sim.report`: JSON, CSV, the ladder plot and the terminal tables.
"""

from biriba.sim.duplicate import DealResult, MatchResult, play_duplicate_deal, play_duplicate_match
from biriba.sim.tournament import (
    PairingResult,
    TournamentConfig,
    TournamentResult,
    ladder,
    round_robin,
    run_tournament,
)

__all__ = [
    "DealResult",
    "MatchResult",
    "PairingResult",
    "TournamentConfig",
    "TournamentResult",
    "ladder",
    "play_duplicate_deal",
    "play_duplicate_match",
    "round_robin",
    "run_tournament",
]
