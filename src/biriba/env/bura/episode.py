"""One hand of Bura played by action ids: the engine behind the Bura adapters."""

from __future__ import annotations

import random

import numpy as np

from biriba.core.cards import Card
from biriba.env.bura.encoding import BuraEncoding
from biriba.env.encoding import EncodingError
from biriba.games.bura import BuraAction, BuraRules, BuraState, BuraView, observe
from biriba.games.bura.platform import BURA

ENCODING = BuraEncoding()


class BuraEpisode:
    """A hand of Bura and the actions played in it, stepped by action ids."""

    def __init__(self, rules: BuraRules, dealer: int, *, seed: int | None = None, deck: list[Card] | None = None):
        self.state: BuraState = BuraState.deal(rules, dealer, seed=seed, deck=deck)
        self.actions: list[BuraAction] = []

    @property
    def current(self) -> int:
        return self.state.current

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def view(self, seat: int) -> BuraView:
        return observe(self.state, seat)

    def legal_ids(self) -> list[int]:
        return sorted(ENCODING.encode(action) for action in self.state.legal_actions())

    def action_mask(self) -> np.ndarray:
        if self.state.is_over:
            return np.zeros(ENCODING.num_actions, dtype=np.int8)
        return ENCODING.mask(self.state.legal_actions())

    def step(self, action_id: int) -> BuraAction:
        """Play ``action_id`` for the seat on turn; an illegal one raises :class:`EncodingError`, changes nothing."""
        if self.state.is_over:
            raise EncodingError("the hand is over: no seat acts")
        action = ENCODING.decode(int(action_id), self.view(self.state.current))
        if action not in self.state.legal_actions():
            raise EncodingError(f"{ENCODING.describe(int(action_id))} is not legal now")
        self.apply(action)
        return action

    def apply(self, action: BuraAction) -> None:
        self.state.apply(action)
        self.actions.append(action)

    def observation(self, seat: int) -> np.ndarray:
        return ENCODING.observe(self.view(seat))

    def outcome(self) -> tuple[float, ...]:
        """Each seat's reward: the hand's outcome once it is over, else zeros."""
        return BURA.outcome(self.state) if self.state.is_over else (0.0, 0.0)

    def resampled(self, seat: int, rng: random.Random) -> BuraEpisode:
        """A hand ``seat`` cannot tell from this one (its record of actions kept for the string forms)."""
        other = BuraEpisode.__new__(BuraEpisode)
        world = BURA.determinize(self.state, seat, rng)
        assert isinstance(world, BuraState)
        other.state, other.actions = world, list(self.actions)
        return other

    def clone(self) -> BuraEpisode:
        other = BuraEpisode.__new__(BuraEpisode)
        other.state, other.actions = self.state.clone(), list(self.actions)
        return other
