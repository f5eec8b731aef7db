"""Bura's board on the shell's table: the trump card and the stock, the trick on the table, the last trick
and the hand, the keys that play them, and the screens of the two modes.

Input becomes engine actions here and nowhere else: the chosen cards and the key make a
:class:`~biriba.games.bura.Lead` or :class:`~biriba.games.bura.Answer` (or a claim, a declaration, a pass)
and the engine judges it; an illegal choice shows the rule that forbids it and changes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.markup import escape

from biriba.core.cards import SUIT_SYMBOLS, Card
from biriba.games.bura import Answer, BuraAction, BuraView, Claim, Declare, Lead, Pass, Phase
from biriba.games.bura.bots import hint
from biriba.games.bura.game import combination, moves_in_sight
from biriba.i18n import Words
from biriba.i18n.bura import combination_name, hint_text, move_text, result_text, standing_text
from biriba.tui.bura.game import BuraReplayCursor, BuraTableGame
from biriba.tui.shell import PlayScreen, ScoreSheet, SeatLine
from biriba.tui.shell.app import TableApp
from biriba.tui.shell.cards import card_markup, card_style, cards_markup
from biriba.tui.shell.tricks import TrickReplay, TrickTable


def board_markup(view: BuraView, names: list[str], words: Words) -> str:
    """The table as ``view.seat`` sees it: trumps and the stock, any combination shown, the trick on the
    table, and the last trick taken."""
    named = words.with_names(names)
    key = "bura.trump-card" if view.trump_in_stock else "bura.trump-drawn"
    lines = [
        escape(named(key, card="{card}")).replace("{card}", card_markup(view.trump_card))
        + " · "
        + escape(named("bura.stock", n=view.stock_size)),
        "",
    ]
    if view.announced is not None:
        seat, kind = view.announced
        lines.append(escape(named("bura.announced", seat=seat, combination=combination_name(named, kind))))
    if view.trick:
        lines.append(escape(named("bura.trick", cards="{cards}")).replace("{cards}", cards_markup(view.trick)))
    else:
        lines.append(escape(named("bura.trick-empty")))
    won = " · ".join(f"{names[seat]} {words('game.cards', n=view.won_cards[seat])}" for seat in range(2))
    lines.append(escape(named("bura.won-piles", piles=won)))
    last = view.last_trick
    if last is not None:
        text = escape(named("bura.last-trick", led="{led}", answer="{answer}", seat=last.winner))
        lines.append(text.replace("{led}", cards_markup(last.led)).replace("{answer}", cards_markup(last.answer)))
    return "\n".join(lines)


class BuraTable(TrickTable):
    """What both modes show of a Bura table."""

    TITLE_KEY = "bura.title"

    def view(self) -> BuraView:
        raise NotImplementedError

    def chosen(self) -> frozenset[int]:
        return frozenset()

    def shown_hand(self) -> list[Card]:
        return list(self.view().hand)

    def board_markup(self) -> str:
        return board_markup(self.view(), self.names, self.messages)

    def hand_styles(self, cards: list[Card]) -> list[str]:
        chosen = self.chosen()
        return [card_style(card) + (" reverse" if index in chosen else "") for index, card in enumerate(cards)]

    def status_markup(self) -> str:
        view = self.view()
        words = self.messages
        return escape(
            words(
                "bura.status",
                hand=self.hand_index(),
                suit=SUIT_SYMBOLS[view.trump],
                stock=view.stock_size,
                pot=view.pot,
            )
        )

    def hand_index(self) -> int:
        raise NotImplementedError

    def seat_lines(self) -> list[SeatLine]:
        view = self.view()
        words = self.messages
        return [
            SeatLine(
                self.names[seat],
                words("game.cards", n=view.hand_sizes[seat]),
                on_turn=seat == view.current and view.phase is not Phase.OVER,
                dealer=seat == view.dealer,
            )
            for seat in range(2)
        ]

    def action_lines(self, actions: list[BuraAction]) -> list[str]:
        named = self.messages.with_names(self.names)
        return [escape(move_text(named, action)) for action in actions]


class BuraPlayScreen(BuraTable, PlayScreen):
    """A person's seat at a Bura match against a bot."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in (1, 2, 3)),
        Binding("enter", "play", show=False),
        Binding("d", "declare", show=False),
        Binding("c", "claim", show=False),
        Binding("p", "pass_turn", show=False),
        Binding("h", "hint", show=False),
    ]

    RECORD_PREFIX = "bura"

    def __init__(
        self, game: BuraTableGame, messages: Words, bot_delay: float, save_path: Path, records: Path | None
    ) -> None:
        super().__init__(game, messages, bot_delay, save_path, records)
        self.game = game
        self.selected: frozenset[int] = frozenset()

    # --- what the table shows ----------------------------------------------------------------

    def view(self) -> BuraView:
        return self.game.view()

    def chosen(self) -> frozenset[int]:
        return self.selected

    def hand_title(self) -> str:
        return self.messages("bura.your-hand")

    def hand_index(self) -> int:
        return self.game.hand_number - 1

    def score_sheet(self) -> ScoreSheet:
        standings = self.game.standings
        return ScoreSheet(standings.changes, ((0,), (1,)), standings.after[-1])

    def log_lines(self) -> list[str]:
        actions = self.game.actions
        if not self.game.state.is_over:  # the tricks taken lie face down: only the last is still shown
            actions = moves_in_sight(actions, lambda action: isinstance(action, Answer))
        return self.action_lines(actions)

    def keys_text(self) -> str:
        return self.messages("bura.keys_play")

    def prompt(self) -> str:
        words = self.messages
        view = self.game.view()
        if view.phase is Phase.OVER:
            return escape(words("tui.hand_over"))
        if not self.game.person_to_play:
            return escape(words("tui.prompt_wait", name=self.names[view.current]))
        return escape(self._turn_prompt(view))

    def _turn_prompt(self, view: BuraView) -> str:
        """What the person may do on their turn."""
        words = self.messages
        match view.phase:
            case Phase.CLAIM:
                kind = combination(list(view.hand), view.trump)
                return words("bura.prompt.claim", combination=combination_name(words, kind or ""))
            case Phase.LAST_CALL:
                return words("bura.prompt.last-call")
            case Phase.ANSWER:
                return words("bura.prompt.answer", n=len(view.trick))
        return words("bura.prompt.must-lead" if view.must_lead else "bura.prompt.lead")

    def breakdown_markup(self) -> str:
        game = self.game
        result = game.last_result
        assert result is not None
        named = self.messages.with_names(self.names)
        state = game.state
        lines = [
            f"[bold]{escape(named('bura.hand_over', hand=game.hand_number - 1))}[/]",
            "",
            escape(result_text(named, result, state.pot)),
        ]
        for seat, hand in enumerate(state.hands):
            if hand:
                lines.append(f"{escape(self.names[seat])}: {cards_markup(hand)}")
        lines += ["", escape(standing_text(named, game.match.tokens))]
        return "\n".join(lines)

    def match_over_text(self) -> str:
        winner = self.game.match.winner
        return self.messages.with_names(self.names)("bura.match_over", seat=winner)

    # --- playing -----------------------------------------------------------------------------

    def clear_choice(self) -> None:
        self.selected = frozenset()

    def toggle_card(self, index: int) -> None:
        if 0 <= index < len(self.game.view().hand):
            self.selected ^= {index}
            self.show_board()

    def action_pick(self, index: int) -> None:
        self.toggle_card(index)

    def action_play(self) -> None:
        """Enter: lead or answer with the chosen cards (a claimed combination needs none chosen)."""
        view = self.game.view()
        seat = self.game.seat
        if view.must_lead:
            self.act(Lead(seat, view.must_lead))
            return
        cards = tuple(sorted(view.hand[i] for i in self.selected))
        if not cards:
            self.say(escape(self.messages("bura.choose-first")), "error")
            return
        self.act(Answer(seat, cards) if view.phase is Phase.ANSWER else Lead(seat, cards))

    def action_declare(self) -> None:
        self.act(Declare(self.game.seat))

    def action_claim(self) -> None:
        self.act(Claim(self.game.seat))

    def action_pass_turn(self) -> None:
        self.act(Pass(self.game.seat))

    def suggest_hint(self) -> str:
        game = self.game
        view = game.view()
        rng = game.hint_rng()
        suggestion = hint(view, game.state.tricks, game.state.legal_actions(), rng)
        cards = suggestion.action.cards if isinstance(suggestion.action, Lead | Answer) else ()
        self.selected = frozenset(view.hand.index(card) for card in cards if not view.must_lead)
        self.show_board()
        return hint_text(self.messages.with_names(self.names), suggestion)


class BuraReplayScreen(TrickReplay, BuraTable):
    """A Bura record, step by step, either player's hand shown."""

    replay: BuraReplayCursor

    def __init__(self, replay: BuraReplayCursor, messages: Words, seat: int = 0) -> None:
        super().__init__(replay, messages, seat)

    def score_sheet(self) -> ScoreSheet:
        standings = self.replay.standings_shown()
        return ScoreSheet(standings.changes, ((0,), (1,)), standings.after[-1])

    def log_lines(self) -> list[str]:
        return self.action_lines(self.replay.hand.actions[: self.replay.position])

    def keys_text(self) -> str:
        return self.messages("tui.keys_replay")

    def replay_caption(self) -> str:
        cursor = self.replay
        named = self.messages.with_names(self.names)
        last = cursor.last_action
        text = escape(move_text(named, last)) if last is not None else escape(named("tui.replay_start"))
        result = cursor.state.result
        if result is not None:
            text += f" · [bold]{escape(result_text(named, result, cursor.state.pot))}[/]"
        return text


class BuraApp(TableApp[BuraTableGame, BuraReplayCursor, BuraPlayScreen, BuraReplayScreen]):
    """Bura at a terminal table: a match against a bot (``game``), or a saved record step by step (``replay``)."""

    TITLE_KEY = "bura.title"

    def play_screen(
        self, game: BuraTableGame, bot_delay: float, save_path: Path, records: Path | None
    ) -> BuraPlayScreen:
        return BuraPlayScreen(game, self.messages, bot_delay, save_path, records)

    def replay_screen(self, replay: BuraReplayCursor, seat: int) -> BuraReplayScreen:
        return BuraReplayScreen(replay, self.messages, seat)
