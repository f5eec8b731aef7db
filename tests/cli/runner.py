"""Running ``biriba`` in tests: in this process through Typer's runner (fast, the same code), or as a
real process for the few tests of what only a real process shows (the installed script, completion)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from biriba.cli import app

PLAIN = {"COLUMNS": "200", "NO_COLOR": "1"}
"""Wide, colourless output: what a test reads is the words, not the wrapping."""


@dataclass(frozen=True, slots=True)
class Ran:
    """A finished command: its exit code and what it printed."""

    returncode: int
    stdout: str
    stderr: str


def run(*args: str, stdin: str | None = None) -> Ran:
    """``biriba ARGS`` in this process. A crash (an exception that is not an exit) fails the test
    instead of passing for an exit code."""
    result = CliRunner().invoke(app, list(args), input=stdin, env=PLAIN)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Ran(result.exit_code, result.stdout, result.stderr)


def biriba_command() -> list[str]:
    """The installed ``biriba`` script next to this Python, else on PATH, else ``python -m biriba``."""
    beside = Path(sys.executable).parent / "biriba"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("biriba")
    return [found] if found else [sys.executable, "-m", "biriba"]


BIRIBA = biriba_command()


def run_process(*args: str, stdin: str | None = None) -> Ran:
    """``biriba ARGS`` as a real process, as a user's shell starts it."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", **PLAIN}
    done = subprocess.run(
        [*BIRIBA, *args], input=stdin, capture_output=True, encoding="utf-8", env=env, timeout=120, check=False
    )
    return Ran(done.returncode, done.stdout, done.stderr)
