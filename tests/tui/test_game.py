"""The game behind the table without a screen: bots' turns, illegal actions, loading records and their
errors, the replay cursor, the message catalogue and the breakdown's lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.content import Content

from biriba.core.actions import Discard, Draw
from biriba.core.errors import IllegalAction, InvalidInputError
from biriba.core.match import HandResult
from biriba.core.scoring import BiribakiStatus, BiribaScore, HandScore, TeamScore
from biriba.i18n import Words
from biriba.tui import ReplayCursor, TableGame
from biriba.tui.biriba.render import breakdown_markup, hand_card_at, hand_markup, hand_positions
from biriba.tui.shell.cards import card_style
from tests.builders import c, cs
from tests.tui.driver import new_game, play_hand


def test_an_illegal_action_changes_neither_the_hand_nor_the_record() -> None:
    game = new_game()
    while not game.person_to_play:
        game.bot_step()
    before, actions = game.state.fingerprint(), list(game.actions)
    with pytest.raises(IllegalAction) as refusal:
        game.play(Discard(game.seat, game.view().hand[0]))
    assert refusal.value.rule == "draw-first"
    assert game.state.fingerprint() == before and game.actions == actions
    game.play(Draw(game.seat))
    assert game.actions == [*actions, Draw(game.seat)]


def test_hands_follow_one_another_and_the_record_replays_to_the_same_totals(tmp_path: Path) -> None:
    game = new_game()
    play_hand(game)
    first = game.last_result
    assert first is not None and game.match.totals == list(first.score.seat_scores)
    with pytest.raises(IllegalAction, match="hand-over"):
        game.play(Draw(game.seat))
    game.next_hand()
    assert game.hand_number == 2 and game.state.dealer == 1 and game.last_result is None
    with pytest.raises(InvalidInputError, match="not over"):
        game.next_hand()
    game.save(tmp_path / "m.json")
    resumed = TableGame.load(tmp_path / "m.json", game.seat, game.bots)
    assert resumed.match.totals == game.match.totals and resumed.view().to_json() == game.view().to_json()


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json", "malformed JSON"),
        (json.dumps({"rules": "standard", "dealer": 0, "seed": 1, "actions": []}), "single hand"),
        (json.dumps({"rules": "standard", "hands": [{"seed": 1, "actions": [{"seat": 3, "type": "draw"}]}]}), "replay"),
        (json.dumps({"rules": "nosuch", "hands": []}), "unknown preset"),
    ],
)
def test_loading_a_bad_file_names_the_problem(tmp_path: Path, content: str, problem: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InvalidInputError, match=problem):
        TableGame.load(path, 0, new_game().bots)


def test_loading_a_finished_match_or_a_missing_file_is_refused(tmp_path: Path) -> None:
    game = new_game(target=100)
    play_hand(game)
    assert game.is_over
    game.save(tmp_path / "done.json")
    with pytest.raises(InvalidInputError, match="match is over"):
        TableGame.load(tmp_path / "done.json", 0, game.bots)
    with pytest.raises(InvalidInputError, match="cannot read"):
        TableGame.load(tmp_path / "missing.json", 0, game.bots)


def test_a_table_needs_a_real_seat_and_a_bot_in_every_other_seat() -> None:
    bots = new_game().bots
    rules = new_game().rules
    with pytest.raises(InvalidInputError, match="seat 4"):
        TableGame.new(rules, 4, bots, seed=1)
    with pytest.raises(InvalidInputError, match="a bot in every seat"):
        TableGame.new(rules, 1, bots, seed=1)


def test_the_replay_cursor_steps_within_a_hand_and_between_hands(tmp_path: Path) -> None:
    game = new_game()
    play_hand(game)
    game.next_hand()
    for _ in range(5):
        game.bot_step() if game.bot_to_play else game.play(game.legal_actions()[0])
    game.save(tmp_path / "m.json")
    cursor = ReplayCursor.load(tmp_path / "m.json")
    assert len(cursor.hands) == 2 and cursor.hands[0].result == game.results[0]
    assert cursor.step(-1) is False and cursor.position == 0
    assert cursor.step(3) and cursor.last_action == game.record.hands[0][1][2]
    assert cursor.step(10_000) and cursor.state.is_over and cursor.step(1) is False
    assert cursor.go_to_hand(1) and cursor.position == 0 and cursor.hands[1].result is None
    assert cursor.hands[1].results_before == (game.results[0],)
    assert cursor.go_to_hand(2) is False and cursor.hand_index == 1


def test_the_moves_say_who_took_a_biribaki_as_played_and_in_the_replay(tmp_path: Path) -> None:
    """Taking the biribaki is no action of its own: the moves list it under the action that took it."""
    game = new_game()
    play_hand(game)
    taken = {index: news for index, news in game.news.items() if news[0].key.startswith("news.biribaki-taken")}
    assert taken, "nobody took a biribaki in the hand"
    for index, news in taken.items():
        assert all(item.facts["seat"] == game.actions[index].seat for item in news)
    game.save(tmp_path / "m.json")
    hand = ReplayCursor.load(tmp_path / "m.json").hands[0]
    replayed = dict(enumerate(hand.news))
    assert {index: news for index, news in replayed.items() if news} == game.news


def test_a_resumed_hand_still_says_who_took_a_biribaki(tmp_path: Path) -> None:
    game = new_game()
    while not game.news:  # to the first biribaki taken, mid-hand
        game.bot_step() if game.bot_to_play else game.play(game.legal_actions()[0])
    assert game.last_result is None
    game.save(tmp_path / "m.json")
    resumed = TableGame.load(tmp_path / "m.json", game.seat, game.bots)
    assert resumed.news == game.news and resumed.actions == game.actions


def test_the_breakdown_shows_every_scoring_line_and_the_partners_share() -> None:
    teams = (
        TeamScore(
            melded=180,
            in_hand=-30,
            biribas=200,
            going_out=100,
            biribaki=0,
            no_biriba=0,
            cut=20,
            biriba_list=(BiribaScore((0, 1, 2, 3, 4, 5, 6), "run", True, False, 200),),
        ),
        TeamScore(
            melded=40,
            in_hand=-95,
            biribas=0,
            going_out=0,
            biribaki=-100,
            no_biriba=-100,
            biribaki_status=BiribakiStatus.NOT_TAKEN,
        ),
    )
    score = HandScore(((0, 2), (1,)), teams, (235, -255, 235), partners_share=True)
    markup = breakdown_markup(HandResult(0, score, 2), 3, ["You", "P1", "P2"], [900, -400, 900], Words("en"))
    text = Content.from_markup(markup).plain
    rows = {line.split("  ")[0].strip(): line.split() for line in text.splitlines() if "  " in line}
    assert rows["melded"][-2:] == ["+180", "+40"]
    assert rows["in hand"][-2:] == ["-30", "-95"]
    assert rows["biribaki"][-2:] == ["+0", "-100"]
    assert rows["no biriba"][-2:] == ["+0", "-100"]
    assert rows["cut"][-2:] == ["+20", "+0"]
    assert rows["hand"][-2:] == ["+470", "-255"]
    assert rows["each player"][-2:] == ["+235", "-255"]
    assert rows["match total"][-2:] == ["900", "-400"]
    assert "rounding" not in rows
    assert "P2 went out" in text and "End of hand 3" in text and "clean run" in text


def test_the_breakdown_gives_each_partners_match_total_where_partnerships_change() -> None:
    """At five players partnerships form in each hand, so partners come to it with different totals."""
    pair = TeamScore(melded=300, in_hand=-20, biribas=0, going_out=0, biribaki=0)
    alone = TeamScore(melded=0, in_hand=-90, biribas=0, going_out=0, biribaki=0)
    score = HandScore(((0,), (1, 3), (2, 4)), (alone, pair, pair), (-90, 140, 140, 140, 140))
    names = ["You", "P2", "P3", "P4", "P5"]
    markup = breakdown_markup(HandResult(1, score, 2), 2, names, [-10, 635, -95, 640, -95], Words("en"))
    rows = {line.split("  ")[0].strip(): line.split() for line in Content.from_markup(markup).plain.splitlines()}
    assert rows["match total"][-3:] == ["-10", "635/640", "-95"]  # P3 and P5 share theirs: shown once


def test_the_hand_wraps_to_the_width_and_every_card_is_clickable() -> None:
    cards = list(range(30))
    positions = hand_positions(cards, 78)
    assert positions[18] == (72, 0) and positions[19] == (0, 1)
    assert [hand_card_at(cards, 78, x, y) for x, y in positions] == list(range(30))
    assert hand_card_at(cards, 78, 75, 0) == 18 and hand_card_at(cards, 78, 78, 0) is None  # a cell's gap; past it
    assert hand_card_at(cards, 78, 44, 1) is None  # past the last card
    markup = hand_markup(cards, {2}, 0, 78)
    assert len(markup.splitlines()) == 2 and "@click" not in markup  # a link's colour would cover the suit's
    assert "bold reverse]" in markup and "bold underline]" in markup
    assert f"[{card_style(c('5H'))}]5♥[/]" in hand_markup(cs("5H 5S"), set(), None, 78)
