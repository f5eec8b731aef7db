"""A Gymnasium single-agent environment: one learning seat, our bots at the other seats.

>>> env = BiribaGymEnv(opponents="random")
>>> observation, info = env.reset(seed=3)
>>> [env.encoding.describe(int(a)) for a in env.action_masks().nonzero()[0]]
['draw', 'take pile']
>>> observation, reward, terminated, truncated, info = env.step(0)
>>> env.encoding.describe(int(env.action_masks().nonzero()[0][0]))
'discard AS'

The learner acts by sub-actions (:mod:`biriba.env.encoding`); after each engine action it completes,
the bots (``biriba.bots.make_bot``) play the other seats until the learner is on turn again or the
hand ends. Observations are dicts of ``observation`` and ``action_mask`` (as in the PettingZoo
environment), and :meth:`BiribaGymEnv.action_masks` serves maskable learners. The reward is the
learner's score for the hand, in points, when the hand ends (with ``reward="lead"``, its lead over the
other sides: its score less their mean); 0 before.

An illegal sub-action raises :class:`EncodingError` and changes nothing (``illegal_action="raise"``).
With ``illegal_action="penalize"`` it changes nothing either but returns ``illegal_penalty`` as the
reward and ``info["illegal_action"] = True``, for learners (and checkers) that act without the mask.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from biriba.bots import Bot
from biriba.bots.imported import load_bot
from biriba.bots.play import seat_rngs
from biriba.core.rules import Rules
from biriba.env.encoding import EncodingError
from biriba.env.episode import HandEpisode, HoldsEpisode, check_reward, encoding_for

ILLEGAL_ACTION_MODES = ("raise", "penalize")


def opponent_specs(opponents: Any, players: int) -> list[Any]:
    """The bot (a spec or an object) of each other seat of a ``players``-player table, in seat order, from
    one bot for them all or a sequence of one per seat; a wrong count or a value that is neither raises
    ``ValueError`` naming it."""
    if isinstance(opponents, str) or callable(getattr(opponents, "choose", None)):
        return [opponents] * (players - 1)
    if not isinstance(opponents, Sequence):
        raise ValueError(
            f"opponents must be a bot spec, a bot (with a choose method) or a sequence of them, not {opponents!r}"
        )
    bots = list(opponents)
    if len(bots) != players - 1:
        raise ValueError(f"opponents names {len(bots)} bots; the other seats are {players - 1}")
    for bot in bots:
        if not isinstance(bot, str) and not callable(getattr(bot, "choose", None)):
            raise ValueError(f"opponents: {bot!r} is neither a bot spec nor a bot (with a choose method)")
    return bots


class BiribaGymEnv(HoldsEpisode, gym.Env[dict[str, Any], np.int64]):
    """One hand of Biriba from one seat; bots play the others."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium declares it an instance attribute)

    def __init__(  # noqa: PLR0913
        self,
        rules: Rules | None = None,
        seat: int = 0,
        opponents: str | Bot | Sequence[str | Bot] = "greedy",
        dealer: int = 0,
        illegal_action: str = "raise",
        illegal_penalty: float = -10.0,
        render_mode: str | None = None,
        reward: str = "score",
    ) -> None:
        """``opponents``: one bot for every other seat (the learner's partner included), or one per other
        seat in seat order; each a spec (``"heuristic"``, ``"search:worlds=8"``, a researcher's own by its
        import path: :mod:`biriba.bots.imported`) or a bot object (anything with ``choose(view, legal,
        rng)``). A bot object given once plays at every other seat: give one per seat to a bot that keeps
        memory of the hand. ``reward``: the learner's hand score (``score``) or its lead over the other
        sides (``lead``: :data:`biriba.env.episode.REWARDS`)."""
        self.rules = rules or Rules.from_preset("standard")
        players = self.rules.players
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of a {players}-player game")
        if not 0 <= dealer < players:
            raise ValueError(f"dealer {dealer} is not a seat of a {players}-player game")
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise ValueError(f"illegal_action {illegal_action!r} is not one of {ILLEGAL_ACTION_MODES}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        others = [s for s in range(players) if s != seat]
        self.bots: dict[int, Bot] = {
            s: load_bot(spec) if isinstance(spec, str) else spec
            for s, spec in zip(others, opponent_specs(opponents, players), strict=True)
        }
        self.seat = seat
        self.dealer = dealer
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.reward = check_reward(reward)
        self.encoding, self.layout = encoding_for(self.rules)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(self.layout.low, self.layout.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.encoding.num_actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self.episode = None
        self._bot_rngs: list[random.Random] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a hand (its seed drawn from ``np_random``, given back as ``info["deal_seed"]``) and let the
        bots play up to the learner's turn. ``options`` may hold ``dealer`` and ``scores`` (cumulative
        scores per seat before the hand)."""
        super().reset(seed=seed)
        options = options or {}
        deal_seed = int(self.np_random.integers(2**32))
        self._bot_rngs = seat_rngs(deal_seed, self.rules.players)  # none of them can rebuild the shuffle
        self.episode = HandEpisode(
            self.rules, options.get("dealer", self.dealer), seed=deal_seed, scores=options.get("scores")
        )
        self._play_bots()
        return self._observation(), {"deal_seed": deal_seed}

    def step(self, action: np.int64 | int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        episode = self._episode
        if episode.is_over:
            raise EncodingError("the hand is over: call reset()")
        try:
            completed = episode.step(int(action))
        except EncodingError:
            if self.illegal_action == "raise":
                raise
            return self._observation(), self.illegal_penalty, False, False, {"illegal_action": True}
        if completed is not None:
            self._play_bots()
        reward = episode.seat_rewards(self.reward)[self.seat] if episode.is_over else 0.0
        return self._observation(), reward, episode.is_over, False, {"illegal_action": False}

    def action_masks(self) -> np.ndarray:
        """The learner's legal sub-actions as booleans (the method maskable learners call)."""
        episode = self._episode
        if episode.is_over:
            return np.zeros(self.encoding.num_actions, dtype=bool)
        return episode.action_mask().astype(bool)

    def _play_bots(self) -> None:
        episode = self._episode
        while not episode.is_over and episode.current != self.seat:
            seat = episode.current
            state = episode.state
            episode.apply_action(
                self.bots[seat].choose(episode.view(seat), state.legal_actions(), self._bot_rngs[seat])
            )

    def _observation(self) -> dict[str, np.ndarray]:
        episode = self._episode
        return {"observation": episode.observation(self.seat), "action_mask": self.action_masks().astype(np.int8)}

    def render(self) -> str | None:
        """The table as the learner sees it (``ansi``)."""
        if self.render_mode is None:
            return None
        view = self._episode.view(self.seat).to_json()
        return "\n".join(f"{key}: {value}" for key, value in view.items())
