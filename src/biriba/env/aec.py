"""What every game's PettingZoo environment shares: one agent per seat, dict observations with an action
mask, turns taken by the seat the game names, and rewards when the hand ends (PettingZoo's AEC
bookkeeping: rewards, terminations, dead steps)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from biriba.env.game_episode import GameEpisode


def checked(raw: AECEnv) -> AECEnv:
    """``raw`` wrapped as PettingZoo's classic games are: an action out of bounds, or a call before
    ``reset``, is refused with PettingZoo's own message."""
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw))


class SeatTurnsEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment of one hand. A game's environment calls :meth:`seat_agents` once, :meth:`begin`
    when a hand is dealt, and fills the hooks: the move (:meth:`play`), whose turn, whether the hand is
    over, and each seat's reward at its end."""

    def seat_agents(
        self, players: int, low: np.ndarray | float, high: np.ndarray | float, size: int, actions: int
    ) -> None:
        """Agents ``player_0`` .. ``player_{players-1}``, observations of ``size`` floats and a mask of ``actions``."""
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.num_actions = actions

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def begin(self) -> None:
        """A new hand: every agent in play, no rewards yet, the seat on turn selected."""
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.current_seat()]

    def masked(self, seat: int, observation: np.ndarray, mask: np.ndarray) -> dict[str, np.ndarray]:
        """``seat``'s observation, with its mask when it is on turn (zeros otherwise)."""
        if seat != self.current_seat() or self.hand_over():
            mask = np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is on turn and must act: None is no action")
        self.play(int(action))
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        if self.hand_over():
            for name, reward in zip(self.possible_agents, self.seat_rewards(), strict=True):
                self.rewards[name] = float(reward)
                self.terminations[name] = True
        else:
            self.agent_selection = self.possible_agents[self.current_seat()]
        self._accumulate_rewards()

    # --- what a game fills in ----------------------------------------------------------------------

    def play(self, action: int) -> None:
        """The seat on turn's action (an illegal one raises and changes nothing)."""
        raise NotImplementedError

    def current_seat(self) -> int:
        raise NotImplementedError

    def hand_over(self) -> bool:
        raise NotImplementedError

    def seat_rewards(self) -> Sequence[float]:
        """Each seat's reward once the hand is over."""
        raise NotImplementedError


class GameAECEnv(SeatTurnsEnv):
    """One hand of a game played hand by hand (Bura, Tyzicha) for a learning agent at every seat. A game's
    environment names its ``episode_class`` and its ``metadata``."""

    episode_class: ClassVar[type[GameEpisode]]

    def __init__(self, rules: Any = None, dealer: int = 0) -> None:
        super().__init__()
        game = self.episode_class.game
        self.rules = rules if rules is not None else game.rules()
        players = game.rules_players(self.rules)
        if dealer not in range(players):
            raise ValueError(f"dealer {dealer} is not a seat of {game.name} (0 to {players - 1})")
        self.dealer = dealer
        self.encoding = self.episode_class.encoding
        self.seat_agents(players, self.encoding.low, 1.0, self.encoding.size, self.encoding.num_actions)
        self._seeds = random.Random()
        self.episode: GameEpisode | None = None

    @property
    def _episode(self) -> GameEpisode:
        if self.episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self.episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand; ``seed`` seeds the deals from here on, ``options`` may hold ``dealer``."""
        if seed is not None:
            self._seeds.seed(seed)
        dealer = (options or {}).get("dealer", self.dealer)
        self.episode = self.episode_class(self.rules, dealer, seed=self._seeds.randrange(2**32))
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
