"""The search player: determinized Monte Carlo search over the heuristic player's best ideas.

At a decision with a real choice, the heuristic player proposes a few candidate actions (its best plays,
its safest discards, the pile or the draw). The search then samples possible worlds from the seat's view
(:func:`biriba.core.sampling.determinize`: the unseen cards dealt at random, the known ones kept where
they are), and in each world plays every candidate followed by a short playout in which every seat plays
the heuristic policy: the rest of this seat's turn and the next player's turn, where most of a
decision's consequences show (the pile the next player takes or leaves); at four to six and at eight
players (two, three and four teams; at five, partnerships formed in the hand) a round of the table, and
at three two rounds, measured stronger there (:data:`PLAYOUT_TURNS`). Each playout is scored from this seat's side by
:func:`biriba.bots.value.state_value` of the world it reached (a value fitted to the outcomes of
self-play hands at the same table, a preset and a number of players), or by the hand's real score when
the hand ends in it. The same worlds serve every candidate, so their
comparison is paired and not blurred by the luck of the sampling; another candidate replaces the
heuristic's own choice only when it is better by a clear margin over those worlds.

Playouts follow the heuristic policy, not random play: random playouts say almost nothing in a rummy
game, where most random discards feed the next player. The budget is a number of worlds (``worlds``), so
that a seeded game decides the same on any machine; a time limit in seconds (``seconds``) is only a cap
far above it, against a machine so loaded that a decision would hang.
"""

from __future__ import annotations

import heapq
import random
import statistics
import time
from collections.abc import Sequence
from typing import Final

from biriba.bots.base import Bot
from biriba.bots.greedy import GreedyBot
from biriba.bots.heuristic import HeuristicBot
from biriba.bots.judgement import pile_goes_round
from biriba.bots.value import RIVALS, ValueModel, final_lead, state_value, table_models
from biriba.core.actions import Action, Discard, Draw, Extend, Meld, Pass, TakePile
from biriba.core.errors import IllegalAction
from biriba.core.sampling import determinize
from biriba.core.state import HandState
from biriba.core.views import SeatView, observe

OPPONENT_MODELS: Final = ("heuristic", "pool")
"""How the playouts model the other sides (the ``opponents`` option)."""
MAX_PLAYOUT_ACTIONS: Final = 60
"""A playout stops after this many actions for each turn of its horizon (a turn takes a handful)."""
PLAYOUT_TURNS: Final = {3: 6, 4: 4, 5: 5, 6: 5, 8: 7}
"""The turns of the following players a playout plays unless ``turns`` says, by number of players, where
more than one was measured stronger: a round of the table, each other player's turn once (at four and
five players the seat's own next turn too: results/search-budget). At six and eight players a playout of one
turn undervalued the pile, which pays only over the turns of the seat's partner and its own next
(results/decision-quality). At five, whose partnerships form in the hand, a round of the table led one
turn over duplicate deals (results/search-budget), and at Kouridakis 5p, where one turn trailed the
heuristic player, it leads it (results/ladders). At three players two rounds of the table (six turns):
at standard 3p, where one turn was level with the heuristic player, they lead it (results/ladders), and
at the other presets of three players they are level with one turn or, at buraco-aberto 3p, far
stronger (results/search-budget). At two players one turn: one round (two turns) is weaker there."""


def playout_turns(players: int) -> int:
    """The default horizon of a playout at a table of ``players`` (:data:`PLAYOUT_TURNS`)."""
    return PLAYOUT_TURNS.get(players, 1)


class SearchBot:
    """Determinized search with heuristic playouts, within a budget of worlds and seconds.

    Options: ``worlds`` (sampled worlds per decision), ``seconds`` (a time limit per decision; the
    worlds already played decide), ``turns`` (how many turns of the following players a playout
    plays after this seat's own; by default the table's, :func:`playout_turns`), ``plays`` and
    ``discards`` (how many of the heuristic's next best of each are candidates), ``caution`` (how many
    standard errors better than the heuristic's own choice, over the same worlds, another candidate must
    be to be chosen instead), ``value`` (whose
    value model scores a playout: ``table``, the model of the table played, or a table's key such as
    ``standard/4`` for that table's model at every table, to measure what a table's own model is worth),
    ``inference`` (0 to 1: how much less often a world deals a seat the cards that go with those it
    discarded, :func:`biriba.core.sampling.discard_weights`; 0 deals every hidden card alike),
    ``opponents`` (``heuristic``: every other side plays the heuristic policy in the playouts; ``pool``:
    in each world each opponent plays the heuristic or the greedy policy, drawn at random), ``rivals``
    (with more than two sides, what a playout's points for this side are set against: ``mean``, the other
    sides' mean, as duplicate play measures a deal, or ``best``, the best other side's: at six players the
    mean led the heuristic player by about 200 points a deal more over the same 100 deals).
    """

    name = "search"

    def __init__(  # noqa: PLR0913
        self,
        worlds: int = 16,
        seconds: float = 30.0,
        turns: int | None = None,
        plays: int = 2,
        discards: int = 2,
        caution: float = 1.0,
        value: str = "table",
        inference: float = 0.0,
        opponents: str = "heuristic",
        rivals: str = "mean",
    ) -> None:
        if worlds < 1 or seconds <= 0 or (turns is not None and turns < 0) or min(plays, discards, caution) < 0:
            raise ValueError("search needs worlds >= 1, seconds > 0, and turns, plays, discards and caution >= 0")
        if not 0 <= inference < 1:
            raise ValueError("search needs 0 <= inference < 1")
        if opponents not in OPPONENT_MODELS:
            raise ValueError(f"search opponents are {' or '.join(OPPONENT_MODELS)}, not {opponents!r}")
        if rivals not in RIVALS:
            raise ValueError(f"search rivals are {' or '.join(RIVALS)}, not {rivals!r}")
        models = table_models()
        if value != "table" and value not in models:
            raise ValueError(f"value must be 'table' or a table with a model ({', '.join(models)}), not {value!r}")
        self.worlds = worlds
        self.seconds = seconds
        self.turns = turns
        """The playout's horizon, or None for the table's (:func:`playout_turns`)."""
        self.plays = plays
        self.discards = discards
        self.caution = caution
        self.value = value
        self.inference = inference
        self.rivals = rivals
        self.model: ValueModel | None = None if value == "table" else models[value]
        """The model of every playout, or None for the table's own (:func:`biriba.bots.value.model_for`)."""
        self.policy = HeuristicBot()
        self.pool: tuple[Bot, ...] = (self.policy, GreedyBot()) if opponents == "pool" else (self.policy,)
        """The policies an opponent may play in a world's playouts."""

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.choose_with_margin(view, legal, rng)[0]

    def choose_with_margin(
        self, view: SeatView, legal: Sequence[Action], rng: random.Random
    ) -> tuple[Action, float | None]:
        """The choice, and by how many points on average over the sampled worlds it beats the next best
        candidate (None when there was no other, or the choice is not ahead of every other)."""
        candidates = self.candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0], None
        deadline = time.perf_counter() + self.seconds
        turns = self.turns if self.turns is not None else playout_turns(view.rules.players)
        values: list[list[float | None]] = [[] for _ in candidates]
        for _ in range(self.worlds):
            world = determinize(view, rng, self.inference)
            policies = self._policies(view, rng)
            seed = rng.randrange(2**32)
            for index, action in enumerate(candidates):
                values[index].append(self._playout(world, action, view.seat, policies, turns, random.Random(seed)))
            if time.perf_counter() > deadline:
                break
        best = self._best(values)
        return candidates[best], _lead(values, best)

    def _best(self, values: list[list[float | None]]) -> int:
        """The candidate to play: the heuristic's own (index 0) unless another does better over the same
        worlds by more than ``caution`` standard errors of the paired difference."""
        if all(value is None for value in values[0]):  # not legal in any sampled world (a closed pile)
            return next((i for i, row in enumerate(values) if any(v is not None for v in row)), 0)
        best, best_score = 0, 0.0
        for index in range(1, len(values)):
            differences = [
                mine - base
                for mine, base in zip(values[index], values[0], strict=True)
                if mine is not None and base is not None
            ]
            if len(differences) < 2:
                continue
            error = statistics.stdev(differences) / len(differences) ** 0.5
            score = statistics.fmean(differences) - self.caution * error
            if score > best_score:
                best, best_score = index, score
        return best

    def candidates(self, view: SeatView, legal: Sequence[Action]) -> list[Action]:
        """The heuristic player's choice first, then its next best plays and discards (and any other
        kind of action, such as the pile, the draw or a redraw)."""
        first = self.policy.choose(view, legal, random.Random(0))
        plays = [a for a in legal if isinstance(a, Meld | Extend)]
        if view.draw_pile_size == 0 and plays:
            # With the draw pile spent every card laid is one less to lose, and a player who took the
            # pile and did not meld would pass it round the table for ever: lay cards as the heuristic does.
            return [first]
        discards = [a for a in legal if isinstance(a, Discard)]
        others = [a for a in legal if not isinstance(a, Meld | Extend | Discard)]
        draw_or_pass = next((a for a in others if isinstance(a, Draw | Pass)), None)
        if draw_or_pass is not None and pile_goes_round(view, draw_or_pass):
            others = [a for a in others if not isinstance(a, TakePile)]
        best_plays = heapq.nlargest(self.plays, plays, key=lambda a: self.policy.play_gain(view, a))
        safest = heapq.nsmallest(
            self.discards, discards, key=lambda a: (self.policy.discard_cost(view, a.card), a.card)
        )
        chosen = [first]
        for action in [*others, *best_plays, *safest]:
            if action not in chosen:
                chosen.append(action)
        return chosen

    def _policies(self, view: SeatView, rng: random.Random) -> Sequence[Bot]:
        """Each seat's policy in one world's playouts: the heuristic for this seat's side, and for the
        opponents one drawn from the pool (the heuristic alone, unless ``opponents`` is ``pool``)."""
        if len(self.pool) == 1:
            return [self.policy] * len(view.seat_team)
        team = view.seat_team[view.seat]
        return [
            self.policy if seat == view.seat or (team >= 0 and other == team) else rng.choice(self.pool)
            for seat, other in enumerate(view.seat_team)
        ]

    def _playout(  # noqa: PLR0913
        self, world: HandState, action: Action, seat: int, policies: Sequence[Bot], turns: int, rng: random.Random
    ) -> float | None:
        """The value for ``seat`` of playing ``action`` in ``world``, then each seat's policy of
        ``policies`` to the end of this seat's turn and through ``turns`` turns of the players after it;
        None if ``action`` is not legal there (a closed pile's hidden cards can make the pile
        untakeable in a sampled world)."""
        state = world.clone()
        try:
            state.apply(action)
        except IllegalAction:
            return None
        turns_begun = 0
        for _ in range(MAX_PLAYOUT_ACTIONS * max(1, turns)):
            if state.is_over:
                return final_lead(state, seat, self.rivals)
            mover = state.current
            state.apply(policies[mover].choose(observe(state, mover), state.legal_actions(), rng))
            if state.current != mover:
                turns_begun += 1
                if turns_begun > turns:
                    break
        if state.is_over:
            return final_lead(state, seat, self.rivals)
        return state_value(state, seat, self.model, self.rivals)


def _lead(values: list[list[float | None]], chosen: int) -> float | None:
    """How far candidate ``chosen`` is ahead of the next best on average over the worlds where both
    were possible (None if some other is not behind it, or none compares)."""
    leads = []
    for index, row in enumerate(values):
        if index == chosen:
            continue
        paired = [
            mine - other
            for mine, other in zip(values[chosen], row, strict=True)
            if mine is not None and other is not None
        ]
        if paired:
            leads.append(statistics.fmean(paired))
    lead = min(leads, default=None)
    return lead if lead is not None and lead > 0 else None
