"""What the routes share: the settings, the database, the token signer, the live tables and the broker,
and the error people see."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter

from fastapi import HTTPException

from biriba.server.auth import Passwords, RateLimits, TokenError, TokenSigner
from biriba.server.broker import LocalBroker, RedisBroker, make_broker
from biriba.server.settings import Settings
from biriba.server.store import PlayerSession, Store, TableInfo
from biriba.server.table import LiveTable, Tables
from biriba.server.thinking import Thinkers

log = logging.getLogger("biriba.server")


class Server:
    """What the routes share: settings, database, token signer, live tables, broker."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.database_url)
        self.broker: LocalBroker | RedisBroker = make_broker(settings.redis_url, settings.resync_interval)
        thinkers = Thinkers(settings.think_workers, settings.think_seconds)
        self.tables = Tables(
            self.store,
            settings.bot_delay,
            self._publish_events,
            hint_bot=settings.hint_bot,
            thinkers=thinkers,
            publish_seats=self._publish_seats,
            stand_in_after=settings.stand_in_after,
        )
        self.passwords = Passwords(settings.hashes_at_once, settings.hashes_waiting)
        self.limits = RateLimits(settings.guests_rate, settings.logins_rate)
        self.signer: TokenSigner
        self._resuming: asyncio.Task[int] | None = None
        self._sweeping: asyncio.Task[None] | None = None
        self.connections: Counter[str] = Counter()
        """Open WebSocket connections by client address."""

    async def start(self) -> None:
        await asyncio.to_thread(self.store.migrate)
        secret = self.settings.secret
        if secret is None:
            secret = await asyncio.to_thread(self.store.secret, "player-tokens")
        self.signer = TokenSigner(secret)
        await self.broker.start(self._on_notice, self.tables.catch_up_all)
        # In the background: the server answers at once while the tables are replayed.
        self._resuming = asyncio.get_running_loop().create_task(self.tables.resume_all())
        self._sweeping = asyncio.get_running_loop().create_task(self._sweep_deserted())

    async def _sweep_deserted(self) -> None:
        """Close, now and then, the tables whose people all left long ago (a failure is logged, and the
        next sweep tries again)."""
        after = self.settings.close_after
        while True:
            await asyncio.sleep(min(60.0, max(0.05, after / 4)))
            try:
                await self.tables.close_deserted(after)
            except Exception:
                log.exception("closing deserted tables failed")

    async def stop(self) -> None:
        for task in (self._resuming, self._sweeping):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        await self.tables.close()
        await self.broker.close()
        self.store.close()

    async def _publish_events(self, table_id: str) -> None:
        await self.broker.publish("events", table_id)

    async def _publish_seats(self, table_id: str) -> None:
        await self.broker.publish("seats", table_id)

    async def _on_notice(self, kind: str, table_id: str) -> None:
        """Another process changed a table: read the change if this process has the table open."""
        table = self.tables.loaded(table_id)
        if table is None:
            return
        if kind == "seats":
            await self.tables.reload_seats(table_id)
            return
        await self.tables.catch_up(table_id)

    def authenticate(self, token: str) -> tuple[str, PlayerSession]:
        """``(session id, session)`` of a token; :class:`TokenError` naming why it is no good (forged,
        unknown, revoked, expired). Reads the database: call it from a worker thread."""
        session_id = self.signer.session_id(token)
        session = self.store.session(session_id)
        if session is None:
            raise TokenError("the token names no player of this server: log in again, or play as a new guest")
        if session.revoked:
            raise TokenError("the token was revoked (logged out): log in again, or play as a new guest")
        if session.expires_at <= time.time():
            raise TokenError("the token has expired: log in again, or play as a new guest")
        return session_id, session

    def session(self, token: str | None) -> tuple[str, PlayerSession]:
        """``(session id, session)`` of the player token a request carries (``Authorization: Bearer
        TOKEN``); 401 without one, or for one that is no good. Reads the database: from a worker thread."""
        if token is None:
            raise ApiError(401, "no-token", "send the player token: 'Authorization: Bearer TOKEN' (POST /api/guests)")
        try:
            return self.authenticate(token)
        except TokenError as error:
            raise ApiError(401, "token-refused", str(error)) from None

    def new_token(self, player_id: str) -> str:
        """A token of a new session of ``player_id`` (reads the database: from a worker thread)."""
        return self.signer.token(self.store.create_session(player_id, self.settings.token_days * 86_400))

    async def table_info(self, table_id: str) -> TableInfo:
        """The table's row and seats, as the database has them; 404 if there is no such table."""
        info = await asyncio.to_thread(self.store.table, table_id)
        if info is None:
            raise ApiError(404, "no-table", f"there is no table {table_id!r}")
        return info

    async def live_table(self, table_id: str) -> LiveTable:
        """The table being played (loaded if needed); 404 if there is no such table."""
        table = await self.tables.get(table_id)
        if table is None:
            raise ApiError(404, "no-table", f"there is no table {table_id!r}")
        return table

    async def seats_changed(self, table_id: str) -> None:
        """A route changed the table's seats in the database: this process reads them again and tells the
        others."""
        await self.tables.reload_seats(table_id)
        await self._publish_seats(table_id)

    async def seated_table(self, table_id: str, player_id: str) -> TableInfo:
        """The table, if ``player_id`` sits at it (its replay shows every hand); 403/404 otherwise."""
        info = await self.table_info(table_id)
        if not any(s.player_id == player_id for s in info.seats):
            raise ApiError(403, "players-only", "only the players of a table may replay it")
        return info


class ApiError(HTTPException):
    """An HTTP error people see in the browser: ``detail`` in English (as every error has), and ``key``,
    a ``web.error.*`` text of the catalogue, for the client to say it in its player's language."""

    def __init__(self, status: int, key: str, detail: str) -> None:
        super().__init__(status, detail)
        self.key = key
