"""Bura at online tables, over real WebSocket connections: a match against the server's bots and between two
people, on SQLite and PostgreSQL; every message checked against the true hand rebuilt from the log with the
engine alone (each seat sees its own cards and the cards played, never the other's hand, nor the points of
the won piles); refusals that name their rule and change nothing; the lobby's refusals; the turn timer; the
record a finished hand leaves."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from biriba.core.cards import card_codes
from biriba.games.bura.game import BuraState, combination, observe
from biriba.games.bura.match import BuraMatch
from biriba.games.records import GameRecord
from biriba.i18n import Words, searched_hint_key, searched_lead
from biriba.i18n.bura import move_text as bura_move_text
from biriba.i18n.tyzicha import move_text as tyzicha_move_text
from biriba.server.games import bura_view_json, online_game
from biriba.server.wire import StateMessage, conformance
from tests.server.conftest import (
    Client,
    RunningServer,
    auth,
    create_table,
    guest,
    http_get,
    http_post,
    sqlite_settings,
)
from tests.server.test_accounts import register
from tests.server.truth import card_strings, game_truth

STATE = conformance(StateMessage)


def check_bura_message(message: dict[str, Any], state: BuraState) -> None:
    """A state message is of its wire type, shows its seat exactly that seat's view of the true hand, and
    holds no card of the other hand or of the stock (the cards played and the turned trump are public)."""
    STATE.validate_python(message, strict=True)
    seat = message["seat"]
    assert message["game"] == "bura"
    assert message["view"] == bura_view_json(observe(state, 0 if seat is None else seat), seat)
    own = set(card_codes(state.hands[seat])) if seat is not None else set()
    played = {card for trick in state.tricks for card in card_codes((*trick.led, *trick.answer))}
    public = played | set(card_codes(state.trick)) | set(card_codes([state.trump_card]))
    hidden = set(card_strings(message)) - own - public
    assert not hidden, f"seat {seat} was sent cards it may not see: {hidden}"
    assert "points" not in str(message["view"]["won_cards"])  # the piles are counts of cards
    if message["my_turn"] and message["view"]["phase"] == "claim":  # a person is asked only with a combination
        assert combination(state.hands[seat], state.trump) is not None


def play_by_hints(client: Client, until: Any) -> dict[str, Any]:
    """Play the seat by asking for a hint on each turn and playing it, until ``until(state)``; the last state."""
    state = client.state_where(lambda m: True)
    while not until(state):
        if state["my_turn"]:
            client.send({"type": "hint", "language": "el"})
            hint = client.until(lambda m: m["type"] in ("hint", "error"))
            assert hint["type"] == "hint", hint
            assert hint["head"]["key"].startswith("bura.hint.") and hint["reason"]  # the data, and Greek words
            assert not any("a" <= ch <= "z" for ch in hint["reason"].replace("Enter", "")), hint["reason"]
            client.send({"type": "action", "seq": hint["seq"], "action": hint["action"]})
        seen = state["seq"]
        state = client.until(lambda m, seen=seen: (m["type"] == "state" and m["seq"] > seen) or m["type"] == "error")
        assert state["type"] == "state", state
    return state


def searched_hint(client: Client, hands: int = 5) -> dict[str, Any]:
    """The first hint (in English) of a move the search compared with others, the client's seat playing
    every hint it asks for, dealing the next hand when one ends without such a move (at most ``hands``)."""
    state = client.state_where(lambda m: True)
    while hands > 0:
        if state["hand_over"]:
            hands -= 1
            client.send({"type": "next_hand", "seq": state["seq"]})
        elif state["my_turn"]:
            client.send({"type": "hint", "language": "en"})
            hint = client.until(lambda m: m["type"] in ("hint", "error"))
            assert hint["type"] == "hint", hint
            if hint["details"]:
                return hint
            client.send({"type": "action", "seq": hint["seq"], "action": hint["action"]})
        seen = state["seq"]
        state = client.until(lambda m, seen=seen: (m["type"] == "state" and m["seq"] > seen) or m["type"] == "error")
        assert state["type"] == "state", state
    raise AssertionError("no searched move in the hands played")


def check_searched_hint(hint: dict[str, Any], game: str) -> None:
    """A searched hint's data holds all its words say, seats as data: the search's figures and the next best
    move, an action of the seat asking (a client names its seat as it names the table's seats)."""
    (detail,) = hint["details"]
    facts = detail["facts"]
    assert detail["key"] == searched_hint_key(game, facts["n"]), detail
    assert set(facts) == {"worlds", "score", "next", "other", "n"} and facts["worlds"] > 0, facts
    assert facts["n"] >= 0, facts  # the best first
    # Bura's scores count trial deals, whole numbers; Tyzicha's are mean points, each shown rounded while
    # ``n`` is the lead of the unrounded two (2.4 and -2.4 show as 2 and -2 and lead by 5): within a point.
    shown_lead = searched_lead(game, facts["score"], facts["other"])
    assert facts["n"] == shown_lead if game == "bura" else abs(facts["n"] - shown_lead) <= 1, facts
    assert facts["next"]["seat"] == hint["action"]["seat"] and facts["next"] != hint["action"]
    words = Words("en")
    move_text = bura_move_text if game == "bura" else tyzicha_move_text
    said = words(
        detail["key"],
        n=facts["n"],
        next=move_text(words, online_game(game).parse_action(facts["next"])),
        worlds=facts["worlds"],
    )
    assert hint["reason"].endswith(said), (hint["reason"], said)


def test_a_bura_hint_holds_as_data_all_its_words_say(server: RunningServer) -> None:
    """The hint's words name seats by number ("Player 1"): the browser puts the hint in words itself, with
    the names at the table, from the move, the reason and, for a searched move, the search's figures."""
    _, _, client = bura_table(server, seats=[None, "heuristic"])
    check_searched_hint(searched_hint(client), "bura")
    client.close()


def test_the_host_may_seat_only_a_bura_bot_and_is_told_why_in_the_catalogues_words(server: RunningServer) -> None:
    token, table_id, client = bura_table(server, seats=[None, None])
    seat = f"{server.url}/api/tables/{table_id}/seats/1"
    refused = http_post(seat, json={"bot": "greedy"}, headers=auth(token))  # Biriba's "Easy"
    assert refused.status_code == 400, refused.text
    assert refused.json()["key"] == "unknown-bot"  # web.error.unknown-bot: in the player's language
    assert "unknown bot level 'greedy' for bura (known: random, heuristic, search)" in refused.json()["detail"]
    seated = http_post(seat, json={"bot": "search"}, headers=auth(token))
    assert seated.status_code == 200, seated.text
    assert [info["bot"] for info in seated.json()["table"]["seats"]] == [None, "search"]
    client.close()


def bura_table(server: RunningServer, **body: Any) -> tuple[str, str, Client]:
    token = guest(server.url, "Sasha")
    table = create_table(server.url, token, game="bura", **body)["table"]
    assert table["game"] == "bura" and table["players"] == 2
    client = Client(server.url, table["id"])
    assert client.hello(token)["seat"] == 0
    return token, table["id"], client


def test_a_hand_of_bura_against_a_bot_shows_each_seat_only_its_own(server: RunningServer) -> None:
    token, table_id, player = bura_table(server, seats=[None, "search"])
    watcher = Client(server.url, table_id)
    watcher.hello(None)
    final = play_by_hints(player, lambda m: m["hand_over"])
    result = final["hand_result"]
    assert result is not None and final["results"] == [result] and final["target"] is None
    assert final["totals"] == [10 + result["seat_scores"][0], 10 + result["seat_scores"][1]]
    watcher.until(lambda m: m["type"] == "state" and m["seq"] == final["seq"])

    truth = game_truth(server.store, table_id)
    assert truth[final["seq"]].is_over
    checked = 0
    for message in player.received + watcher.received:
        if message["type"] == "state":
            check_bura_message(message, truth[message["seq"]])
            checked += 1
    assert checked >= 4  # (a hand may end at its first trick, with a bura)
    assert any(m["type"] == "state" and m["seq"] == final["seq"] for m in watcher.received)
    assert all(m["view"]["hand"] == [] for m in watcher.received if m["type"] == "state")

    # the record of the finished hand replays with the engine to the same tokens
    record = http_get(f"{server.url}/api/tables/{table_id}/record", headers=auth(token))
    assert record.status_code == 200, record.text
    replayed = GameRecord.from_json(record.json()).replay()
    assert isinstance(replayed, BuraMatch) and replayed.tokens == final["totals"]
    # the step-by-step replay shows both hands at every step, and the hand's end at the last
    steps = len([event for event in server.store.events(table_id) if event.kind == "action"])
    first = http_get(f"{server.url}/api/tables/{table_id}/replay?hand=0&step=0", headers=auth(token)).json()
    assert first["game"] == "bura" and first["steps"] == steps and first["score"] is None
    assert first["hands_by_seat"] == [card_codes(truth[0].hands[seat]) for seat in (0, 1)]
    assert first["view"]["hand"] == [] and first["totals_before"] == [10, 10]
    last = http_get(f"{server.url}/api/tables/{table_id}/replay?hand=0&step={steps}", headers=auth(token)).json()
    assert last["score"] == result and last["next_action"] is None
    beyond = http_get(f"{server.url}/api/tables/{table_id}/replay?hand=0&step={steps + 1}", headers=auth(token))
    assert beyond.status_code == 400 and f"steps 0 to {steps}" in beyond.json()["detail"]

    # the next hand: a fresh deck, dealt by the other player
    player.send({"type": "next_hand", "seq": final["seq"]})
    dealt = player.until(lambda m: m["type"] == "state" and m["seq"] == final["seq"] + 1)
    assert dealt["hand_number"] == 2 and not dealt["hand_over"]
    assert dealt["view"]["dealer"] == 1 - final["view"]["dealer"]
    assert dealt["view"]["pot"] == (2 if result["winner"] is not None else result["pot"] + 2)
    player.close()
    watcher.close()


def test_two_people_play_a_hand_of_bura(sqlite_server: RunningServer) -> None:
    server = sqlite_server
    _, table_id, first = bura_table(server, seats=[None, None])
    other = guest(server.url, "Dmitri")
    joined = http_post(f"{server.url}/api/tables/{table_id}/join", json={"seat": 1}, headers=auth(other))
    assert joined.status_code == 200, joined.text
    second = Client(server.url, table_id)
    assert second.hello(other)["seat"] == 1
    # the two play in turn, each on their own connection, until the hand is over
    while True:
        state = first.state_where(lambda m: True)
        if state["hand_over"]:
            break
        mover = (first, second)[state["view"]["current"]]
        mine = mover.state_where(lambda m, seq=state["seq"]: m["seq"] >= seq)
        if mine["seq"] != state["seq"] or not mine["my_turn"]:  # the table passed a window for a person
            first.until(lambda m, seq=state["seq"]: m["type"] == "state" and m["seq"] > seq)
            continue
        mover.send({"type": "hint", "language": "en"})
        hint = mover.until(lambda m: m["type"] == "hint")
        mover.send({"type": "action", "seq": hint["seq"], "action": hint["action"]})
        first.until(lambda m, seq=state["seq"]: m["type"] == "state" and m["seq"] > seq)
    truth = game_truth(server.store, table_id)
    last = len(server.store.events(table_id))
    for client in (first, second):
        client.state_where(lambda m, last=last: m["seq"] == last)  # both see the hand's end
        states = [m for m in client.received if m["type"] == "state"]
        assert len(states) >= 2
        for message in states:
            check_bura_message(message, truth[message["seq"]])
    first.close()
    second.close()


def test_a_broken_bura_move_names_its_rule_and_changes_nothing(sqlite_server: RunningServer) -> None:
    _, table_id, client = bura_table(sqlite_server, seats=[None, "heuristic"])
    state = client.state_where(lambda m: m["my_turn"])
    while state["view"]["phase"] not in ("lead", "answer"):  # a claim to let go first (or a last call)
        client.send({"type": "action", "seq": state["seq"], "action": {"seat": 0, "type": "pass"}})
        state = client.until(lambda m, seq=state["seq"]: m["type"] == "state" and m["seq"] > seq and m["my_turn"])
    hand = state["view"]["hand"]
    if state["view"]["phase"] == "lead":  # two cards of different suits are not one lead
        suits = {card[-1]: card for card in hand}
        broken = {"seat": 0, "type": "lead", "cards": list(suits.values())[:2]}
        rule = "bura.lead-one-suit" if len(suits) > 1 else "bura.lead-count"
        if len(suits) == 1:
            broken["cards"] = [*hand, hand[0]]
    else:  # an answer of another number of cards than were led
        count = len(state["view"]["trick"])
        broken = {"seat": 0, "type": "answer", "cards": hand[: 1 if count > 1 else 2]}
        rule = "bura.answer-count"
    before = len(sqlite_server.store.events(table_id))
    client.send({"type": "action", "seq": state["seq"], "action": broken})
    refusal = client.until(lambda m: m["type"] == "error")
    assert refusal["code"] in ("illegal", "malformed"), refusal
    if refusal["code"] == "illegal":
        assert refusal["rule"] == rule and refusal["key"], refusal
    client.send({"type": "action", "seq": state["seq"], "action": {"seat": 0, "type": "meld", "melds": [hand]}})
    malformed = client.until(lambda m: m["type"] == "error" and m is not refusal)
    assert malformed["code"] == "malformed" and "meld" in malformed["message"]
    again = client.state()  # (the view sent again after the refusal of the rules)
    assert again["seq"] == state["seq"] and again["view"] == state["view"]
    assert len(sqlite_server.store.events(table_id)) == before


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"seats": [None, "greedy"]}, "unknown bot level 'greedy' for bura (known: random, heuristic, search)"),
        ({"players": 4, "seats": [None, "heuristic", "heuristic", "heuristic"]}, "bura is played by 2 players"),
        ({"target": 500}, "a match of Bura has no target"),
        ({"options": {"tokens": 1000}}, "at most 100 tokens"),
        ({"options": {"tokens": "ten"}}, "'tokens' is a whole number"),
        ({"options": {"stakes": 3}}, "unknown Bura option(s): stakes"),
        ({"preset": "fancy"}, "unknown Bura preset 'fancy'"),
    ],
)
def test_the_lobby_refuses_a_bura_table_it_cannot_seat(
    sqlite_server: RunningServer, body: dict[str, Any], says: str
) -> None:
    token = guest(sqlite_server.url, "Sasha")
    response = http_post(f"{sqlite_server.url}/api/tables", json={"game": "bura", **body}, headers=auth(token))
    assert response.status_code == 400, response.text
    assert says in response.json()["detail"]
    unknown = http_post(f"{sqlite_server.url}/api/tables", json={"game": "chess"}, headers=auth(token))
    assert unknown.status_code == 400 and "no tables of the game 'chess'" in unknown.json()["detail"]


def test_the_lobby_offers_every_game_and_lists_a_bura_table(sqlite_server: RunningServer) -> None:
    offered = http_get(f"{sqlite_server.url}/api/presets").json()
    bura = next(game for game in offered["games"] if game["name"] == "bura")
    assert bura == {
        "name": "bura",
        "players": [2],
        "default_players": 2,
        "presets": ["standard", "plain"],
        "bots": ["random", "heuristic", "search"],
    }
    assert [game["name"] for game in offered["games"]] == ["biriba", "bura", "tyzicha"]
    token = guest(sqlite_server.url, "Sasha")
    made = create_table(sqlite_server.url, token, game="bura", preset="plain", seat=None, seats=[None, "random"])
    listed = {table["id"]: table for table in http_get(f"{sqlite_server.url}/api/tables").json()["tables"]}
    table = listed[made["table"]["id"]]
    assert table["game"] == "bura" and table["rules"] == {"tokens": 10, "ante": 1, "special_leads": False}
    assert [seat["bot"] for seat in table["seats"]] == [None, "random"]


def test_the_turn_timer_plays_a_bura_turn_for_an_absent_player(tmp_path: Any) -> None:
    with RunningServer(sqlite_settings(tmp_path)) as server:
        _, table_id, client = bura_table(server, seats=[None, "heuristic"], turn_seconds=1)
        mine = client.state_where(lambda m: m["my_turn"])
        assert mine["turn_deadline"] is not None
        played = client.until(lambda m: m["type"] == "state" and m["seq"] > mine["seq"] and m["timed_out"] == 0)
        truth = game_truth(server.store, table_id)
        check_bura_message(played, truth[played["seq"]])
        event = server.store.events(table_id)[mine["seq"]]
        assert event.data["seat"] == 0  # the timer's move is logged as seat 0's, like any action
        client.close()


def test_a_restarted_server_stands_where_the_bura_table_stood(tmp_path: Any) -> None:
    settings = sqlite_settings(tmp_path)
    with RunningServer(settings) as server:
        _, table_id, client = bura_table(server, seats=[None, "heuristic"])
        before = play_by_hints(client, lambda m: (m["seq"] >= 4 and m["my_turn"]) or m["hand_over"])
        client.close()
    with RunningServer(settings) as server:
        token = guest(server.url, "Watcher")
        watcher = Client(server.url, table_id)
        watcher.hello(token)
        after = watcher.state_where(lambda m: True)
        assert after["seq"] == before["seq"]
        assert Counter(after["view"]["won_cards"]) == Counter(before["view"]["won_cards"])
        assert after["view"]["trick"] == before["view"]["trick"] and after["view"]["pot"] == before["view"]["pot"]
        watcher.close()


def test_a_registered_players_history_lists_a_bura_table(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    token = register(url, "sasha").json()["token"]
    table = create_table(url, token, game="bura", seats=[None, "random"])["table"]
    client = Client(url, table["id"])
    client.hello(token)
    final = play_by_hints(client, lambda m: m["hand_over"])
    history = http_get(f"{url}/api/me/history", headers=auth(token)).json()["matches"]
    assert len(history) == 1
    entry = history[0]
    assert entry["table"]["game"] == "bura" and entry["hands"] == 1
    assert entry["totals"] == final["totals"] and entry["sides"] == [[0], [1]]
    assert entry["winner"] is None and entry["won"] is None  # ten tokens each: one hand ends no match
    client.close()
