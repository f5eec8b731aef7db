"""A PettingZoo AEC environment of one Biriba hand, with action masks.

>>> env = BiribaAECEnv()
>>> env.reset(seed=7)
>>> env.agent_selection, int(env.action_space("player_1").n)
('player_1', 1484)
>>> observation, reward, termination, truncation, info = env.last()
>>> [env.encoding.describe(int(a)) for a in observation["action_mask"].nonzero()[0]]
['draw', 'take pile']

Agents are ``player_0`` .. ``player_{n-1}``, one per seat. An agent acts by sub-actions
(:mod:`biriba.env.encoding`): a meld action takes a few steps in a row of the same agent. Every
observation is a dict of ``observation`` (the seat's float32 vector, :class:`ObservationLayout`) and
``action_mask`` (int8, all zeros for an agent not on turn). The reward comes at the end of the hand:
each agent gets its seat's score for the hand, in points (``HandScore.seat_scores``). An illegal
sub-action raises :class:`EncodingError` and changes nothing.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from biriba.core.rules import Rules
from biriba.env.episode import HandEpisode, HoldsEpisode, encoding_for


class BiribaAECEnv(HoldsEpisode, AECEnv):  # type: ignore[misc]
    """One hand of Biriba for several learning agents (the AEC turn-taking model)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "biriba_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, rules: Rules | None = None, dealer: int = 0, render_mode: str | None = None) -> None:
        """``rules`` default to the standard 4-player game; ``dealer`` deals (``reset`` options may change it)."""
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.rules = rules or Rules.from_preset("standard")
        if not 0 <= dealer < self.rules.players:
            raise ValueError(f"dealer {dealer} is not a seat of a {self.rules.players}-player game")
        self.dealer = dealer
        self.render_mode = render_mode
        self.encoding, self.layout = encoding_for(self.rules)
        self.possible_agents = [f"player_{seat}" for seat in range(self.rules.players)]
        self.agents = self.possible_agents[:]
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(self.layout.low, self.layout.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.encoding.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = {agent: spaces.Discrete(self.encoding.num_actions) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.episode = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand. ``seed`` seeds the deals from here on; ``options`` may hold ``dealer`` and
        ``scores`` (cumulative scores per seat before the hand, for the minimum initial meld)."""
        if seed is not None:
            self._seeds.seed(seed)
        options = options or {}
        dealer = options.get("dealer", self.dealer)
        self.episode = HandEpisode(self.rules, dealer, seed=self._seeds.randrange(2**32), scores=options.get("scores"))
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
        if seat == episode.current and not episode.is_over:
            mask = episode.action_mask()
        else:
            mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        return {"observation": episode.observation(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is on turn and must act: None is no sub-action")
        episode = self._episode
        episode.step(int(action))
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        if episode.is_over:
            for agent_name, score in zip(self.possible_agents, episode.seat_scores(), strict=True):
                self.rewards[agent_name] = float(score)
                self.terminations[agent_name] = True
        else:
            self.agent_selection = self.possible_agents[episode.current]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            self.render()

    def render(self) -> str | None:
        """The table as the seat on turn sees it (``ansi``), one line per fact."""
        if self.render_mode is None:
            return None
        episode = self._episode
        view = episode.view(episode.current).to_json()
        return "\n".join(f"{key}: {value}" for key, value in view.items())

    def close(self) -> None:
        pass


def env(rules: Rules | None = None, render_mode: str | None = None) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are: out-of-bounds and order checks."""
    return wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(BiribaAECEnv(rules, render_mode=render_mode))
    )


raw_env = BiribaAECEnv
