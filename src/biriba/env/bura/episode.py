"""One hand of Bura played by action ids: the engine behind the Bura adapters."""

from __future__ import annotations

from typing import ClassVar

from biriba.env.bura.encoding import BuraEncoding
from biriba.env.game_episode import GameEpisode
from biriba.games.bura import BuraAction
from biriba.games.bura.platform import BURA
from biriba.games.protocol import Game

ENCODING = BuraEncoding()


class BuraEpisode(GameEpisode):
    """A hand of Bura and the actions played in it, stepped by action ids."""

    game: ClassVar[Game] = BURA
    encoding: ClassVar[BuraEncoding] = ENCODING

    def decode(self, action_id: int) -> BuraAction:
        return ENCODING.decode(action_id, self.view(self.state.current))
