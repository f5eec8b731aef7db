"""One WebSocket connection, as a small state machine with guarded transitions.

``greeting`` (only ``hello`` and ``ping`` are accepted) → ``seated`` (a player's seat) or ``watching``
(a spectator) → ``closed``. Every message passes the limits first (size, then rate), then the strict
schema, then the table's own checks; whatever fails gets an ``error`` message and the connection
goes on. The seat is fixed at ``hello`` from the player's token: nothing a client sends later can
make it act for another seat.

What the server sends goes through the connection's :class:`~biriba.server.outbox.Outbox`: a table
never waits on a socket, and a connection that stops reading is dropped rather than followed.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import time
from typing import TYPE_CHECKING

from starlette.websockets import WebSocket, WebSocketDisconnect

from biriba.server.auth import TokenError
from biriba.server.outbox import Outbox
from biriba.server.protocol import (
    ActionMessage,
    AnyClientMessage,
    Chat,
    Hello,
    HintRequest,
    MalformedMessage,
    NextHand,
    Ping,
    error_message,
    parse_client_message,
    welcome_message,
)
from biriba.server.table import LiveTable, Refusal, Submission
from biriba.server.wire import ServerMessage

if TYPE_CHECKING:
    from biriba.server.service import Server

log = logging.getLogger("biriba.server")

CLOSE_POLICY = 1008
"""WebSocket close code: the connection broke a policy (a foreign origin, a private table)."""
CLOSE_UNAVAILABLE = 1011
"""WebSocket close code: the table cannot be served (it was set aside; the reason says why)."""


class Phase(enum.Enum):
    GREETING = "greeting"
    SEATED = "seated"
    WATCHING = "watching"
    CLOSED = "closed"


class TokenBucket:
    """The rate limit: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.updated = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def origin_allowed(websocket: WebSocket, allowed: tuple[str, ...]) -> bool:
    """Browsers send the page's origin: only the server's own pages (and configured origins) may open
    a table connection, so a foreign site cannot play with a visitor's token. Clients that are not
    browsers send no origin and are let through."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    host = websocket.headers.get("host", "")
    return origin in {f"http://{host}", f"https://{host}", *allowed}


class Connection:
    """A client at one table."""

    def __init__(self, server: Server, websocket: WebSocket, table: LiveTable) -> None:
        self.server = server
        self.websocket = websocket
        self.table = table
        self.phase = Phase.GREETING
        self.seat: int | None = None
        self.player_id: str | None = None
        self.name: str | None = None
        settings = server.settings
        self.bucket = TokenBucket(settings.messages_per_second, settings.message_burst)
        self.outbox = Outbox(websocket.send_text, self._close_socket, settings.outbox_limit, settings.send_timeout)

    def send(self, data: ServerMessage) -> None:
        """Queue a message for this connection; never waits (see :mod:`biriba.server.outbox`)."""
        if self.phase is not Phase.CLOSED:
            self.outbox.put(data)

    async def _close_socket(self, code: int, reason: str) -> None:
        await self.websocket.close(code=code, reason=reason)

    async def run(self) -> None:
        """Serve the connection until the client goes or its outbox closes it: the reader handles the
        client's messages, the outbox's sender writes to the socket; when one ends, so does the other."""
        loop = asyncio.get_running_loop()
        sender = loop.create_task(self.outbox.run())
        reader = loop.create_task(self._read())
        deadline = loop.call_later(self.server.settings.hello_seconds, self._no_hello)
        try:
            await asyncio.wait({sender, reader}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            deadline.cancel()
            self.phase = Phase.CLOSED
            self.table.depart(self)
            for task in (reader, sender):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect):
                    await task

    def _no_hello(self) -> None:
        """A connection that has not said ``hello`` in time holds a socket for nothing: close it."""
        if self.phase is Phase.GREETING:
            seconds = self.server.settings.hello_seconds
            self.send(error_message("hello_timeout", f"no hello within {seconds:g} seconds"))
            self.outbox.close(CLOSE_POLICY, "no hello in time")

    async def _read(self) -> None:
        """Receive messages until the client goes. Each is handled in a task of its own, shielded: a
        connection dropped while its action is being written must not cut the table's commit short."""
        while self.phase is not Phase.CLOSED:
            message = await self.websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                raw = message.get("bytes") or b""
                self._refuse_size_or(raw, "malformed", "send JSON text messages, not binary ones")
                continue
            await asyncio.shield(self.handle(text))

    def _refuse_size_or(self, raw: bytes, code: str, message: str) -> None:
        if len(raw) > self.server.settings.max_message_bytes:
            code, message = "too_large", f"a message may be at most {self.server.settings.max_message_bytes} bytes"
        self.send(error_message(code, message))

    async def handle(self, text: str) -> None:
        """One message from the client: limits, schema, then the table."""
        limit = self.server.settings.max_message_bytes
        if len(text) > limit or len(text.encode()) > limit:
            self.send(error_message("too_large", f"a message may be at most {limit} bytes"))
            return
        if not self.bucket.take():
            self.send(error_message("rate_limited", "too many messages: slow down"))
            return
        try:
            message = parse_client_message(text)
        except MalformedMessage as error:
            self.send(error_message("malformed", str(error)))
            return
        try:
            await self.dispatch(message)
        except Refusal as refusal:
            self.send(refusal.to_message())
            if refusal.code in ("stale", "illegal", "not_your_seat") and self.phase is not Phase.CLOSED:
                self.send(self.table.state_message(self.seat))
        except Exception:  # the database or a worker failed: nothing was applied, and the connection stays
            log.exception("table %s: a %s message failed", self.table.info.id, message.type)
            self.send(error_message("unavailable", "the server could not do that just now: try again"))

    async def dispatch(self, message: AnyClientMessage) -> None:
        match message:
            case Ping():
                self.send({"type": "pong"})
            case Hello() if self.phase is Phase.GREETING:
                await self.greet(message)
            case Hello():
                raise Refusal("already_greeted", "this connection has already said hello")
            case _ if self.phase is Phase.GREETING:
                raise Refusal("hello_first", "say hello first: {'type': 'hello', 'token': ...}")
            case ActionMessage(seq=seq, action=action):
                if self.seat is None:
                    raise Refusal("spectator", "spectators do not play")
                await self.table.submit(self.seat, Submission(seq, "action", action))
            case NextHand(seq=seq):
                if self.seat is None and self.table.has_people:
                    raise Refusal("spectator", "the players deal the next hand")
                await self.table.submit(self.seat, Submission(seq, "deal", {}))
            case HintRequest(language=language):
                if self.seat is None:
                    raise Refusal("spectator", "spectators get no hints")
                self.send(await self.table.hint(self.seat, language))
            case Chat(text=text):
                if self.seat is None:
                    raise Refusal("spectator", "spectators watch without talking")
                self.table.say(self.seat, text)

    def _seats_of_player(self) -> list[int]:
        return [s.seat for s in self.table.info.seats if self.player_id is not None and s.player_id == self.player_id]

    async def greet(self, hello: Hello) -> None:
        """Fix who this connection is: the seat of the token's player, or a spectator."""
        table = self.table
        if hello.token is not None:
            try:
                _, session = await asyncio.to_thread(self.server.authenticate, hello.token)
                self.player_id, self.name = session.player_id, session.name
            except TokenError as error:
                raise Refusal("bad_token", str(error)) from None
        seated = self._seats_of_player()
        if self.player_id is not None and not seated:  # the seat may have been taken on another process
            await self.server.tables.reload_seats(table.info.id)
            seated = self._seats_of_player()
        if table.info.private and not seated and hello.invite != table.info.invite:
            self.send(error_message("private", "this table is private: it needs its invitation"))
            self.outbox.close(CLOSE_POLICY, "private table")  # once the error has been sent
            return
        if self.phase is Phase.CLOSED:  # the connection went (or was dropped) while the seats were read
            return
        limit = self.server.settings.spectators_per_table
        if not seated and sum(listener.seat is None for listener in table.listeners) >= limit:
            self.send(error_message("too_many_spectators", f"this table has {limit} spectators already"))
            self.outbox.close(CLOSE_POLICY, "too many spectators")
            return
        self.seat = seated[0] if seated else None
        self.phase = Phase.SEATED if seated else Phase.WATCHING
        self.send(welcome_message(table.info.id, self.seat, self.player_id))
        await table.arrive(self)
