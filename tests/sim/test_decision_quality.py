"""Decision quality: bots' single choices scored against heuristic play to the end of the hand."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from biriba.bots import make_bot
from biriba.core.cards import counts_of
from biriba.core.rules import Rules
from biriba.core.sampling import redeal_unseen
from biriba.core.state import HandState
from biriba.core.views import observe
from biriba.sim.decision_quality import Position, Study, gains, main, positions, reference_values, summary


def played_state(rules: Rules, seed: int, actions: int) -> HandState:
    state = HandState.deal(rules, 0, seed=seed)
    bot, rng = make_bot("greedy"), random.Random(seed)
    for _ in range(actions):
        state.apply(bot.choose(observe(state, state.current), state.legal_actions(), rng))
    return state


@pytest.mark.parametrize("rules", [Rules.from_preset("standard"), Rules.from_preset("buraco-fechado", players=2)])
def test_the_true_worlds_deal_again_only_the_cards_nobody_has_seen(rules: Rules) -> None:
    state = played_state(rules, 5, 40)
    worlds = [redeal_unseen(state, random.Random(seed)) for seed in range(4)]
    for world in worlds:
        for seat in range(rules.players):
            assert observe(world, seat) == observe(state, seat)
        assert world.hands == state.hands
        assert world.biribakia[: state.packets_used] == state.biribakia[: state.packets_used]
        assert [len(packet) for packet in world.biribakia] == [len(packet) for packet in state.biribakia]
        unseen = [*world.draw_pile, *(card for packet in world.biribakia[world.packets_used :] for card in packet)]
        state_unseen = [*state.draw_pile, *(c for packet in state.biribakia[state.packets_used :] for c in packet)]
        assert counts_of(unseen) == counts_of(state_unseen)
    assert len({tuple(world.draw_pile) for world in worlds}) == len(worlds)
    assert state.draw_pile == played_state(rules, 5, 40).draw_pile  # the state itself is untouched


def test_the_reference_values_candidates_against_the_first_over_the_same_worlds() -> None:
    rules = Rules.from_preset("standard", players=2)
    state = played_state(rules, 3, 1)
    view = observe(state, state.current)
    candidates = make_bot("search").candidates(view, state.legal_actions())
    assert len(candidates) > 1
    values = reference_values(state, view, [*candidates, candidates[0]], Study(worlds=3), random.Random(1))
    assert values[0] == 0.0
    assert values[-1] == 0.0  # the first candidate again: the same worlds and the same play give the same lead
    assert any(value != 0.0 for value in values[1:-1])


def test_gains_and_summary_read_each_bots_choice_against_the_heuristics() -> None:
    found = [
        Position(0, 6, 0, ["a", "b", "c"], [0.0, 50.0, -20.0], {"x": 1, "h": 0}),
        Position(0, 12, 1, ["a", "b"], [0.0, -30.0], {"x": 1, "h": 0}),
        Position(1, 6, 0, ["a", "b"], [0.0, None], {"x": -1, "h": 0}),
    ]
    assert gains(found, "x") == [50.0, -30.0, 0.0]
    assert gains(found, "h") == [0.0, 0.0, 0.0]
    x, h = summary(found, ["x", "h"])
    assert x["gain"] == pytest.approx(20 / 3)
    assert x["overrides"] == 3
    assert x["best"] == 1
    assert h["overrides"] == 0
    assert h["best"] == 2


def test_a_small_study_finds_positions_and_the_heuristic_gains_nothing_over_itself(tmp_path: Path) -> None:
    rules = Rules.from_preset("standard", players=2)
    bots = {"heuristic": make_bot("heuristic"), "search:worlds=2": make_bot("search:worlds=2")}
    found = positions(rules, bots, Study(hands=1, every=25, worlds=2, seed=3))
    assert found
    assert all(position.values[0] == 0.0 and len(position.candidates) > 1 for position in found)
    assert all(position.choices["heuristic"] == 0 for position in found)
    assert {position.seat for position in found} == {0, 1}

    greedy_hands = positions(
        rules, {"heuristic": bots["heuristic"]}, Study(hands=1, every=5, worlds=2, player="greedy")
    )
    assert greedy_hands
    assert {position.seat for position in greedy_hands} == {0}

    out = tmp_path / "study.json"
    argv = ["--bots", "heuristic", "--table", "standard:2", "--hands", "1", "--every", "25", "--reference-worlds", "2"]
    assert main([*argv, "--seed", "3", "--out", str(out)]) == 0
    record = json.loads(out.read_text())
    assert record["command"].startswith("python -m biriba.sim.decision_quality --bots heuristic")
    assert record["summary"][0]["positions"] == len(found)
    assert [p["values"] for p in record["positions"]] == [p.values for p in found]


def test_bad_options_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--bots", "heuristic", "--table", "standard:7"])
    assert "a table is PRESET:PLAYERS" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--bots", "heuristic", "--every", "0"])
    assert "--every must be at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--bots", "heuristic", "--player", "nosuch"])
    assert "unknown bot 'nosuch'" in capsys.readouterr().err
