"""Every golden playthrough replays to exactly its text (see ``playthrough.py`` for how to accept a change)."""

from __future__ import annotations

import difflib

import pytest

from tests.golden.playthrough import FOLDER, golden_text, path_of, stored_record, tables

TABLES = tables()


def test_every_preset_and_format_has_a_golden_file() -> None:
    names = {name for name, _ in TABLES}
    assert {path.stem for path in FOLDER.glob("*.txt")} == names


@pytest.mark.parametrize(("name", "rules"), TABLES, ids=[name for name, _ in TABLES])
def test_golden_playthrough(name: str, rules: object) -> None:
    path = path_of(name)
    expected = path.read_text(encoding="utf-8")
    record = stored_record(path)
    assert record.rules == rules, f"{name}: the file plays other rules than its name says"
    actual = golden_text(record, name)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), f"{name} (stored)", f"{name} (engine now)", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:80])
        pytest.fail(
            f"the engine no longer plays {name} as recorded. If the change is deliberate, run scripts/golden "
            f"and read git diff tests/golden.\n{shown}"
        )
