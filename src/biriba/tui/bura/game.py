"""The Bura match behind the terminal table, free of any screen: one person against a bot, the record
it saves, and the cursor that steps through a saved record.

:class:`BuraTableGame` owns the :class:`~biriba.games.bura.BuraMatch` and its
:class:`~biriba.games.records.GameRecord`, so what is saved is exactly what was played, and a saved match
resumes where it stopped. The screen reads seat views only (``observe``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from biriba.core.errors import InvalidInputError
from biriba.games.bura import BuraAction, BuraMatch, BuraRules, BuraState, BuraView, HandResult, observe
from biriba.games.bura.bots import BuraBot
from biriba.games.bura.match import settlement
from biriba.games.bura.platform import BURA
from biriba.games.records import GameRecord, GameReplayError, HandDeal
from biriba.tui.shell.cursor import MoveCursor
from biriba.tui.shell.files import read_json_file


def first_hand_seed(seed: int) -> int:
    """The first hand's deal seed, drawn from the match seed."""
    return random.Random(f"bura-first:{seed}").randrange(2**32)


def next_hand_seed(deal: HandDeal) -> int:
    """The next hand's seed, drawn from the previous deal, so a resumed match deals on as an unbroken one."""
    previous: object = deal.seed if deal.seed is not None else f"deck:{deal.deck}"
    return random.Random(f"bura-next:{previous}").randrange(2**32)


def bot_rng(deal: HandDeal, index: int) -> random.Random:
    """The generator of the bot that plays action ``index`` of a hand: a function of the deal (by hashing:
    it says nothing of the cards) and the position, so a resumed hand plays on as an unbroken one."""
    return random.Random(f"bura-bot:{deal.seed}:{deal.deck}:{index}")


def read_record(path: Path) -> dict[str, object]:
    """A saved Bura record's JSON; ``InvalidInputError`` when it cannot be read or is not Bura's."""
    data = read_json_file(path)
    if not isinstance(data, dict) or data.get("game") != BURA.name:
        raise InvalidInputError(f"{path} is not a record of a Bura match")
    return data


@dataclass(slots=True)
class Standings:
    """Each player's tokens after every finished hand (the first entry: the match's start)."""

    after: list[tuple[int, int]] = field(default_factory=list)

    @property
    def changes(self) -> list[tuple[int, int]]:
        """What each hand changed, per player (its ante included)."""
        return [(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(self.after)]


def replay_record(record: GameRecord) -> tuple[BuraMatch, Standings]:
    """The match a record holds, and the tokens after each of its hands."""
    standings = Standings([(record.rules.tokens, record.rules.tokens)])

    def on_state(hand: int, index: int, state: object) -> None:
        assert isinstance(state, BuraState)
        if state.result is not None:
            standings.after.append(settlement(state)[0])

    try:
        match = record.replay(on_state=on_state)
    except GameReplayError as error:
        raise InvalidInputError(f"the saved match does not replay: {error}") from None
    assert isinstance(match, BuraMatch)
    return match, standings


class BuraTableGame:
    """One person against a bot, hand after hand. ``bots`` has one entry per seat, ``None`` in the person's."""

    def __init__(self, seat: int, bots: Sequence[BuraBot | None], record: GameRecord, seed: int = 0) -> None:
        if seat not in (0, 1):
            raise InvalidInputError(f"seat {seat} is not a seat of Bura (0 or 1)")
        if len(bots) != 2 or any((bot is None) != (s == seat) for s, bot in enumerate(bots)):
            raise InvalidInputError("a Bura table needs a bot in the seat that is not the person's")
        self.seat = seat
        self.bots = list(bots)
        self.record = record
        self.rules: BuraRules = record.rules
        self.match, self.standings = replay_record(record)
        if self.match.is_over:
            raise InvalidInputError("this match is over: nothing is left to play (replay it with --replay)")
        self._finished: HandResult | None = None
        self.table: dict[str, object] | None = None
        """Who sits where (``{"seat": 0, "bots": ["heuristic"]}``), saved with the match for ``--load``."""
        if self.match.hand is None:
            self._deal(next_hand_seed(self.deal) if record.hands else first_hand_seed(seed))
        else:
            self._state = self.match.hand

    @classmethod
    def new(cls, rules: BuraRules, seat: int, bots: Sequence[BuraBot | None], seed: int) -> BuraTableGame:
        """A new match; ``seed`` fixes every deal and every bot's choices. The person's opponent deals first."""
        return cls(seat, bots, GameRecord(BURA, rules, 1 - seat, []), seed)

    @classmethod
    def load(cls, path: Path, seat: int, bots: Sequence[BuraBot | None]) -> BuraTableGame:
        """Resume the match saved in ``path``."""
        return cls(seat, bots, GameRecord.from_json(read_record(path)))

    # --- where the match stands --------------------------------------------------------------

    @property
    def players(self) -> int:
        return 2

    @property
    def state(self) -> BuraState:
        """The hand being played, or the one just finished until the next is dealt."""
        return self._state

    @property
    def deal(self) -> HandDeal:
        return self.record.hands[-1][0]

    @property
    def actions(self) -> list[BuraAction]:
        """The current hand's actions so far."""
        return self.record.hands[-1][1]

    @property
    def hand_number(self) -> int:
        return len(self.record.hands)

    @property
    def person_to_play(self) -> bool:
        return not self._state.is_over and self._state.current == self.seat

    @property
    def bot_to_play(self) -> bool:
        return not self._state.is_over and self.bots[self._state.current] is not None

    @property
    def last_result(self) -> HandResult | None:
        """The hand just finished, until the next is dealt."""
        return self._finished

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    def view(self, seat: int | None = None) -> BuraView:
        return observe(self._state, self.seat if seat is None else seat)

    # --- playing -----------------------------------------------------------------------------

    def play(self, action: BuraAction) -> None:
        """Play an action, validated by the engine: an illegal one raises ``IllegalAction`` and changes nothing."""
        self._state.apply(action)
        self.actions.append(action)
        if self._state.is_over:
            self._finished = self.match.finish_hand()
            self.standings.after.append((self.match.tokens[0], self.match.tokens[1]))

    def bot_step(self) -> BuraAction:
        state = self._state
        bot = self.bots[state.current]
        assert bot is not None and not state.is_over, "a bot step needs a bot on turn"
        action = bot.choose(observe(state, state.current), state.legal_actions(), bot_rng(self.deal, len(self.actions)))
        self.play(action)
        return action

    def next_hand(self) -> BuraState:
        if self._finished is None:
            raise InvalidInputError("the current hand is not over")
        return self._deal(next_hand_seed(self.deal))

    def _deal(self, seed: int) -> BuraState:
        self._state = self.match.start_hand(seed=seed)
        self.record.hands.append((HandDeal(seed=seed), []))
        self._finished = None
        return self._state

    def save(self, path: Path) -> None:
        """Write the match record (what ``biriba replay`` and ``--load`` read)."""
        data = self.record.to_json()
        if self.table is not None:
            data["table"] = self.table
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


@dataclass(frozen=True, slots=True)
class ReplayedHand:
    """One hand of a record: the states after each move (the first: as dealt), and its result."""

    states: list[BuraState]
    actions: list[BuraAction]
    standing_before: tuple[int, int]


class BuraReplayCursor(MoveCursor[ReplayedHand]):
    """Steps through a saved Bura record, a move at a time."""

    def __init__(self, record: GameRecord) -> None:
        if not record.hands:
            raise InvalidInputError("the record holds no hand to replay")
        self.record = record
        hands: list[ReplayedHand] = []
        standings: list[tuple[int, int]] = [(record.rules.tokens, record.rules.tokens)]

        def on_hand_start(number: int, state: object) -> None:
            assert isinstance(state, BuraState)
            hands.append(ReplayedHand([state.clone()], record.hands[number][1], standings[-1]))

        def on_state(number: int, index: int, state: object) -> None:
            assert isinstance(state, BuraState)
            hands[number].states.append(state.clone())
            if state.result is not None:
                standings.append(settlement(state)[0])

        try:
            record.replay(on_state=on_state, on_hand_start=on_hand_start)
        except GameReplayError as error:
            raise InvalidInputError(f"the record does not replay: {error}") from None
        super().__init__(hands)

    @classmethod
    def load(cls, path: Path) -> BuraReplayCursor:
        return cls(GameRecord.from_json(read_record(path)))

    @property
    def players(self) -> int:
        return 2

    @property
    def state(self) -> BuraState:
        return self.hand.states[self.position]

    @property
    def last_action(self) -> BuraAction | None:
        return self.hand.actions[self.position - 1] if self.position else None


def is_bura_record(path: Path) -> bool:
    """Whether ``path`` holds a record of Bura (for ``--replay`` and ``--load`` of any game)."""
    try:
        read_record(path)
    except InvalidInputError:  # unreadable, not JSON, or another game's: not a Bura record
        return False
    return True
