"""The match of a game of the protocol behind a terminal table (Bura, Tyzicha), free of any screen: one
person against bots, the record it saves, and the cursor that steps through a saved record.

:class:`TableMatch` owns the game's match and its :class:`~biriba.games.records.GameRecord`, so what is
saved is exactly what was played, and a saved match resumes where it stopped. Every deal and every bot's
generator is drawn from seeds by hashing (:func:`first_hand_seed`, :func:`next_hand_seed`, :func:`bot_rng`),
so a resumed match deals and plays on as an unbroken one. A game's table names its ``game`` and what a
seat holds in the match (:meth:`TableMatch.totals`: points, tokens); the screens read seat views only.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from biriba.core.errors import InvalidInputError
from biriba.games.protocol import Game, GameBot, GameState
from biriba.games.records import GameRecord, GameReplayError, HandDeal
from biriba.tui.shell.cursor import MoveCursor
from biriba.tui.shell.files import read_json_file


def first_hand_seed(game: Game, seed: int) -> int:
    """The first hand's deal seed, drawn from the match seed."""
    return random.Random(f"{game.name}-first:{seed}").randrange(2**32)


def next_hand_seed(game: Game, deal: HandDeal) -> int:
    """The next hand's seed, drawn from the previous deal, so a resumed match deals on as an unbroken one."""
    previous: object = deal.seed if deal.seed is not None else f"deck:{deal.deck}"
    return random.Random(f"{game.name}-next:{previous}").randrange(2**32)


def bot_rng(game: Game, deal: HandDeal, index: int) -> random.Random:
    """The generator of the bot that plays action ``index`` of a hand: a function of the deal (by hashing:
    it says nothing of the cards) and the position, so a resumed hand plays on as an unbroken one."""
    return random.Random(f"{game.name}-bot:{deal.seed}:{deal.deck}:{index}")


def hint_rng(game: Game, deal: HandDeal, index: int) -> random.Random:
    """The generator of the hint asked before action ``index`` of a hand: the same hint at the same point
    of a hand, however often it is asked, and nothing of the cards in it."""
    return random.Random(f"{game.name}-hint:{deal.seed}:{deal.deck}:{index}")


def read_game_record(game: Game, path: Path) -> dict[str, object]:
    """A saved record's JSON; ``InvalidInputError`` when it cannot be read or is not ``game``'s."""
    data = read_json_file(path)
    if not isinstance(data, dict) or data.get("game") != game.name:
        raise InvalidInputError(f"{path} is not a record of a {game.name.title()} match")
    return data


def is_game_record(game: Game, path: Path) -> bool:
    """Whether ``path`` holds a record of ``game`` (for ``--replay`` and ``--load`` of any game)."""
    try:
        read_game_record(game, path)
    except InvalidInputError:  # unreadable, not JSON, or another game's
        return False
    return True


Totals = tuple[int, ...]
StateT = TypeVar("StateT", bound=GameState)
ViewT = TypeVar("ViewT")


@dataclass(slots=True)
class Standings:
    """What each player holds in the match after every finished hand (the first entry: the match's start)."""

    after: list[Totals] = field(default_factory=list)

    @property
    def changes(self) -> list[Totals]:
        """What each hand changed, per player."""
        return [tuple(b - a for a, b in zip(before, after, strict=True)) for before, after in pairwise(self.after)]


class TableMatch(Generic[StateT, ViewT]):
    """One person against bots, hand after hand. ``bots`` has one entry per seat, ``None`` in the person's.
    ``StateT`` and ``ViewT`` are the game's hand and seat view."""

    game: ClassVar[Game]

    def __init__(self, seat: int, bots: Sequence[GameBot | None], record: GameRecord, seed: int = 0) -> None:
        game = self.game
        players = game.rules_players(record.rules)
        title = game.name.title()
        if seat not in range(players):
            raise InvalidInputError(f"seat {seat} is not a seat of {title} (0 to {players - 1})")
        if len(bots) != players or any((bot is None) != (s == seat) for s, bot in enumerate(bots)):
            raise InvalidInputError(f"a {title} table needs a bot in each seat that is not the person's")
        self.seat = seat
        self.bots = list(bots)
        self.record = record
        self.rules: Any = record.rules
        self.standings = Standings([self.totals(game.new_match(record.rules, record.first_dealer))])
        self.match: Any = cast(
            Any, record.replay(on_hand_end=lambda _, match: self.standings.after.append(self.totals(match)))
        )
        if self.match.is_over:
            raise InvalidInputError("this match is over: nothing is left to play (replay it with --replay)")
        self._finished: Any = None
        self.table: dict[str, object] | None = None
        """Who sits where (``{"seat": 0, "bots": ["heuristic"]}``), saved with the match for ``--load``."""
        if self.match.hand is None:
            self._deal(next_hand_seed(game, self.deal) if record.hands else first_hand_seed(game, seed))
        else:
            self._state: StateT = self.match.hand
            self._play_automatic()

    @classmethod
    def totals(cls, match: Any) -> Totals:
        """What each seat holds in ``match``: its points, or tokens."""
        raise NotImplementedError

    @classmethod
    def new(cls, rules: Any, seat: int, bots: Sequence[GameBot | None], seed: int) -> Self:
        """A new match; ``seed`` fixes every deal and every bot's choices. The seat after the person's deals
        first, so the person leads (or opens the bidding)."""
        first_dealer = (seat + 1) % cls.game.rules_players(rules)
        return cls(seat, bots, GameRecord(cls.game, rules, first_dealer, []), seed)

    @classmethod
    def load(cls, path: Path, seat: int, bots: Sequence[GameBot | None]) -> Self:
        """Resume the match saved in ``path``."""
        return cls(seat, bots, GameRecord.from_json(read_game_record(cls.game, path)))

    # --- where the match stands --------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.game.rules_players(self.rules)

    @property
    def state(self) -> StateT:
        """The hand being played, or the one just finished until the next is dealt."""
        return self._state

    @property
    def deal(self) -> HandDeal:
        return self.record.hands[-1][0]

    @property
    def actions(self) -> list[Any]:
        """The current hand's actions so far."""
        return self.record.hands[-1][1]

    @property
    def hand_number(self) -> int:
        return len(self.record.hands)

    @property
    def person_to_play(self) -> bool:
        return not self._state.is_over and self._state.current == self.seat

    @property
    def current(self) -> int:
        """The seat on turn."""
        return self._state.current

    @property
    def bot_to_play(self) -> bool:
        return not self._state.is_over and self.bots[self._state.current] is not None

    @property
    def last_result(self) -> Any:
        """The hand just finished, until the next is dealt."""
        return self._finished

    @property
    def is_over(self) -> bool:
        return bool(self.match.is_over)

    def view(self, seat: int | None = None) -> ViewT:
        return cast(ViewT, self.game.observe(self._state, self.seat if seat is None else seat))

    # --- playing -----------------------------------------------------------------------------

    def play(self, action: Any) -> None:
        """Play an action, validated by the engine: an illegal one raises ``IllegalAction`` and changes nothing;
        then the moves the table makes for the person (:attr:`Game.automatic`)."""
        self._play(action)
        self._play_automatic()

    def _play(self, action: Any) -> None:
        self._state.apply(action)
        self.actions.append(action)
        if self._state.is_over:
            self._finished = self.match.finish_hand()
            self.standings.after.append(self.totals(self.match))

    def _play_automatic(self) -> None:
        while self.person_to_play and (move := self.game.automatic(self._state)) is not None:
            self._play(move)

    def bot_step(self) -> Any:
        state = self._state
        bot = self.bots[state.current]
        assert bot is not None and not state.is_over, "a bot step needs a bot on turn"
        rng = bot_rng(self.game, self.deal, len(self.actions))
        action = bot.choose(self.game.observe(state, state.current), state.legal_actions(), rng)
        self.play(action)
        return action

    def hint_rng(self) -> random.Random:
        """The generator of a hint at this point of the hand (:func:`hint_rng`)."""
        return hint_rng(self.game, self.deal, len(self.actions))

    def next_hand(self) -> StateT:
        if self._finished is None:
            raise InvalidInputError("the current hand is not over")
        return self._deal(next_hand_seed(self.game, self.deal))

    def _deal(self, seed: int) -> StateT:
        self._state = cast(StateT, self.match.start_hand(seed=seed))
        self.record.hands.append((HandDeal(seed=seed), []))
        self._finished = None
        self._play_automatic()
        return self._state

    def save(self, path: Path) -> None:
        """Write the match record (what ``biriba replay`` and ``--load`` read)."""
        data = self.record.to_json()
        if self.table is not None:
            data["table"] = self.table
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


@dataclass(frozen=True, slots=True)
class ReplayedHand:
    """One hand of a record: the states after each move (the first: as dealt), and the totals before it."""

    states: list[Any]
    actions: list[Any]
    standing_before: Totals


class RecordCursor(MoveCursor[ReplayedHand]):
    """Steps through a saved record of a game, a move at a time. A game's cursor names its table's match
    class (``match_class``), whose ``game`` and ``totals`` it uses."""

    match_class: ClassVar[type[TableMatch[Any, Any]]]

    def __init__(self, record: GameRecord) -> None:
        if not record.hands:
            raise InvalidInputError("the record holds no hand to replay")
        self.record = record
        totals = self.match_class.totals
        hands: list[ReplayedHand] = []
        self.standings = Standings([totals(self.match_class.game.new_match(record.rules, record.first_dealer))])

        def on_hand_start(number: int, state: Any) -> None:
            hands.append(ReplayedHand([state.clone()], record.hands[number][1], self.standings.after[-1]))

        def on_state(number: int, index: int, state: Any) -> None:
            hands[number].states.append(state.clone())

        try:
            record.replay(
                on_state=on_state,
                on_hand_start=on_hand_start,
                on_hand_end=lambda _, match: self.standings.after.append(totals(match)),
            )
        except GameReplayError as error:
            raise InvalidInputError(f"the record does not replay: {error}") from None
        super().__init__(hands)

    @classmethod
    def load(cls, path: Path) -> Self:
        return cls(GameRecord.from_json(read_game_record(cls.match_class.game, path)))

    @property
    def players(self) -> int:
        return self.match_class.game.rules_players(self.record.rules)

    @property
    def state(self) -> Any:
        return self.hand.states[self.position]

    @property
    def last_action(self) -> Any:
        return self.hand.actions[self.position - 1] if self.position else None

    def standings_shown(self) -> Standings:
        """What each player held before every hand up to the one shown, and after it once it is over: the
        score sheet as it stood at this step."""
        after = [hand.standing_before for hand in self.hands[: self.hand_index + 1]]
        if self.state.is_over:
            after.append(self.standings.after[self.hand_index + 1])
        return Standings(after)
