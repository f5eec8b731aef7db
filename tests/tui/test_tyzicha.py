"""Tyzicha at the terminal table (``app.run_test()``): whole hands against two heuristic bots played by keys
and clicks as a person would (the bidding, giving a card to each opponent, a raise, a marriage, the tricks),
an illegal card and its rule, the end-of-hand breakdown and the score sheet, what the screen never shows (a
card given face down to another seat), saving and resuming, a hint, and stepping through a saved record."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

from textual.pilot import Pilot

from biriba.core.cards import card_symbol
from biriba.games.records import GameRecord
from biriba.games.tyzicha import Bid, Concede, Give, Pass, Phase, Play, Raise, TyzichaRules
from biriba.games.tyzicha.bots import HeuristicTyzichaBot
from biriba.games.tyzicha.game import playable
from biriba.i18n import Words
from biriba.i18n.tyzicha import result_text
from biriba.tui.shell.cards import HandView
from biriba.tui.shell.modals import HandOverScreen
from biriba.tui.tyzicha.board import (
    HAND_KEYS,
    TyzichaApp,
    TyzichaPlayScreen,
    hand_order,
    playable_now,
)
from biriba.tui.tyzicha.game import TyzichaReplayCursor, TyzichaTableGame

SEED = 0
"""The person declares the first hand, raises it and shows a marriage (the heuristic's choices)."""
FORCED_SEED = 3
"""A bot is forced to the 100 in the first hand and gives its cards face down."""


def new_game(seed: int = SEED) -> TyzichaTableGame:
    return TyzichaTableGame.new(TyzichaRules(), 0, [None, HeuristicTyzichaBot(), HeuristicTyzichaBot()], seed)


def new_app(seed: int = SEED, language: str = "en", **kwargs: object) -> TyzichaApp:
    return TyzichaApp(game=new_game(seed), language=language, bot_delay=0, **kwargs)  # type: ignore[arg-type]


def plain(app: TyzichaApp, selector: str) -> str:
    return str(app.table.query_one(selector).render())  # type: ignore[attr-defined]


def screen_of(app: TyzichaApp) -> TyzichaPlayScreen:
    screen = app.table
    assert isinstance(screen, TyzichaPlayScreen)
    return screen


async def choose(pilot: Pilot[None], app: TyzichaApp, card: int, click: bool) -> None:
    """Choose a card of the hand: by a click on it, or by its key."""
    game = app.game
    assert game is not None
    shown = hand_order(game.view().hand)
    index = shown.index(card)
    if click:  # each cell: its key, then the card padded by a space each side; one space between cells
        start = sum(len(card_symbol(other)) + 4 for other in shown[:index])
        await pilot.click(HandView, offset=(1 + start + 2, 0))
    else:
        await pilot.press(HAND_KEYS[index])
    assert screen_of(app).selected == index


async def play_person_step(pilot: Pilot[None], app: TyzichaApp, player: HeuristicTyzichaBot) -> None:
    """The person's move, chosen by a heuristic player from the seat's view and made by keys and clicks."""
    game = app.game
    assert game is not None and game.person_to_play
    view = game.view()
    action = player.choose(view, game.state.legal_actions(), random.Random(0))
    played = len(game.actions)
    match action:
        case Bid(_, value):
            await pilot.press("f" if value == 100 and view.phase is Phase.FORCED else "b")
        case Pass():
            await pilot.press("p")
        case Give(_, card, to):
            await choose(pilot, app, card, click=len(game.actions) % 2 == 0)
            if screen_of(app).receiver() != to:
                await pilot.press("o")
            assert screen_of(app).receiver() == to
            await pilot.press("enter")
        case Raise(_, value):
            for _ in range((value - view.contract) // 10 - 1):
                await pilot.press("plus")
            assert f"r raises to {value}" in plain(app, "#message")
            await pilot.press("r")
        case Concede():
            await pilot.press("c")
        case Play(_, card, marriage):
            await choose(pilot, app, card, click=len(view.trick) == 1)
            await pilot.press("m" if marriage else "enter")
    # The bots answer at once: the person's move is the one after those played before it.
    assert len(game.actions) > played and game.actions[played] == action, plain(app, "#message")


def test_whole_hands_by_keys_an_illegal_card_and_the_breakdown() -> None:
    async def scenario() -> None:
        app = new_app()
        game = app.game
        assert game is not None
        player = HeuristicTyzichaBot()
        refused = raised = shown = False
        async with app.run_test(size=(80, 24)) as pilot:
            assert "Your bid: b bids 110" in plain(app, "#message")
            for number in (1, 2):
                while game.last_result is None:
                    view = game.view()
                    if not refused and view.phase is Phase.PLAY and view.trick and game.person_to_play:
                        allowed = playable(view.hand, view.trick, view.trump)
                        wrong = [card for card in view.hand if card not in allowed]
                        if wrong:  # a card the rules refuse: the rule is named and nothing changes
                            before, count = game.state.fingerprint(), len(game.actions)
                            await choose(pilot, app, wrong[0], click=False)
                            await pilot.press("enter")
                            message = plain(app, "#message")
                            assert message.startswith("Not allowed (")
                            assert any(rule in message for rule in ("Follow suit", "Trump when void", "Head the trick"))
                            assert game.state.fingerprint() == before and len(game.actions) == count
                            refused = True
                    await play_person_step(pilot, app, player)
                    last = game.actions[-1] if game.actions else None
                    raised |= isinstance(last, Raise) and last.seat == 0
                    shown |= any(isinstance(a, Play) and a.marriage and a.seat == 0 for a in game.actions)
                await pilot.pause()
                modal = app.screen
                assert isinstance(modal, HandOverScreen)
                text = str(modal.query_one("#breakdown").render())
                result = game.last_result
                assert result is not None
                assert f"Hand {number}" in text
                assert result_text(Words("en").with_names(["You", "P2", "P3"]), result) in text
                assert "in cards" in text and "in marriages" in text
                assert game.standings.after[-1] == game.match.scores
                await pilot.press("enter")
                await pilot.pause()
                assert game.hand_number == number + 1
                sheet = plain(app, "#scores")
                change = game.standings.changes[-1]
                assert "target 1,001" in sheet
                assert f"{number:>2} " in sheet and f"{change[0]:+d}" in sheet
        assert refused and raised and shown

    asyncio.run(scenario())


def test_a_card_given_face_down_to_another_seat_is_never_shown() -> None:
    async def scenario() -> None:
        app = new_app(seed=FORCED_SEED)
        game = app.game
        assert game is not None
        player = HeuristicTyzichaBot()
        async with app.run_test(size=(80, 24)) as pilot:
            checked = 0
            while game.last_result is None:
                state = game.state
                if state.phase is Phase.PLAY and game.person_to_play:
                    assert state.forced and state.declarer == 2
                    (hidden,) = [card for to, card in state.given if to == 1]
                    (mine,) = [card for to, card in state.given if to == 0]
                    board = plain(app, "#trick-board")
                    assert "a card face down to P2" in board and f"{card_symbol(mine)} to You" in board
                    assert "three cards face down" in board  # the forced 100's widow is never shown
                    if not checked:
                        assert "P3: give a card face down to P2" in plain(app, "#log")
                    if hidden in state.hands[1]:
                        assert card_symbol(hidden) not in board + plain(app, "#log")
                    others = [card for seat in (1, 2) for card in state.hands[seat]]
                    assert not any(card_symbol(card) in board for card in others)
                    checked += 1
                await play_person_step(pilot, app, player)
            assert checked >= 3

    asyncio.run(scenario())


def test_saving_resumes_the_same_hand_and_the_record_replays(tmp_path: Path) -> None:
    path = tmp_path / "tyzicha.json"

    async def scenario() -> None:
        app = new_app(save_path=path)
        game = app.game
        assert game is not None
        player = HeuristicTyzichaBot()
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(5):
                await play_person_step(pilot, app, player)
            await pilot.press("w")
            assert path.exists() and "Saved the match" in plain(app, "#message")
        resumed = TyzichaTableGame.load(path, 0, [None, HeuristicTyzichaBot(), HeuristicTyzichaBot()])
        assert resumed.state.fingerprint() == game.state.fingerprint()
        assert resumed.actions == game.actions

    asyncio.run(scenario())


def test_a_hint_chooses_the_search_players_card_and_says_why() -> None:
    async def scenario() -> None:
        app = new_app()
        game = app.game
        assert game is not None
        player = HeuristicTyzichaBot()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("h")
            assert plain(app, "#message").startswith("Hint: You: bid 110: the hand is worth about")

            def a_choice_of_cards() -> bool:
                view = game.view()
                return game.person_to_play and bool(view.trick) and len(playable_now(view)) > 1

            while not a_choice_of_cards():
                await play_person_step(pilot, app, player)
            await pilot.press("h")
            message = plain(app, "#message")
            screen = screen_of(app)
            assert screen.selected is not None
            chosen = hand_order(game.view().hand)[screen.selected]
            assert message.startswith(f"Hint: You: {card_symbol(chosen)}: ")
            assert "trial deals of the cards you cannot see" in message and "next best move" in message
            played = len(game.actions)
            await pilot.press("enter")  # the hinted card is played as it is
            assert game.actions[played] == Play(game.seat, chosen)

    asyncio.run(scenario())


def test_a_saved_record_is_stepped_through_move_by_move(tmp_path: Path) -> None:
    game = new_game(seed=7)
    player = HeuristicTyzichaBot()
    while game.hand_number < 3:
        if game.last_result is not None:
            game.next_hand()
        elif game.bot_to_play:
            game.bot_step()
        else:
            game.play(player.choose(game.view(), game.state.legal_actions(), random.Random(1)))
    path = tmp_path / "record.json"
    game.save(path)
    record = GameRecord.from_json(json.loads(path.read_text()))
    cursor = TyzichaReplayCursor(record)
    assert cursor.hand_count == 3
    assert cursor.standings.after[1:] == game.standings.after[1:3]

    async def scenario() -> None:
        app = TyzichaApp(replay=TyzichaReplayCursor(record), language="el")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("right", "right")
            assert "κίνηση 2/" in plain(app, "#message")
            first = record.hands[0][1]
            await pilot.press("end")
            assert f"κίνηση {len(first)}/{len(first)}" in plain(app, "#message")
            assert "συμβόλαιο" in plain(app, "#message")  # the hand's result
            assert f"{game.standings.changes[0][0]:+d}" in plain(app, "#scores")
            await pilot.press("right_square_bracket")
            assert "γύρος 2/3" in plain(app, "#message")

    asyncio.run(scenario())
