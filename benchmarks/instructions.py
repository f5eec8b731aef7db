"""Instructions per decision step, counted by callgrind: a measure that other jobs on the machine do not
move, for comparing two engines (for instance the engine before a change, or a compiled wheel).

Usage::

    .venv/bin/python benchmarks/instructions.py --baseline-src OTHER/src [--current-src SRC]
        [--tables "standard 4p,venezuelan 4p"] [--hands N]

Each engine plays the same seeded random hands of each table (``benchmarks/engine.py --workload``)
under ``valgrind --tool=callgrind``; the instructions of starting Python and importing the package
(the same command with no hand) are subtracted. Printed: instructions per step of each engine and
their ratio (baseline / current: how many times fewer the current engine needs). Needs valgrind.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def instructions(src: str, table: str, hands: int) -> tuple[int, int]:
    """Instructions executed by ``hands`` random hands of ``table`` on the engine in ``src``, and steps."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable]
        command += [str(HERE / "engine.py"), "--workload", table, "--hands", str(hands)]
        done = subprocess.run(command, env=dict(os.environ, PYTHONPATH=src), capture_output=True, text=True, check=True)
        found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
        if found is None:
            raise RuntimeError(f"no instruction count in callgrind's output:\n{done.stderr[-2000:]}")
        return int(found.group(1)), int(done.stdout.strip().splitlines()[-1])


def per_step(src: str, table: str, hands: int) -> float:
    total, steps = instructions(src, table, hands)
    start, _ = instructions(src, table, 0)
    return (total - start) / steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline-src", required=True, help="the src folder of the engine to compare with")
    parser.add_argument("--current-src", default=str(HERE.parent / "src"), help="default: this checkout's src")
    parser.add_argument("--tables", default="standard 4p", help="comma-separated table names of engine.py")
    parser.add_argument("--hands", type=int, default=20, help="hands per table (default 20)")
    args = parser.parse_args()
    print(f"{'table':<22}{'baseline Ir/step':>18}{'current Ir/step':>18}{'ratio':>8}")
    for table in (t.strip() for t in args.tables.split(",")):
        base = per_step(args.baseline_src, table, args.hands)
        current = per_step(args.current_src, table, args.hands)
        print(f"{table:<22}{base:>18,.0f}{current:>18,.0f}{base / current:>7.2f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
