"""Playing hands and matches between bots, recording every action.

Each seat's bot draws from its own generator, :func:`seat_rng` of the hand's seed and the seat: seeded
through a hash of both, so that no bot can rebuild the shuffle from it (a generator seeded like the
deal's would let a bot replay the shuffle and see every hand), and a bot's random choices do not shift
when the bot at another seat draws more or less."""

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


def seat_rng(hand_seed: int, seat: int) -> random.Random:
    """The random generator of ``seat``'s bot in the hand dealt from ``hand_seed``."""
    return random.Random(f"biriba-seat:{hand_seed}:{seat}")


def seat_rngs(hand_seed: int, players: int) -> list[random.Random]:
    """Every seat's generator in the hand dealt from ``hand_seed``."""
    return [seat_rng(hand_seed, seat) for seat in range(players)]


def play_out(
    state: HandState,
    bots: Sequence[Bot],
    rng: random.Random | Sequence[random.Random],
    on_action: OnAction | None = None,
    max_actions: int | None = None,
) -> list[Action]:
    """Play ``state`` to the end of the hand (or until ``max_actions`` are played: the hand is then not
    over); return the actions played. ``rng``: one generator per seat (:func:`seat_rngs`), or one that
    every seat shares."""
    rngs = [rng] * len(bots) if isinstance(rng, random.Random) else rng
    actions: list[Action] = []
    while not state.is_over and (max_actions is None or len(actions) < max_actions):
        seat = state.current
        action = bots[seat].choose(observe(state, seat), state.legal_actions(), rngs[seat])
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
    """Deal a hand from ``seed`` and let the bots play it, each seat drawing from :func:`seat_rng`."""
    record = HandRecord(rules, dealer, Deal(seed=seed))
    state = record.start()
    if on_hand_start is not None:
        on_hand_start(state)
    record.actions = play_out(state, bots, seat_rngs(seed, rules.players), on_action)
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
        actions = play_out(state, bots, seat_rngs(hand_seed, rules.players), on_action)
        record.hands.append((Deal(seed=hand_seed), actions))
        match.finish_hand()
    return record, match
