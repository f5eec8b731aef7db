"""The uniformly random legal player: the baseline, and the engine's standing consistency check."""

from __future__ import annotations

import random
from collections.abc import Sequence

from biriba.core.actions import Action
from biriba.core.views import SeatView


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]
