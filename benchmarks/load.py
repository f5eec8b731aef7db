"""Load test of ``biriba serve`` on loopback: many tables at once, one scripted player at each (the other
seats are the server's bots), reporting action round-trip latency percentiles.

The server runs as a ``biriba serve`` subprocess (its own process and core, as in production); the
players are asyncio WebSocket clients in this process. A player asks for a hint on its turn and plays
it; the round trip of an action is the time from sending it to receiving the view with the new
sequence number. The run is bounded: ``--seconds`` of play after every table is seated.

    .venv/bin/python benchmarks/load.py --tables 200 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from biriba.server.main import tune_garbage_collector


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def player(url: str, token: str, table_id: str, until: float, latencies: list[float], errors: list[str]) -> None:  # noqa: PLR0913
    """Play seat 0 of a table by hints until ``until``, timing every action."""
    ws_url = url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
    async with connect(ws_url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while time.monotonic() < until:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.1, until - time.monotonic())))
            except TimeoutError:
                break
            kind = message["type"]
            if kind == "error":
                errors.append(f"{message['code']}: {message['message']}")
                continue
            if kind != "state":
                continue
            state = message
            while state["my_turn"] and time.monotonic() < until:  # a turn is several actions
                state = await play_one(ws, state, latencies, errors)
            if state["hand_over"] and state["may_deal"]:
                await ws.send(json.dumps({"type": "next_hand", "seq": state["seq"]}))


async def play_one(ws: object, state: dict[str, Any], latencies: list[float], errors: list[str]) -> dict[str, Any]:
    """Ask for a hint, play it, and return the view that follows (or the old one after an error)."""
    await ws.send(json.dumps({"type": "hint"}))  # type: ignore[attr-defined]
    while (hint := json.loads(await ws.recv()))["type"] != "hint":  # type: ignore[attr-defined]
        if hint["type"] == "error":
            errors.append(f"{hint['code']}: {hint['message']}")
            return {**state, "my_turn": False}
    seq = state["seq"]
    started = time.perf_counter()
    await ws.send(json.dumps({"type": "action", "seq": seq, "action": hint["action"]}))  # type: ignore[attr-defined]
    while True:
        reply = json.loads(await ws.recv())  # type: ignore[attr-defined]
        if reply["type"] == "state" and reply["seq"] > seq:
            latencies.append(time.perf_counter() - started)
            return dict(reply)
        if reply["type"] == "error":
            errors.append(f"{reply['code']}: {reply['message']}")
            return {**state, "my_turn": False}


async def run(url: str, tables: int, seconds: float, bots: str) -> tuple[list[float], list[str]]:
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        seated = []
        for number in range(tables):
            token = (await client.post("/api/guests", json={"name": f"load{number}"})).json()["token"]
            created = await client.post(
                "/api/tables",
                json={"seats": [None, bots, bots, bots]},
                headers={"Authorization": f"Bearer {token}"},
            )
            created.raise_for_status()
            seated.append((token, created.json()["table"]["id"]))
    latencies: list[float] = []
    errors: list[str] = []
    until = time.monotonic() + seconds
    await asyncio.gather(*(player(url, token, table_id, until, latencies, errors) for token, table_id in seated))
    return latencies, errors


def percentile(sorted_values: list[float], fraction: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--bots", default="greedy", help="bot level of the three other seats")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="the server's bot pause (as in real games)")
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument(
        "--hint-bot",
        default="heuristic",
        help="the server's hint bot: the scripted players play by hints, one per action, where a person asks "
        "for one now and then (default: heuristic, so that hints do not dominate the measure)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = args.db or f"sqlite:///{Path(folder) / 'load.sqlite3'}"
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        command = [sys.executable, "-m", "biriba", "serve", "--port", str(port), "--db", database]
        options = ["--bot-delay", str(args.bot_delay), "--hint-bot", args.hint_bot, "--log-level", "warning"]
        options += ["--guests-rate", "100000/minute"]  # every scripted player is a guest of this one address
        server = subprocess.Popen([*command, *options])
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start")
                time.sleep(0.2)
            # The players' process collects garbage as the server does (biriba.server.main), so that its
            # own pauses do not count as the server's latency.
            tune_garbage_collector()
            latencies, errors = asyncio.run(run(url, args.tables, args.seconds, args.bots))
        finally:
            server.terminate()
            server.wait(timeout=30)
    values = sorted(latencies)
    print(
        f"tables: {args.tables}, seconds: {args.seconds}, bots: {args.bots}, bot delay: {args.bot_delay} s, "
        f"hints: {args.hint_bot}"
    )
    print(f"actions: {len(values)} ({len(values) / args.seconds:.1f}/s), errors: {len(errors)}")
    if values:
        ms = [1000 * v for v in values]
        print(
            f"round trip ms: p50 {percentile(ms, 0.5):.1f}, p90 {percentile(ms, 0.9):.1f}, "
            f"p99 {percentile(ms, 0.99):.1f}, max {ms[-1]:.1f}, mean {statistics.fmean(ms):.1f}"
        )
    for error in sorted(set(errors))[:10]:
        print(f"  error: {error}")


if __name__ == "__main__":
    main()
