"""A live table: its state is the replay of its event log, and it tells each seat only what that seat
may see.

A table plays one game (:mod:`biriba.server.games`: Biriba, Bura, Tyzicha); what differs between games is
there, and this module is the same for all. The log holds two kinds of event: ``action`` (an action in
its game's JSON form: docs/rules.md, docs/bura.md, docs/tyzicha.md; by a person or a bot) and ``deal``
(the next hand is dealt; its data is the new hand's deck). The first hand's deck is stored with the table when it is
created. Every deck is shuffled by the operating system's cryptographic random source
(:data:`biriba.server.games.DEAL_SOURCE`). The log plus the table row rebuild the match exactly.
Nothing else is state: a restarted server (or another server process) replays the log and stands
exactly where the table stood.

Every change goes through :meth:`LiveTable.submit`: it refuses an event made against an old sequence
number, validates it with the engine on a copy of the state, writes it to the log (the database
refuses a second event with the same number), and only then changes the state in memory and sends
each connection its own view.

Two things act for seats on their own: the bots of bot seats, and the turn timer (optional per
table) of people's seats. When a person's turn has lasted ``turn_seconds``, the server plays the
rest of that turn with a sensible bot's choices (the game's ``timeout_bot``), each logged like any
action. The turn's start is the time of the event that began it, written in the log, so a restarted
server (or another process) knows every deadline: nothing about the timer is kept anywhere else.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

from biriba.core.errors import IllegalAction, InvalidInputError, Reason
from biriba.i18n import Words, reason_json
from biriba.server.defaults import STAND_IN_AFTER, THINK_SECONDS
from biriba.server.games import BIRIBA_HINT_BOT, OnlineGame, online_game
from biriba.server.protocol import error_message
from biriba.server.store import Event, Store, TableInfo
from biriba.server.thinking import Thinkers, ThinkingFailed
from biriba.server.wire import (
    AnyHandResultJson,
    AnyMoveJson,
    ChatLine,
    ErrorMessage,
    HintMessage,
    ServerMessage,
    StateMessage,
    StoodInMessage,
)
from biriba.server.writer import EventWriter

log = logging.getLogger("biriba.server")

ENGLISH = Words("en")
"""The words of the English messages every error carries besides its key and facts (logs, simple clients)."""

CHAT_LINES = 50
"""Chat lines a table keeps and shows."""

HINTS_WAITING_PER_WORKER = 4
"""A hint is refused (``busy``) while this many decisions per worker process wait or are computed: a
flood of hints delays no bot by more than that."""

RETRY_FIRST = 0.1
RETRY_LONGEST = 30.0
"""Seconds before a failed move of the server's own is tried again: the first pause, doubled after
each failure in a row, up to the longest."""

Clock = Callable[[], float]
"""Wall-clock seconds since the epoch (``time.time``); turn deadlines are stored and compared in it."""


def bots_of(info: TableInfo, game: OnlineGame) -> dict[int, str]:
    """The bot spec of every seat a bot plays: bot seats, and absent people's stand-ins (each checked:
    a table naming a bot its game does not know does not load)."""
    bots = {s.seat: bot for s in info.seats if (bot := s.playing_bot) is not None}
    for spec in bots.values():
        game.game.make_bot(spec)
    return bots


class Refusal(Exception):
    """An event the table does not accept; carries the error message to send back."""

    def __init__(self, code: str, message: str, rule: str | None = None, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.reason = reason

    def to_message(self) -> ErrorMessage:
        return error_message(self.code, self.message, self.rule, reason_json(self.reason) if self.reason else None)


class SetAside(Exception):
    """A table that could not be loaded from its row and log; the message says why."""


class Listener(Protocol):
    """A connection at the table: it is sent its own view after every change."""

    seat: int | None
    name: str | None
    """The player's name, if the connection said who it is (a spectator may be anonymous)."""

    def send(self, data: ServerMessage) -> None:
        """Queue ``data`` for the connection, without waiting (a table never waits on a socket)."""
        ...


@dataclass(frozen=True, slots=True)
class Submission:
    """An event offered to the table, by ``seat`` (None: by a bot or the server)."""

    seq: int
    kind: str
    data: Any


class LiveTable:
    """One table in memory, rebuilt from its log."""

    def __init__(  # noqa: PLR0913
        self,
        info: TableInfo,
        store: Store,
        bot_delay: float,
        publish: Callable[[str], Awaitable[None]],
        thinkers: Thinkers,
        writer: EventWriter | None = None,
        clock: Clock = time.time,
        hint_bot: str = BIRIBA_HINT_BOT,
        publish_seats: Callable[[str], Awaitable[None]] | None = None,
    ):
        self.info = info
        self.store = store
        self.writer = writer or EventWriter(store)
        self.clock = clock
        self.bot_delay = bot_delay
        self._publish = publish
        self._publish_seat_change = publish_seats
        self.game: OnlineGame = online_game(info.game)
        self.rules: Any = self.game.rules(info.rules)
        self.match: Any = self.game.new_match(self.rules, info.first_dealer)
        """The game's match (:class:`biriba.games.protocol.GameMatch`)."""
        self.hand_index = 0
        self.state: Any = self.game.start_hand(self.match, info, 0)
        """The hand in play (:class:`biriba.games.protocol.GameState`); never changed in place: each
        event makes a new one, so that a worker may be sent it while the table goes on."""
        self.results: list[AnyHandResultJson] = []
        """The finished hands' results, on the wire."""
        self.seq = 0
        """How many events have been applied; the next event gets this number."""
        self.last_action: AnyMoveJson | None = None
        self.moves: list[AnyMoveJson] = []
        """The actions of the hand in play, in order: the table's move log (every action is public)."""
        self.timed_out: int | None = None
        """The seat the turn timer played the newest action for (None: its player did)."""
        self._timer_acting = False
        self.chat: list[ChatLine] = []
        """The newest chat lines, oldest first (kept in memory only: a restart clears the chat)."""
        self.turn_started = info.created_at
        """When the current turn began: the time of the event that gave the seat on turn its turn."""
        self.bots: dict[int, str] = bots_of(info, self.game)
        """The bot spec of each seat a bot plays: bot seats, and absent people's stand-ins (each is checked
        here: a table naming an unknown bot does not load)."""
        self.away_since: dict[int, float] = {s.seat: self.clock() for s in info.seats if s.player_id is not None}
        """People's seats that no connection of this process holds, and since when (the table's loading)."""
        self.stand_in_after = STAND_IN_AFTER
        """Seconds a person must have been away before the others may hand their seat to a bot."""
        self.stand_in_since: dict[int, tuple[int, int]] = {}
        """Where each stand-in this process saw begin took over: the hand's index and how many of its moves
        were made by then (a stand-in begun before the table was loaded counts from its hand's start)."""
        self.thinkers = thinkers
        """Where bots and hints think: worker processes, with a time limit per decision."""
        self.hint_bot = hint_bot
        """The bot spec whose choice a hint gives."""
        self._hints: dict[tuple[int, int], asyncio.Future[Any]] = {}
        """The hints asked for at the current position, by ``(seat, seq)``: each is computed
        once, however often it is asked for."""
        self.listeners: set[Listener] = set()
        self.lock = asyncio.Lock()
        self._bot_task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._timeout_task: asyncio.Task[None] | None = None
        self._closed = False
        self._failures = 0
        """The server's own moves (bots, timer) that failed in a row: the pause before the next try."""

    # --- replaying and applying events -----------------------------------------------------------

    def _check(self, event: Submission) -> Any:
        """Validate an event against the current state: the state after it (an action), or None (a
        deal). Raise :class:`Refusal`; change nothing."""
        if event.kind == "deal":
            if not self.state.is_over:
                raise Refusal("hand_not_over", "the next hand is dealt only when this one is over")
            if self.match.is_over:
                raise Refusal("match_over", "the match is over")
            return None
        try:
            action = self.game.parse_action(event.data)
        except InvalidInputError as error:
            raise Refusal("malformed", str(error)) from None
        trial = self.state.clone()
        try:
            trial.apply(action)
        except IllegalAction as error:
            raise Refusal("illegal", ENGLISH.refusal(error), error.rule, error.reason) from None
        return trial

    def _commit(self, event: Submission, after: Any, at: float) -> None:
        """Make a checked event, written at time ``at``, part of the table's state."""
        before = None if self.state.is_over else self.state.current
        self.timed_out = before if self._timer_acting and event.kind == "action" else None
        if event.kind == "deal":
            self.hand_index += 1
            self.state = self.game.start_hand(self.match, self.info, self.hand_index, event.data)
            self.last_action = None
            self.moves = []
        else:
            assert after is not None
            self.last_action = self.game.move_json(self.game.parse_action(event.data), self.state, after)
            self.state = self.match.hand = after  # the checked copy becomes the hand of the match
            self.moves.append(self.last_action)
            if self.state.is_over:
                self.match.finish_hand()
                self.results.append(self.game.result_json(self.match, self.state))
        if self.state.is_over or self.state.current != before:
            self.turn_started = at
        self.seq += 1

    def replay(self, events: list[Event]) -> None:
        """Apply logged events (at start-up, or written by another server process)."""
        for event in events:
            if event.seq != self.seq:
                raise RuntimeError(f"table {self.info.id}: event {event.seq} follows {self.seq - 1}")
            submission = Submission(event.seq, event.kind, event.data)
            self._commit(submission, self._check(submission), event.created_at)

    async def catch_up(self) -> bool:
        """Read and apply the events other processes wrote since ours (call it holding :attr:`lock`);
        True if there were any. The caller then calls :meth:`schedule`.

        Each event's view goes to the listeners as it is applied, as if this process had taken the
        event itself. By the time a notice arrives, the other process's bots may have written several
        more events; a listener sent only the newest view would miss the moves in between (every
        ``last_action`` but the last). The pause after each view lets every idle outbox take it
        before the next one replaces it; an outbox still busy with an earlier send coalesces, as for
        any lagging connection."""
        events = await asyncio.to_thread(self.store.events, self.info.id, self.seq - 1)
        for event in events:
            self.replay([event])
            if self.listeners:
                self.broadcast()
                await asyncio.sleep(0)
        return bool(events)

    async def submit(self, seat: int | None, event: Submission) -> None:
        """Offer an event made by ``seat`` (None: a bot or the server). Raise :class:`Refusal` if it is
        stale, not this seat's, or illegal; otherwise log it, apply it and tell everyone."""
        grew = False  # events of other processes read on the way: the listeners must see them too
        try:
            async with self.lock:
                if event.seq != self.seq:
                    grew = await self.catch_up()
                if event.seq != self.seq:
                    raise Refusal(
                        "stale",
                        f"made against sequence number {event.seq}, but the table is at {self.seq}: "
                        "it was not applied (the current view follows)",
                    )
                if self.waiting_for_players:
                    raise Refusal("waiting_for_players", "the game begins when every seat is taken")
                if seat is not None and event.kind == "action":
                    claimed = event.data.get("seat") if isinstance(event.data, dict) else None
                    if claimed != seat:
                        raise Refusal("not_your_seat", f"you play seat {seat}, not seat {claimed!r}")
                after = self._check(event)
                if event.kind == "deal":  # the deck is drawn now, and logged with the event
                    event = Submission(event.seq, "deal", self.game.fresh_deal(self.rules))
                at = self.clock()
                if not await self.writer.append(self.info.id, event.seq, event.kind, event.data, at):
                    grew = await self.catch_up()
                    raise Refusal("stale", f"sequence number {event.seq} was already used: it was not applied")
                self._commit(event, after, at)
                if event.kind == "action" and self.state.is_over:  # a hand ended: the history's results
                    await self._save_result()
        except Refusal:
            if grew:  # catch_up has sent the views: the bots and the timer follow the new turn
                self.schedule()
            raise
        await self.changed()
        await self._publish(self.info.id)

    async def _save_result(self) -> None:
        """Write the match's results for the history. The event is in the log already, and the views
        must go out: a failure is logged, and the next hand's end writes the results again."""
        match = self.match
        try:
            await asyncio.to_thread(
                self.store.save_result,
                self.info.id,
                len(match.results),
                self.game.totals(match),
                self.game.winner(match),
                match.is_over,
            )
        except Exception:
            log.exception("table %s: the results of hand %d could not be saved", self.info.id, len(match.results))

    async def changed(self) -> None:
        """Send every listener its view and let a bot play if one is on turn (or start the turn timer)."""
        self.broadcast()
        self.schedule()

    def schedule(self) -> None:
        """Let a bot play if one is on turn, and (re)start the turn timer, after the state changed."""
        self.schedule_bot()
        self.schedule_timer()

    # --- who is at the table ----------------------------------------------------------------------

    async def arrive(self, listener: Listener) -> None:
        """A connection joins (its seat fixed): a person back at their seat takes it over from their stand-in."""
        self.listeners.add(listener)
        seat = listener.seat
        if seat is not None:
            self.away_since.pop(seat, None)
            bot = self.info.seats[seat].stand_in
            if bot is not None:
                listener.send(self.stood_in_message(seat, bot))
                await asyncio.to_thread(self.store.set_stand_in, self.info.id, seat, None)
                await self.reload_seats()
                await self._publish_seats()
        self.broadcast()

    def stood_in_message(self, seat: int, bot: str) -> StoodInMessage:
        """What the stand-in ``bot`` did for ``seat``: the hands it finished, and its moves of the hand in play."""
        hand, made = self.stand_in_since.pop(seat, (self.hand_index, 0))
        since = made if hand == self.hand_index else 0
        moves = [self.game.move_for(move, seat, self.state) for move in self.moves[since:] if move["seat"] == seat]
        return {"type": "stood_in", "seat": seat, "bot": bot, "hands": self.hand_index - hand, "moves": moves}

    def depart(self, listener: Listener) -> None:
        """A connection left: its person's seat is away from now, if no other connection holds it."""
        if listener not in self.listeners:
            return
        self.listeners.discard(listener)
        seat = listener.seat
        if seat is not None and not any(other.seat == seat for other in self.listeners):
            self.away_since[seat] = self.clock()
        self.broadcast()

    def away_for(self, seat: int) -> float | None:
        """Seconds the person of ``seat`` has been away (None: here, or not a person's seat)."""
        since = self.away_since.get(seat)
        return None if since is None else max(0.0, self.clock() - since)

    def stand_in_refusal(self, seat: int) -> str | None:
        """Why the seat may not be handed to a bot now (None: it may)."""
        if not 0 <= seat < len(self.info.seats):
            return f"there is no seat {seat} at this table"
        info = self.info.seats[seat]
        if info.player_id is None:
            return f"seat {seat} is not a person's"
        if info.stand_in is not None:
            return f"a bot already plays seat {seat}"
        away = self.away_for(seat)
        if away is None:
            return f"the player of seat {seat} is here"
        if away < self.stand_in_after:
            return f"the player of seat {seat} has been away {away:.0f} s: wait until {self.stand_in_after:g} s"
        return None

    async def reload_seats(self) -> None:
        """Read who sits where again (someone sat down, a seat changed hands): the bots follow."""
        info = await asyncio.to_thread(self.store.table, self.info.id)
        if info is None:
            return
        for seat in info.seats:
            held = any(listener.seat == seat.seat for listener in self.listeners)
            if seat.player_id is not None and seat.seat not in self.away_since and not held:
                self.away_since[seat.seat] = self.clock()
        if self.waiting_for_players and not any(s.is_open for s in info.seats):
            self.turn_started = self.clock()  # the first turn's time runs from when the last seat was taken
        for seat in info.seats:
            if seat.stand_in is not None and self.info.seats[seat.seat].stand_in is None:
                self.stand_in_since[seat.seat] = (self.hand_index, len(self.moves))
        self.info = info
        self.bots = bots_of(info, self.game)
        self.broadcast()
        self.schedule()

    async def _publish_seats(self) -> None:
        """Tell the other server processes that the seats changed."""
        if self._publish_seat_change is not None:
            await self._publish_seat_change(self.info.id)

    @property
    def deserted_for(self) -> float | None:
        """Seconds since the last person left a table that has people's seats and nobody at them (None:
        someone is here, or the table has no people's seats)."""
        people = [s.seat for s in self.info.seats if s.player_id is not None]
        if not people or any(listener.seat is not None for listener in self.listeners):
            return None
        times = [self.away_since.get(seat) for seat in people]
        if any(when is None for when in times):
            return None
        return max(0.0, self.clock() - max(when for when in times if when is not None))

    # --- the table's chat ------------------------------------------------------------------------------

    def say(self, seat: int, text: str) -> None:
        """A line of the chat from ``seat`` (the connection's rate limit counts it like any message): kept
        with the last :data:`CHAT_LINES` in this process, and in every view from now on. Control characters
        are dropped and runs of spaces made one; a line left empty is refused."""
        clean = " ".join("".join(c if c.isprintable() else " " for c in text).split())
        if not clean:
            raise Refusal("malformed", "a chat line needs some text")
        self.chat = [*self.chat[-(CHAT_LINES - 1) :], {"seat": seat, "text": clean, "at": self.clock()}]
        self.broadcast()

    # --- what each seat sees -------------------------------------------------------------------------

    @property
    def waiting_for_players(self) -> bool:
        """Seats are still open for people: nobody plays (no bot, no timer, no person) until all are taken,
        and until then the host may still turn open seats into bots."""
        return any(s.is_open for s in self.info.seats)

    @property
    def has_people(self) -> bool:
        return any(s.bot is None for s in self.info.seats)

    def state_message(self, seat: int | None) -> StateMessage:
        """Everything ``seat`` may see (None: a spectator, who sees no hand)."""
        state, game, match = self.state, self.game, self.match
        over = state.is_over
        return {
            "type": "state",
            "game": cast(Any, game.name),
            "table": self.info.id,
            "seq": self.seq,
            "seat": seat,
            "hand_number": self.hand_index + 1,
            "view": game.view_json(state, seat),
            "my_turn": seat is not None
            and not over
            and state.current == seat
            and self._made_for_the_person(state) is None,  # the table makes that move at once
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "bot": s.bot,
                    "registered": s.registered,
                    "open": s.is_open,
                    "connected": any(listener.seat == s.seat for listener in self.listeners),
                    "stand_in": s.stand_in,
                    "away_seconds": self.away_for(s.seat),
                }
                for s in self.info.seats
            ],
            "watchers": sum(listener.seat is None for listener in self.listeners),
            "watcher_names": sorted({one.name for one in self.listeners if one.seat is None and one.name is not None}),
            "waiting_for_players": self.waiting_for_players,
            "started": self.seq > 0,
            "host_seat": next((s.seat for s in self.info.seats if s.player_id == self.info.created_by), None),
            "stand_in_after": self.stand_in_after,
            "moves": game.moves_shown(self.moves, seat, state),
            "drawn": game.drawn(state, self.moves, seat),
            "chat": self.chat,
            "timed_out": self.timed_out,
            "last_action": None if self.last_action is None else game.move_for(self.last_action, seat, state),
            "hand_over": over,
            "hand_result": self.results[-1] if over and self.results else None,
            "results": self.results,
            "totals": game.totals(match),
            "sides": game.sides(match),
            "target": game.target(self.rules),
            "match_over": match.is_over,
            "winner": game.winner(match),
            "may_deal": over and not self.match.is_over and (seat is not None or not self.has_people),
            "turn_seconds": self.info.turn_seconds,
            "turn_deadline": self.deadline(),
        }

    def broadcast(self) -> None:
        """Queue every listener its view of the table as it stands now.

        This never awaits: each connection's own outbox sends (and coalesces) its messages, so a slow
        connection holds up nobody, and no later change can slip in between two listeners' views, so
        the views go out in the order of the table's sequence numbers."""
        messages: dict[int | None, StateMessage] = {}
        for listener in list(self.listeners):
            if listener.seat not in messages:
                messages[listener.seat] = self.state_message(listener.seat)
            listener.send(messages[listener.seat])

    async def hint(self, seat: int, language: str) -> HintMessage:
        """The hint for ``seat``; :class:`Refusal` if it is not that seat's turn, if the workers are busy,
        or if the hint ran out of time. A hint is computed once per position (sequence number) and seat,
        then put in the asker's language: asking again gets the same answer, at no cost. The bot thinks
        in a worker process; the state it is sent is never changed in place (each event makes a new one)."""
        state, seq = self.state, self.seq
        if state.is_over or state.current != seat:
            raise Refusal("not_your_turn", "a hint is given on your turn")
        key = (seat, seq)
        asked = self._hints.get(key)
        if asked is None:
            thinkers = self.thinkers
            if thinkers.pending >= thinkers.workers * HINTS_WAITING_PER_WORKER:
                raise Refusal("busy", "the server is thinking for many players: ask for a hint again in a moment")
            self._hints = {k: v for k, v in self._hints.items() if k[1] == seq}  # earlier positions' are done
            asked = self._hints[key] = asyncio.ensure_future(thinkers.hint(self.game.name, self.hint_bot, state))
        try:
            advice = await asyncio.shield(asked)
        except ThinkingFailed as failure:
            raise Refusal("hint_unavailable", f"no hint at this position: {failure}") from None
        return self.game.hint_message(advice, seq, language)

    # --- bots ----------------------------------------------------------------------------------

    def schedule_bot(self) -> None:
        """Start the bot on turn, if a bot is on turn and not already thinking."""
        if self._closed or self.waiting_for_players or (self._bot_task is not None and not self._bot_task.done()):
            return
        state = self.state
        bot_on_turn = not state.is_over and state.current in self.bots
        table_of_bots = state.is_over and not self.match.is_over and not self.has_people
        if bot_on_turn or table_of_bots or self._made_for_the_person(state) is not None:
            self._bot_task = asyncio.get_running_loop().create_task(self._bot_turn())

    def _made_for_the_person(self, state: Any) -> Any | None:
        """The move the table makes for the person on turn, unasked (the game's ``automatic``), if any."""
        if state.is_over or state.current in self.bots:
            return None
        return self.game.game.automatic(state)

    async def _bot_turn(self) -> None:
        """Play one bot move (or deal, at a table of bots), or the move made for a person unasked, at once.
        Any failure but a refusal (the database, a worker) is logged and the move tried again after a pause
        that doubles up to :data:`RETRY_LONGEST`: the table never stops silently."""
        seq = self.seq
        try:
            if self.bot_delay and self._made_for_the_person(self.state) is None:
                await asyncio.sleep(self.bot_delay)
            seq, state = self.seq, self.state
            if state.is_over:
                event = Submission(seq, "deal", {})
            else:
                action = self._made_for_the_person(state)
                if action is None:
                    if state.current not in self.bots:
                        return  # a person is on turn now (the state moved on while the bot waited)
                    action = await self._decide(self.bots[state.current], state)
                event = Submission(seq, "action", self.game.action_json(action))
            await self.submit(None, event)
            self._failures = 0
        except Refusal as refusal:  # another process's bot or a catch-up got there first
            log.debug("table %s: bot event %s refused: %s", self.info.id, seq, refusal.message)
        except Exception:
            await self._after_failure("the bot's move", seq)
        finally:
            self._bot_task = None
        self.schedule_bot()

    async def _after_failure(self, what: str, seq: int) -> None:
        """Log a failed move of the server's own (a bot's, the timer's) and wait before it is tried again."""
        self._failures += 1
        pause = min(RETRY_LONGEST, RETRY_FIRST * 2 ** (self._failures - 1))
        log.exception(
            "table %s: %s at %s failed (%d in a row); trying again in %g s",
            self.info.id,
            what,
            seq,
            self._failures,
            pause,
        )
        await asyncio.sleep(pause)

    async def _decide(self, spec: str, state: Any) -> Any:
        """The bot ``spec``'s action for the seat on turn, thought out in a worker process. A decision
        that runs out of time (or loses its worker) is replaced by the turn timer's bot's, under the
        same limit; :class:`ThinkingFailed` if that fails too."""
        fallback = self.game.timeout_bot
        try:
            return await self.thinkers.choose(self.game.name, spec, state)
        except ThinkingFailed as failure:
            if spec == fallback:
                raise
            log.warning("table %s: bot %r at %s: %s; %s plays", self.info.id, spec, self.seq, failure, fallback)
            return await self.thinkers.choose(self.game.name, fallback, state)

    # --- the turn timer -----------------------------------------------------------------------------

    def deadline(self) -> float | None:
        """When the person on turn runs out of time (seconds since the epoch); between hands, when the
        server deals the next hand if no player has; None without a timer, once the match is over, or
        when a bot is on turn (or deals, at a table of bots) or the table makes the move of the person on turn."""
        seconds = self.info.turn_seconds
        state = self.state
        if seconds is None or self.waiting_for_players:
            return None
        if state.is_over and (self.match.is_over or not self.has_people):
            return None
        if not state.is_over and (state.current in self.bots or self._made_for_the_person(state) is not None):
            return None
        return self.turn_started + seconds

    def schedule_timer(self) -> None:
        """(Re)start the timer for the current turn: a callback at its deadline, none without one."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        deadline = self.deadline()
        if self._closed or deadline is None or (self._timeout_task is not None and not self._timeout_task.done()):
            return
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(max(0.0, deadline - self.clock()), self._time_up)

    def _time_up(self) -> None:
        self._timer = None
        if not self._closed and (self._timeout_task is None or self._timeout_task.done()):
            self._timeout_task = asyncio.get_running_loop().create_task(self._play_timed_out_turn())

    async def _play_timed_out_turn(self) -> None:
        """Play the rest of a turn whose time ran out, one logged action after another (or deal the next
        hand, when the players have not). A failure is logged and tried again, as a bot's move."""
        try:
            while not self._closed:
                deadline, seq, state = self.deadline(), self.seq, self.state
                if deadline is None or self.clock() < deadline:
                    break  # the person played in time, or the turn moved on
                try:
                    if state.is_over:
                        event = Submission(seq, "deal", {})
                    else:
                        action = await self.thinkers.choose(self.game.name, self.game.timeout_bot, state)
                        event = Submission(seq, "action", self.game.action_json(action))
                    self._timer_acting = True
                    try:
                        await self.submit(None, event)
                    finally:
                        self._timer_acting = False
                    self._failures = 0
                except Refusal as refusal:  # the person (or another process) acted at the last moment
                    log.debug("table %s: timed-out move %s refused: %s", self.info.id, seq, refusal.message)
                except Exception:
                    await self._after_failure("the timer's move", seq)
        finally:
            self._timeout_task = None
        self.schedule_timer()

    async def close(self) -> None:
        self._closed = True
        if self._timer is not None:
            self._timer.cancel()
        for task in (self._bot_task, self._timeout_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task


class Tables:
    """The live tables of this process, loaded from the database when first needed."""

    def __init__(  # noqa: PLR0913
        self,
        store: Store,
        bot_delay: float,
        publish: Callable[[str], Awaitable[None]],
        clock: Clock = time.time,
        hint_bot: str = BIRIBA_HINT_BOT,
        thinkers: Thinkers | None = None,
        publish_seats: Callable[[str], Awaitable[None]] | None = None,
        stand_in_after: float = STAND_IN_AFTER,
    ) -> None:
        self.store = store
        self.publish_seats = publish_seats
        self.stand_in_after = stand_in_after
        self.bot_delay = bot_delay
        self.hint_bot = hint_bot
        self.thinkers = thinkers or Thinkers(workers=1, time_limit=THINK_SECONDS)
        self.publish = publish
        self.clock = clock
        self.writer = EventWriter(store)
        self._tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table (loaded and replayed if needed); None if there is no such table. A table that
        cannot be rebuilt from its row and log (rules out of bounds, a bot the server does not know, an
        event the engine refuses) is set aside in the database with the reason, logged, and never tried
        again: :class:`SetAside`. A failure to read the database is raised as it is (it may pass)."""
        table = self._tables.get(table_id)
        if table is not None:
            return table
        async with self._loading:
            table = self._tables.get(table_id)
            if table is not None:
                return table
            info = await asyncio.to_thread(self.store.table, table_id)
            if info is None:
                return None
            if info.error is not None:
                raise SetAside(f"the table was set aside: {info.error}")
            events = await asyncio.to_thread(self.store.events, table_id)
            try:
                table = LiveTable(
                    info,
                    self.store,
                    self.bot_delay,
                    self.publish,
                    self.thinkers,
                    self.writer,
                    self.clock,
                    self.hint_bot,
                    self.publish_seats,
                )
                table.stand_in_after = self.stand_in_after
                await asyncio.to_thread(table.replay, events)  # nobody sees the table before it is stored below
            except Exception as error:
                reason = f"it could not be loaded: {error}"
                log.exception("table %s is set aside: %s", table_id, reason)
                await asyncio.to_thread(self.store.set_aside, table_id, reason)
                raise SetAside(f"the table was set aside: {reason}") from None
            self._tables[table_id] = table
            # A notice that came while the log was being read found no table here and was ignored:
            # read the log once more now that notices reach the table.
            async with table.lock:
                await table.catch_up()
        table.schedule()
        return table

    async def catch_up(self, table_id: str) -> None:
        """Read what other processes added to a loaded table's log, and tell its listeners."""
        table = self._tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            grew = await table.catch_up()
        if grew:
            table.schedule()

    async def catch_up_all(self) -> None:
        """Catch up every loaded table (after notices may have been lost). One table failing does not
        keep the others from catching up."""
        for table_id in list(self._tables):
            try:
                await self.catch_up(table_id)
            except Exception:
                log.exception("table %s could not catch up", table_id)

    async def resume_all(self) -> int:
        """Load every table still being played, so that bots on turn play on and running turn timers
        fire after a restart without anyone opening the table. How many tables were loaded."""
        resumed = 0
        for table_id in await asyncio.to_thread(self.store.table_ids):
            try:
                if await self.get(table_id) is not None:
                    resumed += 1
            except SetAside:
                pass  # logged when it was set aside
            except Exception:  # one broken table must not keep the others from resuming
                log.exception("table %s could not be resumed", table_id)
        return resumed

    def loaded(self, table_id: str) -> LiveTable | None:
        return self._tables.get(table_id)

    async def reload_seats(self, table_id: str) -> None:
        """Seats changed (someone sat down, a seat changed hands): read them again and tell the listeners."""
        table = self._tables.get(table_id)
        if table is not None:
            await table.reload_seats()

    async def close_deserted(self, after: float) -> list[str]:
        """Close the tables whose people all left at least ``after`` seconds ago: they are no longer played
        or listed, and leave memory; their logs stay (records, histories). The tables closed."""
        closed = []
        for table_id, table in list(self._tables.items()):
            deserted = table.deserted_for
            if deserted is None or deserted < after:
                continue
            await asyncio.to_thread(self.store.close_table, table_id)
            await table.close()
            del self._tables[table_id]
            closed.append(table_id)
            log.info("table %s closed: its people left %.0f s ago", table_id, deserted)
        return closed

    async def close(self) -> None:
        for table in self._tables.values():
            await table.close()
        await asyncio.to_thread(self.thinkers.close)
