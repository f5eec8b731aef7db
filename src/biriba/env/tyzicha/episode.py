"""One hand of Tyzicha played by action ids: the engine behind the Tyzicha adapters."""

from __future__ import annotations

from typing import Any, ClassVar

from biriba.env.game_episode import GameEpisode
from biriba.env.tyzicha.encoding import TyzichaEncoding
from biriba.games.protocol import Game
from biriba.games.tyzicha import Give, TyzichaAction, TyzichaState, action_to_json
from biriba.games.tyzicha.platform import TYZICHA

ENCODING = TyzichaEncoding()


class TyzichaEpisode(GameEpisode):
    """A hand of Tyzicha and the actions played in it, stepped by action ids."""

    game: ClassVar[Game] = TYZICHA
    encoding: ClassVar[TyzichaEncoding] = ENCODING

    def seen_moves(self, seat: int) -> list[dict[str, Any]]:
        """The actions of the hand as JSON, as ``seat`` saw them: the card given face down to another seat
        (the forced 100) is null."""
        moves = []
        for action in self.actions:
            move = action_to_json(action)
            if isinstance(action, Give) and self.state.forced and seat not in (action.seat, action.to):
                move["card"] = None
            moves.append(move)
        return moves

    def actions_in(self, world: TyzichaState) -> list[TyzichaAction]:
        """The cards given are the new hand's (the rest of the record reads the same in it)."""
        gifts = iter(world.given)
        return [
            Give(action.seat, next(gifts)[1], action.to) if isinstance(action, Give) else action
            for action in self.actions
        ]
