"""Each bot's decision time on one core: the median and 99th percentile of one ``choose`` call, and
decisions per second.

Usage::

    .venv/bin/python benchmarks/bots.py [--hands N] [--bots random,greedy,...] [--table PRESET:PLAYERS]
                                        [--seed S] [--json]

Each bot plays every seat of N hands of the table (by default the 4-player standard game; the same seeded
deals for every bot), in this process. Only the ``choose`` call is timed (CPU time, ``time.process_time``,
around it): the view, the legal actions and applying the action are the engine's cost, measured by
``benchmarks/engine.py``.
Decisions per second is the number of decisions over their summed time. Every decision counts,
including forced ones (a single legal action), as a player at the table sees them.
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

from biriba.bots import BOT_LEVELS, make_bot
from biriba.core.errors import InvalidInputError
from biriba.core.rules import Rules
from biriba.core.state import HandState
from biriba.core.views import observe
from biriba.sim.ladders import parse_table


def bench_bot(spec: str, rules: Rules, hands: int, seed: int) -> dict[str, Any]:
    """Time every ``choose`` of bot ``spec`` over ``hands`` hands in which it plays every seat."""
    seeds = random.Random(seed)
    times: list[float] = []
    perf = time.process_time  # CPU time: other jobs on the machine count little
    for number in range(hands):
        hand_seed = seeds.randrange(2**32)
        state = HandState.deal(rules, number % rules.players, seed=hand_seed)
        bots = [make_bot(spec) for _ in range(rules.players)]
        rngs = [random.Random(f"{hand_seed}:{seat}") for seat in range(rules.players)]
        while not state.is_over:
            seat = state.current
            view = observe(state, seat)
            legal = state.legal_actions()
            start = perf()
            action = bots[seat].choose(view, legal, rngs[seat])
            times.append(perf() - start)
            state.apply(action)
    total = sum(times)
    return {
        "bot": spec,
        "hands": hands,
        "decisions": len(times),
        "median_ms": 1e3 * statistics.median(times),
        "p99_ms": 1e3 * statistics.quantiles(times, n=100, method="inclusive")[98] if len(times) > 1 else 1e3 * total,
        "decisions_per_second": len(times) / total if total > 0 else float("inf"),
    }


def split_specs(text: str) -> list[str]:
    """The bot specs of a comma-separated list, where a spec's own options are comma-separated too:
    ``search,search:turns=8,worlds=32`` is ``search`` and ``search:turns=8,worlds=32`` (a part that sets
    an option, ``worlds=32``, belongs to the spec before it)."""
    specs: list[str] = []
    for part in (part.strip() for part in text.split(",")):
        if not part:
            continue
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=5, help="hands per bot (default 5)")
    parser.add_argument(
        "--bots",
        default=",".join(BOT_LEVELS),
        help=f"comma-separated bot specs, options too (default {','.join(BOT_LEVELS)})",
    )
    parser.add_argument("--table", default="standard:4", help="PRESET:PLAYERS (default standard:4)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the hands' seeds (default 1)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    specs = split_specs(args.bots)
    if not specs:
        parser.error("--bots names no bot")
    for spec in specs:
        try:
            make_bot(spec)
        except InvalidInputError as error:
            parser.error(str(error))
    try:
        preset, players = parse_table(args.table)
    except ValueError as error:
        parser.error(f"--table: {error}")
    rules = Rules.from_preset(preset, players=players)
    results = [bench_bot(spec, rules, args.hands, args.seed) for spec in specs]
    if args.json:
        json.dump(
            {"python": platform.python_version(), "machine": platform.machine(), "table": args.table, "bots": results},
            sys.stdout,
        )
        print()
        return 0
    print(
        f"bot decision time, choose() only (Python {platform.python_version()}, {platform.machine()}, one core, "
        f"{args.hands} hands of {preset} with {players} players, seed {args.seed})"
    )
    width = max(12, *(len(spec) for spec in specs))
    print(f"{'bot':<{width}}  {'decisions':>9}  {'median ms':>10}  {'p99 ms':>10}  {'decisions/s':>12}")
    for row in results:
        print(
            f"{row['bot']:<{width}}  {row['decisions']:>9}  {row['median_ms']:>10.3f}  {row['p99_ms']:>10.3f}  "
            f"{row['decisions_per_second']:>12,.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
