"""Text rendering of cards, melds and tables for terminals (Rich markup)."""

from __future__ import annotations

from collections.abc import Sequence

from biriba.core.actions import Action, ChooseBonusSuit, Discard, Draw, Extend, Meld, Pass, Redraw, TakePile
from biriba.core.cards import JOKER, SUIT_SYMBOLS, Card, card_symbol, sort_key, suit_of
from biriba.core.melds import STANDARD_MELDS, MeldRules, arrange, meld_shape
from biriba.core.scoring import HandScore
from biriba.core.state import HandState

_SUIT_STYLE = ("bold white", "bold red", "bold red", "bold white")


def card_markup(card: Card) -> str:
    """A card with its suit in colour."""
    if card == JOKER:
        return "[bold magenta]JK[/]"
    return f"[{_SUIT_STYLE[suit_of(card)]}]{card_symbol(card)}[/]"


def cards_markup(cards: Sequence[Card], sort: bool = True) -> str:
    ordered = sorted(cards, key=sort_key) if sort else list(cards)
    return " ".join(card_markup(c) for c in ordered)


def meld_markup(cards: tuple[Card, ...], rules: MeldRules = STANDARD_MELDS) -> str:
    """A meld in table order; wild cards underlined, with length and clean/dirty marks."""
    shape = meld_shape(cards, rules)
    assert shape is not None
    shown = []
    for card in arrange(cards, shape):
        text = card_markup(card)
        shown.append(f"[underline]{text}[/]" if card == shape.wild else text)
    mark = "★" if shape.is_biriba else ""
    cleanliness = "clean" if shape.clean else "dirty"
    return f"{' '.join(shown)}  [dim]({shape.length}, {cleanliness}){mark}[/]"


def action_markup(action: Action, names: Sequence[str]) -> str:
    who = f"[cyan]{names[action.seat]}[/]"
    match action:
        case Draw():
            return f"{who} draws"
        case TakePile():
            return f"{who} [yellow]takes the discard pile[/]"
        case Pass():
            return f"{who} passes"
        case Meld(_, melds):
            return f"{who} melds " + " | ".join(cards_markup(m, sort=False) for m in melds)
        case Extend(_, meld, cards):
            return f"{who} extends meld {meld} with {cards_markup(cards)}"
        case Discard(_, card):
            return f"{who} discards {card_markup(card)}"
        case Redraw():
            return f"{who} turns up the card drawn and draws again"
        case ChooseBonusSuit(_, suit):
            return f"{who} chooses " + ("no bonus suit" if suit is None else f"the bonus suit {SUIT_SYMBOLS[suit]}")


def table_markup(state: HandState, names: Sequence[str], show_hands: bool = True) -> str:
    """The whole table: hands (for a spectator of bots), melds, piles and counts."""
    bonus = "none" if state.bonus_suit is None else SUIT_SYMBOLS[state.bonus_suit]
    lines = [
        f"[dim]draw pile {len(state.draw_pile)} · biribakia left "
        f"{len(state.biribakia) - state.packets_used} · bonus suit (κόζι) {bonus}[/]",
        f"discard pile ({len(state.discard_pile)}): {cards_markup(state.discard_pile, sort=False) or '—'}",
    ]
    if not state.teams_formed:
        lines.append("[dim]partnerships form when a player melds the whole hand[/]")
    for team in range(state.rules.teams if state.teams_formed else 0):
        seats = state.seats_of(team)
        status = state.biribaki_status(team).value.replace("_", " ")
        lines.append(f"[bold]Team {team}[/] ({', '.join(names[s] for s in seats)}) · biribaki {status}")
        for index, meld in enumerate(state.melds[team]):
            lines.append(f"  {index}: {meld_markup(meld.cards, state.rules.meld_rules)}")
    if show_hands:
        for seat in range(state.rules.players):
            marker = "▶" if seat == state.current and not state.is_over else " "
            lines.append(
                f"{marker} {names[seat]:<10} ({state.hand_size(seat):>2}) {cards_markup(state.hand_cards(seat))}"
            )
    return "\n".join(lines)


def score_lines(score: HandScore) -> list[str]:
    """A score breakdown per team, and each player's score where partners score apart."""
    lines = []
    for number, (seats, team) in enumerate(zip(score.teams, score.team_scores, strict=True)):
        extras = [
            f"{label} {points:+d}"
            for label, points in (
                ("no biriba", team.no_biriba),
                ("nothing melded", team.no_melds),
                ("cut", team.cut),
                ("rounding", team.rounding),
            )
            if points
        ]
        lines.append(
            f"[bold]Team {number}: {team.score:+d}[/]  melded {team.melded:+d} · in hand {team.in_hand:+d} · "
            f"biribas {team.biribas:+d} · going out {team.going_out:+d} · biribaki {team.biribaki:+d}"
            + "".join(f" · {extra}" for extra in extras)
        )
        if score.seat_scores[seats[0]] != team.score:
            lines.append(f"    each player ({', '.join(map(str, seats))}) scores {score.seat_scores[seats[0]]:+d}")
        for biriba in team.biriba_list:
            lines.append(f"    {biriba.description}: {cards_markup(biriba.cards, sort=False)} {biriba.bonus:+d}")
    return lines
