"""Tyzicha (Тысяча, Thousand): the rules of a hand, its actions, a seat's view (docs/tyzicha.md).

Three players, 24 cards (9 to Ace), ranked A 10 K Q J 9. Seven cards each and a widow (прикуп) of three.
The bidding starts with the player at the dealer's right and goes to the left (the dealer, then the
dealer's left): 110 to open, then exactly ten more, or pass, for good. When two have passed, the third is
the declarer at their bid; if the first two pass straight away, the third is forced and plays 110 or the
special contract of 100. The widow is shown (not for the forced 100) and taken by the declarer, who gives
one card to each opponent (face up; face down for the forced 100), then may raise the contract by tens
(not the forced 100), concede it (minus the contract, each opponent +40), or lead. Every player follows
suit, else plays a trump, else any card, and must head the trick when a card they may play can win it.
There is no trump at first: a marriage (марьяж: King and Queen of a suit) shown by the leader, one of
them led, makes its suit trumps and scores hearts 100, diamonds 80, clubs 60, spades 40. Card points:
A 11, 10 10, K 4, Q 3, J 2 (120 in the pack). A contract made scores its value; a broken one its value
less, and then the opponents score their own points.

Seats are numbered in the order of play: seat ``k + 1`` (mod 3) is at seat ``k``'s left and plays after
it. Tricks lie face down once taken: the view shows every trick as it was played (each player saw them)
and how many each player took, never a total of points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, TypeGuard

from biriba.core.cards import ACE, Card, card_code, make_card, parse_card, rank_of, suit_of
from biriba.core.errors import IllegalAction, InvalidActionError, InvalidInputError, InvalidRulesError
from biriba.core.shuffle import shuffled

PLAYERS = 3
RANKS = (9, 10, 11, 12, 13, ACE)
"""The ranks of the pack (the core's rank numbers: 11 J, 12 Q, 13 K, 1 Ace)."""
ORDER = (9, 11, 12, 13, 10, ACE)
"""The ranks from the lowest to the highest: the 10 ranks just below the Ace."""
STRENGTH = {rank: place for place, rank in enumerate(ORDER)}
POINTS = {ACE: 11, 10: 10, 13: 4, 12: 3, 11: 2}
"""Card points by rank; the 9 counts nothing."""
PACK: tuple[Card, ...] = tuple(sorted(make_card(rank, suit) for suit in range(4) for rank in RANKS))
"""The 24 cards, one of each."""
KING, QUEEN = 13, 12
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
MARRIAGE_POINTS = {HEARTS: 100, DIAMONDS: 80, CLUBS: 60, SPADES: 40}
"""What a marriage (K and Q of a suit) scores, by suit."""
HAND_SIZE = 7
WIDOW_SIZE = 3
TRICKS = 8
"""Tricks in a hand: eight cards each once the declarer has given one to each opponent."""
OPENING_BID = 110
FORCED_CONTRACT = 100
BID_STEP = 10
MAX_CONTRACT = 120 + sum(MARRIAGE_POINTS.values())
"""400: every card point and every marriage. A bid above it could never be made; bidding stops here."""
CONCEDE_POINTS = 40
"""What each opponent scores when the declarer concedes."""

RULE_IDS = (
    "tyzicha.not-now",
    "tyzicha.bid-too-low",
    "tyzicha.bid-by-ten",
    "tyzicha.bid-too-high",
    "tyzicha.forced",
    "tyzicha.forced-contract",
    "tyzicha.give-each-once",
    "tyzicha.no-raise-at-100",
    "tyzicha.raise-too-low",
    "tyzicha.raise-by-tens",
    "tyzicha.must-follow",
    "tyzicha.must-trump",
    "tyzicha.must-head",
    "tyzicha.marriage-when-leading",
    "tyzicha.no-marriage",
    "tyzicha.marriage-first-trick",
)
"""The rules of Tyzicha an :class:`IllegalAction` may name, besides the core's ``hand-over``,
``not-your-turn`` and ``card-not-in-hand``."""


def strength(card: Card) -> int:
    """The card's place in its suit, 0 (the 9) to 5 (the Ace)."""
    return STRENGTH[rank_of(card)]


def card_points(card: Card) -> int:
    return POINTS.get(rank_of(card), 0)


def points(cards: Sequence[Card]) -> int:
    return sum(card_points(card) for card in cards)


def left_of(seat: int) -> int:
    """The seat at ``seat``'s left, who plays after it."""
    return (seat + 1) % PLAYERS


def first_bidder(dealer: int) -> int:
    """The player at the dealer's right bids first; the dealer next; the dealer's left last."""
    return (dealer + PLAYERS - 1) % PLAYERS


def partner_of(card: Card) -> Card | None:
    """The other half of a marriage: the Queen of a King's suit, the King of a Queen's; else None."""
    rank = rank_of(card)
    if rank == KING:
        return make_card(QUEEN, suit_of(card))
    if rank == QUEEN:
        return make_card(KING, suit_of(card))
    return None


def marriage_suits(hand: Sequence[Card]) -> list[int]:
    """The suits whose King and Queen are both in ``hand``."""
    held = set(hand)
    return [suit for suit in range(4) if make_card(KING, suit) in held and make_card(QUEEN, suit) in held]


def beats(card: Card, best: Card, trump: int | None) -> bool:
    """Whether ``card`` beats ``best``, the card winning the trick so far: higher in its suit, or a trump
    against a card of another suit."""
    if suit_of(card) == suit_of(best):
        return strength(card) > strength(best)
    return suit_of(card) == trump


def winning_index(cards: Sequence[Card], trump: int | None) -> int:
    """The place in ``cards`` (in the order played) of the card that wins them so far."""
    best = 0
    for index in range(1, len(cards)):
        if beats(cards[index], cards[best], trump):
            best = index
    return best


def playable(hand: Sequence[Card], trick: tuple[Card, ...], trump: int | None) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards played to it so far): any to lead;
    else the led suit, else a trump, else any; and of those, the ones that win the trick so far, if any
    (a player must head the trick)."""
    if not trick:
        return sorted(hand)
    led = suit_of(trick[0])
    allowed = [card for card in hand if suit_of(card) == led]
    if not allowed and trump is not None:
        allowed = [card for card in hand if suit_of(card) == trump]
    if not allowed:
        allowed = list(hand)
    best = trick[winning_index(trick, trump)]
    heading = [card for card in allowed if beats(card, best, trump)]
    return sorted(heading or allowed)


def round_points(value: int, step: int) -> int:
    """``value`` to the nearest multiple of ``step``, halves up (step 5: 2 down to 0, 3 up to 5)."""
    return (value + step // 2) // step * step


@dataclass(frozen=True, slots=True)
class TyzichaRules:
    """The options of a Tyzicha match: where the rules are silent or tables differ (docs/tyzicha.md)."""

    made_when_equal: bool = False
    """A total equal to the contract makes it. The rules make a contract when the total *exceeds* it;
    many tables count a total that reaches it."""
    opponents_score: str = "broken"
    """When the declarer's opponents score their own points: ``broken`` (the rules: only when the contract
    is broken) or ``always`` (common at the table)."""
    opponent_marriages: bool = True
    """An opponent's points include the marriages they showed (the rules: "calculated the same way")."""
    round_to: int = 1
    """Opponents' points rounded to the nearest multiple of this: 1 (not at all), 5 or 10."""
    marriage_on_first_trick: bool = True
    """A marriage may be shown at the first trick (the rules allow one whenever a player leads; many tables
    wait until the declarer has taken a trick)."""
    target: int = 1001
    """The score that wins the match; a player who is not the declarer is held one below it."""

    def __post_init__(self) -> None:
        for name in ("made_when_equal", "opponent_marriages", "marriage_on_first_trick"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidRulesError(f"Tyzicha option {name!r} is true or false, not {getattr(self, name)!r}")
        if self.opponents_score not in OPPONENTS_SCORE:
            raise InvalidRulesError(
                f"Tyzicha option 'opponents_score' is one of {', '.join(OPPONENTS_SCORE)}, not {self.opponents_score!r}"
            )
        if not _whole(self.round_to) or self.round_to not in ROUND_TO:
            raise InvalidRulesError(f"Tyzicha option 'round_to' is 1, 5 or 10, not {self.round_to!r}")
        if not _whole(self.target) or not 1 <= self.target <= 100_000:
            raise InvalidRulesError(f"Tyzicha option 'target' is a whole number from 1 to 100000, not {self.target!r}")

    @property
    def cap(self) -> int:
        """The most a player who is not the declarer may reach: 1,000."""
        return self.target - 1

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in OPTIONS}

    @classmethod
    def from_json(cls, data: object) -> TyzichaRules:
        """The rules of a JSON object of options (missing ones take their defaults); an unknown option or a
        value of the wrong kind raises :class:`InvalidRulesError` naming it."""
        if not isinstance(data, dict):
            raise InvalidRulesError(f"Tyzicha rules are an object of options, not {data!r}")
        unknown = set(data) - set(OPTIONS)
        if unknown:
            raise InvalidRulesError(
                f"unknown Tyzicha option(s): {', '.join(sorted(map(str, unknown)))} (known: {', '.join(OPTIONS)})"
            )
        return cls(**data)


OPTIONS = ("made_when_equal", "opponents_score", "opponent_marriages", "round_to", "marriage_on_first_trick", "target")
OPPONENTS_SCORE = ("broken", "always")
ROUND_TO = (1, 5, 10)


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# --- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``value`` in the auction (110, then ten more each time), or, forced, choose 110 or 100."""

    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Drop out of the bidding for this hand."""

    seat: int


@dataclass(frozen=True, slots=True)
class Give:
    """The declarer gives ``card`` to the opponent ``to``: one card to each."""

    seat: int
    card: Card
    to: int


@dataclass(frozen=True, slots=True)
class Raise:
    """The declarer raises the contract to ``value`` (a multiple of ten above it) and plays."""

    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class Concede:
    """The declarer gives up the hand: minus the contract, each opponent +40."""

    seat: int


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``; leading a King or Queen whose partner is held, ``marriage`` shows both and makes
    the suit trumps."""

    seat: int
    card: Card
    marriage: bool = False


TyzichaAction = Bid | Pass | Give | Raise | Concede | Play
_KINDS: dict[str, type[TyzichaAction]] = {
    "bid": Bid,
    "pass": Pass,
    "give": Give,
    "raise": Raise,
    "concede": Concede,
    "play": Play,
}
_FIELDS: dict[str, tuple[str, ...]] = {
    "bid": ("value",),
    "pass": (),
    "give": ("card", "to"),
    "raise": ("value",),
    "concede": (),
    "play": ("card", "marriage"),
}


def action_to_json(action: TyzichaAction) -> dict[str, Any]:
    kind = next(name for name, cls in _KINDS.items() if isinstance(action, cls))
    data: dict[str, Any] = {"type": kind, "seat": action.seat}
    if isinstance(action, Bid | Raise):
        data["value"] = action.value
    elif isinstance(action, Give):
        data["card"], data["to"] = card_code(action.card), action.to
    elif isinstance(action, Play):
        data["card"] = card_code(action.card)
        if action.marriage:
            data["marriage"] = True
    return data


def action_from_json(data: object) -> TyzichaAction:
    """An action from its JSON object; a malformed one raises :class:`InvalidActionError` naming the fault."""
    if not isinstance(data, dict):
        raise InvalidActionError(f"a Tyzicha action is a JSON object, not {data!r}")
    kind = data.get("type")
    if kind not in _KINDS:
        raise InvalidActionError(f"unknown Tyzicha action type {kind!r} (known: {', '.join(_KINDS)})")
    unknown = set(data) - {"type", "seat", *_FIELDS[kind]}
    if unknown:
        raise InvalidActionError(f"a Tyzicha {kind} has no field(s) {', '.join(sorted(map(str, unknown)))}")
    seat = _seat(data.get("seat"), "seat")
    if kind in ("bid", "raise"):
        value = data.get("value")
        if not _whole(value):
            raise InvalidActionError(f"a Tyzicha {kind}'s value is a whole number, not {value!r}")
        return (Bid if kind == "bid" else Raise)(seat, value)
    if kind == "give":
        return Give(seat, _card(data.get("card"), kind), _seat(data.get("to"), "to"))
    if kind == "play":
        marriage = data.get("marriage", False)
        if not isinstance(marriage, bool):
            raise InvalidActionError(f"a Tyzicha play's marriage is true or false, not {marriage!r}")
        return Play(seat, _card(data.get("card"), kind), marriage)
    return Pass(seat) if kind == "pass" else Concede(seat)


def _seat(value: object, name: str) -> int:
    if not _whole(value) or value not in range(PLAYERS):
        raise InvalidActionError(f"a Tyzicha action's {name} is a seat, 0, 1 or 2, not {value!r}")
    return value


def _card(code: object, kind: str) -> Card:
    if not isinstance(code, str):
        raise InvalidActionError(f"a Tyzicha {kind} names its card by its code, not {code!r}")
    card = parse_card(code)
    if card not in PACK:
        raise InvalidActionError(f"{card_code(card)} is not a card of the Tyzicha pack (9 to Ace)")
    return card


# --- the hand ---------------------------------------------------------------------------------------


class Phase(Enum):
    BID = "bid"
    FORCED = "forced"
    """The first two players passed: the third chooses 110 or the forced 100."""
    GIVE = "give"
    """The declarer has taken the widow and gives one card to each opponent."""
    DECLARE = "declare"
    """The declarer raises, concedes, or leads the first trick."""
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick played: its leader, the cards in the order played (the leader's first, then to the left),
    the trump that held for it (None: no trump yet) and who took it."""

    leader: int
    cards: tuple[Card, ...]
    trump: int | None
    winner: int

    def seat_of(self, index: int) -> int:
        return (self.leader + index) % PLAYERS


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended and what each seat scores (before the match's cap of non-declarers at 1,000).

    ``how`` is ``made``, ``broken`` or ``conceded``; ``card_points`` and ``marriage_points`` are each seat's
    (zero when conceded); ``scores`` what each seat's score changes by."""

    declarer: int
    contract: int
    forced: bool
    how: str
    card_points: tuple[int, int, int]
    marriage_points: tuple[int, int, int]
    scores: tuple[int, int, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "declarer": self.declarer,
            "contract": self.contract,
            "forced": self.forced,
            "how": self.how,
            "card_points": list(self.card_points),
            "marriage_points": list(self.marriage_points),
            "scores": list(self.scores),
        }


@dataclass
class TyzichaState:
    """A hand of Tyzicha in progress."""

    rules: TyzichaRules
    dealer: int
    hands: list[list[Card]]
    widow: tuple[Card, ...]
    """The three cards of the widow as dealt (kept once the declarer has taken them)."""
    phase: Phase = Phase.BID
    current: int = 0
    bids: list[tuple[int, int | None]] = field(default_factory=list)
    """The auction in order: (seat, bid), None for a pass; a forced player's choice ends it."""
    declarer: int | None = None
    contract: int = 0
    forced: bool = False
    """The declarer was forced and took the contract of 100."""
    given: list[tuple[int, Card]] = field(default_factory=list)
    """The cards the declarer gave: (to whom, the card), in order."""
    raised: bool = False
    trump: int | None = None
    marriages: list[tuple[int, int]] = field(default_factory=list)
    """The marriages shown: (seat, suit), in order."""
    leader: int = 0
    trick: list[Card] = field(default_factory=list)
    """The cards played to the trick in progress, the leader's first."""
    tricks: list[Trick] = field(default_factory=list)
    result: HandResult | None = None

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @classmethod
    def deal(
        cls, rules: TyzichaRules, dealer: int, seed: int | None = None, deck: list[Card] | None = None
    ) -> TyzichaState:
        """Deal a hand from ``deck`` (top card first) or from the pack shuffled by ``seed``: one card at a
        time to the left, from the dealer's left, seven each; the last three are the widow. The player at the
        dealer's right bids first."""
        if dealer not in range(PLAYERS):
            raise InvalidInputError(f"dealer {dealer} is not a seat of a 3-player game")
        if deck is None:
            if seed is None:
                raise InvalidInputError("a Tyzicha deal needs a seed or a deck")
            deck = shuffled(list(PACK), seed)
        elif sorted(deck) != list(PACK):
            raise InvalidInputError("a Tyzicha deck is the 24 cards from 9 to Ace, each once")
        hands: list[list[Card]] = [[], [], []]
        for index in range(PLAYERS * HAND_SIZE):
            hands[(dealer + 1 + index) % PLAYERS].append(deck[index])
        widow = tuple(deck[PLAYERS * HAND_SIZE :])
        first = first_bidder(dealer)
        return cls(rules, dealer, [sorted(hand) for hand in hands], widow, current=first, leader=first)

    def clone(self) -> TyzichaState:
        return TyzichaState(
            self.rules,
            self.dealer,
            [hand[:] for hand in self.hands],
            self.widow,
            self.phase,
            self.current,
            self.bids[:],
            self.declarer,
            self.contract,
            self.forced,
            self.given[:],
            self.raised,
            self.trump,
            self.marriages[:],
            self.leader,
            self.trick[:],
            self.tricks[:],
            self.result,
        )

    def fingerprint(self) -> tuple[object, ...]:
        return (
            self.rules,
            self.dealer,
            tuple(map(tuple, self.hands)),
            self.widow,
            self.phase,
            self.current,
            tuple(self.bids),
            self.declarer,
            self.contract,
            self.forced,
            tuple(self.given),
            self.raised,
            self.trump,
            tuple(self.marriages),
            self.leader,
            tuple(self.trick),
            tuple(self.tricks),
            self.result,
        )

    # --- what the table knows -------------------------------------------------------------------

    @property
    def passed(self) -> set[int]:
        return {seat for seat, value in self.bids if value is None}

    @property
    def high_bid(self) -> int | None:
        """The highest bid of the auction so far (None: no one has bid)."""
        return max((value for _, value in self.bids if value is not None), default=None)

    def next_bid(self) -> int:
        """The one bid the player to act may make: 110 to open, else ten more than the highest."""
        high = self.high_bid
        return OPENING_BID if high is None else high + BID_STEP

    def opponents(self) -> tuple[int, int]:
        assert self.declarer is not None
        return left_of(self.declarer), left_of(left_of(self.declarer))

    def won_cards(self, seat: int) -> list[Card]:
        return [card for trick in self.tricks if trick.winner == seat for card in trick.cards]

    def trick_points(self, seat: int) -> int:
        """The card points of the tricks ``seat`` has taken (not in any view)."""
        return points(self.won_cards(seat))

    def marriage_points(self, seat: int) -> int:
        return sum(MARRIAGE_POINTS[suit] for who, suit in self.marriages if who == seat)

    def may_show_marriage(self) -> bool:
        """Whether the player to act may show a marriage now: leading, and not the first trick unless the
        rules allow it."""
        return not self.trick and (self.rules.marriage_on_first_trick or bool(self.tricks))

    # --- what may be done -----------------------------------------------------------------------

    def legal_actions(self) -> list[TyzichaAction]:
        """Every legal action of the player to act, in a fixed order."""
        seat, phase = self.current, self.phase
        if phase is Phase.OVER:
            return []
        if phase is Phase.BID:
            bid = self.next_bid()
            return [*([Bid(seat, bid)] if bid <= MAX_CONTRACT else []), Pass(seat)]
        if phase is Phase.FORCED:
            return [Bid(seat, FORCED_CONTRACT), Bid(seat, OPENING_BID)]
        if phase is Phase.GIVE:
            receivers = [to for to in self.opponents() if to not in {to for to, _ in self.given}]
            return [Give(seat, card, to) for to in receivers for card in self.hands[seat]]
        actions: list[TyzichaAction] = []
        if phase is Phase.DECLARE:
            if not self.forced:
                actions += [Raise(seat, value) for value in range(self.contract + BID_STEP, MAX_CONTRACT + 1, BID_STEP)]
            actions.append(Concede(seat))
        return actions + self._plays(seat)

    def _plays(self, seat: int) -> list[TyzichaAction]:
        hand = self.hands[seat]
        plays: list[TyzichaAction] = []
        marriages = marriage_suits(hand) if self.may_show_marriage() else []
        for card in playable(hand, tuple(self.trick), self.trump):
            plays.append(Play(seat, card))
            if suit_of(card) in marriages and rank_of(card) in (KING, QUEEN):
                plays.append(Play(seat, card, True))
        return plays

    def check(self, action: TyzichaAction) -> None:
        """Raise :class:`IllegalAction` naming the rule if ``action`` is not legal now; change nothing."""
        if self.phase is Phase.OVER:
            raise IllegalAction("hand-over")
        if action.seat != self.current:
            raise IllegalAction("not-your-turn", seat=self.current)
        allowed = {
            Phase.BID: (Bid, Pass),
            Phase.FORCED: (Bid, Pass),
            Phase.GIVE: (Give,),
            Phase.DECLARE: (Raise, Concede, Play),
            Phase.PLAY: (Play,),
        }[self.phase]
        if not isinstance(action, allowed):
            raise IllegalAction("tyzicha.not-now")
        if isinstance(action, Bid | Pass):
            self._check_bid(action)
        elif isinstance(action, Give):
            self._check_give(action)
        elif isinstance(action, Raise):
            self._check_raise(action.value)
        elif isinstance(action, Play):
            self._check_play(action)

    def _check_bid(self, action: Bid | Pass) -> None:
        if self.phase is Phase.FORCED:
            if isinstance(action, Pass):
                raise IllegalAction("tyzicha.forced")
            if action.value not in (FORCED_CONTRACT, OPENING_BID):
                raise IllegalAction("tyzicha.forced-contract", bid=action.value)
            return
        if isinstance(action, Pass):
            return
        expected = self.next_bid()
        if action.value > MAX_CONTRACT:
            raise IllegalAction("tyzicha.bid-too-high", bid=action.value, most=MAX_CONTRACT)
        if action.value < expected:
            raise IllegalAction("tyzicha.bid-too-low", bid=action.value, least=expected)
        if action.value != expected:
            raise IllegalAction("tyzicha.bid-by-ten", bid=action.value, expected=expected)

    def _check_give(self, action: Give) -> None:
        if action.card not in self.hands[action.seat]:
            raise IllegalAction("card-not-in-hand", cards=(action.card,))
        if action.to not in self.opponents() or action.to in {to for to, _ in self.given}:
            raise IllegalAction("tyzicha.give-each-once", seat=action.to)

    def _check_raise(self, value: int) -> None:
        if self.forced:
            raise IllegalAction("tyzicha.no-raise-at-100")
        if value <= self.contract:
            raise IllegalAction("tyzicha.raise-too-low", bid=value, least=self.contract + BID_STEP)
        if value % BID_STEP:
            raise IllegalAction("tyzicha.raise-by-tens", bid=value)
        if value > MAX_CONTRACT:
            raise IllegalAction("tyzicha.bid-too-high", bid=value, most=MAX_CONTRACT)

    def _check_play(self, action: Play) -> None:
        hand = self.hands[action.seat]
        if action.card not in hand:
            raise IllegalAction("card-not-in-hand", cards=(action.card,))
        if action.marriage:
            if self.trick:
                raise IllegalAction("tyzicha.marriage-when-leading")
            if not self.may_show_marriage():
                raise IllegalAction("tyzicha.marriage-first-trick")
            partner = partner_of(action.card)
            if partner is None or partner not in hand:
                raise IllegalAction("tyzicha.no-marriage", card=action.card)
        if action.card in playable(hand, tuple(self.trick), self.trump):
            return
        led, suit = suit_of(self.trick[0]), suit_of(action.card)
        suits = {suit_of(card) for card in hand}
        if led in suits and suit != led:
            raise IllegalAction("tyzicha.must-follow", suit=led)
        if led not in suits and self.trump in suits and suit != self.trump:
            raise IllegalAction("tyzicha.must-trump", suit=self.trump)
        raise IllegalAction("tyzicha.must-head")

    # --- playing --------------------------------------------------------------------------------

    def apply(self, action: TyzichaAction) -> None:
        """Play ``action``; an illegal one raises :class:`IllegalAction` and changes nothing."""
        self.check(action)
        if isinstance(action, Bid):
            self._bid(action.seat, action.value)
        elif isinstance(action, Pass):
            self._pass(action.seat)
        elif isinstance(action, Give):
            self._give(action)
        elif isinstance(action, Raise):
            self.contract, self.raised, self.phase = action.value, True, Phase.PLAY
        elif isinstance(action, Concede):
            self._concede()
        else:
            self._play(action)

    def _bid(self, seat: int, value: int) -> None:
        self.bids.append((seat, value))
        if self.phase is Phase.FORCED:
            self.forced = value == FORCED_CONTRACT
            self._take_widow(seat, value)
            return
        self.current = self._next_bidder(seat)

    def _pass(self, seat: int) -> None:
        self.bids.append((seat, None))
        if len(self.passed) < 2:
            self.current = self._next_bidder(seat)
            return
        last = next(other for other in range(PLAYERS) if other not in self.passed)
        high = self.high_bid
        if high is None:
            # The first two passed straight away: the third is forced to play.
            self.phase, self.current = Phase.FORCED, last
        else:
            self._take_widow(last, high)

    def _next_bidder(self, seat: int) -> int:
        following = left_of(seat)
        while following in self.passed:
            following = left_of(following)
        return following

    def _take_widow(self, declarer: int, contract: int) -> None:
        """The auction is over: the widow (shown to all but for the forced 100) goes to the declarer."""
        self.declarer, self.contract = declarer, contract
        self.hands[declarer] = sorted([*self.hands[declarer], *self.widow])
        self.phase, self.current, self.leader = Phase.GIVE, declarer, declarer

    def _give(self, action: Give) -> None:
        self.hands[action.seat].remove(action.card)
        self.hands[action.to] = sorted([*self.hands[action.to], action.card])
        self.given.append((action.to, action.card))
        if len(self.given) == PLAYERS - 1:
            self.phase = Phase.DECLARE

    def _concede(self) -> None:
        declarer = self.declarer
        assert declarer is not None
        scores = [CONCEDE_POINTS] * PLAYERS
        scores[declarer] = -self.contract
        self._end(HandResult(declarer, self.contract, self.forced, "conceded", (0, 0, 0), (0, 0, 0), _three(scores)))

    def _play(self, action: Play) -> None:
        seat = action.seat
        self.phase = Phase.PLAY
        if action.marriage:
            self.trump = suit_of(action.card)
            self.marriages.append((seat, self.trump))
        self.hands[seat].remove(action.card)
        self.trick.append(action.card)
        if len(self.trick) < PLAYERS:
            self.current = left_of(seat)
            return
        winner = (self.leader + winning_index(self.trick, self.trump)) % PLAYERS
        self.tricks.append(Trick(self.leader, tuple(self.trick), self.trump, winner))
        self.trick = []
        self.leader = self.current = winner
        if len(self.tricks) == TRICKS:
            self._score()

    def _score(self) -> None:
        declarer = self.declarer
        assert declarer is not None
        cards = _three([self.trick_points(seat) for seat in range(PLAYERS)])
        marriages = _three([self.marriage_points(seat) for seat in range(PLAYERS)])
        self._end(replace(score_hand(self.rules, declarer, self.contract, cards, marriages), forced=self.forced))

    def _end(self, result: HandResult) -> None:
        self.result = result
        self.phase = Phase.OVER
        self.current = -1


def _three(values: list[int]) -> tuple[int, int, int]:
    return values[0], values[1], values[2]


def score_hand(
    rules: TyzichaRules, declarer: int, contract: int, cards: tuple[int, int, int], marriages: tuple[int, int, int]
) -> HandResult:
    """The result of a hand played out (``forced`` false: the caller sets it): the declarer's cards and
    marriages against the contract (made when the total exceeds it, or equals it if the rules say so), and
    the opponents' own points when the contract is broken or the rules score them always. A function of its
    own so that a search may score one playout at every contract the declarer might name."""
    total = cards[declarer] + marriages[declarer]
    made = total > contract or (rules.made_when_equal and total == contract)
    scores = [0] * PLAYERS
    if not made or rules.opponents_score == "always":
        for seat in range(PLAYERS):
            if seat != declarer:
                own = cards[seat] + (marriages[seat] if rules.opponent_marriages else 0)
                scores[seat] = round_points(own, rules.round_to)
    scores[declarer] = contract if made else -contract
    return HandResult(declarer, contract, False, "made" if made else "broken", cards, marriages, _three(scores))


# --- what a seat sees -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TyzichaView:
    """What one seat sees: its own hand, the auction, the widow once shown, the cards given face up (or to
    itself), the marriages shown, the trump, the tricks as they were played and how many each player took,
    never a total of points."""

    rules: TyzichaRules
    seat: int
    dealer: int
    current: int
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int, int]
    bids: tuple[tuple[int, int | None], ...]
    declarer: int | None
    contract: int
    forced: bool
    raised: bool
    widow: tuple[Card, ...]
    """The widow once shown (empty before; for the forced 100, shown to the declarer alone)."""
    given: tuple[tuple[int, Card | None], ...]
    """The declarer's gifts: (to whom, the card), the card None when it went face down to another seat."""
    trump: int | None
    marriages: tuple[tuple[int, int], ...]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int, int]
    """How many tricks each player has taken: the piles, face down."""
    result: HandResult | None


def observe(state: TyzichaState, seat: int) -> TyzichaView:
    """What ``seat`` sees of ``state``."""
    sees_widow = state.declarer is not None and (not state.forced or seat == state.declarer)
    given = tuple((to, card if not state.forced or seat in (to, state.declarer) else None) for to, card in state.given)
    won = [0, 0, 0]
    for trick in state.tricks:
        won[trick.winner] += 1
    return TyzichaView(
        state.rules,
        seat,
        state.dealer,
        state.current,
        state.phase,
        tuple(state.hands[seat]),
        _three([len(hand) for hand in state.hands]),
        tuple(state.bids),
        state.declarer,
        state.contract,
        state.forced,
        state.raised,
        state.widow if sees_widow else (),
        given,
        state.trump,
        tuple(state.marriages),
        state.leader,
        tuple(state.trick),
        tuple(state.tricks),
        _three(won),
        state.result,
    )
