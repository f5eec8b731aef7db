"""Match records of the games on the protocol, other than Biriba (whose records are
:mod:`biriba.core.records`, unchanged)::

    {"game": "bura", "version": 1, "rules": {"tokens": 10, ...}, "players": 2, "dealer": 0,
     "hands": [{"seed": 7, "actions": [{"seat": 1, "type": "lead", "cards": ["AS"]}, ...]}, ...]}

``"deck": [codes]`` (top card first) may stand instead of a hand's ``"seed"``. The record names its game;
a record without ``"game"`` is Biriba's. Like Biriba's, a record replays to the identical match on any
later version: a seed deals the same cards for good.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from biriba.core.cards import Card, card_codes, parse_card
from biriba.core.errors import BiribaError, IllegalAction, InvalidInputError
from biriba.games.protocol import Game, GameMatch, GameState
from biriba.games.registry import game_named

RECORD_VERSION = 1


class GameReplayError(BiribaError):
    """An action of a record that the rules refuse: its hand, its index in the hand, and why."""

    def __init__(self, hand: int, index: int, action: object, cause: IllegalAction) -> None:
        super().__init__(f"hand {hand + 1}, action {index} ({action}): {cause}")
        self.hand = hand
        self.index = index
        self.cause = cause


@dataclass(frozen=True, slots=True)
class HandDeal:
    """A hand's cards: a seed, or the deck itself (top card first)."""

    seed: int | None = None
    deck: tuple[Card, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"deck": card_codes(self.deck)} if self.deck is not None else {"seed": self.seed}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandDeal:
        if ("seed" in data) == ("deck" in data):
            raise InvalidInputError("a hand of a record has exactly one of 'seed' or 'deck'")
        if "seed" in data:
            seed = data["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
                raise InvalidInputError(f"'seed' must be a whole number of 0 or more, not {seed!r}")
            return cls(seed=seed)
        deck = data["deck"]
        if not isinstance(deck, list) or not all(isinstance(code, str) for code in deck):
            raise InvalidInputError("'deck' must be a list of card codes")
        return cls(deck=tuple(parse_card(code) for code in deck))


@dataclass(slots=True)
class GameRecord:
    """A match of a game on the protocol: its rules, the first dealer, each hand's deal and actions."""

    game: Game
    rules: Any
    first_dealer: int
    hands: list[tuple[HandDeal, list[Any]]] = field(default_factory=list)

    def replay(
        self,
        on_state: Callable[[int, int, GameState], None] | None = None,
        on_hand_start: Callable[[int, GameState], None] | None = None,
        on_hand_end: Callable[[int, GameMatch], None] | None = None,
    ) -> GameMatch:
        """Replay every hand into a match (a last unfinished hand is left in play). ``on_hand_start(h,
        state)`` sees hand ``h`` as dealt, ``on_state(h, i, state)`` the hand after its action ``i``, and
        ``on_hand_end(h, match)`` the match once hand ``h`` is settled into it. Raise
        :class:`GameReplayError` at the first illegal action."""
        match = self.game.new_match(self.rules, self.first_dealer)
        for number, (deal, actions) in enumerate(self.hands):
            state = match.start_hand(seed=deal.seed, deck=list(deal.deck) if deal.deck is not None else None)
            if on_hand_start is not None:
                on_hand_start(number, state)
            for index, action in enumerate(actions):
                try:
                    state.apply(action)
                except IllegalAction as error:
                    raise GameReplayError(number, index, action, error) from None
                if on_state is not None:
                    on_state(number, index, state)
            if state.is_over:
                match.finish_hand()
                if on_hand_end is not None:
                    on_hand_end(number, match)
        return match

    def to_json(self) -> dict[str, Any]:
        game = self.game
        return {
            "game": game.name,
            "version": RECORD_VERSION,
            "rules": game.rules_to_json(self.rules),
            "players": game.rules_players(self.rules),
            "dealer": self.first_dealer,
            "hands": [
                deal.to_json() | {"actions": [game.action_to_json(action) for action in actions]}
                for deal, actions in self.hands
            ],
        }

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        if not isinstance(data, dict):
            raise InvalidInputError("a record is a JSON object")
        name = data.get("game")
        if not isinstance(name, str):
            raise InvalidInputError("a record of a game other than Biriba names it: 'game'")
        game = game_named(name)
        version = data.get("version", 1)
        if version != RECORD_VERSION:
            raise InvalidInputError(f"record version {version!r} is not one this version reads (1)")
        rules = game.rules_from_json(data.get("rules", {}))
        players = data.get("players", game.rules_players(rules))
        if players != game.rules_players(rules):
            raise InvalidInputError(f"{name} with these rules is played by {game.rules_players(rules)}, not {players}")
        dealer = data.get("dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise InvalidInputError(f"'dealer' must be a seat from 0 to {players - 1}, not {dealer!r}")
        hands = data.get("hands")
        if not isinstance(hands, list) or not all(isinstance(hand, dict) for hand in hands):
            raise InvalidInputError("a match record needs 'hands': a list of {seed or deck, actions}")
        parsed = []
        for hand in hands:
            actions = hand.get("actions", [])
            if not isinstance(actions, list):
                raise InvalidInputError("a hand's 'actions' is a list")
            parsed.append((HandDeal.from_json(hand), [game.action_from_json(action) for action in actions]))
        return cls(game, rules, dealer, parsed)
