"""Engine speed on one core: random hands, per-call costs, and the greedy bot's decision time.

Usage::

    .venv/bin/python benchmarks/engine.py [--hands N] [--greedy-hands M] [--seed S] [--json]

Random play: the random bot chooses among ``legal_actions()`` for every seat, as ``play_out`` does
(observe, legal_actions, choose, apply). Reported: decision steps per second, hands per second, mean
actions per hand, and the mean time of one call of ``legal_actions``, ``apply`` and ``clone`` (each
timed with ``time.perf_counter`` around the call; ``clone`` is called once per step on the current
state, outside the play loop's own time). Greedy play: four greedy bots; reported are the median and
99th percentile of one decision (``observe`` + ``legal_actions`` + ``choose``) and of ``choose`` alone.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from typing import Any

from biriba.bots import make_bot
from biriba.core.rules import Rules
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300, help="random hands to play (default 300)")
    parser.add_argument("--greedy-hands", type=int, default=None, help="greedy hands (default: hands / 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the hands' seeds (default 1)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
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
