"""Bura as a :class:`~biriba.games.protocol.Game`: its presets, determinization from what a seat has
seen, a hand's outcome, the match and the players.

A hand's outcome is +1 for the player who wins the pot and -1 for the other; a wrong declaration loses
the hand (-1 for its player, +1 for the other); a drawn hand is 0 for both.
"""

from __future__ import annotations

import random
from typing import Any

from biriba.core.cards import Card
from biriba.core.errors import InvalidInputError
from biriba.games.bura.bots import BOTS, BuraBot, TrickMemory, determinize
from biriba.games.bura.game import (
    BuraRules,
    BuraState,
    action_from_json,
    action_to_json,
    automatic_action,
    observe,
)
from biriba.games.bura.match import BuraMatch
from biriba.games.protocol import Game

PRESETS: dict[str, dict[str, Any]] = {"standard": {}, "plain": {"special_leads": False}}
"""``standard``: the special leads out of turn; ``plain``: without them."""


def _rules(preset: str, players: int) -> BuraRules:
    if preset not in PRESETS:
        raise InvalidInputError(f"unknown Bura preset {preset!r} (known presets: {', '.join(PRESETS)})")
    return BuraRules(**PRESETS[preset])


def _rules_from_json(data: object) -> BuraRules:
    if not isinstance(data, dict):
        raise InvalidInputError(f"Bura rules are an object of options, not {data!r}")
    return BuraRules.from_json(data)


def _deal(rules: BuraRules, dealer: int, seed: int | None, deck: list[Card] | None) -> BuraState:
    return BuraState.deal(rules, dealer, seed=seed, deck=deck)


def _determinize(state: BuraState, seat: int, rng: random.Random) -> BuraState:
    view = observe(state, seat)
    memory = TrickMemory.of(view, state.tricks)  # every trick was played face up: both players saw it
    return determinize(view, memory, rng)


def _outcome(state: BuraState) -> tuple[float, ...]:
    result = state.result
    if result is None:
        raise InvalidInputError("the hand is not over")
    loser = result.declarer if result.how == "wrong-declaration" else None
    if result.winner is not None:
        loser = 1 - result.winner
    if loser is None:
        return (0.0, 0.0)
    return (-1.0, 1.0) if loser == 0 else (1.0, -1.0)


def _make_bot(name: str) -> BuraBot:
    if name not in BOTS:
        raise InvalidInputError(f"unknown Bura bot {name!r} (known: {', '.join(BOTS)})")
    return BOTS[name]()


def _players(rules: BuraRules) -> int:
    return 2


def _rules_to_json(rules: BuraRules) -> dict[str, Any]:
    return rules.to_json()


BURA = Game(
    name="bura",
    players=(2,),
    default_players=2,
    presets=tuple(PRESETS),
    make_rules=_rules,
    rules_to_json=_rules_to_json,
    rules_from_json=_rules_from_json,
    rules_players=_players,
    deal=_deal,
    observe=observe,
    determinize=_determinize,
    action_to_json=action_to_json,
    action_from_json=action_from_json,
    outcome=_outcome,
    new_match=BuraMatch,
    bots=tuple(BOTS),
    make_bot=_make_bot,
    automatic=automatic_action,
)
"""Bura, two players."""
