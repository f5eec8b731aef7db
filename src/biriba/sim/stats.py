"""The statistics of a tournament: the mean duplicate difference with its confidence interval, and
Elo-style ratings fitted to hand wins.

Confidence interval. Each duplicate deal gives one number (X's points over the other sides', summed over
its plays); the deals are independent, so the mean has the 95% interval ``mean ± z · s / sqrt(n)`` with
``s`` the sample standard deviation and ``z`` the normal quantile 1.959964 (``statistics.NormalDist``).
This is the normal approximation: for n >= 30 deals it is within 4% of the Student t interval (t = 2.045
at n = 30, 1.966 at n = 400, the ladder's size), and the standard library has no t quantile. With fewer
than 30 deals the interval is a little too narrow; the results say ``"ci_method"`` so a reader knows.

Ratings. A Bradley-Terry model: bot i beats bot j in a hand with probability ``p_i / (p_i + p_j)``.
The strengths are fitted by maximum likelihood with the minorise-maximise iteration of Hunter (2004),
``p_i <- W_i / sum_j n_ij / (p_i + p_j)``, on hand wins (a tied hand is half a win to each). Every
pairing that was played also gets one virtual tied hand (half a win each way), a weak prior that keeps
the ratings finite when one bot wins every hand. Ratings are on the Elo scale, ``400 · log10(p)``,
so a 400-point gap is 10:1 odds of winning a hand; they are shifted so that the anchor bot (``random``
when it plays) has 1000, otherwise so that their mean is 1500.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Z_95 = statistics.NormalDist().inv_cdf(0.975)
"""The two-sided 95% normal quantile, 1.959964."""
CI_METHOD = "normal approximation: mean ± 1.96·s/√n over duplicate deals (s: sample standard deviation)"
RATING_METHOD = (
    "Bradley-Terry maximum likelihood on hand wins (ties half a win; one virtual tied hand per pairing), "
    "on the Elo scale (400·log10 of strength)"
)
PRIOR_TIES = 1.0
"""Virtual tied hands added to every pairing played."""
ANCHOR_BOT = "random"
ANCHOR_RATING = 1000.0
MEAN_RATING = 1500.0


@dataclass(frozen=True, slots=True)
class MeanInterval:
    """A sample mean with its standard deviation and 95% confidence interval (None with fewer than 2 values)."""

    n: int
    mean: float
    std: float | None
    low: float | None
    high: float | None

    def contains(self, value: float) -> bool:
        return self.low is not None and self.high is not None and self.low <= value <= self.high


def mean_interval(values: Sequence[float]) -> MeanInterval:
    """The mean of ``values`` and its 95% normal-approximation confidence interval.

    >>> interval = mean_interval([10, 20, 30, 40])
    >>> interval.mean, round(interval.std, 4), round(interval.low, 2), round(interval.high, 2)
    (25.0, 12.9099, 12.35, 37.65)
    """
    if not values:
        raise ValueError("no values: a mean needs at least one")
    n = len(values)
    mean = statistics.fmean(values)
    if n < 2:
        return MeanInterval(n, mean, None, None, None)
    std = statistics.stdev(values)
    half = Z_95 * std / math.sqrt(n)
    return MeanInterval(n, mean, std, mean - half, mean + half)


WinTable = Mapping[tuple[str, str], float]
"""``(i, j) -> hands i won against j`` (ties counted half to each)."""


def fit_ratings(
    bots: Sequence[str], wins: WinTable, *, prior_ties: float = PRIOR_TIES, iterations: int = 10_000
) -> dict[str, float]:
    """Elo-scale ratings of ``bots`` fitted to the ``wins`` table (see the module docstring).

    Every bot must be connected to every other through the pairings played (otherwise nothing says how
    two groups compare); a :class:`ValueError` names the bots that are not.
    """
    if len(set(bots)) != len(bots):
        raise ValueError("each bot may be rated once")
    if len(bots) == 1:
        return {bots[0]: ANCHOR_RATING if bots[0] == ANCHOR_BOT else MEAN_RATING}
    index = {bot: i for i, bot in enumerate(bots)}
    size = len(bots)
    won = [[0.0] * size for _ in range(size)]
    for (winner, loser), count in wins.items():
        if winner not in index or loser not in index:
            raise ValueError(f"the win table names a bot that is not rated: {winner!r} or {loser!r}")
        if count < 0:
            raise ValueError(f"negative wins for {winner!r} over {loser!r}")
        won[index[winner]][index[loser]] += count
    games = [[won[i][j] + won[j][i] for j in range(size)] for i in range(size)]
    for i in range(size):
        for j in range(size):
            if i != j and games[i][j] > 0:
                won[i][j] += prior_ties / 2
                games[i][j] += prior_ties
    _check_connected(bots, games)
    total_wins = [sum(row) for row in won]
    for bot, count in zip(bots, total_wins, strict=True):
        if count <= 0:
            raise ValueError(f"{bot!r} won no hand and prior_ties is 0: its rating would be minus infinity")
    strength = [1.0] * size
    for _ in range(iterations):
        updated = [
            total_wins[i] / sum(games[i][j] / (strength[i] + strength[j]) for j in range(size) if games[i][j] > 0)
            for i in range(size)
        ]
        scale = math.exp(statistics.fmean(math.log(p) for p in updated))
        updated = [p / scale for p in updated]
        converged = max(abs(math.log(a / b)) for a, b in zip(updated, strength, strict=True)) < 1e-12
        strength = updated
        if converged:
            break
    elo = [400.0 * math.log10(p) for p in strength]
    shift = ANCHOR_RATING - elo[index[ANCHOR_BOT]] if ANCHOR_BOT in index else MEAN_RATING - statistics.fmean(elo)
    return {bot: elo[index[bot]] + shift for bot in bots}


def _check_connected(bots: Sequence[str], games: list[list[float]]) -> None:
    reached = {0}
    frontier = [0]
    while frontier:
        i = frontier.pop()
        for j, count in enumerate(games[i]):
            if count > 0 and j not in reached:
                reached.add(j)
                frontier.append(j)
    if len(reached) < len(bots):
        apart = ", ".join(bots[j] for j in range(len(bots)) if j not in reached)
        raise ValueError(f"the pairings do not connect {apart} to {bots[0]}: their ratings could not be compared")
