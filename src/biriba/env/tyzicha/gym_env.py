"""A Gymnasium single-agent environment of one Tyzicha hand: one learning seat, Tyzicha bots at the other two.

>>> env = TyzichaGymEnv(opponent="random")
>>> observation, info = env.reset(seed=3)
>>> int(env.action_masks().sum()) > 0
True

Each bot's generator is drawn from the hand's seed and its seat by hashing, so it says nothing of the
deal. The reward is the learner's change of score when the hand ends (the hand's outcome, in points: the
contract made or lost as declarer, the defender's own points or +40 for a concession), 0 before. An
illegal action raises ``EncodingError`` and changes nothing; with ``illegal_action="penalize"`` it changes
nothing either but returns ``illegal_penalty`` and ``info["illegal_action"] = True``, for learners that
act without the mask.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from biriba.env.encoding import EncodingError
from biriba.env.gym_env import ILLEGAL_ACTION_MODES
from biriba.env.tyzicha.episode import ENCODING, TyzichaEpisode
from biriba.games.protocol import GameBot
from biriba.games.tyzicha import TyzichaRules
from biriba.games.tyzicha.game import PLAYERS
from biriba.games.tyzicha.platform import TYZICHA


class TyzichaGymEnv(gym.Env[dict[str, Any], np.int64]):
    """One hand of Tyzicha from one seat; a bot (the same kind at both) plays each of the others."""

    metadata = {"render_modes": []}  # noqa: RUF012 (gymnasium declares it an instance attribute)

    def __init__(  # noqa: PLR0913
        self,
        rules: TyzichaRules | None = None,
        seat: int = 0,
        opponent: str = "heuristic",
        dealer: int = 0,
        illegal_action: str = "raise",
        illegal_penalty: float = -1.0,
    ) -> None:
        if seat not in range(PLAYERS) or dealer not in range(PLAYERS):
            raise ValueError("seat and dealer are seats of Tyzicha: 0, 1 or 2")
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise ValueError(f"illegal_action {illegal_action!r} is not one of {ILLEGAL_ACTION_MODES}")
        self.illegal_action, self.illegal_penalty = illegal_action, float(illegal_penalty)
        self.rules = rules or TyzichaRules()
        self.seat, self.dealer = seat, dealer
        self.opponent_name = opponent
        self.others = [other for other in range(PLAYERS) if other != seat]
        self.opponents: dict[int, GameBot] = {other: TYZICHA.make_bot(opponent) for other in self.others}
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(ENCODING.low, 1.0, shape=(ENCODING.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(ENCODING.num_actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(ENCODING.num_actions)
        self.episode: TyzichaEpisode | None = None
        self._bot_rngs = {other: random.Random() for other in self.others}

    @property
    def _episode(self) -> TyzichaEpisode:
        if self.episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self.episode

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        deal_seed = int(self.np_random.integers(2**32))
        self._bot_rngs = {other: random.Random(f"tyzicha-seat:{deal_seed}:{other}") for other in self.others}
        self.opponents = {other: TYZICHA.make_bot(self.opponent_name) for other in self.others}
        self.episode = TyzichaEpisode(self.rules, (options or {}).get("dealer", self.dealer), seed=deal_seed)
        self._play_bots()
        return self._observation(), {}

    def step(self, action: np.int64 | int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        episode = self._episode
        try:
            episode.step(int(action))
        except (EncodingError, ValueError):
            if self.illegal_action == "raise":
                raise
            return self._observation(), self.illegal_penalty, False, False, {"illegal_action": True}
        self._play_bots()
        reward = episode.outcome()[self.seat] if episode.is_over else 0.0
        return self._observation(), reward, episode.is_over, False, {"illegal_action": False}

    def action_masks(self) -> np.ndarray:
        return self._episode.action_mask().astype(bool)

    def _play_bots(self) -> None:
        """The bots move until the learner is on turn or the hand is over (never at ``reset``: every seat speaks
        in the auction; a bot's concession may end the hand between two of the learner's steps)."""
        episode = self._episode
        while not episode.is_over and episode.current != self.seat:
            seat = episode.current
            legal = episode.state.legal_actions()
            episode.apply(self.opponents[seat].choose(episode.view(seat), legal, self._bot_rngs[seat]))

    def _observation(self) -> dict[str, np.ndarray]:
        episode = self._episode
        return {"observation": episode.observation(self.seat), "action_mask": episode.action_mask()}
