"""The shell's dialogs: the end of a hand, and leaving a match in progress."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static


class HandOverScreen(ModalScreen[bool]):
    """A finished hand's breakdown (the game writes it); Enter deals the next one (or leaves, after the
    match), w saves the match, q leaves (dismissed with False: the table asks first, as its own q does)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", show=False),
        Binding("w", "save", show=False),
        Binding("q", "quit_table", show=False),
    ]

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; }
    HandOverScreen > VerticalScroll {
        width: auto; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    HandOverScreen #breakdown { width: auto; max-width: 100%; }
    HandOverScreen #breakdown-keys { width: auto; margin-top: 1; color: $text-muted; }
    """

    def __init__(self, breakdown: str, keys: str, save: Callable[[], str]) -> None:
        """``save`` saves the match and says how that went (markup)."""
        super().__init__()
        self.breakdown = breakdown
        self.keys = keys
        self.save = save

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Content.from_markup(self.breakdown), id="breakdown")
            yield Static(Content.from_markup(self.keys), id="breakdown-keys")

    def action_next(self) -> None:
        self.dismiss(True)

    def action_save(self) -> None:
        self.query_one("#breakdown-keys", Static).update(Content.from_markup(self.save()))

    def action_quit_table(self) -> None:
        self.dismiss(False)


class LeaveScreen(ModalScreen[bool]):
    """Leaving a match in progress: y saves it and leaves, anything else goes back to the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "leave", show=False),
        Binding("n", "stay", show=False),
        Binding("escape", "stay", show=False),
        Binding("q", "stay", show=False),
    ]

    DEFAULT_CSS = """
    LeaveScreen { align: center middle; }
    LeaveScreen > Static { width: auto; max-width: 90%; border: thick $warning; background: $surface; padding: 1 2; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(self.question, id="leave-question")

    def action_leave(self) -> None:
        self.dismiss(True)

    def action_stay(self) -> None:
        self.dismiss(False)
