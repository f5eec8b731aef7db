"""One hand of Tyzicha played by action ids: the engine behind the Tyzicha adapters."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from biriba.core.cards import Card
from biriba.env.encoding import EncodingError
from biriba.env.tyzicha.encoding import TyzichaEncoding
from biriba.games.tyzicha import (
    Give,
    TyzichaAction,
    TyzichaRules,
    TyzichaState,
    TyzichaView,
    action_to_json,
    observe,
)
from biriba.games.tyzicha.game import PLAYERS
from biriba.games.tyzicha.platform import TYZICHA

ENCODING = TyzichaEncoding()


class TyzichaEpisode:
    """A hand of Tyzicha and the actions played in it, stepped by action ids."""

    def __init__(
        self, rules: TyzichaRules, dealer: int, *, seed: int | None = None, deck: list[Card] | None = None
    ) -> None:
        self.state: TyzichaState = TyzichaState.deal(rules, dealer, seed=seed, deck=deck)
        self.actions: list[TyzichaAction] = []

    @property
    def current(self) -> int:
        return self.state.current

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def view(self, seat: int) -> TyzichaView:
        return observe(self.state, seat)

    def legal_ids(self) -> list[int]:
        return sorted(ENCODING.encode(action) for action in self.state.legal_actions())

    def action_mask(self) -> np.ndarray:
        if self.state.is_over:
            return np.zeros(ENCODING.num_actions, dtype=np.int8)
        return ENCODING.mask(self.state.legal_actions())

    def step(self, action_id: int) -> TyzichaAction:
        """Play ``action_id`` for the seat on turn; an illegal one raises :class:`EncodingError`, changes nothing."""
        if self.state.is_over:
            raise EncodingError("the hand is over: no seat acts")
        action = ENCODING.decode(int(action_id), self.state.current)
        if action not in self.state.legal_actions():
            raise EncodingError(f"{ENCODING.describe(int(action_id))} is not legal now")
        self.apply(action)
        return action

    def apply(self, action: TyzichaAction) -> None:
        self.state.apply(action)
        self.actions.append(action)

    def observation(self, seat: int) -> np.ndarray:
        return ENCODING.observe(self.view(seat))

    def outcome(self) -> tuple[float, ...]:
        """Each seat's reward: the hand's change of score once it is over (before the match's cap), else zeros."""
        return TYZICHA.outcome(self.state) if self.state.is_over else (0.0,) * PLAYERS

    def seen_moves(self, seat: int) -> list[dict[str, Any]]:
        """The actions of the hand as JSON, as ``seat`` saw them: the card given face down to another seat
        (the forced 100) is null."""
        moves = []
        for action in self.actions:
            move = action_to_json(action)
            if isinstance(action, Give) and self.state.forced and seat not in (action.seat, action.to):
                move["card"] = None
            moves.append(move)
        return moves

    def resampled(self, seat: int, rng: random.Random) -> TyzichaEpisode:
        """A hand ``seat`` cannot tell from this one: the cards it has not seen dealt at random (the protocol's
        determinization). Its record of actions is kept, the cards given taken from the new hand."""
        other = TyzichaEpisode.__new__(TyzichaEpisode)
        world = TYZICHA.determinize(self.state, seat, rng)
        assert isinstance(world, TyzichaState)
        gifts = iter(world.given)
        other.state = world
        other.actions = [
            Give(action.seat, next(gifts)[1], action.to) if isinstance(action, Give) else action
            for action in self.actions
        ]
        return other

    def clone(self) -> TyzichaEpisode:
        other = TyzichaEpisode.__new__(TyzichaEpisode)
        other.state, other.actions = self.state.clone(), list(self.actions)
        return other
