"""Every hidden card stays hidden from a seated player: online deals come from the operating system's
random source, the deal is stored as its deck, and no answer gives out a seed.

A seeded deal gives itself away: one seat's eleven cards and the upcard match one seed in billions, so
a search over the seeds finds it, and with it every hand, the draw pile and the biribakia. The first
test shows the method on a small seed space; the others check that the server's deals have no seed to
search for, and that a table made before decks were stored (its deals named seeds) still replays and
deals its next hand from a deck.
"""

from __future__ import annotations

import json
import random
import secrets
import sqlite3
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from biriba.bots import make_bot
from biriba.core.actions import action_to_json
from biriba.core.cards import card_codes
from biriba.core.match import Match
from biriba.core.records import MatchRecord, rules_for_players
from biriba.core.rules import Rules
from biriba.core.state import HandState
from biriba.core.views import observe
from biriba.server.games import hand_seed
from tests.server.conftest import (
    Client,
    RunningServer,
    create_table,
    guest,
    http_get,
    sqlite_at_revision,
    sqlite_settings,
)
from tests.server.truth import true_states

SMALL_SPACE = 2**12
"""The seeds the tests search: enough to show the method in a second (the old server's space was 2**32)."""


def seat_cards(state: HandState, seat: int) -> tuple[Counter[str], str | None]:
    """What a seat sees of the deal: its own cards and the upcard."""
    upcard = card_codes([state.upcard])[0] if state.upcard >= 0 else None
    return Counter(card_codes(state.hand_cards(seat))), upcard


def recover_seed(
    rules: Rules, dealer: int, seat: int, hand: Counter[str], upcard: str | None, seeds: Iterable[int]
) -> int | None:
    """The attack: the seed among ``seeds`` whose shuffle deals ``seat`` exactly ``hand`` and turns up
    ``upcard``, or None."""
    for seed in seeds:
        if seat_cards(HandState.deal(rules, dealer, seed=seed), seat) == (hand, upcard):
            return seed
    return None


def test_a_seeded_deal_gives_every_hidden_card_away() -> None:
    rules = Rules.from_preset("standard")
    secret = random.Random(12).randrange(SMALL_SPACE)
    dealt = HandState.deal(rules, 0, seed=secret)
    hand, upcard = seat_cards(dealt, 1)
    found = recover_seed(rules, 0, 1, hand, upcard, range(SMALL_SPACE))
    assert found == secret
    again = HandState.deal(rules, 0, seed=found)
    for seat in range(rules.players):  # every hand, the draw pile and the biribakia, read off
        assert again.hand_cards(seat) == dealt.hand_cards(seat)
    assert again.draw_pile == dealt.draw_pile and again.biribakia == dealt.biribakia


def test_the_server_deals_from_no_seed_a_player_could_search(
    server: RunningServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even with every integer the server draws from ``secrets.randbits`` in a small space (the old
    server drew the table's seed there), a seat's cards lead to no seed: the deck does not come from one."""
    weak = random.Random(5)
    monkeypatch.setattr(secrets, "randbits", lambda bits: weak.randrange(SMALL_SPACE))
    token = guest(server.url, "Spy")
    table = create_table(server.url, token, players=2, seats=[None, "greedy"])["table"]
    info = server.store.table(table["id"])
    assert info.seed is None and len(info.first_deal["deck"]) == 108  # the deck itself, no seed

    client = Client(server.url, table["id"])
    client.hello(token)
    view = client.state()["view"]
    dealt = true_states(server.store, table["id"])[0]
    hand = Counter(card_codes(dealt.hand_cards(0)))
    assert Counter(view["hand"]) == hand and view["upcard"] == card_codes([dealt.upcard])[0]
    rules = Rules.from_json(table["rules"])
    dealer = dealt.dealer
    assert recover_seed(rules, dealer, 0, hand, view["upcard"], range(SMALL_SPACE)) is None
    old_way = (hand_seed(table_seed, 0) for table_seed in range(SMALL_SPACE))
    assert recover_seed(rules, dealer, 0, hand, view["upcard"], old_way) is None
    client.close()


def test_a_match_record_names_no_seed_and_each_hand_has_its_own_deck(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    token = guest(url, "Watcher")
    table = create_table(url, token, players=2, seat=None, seats=["greedy", "greedy"], target=100_000)["table"]
    watcher = Client(url, table["id"])
    watcher.hello(None)
    watcher.state_where(lambda m: m["hand_number"] >= 3)  # a table of bots deals its own hands
    events = sqlite_server.store.events(table["id"])
    deals = [e.data for e in events if e.kind == "deal"]
    assert len(deals) >= 2 and all(len(d["deck"]) == 108 for d in deals)
    assert deals[0]["deck"] != deals[1]["deck"]
    record = http_get(f"{url}/api/tables/{table['id']}/record", headers={"Authorization": f"Bearer {token}"})
    assert record.status_code == 403  # the creator watched: only players may replay
    assert "seed" not in str(sqlite_server.store.table(table["id"]).first_deal)


def old_table_events(rules: Rules, seed: int, hands: int) -> tuple[list[tuple[str, dict[str, Any]]], HandState]:
    """The log of a table made before decks were stored, as its server wrote it: ``hands`` whole hands
    dealt from the table's seed, played by greedy bots, with a ``deal`` event (no deck) between them;
    and the last hand as it ended."""
    bot, match = make_bot("greedy"), Match(rules, 0)
    events: list[tuple[str, dict[str, Any]]] = []
    for index in range(hands):
        if index:
            events.append(("deal", {}))
        state = match.start_hand(seed=hand_seed(seed, index))
        while not state.is_over:
            seat = state.current
            action = bot.choose(observe(state, seat), state.legal_actions(), random.Random(len(events)))
            state.apply(action)
            events.append(("action", action_to_json(action)))
    return events, state


def test_a_table_dealt_from_seeds_still_replays_and_deals_its_next_hand_from_a_deck(tmp_path: Path) -> None:
    database = tmp_path / "biriba.sqlite3"
    sqlite_at_revision(database, "0002")  # the schema as it was before decks were stored
    rules = rules_for_players("standard", 2)
    seed = 3_141_592
    events, last_hand = old_table_events(rules, seed, hands=2)
    with sqlite3.connect(database) as db:
        db.execute("INSERT INTO players VALUES ('p-old', 'Old', 0)")
        db.execute(
            "INSERT INTO tables (id, created_at, rules, first_dealer, seed, private, invite, over, turn_seconds) "
            "VALUES ('t-old', 0, ?, 0, ?, 0, NULL, 0, NULL)",
            (json.dumps(rules.to_json()), seed),
        )
        db.execute("INSERT INTO seats VALUES ('t-old', 0, NULL, 'p-old', 'Old'), ('t-old', 1, 'greedy', NULL, NULL)")
        db.executemany(
            "INSERT INTO events VALUES ('t-old', ?, ?, ?, ?)",
            [(seq, kind, json.dumps(data), float(seq)) for seq, (kind, data) in enumerate(events)],
        )

    with RunningServer(sqlite_settings(tmp_path)) as server:
        token = server.app.state.server.new_token("p-old")
        client = Client(server.url, "t-old")
        assert client.hello(token)["seat"] == 0
        state = client.state()
        assert state["seq"] == len(events) and state["hand_over"] and state["hand_number"] == 2
        assert state["view"] == observe(last_hand, 0).to_json()  # as the seeds dealt it
        record = http_get(f"{server.url}/api/tables/t-old/record", headers={"Authorization": f"Bearer {token}"})
        assert "seed" not in record.text  # one hand's seed would lead to the table's, and to the others
        assert MatchRecord.from_json(record.json()).replay().totals == state["totals"]

        client.send({"type": "next_hand", "seq": state["seq"]})
        dealt = client.until(lambda m: m["type"] == "state" and m["seq"] == state["seq"] + 1)
        assert dealt["hand_number"] == 3
        deal = server.store.events("t-old")[state["seq"]]
        assert deal.kind == "deal" and len(deal.data["deck"]) == 108
        seeded = HandState.deal(rules, dealt["view"]["dealer"], seed=hand_seed(seed, 2))
        assert Counter(dealt["view"]["hand"]) != Counter(card_codes(seeded.hand_cards(0)))
        client.close()
