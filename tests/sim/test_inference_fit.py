"""Calibrating the search player's inference from discards (``python -m biriba.sim.inference_fit``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from biriba.core.rules import Rules
from biriba.sim import inference_fit
from biriba.sim.inference_fit import Calibration


def test_the_calibrated_level_is_where_the_worlds_deal_what_was_held() -> None:
    dealt = {0.0: 1.0, 0.2: 0.8, 0.4: 0.6, 0.6: 0.4, 0.8: 0.2}
    assert Calibration(10, 0.7, dealt).calibrated() == pytest.approx(0.3)
    assert Calibration(10, 0.8, dealt).calibrated() == pytest.approx(0.2)
    assert Calibration(10, 1.2, dealt).calibrated() is None  # held more than uniform worlds deal
    assert Calibration(10, 0.1, dealt).calibrated() is None  # fewer than the strongest level deals


def test_heuristic_players_hold_fewer_of_the_cards_that_go_with_their_discards() -> None:
    result = inference_fit.calibrate(Rules.from_preset("standard", players=2), "heuristic", hands=3, seed=5)
    assert result.positions > 20
    assert result.dealt[0.0] > 1.2 * result.held  # uniform worlds deal too many of them
    assert list(result.dealt.values()) == sorted(result.dealt.values(), reverse=True)
    level = result.calibrated()
    assert level is not None and 0.2 < level < 0.8


def test_the_summary_names_its_command(tmp_path: Path) -> None:
    argv = ["--bots", "greedy", "--tables", "standard:2", "--hands", "1", "--out", str(tmp_path)]
    assert inference_fit.main(argv) == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    (entry,) = summary["entries"].values()
    assert (entry["bot"], entry["preset"], entry["players"], entry["hands"]) == ("greedy", "standard", 2, 1)
    assert set(entry["dealt"]) == {"0.0", "0.2", "0.4", "0.6", "0.8"}
    page = (tmp_path / "README.md").read_text()
    assert summary["command"] in page and "| greedy | standard 2p |" in page
