"""The Tyzicha match behind the terminal table, free of any screen: one person against two bots, the record
it saves, and the cursor that steps through a saved record.

:class:`TyzichaTableGame` owns the :class:`~biriba.games.tyzicha.TyzichaMatch` and its
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
from biriba.games.records import GameRecord, GameReplayError, HandDeal
from biriba.games.tyzicha import HandResult, TyzichaAction, TyzichaMatch, TyzichaRules, TyzichaState, TyzichaView
from biriba.games.tyzicha.bots import TyzichaBot
from biriba.games.tyzicha.game import PLAYERS, left_of, observe
from biriba.games.tyzicha.match import settle
from biriba.games.tyzicha.platform import TYZICHA
from biriba.tui.shell.cursor import MoveCursor
from biriba.tui.shell.files import read_json_file


def first_hand_seed(seed: int) -> int:
    """The first hand's deal seed, drawn from the match seed."""
    return random.Random(f"tyzicha-first:{seed}").randrange(2**32)


def next_hand_seed(deal: HandDeal) -> int:
    """The next hand's seed, drawn from the previous deal, so a resumed match deals on as an unbroken one."""
    previous: object = deal.seed if deal.seed is not None else f"deck:{deal.deck}"
    return random.Random(f"tyzicha-next:{previous}").randrange(2**32)


def bot_rng(deal: HandDeal, index: int) -> random.Random:
    """The generator of the bot that plays action ``index`` of a hand: a function of the deal (by hashing:
    it says nothing of the cards) and the position, so a resumed hand plays on as an unbroken one."""
    return random.Random(f"tyzicha-bot:{deal.seed}:{deal.deck}:{index}")


def read_record(path: Path) -> dict[str, object]:
    """A saved Tyzicha record's JSON; ``InvalidInputError`` when it cannot be read or is not Tyzicha's."""
    data = read_json_file(path)
    if not isinstance(data, dict) or data.get("game") != TYZICHA.name:
        raise InvalidInputError(f"{path} is not a record of a Tyzicha match")
    return data


def is_tyzicha_record(path: Path) -> bool:
    """Whether ``path`` holds a record of Tyzicha (for ``--replay`` and ``--load`` of any game)."""
    try:
        read_record(path)
    except InvalidInputError:  # unreadable, not JSON, or another game's: not a Tyzicha record
        return False
    return True


Scores = tuple[int, int, int]


@dataclass(slots=True)
class Standings:
    """Each player's score after every finished hand (the first entry: the match's start, all 0)."""

    after: list[Scores] = field(default_factory=lambda: [(0, 0, 0)])

    @property
    def changes(self) -> list[Scores]:
        """What each hand changed, per player, once the cap of 1,000 held the players who did not declare."""
        return [(b[0] - a[0], b[1] - a[1], b[2] - a[2]) for a, b in pairwise(self.after)]

    def add(self, result: HandResult, rules: TyzichaRules) -> None:
        self.after.append(settle(self.after[-1], result, rules))


def capped(before: Sequence[int], result: HandResult, after: Sequence[int]) -> list[int]:
    """The seats the cap held below what the hand gave them (players who did not declare, at 1,000)."""
    return [seat for seat in range(PLAYERS) if after[seat] - before[seat] < result.scores[seat]]


def replay_record(record: GameRecord) -> tuple[TyzichaMatch, Standings]:
    """The match a record holds, and the scores after each of its hands."""
    standings = Standings()

    def on_state(hand: int, index: int, state: object) -> None:
        assert isinstance(state, TyzichaState)
        if state.result is not None:
            standings.add(state.result, record.rules)

    try:
        match = record.replay(on_state=on_state)
    except GameReplayError as error:
        raise InvalidInputError(f"the saved match does not replay: {error}") from None
    assert isinstance(match, TyzichaMatch)
    return match, standings


class TyzichaTableGame:
    """One person against two bots, hand after hand. ``bots`` has one entry per seat, ``None`` in the
    person's."""

    def __init__(self, seat: int, bots: Sequence[TyzichaBot | None], record: GameRecord, seed: int = 0) -> None:
        if seat not in range(PLAYERS):
            raise InvalidInputError(f"seat {seat} is not a seat of Tyzicha (0, 1 or 2)")
        if len(bots) != PLAYERS or any((bot is None) != (s == seat) for s, bot in enumerate(bots)):
            raise InvalidInputError("a Tyzicha table needs a bot in each seat that is not the person's")
        self.seat = seat
        self.bots = list(bots)
        self.record = record
        self.rules: TyzichaRules = record.rules
        self.match, self.standings = replay_record(record)
        if self.match.is_over:
            raise InvalidInputError("this match is over: nothing is left to play (replay it with --replay)")
        self._finished: HandResult | None = None
        self.table: dict[str, object] | None = None
        """Who sits where (``{"seat": 0, "bots": ["heuristic", "search"]}``), saved with the match for ``--load``."""
        if self.match.hand is None:
            self._deal(next_hand_seed(self.deal) if record.hands else first_hand_seed(seed))
        else:
            self._state = self.match.hand

    @classmethod
    def new(cls, rules: TyzichaRules, seat: int, bots: Sequence[TyzichaBot | None], seed: int) -> TyzichaTableGame:
        """A new match; ``seed`` fixes every deal and every bot's choices. The person's left deals first, so
        the person opens the bidding."""
        return cls(seat, bots, GameRecord(TYZICHA, rules, left_of(seat), []), seed)

    @classmethod
    def load(cls, path: Path, seat: int, bots: Sequence[TyzichaBot | None]) -> TyzichaTableGame:
        """Resume the match saved in ``path``."""
        return cls(seat, bots, GameRecord.from_json(read_record(path)))

    # --- where the match stands --------------------------------------------------------------

    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def state(self) -> TyzichaState:
        """The hand being played, or the one just finished until the next is dealt."""
        return self._state

    @property
    def deal(self) -> HandDeal:
        return self.record.hands[-1][0]

    @property
    def actions(self) -> list[TyzichaAction]:
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

    def view(self, seat: int | None = None) -> TyzichaView:
        return observe(self._state, self.seat if seat is None else seat)

    # --- playing -----------------------------------------------------------------------------

    def play(self, action: TyzichaAction) -> None:
        """Play an action, validated by the engine: an illegal one raises ``IllegalAction`` and changes nothing."""
        self._state.apply(action)
        self.actions.append(action)
        if self._state.is_over:
            self._finished = self.match.finish_hand()
            self.standings.after.append(self.match.scores)

    def bot_step(self) -> TyzichaAction:
        state = self._state
        bot = self.bots[state.current]
        assert bot is not None and not state.is_over, "a bot step needs a bot on turn"
        action = bot.choose(observe(state, state.current), state.legal_actions(), bot_rng(self.deal, len(self.actions)))
        self.play(action)
        return action

    def next_hand(self) -> TyzichaState:
        if self._finished is None:
            raise InvalidInputError("the current hand is not over")
        return self._deal(next_hand_seed(self.deal))

    def _deal(self, seed: int) -> TyzichaState:
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
    """One hand of a record: the states after each move (the first: as dealt), and the scores before it."""

    states: list[TyzichaState]
    actions: list[TyzichaAction]
    standing_before: Scores


class TyzichaReplayCursor(MoveCursor[ReplayedHand]):
    """Steps through a saved Tyzicha record, a move at a time."""

    def __init__(self, record: GameRecord) -> None:
        if not record.hands:
            raise InvalidInputError("the record holds no hand to replay")
        self.record = record
        hands: list[ReplayedHand] = []
        standings = Standings()

        def on_hand_start(number: int, state: object) -> None:
            assert isinstance(state, TyzichaState)
            hands.append(ReplayedHand([state.clone()], record.hands[number][1], standings.after[-1]))

        def on_state(number: int, index: int, state: object) -> None:
            assert isinstance(state, TyzichaState)
            hands[number].states.append(state.clone())
            if state.result is not None:
                standings.add(state.result, record.rules)

        try:
            record.replay(on_state=on_state, on_hand_start=on_hand_start)
        except GameReplayError as error:
            raise InvalidInputError(f"the record does not replay: {error}") from None
        super().__init__(hands)
        self.standings = standings

    @classmethod
    def load(cls, path: Path) -> TyzichaReplayCursor:
        return cls(GameRecord.from_json(read_record(path)))

    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def state(self) -> TyzichaState:
        return self.hand.states[self.position]

    @property
    def last_action(self) -> TyzichaAction | None:
        return self.hand.actions[self.position - 1] if self.position else None
