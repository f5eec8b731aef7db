"""How Biriba's board looks: Textual content markup built from a seat's view, nothing else.

Pure functions, so the screen code stays about input and flow. Every function takes what one seat may
see (a :class:`~biriba.core.views.SeatView`, the actions played, the match results) and the words of
one language (:class:`~biriba.i18n.Words`).

>>> hand_positions([0, 9, 52], width=8)
[(0, 0), (4, 0), (0, 1)]
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.cells import cell_len
from textual.markup import escape

from biriba.core.actions import Action
from biriba.core.cards import JOKER, SUIT_SYMBOLS, Card, card_symbol, rank_of, sort_key, suit_of
from biriba.core.match import HandResult
from biriba.core.melds import RUN, SET, arrange
from biriba.core.scoring import TeamScore
from biriba.core.state import Phase, TableMeld
from biriba.core.views import SeatView
from biriba.i18n import Words
from biriba.tui.shell.cards import card_markup, card_style, cards_markup
from biriba.tui.shell.sheet import side_name

CARD_CELL = 4
"""Columns per card in the hand: the widest card (``10♥``) and a space."""

SORT_ORDERS = ("suit", "rank")


def sorted_hand(cards: Sequence[Card], order: str) -> list[Card]:
    """The hand in display order: by suit (then rank), or by rank (then suit); Jokers last."""
    if order == "rank":
        return sorted(cards, key=lambda c: (14, 0) if c == JOKER else (rank_of(c), suit_of(c)))
    return sorted(cards, key=sort_key)


def hand_positions(cards: Sequence[Card], width: int) -> list[tuple[int, int]]:
    """Where each card of the hand is drawn, ``(x, y)`` within a widget ``width`` columns wide."""
    per_line = max(1, width // CARD_CELL)
    return [((i % per_line) * CARD_CELL, i // per_line) for i in range(len(cards))]


def hand_card_at(cards: Sequence[Card], width: int, x: int, y: int) -> int | None:
    """The card of the hand drawn at ``(x, y)`` within a widget ``width`` columns wide (its cell), or None."""
    per_line = max(1, width // CARD_CELL)
    column = x // CARD_CELL
    index = y * per_line + column
    return index if x >= 0 and y >= 0 and column < per_line and index < len(cards) else None


def hand_markup(
    cards: Sequence[Card], selected: Collection[int], cursor: int | None, width: int, drawn: int | None = None
) -> str:
    """The hand, each card in its suit's colour (:func:`hand_card_at` finds the card clicked): selected
    cards reversed, the cursor underlined, the card just drawn (``drawn``) on a highlighted background."""
    per_line = max(1, width // CARD_CELL)
    lines: list[str] = []
    for start in range(0, len(cards), per_line):
        cells = []
        for index in range(start, min(start + per_line, len(cards))):
            card = cards[index]
            style = card_style(card)
            if index in selected:
                style += " reverse"
            if index == cursor:
                style += " underline"
            if index == drawn:
                style += " on #2a4a6a"
            text = card_symbol(card)
            # No @click link: a link's colour (the widget's link-color) would cover the suit's.
            cells.append(f"[{style}]{text}[/]" + " " * (CARD_CELL - len(text)))
        lines.append("".join(cells).rstrip())
    return "\n".join(lines) if lines else " "


def meld_markup(meld: TableMeld, number: int, messages: Words, clickable: bool) -> str:
    """``1 3♥ 4♥ 5♥  3 clean run`` with wild cards underlined; a biriba marked ★. ``clickable``
    makes the line the target of ``extend(i)`` (melds of the person's team)."""
    shape = meld.shape
    shown = []
    for card in arrange(meld.cards, shape):
        text = card_markup(card)
        shown.append(f"[underline]{text}[/]" if card == shape.wild else text)
    kind = messages({RUN: "game.run", SET: "game.set"}.get(shape.kind, "game.wild-meld"))
    cleanliness = messages("game.clean") if shape.clean else messages("game.dirty")
    mark = f" [bold yellow]★ {messages('game.biriba')}[/]" if shape.is_biriba else ""
    label = f"[bold]{number}[/]"
    if clickable:
        label = f"[bold @click=extend({number - 1})]{number}[/]"
    return f"{label} {' '.join(shown)}  [dim]{shape.length} {cleanliness} {kind}[/]{mark}"


def teams_markup(view: SeatView, names: Sequence[str], messages: Words) -> str:
    """Every team's melds, the viewer's team first, each with its biribaki status."""
    lines: list[str] = []
    teams = list(range(len(view.melds)))
    if view.team >= 0:
        teams.sort(key=lambda team: team != view.team)
    if view.team < 0 and any(team < 0 for team in view.seat_team):
        lines.append(f"[dim]{escape(messages('tui.team_unformed'))}[/]")
    for team in teams:
        seats = [seat for seat, of in enumerate(view.seat_team) if of == team]
        if not seats and not view.melds[team]:
            continue
        who = side_name(seats, names) if seats else f"#{team}"
        status = messages(f"game.status.{view.biribaki[team].value}")
        heading = escape(messages("tui.team_heading", who=who, status=status))
        lines.append(f"[bold $accent]{heading}[/]")
        if not view.melds[team]:
            lines.append(f"  [dim]{escape(messages('tui.no_melds'))}[/]")
        for number, meld in enumerate(view.melds[team], 1):
            lines.append(meld_markup(meld, number, messages, clickable=team == view.team))
    return "\n".join(lines)


PILE_LINES = 3
"""The lines the discard pile has on screen (the melds below take the rest)."""


def pile_markup(view: SeatView, messages: Words, width: int = 0) -> str:
    """The discard pile, bottom card first, the top card in reverse video: open, so all of it; or, where
    it does not fit in :data:`PILE_LINES` lines of ``width`` columns (0: no limit), its newest cards that
    do, after an ellipsis: the top card is the one a player decides on."""
    title = messages("tui.discard_pile", n=view.discard_pile_size)
    heading = f"[bold]{escape(title)}[/]"
    if not view.discard_pile:
        return f"{heading} [dim]{messages('tui.empty')}[/]"
    pile = view.discard_pile
    shown = len(pile)
    if width > 0:
        words = title.split(" ")
        symbols = [card_symbol(card) for card in pile]
        while shown > 1:
            ellipsis = ["…"] if shown < len(pile) else []
            if _lines_needed([*words, *ellipsis, *symbols[-shown:]], width) <= PILE_LINES:
                break
            shown -= 1
    left_out = "[dim]…[/] " if shown < len(pile) else ""
    below = f"{cards_markup(pile[-shown:-1])} " if shown > 1 else ""
    # The top card, the one a player decides on, stands out from those under it.
    return f"{heading} {left_out}{below}[reverse]{cards_markup(pile[-1:])}[/]"


def _lines_needed(words: Sequence[str], width: int) -> int:
    """The lines ``words`` take wrapped at spaces into lines of ``width`` columns (none is wider)."""
    lines, used = 1, 0
    for word in words:
        size = cell_len(word)
        if used and used + 1 + size > width:
            lines, used = lines + 1, size
        else:
            used += size + (1 if used else 0)
    return lines


def status_markup(view: SeatView, names: Sequence[str], hand_number: int, messages: Words, person: int | None) -> str:
    """The top line: the game, the hand, the bonus suit (κόζι), the piles, whose turn (``person``: the
    seat of the person at the table, None in a replay)."""
    bonus = (
        messages("tui.no_bonus_suit")
        if view.bonus_suit is None
        else messages("tui.bonus_suit", suit=SUIT_SYMBOLS[view.bonus_suit])
    )
    if view.phase is Phase.OVER:
        turn = messages("tui.hand_over")
    elif view.current == person:
        turn = messages("tui.your_turn")
    else:
        turn = messages("tui.plays_now", name=names[view.current])
    parts = [
        f"[bold]{messages('tui.title')}[/]",
        messages("tui.hand_number", n=hand_number),
        f"[bold yellow]{escape(bonus)}[/]",
        messages("tui.draw_pile", n=view.draw_pile_size),
        messages("tui.biribakia", n=len(view.biribakia_left)),
        f"[bold reverse] {escape(turn)} [/]",
    ]
    return " · ".join(parts)


def action_text(action: Action, names: Sequence[str], messages: Words) -> str:
    """An action in words (markup), who made it first: ``P1 discards 7♥``, the cards in colour."""
    shown = Words(messages.language, [f"[cyan]{escape(name)}[/]" for name in names], card_markup)
    return shown.action(action)


_LINES = (
    ("line.melded", "melded"),
    ("line.in_hand", "in_hand"),
    ("line.biribas", "biribas"),
    ("line.going_out", "going_out"),
    ("line.biribaki", "biribaki"),
    ("line.no_biriba", "no_biriba"),
    ("line.no_melds", "no_melds"),
    ("line.cut", "cut"),
    ("line.rounding", "rounding"),
)


def breakdown_markup(
    result: HandResult,
    hand_number: int,
    names: Sequence[str],
    totals: Sequence[int],
    messages: Words,
) -> str:
    """The end-of-hand score breakdown: per team (or player) every scoring line, the hand's total,
    what each partner scores where partners score apart, and the match total."""
    score = result.score
    units = list(zip(score.teams, score.team_scores, strict=True))
    heads = [side_name(seats, names) for seats, _ in units]
    # Where partnerships change from hand to hand (five players), partners' match totals differ: each shows.
    match_cells = ["/".join(dict.fromkeys(messages.number(totals[seat]) for seat in seats)) for seats, _ in units]
    width = max(9, *(len(h) for h in heads), *(len(cell) for cell in match_cells))
    label_width = max(len(messages(key)) for key, _ in _LINES) + 1
    label_width = max(label_width, len(messages("line.match_total")) + 1, len(messages("line.each_player")) + 1)
    lines = [f"[bold]{escape(messages('tui.breakdown_title', n=hand_number))}[/]"]
    if result.went_out >= 0:
        lines.append(escape(messages("tui.went_out", name=names[result.went_out])))
    else:
        lines.append(escape(messages("tui.nobody_out")))
    lines.append("")
    lines.append(" " * label_width + " ".join(f"[bold]{h:>{width}}[/]" for h in heads))

    def line(label: str, cells: Sequence[str], style: str = "") -> str:
        text = f"{escape(label):<{label_width}}" + " ".join(f"{cell:>{width}}" for cell in cells)
        return f"[{style}]{text}[/]" if style else text

    def row(label: str, values: Sequence[int], style: str = "") -> str:
        return line(label, [messages.signed(value) for value in values], style)

    for key, field in _LINES:
        values = [getattr(team, field) for _, team in units]
        if field in ("melded", "in_hand", "biribas", "going_out", "biribaki") or any(values):
            lines.append(row(messages(key), values))
    lines.append(row(messages("line.hand"), [team.score for _, team in units], "bold"))
    shares = [score.seat_scores[seats[0]] for seats, _ in units]
    if score.partners_share:  # partners score half: shown even where a half rounds back to the whole (5)
        lines.append(row(messages("line.each_player"), shares))
    lines.append(line(messages("line.match_total"), match_cells, "bold"))
    for (_, team), head in zip(units, heads, strict=True):
        why = messages.biribaki_line(team)
        if why:
            lines.append(f"[dim]{escape(head)}: {escape(why)}[/]")
        lines.extend(_biriba_lines(team, head, messages))
    return "\n".join(lines)


def _biriba_lines(team: TeamScore, head: str, messages: Words) -> list[str]:
    return [
        f"[dim]{escape(head)}:[/] ★ {escape(messages.biriba(biriba))} {cards_markup(biriba.cards)} "
        f"{messages.signed(biriba.bonus)}"
        for biriba in team.biriba_list
    ]
