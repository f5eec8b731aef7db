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

from typing import Any

import pyspiel  # type: ignore[import-not-found]

from biriba.core.cards import card_code
from biriba.env.game_openspiel import GameObserver, GameOpenSpielState, canonical_json
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
        self.pack, self.episode_class = PACK, TyzichaEpisode

    def __deepcopy__(self, memo: dict[int, object]) -> TyzichaGame:
        return self

    def new_initial_state(self) -> TyzichaGameState:
        return TyzichaGameState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> GameObserver:
        if params:
            raise ValueError(f"python_tyzicha observers take no parameters, not {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return GameObserver(perfect_recall, ENCODING, view_string)


class TyzichaGameState(GameOpenSpielState):
    """A hand: the deck dealt by chance card by card, then the engine's hand."""

    def hidden_rest(self) -> str:
        assert self.episode is not None
        return f"widow: {' '.join(card_code(card) for card in self.episode.state.widow)}"


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
    return canonical_json(data)


pyspiel.register_game(_GAME_TYPE, TyzichaGame)
