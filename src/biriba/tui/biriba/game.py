"""The game behind the terminal table, free of any screen: a match between one person and bots, and
the cursor that steps through a saved record.

:class:`TableGame` owns the :class:`~biriba.core.match.Match` and its
:class:`~biriba.core.records.MatchRecord`, so what is saved is exactly what was played and a saved
match resumes where it stopped. The screen only ever reads seat views (``observe``), so it shows a
person what their seat may see and nothing more.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from biriba.bots.base import Bot
from biriba.core.actions import Action
from biriba.core.errors import IllegalAction, InvalidInputError, Reason
from biriba.core.match import HandResult, Match
from biriba.core.news import NewsWatch
from biriba.core.records import Deal, HandRecord, MatchRecord, ReplayError, is_match_record
from biriba.core.rules import Rules
from biriba.core.state import HandState
from biriba.core.views import SeatView, observe
from biriba.tui.shell.cursor import MoveCursor
from biriba.tui.shell.files import read_json_file


def first_hand_seed(seed: int) -> int:
    """The first hand's deal seed, drawn from the match seed."""
    return random.Random(seed).randrange(2**32)


def next_hand_seed(deal: Deal) -> int:
    """The next hand's deal seed, drawn from the previous deal, so a resumed match deals on as it
    would have without the break."""
    previous: object = deal.seed if deal.seed is not None else f"deck:{deal.deck}"
    return random.Random(f"next:{previous}").randrange(2**32)


def bot_rng(deal: Deal, index: int) -> random.Random:
    """The random generator of the bot that plays action ``index`` of a hand: a function of the deal
    and the position, so a resumed hand plays on exactly as an unbroken one."""
    return random.Random(f"bot:{deal.seed}:{deal.deck}:{index}")


@dataclass(frozen=True, slots=True)
class SavedTable:
    """Who sits where at a saved match: the person's seat and the other seats' bot levels, in seat order
    (kept in the record as ``"table"``, which ``biriba replay`` ignores)."""

    seat: int
    bots: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "bots": list(self.bots)}


def saved_table(data: object) -> SavedTable | None:
    """The table a saved match record names (None: an older save, or a record from elsewhere)."""
    table = data.get("table") if isinstance(data, dict) else None
    if not isinstance(table, dict):
        return None
    seat, bots = table.get("seat"), table.get("bots")
    if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(bots, list):
        raise InvalidInputError("the saved table needs 'seat' (a number) and 'bots' (a list of bot levels)")
    if not all(isinstance(level, str) for level in bots):
        raise InvalidInputError("the saved table's 'bots' must be bot levels such as \"greedy\"")
    return SavedTable(seat, tuple(bots))


class TableGame:
    """One person at a table of bots, playing a match hand after hand.

    ``bots`` has one entry per seat; the person's seat has ``None``. ``record`` is the match so far
    (empty for a new match); ``seed`` draws the first deal of an empty record.
    """

    def __init__(self, rules: Rules, seat: int, bots: Sequence[Bot | None], record: MatchRecord, seed: int = 0) -> None:
        players = rules.players
        if not 0 <= seat < players:
            raise InvalidInputError(f"seat {seat} is not a seat of a {players}-player game (0..{players - 1})")
        if len(bots) != players or any((bot is None) != (s == seat) for s, bot in enumerate(bots)):
            raise InvalidInputError(f"a {players}-player table needs a bot in every seat but the person's")
        self.rules = rules
        self.seat = seat
        self.bots = list(bots)
        self.record = record
        self.news: dict[int, tuple[Reason, ...]] = {}
        """What became of the biribakia with an action of the current hand, by the action's index."""
        try:
            self.match: Match = record.replay(self._note_news, self._watch_hand)
        except ReplayError as error:
            raise InvalidInputError(f"the saved match does not replay: {error}") from None
        if self.match.is_over:
            raise InvalidInputError("this match is over: nothing is left to play (replay it with --replay)")
        self._finished: HandResult | None = None
        self.table: SavedTable | None = None
        """Who sits where, saved with the match so that ``--load`` seats everyone again."""
        if self.match.hand is None:
            self._deal(next_hand_seed(self.deal) if record.hands else first_hand_seed(seed))
        else:
            self._state = self.match.hand

    @classmethod
    def new(cls, rules: Rules, seat: int, bots: Sequence[Bot | None], seed: int, dealer: int = 0) -> TableGame:
        """A new match; ``seed`` fixes every deal and every bot's choices."""
        if not 0 <= dealer < rules.players:
            raise InvalidInputError(f"dealer {dealer} is not a seat of a {rules.players}-player game")
        return cls(rules, seat, bots, MatchRecord(rules, dealer, []), seed)

    @classmethod
    def load(cls, path: Path, seat: int, bots: Sequence[Bot | None]) -> TableGame:
        """Resume the match saved in ``path`` (a match record)."""
        data = read_record(path)
        if not is_match_record(data):
            if isinstance(data, dict) and "actions" in data:  # a hand's record
                raise InvalidInputError(f"{path} holds a single hand, not a match: replay it with --replay")
            raise InvalidInputError(f"{path} is not a match record: a match saved with w has a list of 'hands'")
        record = MatchRecord.from_json(data)
        return cls(record.rules, seat, bots, record)

    # --- where the match stands --------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def state(self) -> HandState:
        """The hand being played, or the one just finished until the next is dealt."""
        return self._state

    @property
    def deal(self) -> Deal:
        return self.record.hands[-1][0]

    @property
    def actions(self) -> list[Action]:
        """The actions of the current hand so far."""
        return self.record.hands[-1][1]

    @property
    def hand_number(self) -> int:
        return len(self.record.hands)

    @property
    def results(self) -> list[HandResult]:
        return self.match.results

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
    def last_result(self) -> HandResult | None:
        """The result of the hand just finished, until the next hand is dealt."""
        return self._finished

    @property
    def is_over(self) -> bool:
        """The match is over."""
        return self.match.is_over

    def view(self, seat: int | None = None) -> SeatView:
        return observe(self._state, self.seat if seat is None else seat)

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions()

    # --- playing -----------------------------------------------------------------------------

    def play(self, action: Action) -> None:
        """Play an action, validated by the engine: an illegal one raises
        :class:`~biriba.core.errors.IllegalAction` and changes nothing."""
        self._state.apply(action)
        self.actions.append(action)
        self._note_news(len(self.actions) - 1, self._state)
        if self._state.is_over:
            self._finished = self.match.finish_hand()

    def bot_step(self) -> Action:
        """Let the bot on turn play one action."""
        state = self._state
        bot = self.bots[state.current]
        assert bot is not None and not state.is_over, "a bot step needs a bot on turn"
        rng = bot_rng(self.deal, len(self.actions))
        action = bot.choose(observe(state, state.current), state.legal_actions(), rng)
        self.play(action)
        return action

    def next_hand(self) -> HandState:
        """Deal the next hand after one has finished."""
        if self._finished is None:
            raise InvalidInputError("the current hand is not over")
        return self._deal(next_hand_seed(self.deal))

    def _deal(self, seed: int) -> HandState:
        self._state = self.match.start_hand(seed=seed)
        self.record.hands.append((Deal(seed=seed), []))
        self._watch_hand(self._state)
        self._finished = None
        return self._state

    def _watch_hand(self, dealt: HandState) -> None:
        """Follow a new hand's biribakia (a saved match's too, as it is replayed on loading)."""
        self._news_watch = NewsWatch(dealt)
        self.news = {}

    def _note_news(self, index: int, state: HandState) -> None:
        news = self._news_watch.news(state)
        if news:
            self.news[index] = news

    # --- saving ------------------------------------------------------------------------------

    def save(self, path: Path) -> None:
        """Write the match record (the format ``biriba replay`` and ``--load`` read)."""
        data = self.record.to_json()
        if self.table is not None:
            data["table"] = self.table.to_json()
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


read_record = read_json_file
"""A saved record's JSON (the shell's reader)."""


@dataclass(frozen=True, slots=True)
class ReplayHand:
    """One hand of a record, every state from the deal to its last action."""

    states: tuple[HandState, ...]
    actions: tuple[Action, ...]
    results_before: tuple[HandResult, ...]
    """The match's finished hands before this one (for the score sheet)."""
    result: HandResult | None
    """This hand's result, when the record plays it to the end."""
    news: tuple[tuple[Reason, ...], ...]
    """Per action, what it did that it does not say (``biriba.core.news``)."""


class ReplayCursor(MoveCursor[ReplayHand]):
    """Steps through a hand or match record, one action at a time, forwards and back."""

    def __init__(self, record: HandRecord | MatchRecord) -> None:
        self.rules = record.rules
        hands: list[ReplayHand] = []
        if isinstance(record, HandRecord):
            hands.append(_replay_hand(record.start(), record.actions, (), None))
        else:
            match = Match(record.rules, record.first_dealer)
            for deal, actions in record.hands:
                state = match.start_hand(deck=deal.deck, seed=deal.seed, cut=deal.cut)
                before = tuple(match.results)
                hands.append(_replay_hand(state, actions, before, match))
        if not hands:
            raise InvalidInputError("the record holds no hand to replay")
        super().__init__(hands)

    @classmethod
    def load(cls, path: Path) -> ReplayCursor:
        data = read_record(path)
        record = MatchRecord.from_json(data) if is_match_record(data) else HandRecord.from_json(data)
        return cls(record)

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def state(self) -> HandState:
        return self.hand.states[self.position]

    @property
    def last_action(self) -> Action | None:
        return self.hand.actions[self.position - 1] if self.position else None


def _replay_hand(
    state: HandState, actions: Sequence[Action], before: tuple[HandResult, ...], match: Match | None
) -> ReplayHand:
    states = [state.clone()]
    watch = NewsWatch(state)
    news = []
    for index, action in enumerate(actions):
        try:
            state.apply(action)
        except IllegalAction as error:  # the record is not a game the rules allow
            raise InvalidInputError(
                f"action {index} of hand {len(before) + 1} ({action}) is illegal: {error}"
            ) from None
        states.append(state.clone())
        news.append(watch.news(state))
    result = None
    if match is not None and state.is_over:
        result = match.finish_hand()
    return ReplayHand(tuple(states), tuple(actions), before, result, tuple(news))
