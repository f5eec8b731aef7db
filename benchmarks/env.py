"""Environment steps per second through each research adapter, with random legal sub-actions.

Usage::

    .venv/bin/python benchmarks/env.py [--hands N] [--seed S] [--json]

Needs the research extra (``pip install -e '.[research]'``). One core, the standard 4-player game.
A step is one sub-action (``biriba.env.encoding``) chosen uniformly among the legal ones. Measured:

- ``episode``: :class:`HandEpisode` alone, as an RL loop uses it: the acting seat's observation vector
  and action mask, then the step.
- ``pettingzoo``: ``BiribaAECEnv`` through ``agent_iter`` / ``last`` / ``step``.
- ``gymnasium``: ``BiribaGymEnv`` at seat 0 with ``random`` bots at the others; only the learner's
  steps count, the bots' moves are inside them.
- ``openspiel``: ``python_biriba`` states, ``legal_actions`` + ``apply_action`` (the deal's 108 chance
  moves included), and again with the mover's information state string and observation tensor read
  before each move, as search and learning algorithms do: ``openspiel+observation`` through the state
  (``information_state_string``, ``observation_tensor``: OpenSpiel's binding copies the tensor into a
  list of 4,982 Python floats), ``openspiel+observer`` through an observer of OpenSpiel's
  ``make_observation`` (``string_from``, ``set_from``: the tensor stays a numpy array).

CPU time (``time.process_time``) is measured, so the other jobs of a shared machine count less. Each
adapter first plays one untimed hand (the engine's caches fill as in a long run). ``--gc-freeze`` moves
the objects made until then out of the garbage collector's reach (``gc.freeze()``), as a training loop
may do after its setup: the full collections then scan only what the loop itself makes.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import make_observation

from biriba.core.rules import Rules
from biriba.env.episode import HandEpisode
from biriba.env.gym_env import BiribaGymEnv
from biriba.env.openspiel_game import GAME_NAME
from biriba.env.pettingzoo_env import BiribaAECEnv


def bench_episode(rules: Rules, hands: int, seed: int) -> int:
    rng = random.Random(seed)
    steps = 0
    for hand in range(hands):
        episode = HandEpisode(rules, hand % rules.players, seed=seed + hand)
        while not episode.is_over:
            episode.observation(episode.current)
            mask = episode.action_mask()
            episode.step(rng.choice(np.flatnonzero(mask).tolist()))
            steps += 1
    return steps


def bench_pettingzoo(rules: Rules, hands: int, seed: int) -> int:
    aec = BiribaAECEnv(rules)
    rng = np.random.default_rng(seed)
    steps = 0
    for hand in range(hands):
        aec.reset(seed=seed + hand)
        for _agent in aec.agent_iter():
            observation, _, termination, truncation, _ = aec.last()
            if termination or truncation:
                aec.step(None)
                continue
            aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    return steps


def bench_gymnasium(rules: Rules, hands: int, seed: int) -> int:
    env = BiribaGymEnv(rules, seat=0, opponents="random")
    rng = np.random.default_rng(seed)
    steps = 0
    for hand in range(hands):
        observation, _ = env.reset(seed=seed + hand)
        terminated = False
        while not terminated:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, terminated, _, _ = env.step(action)
            steps += 1
    return steps


def bench_openspiel(observe: str | None) -> Callable[[Rules, int, int], int]:
    """``observe``: None, ``"state"`` (the state's information string and observation tensor, a list) or
    ``"observer"`` (the same through an observer of ``make_observation``: the tensor as numpy, no copy)."""

    def run(rules: Rules, hands: int, seed: int) -> int:
        game = pyspiel.load_game(GAME_NAME, {"players": rules.players})
        observer = make_observation(game) if observe == "observer" else None
        rng = random.Random(seed)
        steps = 0
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, probabilities)[0])
                else:
                    player = state.current_player()
                    if observer is not None:
                        observer.string_from(state, player)
                        observer.set_from(state, player)
                    elif observe == "state":
                        state.information_state_string(player)
                        state.observation_tensor(player)
                    state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps

    return run


ADAPTERS: dict[str, Callable[[Rules, int, int], int]] = {
    "episode": bench_episode,
    "pettingzoo": bench_pettingzoo,
    "gymnasium": bench_gymnasium,
    "openspiel": bench_openspiel(observe=None),
    "openspiel+observation": bench_openspiel(observe="state"),
    "openspiel+observer": bench_openspiel(observe="observer"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description="Research adapters: environment steps per second.")
    parser.add_argument("--hands", type=int, default=20, help="hands per adapter")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--gc-freeze", action="store_true", help="gc.freeze() after each adapter's warm-up hand")
    args = parser.parse_args()
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    rules = Rules.from_preset("standard")
    HandEpisode(rules, 0, seed=0)  # build the action encoding before timing
    results: dict[str, Any] = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "hands": args.hands,
        "adapters": {},
    }
    for name, run in ADAPTERS.items():
        run(rules, 1, args.seed + 10_000)  # warm-up, untimed
        if args.gc_freeze:
            gc.freeze()
        start = time.process_time()
        steps = run(rules, args.hands, args.seed)
        seconds = time.process_time() - start
        results["adapters"][name] = {
            "steps": steps,
            "seconds": round(seconds, 3),
            "steps_per_second": round(steps / seconds),
            "steps_per_hand": round(steps / args.hands, 1),
        }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{args.hands} random hands per adapter, standard 4-player game, Python {results['python']}")
    print(f"{'adapter':<24}{'steps/s':>10}{'steps/hand':>12}")
    for name, row in results["adapters"].items():
        print(f"{name:<24}{row['steps_per_second']:>10,}{row['steps_per_hand']:>12}")


if __name__ == "__main__":
    main()
