"""Match history and replays: a table's log as a :class:`MatchRecord` (the format ``biriba replay``
reads), and the frames a browser steps through.

A replay shows every hand's cards, so it covers finished hands only: the hand still being played
at a table is left out until it is over (its deal and hands stay secret). Every hand is given as
its deck, never as a seed: each online deck is shuffled from the operating system's random source,
so a finished hand's deck says nothing of the hands after it. (A table made before decks were stored
dealt from seeds of its own seed; one of those seeds would lead to the others, so they are given as
the decks they shuffle.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar, cast

from biriba.core.actions import Action, action_from_json, action_to_json
from biriba.core.cards import shuffled_pack
from biriba.core.records import Deal, MatchRecord
from biriba.core.rules import Rules
from biriba.core.state import cut_error_for_seed
from biriba.core.views import observe
from biriba.games.records import GameRecord, HandDeal
from biriba.server.games import hand_deal, online_game
from biriba.server.store import Event, TableInfo
from biriba.server.wire import ActionJson, BoardJson, BuraReplayFrame, HandScoreJson, ReplayFrame, TyzichaReplayFrame

D = TypeVar("D")
A = TypeVar("A")


class ReplayRangeError(ValueError):
    """A hand or step that the record does not have; the text names the range there is, and ``key`` the
    case for people (``web.error.KEY``): no hand finished yet, or a hand or step out of range."""

    def __init__(self, message: str, key: str) -> None:
        super().__init__(message)
        self.key = key


def _replayed_hand(hands: Sequence[tuple[D, list[A]]], hand: int, step: int) -> tuple[D, list[A]]:
    """Finished hand ``hand`` of ``hands`` (its deal and actions), where ``step`` is one of its steps; fails
    naming the range there is otherwise."""
    if not hands:
        raise ReplayRangeError("no hand of the table has finished yet: a hand can be replayed once over", "no-replay")
    if not 0 <= hand < len(hands):
        raise ReplayRangeError(
            f"there is no finished hand {hand}: hands 0 to {len(hands) - 1} can be replayed", "replay-range"
        )
    deal, actions = hands[hand]
    if not 0 <= step <= len(actions):
        raise ReplayRangeError(f"hand {hand} has steps 0 to {len(actions)}, not {step}", "replay-range")
    return deal, actions


def match_record(info: TableInfo, events: list[Event]) -> MatchRecord:
    """The table's finished hands as a match record."""
    rules = Rules.from_json(info.rules)
    hands: list[tuple[Deal, list[Action]]] = [(as_deck(rules, hand_deal(info, 0)), [])]
    for event in events:
        if event.kind == "deal":
            hands.append((as_deck(rules, hand_deal(info, len(hands), event.data)), []))
        else:
            hands[-1][1].append(action_from_json(event.data))
    record = MatchRecord(rules=rules, first_dealer=info.first_dealer, hands=hands)
    if record.replay().hand is not None:  # the last hand is still being played: it stays secret
        record.hands.pop()
    return record


def game_record(info: TableInfo, events: list[Event]) -> GameRecord:
    """The finished hands of a table of another game than Biriba (Bura, Tyzicha) as its game's record."""
    game = online_game(info.game)
    record = GameRecord(
        game.game, game.rules(info.rules), info.first_dealer, [(HandDeal.from_json(info.first_deal), [])]
    )
    for event in events:
        if event.kind == "deal":
            record.hands.append((HandDeal.from_json(event.data), []))
        else:
            record.hands[-1][1].append(game.parse_action(event.data))
    dealt: list[Any] = []
    record.replay(on_hand_start=lambda _, state: dealt.append(state))
    if not dealt[-1].is_over:  # the last hand is still being played: it stays secret
        record.hands.pop()
    return record


def as_deck(rules: Rules, deal: Deal) -> Deal:
    """The same deal with its deck spelled out: a seeded deal as the deck its seed shuffles (and the
    cut error it draws), exactly as :meth:`~biriba.core.state.HandState.deal` deals it."""
    if deal.seed is None:
        return deal
    cut = deal.cut
    if cut is None and (rules.exact_cut_bonus or rules.near_cut_bonus):
        cut = cut_error_for_seed(deal.seed)
    return Deal(deck=tuple(shuffled_pack(rules.decks, rules.jokers, deal.seed)), cut=cut)


def replay_frame(record: MatchRecord, hand: int, step: int) -> ReplayFrame:
    """The table after ``step`` actions of finished hand ``hand`` (both from 0), with every seat's cards."""
    deal, actions = _replayed_hand(record.hands, hand, step)
    match = MatchRecord(rules=record.rules, first_dealer=record.first_dealer, hands=record.hands[:hand]).replay()
    totals_before = list(match.totals)
    state = match.start_hand(deck=deal.deck, seed=deal.seed, cut=deal.cut)
    for action in actions[:step]:
        state.apply(action)
    table = observe(state, 0).to_json()
    table["seat"] = None
    del table["hand"]
    return {  # the engine's JSON objects are the wire types (tests/server/test_wire.py checks them)
        "game": "biriba",
        "hand": hand,
        "hands": len(record.hands),
        "step": step,
        "steps": len(actions),
        "action": cast(ActionJson, action_to_json(actions[step - 1])) if step else None,
        "next_action": cast(ActionJson, action_to_json(actions[step])) if step < len(actions) else None,
        "view": cast(BoardJson, table),
        "hands_by_seat": [observe(state, seat).to_json()["hand"] for seat in range(record.rules.players)],
        "totals_before": totals_before,
        "score": cast(HandScoreJson, state.hand_score().to_json()) if state.is_over else None,
    }


def game_replay_frame(record: GameRecord, hand: int, step: int) -> BuraReplayFrame | TyzichaReplayFrame:
    """A finished hand of a table of another game than Biriba (Bura, Tyzicha) after ``step`` actions, every
    hand shown."""
    deal, actions = _replayed_hand(record.hands, hand, step)
    online = online_game(record.game.name)
    match: Any = GameRecord(record.game, record.rules, record.first_dealer, record.hands[:hand]).replay()
    totals_before = online.totals(match)
    state = match.start_hand(seed=deal.seed, deck=list(deal.deck) if deal.deck is not None else None)
    for action in actions[:step]:
        state.apply(action)
    if state.is_over:
        match.finish_hand()
    players = online.players(record.rules)
    return {
        "game": cast(Any, online.name),
        "hand": hand,
        "hands": len(record.hands),
        "step": step,
        "steps": len(actions),
        "action": cast(Any, online.action_json(actions[step - 1])) if step else None,
        "next_action": cast(Any, online.action_json(actions[step])) if step < len(actions) else None,
        "view": cast(Any, online.view_json(state, None)),
        "hands_by_seat": [online.view_json(state, seat)["hand"] for seat in range(players)],
        "totals_before": totals_before,
        "score": cast(Any, online.result_json(match, state)) if state.is_over else None,
    }


def sides_of(table: TableInfo) -> list[list[int]]:
    """Who wins together at a table (Biriba: see :attr:`Match.sides`; the other games: each on their own)."""
    game = online_game(table.game)
    return game.sides(game.new_match(game.rules(table.rules), 0))
