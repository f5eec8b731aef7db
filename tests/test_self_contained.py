"""The project speaks of itself only: what a user or the next engineer reads (code, tests, docs, the
browser client) cites the project's own rule book, docs/rules.md, never papers outside the repository
that the rules were first built from."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Written in pieces so that this file does not match itself.
OUTSIDE = re.compile(r"\b(" + "RUL" + r"INGS|\.\./sha" + r"red|se" + r"eds?[ _]0\d\d)", re.IGNORECASE)
TEXT = (".py", ".md", ".ts", ".svelte", ".css", ".toml", ".html", ".cfg", ".txt", ".sh")


def _tracked_text_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / name for name in listed.splitlines() if name.endswith(TEXT) or name.startswith("scripts/")]


def test_nothing_points_outside_the_repository() -> None:
    files = _tracked_text_files()
    assert any(path.name == "rules.md" for path in files), "git ls-files found no docs: run from a checkout"
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in files
        if path.is_file()
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not found, "references outside the repository:\n" + "\n".join(found)
