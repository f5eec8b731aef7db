"""Fitting the search player's value model (:mod:`biriba.bots.value`) to hands of heuristic self-play.

The heuristic player plays hands of the 4-player standard game against itself; at the start of every
turn the features of both teams are recorded, and at the end of the hand the final score difference.
The weights are the least-squares fit of that difference to the difference of the teams' features
(a small ridge term keeps rarely seen features tame). A fifth of the hands is held out: the fit is
judged on them, against the hand-made :func:`biriba.bots.judgement.position_value`.

    .venv/bin/python -m biriba.sim.value_fit --hands 6000   # writes src/biriba/bots/value_model.json

Needs numpy (the ``research`` or ``dev`` extra).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import TYPE_CHECKING

from biriba.bots.heuristic import HeuristicBot
from biriba.bots.judgement import position_value
from biriba.bots.value import FEATURES, MODEL_FILE, side_features
from biriba.core.records import rules_for_players
from biriba.core.state import HandState
from biriba.core.views import observe

if TYPE_CHECKING:
    import numpy as np

RIDGE = 1.0
"""The ridge penalty, in units of the squared feature scale."""


def hand_samples(seed: int) -> tuple[list[list[float]], list[float], list[float]]:
    """One hand of heuristic self-play: per turn start, team 0's features less team 1's, the hand-made
    position value for team 0, and (for every row) the hand's final score difference for team 0."""
    rules = rules_for_players("standard", 4)
    rng = random.Random(seed)
    state = HandState.deal(rules, dealer=seed % 4, seed=seed)
    bot = HeuristicBot()
    rows: list[list[float]] = []
    baseline: list[float] = []
    mover = -1
    while not state.is_over:
        if state.current != mover and state.teams_formed:
            mover = state.current
            own, other = side_features(state)
            rows.append([a - b for a, b in zip(own, other, strict=True)])
            baseline.append(position_value(observe(state, 0)))
        seat = state.current
        state.apply(bot.choose(observe(state, seat), state.legal_actions(), rng))
    scores = state.hand_score().seat_scores
    final = float(scores[0] - scores[1])
    return rows, baseline, [final] * len(rows)


Samples = tuple[list[list[float]], list[float], list[float]]


def fit(hands: int, seed: int, workers: int | None) -> dict[str, object]:
    """Play ``hands`` hands (on ``workers`` processes), fit the weights on four fifths of them and judge
    them on the rest; the model as stored in ``value_model.json``."""
    import numpy as np

    seeds = [seed * 1_000_003 + index for index in range(hands)]
    started = time.perf_counter()
    with Pool(workers) as pool:
        results: list[Samples] = pool.map(hand_samples, seeds, chunksize=8)
    held_out = [results[i] for i in range(hands) if i % 5 == 4]
    train = [results[i] for i in range(hands) if i % 5 != 4]

    def stack(part: list[Samples], column: int) -> np.ndarray:
        return np.array([value for samples in part for value in samples[column]], dtype=float)

    train_x, train_y = stack(train, 0), stack(train, 2)
    test_x, test_base, test_y = stack(held_out, 0), stack(held_out, 1), stack(held_out, 2)
    scale = train_x.std(axis=0) + 1e-9
    scaled = train_x / scale
    gram = scaled.T @ scaled + RIDGE * np.eye(len(FEATURES))
    weights = np.linalg.solve(gram, scaled.T @ train_y) / scale

    def r_squared(predicted: np.ndarray) -> float:
        return float(1 - ((test_y - predicted) ** 2).mean() / ((test_y - test_y.mean()) ** 2).mean())

    # The hand-made value is on another scale: judge it by its best linear rescaling.
    slope, intercept = np.polyfit(test_base, test_y, 1)
    return {
        "weights": {name: round(float(w), 6) for name, w in zip(FEATURES, weights, strict=True)},
        "info": {
            "fitted_on": f"{hands} hands of heuristic self-play, 4-player standard game, seed {seed}",
            "rows": len(train_y) + len(test_y),
            "held_out_hands": len(held_out),
            "held_out_r2": round(r_squared(test_x @ weights), 4),
            "held_out_r2_position_value_rescaled": round(r_squared(slope * test_base + intercept), 4),
            "seconds": round(time.perf_counter() - started, 1),
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000, help="hands of self-play (a fifth held out)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent.parent / "bots" / MODEL_FILE)
    args = parser.parse_args(argv)
    if args.hands < 5:
        parser.error("--hands must be at least 5 (a fifth is held out)")
    model = fit(args.hands, args.seed, args.workers)
    args.out.write_text(json.dumps(model, indent=2) + "\n", encoding="utf-8")
    json.dump(model["info"], sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
