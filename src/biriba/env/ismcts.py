"""OpenSpiel's ISMCTS against the search player on ``python_biriba``, at equal CPU time per decision.

Usage::

    python -m biriba.env.ismcts [--deals N] [--seed S] [--evaluator value|score-now] [--simulations K]
                                [--uct-c C] [--selection uct|puct] [--search SPEC] [--hand-cap A]
                                [--out results/ismcts]

**Duplicate deals.** Four players, standard rules, two teams. Each deal is played twice on the same
deck: first OpenSpiel's ``ISMCTSBot`` at seats 0 and 2 and the search player (``biriba.bots.search``)
at seats 1 and 3, then the teams swapped. The deal's result is the search team's points less the ISMCTS
team's, summed over both plays, so that most of the luck of the cards cancels. The deck is dealt through
the game's own chance nodes from a generator seeded with the deal's seed (``derive_seed(seed, "deal",
i)``, as the tournaments seed deals); the bots' generators come from the base seed, the deal, the play
and the seat, never from the deal's seed, from which a bot could rebuild the deck.

**Equal time, counted in work.** A time limit would make a result depend on the machine and on what
else runs on it; a number of simulations does not. So a calibration first plays deals of its own (two
duplicate deals a pass, seeded apart from the duel's) and measures the search player's mean CPU time
(``time.process_time``) per engine decision, and ISMCTS's CPU time per simulation and its searched moves
per engine decision (an engine action such as a meld is several OpenSpiel moves of one player; a move
with one legal action needs no search and gets none); :func:`simulations_for_equal_time` turns them into
the simulations per move that give ISMCTS the search's CPU time per engine decision. A CPU time per
simulation depends on the simulation count (bigger trees, longer simulations), so the calibration runs
two passes, the second with the first's count. The duel then runs with that count fixed; it is printed
and stored, and ``--simulations K`` replays the duel exactly on any machine. The duel's own CPU times per
decision are reported too, as the check.

**Evaluators.** ISMCTS values a new leaf with its evaluator (it plays no rollouts) and takes a terminal
state's returns from the game, which must be on the same scale: each seat's hand score (``score-now``),
or its lead over the other side (``value``: the game's ``returns=lead``).

- ``score-now``: each seat's score if the hand ended now, with uniform priors (as in
  ``examples/openspiel_ismcts.py``); cheap but blind to everything not yet on the table.
- ``value``: each seat's learned value, :func:`biriba.bots.value.state_value` (what its side is expected
  to score more than the other side; partners equal), the value the search player's playouts end on; and
  priors that give most of the mass to the heuristic player's choice (the next sub-action of the engine
  action it would play), the policy of the search player's playouts. ``ISMCTSBot`` reads priors only
  when it selects children by PUCT, so that evaluator runs with ``--selection puct``. The value is
  fitted to differences between sides only (:mod:`biriba.sim.value_fit`), so the game ISMCTS searches
  returns leads too (until 2026-11-27 its terminal states returned each seat's own score beside leaf
  values of leads).

A hand longer than ``--hand-cap`` engine actions is cut and its deal left out of the result (reported as
capped): once the draw pile is spent, nothing in the rules stops two players passing the pile round.

The exploration constant ``--uct-c`` is in points, since the returns are (see the defaults and
``results/ismcts/README.md`` for how they were picked).
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import random
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts  # type: ignore[import-untyped]

from biriba.bots import make_bot
from biriba.bots.heuristic import HeuristicBot
from biriba.bots.value import ValueModel, default_model, lead_of, side_features
from biriba.core.compiled import IMPLEMENTATION
from biriba.core.state import HandState
from biriba.env.openspiel_game import GAME_NAME, BiribaState
from biriba.sim.duplicate import DuplicateDeal, derive_seed
from biriba.sim.stats import CI_METHOD, mean_interval

PLAYERS = 4
PRESET = "standard"
ISMCTS_TEAMS = ((0, 2), (1, 3))
"""The seats of ISMCTS in the first and the second play of a deal; the search player has the others."""
DEFAULT_HAND_CAP = 1000
"""A hand still going after this many engine actions is cut, reported as capped and left out: two bots
can pass the pile round the table for ever once the draw pile is spent. Hands take a couple of hundred."""
MIN_SIMULATIONS = 2
"""ISMCTSBot's first simulation of a move only expands the root: it needs a second to choose."""
START_SIMULATIONS = 32
"""The simulations per move of the first calibration pass."""
CALIBRATION_PASSES = 2
CALIBRATION_DEALS = 2
"""Duplicate deals per calibration pass: one deal's positions make the search player's time per decision
vary by half."""
HEURISTIC_SHARE = 0.75
"""The prior mass of the heuristic player's next sub-action under the ``value`` evaluator; the rest is
spread evenly over every legal sub-action."""
EVALUATORS = ("value", "score-now")
RETURNS = {"value": "lead", "score-now": "score"}
"""The game's returns under each evaluator: on the scale of its leaf values (a terminal state met in a
search gets the game's returns, not the evaluator's value)."""
DEFAULT_SELECTION = {"value": "puct", "score-now": "uct"}
"""PUCT where the priors say something (ISMCTSBot reads priors only under PUCT), UCT where they are uniform."""
DEFAULT_UCT_C = {"value": 100.0, "score-now": 100.0}
"""Exploration constants in points, picked on a few duplicate deals against the search player, seeded apart
from the measured ones (results/ismcts/README.md): score-now under UCT about as well with 20 as with 100,
worse with 500; the value evaluator under PUCT about as well with 30 as with 100, no better with 300 or
1000, and much worse under UCT (its priors unread) with 300."""
SUMMARY_FORMAT = "biriba-ismcts/1"


# --- the evaluators -------------------------------------------------------------------------------


class ScoreNowEvaluator:
    """Each seat's score if the hand ended now; uniform priors."""

    def evaluate(self, state: BiribaState) -> np.ndarray:
        if state.episode is None or state.is_terminal():
            return np.array(state.returns(), dtype=float)
        return np.array(state.episode.seat_scores(), dtype=float)

    def prior(self, state: BiribaState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def seat_values(state: HandState, model: ValueModel | None = None) -> list[float]:
    """Every seat's :func:`biriba.bots.value.state_value` (its side's value less the other sides' mean),
    the features worked out once for all seats (a leaf is valued for every player at once, and the
    features are most of the cost). By ``model``, or else the package's default model: the one
    ``state_value`` uses in the duel's game (4 players, standard rules)."""
    model = model or default_model()
    side_values = [model.side_value(row) for row in side_features(state)]
    return [lead_of(state, seat, side_values, "mean") for seat in range(state.players)]


class ValueEvaluator:
    """The learned value of each seat at a leaf (the real hand score at a terminal state), and priors
    that favour the heuristic player's choice."""

    def __init__(self, heuristic_share: float = HEURISTIC_SHARE) -> None:
        self.heuristic_share = heuristic_share
        self.heuristic = HeuristicBot()

    def evaluate(self, state: BiribaState) -> np.ndarray:
        if state.episode is None or state.is_terminal():
            return np.array(state.returns(), dtype=float)
        return np.array(seat_values(state.episode.state), dtype=float)

    def prior(self, state: BiribaState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        favoured = self.heuristic_step(state)
        rest = (1.0 - self.heuristic_share) / len(legal) if favoured in legal else 1.0 / len(legal)
        return [(action, rest + (self.heuristic_share if action == favoured else 0.0)) for action in legal]

    def heuristic_step(self, state: BiribaState) -> int | None:
        """The next sub-action of the engine action the heuristic player would play at this decision, or
        None when the moves already made in it (an unfinished meld) are not the heuristic's."""
        episode = state.episode
        assert episode is not None
        seat = episode.current
        # A fixed generator, as the search player's candidates call it: a node's prior depends on its state only.
        action = self.heuristic.choose(episode.view(seat), episode.state.legal_actions(), random.Random(0))
        steps = episode.encoding.sequence(action)
        prefix = episode.prefix
        if steps[: len(prefix)] != prefix:
            return None
        # With no step left, the heuristic's action is whole here and a longer one could go on: it finishes.
        return steps[len(prefix)] if len(steps) > len(prefix) else episode.encoding.finish


def make_evaluator(name: str) -> ScoreNowEvaluator | ValueEvaluator:
    if name == "value":
        return ValueEvaluator()
    if name == "score-now":
        return ScoreNowEvaluator()
    raise ValueError(f"unknown evaluator {name!r} (known: {', '.join(EVALUATORS)})")


# --- equal time ----------------------------------------------------------------------------------


def simulations_for_equal_time(
    search_cpu_per_decision: float, ismcts_cpu_per_simulation: float, searched_moves_per_decision: float
) -> int:
    """The simulations per searched move that give ISMCTS the search player's CPU time per engine
    decision: a decision costs ISMCTS its searched moves times the simulations times the cost of one.

    >>> simulations_for_equal_time(0.030, 0.0005, 1.2)
    50
    >>> simulations_for_equal_time(0.001, 0.0005, 4.0)  # never below MIN_SIMULATIONS
    2
    """
    if search_cpu_per_decision <= 0 or ismcts_cpu_per_simulation <= 0 or searched_moves_per_decision <= 0:
        raise ValueError("equal time needs positive CPU times and searched moves per decision")
    return max(
        MIN_SIMULATIONS, round(search_cpu_per_decision / (ismcts_cpu_per_simulation * searched_moves_per_decision))
    )


# --- one hand ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DuelSetup:
    """Everything that decides a duel's result, given a deal: the evaluator, the simulations per move,
    the exploration, the search player's spec and the hand cap; and the base seed of the bots."""

    evaluator: str
    simulations: int
    uct_c: float
    selection: str
    seed: int
    search_bot: str = "search"
    hand_cap: int = DEFAULT_HAND_CAP


@dataclass(slots=True)
class SideWork:
    """One side's work over some hands: its engine decisions, their CPU seconds and (ISMCTS) the moves
    it searched (moves with more than one legal sub-action)."""

    decisions: int = 0
    seconds: float = 0.0
    searched_moves: int = 0

    def add(self, other: SideWork) -> None:
        self.decisions += other.decisions
        self.seconds += other.seconds
        self.searched_moves += other.searched_moves

    @property
    def seconds_per_decision(self) -> float | None:
        return self.seconds / self.decisions if self.decisions else None

    def to_json(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "cpu_seconds": round(self.seconds, 4),
            "searched_moves": self.searched_moves,
        }


@dataclass(frozen=True, slots=True)
class DuelPlay:
    """One play of a deal: where ISMCTS sat, both teams' scores, the engine actions and each side's work."""

    ismcts_seats: tuple[int, ...]
    search_score: int
    ismcts_score: int
    actions: int
    capped: bool
    search: SideWork
    ismcts: SideWork
    history: tuple[int, ...] = ()
    """The OpenSpiel moves of the play, the deal's chance moves first (not written to the summary)."""

    @property
    def diff(self) -> int:
        return self.search_score - self.ismcts_score

    def to_json(self) -> dict[str, Any]:
        return {
            "ismcts_seats": list(self.ismcts_seats),
            "search_score": self.search_score,
            "ismcts_score": self.ismcts_score,
            "actions": self.actions,
            "capped": self.capped,
            "search": self.search.to_json(),
            "ismcts": self.ismcts.to_json(),
        }


DuelDeal = DuplicateDeal[DuelPlay]
"""A duplicate deal: the same deck played with ISMCTS on each team; its ``diff`` is the search team's
points over the ISMCTS team's, summed over both plays."""


@cache
def load_game(dealer: int, returns: str = "score") -> Any:
    """The OpenSpiel game of a 4-player standard hand dealt by ``dealer``, with those ``returns``."""
    return pyspiel.load_game(GAME_NAME, {"players": PLAYERS, "preset": PRESET, "dealer": dealer, "returns": returns})


def deal_deck(dealer: int, deal_seed: int) -> tuple[int, ...]:
    """The deck (card types, top first) that the game's chance nodes deal, drawing from ``deal_seed``."""
    rng = random.Random(deal_seed)
    state = load_game(dealer).new_initial_state()
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probabilities)[0])
    return tuple(state.deck)


def dealt_state(dealer: int, deck: Sequence[int], returns: str = "score") -> BiribaState:
    """A new hand of the game with ``deck`` dealt through its chance nodes: the game ISMCTS searches in
    (its simulations take their terminal returns from it)."""
    state: BiribaState = load_game(dealer, returns).new_initial_state()
    for card in deck:
        state.apply_action(card)
    return state


def bot_seed(setup: DuelSetup, index: int, play: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in ``play`` of deal ``index``: from the base seed, not the deal's."""
    return random.Random(f"biriba-ismcts-duel:{setup.seed}:{index}:{play}:{seat}").randrange(2**32)


def make_ismcts(setup: DuelSetup, dealer: int, seed: int) -> Any:
    """An ISMCTS bot whose every random choice, the worlds it samples included, comes from ``seed``.

    Its own resampler draws from the game's default sampler, which is seeded afresh each time; the
    resampler set here draws the same worlds from the same seed on any machine.
    """
    selection = {"uct": ismcts.ChildSelectionPolicy.UCT, "puct": ismcts.ChildSelectionPolicy.PUCT}[setup.selection]
    bot = ismcts.ISMCTSBot(
        load_game(dealer, RETURNS[setup.evaluator]),
        make_evaluator(setup.evaluator),
        uct_c=setup.uct_c,
        max_simulations=setup.simulations,
        random_state=np.random.RandomState(seed),
        child_selection_policy=selection,
    )
    worlds = np.random.RandomState(seed ^ 0x5EED)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, worlds.uniform))
    return bot


def play_hand(
    setup: DuelSetup, deck: Sequence[int], dealer: int, ismcts_seats: tuple[int, ...], seeds: list[int]
) -> DuelPlay:
    """Play ``deck`` with ISMCTS at ``ismcts_seats`` and the search player at the others, each seat's bot
    seeded with ``seeds[seat]``; time every engine decision of each side."""
    state = dealt_state(dealer, deck, RETURNS[setup.evaluator])
    episode = state.episode
    assert episode is not None
    searchers = {seat: make_ismcts(setup, dealer, seeds[seat]) for seat in ismcts_seats}
    players = {seat: make_bot(setup.search_bot) for seat in range(PLAYERS) if seat not in ismcts_seats}
    rngs = {seat: random.Random(seeds[seat]) for seat in players}
    search_work, ismcts_work = SideWork(), SideWork()
    while not state.is_terminal() and len(episode.record.actions) < setup.hand_cap:
        seat = episode.current
        if seat in searchers:
            decided = len(episode.record.actions)
            start = time.process_time()
            while len(episode.record.actions) == decided and not state.is_terminal():
                legal = state.legal_actions()
                if len(legal) == 1:
                    state.apply_action(legal[0])
                    continue
                ismcts_work.searched_moves += 1
                state.apply_action(int(searchers[seat].step(state)))
            ismcts_work.seconds += time.process_time() - start
            ismcts_work.decisions += 1
        else:
            view, legal_actions = episode.view(seat), episode.state.legal_actions()
            start = time.process_time()
            action = players[seat].choose(view, legal_actions, rngs[seat])
            search_work.seconds += time.process_time() - start
            search_work.decisions += 1
            for step in episode.steps_for(action):
                state.apply_action(step)
    actions = len(episode.record.actions)
    search_seat = next(seat for seat in range(PLAYERS) if seat not in ismcts_seats)
    history = tuple(state.history())
    if not state.is_terminal():
        return DuelPlay(ismcts_seats, 0, 0, actions, True, search_work, ismcts_work, history)
    scores = episode.seat_scores()
    return DuelPlay(
        ismcts_seats, scores[search_seat], scores[ismcts_seats[0]], actions, False, search_work, ismcts_work, history
    )


def play_deal(setup: DuelSetup, index: int, kind: str = "deal") -> DuelDeal:
    """Deal ``index`` (seeded from the base seed and ``kind``), played with ISMCTS on each team in turn;
    the dealer is ``index`` mod 4."""
    deal_seed = derive_seed(setup.seed, kind, index)
    dealer = index % PLAYERS
    deck = deal_deck(dealer, deal_seed)
    plays = []
    for play, ismcts_seats in enumerate(ISMCTS_TEAMS):
        seeds = [bot_seed(setup, index if kind == "deal" else -1 - index, play, seat) for seat in range(PLAYERS)]
        plays.append(play_hand(setup, deck, dealer, ismcts_seats, seeds))
    return DuelDeal(index, deal_seed, dealer, tuple(plays))


# --- calibration and the duel ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CalibrationPass:
    """What one calibration pass measured, and the simulation count it gives."""

    simulations: int
    deals: int
    search_cpu_per_decision: float
    """Over every calibration pass so far: the search player's cost does not depend on ISMCTS's count,
    and varies much from deal to deal with the positions it meets."""
    ismcts_cpu_per_simulation: float
    searched_moves_per_decision: float
    next_simulations: int

    def to_json(self) -> dict[str, Any]:
        return {
            "simulations": self.simulations,
            "deals": self.deals,
            "search_cpu_per_decision": round(self.search_cpu_per_decision, 6),
            "ismcts_cpu_per_simulation": round(self.ismcts_cpu_per_simulation, 7),
            "ismcts_searched_moves_per_decision": round(self.searched_moves_per_decision, 4),
            "next_simulations": self.next_simulations,
        }


def calibrate(
    setup: DuelSetup, passes: int = CALIBRATION_PASSES, deals: int = CALIBRATION_DEALS, log: bool = True
) -> list[CalibrationPass]:
    """The calibration passes, each of ``deals`` calibration deals (seeded apart from the duel's) played
    with the count the pass before gave (the first with ``setup.simulations``); the duel plays the last
    pass's ``next_simulations``."""
    done: list[CalibrationPass] = []
    search = SideWork()
    for number in range(passes):
        searcher = SideWork()
        for index in range(number * deals, (number + 1) * deals):
            for play in play_deal(setup, index, kind="calibration").plays:
                search.add(play.search)
                searcher.add(play.ismcts)
        if not search.decisions or not searcher.searched_moves:
            raise RuntimeError("the calibration deals gave no decision to measure")
        per_decision = search.seconds / search.decisions
        per_simulation = searcher.seconds / (setup.simulations * searcher.searched_moves)
        moves = searcher.searched_moves / searcher.decisions
        measured = CalibrationPass(
            setup.simulations,
            deals,
            per_decision,
            per_simulation,
            moves,
            simulations_for_equal_time(per_decision, per_simulation, moves),
        )
        done.append(measured)
        if log:
            print(
                f"calibration {number}: {measured.simulations} simulations: search {per_decision * 1000:.1f} ms "
                f"a decision, ISMCTS {per_simulation * 1000:.3f} ms a simulation, {moves:.2f} searched moves a "
                f"decision -> {measured.next_simulations} simulations",
                file=sys.stderr,
                flush=True,
            )
        setup = replace(setup, simulations=measured.next_simulations)
    return done


@dataclass(slots=True)
class DuelResult:
    setup: DuelSetup
    deals: list[DuelDeal] = field(default_factory=list)
    calibration: list[CalibrationPass] | None = None

    def summary(self) -> dict[str, Any]:
        """The mean result per scored deal with its 95% interval, hands won, and each side's work."""
        scored = [deal for deal in self.deals if not deal.capped]
        search, searcher = SideWork(), SideWork()
        for deal in scored:
            for play in deal.plays:
                search.add(play.search)
                searcher.add(play.ismcts)
        interval = mean_interval([deal.diff for deal in scored]) if scored else None
        plays = [play for deal in scored for play in deal.plays]
        simulations = self.setup.simulations * searcher.searched_moves
        return {
            "deals": len(self.deals),
            "scored_deals": len(scored),
            "capped_deals": len(self.deals) - len(scored),
            "mean_diff": None if interval is None else round(interval.mean, 3),
            "std_diff": None if interval is None or interval.std is None else round(interval.std, 3),
            "ci95": None
            if interval is None or interval.low is None
            else [round(interval.low, 3), round(interval.high or 0, 3)],
            "hands": len(plays),
            "search_hand_wins": sum(play.diff > 0 for play in plays),
            "ismcts_hand_wins": sum(play.diff < 0 for play in plays),
            "search_cpu_per_decision": _rounded(search.seconds_per_decision, 6),
            "ismcts_cpu_per_decision": _rounded(searcher.seconds_per_decision, 6),
            "ismcts_searched_moves_per_decision": _rounded(
                searcher.searched_moves / searcher.decisions if searcher.decisions else None, 4
            ),
            "ismcts_cpu_per_simulation": _rounded(searcher.seconds / simulations if simulations else None, 7),
            "search_decisions": search.decisions,
            "ismcts_decisions": searcher.decisions,
        }


def _rounded(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


def run_duel(setup: DuelSetup, deals: int, log: bool = True) -> DuelResult:
    """Play ``deals`` duplicate deals with ``setup`` as it is (its simulation count fixed)."""
    result = DuelResult(setup)
    for index in range(deals):
        deal = play_deal(setup, index)
        result.deals.append(deal)
        if log:
            plays = ", ".join(
                f"{p.search_score:+d}/{p.ismcts_score:+d}{' capped' if p.capped else ''}" for p in deal.plays
            )
            print(f"deal {index}: search {deal.diff:+d} ({plays}; search/ISMCTS)", file=sys.stderr, flush=True)
    return result


# --- the results folder --------------------------------------------------------------------------


def run_entry(result: DuelResult, command: str, rerun: str, date: str) -> dict[str, Any]:
    """The run as the summary stores it; ``date``: the day it began (a long run may end on the next)."""
    setup = result.setup
    return {
        "evaluator": setup.evaluator,
        "selection": setup.selection,
        "uct_c": setup.uct_c,
        "simulations": setup.simulations,
        "search_bot": setup.search_bot,
        "hand_cap": setup.hand_cap,
        "seed": setup.seed,
        "preset": PRESET,
        "players": PLAYERS,
        "engine": IMPLEMENTATION,
        "python": platform.python_version(),
        "date": date,
        "command": command,
        "rerun": rerun,
        "calibration": None if result.calibration is None else [p.to_json() for p in result.calibration],
        "ci_method": CI_METHOD,
        "results": result.summary(),
        "deals": [deal.to_json() for deal in result.deals],
    }


def load_summary(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {"format": SUMMARY_FORMAT, "runs": {}}
    summary: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if summary.get("format") != SUMMARY_FORMAT:
        raise ValueError(f"{path} is not an ISMCTS duel summary ({SUMMARY_FORMAT})")
    return summary


NOTES_HEADING = "## What it means"
"""The README's hand-written part starts at this heading; writing the summary keeps it."""


def write_summary(entry: dict[str, Any], out: Path) -> None:
    """Add the run to ``OUT/summary.json`` (one run per evaluator, read again just before writing, so that
    runs of the two evaluators may go on side by side) and write ``OUT/README.md`` from it."""
    out.mkdir(parents=True, exist_ok=True)
    summary = load_summary(out / "summary.json")
    summary["runs"][entry["evaluator"]] = entry
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    readme = out / "README.md"
    notes = ""
    if readme.exists():
        text = readme.read_text(encoding="utf-8")
        if NOTES_HEADING in text:
            notes = "\n" + text[text.index(NOTES_HEADING) :]
    readme.write_text(summary_markdown(summary) + notes, encoding="utf-8")


def summary_markdown(summary: dict[str, Any]) -> str:
    """The runs as a page: how they were made, the calibration, and the results."""
    runs = [summary["runs"][name] for name in EVALUATORS if name in summary["runs"]]
    lines = [
        "# The search player against OpenSpiel's ISMCTS, at equal CPU time per decision",
        "",
        "Four players, standard rules, on the OpenSpiel game `python_biriba`: duplicate deals, each played",
        "with OpenSpiel's `ISMCTSBot` at seats 0 and 2 and the search player at 1 and 3, then the teams",
        "swapped (`biriba.env.ismcts`). Result: the search team's points less the ISMCTS team's per",
        "duplicate deal, with its 95% interval (normal approximation). ISMCTS plays a fixed number of",
        "simulations per searched move, set by a calibration pass so that its CPU time per engine decision",
        "matches the search player's (`--simulations` re-runs a duel exactly on any machine).",
        "",
        "Made by (and re-run exactly, without the calibration, by the line after each that has one):",
        "",
    ]
    for run in runs:
        lines += [f"    {run['command']}"] + ([f"    {run['rerun']}"] if run["rerun"] != run["command"] else [])
    lines += [
        "",
        "| evaluator | selection, c | date | engine | simulations per move |",
        "| --- | --- | --- | --- | ---: |",
    ]
    for run in runs:
        lines.append(
            f"| {run['evaluator']} | {run['selection'].upper()}, {run['uct_c']:g} | {run['date']} | "
            f"{run['engine']}, Python {run['python']} | {run['simulations']} |"
        )
    lines += [
        "",
        "Calibration (CPU time, `time.process_time`, over the calibration deals, seeded apart from the duel's;",
        "the search player's time pools every pass so far):",
        "",
        "| evaluator | pass | deals | simulations | search ms per decision | ISMCTS ms per simulation | "
        "ISMCTS searched moves per decision | gives |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for run in runs:
        for number, step in enumerate(run["calibration"] or []):
            lines.append(
                f"| {run['evaluator']} | {number} | {step['deals']} | {step['simulations']} | "
                f"{step['search_cpu_per_decision'] * 1000:.1f} | {step['ismcts_cpu_per_simulation'] * 1000:.3f} | "
                f"{step['ismcts_searched_moves_per_decision']:.2f} | {step['next_simulations']} |"
            )
    lines += [
        "",
        "| evaluator | deals (capped) | search minus ISMCTS per deal | 95% interval | hands won (search/ISMCTS) | "
        "CPU ms per decision (search/ISMCTS) |",
        "| --- | ---: | ---: | --- | ---: | ---: |",
    ]
    for run in runs:
        res = run["results"]
        mean = "—" if res["mean_diff"] is None else f"{res['mean_diff']:+.0f}"
        interval = "—" if res["ci95"] is None else f"[{res['ci95'][0]:+.0f}, {res['ci95'][1]:+.0f}]"
        search_ms = _ms(res["search_cpu_per_decision"])
        ismcts_ms = _ms(res["ismcts_cpu_per_decision"])
        lines.append(
            f"| {run['evaluator']} | {res['scored_deals']} ({res['capped_deals']}) | {mean} | {interval} | "
            f"{res['search_hand_wins']}/{res['ismcts_hand_wins']} | {search_ms} / {ismcts_ms} |"
        )
    return "\n".join(lines) + "\n"


def _ms(seconds: float | None) -> str:
    return "—" if seconds is None else f"{seconds * 1000:.1f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m biriba.env.ismcts", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30, help="duplicate deals (default 30)")
    parser.add_argument("--seed", type=int, default=2026, help="base seed of the deals and the bots (default 2026)")
    parser.add_argument("--evaluator", choices=EVALUATORS, default="value", help="ISMCTS's leaf evaluator")
    parser.add_argument("--simulations", type=int, help="ISMCTS simulations per move: skip the calibration")
    parser.add_argument("--uct-c", type=float, help="exploration constant in points (default by evaluator)")
    parser.add_argument("--selection", choices=("uct", "puct"), help="child selection (default by evaluator)")
    parser.add_argument("--search", default="search", help="the search player's spec (default search)")
    parser.add_argument(
        "--hand-cap",
        type=int,
        default=DEFAULT_HAND_CAP,
        help=f"engine actions before a hand is cut ({DEFAULT_HAND_CAP})",
    )
    parser.add_argument("--out", type=Path, help="folder of summary.json and README.md (e.g. results/ismcts)")
    args = parser.parse_args(argv)
    began = datetime.date.today().isoformat()
    if args.deals < 1 or args.hand_cap < 1:
        parser.error("--deals and --hand-cap must be at least 1")
    if args.simulations is not None and args.simulations < MIN_SIMULATIONS:
        parser.error(f"--simulations must be at least {MIN_SIMULATIONS}: the first only expands the root")
    selection = args.selection or DEFAULT_SELECTION[args.evaluator]
    uct_c = DEFAULT_UCT_C[args.evaluator] if args.uct_c is None else args.uct_c
    setup = DuelSetup(
        args.evaluator, args.simulations or START_SIMULATIONS, uct_c, selection, args.seed, args.search, args.hand_cap
    )
    calibration = None
    if args.simulations is None:
        calibration = calibrate(setup)
        setup = replace(setup, simulations=calibration[-1].next_simulations)
    print(f"ISMCTS plays {setup.simulations} simulations per searched move", file=sys.stderr, flush=True)
    result = run_duel(setup, args.deals)
    result.calibration = calibration
    options = [
        "--deals", str(args.deals), "--seed", str(args.seed), "--evaluator", args.evaluator,
        "--uct-c", f"{uct_c:g}", "--selection", selection, "--hand-cap", str(args.hand_cap),
    ]  # fmt: skip
    if args.search != "search":
        options += ["--search", args.search]
    prefix = "python -m biriba.env.ismcts "
    command = prefix + shlex.join(
        options if args.simulations is None else [*options, "--simulations", str(setup.simulations)]
    )
    rerun = prefix + shlex.join([*options, "--simulations", str(setup.simulations)])
    summary = result.summary()
    interval = "" if summary["ci95"] is None else f" [{summary['ci95'][0]:+.0f}, {summary['ci95'][1]:+.0f}]"
    mean = "—" if summary["mean_diff"] is None else f"{summary['mean_diff']:+.0f}"
    print(
        f"{args.evaluator}: search minus ISMCTS {mean}{interval} per deal over {summary['scored_deals']} deals "
        f"({summary['capped_deals']} capped); CPU per decision search {_ms(summary['search_cpu_per_decision'])} ms, "
        f"ISMCTS {_ms(summary['ismcts_cpu_per_decision'])} ms",
        flush=True,
    )
    if args.out is not None:
        write_summary(run_entry(result, command, rerun, began), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
