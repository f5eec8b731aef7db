"""Biriba's board on the shell's table: the discard pile, the teams' melds and the hand, the keys that
play them, and the two modes' screens.

Input turns into engine actions here and nowhere else: the person's seat builds a
:class:`~biriba.core.actions.Action` from the selected cards and the key pressed, and the engine
judges it. An illegal choice shows the rule that forbids it and changes nothing, because
``HandState.apply`` validates before it changes anything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence, Set
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.markup import escape
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from biriba.bots.hints import suggest
from biriba.bots.judgement import must_open_whole, team_melds
from biriba.core.actions import Action, ChooseBonusSuit, Discard, Draw, Extend, Meld, Pass, Redraw, TakePile
from biriba.core.cards import Card, card_symbol
from biriba.core.errors import Reason
from biriba.core.match import HandResult, Match
from biriba.core.state import Phase
from biriba.core.views import SeatView, observe
from biriba.i18n import Words
from biriba.tui.biriba.game import ReplayCursor, TableGame
from biriba.tui.biriba.render import (
    SORT_ORDERS,
    action_text,
    breakdown_markup,
    hand_card_at,
    hand_markup,
    hand_positions,
    pile_markup,
    sorted_hand,
    status_markup,
    teams_markup,
)
from biriba.tui.shell import PlayScreen, ReplayScreen, ScoreSheet, SeatLine, TableScreen
from biriba.tui.shell.app import TableApp
from biriba.tui.shell.sheet import side_name

DIGIT_WAIT = 0.6
"""Seconds a first digit waits for a second one, at a team of ten melds or more (meld 10 is 1 then 0)."""

TURN_ACTIONS: dict[str, type[Draw | TakePile | Pass | Redraw]] = {
    "draw": Draw,
    "take_pile": TakePile,
    "pass": Pass,
    "redraw": Redraw,
}
"""The actions of the keys d, t, p and r: the seat alone makes each one."""


class HandView(Widget):
    """The cards of one hand in a row that wraps; a click on a card selects it or lets it go."""

    DEFAULT_CSS = "HandView { height: auto; }"

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[Card] = []
        self.selected: set[int] = set()
        self.cursor: int | None = None
        self.drawn: int | None = None

    def show(self, cards: Sequence[Card], selected: Set[int], cursor: int | None, drawn: int | None = None) -> None:
        """``drawn``: the position of the card just drawn, marked."""
        self.cards, self.selected, self.cursor, self.drawn = list(cards), set(selected), cursor, drawn
        self.refresh(layout=True)

    def render(self) -> Content:
        width = self.content_size.width or self.app.size.width
        return Content.from_markup(hand_markup(self.cards, self.selected, self.cursor, width, self.drawn))

    def card_offset(self, index: int) -> tuple[int, int]:
        """Where card ``index`` is drawn, relative to this widget (for clicks)."""
        return hand_positions(self.cards, self.content_size.width)[index]

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        index = None if offset is None else hand_card_at(self.cards, self.content_size.width, offset.x, offset.y)
        screen = self.screen
        if index is not None and isinstance(screen, BiribaPlayScreen):
            screen.toggle_card(index)


class MeldsView(Static):
    """Both teams' melds; a click on the number of one of the person's team's melds adds the selected
    cards to it."""

    def action_extend(self, index: int) -> None:
        screen = self.screen
        if isinstance(screen, BiribaPlayScreen):
            screen.extend_meld(index)


class PileView(Static):
    """The discard pile, fitted again to its width whenever the width changes (:func:`pile_markup`)."""

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self._shown: tuple[SeatView, Words] | None = None

    def show(self, view: SeatView, messages: Words) -> None:
        self._shown = (view, messages)
        self._fit()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        if self._shown is not None:
            view, messages = self._shown
            self.update(Content.from_markup(pile_markup(view, messages, self.size.width)))


class BiribaTable(TableScreen):
    """What both modes show of a Biriba table: the pile above the melds (which scroll), the hand below,
    the status line with the bonus suit and the piles, and the seats with their cards and teams."""

    DEFAULT_CSS = """
    BiribaTable #pile { height: auto; max-height: 3; }
    BiribaTable #melds-box { height: 1fr; }
    BiribaTable #melds-more { height: 1; display: none; color: $text-muted; }
    BiribaTable #melds { link-style: bold; }
    BiribaTable #hand-title { height: 1; background: $panel; padding: 0 1; }
    BiribaTable #hand-box { height: auto; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pagedown", "scroll_melds(1)", show=False),
        Binding("pageup", "scroll_melds(-1)", show=False),
    ]

    # The hand on screen is reactive: a change of the cards, the selection, the cursor, the groups set
    # aside or the order redraws what shows it (the watchers below), and nothing else redraws them.
    hand_cards: reactive[list[Card]] = reactive(list, init=False, always_update=True)
    """The hand in the order shown."""
    selected: reactive[frozenset[int]] = reactive(frozenset, init=False)
    """Positions in ``hand_cards`` chosen for the next action."""
    cursor: reactive[int] = reactive(0, init=False)
    groups: reactive[tuple[tuple[Card, ...], ...]] = reactive(tuple, init=False)
    """Melds set aside to be laid together with the selection in one action (an opening of several)."""
    order: reactive[str] = reactive(SORT_ORDERS[0], init=False)

    def watch_hand_cards(self) -> None:
        self.show_cards()

    def watch_selected(self) -> None:
        self.show_cards()

    def watch_cursor(self) -> None:
        self.show_cards()

    def watch_groups(self) -> None:
        self.show_title()

    def watch_order(self) -> None:
        self.show_title()

    def view(self) -> SeatView:
        raise NotImplementedError

    def hand_title(self) -> str:
        raise NotImplementedError

    def drawn_card(self) -> Card | None:
        """The card just drawn, marked in the hand."""
        return None

    def title_text(self) -> str:
        return self.messages("tui.title")

    def compose_board(self) -> ComposeResult:
        # The pile, and with it the choice to draw or take it, stays in view; the melds scroll, and a line
        # under them says when some are out of view (at five players two teams' melds outgrow 80x24).
        yield PileView(id="pile")
        with VerticalScroll(id="melds-box"):
            yield MeldsView(id="melds")
        yield Static(id="melds-more")

    def on_mount(self) -> None:
        box = self.query_one("#melds-box", VerticalScroll)
        self.watch(box, "scroll_y", self.show_melds_more, init=False)
        # The melds of a new hand are laid out after the hand's end is closed: the box's size is known
        # only then, so the line is decided again whenever it changes.
        self.watch(box, "virtual_size", self.show_melds_more, init=False)

    def on_screen_resume(self) -> None:
        self.call_after_refresh(self.show_melds_more)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.show_melds_more)

    def show_melds_more(self) -> None:
        """Say, under the melds, whether some are out of view below or above (PgDn and PgUp scroll).

        Decided from the melds' own height against the box's whole height (the line's too, while it is
        shown): the line takes a row from the box, and a box that grew or shrank by that row must come to
        the same answer, or the line would come and go for ever."""
        box = self.query_one("#melds-box", VerticalScroll)
        more = self.query_one("#melds-more", Static)
        content = self.query_one("#melds", MeldsView).outer_size.height
        viewport = box.scrollable_content_region.height
        room = viewport + (more.outer_size.height if more.display else 0)
        top = round(box.scroll_y)
        below, above = top + viewport < content, top > 0
        more.display = (below or above) and not (content <= room and top == 0)
        if more.display:
            more.update(self.messages("tui.melds_more_below" if below else "tui.melds_more_above"))

    def action_scroll_melds(self, pages: int) -> None:
        box = self.query_one("#melds-box", VerticalScroll)
        box.scroll_page_down() if pages > 0 else box.scroll_page_up()

    def compose_hand(self) -> ComposeResult:
        yield Static(id="hand-title")
        with Vertical(id="hand-box"):
            yield HandView(id="hand")

    def show_board(self) -> None:
        view = self.view()
        self.query_one("#melds", MeldsView).update(Content.from_markup(teams_markup(view, self.names, self.messages)))
        self.query_one("#pile", PileView).show(view, self.messages)
        self.call_after_refresh(self.show_melds_more)
        self.show_hand(view)

    def show_hand(self, view: SeatView) -> None:
        """The seat's hand from its view: a new hand (a card came or went) lets the selection go."""
        cards = sorted_hand(view.hand, self.order)
        if cards != self.hand_cards:
            self.selected = frozenset()
            self.cursor = min(self.cursor, max(0, len(cards) - 1))
        self.hand_cards = cards
        self.show_title()

    def show_title(self) -> None:
        if not self.query("#hand-title"):
            return  # not composed yet: the first refresh shows it
        title = self.hand_title()
        if self.groups:
            title += " · " + self.messages(
                "tui.groups", groups=" | ".join(" ".join(card_symbol(c) for c in g) for g in self.groups)
            )
        self.query_one("#hand-title", Static).update(title)

    def show_cards(self) -> None:
        if not self.query(HandView):
            return  # not composed yet: the first refresh shows it
        cards = self.hand_cards
        drawn = self.drawn_card()
        marked = len(cards) - 1 - cards[::-1].index(drawn) if drawn is not None and drawn in cards else None
        self.query_one(HandView).show(cards, self.selected, self.cursor if cards else None, marked)

    def order_name(self) -> str:
        return self.messages("tui.by_suit" if self.order == "suit" else "tui.by_rank")

    def seat_lines(self) -> list[SeatLine]:
        view = self.view()
        # A seat's team is shown where it has a partner: a player alone (three or two players, or the one
        # left out when partnerships form) is a side by name, as the melds' headings call it.
        partnered = {team for team in view.seat_team if team >= 0 and view.seat_team.count(team) > 1}
        return [
            SeatLine(
                self.names[seat],
                self.messages("game.cards", n=size),
                on_turn=seat == view.current and view.phase is not Phase.OVER,
                dealer=seat == view.dealer,
                team=view.seat_team[seat] if view.seat_team[seat] in partnered else None,
            )
            for seat, size in enumerate(view.hand_sizes)
        ]

    def action_lines(self, actions: Sequence[Action], news: Mapping[int, Sequence[Reason]]) -> list[str]:
        """Each action in words, followed by what it did to the biribakia (``news`` by action index)."""
        shown = Words(self.messages.language, [f"[cyan]{escape(name)}[/]" for name in self.names])
        lines = []
        for index, action in enumerate(actions):
            lines.append(action_text(action, self.names, self.messages))
            lines += [f"[bold]{shown.reason(item)}[/]" for item in news.get(index, ())]
        return lines


class BiribaPlayScreen(BiribaTable, PlayScreen):
    """A person's seat at a Biriba match against bots."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "turn('draw')", show=False),
        Binding("t", "turn('take_pile')", show=False),
        Binding("p", "turn('pass')", show=False),
        Binding("r", "turn('redraw')", show=False),
        Binding("m", "meld", show=False),
        Binding("x", "discard", show=False),
        Binding("h", "hint", show=False),
        Binding("s", "sort", show=False),
        Binding("c", "clear", show=False),
        Binding("g", "group", show=False),
        Binding("space", "select", show=False),
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("home", "move_to(0)", show=False),
        Binding("end", "move_to(-1)", show=False),
        *(Binding(str(n), f"number({n})", show=False) for n in range(10)),
    ]

    RECORD_PREFIX = "biriba"

    def __init__(
        self, game: TableGame, messages: Words, bot_delay: float, save_path: Path, records: Path | None
    ) -> None:
        super().__init__(game, messages, bot_delay, save_path, records)
        self.game = game
        self._digits = ""
        self._digit_timer: Timer | None = None

    # --- what the table shows ----------------------------------------------------------------

    def view(self) -> SeatView:
        return self.game.view()

    def hand_title(self) -> str:
        return self.messages("tui.your_hand", order=self.order_name())

    def drawn_card(self) -> Card | None:
        """The card the person drew in the turn they are playing (while still in the hand)."""
        game = self.game
        if not game.person_to_play:
            return None
        for action in reversed(game.actions):
            if action.seat != game.seat:
                break
            if isinstance(action, Draw | Redraw):
                card = game.state.last_drawn
                return card if game.state.hands[game.seat][card] else None
        return None

    def status_markup(self) -> str:
        return status_markup(self.view(), self.names, self.game.hand_number, self.messages, self.game.seat)

    def score_sheet(self) -> ScoreSheet:
        game = self.game
        hands = [result.score.seat_scores for result in game.results]
        return ScoreSheet(hands, game.match.sides, game.match.totals, self.game.rules.target)

    def log_lines(self) -> list[str]:
        return self.action_lines(self.game.actions, self.game.news)

    def keys_text(self) -> str:
        return self.messages("tui.keys_play")

    def prompt(self) -> str:
        words = self.messages
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
                if view.drawn >= 0 and self.game.state.redraw_allowed:
                    prompt = words("tui.prompt_redraw") + " · " + prompt
                return escape(prompt)

    def _opening_owed(self, view: SeatView) -> str:
        """What the team's first meld must be, while it has not melded: the whole hand at once (g sets
        groups aside, m lays them all), or a minimum of points."""
        if team_melds(view):
            return ""
        if must_open_whole(view):
            return self.messages("tui.open_whole")
        minimum = self.game.rules.initial_meld_minimum(view.scores[view.seat])
        return self.messages("tui.open_minimum", n=minimum) if minimum else ""

    def breakdown_markup(self) -> str:
        game = self.game
        result = game.last_result
        assert result is not None
        return breakdown_markup(result, game.hand_number, self.names, game.match.totals, self.messages)

    def match_over_text(self) -> str:
        match = self.game.match
        winner = match.winner
        assert winner is not None
        side = match.sides[winner]
        return self.messages("tui.match_over", side=side_name(side, self.names), points=match.totals[side[0]])

    # --- playing -----------------------------------------------------------------------------

    def clear_choice(self) -> None:
        self.selected = frozenset()
        self.groups = ()

    def _selected_cards(self) -> tuple[Card, ...]:
        return tuple(sorted(self.hand_cards[i] for i in self.selected))

    def toggle_card(self, index: int) -> None:
        if not 0 <= index < len(self.hand_cards):
            return
        self.cursor = index
        self.selected ^= {index}

    def action_select(self) -> None:
        self.toggle_card(self.cursor)

    def action_move(self, step: int) -> None:
        self.action_move_to(self.cursor + step)

    def action_move_to(self, index: int) -> None:
        if self.hand_cards:
            index = len(self.hand_cards) - 1 if index < 0 else index
            self.cursor = min(index, len(self.hand_cards) - 1)

    def action_clear(self) -> None:
        self.selected = frozenset()
        self.groups = ()

    def action_sort(self) -> None:
        """Sort the hand by suit or by rank; the selected cards stay selected."""
        chosen = Counter(self.hand_cards[i] for i in self.selected)
        self.order = SORT_ORDERS[(SORT_ORDERS.index(self.order) + 1) % len(SORT_ORDERS)]
        self.hand_cards = sorted_hand(self.hand_cards, self.order)
        self.selected = frozenset(self._positions_of(chosen, range(len(self.hand_cards))))
        self.cursor = 0
        self.say(escape(self.messages("tui.sorted", order=self.order_name())))

    def action_turn(self, kind: str) -> None:
        """The actions that need no cards chosen: ``draw``, ``take_pile``, ``pass`` or ``redraw``."""
        self.act(TURN_ACTIONS[kind](self.game.seat))

    def action_group(self) -> None:
        """Set the selected cards aside as one meld of an opening laid in one action (m lays them all)."""
        cards = self._selected_cards()
        if not cards:
            self.say(escape(self.messages("tui.select_first")), "error")
            return
        self.groups = (*self.groups, cards)
        self.selected = frozenset()
        self.say(escape(self.messages("tui.grouped", n=len(self.groups))))

    def _positions_of(self, wanted: Counter[Card], positions: Iterable[int]) -> list[int]:
        """Among ``positions`` of the hand, one for each card ``wanted`` (as many as it is wanted)."""
        found = []
        for index in positions:
            card = self.hand_cards[index]
            if wanted[card]:
                wanted[card] -= 1
                found.append(index)
        return found

    def free_cards(self) -> list[int]:
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
        cards = self._selected_cards()
        melds = (*self.groups, cards) if cards else self.groups
        if not melds:
            self.say(escape(self.messages("tui.select_first")), "error")
            return
        self.act(Meld(self.game.seat, melds))

    def extend_meld(self, index: int) -> None:
        """Add the selected cards to the person's team's meld ``index`` (from 0)."""
        cards = self._selected_cards()
        if not cards:
            self.say(escape(self.messages("tui.select_first")), "error")
            return
        self.act(Extend(self.game.seat, index, cards))

    def action_discard(self) -> None:
        cards = self._selected_cards()
        if len(cards) != 1:
            self.say(escape(self.messages("tui.select_one")), "error")
            return
        self.act(Discard(self.game.seat, cards[0]))

    def action_number(self, number: int) -> None:
        """1-9 add the selected cards to that meld; while a bonus suit is to be chosen, 0-4 choose it."""
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

    def suggest_hint(self) -> str:
        game = self.game
        view = game.view()
        suggestion = suggest(view, game.legal_actions())
        hinted: tuple[Card, ...] = ()
        self.groups = ()
        match suggestion.action:
            case Meld(_, melds):
                self.groups = tuple(tuple(meld) for meld in melds[:-1])
                hinted = tuple(melds[-1])
            case Extend(_, _, cards):
                hinted = cards
            case Discard(_, card):
                hinted = (card,)
        self.selected = frozenset(self._positions_of(Counter(hinted), self.free_cards()))
        return self.messages.hint(suggestion)


class BiribaReplayScreen(BiribaTable, ReplayScreen):
    """A Biriba record, step by step, any seat's hand shown."""

    replay: ReplayCursor

    def __init__(self, replay: ReplayCursor, messages: Words, seat: int = 0) -> None:
        super().__init__(replay, messages, seat)

    def view(self) -> SeatView:
        return observe(self.replay.state, self.shown_seat)

    def hand_title(self) -> str:
        return self.messages("tui.hand_of", name=self.names[self.shown_seat], order=self.order_name())

    def _results(self) -> list[HandResult]:
        """The match's finished hands, this one too once its last move is shown."""
        hand = self.replay.hand
        results = list(hand.results_before)
        if hand.result is not None and self.replay.position == len(hand.actions):
            results.append(hand.result)
        return results

    def status_markup(self) -> str:
        return status_markup(self.view(), self.names, self.replay.hand_index + 1, self.messages, None)

    def score_sheet(self) -> ScoreSheet:
        rules = self.replay.rules
        results = self._results()
        totals = [sum(r.score.seat_scores[seat] for r in results) for seat in range(rules.players)]
        return ScoreSheet([r.score.seat_scores for r in results], Match(rules).sides, totals, rules.target)

    def log_lines(self) -> list[str]:
        hand, position = self.replay.hand, self.replay.position
        return self.action_lines(hand.actions[:position], dict(enumerate(hand.news[:position])))

    def keys_text(self) -> str:
        return self.messages("tui.keys_replay")

    def replay_caption(self) -> str:
        cursor = self.replay
        words = self.messages
        last = cursor.last_action
        text = action_text(last, self.names, words) if last is not None else escape(words("tui.replay_start"))
        hand = cursor.hand
        if hand.result is not None and cursor.position == len(hand.actions):
            score = hand.result.score
            scores = ", ".join(
                f"{side_name(seats, self.names)} {words.signed(team.score)}"
                for seats, team in zip(score.teams, score.team_scores, strict=True)
            )
            text += f" · [bold]{escape(words('tui.replay_hand_over', scores=scores))}[/]"
        return text


class BiribaApp(TableApp[TableGame, ReplayCursor, BiribaPlayScreen, BiribaReplayScreen]):
    """Biriba at a terminal table: play a match against bots (``game``), or step through a saved
    record (``replay``)."""

    TITLE = "Biriba"

    def play_screen(self, game: TableGame, bot_delay: float, save_path: Path, records: Path | None) -> BiribaPlayScreen:
        return BiribaPlayScreen(game, self.messages, bot_delay, save_path, records)

    def replay_screen(self, replay: ReplayCursor, seat: int) -> BiribaReplayScreen:
        return BiribaReplayScreen(replay, self.messages, seat)
