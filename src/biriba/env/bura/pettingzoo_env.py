"""A PettingZoo AEC environment of one Bura hand, with action masks.

>>> env = BuraAECEnv()
>>> env.reset(seed=7)
>>> env.agent_selection, int(env.action_space("player_0").n)
('player_1', 7809)

Agents ``player_0`` and ``player_1``; each observation is a dict of ``observation`` (the seat's view,
:mod:`biriba.env.bura.encoding`) and ``action_mask`` (all zeros for the agent not on turn). Rewards come at
the end of the hand: its outcome per seat. An illegal action raises ``EncodingError`` and changes nothing.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np

from biriba.env.aec import SeatTurnsEnv
from biriba.env.bura.encoding import BuraEncoding
from biriba.env.bura.episode import ENCODING, BuraEpisode
from biriba.games.bura import BuraRules


class BuraAECEnv(SeatTurnsEnv):
    """One hand of Bura for two learning agents."""

    metadata: ClassVar[dict[str, Any]] = {"name": "bura_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(self, rules: BuraRules | None = None, dealer: int = 0) -> None:
        super().__init__()
        if dealer not in (0, 1):
            raise ValueError(f"dealer {dealer} is not a seat of Bura (0 or 1)")
        self.rules = rules or BuraRules()
        self.dealer = dealer
        self.encoding: BuraEncoding = ENCODING
        self.seat_agents(2, 0.0, 1.0, ENCODING.size, ENCODING.num_actions)
        self._seeds = random.Random()
        self.episode: BuraEpisode | None = None

    @property
    def _episode(self) -> BuraEpisode:
        if self.episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self.episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand; ``seed`` seeds the deals from here on, ``options`` may hold ``dealer``."""
        if seed is not None:
            self._seeds.seed(seed)
        dealer = (options or {}).get("dealer", self.dealer)
        self.episode = BuraEpisode(self.rules, dealer, seed=self._seeds.randrange(2**32))
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
