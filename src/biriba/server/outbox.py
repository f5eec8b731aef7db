"""What the server sends one connection: a bounded queue of its own and a sender task of its own.

A table tells its connections about a change by putting each its view into its outbox, which never
waits. Only the outbox's sender task waits on the socket, so one connection that stops reading (a
spectator on a bad network, a laptop lid closed mid-game) cannot hold up the players at its table.

- **Coalescing.** Every ``state`` is the whole view, not a change: an outbox keeps at most one unsent
  state, and a newer one replaces it (taking its place at the end of the queue). A connection that
  lags skips views it would only have overwritten; the memory it holds stays bounded.
- **Sequence order.** A ``state`` whose ``seq`` is lower than one already queued or sent on this
  connection is discarded, so no connection ever sees its table go back (views of the same ``seq``
  still go out: the seats' ``connected`` flags change without an event).
- **Dropping.** A connection with more than ``limit`` unsent messages (only answers to its own requests
  can pile up, since states coalesce), or whose socket has not taken one message within
  ``send_timeout`` seconds, is dropped: its queue is emptied, it leaves its table, and it is closed with
  :data:`CLOSE_TOO_SLOW` and a reason (the close frame itself reaches a peer that reads again only if
  the socket takes it within ``send_timeout``; the server holds nothing for the connection after that).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import orjson

CLOSE_TOO_SLOW = 4008
"""WebSocket close code (private range): the connection did not read the server's messages fast enough."""

SendText = Callable[[str], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]


class Outbox:
    """The outgoing messages of one connection, sent in order by :meth:`run`."""

    def __init__(self, send_text: SendText, close: Close, limit: int, send_timeout: float) -> None:
        if limit < 1:
            raise ValueError(f"an outbox must hold at least 1 message, not {limit}")
        if send_timeout <= 0:
            raise ValueError(f"the send timeout must be positive, not {send_timeout}")
        self._send_text = send_text
        self._close = close
        self.limit = limit
        self.send_timeout = send_timeout
        self._queue: deque[Mapping[str, Any]] = deque()
        self._state_queued = False
        """Whether the queue holds an unsent ``state`` (it holds at most one)."""
        self._wake = asyncio.Event()
        self._closing: tuple[int, str] | None = None
        """The close code and reason to send once the queue is empty (or at once, when dropped)."""
        self.newest_seq = -1
        """The highest ``seq`` of a state queued or sent: no state below it goes out any more."""
        self.dropped: str | None = None
        """Why the connection was dropped; None while it keeps up."""
        self.sent_seqs: deque[int] = deque(maxlen=limit)
        """The ``seq`` of the last states sent, oldest first (for logs and tests: bounded)."""

    def __len__(self) -> int:
        """How many messages wait to be sent."""
        return len(self._queue)

    @property
    def open(self) -> bool:
        return self._closing is None

    def put(self, message: Mapping[str, Any]) -> None:
        """Queue ``message``; never waits. Ignored once the outbox is closing."""
        if self._closing is not None:
            return
        if message.get("type") == "state":
            seq = int(message["seq"])
            if seq < self.newest_seq:
                return  # an older view than one this connection already has: never go back
            self.newest_seq = seq
            if self._state_queued:  # the connection lags: the newer whole view replaces the unsent one
                self._queue.remove(next(m for m in self._queue if m.get("type") == "state"))
            self._state_queued = True
        elif len(self._queue) >= self.limit:
            self.drop(f"more than {self.limit} messages were waiting to be sent: the connection does not read them")
            return
        self._queue.append(message)
        self._wake.set()

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close the connection once what is queued has been sent."""
        if self._closing is None:
            self._closing = (code, reason)
            self._wake.set()

    def drop(self, reason: str) -> None:
        """Give up on a connection that does not keep up: send nothing more but the close."""
        if self.dropped is not None:
            return
        self.dropped = reason
        self._queue.clear()
        self._state_queued = False
        self._closing = (CLOSE_TOO_SLOW, reason)
        self._wake.set()

    async def run(self) -> None:
        """Send the queued messages in order until the outbox is closed (then close the socket) or the
        socket goes (then return quietly: the connection's reader sees the disconnect)."""
        while True:
            if self.dropped is None and self._queue:
                message = self._queue.popleft()
                if message.get("type") == "state":
                    self._state_queued = False
                    self.sent_seqs.append(int(message["seq"]))
                text = orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
                try:
                    # (asyncio.timeout, not wait_for: no task per message on the busiest path)
                    async with asyncio.timeout(self.send_timeout):
                        await self._send_text(text)
                except TimeoutError:
                    self.drop(f"the connection took no message for {self.send_timeout:g} seconds")
                except Exception:  # the socket is gone
                    return
            elif self._closing is not None:
                break
            else:
                self._wake.clear()
                await self._wake.wait()
        code, reason = self._closing
        # A stalled socket may not take the close frame either: give up after the same timeout.
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._close(code, reason[:120]), self.send_timeout)
