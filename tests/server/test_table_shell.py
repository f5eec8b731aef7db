"""What the table tells everyone besides the cards: the hand's move log, the card the player just drew,
whom the turn timer played for, who is watching, and the rule sheet in the reader's language."""

from __future__ import annotations

from biriba.core.actions import action_from_json
from tests.server.conftest import Client, RunningServer, auth, create_table, guest, http_get, http_post
from tests.server.test_play import play_by_hints


def test_the_move_log_holds_the_hands_actions_and_starts_again_with_the_next_hand(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    token = guest(url, "Eleni")
    table_id = create_table(url, token, players=2, seats=[None, "greedy"], target=50_000)["table"]["id"]
    client = Client(url, table_id)
    client.hello(token)
    play_by_hints(client, lambda state: state["hand_over"])
    over = client.state()
    record = http_get(f"{url}/api/tables/{table_id}/record", headers={"Authorization": f"Bearer {token}"}).json()
    logged = record["hands"][0]["actions"]
    actions = [{key: value for key, value in move.items() if key != "news"} for move in over["moves"]]
    assert actions == logged  # every action, in order, as the record has it
    assert all(action_from_json(move) for move in actions)
    # Who took a biribaki, and who went out, ride with the move that did it: no action says it.
    said = [(move["seat"], news) for move in over["moves"] for news in move.get("news", [])]
    taken = [(seat, news) for seat, news in said if news["key"].startswith("news.biribaki-taken")]
    takers = [team for team in over["hand_result"]["teams"] if team["biribaki_status"] != "not_taken"]
    assert len(taken) == len(takers), taken  # as many as took one: in a 2-player hand, almost always some
    assert all(news["facts"] == {"seat": seat} for seat, news in said), said
    went_out = over["hand_result"]["went_out"]
    assert [seat for seat, news in said if news["key"] == "news.went-out"] == ([] if went_out < 0 else [went_out])
    client.send({"type": "next_hand", "seq": over["seq"]})
    fresh = client.state_where(lambda state: state["hand_number"] == 2)
    assert len(fresh["moves"]) < len(logged)  # the new hand's own moves only
    client.close()


def test_the_player_sees_the_card_just_drawn_and_nobody_else_does(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    token = guest(url, "Eleni")
    table_id = create_table(url, token, players=2, seats=[None, "greedy"])["table"]["id"]
    player, watcher = Client(url, table_id), Client(url, table_id)
    player.hello(token)
    watcher.hello(None)
    mine = player.state_where(lambda state: state["my_turn"] and state["view"]["phase"] == "draw")
    assert mine["drawn"] is None
    player.send({"type": "action", "seq": mine["seq"], "action": {"type": "draw", "seat": 0}})
    drawn = player.state_where(lambda state: state["seq"] > mine["seq"])
    assert drawn["drawn"] in drawn["view"]["hand"]
    seen = watcher.state_where(lambda state: state["seq"] == drawn["seq"])
    assert seen["drawn"] is None and seen["watchers"] == 1 and seen["watcher_names"] == []
    # A signed-in spectator is named to everyone at the table; the anonymous one is only counted.
    friend = Client(url, table_id)
    friend.hello(guest(url, "Nikos"))
    named = player.state_where(lambda state: state["watchers"] == 2)
    assert named["watcher_names"] == ["Nikos"]
    friend.close()
    assert player.state_where(lambda state: state["watchers"] == 1)["watcher_names"] == []
    player.close()
    watcher.close()


def test_the_timer_says_whom_it_played_for(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    token = guest(url, "Eleni")
    table_id = create_table(url, token, players=2, seats=[None, "greedy"], turn_seconds=1)["table"]["id"]
    client = Client(url, table_id)
    client.hello(token)
    assert client.state()["timed_out"] is None
    played = client.state_where(lambda state: state["timed_out"] == 0)
    assert played["moves"][-1]["seat"] == 0  # the timer's move is in the log like any other
    client.close()


def test_the_rule_sheet_in_the_readers_language(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    english = http_get(f"{url}/api/rules/standard?players=6").json()
    assert english["players"] == 6 and "6 players" in english["sheet"]
    greek = http_get(f"{url}/api/rules/kouridakis?language=el").json()["sheet"]
    assert "παίκτες" in greek
    missing = http_get(f"{url}/api/rules/nonsense")
    assert missing.status_code == 404 and missing.json()["key"] == "no-preset"
    assert http_get(f"{url}/api/rules/standard?players=7").status_code == 400


def test_the_players_chat_and_the_limits_hold(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    anna, kostas = guest(url, "Anna"), guest(url, "Kostas")
    table_id = create_table(url, anna, players=2, seats=[None, None])["table"]["id"]
    assert http_post(f"{url}/api/tables/{table_id}/join", json={"seat": 1}, headers=auth(kostas)).status_code == 200
    first, second, watcher = Client(url, table_id), Client(url, table_id), Client(url, table_id)
    first.hello(anna)
    second.hello(kostas)
    watcher.hello(None)
    first.send({"type": "chat", "text": "  good\x07 luck,\n   everyone  "})
    heard = second.state_where(lambda state: bool(state["chat"]))
    assert heard["chat"][-1]["seat"] == 0 and heard["chat"][-1]["text"] == "good luck, everyone"
    assert watcher.state_where(lambda state: bool(state["chat"]))["chat"] == heard["chat"]
    # A spectator only reads; a line too long, or empty, is refused and nothing is said.
    watcher.send({"type": "chat", "text": "hi"})
    assert watcher.until(lambda m: m["type"] == "error")["code"] == "spectator"
    second.send({"type": "chat", "text": "x" * 301})
    assert second.until(lambda m: m["type"] == "error")["code"] == "malformed"
    second.send({"type": "chat", "text": " \t "})
    assert second.until(lambda m: m["type"] == "error")["code"] == "malformed"
    assert first.state_where(lambda state: bool(state["chat"]))["chat"] == heard["chat"]
    for client in (first, second, watcher):
        client.close()
