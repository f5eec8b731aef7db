"""Memory of ``biriba serve`` under a flood of wrong logins: ``--logins`` at once, each from an address
of its own (through the trusted-proxy header, so that the per-address limit lets them all in) against
``--accounts`` accounts, with the per-account limit raised as well: only the hashing bound is left to
hold the memory. Prints the server's resident memory before the flood and its peak (``VmHWM``).

    .venv/bin/python benchmarks/login_flood.py --logins 40
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

BOUND = re.compile(r"Biriba: (http://127\.0\.0\.1:\d+) ")
PASSWORD = "a biriba of clean hearts"


def memory(pid: int, field: str) -> int:
    """A field of /proc/PID/status in MiB (``VmRSS``: now, ``VmHWM``: the peak so far)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) // 1024
    raise SystemExit(f"no {field} for process {pid}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--logins", type=int, default=40)
    parser.add_argument("--accounts", type=int, default=4)
    parser.add_argument("--extra", nargs="*", default=[], help="more options of biriba serve")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryFile() as log:
        command = [sys.executable, "-m", "biriba", "serve", "--port", "0", "--db", f"sqlite:///{folder}/flood.sqlite3"]
        options = ["--proxy", "127.0.0.1", "--logins-rate", "100000/minute", "--log-level", "warning", *args.extra]
        server = subprocess.Popen([*command, *options], stderr=log)
        try:
            deadline = time.monotonic() + 60
            url = None
            while url is None:
                log.seek(0)
                found = BOUND.search(log.read().decode(errors="replace"))
                url = found.group(1) if found else None
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start")
                time.sleep(0.1)
            while True:
                try:
                    if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.1)
            for n in range(args.accounts):
                body = {"username": f"flooded{n}", "password": PASSWORD}
                headers = {"X-Forwarded-For": f"10.9.0.{n}"}
                httpx.post(f"{url}/api/users", json=body, headers=headers, timeout=60).raise_for_status()
            before = memory(server.pid, "VmRSS")
            start = threading.Barrier(args.logins)

            def wrong(n: int) -> int:
                with httpx.Client(timeout=120) as client:
                    start.wait()
                    body = {"username": f"flooded{n % args.accounts}", "password": "not the password at all"}
                    headers = {"X-Forwarded-For": f"10.8.{n // 250}.{n % 250}"}
                    return client.post(f"{url}/api/login", json=body, headers=headers).status_code

            began = time.monotonic()
            with ThreadPoolExecutor(args.logins) as pool:
                codes = list(pool.map(wrong, range(args.logins)))
            took = time.monotonic() - began
            peak = memory(server.pid, "VmHWM")
        finally:
            server.terminate()
            server.wait(timeout=30)
    answers = {code: codes.count(code) for code in sorted(set(codes))}
    print(f"{args.logins} wrong logins at once: answers {answers} in {took:.1f} s")
    print(f"server memory: {before} MiB before, peak {peak} MiB")


if __name__ == "__main__":
    main()
