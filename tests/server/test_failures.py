"""A table never stops silently: a failure of the database under a table of bots, or under a turn
timer, is logged and the move tried again with a growing pause, until the table goes on; a timer table
whose player has left deals the next hand too. On SQLite with a failure made on purpose, and on
PostgreSQL by killing the server's database connections."""

from __future__ import annotations

import dataclasses
import secrets
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from biriba.server.settings import Settings
from tests.server.conftest import (
    FAST,
    Client,
    RunningServer,
    create_table,
    guest,
    postgres_database,
    sqlite_settings,
)
from tests.server.test_timer_resume import wait_for


def failing(original: Any, failures: int) -> Any:
    """``original``, except that its first ``failures`` calls raise the error a lost database raises."""
    left = [failures]

    def call(*args: Any, **kwargs: Any) -> Any:
        if left[0] > 0:
            left[0] -= 1
            raise OperationalError("INSERT ...", {}, Exception("the database went away"))
        return original(*args, **kwargs)

    return call


def test_a_table_of_bots_goes_on_after_the_database_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    with RunningServer(sqlite_settings(tmp_path)) as server:
        token = guest(server.url, "Host")
        table_id = create_table(server.url, token, players=2, seat=None, seats=["greedy", "greedy"])["table"]["id"]
        store = server.store
        monkeypatch.setattr(store, "append_many", failing(store.append_many, 3))
        watcher = Client(server.url, table_id)  # opens the table: the bots start, and the writes fail
        watcher.hello(None)
        watcher.state_where(lambda m: m["seq"] >= 20)
        assert "failed (3 in a row)" in caplog.text
        assert len(store.events(table_id)) >= 20
        watcher.close()


def test_a_timer_table_whose_player_left_plays_on_and_deals_the_next_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with RunningServer(sqlite_settings(tmp_path)) as server:
        token = guest(server.url, "Gone")
        table_id = create_table(server.url, token, players=2, seats=[None, "greedy"], turn_seconds=1)["table"]["id"]
        store = server.store
        with store.engine.begin() as connection:  # a turn of 20 ms: a hand is played in seconds
            connection.execute(text("UPDATE tables SET turn_seconds = 0.02 WHERE id = :id"), {"id": table_id})
        monkeypatch.setattr(store, "append_many", failing(store.append_many, 2))
        watcher = Client(server.url, table_id)  # the player never comes: the timer plays seat 0
        watcher.hello(None)
        dealt = watcher.state_where(lambda m: m["hand_number"] == 2)
        assert dealt["turn_deadline"] is not None or dealt["view"]["current"] == 1
        kinds = [e.kind for e in store.events(table_id)]
        assert kinds.count("deal") == 1
        watcher.close()


def test_a_table_of_bots_goes_on_after_its_database_connections_are_killed() -> None:
    with postgres_database() as base:
        name = f"biriba-{secrets.token_hex(4)}"  # this server's connections, and no other test's
        url = f"{base}&application_name={name}"
        settings = dataclasses.replace(Settings(database_url=url), **FAST)
        with RunningServer(settings) as server:
            token = guest(server.url, "Host")
            table = create_table(server.url, token, players=2, seat=None, seats=["greedy", "greedy"])["table"]
            watcher = Client(server.url, table["id"])
            watcher.hello(None)
            before = watcher.state_where(lambda m: m["seq"] >= 5)["seq"]
            admin = create_engine(base.split("?")[0].replace("postgresql://", "postgresql+psycopg://"))
            with admin.begin() as connection:
                killed = connection.execute(
                    text(
                        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = :name"
                    ),
                    {"name": name},
                ).scalar()
            admin.dispose()
            assert killed
            watcher.state_where(lambda m: m["seq"] >= before + 40)
            wait_for(lambda: len(server.store.events(table["id"])) >= before + 40, "keep playing")
            watcher.close()
