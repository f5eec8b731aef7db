"""Table events between server processes.

One process alone needs nothing: :class:`LocalBroker` does nothing. With several processes on one
PostgreSQL database, each process keeps the tables its clients use in memory, and the log in the
database stays the only truth; :class:`RedisBroker` tells the other processes that a table's log has
grown (or its seats changed), and they read the new events from the database and send their own
clients the new views. A notice is never the only way: a process catches up from the database when a
submission meets an old sequence number, after its subscription broke and came back, and every
resync interval (:data:`RESYNC_INTERVAL` seconds unless the server's settings say otherwise), so a lost
notice costs nothing but time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from biriba.server.defaults import RESYNC_INTERVAL

log = logging.getLogger("biriba.server")

CHANNEL = "biriba:tables"

Handler = Callable[[str, str], Awaitable[None]]
"""Called with ``(kind, table_id)``: kind ``events`` (the log grew) or ``seats`` (someone sat down)."""

Resync = Callable[[], Awaitable[None]]
"""Called when notices may have been lost (the subscription was broken and is back, or a while has
passed): catch up every loaded table from the database."""

RESUBSCRIBE_DELAY = 1.0
"""Seconds between attempts to subscribe again after the Redis connection broke."""


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

    The subscriber heals itself: a broken connection is logged, subscribed again (until Redis confirms
    the subscription), and followed by a catch-up of every loaded table (notices published meanwhile
    are gone); a periodic catch-up covers whatever else could be missed, even while Redis refuses the
    subscription."""

    def __init__(
        self, url: str, *, resync_interval: float = RESYNC_INTERVAL, resubscribe_delay: float = RESUBSCRIBE_DELAY
    ) -> None:
        """``resync_interval``: seconds between catch-ups of every loaded table; ``resubscribe_delay``:
        seconds between attempts to subscribe again (both more than 0)."""
        from redis import asyncio as redis_asyncio

        for name, seconds in (("resync_interval", resync_interval), ("resubscribe_delay", resubscribe_delay)):
            if not seconds > 0:
                raise ValueError(f"{name} must be more than 0 seconds, not {seconds}")
        self._redis = redis_asyncio.from_url(url)
        self._origin = secrets.token_hex(8)
        self._resync_interval = resync_interval
        self._resubscribe_delay = resubscribe_delay
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self, handler: Handler, resync: Resync) -> None:
        pubsub = await self._subscribe()  # the first subscription fails loudly: a bad URL stops the server
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._subscribe_forever(pubsub, handler, resync)),
            loop.create_task(self._resync_forever(resync)),
        ]

    async def _subscribe(self) -> Any:
        """A new subscription to the channel, returned once Redis has confirmed it. Sending SUBSCRIBE is
        not enough: until Redis has processed it, notices published meanwhile do not reach this process,
        so a catch-up started earlier could read the database before an event whose notice is lost; and
        a refusal (such as a user without the channel's permission) comes only as the answer."""
        pubsub: Any = self._redis.pubsub()  # redis-py's PubSub, whose methods are not all typed
        try:
            await pubsub.subscribe(CHANNEL)
            while True:  # nothing but the confirmation can come before it: no notice is lost here
                message = await pubsub.get_message(timeout=None)
                if message is not None and message.get("type") == "subscribe":
                    return pubsub
        except BaseException:
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            raise

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
            await asyncio.sleep(self._resubscribe_delay)
            try:
                pubsub = await self._subscribe()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table notices: subscribing again failed; retrying")
                continue
            await self._resync(resync)  # subscribed first, then read: nothing published since is missed

    async def _resync_forever(self, resync: Resync) -> None:
        while True:
            await asyncio.sleep(self._resync_interval)
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
        """Tell the other processes. A notice Redis does not take is logged, not raised: the change is in
        the database already, and the others' periodic catch-up reads it (the move that caused it must
        not fail for want of a notice)."""
        try:
            await self._redis.publish(CHANNEL, f"{self._origin} {kind} {table_id}")
        except Exception:
            log.exception("table notice %s %s could not be published; other processes catch up later", kind, table_id)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self._redis.aclose()


def make_broker(redis_url: str | None, resync_interval: float = RESYNC_INTERVAL) -> LocalBroker | RedisBroker:
    return RedisBroker(redis_url, resync_interval=resync_interval) if redis_url else LocalBroker()
