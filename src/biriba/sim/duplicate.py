"""Duplicate play: every deal (and every match) is played again with the bots' seats moved round.

Card luck is the largest part of one hand's score. Playing the same cards several times, with bot X in
the seats of each side in turn, gives X every side of the same deal, so what is left of the point
difference is the difference in play.

Seats and sides. The sides of a deal are its scoring units: the teams of fixed partnerships (in the
4-player game seats 0 and 2, then 1 and 3; with six players in three teams, seats 0 and 3, 1 and 4, 2
and 5), or every seat on its own where each plays alone or partnerships form during the hand (3 and 5
players). The deal is played once per side, X in that side's seats and Y everywhere else; a play's
result is X's score over the mean of the other sides' scores, and the deal's result their sum. With two
sides that is X's points over Y's in each play, as a head-to-head. With more than two sides, each side is
also played the other way round, Y alone in its seats and X everywhere else (X's score then the mean of
its sides'): one bot alone among others plays another game than the same bot among many of its kind, and
only both together make X against Y the same measure as Y against X, its sign turned. (One greedy team
among two heuristic teams, six players, Venezuelan rules: +176 a deal over them; one heuristic team among
two greedy ones: +448 over them, over 100-200 deals each.) Matches are played only by games of two fixed
sides (a match of several sides has no single opponent to win against).

Random generators are per seat, not shared and not per bot: seat ``s`` of hand ``h`` draws from
``seat_rng(h, s)`` (:mod:`biriba.bots.play`). So a bot's random choices do not shift when the bot at
another seat draws more or fewer numbers, and two identical bots replay the very same game in every
play of a deal, whose duplicate sum is then exactly 0 (a check that the rotation and the signs are right).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from biriba.bots import Bot
from biriba.bots.imported import load_bot
from biriba.bots.play import play_out, seat_rngs
from biriba.core.errors import InvalidInputError
from biriba.core.match import Match
from biriba.core.rules import Rules
from biriba.core.state import HandState

HAND_ACTION_LIMIT = 5000
"""A hand still going after this many actions is cut and reported (capped), not scored: two bots can pass
a one-card pile round the table for ever. Ordinary hands take a few hundred actions (eight players,
random play: about 600)."""

MATCH_HAND_LIMIT = 1000
"""A match still going after this many hands is stopped and counted as unfinished (two bots that never
score could otherwise play for ever)."""


def check_two_sides(rules: Rules) -> None:
    """Raise :class:`InvalidInputError` unless the game has exactly two fixed sides (what a duplicate match
    needs)."""
    if rules.teams != 2 or rules.formed_partnerships:
        raise InvalidInputError(
            f"duplicate matches need a game of two sides (2 players, or 4 in fixed partnerships), "
            f"not {rules.players} players with partnerships={rules.partnerships!r}: play deals only (--matches 0)"
        )


def x_seats(players: int, swapped: bool) -> tuple[int, ...]:
    """The seats of bot X in a game of two sides: the even seats (team A) in the first play, the odd ones
    (team B) when swapped."""
    return tuple(range(1 if swapped else 0, players, 2))


def seating(x_spec: str, y_spec: str, players: int, swapped: bool) -> tuple[str, ...]:
    """The bot spec at each seat for one play of a deal of two sides.

    >>> seating("greedy", "random", 4, swapped=False)
    ('greedy', 'random', 'greedy', 'random')
    >>> seating("greedy", "random", 4, swapped=True)
    ('random', 'greedy', 'random', 'greedy')
    """
    return seats_of(x_spec, y_spec, players, x_seats(players, swapped))


def seats_of(x_spec: str, y_spec: str, players: int, mine: tuple[int, ...]) -> tuple[str, ...]:
    """The bot spec at each seat: X at the seats ``mine``, Y at the others."""
    return tuple(x_spec if seat in mine else y_spec for seat in range(players))


def derive_seed(base_seed: int, kind: str, index: int) -> int:
    """The seed of deal (or match) ``index``: a function of the base seed and the index only, so a
    tournament's results do not depend on how its deals are spread over processes, and every pairing of
    a tournament plays the same deals."""
    return random.Random(f"biriba-duplicate:{base_seed}:{kind}:{index}").randrange(2**32)


def fresh_bots(specs: Sequence[str]) -> list[Bot]:
    """One new bot per seat: partners never share an object, and nothing a bot keeps carries over."""
    return [load_bot(spec) for spec in specs]


@dataclass(frozen=True, slots=True)
class HandPlay:
    """One play of a deal: where X sat, what X's side scored, and what the other sides scored (their mean,
    where there are several)."""

    x_seats: tuple[int, ...]
    x_score: float
    y_score: float
    actions: int
    capped: bool = False
    """The hand reached :data:`HAND_ACTION_LIMIT` actions and was cut: no score (both 0)."""

    @property
    def diff(self) -> float:
        return self.x_score - self.y_score

    def to_json(self) -> dict[str, Any]:
        return {
            "x_seats": list(self.x_seats),
            "x_score": _number(self.x_score),
            "y_score": _number(self.y_score),
            "actions": self.actions,
            "capped": self.capped,
        }


def _number(value: float) -> int | float:
    """A mean of scores as JSON writes it: whole numbers without a decimal point."""
    return int(value) if float(value).is_integer() else round(value, 3)


class DuplicatePlay(Protocol):
    """One play of a duplicate deal, as the deal sums it up (a tournament's :class:`HandPlay`, or the
    plays of other duels on duplicate deals)."""

    @property
    def diff(self) -> float: ...

    @property
    def capped(self) -> bool: ...

    def to_json(self) -> dict[str, Any]: ...


PlayT = TypeVar("PlayT", bound=DuplicatePlay)


@dataclass(frozen=True)  # no slots: Python 3.11 cannot build a slotted frozen generic through DealResult(...)
class DuplicateDeal(Generic[PlayT]):
    """A duplicate deal: the same cards played with X on each side."""

    index: int
    seed: int
    dealer: int
    plays: tuple[PlayT, ...]

    @property
    def diff(self) -> float:
        """X's points over the other sides', summed over the plays: the deal's duplicate result."""
        return sum(play.diff for play in self.plays)

    @property
    def capped(self) -> bool:
        """A play of the deal was cut at :data:`HAND_ACTION_LIMIT`: the deal has no duplicate result."""
        return any(play.capped for play in self.plays)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "dealer": self.dealer,
            "diff": _number(self.diff),
            "capped": self.capped,
            "plays": [play.to_json() for play in self.plays],
        }


DealResult = DuplicateDeal[HandPlay]
"""A tournament's duplicate deal: bots given by their specs."""


def play_duplicate_deal(rules: Rules, x_spec: str, y_spec: str, index: int, seed: int) -> DealResult:
    """Play deal ``seed`` with X alone at each side (:func:`sides`), and with more than two sides Y alone at
    each side too; the dealer is ``index`` mod players."""
    dealer = index % rules.players
    every_side = rules.sides
    # X alone at each side; with more than two sides, Y alone at each side too (the module doc says why).
    lone_bots = [x_spec] if len(every_side) == 2 else [x_spec, y_spec]
    plays = []
    for lone_bot in lone_bots:
        for lone in every_side:
            mine = lone if lone_bot == x_spec else tuple(s for s in range(rules.players) if s not in lone)
            plays.append(_play(rules, dealer, seed, seats_of(x_spec, y_spec, rules.players, mine), mine, lone))
    return DealResult(index, seed, dealer, tuple(plays))


def _play(  # noqa: PLR0913
    rules: Rules, dealer: int, seed: int, specs: tuple[str, ...], mine: tuple[int, ...], lone: tuple[int, ...]
) -> HandPlay:
    """One play of deal ``seed`` with bot ``specs`` by seat, X at ``mine``: X's sides' mean score and the
    others' (``lone`` is the side that plays alone against the rest)."""
    state = HandState.deal(rules, dealer, seed=seed)
    actions = len(play_out(state, fresh_bots(specs), seat_rngs(seed, rules.players), max_actions=HAND_ACTION_LIMIT))
    if not state.is_over:
        return HandPlay(mine, 0, 0, actions, capped=True)
    scores = state.hand_score().seat_scores
    lone_score = scores[lone[0]]
    rest = [scores[side[0]] for side in rules.sides if side != lone]
    rest_score = sum(rest) / len(rest)
    if mine == lone:
        return HandPlay(mine, lone_score, rest_score, actions)
    return HandPlay(mine, rest_score, lone_score, actions)


@dataclass(frozen=True, slots=True)
class MatchPlay:
    """One match of a duplicate pair: X's seats, the final totals, and who won."""

    x_seats: tuple[int, ...]
    x_total: int
    y_total: int
    hands: int
    finished: bool

    @property
    def x_won(self) -> bool:
        return self.finished and self.x_total > self.y_total

    @property
    def y_won(self) -> bool:
        return self.finished and self.y_total > self.x_total

    def to_json(self) -> dict[str, Any]:
        return {
            "x_seats": list(self.x_seats),
            "x_total": self.x_total,
            "y_total": self.y_total,
            "hands": self.hands,
            "finished": self.finished,
        }


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A duplicate match: two matches on the same sequence of deal seeds, X on each side."""

    index: int
    seed: int
    first_dealer: int
    plays: tuple[MatchPlay, MatchPlay]

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "plays": [play.to_json() for play in self.plays],
        }


def play_duplicate_match(rules: Rules, x_spec: str, y_spec: str, index: int, seed: int) -> MatchResult:
    """Play a match to ``rules.target`` twice with the seats swapped; hand ``k`` of both matches is dealt
    from the same seed (the ``k``-th drawn from ``seed``) while both last."""
    check_two_sides(rules)
    first_dealer = index % rules.players
    plays = []
    for swapped in (False, True):
        hand_seeds = random.Random(seed)
        match = Match(rules, first_dealer)
        bots = fresh_bots(seating(x_spec, y_spec, rules.players, swapped))
        while not match.is_over and len(match.results) < MATCH_HAND_LIMIT:
            hand_seed = hand_seeds.randrange(2**32)
            state = match.start_hand(seed=hand_seed)
            play_out(state, bots, seat_rngs(hand_seed, rules.players), max_actions=HAND_ACTION_LIMIT)
            if not state.is_over:  # cut at HAND_ACTION_LIMIT: the match stops, unfinished
                break
            match.finish_hand()
        mine = x_seats(rules.players, swapped)
        theirs = x_seats(rules.players, not swapped)
        plays.append(MatchPlay(mine, match.totals[mine[0]], match.totals[theirs[0]], len(match.results), match.is_over))
    return MatchResult(index, seed, first_dealer, (plays[0], plays[1]))
