"""The search player: determinized Monte Carlo search over the heuristic player's best ideas.

At a decision with a real choice, the heuristic player proposes a few candidate actions (its best plays,
its safest discards, the pile or the draw). The search then samples possible worlds from the seat's view
(:func:`biriba.core.sampling.determinize`: the unseen cards dealt at random, the known ones kept where
they are), and in each world plays every candidate followed by a short playout in which every seat plays
the heuristic policy, up to this seat's next turn. Each playout is scored from this seat's side by
:func:`biriba.bots.judgement.position_value` of the world it reached, or by the hand's real score when
the hand ends in it. The candidate with the best mean wins; the same worlds serve every candidate, so
their comparison is not blurred by the luck of the sampling.

Playouts follow the heuristic policy, not random play: random playouts say almost nothing in a rummy
game, where most random discards feed the next player. The budget is a number of worlds (``worlds``) and
a time limit in seconds (``seconds``), whichever comes first.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from biriba.bots.heuristic import HeuristicBot
from biriba.bots.judgement import position_value
from biriba.core.actions import Action, Discard, Extend, Meld
from biriba.core.errors import IllegalAction
from biriba.core.sampling import determinize
from biriba.core.state import HandState, Phase
from biriba.core.views import SeatView, observe

MAX_PLAYOUT_ACTIONS = 60
"""A playout stops after this many actions even if this seat's turn has not come again."""
FINAL_SCORE_WEIGHT = 1.0
"""A playout that reaches the end of the hand is scored by the hand's real point difference."""


class SearchBot:
    """Determinized search with heuristic playouts, within a budget of worlds and seconds."""

    name = "search"

    def __init__(self, worlds: int = 24, seconds: float = 1.0, plays: int = 3, discards: int = 3) -> None:
        if worlds < 1 or seconds <= 0 or plays < 1 or discards < 1:
            raise ValueError("search needs at least one world, candidate play and discard, and time > 0")
        self.worlds = worlds
        self.seconds = seconds
        self.plays = plays
        self.discards = discards
        self.policy = HeuristicBot()

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        candidates = self.candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        deadline = time.perf_counter() + self.seconds
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        for _ in range(self.worlds):
            world = determinize(view, rng)
            seed = rng.randrange(2**32)
            for index, action in enumerate(candidates):
                value = self._playout(world, action, view.seat, random.Random(seed))
                if value is not None:
                    totals[index] += value
                    counts[index] += 1
            if time.perf_counter() > deadline:
                break
        means = [total / count if count else float("-inf") for total, count in zip(totals, counts, strict=True)]
        best = max(range(len(candidates)), key=lambda i: (means[i], -i))
        return candidates[best]

    def candidates(self, view: SeatView, legal: Sequence[Action]) -> list[Action]:
        """The heuristic player's choice first, then its next best plays and discards (and any other
        kind of action, such as the pile, the draw or a redraw)."""
        first = self.policy.choose(view, legal, random.Random(0))
        plays = [a for a in legal if isinstance(a, Meld | Extend)]
        discards = [a for a in legal if isinstance(a, Discard)]
        others = [a for a in legal if not isinstance(a, Meld | Extend | Discard)]
        plays.sort(key=lambda a: -self.policy.play_gain(view, a))
        discards.sort(key=lambda a: (self.policy.discard_cost(view, a.card), a.card))
        chosen = [first]
        for action in [*others, *plays[: self.plays], *discards[: self.discards]]:
            if action not in chosen:
                chosen.append(action)
        return chosen

    def _playout(self, world: HandState, action: Action, seat: int, rng: random.Random) -> float | None:
        """The value for ``seat`` of playing ``action`` in ``world`` and then the heuristic policy for
        everyone until ``seat`` is to start a turn again; None if ``action`` is not legal there (a
        closed pile's hidden cards can make the pile untakeable in a sampled world)."""
        state = world.clone()
        try:
            state.apply(action)
        except IllegalAction:
            return None
        policy = self.policy
        for _ in range(MAX_PLAYOUT_ACTIONS):
            if state.is_over:
                return FINAL_SCORE_WEIGHT * _final_difference(state, seat)
            if state.current == seat and state.phase is not Phase.PLAY:
                break  # this seat is to start its next turn
            mover = state.current
            state.apply(policy.choose(observe(state, mover), state.legal_actions(), rng))
        return position_value(observe(state, seat))


def _final_difference(state: HandState, seat: int) -> float:
    """The hand's score of ``seat`` less the best of the other teams'."""
    scores = state.hand_score().seat_scores
    team = state.seat_team[seat]
    others = [s for s, t in enumerate(state.seat_team) if s != seat and (team < 0 or t != team)]
    return float(scores[seat] - max((scores[s] for s in others), default=0))
