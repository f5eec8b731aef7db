"""``biriba play`` in a real terminal: a scripted tmux session starts the installed command at 80x24,
plays a few moves by key, and the screen (capture-pane) and the saved record show them."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
BIRIBA = Path(sys.executable).parent / "biriba"
WAIT = 30.0
"""Seconds to wait for a screen to appear (a bound, not a measurement: the test polls)."""

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (Debian package tmux)")


def tmux(*args: str) -> str:
    assert TMUX is not None
    return subprocess.run([TMUX, *args], check=True, capture_output=True, text=True).stdout


def screen(session: str) -> str:
    return tmux("capture-pane", "-p", "-t", session)


def alive(session: str) -> bool:
    return (
        subprocess.run([TMUX or "tmux", "has-session", "-t", session], check=False, capture_output=True).returncode == 0
    )


def wait_for(session: str, text: str) -> str:
    deadline = time.monotonic() + WAIT
    shown = ""
    while time.monotonic() < deadline:
        shown = screen(session)
        if text in shown:
            return shown
        time.sleep(0.2)
    raise AssertionError(f"{text!r} did not appear on the screen:\n{shown}")


def test_play_in_a_real_terminal(tmp_path: Path) -> None:
    command = BIRIBA if BIRIBA.exists() else Path(shutil.which("biriba") or "biriba")
    session = f"biriba-test-{tmp_path.name}"
    saved = tmp_path / "match.json"
    tmux(
        "new-session", "-d", "-s", session, "-x", "80", "-y", "24", "-c", str(tmp_path),
        "-e", "TERM=xterm-256color", "-e", "LANG=C.UTF-8",
        f"{command} play --seed 11 --delay 0 --save {saved}",
    )  # fmt: skip
    try:
        first = wait_for(session, "Your turn: draw (d)")
        assert "Biriba · Hand 1" in first and "Your hand" in first
        assert "You+P3" in first and "Discard pile" in first and "Score sheet" in first  # seats count from 1

        tmux("send-keys", "-t", session, "x")  # nothing selected: the table says what is missing
        wait_for(session, "Select exactly one card to discard")
        tmux("send-keys", "-t", session, "d")
        wait_for(session, "You: draw")
        tmux("send-keys", "-t", session, "h")
        hinted = wait_for(session, "Hint:")
        tmux("send-keys", "-t", session, "w")
        wait_for(session, "Saved the match")
        record = json.loads(saved.read_text(encoding="utf-8"))
        assert {"seat": 0, "type": "draw"} in record["hands"][0]["actions"]
        assert "Hint:" in hinted

        # q asks before leaving a match in progress; n stays, y saves and leaves.
        tmux("send-keys", "-t", session, "q")
        wait_for(session, "Leave the match?")
        tmux("send-keys", "-t", session, "n")
        wait_for(session, "Your hand")
        tmux("send-keys", "-t", session, "d")  # a key the table knows: nothing to play (drawn already)
        tmux("send-keys", "-t", session, "q")
        wait_for(session, "Leave the match?")
        tmux("send-keys", "-t", session, "y")
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline and alive(session):
            time.sleep(0.2)
        assert not alive(session), "q did not leave the table"
        record = json.loads(saved.read_text(encoding="utf-8"))
        assert record["table"] == {"seat": 0, "bots": ["greedy", "greedy", "greedy"]}  # --load seats them again
    finally:
        subprocess.run([TMUX or "tmux", "kill-session", "-t", session], capture_output=True, check=False)
