"""OpenSpiel's ISMCTS bot against the project's bots, on the registered ``python_biriba`` game.

Seats 0 and 2 (one team) are ISMCTS; seats 1 and 3 are a bot of ours (``--bot``). Each hand starts
with OpenSpiel's chance nodes (the shuffle, card by card). ISMCTS searches over worlds resampled from
its information state (``BiribaState.resample_from_infostate``) and scores a leaf by the seat's score
if the hand ended there (a cheap evaluator: random rollouts of whole hands are slow in Python).

    pip install -e '.[research]'
    python examples/openspiel_ismcts.py --hands 2 --simulations 30 --bot greedy
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from biriba.bots import make_bot
from biriba.env.openspiel_game import BiribaState


class ScoreNowEvaluator:
    """Values a state by what each seat would score if the hand ended now; uniform priors."""

    def evaluate(self, state: BiribaState) -> np.ndarray:
        if state.is_terminal() or state.episode is None:
            return np.array(state.returns())
        return np.array(state.episode.seat_scores(), dtype=float)

    def prior(self, state: BiribaState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def play_hand(game: pyspiel.Game, hand: int, args: argparse.Namespace) -> tuple[list[float], int]:
    rng = np.random.RandomState(args.seed + hand)
    search = ismcts.ISMCTSBot(
        game,
        ScoreNowEvaluator(),
        uct_c=args.uct_c,
        max_simulations=args.simulations,
        random_state=np.random.RandomState(args.seed + hand),
    )
    ours = make_bot(args.bot)
    bot_rng = random.Random(args.seed + hand)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() % 2 == 0:
            state.apply_action(int(search.step(state)))
            moves += 1
        else:
            # Our bot picks a whole engine action; the episode turns it into sub-actions.
            episode = state.episode
            seat = episode.current
            action = ours.choose(episode.view(seat), episode.state.legal_actions(), bot_rng)
            for step in episode.steps_for(action):
                state.apply_action(step)
    return state.returns(), moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=30, help="ISMCTS simulations per move")
    parser.add_argument("--uct-c", type=float, default=200.0, help="exploration constant, in points")
    parser.add_argument("--bot", default="greedy", help="our bot at seats 1 and 3: random, greedy, heuristic")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game("python_biriba")
    totals = [0.0, 0.0]
    for hand in range(args.hands):
        start = time.process_time()
        returns, moves = play_hand(game, hand, args)
        totals[0] += returns[0]
        totals[1] += returns[1]
        seconds = time.process_time() - start
        print(
            f"hand {hand}: ISMCTS team {returns[0]:+.0f}, {args.bot} team {returns[1]:+.0f}"
            f"  ({moves} ISMCTS moves, {seconds:.1f} s)"
        )
    print(f"total over {args.hands} hands: ISMCTS {totals[0]:+.0f}, {args.bot} {totals[1]:+.0f}")


if __name__ == "__main__":
    main()
