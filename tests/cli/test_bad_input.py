"""The command line never shows a traceback: a file that is not text, a negative delay, get one line
naming the problem and exit 2; a JSON file with a UTF-8 byte-order mark (Windows editors write one) is
read; -h is --help everywhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from biriba.cli import app

runner = CliRunner()
RECORD = {"rules": "standard", "players": 4, "dealer": 0, "seed": 1, "actions": []}


@pytest.fixture
def binary(tmp_path: Path) -> Path:
    path = tmp_path / "photo.json"
    path.write_bytes(bytes(range(256)) * 4)
    return path


@pytest.mark.parametrize("command", [["score"], ["replay"], ["replay", "--show"], ["play", "--load"]])
def test_a_file_that_is_not_text_is_a_usage_error(command: list[str], binary: Path) -> None:
    result = runner.invoke(app, [*command, str(binary)])
    assert result.exit_code == 2, result.output
    assert "is not a UTF-8 text file" in result.output and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_json_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "windows.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(RECORD).encode())
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "not finished" in result.output


def test_a_negative_delay_is_a_usage_error() -> None:
    result = runner.invoke(app, ["watch", "--delay", "-1"])
    assert result.exit_code == 2 and "--delay must be 0 or more seconds" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("command", [[], ["rules"], ["watch"], ["serve"], ["play"], ["replay"]])
def test_h_is_help(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "-h"])
    assert result.exit_code == 0 and "Usage:" in result.output
