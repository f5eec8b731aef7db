"""Never lose a game: ``biriba serve`` killed with SIGKILL mid-hand and started again resumes the table
at the same sequence number, with nothing lost."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.server.conftest import WAIT, Client, create_table, guest

BOUND = re.compile(r"^Biriba: (http://127\.0\.0\.1:(\d+)) ", re.MULTILINE)
"""The line ``biriba serve`` prints to stderr once it has bound its port."""


@dataclass(frozen=True)
class Served:
    process: subprocess.Popen[bytes]
    url: str


@contextmanager
def serve(database: str, *extra: str) -> Iterator[Served]:
    """``biriba serve --port 0`` as a subprocess: the system picks a free port when the server binds it
    (no port is guessed beforehand, so none can be taken in between); the port is read from the line
    the server prints, and the server is ready when its health route answers. Its stderr goes to a
    file, which is shown if it fails to start."""
    command = [sys.executable, "-m", "biriba", "serve", "--db", database, "--port", "0", "--bot-delay", "0"]
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen([*command, "--log-level", "warning", *extra], stderr=log)

        def output() -> str:
            log.seek(0)
            return log.read().decode(errors="replace")

        deadline = time.monotonic() + WAIT
        url = None
        try:
            while True:
                assert process.poll() is None, f"biriba serve exited: {output()}"
                if url is None and (bound := BOUND.search(output())):
                    url = bound.group(1)
                if url is not None:
                    try:
                        if httpx.get(f"{url}/api/health", timeout=5).status_code == 200:
                            break
                    except httpx.TransportError:
                        pass
                assert time.monotonic() < deadline, f"biriba serve did not start: {output()}"
                time.sleep(0.1)
            yield Served(process, url)
        finally:
            if process.poll() is None:
                process.terminate()
                process.wait(timeout=WAIT)


def test_kill_9_and_restart_resumes_the_table_with_nothing_lost(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'biriba.sqlite3'}"
    with serve(database) as first:
        url = first.url
        token = guest(url, "Stavros")
        table_id = create_table(url, token, seats=[None, "greedy", "heuristic", "greedy"])["table"]["id"]
        client = Client(url, table_id)
        client.hello(token)
        moves = 0
        state = client.state_where(lambda m: m["my_turn"])
        while moves < 3:  # three of this seat's turns: draw and discard what the hint says
            client.send({"type": "hint"})
            hint = client.until(lambda m: m["type"] == "hint")
            client.send({"type": "action", "seq": hint["seq"], "action": hint["action"]})
            made = hint["seq"]
            state = client.until(lambda m, made=made: m["type"] == "state" and m["seq"] > made and m["my_turn"])
            moves += hint["action"]["type"] == "discard"
        before = state
        os.kill(first.process.pid, signal.SIGKILL)
        first.process.wait(timeout=WAIT)
    with serve(database) as second:  # on another free port: the table is in the database, not the process
        again = Client(second.url, table_id)
        assert again.hello(token)["seat"] == 0
        resumed = again.state()
        assert resumed["seq"] == before["seq"] and resumed["my_turn"]
        assert resumed["view"] == before["view"]
        assert resumed["results"] == before["results"] and resumed["last_action"] == before["last_action"]
        # and play goes on from there
        again.send({"type": "hint"})
        hint = again.until(lambda m: m["type"] == "hint")
        again.send({"type": "action", "seq": resumed["seq"], "action": hint["action"]})
        after = again.until(lambda m: m["type"] == "error" or (m["type"] == "state" and m["seq"] > resumed["seq"]))
        assert after["type"] == "state" and after["seq"] == resumed["seq"] + 1, after
