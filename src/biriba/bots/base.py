"""The bot protocol: a bot gets one seat's view, the legal actions and a random generator.

It never gets the state, so it cannot see another seat's cards, the draw pile or the biribakia.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from biriba.core.actions import Action
from biriba.core.errors import InvalidInputError
from biriba.core.views import SeatView


class Bot(Protocol):
    """Anything that picks one of the legal actions."""

    name: str

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal``, chosen from what ``view`` shows; randomness only from ``rng``."""
        ...


BOT_LEVELS = ("random", "greedy", "heuristic", "search")
"""The bot ladder, weakest first: the levels people choose from."""
BOTS_VERSION = "2026-11-29.3"
"""The date the bots last changed how they play (".2", ".3" for a second and third change on one day):
measurements made with other bots (the ladders of :mod:`biriba.sim.ladders`) are made again."""


def bots_version_order(version: str) -> tuple[str, int]:
    """A version of :data:`BOTS_VERSION` as versions sort: by day, then by the change of that day.

    >>> sorted(["2026-11-27.10", "2026-11-27", "2026-11-27.9", "2026-11-26.3"], key=bots_version_order)
    ['2026-11-26.3', '2026-11-27', '2026-11-27.9', '2026-11-27.10']
    """
    day, _, change = version.partition(".")
    return day, int(change) if change else 1


OTHER_BOTS = ("textbook",)
"""Opponents to measure the ladder's bots by (the rule texts' advice alone), not offered as levels."""


def make_bot(spec: str) -> Bot:
    """A bot by its spec: a level name (``random``, ``greedy``), optionally with options after a colon,
    ``name:key=value,key=value`` (numbers are read as numbers). Unknown names or options raise
    :class:`InvalidInputError`.

    >>> make_bot("greedy").name
    'greedy'
    >>> make_bot("nosuch")
    Traceback (most recent call last):
    ...
    biriba.core.errors.InvalidInputError: unknown bot 'nosuch' (known: random, greedy, heuristic, search, textbook)
    """
    from biriba.bots.greedy import GreedyBot
    from biriba.bots.heuristic import HeuristicBot
    from biriba.bots.random_bot import RandomBot
    from biriba.bots.search import SearchBot
    from biriba.bots.textbook import TextbookBot

    name, _, option_text = spec.strip().partition(":")
    bots: dict[str, Callable[..., Bot]] = {
        "random": RandomBot,
        "greedy": GreedyBot,
        "heuristic": HeuristicBot,
        "search": SearchBot,
        "textbook": TextbookBot,
    }
    assert tuple(bots) == BOT_LEVELS + OTHER_BOTS
    if name not in bots:
        raise InvalidInputError(f"unknown bot {name!r} (known: {', '.join(bots)})")
    bot: Bot = construct_bot(spec, name, bots[name], option_text)
    return bot


def construct_bot(spec: str, name: str, make: Callable[..., Any], option_text: str) -> Any:
    """``make`` called with the options of ``spec`` (``option_text``, the part after its colon) as
    keywords; an option it does not take, or a word where it takes a number, raises
    :class:`InvalidInputError` naming it, as does the constructor's own refusal."""
    options = _options(spec, option_text)
    _check_options(spec, name, make, options)
    try:
        return make(**options)
    except (TypeError, ValueError) as error:
        raise InvalidInputError(f"bot spec {spec!r}: {error}") from None


def _check_options(spec: str, name: str, make: Callable[..., Any], options: dict[str, float | int | str]) -> None:
    """Raise :class:`InvalidInputError` for an option the bot does not take, or a word where it takes a
    number: read from its constructor's parameters (names and defaults, which a compiled class keeps too),
    so that the error names the option instead of the constructor's own complaint."""
    parameters = inspect.signature(make).parameters
    any_name = any(parameter.kind is inspect.Parameter.VAR_KEYWORD for parameter in parameters.values())
    unknown = sorted(key for key in options if key not in parameters and not any_name)
    if unknown:
        raise InvalidInputError(f"bot {name!r} takes no option(s) {', '.join(unknown)}")
    for key, value in options.items():
        parameter = parameters.get(key)
        takes_words = parameter is not None and isinstance(parameter.default, str)
        if isinstance(value, str) and not takes_words:
            raise InvalidInputError(f"bot spec {spec!r}: {key} takes a number, not {value!r}")


def _options(spec: str, text: str) -> dict[str, float | int | str]:
    options: dict[str, float | int | str] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise InvalidInputError(f"bot spec {spec!r}: options are key=value pairs, not {item!r}")
        options[key.strip()] = _number(value.strip())
    return options


def _number(text: str) -> float | int | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
