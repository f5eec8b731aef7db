"""The search player's learned value of a position (biriba.bots.value) and its fitting."""

from __future__ import annotations

import json
import math
import random
from importlib import resources
from pathlib import Path

import pytest
from tests.builders import position

from biriba.bots import make_bot
from biriba.bots import value as value_module
from biriba.bots.base import BOTS_VERSION
from biriba.bots.search import SearchBot
from biriba.bots.value import (
    DEFAULT_TABLE,
    FEATURES,
    MODELS_FILE,
    default_model,
    model_for,
    model_from_json,
    side_features,
    state_value,
    table_models,
)
from biriba.core.errors import InvalidInputError
from biriba.core.rules import Rules
from biriba.core.state import HandState
from biriba.core.views import observe
from biriba.sim import value_fit
from biriba.sim.ladders import every_table
from biriba.sim.value_fit import DEFAULT_MODEL_R2, fit, hand_samples


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


def test_three_teams_each_value_against_the_others_mean_or_the_best_other() -> None:
    state = played(Rules.from_preset("standard", players=6), seed=4, actions=90)
    model = table_models()["standard/6"]
    sides = [model.side_value(row) for row in side_features(state)]
    assert len(sides) == 3
    for seat in range(6):
        own = state.seat_team[seat]
        others = [v for t, v in enumerate(sides) if t != own]
        assert state_value(state, seat) == pytest.approx(sides[own] - sum(others) / 2)
        assert state_value(state, seat, rivals="best") == pytest.approx(sides[own] - max(others))


def test_a_team_is_worth_more_with_a_biriba_on_the_table_than_with_the_same_cards_in_hand() -> None:
    laid = position({0: "4D 9S", 2: "3C 8H"}, melds={0: ["4H 5H 6H 7H 8H 9H 10H"]}, current=1)
    held = position({0: "4D 9S 4H 5H 6H 7H", 2: "3C 8H 8H 9H 10H"}, current=1)
    assert state_value(laid, 0) > state_value(held, 0) + 100


def test_every_table_ships_a_model_naming_every_feature_with_its_held_out_figures() -> None:
    data = json.loads(resources.files("biriba.bots").joinpath(MODELS_FILE).read_text(encoding="utf-8"))
    tables = data["tables"]
    assert sorted(tables) == sorted(f"{preset}/{players}" for preset, players in every_table())
    for key, entry in tables.items():
        assert sorted(entry["weights"]) == sorted(FEATURES), key
        info = entry["info"]
        assert f"{info['preset']}/{info['players']}" == key
        assert info["held_out_hands"] >= 100, key
        # Fitted to the play of today's bots: their playouts reach the positions the fit saw.
        assert info["bots_version"] == BOTS_VERSION, key
        # A table ships its own model only where it predicts its held-out hands better than the 4-player
        # standard game's model, and both beat the hand-made value (a baseline that costs no fit).
        assert info["held_out_r2"] >= info[DEFAULT_MODEL_R2], key
        assert info["held_out_r2"] > info["held_out_r2_position_value_rescaled"], key
    assert tables[DEFAULT_TABLE]["info"]["held_out_hands"] >= 1000
    assert set(table_models()) == set(tables)


def test_the_value_of_a_table_with_its_own_model_is_its_own_models() -> None:
    rules = Rules.from_preset("kouridakis")
    state = played(rules, seed=6, actions=60)
    own = table_models()["kouridakis/4"]
    assert model_for(rules) is own
    assert own.weights != default_model().weights
    assert state_value(state, 0) == state_value(state, 0, own)
    assert state_value(state, 0) != pytest.approx(state_value(state, 0, default_model()))


def test_other_options_keep_the_presets_model_and_a_table_without_one_takes_the_standard_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert model_for(Rules.from_preset("standard", players=3, partnerships="formed")) is table_models()["standard/3"]
    assert model_for(Rules.from_preset("classic", players=2, initial_meld="5000-c")) is table_models()["classic/2"]
    shipped = table_models()
    without = {key: model for key, model in shipped.items() if key != "venezuelan/5"}
    value_module._model_for.cache_clear()
    monkeypatch.setattr(value_module, "table_models", lambda: without)
    try:
        rules = Rules.from_preset("venezuelan", players=5)
        assert model_for(rules) is shipped[DEFAULT_TABLE]
        state = played(rules, seed=2, actions=40)
        assert state_value(state, 1) == state_value(state, 1, shipped[DEFAULT_TABLE])
    finally:
        value_module._model_for.cache_clear()


def test_the_search_scores_playouts_by_the_tables_model_or_the_one_it_is_told() -> None:
    assert SearchBot().model is None  # state_value then takes the table's model
    told = make_bot("search:value=standard/4")
    assert isinstance(told, SearchBot) and told.model is default_model()
    with pytest.raises(InvalidInputError, match="value must be"):
        make_bot("search:value=standard/7")
    # A playout at six players ends as the table's own model values it, unless the bot is told another.
    state = played(Rules.from_preset("standard", players=6), seed=4, actions=90)
    action, seat = state.legal_actions()[0], state.current

    def playout(bot: SearchBot) -> float | None:
        return bot._playout(state, action, seat, [bot.policy] * 6, 1, random.Random(1))

    assert playout(SearchBot()) == playout(SearchBot(value="standard/6"))
    assert playout(SearchBot()) != pytest.approx(playout(SearchBot(value="standard/4")))


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
    # The 4-player standard game's model is the one fitted: judged against itself, not the one it replaces.
    info = model["info"]
    assert isinstance(info, dict) and info[DEFAULT_MODEL_R2] == info["held_out_r2"]
    assert info["bots_version"] == BOTS_VERSION


def test_at_a_table_of_three_sides_each_side_is_a_row_against_the_others_mean() -> None:
    rows, baseline, finals = hand_samples(3, "standard", 3)
    assert len(rows) == len(baseline) == len(finals) > 30 and len(rows) % 3 == 0
    # Each turn gives a row per player: its features and final score less the mean of the other two's.
    for turn in range(0, len(rows), 3):
        for feature in range(len(FEATURES)):
            assert sum(row[feature] for row in rows[turn : turn + 3]) == pytest.approx(0, abs=1e-6)
        assert sum(finals[turn : turn + 3]) == pytest.approx(0, abs=1e-6)
    assert len(set(finals[:3])) > 1


def test_a_fit_at_a_three_player_table_gives_finite_weights_and_held_out_figures() -> None:
    model = fit(hands=10, seed=5, workers=1, preset="standard", players=3)
    weights, info = model["weights"], model["info"]
    assert isinstance(weights, dict) and isinstance(info, dict)
    assert sorted(weights) == sorted(FEATURES) and all(math.isfinite(w) for w in weights.values())
    assert (info["preset"], info["players"], info["hands"], info["held_out_hands"]) == ("standard", 3, 10, 2)
    assert 0 < info["held_out_rows"] < info["rows"]
    for figure in ("held_out_r2", DEFAULT_MODEL_R2, "held_out_r2_position_value_rescaled"):
        assert math.isfinite(info[figure]) and info[figure] <= 1


def test_the_command_writes_each_table_and_does_not_fit_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / MODELS_FILE
    argv = ["--tables", "standard:2,standard:3", "--hands", "5", "--workers", "1", "--out", str(out)]
    assert value_fit.main(argv) == 0
    tables = json.loads(out.read_text())["tables"]
    assert list(tables) == ["standard/2", "standard/3"]
    assert value_module.models_from_json(json.loads(out.read_text()))["standard/3"].info["hands"] == 5

    def no_fit(*args: object) -> dict[str, object]:
        raise AssertionError("fitted again")

    monkeypatch.setattr(value_fit, "fit", no_fit)
    assert value_fit.main(argv) == 0
    assert f"standard/3: already fitted on 5 hands, seed 1, bots {BOTS_VERSION}" in capsys.readouterr().out
    with pytest.raises(AssertionError, match="fitted again"):
        value_fit.main([*argv, "--refit"])
    # A model fitted to the play of other bots is fitted again.
    monkeypatch.setattr(value_fit, "BOTS_VERSION", "2000-01-01")
    with pytest.raises(AssertionError, match="fitted again"):
        value_fit.main(argv)


def test_exploring_self_play_plays_other_candidates_and_is_told_apart_from_plain_self_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The fit sees the positions the search's candidates lead to (not only the heuristic player's own),
    # from a generator of its own: without exploring, the hands are the plain self-play hands.
    plain = hand_samples(11, "standard", 3)
    assert hand_samples(11, "standard", 3, explore=0.0) == plain
    explored = hand_samples(11, "standard", 3, explore=0.5)
    assert explored[0] and explored[0] != plain[0]
    assert hand_samples(11, "standard", 3, explore=0.5) == explored  # seeded: the same hand again
    out = tmp_path / MODELS_FILE
    argv = ["--tables", "standard:3", "--hands", "5", "--workers", "1", "--out", str(out)]
    assert value_fit.main([*argv, "--explore", "0.25"]) == 0
    info = json.loads(out.read_text())["tables"]["standard/3"]["info"]
    assert info["explore"] == 0.25 and "exploring 0.25" in info["fitted_on"]

    def no_fit(*args: object) -> dict[str, object]:
        raise AssertionError("fitted again")

    monkeypatch.setattr(value_fit, "fit", no_fit)
    assert value_fit.main([*argv, "--explore", "0.25"]) == 0
    assert value_fit.main(argv) == 0  # without --explore, as the table's model was fitted
    with pytest.raises(AssertionError, match="fitted again"):  # fitted with another exploration
        value_fit.main([*argv, "--explore", "0"])
    with pytest.raises(SystemExit):
        value_fit.main([*argv, "--explore", "1"])
    assert "--explore must be at least 0 and below 1" in capsys.readouterr().err
