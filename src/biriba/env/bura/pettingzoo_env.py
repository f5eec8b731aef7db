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
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from biriba.env.bura.encoding import BuraEncoding
from biriba.env.bura.episode import ENCODING, BuraEpisode
from biriba.games.bura import BuraRules


class BuraAECEnv(AECEnv):  # type: ignore[misc]
    """One hand of Bura for two learning agents."""

    metadata: ClassVar[dict[str, Any]] = {"name": "bura_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(self, rules: BuraRules | None = None, dealer: int = 0) -> None:
        super().__init__()
        if dealer not in (0, 1):
            raise ValueError(f"dealer {dealer} is not a seat of Bura (0 or 1)")
        self.rules = rules or BuraRules()
        self.dealer = dealer
        self.encoding: BuraEncoding = ENCODING
        self.possible_agents = ["player_0", "player_1"]
        self.agents = self.possible_agents[:]
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=(ENCODING.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(ENCODING.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = {agent: spaces.Discrete(ENCODING.num_actions) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.episode: BuraEpisode | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

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
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.episode.current]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        episode = self._episode
        seat = self.possible_agents.index(agent)
        on_turn = seat == episode.current and not episode.is_over
        mask = episode.action_mask() if on_turn else np.zeros(ENCODING.num_actions, dtype=np.int8)
        return {"observation": episode.observation(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is on turn and must act: None is no action")
        episode = self._episode
        episode.step(int(action))
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        if episode.is_over:
            for name, reward in zip(self.possible_agents, episode.outcome(), strict=True):
                self.rewards[name] = reward
                self.terminations[name] = True
        else:
            self.agent_selection = self.possible_agents[episode.current]
        self._accumulate_rewards()

    def render(self) -> None:
        return None

    def close(self) -> None:
        pass
