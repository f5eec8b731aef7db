"""Floods: a connection that never says hello is closed, one address opens only so many connections,
a table takes only so many spectators, a request body over the limit is refused before it is read
whole, and one player keeps only so many tables going."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import WAIT, Client, RunningServer, create_table, guest, http_post, sqlite_settings


def test_a_connection_that_never_says_hello_is_closed(tmp_path: Path) -> None:
    with RunningServer(sqlite_settings(tmp_path, hello_seconds=0.5)) as server:
        token = guest(server.url, "Host")
        table_id = create_table(server.url, token)["table"]["id"]
        silent = Client(server.url, table_id)
        error = silent.until(lambda m: m["type"] == "error")
        assert error["code"] == "hello_timeout"
        with pytest.raises(ConnectionClosed):
            silent.receive()
        assert silent.ws.close_code == 1008


def test_connections_per_address_and_spectators_per_table_are_capped(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path, connections_per_address=3, spectators_per_table=2)
    with RunningServer(settings) as server:
        token = guest(server.url, "Host")
        table_id = create_table(server.url, token)["table"]["id"]
        watchers = [Client(server.url, table_id) for _ in range(2)]
        for watcher in watchers:
            assert watcher.hello(None)["seat"] is None
        third = Client(server.url, table_id)
        assert third.hello(None)["code"] == "too_many_spectators"
        with pytest.raises(ConnectionClosed):
            third.receive()
        player = Client(server.url, table_id)  # a seated player is no spectator: let in
        assert player.hello(token)["seat"] == 0
        fourth = Client(server.url, table_id)  # the third connection is closed; this is the fourth open
        extra = Client(server.url, table_id)
        with pytest.raises(ConnectionClosed):
            extra.hello(None)
        assert extra.ws.close_code == 1008 and "connections from your address" in extra.ws.close_reason
        fourth.close()


def test_a_request_body_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    with RunningServer(sqlite_settings(tmp_path, max_body_bytes=1000)) as server:
        big = http_post(
            f"{server.url}/api/guests", content=b"{" + b" " * 5000 + b"}", headers={"Content-Type": "application/json"}
        )
        assert big.status_code == 413 and "at most 1000 bytes" in big.json()["detail"]
        # a declared length of 200 MB is answered at once, with nothing sent after the headers
        with socket.create_connection(("127.0.0.1", server.port), timeout=WAIT) as raw:
            raw.sendall(
                b"POST /api/guests HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 200000000\r\n\r\n"
            )
            assert raw.recv(4096).startswith(b"HTTP/1.1 413")
        chunked = http_post(
            f"{server.url}/api/guests",
            content=iter([b'{"name": "', b"x" * 2000, b'"}']),
            headers={"Content-Type": "application/json"},
        )
        assert chunked.status_code == 413
        assert http_post(f"{server.url}/api/guests", json={"name": "Small"}).status_code == 200


def test_one_player_keeps_only_so_many_tables_going(tmp_path: Path) -> None:
    with RunningServer(sqlite_settings(tmp_path, tables_per_player=2)) as server:
        token = guest(server.url, "Busy")
        for _ in range(2):
            create_table(server.url, token, seat=None, seats=["greedy"] * 4)
        third = http_post(f"{server.url}/api/tables", json={}, headers={"Authorization": f"Bearer {token}"})
        assert third.status_code == 429 and "2 tables still being played" in third.json()["detail"]
        other = guest(server.url, "Other")
        assert create_table(server.url, other)["table"]["id"]
