"""The database models (biriba.server.store) and the Alembic migrations describe one schema: a
database migrated to the newest revision has exactly the models' tables, columns, types, indexes and
keys, and every migration steps down and up again, on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect

from biriba.server.store import MIGRATIONS, Base, Store
from tests.server.conftest import postgres_database


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        store = Store(f"sqlite:///{tmp_path / 'schema.sqlite3'}")
        yield store
        store.engine.dispose()
        return
    with postgres_database() as url:
        store = Store(url)
        yield store
        store.engine.dispose()


def _differences(connection: Connection) -> list[object]:
    context = MigrationContext.configure(connection, opts={"compare_type": True, "compare_server_default": False})
    return list(compare_metadata(context, Base.metadata))


def _migrate(store: Store, revision: str, *, down: bool = False) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with store.engine.begin() as connection:
        if store.is_sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
        config.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(config, revision)


def _revisions() -> list[str]:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    walk = ScriptDirectory.from_config(config).walk_revisions()  # newest first
    return [script.revision for script in reversed(list(walk))]


def test_the_newest_migration_builds_exactly_the_models_schema(store: Store) -> None:
    store.migrate()
    with store.engine.connect() as connection:
        assert _differences(connection) == []


def test_the_comparison_sees_a_schema_the_models_do_not_have(store: Store) -> None:
    # The check above can fail: a database one migration short differs from the models.
    revisions = _revisions()
    _migrate(store, revisions[-2])
    with store.engine.connect() as connection:
        assert _differences(connection) != []


def test_every_migration_steps_down_and_up_again(store: Store) -> None:
    revisions = _revisions()
    assert len(revisions) >= 2
    store.migrate()
    for older in reversed(["base", *revisions[:-1]]):
        _migrate(store, older, down=True)
    with store.engine.connect() as connection:
        assert set(inspect(connection).get_table_names()) <= {"alembic_version"}
    store.migrate()
    with store.engine.connect() as connection:
        assert _differences(connection) == []
    # The schema works after the round trip: a table with its seats and events.
    table = store.create_table("standard", 0, None, False, [None, "greedy", "greedy", "greedy"]).id
    assert store.append(table, 0, "action", {"type": "draw"})
    assert [event.seq for event in store.events(table)] == [0]
