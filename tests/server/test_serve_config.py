"""``biriba serve`` takes every option from the environment as well as from flags (a database password
never has to go on a command line), a flag winning over the environment, with the defaults of
:class:`~biriba.server.settings.Settings` (one place for both)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import biriba.server.main
from biriba.cli import app
from biriba.server.settings import Settings


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Settings, str, int]]:
    """What ``biriba serve`` would start: its settings, host and port (no server runs)."""
    calls: list[tuple[Settings, str, int]] = []

    def record(settings: Settings, host: str, port: int, log_level: str = "info") -> None:
        calls.append((settings, host, port))

    monkeypatch.setattr(biriba.server.main, "serve", record)
    return calls


def run(args: list[str], env: dict[str, Any] | None = None) -> Any:
    return CliRunner().invoke(app, ["serve", *args], env=env)


def test_every_option_comes_from_the_environment(started: list[tuple[Settings, str, int]], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'from-env.sqlite3'}"
    env = {
        "BIRIBA_HOST": "0.0.0.0",
        "BIRIBA_PORT": "8123",
        "BIRIBA_DB": url,
        "BIRIBA_REDIS": "redis://127.0.0.1:6379/3",
        "BIRIBA_ALLOW_ORIGIN": "https://a.example https://b.example",
        "BIRIBA_BOT_DELAY": "0.25",
        "BIRIBA_THINK_SECONDS": "4",
        "BIRIBA_STAND_IN_AFTER": "90",
        "BIRIBA_CLOSE_AFTER": "600",
        "BIRIBA_GUESTS_RATE": "5/minute",
    }
    result = run([], env)
    assert result.exit_code == 0, result.output
    settings, host, port = started[0]
    assert (host, port) == ("0.0.0.0", 8123)
    assert settings.database_url == url and settings.redis_url == "redis://127.0.0.1:6379/3"
    assert settings.allowed_origins == ("https://a.example", "https://b.example")
    assert (settings.bot_delay, settings.think_seconds) == (0.25, 4.0)
    assert (settings.stand_in_after, settings.close_after, settings.guests_rate) == (90.0, 600.0, "5/minute")


def test_a_flag_wins_over_the_environment(started: list[tuple[Settings, str, int]], tmp_path: Path) -> None:
    result = run(
        ["--stand-in-after", "30", "--db", f"sqlite:///{tmp_path / 'flag.sqlite3'}"], {"BIRIBA_STAND_IN_AFTER": "90"}
    )
    assert result.exit_code == 0, result.output
    assert started[0][0].stand_in_after == 30.0
    assert started[0][0].database_url.endswith("flag.sqlite3")


def test_the_defaults_are_the_settings_defaults(started: list[tuple[Settings, str, int]], tmp_path: Path) -> None:
    result = run(["--db", f"sqlite:///{tmp_path / 'defaults.sqlite3'}"])
    assert result.exit_code == 0, result.output
    settings = started[0][0]
    expected = Settings(database_url=settings.database_url)
    assert (
        dataclasses.replace(settings, think_workers=expected.think_workers, hashes_at_once=expected.hashes_at_once)
        == expected
    )


def test_a_bad_value_in_the_environment_is_a_usage_error(started: list[tuple[Settings, str, int]]) -> None:
    result = run([], {"BIRIBA_STAND_IN_AFTER": "-1"})
    assert result.exit_code == 2 and "--stand-in-after must be more than 0" in result.output
    assert not started
