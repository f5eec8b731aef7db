"""Tyzicha's board on the shell's table: the bidding, the widow, the cards given, the marriages, the trick on
the table, the tricks taken and the last trick, the hand with the cards that may be played, the keys that
play them, and the screens of the two modes.

Input becomes engine actions here and nowhere else: the key and the chosen card make a
:class:`~biriba.games.tyzicha.Bid`, :class:`~biriba.games.tyzicha.Give`,
:class:`~biriba.games.tyzicha.Play` (and so on), and the engine judges it; an illegal choice shows the rule
that forbids it and changes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.markup import escape

from biriba.core.cards import Card, suit_of
from biriba.games.tyzicha import Bid, Concede, Give, Pass, Phase, Play, Raise, TyzichaAction, TyzichaView
from biriba.games.tyzicha.bots import hint
from biriba.games.tyzicha.game import (
    BID_STEP,
    FORCED_CONTRACT,
    MAX_CONTRACT,
    OPENING_BID,
    PLAYERS,
    left_of,
    playable,
    strength,
)
from biriba.i18n import Words
from biriba.i18n.tyzicha import hint_text, marriage_name, move_text, result_text, standing_text, trump_text
from biriba.tui.shell import PlayScreen, ScoreSheet, SeatLine
from biriba.tui.shell.app import TableApp
from biriba.tui.shell.cards import HandView, card_markup, card_style, cards_markup
from biriba.tui.shell.tricks import TrickReplay, TrickTable
from biriba.tui.tyzicha.game import TyzichaReplayCursor, TyzichaTableGame, capped

HAND_KEYS = HandView.KEYS
"""The keys of the cards in hand, in the order shown: up to ten (the declarer's, with the widow)."""


def hand_order(hand: tuple[Card, ...] | list[Card]) -> list[Card]:
    """The hand as shown: by suit, each suit from its highest card (A 10 K Q J 9)."""
    return sorted(hand, key=lambda card: (suit_of(card), -strength(card)))


def next_bid(view: TyzichaView) -> int:
    """The one bid the auction allows now: 110 to open, else ten more than the highest."""
    high = max((value for _, value in view.bids if value is not None), default=None)
    return OPENING_BID if high is None else high + BID_STEP


def playable_now(view: TyzichaView) -> set[Card]:
    """The cards of the viewing seat's hand it may play now (none when it is not to play a card)."""
    if view.seat != view.current or view.phase not in (Phase.DECLARE, Phase.PLAY):
        return set()
    return set(playable(view.hand, view.trick, view.trump))


def auction_text(view: TyzichaView, words: Words) -> str:
    if not view.bids:
        return words("tyzicha.auction-empty")
    bids = " · ".join(
        f"{words.seat(seat)} {words('tyzicha.bid-pass') if value is None else value}" for seat, value in view.bids
    )
    return words("tyzicha.auction", bids=bids)


def contract_text(view: TyzichaView, words: Words) -> str:
    """The contract and its declarer, or where the bidding stands."""
    if view.declarer is None:
        if any(value is not None for _, value in view.bids):
            return words("tyzicha.bidding-at", value=next_bid(view) - BID_STEP)
        return words("tyzicha.bidding-opens", value=OPENING_BID)
    key = "tyzicha.contract-forced" if view.forced else "tyzicha.contract-raised" if view.raised else "tyzicha.contract"
    return words(key, value=view.contract, seat=view.declarer)


def board_markup(view: TyzichaView, names: list[str], words: Words) -> str:
    """The table as ``view.seat`` sees it: the bidding, the widow, the cards given, the marriages shown,
    the trick on the table, the tricks each player took, and the last trick."""
    named = words.with_names(names)
    lines = [escape(auction_text(view, named))]
    if view.widow:
        lines.append(escape(named("tyzicha.widow", cards="{cards}")).replace("{cards}", cards_markup(view.widow)))
    else:
        lines.append(escape(named("tyzicha.widow-down")))
    if view.given:
        gifts = []
        for to, card in view.given:
            if card is None:
                gifts.append(escape(named("tyzicha.gift-hidden", to=to)))
            else:
                gifts.append(escape(named("tyzicha.gift", card="{card}", to=to)).replace("{card}", card_markup(card)))
        lines.append(escape(named("tyzicha.given", gifts="{gifts}")).replace("{gifts}", " · ".join(gifts)))
    if view.marriages:
        shown = " · ".join(
            named("tyzicha.marriage-of", seat=seat, marriage=marriage_name(named, suit))
            for seat, suit in view.marriages
        )
        lines.append(escape(named("tyzicha.marriages", marriages=shown)))
    lines.append("")
    if view.trick:
        plays = plays_markup(view.leader, view.trick, names)
        lines.append(escape(named("tyzicha.trick", plays="{plays}")).replace("{plays}", plays))
    else:
        lines.append(escape(named("tyzicha.trick-empty")))
    piles = " · ".join(f"{names[seat]} {view.tricks_won[seat]}" for seat in range(PLAYERS))
    lines.append(escape(named("tyzicha.tricks-won", piles=piles)))
    if view.tricks:
        last = view.tricks[-1]
        text = escape(named("tyzicha.last-trick", cards="{cards}", seat=last.winner))
        lines.append(text.replace("{cards}", plays_markup(last.leader, last.cards, names)))
    return "\n".join(lines)


def plays_markup(leader: int, cards: tuple[Card, ...], names: list[str]) -> str:
    """The cards of a trick, each after the name of who played it: "P2 A♠ · P3 10♠"."""
    return " · ".join(
        f"{escape(names[(leader + index) % PLAYERS])} {card_markup(card)}" for index, card in enumerate(cards)
    )


def hand_styles(cards: list[Card], selected: int | None, bright: set[Card] | None) -> list[str]:
    """Each card's style in the hand: the chosen card stands out, and when ``bright`` is given, the cards
    outside it (those that may not be played) are dimmed."""
    styles = []
    for index, card in enumerate(cards):
        style = card_style(card) if bright is None or card in bright else "dim"
        styles.append(style + (" reverse" if index == selected else ""))
    return styles


def seat_detail(view: TyzichaView, seat: int, words: Words) -> str:
    """What the seats panel says of a seat: its cards, and its last word in the bidding (the contract, for
    the declarer)."""
    detail = words("game.cards", n=view.hand_sizes[seat])
    if view.declarer is not None:
        return f"{detail} · {view.contract}" if seat == view.declarer else detail
    said = [value for who, value in view.bids if who == seat]
    if said:
        last = said[-1]
        detail += " · " + (words("tyzicha.bid-pass") if last is None else str(last))
    return detail


class TyzichaTable(TrickTable):
    """What both modes show of a Tyzicha table."""

    TITLE_KEY = "tyzicha.title"

    def view(self) -> TyzichaView:
        raise NotImplementedError

    def chosen(self) -> int | None:
        return None

    def bright(self) -> set[Card] | None:
        """The cards to show bright, the others dimmed (None: all as they are)."""
        return None

    def shown_hand(self) -> list[Card]:
        return hand_order(self.view().hand)

    def board_markup(self) -> str:
        return board_markup(self.view(), self.names, self.messages)

    def hand_styles(self, cards: list[Card]) -> list[str]:
        return hand_styles(cards, self.chosen(), self.bright())

    def status_markup(self) -> str:
        view = self.view()
        words = self.messages.with_names(self.names)
        return escape(
            words(
                "tyzicha.status",
                hand=self.hand_index(),
                contract=contract_text(view, words),
                trump=trump_text(words, view.trump),
            )
        )

    def hand_index(self) -> int:
        raise NotImplementedError

    def seat_lines(self) -> list[SeatLine]:
        view = self.view()
        return [
            SeatLine(
                self.names[seat],
                seat_detail(view, seat, self.messages),
                on_turn=seat == view.current and view.phase is not Phase.OVER,
                dealer=seat == view.dealer,
            )
            for seat in range(PLAYERS)
        ]

    def action_lines(self, actions: list[TyzichaAction], forced: bool, seat: int | None) -> list[str]:
        named = self.messages.with_names(self.names)
        return [escape(move_text(named, action, seat, forced)) for action in actions]


class TyzichaPlayScreen(TyzichaTable, PlayScreen):
    """A person's seat at a Tyzicha match against two bots."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"pick({index})", show=False) for index, key in enumerate(HAND_KEYS)),
        Binding("enter", "play", show=False),
        Binding("m", "marriage", show=False),
        Binding("b", "bid", show=False),
        Binding("f", "forced", show=False),
        Binding("p", "pass_turn", show=False),
        Binding("o", "other", show=False),
        Binding("plus,equals_sign", "raise_value(1)", show=False),
        Binding("minus", "raise_value(-1)", show=False),
        Binding("r", "raise_contract", show=False),
        Binding("c", "concede", show=False),
        Binding("h", "hint", show=False),
    ]

    RECORD_PREFIX = "tyzicha"

    def __init__(
        self, game: TyzichaTableGame, messages: Words, bot_delay: float, save_path: Path, records: Path | None
    ) -> None:
        super().__init__(game, messages, bot_delay, save_path, records)
        self.game = game
        self.selected: int | None = None
        """The chosen card's place in the hand as shown."""
        self.give_to: int | None = None
        """The opponent the next card goes to (None: the first still without one)."""
        self.raise_to: int | None = None
        """The contract an r raises to (None: ten above the contract)."""

    # --- what the table shows ----------------------------------------------------------------

    def view(self) -> TyzichaView:
        return self.game.view()

    def chosen(self) -> int | None:
        return self.selected

    def bright(self) -> set[Card] | None:
        view = self.game.view()
        return playable_now(view) if self.game.person_to_play and view.phase is not Phase.GIVE else None

    def hand_title(self) -> str:
        view = self.game.view()
        if self.game.person_to_play and view.phase in (Phase.DECLARE, Phase.PLAY):
            return self.messages("tyzicha.your-hand-play")
        return self.messages("tyzicha.your-hand")

    def hand_index(self) -> int:
        return self.game.hand_number - 1

    def score_sheet(self) -> ScoreSheet:
        standings = self.game.standings
        return ScoreSheet(standings.changes, ((0,), (1,), (2,)), standings.after[-1], self.game.rules.target)

    def log_lines(self) -> list[str]:
        return self.action_lines(self.game.actions, self.game.state.forced, self.game.seat)

    def keys_text(self) -> str:
        state = self.game.state
        key = {
            Phase.BID: "bid",
            Phase.FORCED: "forced",
            Phase.GIVE: "give",
            Phase.DECLARE: "declare-forced" if state.forced else "declare",
        }.get(state.phase, "play")
        return self.messages(f"tyzicha.keys.{key}")

    def receiver(self) -> int:
        """The opponent the next card given goes to."""
        view = self.game.view()
        open_seats = self.open_receivers(view)
        if self.give_to in open_seats:
            return self.give_to
        return open_seats[0]

    def open_receivers(self, view: TyzichaView) -> list[int]:
        """The opponents still without a card from the declarer, the left one first."""
        given = {to for to, _ in view.given}
        first = left_of(view.seat)
        return [seat for seat in (first, left_of(first)) if seat not in given]

    def contract_value(self) -> int:
        """The contract an r raises to: the one chosen with + and -, else ten above the contract."""
        least = self.game.state.contract + BID_STEP
        return least if self.raise_to is None else min(max(self.raise_to, least), MAX_CONTRACT)

    def prompt(self) -> str:
        words = self.messages
        view = self.game.view()
        if view.phase is Phase.OVER:
            return escape(words("tui.hand_over"))
        if not self.game.person_to_play:
            return escape(words("tui.prompt_wait", name=self.names[view.current]))
        return escape(self._turn_prompt(view))

    def _turn_prompt(self, view: TyzichaView) -> str:  # noqa: PLR0911
        """What the person may do on their turn."""
        words = self.messages.with_names(self.names)
        match view.phase:
            case Phase.BID:
                value = next_bid(view)
                if value > MAX_CONTRACT:
                    return words("tyzicha.prompt.bid-top", value=value - BID_STEP)
                return words("tyzicha.prompt.bid", value=value)
            case Phase.FORCED:
                return words("tyzicha.prompt.forced")
            case Phase.GIVE:
                open_seats = self.open_receivers(view)
                to = self.receiver()
                if len(open_seats) == 1:
                    return words("tyzicha.prompt.give-last", to=to)
                other = next(seat for seat in open_seats if seat != to)
                return words("tyzicha.prompt.give", to=to, other=self.names[other])
            case Phase.DECLARE:
                if view.forced:
                    return words("tyzicha.prompt.declare-forced")
                return words("tyzicha.prompt.declare", contract=view.contract, value=self.contract_value())
        if view.trick:
            return words("tyzicha.prompt.play")
        return words("tyzicha.prompt.lead")

    def breakdown_markup(self) -> str:
        game = self.game
        result = game.last_result
        assert result is not None
        named = self.messages.with_names(self.names)
        before, after = game.standings.after[-2], game.standings.after[-1]
        lines = [
            f"[bold]{escape(named('tyzicha.hand_over', hand=game.hand_number - 1))}[/]",
            "",
            f"[bold]{escape(result_text(named, result))}[/]",
        ]
        widow = game.view().widow
        if widow:
            lines.append(escape(named("tyzicha.widow", cards="{cards}")).replace("{cards}", cards_markup(widow)))
        lines.append("")
        for seat in range(PLAYERS):
            line = named(
                "tyzicha.score-line",
                seat=seat,
                card_points=result.card_points[seat],
                marriage_points=result.marriage_points[seat],
                change=named.signed(after[seat] - before[seat]),
            )
            lines.append(escape(line))
        for seat in capped(before, result, after):
            lines.append(f"[dim]{escape(named('tyzicha.capped', seat=seat, cap=game.rules.cap))}[/]")
        lines += ["", escape(standing_text(named, after))]
        return "\n".join(lines)

    def match_over_text(self) -> str:
        match = self.game.match
        winner = match.winner
        assert winner is not None
        return self.messages.with_names(self.names)("tyzicha.match_over", seat=winner, points=match.scores[winner])

    # --- playing -----------------------------------------------------------------------------

    def clear_choice(self) -> None:
        self.selected = None
        self.raise_to = None
        if self.game.state.phase is not Phase.GIVE:
            self.give_to = None

    def toggle_card(self, index: int) -> None:
        if 0 <= index < len(self.game.view().hand):
            self.selected = None if self.selected == index else index
            self.show_board()

    def action_pick(self, index: int) -> None:
        self.toggle_card(index)

    def chosen_card(self) -> Card | None:
        """The chosen card, or None (said on screen)."""
        hand = self.shown_hand()
        if self.selected is None or self.selected >= len(hand):
            self.say(escape(self.messages("tyzicha.choose-first")), "error")
            return None
        return hand[self.selected]

    def action_play(self) -> None:
        """Enter: give the chosen card (giving), or play it (leading or answering)."""
        phase = self.game.state.phase
        if phase in (Phase.BID, Phase.FORCED, Phase.OVER) or not self.game.person_to_play:
            return
        card = self.chosen_card()
        if card is None:
            return
        seat = self.game.seat
        self.act(Give(seat, card, self.receiver()) if phase is Phase.GIVE else Play(seat, card))

    def action_marriage(self) -> None:
        """m: lead the chosen King or Queen showing its marriage."""
        card = self.chosen_card()
        if card is not None:
            self.act(Play(self.game.seat, card, True))

    def action_bid(self) -> None:
        """b: the next bid of the auction; forced, 110."""
        view = self.game.view()
        self.act(Bid(self.game.seat, OPENING_BID if view.phase is Phase.FORCED else next_bid(view)))

    def action_forced(self) -> None:
        self.act(Bid(self.game.seat, FORCED_CONTRACT))

    def action_pass_turn(self) -> None:
        self.act(Pass(self.game.seat))

    def action_other(self) -> None:
        """o: the next card goes to the other opponent."""
        view = self.game.view()
        open_seats = self.open_receivers(view)
        if view.phase is Phase.GIVE and len(open_seats) == 2:
            self.give_to = next(seat for seat in open_seats if seat != self.receiver())
            self.say("")

    def action_raise_value(self, change: int) -> None:
        """+/-: the contract r raises to, ten more or less."""
        if self.game.state.phase is Phase.DECLARE:
            least = self.game.state.contract + BID_STEP
            self.raise_to = min(max(self.contract_value() + change * BID_STEP, least), MAX_CONTRACT)
            self.say("")

    def action_raise_contract(self) -> None:
        self.act(Raise(self.game.seat, self.contract_value()))

    def action_concede(self) -> None:
        self.act(Concede(self.game.seat))

    def suggest_hint(self) -> str:
        game = self.game
        view = game.view()
        rng = game.hint_rng()
        suggestion = hint(view, game.state.legal_actions(), rng)
        action = suggestion.action
        if isinstance(action, Give | Play):
            self.selected = self.shown_hand().index(action.card)
        if isinstance(action, Give):
            self.give_to = action.to
        if isinstance(action, Raise):
            self.raise_to = action.value
        self.show_board()
        return hint_text(self.messages.with_names(self.names), suggestion)


class TyzichaReplayScreen(TrickReplay, TyzichaTable):
    """A Tyzicha record, step by step, any player's hand shown."""

    replay: TyzichaReplayCursor

    def __init__(self, replay: TyzichaReplayCursor, messages: Words, seat: int = 0) -> None:
        super().__init__(replay, messages, seat)

    def score_sheet(self) -> ScoreSheet:
        standings = self.replay.standings_shown()
        return ScoreSheet(standings.changes, ((0,), (1,), (2,)), standings.after[-1], self.replay.record.rules.target)

    def log_lines(self) -> list[str]:
        cursor = self.replay
        return self.action_lines(cursor.hand.actions[: cursor.position], cursor.state.forced, self.shown_seat)

    def keys_text(self) -> str:
        return self.messages("tui.keys_replay")

    def replay_caption(self) -> str:
        cursor = self.replay
        named = self.messages.with_names(self.names)
        last = cursor.last_action
        if last is None:
            text = escape(named("tui.replay_start"))
        else:
            text = escape(move_text(named, last, self.shown_seat, cursor.state.forced))
        result = cursor.state.result
        if result is not None:
            text += f" · [bold]{escape(result_text(named, result))}[/]"
        return text


class TyzichaApp(TableApp[TyzichaTableGame, TyzichaReplayCursor, TyzichaPlayScreen, TyzichaReplayScreen]):
    """Tyzicha at a terminal table: a match against two bots (``game``), or a saved record step by step
    (``replay``)."""

    TITLE_KEY = "tyzicha.title"

    def play_screen(
        self, game: TyzichaTableGame, bot_delay: float, save_path: Path, records: Path | None
    ) -> TyzichaPlayScreen:
        return TyzichaPlayScreen(game, self.messages, bot_delay, save_path, records)

    def replay_screen(self, replay: TyzichaReplayCursor, seat: int) -> TyzichaReplayScreen:
        return TyzichaReplayScreen(replay, self.messages, seat)
