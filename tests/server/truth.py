"""The true state of a table, rebuilt from its log with the engine alone, to check what the server sent."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from biriba.core.actions import action_from_json
from biriba.core.cards import card_codes, parse_cards
from biriba.core.match import Match
from biriba.core.records import Deal
from biriba.core.rules import Rules
from biriba.core.state import HandState
from biriba.games.registry import game_named
from biriba.server.games import hand_deal
from biriba.server.store import Store

CARD_CODE = re.compile(r"^(?:10|[2-9JQKA])[SHDC]$|^JK$")


def start_hand(match: Match, deal: Deal) -> HandState:
    return match.start_hand(deck=deal.deck, seed=deal.seed, cut=deal.cut)


def true_states(store: Store, table_id: str) -> dict[int, HandState]:
    """The hand as it stood at every sequence number of the table's log."""
    info = store.table(table_id)
    assert info is not None
    match = Match(Rules.from_json(info.rules), info.first_dealer)
    hands = 0
    state = start_hand(match, hand_deal(info, 0))
    states = {0: state.clone()}
    for event in store.events(table_id):
        if event.kind == "deal":
            hands += 1
            state = start_hand(match, hand_deal(info, hands, event.data))
        else:
            state.apply(action_from_json(event.data))
            if state.is_over:
                match.finish_hand()
        states[event.seq + 1] = state.clone()
    return states


def game_truth(store: Store, table_id: str) -> dict[int, Any]:
    """The hand of a table of a game dealt from decks (Bura, Tyzicha) as it stood at every sequence number
    of its log, replayed with the game's engine alone."""
    info = store.table(table_id)
    assert info is not None
    game = game_named(info.game)
    match = game.new_match(game.rules_from_json(info.rules), info.first_dealer)
    state = match.start_hand(deck=parse_cards(info.first_deal["deck"]))
    states = {0: state.clone()}
    for event in store.events(table_id):
        if event.kind == "deal":
            state = match.start_hand(deck=parse_cards(event.data["deck"]))
        else:
            state.apply(game.action_from_json(event.data))
            if state.is_over:
                match.finish_hand()
        states[event.seq + 1] = state.clone()
    return states


def card_strings(data: Any) -> Counter[str]:
    """Every card code anywhere in a JSON value, counted."""
    found: Counter[str] = Counter()
    if isinstance(data, str):
        if CARD_CODE.match(data):
            found[data] += 1
    elif isinstance(data, dict):
        for value in data.values():
            found += card_strings(value)
    elif isinstance(data, list):
        for value in data:
            found += card_strings(value)
    return found


def public_cards(state: HandState, message: dict[str, Any]) -> Counter[str]:
    """The cards anyone at the table may see: melds, the discard pile, the upcard, cards known to be
    held (taken with the pile), every seat's discards, the last action's and the finished hands' biribas."""
    cards: Counter[str] = Counter()
    for team in state.melds:
        for meld in team:
            cards.update(card_codes(meld.cards))
    cards.update(card_codes(state.discard_pile))
    if state.upcard >= 0:
        cards.update(card_codes([state.upcard]))
    for seat in range(state.players):
        cards.update(card_strings(message["view"]["known_cards"][seat]))
        cards.update(card_codes(state.discarded[seat]))  # every discard was seen as it was laid
    cards += card_strings(message.get("last_action"))
    cards += card_strings(message.get("moves"))  # the hand's actions, public as they were made (a draw names no card)
    cards += card_strings(message.get("results"))
    cards += card_strings(message.get("hand_result"))
    return cards


def check_no_hidden_cards(message: dict[str, Any], state: HandState) -> None:
    """A state message for ``message['seat']`` holds its own hand exactly and no card beyond the
    public ones and that hand (counted with multiplicity: the pack has two of each card)."""
    seat = message["seat"]
    own = Counter(card_codes(state.hand_cards(seat))) if seat is not None else Counter()
    assert Counter(message["view"]["hand"]) == own, f"seat {seat} was sent a hand that is not its own"
    assert message["view"]["hand_sizes"] == list(state.hand_sizes)
    drawn = message.get("drawn")
    if drawn is not None:  # the card this seat drew this turn: one of its own
        assert own[drawn] > 0, f"seat {seat} was told it drew {drawn}, which it does not hold"
        own = own + Counter([drawn])
    allowed = public_cards(state, message) + own
    extra = card_strings(message) - allowed
    assert not extra, f"seat {seat} was sent cards it may not see: {dict(extra)}"
