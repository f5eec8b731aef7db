"""The games by name, as the command line, the records and the server know them."""

from __future__ import annotations

from biriba.core.errors import InvalidInputError
from biriba.games.biriba import BIRIBA
from biriba.games.bura.platform import BURA
from biriba.games.protocol import Game
from biriba.games.tyzicha.platform import TYZICHA

GAMES: dict[str, Game] = {game.name: game for game in (BIRIBA, BURA, TYZICHA)}
"""Every game, Biriba first (the default)."""


def game_named(name: str) -> Game:
    """The game called ``name``; an unknown name raises :class:`InvalidInputError` listing the games."""
    try:
        return GAMES[name]
    except KeyError:
        raise InvalidInputError(f"unknown game {name!r} (games: {', '.join(GAMES)})") from None
