"""Playing hands and matches between bots, recording every action."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from biriba.bots.base import Bot
from biriba.core.actions import Action
from biriba.core.match import Match
from biriba.core.records import Deal, HandRecord, MatchRecord
from biriba.core.rules import Rules
from biriba.core.state import HandState
from biriba.core.views import observe

OnAction = Callable[[HandState, Action], None]
"""Called after each action with the state it produced."""


def play_out(
    state: HandState, bots: Sequence[Bot], rng: random.Random, on_action: OnAction | None = None
) -> list[Action]:
    """Play ``state`` to the end of the hand; return the actions played."""
    actions: list[Action] = []
    while not state.is_over:
        seat = state.current
        action = bots[seat].choose(observe(state, seat), state.legal_actions(), rng)
        state.apply(action)
        actions.append(action)
        if on_action is not None:
            on_action(state, action)
    return actions


def play_hand(  # noqa: PLR0913
    rules: Rules,
    bots: Sequence[Bot],
    dealer: int,
    seed: int,
    on_action: OnAction | None = None,
    on_hand_start: Callable[[HandState], None] | None = None,
) -> tuple[HandRecord, HandState]:
    """Deal a hand from ``seed`` and let the bots play it; the bots' randomness is seeded from it too."""
    record = HandRecord(rules, dealer, Deal(seed=seed))
    state = record.start()
    if on_hand_start is not None:
        on_hand_start(state)
    record.actions = play_out(state, bots, random.Random(seed), on_action)
    return record, state


def play_match(  # noqa: PLR0913
    rules: Rules,
    bots: Sequence[Bot],
    seed: int,
    first_dealer: int = 0,
    on_action: OnAction | None = None,
    on_hand_start: Callable[[HandState], None] | None = None,
) -> tuple[MatchRecord, Match]:
    """A whole match between bots; each hand's seed is drawn from ``seed``."""
    seeds = random.Random(seed)
    match = Match(rules, first_dealer)
    record = MatchRecord(rules, first_dealer)
    while not match.is_over:
        hand_seed = seeds.randrange(2**32)
        state = match.start_hand(seed=hand_seed)
        if on_hand_start is not None:
            on_hand_start(state)
        actions = play_out(state, bots, random.Random(hand_seed), on_action)
        record.hands.append((Deal(seed=hand_seed), actions))
        match.finish_hand()
    return record, match
