"""Driving the terminal game in tests: a table against greedy bots, and a simple player that plays
the person's seat through the interface only (keys and clicks), the way a person would."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from textual.pilot import Pilot

from biriba.bots import make_bot
from biriba.core.actions import Discard, Extend, Meld
from biriba.core.cards import Card
from biriba.core.rules import Rules
from biriba.core.state import Phase
from biriba.tui import BiribaApp, TableGame
from biriba.tui.biriba.board import BiribaPlayScreen, HandView

SEED = 11
"""A deal where the person can meld, extend and discard during the first hand."""


def new_game(seed: int = SEED, seat: int = 0, players: int = 4, target: int | None = None) -> TableGame:
    rules = Rules.from_preset("standard", players=players, **({} if target is None else {"target": target}))
    bots = [None if s == seat else make_bot("greedy") for s in range(players)]
    return TableGame.new(rules, seat, bots, seed)


def new_app(game: TableGame | None = None, language: str = "en", **kwargs: object) -> BiribaApp:
    return BiribaApp(game=game or new_game(), language=language, bot_delay=0, **kwargs)  # type: ignore[arg-type]


def seat_screen(app: BiribaApp) -> BiribaPlayScreen:
    """The table of a match being played (not a replay)."""
    assert isinstance(app.table, BiribaPlayScreen)
    return app.table


def plain(widget: object) -> str:
    """The text a Static shows, without styles."""
    return str(widget.render())  # type: ignore[attr-defined]


async def select_cards(pilot: Pilot[None], app: BiribaApp, cards: Sequence[Card]) -> None:
    """Clear the selection, then click each card of ``cards`` in the hand."""
    await pilot.press("c")
    wanted = Counter(cards)
    hand = app.query_one(HandView)
    for index, card in enumerate(list(app.table.hand_cards)):
        if wanted[card]:
            wanted[card] -= 1
            await pilot.click(HandView, offset=hand.card_offset(index))
    assert not +wanted, f"cards {dict(+wanted)} are not in the hand shown: {app.table.hand_cards}"
    assert sorted(app.table.hand_cards[i] for i in app.table.selected) == sorted(cards)


async def play_turn_step(pilot: Pilot[None], app: BiribaApp) -> None:
    """One step of the person's turn, by keys and clicks: choose a bonus suit, draw (or pass), lay the
    first meld the engine lists, else add to a meld, else discard the first card it allows."""
    game = app.game
    assert game is not None and game.person_to_play
    state = game.state
    if state.phase is Phase.CHOOSE:
        await pilot.press("1")
        return
    if state.phase is Phase.DRAW:
        await pilot.press("d" if state.draw_pile else "p")
        return
    legal = game.legal_actions()
    melds = [a for a in legal if isinstance(a, Meld) and len(a.melds) == 1]
    extends = [a for a in legal if isinstance(a, Extend) and a.meld < 9]
    discards = [a for a in legal if isinstance(a, Discard)]
    if melds:
        await select_cards(pilot, app, melds[0].melds[0])
        await pilot.press("m")
    elif extends:
        await select_cards(pilot, app, extends[0].cards)
        await pilot.press(str(extends[0].meld + 1))
    else:
        assert discards, f"no meld, extension or discard to play among {legal}"
        await select_cards(pilot, app, (discards[0].card,))
        await pilot.press("x")


async def play_to_end_of_hand(pilot: Pilot[None], app: BiribaApp, max_steps: int = 400) -> int:
    """Play the person's seat until the hand ends; every step must change the game. Returns the steps."""
    game = app.game
    assert game is not None
    for step in range(max_steps):
        if game.last_result is not None:
            return step
        before = (game.hand_number, len(game.actions))
        await play_turn_step(pilot, app)
        assert (game.hand_number, len(game.actions)) != before or game.last_result is not None, app.table.message
    raise AssertionError(f"the hand did not end in {max_steps} steps")


def play_hand(game: TableGame) -> None:
    """Play the person's seat to the end of the hand: a discard where one is legal, else the first action."""
    while game.last_result is None:
        if game.person_to_play:
            legal = game.legal_actions()
            game.play(next((a for a in legal if isinstance(a, Discard)), legal[0]))
        else:
            game.bot_step()
