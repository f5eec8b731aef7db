"""The parts of the table every game has, as Textual markup: the seats, the score sheet, the log.

Pure functions of plain data (names, numbers, lines a game has already put in words), so that any
game's table shows them the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.markup import escape

from biriba.i18n import Words


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat in the seats panel."""

    name: str
    detail: str
    """What the table shows of the seat, in words (``11 cards``)."""
    on_turn: bool
    dealer: bool
    team: int | None = None
    """The seat's team (from 0), where seats play in teams."""


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The match so far: every finished hand's score per seat, the totals, who scores together."""

    hands: Sequence[Sequence[int]]
    sides: Sequence[Sequence[int]]
    totals: Sequence[int]
    target: int | None = None


def seat_names(players: int, person: int | None, messages: Words) -> list[str]:
    """Short names: "You" for the person's seat, ``P1``, ``P2``... for the others."""
    return [messages("tui.you") if seat == person else messages("tui.seat", n=seat + 1) for seat in range(players)]


def side_name(seats: Sequence[int], names: Sequence[str]) -> str:
    return "+".join(names[seat] for seat in seats)


def seats_markup(seats: Sequence[SeatLine], messages: Words) -> str:
    """Each seat: the one on turn marked ▶, the dealer marked, its team and what the table shows of it."""
    lines = [f"[bold]{messages('tui.players')}[/]"]
    for seat in seats:
        marker = "▶" if seat.on_turn else " "
        dealer = messages("tui.dealer_mark") if seat.dealer else " "
        team = messages("tui.team_short", n=seat.team + 1) if seat.team is not None else "  "
        lines.append(f"{marker} {seat.name:<4} {team} {dealer} {escape(seat.detail)}")
    return "\n".join(lines)


def score_sheet_markup(sheet: ScoreSheet, names: Sequence[str], messages: Words) -> str:
    """The match score sheet: the target, a column per side, every hand (the panel scrolls), and the totals."""
    sides = sheet.sides
    width = max(6, *(len(side_name(side, names)) for side in sides))
    header = "   " + " ".join(f"{side_name(side, names):>{width}}" for side in sides)
    title = messages("tui.score_sheet")
    if sheet.target is not None:
        title += " · " + messages("tui.target", n=messages.number(sheet.target))
    lines = [f"[bold]{escape(title)}[/]", f"[dim]{escape(header)}[/]"]
    for number, seat_scores in enumerate(sheet.hands, 1):
        cells = " ".join(f"{messages.signed(seat_scores[side[0]]):>{width}}" for side in sides)
        lines.append(f"{number:>2} {cells}")
    cells = " ".join(f"{messages.number(sheet.totals[side[0]]):>{width}}" for side in sides)
    lines.append(f"[bold]{'Σ':>2} {cells}[/]")
    return "\n".join(lines)


def log_markup(lines: Sequence[str], messages: Words, count: int) -> str:
    """The last ``count`` moves (each already markup), oldest first."""
    return "\n".join([f"[bold]{messages('tui.last_moves')}[/]", *lines[-count:]])
