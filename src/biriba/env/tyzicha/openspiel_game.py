"""Tyzicha as an OpenSpiel game (``python_tyzicha``), registered with ``pyspiel.register_game``.

>>> import pyspiel
>>> game = pyspiel.load_game("python_tyzicha")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 24)
>>> game.num_distinct_actions(), game.num_players()
(142, 3)

- **Chance**: one node per position of the deck, each picking one of the cards still undealt with equal
  chance (a uniform shuffle; outcome ``i`` is card ``PACK[i]``); then the engine deals that deck.
- **Actions** are the ids of :mod:`biriba.env.tyzicha.encoding`.
- **Imperfect information**: a player's observation is its seat's view (tensor or canonical string);
  its information state adds the moves of the hand so far as the player saw them (a card given face down
  to another seat, in the forced 100, stays hidden): perfect recall.
  :meth:`TyzichaGameState.resample_from_infostate` deals the unseen cards at random, consistent with
  everything the player saw (the protocol's determinization), for OpenSpiel's ISMCTS.
- **Returns**: the hand's change of score per seat, in points (general-sum: a contract made scores only
  for the declarer).

Parameters: ``preset`` (``standard``, ``russian`` or ``tens``; default ``standard``), ``dealer`` (default 0).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from biriba.core.cards import card_code
from biriba.env.tyzicha.episode import ENCODING, TyzichaEpisode
from biriba.games.tyzicha import PACK, TyzichaView
from biriba.games.tyzicha.game import BID_STEP, MAX_CONTRACT, OPENING_BID, PLAYERS, TRICKS
from biriba.games.tyzicha.platform import TYZICHA

GAME_NAME = "python_tyzicha"
_DEFAULTS = {"preset": "standard", "dealer": 0}
_MAX_MOVES = len(range(OPENING_BID, MAX_CONTRACT + 1, BID_STEP)) + 2 + 2 + 1 + PLAYERS * TRICKS
"""59: at most 30 bids (110 to 400) and two passes, two cards given, a raise, and eight tricks of three."""

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Tyzicha (Python, biriba.env.tyzicha)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=PLAYERS,
    min_num_players=PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class TyzichaGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one Tyzicha hand."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**_DEFAULTS, **(params or {})}
        self.rules = TYZICHA.make_rules(str(given["preset"]), PLAYERS)
        self.dealer = int(given["dealer"])
        if self.dealer not in range(PLAYERS):
            raise ValueError(f"dealer {self.dealer} is not a seat of Tyzicha (0, 1 or 2)")
        info = pyspiel.GameInfo(
            num_distinct_actions=ENCODING.num_actions,
            max_chance_outcomes=len(PACK),
            num_players=PLAYERS,
            min_utility=-float(MAX_CONTRACT),
            max_utility=float(MAX_CONTRACT),
            utility_sum=None,
            max_game_length=_MAX_MOVES,
        )
        super().__init__(_GAME_TYPE, info, params or {})

    def __deepcopy__(self, memo: dict[int, object]) -> TyzichaGame:
        return self

    def new_initial_state(self) -> TyzichaGameState:
        return TyzichaGameState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> TyzichaObserver:
        if params:
            raise ValueError(f"python_tyzicha observers take no parameters, not {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return TyzichaObserver(perfect_recall)


class TyzichaGameState(pyspiel.State):  # type: ignore[misc]
    """A hand: the deck dealt by chance card by card, then the engine's hand."""

    def __init__(self, game: TyzichaGame) -> None:
        super().__init__(game)
        self._game = game
        self.deck: list[int] = []
        self.episode: TyzichaEpisode | None = None

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
                self.episode = TyzichaEpisode(self._game.rules, self._game.dealer, deck=self.deck)
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
            return [0.0] * PLAYERS
        return list(self.episode.outcome())

    def __str__(self) -> str:
        """The whole state (every hand and the widow): for debugging, not for players."""
        if self.episode is None:
            return f"dealing: {len(self.deck)} cards"
        state = self.episode.state
        hands = " | ".join(" ".join(card_code(card) for card in hand) for hand in state.hands)
        return f"hands: {hands}; widow: {' '.join(card_code(card) for card in state.widow)}"

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> TyzichaGameState:
        """A state ``player`` cannot tell from this one, the cards it has not seen dealt at random."""
        other = TyzichaGameState(self._game)
        if self.episode is None:
            return other
        seed = int(probability_sampler() * 2**53)
        other.deck = list(PACK)
        other.episode = self.episode.resampled(player, random.Random(seed))
        return other


def view_string(view: TyzichaView) -> str:
    """A seat's view as canonical JSON."""

    def codes(cards: tuple[int, ...]) -> list[str]:
        return [card_code(card) for card in cards]

    data = {
        "seat": view.seat,
        "dealer": view.dealer,
        "phase": view.phase.value,
        "current": view.current,
        "hand": codes(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "bids": [list(bid) for bid in view.bids],
        "declarer": view.declarer,
        "contract": view.contract,
        "forced": view.forced,
        "raised": view.raised,
        "widow": codes(view.widow),
        "given": [[to, None if card is None else card_code(card)] for to, card in view.given],
        "trump": view.trump,
        "marriages": [list(marriage) for marriage in view.marriages],
        "leader": view.leader,
        "trick": codes(view.trick),
        "tricks": [[trick.leader, codes(trick.cards), trick.trump, trick.winner] for trick in view.tricks],
        "tricks_won": list(view.tricks_won),
        "scores": None if view.result is None else list(view.result.scores),
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class TyzichaObserver:
    """OpenSpiel's Python observer: the seat's view (and, for information states, the hand's moves as the seat
    saw them)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(ENCODING.size, np.float32)
        self.dict = {name: self.tensor[part] for name, part in ENCODING.fields.items()}

    def set_from(self, state: TyzichaGameState, player: int) -> None:
        if state.episode is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = state.episode.observation(player)

    def string_from(self, state: TyzichaGameState, player: int) -> str:
        if state.episode is None:
            return f"dealing: {len(state.deck)} cards"
        text = view_string(state.episode.view(player))
        if not self.perfect_recall:
            return text
        moves = json.dumps(state.episode.seen_moves(player), separators=(",", ":"))
        return f"{text} {moves}"


pyspiel.register_game(_GAME_TYPE, TyzichaGame)
