"""The Textual application: the table on screen, keyboard and mouse input, the bots' turns, the
end-of-hand breakdown, saving, and replaying a record.

Input turns into engine actions here and nowhere else: the person's seat builds a
:class:`~biriba.core.actions.Action` from the selected cards and the key pressed, and the engine
judges it. An illegal choice shows the rule that forbids it and changes nothing, because
``HandState.apply`` validates before it changes anything.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.markup import escape
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from biriba.bots.hints import suggest
from biriba.bots.judgement import must_open_whole, team_melds
from biriba.core.actions import Action, ChooseBonusSuit, Discard, Draw, Extend, Meld, Pass, Redraw, TakePile
from biriba.core.cards import Card, card_symbol
from biriba.core.errors import IllegalAction
from biriba.core.match import HandResult, Match
from biriba.core.state import Phase
from biriba.core.views import SeatView, observe
from biriba.i18n import Words
from biriba.tui.game import ReplayCursor, TableGame
from biriba.tui.render import (
    SORT_ORDERS,
    action_text,
    breakdown_markup,
    hand_markup,
    hand_positions,
    log_markup,
    pile_markup,
    players_markup,
    score_sheet_markup,
    seat_names,
    side_name,
    sorted_hand,
    status_markup,
    teams_markup,
)

DIGIT_WAIT = 0.6
"""Seconds a first digit waits for a second one, at a team of ten melds or more (meld 10 is 1 then 0)."""

MIN_WIDTH, MIN_HEIGHT = 80, 24
"""The smallest window the table fits in."""

TURN_ACTIONS: dict[str, type[Draw | TakePile | Pass | Redraw]] = {
    "draw": Draw,
    "take_pile": TakePile,
    "pass": Pass,
    "redraw": Redraw,
}
"""The actions of the keys d, t, p and r: the seat alone makes each one."""


class HandView(Widget):
    """The cards of one hand in a row that wraps; a click on a card selects it or lets it go."""

    DEFAULT_CSS = "HandView { height: auto; link-style: none; link-style-hover: bold; link-background-hover: $boost; }"

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[Card] = []
        self.selected: set[int] = set()
        self.cursor: int | None = None
        self.drawn: int | None = None

    def show(self, cards: Sequence[Card], selected: set[int], cursor: int | None, drawn: int | None = None) -> None:
        """``drawn``: the position of the card just drawn, marked."""
        self.cards, self.selected, self.cursor, self.drawn = list(cards), set(selected), cursor, drawn
        self.refresh(layout=True)

    def render(self) -> Content:
        width = self.content_size.width or self.app.size.width
        return Content.from_markup(hand_markup(self.cards, self.selected, self.cursor, width, self.drawn))

    def card_offset(self, index: int) -> tuple[int, int]:
        """Where card ``index`` is drawn, relative to this widget (for clicks)."""
        return hand_positions(self.cards, self.content_size.width)[index]

    def action_pick(self, index: int) -> None:
        app = self.app
        assert isinstance(app, BiribaApp)
        app.toggle_card(index)


class MeldsView(Static):
    """Both teams' melds; a click on the number of one of the person's team's melds adds the selected
    cards to it."""

    def action_extend(self, index: int) -> None:
        app = self.app
        assert isinstance(app, BiribaApp)
        app.extend_meld(index)


class LogView(Widget):
    """The last actions, as many as fit."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.actions: list[Action] = []
        self.names: list[str] = []
        self.messages = Words("en")

    def show(self, actions: Sequence[Action], names: Sequence[str], messages: Words) -> None:
        self.actions, self.names, self.messages = list(actions), list(names), messages
        self.refresh()

    def render(self) -> Content:
        count = max(1, self.content_size.height - 1)
        return Content.from_markup(log_markup(self.actions, self.names, self.messages, count))


class HandOverScreen(ModalScreen[bool]):
    """The score breakdown of a finished hand; Enter deals the next one (or leaves, after the match)."""

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
    HandOverScreen #breakdown { width: auto; }
    HandOverScreen #breakdown-keys { width: auto; margin-top: 1; color: $text-muted; }
    """

    def __init__(self, breakdown: str, keys: str, match_over: bool) -> None:
        super().__init__()
        self.breakdown = breakdown
        self.keys = keys
        self.match_over = match_over

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Content.from_markup(self.breakdown), id="breakdown")
            yield Static(Content.from_markup(self.keys), id="breakdown-keys")

    def action_next(self) -> None:
        self.dismiss(True)

    def action_save(self) -> None:
        app = self.app
        assert isinstance(app, BiribaApp)
        app.action_save()
        self.query_one("#breakdown-keys", Static).update(app.message)

    def action_quit_table(self) -> None:
        self.app.exit()


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


class BiribaApp(App[None]):
    """Biriba at a terminal table: play a match against bots (``game``), or step through a saved
    record (``replay``)."""

    TITLE = "Biriba"
    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $panel; padding: 0 1; }
    #table { height: 1fr; }
    #left { width: 1fr; padding: 0 1; }
    #pile { height: auto; max-height: 3; }
    #melds-box { height: 1fr; }
    #melds { link-style: bold; }
    #right { width: 30; padding: 0 1; border-left: vkey $panel-lighten-2; }
    #players { height: auto; }
    #scores-box { height: auto; max-height: 8; margin-top: 1; }
    #log { height: 1fr; margin-top: 1; }
    #too-small { display: none; height: 1fr; content-align: center middle; text-align: center; }
    Screen.too-small #too-small { display: block; }
    Screen.too-small #status, Screen.too-small #table, Screen.too-small #hand-title,
    Screen.too-small #hand-box, Screen.too-small #message, Screen.too-small #keys { display: none; }
    #hand-title { height: 1; background: $panel; padding: 0 1; }
    #hand-box { height: auto; padding: 0 1; }
    #message { height: auto; max-height: 3; padding: 0 1; color: $text; }
    #message.error { color: $error; }
    #message.hint { color: $success; }
    #keys { height: auto; background: $panel; padding: 0 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "turn('draw')", show=False),
        Binding("t", "turn('take_pile')", show=False),
        Binding("p", "turn('pass')", show=False),
        Binding("r", "turn('redraw')", show=False),
        Binding("m", "meld", show=False),
        Binding("x", "discard", show=False),
        Binding("h", "hint", show=False),
        Binding("s", "sort", show=False),
        Binding("w", "save", show=False),
        Binding("c", "clear", show=False),
        Binding("space", "select", show=False),
        Binding("left", "left", show=False),
        Binding("right", "right", show=False),
        Binding("home", "home", show=False),
        Binding("end", "end", show=False),
        Binding("left_square_bracket", "previous_hand", show=False),
        Binding("right_square_bracket", "next_hand", show=False),
        Binding("v", "next_seat", show=False),
        Binding("q", "leave", show=False),
        Binding("g", "group", show=False),
        *(Binding(str(n), f"number({n})", show=False) for n in range(10)),
    ]

    def __init__(
        self,
        game: TableGame | None = None,
        replay: ReplayCursor | None = None,
        language: str = "en",
        bot_delay: float = 0.5,
        save_path: Path = Path("biriba-match.json"),
        seat: int = 0,
        records: Path | None = None,
    ) -> None:
        super().__init__()
        if (game is None) == (replay is None):
            raise ValueError("the table needs a game to play or a record to replay, not both")
        self.game = game
        self.replay = replay
        self.messages = Words(language)
        self.bot_delay = bot_delay
        self.save_path = save_path
        if game is not None:
            self.rules = game.rules
        else:
            assert replay is not None
            self.rules = replay.rules
        self.shown_seat = game.seat if game is not None else seat % self.rules.players
        self.order = SORT_ORDERS[0]
        self.hand_cards: list[Card] = []
        self.selected: set[int] = set()
        self.cursor = 0
        self.message = ""
        self.message_kind = ""
        self._bot_timer: Timer | None = None
        self._breakdown_open = False
        self.groups: list[tuple[Card, ...]] = []
        """Melds set aside to be laid together with the selection in one action (an opening of several)."""
        self.records = records
        """Where every finished match's record is kept (None: nowhere)."""
        self._digits = ""
        self._digit_timer: Timer | None = None

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")
        yield Static(id="status")
        with Horizontal(id="table"):
            with Vertical(id="left"):
                # The pile, and with it the choice to draw or take it, stays in view; the melds scroll.
                yield Static(id="pile")
                with VerticalScroll(id="melds-box"):
                    yield MeldsView(id="melds")
            with Vertical(id="right"):
                yield Static(id="players")
                with VerticalScroll(id="scores-box"):
                    yield Static(id="scores")
                yield LogView(id="log")
        yield Static(id="hand-title")
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
        yield Static(id="message")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.title = self.messages("tui.title")
        self._fit(self.size.width, self.size.height)
        if self.game is not None:
            self._continue()
        else:
            self.refresh_table()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """A window smaller than the table says so, instead of cutting the table."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.screen.set_class(small, "too-small")
        if small:
            text = self.messages(
                "tui.too_small", width=width, height=height, need_width=MIN_WIDTH, need_height=MIN_HEIGHT
            )
            self.query_one("#too-small", Static).update(text)

    # --- what the screen shows ---------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return seat_names(self.rules.players, self.game.seat if self.game is not None else None, self.messages)

    def current_view(self) -> SeatView:
        if self.game is not None:
            return self.game.view()
        assert self.replay is not None
        return observe(self.replay.state, self.shown_seat)

    def refresh_table(self) -> None:
        """Redraw everything from the seat's view."""
        view = self.current_view()
        names = self.names
        words = self.messages
        if self.game is not None:
            hand_number, person = self.game.hand_number, self.game.seat
            results: Sequence[HandResult] = self.game.results
            sides, totals = self.game.match.sides, self.game.match.totals
            actions: Sequence[Action] = self.game.actions
        else:
            assert self.replay is not None
            hand_number, person = self.replay.hand_index + 1, None
            hand = self.replay.hand
            results = list(hand.results_before)
            if hand.result is not None and self.replay.position == len(hand.actions):
                results.append(hand.result)
            sides = Match(self.replay.rules).sides
            totals = [sum(r.score.seat_scores[seat] for r in results) for seat in range(self.replay.rules.players)]
            actions = hand.actions[: self.replay.position]
        self.query_one("#status", Static).update(
            Content.from_markup(status_markup(view, names, hand_number, words, person))
        )
        self.query_one("#melds", MeldsView).update(Content.from_markup(teams_markup(view, names, words)))
        self.query_one("#pile", Static).update(Content.from_markup(pile_markup(view, words)))
        self.query_one("#players", Static).update(Content.from_markup(players_markup(view, names, words)))
        self.query_one("#scores", Static).update(
            Content.from_markup(score_sheet_markup(results, sides, totals, names, words, self.rules.target))
        )
        self.query_one("#log", LogView).show(actions, names, words)
        self._show_hand(view)
        self._show_message()
        self.query_one("#keys", Static).update(words("tui.keys_play" if self.game is not None else "tui.keys_replay"))

    def _show_hand(self, view: SeatView) -> None:
        cards = sorted_hand(view.hand, self.order)
        if cards != self.hand_cards:
            self.hand_cards = cards
            self.selected = set()
            self.cursor = min(self.cursor, max(0, len(cards) - 1))
        order = self.messages("tui.by_suit" if self.order == "suit" else "tui.by_rank")
        if self.game is not None:
            title = self.messages("tui.your_hand", order=order)
        else:
            title = self.messages("tui.hand_of", name=self.names[self.shown_seat], order=order)
        if self.groups:
            title += " · " + self.messages(
                "tui.groups", groups=" | ".join(" ".join(card_symbol(c) for c in g) for g in self.groups)
            )
        self.query_one("#hand-title", Static).update(title)
        self._show_cards()

    def _drawn_card(self) -> Card | None:
        """The card the person drew in the turn they are playing (while still in the hand)."""
        game = self.game
        if game is None or not game.person_to_play:
            return None
        for action in reversed(game.actions):
            if action.seat != game.seat:
                break
            if isinstance(action, Draw | Redraw):
                card = game.state.last_drawn
                return card if game.state.hands[game.seat][card] else None
        return None

    def _show_cards(self) -> None:
        cards = self.hand_cards
        drawn = self._drawn_card()
        marked = len(cards) - 1 - cards[::-1].index(drawn) if drawn is not None and drawn in cards else None
        self.query_one(HandView).show(cards, self.selected, self.cursor if cards else None, marked)

    def _show_message(self) -> None:
        widget = self.query_one("#message", Static)
        widget.set_classes(self.message_kind)
        widget.update(Content.from_markup(self.message or self._prompt()))

    def _prompt(self) -> str:
        """What the person can do now, when nothing else needs saying."""
        words = self.messages
        if self.replay is not None:
            return self._replay_caption()
        assert self.game is not None
        view = self.game.view()
        if view.phase is Phase.OVER:
            return escape(words("tui.hand_over"))
        if not self.game.person_to_play:
            return escape(words("tui.prompt_wait", name=self.names[view.current]))
        match view.phase:
            case Phase.CHOOSE:
                return escape(words("tui.prompt_choose"))
            case Phase.DRAW:
                return escape(words("tui.prompt_draw" if view.draw_pile_size else "tui.prompt_pass"))
            case _:
                prompt = words("tui.prompt_play")
                owed = self._opening_owed(view)
                if owed:
                    prompt = owed + " · " + prompt
                if view.drawn >= 0 and view.phase is Phase.PLAY and self.game.state.redraw_allowed:
                    prompt = words("tui.prompt_redraw") + " · " + prompt
                return escape(prompt)

    def _opening_owed(self, view: SeatView) -> str:
        """What the team's first meld must be, while it has not melded: the whole hand at once (g sets
        groups aside, m lays them all), or a minimum of points."""
        if team_melds(view):
            return ""
        if must_open_whole(view):
            return self.messages("tui.open_whole")
        minimum = self.rules.initial_meld_minimum(view.scores[view.seat])
        return self.messages("tui.open_minimum", n=minimum) if minimum else ""

    def say(self, markup: str, kind: str = "") -> None:
        """Show a message (``kind``: ``error``, ``hint`` or plain) until the next action."""
        self.message, self.message_kind = markup, kind
        self._show_message()

    # --- the flow of play --------------------------------------------------------------------

    def _continue(self) -> None:
        """After any change: the bots on turn play (at once, or one per pause), the table is redrawn,
        and a finished hand shows its breakdown."""
        game = self.game
        assert game is not None
        if self.bot_delay <= 0:
            while game.bot_to_play:
                game.bot_step()
        elif game.bot_to_play and self._bot_timer is None:
            self._bot_timer = self.set_timer(self.bot_delay, self._bot_tick)
        self.refresh_table()
        if game.last_result is not None and not self._breakdown_open:
            self._open_breakdown(game.last_result)

    def _bot_tick(self) -> None:
        self._bot_timer = None
        if self.game is not None and self.game.bot_to_play:
            self.game.bot_step()
        self._continue()

    def _open_breakdown(self, result: HandResult) -> None:
        game = self.game
        assert game is not None
        self._breakdown_open = True
        words = self.messages
        text = breakdown_markup(result, game.hand_number, self.names, game.match.totals, words)
        if game.is_over:
            winner = game.match.winner
            assert winner is not None
            side = game.match.sides[winner]
            won = words("tui.match_over", side=side_name(side, self.names), points=game.match.totals[side[0]])
            text += f"\n\n[bold $success]{escape(won)}[/]"
            kept = self.keep_record()
            if kept is not None:
                text += f"\n[dim]{escape(words('tui.record_kept', path=kept))}[/]"
            keys = words("tui.match_over_keys")
        else:
            keys = words("tui.next_hand")
        self.push_screen(HandOverScreen(text, escape(keys), game.is_over), self._after_breakdown)

    def _after_breakdown(self, _: bool | None) -> None:
        game = self.game
        assert game is not None
        self._breakdown_open = False
        if game.is_over:
            self.exit()
            return
        game.next_hand()
        self.say("")
        self._continue()

    def act(self, action: Action) -> bool:
        """Play the person's action; an illegal one shows its rule and changes nothing."""
        game = self.game
        if game is None:
            return False
        try:
            game.play(action)
        except IllegalAction as error:
            words = self.messages
            text = words("tui.illegal", rule=words.rule_name(error.rule), message=words.refusal(error))
            self.say(escape(text), "error")
            return False
        self.selected = set()
        self.groups = []
        self.say("")
        self._continue()
        return True

    def _selected_cards(self) -> tuple[Card, ...]:
        return tuple(sorted(self.hand_cards[i] for i in self.selected))

    # --- input: cards ------------------------------------------------------------------------

    def toggle_card(self, index: int) -> None:
        if not 0 <= index < len(self.hand_cards):
            return
        self.cursor = index
        self.selected ^= {index}
        self._show_cards()

    def _move_cursor(self, to: int) -> None:
        if self.hand_cards:
            self.cursor = min(max(to, 0), len(self.hand_cards) - 1)
            self._show_cards()

    def action_select(self) -> None:
        if self.replay is None:
            self.toggle_card(self.cursor)

    def action_clear(self) -> None:
        self.selected = set()
        self.groups = []
        self._show_hand(self.current_view())
        self._show_cards()

    def action_left(self) -> None:
        if self.replay is not None:
            self.replay.step(-1)
            self.refresh_table()
        else:
            self._move_cursor(self.cursor - 1)

    def action_right(self) -> None:
        if self.replay is not None:
            self.replay.step(1)
            self.refresh_table()
        else:
            self._move_cursor(self.cursor + 1)

    def action_home(self) -> None:
        if self.replay is not None:
            self.replay.step(-len(self.replay.hand.actions))
            self.refresh_table()
        else:
            self._move_cursor(0)

    def action_end(self) -> None:
        if self.replay is not None:
            self.replay.step(len(self.replay.hand.actions))
            self.refresh_table()
        else:
            self._move_cursor(len(self.hand_cards) - 1)

    def action_sort(self) -> None:
        """Sort the hand by suit or by rank; the selected cards stay selected."""
        chosen = Counter(self.hand_cards[i] for i in self.selected)
        self.order = SORT_ORDERS[(SORT_ORDERS.index(self.order) + 1) % len(SORT_ORDERS)]
        self.hand_cards = sorted_hand(self.hand_cards, self.order)
        self.selected = set()
        for index, card in enumerate(self.hand_cards):
            if chosen[card]:
                chosen[card] -= 1
                self.selected.add(index)
        self.cursor = 0
        self._show_hand(self.current_view())
        order = self.messages("tui.by_suit" if self.order == "suit" else "tui.by_rank")
        self.say(escape(self.messages("tui.sorted", order=order)))

    # --- input: actions ----------------------------------------------------------------------

    def action_turn(self, kind: str) -> None:
        """The actions that need no cards chosen: ``draw``, ``take_pile``, ``pass`` or ``redraw``."""
        if self.game is not None:
            self.act(TURN_ACTIONS[kind](self.game.seat))

    def action_group(self) -> None:
        """Set the selected cards aside as one meld of an opening laid in one action (m lays them all)."""
        if self.game is None:
            return
        cards = self._selected_cards()
        if not cards:
            self.say(escape(self.messages("tui.select_first")), "error")
            return
        self.groups.append(cards)
        self.selected = set()
        self._show_hand(self.current_view())
        self.say(escape(self.messages("tui.grouped", n=len(self.groups))))

    def _free_cards(self) -> list[int]:
        """Hand positions not set aside in a group (what may still be selected)."""
        taken = Counter(card for group in self.groups for card in group)
        free = []
        for index, card in enumerate(self.hand_cards):
            if taken[card]:
                taken[card] -= 1
            else:
                free.append(index)
        return free

    def action_meld(self) -> None:
        """Lay the groups set aside and the selected cards, each a meld, in one action."""
        if self.game is None:
            return
        cards = self._selected_cards()
        melds = (*self.groups, cards) if cards else tuple(self.groups)
        if not melds:
            self.say(escape(self.messages("tui.select_first")), "error")
            return
        self.act(Meld(self.game.seat, melds))

    def extend_meld(self, index: int) -> None:
        """Add the selected cards to the person's team's meld ``index`` (from 0)."""
        if self.game is None:
            return
        cards = self._selected_cards()
        if not cards:
            self.say(escape(self.messages("tui.select_first")), "error")
            return
        self.act(Extend(self.game.seat, index, cards))

    def action_discard(self) -> None:
        if self.game is None:
            return
        cards = self._selected_cards()
        if len(cards) != 1:
            self.say(escape(self.messages("tui.select_one")), "error")
            return
        self.act(Discard(self.game.seat, cards[0]))

    def action_number(self, number: int) -> None:
        """1-9 add the selected cards to that meld; while a bonus suit is to be chosen, 0-4 choose it."""
        if self.game is None:
            return
        if self.game.state.phase is Phase.CHOOSE:
            if number <= 4:
                self.act(ChooseBonusSuit(self.game.seat, None if number == 0 else number - 1))
            return
        melds = team_melds(self.game.view())
        if len(melds) < 10:
            if number >= 1:
                self.extend_meld(number - 1)
            return
        # Ten melds or more: a second digit typed at once makes a two-digit number (1 then 0: meld 10).
        self._digits += str(number)
        if self._digit_timer is not None:
            self._digit_timer.stop()
        if len(self._digits) == 2 or int(self._digits) * 10 > len(melds):
            self._extend_typed()
        else:
            self._digit_timer = self.set_timer(DIGIT_WAIT, self._extend_typed)

    def _extend_typed(self) -> None:
        typed, self._digits, self._digit_timer = self._digits, "", None
        if typed and int(typed) >= 1:
            self.extend_meld(int(typed) - 1)

    def action_hint(self) -> None:
        """Show what the strongest bot would do, and why; its cards are selected, ready to play."""
        game = self.game
        if game is None:
            return
        if not game.person_to_play:
            self.say(escape(self.messages("tui.no_turn", name=self.names[game.state.current])), "error")
            return
        view = game.view()
        suggestion = suggest(view, game.legal_actions())
        action = suggestion.action
        hinted: tuple[Card, ...] = ()
        self.groups = []
        match action:
            case Meld(_, melds):
                self.groups = [tuple(meld) for meld in melds[:-1]]
                hinted = tuple(melds[-1])
            case Extend(_, _, cards):
                hinted = cards
            case Discard(_, card):
                hinted = (card,)
        wanted = Counter(hinted)
        self.selected = set()
        for index in self._free_cards():
            card = self.hand_cards[index]
            if wanted[card]:
                wanted[card] -= 1
                self.selected.add(index)
        self._show_hand(view)
        self.say(escape(self.messages("tui.hint", hint=self.messages.hint(suggestion))), "hint")

    def action_leave(self) -> None:
        """q: a replay or a finished match closes at once; a match in progress asks first, and is saved
        on the way out (``--load`` resumes it)."""
        if self.game is None or self.game.is_over:
            self.exit()
            return
        question = self.messages("tui.leave_question", path=self.save_path, option="--load")
        self.push_screen(LeaveScreen(question), self._after_leave)

    def _after_leave(self, leave: bool | None) -> None:
        if not leave:
            return
        if self.game is not None and self.save_game():
            self.exit(message=self.messages("tui.saved", path=self.save_path))

    def keep_record(self) -> Path | None:
        """Write the finished match's record to the records folder; where, or None (nowhere to keep it,
        or it could not be written: said on screen)."""
        if self.game is None or self.records is None:
            return None
        path = self.records / time.strftime("biriba-%Y%m%d-%H%M%S.json")
        try:
            self.records.mkdir(parents=True, exist_ok=True)
            self.game.save(path)
        except OSError as error:
            self.say(escape(self.messages("tui.save_failed", path=path, error=error.strerror)), "error")
            return None
        return path

    def save_game(self) -> bool:
        assert self.game is not None
        try:
            self.game.save(self.save_path)
        except OSError as error:
            self.say(escape(self.messages("tui.save_failed", path=self.save_path, error=error.strerror)), "error")
            return False
        return True

    def action_save(self) -> None:
        if self.game is None:
            return
        try:
            self.game.save(self.save_path)
        except OSError as error:
            self.say(escape(self.messages("tui.save_failed", path=self.save_path, error=error.strerror)), "error")
            return
        self.say(escape(self.messages("tui.saved", path=self.save_path)))

    # --- replay ------------------------------------------------------------------------------

    def _replay_caption(self) -> str:
        cursor = self.replay
        assert cursor is not None
        words = self.messages
        hand = cursor.hand
        position = words(
            "tui.replay_position",
            hand=cursor.hand_index,
            hands=len(cursor.hands),
            index=cursor.position,
            total=len(hand.actions),
        )
        last = cursor.last_action
        what = action_text(last, self.names, words) if last is not None else escape(words("tui.replay_start"))
        text = f"{escape(position)} · {what}"
        if hand.result is not None and cursor.position == len(hand.actions):
            score = hand.result.score
            scores = ", ".join(
                f"{side_name(seats, self.names)} {self.messages.signed(team.score)}"
                for seats, team in zip(score.teams, score.team_scores, strict=True)
            )
            text += f" · [bold]{escape(words('tui.replay_hand_over', scores=scores))}[/]"
        return text

    def action_next_hand(self) -> None:
        if self.replay is not None and self.replay.go_to_hand(self.replay.hand_index + 1):
            self.refresh_table()

    def action_previous_hand(self) -> None:
        if self.replay is not None and self.replay.go_to_hand(self.replay.hand_index - 1):
            self.refresh_table()

    def action_next_seat(self) -> None:
        """In a replay, show the next seat's hand."""
        if self.replay is not None:
            self.shown_seat = (self.shown_seat + 1) % self.replay.rules.players
            self.refresh_table()
