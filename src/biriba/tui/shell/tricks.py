"""The table of a trick-taking game (Bura, Tyzicha): one text for the board (the trick, the trump, what
lies face down) above the person's hand, whose cards a key or a click chooses."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from biriba.core.cards import Card
from biriba.tui.shell.cards import HandView, hand_markup
from biriba.tui.shell.match import RecordCursor
from biriba.tui.shell.screens import ReplayScreen, TableScreen


class TrickTable(TableScreen):
    """What both modes (play, replay) of a trick-taking game's table show. A game's table names its
    ``TITLE_KEY`` and draws its board (:meth:`board_markup`), its hand's title and each card's style."""

    DEFAULT_CSS = """
    TrickTable #trick-board { height: 1fr; padding: 1 0; }
    TrickTable #hand-title { height: 1; background: $panel; padding: 0 1; }
    TrickTable #hand { height: auto; padding: 0 1; }
    """

    TITLE_KEY: ClassVar[str]

    def title_text(self) -> str:
        return self.messages(self.TITLE_KEY)

    def compose_board(self) -> ComposeResult:
        yield Static(id="trick-board")

    def compose_hand(self) -> ComposeResult:
        yield Static(id="hand-title")
        yield HandView(id="hand")

    def show_board(self) -> None:
        self.query_one("#trick-board", Static).update(Content.from_markup(self.board_markup()))
        self.query_one("#hand-title", Static).update(self.hand_title())
        cards = self.shown_hand()
        hand = hand_markup(cards, HandView.KEYS, self.hand_styles(cards))
        self.query_one("#hand", Static).update(Content.from_markup(hand))

    def board_markup(self) -> str:
        """The board: everything but the hand, as markup."""
        raise NotImplementedError

    def hand_title(self) -> str:
        raise NotImplementedError

    def shown_hand(self) -> list[Card]:
        """The hand's cards in the order shown (the order of their keys)."""
        raise NotImplementedError

    def hand_styles(self, cards: list[Card]) -> list[str]:
        """Each shown card's style (its suit's colour; chosen, or dimmed when it may not be played)."""
        raise NotImplementedError


class TrickReplay(ReplayScreen):
    """What a record's replay shows of any trick-taking game (put before the game's table in the bases):
    the shown seat's view of the hand at the cursor, and its hand's title (``GAME.hand-of``)."""

    replay: RecordCursor

    def view(self) -> Any:
        return self.replay.match_class.game.observe(self.replay.state, self.shown_seat)

    def hand_title(self) -> str:
        game = self.replay.match_class.game
        return self.messages(f"{game.name}.hand-of", name=self.names[self.shown_seat])

    def hand_index(self) -> int:
        return self.replay.hand_index
