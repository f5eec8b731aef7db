"""The benchmark scripts that take options: they measure the table they are told, and refuse a bad one."""

from __future__ import annotations

import json
from typing import Any

import pytest
from benchmarks import bots

from biriba.core.rules import Rules


def test_the_bots_benchmark_times_the_table_it_is_told(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    timed: list[tuple[str, str, int]] = []
    bench_bot = bots.bench_bot

    def recording(spec: str, rules: Rules, hands: int, seed: int) -> dict[str, Any]:
        timed.append((spec, rules.preset, rules.players))
        return bench_bot(spec, rules, hands, seed)

    monkeypatch.setattr(bots, "bench_bot", recording)
    assert bots.main(["--hands", "1", "--bots", "random,greedy", "--table", "classic:6", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert timed == [("random", "classic", 6), ("greedy", "classic", 6)]
    assert report["table"] == "classic:6"
    assert [row["bot"] for row in report["bots"]] == ["random", "greedy"]
    assert all(row["decisions"] > 0 for row in report["bots"])
    assert bots.main(["--hands", "1", "--bots", "random"]) == 0
    assert timed[-1] == ("random", "standard", 4)  # the default table


@pytest.mark.parametrize(
    ("table", "problem"), [("nosuch:4", "a table is PRESET:PLAYERS"), ("all", "one table is PRESET:PLAYERS")]
)
def test_the_bots_benchmark_refuses_a_table_it_cannot_time(
    table: str, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        bots.main(["--hands", "1", "--bots", "random", "--table", table])
    assert problem in capsys.readouterr().err


def test_the_bots_benchmark_reads_bot_specs_with_options() -> None:
    assert bots.split_specs("search,search:turns=8,worlds=32, greedy") == [
        "search",
        "search:turns=8,worlds=32",
        "greedy",
    ]
