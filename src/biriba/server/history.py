"""Match history and replays: a table's log as a :class:`MatchRecord` (the format ``biriba replay``
reads), and the frames a browser steps through.

A replay shows every hand's cards, so it covers finished hands only: the hand still being played
at a table is left out until it is over (its deal and hands stay secret). Hand ``n`` is dealt from
its own seed (:func:`~biriba.server.table.hand_seed`), so a finished hand's seed says nothing of the
hands after it.
"""

from __future__ import annotations

from typing import Any

from biriba.core.actions import Action, action_from_json, action_to_json
from biriba.core.match import Match
from biriba.core.records import Deal, MatchRecord
from biriba.core.rules import Rules
from biriba.core.views import observe
from biriba.server.store import Event, TableInfo
from biriba.server.table import hand_seed


class ReplayRangeError(ValueError):
    """A hand or step that the record does not have; the text names the range there is."""


def match_record(info: TableInfo, events: list[Event]) -> MatchRecord:
    """The table's finished hands as a match record."""
    rules = Rules.from_json(info.rules)
    hands: list[tuple[Deal, list[Action]]] = [(Deal(seed=hand_seed(info.seed, 0)), [])]
    for event in events:
        if event.kind == "deal":
            hands.append((Deal(seed=hand_seed(info.seed, len(hands))), []))
        else:
            hands[-1][1].append(action_from_json(event.data))
    record = MatchRecord(rules=rules, first_dealer=info.first_dealer, hands=hands)
    if record.replay().hand is not None:  # the last hand is still being played: it stays secret
        record.hands.pop()
    return record


def replay_frame(record: MatchRecord, hand: int, step: int) -> dict[str, Any]:
    """The table after ``step`` actions of finished hand ``hand`` (both from 0), with every seat's cards."""
    if not 0 <= hand < len(record.hands):
        raise ReplayRangeError(f"there is no finished hand {hand}: hands 0 to {len(record.hands) - 1} can be replayed")
    deal, actions = record.hands[hand]
    if not 0 <= step <= len(actions):
        raise ReplayRangeError(f"hand {hand} has steps 0 to {len(actions)}, not {step}")
    match = MatchRecord(rules=record.rules, first_dealer=record.first_dealer, hands=record.hands[:hand]).replay()
    totals_before = list(match.totals)
    state = match.start_hand(deck=deal.deck, seed=deal.seed, cut=deal.cut)
    for action in actions[:step]:
        state.apply(action)
    table = observe(state, 0).to_json()
    table["seat"] = None
    del table["hand"]
    return {
        "hand": hand,
        "hands": len(record.hands),
        "step": step,
        "steps": len(actions),
        "action": action_to_json(actions[step - 1]) if step else None,
        "next_action": action_to_json(actions[step]) if step < len(actions) else None,
        "view": table,
        "hands_by_seat": [observe(state, seat).to_json()["hand"] for seat in range(record.rules.players)],
        "totals_before": totals_before,
        "score": state.hand_score().to_json() if state.is_over else None,
    }


def sides_of(rules_json: Any) -> tuple[tuple[int, ...], ...]:
    """Who wins together at a table with these rules (see :attr:`Match.sides`)."""
    return Match(Rules.from_json(rules_json)).sides
