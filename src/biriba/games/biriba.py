"""Biriba and Buraco (:mod:`biriba.core`, :mod:`biriba.bots`) as a :class:`~biriba.games.protocol.Game`.

The engine is the core's, unchanged; this module only names its parts for the protocol. A hand's
outcome is each seat's score of the hand (partners of a team each get the team's).
"""

from __future__ import annotations

import random
from typing import Any

from biriba.bots import make_bot
from biriba.bots.base import BOT_LEVELS, OTHER_BOTS
from biriba.core.actions import action_from_json, action_to_json
from biriba.core.cards import Card
from biriba.core.match import Match
from biriba.core.rules import PLAYER_COUNTS, PRESETS, Rules
from biriba.core.sampling import determinize
from biriba.core.state import HandState
from biriba.core.views import observe
from biriba.games.protocol import Game


def _rules(preset: str, players: int) -> Rules:
    return Rules.from_preset(preset, players=players)


def _deal(rules: Rules, dealer: int, seed: int | None, deck: list[Card] | None) -> HandState:
    return HandState.deal(rules, dealer, deck=deck, seed=seed)


def _determinize(state: HandState, seat: int, rng: random.Random) -> HandState:
    return determinize(observe(state, seat), rng)


def _outcome(state: HandState) -> tuple[float, ...]:
    return tuple(float(points) for points in state.hand_score().seat_scores)


def _players(rules: Rules) -> int:
    return rules.players


def _rules_to_json(rules: Rules) -> dict[str, Any]:
    return rules.to_json()


BIRIBA = Game(
    name="biriba",
    players=PLAYER_COUNTS,
    default_players=4,
    presets=tuple(PRESETS),
    make_rules=_rules,
    rules_to_json=_rules_to_json,
    rules_from_json=Rules.from_json,
    rules_players=_players,
    deal=_deal,
    observe=observe,
    determinize=_determinize,
    action_to_json=action_to_json,
    action_from_json=action_from_json,
    outcome=_outcome,
    new_match=Match,
    bots=BOT_LEVELS + OTHER_BOTS,
    make_bot=make_bot,
)
"""Biriba, with Buraco among its presets."""
