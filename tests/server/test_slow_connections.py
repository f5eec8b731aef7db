"""A connection that stops reading holds up nobody: a spectator's raw WebSocket that never reads while
a player at the same table plays a whole hand. The player gets every view in sequence order and the
spectator's outbox never holds more than a few messages. (Dropping a connection whose socket takes
nothing for the send timeout, close code 4008, is tested deterministically in test_outbox.py.)"""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path
from typing import Any

from websockets.client import ClientProtocol
from websockets.uri import parse_uri

from biriba.server.connection import Connection
from tests.server.conftest import WAIT, Client, RunningServer, create_table, guest, sqlite_settings
from tests.server.test_play import play_by_hints


class StalledSpectator:
    """A raw WebSocket client with a tiny receive buffer: it says ``hello`` and then reads nothing
    (the WebSocket framing by the ``websockets`` sans-I/O protocol)."""

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
        states = [m for m in player.received if m["type"] == "state"]
        seqs = [m["seq"] for m in states]
        assert seqs == sorted(seqs) and seqs[-1] == final["seq"]
        # The deal is the server's own (not seeded): a hand may be short, but the states sent during it
        # are always many times what the stalled spectator's 4 KB send buffer holds.
        assert sum(len(json.dumps(m)) for m in states) > 10 * 4096

        assert deepest <= 2  # one state waiting at most (coalesced), and a welcome or none
        # the player's connection kept up and stays
        assert any(c.seat == 0 for c in list(live.listeners)) and player.ws.close_code is None
        # (Whether the spectator is dropped now depends on whether the kernel's buffers took the last
        # state it was sent; the drop of a stalled send is tested on a fake socket in test_outbox.py.)
        spectator.socket.close()
        player.close()
