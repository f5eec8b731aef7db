"""The terminal table in every format at 80x24 (Textual's pilot): the pile and the draw/take choice in
view at the opening of a hand of each preset and player count, the score sheet unwrapped however many
sides it has, an opening of several melds set aside and laid in one action where the first meld must lay
the whole hand, melds numbered 10 and more reached from the keyboard, a window too small for the table,
and --load seating everyone again."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from textual.app import App
from textual.content import Content
from textual.widgets import Static
from typer.testing import CliRunner

from biriba.bots import make_bot
from biriba.cli import app as cli
from biriba.core.actions import Extend, Meld
from biriba.core.rules import PLAYER_COUNTS, PRESETS, Rules
from biriba.core.state import HandState, Phase
from biriba.tui import BiribaApp, TableGame
from biriba.tui.shell.modals import HandOverScreen
from tests.builders import position
from tests.tui.driver import new_app, plain, seat_screen

FORMATS = [(preset, players) for preset in PRESETS for players in PLAYER_COUNTS]


def table_game(preset: str, players: int, seed: int, seat: int = 0) -> TableGame:
    rules = Rules.from_preset(preset, players=players)
    bots = [None if s == seat else make_bot("greedy") for s in range(players)]
    return TableGame.new(rules, seat, bots, seed)


def game_at(state: HandState) -> TableGame:
    """A standard 4-player match whose hand is the position ``state``."""
    game = table_game("standard", 4, seed=1)
    game.match.hand = state
    game._state = state
    return game


def inside(app: BiribaApp, selector: str) -> bool:
    region = app.query_one(selector).region
    return (
        region.width > 0 and region.height > 0 and region.bottom <= app.size.height and region.right <= app.size.width
    )


@pytest.mark.parametrize(("preset", "players"), FORMATS)
def test_the_pile_and_the_draw_stay_in_view_at_80x24(preset: str, players: int) -> None:
    async def scenario() -> None:
        app = new_app(table_game(preset, players, seed=4))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert inside(app, "#pile") and inside(app, "#message") and inside(app, "#hand")
            assert "Discard pile" in plain(app.query_one("#pile"))
            sheet = app.query_one("#scores")  # a column per side, none wrapped: its lines are the rows
            assert sheet.region.height == len(plain(sheet).splitlines()) >= 3
            game = app.game
            assert game is not None
            if game.person_to_play and game.state.phase is Phase.DRAW:
                assert "draw (d)" in plain(app.query_one("#message"))

    asyncio.run(scenario())


@pytest.mark.parametrize(("preset", "players", "seed"), [("standard", 5, 5), ("venezuelan", 4, 26)])
def test_an_opening_of_several_melds_is_set_aside_and_laid_in_one_action(preset: str, players: int, seed: int) -> None:
    """Seeds where the person's first turn can open with several melds at once (found by search)."""

    async def scenario() -> None:
        app = new_app(table_game(preset, players, seed))
        game = app.game
        assert game is not None
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("d")
            await pilot.pause()
            assert "First meld" in plain(app.query_one("#message")) or "whole hand" in plain(app.query_one("#message"))
            opening = next(a for a in game.legal_actions() if isinstance(a, Meld) and len(a.melds) >= 2)
            for meld in opening.melds:  # each meld selected among the cards not yet set aside, then g
                wanted = list(meld)
                for index in seat_screen(app).free_cards():
                    if app.table.hand_cards[index] in wanted:
                        wanted.remove(app.table.hand_cards[index])
                        seat_screen(app).toggle_card(index)
                assert not wanted
                await pilot.press("g")
            assert len(app.table.groups) == len(opening.melds)
            assert "set aside" in plain(app.query_one("#hand-title"))
            await pilot.press("m")
            await pilot.pause()
            laid = next(a for a in reversed(game.actions) if a.seat == game.seat and isinstance(a, Meld))
            assert sorted(laid.melds) == sorted(opening.melds) and not app.table.groups

    asyncio.run(scenario())


def test_melds_numbered_ten_and_more_are_reached_from_the_keyboard() -> None:
    eleven = [f"{rank}S {rank}H {rank}D" for rank in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    state = position({0: "KC 9C 9S 4C 5D"}, melds={0: eleven}, phase=Phase.PLAY, current=0)
    game = game_at(state)

    async def scenario() -> None:
        app = new_app(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            kings = [i for i, card in enumerate(app.table.hand_cards) if card == 51]  # K♣
            seat_screen(app).toggle_card(kings[0])
            await pilot.press("1", "1")  # meld 11: the set of Kings
            await pilot.pause()
            last = game.actions[-1]
            assert isinstance(last, Extend) and last.meld == 10 and last.cards == (51,)
            nines = [i for i, card in enumerate(app.table.hand_cards) if card in (47, 8)]  # 9♣ 9♠
            seat_screen(app).toggle_card(nines[0])
            await pilot.press("7")  # one digit, then a pause: meld 7, the set of Nines
            await pilot.pause(0.8)
            assert isinstance(game.actions[-1], Extend) and game.actions[-1].meld == 6

    asyncio.run(scenario())


def test_a_pile_too_long_for_its_lines_shows_its_newest_cards_and_the_top_one() -> None:
    """The open pile has three lines: a long one (a 5-player hand's) shows the newest cards that fit,
    after an ellipsis, the top card last; the count still says how many there are."""
    ranks = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q")
    pile = " ".join(f"{rank}{suit}" for _ in range(2) for suit in "SHDC" for rank in ranks)  # two decks
    pile = pile.replace("8H", "KH") + " 8H"  # the top card: its only copy
    state = position({0: "KC KS AH AD AC"}, discard=pile, phase=Phase.DRAW, current=0)
    game = game_at(state)

    async def scenario() -> None:
        app = new_app(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            shown = plain(app.query_one("#pile"))
            assert shown.startswith("Discard pile (81) …")
            assert shown.split()[-2:] == ["Q♣", "8♥"]  # the newest cards, the top one last
            # The top card alone stands out, in reverse video.
            content = app.query_one("#pile", Static).content
            assert isinstance(content, Content)
            reversed_text = {content.plain[span.start : span.end] for span in content.spans if span.style == "reverse"}
            assert reversed_text == {"8♥"}
            widget = app.query_one("#pile")
            wrapped = widget.get_content_height(widget.size, app.size, widget.size.width)
            assert widget.region.height == 3 == wrapped  # all of it in the pile's three lines
            assert len(shown.split()) > 25  # the lines are filled, not a few cards alone
            await pilot.resize_terminal(120, 30)  # wider: more of the pile, the top card still last
            await pilot.pause()
            wider = plain(app.query_one("#pile"))
            assert len(wider.split()) > len(shown.split()) and wider.split()[-1] == "8♥"

    asyncio.run(scenario())


def melds_beyond_the_window() -> HandState:
    """Eleven sets of one team and seven of the other (the second deck's copies): more than 80x24 shows."""
    ranks = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    ours = [f"{rank}S {rank}H {rank}D" for rank in ranks]
    theirs = [f"{rank}S {rank}H {rank}D" for rank in ranks[:7]]
    return position({0: "KC QC JC 10C AC"}, melds={0: ours, 1: theirs}, phase=Phase.DRAW, current=0)


def test_melds_out_of_view_are_announced_and_scrolled_to_with_page_keys() -> None:
    game = game_at(melds_beyond_the_window())

    async def scenario() -> None:
        app = new_app(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            more = app.query_one("#melds-more")
            assert more.display and "more melds below: PgDn" in plain(more)
            await pilot.press("pagedown", "pagedown", "pagedown")
            await pilot.pause()
            assert app.query_one("#melds-box").scroll_y > 0
            assert more.display and "more melds above: PgUp" in plain(more)
            await pilot.resize_terminal(80, 60)  # room for every meld: the line goes
            await pilot.pause()
            assert not more.display

    asyncio.run(scenario())


@pytest.mark.parametrize("scrolled", [False, True])
def test_the_line_about_melds_out_of_view_goes_when_a_new_hand_has_few(scrolled: bool) -> None:
    few = position(
        {0: "KC QC JC 10C AC"}, melds={0: ["3S 3H 3D", "4S 4H 4D"], 1: ["5S 5H 5D"]}, phase=Phase.DRAW, current=0
    )
    game = game_at(melds_beyond_the_window())

    async def scenario() -> None:
        app = new_app(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            more = app.query_one("#melds-more")
            assert more.display
            if scrolled:
                await pilot.press("pagedown", "pagedown")
                await pilot.pause()
            screen = seat_screen(app)

            def next_hand(_: bool | None) -> None:  # the next hand is dealt: two teams' few melds fit
                game.match.hand = few
                game._state = few
                screen.show_board()

            app.push_screen(HandOverScreen("End of hand 1", "Enter: next hand", lambda: "saved"), next_hand)
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
            assert not more.display, plain(more)

    asyncio.run(scenario())


def test_a_breakdown_line_longer_than_the_window_wraps_inside_it() -> None:
    """A full run of fourteen cards makes a breakdown line wider than 80 columns: it wraps, nothing cut."""
    run = " ".join(f"{rank}♠" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
    breakdown = f"End of hand 2\n\nmelded   +560\nP2+P4: ★ clean full run in the bonus suit {run} +1000"

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(HandOverScreen(breakdown, "Enter: next hand", lambda: "saved"))

    async def scenario() -> None:
        app = Host()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            shown = app.screen.query_one("#breakdown")
            assert shown.region.right <= 80 and shown.region.x >= 0
            assert shown.region.height == 5  # the long line on two lines

    asyncio.run(scenario())


def test_a_window_too_small_for_the_table_says_so() -> None:
    async def scenario() -> None:
        app = new_app()
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            assert "at least 80×24" in plain(app.query_one("#too-small"))
            assert not app.query_one("#table").display or app.screen.has_class("too-small")
        async with new_app().run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert not pilot.app.screen.has_class("too-small")

    asyncio.run(scenario())


def test_load_seats_the_person_and_the_bots_as_they_were(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    started: list[BiribaApp] = []
    monkeypatch.setattr(BiribaApp, "run", lambda self, *args, **kwargs: started.append(self))
    saved = tmp_path / "match.json"
    options = ["--seat", "2", "--bots", "random,heuristic,greedy", "--seed", "3", "--save", str(saved)]
    assert CliRunner().invoke(cli, ["play", *options]).exit_code == 0
    first = started[0]
    assert first.game is not None
    first.game.save(saved)
    assert json.loads(saved.read_text())["table"] == {"seat": 2, "bots": ["random", "heuristic", "greedy"]}
    result = CliRunner().invoke(cli, ["play", "--load", str(saved)])
    assert result.exit_code == 0, result.output
    again = started[1].game
    assert again is not None and again.seat == 2
    assert [bot.name if bot else None for bot in again.bots] == ["random", "heuristic", None, "greedy"]
