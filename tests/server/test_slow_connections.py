"""A connection that stops reading holds up nobody: a spectator's raw WebSocket that never reads while
a player at the same table plays a whole hand. The player gets every view in sequence order; the
spectator's outbox never holds more than a few messages, and the spectator is dropped (close code
4008) once its socket has taken nothing for the send timeout."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path
from typing import Any

from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.uri import parse_uri

from biriba.server.connection import Connection
from tests.server.conftest import WAIT, Client, RunningServer, create_table, guest, sqlite_settings
from tests.server.test_play import play_by_hints


class StalledSpectator:
    """A raw WebSocket client with a tiny receive buffer: it says ``hello`` and then reads nothing
    until :meth:`read_all` (the WebSocket framing by the ``websockets`` sans-I/O protocol)."""

    def __init__(self, base_url: str, table_id: str) -> None:
        uri = parse_uri(base_url.replace("http://", "ws://") + f"/ws/tables/{table_id}")
        self.protocol = ClientProtocol(uri, max_size=None)
        self.socket = socket.socket()
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.socket.settimeout(WAIT)
        self.socket.connect((uri.host, uri.port))
        self.protocol.send_request(self.protocol.connect())
        self._flush()
        while self.protocol.handshake_exc is None and not self.protocol.events_received() and not self._accepted():
            self.protocol.receive_data(self.socket.recv(256))
        assert self.protocol.handshake_exc is None, self.protocol.handshake_exc
        self.protocol.send_text(json.dumps({"type": "hello", "token": None}).encode())
        self._flush()

    def _accepted(self) -> bool:
        return self.protocol.state.name == "OPEN"

    def _flush(self) -> None:
        self.socket.sendall(b"".join(self.protocol.data_to_send()))

    def read_all(self) -> list[dict[str, Any]]:
        """Read until the server closes the connection; the messages received."""
        messages = []
        while True:
            data = self.socket.recv(65536)
            if not data:
                self.protocol.receive_eof()
            else:
                self.protocol.receive_data(data)
            for event in self.protocol.events_received():
                if isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                    messages.append(json.loads(event.data))
            if not data or self.protocol.state.name == "CLOSED":
                self.socket.close()
                return messages


def wait_for(condition: Any, what: str) -> Any:
    """Poll ``condition`` (it reads the server's objects from the test's thread) until it is truthy."""
    deadline = time.monotonic() + WAIT
    while True:
        try:
            value = condition()
        except RuntimeError:  # a set changed size while it was read: read again
            value = None
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def test_a_spectator_that_never_reads_holds_up_no_player(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path, send_timeout=3.0)
    with RunningServer(settings, send_buffer=4096) as server:
        token = guest(server.url, "Eleni")
        table_id = create_table(server.url, token, seats=[None, "greedy", "greedy", "greedy"])["table"]["id"]
        player = Client(server.url, table_id)
        assert player.hello(token)["seat"] == 0
        live = server.app.state.server.tables.loaded(table_id)
        spectator = StalledSpectator(server.url, table_id)
        stalled: Connection = wait_for(
            lambda: next((c for c in list(live.listeners) if c.seat is None), None), "the spectator to join"
        )
        deepest = 0

        def until(state: dict[str, Any]) -> bool:
            nonlocal deepest
            deepest = max(deepest, len(stalled.outbox))
            return bool(state["hand_over"])

        play_by_hints(player, until)
        final = player.state()
        seqs = [m["seq"] for m in player.received if m["type"] == "state"]
        assert seqs == sorted(seqs) and seqs[-1] == final["seq"] > 50

        reason = wait_for(lambda: stalled.outbox.dropped, "the stalled spectator to be dropped")
        assert reason == "the connection took no message for 3 seconds"
        wait_for(lambda: stalled not in list(live.listeners), "the spectator to leave the table")
        assert deepest <= 2 and len(stalled.outbox) == 0  # one state at most, and a welcome or none
        # the player's connection kept up and stays
        assert any(c.seat == 0 for c in list(live.listeners)) and player.ws.close_code is None

        received = spectator.read_all()
        views = [m["seq"] for m in received if m["type"] == "state"]
        assert received[0]["type"] == "welcome" and views == sorted(views)
        assert views[-1] < final["seq"]  # it was left behind, not followed to the end of the hand
        player.close()
