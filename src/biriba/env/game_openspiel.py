"""What the OpenSpiel games of the games played hand by hand share (``python_bura``, ``python_tyzicha``):
a hand dealt by chance card by card from the game's pack, then played by the action ids of its episode
(:class:`biriba.env.game_episode.GameEpisode`), and the observer of one seat's view.

A game's ``pyspiel.Game`` holds ``pack`` (the cards, chance outcome ``i`` being ``pack[i]``),
``episode_class``, ``rules`` and ``dealer``; its state class says what else lies hidden (``hidden_rest``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, Self

import numpy as np
import orjson
import pyspiel  # type: ignore[import-not-found]

from biriba.core.cards import card_code
from biriba.env.game_episode import GameEpisode


def canonical_json(data: dict[str, Any]) -> str:
    """``data`` as canonical JSON (keys sorted at every level, no spaces, text as UTF-8), the form of
    every information string: the same string as the standard library's ``json.dumps`` with
    ``sort_keys`` and compact separators, made about ten times faster (a search or a learning loop asks
    for one at every step)."""
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode()


class GameOpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A hand: the deck dealt by chance card by card, then the engine's hand."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._game = game
        self.deck: list[int] = []
        self.episode: GameEpisode | None = None

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
        left = [index for index, card in enumerate(self._game.pack) if card not in self.deck]
        return [(index, 1 / len(left)) for index in left]

    def _apply_action(self, action: int) -> None:
        pack = self._game.pack
        if self.episode is None:
            if not 0 <= action < len(pack) or pack[action] in self.deck:
                raise ValueError(f"{action} is not a card left to deal")
            self.deck.append(pack[action])
            if len(self.deck) == len(pack):
                self.episode = self._game.episode_class(self._game.rules, self._game.dealer, deck=self.deck)
            return
        self.episode.step(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {card_code(self._game.pack[action])}"
        return str(self._game.episode_class.encoding.describe(action))

    def is_terminal(self) -> bool:
        return self.episode is not None and self.episode.is_over

    def returns(self) -> list[float]:
        if self.episode is None:
            return [0.0] * self._game.num_players()
        return list(self.episode.outcome())

    def __str__(self) -> str:
        """The whole state (every hand, and what else lies face down): for debugging, not for players."""
        if self.episode is None:
            return f"dealing: {len(self.deck)} cards"
        hands = " | ".join(" ".join(card_code(card) for card in hand) for hand in self.episode.state.hands)
        return f"hands: {hands}; {self.hidden_rest()}"

    def hidden_rest(self) -> str:
        """The cards besides the hands that no player sees (Bura's stock, Tyzicha's widow)."""
        raise NotImplementedError

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> Self:
        """A state ``player`` cannot tell from this one, the cards it has not seen dealt at random."""
        other = self.__class__(self._game)
        if self.episode is None:
            return other
        seed = int(probability_sampler() * 2**53)
        other.deck = list(self._game.pack)
        other.episode = self.episode.resampled(player, random.Random(seed))
        return other


class GameObserver:
    """OpenSpiel's Python observer: the seat's view as the encoding's vector or a canonical string (and,
    for information states, the hand's moves as the seat saw them)."""

    def __init__(self, perfect_recall: bool, encoding: Any, view_string: Callable[[Any], str]) -> None:
        self.perfect_recall = perfect_recall
        self.view_string = view_string
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict = {name: self.tensor[part] for name, part in encoding.fields.items()}

    def set_from(self, state: GameOpenSpielState, player: int) -> None:
        if state.episode is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = state.episode.observation(player)

    def string_from(self, state: GameOpenSpielState, player: int) -> str:
        if state.episode is None:
            return f"dealing: {len(state.deck)} cards"
        text = self.view_string(state.episode.view(player))
        if not self.perfect_recall:
            return text
        moves = json.dumps(state.episode.seen_moves(player), separators=(",", ":"))
        return f"{text} {moves}"
