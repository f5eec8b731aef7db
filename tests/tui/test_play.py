"""Playing through the interface (``app.run_test()``): whole hands against greedy bots by keys and clicks,
an illegal attempt and its rule, a hint, the end-of-hand breakdown, the next hand, the end of the match,
saving and resuming, and replaying a saved record."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.markup import escape

from biriba.bots.hints import suggest
from biriba.core.actions import Discard, Draw, Extend, Meld
from biriba.core.cards import card_symbol, rank_of, suit_of
from biriba.core.errors import IllegalAction
from biriba.core.records import MatchRecord
from biriba.core.state import Phase
from biriba.i18n import LANGUAGES, Words, catalogue
from biriba.tui import BiribaApp, ReplayCursor, TableGame
from biriba.tui.biriba.board import BiribaReplayScreen
from biriba.tui.biriba.render import sorted_hand
from biriba.tui.shell.modals import HandOverScreen
from biriba.tui.shell.screens import MIN_WIDTH, fitted_keys, key_bar_width
from tests.tui.driver import (
    SEED,
    new_app,
    new_game,
    plain,
    play_hand,
    play_to_end_of_hand,
    play_turn_step,
    select_cards,
)


def test_a_whole_hand_with_an_illegal_attempt_a_hint_and_the_breakdown() -> None:  # noqa: PLR0915
    async def scenario() -> None:  # noqa: PLR0915
        app = new_app()
        game = app.game
        assert game is not None
        async with app.run_test(size=(80, 24)) as pilot:
            # The bots before the person have played; the person is asked to draw.
            assert game.person_to_play and game.state.phase is Phase.DRAW
            assert "draw (d)" in plain(app.query_one("#message"))

            # Discarding before drawing: the rule is shown and nothing changes.
            before, played = game.state.fingerprint(), len(game.actions)
            await select_cards(pilot, app, (app.table.hand_cards[0],))
            await pilot.press("x")
            assert "Not allowed (Draw first): Start your turn by drawing" in plain(app.query_one("#message"))
            assert game.state.fingerprint() == before and len(game.actions) == played

            await pilot.press("d")
            assert game.actions[-1] == Draw(game.seat)

            # An illegal meld shows the engine's own rule and message, and changes nothing.
            two = tuple(app.table.hand_cards[:2])
            with pytest.raises(IllegalAction) as refusal:
                game.state.clone().check(Meld(game.seat, (tuple(sorted(two)),)))
            expected = refusal.value
            before = game.state.fingerprint()
            await select_cards(pilot, app, two)
            await pilot.press("m")
            message = plain(app.query_one("#message"))
            words = app.messages
            assert f"({words.rule_name(expected.rule)})" in message
            assert words.refusal(expected)[:40] in " ".join(message.split())
            assert game.state.fingerprint() == before

            # The hint shows the suggestion and its reason, and selects its cards.
            hint = suggest(game.view(), game.legal_actions())
            await pilot.press("h")
            message = " ".join(plain(app.query_one("#message")).split())
            assert message.startswith("Hint:") and app.messages.hint(hint) in message
            hinted = {
                Meld: lambda a: [c for m in a.melds for c in m],
                Extend: lambda a: list(a.cards),
                Discard: lambda a: [a.card],
            }.get(type(hint.action), lambda a: [])(hint.action)
            assert sorted(app.table.hand_cards[i] for i in app.table.selected) == sorted(hinted)

            await play_to_end_of_hand(pilot, app)
            await pilot.pause()
            result = game.last_result
            assert result is not None and isinstance(app.screen, HandOverScreen)
            breakdown = plain(app.screen.query_one("#breakdown"))
            assert "End of hand 1" in breakdown
            lines = {line.split()[0] if line.split() else "": line for line in breakdown.splitlines()}
            for label, field in (("melded", "melded"), ("biribaki", "biribaki")):
                assert lines[label].split()[1:] == [f"{getattr(t, field):+,d}" for t in result.score.team_scores]
            in_hand = next(line for line in breakdown.splitlines() if line.startswith("in hand"))
            assert in_hand.split()[2:] == [f"{t.in_hand:+,d}" for t in result.score.team_scores]
            hand_line = next(line for line in breakdown.splitlines() if line.startswith("hand "))
            assert hand_line.split()[1:] == [f"{t.score:+,d}" for t in result.score.team_scores]
            for team in result.score.team_scores:
                for biriba in team.biriba_list:
                    assert " ".join(card_symbol(c) for c in biriba.cards) in breakdown

            # Enter deals the next hand; the score sheet holds the first.
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(app.screen, HandOverScreen)
            assert game.hand_number == 2 and game.last_result is None
            sheet = plain(app.query_one("#scores")).splitlines()
            first_row = next(line.split() for line in sheet if line.split()[:1] == ["1"])
            assert first_row[1:] == [f"{result.score.seat_scores[seats[0]]:+,d}" for seats in game.match.sides]

    asyncio.run(scenario())


def test_the_match_ends_with_its_winner_and_enter_leaves_the_table() -> None:
    async def scenario() -> None:
        app = new_app(new_game(target=100))
        game = app.game
        assert game is not None
        async with app.run_test(size=(80, 24)) as pilot:
            await play_to_end_of_hand(pilot, app)
            await pilot.pause()
            assert game.is_over and isinstance(app.screen, HandOverScreen)
            winner = game.match.sides[game.match.winner or 0]
            names = app.table.names
            breakdown = plain(app.screen.query_one("#breakdown"))
            points = f"{game.match.totals[winner[0]]:,}"  # English writes thousands with a comma
            assert f"Match over: {'+'.join(names[s] for s in winner)} win with {points}" in breakdown
            await pilot.press("enter")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(scenario())


def test_save_and_resume_plays_on_exactly_as_an_unbroken_match(tmp_path: Path) -> None:
    """A match saved mid-hand and resumed in a new table deals and plays exactly as if never stopped."""
    saved = tmp_path / "match.json"

    async def play(app: BiribaApp, steps: int, save: bool, finish: bool) -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(steps):
                await play_turn_step(pilot, app)
                await pilot.pause()
            if save:
                await pilot.press("w")
                assert f"Saved the match to {saved}" in " ".join(plain(app.query_one("#message")).split())
            if finish:
                await play_to_end_of_hand(pilot, app)

    first = new_app(save_path=saved)
    asyncio.run(play(first, 9, save=True, finish=False))
    assert first.game is not None
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record == first.game.record.to_json()
    assert MatchRecord.from_json(record).replay().hand is not None  # saved mid-hand

    resumed_game = TableGame.load(saved, first.game.seat, first.game.bots)
    assert resumed_game.view().to_json() == first.game.view().to_json()
    asyncio.run(play(new_app(resumed_game, save_path=saved), 0, save=False, finish=True))

    unbroken = new_app()
    asyncio.run(play(unbroken, 9, save=False, finish=True))
    assert unbroken.game is not None
    assert resumed_game.record.to_json() == unbroken.game.record.to_json()
    assert resumed_game.last_result == unbroken.game.last_result


def test_saving_at_the_end_of_a_hand_resumes_with_the_next_hand(tmp_path: Path) -> None:
    saved = tmp_path / "match.json"

    async def scenario() -> None:
        app = new_app(save_path=saved)
        async with app.run_test(size=(80, 24)) as pilot:
            await play_to_end_of_hand(pilot, app)
            await pilot.pause()
            assert isinstance(app.screen, HandOverScreen)
            await pilot.press("w")
            assert "Saved the match" in plain(app.screen.query_one("#breakdown-keys"))

    asyncio.run(scenario())
    game = TableGame.load(saved, 0, [None, *new_game().bots[1:]])
    assert game.hand_number == 2 and len(game.results) == 1 and game.actions == []


def test_mouse_and_keyboard_selection_sorting_and_adding_to_a_meld_by_click() -> None:
    async def scenario() -> None:
        app = new_app()
        game = app.game
        assert game is not None
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("d")
            # Keyboard: Home, right, space selects the second card; space again lets it go.
            await pilot.press("c", "home", "right", "space")
            assert app.table.selected == {1}
            await pilot.press("space")
            assert app.table.selected == set()
            # Sorting by rank keeps the selected cards selected.
            await select_cards(pilot, app, (app.table.hand_cards[0], app.table.hand_cards[-1]))
            chosen = sorted(app.table.hand_cards[i] for i in app.table.selected)
            await pilot.press("s")
            assert app.table.hand_cards == sorted_hand(game.view().hand, "rank")
            assert [rank_of(c) or 14 for c in app.table.hand_cards] == sorted(
                rank_of(c) or 14 for c in app.table.hand_cards
            )
            assert sorted(app.table.hand_cards[i] for i in app.table.selected) == chosen
            assert "by rank" in plain(app.query_one("#hand-title"))
            await pilot.press("s")
            assert [suit_of(c) % 5 for c in app.table.hand_cards] == sorted(
                suit_of(c) % 5 for c in app.table.hand_cards
            )

            # Play on until a single card can be added to one of the team's melds, then click the meld.
            for _ in range(300):
                if game.person_to_play and game.state.phase is Phase.PLAY:
                    extends = [a for a in game.legal_actions() if isinstance(a, Extend)]
                    if extends:
                        break
                await play_turn_step(pilot, app)
                await pilot.pause()
            else:
                raise AssertionError("no extension came up")
            extend = extends[0]
            melds_before = len(game.state.melds[game.state.team_of(game.seat)][extend.meld].cards)
            await select_cards(pilot, app, extend.cards)
            await pilot.click("#melds", offset=(0, 1 + extend.meld))
            assert game.actions[-1] == extend
            team_melds = game.view().melds[game.view().team]
            assert len(team_melds[extend.meld].cards) == melds_before + len(extend.cards)

    asyncio.run(scenario())


def test_replaying_a_saved_record_step_by_step(tmp_path: Path) -> None:
    game = new_game()
    play_hand(game)
    game.next_hand()
    saved = tmp_path / "record.json"
    game.save(saved)
    actions = game.record.hands[0][1]

    async def scenario() -> None:
        app = BiribaApp(replay=ReplayCursor.load(saved), language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            assert isinstance(app.table, BiribaReplayScreen)
            cursor = app.table.replay
            assert "move 0/" in plain(app.query_one("#message"))
            await pilot.press("right", "right", "right")
            message = " ".join(plain(app.query_one("#message")).split())
            assert f"hand 1/2 · move 3/{len(actions)}" in message
            state = cursor.hand.states[0].clone()
            for action in actions[:3]:
                state.apply(action)
            assert cursor.state.fingerprint() == state.fingerprint()
            await pilot.press("left")
            assert cursor.position == 2
            await pilot.press("end")
            assert cursor.position == len(actions) and "hand over" in plain(app.query_one("#message"))
            assert plain(app.query_one("#hand-title")).startswith("Hand of P1")  # seats count from 1
            await pilot.press("v")
            assert plain(app.query_one("#hand-title")).startswith("Hand of P2")
            await pilot.press("right_square_bracket")
            assert cursor.hand_index == 1 and cursor.position == 0
            # Play keys do nothing in a replay.
            await pilot.press("d", "x", "w")
            assert cursor.hand_index == 1 and cursor.position == 0

    asyncio.run(scenario())


@pytest.mark.parametrize(("language", "words"), [("en", "biribaki taken"), ("el", "μπιριμπάκι")])
def test_the_last_moves_say_who_took_a_biribaki(tmp_path: Path, language: str, words: str) -> None:
    game = new_game()
    play_hand(game)
    (index, news), *_ = sorted(game.news.items())
    game.save(tmp_path / "record.json")

    async def scenario() -> None:
        app = BiribaApp(replay=ReplayCursor.load(tmp_path / "record.json"), language=language)
        async with app.run_test(size=(80, 24)) as pilot:
            app.table.replay.step(index)
            await pilot.press("right")  # to the action that took it
            log = plain(app.query_one("#log"))
            assert log.splitlines()[-1] == Words(language, app.table.names).reason(news[-1]), log
            assert words in log

    asyncio.run(scenario())


def test_greek_table_uses_the_games_own_words() -> None:
    async def scenario() -> None:
        app = new_app(language="el")
        async with app.run_test(size=(80, 24)) as pilot:
            status = plain(app.query_one("#status"))
            assert status.startswith("Μπιρίμπα") and "μπιριμπάκια" in status
            assert "κόζι" in status or "χωρίς κόζι" in status
            assert "μπιριμπάκι" in plain(app.query_one("#melds"))
            await pilot.press("x")
            assert plain(app.query_one("#message")).startswith("Διαλέξτε ακριβώς ένα φύλλο")
            await pilot.press("d", "h")
            message = app.query_one("#message")
            assert plain(message).startswith("Συμβουλή:")
            # A hint is shown whole, up to four lines of 80 columns (the longest Greek hints take four).
            longest = plain(message) + " · " + "η επόμενη καλύτερη κίνηση: περίπου 135 πόντοι λιγότεροι " * 4
            app.table.say(escape(longest[:300]), "hint")
            await pilot.pause()
            lines = message.get_content_height(app.size, app.size, message.content_region.width)
            assert message.content_region.height >= lines == 4
            # Nothing on the Greek screen is an English word of the game (the keys are letters to press).
            screen = " ".join(plain(widget) for widget in app.query("Static"))
            for word in ENGLISH_GAME_WORDS:
                assert word not in screen, f"English {word!r} on the Greek table: {screen}"
            # The keys take one line of the 24, as in English.
            assert app.query_one("#keys").region.height == 1

    asyncio.run(scenario())


KEY_BARS = [key for key in catalogue() if key.startswith(("tui.keys", "bura.keys", "tyzicha.keys"))]
"""The terminal's key bars: each game's (the browser's keys are a line of help, not a bar)."""


@pytest.mark.parametrize("key", KEY_BARS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_bar_fits_one_line_of_the_smallest_table(key: str, language: str) -> None:
    """Each game's key bars, in every language, fit the 80 columns of the smallest window (less the bar's
    padding), pairs two spaces apart where they fit and one where they do not."""
    keys, width = Words(language)(key), key_bar_width(MIN_WIDTH)
    fitted = fitted_keys(keys, width)
    assert cell_len(fitted) <= width, fitted
    assert fitted.split() == keys.split()  # nothing dropped, only spaces between pairs
    assert fitted == keys or cell_len(keys) > width


ENGLISH_GAME_WORDS = (
    "draw", "discard", "meld", "pile", "bonus", "Team", "Hand", "hand", "Score", "Total", "Not allowed",
    "cards", "clean", "dirty", "biribaki", "Player", "your turn", " run", " set", "Hint", "save", "quit",
)  # fmt: skip


def test_the_seed_fixes_the_game() -> None:
    one, two = new_game(SEED), new_game(SEED)
    assert one.view().to_json() == two.view().to_json()
    assert new_game(SEED + 1).view().to_json() != one.view().to_json()


@pytest.mark.parametrize(("players", "partners"), [(2, False), (3, False), (4, True), (6, True)])
def test_a_seat_shows_its_team_only_where_it_has_a_partner(players: int, partners: bool) -> None:
    """Players alone (two, three) are sides by name: "T1" beside each would say nothing."""

    async def scenario() -> None:
        app = new_app(new_game(players=players))
        async with app.run_test(size=(80, 24)):
            seats = plain(app.query_one("#players"))
            assert seats.count("cards") == players
            assert ("T1" in seats and "T2" in seats) == partners, seats

    asyncio.run(scenario())


@pytest.mark.parametrize(("players", "seat"), [(3, 1), (5, 2)])
def test_formats_with_partnerships_formed_during_the_hand(players: int, seat: int) -> None:
    """3 and 5 players: partnerships form during the hand; the table and the breakdown follow them."""

    async def scenario() -> None:
        app = new_app(new_game(players=players, seat=seat, seed=3))
        game = app.game
        assert game is not None
        async with app.run_test(size=(80, 24)) as pilot:
            assert plain(app.query_one("#players")).count("cards") == players
            await play_to_end_of_hand(pilot, app)
            await pilot.pause()
            result = game.last_result
            assert result is not None and isinstance(app.screen, HandOverScreen)
            breakdown = plain(app.screen.query_one("#breakdown"))
            heads = ["+".join(app.table.names[s] for s in seats) for seats in result.score.teams]
            header = next(line for line in breakdown.splitlines() if line.split() == heads)
            assert header
            # Partners of a formed partnership each score half of their team's score: a line of its own.
            shares = [f"{result.score.seat_scores[seats[0]]:+d}" for seats in result.score.teams]
            each = [line.split()[2:] for line in breakdown.splitlines() if line.startswith("each player")]
            if shares != [f"{team.score:+d}" for team in result.score.team_scores]:
                assert each == [shares]
            else:
                assert each == []

    asyncio.run(scenario())
