"""A PettingZoo AEC environment of one Tyzicha hand, with action masks.

>>> env = TyzichaAECEnv()
>>> env.reset(seed=7)
>>> env.agent_selection, int(env.action_space("player_0").n)
('player_2', 142)

Agents ``player_0``, ``player_1`` and ``player_2``; each observation is a dict of ``observation`` (the
seat's view, :mod:`biriba.env.tyzicha.encoding`) and ``action_mask`` (all zeros for the agents not on
turn). Rewards come at the end of the hand: each seat's change of score in points (the hand's outcome,
from -400 to +400). An illegal action raises ``EncodingError`` and changes nothing.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np

from biriba.env.aec import SeatTurnsEnv
from biriba.env.tyzicha.encoding import TyzichaEncoding
from biriba.env.tyzicha.episode import ENCODING, TyzichaEpisode
from biriba.games.tyzicha import TyzichaRules
from biriba.games.tyzicha.game import PLAYERS


class TyzichaAECEnv(SeatTurnsEnv):
    """One hand of Tyzicha for three learning agents."""

    metadata: ClassVar[dict[str, Any]] = {"name": "tyzicha_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(self, rules: TyzichaRules | None = None, dealer: int = 0) -> None:
        super().__init__()
        if dealer not in range(PLAYERS):
            raise ValueError(f"dealer {dealer} is not a seat of Tyzicha (0, 1 or 2)")
        self.rules = rules or TyzichaRules()
        self.dealer = dealer
        self.encoding: TyzichaEncoding = ENCODING
        self.seat_agents(PLAYERS, ENCODING.low, 1.0, ENCODING.size, ENCODING.num_actions)
        self._seeds = random.Random()
        self.episode: TyzichaEpisode | None = None

    @property
    def _episode(self) -> TyzichaEpisode:
        if self.episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self.episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand; ``seed`` seeds the deals from here on, ``options`` may hold ``dealer``."""
        if seed is not None:
            self._seeds.seed(seed)
        dealer = (options or {}).get("dealer", self.dealer)
        self.episode = TyzichaEpisode(self.rules, dealer, seed=self._seeds.randrange(2**32))
        self.begin()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        episode = self._episode
        seat = self.possible_agents.index(agent)
        return self.masked(seat, episode.observation(seat), episode.action_mask())

    def play(self, action: int) -> None:
        self._episode.step(action)

    def current_seat(self) -> int:
        return self._episode.current

    def hand_over(self) -> bool:
        return self._episode.is_over

    def seat_rewards(self) -> tuple[float, ...]:
        return self._episode.outcome()

    def render(self) -> None:
        return None

    def close(self) -> None:
        pass
