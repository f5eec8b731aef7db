"""Biriba as an OpenSpiel game (``python_biriba``), registered with ``pyspiel.register_game``.

>>> import pyspiel
>>> game = pyspiel.load_game("python_biriba")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 53)
>>> game.num_distinct_actions(), game.num_players()
(1484, 4)

- **Chance: a true per-card shuffle.** The hand starts with one chance node per card of the pack
  (108 in the standard game): node ``i`` picks the card type at deck position ``i`` with probability
  proportional to the copies still undealt, so the deck comes out uniform over the orders of the
  physical cards, exactly as a shuffle. Then the engine deals that deck (``HandState.deal(deck=...)``).
  The deal costs about a millisecond, so nothing is gained by picking a seed instead.
- **Actions** are the sub-actions of :mod:`biriba.env.encoding`; a meld action takes a few moves in a
  row of the same player.
- **Imperfect information.** The information state and observation of a player are its seat's view
  (``biriba.core.views.observe``) and its own unfinished meld action, as a string (canonical JSON) or
  as the tensor of :class:`biriba.env.encoding.ObservationLayout`. They hold what a player tracks at the
  table (the whole open discard pile, the cards known to be in each hand, the melds, the counts), not
  the whole history of moves: the information state is not perfect-recall. While the cards are
  dealt, a player has seen nothing yet.
- :meth:`BiribaState.resample_from_infostate` deals the cards a player has not seen at random
  (``biriba.core.sampling.determinize``), which OpenSpiel's ISMCTS bot calls.
- **Returns** are each seat's score for the hand in points; the game is general-sum (partners
  score the same, and both teams may score above zero). With ``returns=lead`` they are each seat's lead
  instead: its score less the mean score of the seats of the other sides (the teams, or every other
  seat where partnerships form in the hand), as duplicate play measures a deal; they add up to zero
  (the game is then declared zero-sum).
  An algorithm that backs up returns and values alike (ISMCTS with a learned value, which values a
  side's position against the others') needs them on the same scale.

Parameters: ``preset`` (a rules preset, default ``standard``), ``players`` (2 to 6 or 8, default 4),
``dealer`` (default 0) and ``returns`` (``score``, the default, or ``lead``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from biriba.core.cards import N_CARD_TYPES, card_code, card_codes, pack
from biriba.core.rules import PLAYER_COUNTS, Rules
from biriba.core.views import SeatView
from biriba.env.encoding import ObservationLayout, Pending
from biriba.env.episode import HandEpisode, encoding_for, leads
from biriba.env.game_openspiel import canonical_json

GAME_NAME = "python_biriba"
MAX_UTILITY = 20_000.0
"""A bound on one seat's score for a hand, in points (far above any hand played)."""
MAX_MOVES = 20_000
"""The game length OpenSpiel is told: hands of random play take a few hundred moves. A hand whose draw
pile is spent may go on while players take the pile back and forth; no rule caps it."""
_DEFAULTS = {"preset": "standard", "players": 4, "dealer": 0, "returns": "score"}
RETURNS = ("score", "lead")
"""What a terminal state's returns are: each seat's hand score, or its lead over the other sides."""


def rules_of(params: dict[str, Any]) -> Rules:
    """The rules that the game parameters name."""
    return Rules.from_preset(str(params.get("preset", _DEFAULTS["preset"])), players=int(params["players"]))


def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Biriba (Python, biriba.env)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(PLAYER_COUNTS),
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS,
    )


_GAME_TYPE = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)
"""The game as registered (scores: general-sum)."""
_ZERO_SUM_TYPE = _game_type(pyspiel.GameType.Utility.ZERO_SUM)
"""The game with ``returns=lead``: the leads add up to zero."""


class BiribaGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one Biriba hand."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**_DEFAULTS, **(params or {})}
        self.rules = rules_of(given)
        if not 0 <= int(given["dealer"]) < self.rules.players:
            raise ValueError(f"dealer {given['dealer']} is not a seat of a {self.rules.players}-player game")
        self.dealer = int(given["dealer"])
        if given["returns"] not in RETURNS:
            raise ValueError(f"returns is {' or '.join(RETURNS)}, not {given['returns']!r}")
        self.leads = given["returns"] == "lead"
        """Whether the returns are each seat's lead (:func:`leads`) rather than its score."""
        self.encoding, self.layout = encoding_for(self.rules)
        self.pack = pack(self.rules.decks, self.rules.jokers)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=N_CARD_TYPES,
            num_players=self.rules.players,
            min_utility=-MAX_UTILITY,
            max_utility=MAX_UTILITY,
            utility_sum=0.0 if self.leads else None,
            max_game_length=MAX_MOVES,
        )
        super().__init__(_ZERO_SUM_TYPE if self.leads else _GAME_TYPE, info, params or {})

    def __deepcopy__(self, memo: dict[int, object]) -> BiribaGame:
        """States copied by OpenSpiel (``copy.deepcopy``) share their game: it never changes."""
        return self

    def new_initial_state(self) -> BiribaState:
        return BiribaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> BiribaObserver:
        """The seat's view, for observations and information states alike (see the module doc)."""
        if params:
            raise ValueError(f"python_biriba observers take no parameters, not {params}")
        return BiribaObserver(self.layout)


class BiribaState(pyspiel.State):  # type: ignore[misc]
    """A hand: the cards dealt so far by chance, then the engine's hand played by sub-actions."""

    def __init__(self, game: BiribaGame) -> None:
        super().__init__(game)
        self._game = game
        self.deck: list[int] = []
        """The cards dealt by chance so far, top of the deck first."""
        self._undealt = [0] * N_CARD_TYPES
        for card in game.pack:
            self._undealt[card] += 1
        self.episode: HandEpisode | None = None

    # --- the OpenSpiel state API ---------------------------------------------------------------

    def current_player(self) -> int:
        if self.episode is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.episode.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.episode.current

    def _legal_actions(self, player: int) -> list[int]:
        assert self.episode is not None and player == self.episode.current
        return self.episode.legal_sub_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The card type at the next deck position: each with the share of the copies undealt."""
        assert self.episode is None, "the deal is over"
        left = len(self._game.pack) - len(self.deck)
        return [(card, copies / left) for card, copies in enumerate(self._undealt) if copies]

    def _apply_action(self, action: int) -> None:
        if self.episode is None:
            if not 0 <= action < len(self._undealt):
                raise ValueError(f"{action} is not a card to deal (card types 0..{len(self._undealt) - 1})")
            if not self._undealt[action]:
                raise ValueError(f"no copy of {card_code(action)} is left to deal")
            self.deck.append(action)
            self._undealt[action] -= 1
            if len(self.deck) == len(self._game.pack):
                self.episode = HandEpisode(self._game.rules, self._game.dealer, deck=self.deck)
            return
        self.episode.step(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {card_code(action)}"
        return self._game.encoding.describe(action)

    def is_terminal(self) -> bool:
        return self.episode is not None and self.episode.is_over

    def returns(self) -> list[float]:
        if self.episode is None or not self.episode.is_over:
            return [0.0] * self._game.rules.players
        scores = self.episode.seat_scores()
        if self._game.leads:
            return leads(scores, self._game.rules.sides)
        return [float(score) for score in scores]

    def __str__(self) -> str:
        """The whole state (every hand): for debugging, not for players."""
        if self.episode is None:
            return f"dealing: {card_codes(self.deck)}"
        state = self.episode.state
        lines = [f"seat {seat}: {' '.join(card_codes(state.hand_cards(seat)))}" for seat in range(state.players)]
        lines.append(f"draw pile (top last): {' '.join(card_codes(state.draw_pile))}")
        lines.append(info_string(self.episode.view(state.current), Pending(self.episode.prefix)))
        return "\n".join(lines)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> BiribaState:
        """A state that ``player`` cannot tell from this one, its unseen cards dealt at random.

        The randomness comes from ``probability_sampler`` (one draw seeds the deal of hidden cards).
        The resampled state has no move history and no deck (``deck`` is empty, and its episode's
        record holds no deal: :meth:`HandEpisode.resampled`): it is for search, not for replay.
        """
        other = BiribaState(self._game)
        if self.episode is None:
            return other  # nobody has seen a card yet: any deal is consistent
        seed = int(probability_sampler() * 2**53)
        other.episode = self.episode.resampled(player, random.Random(seed))
        other._undealt = [0] * N_CARD_TYPES
        return other


def info_string(view: SeatView, pending: Pending) -> str:
    """A seat's information as canonical JSON: its view, the facts of the turn and its own pending steps."""
    public = view.public
    data = view.to_json()
    data.update(
        {
            "banned_discard": view.banned_discard,
            "must_meld_from_pile": view.must_meld_from_pile,
            "drawn": view.drawn,
            "biribaki_holders": list(public.biribaki_holders),
            "unplayed_biribaki": list(public.unplayed_biribaki),
            "pile_obligation": None if public.pile_obligation is None else sorted(public.pile_obligation),
            "obligation_new_meld": public.obligation_new_meld,
            "opening_turn": public.opening_turn,
            "redraw_allowed": public.redraw_allowed,
            "last_turn": public.last_turn,
            "no_going_out": public.no_going_out,
            "cut": public.cut,
            "pending": list(pending.steps),
        }
    )
    return canonical_json(data)


class BiribaObserver:
    """OpenSpiel's Python observer: the seat's observation vector and its information string."""

    def __init__(self, layout: ObservationLayout) -> None:
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {name: layout.part(self.tensor, name) for name in layout.fields}

    def set_from(self, state: BiribaState, player: int) -> None:
        if state.episode is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = state.episode.observation(player)

    def string_from(self, state: BiribaState, player: int) -> str:
        if state.episode is None:
            return f"dealing: {len(state.deck)} cards"
        episode = state.episode
        return info_string(episode.view(player), episode.pending(player))


pyspiel.register_game(_GAME_TYPE, BiribaGame)
