"""A Gymnasium single-agent environment of one Bura hand: one learning seat, a Bura bot at the other.

>>> env = BuraGymEnv(opponent="random")
>>> observation, info = env.reset(seed=3)
>>> int(env.action_masks().sum()) > 0
True

The bot's generator is drawn from the hand's seed by hashing, so it says nothing of the deal. The reward
is the learner's outcome when the hand ends (+1, -1 or 0). An illegal action raises ``EncodingError`` and
changes nothing; with ``illegal_action="penalize"`` it changes nothing either but returns ``illegal_penalty``
and ``info["illegal_action"] = True``, for learners that act without the mask.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from biriba.env.bura.episode import ENCODING, BuraEpisode
from biriba.env.encoding import EncodingError
from biriba.env.gym_env import ILLEGAL_ACTION_MODES
from biriba.games.bura import BuraRules
from biriba.games.bura.platform import BURA
from biriba.games.protocol import GameBot


class BuraGymEnv(gym.Env[dict[str, Any], np.int64]):
    """One hand of Bura from one seat; a bot plays the other."""

    metadata = {"render_modes": []}  # noqa: RUF012 (gymnasium declares it an instance attribute)

    def __init__(  # noqa: PLR0913
        self,
        rules: BuraRules | None = None,
        seat: int = 0,
        opponent: str = "heuristic",
        dealer: int = 0,
        illegal_action: str = "raise",
        illegal_penalty: float = -1.0,
    ) -> None:
        if seat not in (0, 1) or dealer not in (0, 1):
            raise ValueError("seat and dealer are seats of Bura: 0 or 1")
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise ValueError(f"illegal_action {illegal_action!r} is not one of {ILLEGAL_ACTION_MODES}")
        self.illegal_action, self.illegal_penalty = illegal_action, float(illegal_penalty)
        self.rules = rules or BuraRules()
        self.seat, self.dealer = seat, dealer
        self.opponent_name = opponent
        self.opponent: GameBot = BURA.make_bot(opponent)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=(ENCODING.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(ENCODING.num_actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(ENCODING.num_actions)
        self.episode: BuraEpisode | None = None
        self._bot_rng = random.Random()

    @property
    def _episode(self) -> BuraEpisode:
        if self.episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self.episode

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        deal_seed = int(self.np_random.integers(2**32))
        self._bot_rng = random.Random(f"bura-seat:{deal_seed}:{1 - self.seat}")
        self.opponent = BURA.make_bot(self.opponent_name)  # a new hand: the bot's memory starts empty
        self.episode = BuraEpisode(self.rules, (options or {}).get("dealer", self.dealer), seed=deal_seed)
        self._play_bot()
        return self._observation(), {}

    def step(self, action: np.int64 | int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        episode = self._episode
        try:
            episode.step(int(action))
        except (EncodingError, ValueError):
            if self.illegal_action == "raise":
                raise
            return self._observation(), self.illegal_penalty, False, False, {"illegal_action": True}
        self._play_bot()
        reward = episode.outcome()[self.seat] if episode.is_over else 0.0
        return self._observation(), reward, episode.is_over, False, {"illegal_action": False}

    def action_masks(self) -> np.ndarray:
        return self._episode.action_mask().astype(bool)

    def _play_bot(self) -> None:
        episode = self._episode
        while not episode.is_over and episode.current != self.seat:
            seat = episode.current
            episode.apply(self.opponent.choose(episode.view(seat), episode.state.legal_actions(), self._bot_rng))

    def _observation(self) -> dict[str, np.ndarray]:
        episode = self._episode
        return {"observation": episode.observation(self.seat), "action_mask": episode.action_mask()}
