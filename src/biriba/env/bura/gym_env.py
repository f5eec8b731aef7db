"""A Gymnasium single-agent environment of one Bura hand: one learning seat, a Bura bot at the other.

>>> env = BuraGymEnv(opponents="random")
>>> observation, info = env.reset(seed=3)
>>> int(env.action_masks().sum()) > 0
True

The bot's generator is drawn from the hand's seed by hashing, so it says nothing of the deal. The reward
is the learner's outcome when the hand ends (+1, -1 or 0). An illegal action raises ``EncodingError`` and
changes nothing; with ``illegal_action="penalize"`` it changes nothing either but returns ``illegal_penalty``
and ``info["illegal_action"] = True``, for learners that act without the mask.
"""

from __future__ import annotations

from biriba.env.bura.episode import BuraEpisode
from biriba.env.game_gym import GameGymEnv


class BuraGymEnv(GameGymEnv):
    """One hand of Bura from one seat; a bot plays the other."""

    episode_class = BuraEpisode
