"""A PettingZoo AEC environment of one Tyzicha hand, with action masks.

>>> env = TyzichaAECEnv()
>>> env.reset(seed=7)
>>> env.agent_selection, int(env.action_space("player_0").n)
('player_2', 142)

Agents ``player_0``, ``player_1`` and ``player_2``; each observation is a dict of ``observation`` (the
seat's view, :mod:`biriba.env.tyzicha.encoding`) and ``action_mask`` (all zeros for the agents not on
turn). Rewards come at the end of the hand: each seat's change of score in points (the hand's outcome,
from -400 to +400). An illegal action raises ``EncodingError`` and changes nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pettingzoo import AECEnv  # type: ignore[import-untyped]

from biriba.env.aec import GameAECEnv, checked
from biriba.env.tyzicha.episode import TyzichaEpisode


class TyzichaAECEnv(GameAECEnv):
    """One hand of Tyzicha for three learning agents."""

    metadata: ClassVar[dict[str, Any]] = {"name": "tyzicha_v0", "render_modes": [], "is_parallelizable": False}
    episode_class = TyzichaEpisode


def env(rules: Any = None, dealer: int = 0) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are: out-of-bounds and order checks."""
    return checked(TyzichaAECEnv(rules, dealer))


raw_env = TyzichaAECEnv
