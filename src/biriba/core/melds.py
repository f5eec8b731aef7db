"""Melds: sets and runs, their interpretation, and the rules for extending them (docs/rules.md, Melds).

A meld is a multiset of cards. Its interpretation (:class:`MeldShape`) is computed, preferring one
where no card acts as wild: a Two of the run's suit in the Two's own place is natural.

What counts as a meld depends on a few rule options, gathered in :class:`MeldRules`: whether sets
are melds at all, sets of Twos (a variation of the base rules and of Buraco fechado), melds of wild cards
only (the Venezuelan wild-card biriba), and runs from Ace to Ace (Buraco, Venezuelan).

>>> from biriba.core.cards import parse_cards
>>> shape = meld_shape(tuple(sorted(parse_cards(["AC", "2C", "3C", "2S", "5C"]))))
>>> shape.kind, shape.clean, shape.length
('run', False, 5)
>>> meld_shape(tuple(sorted(parse_cards(["8H", "2H", "10H", "JH", "QH", "JK", "AH"])))) is None
True
>>> ace_to_ace = MeldRules(ace_to_ace=True)
>>> meld_shape(canonical(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS".split())), ace_to_ace).length
14
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Final, NamedTuple

from biriba.core.cards import (
    ACE,
    JOKER,
    TWO,
    Card,
    card_code,
    make_card,
    rank_of,
    suit_cards,
    suit_of,
    twins,
)
from biriba.core.compiled import pickle_by_constructor
from biriba.core.errors import InvalidMeldError, Reason, Refusal

RUN, SET, WILD = "run", "set", "wild"
BIRIBA_LENGTH: Final = 7
FULL_RUN_LENGTH: Final = 13
HIGH_ACE: Final = 14
"""Run position of an Ace above the King; position 1 is the Ace below the Two."""

MeldCards = tuple[Card, ...]
"""A meld's cards, sorted: the canonical form of the multiset."""

WILD_CARDS: Final = (JOKER, make_card(TWO, 0), make_card(TWO, 1), make_card(TWO, 2), make_card(TWO, 3))
"""Every card type that can act as wild: the Joker and the four Twos."""
TWOS: Final = WILD_CARDS[1:]


_RULES_NUMBERS: Final[dict[tuple[bool, bool, bool, bool, int], int]] = {}
"""Every set of meld options seen, numbered (:attr:`MeldRules.number`)."""
_RULES_BY_NUMBER: Final[list[MeldRules]] = []
"""The rules of each number: the function caches below take the number, a key the garbage collector
does not track, and find the rules here."""
_SHAPES: Final[list[dict[bytes, int]]] = []
"""For each rules number, the cache of :func:`meld_shape`: a meld's cards as bytes, and the index of its
shape in :data:`_SHAPE_TABLE`. Numbers and bytes only, so that the garbage collector stops walking it
(a dict of objects it tracks is walked, entry by entry, at every full pass: a pause in a decision)."""
_SINGLES: Final[list[dict[bytes, bytes]]] = []
"""For each rules number, the cache of :func:`single_card_extensions`, as bytes."""
_HARDEST: Final[list[dict[bytes, int]]] = []
"""For each rules number, the cache of :func:`_hardest_card`: the card times two, plus one if placeable."""
_EXTENSIONS: Final[list[dict[bytes, int]]] = []
"""For each rules number, the cache of :func:`extension_shape`: both melds' cards, and the index of the
shape made in :data:`_SHAPE_TABLE` or a refusal's code (:data:`_REFUSAL_CODES`)."""
_MULTI_EXTENSIONS: Final[list[dict[bytes, bytes]]] = []
"""For each rules number, the cache of :func:`multi_card_extensions`: the meld's cards and the candidates,
and the extensions found, 255 between two."""
_CACHES_BY_RULES: Final = (_SHAPES, _SINGLES, _HARDEST, _EXTENSIONS, _MULTI_EXTENSIONS)


@dataclass(frozen=True, slots=True)
class MeldRules:
    """The rule options that decide what a meld is (a part of :class:`biriba.core.rules.Rules`)."""

    sets: bool = True
    """Sets of equal rank are melds (the base rules' "no sets" variation turns them off)."""
    sets_of_twos: bool = False
    """Twos may form a set of their own, natural, with at most one Joker (the base rules, Buraco fechado)."""
    wild_melds: bool = False
    """Jokers and Twos may form a meld of wild cards only, any mix (the Venezuelan wild-card biriba)."""
    ace_to_ace: bool = False
    """A run may hold an Ace at each end: ``A 2 .. K A``, 14 cards (Buraco, Venezuelan)."""
    only_set_rank: int = 0
    """With ``sets``, the one rank that forms sets (Buraco aberto's sets of Aces), or 0 for any rank."""
    _hash: int = field(default=0, init=False, repr=False, compare=False)
    number: int = field(default=0, init=False, repr=False, compare=False)
    """A small number for these options, the same for equal rules: the meld caches key on it, since a
    key holding only numbers is not tracked by the garbage collector (which scans the caches otherwise)."""

    def __post_init__(self) -> None:
        # The meld caches hash their rules on every call: hash the options once.
        fields = (self.sets, self.sets_of_twos, self.wild_melds, self.ace_to_ace, self.only_set_rank)
        object.__setattr__(self, "_hash", hash(fields))
        number = _RULES_NUMBERS.setdefault(fields, len(_RULES_NUMBERS))
        if number == len(_RULES_BY_NUMBER):
            _RULES_BY_NUMBER.append(self)
            for caches in _CACHES_BY_RULES:
                caches.append({})
        object.__setattr__(self, "number", number)

    def __hash__(self) -> int:
        return self._hash

    @property
    def longest_run(self) -> int:
        return FULL_RUN_LENGTH + 1 if self.ace_to_ace else FULL_RUN_LENGTH

    @property
    def runs_only(self) -> bool:
        """Runs are the only melds (no sets, no melds of wild cards): a hand's suits are then independent
        but for the wild cards, and :func:`runs_only_layable` decides at once whether a hand can be laid."""
        return not (self.sets or self.sets_of_twos or self.wild_melds)

    @property
    def set_ranks(self) -> tuple[int, ...]:
        """The ranks (1 = Ace .. 13 = King) of which sets are melds: none without sets; never Twos
        (a set of Twos is ``sets_of_twos``)."""
        if not self.sets:
            return ()
        if self.only_set_rank:
            return (self.only_set_rank,)
        return _NATURAL_SET_RANKS


_NATURAL_SET_RANKS: Final = tuple(rank for rank in range(1, 14) if rank != TWO)

STANDARD_MELDS: Final = MeldRules()


class MeldShape(NamedTuple):
    """How a meld's cards are read.

    ``kind`` is ``run``, ``set`` or ``wild`` (a meld of wild cards only). ``wild`` is the card acting
    as wild (None when the meld is clean; a meld of wild cards has none acting for another card). For
    a run, ``low`` is the position of its lowest card (1 = Ace below the Two, 14 = Ace above the King)
    and ``wild_position`` where the wild card stands; a wild card at an end of a run may stand at
    either end, and is shown at the high end when there is room.

    A named tuple, immutable and compared field by field: shapes are made for every meld a hand is
    searched for and serve as cache keys, which a named tuple makes and hashes several times faster
    than a frozen dataclass, compiled or not (whose generated methods run as Python).
    """

    kind: str
    suit: int
    rank: int
    length: int
    wild: Card | None
    low: int = 0
    wild_position: int = 0

    @property
    def clean(self) -> bool:
        """No card acts as wild (καθαρή)."""
        return self.wild is None

    @property
    def is_biriba(self) -> bool:
        """Seven cards or more: a biriba (μπιρίμπα)."""
        return self.length >= BIRIBA_LENGTH

    @property
    def is_full(self) -> bool:
        """A run of 13 cards or more: a full biriba (χιλιάρα when clean)."""
        return self.kind == RUN and self.length >= FULL_RUN_LENGTH

    @property
    def is_ace_to_ace(self) -> bool:
        """A run of 14 cards, from Ace to Ace (Buraco's canastra real when clean)."""
        return self.kind == RUN and self.length > FULL_RUN_LENGTH

    def describe(self) -> Reason:
        """The meld as a player says it, as data: a ``meld.*`` key of the catalogue and its facts
        ("clean run of 7 ♥", "dirty set of 5 Q", "meld of 3 wild cards" in English).

        >>> MeldShape(RUN, 1, 0, 7, None, 3, 0).describe()
        Reason(key='meld.run.clean', items=(('n', 7), ('suit', 1)))
        """
        if self.kind == WILD:
            return Reason.of("meld.wild", n=self.length)
        quality = "clean" if self.clean else "dirty"
        if self.kind == RUN:
            return Reason.of(f"meld.run.{quality}", n=self.length, suit=self.suit)
        return Reason.of(f"meld.set.{quality}", n=self.length, rank=self.rank)


def canonical(cards: list[Card] | tuple[Card, ...]) -> MeldCards:
    """The canonical (sorted) form of a meld's cards."""
    return tuple(sorted(cards))


def meld_shape(cards: MeldCards, rules: MeldRules = STANDARD_MELDS) -> MeldShape | None:
    """The interpretation of ``cards`` (sorted) as a meld, preferring a clean one; None if invalid."""
    shapes = _SHAPES[rules.number]
    key = bytes(cards)
    index = shapes.get(key)
    if index is None:
        if len(shapes) >= _SHAPE_LIMIT:
            shapes.clear()
        shape = _meld_shape(cards, rules)
        index = _SHAPE_INDEXES.get(shape)
        if index is None:
            index = _SHAPE_INDEXES[shape] = len(_SHAPE_TABLE)
            _SHAPE_TABLE.append(shape)
        shapes[key] = index
    return _SHAPE_TABLE[index]


_SHAPE_TABLE: Final[list[MeldShape | None]] = [None]
"""Every shape :func:`meld_shape` has found, once each (None first, for cards that are no meld): a shape
is an object the collector walks, and many melds share one (three Queens of any suits are one set of
three Queens; so are the same cards under other rules). A few thousand in all, never emptied: there are
only so many shapes."""
_SHAPE_INDEXES: Final[dict[MeldShape | None, int]] = {None: 0}
_SHAPE_LIMIT: Final = 1 << 16
"""The most melds :data:`_SHAPES` remembers for one rules number (it is emptied then)."""


def _meld_shape(cards: MeldCards, rules: MeldRules) -> MeldShape | None:
    if len(cards) < 3:
        return None
    run = _run_shape(cards, rules.longest_run)
    if run is not None:
        return run
    return _set_shape(cards, rules)


def check_meld(cards: MeldCards, rules: MeldRules = STANDARD_MELDS) -> MeldShape:
    """The shape of a valid meld; raise :class:`InvalidMeldError` saying why the cards are not one."""
    shape = meld_shape(cards, rules)
    if shape is None:
        why = invalid_reason(cards, rules)
        raise InvalidMeldError(Reason.of("not-a-meld", cards=cards, why=why.key, **why.facts))
    return shape


def invalid_reason(cards: MeldCards, rules: MeldRules = STANDARD_MELDS) -> Reason:  # noqa: PLR0911
    """Why ``cards`` are not a meld (the slow path, for messages): a :class:`Reason` whose key is a
    ``why.`` text of the catalogue of :mod:`biriba.i18n`.

    >>> invalid_reason((0, 1), STANDARD_MELDS)
    Reason(key='meld.too-few', items=(('n', 2),))
    """
    if len(cards) < 3:
        return Reason.of("meld.too-few", n=len(cards))
    naturals = [c for c in cards if c != JOKER and rank_of(c) != TWO]
    if not naturals:
        if rules.sets_of_twos and not rules.wild_melds:  # Twos make sets, Jokers alone nothing
            return Reason.of("meld.twos-set-one-joker" if any(c != JOKER for c in cards) else "meld.jokers-alone")
        return Reason.of("meld.wild-cards-alone")
    ranks = {rank_of(c) for c in naturals}
    suits = {suit_of(c) for c in naturals}
    if len(ranks) == 1 and len(naturals) >= 2:
        if not rules.sets:
            return Reason.of("meld.no-sets")
        if next(iter(ranks)) not in rules.set_ranks:
            return Reason.of("meld.only-ace-sets")
        return Reason.of("meld.set-one-wild")
    if len(suits) > 1:
        return Reason.of("meld.mixed")
    non_aces = [rank_of(c) for c in naturals if rank_of(c) != ACE]
    aces = len(naturals) - len(non_aces)
    if len(set(non_aces)) != len(non_aces) or aces > (2 if rules.ace_to_ace else 1):
        return Reason.of("meld.run-repeats-ace-to-ace" if rules.ace_to_ace else "meld.run-repeats")
    suit = suits.pop()
    own_twos = sum(1 for c in cards if c == make_card(TWO, suit))
    # A Two of the run's suit is natural only in its own place: a run that cannot reach down to it
    # (8 to K in seven cards) holds it as a wild card.
    two_in_reach = max(non_aces, default=ACE) - 1 <= len(cards)
    wild_acting = len(cards) - len(naturals) - (min(own_twos, 1) if two_in_reach else 0)
    if wild_acting > 1:
        return Reason.of("meld.run-one-wild")
    if len(cards) > rules.longest_run:
        return Reason.of("meld.run-too-long", n=rules.longest_run)
    return Reason.of("meld.not-in-sequence")


def _run_shape(cards: MeldCards, longest: int) -> MeldShape | None:  # noqa: PLR0912, PLR0915
    # The places of the natural cards (neither Ace nor Two) as a bit mask, bit p for place p: a run has
    # one card a place, so the lowest and highest places and the gaps are a few integer operations.
    suit = -1
    places = 0
    naturals = 0
    aces = 0
    jokers = 0
    twos_by_suit = [0, 0, 0, 0]
    for card in cards:
        if card == JOKER:
            jokers += 1
            continue
        rank = rank_of(card)
        card_suit = suit_of(card)
        if rank == TWO:
            twos_by_suit[card_suit] += 1
            continue
        if suit == -1:
            suit = card_suit
        elif card_suit != suit:
            return None
        if rank == ACE:
            aces += 1
        elif places >> rank & 1:
            return None  # two cards of one rank
        else:
            places |= 1 << rank
            naturals += 1
    if suit == -1 or aces > 2 or (aces == 2 and longest <= FULL_RUN_LENGTH):
        return None
    own_twos = twos_by_suit[suit]
    other_wilds = jokers + sum(twos_by_suit) - own_twos
    ace_placements = _ACE_PLACEMENTS[aces]
    # The first dirty reading found, kept while a clean one is looked for (a shape is made only when
    # it is the answer: most calls are cache misses of a hand's many melds).
    best: MeldShape | None = None
    for natural_two in (True, False) if own_twos else (False,):
        wilds = other_wilds + own_twos - (1 if natural_two else 0)
        if wilds > 1 or (wilds and best is not None):
            continue
        if wilds == 0:
            wild_card = None
        elif other_wilds:
            wild_card = JOKER if jokers else next(make_card(TWO, s) for s in range(4) if s != suit and twos_by_suit[s])
        else:
            wild_card = make_card(TWO, suit)
        for ace_places in ace_placements:
            placed = places | ace_places | (1 << TWO if natural_two else 0)
            low = (placed & -placed).bit_length() - 1
            high = placed.bit_length() - 1
            span = high - low + 1
            gaps = span - naturals - aces - natural_two
            if span > longest or gaps > wilds:
                continue
            length = span - gaps + wilds
            if not wilds:
                return MeldShape(RUN, suit, 0, length, None, low, 0)
            if best is not None:
                continue
            if gaps == 1:
                wild_position = (((1 << high) - (1 << low)) & ~placed).bit_length() - 1
                best = MeldShape(RUN, suit, 0, length, wild_card, low, wild_position)
            elif span == longest:
                continue
            elif high < HIGH_ACE:  # the wild card stands at an end: the high end when there is room
                best = MeldShape(RUN, suit, 0, length, wild_card, low, high + 1)
            elif low > 1:
                best = MeldShape(RUN, suit, 0, length, wild_card, low - 1, low - 1)
    return best


_ACE_PLACEMENTS: Final = ((0,), (1 << ACE, 1 << HIGH_ACE), (1 << ACE | 1 << HIGH_ACE,))
"""The places a run's Aces may take, as bit masks, by the number of Aces: none, low or high, both."""


def _set_shape(cards: MeldCards, rules: MeldRules) -> MeldShape | None:
    rank = 0
    wild_card: Card | None = None
    for card in cards:
        card_rank = rank_of(card)
        if card_rank in (0, TWO):
            if wild_card is not None:
                return _wild_only_shape(cards, rules)
            wild_card = card
        elif rank == 0:
            rank = card_rank
        elif card_rank != rank:
            return None
    if rank == 0:
        return _wild_only_shape(cards, rules)
    return MeldShape(SET, -1, rank, len(cards), wild_card) if rank in rules.set_ranks else None


def _wild_only_shape(cards: MeldCards, rules: MeldRules) -> MeldShape | None:
    """A meld of Jokers and Twos only: a meld of wild cards, or a set of Twos with at most one Joker."""
    if any(card not in WILD_CARDS for card in cards):
        return None
    if rules.wild_melds:
        return MeldShape(WILD, -1, 0, len(cards), None)
    jokers = cards.count(JOKER)
    if rules.sets_of_twos and jokers <= 1:
        return MeldShape(SET, -1, TWO, len(cards), JOKER if jokers else None)
    return None


def arrange(cards: MeldCards, shape: MeldShape) -> list[Card]:
    """The cards in the order they lie on the table: runs low to high with the wild card in place."""
    if shape.kind != RUN:
        rest = list(cards)
        if shape.wild is not None:
            rest.remove(shape.wild)
            rest.append(shape.wild)
        return rest
    remaining = list(cards)
    if shape.wild is not None:
        remaining.remove(shape.wild)
    ordered: list[Card] = []
    for position in range(shape.low, shape.low + shape.length):
        if position == shape.wild_position and shape.wild is not None:
            ordered.append(shape.wild)
            continue
        rank = ACE if position == HIGH_ACE else position
        card = make_card(rank, shape.suit)
        remaining.remove(card)
        ordered.append(card)
    return ordered


def extension_shape(meld: MeldCards, added: MeldCards, rules: MeldRules = STANDARD_MELDS) -> MeldShape | Refusal:
    """The shape of ``meld`` extended by ``added`` (both sorted), or the rule that forbids it.

    The extension is judged as if its natural cards were placed first: a wild card may be added
    to a dirty meld only if those natural cards first make it clean (the no-wild-swap rule).
    Returns the new shape, or a :class:`Refusal` naming the rule and why.
    """
    result = _extension_result(meld, added, rules)
    if isinstance(result, MeldShape):
        return result
    if result == NO_WILD_SWAP:
        return Refusal.of("no-wild-swap")
    if result == KIND_CHANGE:
        return Refusal.of("extend-invalid", "extend.kind-change")
    extended = canonical(meld + added)
    why = invalid_reason(extended, rules)
    return Refusal.of("extend-invalid", "not-a-meld-extended", cards=extended, why=why.key, **why.facts)


def extends(meld: MeldCards, added: MeldCards, rules: MeldRules = STANDARD_MELDS) -> bool:
    """Whether ``added`` (sorted) may extend ``meld`` (sorted)."""
    return isinstance(_extension_result(meld, added, rules), MeldShape)


def _extension_result(meld: MeldCards, added: MeldCards, rules: MeldRules) -> MeldShape | str:
    """:func:`_extended`, cached (a refusal is a short code here, its words are made when asked for)."""
    cache = _EXTENSIONS[rules.number]
    key = bytes(meld) + _BETWEEN + bytes(added)
    found = cache.get(key)
    if found is None:
        if len(cache) >= _SHAPE_LIMIT:
            cache.clear()
        result = _extended(meld, added, rules)
        found = cache[key] = _REFUSAL_CODES[result] if isinstance(result, str) else _SHAPE_INDEXES[result]
    if found < 0:
        return _REFUSALS[-found]
    shape = _SHAPE_TABLE[found]
    assert shape is not None, "an extension's shape is never the None of cards that are no meld"
    return shape


_BETWEEN: Final = bytes((255,))
"""Between a meld's cards and the cards added in a key of :data:`_EXTENSIONS` (no card is 255)."""


NO_WILD_SWAP, KIND_CHANGE, NOT_A_MELD = "no-wild-swap", "kind-change", "not-a-meld"
_REFUSALS: Final = ("", NO_WILD_SWAP, KIND_CHANGE, NOT_A_MELD)
_REFUSAL_CODES: Final = {refusal: -code for code, refusal in enumerate(_REFUSALS) if code}


def _extended(meld: MeldCards, added: MeldCards, rules: MeldRules) -> MeldShape | str:
    """:func:`extension_shape` without the words: the new shape or a short refusal code."""
    old = meld_shape(meld, rules)
    assert old is not None, "a meld on the table is always valid"
    new = meld_shape(canonical(meld + added), rules)
    if new is None:
        return NOT_A_MELD
    if old.kind != new.kind or (old.kind == SET and old.rank != new.rank):
        return KIND_CHANGE
    if not old.clean and not new.clean and new.wild not in meld:
        # The added cards bring the wild card: the old wild card must first have become natural.
        naturals = list(added)
        naturals.remove(new.wild)  # type: ignore[arg-type]
        before_wild = meld_shape(canonical(meld + tuple(naturals)), rules)
        if before_wild is None or not before_wild.clean:
            return NO_WILD_SWAP
    return new


def single_card_extensions(meld: MeldCards, rules: MeldRules = STANDARD_MELDS) -> bytes:
    """Every card type that extends ``meld`` on its own, in card order (as bytes: a card is a number)."""
    singles = _SINGLES[rules.number]
    key = bytes(meld)
    found = singles.get(key)
    if found is None:
        if len(singles) >= _SHAPE_LIMIT:
            singles.clear()
        found = singles[key] = _single_card_extensions(meld, rules)
    return found


def _single_card_extensions(meld: MeldCards, rules: MeldRules) -> bytes:
    shape = meld_shape(meld, rules)
    assert shape is not None, "a meld on the table is always valid"
    if shape.kind == RUN:
        fitting = [make_card(ACE if place == HIGH_ACE else place, shape.suit) for place in _run_places_to_try(shape)]
    elif shape.kind == SET and shape.rank != TWO:
        fitting = [make_card(shape.rank, suit) for suit in range(4)]
    else:
        fitting = []
    fitting_types = sorted({*fitting, *WILD_CARDS})
    return bytes(card for card in fitting_types if isinstance(_extended(meld, (card,), rules), MeldShape))


def _run_places_to_try(shape: MeldShape) -> list[int]:
    """The places where a natural card might extend a run of ``shape`` on its own: one or two past either
    end (two where the run's wild card, standing at an end, can move into the gap) and the wild card's own
    place. Every other place is held by a natural card already, or leaves two gaps for one wild card."""
    high = shape.low + shape.length - 1
    places = [shape.low - 2, shape.low - 1, high + 1, high + 2]
    if shape.wild is not None:
        places.append(shape.wild_position)
    return [place for place in places if 1 <= place <= HIGH_ACE]


def multi_card_extensions(
    meld: MeldCards, candidates: tuple[Card, ...], rules: MeldRules = STANDARD_MELDS
) -> tuple[MeldCards, ...]:
    """Extensions of ``meld`` by two or more of the distinct card types ``candidates``, none of which
    extends it alone, sorted.

    Only a run holding an Ace has such extensions: the Ace moves to the other end of the run, which
    takes every card up to that end at once (``AD 2H 3D .. 10D`` takes ``QD KD`` together, the ``2H``
    moving to the Jack's place). A run holds one wild card at most, so subsets with more than two
    cards that can act as wild (one may stand as a natural Two) are not tried.
    """
    cache = _MULTI_EXTENSIONS[rules.number]
    key = bytes(meld) + _BETWEEN + bytes(candidates)
    found = cache.get(key)
    if found is None:
        if len(cache) >= _SHAPE_LIMIT:
            cache.clear()
        found = cache[key] = _BETWEEN.join(map(bytes, _multi_card_extensions(meld, candidates, rules)))
    return tuple(tuple(added) for added in found.split(_BETWEEN)) if found else ()


def _multi_card_extensions(meld: MeldCards, candidates: tuple[Card, ...], rules: MeldRules) -> list[MeldCards]:
    found = []
    for size in range(2, len(candidates) + 1):
        for added in combinations(candidates, size):
            if sum(1 for card in added if card in WILD_CARDS) <= 2 and isinstance(
                _extended(meld, added, rules), MeldShape
            ):
                found.append(added)
    return found


# --- generating the melds a hand holds ------------------------------------------------------------


def three_card_melds(counts: list[int], rules: MeldRules = STANDARD_MELDS) -> list[MeldCards]:
    """Every distinct valid meld of exactly three cards that ``counts`` (a hand's count vector) holds.

    Any longer meld is such a meld extended one card at a time, so these are the new melds the
    engine lists as legal actions (see ``docs/rules.md``, "Legal actions"). Listed runs first, by
    suit, then sets by rank, then melds of Twos or of wild cards, each group sorted.

    The work is done per suit (runs) and per rank (sets) on small keys and cached, since hands
    change one card at a time; no meld can come from two groups, so there is nothing to merge.
    """
    found: list[MeldCards] = []
    _gather_triples(bytes(counts), rules, found, False)
    return found


def three_card_melds_holding(
    counts: list[int], cards: frozenset[Card], rules: MeldRules = STANDARD_MELDS
) -> list[MeldCards]:
    """The melds of :func:`three_card_melds` that hold a card of ``cards``, in its order. Only the groups
    that can hold one are gathered: a natural card lies only in its suit's runs and its rank's sets (a
    wild card may lie in any meld). What the pile checks ask, of a hand the pile has just made."""
    found: list[MeldCards] = []
    if cards.isdisjoint(WILD_CARDS):
        suits = tuple(sorted({suit_of(card) for card in cards}))
        ranks = frozenset(rank_of(card) for card in cards)
        _gather_triples(bytes(counts), rules, found, False, suits, ranks)
    else:
        _gather_triples(bytes(counts), rules, found, False)
    return [meld for meld in found if not cards.isdisjoint(meld)]


_TripleGroup = tuple[tuple[MeldCards, ...], int]
"""One group of three-card melds (a suit's runs, a rank's sets, the melds of wild cards), and each card's
number of places in them (a card held twice in a meld counts twice), packed :data:`_PLACE_FIELD` bits a
card (card 0 lowest), or -1 until the partition search asks for them. Packed so that the places of a
hand are a sum of a few integers; and a tuple of a tuple and a number, which the garbage collector stops
tracking after its first pass (an object of a class of its own would be walked at every full pass, one
for each of the tens of thousands of groups the caches hold)."""

_PLACE_FIELD: Final = 16
"""Bits of one card's places in a :data:`_TripleGroup`'s packed places and their sums: a card lies in
at most a few hundred three-card melds of a hand, all groups together."""
_PLACES_BYTES: Final = (JOKER + 1) * _PLACE_FIELD // 8


def _triple_group(melds: tuple[MeldCards, ...], with_places: bool) -> _TripleGroup:
    if not with_places:
        return melds, -1
    places = bytearray(_PLACES_BYTES)  # a group holds a card in fewer than 256 places: its low byte
    for meld in melds:
        for card in meld:
            places[card * _PLACE_FIELD // 8] += 1
    return melds, int.from_bytes(places, "little")


def _gather_triples(  # noqa: PLR0913
    held: bytes,
    rules: MeldRules,
    found: list[MeldCards] | None,
    with_places: bool,
    suits: tuple[int, ...] = (0, 1, 2, 3),
    ranks: frozenset[int] | None = None,
) -> int:
    """The groups of :func:`three_card_melds` (a suit's runs, a rank's sets, the melds of wild cards) of
    ``held``, a hand's counts as bytes (a hand holds fewer than 256 copies of a card): their melds added
    to ``found`` in its order, if given; and, ``with_places``, each card's places in them, packed as in
    :data:`_TripleGroup` (else 0). With ``ranks``, only the runs of ``suits`` and the sets of ``ranks``
    (and no melds of wild cards alone)."""
    wilds_held = held[JOKER : JOKER + 1] + held[1:2] + held[14:15] + held[27:28] + held[40:41]
    if len(_SET_TRIPLES) + len(_RUNS_BY_PRESENCE) > _CACHE_LIMIT:
        _SET_TRIPLES.clear()
        _RUNS_BY_PRESENCE.clear()
    places = 0
    for suit in suits:
        base = suit * 13
        run_keys = _RUN_KEYS[suit]
        key = held[base : base + 13] + wilds_held
        run_key = run_keys.get(key)
        if run_key is None:
            if len(run_keys) >= _CACHE_LIMIT // 4:
                run_keys.clear()
            # Counts beyond what a run can use (a second copy, a third wild card) do not change its melds.
            run_key = run_keys[key] = _run_key(suit, held, wilds_held)
        places += _take_group(_runs_of(run_key, with_places), found, with_places)
    wilds_present = -1  # which wild cards are held, one bit each (Joker first): found at the first set
    for rank in rules.set_ranks:
        if ranks is not None and rank not in ranks:
            continue
        index = rank - 1  # the rank's card in the spades, 13 apart in each suit
        spades, hearts, diamonds, clubs = held[index], held[index + 13], held[index + 26], held[index + 39]
        if spades + hearts + diamonds + clubs < 2:
            continue  # a set needs two natural cards of its rank
        if wilds_present < 0:
            wilds_present = sum(1 << bit for bit, count in enumerate(wilds_held) if count)
        # A set holds a natural card at most three times, and one wild card: the copies held past three,
        # and past one of each wild card, do not change the melds. What is left is the key, one number.
        set_key = index | wilds_present << 4
        set_key |= min(spades, 3) << 9 | min(hearts, 3) << 11 | min(diamonds, 3) << 13 | min(clubs, 3) << 15
        triples = _SET_TRIPLES.get(set_key)
        if triples is None:
            triples = _SET_TRIPLES[set_key] = _triple_group(_set_triples(set_key), with_places)
        elif with_places and triples[1] < 0:
            triples = _SET_TRIPLES[set_key] = _triple_group(triples[0], True)
        places += _take_group(triples, found, with_places)
    if ranks is None and (rules.sets_of_twos or rules.wild_melds) and sum(wilds_held) >= 3:
        places += _take_group(_wild_triples(wilds_held, rules.number), found, with_places)
    return places


def _take_group(group: _TripleGroup, found: list[MeldCards] | None, with_places: bool) -> int:
    """Add ``group``'s melds to ``found``, if given; its packed places, ``with_places`` (they must be
    there then), else 0."""
    melds, places = group
    if found is not None:
        found += melds
    return places if with_places else 0


@lru_cache(maxsize=1 << 8)
def _wild_triples(wilds_held: bytes, rules_number: int) -> _TripleGroup:
    """The valid three-card melds of wild cards only (sets of Twos, Venezuelan wild-card melds) that the
    wild cards held (Joker, 2S, 2H, 2D, 2C) make."""
    rules = _RULES_BY_NUMBER[rules_number]
    counts = [0] * (JOKER + 1)
    for wild, held in zip(WILD_CARDS, wilds_held, strict=True):
        counts[wild] = held
    return _triple_group(tuple(m for m in _wild_multisets(counts, 3, 3) if meld_shape(m, rules) is not None), True)


def _run_key(suit: int, held: bytes, wilds_held: bytes) -> bytes:
    """The key :func:`_run_triples` reads: the suit, whether each of its cards is held, and the wild
    cards held. A run needs one copy of each card, but the suit's own Two may stand both as natural and
    as wild, so it is counted up to two."""
    base = suit * 13
    wilds = bytearray(wilds_held.translate(_HELD))
    wilds[suit + 1] = min(held[base + 1], 2)
    return bytes((suit,)) + held[base : base + 13].translate(_HELD) + wilds


_HELD: Final = bytes([0] + [1] * 255)
"""A table for ``bytes.translate``: 1 for a card held (any number of copies), 0 for none."""


_RUN_KEYS: Final[tuple[dict[bytes, bytes], ...]] = ({}, {}, {}, {})
"""For each suit, its card counts and the wild cards held, and the key of :data:`_RUNS_BY_PRESENCE` they
make (bytes to bytes: the garbage collector stops walking the dicts)."""
_SET_TRIPLES: Final[dict[int, _TripleGroup]] = {}
"""Caches of :func:`three_card_melds`: a rank's sets, keyed by one number (:func:`_set_triples`), and a
suit's runs (below). Hands in play repeat these small keys often; the caches are emptied if they grow past
:data:`_CACHE_LIMIT` keys in all."""
_CACHE_LIMIT: Final = 1 << 18


def _runs_of(key: bytes, with_places: bool) -> _TripleGroup:
    runs = _RUNS_BY_PRESENCE.get(key)
    if runs is None:
        runs = _RUNS_BY_PRESENCE[key] = _triple_group(_run_triples(key), with_places)
    elif with_places and runs[1] < 0:
        runs = _RUNS_BY_PRESENCE[key] = _triple_group(runs[0], True)
    return runs


_RUNS_BY_PRESENCE: Final[dict[bytes, _TripleGroup]] = {}
"""The three-card runs of each key of :func:`_run_triples` (emptied with the caches above)."""


def _run_triples(key: bytes) -> tuple[MeldCards, ...]:
    """Three-card runs of one suit, sorted; ``key`` holds the suit, whether each of its 13 cards is held
    (Ace first) and the wild cards held (Joker, 2S, 2H, 2D, 2C: 1 if held, the suit's own Two up to 2)."""
    suit = key[0]
    wilds = key[14:]
    wild_key = key[14] | key[15] << 2 | key[16] << 4 | key[17] << 6 | key[18] << 8
    held = key[1:14] + key[1:2]  # positions 1 (Ace) .. 13 (King), 14 (high Ace)
    codes: list[int] = []
    for low in range(1, 13):
        window = held[low - 1] | held[low] << 1 | held[low + 1] << 2  # which of its three places are held
        if window in _TWO_HELD:
            window_key = wild_key << 9 | window << 6 | low << 2 | suit
            found = _WINDOW_CODES.get(window_key)
            if found is None:
                found = _WINDOW_CODES[window_key] = _window_codes(suit, low, held[low - 1 : low + 2], wilds)
            codes += found
    # Sorted as numbers (cheaper than as tuples); a run of two cards and a wild card lies in two windows.
    codes.sort()
    runs: list[MeldCards] = []
    last = -1
    for code in codes:
        if code != last:
            runs.append(_TRIPLE_OF_CODE[code])
            last = code
    return tuple(runs)


_TWO_HELD: Final = frozenset((0b011, 0b101, 0b110, 0b111))
"""The windows of three places of which two or more are held: the only ones with a three-card run."""
_WINDOW_CODES: Final[dict[int, tuple[int, ...]]] = {}
"""The three-card runs of each window (:func:`_window_codes`), keyed by the suit, the window's lowest place,
which places are held and the wild cards held, as one number: 9,216 keys at most, never emptied."""
_TRIPLE_OF_CODE: Final[dict[int, MeldCards]] = {}
"""Each three-card run met by :func:`_window_codes`, by its number (its three cards, six bits each, in
order: numbers in the order of the runs), a few hundred at most: a run is then one tuple wherever it is
listed."""


def _window_codes(suit: int, low: int, window: bytes, wilds: bytes) -> tuple[int, ...]:
    """The three-card runs of one suit at places ``low`` to ``low + 2``, of which ``window`` says which are
    held (two at least), with the wild cards held as in :func:`_run_triples`'s key: as numbers, each run
    kept in :data:`_TRIPLE_OF_CODE`."""
    base = suit * 13
    cards = [base + (0 if low + i == HIGH_ACE else low + i - 1) for i in range(3) if window[i]]
    found: list[MeldCards] = []
    if len(cards) == 3:
        found.append(tuple(sorted(cards)))
    for first in range(len(cards)):
        for second in range(first + 1, len(cards)):
            pair = cards[first], cards[second]
            for bit, wild in enumerate(WILD_CARDS):
                if wilds[bit] > (pair[0] == wild) + (pair[1] == wild):  # the suit's Two may be in the pair
                    found.append(tuple(sorted((*pair, wild))))
    codes = []
    for run in found:
        code = run[0] << 12 | run[1] << 6 | run[2]
        _TRIPLE_OF_CODE.setdefault(code, run)
        codes.append(code)
    return tuple(codes)


def _set_triples(key: int) -> tuple[MeldCards, ...]:
    """Three-card sets of one rank, sorted; ``key`` as :func:`_gather_triples` makes it: the rank index (0 =
    Ace) in its low four bits, then which wild cards are held (five bits, Joker first), then the copies
    held in each suit (two bits each, spades first, three at most)."""
    index = key & 15
    wilds_present = key >> 4 & 31
    copies = [key >> (9 + 2 * suit) & 3 for suit in range(4)]
    cards = [suit * 13 + index for suit in range(4)]
    found: list[MeldCards] = []
    # Each choice of suits, lowest first, with a suit chosen at most as often as it is held: three
    # natural cards, or two and a wild card.
    for first in range(4):
        for second in range(first, 4):
            if copies[first] - (first == second) < 1 or copies[second] < 1:
                continue
            pair = (cards[first], cards[second])
            for third in range(second, 4):
                if copies[third] - (third == first) - (third == second) >= 1:
                    found.append((*pair, cards[third]))
            for bit, wild in enumerate(WILD_CARDS):
                if wilds_present >> bit & 1:
                    found.append(tuple(sorted((*pair, wild))))
    return tuple(sorted(set(found)))  # a set of Twos with a Two as its wild card is found twice


def _wild_multisets(counts: list[int], smallest: int, largest: int) -> list[MeldCards]:
    """Every sub-multiset of the wild cards held with ``smallest`` to ``largest`` cards, sorted."""
    choices: list[list[Card]] = [[]]
    for wild in sorted(WILD_CARDS):
        choices = [chosen + [wild] * k for chosen in choices for k in range(min(counts[wild], largest) + 1)]
    return sorted(tuple(c) for c in choices if smallest <= len(c) <= largest)


def all_melds(counts: list[int], rules: MeldRules = STANDARD_MELDS, shortest: int = 3) -> list[MeldCards]:
    """Every distinct valid meld, of any length from ``shortest`` on, that ``counts`` (a hand's count
    vector) holds, sorted.

    The melds of each suit (runs), of each rank (sets) and of the wild cards alone are found apart and
    cached on small keys, as :func:`three_card_melds` does: a hand changes a card or two at a time, so
    most of its groups were seen before (a hand under a minimum first meld is asked this every turn)."""
    held = bytes(counts)
    tail = bytes(held[wild] for wild in WILD_CARDS) + bytes((shortest, rules.number))
    found: list[MeldCards] = []
    for suit in range(4):
        key = bytes((_RUNS, suit)) + held[suit * 13 : suit * 13 + 13] + tail
        found.extend(_meld_group(key, counts, rules, shortest))
    for rank in rules.set_ranks:
        key = bytes((_SETS, rank)) + held[rank - 1 : 52 : 13] + tail
        found.extend(_meld_group(key, counts, rules, shortest))
    if rules.sets_of_twos or rules.wild_melds:
        found.extend(_meld_group(bytes((_WILDS, 0)) + tail, counts, rules, shortest))
    # The groups share no meld (a run holds a card of its suit that is no Two, a set two of its rank, never
    # Two, a meld of wild cards only Twos and Jokers), and each is sorted: sorting them together merges them.
    found.sort()
    return found


def _meld_group(key: bytes, counts: list[int], rules: MeldRules, shortest: int) -> tuple[MeldCards, ...]:
    """The valid melds of one group of :func:`all_melds`, whose ``key`` says which (:data:`_RUNS` and a
    suit, and its cards; :data:`_SETS` and a rank, and its cards by suit; :data:`_WILDS`), then the wild
    cards held, ``shortest`` and the rules' number."""
    group = _MELD_GROUPS.get(key)
    if group is None:
        if len(_MELD_GROUPS) >= _CACHE_LIMIT:
            _MELD_GROUPS.clear()
        kind, which = key[0], key[1]
        suits = (which,) if kind == _RUNS else ()
        ranks = (which,) if kind == _SETS else ()
        melds = _meld_candidates(counts, rules, shortest, suits, ranks, wild_melds=kind == _WILDS)
        group = _MELD_GROUPS[key] = tuple(sorted(melds))
    return group


_RUNS: Final = 0
_SETS: Final = 1
_WILDS: Final = 2
_MELD_GROUPS: Final[dict[bytes, tuple[MeldCards, ...]]] = {}
"""The cache of :func:`_meld_group` (bytes to plain tuples of numbers, which the garbage collector stops
walking); emptied when it holds :data:`_CACHE_LIMIT` keys."""


def longer_melds_holding(table: MeldCards, shape: MeldShape, counts: list[int], rules: MeldRules) -> list[MeldCards]:
    """Every distinct valid meld of the cards of ``table`` (a meld of ``shape``) and two or more of
    ``counts``, sorted: the extensions of a meld by several cards at once. Only melds of the table
    meld's own kind, suit or rank are built, and only at their new length."""
    pool = list(counts)
    for card in table:
        pool[card] += 1
    suits = (shape.suit,) if shape.kind == RUN else ()
    ranks = (shape.rank,) if shape.kind == SET else ()
    held = Counter(table)
    found = _meld_candidates(pool, rules, len(table) + 2, suits, ranks)
    return sorted(m for m in found if not held - Counter(m))


def _meld_candidates(  # noqa: PLR0913
    counts: list[int] | bytes,
    rules: MeldRules,
    shortest: int,
    suits: Sequence[int],
    set_ranks: Sequence[int],
    wild_melds: bool = True,
) -> set[MeldCards]:
    """The valid melds of the cards of ``counts``: runs of ``suits``, sets of ``set_ranks``, and (with
    ``wild_melds``, where the rules have them) melds of wild cards only, each at least ``shortest`` cards
    long.

    The runs and sets are valid melds as built: a window of one suit's places no longer than the rules'
    longest run, every place held by its natural card but at most one by a wild card; two natural cards
    of a rank or more (``set_ranks`` holds only ranks the rules make sets of) and at most one wild card.
    So a hand's thousands of them need no :func:`meld_shape` (a test holds the two to agree). Only the
    multisets of wild cards are checked: which of them form a meld depends on the mix."""
    found: set[MeldCards] = set()
    wilds = [w for w in WILD_CARDS if counts[w]]
    longest = rules.longest_run
    for suit in suits:
        cards_at = _suit_places(counts, suit)
        if sum(card >= 0 for card in cards_at[1:HIGH_ACE]) < 2:
            continue  # a run has two natural cards at least (one wild card at most)
        for low in range(1, 13):
            _add_runs_from(found, cards_at, low, low + max(shortest, 3) - 1, longest, wilds, counts)
    for rank in set_ranks:
        by_suit = [(card, counts[card]) for card in twins(make_card(rank, 0))]
        naturals_held = sum(n for _, n in by_suit)
        if naturals_held < 2 or naturals_held + 1 < shortest:
            continue  # a set has two natural cards at least, and one wild card at most
        choices: list[list[Card]] = [[]]
        for card, n in by_suit:
            choices = [chosen + [card] * k for chosen in choices for k in range(n + 1)]
        for chosen in choices:
            if len(chosen) >= max(shortest, 3):
                found.add(tuple(chosen))
            if len(chosen) >= max(shortest - 1, 2):
                for wild in wilds:
                    found.add(tuple(sorted((*chosen, wild))))
    if wild_melds and (rules.sets_of_twos or rules.wild_melds):
        wild_only = _wild_multisets(list(counts), max(shortest, 3), sum(counts[w] for w in WILD_CARDS))
        found.update(m for m in wild_only if meld_shape(m, rules) is not None)
    return found


def _suit_places(counts: Sequence[int], suit: int) -> list[int]:
    """The card of ``suit`` held at each run place (1, the Ace below the Two, to 14, the Ace above the
    King), or -1."""
    base = suit * 13
    cards_at = [-1] * (HIGH_ACE + 1)
    for place in range(1, FULL_RUN_LENGTH + 1):
        if counts[base + place - 1]:
            cards_at[place] = base + place - 1
    cards_at[HIGH_ACE] = cards_at[ACE]
    return cards_at


def _add_runs_from(  # noqa: PLR0913
    found: set[MeldCards],
    cards_at: list[int],
    low: int,
    shortest_high: int,
    longest: int,
    wilds: list[Card],
    counts: Sequence[int],
) -> None:
    """Add to ``found`` the runs of a suit's places (``cards_at``: :func:`_suit_places`) from ``low`` whose
    high place is ``shortest_high`` or above: the window widens a place at a time while it misses one place
    at most, and each is laid as :func:`_add_window_runs` says."""
    naturals: list[Card] = []  # the window's natural cards, sorted but for an Ace above the King
    missing = 0
    for high in range(low, min(low + longest - 1, HIGH_ACE) + 1):
        card = cards_at[high]
        if high == HIGH_ACE and low == 1 and card >= 0 and counts[card] < 2:
            card = -1  # one Ace cannot stand at both ends
        if card >= 0:
            naturals.append(card)
        elif missing:
            return  # a run holds one wild card at most: wider windows miss as many
        else:
            missing = high
        if high >= shortest_high:
            # The Ace above the King is the suit's lowest card.
            _add_window_runs(found, sorted(naturals) if high == HIGH_ACE else naturals, missing, wilds, counts)


def _add_window_runs(
    found: set[MeldCards], naturals: list[Card], missing: int, wilds: list[Card], counts: Sequence[int]
) -> None:
    """Add to ``found`` the runs of one window of a suit's places: its natural cards (sorted) with a wild
    card held (``wilds``) in the place missing, or, with none missing, alone and with a wild card in the
    place of any one of them (the suit's own Two, where it is one of them, only if another is held)."""
    own_two = naturals[0] - naturals[0] % 13 + TWO - 1
    if missing:
        for wild in wilds:
            if counts[wild] > (wild == own_two and own_two in naturals):
                found.add(_with_card(naturals, wild))
        return
    found.add(tuple(naturals))
    for left_out in range(len(naturals)):
        rest = naturals[:left_out] + naturals[left_out + 1 :]
        for wild in wilds:
            if counts[wild] > (wild == own_two and own_two in rest):
                found.add(_with_card(rest, wild))


def _with_card(cards: list[Card], card: Card) -> MeldCards:
    """``cards`` (sorted) and ``card``, sorted."""
    at = len(cards)
    while at and cards[at - 1] > card:
        at -= 1
    return (*cards[:at], card, *cards[at:])


def all_melds_of(counts: bytes, rules: MeldRules, shortest: int = 3) -> tuple[MeldCards, ...]:
    """:func:`all_melds` of a hand given as bytes, cached: a hand is asked about again and again within
    a turn (a minimum first meld's candidates, the biribas laid at once)."""
    return _all_melds_cached(counts, rules.number, shortest)


@lru_cache(maxsize=1 << 10)
def _all_melds_cached(counts: bytes, rules_number: int, shortest: int) -> tuple[MeldCards, ...]:
    return tuple(all_melds(list(counts), _RULES_BY_NUMBER[rules_number], shortest))


PARTITION_LIMIT: Final = 256
"""The most whole-hand openings :func:`whole_hand_partitions` lists for one hand."""


def whole_hand_partitions(
    counts: list[int],
    rules: MeldRules = STANDARD_MELDS,
    keep_one: bool = False,
    with_biriba: bool = False,
    limit: int = PARTITION_LIMIT,
) -> tuple[tuple[MeldCards, ...], ...]:
    """Every way to lay all the cards of ``counts`` at once as valid melds (with ``keep_one``, also all
    but one card, kept to discard; with ``with_biriba``, only ways holding a biriba), each a sorted
    tuple of melds; at most ``limit`` of them, in a fixed order (see ``docs/rules.md``, "Legal actions").

    A depth-first search places, each time, the card that the fewest three-card melds hold (the hardest
    card to place): in each meld that holds it, or as the card kept. A card in no three-card meld of
    the rest is in no meld at all, which ends most searches at once; rests found impossible are
    remembered. Results are cached: the same hand is asked about again within a turn.
    """
    return _partitions(bytes(counts), rules.number, keep_one, with_biriba, limit)


@lru_cache(maxsize=1 << 12)
def _partitions(
    counts: bytes, rules_number: int, keep_one: bool, with_biriba: bool, limit: int
) -> tuple[tuple[MeldCards, ...], ...]:
    rules = _RULES_BY_NUMBER[rules_number]
    if sum(counts) < 3 or not layable(counts, rules, keep_one):
        return ()
    hand = list(counts)
    # Most hands have no way at all. Any meld of 6 cards or more splits into melds of 3 to 5 cards (and
    # a biriba into one of 7 to 9 cards and such melds), so a search among those, ending at the first
    # way, tells first whether the full search is needed.
    quick = _PartitionSearch(rules, 1, short=True)
    full = _PartitionSearch(rules, limit, short=False)
    if quick.lay(hand, keep_one, with_biriba):
        full.lay(hand, keep_one, with_biriba)
    return tuple(sorted(full.found))


def whole_hand_partition_using(
    counts: list[int],
    using: frozenset[Card],
    rules: MeldRules = STANDARD_MELDS,
    keep_one: bool = False,
    with_biriba: bool = False,
) -> tuple[MeldCards, ...] | None:
    """One way to lay the cards of ``counts`` as :func:`whole_hand_partitions` does whose melds hold a
    card of ``using``, or None: the search ends at the first. What the take-the-pile checks ask (is there
    an opening that melds a pile card?) without listing every opening of a hand the pile made large."""
    return _partition_using(bytes(counts), using, rules.number, keep_one, with_biriba)


@lru_cache(maxsize=1 << 10)
def _partition_using(
    counts: bytes, using: frozenset[Card], rules_number: int, keep_one: bool, with_biriba: bool
) -> tuple[MeldCards, ...] | None:
    rules = _RULES_BY_NUMBER[rules_number]
    if sum(counts) < 3 or not layable(counts, rules, keep_one):
        return None
    search = _PartitionSearch(rules, 1, short=True, using=using)
    search.lay(list(counts), keep_one, with_biriba)
    return next(iter(search.found), None)


def runs_only_layable(counts: bytes, rules: MeldRules, keep_one: bool) -> bool:
    """Whether the cards of ``counts`` can be laid at once as runs (all of them, or all but one with
    ``keep_one``), under rules whose only melds are runs (no sets, no melds of wild cards): exact for
    that question, and cheap, since the suits are then independent but for the wild cards they share.

    A run holds at most one wild card, so it is enough to know, for each suit, how many wild cards the
    suit's natural cards can take in runs that hold them all. A Two may stand in its own place in a run
    of its suit (natural) or anywhere as a wild card: a suit's entry counts its Twos taken as natural
    with the wild cards, so that every way adds up to the number of wild cards and Twos held. The
    partition searches ask this first, and at every step, when the rules have no sets: it ends at once
    the searches through huge hands that no way lays, which would otherwise run to their budget.
    """
    wild_total = counts[JOKER] + sum(counts[two] for two in TWOS)
    laid = 1  # bit w: the suits so far hold all their cards with w wild cards and natural Twos
    kept = 0  # the same with one natural card left out
    for suit in range(4):
        ranks = counts[suit * 13 : suit * 13 + 13]
        exact = _suit_wild_counts(ranks, False)
        if keep_one:
            kept = _add_counts(kept, exact) | _add_counts(laid, _suit_wild_counts(ranks, True))
        laid = _add_counts(laid, exact)
        if not laid and not kept:
            return False
    if laid >> wild_total & 1:
        return True
    return keep_one and bool(kept >> wild_total & 1 or (wild_total and laid >> (wild_total - 1) & 1))


def layable(counts: bytes, rules: MeldRules, keep_one: bool) -> bool:
    """Whether the cards of ``counts`` might be laid at once as melds (all of them, or all but one with
    ``keep_one``): never no wrongly. Exact without sets (:func:`runs_only_layable`); with sets, exact but
    for melds of three wild cards or more, allowed where only sets of Twos are melds, and for the huge
    hands with many wild cards that it leaves to the search (:func:`_layable_with_sets`). The whole-hand
    searches ask it before they search: most hands have no way at all, and a search may try meld after
    meld before it knows; what they find is the same."""
    if rules.runs_only:
        return runs_only_layable(counts, rules, keep_one)
    return _layable_with_sets(counts, rules.number, keep_one) is not False


_STATE_LIMIT: Final = 256
"""The most ways :func:`_layable_with_sets` keeps after a place of the runs; past it, the hand is left to the
whole-hand search (huge hands with many wild cards, where the search finds a way at once or the answer
would cost more than searching)."""

# The open runs of one suit at a place, counted by kind: how many cards the run has so far (one, two, three or more)
# and whether its one wild card is in it. A wild card at a run's end is counted when the run closes (a run of two
# must take one, a longer run may), so a run that holds its wild card holds it inside, between two natural cards.
_RUN_1: Final = 0
_RUN_2: Final = 1
_RUN_3: Final = 2
_RUN_2_WILD: Final = 3
_RUN_3_WILD: Final = 4
_RUN_KINDS: Final = 5
_AFTER_NATURAL: Final = (_RUN_2, _RUN_3, _RUN_3, _RUN_3_WILD, _RUN_3_WILD)
"""The kind of a run after a natural card of its suit at the next place."""
_AFTER_WILD: Final = (_RUN_2_WILD, _RUN_3_WILD, _RUN_3_WILD, -1, -1)
"""The kind of a run after its wild card at the next place (none for runs that hold theirs)."""
_KIND_BITS: Final = 4  # a kind's count: at most the cards at two places of a suit, six decks
_KIND_MASK: Final = (1 << _KIND_BITS) - 1
_WAITING_SHIFT: Final = _RUN_KINDS * _KIND_BITS
"""Where a suit's state counts its Aces waiting for the place above the King."""
_RUNS_MASK: Final = (1 << _WAITING_SHIFT) - 1
_ID_BITS: Final = 13
"""A way's key holds each suit's state as a number given to it in :data:`_SUIT_STATES`, in this many bits:
four suits' states in full (24 bits each) would make every key a long integer, whose arithmetic runs far
slower than that of numbers of one machine word."""
_ID_MASK: Final = (1 << _ID_BITS) - 1
_SENT_SHIFT: Final = 4 * _ID_BITS
"""Where a way's key counts the cards sent to the sets of the place being played (at most 24, six decks)."""
_SUIT_STATES: Final[list[int]] = [0]
"""The suit states met so far, by the number that stands for them in keys (0: no run open, no Ace waiting)."""
_SUIT_STATE_IDS: Final[dict[int, int]] = {0: 0}
_AFTER_RUNS: Final = HIGH_ACE + 1
"""The place after the last, where every run closes."""
_STEPS_CACHE_SIZE: Final = 1 << 14
_RUN_STEPS: Final[dict[int, tuple[tuple[int, int], ...]]] = {}
"""The cache of :func:`_run_steps` (numbers only: the garbage collector does not walk it)."""
_PLACE_STEPS: Final[dict[int, tuple[tuple[int, int, int, int], ...]]] = {}
"""The cache of :func:`_place_steps`, by suit state number: forgotten with the numbers."""


def _bound_suit_state_numbers() -> None:
    """Once half the numbers a key holds are given, forget the suit states' numbers and the steps that name
    states by them: asked between two checks of :func:`_layable_with_sets`, never during one."""
    if len(_SUIT_STATES) <= _ID_MASK // 2:
        return
    del _SUIT_STATES[1:]
    _SUIT_STATE_IDS.clear()
    _SUIT_STATE_IDS[0] = 0
    _PLACE_STEPS.clear()


def _suit_state_id(state: int) -> int:
    """The number standing for a suit's ``state`` in the keys of :func:`_layable_with_sets`."""
    found = _SUIT_STATE_IDS.get(state)
    if found is None:
        found = _SUIT_STATE_IDS[state] = len(_SUIT_STATES)
        _SUIT_STATES.append(state)
    return found


@lru_cache(maxsize=1 << 12)
def _layable_with_sets(counts: bytes, rules_number: int, keep_one: bool) -> bool | None:
    """:func:`layable` under rules with sets or melds of wild cards; None for a hand so big that past
    :data:`_STATE_LIMIT` ways it is left to the search.

    The places of the runs are played in order, from the Ace below the Two to the Ace above the King. A
    way is what the suits have open at the place (their runs by kind, :func:`_place_steps`, and the Aces
    kept for the top) with the numbers of wild cards placed so far, when every card lies in a meld and when
    one is kept. At each place every natural card of the rank continues an open run, starts one, goes to
    the rank's sets (two cards with a wild card, or three or more with up to one wild card for every two)
    or is the card kept; every open run takes the card, takes its wild card, or closes. Ways that reach the
    same state are one, their numbers of wild cards merged: the work grows with the runs open at once, not
    with the ways to split the hand, and the answer is exact (up to :func:`_wilds_all_placed`).
    """
    rules = _RULES_BY_NUMBER[rules_number]
    if _lonely_cards(counts, rules.set_ranks) > keep_one:
        return False
    _bound_suit_state_numbers()
    wild_total = counts[JOKER] + sum(counts[two] for two in TWOS)
    possible = (1 << (wild_total + 1)) - 1  # never more placed than held
    # A way's numbers of wild cards placed, with every card in a meld (the low bits) and with one kept (from
    # kept_shift): far enough apart that adding a number no larger than those held to both at once never carries
    # the first into the second.
    kept_shift = 2 * (wild_total + 1)
    both = possible | possible << kept_shift
    set_ranks = rules.set_ranks
    ways: dict[int, int] = {0: 1}
    for place in range(ACE, _AFTER_RUNS + 1):
        rank = ACE if place == HIGH_ACE else place
        # The Aces' sets are made at the top, once the Aces not in low runs are known.
        settable = ACE < place < _AFTER_RUNS and rank in set_ranks and sum(counts[rank - 1 : 52 : 13]) >= 2
        for suit in range(4):
            first = suit * 13
            if place < HIGH_ACE:
                if not counts[first + place - 1] and (place == ACE or not counts[first + place - 2]):
                    continue  # no card here and none at the place below: no run open, nothing changes
            elif not counts[first] and (place == _AFTER_RUNS or not counts[first + 12]):
                continue
            ways = _through_place(ways, counts, suit, place, settable, keep_one, kept_shift)
            if not ways:
                return False
            if len(ways) > _STATE_LIMIT or len(_SUIT_STATES) > _ID_MASK:
                # Too many ways, or a state numbered past what a key holds (its ways' keys are wrong).
                return None
        if settable:
            ways = _sets_made(ways, possible, both)
            if not ways:
                return False
    final = 0
    for placed in ways.values():
        final |= placed
    laid = final & possible
    if keep_one:
        laid |= final >> kept_shift | laid << 1  # a natural card kept, or a wild card
    return _wilds_all_placed(laid, wild_total, rules)


def _lonely_cards(counts: bytes, set_ranks: tuple[int, ...]) -> int:
    """How many natural cards (but Twos, which may be wild cards) of ``counts`` no meld can hold: no card of
    their suit two places or nearer, and no other card of their rank for a set. Wild cards do not help them
    (a run holds one, a set two natural cards): a quick no, before the places are played, for hands with a
    card that nothing comes near."""
    lonely = 0
    for suit in range(4):
        row = counts[suit * 13 : suit * 13 + 13]
        for index, held in enumerate(row):
            if not held or index == TWO - 1:
                continue
            if index + 1 in set_ranks and sum(counts[index:52:13]) >= 2:
                continue
            if index == ACE - 1:  # the Ace below the Two and above the King
                near = row[1] or row[2] or row[11] or row[12]
            else:  # the places above the Queen and the King are the Ace's
                above = row[index + 1] if index < 12 else row[0]
                two_above = row[index + 2] if index < 11 else row[0] if index == 11 else 0
                near = row[index - 1] or row[index - 2] or above or two_above
            if not near:
                lonely += held
    return lonely


def _through_place(  # noqa: PLR0913
    ways: dict[int, int], counts: bytes, suit: int, place: int, settable: bool, keep_one: bool, kept_shift: int
) -> dict[int, int]:
    """The ways of :func:`_layable_with_sets` after one ``suit`` goes through ``place``."""
    first = suit * 13
    held = counts[first + place - 1] if place < HIGH_ACE else 0
    # The cards at the next two places bound the runs worth opening or bridging with a wild card here.
    next_held = counts[first + place] if place < 13 else 0
    later_held = counts[first + place + 1] if place < 12 else 0
    possible = (1 << (kept_shift // 2)) - 1
    both = possible | possible << kept_shift
    shift = suit * _ID_BITS
    advanced: dict[int, int] = {}
    for key, placed in ways.items():
        state_id = key >> shift & _ID_MASK
        state = _SUIT_STATES[state_id]
        if not held and not state & _RUNS_MASK and place < HIGH_ACE:
            advanced[key] = advanced.get(key, 0) | placed
            continue
        if place == 12:
            later_held = state >> _WAITING_SHIFT
        elif place == 13:
            next_held = state >> _WAITING_SHIFT
        rest = key - (state_id << shift)
        for after, wild_counts, sent, kept in _place_steps(
            state_id, held, next_held, later_held, place, settable, keep_one
        ):
            placing = wild_counts & possible  # never more than held: so no sum reaches kept_shift
            if not placing:
                continue
            if kept:
                added = (_add_counts(placed & possible, placing) & possible) << kept_shift
            elif placing == 1:
                added = placed
            else:
                added = _add_counts(placed, placing) & both
            if added:
                new_key = rest + (after << shift) + (sent << _SENT_SHIFT)
                advanced[new_key] = advanced.get(new_key, 0) | added
    return advanced


def _sets_made(ways: dict[int, int], possible: int, both: int) -> dict[int, int]:
    """The ``ways`` once the cards sent to the place's sets make them: a way that sends one card is
    dropped; two cards take a wild card, three or more up to one for every two."""
    made: dict[int, int] = {}
    for key, placed in ways.items():
        sent = key >> _SENT_SHIFT
        if sent == 1:
            continue
        in_sets = 1 if not sent else 2 if sent == 2 else (1 << (sent // 2 + 1)) - 1
        after = _add_counts(placed, in_sets & possible) & both
        if after:
            rest = key - (sent << _SENT_SHIFT)
            made[rest] = made.get(rest, 0) | after
    return made


def _place_steps(  # noqa: PLR0912, PLR0913
    state_id: int, held: int, next_held: int, later_held: int, place: int, settable: bool, keep_one: bool
) -> tuple[tuple[int, int, int, int], ...]:
    """Every way one suit's state (its open runs and waiting Aces; ``state_id``, its number in
    :data:`_SUIT_STATES`) goes through ``place`` with the ``held`` natural cards of the place: the state
    after (its number), the bit mask of the numbers of wild cards it places, the cards sent to sets, and
    whether one card is kept (``keep_one``). A natural Two goes to a run at its place or is a wild card
    (counted as placed when natural, as :func:`_suit_wild_counts` does); an Ace starts a run at the bottom
    or waits for the top, where it goes to a run, to the Aces' sets or is kept."""
    special = place if place in (ACE, TWO, HIGH_ACE, _AFTER_RUNS) else 0  # the ordinary places share their steps
    key = ((((state_id << 6 | held) << 5 | next_held) << 5 | later_held) << 4 | special) << 2 | settable << 1 | keep_one
    found = _PLACE_STEPS.get(key)
    if found is not None:
        return found
    state = _SUIT_STATES[state_id]
    runs = state & _RUNS_MASK
    waiting = state >> _WAITING_SHIFT
    steps: list[tuple[int, int, int, int]] = []
    if place == _AFTER_RUNS:
        steps.extend((after, wild_counts, 0, False) for after, wild_counts in _run_steps(runs, 0, 0, 0, True))
    elif place == TWO:
        for natural in range(held + 1):
            for after, wild_counts in _run_steps(runs, natural, next_held, later_held, False):
                steps.append((after | waiting << _WAITING_SHIFT, wild_counts << natural, 0, False))
    elif place == ACE:
        for low in range(held + 1):
            for after, wild_counts in _run_steps(runs, low, next_held, later_held, False):
                steps.append((after | (held - low) << _WAITING_SHIFT, wild_counts, 0, False))
    else:
        if place == HIGH_ACE:
            held, waiting = waiting, 0
        for sent in range(held + 1 if settable else 1):
            for kept in (False, True) if keep_one and held > sent else (False,):
                for after, wild_counts in _run_steps(runs, held - sent - kept, next_held, later_held, False):
                    steps.append((after | waiting << _WAITING_SHIFT, wild_counts, sent, kept))
    if len(_PLACE_STEPS) >= _STEPS_CACHE_SIZE:
        _PLACE_STEPS.clear()
    found = _PLACE_STEPS[key] = tuple(
        (_suit_state_id(after), wild_counts, sent, kept) for after, wild_counts, sent, kept in steps
    )
    return found


def _run_steps(runs: int, naturals: int, next_held: int, later_held: int, closing: bool) -> tuple[tuple[int, int], ...]:
    """Every way the open ``runs`` of a suit (counts by kind) go through a place with ``naturals`` cards for
    runs: the runs after, and the bit mask of the numbers of wild cards placed. Each run takes a card, takes
    its wild card (only if a card at the next place can follow it: at most ``next_held`` of them), or closes
    (three cards or more; one of two takes a wild card at an end, one of three or more may); the cards left
    start runs, at most as many as the next two places can continue (``later_held`` past a wild card). With
    ``closing``, the place after the last: every run closes."""
    key = ((((runs << 5 | naturals) << 5 | next_held) << 5 | later_held) << 1) | closing
    found = _RUN_STEPS.get(key)
    if found is None:
        ways: dict[int, int] = {}
        _add_run_steps(runs, 0, naturals, next_held, next_held + later_held, 0, 0, 0, closing, ways)
        if len(_RUN_STEPS) >= _STEPS_CACHE_SIZE:
            _RUN_STEPS.clear()
        found = _RUN_STEPS[key] = tuple(ways.items())
    return found


def _add_run_steps(  # noqa: PLR0913
    runs: int,
    kind: int,
    naturals: int,
    bridges: int,
    starts: int,
    after: int,
    wild_cards: int,
    open_ends: int,
    closing: bool,
    ways: dict[int, int],
) -> None:
    """:func:`_run_steps` for the runs of ``kind`` and the kinds after it, given what the kinds before did:
    the runs ``after`` so far, the ``wild_cards`` they surely placed and the runs of three or more closed
    without one (``open_ends``: each may take one or none)."""
    if kind == _RUN_KINDS:
        if naturals:
            if closing or naturals > starts:
                return
            after += naturals << _KIND_BITS * _RUN_1
        wild_counts = ((1 << (open_ends + 1)) - 1) << wild_cards
        ways[after] = ways.get(after, 0) | wild_counts
        return
    count = runs >> _KIND_BITS * kind & _KIND_MASK
    if not count:
        _add_run_steps(runs, kind + 1, naturals, bridges, starts, after, wild_cards, open_ends, closing, ways)
        return
    can_close = kind in (_RUN_2, _RUN_3, _RUN_3_WILD)
    can_bridge = _AFTER_WILD[kind] >= 0 and not closing
    for by_natural in range(1 if closing else min(count, naturals) + 1):
        rest = count - by_natural
        for by_wild in range(min(rest, bridges) + 1 if can_bridge else 1):
            closed = rest - by_wild
            if closed and not can_close:
                continue
            runs_after = after + (by_natural << _KIND_BITS * _AFTER_NATURAL[kind])
            if by_wild:
                runs_after += by_wild << _KIND_BITS * _AFTER_WILD[kind]
            _add_run_steps(
                runs,
                kind + 1,
                naturals - by_natural,
                bridges - by_wild,
                starts,
                runs_after,
                wild_cards + by_wild + (closed if kind == _RUN_2 else 0),
                open_ends + (closed if kind == _RUN_3 else 0),
                closing,
                ways,
            )


def _wilds_all_placed(placed: int, wild_total: int, rules: MeldRules) -> bool:
    """Whether ``placed`` (a bit mask of numbers of wild cards placed in runs and sets, a Two taken as
    natural counting as placed) holds every wild card held, or all but three or more of them that make
    melds of their own (melds of wild cards; sets of Twos, with at most one Joker, are allowed too: a
    bound)."""
    if placed >> wild_total & 1:
        return True
    if rules.wild_melds or rules.sets_of_twos:
        return any(placed >> (wild_total - apart) & 1 for apart in range(3, wild_total + 1))
    return False


def _add_counts(first: int, second: int) -> int:
    """The counts reachable as a sum of one of ``first`` and one of ``second`` (sets of small numbers as
    bit masks)."""
    if second == 1:
        return first  # adding nothing: most often asked
    total = 0
    shift = 0
    while second:
        if second & 1:
            total |= first << shift
        second >>= 1
        shift += 1
    return total


def _suit_wild_counts(ranks: bytes, keep_one: bool) -> int:
    """Bit mask of the numbers w + t such that the natural cards of one suit (``ranks``: counts, Ace to
    King), with t of its Twos taken as natural and the rest as wild, lie in runs that hold w wild cards
    (with ``keep_one``, one card but a Two left out). Runs of every length up to the longest allowed (13
    or 14) place cards as runs of 3 to 5 do (:func:`_run_wild_counts`), so that length needs no part in it."""
    cache = _SUIT_WILD_COUNTS[keep_one]
    found = cache.get(ranks)
    if found is None:
        if len(cache) >= _RUN_WILD_COUNTS_SIZE:
            cache.clear()
        found = cache[ranks] = _suit_wild_counts_of(ranks, keep_one)
    return found


def _suit_wild_counts_of(ranks: bytes, keep_one: bool) -> int:
    # Run places 1 (the Ace below the Two) to 14 (the Ace above the King), packed four bits a place.
    places = 0
    for rank in range(FULL_RUN_LENGTH, 0, -1):
        places = places << _PLACE_BITS | ranks[rank - 1]
    places <<= _PLACE_BITS
    places -= ranks[TWO - 1] << _PLACE_BITS * TWO  # the Twos are placed below, as many as are natural
    found = 0
    for natural_twos in range(ranks[TWO - 1] + 1):
        two_places = natural_twos << _PLACE_BITS * TWO
        for high_aces in range(ranks[ACE - 1] + 1):
            moved = high_aces * (_HIGH_ACE_UNIT - _LOW_ACE_UNIT)
            found |= _run_wild_counts(places + two_places + moved, keep_one) << natural_twos
    return found


_PLACE_BITS: Final = 4
"""Bits of one run place's count of cards in the packed places of :func:`_run_wild_counts` (a suit's
place holds at most one card of each deck: six at most)."""
_PLACE_MASK: Final = (1 << _PLACE_BITS) - 1
_LOW_ACE_UNIT: Final = 1 << _PLACE_BITS * ACE
_HIGH_ACE_UNIT: Final = 1 << _PLACE_BITS * HIGH_ACE
_RUN_WILD_COUNTS: Final[dict[int, int]] = {}
"""The cache of :func:`_run_wild_counts`, keyed by the packed places and the ``leave_one`` bit: a plain
dict, cleared when full, costs a compiled caller less than a function cache."""
_RUN_WILD_COUNTS_SIZE: Final = 1 << 16
_SUIT_WILD_COUNTS: Final[tuple[dict[bytes, int], dict[bytes, int]]] = ({}, {})
"""The caches of :func:`_suit_wild_counts`, without and with ``keep_one`` (bytes to numbers: the garbage
collector does not walk them)."""


def _run_wild_counts(places: int, leave_one: bool) -> int:
    """Bit mask of the numbers of wild cards with which the cards at the run ``places`` (counts packed
    :data:`_PLACE_BITS` bits a place, places 1 to 14) lie exactly in runs holding at most one wild card
    each; with ``leave_one``, all of them but one card, not a Two taken as natural (a Two left out is a
    wild card left out: the caller counts that).

    The lowest card held starts its run, or stands second after a wild card, or (while one is still to be
    left out) is the card left out: every card is the lowest of what is left at some point, so the one
    search covers every card left out, its rests shared. Runs of more than :data:`SHORT_MELD` places need
    not be tried: one of six or more splits into two of three or more with the same wild card (the part
    that holds it keeps two natural cards), so the numbers of wild cards found are the same, with far fewer
    windows and rests to try. Packed in one integer, a rest is one subtraction and a cheap key."""
    key = places << 1 | leave_one
    known = _RUN_WILD_COUNTS.get(key)
    if known is not None:
        return known
    if not places:
        return 0 if leave_one else 1
    lowest = ((places & -places).bit_length() - 1) // _PLACE_BITS
    found = 0
    if leave_one and lowest != TWO:
        found = _run_wild_counts(places - (1 << _PLACE_BITS * lowest), False)
    for low in range(lowest - 1 if lowest > 1 else lowest, lowest + 1):
        rest = places  # the cards left once the window low..high is laid
        missing = 0
        for high in range(low, min(low + SHORT_MELD - 1, HIGH_ACE) + 1):
            unit = 1 << _PLACE_BITS * high
            if places >> _PLACE_BITS * high & _PLACE_MASK:
                rest -= unit
            else:
                missing += 1
                if missing > 1:
                    break  # a longer window misses as many places
            if high - low < 2:
                continue
            if missing:
                found |= _run_wild_counts(rest, leave_one) << 1
                continue
            found |= _run_wild_counts(rest, leave_one)
            for place in range(lowest + 1, high + 1):  # a wild card in a place whose card goes elsewhere
                found |= _run_wild_counts(rest + (1 << _PLACE_BITS * place), leave_one) << 1
    if len(_RUN_WILD_COUNTS) >= _RUN_WILD_COUNTS_SIZE:
        _RUN_WILD_COUNTS.clear()
    _RUN_WILD_COUNTS[key] = found
    return found


SHORT_MELD: Final = 5
"""Every meld splits into melds of 3 to 5 cards (a run of 8 into 3 and 5, a set of 7 into 3 and 4), and a
biriba into one of 7 to 9 cards and such melds."""
SEARCH_BUDGET: Final = 1000
"""Hands (but the biggest, as random play builds) settle within this many steps of one search; past it,
the search stops with what it found: a way to lay a huge hand may then go unlisted."""


class _PartitionSearch:
    """Depth-first search for up to ``limit`` ways to lay a hand as melds (``short``: of 3 to 5 cards, a
    biriba of 7 to 9), within :data:`SEARCH_BUDGET` steps. With ``using``, only ways whose melds hold a
    card of ``using`` count.

    A rest found impossible is remembered and skipped at no cost when met again. A rest found layable is
    remembered too, as what its search did: its steps and the ways it found, in order (:attr:`events`).
    Met again, its search would do exactly that once more, less the impossible rests it met, which are now
    skipped: so the record is replayed, step by step and way by way, with the same checks of the budget
    and the limit, and finds what the search itself would, at the same step."""

    def __init__(self, rules: MeldRules, limit: int, short: bool, using: frozenset[Card] | None = None) -> None:
        self.rules = rules
        self.limit = limit
        self.short = short
        self.using = using
        self.steps = 0
        self.found: set[tuple[MeldCards, ...]] = set()
        self.dead: set[tuple[bytes, bool, bool, bool]] = set()
        self.events: list[tuple[MeldCards, ...] | None] = []
        """Every step (None) and way found (the melds chosen) in order, but those of impossible rests."""
        self.layable: dict[tuple[bytes, bool, bool, bool], tuple[int, int, int]] = {}
        """Each layable rest's record: its first and past-last event, and how many melds came before it."""

    @property
    def exhausted(self) -> bool:
        return len(self.found) >= self.limit or self.steps >= SEARCH_BUDGET

    def _fits(self, meld: MeldCards, need_biriba: bool) -> bool:
        if not self.short:
            return True
        return len(meld) <= SHORT_MELD or (need_biriba and BIRIBA_LENGTH <= len(meld) <= BIRIBA_LENGTH + 2)

    def lay(self, hand: list[int], may_keep: bool, need_biriba: bool) -> bool:
        """Place the cards of ``hand`` (but one, if ``may_keep``) in melds, with a biriba among them if
        ``need_biriba``; whether a way was found."""
        return self._lay(bytes(hand), sum(hand), (), self.using is None, may_keep, need_biriba)

    def _lay(  # noqa: PLR0911, PLR0912, PLR0913
        self, rest: bytes, left: int, chosen: tuple[MeldCards, ...], used: bool, may_keep: bool, need_biriba: bool
    ) -> bool:
        """:meth:`lay` of the ``rest`` (as bytes, with its number of cards) after the melds ``chosen``, and
        whether those already meld a card of ``using`` (what is still possible depends on it)."""
        if left == 0 or (left == 1 and may_keep):
            if need_biriba or not used:
                return False
            self.found.add(tuple(sorted(chosen)))
            self.events.append(chosen)
            return True
        key = (rest, may_keep, need_biriba, used)
        if key in self.dead or self.exhausted:
            return False
        record = self.layable.get(key)
        if record is not None:
            return self._replay(record, chosen)
        start = len(self.events)
        self.steps += 1
        self.events.append(None)
        rules = self.rules
        if (need_biriba and not _biriba_possible(rest, rules)) or (
            rules.runs_only and not runs_only_layable(rest, rules, may_keep)
        ):
            self._impossible(key, start)
            return False
        pivot, placeable = _hardest_card(rest, rules)
        using = self.using
        any_way = False
        if placeable:
            for meld in _melds_holding(pivot, rest, rules):
                if self.exhausted:
                    return any_way
                if self._fits(meld, need_biriba):
                    any_way |= self._lay(
                        _without(rest, meld),
                        left - len(meld),
                        (*chosen, meld),
                        used or (using is not None and not using.isdisjoint(meld)),
                        may_keep,
                        need_biriba and len(meld) < BIRIBA_LENGTH,
                    )
        if may_keep and not self.exhausted:
            any_way |= self._lay(_without(rest, (pivot,)), left - 1, chosen, used, False, need_biriba)
        if not self.exhausted:
            if any_way:
                self.layable[key] = (start, len(self.events), len(chosen))
            else:
                self._impossible(key, start)
        return any_way

    def _impossible(self, key: tuple[bytes, bool, bool, bool], start: int) -> None:
        """Remember the rest of ``key`` as impossible, and forget its search's events (from ``start``): met
        again, it is skipped at no cost, and so it is in the records of the rests that hold it."""
        self.dead.add(key)
        del self.events[start:]

    def _replay(self, record: tuple[int, int, int], chosen: tuple[MeldCards, ...]) -> bool:
        """Do again what a layable rest's search did (``record``), after the melds ``chosen``: each step and
        way as the search would, each after the check of the budget and the limit that comes before it
        there; whether a way was found (a layable rest's record holds one, so always unless the search
        ends first)."""
        start, end, before = record
        any_way = False
        for event in self.events[start:end]:
            if self.exhausted:
                return any_way
            if event is None:
                self.steps += 1
                self.events.append(None)
            else:
                way = chosen + event[before:]
                self.found.add(tuple(sorted(way)))
                self.events.append(way)
                any_way = True
        return any_way


def _without(counts: bytes, cards: MeldCards) -> bytes:
    rest = bytearray(counts)
    for card in cards:
        rest[card] -= 1
    return bytes(rest)


def _biriba_possible(counts: bytes, rules: MeldRules) -> bool:
    """Whether the cards of ``counts`` might still make a meld of 7 cards: a bound that ends searches for
    a biriba early (it may say yes wrongly, never no wrongly)."""
    extra = 1 if any(counts[w] for w in WILD_CARDS) else 0
    for suit in range(4):
        held = [counts[card] > 0 for card in suit_cards(suit)]
        held.append(held[0])  # the Ace above the King
        # The longest stretch of positions with at most one missing (a wild card's place, if there is one).
        start = missing = 0
        for end, present in enumerate(held):
            missing += not present
            while missing > extra:
                missing -= not held[start]
                start += 1
            if end - start + 1 + (extra - missing) >= BIRIBA_LENGTH:
                return True
    for rank in rules.set_ranks:
        if sum(counts[rank - 1 : 52 : 13]) + extra >= BIRIBA_LENGTH:
            return True
    return (rules.sets_of_twos or rules.wild_melds) and sum(counts[w] for w in WILD_CARDS) >= BIRIBA_LENGTH


def _hardest_card(held: bytes, rules: MeldRules) -> tuple[Card, bool]:
    """The card held that the fewest three-card melds of ``held`` (a hand's counts as bytes) hold (natural
    cards first, the lowest on ties), and whether any does: a card in no three-card meld can be in no
    meld. Cached: the quick search and the full one meet the same rests, and so do the searches of hands
    a card apart."""
    cache = _HARDEST[rules.number]
    found = cache.get(held)
    if found is None:
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        card, placeable = _find_hardest_card(held, rules)
        found = cache[held] = card << 1 | placeable
    return found >> 1, bool(found & 1)


def _find_hardest_card(held: bytes, rules: MeldRules) -> tuple[Card, bool]:
    # Each card's places in the three-card melds, from the cached groups: two bytes a card, low first.
    places = _gather_triples(held, rules, None, True).to_bytes(_PLACES_BYTES, "little")
    best, best_key = -1, 1 << 31
    for card in range(len(held)):
        if not held[card]:
            continue
        held_in = places[2 * card] | places[2 * card + 1] << 8
        if not held_in:
            return card, False
        # Natural cards first, then the fewest places, then the lowest card, as one number.
        key = _IS_WILD[card] << 30 | held_in << 6 | card
        if key < best_key:
            best, best_key = card, key
    return best, True


_IS_WILD: Final = bytes(1 if card in WILD_CARDS else 0 for card in range(JOKER + 1))


def _melds_holding(card: Card, packed: bytes, rules: MeldRules) -> tuple[MeldCards, ...]:
    """Every valid meld of the cards of ``packed`` (a hand's counts as bytes) that holds ``card``. Only the
    cards of its suit and rank and the wild cards can be in such a meld, so their counts are the key of a
    cache (slices of ``packed``: cheaper to make than a copy with the other cards cleared)."""
    if card in WILD_CARDS:
        return _wild_card_melds(card, packed, rules.number)
    base, rank_index = card - card % 13, card % 13
    key = (card, packed[base : base + 13], packed[rank_index:52:13], packed[JOKER:] + packed[1:41:13], rules.number)
    found = _HOLDING.get(key)
    if found is None:
        if len(_HOLDING) > _CACHE_LIMIT:
            _HOLDING.clear()
        relevant = bytearray(len(packed))
        for other in (*suit_cards(suit_of(card)), *twins(card), *WILD_CARDS):
            relevant[other] = packed[other]
        found = _HOLDING[key] = _natural_card_melds(card, bytes(relevant), rules)
    return found


_HOLDING: Final[dict[tuple[Card, bytes, bytes, bytes, int], tuple[MeldCards, ...]]] = {}
"""The cache of :func:`_melds_holding` for natural cards, keyed by numbers and bytes only (see
:attr:`MeldRules.number`); emptied when it holds more than :data:`_CACHE_LIMIT` keys."""


@lru_cache(maxsize=1 << 12)
def _wild_card_melds(card: Card, pool: bytes, rules_number: int) -> tuple[MeldCards, ...]:
    """The melds of a wild card: any meld of the hand may hold it."""
    return tuple(meld for meld in all_melds(list(pool), _RULES_BY_NUMBER[rules_number]) if card in meld)


def _natural_card_melds(card: Card, pool: bytes, rules: MeldRules) -> tuple[MeldCards, ...]:
    found = _natural_card_candidates(card, pool, rules)
    return tuple(sorted(m for m in found if card in m and meld_shape(m, rules) is not None))


def _natural_card_candidates(card: Card, pool: bytes, rules: MeldRules) -> set[MeldCards]:
    """Candidate melds (a superset of the valid ones) of the cards of ``pool`` that may hold the natural
    ``card``: the runs of :func:`_meld_candidates` whose window covers the card's place (an Ace's at either
    end), and the sets of its rank that hold it. The partition search asks this of every card it places."""
    found: set[MeldCards] = set()
    suit, rank = suit_of(card), rank_of(card)
    wilds = [w for w in WILD_CARDS if pool[w]]
    cards_at = _suit_places(pool, suit)
    longest = rules.longest_run
    for place in (ACE, HIGH_ACE) if rank == ACE else (rank,):
        for low in range(max(1, place - longest + 1), min(place, HIGH_ACE - 2) + 1):
            _add_runs_from(found, cards_at, low, max(low + 2, place), longest, wilds, pool)
    if rank in rules.set_ranks:
        by_suit = [(twin, pool[twin]) for twin in twins(card)]
        if sum(n for _, n in by_suit) >= 2:
            choices: list[list[Card]] = [[]]
            for twin, n in by_suit:
                # The card itself is in every set looked for.
                choices = [chosen + [twin] * k for chosen in choices for k in range(twin == card, n + 1)]
            for chosen in choices:
                if len(chosen) >= 3:
                    found.add(tuple(chosen))
                if len(chosen) >= 2:
                    for wild in wilds:
                        found.add(tuple(sorted((*chosen, wild))))
    return found


def meld_codes(cards: MeldCards, shape: MeldShape) -> list[str]:
    """The codes of a meld in table order."""
    return [card_code(c) for c in arrange(cards, shape)]


pickle_by_constructor(MeldRules)
