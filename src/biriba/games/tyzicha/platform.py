"""Tyzicha as a :class:`~biriba.games.protocol.Game`: its presets, determinization from what a seat has
seen, a hand's outcome, the match and the players.

A hand's outcome is each seat's change of score in the hand, before the match holds a player who was not
the declarer at 1,000 (that cap depends on the match, not the hand).
"""

from __future__ import annotations

import random
from typing import Any

from biriba.core.cards import Card
from biriba.core.errors import InvalidInputError
from biriba.games.protocol import Game
from biriba.games.tyzicha.bots import BOTS, TyzichaBot, determinize
from biriba.games.tyzicha.game import PLAYERS, TyzichaRules, TyzichaState, action_from_json, action_to_json, observe
from biriba.games.tyzicha.match import TyzichaMatch
from biriba.games.tyzicha.textbook import TextbookTyzichaBot

PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "russian": {
        "made_when_equal": True,
        "opponents_score": "always",
        "round_to": 5,
        "marriage_on_first_trick": False,
    },
    "tens": {"made_when_equal": True, "opponents_score": "always", "round_to": 10},
}
"""``standard``: the rules as written (a contract made only above its value; opponents score only when it
is broken; a marriage whenever a player leads). ``russian``: the common practice of Russian tables (a total
equal to the contract makes it; opponents always score their points, rounded to fives; no marriage at the
first trick). ``tens``: as ``russian`` but the opponents' points rounded to tens and marriages at any lead."""


def _rules(preset: str, players: int) -> TyzichaRules:
    if preset not in PRESETS:
        raise InvalidInputError(f"unknown Tyzicha preset {preset!r} (known presets: {', '.join(PRESETS)})")
    return TyzichaRules(**PRESETS[preset])


def _deal(rules: TyzichaRules, dealer: int, seed: int | None, deck: list[Card] | None) -> TyzichaState:
    return TyzichaState.deal(rules, dealer, seed=seed, deck=deck)


def _determinize(state: TyzichaState, seat: int, rng: random.Random) -> TyzichaState:
    return determinize(observe(state, seat), rng)


def _outcome(state: TyzichaState) -> tuple[float, ...]:
    result = state.result
    if result is None:
        raise InvalidInputError("the hand is not over")
    return tuple(float(score) for score in result.scores)


OTHER_BOTS: dict[str, type[TextbookTyzichaBot]] = {"textbook": TextbookTyzichaBot}
"""Opponents to measure the ladder's bots by (the Thousand literature's advice alone), after the ladder in
``TYZICHA.bots`` and not a step of it (docs/tyzicha.md, "The textbook player")."""


def _make_bot(name: str) -> TyzichaBot | TextbookTyzichaBot:
    if name in OTHER_BOTS:
        return OTHER_BOTS[name]()
    if name not in BOTS:
        raise InvalidInputError(f"unknown Tyzicha bot {name!r} (known: {', '.join([*BOTS, *OTHER_BOTS])})")
    return BOTS[name]()


def _players(rules: TyzichaRules) -> int:
    return PLAYERS


def _rules_to_json(rules: TyzichaRules) -> dict[str, Any]:
    return rules.to_json()


TYZICHA = Game(
    name="tyzicha",
    players=(PLAYERS,),
    default_players=PLAYERS,
    presets=tuple(PRESETS),
    make_rules=_rules,
    rules_to_json=_rules_to_json,
    rules_from_json=TyzichaRules.from_json,
    rules_players=_players,
    deal=_deal,
    observe=observe,
    determinize=_determinize,
    action_to_json=action_to_json,
    action_from_json=action_from_json,
    outcome=_outcome,
    new_match=TyzichaMatch,
    bots=(*BOTS, *OTHER_BOTS),
    make_bot=_make_bot,
)
"""Tyzicha, three players."""
