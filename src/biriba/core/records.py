"""Records: a hand or a match as ``(rules, players, dealer, deck or seed, actions)`` in JSON.

A record is the save format, the replay format and the test fixture format. A record made by the
engine replays to the identical state and scores, on any later version: records carry the format
``"version"`` they were written in (:data:`RECORD_VERSION`; a record without one is version 1), and a
seed deals the same cards for good (:mod:`biriba.core.shuffle`).

A hand record (docs/rules.md, Records)::

    {"rules": "standard", "players": 4, "dealer": 0, "seed": 42, "actions": [{"seat": 1, "type": "draw"}, ...]}

``"deck": [codes]`` (top card first) may stand instead of ``"seed"``. Optional: ``"scores"``
(cumulative scores per seat before the hand, for the minimum initial meld) and ``"cut"`` (the
dealer's cut error, where the rules score the cut; a seeded deal draws it from the seed). A match
record has ``"hands"``, a list of ``{"seed" or "deck", "cut", "actions"}``, instead of
``"seed"``/``"deck"``/``"actions"``; its ``"dealer"`` deals the first hand.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from biriba.core.actions import Action, action_from_json, action_to_json
from biriba.core.cards import Card, card_codes, parse_card
from biriba.core.errors import BiribaError, IllegalAction, InvalidInputError
from biriba.core.match import Match
from biriba.core.rules import PLAYER_COUNTS, Rules
from biriba.core.state import HandState

RECORD_VERSION = 1
"""The record format this code writes. Version 1: the records of docs/rules.md, seeds shuffled as
:mod:`biriba.core.shuffle` says. A later version that deals or reads differently gets a new number, and
the code keeps reading every older one."""


class ReplayError(BiribaError):
    """An action of a record that the rules refuse, with its index."""

    def __init__(self, index: int, action: Action, cause: IllegalAction) -> None:
        super().__init__(f"action {index} ({action}): {cause}")
        self.index = index
        self.action = action
        self.cause = cause


@dataclass(frozen=True, slots=True)
class Deal:
    """How a hand's cards were dealt: an explicit deck or a seed, and the dealer's cut error where
    the rules score it (None: drawn from the seed, or no cut bonus for a deck)."""

    deck: tuple[Card, ...] | None = None
    seed: int | None = None
    cut: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"deck": card_codes(self.deck)} if self.deck is not None else {"seed": self.seed}
        if self.cut is not None:
            data["cut"] = self.cut
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deal:
        has_deck, has_seed = "deck" in data, "seed" in data
        if has_deck == has_seed:
            raise InvalidInputError(
                "a record needs exactly one of 'deck' (a list of card codes) or 'seed' (an integer)"
            )
        cut = data.get("cut")
        if cut is not None and (isinstance(cut, bool) or not isinstance(cut, int)):
            raise InvalidInputError(f"'cut' must be an integer, not {cut!r}")
        if has_seed:
            seed = data["seed"]
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise InvalidInputError(f"'seed' must be an integer, not {seed!r}")
            return cls(seed=seed, cut=cut)
        deck = data["deck"]
        if not isinstance(deck, list):
            raise InvalidInputError("'deck' must be a list of card codes")
        return cls(deck=tuple(parse_card(c) for c in deck), cut=cut)


@dataclass(slots=True)
class HandRecord:
    """One hand: everything needed to replay it."""

    rules: Rules
    dealer: int
    deal: Deal
    actions: list[Action] = field(default_factory=list)
    scores: tuple[int, ...] | None = None
    """Cumulative scores per seat before the hand."""

    def start(self) -> HandState:
        """The hand as dealt, before any action."""
        deal = self.deal
        return HandState.deal(self.rules, self.dealer, deck=deal.deck, seed=deal.seed, scores=self.scores, cut=deal.cut)

    def replay(self, on_state: Callable[[int, HandState], None] | None = None) -> HandState:
        """Play the record's actions; ``on_state(i, state)`` sees the state after action ``i``.

        Raise :class:`ReplayError` at the first illegal action.
        """
        return _play(self.start(), self.actions, on_state)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "version": RECORD_VERSION,
            "rules": self.rules.to_json(),
            "players": self.rules.players,
            "dealer": self.dealer,
        }
        data.update(self.deal.to_json())
        if self.scores is not None and any(self.scores):
            data["scores"] = list(self.scores)
        data["actions"] = [action_to_json(a) for a in self.actions]
        return data

    @classmethod
    def from_json(cls, data: object) -> HandRecord:
        record = _expect_object(data)
        _check_version(record)
        rules = _rules(record)
        scores = record.get("scores")
        if scores is not None and not (
            isinstance(scores, list)
            and len(scores) == rules.players
            and all(isinstance(x, int) and not isinstance(x, bool) for x in scores)
        ):
            raise InvalidInputError(f"'scores' must be a list of {rules.players} integers, one per seat")
        return cls(
            rules=rules,
            dealer=_dealer(record, rules),
            deal=Deal.from_json(record),
            actions=_actions(record.get("actions", [])),
            scores=tuple(scores) if scores is not None else None,
        )


@dataclass(slots=True)
class MatchRecord:
    """A whole match: the first dealer and each hand's deal and actions."""

    rules: Rules
    first_dealer: int
    hands: list[tuple[Deal, list[Action]]] = field(default_factory=list)

    def replay(
        self,
        on_state: Callable[[int, HandState], None] | None = None,
        on_hand_start: Callable[[HandState], None] | None = None,
    ) -> Match:
        """Replay every hand into a :class:`Match` (its ``hand`` is the last hand if that is unfinished);
        raise :class:`ReplayError` (its index counts from the first action of the match).

        ``on_hand_start`` sees each hand as dealt, ``on_state`` the hand after each of its actions (the
        index counts within the hand)."""
        match = Match(self.rules, self.first_dealer)
        offset = 0
        for deal, actions in self.hands:
            state = match.start_hand(deck=deal.deck, seed=deal.seed, cut=deal.cut)
            if on_hand_start is not None:
                on_hand_start(state)
            try:
                _play(state, actions, on_state)
            except ReplayError as error:
                raise ReplayError(offset + error.index, error.action, error.cause) from None
            offset += len(actions)
            if state.is_over:
                match.finish_hand()
        return match

    def to_json(self) -> dict[str, Any]:
        return {
            "version": RECORD_VERSION,
            "rules": self.rules.to_json(),
            "players": self.rules.players,
            "dealer": self.first_dealer,
            "hands": [
                deal.to_json() | {"actions": [action_to_json(a) for a in actions]} for deal, actions in self.hands
            ],
        }

    @classmethod
    def from_json(cls, data: object) -> MatchRecord:
        record = _expect_object(data)
        _check_version(record)
        rules = _rules(record)
        hands = record.get("hands")
        if not isinstance(hands, list):
            raise InvalidInputError("a match record needs 'hands': a list of {seed or deck, actions}")
        parsed = []
        for hand in hands:
            hand_data = _expect_object(hand)
            parsed.append((Deal.from_json(hand_data), _actions(hand_data.get("actions", []))))
        return cls(rules=rules, first_dealer=_dealer(record, rules), hands=parsed)


def is_match_record(data: object) -> bool:
    return isinstance(data, dict) and "hands" in data


def load_json(text: str) -> object:
    """Parse JSON text; raise :class:`InvalidInputError` naming the position of a syntax error."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidInputError(f"malformed JSON: {error}") from None


def _play(state: HandState, actions: Sequence[Action], on_state: Callable[[int, HandState], None] | None) -> HandState:
    for index, action in enumerate(actions):
        try:
            state.apply(action)
        except IllegalAction as error:
            raise ReplayError(index, action, error) from None
        if on_state is not None:
            on_state(index, state)
    return state


def _expect_object(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise InvalidInputError(f"a record must be a JSON object, not {type(data).__name__}")
    return data


def _check_version(record: dict[str, Any]) -> None:
    version = record.get("version", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise InvalidInputError(f"'version' must be a record format version, 1 or more, not {version!r}")
    if version > RECORD_VERSION:
        raise InvalidInputError(
            f"this record is in format version {version}, newer than this biriba reads ({RECORD_VERSION}): "
            "upgrade biriba to replay it"
        )


def _rules(record: dict[str, Any]) -> Rules:
    """The record's rules, played by its ``players`` (a preset or rules object that names no number of
    players takes the record's)."""
    return rules_for_players(record.get("rules", "standard"), record.get("players"))


def rules_for_players(data: object, players: object) -> Rules:
    """Rules from a ``rules`` field (a preset name or object) and a separate number of players, if given."""
    if players is None:
        return Rules.from_json(data)
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYER_COUNTS:
        raise InvalidInputError(f"'players' must be a number of players, 2 to 6 or 8, not {players!r}")
    if isinstance(data, str):
        data = {"preset": data}
    if isinstance(data, dict) and "players" not in data:
        data = {**data, "players": players}
    rules = Rules.from_json(data)
    if players != rules.players:
        raise InvalidInputError(f"'players' is {players!r} but the rules play with {rules.players}")
    return rules


def _dealer(record: dict[str, Any], rules: Rules) -> int:
    dealer = record.get("dealer", 0)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
        raise InvalidInputError(f"'dealer' must be a seat number 0..{rules.players - 1}, not {dealer!r}")
    return dealer


def _actions(data: object) -> list[Action]:
    if not isinstance(data, list):
        raise InvalidInputError("'actions' must be a list of action objects")
    actions = []
    for index, item in enumerate(data):
        try:
            actions.append(action_from_json(item))
        except InvalidInputError as error:
            raise type(error)(f"action {index}: {error}") from None
    return actions
