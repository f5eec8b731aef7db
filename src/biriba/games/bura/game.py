"""Bura (Бура): the rules of a hand, its actions, a seat's view (docs/bura.md).

Two players, 36 cards (6 to Ace), ranked A 10 K Q J 9 8 7 6. Three cards each; the next card turned up
names the trump suit and lies under the stock, drawn last. The non-dealer leads first: one to three
cards of one suit; the other answers with as many cards, any cards, and takes the trick only by beating
every led card with a card of its own (higher in the suit, or a trump against a non-trump). The trick's
winner leads next; both draw back to three cards, the winner first, while the stock holds enough for
both. A player holding a bura (three trumps), three aces or a molodka (three cards of another suit) may
claim the lead out of turn; a bura led wins the hand for whoever takes that trick. A player who believes
their won cards count 31 (A 11, 10 10, K 4, Q 3, J 2) declares it: right, they take the pot; wrong, they
pay the pot's amount into it. If the cards run out before anyone declares, the hand is drawn.

A player's won cards lie face down: the view shows how many cards each player has won, never their
points, so that declaring stays a player's own reckoning (a bot may remember the tricks it saw).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations, permutations
from typing import Any, TypeVar

from biriba.core.cards import ACE, Card, card_code, make_card, parse_cards, rank_of, suit_of
from biriba.core.errors import IllegalAction, InvalidActionError, InvalidInputError
from biriba.core.shuffle import shuffled

RANKS = (6, 7, 8, 9, 10, 11, 12, 13, ACE)
"""The ranks of the pack (the core's rank numbers: 11 J, 12 Q, 13 K, 1 Ace)."""
ORDER = (6, 7, 8, 9, 11, 12, 13, 10, ACE)
"""The ranks from the lowest to the highest: the 10 ranks just below the Ace."""
STRENGTH = {rank: place for place, rank in enumerate(ORDER)}
POINTS = {ACE: 11, 10: 10, 13: 4, 12: 3, 11: 2}
"""Card points by rank; 9 to 6 count nothing."""
PACK: tuple[Card, ...] = tuple(sorted(make_card(rank, suit) for suit in range(4) for rank in RANKS))
"""The 36 cards, one of each."""
HAND_SIZE = 3
DECLARE_POINTS = 31

BURA, THREE_ACES, MOLODKA = "bura", "three-aces", "molodka"
PRIORITY = {BURA: 3, THREE_ACES: 2, MOLODKA: 1}
"""Which special combination takes the lead over which (an equal one: the last trick's winner keeps it)."""

RULE_IDS = (
    "bura.not-now",
    "bura.lead-one-suit",
    "bura.lead-count",
    "bura.answer-count",
    "bura.no-combination",
    "bura.lead-the-combination",
)
"""The rules of Bura an :class:`IllegalAction` may name, besides the core's ``hand-over``,
``not-your-turn`` and ``card-not-in-hand``."""


def strength(card: Card) -> int:
    """The card's place in its suit, 0 (the 6) to 8 (the Ace)."""
    return STRENGTH[rank_of(card)]


def card_points(card: Card) -> int:
    return POINTS.get(rank_of(card), 0)


def points(cards: tuple[Card, ...] | list[Card]) -> int:
    return sum(card_points(card) for card in cards)


def beats(answer: Card, led: Card, trump: int) -> bool:
    """Whether ``answer`` beats ``led`` in a trick of those two cards: higher in the same suit, or a trump
    against a card of another suit."""
    if suit_of(answer) == suit_of(led):
        return strength(answer) > strength(led)
    return suit_of(answer) == trump


def answer_wins(answer: tuple[Card, ...], led: tuple[Card, ...], trump: int) -> bool:
    """Whether the answer takes the trick: each led card beaten by a different card of the answer."""
    return any(all(beats(a, b, trump) for a, b in zip(order, led, strict=True)) for order in permutations(answer))


def combination(hand: tuple[Card, ...] | list[Card], trump: int) -> str | None:
    """The special combination a hand of three cards is, if any: a bura (three trumps), three aces, or a
    molodka (three cards of one other suit)."""
    if len(hand) != HAND_SIZE:
        return None
    if len({suit_of(card) for card in hand}) == 1:
        return BURA if suit_of(hand[0]) == trump else MOLODKA
    if all(rank_of(card) == ACE for card in hand):
        return THREE_ACES
    return None


@dataclass(frozen=True, slots=True)
class BuraRules:
    """The options of a Bura match."""

    tokens: int = 10
    """Each player's tokens at the start of a match."""
    ante: int = 1
    """What each player puts into the pot before every hand."""
    special_leads: bool = True
    """Bura, three aces and molodka may be led out of turn."""

    def __post_init__(self) -> None:
        if self.ante < 1 or self.tokens < self.ante:
            raise InvalidInputError(f"Bura needs an ante of 1 or more and at least one ante of tokens, not {self}")

    def to_json(self) -> dict[str, Any]:
        return {"tokens": self.tokens, "ante": self.ante, "special_leads": self.special_leads}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BuraRules:
        unknown = set(data) - {"tokens", "ante", "special_leads"}
        if unknown:
            raise InvalidInputError(f"unknown Bura option(s): {', '.join(sorted(unknown))}")
        for name in ("tokens", "ante"):
            value = data.get(name, 1)
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidInputError(f"the Bura option {name!r} is a whole number, not {value!r}")
        if not isinstance(data.get("special_leads", True), bool):
            raise InvalidInputError(f"the Bura option 'special_leads' is true or false, not {data['special_leads']!r}")
        return cls(**data)


# --- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lead:
    """Lead one to three cards of one suit (or, out of turn, the special combination claimed)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Answer:
    """Answer a lead with as many cards."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Claim:
    """Announce a special combination to lead it out of turn."""

    seat: int


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare 31 points in the cards won."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Let the moment go: no claim of the lead, or, with no cards left, no declaration."""

    seat: int


BuraAction = Lead | Answer | Claim | Declare | Pass
_KINDS: dict[str, type[BuraAction]] = {"lead": Lead, "answer": Answer, "claim": Claim, "declare": Declare, "pass": Pass}


def action_to_json(action: BuraAction) -> dict[str, Any]:
    kind = next(name for name, cls in _KINDS.items() if isinstance(action, cls))
    data: dict[str, Any] = {"type": kind, "seat": action.seat}
    if isinstance(action, Lead | Answer):
        data["cards"] = [card_code(card) for card in action.cards]
    return data


def action_from_json(data: object) -> BuraAction:
    """An action from its JSON object; a malformed one raises :class:`InvalidActionError` naming the fault."""
    if not isinstance(data, dict):
        raise InvalidActionError(f"a Bura action is a JSON object, not {data!r}")
    kind = data.get("type")
    if kind not in _KINDS:
        raise InvalidActionError(f"unknown Bura action type {kind!r} (known: {', '.join(_KINDS)})")
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
        raise InvalidActionError(f"a Bura action's seat is 0 or 1, not {seat!r}")
    if kind in ("lead", "answer"):
        cards = data.get("cards")
        if not isinstance(cards, list) or not all(isinstance(code, str) for code in cards):
            raise InvalidActionError(f"a {kind} lists its cards as codes, not {cards!r}")
        played = tuple(sorted(parse_cards(cards)))
        return Lead(seat, played) if kind == "lead" else Answer(seat, played)
    if kind == "claim":
        return Claim(seat)
    return Declare(seat) if kind == "declare" else Pass(seat)


# --- the hand ---------------------------------------------------------------------------------------


class Phase(Enum):
    CLAIM = "claim"
    """The player who is not to lead may claim the lead with a special combination."""
    LEAD = "lead"
    ANSWER = "answer"
    LAST_CALL = "last-call"
    """The cards are played out: each player, the last trick's winner first, may still declare."""
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick played: who led what, the answer, and who took it."""

    leader: int
    led: tuple[Card, ...]
    answer: tuple[Card, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: ``winner`` takes the pot (None: no one did); ``how`` is ``declared``, ``bura``,
    ``wrong-declaration`` or ``drawn``; ``penalty`` is what the player who declared wrongly pays in."""

    winner: int | None
    how: str
    declarer: int | None = None
    points: int | None = None
    """The declarer's points, shown when the cards are turned up."""
    penalty: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "how": self.how,
            "declarer": self.declarer,
            "points": self.points,
            "penalty": self.penalty,
        }


@dataclass(frozen=True, slots=True)
class Stakes:
    """What is at stake when a hand is dealt: the pot, and the tokens each player holds besides."""

    pot: int
    tokens: tuple[int, int]


@dataclass
class BuraState:
    """A hand of Bura in progress. ``pot`` is what the pot holds (the antes and what earlier hands left
    in it); ``tokens`` what each player holds besides, which bounds what a wrong declaration pays."""

    rules: BuraRules
    dealer: int
    hands: list[list[Card]]
    stock: list[Card]
    """The next card drawn first; the trump card, turned up under the stock, last."""
    trump_card: Card
    pot: int
    tokens: list[int]
    won: list[list[Card]] = field(default_factory=lambda: [[], []])
    leader: int = 0
    current: int = 0
    phase: Phase = Phase.LEAD
    trick: tuple[Card, ...] = ()
    """The cards led to the trick in progress."""
    tricks: list[Trick] = field(default_factory=list)
    announced: tuple[int, str] | None = None
    """The last special combination announced at this trick: (seat, kind)."""
    claimed: tuple[Card, ...] = ()
    """After a claim that stands: the combination its player must lead."""
    passed_last_call: int = 0
    result: HandResult | None = None

    @property
    def trump(self) -> int:
        return suit_of(self.trump_card)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @classmethod
    def deal(
        cls,
        rules: BuraRules,
        dealer: int,
        seed: int | None = None,
        deck: list[Card] | None = None,
        stakes: Stakes | None = None,
    ) -> BuraState:
        """Deal a hand: three cards each, one at a time from the non-dealer, from ``deck`` (top card first)
        or from the pack shuffled by ``seed``; the next card turned up for trumps, under the stock. The
        ``stakes`` default to a first hand's: both antes in the pot, each player's tokens less the ante."""
        if dealer not in (0, 1):
            raise InvalidInputError(f"dealer {dealer} is not a seat of a 2-player game")
        if deck is None:
            if seed is None:
                raise InvalidInputError("a Bura deal needs a seed or a deck")
            deck = shuffled(list(PACK), seed)
        elif sorted(deck) != list(PACK):
            raise InvalidInputError("a Bura deck is the 36 cards from 6 to Ace, each once")
        first = 1 - dealer
        hands: list[list[Card]] = [[], []]
        for index in range(2 * HAND_SIZE):
            hands[(first + index) % 2].append(deck[index])
        trump_card = deck[2 * HAND_SIZE]
        stock = [*deck[2 * HAND_SIZE + 1 :], trump_card]
        if stakes is None:
            stakes = Stakes(2 * rules.ante, (rules.tokens - rules.ante, rules.tokens - rules.ante))
        state = cls(
            rules,
            dealer,
            [sorted(hand) for hand in hands],
            stock,
            trump_card,
            stakes.pot,
            list(stakes.tokens),
            leader=first,
        )
        state._start_trick()
        return state

    def clone(self) -> BuraState:
        return BuraState(
            self.rules,
            self.dealer,
            [hand[:] for hand in self.hands],
            self.stock[:],
            self.trump_card,
            self.pot,
            self.tokens[:],
            [pile[:] for pile in self.won],
            self.leader,
            self.current,
            self.phase,
            self.trick,
            self.tricks[:],
            self.announced,
            self.claimed,
            self.passed_last_call,
            self.result,
        )

    def fingerprint(self) -> tuple[object, ...]:
        return (
            self.dealer,
            tuple(map(tuple, self.hands)),
            tuple(self.stock),
            self.trump_card,
            self.pot,
            tuple(self.tokens),
            tuple(map(tuple, self.won)),
            self.leader,
            self.current,
            self.phase,
            self.trick,
            tuple(self.tricks),
            self.announced,
            self.claimed,
            self.passed_last_call,
            self.result,
        )

    def won_points(self, seat: int) -> int:
        """The points of the cards ``seat`` has won (what a declaration turns up; not in any view)."""
        return points(self.won[seat])

    # --- what may be done -----------------------------------------------------------------------

    def legal_actions(self) -> list[BuraAction]:
        """Every legal action of the player to act, in a fixed order."""
        seat = self.current
        phase = self.phase
        if phase is Phase.OVER:
            return []
        if phase is Phase.CLAIM:
            holds = combination(self.hands[seat], self.trump) is not None
            return [Claim(seat), Pass(seat)] if holds else [Pass(seat)]
        if phase is Phase.LAST_CALL:
            return [Declare(seat), Pass(seat)]
        hand = self.hands[seat]
        if phase is Phase.ANSWER:
            return [Answer(seat, cards) for cards in combinations(hand, len(self.trick))]
        actions: list[BuraAction] = [Declare(seat)]
        if self.claimed:
            return [*actions, Lead(seat, self.claimed)]
        for size in range(1, len(hand) + 1):
            for cards in combinations(hand, size):
                if len({suit_of(card) for card in cards}) == 1:
                    actions.append(Lead(seat, cards))
        if self.rules.special_leads and combination(hand, self.trump) == THREE_ACES:
            actions.append(Lead(seat, tuple(hand)))
        return actions

    def check(self, action: BuraAction) -> None:
        """Raise :class:`IllegalAction` naming the rule if ``action`` is not legal now; change nothing."""
        if self.phase is Phase.OVER:
            raise IllegalAction("hand-over")
        if action.seat != self.current:
            raise IllegalAction("not-your-turn", seat=self.current)
        allowed = {
            Phase.CLAIM: (Claim, Pass),
            Phase.LAST_CALL: (Declare, Pass),
            Phase.ANSWER: (Answer,),
            Phase.LEAD: (Lead, Declare),
        }[self.phase]
        if not isinstance(action, allowed):
            raise IllegalAction("bura.not-now")
        if isinstance(action, Claim) and combination(self.hands[action.seat], self.trump) is None:
            raise IllegalAction("bura.no-combination")
        if isinstance(action, Lead | Answer):
            missing = tuple(card for card in action.cards if card not in self.hands[action.seat])
            if missing or len(set(action.cards)) != len(action.cards):
                raise IllegalAction("card-not-in-hand", cards=missing or action.cards)
        if isinstance(action, Lead):
            self._check_lead(action.cards)
        elif isinstance(action, Answer) and len(action.cards) != len(self.trick):
            raise IllegalAction("bura.answer-count", count=len(self.trick))

    def _check_lead(self, cards: tuple[Card, ...]) -> None:
        if self.claimed and tuple(sorted(cards)) != self.claimed:
            raise IllegalAction("bura.lead-the-combination", cards=self.claimed)
        if not 1 <= len(cards) <= HAND_SIZE:
            raise IllegalAction("bura.lead-count")
        three_aces = self.rules.special_leads and combination(list(cards), self.trump) == THREE_ACES
        if len({suit_of(card) for card in cards}) != 1 and not three_aces:
            raise IllegalAction("bura.lead-one-suit")

    # --- playing --------------------------------------------------------------------------------

    def apply(self, action: BuraAction) -> None:
        """Play ``action``; an illegal one raises :class:`IllegalAction` and changes nothing."""
        self.check(action)
        if isinstance(action, Claim):
            self._claim(action.seat)
        elif isinstance(action, Pass):
            self._pass(action.seat)
        elif isinstance(action, Declare):
            self._declare(action.seat)
        elif isinstance(action, Lead):
            self._lead(action.seat, tuple(sorted(action.cards)))
        else:
            self._answer(action.seat, tuple(sorted(action.cards)))

    def _claim(self, seat: int) -> None:
        mine = combination(self.hands[seat], self.trump)
        assert mine is not None  # checked
        theirs = combination(self.hands[self.leader], self.trump)
        if theirs is not None and PRIORITY[theirs] >= PRIORITY[mine]:
            # The leader shows an equal or better combination and keeps the lead.
            self.announced = (self.leader, theirs)
        else:
            self.announced = (seat, mine)
            self.leader = seat
            self.claimed = tuple(self.hands[seat])
        self.phase, self.current = Phase.LEAD, self.leader

    def _pass(self, seat: int) -> None:
        if self.phase is Phase.CLAIM:
            self.phase, self.current = Phase.LEAD, self.leader
            return
        self.passed_last_call += 1
        if self.passed_last_call == 2:
            self._end(HandResult(None, "drawn"))
        else:
            self.current = 1 - seat

    def _declare(self, seat: int) -> None:
        count = self.won_points(seat)
        if count >= DECLARE_POINTS:
            self._end(HandResult(seat, "declared", seat, count))
            return
        penalty = min(self.pot, self.tokens[seat])
        self.tokens[seat] -= penalty
        self.pot += penalty
        self._end(HandResult(None, "wrong-declaration", seat, count, penalty))

    def _lead(self, seat: int, cards: tuple[Card, ...]) -> None:
        self.hands[seat] = [card for card in self.hands[seat] if card not in cards]
        self.trick = cards
        self.claimed = ()
        self.phase, self.current = Phase.ANSWER, 1 - seat

    def _answer(self, seat: int, cards: tuple[Card, ...]) -> None:
        self.hands[seat] = [card for card in self.hands[seat] if card not in cards]
        led = self.trick
        winner = seat if answer_wins(cards, led, self.trump) else self.leader
        self.won[winner].extend((*led, *cards))
        self.tricks.append(Trick(self.leader, led, cards, winner))
        self.trick = ()
        if combination(led, self.trump) == BURA:
            self._end(HandResult(winner, "bura"))
            return
        # Both draw back to three, the winner first, while the stock holds enough for both.
        needed = len(led)
        if len(self.stock) >= 2 * needed:
            for _ in range(needed):
                for drawer in (winner, 1 - winner):
                    self.hands[drawer].append(self.stock.pop(0))
            for hand in self.hands:
                hand.sort()
        self.leader = winner
        self._start_trick()

    def _start_trick(self) -> None:
        self.announced = None
        if not self.hands[self.leader]:
            self.phase, self.current = Phase.LAST_CALL, self.leader
            return
        other = 1 - self.leader
        # The window to claim the lead opens whenever the other player holds three cards, a combination
        # or not: if it opened only for a combination, the leader would learn of one that is let be.
        if self.rules.special_leads and len(self.hands[other]) == HAND_SIZE:
            self.phase, self.current = Phase.CLAIM, other
        else:
            self.phase, self.current = Phase.LEAD, self.leader

    def _end(self, result: HandResult) -> None:
        self.result = result
        self.phase = Phase.OVER
        self.current = -1


MoveT = TypeVar("MoveT")


def moves_in_sight(moves: Sequence[MoveT], is_answer: Callable[[MoveT], bool]) -> list[MoveT]:
    """The moves of a hand in play that a table still shows: those of the last trick taken and of the one
    in play. A trick taken goes face down: what was played before it is the players' memory, and so is a
    declaration of 31 (a list of every move would count the points for them)."""
    answers = [index for index, move in enumerate(moves) if is_answer(move)]
    start = answers[-2] + 1 if len(answers) > 1 else 0
    return list(moves[start:])


def automatic_action(state: BuraState) -> BuraAction | None:
    """The pass of a window to claim the lead by a player who holds no combination: the tables make it for
    a person (it is the only move), as at a real table, where such a player does nothing at all."""
    if state.phase is Phase.CLAIM:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
    return None


@dataclass(frozen=True, slots=True)
class BuraView:
    """What one seat sees: its own hand, the table, how many cards each has won (not their points)."""

    rules: BuraRules
    seat: int
    dealer: int
    current: int
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int]
    trump_card: Card
    """Turned up at the deal: everyone saw it (it is drawn last, by whoever draws it)."""
    trump_in_stock: bool
    stock_size: int
    leader: int
    trick: tuple[Card, ...]
    last_trick: Trick | None
    tricks_played: int
    won_cards: tuple[int, int]
    """How many cards each player has won: the piles' thickness, not their points."""
    announced: tuple[int, str] | None
    must_lead: tuple[Card, ...]
    """The seat's own combination it claimed the lead with and must now lead, else empty."""
    pot: int
    tokens: tuple[int, int]
    result: HandResult | None

    @property
    def trump(self) -> int:
        return suit_of(self.trump_card)


def observe(state: BuraState, seat: int) -> BuraView:
    """What ``seat`` sees of ``state``."""
    return BuraView(
        state.rules,
        seat,
        state.dealer,
        state.current,
        state.phase,
        tuple(state.hands[seat]),
        (len(state.hands[0]), len(state.hands[1])),
        state.trump_card,
        bool(state.stock),
        len(state.stock),
        state.leader,
        state.trick,
        state.tricks[-1] if state.tricks else None,
        len(state.tricks),
        (len(state.won[0]), len(state.won[1])),
        state.announced,
        state.claimed if seat == state.current else (),
        state.pot,
        (state.tokens[0], state.tokens[1]),
        state.result,
    )
