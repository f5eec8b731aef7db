"""A PettingZoo AEC environment of one Bura hand, with action masks.

>>> env = BuraAECEnv()
>>> env.reset(seed=7)
>>> env.agent_selection, int(env.action_space("player_0").n)  # the dealer's window to claim the lead first
('player_0', 7809)

Agents ``player_0`` and ``player_1``; each observation is a dict of ``observation`` (the seat's view,
:mod:`biriba.env.bura.encoding`) and ``action_mask`` (all zeros for the agent not on turn). Rewards come at
the end of the hand: its outcome per seat. An illegal action raises ``EncodingError`` and changes nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pettingzoo import AECEnv  # type: ignore[import-untyped]

from biriba.env.aec import GameAECEnv, checked
from biriba.env.bura.episode import BuraEpisode


class BuraAECEnv(GameAECEnv):
    """One hand of Bura for two learning agents."""

    metadata: ClassVar[dict[str, Any]] = {"name": "bura_v0", "render_modes": [], "is_parallelizable": False}
    episode_class = BuraEpisode


def env(rules: Any = None, dealer: int = 0) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are: out-of-bounds and order checks."""
    return checked(BuraAECEnv(rules, dealer))


raw_env = BuraAECEnv
