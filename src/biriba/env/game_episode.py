"""What the adapters of the games played hand by hand on the protocol share (Bura, Tyzicha): one hand
stepped by action ids (:class:`GameEpisode`), its PettingZoo environment (:class:`GameAECEnv`, in
:mod:`biriba.env.aec`) and its Gymnasium environment (:class:`biriba.env.game_gym.GameGymEnv`). A game
brings its :class:`~biriba.games.protocol.Game`, its action encoding and observation vector, and how an
action id becomes an action.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

import numpy as np

from biriba.core.cards import Card
from biriba.env.encoding import EncodingError
from biriba.games.protocol import Game


class GameEpisode:
    """A hand of a game and the actions played in it, stepped by action ids. A game's episode names its
    ``game`` and ``encoding`` (``encode``, ``decode``, ``mask``, ``observe``, ``describe``, ``num_actions``)."""

    game: ClassVar[Game]
    encoding: ClassVar[Any]

    def __init__(self, rules: Any, dealer: int, *, seed: int | None = None, deck: list[Card] | None = None) -> None:
        self.state: Any = self.game.deal(rules, dealer, seed, deck)
        self.actions: list[Any] = []

    @property
    def current(self) -> int:
        return int(self.state.current)

    @property
    def is_over(self) -> bool:
        return bool(self.state.is_over)

    @property
    def players(self) -> int:
        return self.game.rules_players(self.state.rules)

    def view(self, seat: int) -> Any:
        return self.game.observe(self.state, seat)

    def legal_ids(self) -> list[int]:
        return sorted(self.encoding.encode(action) for action in self.state.legal_actions())

    def action_mask(self) -> np.ndarray:
        if self.state.is_over:
            return np.zeros(self.encoding.num_actions, dtype=np.int8)
        mask: np.ndarray = self.encoding.mask(self.state.legal_actions())
        return mask

    def decode(self, action_id: int) -> Any:
        """The action ``action_id`` stands for, for the seat on turn."""
        return self.encoding.decode(action_id, self.state.current)

    def step(self, action_id: int) -> Any:
        """Play ``action_id`` for the seat on turn; an illegal one raises :class:`EncodingError`, changes nothing."""
        if self.state.is_over:
            raise EncodingError("the hand is over: no seat acts")
        action = self.decode(int(action_id))
        if action not in self.state.legal_actions():
            raise EncodingError(f"{self.encoding.describe(int(action_id))} is not legal now")
        self.apply(action)
        return action

    def apply(self, action: Any) -> None:
        self.state.apply(action)
        self.actions.append(action)

    def observation(self, seat: int) -> np.ndarray:
        vector: np.ndarray = self.encoding.observe(self.view(seat))
        return vector

    def outcome(self) -> tuple[float, ...]:
        """Each seat's reward: the hand's outcome (the game's own unit) once it is over, else zeros."""
        return self.game.outcome(self.state) if self.state.is_over else (0.0,) * self.players

    def seen_moves(self, seat: int) -> list[dict[str, Any]]:
        """The actions of the hand as JSON, as ``seat`` saw them (every move public, unless a game hides one)."""
        return [self.game.action_to_json(action) for action in self.actions]

    def resampled(self, seat: int, rng: random.Random) -> Self:
        """A hand ``seat`` cannot tell from this one: the cards it has not seen dealt at random (the protocol's
        determinization), its record of actions kept for the string forms."""
        other = self.__class__.__new__(self.__class__)
        other.state = self.game.determinize(self.state, seat, rng)
        other.actions = self.actions_in(other.state)
        return other

    def actions_in(self, world: Any) -> list[Any]:
        """This hand's actions as they read in ``world``, a hand its seat cannot tell from it."""
        return list(self.actions)

    def clone(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        other.state, other.actions = self.state.clone(), list(self.actions)
        return other
