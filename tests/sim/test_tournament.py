"""Tournaments: checked before anything is played, the same results on any number of processes, and
results written as JSON, CSV and a PNG ladder."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from biriba.core.errors import InvalidInputError
from biriba.core.rules import Rules
from biriba.sim import TournamentConfig, TournamentResult, ladder, round_robin, run_tournament
from biriba.sim.duplicate import derive_seed
from biriba.sim.report import CSV_COLUMNS, write_results

TWO = Rules.from_preset("standard", players=2, target=1000)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def small() -> TournamentConfig:
    return TournamentConfig(("random", "greedy", "heuristic"), TWO, deals=3, matches=1, seed=11)


@pytest.fixture(scope="module")
def played(small: TournamentConfig) -> TournamentResult:
    return run_tournament(small, workers=1)


def test_pairings_round_robin_and_ladder() -> None:
    assert round_robin(4) == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    assert ladder(4) == [(0, 1), (1, 2), (2, 3)]


def test_the_same_results_on_one_or_two_processes(small: TournamentConfig, played: TournamentResult) -> None:
    two = run_tournament(small, workers=2)
    assert json.dumps(two.to_json()) == json.dumps(played.to_json())


def test_every_pairing_plays_the_same_seeded_deals(small: TournamentConfig, played: TournamentResult) -> None:
    expected = [derive_seed(small.seed, "deal", i) for i in range(small.deals)]
    for pairing in played.pairings:
        assert [deal.seed for deal in pairing.deals] == expected
        assert [deal.index for deal in pairing.deals] == list(range(small.deals))
    assert len(set(expected)) == small.deals
    other = run_tournament(TournamentConfig(small.bots[:2], TWO, deals=1, seed=12), workers=1)
    assert other.pairings[0].deals[0].seed != expected[0]


def test_summaries_add_up(played: TournamentResult) -> None:
    assert [(p.x, p.y) for p in played.pairings] == [
        ("random", "greedy"),
        ("random", "heuristic"),
        ("greedy", "heuristic"),
    ]
    for pairing in played.pairings:
        row = pairing.summary()
        assert row["hands"] == 6
        assert row["x_hand_wins"] + row["y_hand_wins"] + row["hand_ties"] == 6
        assert row["x_hand_wins"] == sum(play.x_score > play.y_score for deal in pairing.deals for play in deal.plays)
        assert row["mean_diff"] == pytest.approx(sum(deal.diff for deal in pairing.deals) / 3, abs=1e-3)
        assert row["ci95_low"] <= row["mean_diff"] <= row["ci95_high"]
        assert row["matches"] == 2
        assert row["x_match_wins"] + row["y_match_wins"] + row["unfinished_matches"] == 2
    random_greedy = played.pairings[0].summary()
    assert random_greedy["y_hand_wins"] > random_greedy["x_hand_wins"]
    assert random_greedy["mean_diff"] < 0
    table = played.rating_table()
    assert table[-1]["bot"] == "random" and table[-1]["rating"] == 1000.0
    assert all(row["hands"] == 12 for row in table)


def test_results_are_written_and_read_back(played: TournamentResult, tmp_path: Path) -> None:
    paths = write_results(played, tmp_path / "out")
    assert [p.name for p in paths] == ["results.json", "results.csv", "ladder.png"]
    data = json.loads(paths[0].read_text(encoding="utf-8"))
    assert data["format"] == "biriba-tournament/1"
    assert data["bots"] == ["random", "greedy", "heuristic"]
    assert data["deals"] == 3 and data["seed"] == 11 and data["target"] == 1000 and data["players"] == 2
    assert [r["bot"] for r in data["ratings"]] == [r["bot"] for r in played.rating_table()]
    first = data["pairing_results"][0]
    assert first["deal_results"][0]["plays"][1]["x_seats"] == [1]
    assert first["deal_results"][0]["diff"] == played.pairings[0].deals[0].diff
    with paths[1].open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [(row["x"], row["y"]) for row in rows] == [(p.x, p.y) for p in played.pairings]
    assert float(rows[2]["mean_diff"]) == played.pairings[2].summary()["mean_diff"]
    png = paths[2].read_bytes()
    assert png.startswith(PNG_SIGNATURE) and len(png) > 1000
    import matplotlib.image

    assert matplotlib.image.imread(paths[2]).shape[0] > 100


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"bots": ("random",)}, "at least two bots"),
        ({"bots": ("random", "nosuch")}, "unknown bot 'nosuch'"),
        ({"bots": ("random", "greedy:depth=3")}, "takes no option"),
        ({"bots": ("random", "random")}, "listed twice"),
        ({"deals": 0}, "--deals must be at least 1"),
        ({"matches": -1}, "--matches"),
        ({"rules": Rules.from_preset("standard", players=3), "matches": 1}, "matches need a game of two sides"),
        ({"rules": Rules.from_preset("standard", players=6), "matches": 1}, "matches need a game of two sides"),
        ({"pairs": ((0, 0),)}, "two different bots"),
        ({"pairs": ((0, 5),)}, "two different bots"),
        ({"bots": ("random", "greedy", "heuristic"), "pairs": ((0, 1),)}, "do not connect heuristic"),
    ],
)
def test_bad_tournaments_are_refused_before_play(change: dict[str, object], message: str) -> None:
    options: dict[str, object] = {"bots": ("random", "greedy"), "rules": TWO, "deals": 1} | change
    config = TournamentConfig(**options)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match=message):
        run_tournament(config, workers=1)


def test_workers_must_be_positive() -> None:
    with pytest.raises(InvalidInputError, match="--workers must be at least 1"):
        run_tournament(TournamentConfig(("random", "greedy"), TWO, deals=1), workers=0)
