"""The search player's learned value of a position (biriba.bots.value) and its fitting."""

from __future__ import annotations

import json
import math
import random
from importlib import resources

import pytest
from tests.builders import position

from biriba.bots import make_bot
from biriba.bots.value import FEATURES, MODEL_FILE, default_model, model_from_json, side_features, state_value
from biriba.core.rules import Rules
from biriba.core.state import HandState
from biriba.core.views import observe
from biriba.sim.value_fit import fit, hand_samples


def played(rules: Rules, seed: int, actions: int) -> HandState:
    state = HandState.deal(rules, dealer=0, seed=seed)
    bot, rng = make_bot("heuristic"), random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        state.apply(bot.choose(observe(state, state.current), state.legal_actions(), rng))
    return state


def test_partners_share_a_value_and_opponents_see_its_opposite() -> None:
    state = played(Rules.from_preset("standard"), seed=3, actions=60)
    values = [state_value(state, seat) for seat in range(4)]
    assert values[0] == values[2] and values[1] == values[3]
    assert values[0] == pytest.approx(-values[1])
    assert values[0] != 0


def test_three_teams_each_value_against_the_best_other() -> None:
    state = played(Rules.from_preset("standard", players=6), seed=4, actions=90)
    model = default_model()
    sides = [model.side_value(row) for row in side_features(state)]
    assert len(sides) == 3
    for seat in range(6):
        own = state.seat_team[seat]
        assert state_value(state, seat) == pytest.approx(sides[own] - max(v for t, v in enumerate(sides) if t != own))


def test_a_team_is_worth_more_with_a_biriba_on_the_table_than_with_the_same_cards_in_hand() -> None:
    laid = position({0: "4D 9S", 2: "3C 8H"}, melds={0: ["4H 5H 6H 7H 8H 9H 10H"]}, current=1)
    held = position({0: "4D 9S 4H 5H 6H 7H", 2: "3C 8H 8H 9H 10H"}, current=1)
    assert state_value(laid, 0) > state_value(held, 0) + 100


def test_the_shipped_model_names_every_feature_and_beats_the_hand_made_value_on_held_out_hands() -> None:
    data = json.loads(resources.files("biriba.bots").joinpath(MODEL_FILE).read_text(encoding="utf-8"))
    assert sorted(data["weights"]) == sorted(FEATURES)
    info = data["info"]
    assert info["held_out_hands"] >= 1000
    assert info["held_out_r2"] > info["held_out_r2_position_value_rescaled"]


def test_a_model_with_other_features_is_refused() -> None:
    with pytest.raises(ValueError, match="value model features"):
        model_from_json({"weights": {"melded": 1.0}})


def test_self_play_samples_pair_each_turn_with_the_final_difference() -> None:
    rows, baseline, finals = hand_samples(11)
    assert len(rows) == len(baseline) == len(finals) > 20
    assert all(len(row) == len(FEATURES) for row in rows)
    assert len(set(finals)) == 1  # every turn of a hand is paired with the same outcome
    assert rows[0] != rows[-1]


def test_a_fit_on_a_few_hands_gives_finite_weights_for_every_feature() -> None:
    model = fit(hands=10, seed=5, workers=1)
    weights = model["weights"]
    assert isinstance(weights, dict) and sorted(weights) == sorted(FEATURES)
    assert all(math.isfinite(w) for w in weights.values())
    assert model_from_json(model).weights == tuple(weights[name] for name in FEATURES)
