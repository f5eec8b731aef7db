"""The duel of the search player and OpenSpiel's ISMCTS (``biriba.env.ismcts``): its evaluators, its
equal-time calibration, and duplicate deals that replay exactly from their seed."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts

from biriba.bots.heuristic import HeuristicBot
from biriba.bots.value import state_value
from biriba.core.state import HandState, Phase
from biriba.env import ismcts as duel
from biriba.env.episode import HandEpisode
from biriba.env.openspiel_game import BiribaState
from tests.builders import position

TINY = duel.DuelSetup("value", simulations=8, uct_c=300.0, selection="puct", seed=5, search_bot="search:worlds=2")
"""A duel small enough for a test: eight simulations a move (enough that the worlds ISMCTS samples change
some choices in 30 actions), two worlds a decision."""


def game_state(hand_state: HandState, dealer: int = 3) -> BiribaState:
    """An OpenSpiel state of the game playing on from ``hand_state``."""
    state: BiribaState = duel.load_game(dealer).new_initial_state()
    state.episode = HandEpisode.from_state(hand_state)
    return state


def built_position() -> HandState:
    """Team 0 has melded and holds a Joker; team 1 has nothing on the table: the sides are worth apart."""
    return position(
        {0: "8H KS KD 4C JK", 1: "2C 9S 9D", 2: "5D 6D 7D QC", 3: "3S 3H 10C 10D"},
        current=0,
        phase=Phase.PLAY,
        melds={0: ["3H 4H 5H 6H 7H", "QS QH QD"]},
    )


def test_the_value_evaluator_gives_each_seat_its_state_value_partners_alike() -> None:
    built = built_position()
    values = duel.ValueEvaluator().evaluate(game_state(built))
    assert len(values) == 4
    assert values[0] == values[2] and values[1] == values[3]
    assert list(values) == [state_value(built, seat) for seat in range(4)]
    assert values[0] > values[1], "the team with melds on the table is ahead"


def test_the_value_priors_give_most_mass_to_the_heuristic_choice_all_through_a_meld() -> None:
    state = game_state(built_position())
    evaluator = duel.ValueEvaluator()
    episode = state.episode
    assert episode is not None
    choice = HeuristicBot().choose(episode.view(0), episode.state.legal_actions(), random.Random(0))
    steps = episode.steps_for(choice)
    assert len(steps) > 1, "the position should have the heuristic lay cards, an action of several moves"
    for step in steps:
        prior = dict(evaluator.prior(state))
        assert sorted(prior) == state.legal_actions()
        assert sum(prior.values()) == pytest.approx(1.0)
        assert max(prior, key=prior.__getitem__) == step
        assert prior[step] == pytest.approx(duel.HEURISTIC_SHARE + (1 - duel.HEURISTIC_SHARE) / len(prior))
        state.apply_action(step)


def test_the_score_now_priors_are_uniform() -> None:
    state = game_state(built_position())
    prior = duel.ScoreNowEvaluator().prior(state)
    assert {probability for _, probability in prior} == {1 / len(state.legal_actions())}


@pytest.mark.parametrize(("evaluator", "returns"), [("value", "lead"), ("score-now", "score")])
def test_ismcts_searches_a_game_whose_terminal_returns_are_on_its_evaluators_scale(
    monkeypatch: pytest.MonkeyPatch, evaluator: str, returns: str
) -> None:
    # ISMCTSBot takes a terminal state's returns from the game, not from its evaluator: under the value
    # evaluator (a seat's lead over the other side) the game it searches must return leads too.
    seen: list[str] = []
    step = ismcts.ISMCTSBot.step

    def recording(bot: ismcts.ISMCTSBot, state: BiribaState) -> int:
        seen.append(state.get_game().get_parameters()["returns"])
        return int(step(bot, state))

    monkeypatch.setattr(ismcts.ISMCTSBot, "step", recording)
    setup = replace(TINY, evaluator=evaluator, selection=duel.DEFAULT_SELECTION[evaluator], hand_cap=12)
    duel.play_deal(setup, 0)
    assert seen and set(seen) == {returns}


def test_equal_time_gives_ismcts_the_search_players_cpu_per_decision() -> None:
    # 30 ms a decision for the search; ISMCTS: 0.5 ms a simulation, 1.2 searched moves a decision.
    assert duel.simulations_for_equal_time(0.030, 0.0005, 1.2) == 50
    assert duel.simulations_for_equal_time(0.060, 0.0005, 1.2) == 100  # twice the time, twice the work
    assert duel.simulations_for_equal_time(0.030, 0.0005, 2.4) == 25  # melds: more moves a decision
    assert duel.simulations_for_equal_time(0.0001, 0.0005, 1.0) == 2  # the first only expands the root
    with pytest.raises(ValueError, match="positive"):
        duel.simulations_for_equal_time(0.030, 0.0005, 0.0)


def test_each_calibration_pass_plays_the_count_the_one_before_gave() -> None:
    passes = duel.calibrate(replace(TINY, hand_cap=10), passes=2, deals=1, log=False)
    assert passes[0].simulations == TINY.simulations
    assert passes[1].simulations == passes[0].next_simulations
    for step in passes:
        assert step.next_simulations == duel.simulations_for_equal_time(
            step.search_cpu_per_decision, step.ismcts_cpu_per_simulation, step.searched_moves_per_decision
        )


def test_a_duplicate_deal_plays_one_deck_twice_with_the_teams_swapped_and_replays_from_its_seed() -> None:
    setup = replace(TINY, hand_cap=30)
    deal = duel.play_deal(setup, 0)
    deck = duel.deal_deck(deal.dealer, deal.seed)
    assert len(deck) == 108
    assert [play.ismcts_seats for play in deal.plays] == [(0, 2), (1, 3)]
    for play in deal.plays:
        assert play.history[:108] == deck, "each play is dealt the deal's deck"
        assert play.capped and play.actions == 30
        assert play.search.decisions + play.ismcts.decisions == play.actions
        assert play.search.decisions > 0 and play.ismcts.searched_moves > 0
    assert deal.plays[0].history != deal.plays[1].history
    again = duel.play_deal(setup, 0)
    assert [play.history for play in again.plays] == [play.history for play in deal.plays]
    reseeded = duel.play_deal(replace(setup, seed=6), 0)
    assert reseeded.plays[0].history[:108] != deck, "another base seed deals another deck"
    summary = duel.DuelResult(setup, [deal]).summary()
    assert summary["capped_deals"] == 1 and summary["scored_deals"] == 0 and summary["mean_diff"] is None


def test_the_command_writes_the_run_and_keeps_the_readmes_notes(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text(f"old table\n\n{duel.NOTES_HEADING}\n\nHand-written.\n", encoding="utf-8")
    argv = ["--deals", "1", "--simulations", "2", "--hand-cap", "6", "--search", "search:worlds=1"]
    assert duel.main([*argv, "--out", str(tmp_path)]) == 0
    run = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))["runs"]["value"]
    assert run["simulations"] == 2 and run["calibration"] is None and run["selection"] == "puct"
    assert run["results"]["capped_deals"] == 1
    assert "--simulations 2" in run["rerun"]
    readme = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert run["rerun"] in readme and "old table" not in readme
    assert readme.endswith(f"{duel.NOTES_HEADING}\n\nHand-written.\n")
