"""Tyzicha at online tables, over real WebSocket connections: a hand against two bots, and three people
at one table through the forced contract of 100; every message checked against the true hand rebuilt from
the log with the engine alone: each seat sees its own cards, the cards played, the widow and the cards
given only when the rules show them (the forced 100's widow to its declarer alone, each card given face
down to its giver and receiver alone), never another hand."""

from __future__ import annotations

from typing import Any

from biriba.core.cards import card_codes
from biriba.games.tyzicha.game import TyzichaState
from biriba.server.wire import StateMessage, conformance
from tests.server.conftest import Client, RunningServer, auth, create_table, guest, http_get, http_post
from tests.server.test_bura_tables import check_searched_hint, searched_hint
from tests.server.truth import card_strings, game_truth

STATE = conformance(StateMessage)


def visible_cards(state: TyzichaState, seat: int | None) -> set[str]:
    """What the rules let ``seat`` (None: a spectator) see of the hand: its own cards, every card played,
    the widow once shown (the forced 100's to its declarer alone), the cards given face up (face down:
    to giver and receiver)."""
    seen = set(card_codes(state.hands[seat])) if seat is not None else set()
    seen |= {code for trick in state.tricks for code in card_codes(trick.cards)} | set(card_codes(state.trick))
    declarer = state.declarer
    if declarer is not None and (not state.forced or seat == declarer):
        seen |= set(card_codes(state.widow))
    for to, card in state.given:
        if not state.forced or seat in (to, declarer):
            seen |= set(card_codes([card]))
    return seen


def check_tyzicha_message(message: dict[str, Any], state: TyzichaState) -> None:
    STATE.validate_python(message, strict=True)
    seat = message["seat"]
    assert message["game"] == "tyzicha"
    assert message["view"]["hand"] == (card_codes(state.hands[seat]) if seat is not None else [])
    hidden = set(card_strings(message)) - visible_cards(state, seat)
    assert not hidden, f"seat {seat} was sent cards it may not see: {hidden}"


def tyzicha_table(server: RunningServer, **body: Any) -> tuple[str, str, Client]:
    token = guest(server.url, "Olga")
    table = create_table(server.url, token, game="tyzicha", **body)["table"]
    assert table["game"] == "tyzicha" and table["players"] == 3
    client = Client(server.url, table["id"])
    assert client.hello(token)["seat"] == 0
    return token, table["id"], client


def test_a_hand_of_tyzicha_against_two_bots(server: RunningServer) -> None:
    token, table_id, player = tyzicha_table(server, seats=[None, "heuristic", "search"])
    watcher = Client(server.url, table_id)
    watcher.hello(None)
    state = player.state_where(lambda m: True)
    while not state["hand_over"]:
        if state["my_turn"]:
            player.send({"type": "hint", "language": "el"})
            hint = player.until(lambda m: m["type"] in ("hint", "error"))
            assert hint["type"] == "hint", hint
            assert hint["head"]["key"].startswith("tyzicha.hint.") and hint["reason"]
            player.send({"type": "action", "seq": hint["seq"], "action": hint["action"]})
        seen = state["seq"]
        state = player.until(lambda m, seen=seen: (m["type"] == "state" and m["seq"] > seen) or m["type"] == "error")
        assert state["type"] == "state", state
    result = state["hand_result"]
    assert result["how"] in ("made", "broken", "conceded") and state["target"] == 1001
    assert state["totals"] == result["seat_scores"]  # the first hand: the scores are its changes
    watcher.until(lambda m: m["type"] == "state" and m["seq"] == state["seq"])
    truth = game_truth(server.store, table_id)
    for message in player.received + watcher.received:
        if message["type"] == "state":
            check_tyzicha_message(message, truth[message["seq"]])
    record = http_get(f"{server.url}/api/tables/{table_id}/record", headers=auth(token)).json()
    assert record["game"] == "tyzicha" and len(record["hands"]) == 1
    last = http_get(f"{server.url}/api/tables/{table_id}/replay?hand=0&step=0", headers=auth(token)).json()
    assert last["game"] == "tyzicha" and [len(cards) for cards in last["hands_by_seat"]] == [7, 7, 7]
    player.close()
    watcher.close()


def test_a_tyzicha_hint_holds_as_data_all_its_words_say(server: RunningServer) -> None:
    """The hint's words name seats by number ("Player 1"): the browser puts the hint in words itself, with
    the names at the table, from the move, the reason and, for a searched move, the search's figures."""
    _, _, client = tyzicha_table(server, seats=[None, "heuristic", "heuristic"])
    check_searched_hint(searched_hint(client), "tyzicha")
    client.close()


def test_the_forced_hundred_keeps_its_widow_and_gifts_face_down(sqlite_server: RunningServer) -> None:
    """Three people: the first two pass, the third takes the forced 100 and gives two cards face down. The
    third seat's and a spectator's messages never hold the widow or a card they were not given."""
    server = sqlite_server
    _, table_id, first = tyzicha_table(server, seats=[None, None, None])
    clients = {0: first}
    for seat, name in ((1, "Pavel"), (2, "Nina")):
        token = guest(server.url, name)
        joined = http_post(f"{server.url}/api/tables/{table_id}/join", json={"seat": seat}, headers=auth(token))
        assert joined.status_code == 200, joined.text
        clients[seat] = Client(server.url, table_id)
        assert clients[seat].hello(token)["seat"] == seat
    watcher = Client(server.url, table_id)
    watcher.hello(None)

    def act(action: dict[str, Any]) -> dict[str, Any]:
        mover = clients[action["seat"]]
        now = mover.state_where(lambda m: m["my_turn"])
        mover.send({"type": "action", "seq": now["seq"], "action": action})
        return mover.until(lambda m, seq=now["seq"]: m["type"] == "state" and m["seq"] > seq)

    dealer = first.state_where(lambda m: not m["waiting_for_players"])["view"]["dealer"]
    right, left = (dealer + 2) % 3, (dealer + 1) % 3
    act({"seat": right, "type": "pass"})
    act({"seat": dealer, "type": "pass"})
    after = act({"seat": left, "type": "bid", "value": 100})
    assert after["view"]["forced"] and after["view"]["contract"] == 100 and len(after["view"]["widow"]) == 3
    hand = after["view"]["hand"]
    act({"seat": left, "type": "give", "card": hand[0], "to": right})
    act({"seat": left, "type": "give", "card": hand[1], "to": dealer})
    truth = game_truth(server.store, table_id)
    for seat, client in (*clients.items(), (None, watcher)):
        newest = client.state_where(lambda m: m["view"]["phase"] == "declare")
        for message in (m for m in client.received if m["type"] == "state"):
            check_tyzicha_message(message, truth[message["seq"]])
        gifts = [move for move in newest["moves"] if move["type"] == "give"]
        for gift in gifts:  # each card given face down is named to its giver and receiver only
            assert ("card" in gift) == (seat in (left, gift["to"])), (seat, gift)
        assert (newest["view"]["widow"] != []) == (seat == left)
    for client in (*clients.values(), watcher):
        client.close()


def test_the_lobby_offers_tyzicha_and_refuses_what_it_cannot_seat(sqlite_server: RunningServer) -> None:
    offered = http_get(f"{sqlite_server.url}/api/presets").json()
    tyzicha = next(game for game in offered["games"] if game["name"] == "tyzicha")
    assert tyzicha["players"] == [3] and tyzicha["presets"][0] == "standard"
    token = guest(sqlite_server.url, "Olga")
    for body, says in (
        ({"players": 4}, "tyzicha is played by 3 players"),
        ({"seats": [None, "greedy", "heuristic"]}, "unknown bot level 'greedy' for tyzicha"),
        ({"options": {"target": 0}}, "'target' is a whole number from 1 to 100000"),
        ({"options": {"round_to": 7}}, "'round_to' is 1, 5 or 10"),
    ):
        response = http_post(f"{sqlite_server.url}/api/tables", json={"game": "tyzicha", **body}, headers=auth(token))
        assert response.status_code == 400, response.text
        assert says in response.json()["detail"], response.json()
    made = create_table(sqlite_server.url, token, game="tyzicha", preset="russian", target=501)["table"]
    assert made["rules"]["target"] == 501 and made["rules"]["made_when_equal"] is True
    assert [seat["bot"] for seat in made["seats"]] == [None, "heuristic", "heuristic"]
