"""One player, one seat per table, whatever the timing: the database's unique constraint on
``(table, player)`` refuses a second seat, so joins sent at the same moment seat the player once (on
SQLite and PostgreSQL, with real concurrent requests)."""

from __future__ import annotations

import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from tests.server.conftest import WAIT, RunningServer, create_table, guest, sqlite_at_revision, sqlite_settings

TABLES = 8
SEATS = (1, 2, 3)


def test_simultaneous_joins_seat_a_player_once(server: RunningServer) -> None:
    url = server.url
    host = guest(url, "Host")
    tables = [create_table(url, host, seats=[None, None, None, None])["table"]["id"] for _ in range(TABLES)]
    players = [guest(url, f"Twin {n}") for n in range(TABLES)]
    start = threading.Barrier(TABLES * len(SEATS))

    def join(table_id: str, token: str, seat: int) -> int:
        with httpx.Client(timeout=WAIT) as client:
            start.wait(timeout=WAIT)  # every join leaves at once
            answer = client.post(
                f"{url}/api/tables/{table_id}/join", json={"seat": seat}, headers={"Authorization": f"Bearer {token}"}
            )
            return answer.status_code

    with ThreadPoolExecutor(TABLES * len(SEATS)) as pool:
        futures = {
            (table_id, seat): pool.submit(join, table_id, token, seat)
            for table_id, token in zip(tables, players, strict=True)
            for seat in SEATS
        }
        codes = {key: future.result() for key, future in futures.items()}
    for table_id in tables:
        answers = sorted(codes[table_id, seat] for seat in SEATS)
        assert answers == [200, 409, 409], (table_id, answers)
        info = server.store.table(table_id)
        seated = [s.player_id for s in info.seats if s.player_id is not None]
        assert len(seated) == len(set(seated)) == 2  # the host and the twin, once each


def test_the_database_refuses_a_second_seat_to_a_player(server: RunningServer) -> None:
    url = server.url
    host = guest(url, "Host")
    table_id = create_table(url, host, seats=[None, None, None, None])["table"]["id"]
    store = server.store
    player = store.table(table_id).seats[0].player_id
    assert store.claim_seat(table_id, 1, player, "Host") == "has_seat"  # even with no check before it
    assert store.claim_seat(table_id, 0, "nobody", "x") == "taken"
    assert [s.player_id for s in store.table(table_id).seats] == [player, None, None, None]


def test_a_player_who_held_two_seats_keeps_the_first_after_the_upgrade(tmp_path: Path) -> None:
    database = tmp_path / "biriba.sqlite3"
    sqlite_at_revision(database, "0004")  # before the constraint: the race could seat a player twice
    with sqlite3.connect(database) as db:
        db.execute("INSERT INTO players VALUES ('p1', 'Twin', 0)")
        db.execute(
            "INSERT INTO tables (id, created_at, rules, first_dealer, seed, private, invite, over) "
            "VALUES ('t1', 0, '\"standard\"', 0, 7, 0, NULL, 0)"
        )
        db.executemany(
            "INSERT INTO seats VALUES ('t1', ?, ?, ?, ?)",
            [(0, None, "p1", "Twin"), (1, "greedy", None, None), (2, None, "p1", "Twin"), (3, "greedy", None, None)],
        )
    with RunningServer(sqlite_settings(tmp_path)) as server:
        seats = server.store.table("t1").seats
        assert [(s.player_id, s.name) for s in seats] == [("p1", "Twin"), (None, None), (None, None), (None, None)]
        assert seats[2].is_open
