"""The outbox of one connection, on its own: states coalesce, never go back in sequence order, and a
connection that overflows its queue or stalls its sends is dropped with close code 4008."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from biriba.server.outbox import CLOSE_TOO_SLOW, Outbox
from tests.server.conftest import WAIT


class FakeSocket:
    """Records what the outbox sends; while ``gate`` is clear, a send waits (a socket that is full)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: list[tuple[int, str]] = []
        self.gate = asyncio.Event()
        self.gate.set()
        self.waiting = asyncio.Event()

    async def send_text(self, text: str) -> None:
        self.waiting.set()
        await self.gate.wait()
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed.append((code, reason))


def state(seq: int, marker: str = "") -> dict[str, Any]:
    return {"type": "state", "seq": seq, "marker": marker}


def sent_seqs(socket: FakeSocket) -> list[int]:
    return [json.loads(text)["seq"] for text in socket.sent if json.loads(text)["type"] == "state"]


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, WAIT))


def test_states_coalesce_while_the_socket_is_full() -> None:
    async def scenario() -> tuple[FakeSocket, list[int], Outbox]:
        socket = FakeSocket()
        outbox = Outbox(socket.send_text, socket.close, limit=4, send_timeout=WAIT)
        sender = asyncio.create_task(outbox.run())
        socket.gate.clear()
        outbox.put(state(1))
        await socket.waiting.wait()  # state 1 is being written; the socket takes nothing more
        outbox.put({"type": "pong"})
        lengths = []
        for seq in range(2, 500):
            outbox.put(state(seq))
            lengths.append(len(outbox))
        socket.gate.set()
        outbox.close()
        await sender
        return socket, lengths, outbox

    socket, lengths, outbox = run(scenario())
    assert max(lengths) == 2  # the pong and one state, however many views were made
    assert sent_seqs(socket) == [1, 499]
    assert [text for text in socket.sent if "pong" in text] == ['{"type":"pong"}']
    assert socket.closed == [(1000, "")] and outbox.dropped is None


async def until_sent(socket: FakeSocket, count: int) -> None:
    while len(socket.sent) < count:
        await asyncio.sleep(0)


def test_a_state_never_goes_back_in_sequence_order() -> None:
    async def scenario() -> FakeSocket:
        socket = FakeSocket()
        outbox = Outbox(socket.send_text, socket.close, limit=8, send_timeout=WAIT)
        sender = asyncio.create_task(outbox.run())
        outbox.put(state(5))
        await until_sent(socket, 1)
        outbox.put(state(3))  # an older view, made before 5 but queued after it: never sent
        outbox.put(state(5, "seats changed"))  # the same number again (a seat connected): sent
        await until_sent(socket, 2)
        outbox.put(state(4))
        outbox.put(state(6))
        outbox.close()
        await sender
        return socket

    socket = run(scenario())
    assert sent_seqs(socket) == [5, 5, 6]
    assert '"marker":"seats changed"' in socket.sent[1]


def test_too_many_waiting_messages_drop_the_connection() -> None:
    async def scenario() -> tuple[FakeSocket, Outbox]:
        socket = FakeSocket()
        outbox = Outbox(socket.send_text, socket.close, limit=3, send_timeout=WAIT)
        sender = asyncio.create_task(outbox.run())
        socket.gate.clear()
        outbox.put(state(1))
        await socket.waiting.wait()
        for _ in range(3):
            outbox.put({"type": "pong"})
        assert outbox.dropped is None and len(outbox) == 3
        outbox.put({"type": "pong"})  # one more than the limit
        assert outbox.dropped is not None and len(outbox) == 0
        outbox.put(state(2))  # nothing more is queued
        assert len(outbox) == 0
        socket.gate.set()
        await sender
        return socket, outbox

    socket, outbox = run(scenario())
    assert sent_seqs(socket) == [1] and not any("pong" in text for text in socket.sent)
    assert outbox.dropped is not None and "more than 3 messages" in outbox.dropped
    assert socket.closed == [(CLOSE_TOO_SLOW, outbox.dropped)]


def test_a_stalled_send_drops_the_connection() -> None:
    async def scenario() -> tuple[FakeSocket, Outbox]:
        socket = FakeSocket()
        socket.gate.clear()  # the socket never takes anything
        outbox = Outbox(socket.send_text, socket.close, limit=8, send_timeout=0.05)
        sender = asyncio.create_task(outbox.run())
        outbox.put(state(1))
        outbox.put(state(2))
        await sender  # returns only once the connection is dropped
        return socket, outbox

    socket, outbox = run(scenario())
    assert socket.sent == [] and len(outbox) == 0
    assert outbox.dropped == "the connection took no message for 0.05 seconds"
    assert socket.closed == [(CLOSE_TOO_SLOW, outbox.dropped)]


def test_close_sends_what_is_queued_first() -> None:
    async def scenario() -> FakeSocket:
        socket = FakeSocket()
        outbox = Outbox(socket.send_text, socket.close, limit=8, send_timeout=WAIT)
        outbox.put({"type": "error", "code": "private"})
        outbox.close(1008, "private table")
        outbox.put(state(1))  # after the close: ignored
        await outbox.run()
        return socket

    socket = run(scenario())
    assert socket.sent == ['{"type":"error","code":"private"}'] and socket.closed == [(1008, "private table")]


@pytest.mark.parametrize(("limit", "timeout", "problem"), [(0, 1.0, "at least 1 message"), (4, 0.0, "positive")])
def test_bad_limits_are_refused(limit: int, timeout: float, problem: str) -> None:
    socket = FakeSocket.__new__(FakeSocket)
    with pytest.raises(ValueError, match=problem):
        Outbox(socket.send_text, socket.close, limit=limit, send_timeout=timeout)
