"""A Gymnasium single-agent environment of one hand of a game played hand by hand (Bura, Tyzicha): one
learning seat, the game's bots at the others.

Each bot's generator is drawn from the hand's seed and its seat by hashing, so it says nothing of the
deal; a new hand makes new bots (a bot's memory starts empty). The reward is the learner's outcome when
the hand ends, 0 before. An illegal action raises ``EncodingError`` and changes nothing; with
``illegal_action="penalize"`` it changes nothing either but returns ``illegal_penalty`` and
``info["illegal_action"] = True``, for learners that act without the mask.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from biriba.bots.imported import load_bot
from biriba.env.encoding import EncodingError
from biriba.env.game_episode import GameEpisode
from biriba.env.gym_env import ILLEGAL_ACTION_MODES, opponent_specs
from biriba.games.protocol import GameBot


class GameGymEnv(gym.Env[dict[str, Any], np.int64]):
    """One hand from one seat; a bot of the same kind plays each other seat. A game's environment names
    its ``episode`` class."""

    metadata = {"render_modes": []}  # noqa: RUF012 (gymnasium declares it an instance attribute)
    episode_class: ClassVar[type[GameEpisode]]

    def __init__(  # noqa: PLR0913
        self,
        rules: Any = None,
        seat: int = 0,
        opponents: str | GameBot | Sequence[str | GameBot] = "heuristic",
        dealer: int = 0,
        illegal_action: str = "raise",
        illegal_penalty: float = -1.0,
        *,
        opponent: str | None = None,
    ) -> None:
        """``opponents``: one bot for every other seat or one per other seat in seat order, each a spec
        (the game's bots by name, a researcher's by import path: :mod:`biriba.bots.imported`) or a bot
        object. A bot named by its spec is made anew for each hand (its memory starts empty); a bot object
        plays every hand as it is. ``opponent`` is the older name of ``opponents``."""
        game = self.episode_class.game
        self.rules = rules if rules is not None else game.rules()
        players = game.rules_players(self.rules)
        if seat not in range(players) or dealer not in range(players):
            raise ValueError(f"seat and dealer are seats of {game.name}: 0 to {players - 1}")
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise ValueError(f"illegal_action {illegal_action!r} is not one of {ILLEGAL_ACTION_MODES}")
        self.illegal_action, self.illegal_penalty = illegal_action, float(illegal_penalty)
        self.seat, self.dealer = seat, dealer
        self.others = [other for other in range(players) if other != seat]
        self.opponent_specs = dict(zip(self.others, opponent_specs(opponent or opponents, players), strict=True))
        self.opponents: dict[int, GameBot] = self._new_opponents()
        encoding = self.episode_class.encoding
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(encoding.low, 1.0, shape=(encoding.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(encoding.num_actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(encoding.num_actions)
        self.episode: GameEpisode | None = None
        self._bot_rngs = {other: random.Random() for other in self.others}

    @property
    def _episode(self) -> GameEpisode:
        if self.episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self.episode

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game = self.episode_class.game
        deal_seed = int(self.np_random.integers(2**32))
        self._bot_rngs = {other: random.Random(f"{game.name}-seat:{deal_seed}:{other}") for other in self.others}
        self.opponents = self._new_opponents()
        dealer = (options or {}).get("dealer", self.dealer)
        self.episode = self.episode_class(self.rules, dealer, seed=deal_seed)
        self._play_bots()
        return self._observation(), {"deal_seed": deal_seed}

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

    def _new_opponents(self) -> dict[int, GameBot]:
        make = self.episode_class.game.make_bot
        return {
            other: load_bot(spec, make) if isinstance(spec, str) else spec
            for other, spec in self.opponent_specs.items()
        }

    def action_masks(self) -> np.ndarray:
        return self._episode.action_mask().astype(bool)

    def _play_bots(self) -> None:
        episode = self._episode
        while not episode.is_over and episode.current != self.seat:
            seat = episode.current
            action = self.opponents[seat].choose(
                episode.view(seat), episode.state.legal_actions(), self._bot_rngs[seat]
            )
            episode.apply(action)

    def _observation(self) -> dict[str, np.ndarray]:
        episode = self._episode
        return {"observation": episode.observation(self.seat), "action_mask": episode.action_mask()}
