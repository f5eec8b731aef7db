"""A Gymnasium single-agent environment of one Tyzicha hand: one learning seat, Tyzicha bots at the other two.

>>> env = TyzichaGymEnv(opponents="random")
>>> observation, info = env.reset(seed=3)
>>> int(env.action_masks().sum()) > 0
True

Each bot's generator is drawn from the hand's seed and its seat by hashing, so it says nothing of the
deal. The reward is the learner's change of score when the hand ends (the hand's outcome, in points: the
contract made or lost as declarer, the defender's own points or +40 for a concession), 0 before. An
illegal action raises ``EncodingError`` and changes nothing; with ``illegal_action="penalize"`` it changes
nothing either but returns ``illegal_penalty`` and ``info["illegal_action"] = True``, for learners that
act without the mask.
"""

from __future__ import annotations

from biriba.env.game_gym import GameGymEnv
from biriba.env.tyzicha.episode import TyzichaEpisode


class TyzichaGymEnv(GameGymEnv):
    """One hand of Tyzicha from one seat; a bot (the same kind at both) plays each of the others."""

    episode_class = TyzichaEpisode
