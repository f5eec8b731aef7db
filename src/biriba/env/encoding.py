"""A fixed, maskable action encoding over card types, and the observation tensor of one seat.

Learning agents want a fixed set of action ids and a mask of the legal ones. Biriba's actions do not
fit a fixed set as they are: a meld action lays any number of melds of any length. So an engine
action is played as a short sequence of **sub-actions** (the way OpenSpiel's gin rummy lays melds one
table entry at a time), each id from one fixed list for the rules:

========================  =====================================================================
sub-action                 meaning
========================  =====================================================================
``DRAW``                   draw (one sub-action is the whole engine action)
``TAKE_PILE``              take the discard pile
``PASS``                   pass (the draw pile is empty)
``REDRAW``                 turn the card just drawn face up and draw again
``BONUS_NONE``             choose no bonus suit (after a Joker upcard)
``BONUS_SUIT + s``         choose bonus suit ``s`` (0..3 for ``S H D C``)
``DISCARD + c``            discard card type ``c`` (0..52, 52 the Joker)
``START_MELD + k``         start a new meld with entry ``k`` of the meld table (three cards)
``EXTEND_MELD + i``        start adding cards to the team's meld number ``i``
``ADD_CARD + c``           add card type ``c`` to the meld being built or extended
``FINISH``                 end a meld action that could still go on
========================  =====================================================================

The meld table lists every three-card meld (a sorted multiset of card types) that the rules allow
and the pack can hold. Every meld of any length holds one, so a new meld is ``START_MELD`` with the
first table entry it holds, then ``ADD_CARD`` for its other cards in card order; an extension is
``EXTEND_MELD`` then ``ADD_CARD`` for each card in card order; an action laying several melds starts
each in turn. :meth:`ActionEncoding.sequence` gives the one canonical sequence of an engine action.

The mask comes from the engine's own list (:meth:`HandState.legal_actions`): the legal sub-actions
after a prefix are the next sub-actions of the sequences of legal actions that begin with it
(:class:`TurnChoices`). A meld action ends by itself when its sequence is a legal action that no
longer legal action continues; where one does, ``FINISH`` ends it. So every engine
legal action is reachable, and every sequence of masked-in sub-actions is one legal action.

The observation (:class:`ObservationLayout`) is one flat float32 vector of named fields, built from
a :class:`SeatView` (what the seat may see) and the seat's own unfinished meld action, with seats
and teams in order from the observing seat: index 0 is the seat itself (or its team).
"""

from __future__ import annotations

import itertools
import math
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from biriba.core.actions import (
    Action,
    ChooseBonusSuit,
    Discard,
    Draw,
    Extend,
    Meld,
    Pass,
    Redraw,
    TakePile,
)
from biriba.core.cards import N_CARD_TYPES, SUITS, Card, card_code
from biriba.core.melds import RUN, SET, WILD, MeldCards, meld_shape
from biriba.core.rules import Rules
from biriba.core.scoring import BiribakiStatus
from biriba.core.state import NO_CARD, Phase
from biriba.core.views import MeldView, SeatView

DRAW, TAKE_PILE, PASS, REDRAW, BONUS_NONE = 0, 1, 2, 3, 4
BONUS_SUIT = 5
"""``BONUS_SUIT + s`` chooses suit ``s``."""
DISCARD = BONUS_SUIT + 4
"""``DISCARD + c`` discards card type ``c``."""
START_MELD = DISCARD + N_CARD_TYPES
"""``START_MELD + k`` starts a new meld with meld table entry ``k``; the ids after it depend on the rules."""


class EncodingError(ValueError):
    """An action or sub-action that the encoding cannot represent or does not allow here."""


def three_card_meld_table(rules: Rules) -> tuple[MeldCards, ...]:
    """Every three-card meld the rules allow and the pack can hold, as sorted card types, sorted.

    Standard rules (two decks, four Jokers) give 1,332 entries.
    """
    copies = [rules.decks] * 52 + [rules.jokers]
    return tuple(
        cards
        for cards in itertools.combinations_with_replacement(range(N_CARD_TYPES), 3)
        if all(cards.count(card) <= copies[card] for card in set(cards))
        and meld_shape(cards, rules.meld_rules) is not None
    )


class ActionEncoding:
    """The sub-action ids of one set of rules, and the canonical sequence of every engine action."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.meld_table = three_card_meld_table(rules)
        self._table_index = {cards: k for k, cards in enumerate(self.meld_table)}
        self.max_melds = (rules.decks * 52 + rules.jokers) // 3
        """The most melds a team can have on the table: the pack holds no more three-card melds."""
        self.extend_meld = START_MELD + len(self.meld_table)
        """``extend_meld + i`` starts extending the team's meld ``i``."""
        self.add_card = self.extend_meld + self.max_melds
        """``add_card + c`` adds card type ``c`` to the meld being built or extended."""
        self.finish = self.add_card + N_CARD_TYPES
        self.num_actions = self.finish + 1
        self._seeds: dict[MeldCards, int] = {}

    # --- engine action -> sub-actions ---------------------------------------------------------

    def sequence(self, action: Action) -> tuple[int, ...]:  # noqa: PLR0911
        """The canonical sub-action sequence of ``action`` (without a closing ``FINISH``).

        Raise :class:`EncodingError` for an action the encoding cannot hold (an extension of a meld
        number beyond :attr:`max_melds`, or a meld holding no three-card meld of the table).
        """
        if type(action) is Discard:  # most of a turn's choices: before the pattern match's class checks
            return (DISCARD + action.card,)
        match action:
            case Draw():
                return (DRAW,)
            case TakePile():
                return (TAKE_PILE,)
            case Pass():
                return (PASS,)
            case Redraw():
                return (REDRAW,)
            case ChooseBonusSuit(_, suit):
                return (BONUS_NONE,) if suit is None else (BONUS_SUIT + suit,)
            case Discard(_, card):
                return (DISCARD + card,)
            case Meld(_, melds):
                steps: list[int] = []
                for cards in melds:
                    seed = self.seed_of(cards)
                    steps.append(START_MELD + seed)
                    steps.extend(self.add_card + card for card in _without(cards, self.meld_table[seed]))
                return tuple(steps)
            case Extend(_, index, cards):
                if not 0 <= index < self.max_melds:
                    raise EncodingError(f"meld number {index} is outside the encoding's 0..{self.max_melds - 1}")
                return (self.extend_meld + index, *(self.add_card + card for card in cards))
        raise EncodingError(f"not an engine action: {action!r}")

    def seed_of(self, cards: MeldCards) -> int:
        """The first meld table entry that the meld ``cards`` (sorted) holds: how the meld is started."""
        seed = self._seeds.get(cards)
        if seed is None:
            found = [
                self._table_index[triple]
                for triple in set(itertools.combinations(cards, 3))
                if triple in self._table_index
            ]
            if not found:
                raise EncodingError(f"the meld {_codes(cards)} holds no three-card meld of the table")
            seed = self._seeds[cards] = min(found)
        return seed

    # --- sub-actions -> engine action --------------------------------------------------------

    def decode(self, seat: int, steps: Sequence[int]) -> Action:  # noqa: PLR0911, PLR0912
        """The engine action of a whole sub-action sequence (a trailing ``FINISH`` is allowed).

        Only the form is checked here; whether the action is legal is the engine's to say.
        """
        steps = list(steps)
        if steps and steps[-1] == self.finish:
            steps.pop()
        if not steps:
            raise EncodingError("an empty sub-action sequence is no action")
        first = steps[0]
        if first < START_MELD:
            if len(steps) != 1:
                raise EncodingError(f"{self.describe(first)} is a whole action: nothing may follow it")
            if first == DRAW:
                return Draw(seat)
            if first == TAKE_PILE:
                return TakePile(seat)
            if first == PASS:
                return Pass(seat)
            if first == REDRAW:
                return Redraw(seat)
            if first == BONUS_NONE:
                return ChooseBonusSuit(seat, None)
            if first < DISCARD:
                return ChooseBonusSuit(seat, first - BONUS_SUIT)
            return Discard(seat, first - DISCARD)
        if self.extend_meld <= first < self.add_card:
            cards = [self._card_of(step) for step in steps[1:]]
            if not cards:
                raise EncodingError("an extension needs at least one card")
            return Extend(seat, first - self.extend_meld, tuple(sorted(cards)))
        melds: list[list[Card]] = []
        for step in steps:
            if START_MELD <= step < self.extend_meld:
                melds.append(list(self.meld_table[step - START_MELD]))
            elif melds:
                melds[-1].append(self._card_of(step))
            else:
                raise EncodingError(f"a meld action starts with a meld table entry, not {self.describe(step)}")
        return Meld(seat, tuple(tuple(sorted(cards)) for cards in melds))

    def _card_of(self, step: int) -> Card:
        if not self.add_card <= step < self.finish:
            raise EncodingError(f"expected an added card, not {self.describe(step)}")
        return step - self.add_card

    def describe(self, step: int) -> str:  # noqa: PLR0911
        """A sub-action in words, e.g. ``discard 7H`` or ``start meld 3H 4H 5H``."""
        if not 0 <= step < self.num_actions:
            raise EncodingError(f"sub-action {step} is outside 0..{self.num_actions - 1}")
        simple = {DRAW: "draw", TAKE_PILE: "take pile", PASS: "pass", REDRAW: "redraw", BONUS_NONE: "no bonus suit"}
        if step in simple:
            return simple[step]
        if step < DISCARD:
            return f"bonus suit {SUITS[step - BONUS_SUIT]}"
        if step < START_MELD:
            return f"discard {card_code(step - DISCARD)}"
        if step < self.extend_meld:
            return f"start meld {_codes(self.meld_table[step - START_MELD])}"
        if step < self.add_card:
            return f"extend meld {step - self.extend_meld}"
        if step < self.finish:
            return f"add {card_code(step - self.add_card)}"
        return "finish"


class TurnChoices:
    """The legal sub-action sequences of one decision: a prefix tree of the engine's legal actions."""

    def __init__(self, encoding: ActionEncoding, legal: Iterable[Action]) -> None:
        self.encoding = encoding
        self.next_steps: dict[tuple[int, ...], set[int]] = {}
        """For every prefix of a legal sequence, the sub-actions that continue it."""
        self.complete: dict[tuple[int, ...], Action] = {}
        """The legal action of every whole sequence."""
        for action in legal:
            steps = encoding.sequence(action)
            self.complete[steps] = action
            for end in range(len(steps)):
                self.next_steps.setdefault(steps[:end], set()).add(steps[end])
        if not self.complete:
            raise EncodingError("no legal action to encode")

    def legal_after(self, prefix: tuple[int, ...]) -> list[int]:
        """The sub-actions allowed after ``prefix`` (sorted): ``FINISH`` when it is a whole legal
        action that a longer one continues."""
        steps = sorted(self.next_steps.get(prefix, ()))
        if steps and prefix in self.complete:
            steps.append(self.encoding.finish)
        return steps

    def action_after(self, prefix: tuple[int, ...], step: int) -> tuple[tuple[int, ...], Action | None]:
        """Play ``step`` after ``prefix``: the new prefix, and the engine action if it is now complete
        (ended by ``FINISH``, or a legal action that nothing continues). Raise :class:`EncodingError`
        if ``step`` is not allowed."""
        if step == self.encoding.finish and prefix in self.complete and prefix in self.next_steps:
            return (), self.complete[prefix]
        if step not in self.next_steps.get(prefix, ()):
            allowed = ", ".join(self.encoding.describe(s) for s in self.legal_after(prefix)[:12])
            last = self.encoding.num_actions - 1
            if not 0 <= step <= last:
                raise EncodingError(f"sub-action {step} is not a sub-action of these rules (0..{last})")
            raise EncodingError(f"{self.encoding.describe(step)} is not legal here (legal: {allowed}, ...)")
        extended = (*prefix, step)
        if extended in self.complete and extended not in self.next_steps:
            return (), self.complete[extended]
        return extended, None


# --- observations -----------------------------------------------------------------------------

PHASES = (Phase.DRAW, Phase.PLAY, Phase.CHOOSE, Phase.OVER)
BIRIBAKI_STATUSES = (BiribakiStatus.NOT_TAKEN, BiribakiStatus.TAKEN, BiribakiStatus.TAKEN_UNPLAYED)
MELD_FEATURES = ("present", "run", "set", "wild", "clean", "biriba", "laid_whole")
SCORE_BOUND = 1e7
MELD_PARTS_KEPT = 1 << 14
"""The most table melds whose observation parts a layout keeps (then it forgets them all)."""
"""Bound of the score fields (cumulative scores before the hand) in the observation space."""


@dataclass(frozen=True, slots=True)
class Field:
    """One named part of the observation vector."""

    name: str
    shape: tuple[int, ...]
    start: int
    stop: int
    high: float
    low: float = 0.0

    @property
    def size(self) -> int:
        return self.stop - self.start


@dataclass(frozen=True, slots=True)
class Pending:
    """The observing seat's own unfinished meld action: what it has chosen so far this decision."""

    steps: tuple[int, ...] = ()


class ObservationLayout:
    """The fields of the observation vector for one set of rules (see ``docs/research.md``).

    Seats are listed from the observing seat on, in turn order; teams from the observing seat's
    team on (in table order while formed partnerships are still to form)."""

    def __init__(self, encoding: ActionEncoding | Rules) -> None:
        """The layout of an action encoding's rules (given the rules, their encoding is made first)."""
        if isinstance(encoding, Rules):
            encoding = ActionEncoding(encoding)
        self.encoding = encoding
        rules = encoding.rules
        players, teams, melds = rules.players, rules.teams, encoding.max_melds
        pack = rules.decks * 52 + rules.jokers
        copies = max(rules.decks, rules.jokers)
        c = N_CARD_TYPES
        specs: list[tuple[str, tuple[int, ...], float, float]] = [
            ("hand", (c,), copies, 0),
            ("known_cards", (players - 1, c), copies, 0),
            ("hand_sizes", (players,), pack, 0),
            ("meld_cards", (teams, melds, c), copies, 0),
            ("meld_info", (teams, melds, len(MELD_FEATURES)), 1, 0),
            ("discard_pile", (c,), copies, 0),
            ("discard_top", (c,), 1, 0),
            ("pile_sizes", (4,), pack, 0),
            ("biribaki", (teams, len(BIRIBAKI_STATUSES)), 1, 0),
            ("bonus_suit", (5,), 1, 0),
            ("partners", (players,), 1, 0),
            ("scores", (players,), SCORE_BOUND, -SCORE_BOUND),
            ("phase", (len(PHASES),), 1, 0),
            ("current", (players,), 1, 0),
            ("flags", (5,), 1, 0),
            ("banned_discard", (c,), 1, 0),
            ("drawn", (c,), 1, 0),
            ("pile_obligation", (c,), 1, 0),
            ("pending_mode", (3,), 1, 0),
            ("pending_meld", (melds,), 1, 0),
            ("pending_cards", (c,), pack, 0),
            ("pending_done", (c,), pack, 0),
        ]
        fields: dict[str, Field] = {}
        start = 0
        for name, shape, high, low in specs:
            stop = start + math.prod(shape)
            fields[name] = Field(name, shape, start, stop, float(high), float(low))
            start = stop
        self.fields = fields
        self.size = start
        self.starts = {name: f.start for name, f in fields.items()}
        """Where each field begins in the flat vector."""
        self._zeros = array("f", bytes(4 * self.size))
        self._meld_parts: dict[tuple[MeldCards, bool], tuple[array[float], array[float]]] = {}

    @cached_property
    def low(self) -> np.ndarray:
        return self._bounds(low=True)

    @cached_property
    def high(self) -> np.ndarray:
        return self._bounds(low=False)

    def _bounds(self, low: bool) -> np.ndarray:
        bounds = np.empty(self.size, dtype=np.float32)
        for f in self.fields.values():
            bounds[f.start : f.stop] = f.low if low else f.high
        return bounds

    def part(self, vector: np.ndarray, name: str) -> np.ndarray:
        """The field ``name`` of an observation vector, in its shape (a view: writes go through); a name
        that is not a field raises ``KeyError`` listing the fields."""
        f = self.fields.get(name)
        if f is None:
            raise KeyError(f"{name!r} is not a field of the observation (fields: {', '.join(self.fields)})")
        return vector[f.start : f.stop].reshape(f.shape)

    def encode(self, view: SeatView, pending: Pending | None = None) -> np.ndarray:
        """The observation vector of ``view``; ``pending`` is the seat's own unfinished meld action.

        Every learning step asks for one, so the work is gathered: runs of numbers go in as slices, and
        every other entry is an index set to one or counted up, in a plain float array that numpy then
        takes over without a copy (numpy's own per-call costs dwarf an observation's few hundred writes).
        """
        rules = view.rules
        players = rules.players
        at = self.starts
        vector = self._zeros[:]
        seats = [(view.seat + k) % players for k in range(players)]
        my_team = view.team
        team_order = list(range(rules.teams))
        if my_team >= 0:
            team_order = team_order[my_team:] + team_order[:my_team]
        ones: list[int] = []
        counted: list[int] = []

        # Card counts are mostly zeros: only the cards held are written (a float array built from 53
        # counts costs more than the few writes).
        _put_counts(vector, at["hand"], view.hand_counts)
        start, known = at["known_cards"], view.known_cards
        for k, other in enumerate(seats[1:]):
            _put_counts(vector, start + k * N_CARD_TYPES, known[other])
        start = at["hand_sizes"]
        vector[start : start + players] = array("f", [view.hand_sizes[s] for s in seats])
        self._encode_melds(vector, [view.melds[team] for team in team_order])
        start = at["discard_pile"]
        counted += [start + card for card in view.discard_pile]
        if view.discard_pile:
            ones.append(at["discard_top"] + view.discard_pile[-1])
        start = at["pile_sizes"]
        vector[start : start + 4] = array(
            "f", (view.discard_pile_size, view.draw_pile_size, len(view.biribakia_left), sum(view.biribakia_left))
        )
        start = at["biribaki"]
        for row, team in enumerate(team_order):
            ones.append(start + row * len(BIRIBAKI_STATUSES) + BIRIBAKI_STATUSES.index(view.biribaki[team]))
        ones.append(at["bonus_suit"] + (4 if view.bonus_suit is None else view.bonus_suit))
        start = at["partners"]
        if my_team >= 0:
            ones += [start + k for k, other in enumerate(seats) if view.seat_team[other] == my_team]
        start = at["scores"]
        vector[start : start + players] = array("f", [view.scores[s] for s in seats])
        ones.append(at["phase"] + PHASES.index(view.phase))
        ones.append(at["current"] + seats.index(view.current))
        public = view.public
        flags = (view.my_turn, view.must_meld_from_pile, public.last_turn, public.no_going_out, my_team >= 0)
        ones += [at["flags"] + k for k, flag in enumerate(flags) if flag]
        if view.banned_discard != NO_CARD:
            ones.append(at["banned_discard"] + view.banned_discard)
        if view.drawn != NO_CARD:
            ones.append(at["drawn"] + view.drawn)
        if public.pile_obligation is not None:
            ones += [at["pile_obligation"] + card for card in public.pile_obligation]
        for index in ones:
            vector[index] = 1.0
        for index in counted:
            vector[index] += 1.0
        observation = np.frombuffer(vector, dtype=np.float32)
        self._encode_pending(observation, pending or Pending())
        return observation

    def _encode_melds(self, vector: array[float], rows: list[tuple[MeldView, ...]]) -> None:
        """Write the teams' table melds, a row of slots per team (the observing seat's team first)."""
        cards_at, info_at, max_melds = self.starts["meld_cards"], self.starts["meld_info"], self.encoding.max_melds
        features = len(MELD_FEATURES)
        meld_parts = self._meld_parts
        for row, melds in enumerate(rows):
            for i, meld in enumerate(melds[:max_melds]):
                slot = row * max_melds + i
                parts = meld_parts.get((meld.cards, meld.laid_whole))
                if parts is None:
                    parts = self._encode_meld(meld)
                base = cards_at + slot * N_CARD_TYPES
                vector[base : base + N_CARD_TYPES] = parts[0]
                base = info_at + slot * features
                vector[base : base + features] = parts[1]

    def _encode_meld(self, meld: MeldView) -> tuple[array[float], array[float]]:
        """A table meld's part of the observation: its card counts and its features, kept for the next
        observations (a meld stays on the table, unchanged, for many steps)."""
        counts = array("f", bytes(4 * N_CARD_TYPES))
        for card in meld.cards:
            counts[card] += 1
        shape = meld.shape
        flags = (True, shape.kind == RUN, shape.kind == SET, shape.kind == WILD, shape.clean)
        features = array("f", (*flags, shape.is_biriba, meld.laid_whole))
        if len(self._meld_parts) >= MELD_PARTS_KEPT:
            self._meld_parts.clear()
        parts = self._meld_parts[meld.cards, meld.laid_whole] = (counts, features)
        return parts

    def _encode_pending(self, vector: np.ndarray, pending: Pending) -> None:
        encoding = self.encoding
        mode = self.part(vector, "pending_mode")
        if not pending.steps:
            mode[0] = 1
            return
        cards = self.part(vector, "pending_cards")
        done = self.part(vector, "pending_done")
        for step in pending.steps:
            if START_MELD <= step < encoding.extend_meld:
                done += cards
                cards[...] = 0
                for card in encoding.meld_table[step - START_MELD]:
                    cards[card] += 1
            elif step < encoding.add_card:
                self.part(vector, "pending_meld")[step - encoding.extend_meld] = 1
            else:
                cards[step - encoding.add_card] += 1
        extending = encoding.extend_meld <= pending.steps[0] < encoding.add_card
        mode[2 if extending else 1] = 1


def _put_counts(vector: array[float], start: int, counts: Sequence[int]) -> None:
    """Write the non-zero ``counts`` (per card type) into ``vector`` from ``start`` on."""
    for card in itertools.compress(range(len(counts)), counts):
        vector[start + card] = counts[card]


def _without(cards: MeldCards, part: MeldCards) -> list[Card]:
    """The cards of ``cards`` that are not in ``part`` (both sorted multisets), in order."""
    rest = list(cards)
    for card in part:
        rest.remove(card)
    return rest


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(card_code(c) for c in cards)


__all__ = [
    "BONUS_NONE",
    "BONUS_SUIT",
    "DISCARD",
    "DRAW",
    "PASS",
    "REDRAW",
    "START_MELD",
    "TAKE_PILE",
    "ActionEncoding",
    "EncodingError",
    "ObservationLayout",
    "Pending",
    "TurnChoices",
    "three_card_meld_table",
]
