"""Text rendering of cards, melds, moves, tables and score lines for terminals (Rich markup), in the
words of :mod:`biriba.i18n`. Cards show their suit symbols in colour; teams and melds count from 1."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape

from biriba.core.actions import Action
from biriba.core.cards import JOKER, Card, card_symbol, sort_key, suit_of
from biriba.core.melds import STANDARD_MELDS, MeldRules, arrange, meld_shape
from biriba.core.scoring import HandScore
from biriba.core.state import HandState
from biriba.i18n import Words

_SUIT_STYLE = ("bold white", "bold red", "bold red", "bold white")


def card_markup(card: Card) -> str:
    """A card with its suit in colour."""
    if card == JOKER:
        return "[bold magenta]JK[/]"
    return f"[{_SUIT_STYLE[suit_of(card)]}]{card_symbol(card)}[/]"


def cards_markup(cards: Sequence[Card], sort: bool = True) -> str:
    ordered = sorted(cards, key=sort_key) if sort else list(cards)
    return " ".join(card_markup(c) for c in ordered)


def meld_markup(cards: tuple[Card, ...], words: Words, rules: MeldRules = STANDARD_MELDS) -> str:
    """A meld in table order; wild cards underlined, with what it is ("clean run of 4 ♥") and ★ for a biriba."""
    shape = meld_shape(cards, rules)
    assert shape is not None
    shown = []
    for card in arrange(cards, shape):
        text = card_markup(card)
        shown.append(f"[underline]{text}[/]" if card == shape.wild else text)
    mark = " ★" if shape.is_biriba else ""
    return f"{' '.join(shown)}  [dim]({escape(words.shape(shape))}){mark}[/]"


def action_markup(action: Action, names: Sequence[str], words: Words) -> str:
    """A move in words, the player in colour and the cards in their suits' colours."""
    shown = Words(words.language, [f"[cyan]{escape(name)}[/]" for name in names], card_markup)
    return shown.action(action)


def table_markup(state: HandState, names: Sequence[str], words: Words, show_hands: bool = True) -> str:
    """The whole table: hands (for a spectator of bots), melds, piles and counts."""
    bonus = words("game.no-bonus-suit") if state.bonus_suit is None else words("cli.bonus-suit", suit=state.bonus_suit)
    status = words(
        "cli.table-status", n=len(state.draw_pile), packets=len(state.biribakia) - state.packets_used, bonus=bonus
    )
    pile = cards_markup(state.discard_pile, sort=False) or "—"
    lines = [f"[dim]{escape(status)}[/]", f"{escape(words('cli.discard-pile', n=len(state.discard_pile)))}: {pile}"]
    if not state.teams_formed:
        lines.append(f"[dim]{escape(words('tui.team_unformed'))}[/]")
    for team in range(state.rules.teams if state.teams_formed else 0):
        seats = state.seats_of(team)
        status = words(f"game.status.{state.biribaki_status(team).value}")
        heading = words("cli.team-heading", team=team, players=", ".join(names[s] for s in seats), status=status)
        lines.append(f"[bold]{escape(heading)}[/]")
        for index, meld in enumerate(state.melds[team], 1):
            lines.append(f"  {index}: {meld_markup(meld.cards, words, state.rules.meld_rules)}")
    if show_hands:
        for seat in range(state.rules.players):
            marker = "▶" if seat == state.current and not state.is_over else " "
            hand = cards_markup(state.hand_cards(seat))
            lines.append(f"{marker} {escape(names[seat]):<10} ({state.hand_size(seat):>2}) {hand}")
    return "\n".join(lines)


_LINES = ("melded", "in_hand", "biribas", "going_out", "biribaki")
"""The score lines every breakdown shows; the others only when they score."""
_EXTRA_LINES = ("no_biriba", "no_melds", "cut", "rounding")


def _rows(items: list[str], width: int) -> list[str]:
    """``items`` joined by " · " into rows of at most ``width`` characters (an item longer stands alone)."""
    rows: list[str] = []
    for item in items:
        if rows and len(rows[-1]) + 3 + len(item) <= width:
            rows[-1] += " · " + item
        else:
            rows.append(item)
    return rows


def score_lines(score: HandScore, words: Words) -> list[str]:
    """A score breakdown per team (teams counted from 1), each player's score where partners score
    apart, why a biribaki line costs what it does, and the biribas."""
    lines = []
    for number, (seats, team) in enumerate(zip(score.teams, score.team_scores, strict=True)):
        shown = [*_LINES, *(line for line in _EXTRA_LINES if getattr(team, line))]
        parts = [f"{words(f'line.{line}')} {words.signed(getattr(team, line))}" for line in shown]
        head = words("cli.team-score", team=number, score=words.signed(team.score))
        # The breakdown under the team's total, in lines of whole items: let wrap at 80 columns, it would
        # split an item from its points.
        lines += [f"[bold]{escape(head)}[/]", *(f"    {escape(row)}" for row in _rows(parts, 76))]
        if score.partners_share and len(seats) > 1:  # even where half the score rounds back to it (5)
            share = words("cli.each-player", seats=", ".join(str(s + 1) for s in seats))
            lines.append(f"    {escape(share)} {words.signed(score.seat_scores[seats[0]])}")
        why = words.biribaki_line(team)
        if why:
            lines.append(f"    [dim]{escape(why)}[/]")
        for biriba in team.biriba_list:
            lines.append(
                f"    {escape(words.biriba(biriba))}: {cards_markup(biriba.cards, sort=False)} "
                f"{words.signed(biriba.bonus)}"
            )
    return lines
