"""Bots playing the games of the protocol (:mod:`biriba.games.protocol`): a match hand after hand, kept
as a record (:mod:`biriba.games.records`).

Each hand is dealt from a seed drawn from the match's seed; each seat's generator is drawn from the hand's
seed and the seat by hashing, so that no bot's randomness says anything about the deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from biriba.bots.imported import load_bot
from biriba.games.protocol import Game, GameBot, GameMatch, GameState
from biriba.games.records import GameRecord, HandDeal


def seat_rng(game: Game, hand_seed: int, seat: int) -> random.Random:
    """The generator of ``seat``'s bot in the hand dealt from ``hand_seed``."""
    return random.Random(f"{game.name}-seat:{hand_seed}:{seat}")


def play_match(  # noqa: PLR0913
    game: Game,
    rules: Any,
    bots: Sequence[GameBot],
    seed: int,
    first_dealer: int = 0,
    max_hands: int | None = None,
    on_hand_start: Callable[[GameState], None] | None = None,
    on_action: Callable[[GameState, Any], None] | None = None,
    on_hand_end: Callable[[GameMatch, object], None] | None = None,
) -> tuple[GameRecord, GameMatch]:
    """Bots in every seat play a match (at most ``max_hands`` hands); the record and the match."""
    match = game.new_match(rules, first_dealer)
    record = GameRecord(game, rules, first_dealer)
    deals = random.Random(f"{game.name}-match:{seed}")
    while not match.is_over and (max_hands is None or len(record.hands) < max_hands):
        hand_seed = deals.randrange(2**32)
        state = match.start_hand(seed=hand_seed)
        actions: list[Any] = []
        record.hands.append((HandDeal(seed=hand_seed), actions))
        if on_hand_start is not None:
            on_hand_start(state)
        rngs = [seat_rng(game, hand_seed, seat) for seat in range(len(bots))]
        while not state.is_over:
            seat = state.current
            action = bots[seat].choose(game.observe(state, seat), state.legal_actions(), rngs[seat])
            state.apply(action)
            actions.append(action)
            if on_action is not None:
                on_action(state, action)
        result = match.finish_hand()
        if on_hand_end is not None:
            on_hand_end(match, result)
    return record, match


def duplicate_deal(game: Game, rules: Any, x: str, y: str, seed: int) -> float:
    """Deal ``seed`` played once with bot ``x`` in each seat and bot ``y`` in all the others: the sum of
    ``x``'s outcome above the table's mean outcome (Bura: the hands ``x`` won less those it lost)."""
    players = game.rules_players(rules)
    total = 0.0
    for x_seat in range(players):
        state = game.deal(rules, seed % players, seed, None)
        bots = [load_bot(x if seat == x_seat else y, game.make_bot) for seat in range(players)]
        rngs = [seat_rng(game, seed, seat) for seat in range(players)]
        while not state.is_over:
            seat = state.current
            state.apply(bots[seat].choose(game.observe(state, seat), state.legal_actions(), rngs[seat]))
        outcome = game.outcome(state)
        total += outcome[x_seat] - sum(outcome) / players
    return total
