"""The event log's group commit (Store.append_many) on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from biriba.server.store import Event, Store
from tests.server.conftest import postgres_database


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        store = Store(f"sqlite:///{tmp_path / 'store.sqlite3'}")
        store.migrate()
        yield store
        store.engine.dispose()
        return
    with postgres_database() as url:
        store = Store(url)
        store.migrate()
        yield store
        store.engine.dispose()


def test_a_batch_writes_every_new_event_and_skips_only_the_sequence_numbers_already_taken(store: Store) -> None:
    first = store.create_table("standard", 0, None, False, [None, "greedy", "greedy", "greedy"]).id
    second = store.create_table("standard", 0, None, False, [None, "greedy", "greedy", "greedy"]).id
    assert store.append_many([(first, Event(0, "action", {"n": "a"}, 1.0))]) == [True]
    batch = [
        (second, Event(0, "action", {"n": "b"}, 2.0)),
        (first, Event(0, "action", {"n": "taken"}, 3.0)),  # seq 0 of the first table is taken
        (first, Event(1, "action", {"n": "c"}, 4.0)),
    ]
    assert store.append_many(batch) == [True, False, True]
    assert store.events(first) == [Event(0, "action", {"n": "a"}, 1.0), Event(1, "action", {"n": "c"}, 4.0)]
    assert store.events(second) == [Event(0, "action", {"n": "b"}, 2.0)]
