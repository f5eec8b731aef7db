"""Fitting the search player's value models (:mod:`biriba.bots.value`) to heuristic self-play, table by table.

One model per table, a preset and a number of players.

The heuristic player plays hands of the table against itself. At the start of every turn each side's
features are recorded (the sides of :func:`biriba.bots.value.sides`: the teams, or every player alone
while partnerships are still to form and where there are none), and at the end of the hand each side's
final score (a player's row from before partnerships formed is scored by its seat's final score, its
team's by then).

The target. The search uses a value only through differences between sides (a seat's side's value less
the other sides' mean, or the best other side's), so only differences are fitted: each side's features
less the mean of the other sides' features, against its final score less the mean of theirs. A linear
value fitted that way is the one whose difference between any two sides best predicts the difference of
their final scores (the least squares over every pair of sides come to the same fit, but for the ridge
term), which is what choosing between the moves of a playout needs (set against the best other side
instead, that side is picked by value, as the search picks it by score when a playout reaches the end
of the hand). A side's own final score
would be the wrong target: its largest part is common to every side at the table (how long the hand
runs, how many cards are left to pay for), which no choice of a move changes and which a fit would
spend its weights on; and the difference to the best other side's final score is not linear in
anything a side can be described by.
With two sides the row of the second is the first one's mirror and is left out: there the fit is the
difference of the two sides' features against the difference of their final scores, as the model of
the 4-player standard game was fitted before there were models per table (same hands, same weights).
That model is kept as it was shipped: the heuristic player's play has changed since, and a refit on
today's hands predicts their held-out fifth only a little better (docs/bots.md, The learned value).

Exploring (``--explore``): the search compares the positions its candidates lead to, and hands in which
everyone always plays the heuristic's choice never show where the other candidates lead; a linear fit
to them extrapolates there (at three players the plain fit learned that a wild card in hand costs 67
points early in the hand and earns 87 late, and the search laid melds the heuristic player keeps). With
``explore``, that share of the self-play decisions plays one of the search's candidates at random.

The least squares have a small ridge term that keeps rarely seen features tame. A fifth of the hands is
held out: the fit is judged on them by R², against the 4-player standard game's model on the same rows
(the gain of a model of the table's own) and against the hand-made
:func:`biriba.bots.judgement.position_value` at its best linear rescaling.

    .venv/bin/python -m biriba.sim.value_fit --hands 6000               # the 4-player standard game
    .venv/bin/python -m biriba.sim.value_fit --tables standard:6 --hands 2000
    .venv/bin/python -m biriba.sim.value_fit --all-tables --hands 2000  # every preset and format

Each table's model is written to ``src/biriba/bots/value_models.json`` as soon as it is fitted; a table
already there with the same number of hands and seed, fitted to the play of the same bots
(:data:`biriba.bots.base.BOTS_VERSION`), is not fitted again (``--refit`` does), so a stopped run of every
table picks up where it stopped, and a run after the bots changed fits every table again. Needs numpy (the
``research`` or ``dev`` extra).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import TYPE_CHECKING, Any

from biriba.bots.base import BOTS_VERSION
from biriba.bots.heuristic import HeuristicBot
from biriba.bots.judgement import position_value
from biriba.bots.search import SearchBot
from biriba.bots.value import (
    DEFAULT_TABLE,
    FEATURES,
    MODELS_FILE,
    MODELS_FORMAT,
    default_model,
    model_from_json,
    side_features,
    sides,
    table_key,
)
from biriba.core.rules import Rules
from biriba.core.state import HandState
from biriba.core.views import observe
from biriba.sim.duplicate import HAND_ACTION_LIMIT  # a hand of self-play still going then is dropped
from biriba.sim.ladders import every_table, parse_tables

if TYPE_CHECKING:
    import numpy as np

RIDGE = 1.0
"""The ridge penalty, in units of the squared feature scale."""
MODELS_PATH = Path(__file__).parent.parent / "bots" / MODELS_FILE
DEFAULT_MODEL_R2 = f"held_out_r2_{DEFAULT_TABLE.replace('/', '_')}_model"
"""The info key of the default model's held-out R² on a table's held-out rows."""

Samples = tuple[list[list[float]], list[float], list[float]]
"""Per row: a side's features less the other sides' mean, the hand-made position value of a seat of the
side, and the side's final score less the other sides' mean."""


def hand_samples(seed: int, preset: str = "standard", players: int = 4, explore: float = 0.0) -> Samples:
    """One hand of heuristic self-play at the table: a row per side at every turn start (one per turn
    with two sides, for the first side), with its final score difference. No rows if the hand is cut.

    With ``explore``, each decision with a choice plays, that often, one of the search's candidates
    drawn at random instead of the heuristic's own choice (from a generator of its own: the hands of
    ``explore=0`` are the same as without it)."""
    rules = Rules.from_preset(preset, players=players)
    rng = random.Random(seed)
    explorer = random.Random(f"explore {seed}")
    state = HandState.deal(rules, dealer=seed % players, seed=seed)
    bot = HeuristicBot()
    search = SearchBot() if explore else None
    rows: list[list[float]] = []
    baseline: list[float] = []
    # Per row, a seat of its side and a seat of each other side, to read the final scores by.
    scored: list[tuple[int, list[int]]] = []
    mover = -1
    for _ in range(HAND_ACTION_LIMIT):
        if state.is_over:
            break
        if state.current != mover:
            mover = state.current
            _record(state, rows, baseline, scored)
        seat = state.current
        view, legal = observe(state, seat), state.legal_actions()
        action = bot.choose(view, legal, rng)
        if search is not None and len(legal) > 1 and explorer.random() < explore:
            action = explorer.choice(search.candidates(view, legal))
        state.apply(action)
    if not state.is_over:
        return [], [], []
    scores = state.hand_score().seat_scores
    finals = [float(scores[own] - sum(scores[o] for o in others) / len(others)) for own, others in scored]
    return rows, baseline, finals


def _record(
    state: HandState, rows: list[list[float]], baseline: list[float], scored: list[tuple[int, list[int]]]
) -> None:
    features = side_features(state)
    seats = [side[0] for side in sides(state)]
    if len(features) == 2:
        # The second side's row would be the mirror of the first's: the same fit, counted twice.
        own, other = features
        rows.append([a - b for a, b in zip(own, other, strict=True)])
        baseline.append(position_value(observe(state, seats[0])))
        scored.append((seats[0], [seats[1]]))
        return
    count = len(features) - 1
    totals = [sum(column) for column in zip(*features, strict=True)]
    for side, row in enumerate(features):
        rows.append([value - (total - value) / count for value, total in zip(row, totals, strict=True)])
        baseline.append(position_value(observe(state, seats[side])))
        scored.append((seats[side], [seat for other, seat in enumerate(seats) if other != side]))


Arrays = tuple["np.ndarray", "np.ndarray", "np.ndarray"]
"""A hand's samples as arrays: a few hundred thousand rows of a large table held as floats of Python's
would take gigabytes."""


def _table_hand(task: tuple[str, int, int, float]) -> Arrays:
    import numpy as np

    preset, players, seed, explore = task
    rows, baseline, finals = hand_samples(seed, preset, players, explore)
    return np.array(rows, dtype=float).reshape(len(rows), len(FEATURES)), np.array(baseline), np.array(finals)


def fit(  # noqa: PLR0913
    hands: int, seed: int, workers: int | None, preset: str = "standard", players: int = 4, explore: float = 0.0
) -> dict[str, object]:
    """Play ``hands`` hands of the table (on ``workers`` processes, exploring as :func:`hand_samples`
    does), fit the weights on four fifths of them and judge them on the rest; the model as stored in
    ``value_models.json``."""
    import numpy as np

    tasks = [(preset, players, seed * 1_000_003 + index, explore) for index in range(hands)]
    started = time.perf_counter()
    if workers == 1:
        results: list[Arrays] = [_table_hand(task) for task in tasks]
    else:
        with Pool(workers) as pool:
            results = pool.map(_table_hand, tasks, chunksize=8)
    held_out = [results[i] for i in range(hands) if i % 5 == 4]
    train = [results[i] for i in range(hands) if i % 5 != 4]

    def stack(part: list[Arrays], column: int) -> np.ndarray:
        return np.concatenate([samples[column] for samples in part])

    train_x, train_y = stack(train, 0), stack(train, 2)
    test_x, test_base, test_y = stack(held_out, 0), stack(held_out, 1), stack(held_out, 2)
    scale = train_x.std(axis=0) + 1e-9
    scaled = train_x / scale
    gram = scaled.T @ scaled + RIDGE * np.eye(len(FEATURES))
    weights = np.linalg.solve(gram, scaled.T @ train_y) / scale

    def r_squared(predicted: np.ndarray) -> float | None:
        """R² on the held-out rows, rounded; None if their outcomes do not vary (a single held-out hand
        of two sides: every row has the same final difference)."""
        spread = ((test_y - test_y.mean()) ** 2).mean()
        return round(float(1 - ((test_y - predicted) ** 2).mean() / spread), 4) if spread > 0 else None

    # The hand-made value is on another scale: judge it by its best linear rescaling.
    slope, intercept = np.polyfit(test_base, test_y, 1)
    # The default table's model is the one being fitted (not the one it replaces).
    default = weights if table_key(preset, players) == DEFAULT_TABLE else np.array(default_model().weights)
    rules = Rules.from_preset(preset, players=players)
    return {
        "weights": {name: round(float(w), 6) for name, w in zip(FEATURES, weights, strict=True)},
        "info": {
            "fitted_on": f"{hands} hands of heuristic self-play{f' exploring {explore}' if explore else ''}, "
            f"{preset} game, {players} players, seed {seed}",
            "preset": preset,
            "players": players,
            "partnerships": rules.partnerships,
            "hands": hands,
            "seed": seed,
            "explore": explore,
            "bots_version": BOTS_VERSION,
            "cut_hands": sum(1 for samples in results if not len(samples[0])),
            "rows": len(train_y) + len(test_y),
            "held_out_hands": len(held_out),
            "held_out_rows": len(test_y),
            "held_out_r2": r_squared(test_x @ weights),
            DEFAULT_MODEL_R2: r_squared(test_x @ default),
            "held_out_r2_position_value_rescaled": r_squared(slope * test_base + intercept),
            "seconds": round(time.perf_counter() - started, 1),
        },
    }


def load_models(path: Path) -> dict[str, Any]:
    """The models file at ``path`` (an empty one if there is none yet)."""
    if not path.exists():
        return {"format": MODELS_FORMAT, "features": list(FEATURES), "tables": {}}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != MODELS_FORMAT:
        raise ValueError(f"{path} is not a file of value models ({MODELS_FORMAT})")
    return data


def write_models(data: dict[str, Any], path: Path) -> None:
    """Write the models, the tables in the order of every preset and format, through a temporary file
    (a run stopped while writing leaves the previous file whole)."""
    order = {table_key(preset, players): index for index, (preset, players) in enumerate(every_table())}
    tables = dict(sorted(data["tables"].items(), key=lambda item: (order.get(item[0], len(order)), item[0])))
    text = json.dumps({**data, "features": list(FEATURES), "tables": tables}, indent=2) + "\n"
    temporary = path.with_suffix(".tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


def already_fitted(entry: dict[str, Any] | None, hands: int, seed: int, explore: float = 0.0) -> bool:
    """Whether the table's model was fitted on these hands, seed and exploration, to the play of today's
    bots (a model fitted to other bots' play misjudges the positions today's playouts reach)."""
    if entry is None:
        return False
    model_from_json(entry)  # refuses a model of other features
    info = entry.get("info", {})
    return bool(
        info.get("hands") == hands
        and info.get("seed") == seed
        and info.get("explore", 0.0) == explore
        and info.get("bots_version") == BOTS_VERSION
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000, help="hands of self-play per table (a fifth held out)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    parser.add_argument(
        "--tables", default=DEFAULT_TABLE.replace("/", ":"), help="PRESET:PLAYERS,... or 'all' (default standard:4)"
    )
    parser.add_argument("--all-tables", action="store_true", help="every preset and format (as --tables all)")
    parser.add_argument(
        "--refit", action="store_true", help="fit tables already fitted with these hands, seed and bots"
    )
    parser.add_argument(
        "--explore",
        type=float,
        default=None,
        help="how often a decision plays one of the search's candidates at random instead "
        "(default: as the table's model was fitted, 0 for a new table)",
    )
    parser.add_argument("--out", type=Path, default=MODELS_PATH, help="the models file (updated table by table)")
    args = parser.parse_args(argv)
    if args.hands < 5:
        parser.error("--hands must be at least 5 (a fifth is held out)")
    if args.explore is not None and not 0 <= args.explore < 1:
        parser.error("--explore must be at least 0 and below 1")
    try:
        tables = parse_tables("all" if args.all_tables else args.tables)
    except ValueError as error:
        parser.error(str(error))
    data = load_models(args.out)
    for preset, players in tables:
        key = table_key(preset, players)
        entry = data["tables"].get(key)
        explore = (
            args.explore if args.explore is not None else float(entry["info"].get("explore", 0.0) if entry else 0.0)
        )
        if not args.refit and already_fitted(entry, args.hands, args.seed, explore):
            print(f"{key}: already fitted on {args.hands} hands, seed {args.seed}, bots {BOTS_VERSION}", flush=True)
            continue
        model = fit(args.hands, args.seed, args.workers, preset, players, explore)
        data["tables"][key] = model
        write_models(data, args.out)
        info = model["info"]
        assert isinstance(info, dict)
        print(
            f"{key}: R² {info['held_out_r2']} (the {DEFAULT_TABLE} model {info[DEFAULT_MODEL_R2]}, "
            f"position value {info['held_out_r2_position_value_rescaled']}), {info['rows']} rows, "
            f"{info['seconds']} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
