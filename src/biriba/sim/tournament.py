"""A tournament: pairings of bots, each played over duplicate deals (and duplicate matches), spread over
processes, summarised per pairing and rated over all bots.

Determinism: deal ``i`` is dealt from ``derive_seed(seed, "deal", i)`` whatever the pairing and whatever
process plays it, and the results are put back in order of pairing and index before anything is
summed, so the results (and their JSON) are the same for any number of worker processes. Every pairing
plays the same deals, which also makes pairings comparable with each other.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from biriba.bots.imported import load_bot
from biriba.core.errors import InvalidInputError
from biriba.core.rules import Rules
from biriba.sim.duplicate import (
    DealResult,
    DuplicateDeal,
    MatchResult,
    check_two_sides,
    derive_seed,
    play_duplicate_deal,
    play_duplicate_match,
)
from biriba.sim.stats import CI_METHOD, RATING_METHOD, MeanInterval, fit_ratings, mean_interval

RESULTS_FORMAT = "biriba-tournament/1"

Pair = tuple[int, int]
"""A pairing by the bots' indices: ``(x, y)``."""


def round_robin(count: int) -> list[Pair]:
    """Every pair of ``count`` bots once, in order.

    >>> round_robin(3)
    [(0, 1), (0, 2), (1, 2)]
    """
    return [(x, y) for x in range(count) for y in range(x + 1, count)]


def ladder(count: int) -> list[Pair]:
    """Each bot against the next one of a list ordered weakest first.

    >>> ladder(4)
    [(0, 1), (1, 2), (2, 3)]
    """
    return [(x, x + 1) for x in range(count - 1)]


SCHEDULES = {"round-robin": round_robin, "ladder": ladder}


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """What to play. ``pairs`` (by index into ``bots``) defaults to the round robin."""

    bots: tuple[str, ...]
    rules: Rules
    deals: int
    matches: int = 0
    seed: int = 1
    pairs: tuple[Pair, ...] | None = None

    @property
    def pairings(self) -> tuple[Pair, ...]:
        return self.pairs if self.pairs is not None else tuple(round_robin(len(self.bots)))

    def validate(self) -> None:
        """Raise :class:`InvalidInputError` naming the first problem (before anything is played)."""
        if len(self.bots) < 2:
            raise InvalidInputError(f"a tournament needs at least two bots, not {len(self.bots)}")
        for spec in self.bots:
            load_bot(spec)  # raises InvalidInputError naming an unknown bot or option
        for spec in self.bots:
            if self.bots.count(spec) > 1:
                raise InvalidInputError(f"bot {spec!r} is listed twice: each bot plays once")
        if self.deals < 1:
            raise InvalidInputError(f"--deals must be at least 1, not {self.deals}")
        if self.matches < 0:
            raise InvalidInputError(f"--matches must be 0 or more, not {self.matches}")
        if self.matches:
            check_two_sides(self.rules)
        if not self.pairings:
            raise InvalidInputError("no pairings to play")
        for x, y in self.pairings:
            if not (0 <= x < len(self.bots) and 0 <= y < len(self.bots)) or x == y:
                raise InvalidInputError(f"pairing {(x, y)} must name two different bots 0..{len(self.bots) - 1}")
        try:
            fit_ratings(self.bots, {(self.bots[x], self.bots[y]): 1.0 for x, y in self.pairings})
        except ValueError as error:
            raise InvalidInputError(str(error)) from None

    def to_json(self) -> dict[str, Any]:
        return {
            "bots": list(self.bots),
            "rules": self.rules.to_json(),
            "players": self.rules.players,
            "target": self.rules.target,
            "deals": self.deals,
            "matches": self.matches,
            "seed": self.seed,
            "pairings": [list(pair) for pair in self.pairings],
        }


@dataclass(frozen=True, slots=True)
class PairingResult:
    """Everything played between bots X and Y, in order of deal and match index."""

    x: str
    y: str
    deals: tuple[DealResult, ...]
    matches: tuple[MatchResult, ...] = ()

    @property
    def scored_deals(self) -> tuple[DealResult, ...]:
        """The deals whose every play ended: a deal with a hand cut at the action limit has no result."""
        return tuple(deal for deal in self.deals if not deal.capped)

    @property
    def capped_deals(self) -> tuple[DealResult, ...]:
        return tuple(deal for deal in self.deals if deal.capped)

    @property
    def hands(self) -> int:
        return sum(len(deal.plays) for deal in self.scored_deals)

    @property
    def hand_wins(self) -> tuple[int, int, int]:
        """Hands of the scored duplicate deals won by X, won by Y, and tied."""
        plays = [play for deal in self.scored_deals for play in deal.plays]
        x_wins = sum(play.diff > 0 for play in plays)
        y_wins = sum(play.diff < 0 for play in plays)
        return x_wins, y_wins, len(plays) - x_wins - y_wins

    @property
    def match_wins(self) -> tuple[int, int, int]:
        """Matches won by X, won by Y, and stopped unfinished."""
        plays = [play for match in self.matches for play in match.plays]
        x_wins = sum(play.x_won for play in plays)
        y_wins = sum(play.y_won for play in plays)
        return x_wins, y_wins, sum(not play.finished for play in plays)

    @property
    def difference(self) -> MeanInterval:
        """X's mean points over Y per duplicate deal, with its 95% interval."""
        scored = [deal.diff for deal in self.scored_deals]
        return mean_interval(scored) if scored else MeanInterval(0, 0.0, None, None, None)

    def summary(self) -> dict[str, Any]:
        """The pairing's statistics (one CSV row)."""
        x_wins, y_wins, ties = self.hand_wins
        diff = self.difference
        x_matches, y_matches, unfinished = self.match_wins
        return {
            "x": self.x,
            "y": self.y,
            "deals": len(self.deals),
            "capped_deals": len(self.capped_deals),
            "hands": self.hands,
            "x_hand_wins": x_wins,
            "y_hand_wins": y_wins,
            "hand_ties": ties,
            "mean_diff": _round(diff.mean) if diff.n else None,
            "std_diff": _round(diff.std),
            "ci95_low": _round(diff.low),
            "ci95_high": _round(diff.high),
            "matches": 2 * len(self.matches),
            "x_match_wins": x_matches,
            "y_match_wins": y_matches,
            "unfinished_matches": unfinished,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            **self.summary(),
            "deal_results": [deal.to_json() for deal in self.deals],
            "match_results": [match.to_json() for match in self.matches],
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


@dataclass(frozen=True, slots=True)
class TournamentResult:
    config: TournamentConfig
    pairings: tuple[PairingResult, ...]
    ratings: dict[str, float] = field(default_factory=dict)

    def rating_table(self) -> list[dict[str, Any]]:
        """The bots by rating, best first, with the hands each played and won (ties half)."""
        rows = []
        for bot, rating in sorted(self.ratings.items(), key=lambda item: (-item[1], item[0])):
            hands = won = 0.0
            for pairing in self.pairings:
                x_wins, y_wins, ties = pairing.hand_wins
                if bot in (pairing.x, pairing.y):
                    hands += pairing.hands
                    won += (x_wins if bot == pairing.x else y_wins) + ties / 2
            rows.append(
                {"bot": bot, "rating": round(rating, 1), "hands": int(hands), "win_share": round(won / hands, 4)}
            )
        return rows

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RESULTS_FORMAT,
            **self.config.to_json(),
            "ci_method": CI_METHOD,
            "rating_method": RATING_METHOD,
            "ratings": self.rating_table(),
            "pairing_results": [pairing.to_json() for pairing in self.pairings],
        }


def win_table(pairings: Sequence[PairingResult]) -> dict[tuple[str, str], float]:
    """Hand wins for the rating fit: ``(winner, loser) -> hands``, a tie half to each."""
    table: dict[tuple[str, str], float] = {}
    for pairing in pairings:
        x_wins, y_wins, ties = pairing.hand_wins
        table[pairing.x, pairing.y] = table.get((pairing.x, pairing.y), 0.0) + x_wins + ties / 2
        table[pairing.y, pairing.x] = table.get((pairing.y, pairing.x), 0.0) + y_wins + ties / 2
    return table


@dataclass(frozen=True, slots=True)
class _Task:
    """One unit of work for a process: a duplicate deal or a duplicate match of one pairing."""

    kind: str
    pairing: int
    index: int
    rules: Rules
    x: str
    y: str
    seed: int


def _run_task(task: _Task) -> tuple[_Task, DealResult | MatchResult]:
    play = play_duplicate_match if task.kind == "match" else play_duplicate_deal
    return task, play(task.rules, task.x, task.y, task.index, task.seed)


def _tasks(config: TournamentConfig) -> list[_Task]:
    """Matches first (the longest tasks go out first, which balances the processes)."""
    tasks = []
    for kind, count in (("match", config.matches), ("deal", config.deals)):
        for number, (x, y) in enumerate(config.pairings):
            for index in range(count):
                seed = derive_seed(config.seed, kind, index)
                tasks.append(_Task(kind, number, index, config.rules, config.bots[x], config.bots[y], seed))
    return tasks


def default_workers() -> int:
    return os.cpu_count() or 1


def run_tournament(
    config: TournamentConfig, workers: int | None = None, progress: bool = False, console: Console | None = None
) -> TournamentResult:
    """Play the tournament on ``workers`` processes (default: one per core; 1 plays in this process) and
    summarise it. ``progress`` shows a progress bar on ``console`` (standard error by default)."""
    config.validate()
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise InvalidInputError(f"--workers must be at least 1, not {workers}")
    tasks = _tasks(config)
    done: dict[tuple[str, int, int], DealResult | MatchResult] = {}
    with _progress_bar(len(tasks), progress, console) as advance:
        if workers == 1:
            for task in tasks:
                finished, result = _run_task(task)
                done[finished.kind, finished.pairing, finished.index] = result
                advance()
        else:
            # "spawn": fresh interpreters, the same on every platform, and safe with threads in the parent.
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(max_workers=min(workers, len(tasks)), mp_context=context) as pool:
                futures: list[Future[tuple[_Task, DealResult | MatchResult]]] = [
                    pool.submit(_run_task, task) for task in tasks
                ]
                for future in as_completed(futures):
                    finished, result = future.result()
                    done[finished.kind, finished.pairing, finished.index] = result
                    advance()
    pairings = []
    for number, (x, y) in enumerate(config.pairings):
        deals = tuple(_deal(done["deal", number, index]) for index in range(config.deals))
        matches = tuple(_match(done["match", number, index]) for index in range(config.matches))
        pairings.append(PairingResult(config.bots[x], config.bots[y], deals, matches))
    ratings = fit_ratings(config.bots, win_table(pairings))
    return TournamentResult(config, tuple(pairings), ratings)


def _deal(result: DealResult | MatchResult) -> DealResult:
    assert isinstance(result, DuplicateDeal)
    return result


def _match(result: DealResult | MatchResult) -> MatchResult:
    assert isinstance(result, MatchResult)
    return result


@contextmanager
def _progress_bar(total: int, show: bool, console: Console | None) -> Iterator[Callable[[], None]]:
    """Yield a function that marks one task done; draws a rich progress bar when ``show``."""
    if not show:
        yield lambda: None
        return
    columns = (
        TextColumn("[bold]duplicate deals and matches"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console or Console(stderr=True)) as bar:
        task = bar.add_task("play", total=total)
        yield lambda: bar.advance(task)
