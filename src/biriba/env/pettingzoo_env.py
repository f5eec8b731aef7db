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
each agent gets its seat's score for the hand, in points (``HandScore.seat_scores``), or with
``reward="lead"`` its lead over the other sides (its score less their mean: zero-sum, as duplicate play
measures a deal). An illegal sub-action raises :class:`EncodingError` and changes nothing.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from biriba.core.rules import Rules
from biriba.env.aec import SeatTurnsEnv, checked
from biriba.env.episode import HandEpisode, HoldsEpisode, check_reward, encoding_for


class BiribaAECEnv(HoldsEpisode, SeatTurnsEnv):
    """One hand of Biriba for several learning agents (the AEC turn-taking model)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "biriba_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self, rules: Rules | None = None, dealer: int = 0, render_mode: str | None = None, reward: str = "score"
    ) -> None:
        """``rules`` default to the standard 4-player game; ``dealer`` deals (``reset`` options may change
        it); ``reward``: each agent's hand score (``score``) or its lead over the other sides (``lead``,
        zero-sum: :data:`biriba.env.episode.REWARDS`)."""
        super().__init__()
        self.reward = check_reward(reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.rules = rules or Rules.from_preset("standard")
        if not 0 <= dealer < self.rules.players:
            raise ValueError(f"dealer {dealer} is not a seat of a {self.rules.players}-player game")
        self.dealer = dealer
        self.render_mode = render_mode
        self.encoding, self.layout = encoding_for(self.rules)
        layout = self.layout
        self.seat_agents(self.rules.players, layout.low, layout.high, layout.size, self.encoding.num_actions)
        self._seeds = random.Random()
        self.episode = None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand. ``seed`` seeds the deals from here on; ``options`` may hold ``dealer`` and
        ``scores`` (cumulative scores per seat before the hand, for the minimum initial meld)."""
        if seed is not None:
            self._seeds.seed(seed)
        options = options or {}
        dealer = options.get("dealer", self.dealer)
        self.episode = HandEpisode(self.rules, dealer, seed=self._seeds.randrange(2**32), scores=options.get("scores"))
        self.begin()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        episode = self._episode
        seat = self.possible_agents.index(agent)
        on_turn = seat == episode.current and not episode.is_over
        mask = episode.action_mask() if on_turn else np.zeros(self.encoding.num_actions, dtype=np.int8)
        return self.masked(seat, episode.observation(seat), mask)

    def step(self, action: int | None) -> None:
        super().step(action)
        if self.render_mode == "ansi":
            self.render()

    def play(self, action: int) -> None:
        self._episode.step(action)

    def current_seat(self) -> int:
        return self._episode.current

    def hand_over(self) -> bool:
        return self._episode.is_over

    def seat_rewards(self) -> tuple[float, ...]:
        return self._episode.seat_rewards(self.reward)

    def render(self) -> str | None:
        """The table as the seat on turn sees it (``ansi``), one line per fact."""
        if self.render_mode is None:
            return None
        episode = self._episode
        view = episode.view(episode.current).to_json()
        return "\n".join(f"{key}: {value}" for key, value in view.items())

    def close(self) -> None:
        pass


def env(rules: Rules | None = None, render_mode: str | None = None, dealer: int = 0, reward: str = "score") -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are: out-of-bounds and order checks."""
    return checked(BiribaAECEnv(rules, dealer, render_mode, reward))


raw_env = BiribaAECEnv
