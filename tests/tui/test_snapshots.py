"""Snapshots of the main screens in English and Greek, at 80x24 and larger (pytest-textual-snapshot).

The deals and the bots are seeded, so each screen is the same on every run. After a deliberate change of
the look, regenerate with ``pytest tests/tui/test_snapshots.py --snapshot-update`` and review the SVG files
in ``__snapshots__``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from biriba.core.actions import Discard
from biriba.games.bura import BuraRules
from biriba.games.bura.bots import HeuristicBuraBot
from biriba.games.tyzicha import TyzichaRules
from biriba.games.tyzicha.bots import HeuristicTyzichaBot
from biriba.tui import BiribaApp, ReplayCursor
from biriba.tui.bura.board import BuraApp
from biriba.tui.bura.game import BuraTableGame
from biriba.tui.tyzicha.board import TyzichaApp, playable_now
from biriba.tui.tyzicha.game import TyzichaTableGame
from tests.tui.driver import new_app, new_game, play_to_end_of_hand, select_cards

SnapCompare = Callable[..., bool]
LANGUAGES = ("en", "el")


@pytest.mark.parametrize("language", LANGUAGES)
def test_table_at_the_first_turn_80x24(snap_compare: SnapCompare, language: str) -> None:
    assert snap_compare(new_app(language=language), terminal_size=(80, 24))


@pytest.mark.parametrize("language", LANGUAGES)
def test_table_with_a_hint_120x36(snap_compare: SnapCompare, language: str) -> None:
    assert snap_compare(new_app(language=language), press=["d", "h"], terminal_size=(120, 36))


@pytest.mark.parametrize("language", LANGUAGES)
def test_illegal_attempt_shows_the_rule_80x24(snap_compare: SnapCompare, language: str) -> None:
    async def discard_before_drawing(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, BiribaApp)
        await pilot.pause()  # the table's screen mounts after the app starts
        await select_cards(pilot, app, (app.table.hand_cards[0],))
        await pilot.press("x")

    assert snap_compare(new_app(language=language), run_before=discard_before_drawing, terminal_size=(80, 24))


@pytest.mark.parametrize("language", LANGUAGES)
def test_end_of_hand_breakdown_80x24(snap_compare: SnapCompare, language: str) -> None:
    async def finish_the_hand(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, BiribaApp)
        await pilot.pause()
        await play_to_end_of_hand(pilot, app)
        await pilot.pause()

    assert snap_compare(new_app(language=language), run_before=finish_the_hand, terminal_size=(80, 24))


@pytest.mark.parametrize("language", LANGUAGES)
def test_replay_of_a_saved_hand_100x30(snap_compare: SnapCompare, language: str, tmp_path: Path) -> None:
    game = new_game()
    for _ in range(40):
        if game.person_to_play:
            legal = game.legal_actions()
            game.play(next((a for a in legal if isinstance(a, Discard)), legal[0]))
        else:
            game.bot_step()
    saved = tmp_path / "record.json"
    game.save(saved)
    app = BiribaApp(replay=ReplayCursor.load(saved), language=language)
    assert snap_compare(app, press=["right"] * 12, terminal_size=(100, 30))


# --- Bura --------------------------------------------------------------------------------------------


def new_bura_app(language: str) -> BuraApp:
    game = BuraTableGame.new(BuraRules(), 0, [None, HeuristicBuraBot()], 4)
    return BuraApp(game=game, language=language, bot_delay=0)


@pytest.mark.parametrize("language", LANGUAGES)
def test_bura_table_with_a_hint_80x24(snap_compare: SnapCompare, language: str) -> None:
    assert snap_compare(new_bura_app(language), press=["h"], terminal_size=(80, 24))


@pytest.mark.parametrize("language", LANGUAGES)
def test_bura_end_of_hand_80x24(snap_compare: SnapCompare, language: str) -> None:
    async def play_the_hand_out(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, BuraApp) and app.game is not None
        game = app.game
        player = HeuristicBuraBot()
        await pilot.pause()
        while game.last_result is None:
            action = player.choose(game.view(), game.state.legal_actions(), random.Random(0))
            game.play(action)
            app.table.after_change()
            await pilot.pause()
        await pilot.pause()

    assert snap_compare(new_bura_app(language), run_before=play_the_hand_out, terminal_size=(80, 24))


# --- Tyzicha -----------------------------------------------------------------------------------------


def new_tyzicha_app(language: str) -> TyzichaApp:
    bots = [None, HeuristicTyzichaBot(), HeuristicTyzichaBot()]
    return TyzichaApp(game=TyzichaTableGame.new(TyzichaRules(), 0, bots, 0), language=language, bot_delay=0)


async def play_tyzicha_until(pilot: Pilot[Any], done: Callable[[TyzichaTableGame], bool]) -> None:
    """The person's moves made by a heuristic player until ``done``."""
    app = pilot.app
    assert isinstance(app, TyzichaApp) and app.game is not None
    game = app.game
    player = HeuristicTyzichaBot()
    await pilot.pause()
    while not done(game):
        game.play(player.choose(game.view(), game.state.legal_actions(), random.Random(0)))
        app.table.after_change()
        await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("language", LANGUAGES)
def test_tyzicha_table_with_a_hint_80x24(snap_compare: SnapCompare, language: str) -> None:
    async def to_a_card_with_a_choice(pilot: Pilot[Any]) -> None:
        def answering(game: TyzichaTableGame) -> bool:
            view = game.view()
            return game.person_to_play and bool(view.trick) and len(playable_now(view)) > 1

        await play_tyzicha_until(pilot, answering)
        await pilot.press("h")

    assert snap_compare(new_tyzicha_app(language), run_before=to_a_card_with_a_choice, terminal_size=(80, 24))


@pytest.mark.parametrize("language", LANGUAGES)
def test_tyzicha_end_of_hand_80x24(snap_compare: SnapCompare, language: str) -> None:
    async def play_the_hand_out(pilot: Pilot[Any]) -> None:
        await play_tyzicha_until(pilot, lambda game: game.last_result is not None)

    assert snap_compare(new_tyzicha_app(language), run_before=play_the_hand_out, terminal_size=(80, 24))
