"""Fixtures of the server tests: a real server on a loopback port, and WebSocket clients.

The server runs with uvicorn in a thread of the test process (or as a ``biriba serve`` subprocess in
the restart tests); clients talk to it over real sockets. PostgreSQL and Redis tests take their URLs
from ``BIRIBA_TEST_POSTGRES_URL`` and ``BIRIBA_TEST_REDIS_URL``: without them they skip, except in CI
(``CI=true``), where a missing service is a failure.
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text
from websockets.sync.client import ClientConnection, connect

from biriba.server.app import create_app
from biriba.server.settings import Settings, normalise_database_url
from biriba.server.store import MIGRATIONS
from biriba.server.wire import MESSAGE_TYPES, conformance

WAIT = 120.0
"""Seconds any wait of a test (a message, a connection, an HTTP answer, a server's start) may last
before the test fails. It only bounds a hang: CI runs the whole suite on 2 busy cores, where a
step that takes milliseconds alone can take many seconds. Nothing waits for a fixed time."""


def http_get(url: str, **kwargs: Any) -> httpx.Response:
    """``httpx.get`` with the tests' generous timeout (httpx's own default is 5 s)."""
    return httpx.get(url, timeout=WAIT, **kwargs)


def http_post(url: str, **kwargs: Any) -> httpx.Response:
    """``httpx.post`` with the tests' generous timeout (httpx's own default is 5 s)."""
    return httpx.post(url, timeout=WAIT, **kwargs)


def service_url(variable: str) -> str:
    """The URL of a real service for a test, from the environment."""
    url = os.environ.get(variable)
    if url:
        return url
    if os.environ.get("CI") == "true":
        pytest.fail(f"{variable} is not set: CI runs these tests against the real service")
    pytest.skip(f"{variable} is not set (e.g. postgresql://postgres@127.0.0.1:5432/test)")


@contextmanager
def postgres_database() -> Iterator[str]:
    """A URL of the test PostgreSQL with a schema of its own, dropped afterwards. Each test sees only
    its own tables: a server resumes every table of its database at start-up, and must not play the
    tables of tests running beside it (or left by earlier runs)."""
    base = service_url("BIRIBA_TEST_POSTGRES_URL")
    schema = f"t_{secrets.token_hex(6)}"
    engine = create_engine(normalise_database_url(base))
    with engine.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield f"{base}{'&' if '?' in base else '?'}options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


class RunningServer:
    """A server in a thread of the test process, on a free loopback port."""

    def __init__(self, settings: Settings, send_buffer: int | None = None) -> None:
        """``send_buffer``: the kernel's send buffer (bytes) of every accepted connection, for tests of a
        client that stops reading (the default buffer grows to megabytes on loopback)."""
        self.settings = settings
        self.app = create_app(settings)
        config = uvicorn.Config(
            self.app, log_level="warning", ws="websockets-sansio", ws_max_size=settings.max_message_bytes * 4
        )
        self._server = uvicorn.Server(config)
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if send_buffer is not None:  # accepted sockets inherit it from the listening one
            self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
        self._socket.bind(("127.0.0.1", 0))
        self.port = self._socket.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [self._socket]}, daemon=True)

    def __enter__(self) -> RunningServer:
        self._thread.start()
        deadline = time.monotonic() + WAIT
        while not self._server.started:
            assert time.monotonic() < deadline, "the server did not start"
            assert self._thread.is_alive(), "the server stopped at start-up"
            time.sleep(0.02)
        return self

    def __exit__(self, *_: object) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=WAIT)
        self._socket.close()

    @property
    def store(self) -> Any:
        return self.app.state.server.store


MESSAGES = {kind: conformance(message) for kind, message in MESSAGE_TYPES.items()}


class Client:
    """A WebSocket client at a table that keeps every message it received.

    Its reader thread takes every message off the socket at once (``max_queue=None``): a test may
    read a connection's messages only at its end (a spectator of a whole hand gets some 250 kB),
    and a client that stopped reading would hold up the server's sends to the whole table. It sends
    no keepalive pings of its own (it answers the server's), so no timing of its own can close it.
    """

    def __init__(self, base_url: str, table_id: str, origin: str | None = None) -> None:
        headers = {"Origin": origin} if origin else None
        ws_url = base_url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
        self._connection = connect(
            ws_url, additional_headers=headers, open_timeout=WAIT, max_size=2**22, max_queue=None, ping_interval=None
        )
        self.ws: ClientConnection = self._connection.__enter__()
        self.received: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def receive(self) -> dict[str, Any]:
        """The next message, checked to be exactly of its wire type (:mod:`biriba.server.wire`)."""
        text = self.ws.recv(timeout=WAIT)
        message = json.loads(text)
        MESSAGES[message["type"]].validate_json(text, strict=True)
        self.received.append(message)
        return message

    def until(self, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read messages until one satisfies ``predicate``; return it."""
        while True:
            message = self.receive()
            if predicate(message):
                return message

    def state_where(self, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The newest state received so far if it satisfies ``predicate``, else the next one that does.

        Use this, not :meth:`until`, for a condition that may already hold. The server sends the
        whole state at ``hello`` and after each change, and nothing more: bots play as soon as the
        connection opens the table, so by the time the server reads ``hello`` they may have finished
        their turns, and the state that ``hello`` received is the last one until this seat moves."""
        newest = next((m for m in reversed(self.received) if m["type"] == "state"), None)
        if newest is not None and predicate(newest):
            return newest
        return self.until(lambda m: m["type"] == "state" and predicate(m))

    def hello(self, token: str | None, invite: str | None = None) -> dict[str, Any]:
        self.send({"type": "hello", "token": token, "invite": invite})
        welcome = self.until(lambda m: m["type"] in ("welcome", "error"))
        if welcome["type"] == "welcome":
            self.until(lambda m: m["type"] == "state")
        return welcome

    def state(self) -> dict[str, Any]:
        """The newest state message received so far."""
        return next(m for m in reversed(self.received) if m["type"] == "state")

    def close(self) -> None:
        self.ws.close()


def guest(base_url: str, name: str) -> str:
    """A new guest's token."""
    response = http_post(f"{base_url}/api/guests", json={"name": name})
    response.raise_for_status()
    return str(response.json()["token"])


def create_table(base_url: str, token: str, **body: Any) -> dict[str, Any]:
    response = http_post(f"{base_url}/api/tables", json=body, headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 201, response.text
    return dict(response.json())


FAST = {"bot_delay": 0.0, "messages_per_second": 1000.0, "message_burst": 1000}
"""Tests play as fast as the machine goes: no bot pauses, and a rate limit no scripted player reaches."""


def sqlite_at_revision(path: Path, revision: str) -> None:
    """An SQLite database at ``path`` with the schema of migration ``revision``: a user's database
    written by an earlier version of the server."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    finally:
        engine.dispose()


def sqlite_settings(folder: Path, **overrides: Any) -> Settings:
    settings = Settings(database_url=f"sqlite:///{folder / 'biriba.sqlite3'}")
    return dataclasses.replace(settings, **{**FAST, **overrides})


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[RunningServer]:
    """A server on SQLite, and the same on PostgreSQL."""
    if request.param == "postgresql":
        with (
            postgres_database() as url,
            RunningServer(dataclasses.replace(Settings(database_url=url), **FAST)) as running,
        ):
            yield running
    else:
        with RunningServer(sqlite_settings(tmp_path)) as running:
            yield running


@pytest.fixture
def sqlite_server(tmp_path: Path) -> Iterator[RunningServer]:
    with RunningServer(sqlite_settings(tmp_path)) as running:
        yield running


def auth(token: str) -> dict[str, str]:
    """The header that names a player by token."""
    return {"Authorization": f"Bearer {token}"}
