"""The confidence interval and the Bradley-Terry rating fit, on samples whose answers are known."""

from __future__ import annotations

import math

import pytest

from biriba.sim.stats import ANCHOR_RATING, MEAN_RATING, fit_ratings, mean_interval


def test_interval_of_a_known_sample() -> None:
    # mean 5, squared deviations 9+1+1+1+0+0+4+16 = 32, sample variance 32/7
    interval = mean_interval([2, 4, 4, 4, 5, 5, 7, 9])
    std = math.sqrt(32 / 7)
    half = 1.959964 * std / math.sqrt(8)
    assert interval.n == 8
    assert interval.mean == 5
    assert interval.std == pytest.approx(std, rel=1e-12)
    assert interval.low == pytest.approx(5 - half, rel=1e-6)
    assert interval.high == pytest.approx(5 + half, rel=1e-6)
    assert interval.contains(5) and not interval.contains(5 + 1.01 * half)


def test_interval_needs_two_values_and_refuses_none() -> None:
    single = mean_interval([42])
    assert (single.mean, single.std, single.low, single.high) == (42, None, None, None)
    assert not single.contains(42)
    with pytest.raises(ValueError, match="at least one"):
        mean_interval([])


def test_two_bots_rate_by_their_win_odds() -> None:
    """With two bots the likelihood maximum is the odds itself: p1/p2 = wins1/wins2 (with the prior's half
    win each), and random is anchored at 1000."""
    ratings = fit_ratings(["random", "greedy"], {("greedy", "random"): 30, ("random", "greedy"): 10})
    assert ratings["random"] == pytest.approx(ANCHOR_RATING)
    assert ratings["greedy"] - ratings["random"] == pytest.approx(400 * math.log10(30.5 / 10.5), abs=1e-6)
    exact = fit_ratings(["a", "b"], {("a", "b"): 30, ("b", "a"): 10}, prior_ties=0)
    assert exact["a"] - exact["b"] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert (exact["a"] + exact["b"]) / 2 == pytest.approx(MEAN_RATING)


def test_a_dominant_bot_is_rated_first_and_the_fit_is_the_likelihood_maximum() -> None:
    bots = ["a", "b", "c"]
    wins = {
        ("a", "b"): 80,
        ("b", "a"): 20,
        ("a", "c"): 95,
        ("c", "a"): 5,
        ("b", "c"): 60,
        ("c", "b"): 40,
    }
    ratings = fit_ratings(bots, wins, prior_ties=0)
    assert sorted(bots, key=ratings.__getitem__, reverse=True) == ["a", "b", "c"]
    # At the maximum, each bot's expected wins equal its actual wins.
    strength = {bot: 10 ** (ratings[bot] / 400) for bot in bots}
    for bot in bots:
        expected = 0.0
        for other in bots:
            if other != bot:
                games = wins[bot, other] + wins[other, bot]
                expected += games * strength[bot] / (strength[bot] + strength[other])
        actual = sum(wins[bot, other] for other in bots if other != bot)
        assert expected == pytest.approx(actual, rel=1e-6)


def test_even_results_give_even_ratings() -> None:
    ratings = fit_ratings(["x", "y", "z"], {("x", "y"): 10, ("y", "x"): 10, ("y", "z"): 7, ("z", "y"): 7})
    assert max(ratings.values()) - min(ratings.values()) == pytest.approx(0, abs=1e-6)


def test_a_clean_sweep_stays_finite_with_the_prior() -> None:
    ratings = fit_ratings(["random", "greedy"], {("greedy", "random"): 50})
    assert math.isfinite(ratings["greedy"]) and ratings["greedy"] > ratings["random"] + 500
    with pytest.raises(ValueError, match="'random' won no hand"):
        fit_ratings(["random", "greedy"], {("greedy", "random"): 50}, prior_ties=0)


def test_bots_not_connected_by_pairings_are_refused() -> None:
    with pytest.raises(ValueError, match="do not connect c, d to a"):
        fit_ratings(["a", "b", "c", "d"], {("a", "b"): 3, ("c", "d"): 2})
