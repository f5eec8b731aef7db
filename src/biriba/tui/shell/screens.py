"""One screen per mode: :class:`PlayScreen` (a match against bots) and :class:`ReplayScreen` (a saved
record, step by step), both on :class:`TableScreen`, the frame every game's table shares.

A game's table subclasses them and fills the hooks: the board (:meth:`TableScreen.compose_board`,
:meth:`TableScreen.compose_hand`, :meth:`TableScreen.show_board`), the status line, the seats, the score
sheet, the log, the prompt, and for play the end-of-hand breakdown. The shell knows the match only
through :class:`PlaySession` and :class:`ReplaySession`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, Protocol

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.markup import escape
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from biriba.core.errors import IllegalAction
from biriba.i18n import Words
from biriba.tui.shell.modals import HandOverScreen, LeaveScreen
from biriba.tui.shell.sheet import ScoreSheet, SeatLine, log_markup, score_sheet_markup, seat_names, seats_markup

MIN_WIDTH, MIN_HEIGHT = 80, 24
"""The smallest window a table fits in."""

SIDE_WIDTH = 30
"""Columns of the side column (seats, score sheet, log), wider only for a wide score sheet."""


def key_bar_width(window_width: int) -> int:
    """The columns the key bar's text has in a window ``window_width`` wide: its padding (``#keys`` in
    :class:`TableScreen`'s CSS) takes one on each side."""
    return window_width - 2


def fitted_keys(keys: str, width: int) -> str:
    """The key bar's text (pairs of a key and what it does, two spaces apart) on one line of ``width``
    columns where it can be: the pairs one space apart when two do not fit. The keys are Latin letters and
    signs, so they still stand out in a Greek line; a line too long even so wraps."""
    return keys if cell_len(keys) <= width else keys.replace("  ", " ")


class PlaySession(Protocol):
    """What the shell needs of a match being played: one person at a table of bots."""

    seat: int
    """The person's seat."""

    @property
    def players(self) -> int: ...

    @property
    def hand_number(self) -> int:
        """The hand being played, from 1."""
        ...

    @property
    def person_to_play(self) -> bool: ...

    @property
    def current(self) -> int:
        """The seat on turn."""
        ...

    @property
    def bot_to_play(self) -> bool: ...

    @property
    def last_result(self) -> object | None:
        """The finished hand's result, until the next hand is dealt."""
        ...

    @property
    def is_over(self) -> bool:
        """The match is over."""
        ...

    def bot_step(self) -> object: ...

    def play(self, action: Any) -> None:
        """Play the person's action; an illegal one raises ``IllegalAction`` and changes nothing."""
        ...

    def next_hand(self) -> object: ...

    def save(self, path: Path) -> None: ...


class ReplaySession(Protocol):
    """What the shell needs of a record being stepped through."""

    hand_index: int
    position: int
    """Moves of the current hand played so far."""

    @property
    def players(self) -> int: ...

    @property
    def hand_count(self) -> int: ...

    @property
    def hand_length(self) -> int:
        """Moves in the current hand."""
        ...

    def step(self, moves: int) -> bool: ...

    def go_to_hand(self, index: int) -> bool: ...


class LogView(Widget):
    """The last moves, as many as fit (a move too long for a line takes the lines it wraps to)."""

    def __init__(self, messages: Words, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[str] = []
        self.messages = messages

    def show(self, lines: Sequence[str]) -> None:
        self.lines = list(lines)
        self.refresh()

    def render(self) -> Content:
        rows = max(1, self.content_size.height - 1)
        width = max(1, self.content_size.width)
        count = used = 0
        for line in reversed(self.lines):
            used += len(Content.from_markup(line).wrap(width))
            if count and used > rows:
                break
            count += 1
        return Content.from_markup(log_markup(self.lines, self.messages, max(1, count)))


class TableScreen(Screen[None]):
    """The frame of a table: the status line; the board beside the seats, the score sheet and the log;
    the hand; a message line; the keys. A window smaller than the table says so instead of cutting it."""

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    TableScreen #status { height: 1; background: $panel; padding: 0 1; }
    TableScreen #table { height: 1fr; }
    TableScreen #left { width: 1fr; padding: 0 1; }
    TableScreen #right { width: 30; padding: 0 1; border-left: vkey $panel-lighten-2; }
    TableScreen #players { height: auto; }
    TableScreen #scores-box { height: auto; max-height: 8; margin-top: 1; }
    TableScreen #log { height: 1fr; margin-top: 1; }
    TableScreen #too-small { display: none; height: 1fr; content-align: center middle; text-align: center; }
    TableScreen.too-small #too-small { display: block; }
    TableScreen.too-small > * { display: none; }
    TableScreen.too-small > #too-small { display: block; }
    TableScreen #message { height: auto; max-height: 4; padding: 0 1; color: $text; }
    TableScreen #message.error { color: $error; }
    TableScreen #message.hint { color: $success; }
    TableScreen #keys { height: auto; background: $panel; padding: 0 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "leave", show=False)]

    def __init__(self, messages: Words, players: int, person: int | None) -> None:
        super().__init__()
        self.messages = messages
        self.names = seat_names(players, person, messages)
        self.message = ""
        self.message_kind = ""

    # --- the frame ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")
        yield Static(id="status")
        with Horizontal(id="table"):
            with Vertical(id="left"):
                yield from self.compose_board()
            with Vertical(id="right"):
                yield Static(id="players")
                with VerticalScroll(id="scores-box"):
                    yield Static(id="scores")
                yield LogView(self.messages, id="log")
        yield from self.compose_hand()
        yield Static(id="message")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.app.title = self.title_text()
        self.fit(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)
        if self.is_mounted:
            self.show_keys()

    def fit(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "too-small")
        if small:
            text = self.messages(
                "tui.too_small", width=width, height=height, need_width=MIN_WIDTH, need_height=MIN_HEIGHT
            )
            self.query_one("#too-small", Static).update(text)

    def refresh_table(self) -> None:
        """Redraw everything."""
        self.query_one("#status", Static).update(Content.from_markup(self.status_markup()))
        self.query_one("#players", Static).update(Content.from_markup(seats_markup(self.seat_lines(), self.messages)))
        sheet = Content.from_markup(score_sheet_markup(self.score_sheet(), self.names, self.messages))
        self.query_one("#scores", Static).update(sheet)
        # The side column widens to hold a sheet of many columns (five players each on their own) unwrapped.
        widest = max(len(line) for line in sheet.plain.splitlines())
        self.query_one("#right").styles.width = max(SIDE_WIDTH, widest + 3)
        self.query_one("#log", LogView).show(self.log_lines())
        self.show_board()
        self.show_message()
        self.show_keys()

    def say(self, markup: str, kind: str = "") -> None:
        """Show a message (``kind``: ``error``, ``hint`` or plain) until the next action."""
        self.message, self.message_kind = markup, kind
        self.show_message()

    def show_message(self) -> None:
        widget = self.query_one("#message", Static)
        widget.set_classes(self.message_kind)
        widget.update(Content.from_markup(self.message or self.prompt()))

    def show_keys(self) -> None:
        self.query_one("#keys", Static).update(fitted_keys(self.keys_text(), key_bar_width(self.app.size.width)))

    def action_leave(self) -> None:
        self.app.exit()

    # --- what the game fills in --------------------------------------------------------------

    def title_text(self) -> str:
        raise NotImplementedError

    def compose_board(self) -> ComposeResult:
        """What lies on the table, left of the seats."""
        yield from ()

    def compose_hand(self) -> ComposeResult:
        """What sits under the table: the hand."""
        yield from ()

    def show_board(self) -> None:
        """Redraw the board."""

    def status_markup(self) -> str:
        raise NotImplementedError

    def seat_lines(self) -> list[SeatLine]:
        raise NotImplementedError

    def score_sheet(self) -> ScoreSheet:
        raise NotImplementedError

    def log_lines(self) -> list[str]:
        """The hand's moves so far, in words."""
        raise NotImplementedError

    def prompt(self) -> str:
        """What to do now, when nothing else needs saying."""
        raise NotImplementedError

    def keys_text(self) -> str:
        raise NotImplementedError


class PlayScreen(TableScreen):
    """A match against bots: the bots play their turns (at once, or one per ``bot_delay`` seconds), a
    finished hand shows its breakdown, ``w`` saves, ``q`` asks before leaving a match in progress and
    saves it on the way out, and a finished match's record is kept in ``records``."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("w", "save", show=False)]

    RECORD_PREFIX = "match"
    """The start of a kept record's file name."""

    def __init__(
        self, session: PlaySession, messages: Words, bot_delay: float, save_path: Path, records: Path | None
    ) -> None:
        super().__init__(messages, session.players, session.seat)
        self.session = session
        self.bot_delay = bot_delay
        self.save_path = save_path
        self.records = records
        """Where every finished match's record is kept (None: nowhere)."""
        self._bot_timer: Timer | None = None
        self._breakdown_open = False

    def on_mount(self) -> None:
        super().on_mount()
        self.after_change()

    def after_change(self) -> None:
        """After any change: the bots on turn play, the table is redrawn, a finished hand shows its breakdown."""
        session = self.session
        if self.bot_delay <= 0:
            while session.bot_to_play:
                session.bot_step()
        elif session.bot_to_play and self._bot_timer is None:
            self._bot_timer = self.set_timer(self.bot_delay, self._bot_tick)
        self.refresh_table()
        if session.last_result is not None and not self._breakdown_open:
            self._open_breakdown()

    def _bot_tick(self) -> None:
        self._bot_timer = None
        if self.session.bot_to_play:
            self.session.bot_step()
        self.after_change()

    def _open_breakdown(self) -> None:
        self._breakdown_open = True
        words = self.messages
        text = self.breakdown_markup()
        if self.session.is_over:
            text += f"\n\n[bold $success]{escape(self.match_over_text())}[/]"
            kept = self.keep_record()
            if kept is not None:
                text += f"\n[dim]{escape(words('tui.record_kept', path=kept))}[/]"
            keys = words("tui.match_over_keys")
        else:
            keys = words("tui.next_hand")
        self.app.push_screen(HandOverScreen(text, escape(keys), self._save_from_breakdown), self._after_breakdown)

    def _save_from_breakdown(self) -> str:
        self.action_save()
        return self.message

    def _after_breakdown(self, next_hand: bool | None) -> None:
        self._breakdown_open = False
        if self.session.is_over:
            self.app.exit()
            return
        if not next_hand:  # q: leave, asked and saved as from the table; staying shows the hand's end again
            self.action_leave()
            return
        self.session.next_hand()
        self.say("")
        self.after_change()

    def action_leave(self) -> None:
        """q: a finished match closes at once; a match in progress asks first, and is saved on the way
        out (``--load`` resumes it)."""
        if self.session.is_over:
            self.app.exit()
            return
        question = self.messages("tui.leave_question", path=self.save_path, option="--load")
        self.app.push_screen(LeaveScreen(question), self._after_leave)

    def _after_leave(self, leave: bool | None) -> None:
        if leave and self._save(self.save_path):
            self.app.exit(message=self.messages("tui.saved", path=self.save_path))
            return
        self.after_change()  # a finished hand's breakdown opens again

    def keep_record(self) -> Path | None:
        """Write the finished match's record to the records folder; where, or None (nowhere to keep it,
        or it could not be written: said on screen)."""
        if self.records is None:
            return None
        path = self.records / time.strftime(f"{self.RECORD_PREFIX}-%Y%m%d-%H%M%S.json")
        try:
            self.records.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self.say(escape(self.messages("tui.save_failed", path=path, error=error.strerror)), "error")
            return None
        return path if self._save(path) else None

    def _save(self, path: Path) -> bool:
        try:
            self.session.save(path)
        except OSError as error:
            self.say(escape(self.messages("tui.save_failed", path=path, error=error.strerror)), "error")
            return False
        return True

    def action_save(self) -> None:
        if self._save(self.save_path):
            self.say(escape(self.messages("tui.saved", path=self.save_path)))

    def act(self, action: object) -> bool:
        """Play the person's action; an illegal one shows the rule that forbids it and changes nothing
        (the engine validates an action before it changes anything)."""
        try:
            self.session.play(action)
        except IllegalAction as error:
            words = self.messages
            text = words("tui.illegal", rule=words.rule_name(error.rule), message=words.refusal(error))
            self.say(escape(text), "error")
            return False
        self.clear_choice()
        self.say("")
        self.after_change()
        return True

    def clear_choice(self) -> None:
        """Let the cards chosen for an action go, once it is played."""

    def action_hint(self) -> None:
        """Show what the strongest bot would do, and why; the cards it would play are chosen, ready. Not
        on another seat's turn."""
        session = self.session
        if not session.person_to_play:
            self.say(escape(self.messages("tui.no_turn", name=self.names[session.current])), "error")
            return
        self.say(escape(self.messages("tui.hint", hint=self.suggest_hint())), "hint")

    # --- what the game fills in --------------------------------------------------------------

    def suggest_hint(self) -> str:
        """On the person's turn: the hint's words, its cards chosen on the board."""
        raise NotImplementedError

    def breakdown_markup(self) -> str:
        """The finished hand's breakdown."""
        raise NotImplementedError

    def match_over_text(self) -> str:
        """Who won the match."""
        raise NotImplementedError


class ReplayScreen(TableScreen):
    """A saved record, step by step: ←/→ a move, Home/End the whole hand, [/] a hand, v the next seat's
    hand, q closes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", show=False),
        Binding("right", "step(1)", show=False),
        Binding("home", "hand_start", show=False),
        Binding("end", "hand_end", show=False),
        Binding("left_square_bracket", "hand(-1)", show=False),
        Binding("right_square_bracket", "hand(1)", show=False),
        Binding("v", "next_seat", show=False),
    ]

    def __init__(self, replay: ReplaySession, messages: Words, seat: int = 0) -> None:
        super().__init__(messages, replay.players, None)
        self.replay = replay
        self.shown_seat = seat % replay.players
        """Whose hand is shown."""

    def on_mount(self) -> None:
        super().on_mount()
        self.refresh_table()

    def action_step(self, moves: int) -> None:
        if self.replay.step(moves):
            self.refresh_table()

    def action_hand_start(self) -> None:
        self.action_step(-self.replay.position)

    def action_hand_end(self) -> None:
        self.action_step(self.replay.hand_length - self.replay.position)

    def action_hand(self, change: int) -> None:
        if self.replay.go_to_hand(self.replay.hand_index + change):
            self.refresh_table()

    def action_next_seat(self) -> None:
        self.shown_seat = (self.shown_seat + 1) % self.replay.players
        self.refresh_table()

    def prompt(self) -> str:
        """Where the replay stands, the last move, and the hand's scores at its end."""
        replay = self.replay
        position = self.messages(
            "tui.replay_position",
            hand=replay.hand_index,
            hands=replay.hand_count,
            index=replay.position,
            total=replay.hand_length,
        )
        return f"{escape(position)} · {self.replay_caption()}"

    def replay_caption(self) -> str:
        """The last move in words (markup), and at the end of a hand its scores."""
        raise NotImplementedError
