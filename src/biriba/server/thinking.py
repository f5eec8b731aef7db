"""Bots and hints think in worker processes, each decision with a time limit.

A bot's decision costs from microseconds (the random player) to a second (the search player at the
largest table the rules allow), and grows with the pack and the hands. None of it runs on the event
loop: the server hands the hand's state to a pool of worker processes (``pebble``), one per core by
default, and awaits the answer. A decision that takes longer than the limit is stopped by ending its
worker process (a new one takes its place) and raises :class:`ThinkingFailed`; so does a worker that
dies. Threads could not be stopped, and a thread that computes holds Python's lock the event loop
needs: processes can be, and do not.

The worker receives the game's name and the whole state, but a bot still sees only its seat's view: the
worker computes the view and the legal actions there, as the table would (the computing is what may be
slow; :class:`biriba.server.games.OnlineGame` says how for each game), and its random generator is
seeded with secret bits drawn by the server.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import secrets
from concurrent.futures import CancelledError as FutureCancelled
from typing import Any

from pebble import ProcessExpired, ProcessPool

from biriba.server.games import online_game


class ThinkingFailed(Exception):
    """A decision that ran out of time, or whose worker process died; the message says which."""


def decide(game: str, spec: str, state: Any, seed: int) -> Any:
    """(In a worker.) What the bot ``spec`` of ``game`` plays for the seat on turn, from that seat's view."""
    return online_game(game).decide(spec, state, seed)


def advise(game: str, hint_bot: str, state: Any) -> Any:
    """(In a worker.) The hint for the seat on turn: its move and why, as data."""
    return online_game(game).advise(state, hint_bot)


def _context() -> Any:
    """Workers forked from a small server process that has imported the bots once (``forkserver``):
    never forked from the server itself, whose threads and database connections must not be copied."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("spawn")


class Thinkers:
    """The pool of worker processes where bots and hints think."""

    def __init__(self, workers: int, time_limit: float) -> None:
        if workers < 1:
            raise ValueError(f"the bots need at least 1 worker process, not {workers}")
        if not time_limit > 0:
            raise ValueError(f"the time limit of a decision must be more than 0 seconds, not {time_limit}")
        self.workers = workers
        self.time_limit = time_limit
        self._pool = ProcessPool(max_workers=workers, context=_context())
        self.pending = 0
        """Decisions asked for and not yet answered (waiting for a worker, or being computed)."""
        self.asked = 0
        """Decisions asked for since the start (for logs and tests)."""
        self.failures = 0
        """Decisions that ran out of time or lost their worker, since the start (for logs and tests)."""

    async def _run(self, function: Any, *args: Any) -> Any:
        future = self._pool.schedule(function, args=args, timeout=self.time_limit)
        self.asked += 1
        self.pending += 1
        try:
            return await asyncio.wrap_future(future)
        except TimeoutError:
            self.failures += 1
            raise ThinkingFailed(f"the decision took longer than {self.time_limit:g} seconds") from None
        except (ProcessExpired, FutureCancelled) as error:  # (the pool stopped, or the worker died)
            self.failures += 1
            raise ThinkingFailed(f"the worker process stopped: {error}") from None
        finally:
            self.pending -= 1

    async def choose(self, game: str, spec: str, state: Any) -> Any:
        """The bot ``spec``'s action for the seat on turn of ``state`` (which no one changes in place)."""
        return await self._run(decide, game, spec, state, secrets.randbits(128))

    async def hint(self, game: str, hint_bot: str, state: Any) -> Any:
        """The hint for the seat on turn of ``state`` (``hint_bot``: Biriba's hint player)."""
        return await self._run(advise, game, hint_bot, state)

    def close(self) -> None:
        """Stop the workers (a decision being computed is abandoned)."""
        self._pool.stop()  # type: ignore[no-untyped-call]
        self._pool.join(timeout=10)
