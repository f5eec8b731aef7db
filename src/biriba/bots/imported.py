"""Players from outside the project: a researcher's own bot, named by its import path, plays wherever the
research tools name bots by spec (``biriba tournament``, duplicate deals, the ladders of the other games,
the Gymnasium environments' opponents), beside the project's own.

A spec whose name holds a dot (``mybots.Cautious``, ``lab.agents.policy_bot:depth=3``) names an object of
a module: the module is imported, the object called with the options after the colon as keywords (numbers
read as numbers, as for the project's bots), and what it returns plays if it has a ``choose(view, legal,
rng)`` method; its every choice is checked to be one of the legal actions, so that a bot's mistake is
named as its own rather than met deep in the engine. No bot of the project has a dot in its name, so
the two kinds of spec never meet. The
command line puts the folder it is run from on the module search path first, as ``python -m`` does; the
worker processes of a tournament inherit that path.

Only the research tools load bots this way: the tables people play at (the server, the terminal game)
make the project's own bots alone, so no spec a client sends can import a module.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from biriba.bots.base import construct_bot, make_bot
from biriba.core.errors import InvalidInputError

BotT = TypeVar("BotT")


def names_imported_bot(spec: str) -> bool:
    """Whether ``spec`` names a bot by its import path (its name, before any colon, holds a dot)."""
    return "." in spec.strip().partition(":")[0]


def load_bot(spec: str, make: Callable[[str], BotT] = make_bot) -> BotT:  # type: ignore[assignment]
    """The bot ``spec`` names: a researcher's own by its import path, else the game's own (``make``:
    Biriba's :func:`~biriba.bots.base.make_bot` by default, another game's ``Game.make_bot``).

    >>> load_bot("biriba.bots.greedy.GreedyBot").name
    'greedy'
    >>> load_bot("biriba.bots.greedy.Nosuch")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    biriba.core.errors.InvalidInputError: bot 'biriba.bots.greedy.Nosuch': module ... has no class or function 'Nosuch'
    """
    if not names_imported_bot(spec):
        return make(spec)
    name, _, option_text = spec.strip().partition(":")
    module_name, _, attribute = name.rpartition(".")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name is None or not (module_name == error.name or module_name.startswith(error.name + ".")):
            raise  # the module was found, and one it imports is missing: its own error says which
        raise InvalidInputError(
            f"bot {name!r}: no module {module_name!r} to import "
            "(a module of the folder the command runs in, or an installed one)"
        ) from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise InvalidInputError(f"bot {name!r}: module {module_name!r} has no class or function {attribute!r}")
    bot = construct_bot(spec, name, factory, option_text)
    if not callable(getattr(bot, "choose", None)):
        raise InvalidInputError(f"bot {name!r}: what it makes has no choose(view, legal, rng) method")
    result: BotT = CheckedBot(spec, bot)  # type: ignore[assignment]
    return result


class CheckedBot:
    """A researcher's bot whose every choice is checked to be one of the legal actions it was given. Its
    own attributes read through (``bot.depth``); the bot itself is :attr:`bot`."""

    def __init__(self, spec: str, bot: Any) -> None:
        self.spec = spec
        self.bot = bot
        self.name = str(getattr(bot, "name", spec))

    def choose(self, view: Any, legal: Sequence[Any], rng: Any) -> Any:
        action = self.bot.choose(view, legal, rng)
        if action not in legal:
            raise InvalidInputError(f"bot {self.spec!r} chose {action!r}, which is not one of the legal actions")
        return action

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)
