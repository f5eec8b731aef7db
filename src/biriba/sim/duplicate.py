"""Duplicate play: every deal (and every match) is played twice with the two bots' seats swapped.

Card luck is the largest part of one hand's score. Playing the same cards twice, once with bot X in the
seats of team A and once in the seats of team B, gives each bot both sides of the same deal, so what
is left of the point difference is the difference in play.

Seats and sides. A head-to-head needs a game of exactly two sides: 2 players (seat 0 against seat 1)
or 4 in fixed partnerships (seats 0 and 2 against seats 1 and 3). In the first play X sits at the even
seats, in the second at the odd ones; everything else (deck, dealer, the bots' random generators) is
the same.

Random generators are per seat, not shared and not per bot: seat ``s`` of hand ``h`` draws from
``seat_rng(h, s)`` (:mod:`biriba.bots.play`). So a bot's random choices do not shift when the bot at
another seat draws more or fewer numbers, and two identical bots replay the very same game in both
plays of a deal, whose duplicate sum is then exactly 0 (a check that the swap and the signs are right).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from biriba.bots import Bot, make_bot
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
    """Raise :class:`InvalidInputError` unless the game has exactly two fixed sides."""
    if rules.teams != 2 or rules.formed_partnerships:
        raise InvalidInputError(
            f"a head-to-head of two bots needs a game of two sides (2 players, or 4 in fixed partnerships), "
            f"not {rules.players} players with partnerships={rules.partnerships!r}"
        )


def x_seats(players: int, swapped: bool) -> tuple[int, ...]:
    """The seats of bot X: the even seats (team A) in the first play, the odd ones (team B) when swapped."""
    return tuple(range(1 if swapped else 0, players, 2))


def seating(x_spec: str, y_spec: str, players: int, swapped: bool) -> tuple[str, ...]:
    """The bot spec at each seat for one play of a deal.

    >>> seating("greedy", "random", 4, swapped=False)
    ('greedy', 'random', 'greedy', 'random')
    >>> seating("greedy", "random", 4, swapped=True)
    ('random', 'greedy', 'random', 'greedy')
    """
    mine = x_seats(players, swapped)
    return tuple(x_spec if seat in mine else y_spec for seat in range(players))


def derive_seed(base_seed: int, kind: str, index: int) -> int:
    """The seed of deal (or match) ``index``: a function of the base seed and the index only, so a
    tournament's results do not depend on how its deals are spread over processes, and every pairing of
    a tournament plays the same deals."""
    return random.Random(f"biriba-duplicate:{base_seed}:{kind}:{index}").randrange(2**32)


def fresh_bots(specs: Sequence[str]) -> list[Bot]:
    """One new bot per seat: partners never share an object, and nothing a bot keeps carries over."""
    return [make_bot(spec) for spec in specs]


@dataclass(frozen=True, slots=True)
class HandPlay:
    """One play of a deal: where X sat and what each side scored."""

    x_seats: tuple[int, ...]
    x_score: int
    y_score: int
    actions: int
    capped: bool = False
    """The hand reached :data:`HAND_ACTION_LIMIT` actions and was cut: no score (both 0)."""

    @property
    def diff(self) -> int:
        return self.x_score - self.y_score

    def to_json(self) -> dict[str, Any]:
        return {
            "x_seats": list(self.x_seats),
            "x_score": self.x_score,
            "y_score": self.y_score,
            "actions": self.actions,
            "capped": self.capped,
        }


@dataclass(frozen=True, slots=True)
class DealResult:
    """A duplicate deal: the same cards played with X on each side."""

    index: int
    seed: int
    dealer: int
    plays: tuple[HandPlay, HandPlay]

    @property
    def diff(self) -> int:
        """X's points over Y's, summed over both plays: the deal's duplicate result."""
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
            "diff": self.diff,
            "capped": self.capped,
            "plays": [play.to_json() for play in self.plays],
        }


def play_duplicate_deal(rules: Rules, x_spec: str, y_spec: str, index: int, seed: int) -> DealResult:
    """Play deal ``seed`` twice, X at the even seats then at the odd ones; the dealer is ``index`` mod players."""
    check_two_sides(rules)
    dealer = index % rules.players
    plays = []
    for swapped in (False, True):
        state = HandState.deal(rules, dealer, seed=seed)
        bots = fresh_bots(seating(x_spec, y_spec, rules.players, swapped))
        actions = len(play_out(state, bots, seat_rngs(seed, rules.players), max_actions=HAND_ACTION_LIMIT))
        mine = x_seats(rules.players, swapped)
        if not state.is_over:
            plays.append(HandPlay(mine, 0, 0, actions, capped=True))
            continue
        scores = state.hand_score().seat_scores
        theirs = x_seats(rules.players, not swapped)
        plays.append(HandPlay(mine, scores[mine[0]], scores[theirs[0]], actions))
    return DealResult(index, seed, dealer, (plays[0], plays[1]))


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
