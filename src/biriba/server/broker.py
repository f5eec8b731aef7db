"""Table events between server processes.

One process alone needs nothing: :class:`LocalBroker` does nothing. With several processes on one
PostgreSQL database, each process keeps the tables its clients use in memory, and the log in the
database stays the only truth; :class:`RedisBroker` tells the other processes that a table's log has
grown (or its seats changed), and they read the new events from the database and send their own
clients the new views. A notice is never the only way: a process catches up from the database when a
submission meets an old sequence number, after its subscription broke and came back, and every
:data:`RESYNC_INTERVAL` seconds, so a lost notice costs nothing but time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("biriba.server")

CHANNEL = "biriba:tables"

Handler = Callable[[str, str], Awaitable[None]]
"""Called with ``(kind, table_id)``: kind ``events`` (the log grew) or ``seats`` (someone sat down)."""

Resync = Callable[[], Awaitable[None]]
"""Called when notices may have been lost (the subscription was broken and is back, or a while has
passed): catch up every loaded table from the database."""

RESUBSCRIBE_DELAY = 1.0
"""Seconds between attempts to subscribe again after the Redis connection broke."""

RESYNC_INTERVAL = 10.0
"""Seconds between catch-ups of every loaded table, whatever the notices: a notice is never the only
way a process learns of another's events, so even one lost without a broken connection (or a
failure while handling it) delays views by at most this long."""


class LocalBroker:
    """A single server process: nothing to tell anyone."""

    async def start(self, handler: Handler, resync: Resync) -> None:
        return None

    async def publish(self, kind: str, table_id: str) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisBroker:
    """Redis pub/sub on one channel; a process ignores its own notices.

    The subscriber heals itself: a broken connection is logged, subscribed again, and followed by a
    catch-up of every loaded table (notices published meanwhile are gone); a periodic catch-up covers
    whatever else could be missed."""

    def __init__(self, url: str) -> None:
        from redis import asyncio as redis_asyncio

        self._redis = redis_asyncio.from_url(url)
        self._origin = secrets.token_hex(8)
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self, handler: Handler, resync: Resync) -> None:
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(CHANNEL)  # the first subscription fails loudly: a bad URL stops the server
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._subscribe_forever(pubsub, handler, resync)),
            loop.create_task(self._resync_forever(resync)),
        ]

    async def _subscribe_forever(self, pubsub: Any, handler: Handler, resync: Resync) -> None:
        while True:
            try:
                await self._listen(pubsub, handler)
                log.warning("table notices: the subscription ended; subscribing again")
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table notices: the subscription broke; subscribing again")
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            await asyncio.sleep(RESUBSCRIBE_DELAY)
            try:
                pubsub = self._redis.pubsub()
                await pubsub.subscribe(CHANNEL)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table notices: subscribing again failed; retrying")
                continue
            await self._resync(resync)  # subscribed first, then read: nothing published since is missed

    async def _resync_forever(self, resync: Resync) -> None:
        while True:
            await asyncio.sleep(RESYNC_INTERVAL)
            await self._resync(resync)

    @staticmethod
    async def _resync(resync: Resync) -> None:
        try:
            await resync()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table notices: catching up the loaded tables failed")

    async def _listen(self, pubsub: Any, handler: Handler) -> None:
        async for message in pubsub.listen():
            if message.get("type") != "message":
                continue
            try:
                origin, kind, table_id = message["data"].decode().split(" ", 2)
            except (ValueError, AttributeError):
                continue
            if origin == self._origin:
                continue
            try:
                await handler(kind, table_id)
            except Exception:
                log.exception("table notice %s %s failed", kind, table_id)

    async def publish(self, kind: str, table_id: str) -> None:
        await self._redis.publish(CHANNEL, f"{self._origin} {kind} {table_id}")

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self._redis.aclose()


def make_broker(redis_url: str | None) -> LocalBroker | RedisBroker:
    return RedisBroker(redis_url) if redis_url else LocalBroker()
