"""Table notices between server processes through Redis, against the real Redis at
``BIRIBA_TEST_REDIS_URL``: a process ignores its own notices, a subscription that breaks comes back and
is followed by a catch-up, a periodic catch-up runs whatever the notices, and, end to end, a notice
Redis never delivers only delays another process's views.

Every test that runs beside these (``pytest -n``) shares the one channel of the notices, so each test
looks only at notices of table ids of its own. A subscription is killed, or refused, through a Redis
user of the test's own (an ACL user, deleted afterwards): nothing reaches the subscriptions of other
tests' processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote, urlsplit, urlunsplit

import pytest
from redis import Redis
from redis import asyncio as redis_asyncio
from redis.exceptions import NoPermissionError
from typer.testing import CliRunner

from biriba.cli import EXIT_USAGE, app
from biriba.server.broker import RedisBroker
from biriba.server.service import Server
from biriba.server.settings import Settings
from tests.server.conftest import WAIT, Client, create_table, guest, http_post, postgres_database, service_url
from tests.server.test_restart import serve

LONG = 3600.0
"""An interval or delay that never ends within a test: the mechanism it paces stays out of the way."""


T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(asyncio.wait_for(coroutine, WAIT))


def table_id() -> str:
    """A table id no other test (nor any server) publishes notices about."""
    return f"broker-test-{secrets.token_hex(6)}"


@dataclasses.dataclass(frozen=True)
class RedisUser:
    name: str
    url: str
    """The test Redis's URL, logged in as this user."""


@contextlib.contextmanager
def redis_user(base_url: str) -> Iterator[RedisUser]:
    """A Redis user of the test's own, allowed everything, deleted afterwards (which also closes its
    connections). Needs a test Redis whose default user may manage ACL users."""
    name = f"biriba-test-{secrets.token_hex(6)}"
    password = secrets.token_hex(16)
    parts = urlsplit(base_url)
    host = parts.netloc.rpartition("@")[2]  # whatever credentials the base URL had are replaced
    url = urlunsplit(parts._replace(netloc=f"{quote(name, safe='')}:{password}@{host}"))
    with Redis.from_url(base_url) as admin:
        admin.execute_command("ACL", "SETUSER", name, "on", f">{password}", "~*", "&*", "+@all")
        try:
            yield RedisUser(name, url)
        finally:
            admin.execute_command("ACL", "DELUSER", name)


def subscriptions(admin: Redis, user: RedisUser) -> int:
    """How many subscribed connections the user has."""
    return sum(client.get("user") == user.name for client in admin.client_list(_type="pubsub"))


class Recorder:
    """A broker's handler and catch-up: what reached them, and a way to await a condition on it."""

    def __init__(self, *table_ids: str) -> None:
        self._table_ids = set(table_ids)
        self.notices: list[tuple[str, str]] = []
        """``(kind, table_id)`` of the notices of this test's tables, in order of arrival."""
        self.resyncs = 0
        self.on_resync: Callable[[], Awaitable[None]] | None = None
        """Run at each catch-up (after it is counted)."""
        self.handler_failures = 0
        """The handler raises for this many of this test's notices (counted among the notices)."""
        self._changed = asyncio.Condition()

    async def handler(self, kind: str, table_id: str) -> None:
        if table_id not in self._table_ids:
            return  # another test's table
        async with self._changed:
            self.notices.append((kind, table_id))
            self._changed.notify_all()
        if self.handler_failures > 0:
            self.handler_failures -= 1
            raise RuntimeError("a notice handler that fails")

    async def resync(self) -> None:
        async with self._changed:
            self.resyncs += 1
            self._changed.notify_all()
        if self.on_resync is not None:
            await self.on_resync()

    async def until(self, predicate: Callable[[], bool]) -> None:
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(predicate), WAIT)


async def nothing() -> None:
    return None


async def ignore(kind: str, table_id: str) -> None:
    return None


def test_a_process_ignores_its_own_notices_and_receives_the_others() -> None:
    url = service_url("BIRIBA_TEST_REDIS_URL")
    tables = [table_id() for _ in range(4)]
    notices = [("events", tables[0]), ("seats", tables[1]), ("events", tables[2]), ("events", tables[3])]

    async def scenario() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        first, second = RedisBroker(url), RedisBroker(url)
        on_first, on_second = Recorder(*tables), Recorder(*tables)
        try:
            await first.start(on_first.handler, nothing)
            await second.start(on_second.handler, nothing)
            # The brokers take turns. Each publish returns once Redis has taken the notice, and Redis
            # delivers each subscriber the notices in the order it took them: when a later notice has
            # arrived, an earlier one has had its chance to arrive.
            for index, (kind, table) in enumerate(notices):
                await (first if index % 2 == 0 else second).publish(kind, table)
            await on_first.until(lambda: notices[3] in on_first.notices)
            await on_second.until(lambda: notices[2] in on_second.notices)
        finally:
            await first.close()
            await second.close()
        return on_first.notices, on_second.notices

    on_first, on_second = run(scenario())
    assert on_first == [notices[1], notices[3]]
    assert on_second[: on_second.index(notices[2]) + 1] == [notices[0], notices[2]]


def test_a_notice_whose_handler_fails_does_not_stop_the_next() -> None:
    url = service_url("BIRIBA_TEST_REDIS_URL")
    failing, following = table_id(), table_id()

    async def scenario() -> list[tuple[str, str]]:
        # no resubscription within the test: a failure that broke the subscription would lose the next notice
        listener, publisher = RedisBroker(url, resubscribe_delay=LONG), RedisBroker(url)
        recorder = Recorder(failing, following)
        recorder.handler_failures = 1
        try:
            await listener.start(recorder.handler, nothing)
            await publisher.start(ignore, nothing)
            await publisher.publish("events", failing)
            await publisher.publish("events", following)
            await recorder.until(lambda: ("events", following) in recorder.notices)
        finally:
            await listener.close()
            await publisher.close()
        return recorder.notices

    assert run(scenario()) == [("events", failing), ("events", following)]


def test_a_killed_subscription_comes_back_and_is_followed_by_a_catch_up() -> None:
    url = service_url("BIRIBA_TEST_REDIS_URL")
    before, during, after = table_id(), table_id(), table_id()
    with redis_user(url) as user:

        async def scenario() -> tuple[Recorder, int]:
            # no periodic catch-up within the test: the only catch-up is the one after the subscription is back
            listener = RedisBroker(user.url, resync_interval=LONG, resubscribe_delay=0.01)
            publisher = RedisBroker(url)
            admin = redis_asyncio.from_url(url)
            recorder = Recorder(before, during, after)

            async def notice_during_catch_up() -> None:
                # Published when the catch-up starts: it arrives only if the process subscribed again
                # before it read the database, so that nothing published after that read is missed.
                await publisher.publish("events", during)

            recorder.on_resync = notice_during_catch_up
            try:
                await listener.start(recorder.handler, recorder.resync)
                await publisher.start(ignore, nothing)
                await publisher.publish("events", before)
                await recorder.until(lambda: ("events", before) in recorder.notices)

                # What breaks a subscription in redis-py's asyncio client: the server closes the
                # connection, and the read fails with ConnectionError (the client retries nothing).
                killed = await admin.execute_command("CLIENT", "KILL", "USER", user.name, "TYPE", "pubsub")
                await recorder.until(lambda: recorder.resyncs >= 1)
                await recorder.until(lambda: ("events", during) in recorder.notices)
                await publisher.publish("seats", after)
                await recorder.until(lambda: ("seats", after) in recorder.notices)
            finally:
                await listener.close()
                await publisher.close()
                await admin.aclose()
            return recorder, int(killed)

        recorder, killed = run(scenario())
    assert killed == 1  # the listener's subscription, and nothing else
    assert recorder.resyncs == 1
    assert recorder.notices == [("events", before), ("events", during), ("seats", after)]


class LogWatch(logging.Handler):
    """The messages of the server's log, and a way to await a condition on them."""

    def __init__(self) -> None:
        super().__init__()
        self.messages: list[str] = []
        self._logged = asyncio.Event()

    def emit(self, record: logging.LogRecord) -> None:  # in the event loop's thread: the broker logs there
        self.messages.append(record.getMessage())
        self._logged.set()

    async def until(self, predicate: Callable[[], bool]) -> None:
        async with asyncio.timeout(WAIT):
            while not predicate():
                self._logged.clear()
                await self._logged.wait()

    @contextlib.contextmanager
    def watching(self) -> Iterator[LogWatch]:
        logger = logging.getLogger("biriba.server")
        logger.addHandler(self)
        try:
            yield self
        finally:
            logger.removeHandler(self)


def test_a_refused_subscription_is_retried_and_only_a_confirmed_one_is_caught_up_after() -> None:
    url = service_url("BIRIBA_TEST_REDIS_URL")
    table = table_id()
    refused = "table notices: subscribing again failed; retrying"
    with redis_user(url) as user, LogWatch().watching() as log:

        async def scenario() -> tuple[int, Recorder]:
            listener = RedisBroker(user.url, resync_interval=LONG, resubscribe_delay=0.01)
            publisher = RedisBroker(url)
            admin = redis_asyncio.from_url(url)
            recorder = Recorder(table)
            try:
                await listener.start(recorder.handler, recorder.resync)
                await publisher.start(ignore, nothing)
                # Redis closes the user's subscription, and refuses every new one
                await admin.execute_command("ACL", "SETUSER", user.name, "resetchannels")
                await log.until(lambda: log.messages.count(refused) >= 3)
                resyncs_while_refused = recorder.resyncs
                await admin.execute_command("ACL", "SETUSER", user.name, "&*")
                await recorder.until(lambda: recorder.resyncs >= 1)
                await publisher.publish("events", table)
                await recorder.until(lambda: ("events", table) in recorder.notices)
            finally:
                await listener.close()
                await publisher.close()
                await admin.aclose()
            return resyncs_while_refused, recorder

        resyncs_while_refused, recorder = run(scenario())
    assert resyncs_while_refused == 0  # a subscription Redis refused is no reason to believe nothing was missed
    assert recorder.resyncs == 1
    assert recorder.notices == [("events", table)]


def test_a_refused_first_subscription_stops_the_start() -> None:
    url = service_url("BIRIBA_TEST_REDIS_URL")
    with redis_user(url) as user, Redis.from_url(url) as admin:
        admin.execute_command("ACL", "SETUSER", user.name, "resetchannels")

        async def scenario() -> None:
            broker = RedisBroker(user.url)
            try:
                await broker.start(ignore, nothing)
            finally:
                await broker.close()

        with pytest.raises(NoPermissionError, match="no permissions to access one of the channels"):
            run(scenario())


def test_the_periodic_catch_up_runs_without_any_notice_and_survives_a_failure() -> None:
    url = service_url("BIRIBA_TEST_REDIS_URL")

    async def scenario() -> int:
        # no notice is published, and the subscription never breaks: only the periodic catch-up calls resync
        broker = RedisBroker(url, resync_interval=0.05, resubscribe_delay=LONG)
        recorder = Recorder()

        async def fail_first() -> None:
            if recorder.resyncs == 1:
                raise RuntimeError("a catch-up that fails")

        recorder.on_resync = fail_first
        try:
            await broker.start(ignore, recorder.resync)
            await recorder.until(lambda: recorder.resyncs >= 3)
        finally:
            await broker.close()
        return recorder.resyncs

    assert run(scenario()) >= 3  # the first catch-up failed, and the next ones came all the same


def test_a_notice_redis_does_not_take_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    url = service_url("BIRIBA_TEST_REDIS_URL")
    table = table_id()
    with redis_user(url) as user, Redis.from_url(url) as admin:
        admin.execute_command("ACL", "SETUSER", user.name, "resetchannels")  # it may publish on no channel

        async def scenario() -> None:
            broker = RedisBroker(user.url)
            try:
                await broker.publish("events", table)  # the move that caused it is in the database already
            finally:
                await broker.close()

        with caplog.at_level(logging.ERROR, logger="biriba.server"):
            run(scenario())
    assert [r.getMessage() for r in caplog.records if r.name == "biriba.server"] == [
        f"table notice events {table} could not be published; other processes catch up later"
    ]


def test_the_server_catches_up_at_the_interval_of_its_settings(tmp_path: Path) -> None:
    url = service_url("BIRIBA_TEST_REDIS_URL")

    async def scenario() -> int:
        database = f"sqlite:///{tmp_path / 'biriba.sqlite3'}"
        server = Server(Settings(database_url=database, redis_url=url, resync_interval=0.05))
        recorder = Recorder()
        server.tables.catch_up_all = recorder.resync  # type: ignore[method-assign]  # count the server's catch-ups
        await server.start()
        try:
            await recorder.until(lambda: recorder.resyncs >= 3)  # 0.15 s; at the default interval, 30 s
        finally:
            await server.stop()
        return recorder.resyncs

    assert run(scenario()) >= 3


def test_bad_intervals_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="resync_interval must be more than 0 seconds, not 0"):
        RedisBroker("redis://127.0.0.1:6379/0", resync_interval=0)
    with pytest.raises(ValueError, match="resubscribe_delay must be more than 0 seconds, not -1"):
        RedisBroker("redis://127.0.0.1:6379/0", resubscribe_delay=-1)
    result = CliRunner().invoke(app, ["serve", "--resync-interval", "0"])
    assert result.exit_code == EXIT_USAGE
    assert result.stderr == "error: --resync-interval must be more than 0 seconds, not 0.0\n"


def until_true(condition: Callable[[], bool], failure: str) -> None:
    """Wait for a condition of the Redis server, which has no event to await from here."""
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, failure
        time.sleep(0.01)


def test_notices_lost_between_processes_only_delay_the_views_until_a_periodic_catch_up() -> None:
    """Two ``biriba serve`` processes, A and B, catching up every half second. Redis drops B's
    subscription and refuses it any other, and any notice: a move made on A never reaches B as a
    notice, nor a move made on B reaches A. Each process's clients still get the other's move, from
    its periodic catch-up (B's cannot come from a subscription that came back: none does), and the
    move whose notice Redis refused is not refused itself."""
    redis = service_url("BIRIBA_TEST_REDIS_URL")
    with (
        postgres_database() as database,
        redis_user(redis) as user,
        Redis.from_url(redis) as admin,
        serve(database, "--redis", redis, "--resync-interval", "0.5") as process_a,
        serve(database, "--redis", user.url, "--resync-interval", "0.5") as process_b,
    ):
        url_a, url_b = process_a.url, process_b.url
        anna = guest(url_a, "Anna")
        table = create_table(url_a, anna, players=2, seats=[None, None])["table"]["id"]
        kostas = guest(url_b, "Kostas")
        joined = http_post(
            f"{url_b}/api/tables/{table}/join", json={"seat": 1}, headers={"Authorization": f"Bearer {kostas}"}
        )
        assert joined.status_code == 200, joined.text
        on_a = {0: Client(url_a, table), 1: Client(url_a, table)}  # by seat: Anna's, Kostas's
        on_b = {0: Client(url_b, table), 1: Client(url_b, table)}
        for seat, token in ((0, anna), (1, kostas)):
            assert on_a[seat].hello(token)["seat"] == seat and on_b[seat].hello(token)["seat"] == seat
        assert on_b[0].state()["seq"] == 0 and subscriptions(admin, user) == 1

        admin.execute_command("ACL", "SETUSER", user.name, "resetchannels")
        until_true(lambda: subscriptions(admin, user) == 0, "Redis kept B's subscription")

        mover = 0 if on_a[0].state()["my_turn"] else 1
        watcher = 1 - mover

        def move(client: Client, seq: int) -> dict[str, Any]:
            """The mover's move from its hint, answered by its state (not an error); the connection serves on."""
            client.send({"type": "hint"})
            action = client.until(lambda m: m["type"] == "hint")["action"]
            client.send({"type": "action", "seq": seq, "action": action})
            answer = client.until(lambda m: m["type"] == "error" or (m["type"] == "state" and m["seq"] == seq + 1))
            assert answer["type"] == "state", answer
            assert answer["last_action"] == action
            client.send({"type": "ping"})  # the move's handling ended well: the connection still answers
            client.until(lambda m: m["type"] == "pong")
            return dict(action)

        first = move(on_a[mover], 0)  # published by A to a channel B no longer hears
        assert on_b[watcher].until(lambda m: m["type"] == "state" and m["seq"] == 1)["last_action"] == first
        assert subscriptions(admin, user) == 0  # B caught up without subscribing again
        second = move(on_b[mover], 1)  # B's notice is refused: logged, and the move stands
        assert on_a[watcher].until(lambda m: m["type"] == "state" and m["seq"] == 2)["last_action"] == second

        # Once Redis takes B's subscription again, B subscribes again by itself.
        admin.execute_command("ACL", "SETUSER", user.name, "&*")
        until_true(lambda: subscriptions(admin, user) == 1, "B did not subscribe again")
