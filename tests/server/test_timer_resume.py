"""Tables go on by themselves: the turn timer plays for a person whose time ran out, and after a restart
(even ``kill -9``) bots on turn and running timers play on without any client connecting. A timer that
must run out is a second, with generous waits for what follows; one that must not is an hour, so that
no slow machine runs it out; nothing asserts how long anything took."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from biriba.core.actions import action_from_json
from biriba.server.store import Store
from tests.server.conftest import WAIT, Client, RunningServer, create_table, guest
from tests.server.test_restart import serve


def test_the_timer_plays_the_rest_of_a_turn_whose_time_ran_out(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    token = guest(url, "Slow")
    table = create_table(url, token, seats=[None, "greedy", "greedy", "greedy"], turn_seconds=1)["table"]
    assert table["turn_seconds"] == 1
    client = Client(url, table["id"])
    client.hello(token)
    mine = client.state_where(lambda m: m["my_turn"])
    assert mine["turn_deadline"] is not None and mine["turn_seconds"] == 1
    # the player does nothing: the server plays the turn for seat 0, to its discard
    after = client.until(lambda m: m["type"] == "state" and m["seq"] > mine["seq"] and not m["my_turn"])
    events = sqlite_server.store.events(table["id"])
    played = [action_from_json(e.data) for e in events[mine["seq"] : after["seq"]]]
    assert played and all(action.seat == 0 for action in played)
    assert type(played[-1]).__name__ == "Discard"
    assert not after["turn_deadline"] or after["view"]["current"] != 0


def test_a_person_who_plays_in_time_is_not_played_for(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    token = guest(url, "Quick")
    table = create_table(url, token, seats=[None, "greedy", "greedy", "greedy"], turn_seconds=3600)["table"]
    client = Client(url, table["id"])
    client.hello(token)
    mine = client.state_where(lambda m: m["my_turn"])
    client.send({"type": "action", "seq": mine["seq"], "action": {"seat": 0, "type": "draw"}})
    drew = client.until(lambda m: m["type"] == "state" and m["seq"] == mine["seq"] + 1)
    assert drew["my_turn"] and drew["turn_deadline"] == mine["turn_deadline"]  # one deadline per turn
    assert len(sqlite_server.store.events(table["id"])) == drew["seq"]


def wait_for(predicate: object, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not predicate():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"the server did not {what}"
        time.sleep(0.2)


def test_after_kill_9_bots_and_the_timer_play_on_with_no_client(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'biriba.sqlite3'}"
    with serve(database, "--bot-delay", "600") as first:  # bots that wait: killed while one is to move
        url = first.url
        token = guest(url, "Gone")
        table = create_table(url, token, seats=[None, "greedy", "greedy", "greedy"], turn_seconds=1)["table"]
        watcher = Client(url, table["id"])
        state = watcher.hello(None) and watcher.state()
        assert state["view"]["current"] != 0 and state["seq"] == 0  # a bot is on turn, thinking
        os.kill(first.process.pid, signal.SIGKILL)
        first.process.wait(timeout=WAIT)
    store = Store(database)
    try:
        assert store.events(table["id"]) == []
        with serve(database) as second:  # nobody connects: the bots play, then the timer plays seat 0
            wait_for(
                lambda: any(e.kind == "action" and e.data["seat"] == 0 for e in store.events(table["id"])),
                "play seat 0's timed-out turn after the bots",
            )
            seats = [e.data["seat"] for e in store.events(table["id"]) if e.kind == "action"]
            assert seats[0] != 0 and 0 in seats
            observer = Client(second.url, table["id"])  # a spectator sees the table where the log is
            seen = observer.hello(None) and observer.state()
            assert seen["seq"] >= len(seats)
    finally:
        store.close()
