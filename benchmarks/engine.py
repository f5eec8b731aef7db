"""Engine speed on one core: random hands, per-call costs, and the greedy bot's decision time.

Usage::

    .venv/bin/python benchmarks/engine.py [--hands N] [--greedy-hands M] [--seed S] [--json]
    .venv/bin/python benchmarks/engine.py --all-presets [--hands N] [--json]
    .venv/bin/python benchmarks/engine.py --all-presets --baseline-src OTHER/src [--rounds R]

``--all-presets``: random play of every preset in every format, interleaved (a round plays a few hands
of every table, then the next round), each table's cost per decision step as a ratio to the 4-player
standard game's in the same run, and the ``legal_actions`` p99 and worst call; then the hard positions
of ``benchmarks/positions.py`` (first call, and a repeat on a copy of the state). Every time is CPU
time of this process (``time.process_time``), so other jobs on the machine count little.
``--baseline-src``: the same measurement alternately with another checkout's ``src`` (for instance the
engine before a change) in child processes, ``--rounds`` times each, and the ratios between the two.

Random play: the random bot chooses among ``legal_actions()`` for every seat, as ``play_out`` does
(observe, legal_actions, choose, apply). Reported: decision steps per second, hands per second, mean
actions per hand, and the mean time of one call of ``legal_actions``, ``apply`` and ``clone`` (each
timed with ``time.perf_counter`` around the call; ``clone`` is called once per step on the current
state, outside the play loop's own time). Greedy play: four greedy bots; reported are the median and
99th percentile of one decision (``observe`` + ``legal_actions`` + ``choose``) and of ``choose`` alone.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from biriba.bots import make_bot
from biriba.core.rules import PLAYER_COUNTS, PRESETS, Rules
from biriba.core.state import HandState
from biriba.core.views import observe


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def bench_random(rules: Rules, hands: int, seed: int) -> dict[str, Any]:
    bot = make_bot("random")
    seeds = random.Random(seed)
    steps = 0
    legal_time = apply_time = clone_time = 0.0
    loop_time = 0.0
    went_out = 0
    perf = time.perf_counter
    for number in range(hands):
        hand_seed = seeds.randrange(2**32)
        state = HandState.deal(rules, number % 4, seed=hand_seed)
        rng = random.Random(hand_seed)
        while not state.is_over:
            start = perf()
            view = observe(state, state.current)
            t0 = perf()
            legal = state.legal_actions()
            t1 = perf()
            action = bot.choose(view, legal, rng)
            t2 = perf()
            state.apply(action)
            t3 = perf()
            loop_time += t3 - start
            legal_time += t1 - t0
            apply_time += t3 - t2
            steps += 1
            c0 = perf()
            state.clone()
            clone_time += perf() - c0
        went_out += state.went_out >= 0
    return {
        "hands": hands,
        "steps": steps,
        "seconds": loop_time,
        "steps_per_second": steps / loop_time,
        "hands_per_second": hands / loop_time,
        "mean_actions_per_hand": steps / hands,
        "hands_gone_out": went_out,
        "legal_actions_us": 1e6 * legal_time / steps,
        "apply_us": 1e6 * apply_time / steps,
        "clone_us": 1e6 * clone_time / steps,
    }


def bench_greedy(rules: Rules, hands: int, seed: int) -> dict[str, Any]:
    bots = [make_bot("greedy") for _ in range(4)]
    seeds = random.Random(seed + 1)
    decision: list[float] = []
    choose_only: list[float] = []
    perf = time.perf_counter
    for number in range(hands):
        hand_seed = seeds.randrange(2**32)
        state = HandState.deal(rules, number % 4, seed=hand_seed)
        rng = random.Random(hand_seed)
        while not state.is_over:
            seat = state.current
            t0 = perf()
            view = observe(state, seat)
            legal = state.legal_actions()
            t1 = perf()
            action = bots[seat].choose(view, legal, rng)
            t2 = perf()
            decision.append(t2 - t0)
            choose_only.append(t2 - t1)
            state.apply(action)
    return {
        "hands": hands,
        "decisions": len(decision),
        "decision_median_us": 1e6 * statistics.median(decision),
        "decision_p99_us": 1e6 * percentile(decision, 0.99),
        "choose_median_us": 1e6 * statistics.median(choose_only),
        "choose_p99_us": 1e6 * percentile(choose_only, 0.99),
        "mean_actions_per_hand": len(decision) / hands,
    }


def all_tables() -> list[tuple[str, Rules]]:
    """Every preset in every format, and the first meld under a minimum of 90 (classic)."""
    tables = [
        (f"{preset} {players}p", Rules.from_preset(preset, players=players))
        for preset in PRESETS
        for players in PLAYER_COUNTS
    ]
    tables.append(("classic 4p min 90", Rules.from_json({"preset": "classic", "initial_meld": [[0, 90]]})))
    return tables


BASE_TABLE = "standard 4p"


def bench_all_presets(hands: int, seed: int, per_round: int = 2, freeze: bool = False) -> dict[str, Any]:
    """Random play of every table, ``per_round`` hands of each in turn until each played ``hands``, after
    one untimed hand of each (the engine's caches fill as in a long run); with ``freeze``, the objects
    made so far are then moved out of the garbage collector's reach (``gc.freeze``)."""
    bot = make_bot("random")
    tables = all_tables()
    clock = time.process_time
    for number, (_, rules) in enumerate(tables):
        warm = HandState.deal(rules, number % rules.players, seed=number)
        warm_rng = random.Random(number)
        while not warm.is_over:
            warm.apply(bot.choose(observe(warm, warm.current), warm.legal_actions(), warm_rng))
    if freeze:
        gc.freeze()
    rows: dict[str, dict[str, Any]] = {
        name: {"steps": 0, "hands": 0, "seconds": 0.0, "legal": [], "max_step": 0.0} for name, _ in tables
    }
    seeds = random.Random(seed)
    played = 0
    while played < hands:
        batch = min(per_round, hands - played)
        for name, rules in tables:
            row = rules_row = rows[name]
            legal_times: list[float] = rules_row["legal"]
            for _ in range(batch):
                hand_seed = seeds.randrange(2**32)
                state = HandState.deal(rules, hand_seed % rules.players, seed=hand_seed)
                rng = random.Random(hand_seed)
                steps, seconds, max_step = 0, 0.0, row["max_step"]
                while not state.is_over:
                    start = clock()
                    view = observe(state, state.current)
                    t0 = clock()
                    legal = state.legal_actions()
                    t1 = clock()
                    state.apply(bot.choose(view, legal, rng))
                    step = clock() - start
                    seconds += step
                    max_step = max(max_step, step)
                    legal_times.append(t1 - t0)
                    steps += 1
                row["steps"] += steps
                row["seconds"] += seconds
                row["hands"] += 1
                row["max_step"] = max_step
        played += batch
    base = rows[BASE_TABLE]["seconds"] / rows[BASE_TABLE]["steps"]
    results: dict[str, Any] = {}
    for name, row in rows.items():
        per_step = row["seconds"] / row["steps"]
        results[name] = {
            "hands": row["hands"],
            "steps_per_hand": row["steps"] / row["hands"],
            "steps_per_second": row["steps"] / row["seconds"],
            "step_cost_ratio": per_step / base,
            "legal_mean_ms": 1e3 * statistics.fmean(row["legal"]),
            "legal_p99_ms": 1e3 * percentile(row["legal"], 0.99),
            "legal_max_ms": 1e3 * max(row["legal"]),
            "max_step_ms": 1e3 * row["max_step"],
        }
    return results


def bench_positions() -> dict[str, Any]:
    """``legal_actions`` on each hard position: the first call, then a call on a copy (what a hand keeps
    for later calls: a search or a bot asks again after a clone)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from positions import POSITIONS

    clock = time.process_time
    results: dict[str, Any] = {}
    for name, build in POSITIONS.items():
        state = build()
        start = clock()
        listed = state.legal_actions()
        first = clock() - start
        again = state.clone()
        start = clock()
        again.legal_actions()
        repeat = clock() - start
        results[name] = {"actions": len(listed), "first_ms": 1e3 * first, "repeat_ms": 1e3 * repeat}
    return results


def print_all_presets(results: dict[str, Any]) -> None:
    tables, positions = results["tables"], results["positions"]
    print(f"Random play, every preset and format (CPU time, one process; ratios to {BASE_TABLE})")
    print(
        f"{'table':<22}{'hands':>6}{'steps/hand':>11}{'steps/s':>9}{'cost/step':>10}"
        f"{'legal mean':>11}{'p99':>8}{'worst':>8}{'max step':>9}  (ms)"
    )
    for name, row in tables.items():
        print(
            f"{name:<22}{row['hands']:>6}{row['steps_per_hand']:>11.0f}{row['steps_per_second']:>9,.0f}"
            f"{row['step_cost_ratio']:>9.2f}x{row['legal_mean_ms']:>11.3f}{row['legal_p99_ms']:>8.2f}"
            f"{row['legal_max_ms']:>8.2f}{row['max_step_ms']:>9.2f}"
        )
    print("\nHard positions (benchmarks/positions.py): legal_actions")
    print(f"{'position':<42}{'actions':>8}{'first ms':>10}{'repeat ms':>10}")
    for name, row in positions.items():
        print(f"{name:<42}{row['actions']:>8}{row['first_ms']:>10.2f}{row['repeat_ms']:>10.2f}")


def compare_with_baseline(argv: list[str], baseline_src: str, current_src: str | None, rounds: int) -> dict[str, Any]:
    """Run this benchmark (``--json``) alternately on ``baseline_src`` and on ``current_src`` (this
    checkout's ``src``, or for instance an unpacked compiled wheel), ``rounds`` times each, in child
    processes; the best (fastest) run of each side counts."""
    here = current_src or str(Path(__file__).resolve().parents[1] / "src")
    child_args = [a for a in argv if a not in ("--json",)]
    skip = False
    cleaned = []
    for arg in child_args:
        if skip:
            skip = False
            continue
        if arg in ("--baseline-src", "--current-src", "--rounds"):
            skip = True
            continue
        if arg.startswith(("--baseline-src=", "--current-src=", "--rounds=")):
            continue
        cleaned.append(arg)
    runs: dict[str, list[dict[str, Any]]] = {"baseline": [], "current": []}
    for _ in range(rounds):
        for side, src in (("baseline", baseline_src), ("current", here)):
            env = dict(os.environ, PYTHONPATH=src)
            output = subprocess.run(
                [sys.executable, __file__, *cleaned, "--json"], env=env, check=True, capture_output=True, text=True
            ).stdout
            runs[side].append(json.loads(output))
    return runs


def print_comparison(runs: dict[str, list[dict[str, Any]]]) -> None:
    base_runs, current_runs = runs["baseline"], runs["current"]
    if "tables" not in current_runs[0]:
        b = max(r["random"]["steps_per_second"] for r in base_runs)
        c = max(r["random"]["steps_per_second"] for r in current_runs)
        print(f"random play, standard 4p: baseline {b:,.0f} steps/s, now {c:,.0f} steps/s: {c / b:.2f}x")
        return
    print("Random play: steps/s (best of the runs), now / baseline")
    print(f"{'table':<22}{'baseline':>10}{'now':>10}{'speed-up':>10}{'worst legal ms (was)':>24}{'p99 ms (was)':>18}")
    for name in current_runs[0]["tables"]:
        b = max(r["tables"][name]["steps_per_second"] for r in base_runs)
        c = max(r["tables"][name]["steps_per_second"] for r in current_runs)
        worst_b = min(r["tables"][name]["legal_max_ms"] for r in base_runs)
        worst_c = min(r["tables"][name]["legal_max_ms"] for r in current_runs)
        p99_b = min(r["tables"][name]["legal_p99_ms"] for r in base_runs)
        p99_c = min(r["tables"][name]["legal_p99_ms"] for r in current_runs)
        legal = f"{worst_c:>13.2f} ({worst_b:.2f}){p99_c:>9.2f} ({p99_b:.2f})"
        print(f"{name:<22}{b:>10,.0f}{c:>10,.0f}{c / b:>9.2f}x{legal}")
    print("\nHard positions: first call ms, now (baseline)")
    for name in current_runs[0]["positions"]:
        b = min(r["positions"][name]["first_ms"] for r in base_runs)
        c = min(r["positions"][name]["first_ms"] for r in current_runs)
        print(f"{name:<42}{c:>10.2f} ({b:.2f})")


def play_workload(table: str, hands: int, seed: int) -> int:
    """Random play of ``hands`` hands of one table, untimed (for instruction counts): the steps played."""
    rules = dict(all_tables())[table]
    bot = make_bot("random")
    seeds = random.Random(seed)
    steps = 0
    for _ in range(hands):
        hand_seed = seeds.randrange(2**32)
        state = HandState.deal(rules, hand_seed % rules.players, seed=hand_seed)
        rng = random.Random(hand_seed)
        while not state.is_over:
            state.apply(bot.choose(observe(state, state.current), state.legal_actions(), rng))
            steps += 1
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--hands", type=int, default=300, help="random hands to play (default 300; per table with --all-presets)"
    )
    parser.add_argument("--greedy-hands", type=int, default=None, help="greedy hands (default: hands / 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the hands' seeds (default 1)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--all-presets", action="store_true", help="every preset and format, and hard positions")
    parser.add_argument("--baseline-src", help="compare with the engine of another checkout's src folder")
    parser.add_argument("--workload", metavar="TABLE", help="play --hands random hands of TABLE untimed, print steps")
    parser.add_argument("--current-src", help="with --baseline-src: the engine to compare (default: this checkout)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each side with --baseline-src (default 2)")
    parser.add_argument(
        "--gc-freeze", action="store_true", help="--all-presets: gc.freeze() after the warm-up hands (max step)"
    )
    args = parser.parse_args(argv)
    if args.workload:
        print(play_workload(args.workload, max(args.hands, 0), args.seed))
        return 0
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    if args.baseline_src:
        argv_seen = sys.argv[1:] if argv is None else argv
        runs = compare_with_baseline(argv_seen, args.baseline_src, args.current_src, args.rounds)
        if args.json:
            json.dump(runs, sys.stdout, indent=2)
            print()
        else:
            print_comparison(runs)
        return 0
    if args.all_presets:
        header = {"python": platform.python_version(), "machine": platform.machine(), "seed": args.seed}
        tables = bench_all_presets(args.hands, args.seed, freeze=args.gc_freeze)
        results = header | {"tables": tables, "positions": bench_positions()}
        if args.json:
            json.dump(results, sys.stdout, indent=2)
            print()
        else:
            print(f"biriba engine, every preset (Python {results['python']}, {results['machine']}, seed {args.seed})")
            print_all_presets(results)
        return 0
    greedy_hands = args.greedy_hands if args.greedy_hands is not None else max(1, args.hands // 3)
    rules = Rules.from_preset("standard")
    results = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seed": args.seed,
        "random": bench_random(rules, args.hands, args.seed),
        "greedy": bench_greedy(rules, greedy_hands, args.seed),
    }
    if args.json:
        json.dump(results, sys.stdout, indent=2)
        print()
        return 0
    r, g = results["random"], results["greedy"]
    rows = [
        ("Random play (standard rules, one core)", None),
        ("hands", f"{r['hands']}"),
        ("decision steps", f"{r['steps']}"),
        ("decision steps per second", f"{r['steps_per_second']:,.0f}"),
        ("hands per second", f"{r['hands_per_second']:,.1f}"),
        ("mean actions per hand", f"{r['mean_actions_per_hand']:.1f}"),
        ("hands ended by going out", f"{r['hands_gone_out']}"),
        ("legal_actions, mean per call", f"{r['legal_actions_us']:.1f} us"),
        ("apply, mean per call", f"{r['apply_us']:.1f} us"),
        ("clone, mean per call", f"{r['clone_us']:.1f} us"),
        ("Greedy bot decisions", None),
        ("hands", f"{g['hands']}"),
        ("decisions", f"{g['decisions']}"),
        ("mean actions per hand", f"{g['mean_actions_per_hand']:.1f}"),
        ("decision (observe+legal+choose) median", f"{g['decision_median_us']:.1f} us"),
        ("decision (observe+legal+choose) p99", f"{g['decision_p99_us']:.1f} us"),
        ("choose alone median", f"{g['choose_median_us']:.1f} us"),
        ("choose alone p99", f"{g['choose_p99_us']:.1f} us"),
    ]
    width = max(len(label) for label, value in rows if value is not None)
    print(f"biriba engine benchmark (Python {results['python']}, {results['machine']}, seed {args.seed})")
    for label, value in rows:
        if value is None:
            print(f"\n{label}\n{'-' * (width + 14)}")
        else:
            print(f"{label:<{width}}  {value:>12}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
