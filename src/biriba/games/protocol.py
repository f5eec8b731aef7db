"""The game protocol: what the tournaments, the records, the research adapters and the clients' shells
need of a game, and nothing more.

A game is a :class:`Game`: its name, its seat counts and presets, the rules a preset makes, a deal from
(rules, dealer, seed or deck), a seat's view, determinization (for search), the JSON form of its actions,
a hand's outcome per seat, a match, and its players. A hand in play is a :class:`GameState`: whose turn
(``current``), the exact legal actions, ``check`` and ``apply`` (an illegal action raises
:class:`biriba.core.errors.IllegalAction` naming its rule and changes nothing), ``clone`` and a
``fingerprint`` of everything it holds. Biriba (:data:`biriba.games.biriba.BIRIBA`), Bura
(:data:`biriba.games.bura.BURA`) and Tyzicha (:data:`biriba.games.tyzicha.platform.TYZICHA`) are games;
:mod:`biriba.games.registry` knows them by name.

The shape follows the tested engines of many games: one state API for every game, each game with a
random-simulation test over this protocol (tests/games/test_protocol.py) and golden playthroughs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from biriba.core.cards import Card
from biriba.core.errors import InvalidInputError
from biriba.core.records import load_json


class GameState(Protocol):
    """A hand in play."""

    @property
    def current(self) -> int:
        """The seat to act (any value once the hand is over)."""
        ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[Any]:
        """Every legal action of the seat to act, exactly (a listed action is never refused)."""
        ...

    def check(self, action: Any) -> None:
        """Raise ``IllegalAction`` if ``action`` is not legal now; change nothing."""
        ...

    def apply(self, action: Any) -> None:
        """Validate ``action`` and play it; an illegal action raises and changes nothing."""
        ...

    def clone(self) -> Any: ...

    def fingerprint(self) -> tuple[object, ...]:
        """Everything the state holds, comparable: equal fingerprints, equal states."""
        ...


class GameMatch(Protocol):
    """Hands of one game until the match is over."""

    @property
    def is_over(self) -> bool: ...

    @property
    def results(self) -> Sequence[object]:
        """The finished hands' results, in order."""
        ...

    def start_hand(self, *, seed: int | None = None, deck: list[Card] | None = None) -> Any:
        """Deal the next hand (the dealer and the stakes are the match's)."""
        ...

    def finish_hand(self) -> object:
        """Settle the hand just played into the match; its result."""
        ...


class GameBot(Protocol):
    """A player: one legal action chosen from a seat's view, randomness only from ``rng``."""

    name: str

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any: ...


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the rule sources, as the platform sees it."""

    name: str
    """Its name on the command line and in records: ``biriba``, ``bura``."""
    players: tuple[int, ...]
    """The numbers of seats it is played with."""
    default_players: int
    presets: tuple[str, ...]
    """Named sets of rules, the first the default."""
    make_rules: Callable[[str, int], Any]
    """The rules of a preset for a number of players (``InvalidInputError`` for an unknown one)."""
    rules_to_json: Callable[[Any], dict[str, Any]]
    rules_from_json: Callable[[Any], Any]
    rules_players: Callable[[Any], int]
    deal: Callable[[Any, int, int | None, list[Card] | None], GameState]
    """A hand dealt from (rules, dealer, seed or deck)."""
    observe: Callable[[Any, int], Any]
    """What a seat sees of a state: nothing that seat may not see."""
    determinize: Callable[[Any, int, random.Random], GameState]
    """A state consistent with everything a seat has seen of the hand, its hidden cards dealt at random:
    ``observe(determinize(state, seat, rng), seat) == observe(state, seat)``."""
    action_to_json: Callable[[Any], dict[str, Any]]
    action_from_json: Callable[[object], Any]
    outcome: Callable[[Any], tuple[float, ...]]
    """A finished hand's result per seat, in the game's own unit (Biriba: points; Bura: hands won)."""
    new_match: Callable[[Any, int], GameMatch]
    """A match of these rules, the first hand dealt by the given seat."""
    bots: tuple[str, ...]
    """Its players' names, weakest first."""
    make_bot: Callable[[str], GameBot]
    automatic: Callable[[Any], Any | None] = lambda state: None
    """The move a table makes for a person on turn, or None: one that is the only legal move and tells the
    others nothing by being made (Bura's pass of a window to claim the lead, to a player with nothing to
    claim). Records and views keep it as any move; a person is not asked."""

    def rules(self, preset: str | None = None, players: int | None = None) -> Any:
        """The rules of ``preset`` (default: the first) for ``players`` (default: the usual number)."""
        count = self.default_players if players is None else players
        if count not in self.players:
            allowed = ", ".join(map(str, self.players))
            raise InvalidInputError(f"{self.name} is played by {allowed} players, not {count}")
        return self.make_rules(preset or self.presets[0], count)

    def rules_from_option(self, text: str, players: int | None = None) -> Any:
        """The rules a command line's ``--rules`` gives: a preset's name, or a JSON object of options over a
        preset (the one its ``"preset"`` names, else the first): ``{"tokens": 20}``,
        ``{"preset": "russian", "round_to": 10}``. :class:`InvalidInputError` names what is wrong."""
        if not text.lstrip().startswith("{"):
            return self.rules(text, players)
        data = load_json(text)
        if not isinstance(data, dict):
            raise InvalidInputError(f"{self.name.title()} rules are a preset's name or a JSON object, not {text!r}")
        options = dict(data)
        preset = options.pop("preset", None)
        if preset is not None and not isinstance(preset, str):
            raise InvalidInputError(f"'preset' names a preset ({', '.join(self.presets)}), not {preset!r}")
        return self.rules_from_json({**self.rules_to_json(self.rules(preset, players)), **options})
