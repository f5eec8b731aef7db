"""Garbage-collector pauses in a long run: how many objects the engine leaves for the collector to walk,
how long a full pass takes, and the slowest decision steps of random play with the collector on.

Usage::

    .venv/bin/python benchmarks/pauses.py [--table "standard 4p"] [--hands N] [--json]
    .venv/bin/python benchmarks/pauses.py --baseline-src OTHER/src [--current-src SRC] [--hands N]

First one random hand of every table of ``benchmarks/engine.py --all-presets`` is played, as a long
run through many formats fills the engine's caches; then the objects the collector tracks are counted
and a full collection is timed (best of five). Then ``--hands`` random hands of ``--table`` with the
collector working as it does by default: reported are the slowest decision step (observe,
legal_actions, choose, apply), the 99.9th percentile, the number of full (generation 2) passes during
those hands with the longest of them (``gc.callbacks``), and a full collection after them (the caches
have grown). Every time is CPU time of the process.
With ``--baseline-src``, each engine is measured the same way in a child process of its own.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from engine import all_tables, percentile

from biriba.bots import make_bot
from biriba.core.state import HandState
from biriba.core.views import observe


def play(rules: Any, hand_seed: int, step_times: list[float] | None = None) -> None:
    """One random hand; with ``step_times``, each decision step's CPU time appended."""
    bot = make_bot("random")
    state = HandState.deal(rules, hand_seed % rules.players, seed=hand_seed)
    rng = random.Random(hand_seed)
    clock = time.process_time
    while not state.is_over:
        start = clock()
        state.apply(bot.choose(observe(state, state.current), state.legal_actions(), rng))
        if step_times is not None:
            step_times.append(clock() - start)


def measure(table: str, hands: int, seed: int) -> dict[str, Any]:
    tables = all_tables()
    for number, (_, rules) in enumerate(tables):
        play(rules, number)
    gc.collect()
    tracked = len(gc.get_objects())
    full_pass = []
    for _ in range(5):
        start = time.process_time()
        gc.collect()
        full_pass.append(time.process_time() - start)

    passes: list[tuple[int, float]] = []
    started = [0.0]

    def on_collection(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.process_time()
        else:
            passes.append((info["generation"], time.process_time() - started[0]))

    rules = dict(tables)[table]
    seeds = random.Random(seed)
    step_times: list[float] = []
    gc.callbacks.append(on_collection)
    try:
        for _ in range(hands):
            play(rules, seeds.randrange(2**32), step_times)
    finally:
        gc.callbacks.remove(on_collection)
    start = time.process_time()
    gc.collect()
    full_pass_after = time.process_time() - start
    full = [seconds for generation, seconds in passes if generation == 2]
    return {
        "table": table,
        "hands": hands,
        "steps": len(step_times),
        "tracked_objects": tracked,
        "full_pass_ms": 1e3 * min(full_pass),
        "full_pass_after_ms": 1e3 * full_pass_after,
        "max_step_ms": 1e3 * max(step_times),
        "p999_step_ms": 1e3 * percentile(step_times, 0.999),
        "full_passes": len(full),
        "longest_full_pass_ms": 1e3 * max(full, default=0.0),
        "collections": len(passes),
    }


ROWS = (
    ("objects the collector tracks after a hand of every table", "tracked_objects", "{:,.0f}"),
    ("a full collection then, ms", "full_pass_ms", "{:.1f}"),
    ("a full collection after the hands, ms", "full_pass_after_ms", "{:.1f}"),
    ("full collections during the hands", "full_passes", "{:.0f}"),
    ("the longest of them, ms", "longest_full_pass_ms", "{:.1f}"),
    ("slowest decision step, ms", "max_step_ms", "{:.2f}"),
    ("99.9th percentile step, ms", "p999_step_ms", "{:.2f}"),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--table", default="standard 4p", help='the table played (default "standard 4p")')
    parser.add_argument("--hands", type=int, default=100, help="random hands of the table (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the hands' seeds (default 1)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--baseline-src", help="compare with the engine of another checkout's src folder")
    parser.add_argument("--current-src", help="with --baseline-src: the engine to compare (default: this checkout)")
    args = parser.parse_args(argv)
    if args.table not in dict(all_tables()):
        parser.error(f"no table {args.table!r}; the tables are those of benchmarks/engine.py --all-presets")
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    if not args.baseline_src:
        result = measure(args.table, args.hands, args.seed)
        if args.json:
            json.dump(result, sys.stdout)
            print()
        else:
            print(f"{args.table}, {result['hands']} random hands ({result['steps']:,} steps), collector on")
            for label, key, form in ROWS:
                print(f"{label:<58}{form.format(result[key]):>10}")
        return 0
    here = args.current_src or str(Path(__file__).resolve().parents[1] / "src")
    child = [sys.executable, __file__, "--table", args.table, "--hands", str(args.hands), "--seed", str(args.seed)]
    sides = {}
    for side, src in (("baseline", args.baseline_src), ("current", here)):
        done = subprocess.run(
            [*child, "--json"], env=dict(os.environ, PYTHONPATH=src), check=True, capture_output=True, text=True
        )
        sides[side] = json.loads(done.stdout)
    print(f"{args.table}, {args.hands} random hands, collector on: baseline, now")
    for label, key, form in ROWS:
        print(f"{label:<58}{form.format(sides['baseline'][key]):>10}{form.format(sides['current'][key]):>10}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
