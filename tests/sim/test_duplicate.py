"""Duplicate play: the same cards twice, the seats swapped, and a mirror-exact result for identical bots."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from biriba.bots import Bot, make_bot
from biriba.bots.play import play_out, seat_rng, seat_rngs
from biriba.core.actions import Action, Discard, TakePile
from biriba.core.rules import Rules
from biriba.core.state import HandState
from biriba.core.views import SeatView
from biriba.sim import duplicate
from biriba.sim.duplicate import (
    HAND_ACTION_LIMIT,
    play_duplicate_deal,
    play_duplicate_match,
    seating,
    seats_of,
    x_seats,
)
from biriba.sim.report import capped_lines
from biriba.sim.tournament import PairingResult, TournamentConfig, TournamentResult

FOUR = Rules.from_preset("standard", players=4)
TWO = Rules.from_preset("standard", players=2)


class SeatSpy:
    """Plays like the bot of ``spec`` and notes, at each decision, the seat it was asked for."""

    def __init__(self, spec: str, log: list[tuple[int, str]]) -> None:
        self.inner = make_bot(spec)
        self.spec = spec
        self.name = self.inner.name
        self.log = log

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        self.log.append((view.seat, self.spec))
        return self.inner.choose(view, legal, rng)


@pytest.fixture
def spied(monkeypatch: pytest.MonkeyPatch) -> tuple[list[list[tuple[int, str]]], list[HandState]]:
    """Record, for each play, which bot spec decided at which seat, and a copy of each hand as dealt."""
    tables: list[list[tuple[int, str]]] = []
    dealt: list[HandState] = []

    def spy_bots(specs: Sequence[str]) -> list[Bot]:
        log: list[tuple[int, str]] = []
        tables.append(log)
        return [SeatSpy(spec, log) for spec in specs]

    real_deal = HandState.deal

    def spy_deal(*args: object, **kwargs: object) -> HandState:
        state = real_deal(*args, **kwargs)  # type: ignore[arg-type]
        dealt.append(state.clone())
        return state

    monkeypatch.setattr(duplicate, "fresh_bots", spy_bots)
    monkeypatch.setattr(duplicate.HandState, "deal", spy_deal)
    return tables, dealt


def test_seating_puts_x_on_team_a_then_on_team_b() -> None:
    assert seating("X", "Y", 4, swapped=False) == ("X", "Y", "X", "Y")
    assert seating("X", "Y", 4, swapped=True) == ("Y", "X", "Y", "X")
    assert seating("X", "Y", 2, swapped=False) == ("X", "Y")
    assert seating("X", "Y", 2, swapped=True) == ("Y", "X")
    assert x_seats(4, swapped=False) == (0, 2)
    assert x_seats(4, swapped=True) == (1, 3)


@pytest.mark.parametrize("rules", [FOUR, TWO], ids=["4 players", "2 players"])
def test_a_duplicate_deal_swaps_the_seats_on_the_same_cards(
    rules: Rules, spied: tuple[list[list[tuple[int, str]]], list[HandState]]
) -> None:
    tables, dealt = spied
    result = play_duplicate_deal(rules, "greedy", "random", index=1, seed=77)
    assert len(tables) == 2 and len(dealt) == 2
    first, second = (dict(table) for table in tables)
    assert set(tables[0]) == set(first.items()) and set(tables[1]) == set(second.items()), "one bot per seat"
    assert set(first) == set(range(rules.players)), "every seat played"
    for seat in range(rules.players):
        even = seat % 2 == 0
        assert first[seat] == ("greedy" if even else "random")
        assert second[seat] == ("random" if even else "greedy")
    # The same deck, dealer and bonus-suit situation both times: every hand, the pile and the biribakia.
    one, two = dealt
    assert one.dealer == two.dealer == 1 % rules.players
    assert one.hands == two.hands
    assert one.draw_pile == two.draw_pile
    assert one.biribakia == two.biribakia
    assert result.plays[0].x_seats == x_seats(rules.players, False)
    assert result.plays[1].x_seats == x_seats(rules.players, True)


def test_the_result_is_x_points_over_y_on_both_sides() -> None:
    """Scores are read from the right seats: replaying each play by hand gives the same numbers."""
    result = play_duplicate_deal(FOUR, "greedy", "random", index=0, seed=5)
    for swapped, play in zip((False, True), result.plays, strict=True):
        state = HandState.deal(FOUR, 0, seed=5)
        bots = [make_bot(spec) for spec in seating("greedy", "random", 4, swapped)]
        play_out(state, bots, seat_rngs(5, 4))
        scores = state.hand_score().seat_scores
        mine = 1 if swapped else 0
        assert (play.x_score, play.y_score) == (scores[mine], scores[1 - mine])
    assert result.diff == sum(play.x_score - play.y_score for play in result.plays)
    assert result.diff > 0, "greedy outscores random over a duplicate deal"


@pytest.mark.parametrize("spec", ["random", "greedy"])
def test_identical_bots_mirror_exactly(spec: str) -> None:
    """Per-seat generators: the same bot on both sides replays the same game, so every duplicate sum is 0
    while the single plays are not (the cards do favour one side)."""
    deals = [play_duplicate_deal(TWO, spec, spec, index=i, seed=1000 + i) for i in range(6)]
    for deal in deals:
        assert deal.diff == 0
        assert deal.plays[0].diff == -deal.plays[1].diff
        assert deal.plays[0].actions == deal.plays[1].actions
    assert any(deal.plays[0].diff != 0 for deal in deals)
    pairing = PairingResult(spec, spec, tuple(deals))
    assert pairing.difference.mean == 0
    assert pairing.difference.contains(0)
    x_wins, y_wins, _ = pairing.hand_wins
    assert x_wins == y_wins


@pytest.mark.parametrize(
    ("rules", "every_side"),
    [
        (Rules.from_preset("standard", players=3), ((0,), (1,), (2,))),
        (Rules.from_preset("standard", players=5), ((0,), (1,), (2,), (3,), (4,))),
        (Rules.from_preset("standard", players=6), ((0, 3), (1, 4), (2, 5))),
        (Rules.from_preset("classic", players=3), ((0,), (1,), (2,))),
    ],
    ids=["3 alone", "5 formed", "6 in three teams", "3 formed"],
)
def test_a_deal_of_several_sides_is_played_with_each_bot_alone_at_each_side(
    rules: Rules,
    every_side: tuple[tuple[int, ...], ...],
    spied: tuple[list[list[tuple[int, str]]], list[HandState]],
) -> None:
    tables, dealt = spied
    assert rules.sides == every_side
    result = play_duplicate_deal(rules, "greedy", "random", index=2, seed=41)
    assert len(tables) == len(dealt) == 2 * len(every_side)
    lone_greedy, lone_random = tables[: len(every_side)], tables[len(every_side) :]
    for table, side, play in zip(lone_greedy, every_side, result.plays[: len(every_side)], strict=True):
        seated = dict(table)
        assert [seat for seat in range(rules.players) if seated[seat] == "greedy"] == list(side)
        assert play.x_seats == side
    for table, side, play in zip(lone_random, every_side, result.plays[len(every_side) :], strict=True):
        seated = dict(table)
        assert [seat for seat in range(rules.players) if seated[seat] == "random"] == list(side)
        assert set(play.x_seats) == set(range(rules.players)) - set(side)
    assert all(state.hands == dealt[0].hands and state.dealer == 2 % rules.players for state in dealt)
    # X's side against the mean of the others, read from the right seats: replay the first play by hand.
    state = HandState.deal(rules, 2 % rules.players, seed=41)
    play_out(
        state,
        [make_bot(spec) for spec in seats_of("greedy", "random", rules.players, every_side[0])],
        seat_rngs(41, rules.players),
    )
    scores = state.hand_score().seat_scores
    others = [scores[side[0]] for side in every_side[1:]]
    assert result.plays[0].x_score == scores[0]
    assert result.plays[0].y_score == pytest.approx(sum(others) / len(others))
    # And the first play the other way round: Y alone at the first side, X's score the mean of the rest.
    mirrored = result.plays[len(every_side)]
    state = HandState.deal(rules, 2 % rules.players, seed=41)
    play_out(
        state,
        [make_bot(spec) for spec in seats_of("random", "greedy", rules.players, every_side[0])],
        seat_rngs(41, rules.players),
    )
    scores = state.hand_score().seat_scores
    rest = [scores[side[0]] for side in every_side[1:]]
    assert (mirrored.x_score, mirrored.y_score) == (pytest.approx(sum(rest) / len(rest)), scores[0])
    assert result.diff == pytest.approx(sum(play.diff for play in result.plays))


@pytest.mark.parametrize("players", [3, 5, 6])
def test_identical_bots_mirror_exactly_with_several_sides(players: int) -> None:
    rules = Rules.from_preset("standard", players=players)
    deals = [play_duplicate_deal(rules, "greedy", "greedy", index=i, seed=300 + i) for i in range(3)]
    for deal in deals:
        assert deal.diff == pytest.approx(0)
        assert len({play.actions for play in deal.plays}) == 1, "the same game in every play"
    assert any(play.diff != 0 for deal in deals for play in deal.plays)


def test_greedy_outscores_random_at_a_table_of_five() -> None:
    rules = Rules.from_preset("standard", players=5)
    deals = [play_duplicate_deal(rules, "greedy", "random", index=i, seed=500 + i) for i in range(3)]
    assert all(deal.diff > 0 for deal in deals)


def test_seat_generators_are_reproducible_and_distinct() -> None:
    assert [seat_rng(9, 0).random() for _ in range(2)] == [seat_rng(9, 0).random() for _ in range(2)]
    assert seat_rng(9, 0).random() != seat_rng(9, 1).random()
    assert seat_rng(9, 0).random() != seat_rng(10, 0).random()


def test_a_duplicate_match_swaps_seats_and_counts_the_winner() -> None:
    rules = Rules.from_preset("standard", players=2, target=1500)
    result = play_duplicate_match(rules, "greedy", "random", index=0, seed=3)
    first, second = result.plays
    assert first.x_seats == (0,) and second.x_seats == (1,)
    for play in result.plays:
        assert play.finished
        assert play.x_won != play.y_won
        assert max(play.x_total, play.y_total) > 1500
    assert first.x_won and second.x_won, "greedy beats random to 1500 from either seat"


def test_identical_bots_mirror_a_whole_match() -> None:
    rules = Rules.from_preset("standard", players=2, target=1000)
    result = play_duplicate_match(rules, "random", "random", index=1, seed=8)
    first, second = result.plays
    assert (first.x_total, first.y_total) == (second.y_total, second.x_total)
    assert first.hands == second.hands
    assert first.x_won == second.y_won


class PileLooper(Bot):
    """Takes the pile whenever it may, never melds, and discards: two of them pass a one-card pile round
    the table, and the draw pile never shrinks."""

    name = "looper"

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        return next((a for a in legal if isinstance(a, TakePile)), None) or next(
            (a for a in legal if isinstance(a, Discard)), legal[0]
        )


LOOPER = f"{__name__}.PileLooper"
"""The looper's spec: a bot from outside the project, named by its import path (biriba.bots.imported)."""


def test_a_hand_that_never_ends_is_cut_at_the_limit_and_left_out() -> None:
    looped = play_duplicate_deal(TWO, LOOPER, LOOPER, index=0, seed=3)
    assert looped.capped and all(play.capped and play.actions == HAND_ACTION_LIMIT for play in looped.plays)
    assert looped.to_json()["capped"] is True
    played = play_duplicate_deal(TWO, "greedy", "random", index=1, seed=4)
    assert not played.capped
    pairing = PairingResult(LOOPER, "greedy", (looped, played))
    summary = pairing.summary()
    assert summary["deals"] == 2 and summary["capped_deals"] == 1 and summary["hands"] == 2
    assert summary["mean_diff"] == played.diff  # the cut deal counts for nothing
    assert sum(pairing.hand_wins) == 2
    result = TournamentResult(TournamentConfig((LOOPER, "greedy"), TWO, 2, 0, 1, ((0, 1),)), (pairing,))
    (line,) = capped_lines(result)
    assert f"deal 0 (seed 3): a hand reached {HAND_ACTION_LIMIT} actions" in line
    assert PairingResult(LOOPER, "greedy", (looped,)).summary()["mean_diff"] is None
