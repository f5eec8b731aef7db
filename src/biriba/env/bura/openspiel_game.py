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

Parameters: ``special_leads`` (default true), ``dealer`` (default 0).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from biriba.core.cards import card_code
from biriba.env.bura.episode import ENCODING, BuraEpisode
from biriba.games.bura import PACK, BuraRules, BuraView, action_to_json

GAME_NAME = "python_bura"
_DEFAULTS = {"special_leads": True, "dealer": 0}
_MAX_MOVES = 80
"""A hand of Bura: at most 12 tricks of a lead and an answer, the claims before them and a last call."""

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
        self.rules = BuraRules(special_leads=bool(given["special_leads"]))
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

    def __deepcopy__(self, memo: dict[int, object]) -> BuraGame:
        return self

    def new_initial_state(self) -> BuraGameState:
        return BuraGameState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> BuraObserver:
        if params:
            raise ValueError(f"python_bura observers take no parameters, not {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return BuraObserver(perfect_recall)


class BuraGameState(pyspiel.State):  # type: ignore[misc]
    """A hand: the deck dealt by chance card by card, then the engine's hand."""

    def __init__(self, game: BuraGame) -> None:
        super().__init__(game)
        self._game = game
        self.deck: list[int] = []
        self.episode: BuraEpisode | None = None

    def current_player(self) -> int:
        if self.episode is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.episode.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.episode.current

    def _legal_actions(self, player: int) -> list[int]:
        assert self.episode is not None and player == self.episode.current
        return self.episode.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.episode is None, "the deal is over"
        left = [index for index, card in enumerate(PACK) if card not in self.deck]
        return [(index, 1 / len(left)) for index in left]

    def _apply_action(self, action: int) -> None:
        if self.episode is None:
            if not 0 <= action < len(PACK) or PACK[action] in self.deck:
                raise ValueError(f"{action} is not a card left to deal")
            self.deck.append(PACK[action])
            if len(self.deck) == len(PACK):
                self.episode = BuraEpisode(self._game.rules, self._game.dealer, deck=self.deck)
            return
        self.episode.step(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {card_code(PACK[action])}"
        return ENCODING.describe(action)

    def is_terminal(self) -> bool:
        return self.episode is not None and self.episode.is_over

    def returns(self) -> list[float]:
        if self.episode is None:
            return [0.0, 0.0]
        return list(self.episode.outcome())

    def __str__(self) -> str:
        """The whole state (both hands): for debugging, not for players."""
        if self.episode is None:
            return f"dealing: {len(self.deck)} cards"
        state = self.episode.state
        hands = " | ".join(" ".join(card_code(card) for card in hand) for hand in state.hands)
        return f"hands: {hands}; stock: {' '.join(card_code(card) for card in state.stock)}"

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> BuraGameState:
        """A state ``player`` cannot tell from this one, the cards it has not seen dealt at random."""
        other = BuraGameState(self._game)
        if self.episode is None:
            return other
        seed = int(probability_sampler() * 2**53)
        other.deck = list(PACK)
        other.episode = self.episode.resampled(player, random.Random(seed))
        return other


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
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class BuraObserver:
    """OpenSpiel's Python observer: the seat's view (and, for information states, the hand's moves)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(ENCODING.size, np.float32)
        self.dict = {name: self.tensor[part] for name, part in ENCODING.fields.items()}

    def set_from(self, state: BuraGameState, player: int) -> None:
        if state.episode is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = state.episode.observation(player)

    def string_from(self, state: BuraGameState, player: int) -> str:
        if state.episode is None:
            return f"dealing: {len(state.deck)} cards"
        text = view_string(state.episode.view(player))
        if not self.perfect_recall:
            return text
        moves = json.dumps([action_to_json(action) for action in state.episode.actions], separators=(",", ":"))
        return f"{text} {moves}"


pyspiel.register_game(_GAME_TYPE, BuraGame)
