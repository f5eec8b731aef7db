"""Bura as an OpenSpiel game (``python_bura``), registered with ``pyspiel.register_game``.

>>> import pyspiel
>>> game = pyspiel.load_game("python_bura")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 36)
>>> game.num_distinct_actions(), game.num_players()
(7809, 2)

- **Chance**: one node per position of the deck, each picking one of the cards still undealt with equal
  chance (a uniform shuffle; outcome ``i`` is card ``PACK[i]``); then the engine deals that deck.
- **Actions** are the ids of :mod:`biriba.env.bura.encoding`.
- **Imperfect information**: a player's observation is its seat's view (tensor or canonical string);
  its information state adds the moves of the hand so far, which both players saw played (perfect
  recall). :meth:`BuraGameState.resample_from_infostate` deals the unseen cards at random, consistent
  with every trick played, for OpenSpiel's ISMCTS.
- **Returns**: the hand's outcome per seat (zero-sum).

Parameters: ``preset`` (``standard`` or ``plain``, as the tables name them; default ``standard``),
``special_leads`` (default true: the preset's; false turns them off, as ``plain`` does), ``dealer``
(default 0).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pyspiel  # type: ignore[import-not-found]

from biriba.core.cards import card_code
from biriba.env.bura.episode import ENCODING, BuraEpisode
from biriba.env.game_openspiel import GameObserver, GameOpenSpielState, canonical_json
from biriba.games.bura import PACK, BuraView
from biriba.games.bura.platform import BURA

GAME_NAME = "python_bura"
_DEFAULTS = {"preset": "standard", "special_leads": True, "dealer": 0}
_MAX_MOVES = 80
"""A hand of Bura: at most 18 tricks (36 cards, one each) of a lead and an answer, each after a window to
claim the lead (a claim or a pass), and a last call: 56 moves at most."""

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Bura (Python, biriba.env.bura)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class BuraGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one Bura hand."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**_DEFAULTS, **(params or {})}
        preset = BURA.make_rules(str(given["preset"]), 2)
        # OpenSpiel hands every parameter over with its default filled in: false turns the leads off, true
        # keeps the preset's.
        self.rules = dataclasses.replace(preset, special_leads=preset.special_leads and bool(given["special_leads"]))
        self.dealer = int(given["dealer"])
        if self.dealer not in (0, 1):
            raise ValueError(f"dealer {self.dealer} is not a seat of Bura (0 or 1)")
        info = pyspiel.GameInfo(
            num_distinct_actions=ENCODING.num_actions,
            max_chance_outcomes=len(PACK),
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_MAX_MOVES,
        )
        super().__init__(_GAME_TYPE, info, params or {})
        self.pack, self.episode_class = PACK, BuraEpisode

    def __deepcopy__(self, memo: dict[int, object]) -> BuraGame:
        return self

    def new_initial_state(self) -> BuraGameState:
        return BuraGameState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> GameObserver:
        if params:
            raise ValueError(f"python_bura observers take no parameters, not {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return GameObserver(perfect_recall, ENCODING, view_string)


class BuraGameState(GameOpenSpielState):
    """A hand: the deck dealt by chance card by card, then the engine's hand."""

    def hidden_rest(self) -> str:
        assert self.episode is not None
        return f"stock: {' '.join(card_code(card) for card in self.episode.state.stock)}"


def view_string(view: BuraView) -> str:
    """A seat's view as canonical JSON."""
    data = {
        "seat": view.seat,
        "phase": view.phase.value,
        "current": view.current,
        "hand": [card_code(card) for card in view.hand],
        "trick": [card_code(card) for card in view.trick],
        "trump": card_code(view.trump_card),
        "trump_in_stock": view.trump_in_stock,
        "stock": view.stock_size,
        "won_cards": list(view.won_cards),
        "leader": view.leader,
        "last_trick": None
        if view.last_trick is None
        else {
            "led": [card_code(card) for card in view.last_trick.led],
            "answer": [card_code(card) for card in view.last_trick.answer],
            "winner": view.last_trick.winner,
        },
        "announced": None if view.announced is None else list(view.announced),
        "must_lead": [card_code(card) for card in view.must_lead],
        "pot": view.pot,
        "tokens": list(view.tokens),
    }
    return canonical_json(data)


pyspiel.register_game(_GAME_TYPE, BuraGame)
