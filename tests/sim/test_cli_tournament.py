"""``biriba tournament``: a tiny tournament end to end, and usage errors with exit code 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from biriba.cli import app

RUNNER = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = RUNNER.invoke(app, ["tournament", *args], env={"COLUMNS": "200", "NO_COLOR": "1"})
    return result.exit_code, result.stdout, result.stderr


def test_a_tiny_tournament_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "results"
    code, stdout, stderr = run(
        "random", "greedy", "--deals", "2", "--players", "2", "--matches", "1", "--target", "800", "--workers", "1",
        "--seed", "4", "--out", str(out),
    )  # fmt: skip
    assert code == 0, stderr
    assert "Pairings" in stdout and "Ratings" in stdout
    assert "random" in stdout and "greedy" in stdout
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert data["players"] == 2 and data["target"] == 800 and data["seed"] == 4 and data["deals"] == 2
    pairing = data["pairing_results"][0]
    assert (pairing["x"], pairing["y"], pairing["hands"], pairing["matches"]) == ("random", "greedy", 4, 2)
    assert f"{pairing['x_hand_wins']}/{pairing['y_hand_wins']}/{pairing['hand_ties']}" in stdout
    assert (out / "results.csv").read_text(encoding="utf-8").startswith("x,y,deals,hands,")
    assert (out / "ladder.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["random", "nosuch"], "unknown bot 'nosuch'"),
        (["random", "greedy:depth=2"], "bot 'greedy' takes no option"),
        (["random"], "at least two bots"),
        (["random", "greedy", "--players", "3", "--matches", "1"], "duplicate matches need a game of two sides"),
        (["random", "greedy", "--players", "9"], "'players' must be a number of players"),
        (["random", "greedy", "--rules", "nosuch"], "unknown preset 'nosuch'"),
        (["random", "greedy", "--deals", "0"], "--deals must be at least 1"),
        (["random", "greedy", "--workers", "0"], "--workers must be at least 1"),
        (["random", "greedy", "--target", "-5"], "target"),
        (["random", "greedy", "--schedule", "swiss"], "--schedule must be one of round-robin, ladder"),
    ],
)
def test_usage_errors_exit_2_and_write_nothing(args: list[str], message: str, tmp_path: Path) -> None:
    out = tmp_path / "never"
    code, _, stderr = run(*args, "--deals" if "--deals" not in args else "--seed", "1", "--out", str(out))
    assert code == 2
    assert message in stderr
    assert stderr.startswith("error: ")
    assert not out.exists()


def test_without_matplotlib_the_results_are_written_and_the_plot_named(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import importlib.util

    real_find_spec = importlib.util.find_spec

    def without_matplotlib(name: str, package: str | None = None) -> object:
        return None if name == "matplotlib" else real_find_spec(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", without_matplotlib)
    out = tmp_path / "results"
    code, stdout, stderr = run(
        "random", "greedy", "--deals", "1", "--players", "2", "--workers", "1", "--out", str(out)
    )
    assert code == 0, stderr
    assert sorted(path.name for path in out.iterdir()) == ["results.csv", "results.json"]
    assert json.loads((out / "results.json").read_text(encoding="utf-8"))["bots"] == ["random", "greedy"]
    assert "ladder.png not drawn" in stdout and "pip install 'biriba[tournament]'" in stdout


def test_a_bot_of_the_folder_it_runs_in_plays_by_its_import_path_in_the_worker_processes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A researcher's module beside them, not installed: the command finds it as `python -m` would, and
    # so do the two worker processes the deals are spread over.
    (tmp_path / "my_lab_bots.py").write_text(
        "from biriba.bots.greedy import GreedyBot\n\n\nclass Patient(GreedyBot):\n    name = 'patient'\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the command adds the folder: undone after the test
    code, stdout, stderr = run(
        "my_lab_bots.Patient", "random", "--deals", "2", "--players", "2", "--workers", "2", "--out", "out"
    )
    assert code == 0, stderr
    data = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))
    assert data["bots"] == ["my_lab_bots.Patient", "random"]
    assert data["pairing_results"][0]["hands"] == 4
    assert "my_lab_bots.Patient" in stdout


def test_a_bot_module_that_is_nowhere_is_a_usage_error(tmp_path: Path) -> None:
    code, _, stderr = run("no_lab_here.Patient", "random", "--deals", "1", "--out", str(tmp_path / "never"))
    assert code == 2
    assert "bot 'no_lab_here.Patient': no module 'no_lab_here' to import" in stderr
