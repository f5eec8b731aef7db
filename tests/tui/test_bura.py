"""Bura at the terminal table (``app.run_test()``): whole hands against the heuristic bot played by keys and
clicks as a person would, an illegal lead and its rule, the end-of-hand breakdown and the score sheet, what
the screen never shows, saving and resuming, and stepping through a saved record."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

from textual.pilot import Pilot

from biriba.core.cards import card_symbol, suit_of
from biriba.games.bura import Answer, BuraRules, Claim, Declare, Lead, Pass, Phase
from biriba.games.bura.bots import HeuristicBuraBot
from biriba.games.records import GameRecord
from biriba.tui.bura.board import BuraApp, BuraPlayScreen
from biriba.tui.bura.game import BuraReplayCursor, BuraTableGame
from biriba.tui.shell.cards import HandView
from biriba.tui.shell.modals import HandOverScreen, LeaveScreen

SEED = 4


def new_app(seed: int = SEED, language: str = "en", **kwargs: object) -> BuraApp:
    game = BuraTableGame.new(BuraRules(), 0, [None, HeuristicBuraBot()], seed)
    return BuraApp(game=game, language=language, bot_delay=0, **kwargs)  # type: ignore[arg-type]


def plain(app: BuraApp, selector: str) -> str:
    return str(app.table.query_one(selector).render())  # type: ignore[attr-defined]


async def play_person_step(pilot: Pilot[None], app: BuraApp, player: HeuristicBuraBot) -> None:
    """The person's move, chosen by a heuristic player from the seat's view and made by keys and clicks."""
    game = app.game
    assert game is not None and game.person_to_play
    view = game.view()
    action = player.choose(view, game.state.legal_actions(), random.Random(0))
    played = len(game.actions)
    match action:
        case Lead(_, cards) | Answer(_, cards) if not view.must_lead:
            for card in cards:  # the first card by click, the others by their number keys
                index = view.hand.index(card)
                if card == cards[0]:  # each cell: its key, then the card padded by a space each side
                    start = sum(len(card_symbol(other)) + 4 for other in view.hand[:index])
                    await pilot.click(HandView, offset=(1 + start + 2, 0))
                else:
                    await pilot.press(str(index + 1))
            await pilot.press("enter")
        case Lead():
            await pilot.press("enter")
        case Claim():
            await pilot.press("c")
        case Declare():
            await pilot.press("d")
        case Pass():
            await pilot.press("p")
    # The bot answers at once: the person's move is the one after those played before it.
    assert len(game.actions) > played and game.actions[played] == action, plain(app, "#message")


def test_whole_hands_by_keys_an_illegal_lead_and_the_breakdown() -> None:
    async def scenario() -> None:
        app = new_app()
        game = app.game
        assert game is not None
        player = HeuristicBuraBot()
        async with app.run_test(size=(80, 24)) as pilot:
            # Two cards of different suits: the rule is named and nothing changes.
            while not (game.person_to_play and game.state.phase is Phase.LEAD):
                await play_person_step(pilot, app, player)
            hand = game.view().hand
            mixed = [i for i, card in enumerate(hand) if suit_of(card) != suit_of(hand[0])]
            if mixed:
                before, played = game.state.fingerprint(), len(game.actions)
                await pilot.press("1", str(mixed[0] + 1), "enter")
                assert "Not allowed (Lead one suit)" in plain(app, "#message")
                assert game.state.fingerprint() == before and len(game.actions) == played
                await pilot.press("1", str(mixed[0] + 1))  # let them go again
            await pilot.press("enter")
            assert "Choose the cards first" in plain(app, "#message")

            for number in (1, 2):
                while game.last_result is None:
                    await play_person_step(pilot, app, player)
                await pilot.pause()
                modal = app.screen
                assert isinstance(modal, HandOverScreen)
                text = str(modal.query_one("#breakdown").render())
                assert f"Hand {number}" in text and "tokens" in text
                assert game.standings.after[-1] == tuple(game.match.tokens)
                await pilot.press("enter")
                await pilot.pause()
                assert game.hand_number == number + 1
                sheet = plain(app, "#scores")
                change = game.standings.changes[-1]
                assert f"{number:>2} " in sheet and f"{change[0]:+d}" in sheet

    asyncio.run(scenario())


def test_q_at_a_hands_end_asks_saves_and_leaves(tmp_path: Path) -> None:
    # The breakdown's q leaves as the table's q does: it asks first (n goes back to the hand's end), and y
    # saves the match before leaving, so that --load resumes it.
    path = tmp_path / "bura.json"

    async def scenario() -> None:
        app = new_app(save_path=path)
        game = app.game
        assert game is not None
        player = HeuristicBuraBot()
        async with app.run_test(size=(80, 24)) as pilot:
            while game.last_result is None:
                await play_person_step(pilot, app, player)
            await pilot.pause()
            assert isinstance(app.screen, HandOverScreen)
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, LeaveScreen) and not path.exists()
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, HandOverScreen), "staying shows the hand's end again"
            await pilot.press("q")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
        assert path.exists()
        resumed = BuraTableGame.load(path, 0, [None, HeuristicBuraBot()])
        assert resumed.hand_number == 2 and resumed.standings.after == game.standings.after

    asyncio.run(scenario())


def test_the_screen_shows_nothing_the_seat_may_not_see() -> None:
    async def scenario() -> None:
        app = new_app(seed=9)
        game = app.game
        assert game is not None
        player = HeuristicBuraBot()
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(12):
                if game.last_result is not None:
                    break
                if game.person_to_play:
                    screen = app.table
                    assert isinstance(screen, BuraPlayScreen)
                    shown = "\n".join(plain(app, selector) for selector in ("#trick-board", "#players", "#log"))
                    state = game.state
                    hidden = [card for card in state.hands[1] if card != state.trump_card]
                    assert not any(card_symbol(card) in shown for card in hidden), shown
                    assert "points" not in shown  # the won piles lie face down: their count only
                    await play_person_step(pilot, app, player)

    asyncio.run(scenario())


def test_saving_resumes_the_same_hand_and_the_record_replays(tmp_path: Path) -> None:
    path = tmp_path / "bura.json"

    async def scenario() -> None:
        app = new_app(save_path=path)
        game = app.game
        assert game is not None
        player = HeuristicBuraBot()
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(3):
                await play_person_step(pilot, app, player)
            await pilot.press("w")
            assert path.exists() and "Saved the match" in plain(app, "#message")
        resumed = BuraTableGame.load(path, 0, [None, HeuristicBuraBot()])
        assert resumed.state.fingerprint() == game.state.fingerprint()
        assert resumed.actions == game.actions

    asyncio.run(scenario())


def test_a_saved_record_is_stepped_through_move_by_move(tmp_path: Path) -> None:
    game = BuraTableGame.new(BuraRules(), 1, [HeuristicBuraBot(), None], 21)
    seat_player = HeuristicBuraBot()
    while game.hand_number < 3:
        if game.last_result is not None:
            game.next_hand()
        elif game.bot_to_play:
            game.bot_step()
        else:
            game.play(seat_player.choose(game.view(), game.state.legal_actions(), random.Random(1)))
    path = tmp_path / "record.json"
    game.save(path)
    record = GameRecord.from_json(json.loads(path.read_text()))
    cursor = BuraReplayCursor(record)
    assert cursor.hand_count == 3

    async def scenario() -> None:
        app = BuraApp(replay=BuraReplayCursor(record), language="el")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("right", "right")
            assert "κίνηση 2/" in plain(app, "#message")
            first = record.hands[0][1]
            assert plain(app, "#log").count(":") >= 2 and "άνοιγμα" in plain(app, "#log")
            await pilot.press("end")
            assert f"κίνηση {len(first)}/{len(first)}" in plain(app, "#message")
            await pilot.press("right_square_bracket")
            assert "γύρος 2/3" in plain(app, "#message")

    asyncio.run(scenario())


def test_a_hint_chooses_the_search_players_cards_and_says_why() -> None:
    async def scenario() -> None:
        app = new_app()
        game = app.game
        assert game is not None
        async with app.run_test(size=(80, 24)) as pilot:
            view = game.view()
            await pilot.press("h")
            message = plain(app, "#message")
            assert message.startswith("Hint: You: ")
            screen = app.table
            assert isinstance(screen, BuraPlayScreen)
            chosen = tuple(sorted(view.hand[i] for i in screen.selected))
            assert chosen and card_symbol(chosen[0]) in message
            assert "trial deals of the cards you cannot see" in message and "next best move" in message
            played = len(game.actions)
            await pilot.press("enter")  # the hinted cards are played as they are
            assert game.actions[played] == Lead(game.seat, chosen)

    asyncio.run(scenario())
