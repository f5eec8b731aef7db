"""Playing over the WebSocket: whole hands against the server's bots, on SQLite and PostgreSQL; the
sequence numbers; illegal moves; no seat ever sees another seat's cards; reconnection."""

from __future__ import annotations

from typing import Any

from typer.testing import CliRunner

from biriba.bots import make_bot
from biriba.bots.hints import suggest
from biriba.cli import EXIT_USAGE
from biriba.cli import app as cli_app
from biriba.core.actions import action_to_json
from biriba.core.views import observe
from tests.server.conftest import Client, RunningServer, create_table, guest, http_post, sqlite_settings
from tests.server.truth import check_no_hidden_cards, true_states


def play_by_hints(client: Client, until: Any) -> None:
    """Play the seat by asking for a hint on each turn and playing it, until ``until(state)``. Starts
    from the newest state the client has (the bots may have played before ``hello``: see
    :meth:`Client.state_where`), then waits for each change."""
    state = client.state_where(lambda m: True)
    while not until(state):
        if state["my_turn"]:
            client.send({"type": "hint", "language": "en"})
            hint = client.until(lambda m: m["type"] in ("hint", "error"))
            assert hint["type"] == "hint", hint
            assert hint["reason"] and hint["head"]["key"].startswith("hint.")  # words, and the data behind them
            client.send({"type": "action", "seq": hint["seq"], "action": hint["action"]})
        seen = state["seq"]
        state = client.until(lambda m, seen=seen: (m["type"] == "state" and m["seq"] > seen) or m["type"] == "error")
        assert state["type"] == "state", state


def test_a_whole_hand_against_bots_shows_no_hidden_card(server: RunningServer) -> None:
    token = guest(server.url, "Eleni")
    table = create_table(server.url, token, seats=[None, "greedy", "random", "greedy"])["table"]
    player = Client(server.url, table["id"])
    assert player.hello(token)["seat"] == 0
    watcher = Client(server.url, table["id"])
    assert watcher.hello(None)["seat"] is None
    play_by_hints(player, lambda m: m["hand_over"])
    final = player.state()
    assert final["hand_result"] is not None and len(final["results"]) == 1
    assert final["totals"] == final["results"][0]["seat_scores"]
    watcher.until(lambda m: m["type"] == "state" and m["seq"] == final["seq"])

    states = true_states(server.store, table["id"])
    assert len(states) == final["seq"] + 1
    assert states[final["seq"]].is_over
    checked = 0
    for message in player.received + watcher.received:
        if message["type"] == "state":
            check_no_hidden_cards(message, states[message["seq"]])
            checked += 1
    assert checked > 50
    assert all(m["view"]["hand"] == [] for m in watcher.received if m["type"] == "state")
    # the next hand is dealt by a player, once
    player.send({"type": "next_hand", "seq": final["seq"]})
    dealt = player.until(lambda m: m["type"] == "state" and m["seq"] == final["seq"] + 1)
    assert dealt["hand_number"] == 2 and not dealt["hand_over"]
    player.close()
    watcher.close()


def seat_zero_table(server: RunningServer, seats: list[str | None] | None = None) -> tuple[str, str, Client]:
    """A table with a person in seat 0 (bots elsewhere by default), and that person's connection."""
    token = guest(server.url, "Nikos")
    table = create_table(server.url, token, seats=seats or [None, "greedy", "greedy", "greedy"])["table"]
    client = Client(server.url, table["id"])
    client.hello(token)
    return token, table["id"], client


def wait_my_turn(client: Client) -> dict[str, Any]:
    return client.state_where(lambda m: m["my_turn"])


def test_a_stale_or_repeated_action_is_refused_and_applied_once(sqlite_server: RunningServer) -> None:
    _, table_id, client = seat_zero_table(sqlite_server)
    state = wait_my_turn(client)
    seq = state["seq"]
    draw = {"seat": 0, "type": "draw"}
    client.send({"type": "action", "seq": seq, "action": draw})
    client.send({"type": "action", "seq": seq, "action": draw})
    after = client.until(lambda m: m["type"] == "state" and m["seq"] == seq + 1)
    assert len(after["view"]["hand"]) == len(state["view"]["hand"]) + 1
    refusal = client.until(lambda m: m["type"] == "error")
    assert refusal["code"] == "stale"
    events = sqlite_server.store.events(table_id)
    assert [e.data for e in events[seq:]] == [draw]


def test_an_illegal_move_gets_the_rule_and_changes_nothing(sqlite_server: RunningServer) -> None:
    _, table_id, client = seat_zero_table(sqlite_server)
    state = wait_my_turn(client)
    card = state["view"]["hand"][0]
    client.send({"type": "action", "seq": state["seq"], "action": {"seat": 0, "type": "discard", "card": card}})
    refusal = client.until(lambda m: m["type"] == "error")
    assert refusal["code"] == "illegal" and refusal["rule"] == "draw-first", refusal
    assert "draw" in refusal["message"].lower()  # English for logs and simple clients
    assert (refusal["key"], refusal["facts"]) == ("draw-first", {})  # the data the browser puts in words
    again = client.until(lambda m: m["type"] == "state")
    assert again["seq"] == state["seq"] and again["view"] == state["view"]
    assert len(sqlite_server.store.events(table_id)) == state["seq"]


def test_a_refusal_carries_its_facts_with_card_codes(sqlite_server: RunningServer) -> None:
    _, _, client = seat_zero_table(sqlite_server)
    state = wait_my_turn(client)
    client.send({"type": "action", "seq": state["seq"], "action": {"seat": 0, "type": "draw"}})
    state = client.until(lambda m: m["type"] == "state" and m["seq"] > state["seq"])
    absent = next(code for code in ("JK", "AS", "2H", "KC") if code not in state["view"]["hand"])
    client.send({"type": "action", "seq": state["seq"], "action": {"seat": 0, "type": "discard", "card": absent}})
    refusal = client.until(lambda m: m["type"] == "error")
    assert refusal["rule"] == "card-not-in-hand"
    assert (refusal["key"], refusal["facts"]) == ("card-not-in-hand", {"cards": [absent]})


def test_a_connection_never_acts_for_another_seat(sqlite_server: RunningServer) -> None:
    _, table_id, client = seat_zero_table(sqlite_server, [None, None, "greedy", "greedy"])
    other_token = guest(sqlite_server.url, "Maria")
    joined = http_post(
        f"{sqlite_server.url}/api/tables/{table_id}/join",
        json={"seat": 1},
        headers={"Authorization": f"Bearer {other_token}"},
    )
    assert joined.status_code == 200, joined.text
    state = client.until(lambda m: m["type"] == "state" and m["seats"][1]["name"] == "Maria")
    assert state["view"]["current"] == 1  # Maria, a person, is on turn: seat 0 may not play for her
    for seat in (1, 2, 3, -1, 7):
        client.send({"type": "action", "seq": state["seq"], "action": {"seat": seat, "type": "draw"}})
        refusal = client.until(lambda m: m["type"] == "error")
        assert refusal["code"] == "not_your_seat"
    # a spectator acts for nobody, not even the seat on turn
    spectator = Client(sqlite_server.url, table_id)
    spectator.hello(None)
    spectator.send({"type": "action", "seq": state["seq"], "action": {"seat": 0, "type": "draw"}})
    assert spectator.until(lambda m: m["type"] == "error")["code"] == "spectator"
    # a token does not move a connection to another seat once it has said hello
    client.send({"type": "hello", "token": other_token})
    assert client.until(lambda m: m["type"] == "error")["code"] == "already_greeted"
    client.send({"type": "action", "seq": state["seq"], "action": {"seat": 1, "type": "draw"}})
    assert client.until(lambda m: m["type"] == "error")["code"] == "not_your_seat"
    assert len(sqlite_server.store.events(table_id)) == state["seq"] == 0
    # Maria herself may
    maria = Client(sqlite_server.url, table_id)
    assert maria.hello(other_token)["seat"] == 1
    maria.send({"type": "action", "seq": 0, "action": {"seat": 1, "type": "draw"}})
    assert maria.until(lambda m: m["type"] == "state" and m["seq"] == 1)["view"]["current"] == 1


def test_reconnecting_with_the_token_gets_the_same_seat_and_the_full_view(sqlite_server: RunningServer) -> None:
    token, table_id, client = seat_zero_table(sqlite_server)
    state = wait_my_turn(client)
    client.send({"type": "action", "seq": state["seq"], "action": {"seat": 0, "type": "draw"}})
    drawn = client.until(lambda m: m["type"] == "state" and m["seq"] == state["seq"] + 1)
    client.close()
    again = Client(sqlite_server.url, table_id)
    welcome = again.hello(token)
    assert welcome["seat"] == 0
    view = again.state()
    assert view["seq"] == drawn["seq"] and view["view"] == drawn["view"]
    assert len(view["view"]["hand"]) == 12 and view["my_turn"]
    again.close()


def test_hints_come_from_the_bot_the_settings_name(tmp_path: Any) -> None:
    """A server started with ``hint_bot`` answers with that bot's choice, seen from the seat's view (the
    random player: were the setting ignored, the search player would have to pick as it did four times)."""
    with RunningServer(sqlite_settings(tmp_path, hint_bot="random")) as server:
        token = guest(server.url, "Nikos")
        table = create_table(server.url, token, seats=[None, "greedy", "greedy", "greedy"])["table"]
        player = Client(server.url, table["id"])
        player.hello(token)
        for _ in range(4):
            state = player.state_where(lambda m: m["my_turn"])
            player.send({"type": "hint", "language": "en"})
            hint = player.until(lambda m: m["type"] == "hint")
            truth = true_states(server.store, table["id"])[state["seq"]]
            # the random player's choice, as a hint gives it (a discard that ends the turn while a play
            # brings a meld toward a biriba gives way to that play: deals are random, so it may happen)
            expected = suggest(observe(truth, 0), truth.legal_actions(), make_bot("random")).action
            assert hint["action"] == action_to_json(expected)
            player.send({"type": "action", "seq": hint["seq"], "action": hint["action"]})
            seen = state["seq"]
            player.until(lambda m, seen=seen: m["type"] == "state" and m["seq"] > seen)
        player.close()
    result = CliRunner().invoke(cli_app, ["serve", "--hint-bot", "nosuch"])
    assert result.exit_code == EXIT_USAGE
    assert "--hint-bot: unknown bot 'nosuch'" in result.stderr
