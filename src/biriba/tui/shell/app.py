"""The application of a game's table: a match to play, or a record to step through, on one screen."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar, Generic, TypeVar

from textual.app import App
from textual.screen import Screen

from biriba.i18n import Words
from biriba.tui.shell.screens import PlayScreen, ReplayScreen

GameT = TypeVar("GameT")
CursorT = TypeVar("CursorT")
PlayT = TypeVar("PlayT", bound=PlayScreen)
ReplayT = TypeVar("ReplayT", bound=ReplayScreen)


class TableApp(App[None], Generic[GameT, CursorT, PlayT, ReplayT]):
    """One table: ``game`` (a match against bots) or ``replay`` (a record's cursor), never both. A game's
    app says which screens show it (:meth:`play_screen`, :meth:`replay_screen`) and, with ``TITLE_KEY``, the
    catalogue's name of the game for the window's title, in the player's language."""

    TITLE_KEY: ClassVar[str | None] = None

    def __init__(  # noqa: PLR0913
        self,
        game: GameT | None = None,
        replay: CursorT | None = None,
        language: str = "en",
        bot_delay: float = 0.5,
        save_path: Path = Path("match.json"),
        seat: int = 0,
        records: Path | None = None,
    ) -> None:
        super().__init__()
        self.messages = Words(language)
        if self.TITLE_KEY is not None:
            self.title = self.messages(self.TITLE_KEY)
        self.game: GameT | None = game
        """The match being played (None in a replay)."""
        self.table: PlayT | ReplayT
        if game is not None and replay is None:
            self.table = self.play_screen(game, bot_delay, save_path, records)
        elif replay is not None and game is None:
            self.table = self.replay_screen(replay, seat)
        else:
            raise ValueError("the table needs a game to play or a record to replay, not both")

    def play_screen(self, game: GameT, bot_delay: float, save_path: Path, records: Path | None) -> PlayT:
        raise NotImplementedError

    def replay_screen(self, replay: CursorT, seat: int) -> ReplayT:
        raise NotImplementedError

    def get_default_screen(self) -> Screen[None]:
        return self.table
