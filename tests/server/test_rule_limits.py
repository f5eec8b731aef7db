"""Rules and thinking within bounds: every rule option out of its bounds is refused by name and no table
is made; a table that cannot be loaded is set aside with the reason instead of being tried at every
start; bots and hints think in worker processes, and a decision that takes longer than the limit is
stopped (a bot's turn is then played by the turn timer's bot, a hint is not given)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from biriba.core.rules import OPTION_BOUNDS
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
from tests.server.test_timer_resume import wait_for

BY_FORMAT = {("decks", 0), ("jokers", -1)}
"""Values below the bounds that mean "as the format has it" (the engine's markers), not out of bounds."""


def out_of_bounds() -> list[tuple[dict[str, Any], str]]:
    """Table bodies with one option out of its bounds, and the name the refusal must give."""
    bodies: list[tuple[dict[str, Any], str]] = []
    for name, (low, high) in OPTION_BOUNDS.items():
        if name == "players":
            continue  # the body's own field (below)
        bodies.append(({"options": {name: high + 1}}, name))
        if (name, low - 1) not in BY_FORMAT:
            bodies.append(({"options": {name: low - 1}}, name))
    bodies += [
        ({"options": {"decks": 100_000}}, "decks"),
        ({"options": {"target": 10**30}}, "target"),
        ({"options": {"packet_sizes": [100_000, 11]}}, "packet_sizes"),
        ({"options": {"bonuses": {"run_clean": 10**30}}}, "run_clean"),
        ({"options": {"initial_meld": [[0, 10**30]]}}, "initial_meld"),
    ]
    return bodies


def test_every_option_out_of_bounds_is_refused_by_name_and_makes_no_table(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    token = guest(url, "Host")
    for body, name in out_of_bounds():
        answer = http_post(f"{url}/api/tables", json=body, headers=auth(token))
        assert answer.status_code == 400, (body, answer.text)
        assert name in answer.json()["detail"], (body, answer.text)
    for body in ({"target": 10**30}, {"players": 9}, {"players": 7}, {"seat": 8}):
        assert http_post(f"{url}/api/tables", json=body, headers=auth(token)).status_code in (400, 422), body
    with sqlite_server.store.engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT count(*) FROM tables").scalar() == 0
    # the largest format the engine knows is a table too: 8 players in four partnerships, seat 7 a person
    eight = create_table(url, token, players=8, seats=["greedy"] * 7 + [None], seat=7)["table"]
    assert eight["players"] == 8 and eight["seats"][7]["name"] == "Host"


def test_a_table_that_cannot_be_loaded_is_set_aside_with_the_reason(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path)
    with RunningServer(settings) as server:
        token = guest(server.url, "Host")
        table_id = create_table(server.url, token, seats=[None, "greedy", "greedy", "greedy"])["table"]["id"]
    with sqlite3.connect(tmp_path / "biriba.sqlite3") as db:  # as a table made before the bounds
        db.execute(
            "UPDATE tables SET rules = ? WHERE id = ?", (json.dumps({"preset": "standard", "decks": 100_000}), table_id)
        )
    with RunningServer(settings) as server:  # resumed at start-up: it fails, and is set aside
        store = server.store
        wait_for(lambda: store.table(table_id).error is not None, "set the table aside")  # (resumed in the background)
        assert "decks=100000" in store.table(table_id).error
        assert table_id not in store.table_ids()  # not tried again at the next start
        assert table_id not in [t["id"] for t in http_get(f"{server.url}/api/tables").json()["tables"]]
        assert "decks=100000" in http_get(f"{server.url}/api/tables/{table_id}").json()["table"]["error"]
        with pytest.raises(ConnectionClosed) as closed:
            Client(server.url, table_id).hello(token)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1011
        assert "set aside" in closed.value.rcvd.reason


SLOW_SEARCH = "search:worlds=1000000,seconds=100000"
"""A bot that would think for hours: only the time limit ends its decisions."""


def test_a_bot_that_thinks_too_long_is_stopped_and_its_turn_is_played(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path, think_seconds=1.0)
    with RunningServer(settings) as server:
        token = guest(server.url, "Nikos")
        table_id = create_table(server.url, token, players=2, seats=[None, "search"])["table"]["id"]
        with server.store.engine.begin() as connection:  # a bot spec no client can ask for
            connection.exec_driver_sql(
                "UPDATE seats SET bot = ? WHERE table_id = ? AND seat = 1", (SLOW_SEARCH, table_id)
            )
        client = Client(server.url, table_id)
        client.hello(token)
        mine = client.state_where(lambda m: m["my_turn"])  # the bot (seat 1, after the dealer) played its turn
        thinkers = server.app.state.server.tables.thinkers
        assert thinkers.failures >= 1
        seats = [e.data["seat"] for e in server.store.events(table_id)]
        assert seats and set(seats) == {1} and mine["last_action"]["type"] == "discard"
        client.close()


def test_a_hint_is_thought_out_once_per_position_and_never_past_the_limit(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path, think_seconds=1.0, hint_bot=SLOW_SEARCH)
    with RunningServer(settings) as server:
        token = guest(server.url, "Maria")
        table_id = create_table(server.url, token, players=2, seats=[None, "greedy"])["table"]["id"]
        client = Client(server.url, table_id)
        client.hello(token)
        mine = client.state_where(lambda m: m["my_turn"])
        client.send({"type": "action", "seq": mine["seq"], "action": {"seat": 0, "type": "draw"}})
        client.until(lambda m: m["type"] == "state" and m["seq"] == mine["seq"] + 1)
        thinkers = server.app.state.server.tables.thinkers
        asked = thinkers.asked
        answers = []
        for _ in range(3):
            client.send({"type": "hint"})
            answers.append(client.until(lambda m: m["type"] in ("hint", "error")))
        assert [a.get("code") for a in answers] == ["hint_unavailable"] * 3
        assert "longer than 1 seconds" in answers[0]["message"]
        assert thinkers.asked == asked + 1  # asked three times, thought out once
        client.send({"type": "ping"})  # the connection and the table go on
        assert client.until(lambda m: m["type"] == "pong")
        client.close()
