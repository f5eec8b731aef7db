"""The legal actions of a hand state, exactly as ``docs/rules.md`` ("Legal actions") lists them.

:func:`legal_actions` is :meth:`HandState.legal_actions`. Melds and extensions come from one candidate
generator, :func:`play_candidates` (new melds, single cards and Ace-moving cards added to each team meld,
the whole hand at once, or the whole-hand openings), in the order they are listed; one filter,
:func:`keeps`, asks the state's own rules (:meth:`HandState._after_play_refusal`, shared with ``apply``)
about what each one leaves, and skips the question where nothing can be refused: the hand keeps two
cards and no rule constrains the end of the turn.

Listing runs at every decision of every player and playout, so it avoids work: listed actions are shared
objects (the same melds come up turn after turn), card types held are read at C speed
(:func:`itertools.compress`), and the meld functions it calls cache on small keys.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from itertools import compress
from typing import Final

from biriba.core.actions import Action, ChooseBonusSuit, Discard, Draw, Extend, Meld, Pass, Redraw, TakePile
from biriba.core.cards import (
    ACE,
    JOKER,
    N_CARD_TYPES,
    TWO,
    Card,
    cards_of,
    counts_of,
    make_card,
    rank_of,
    suit_cards,
    suit_of,
)
from biriba.core.errors import IllegalAction
from biriba.core.melds import (
    FULL_RUN_LENGTH,
    HIGH_ACE,
    RUN,
    WILD,
    WILD_CARDS,
    MeldCards,
    MeldRules,
    MeldShape,
    all_melds,
    all_melds_of,
    canonical,
    extends,
    extension_shape,
    longer_melds_holding,
    meld_shape,
    multi_card_extensions,
    single_card_extensions,
    three_card_melds,
    three_card_melds_holding,
    whole_hand_partition_using,
    whole_hand_partitions,
)
from biriba.core.rules import PLAYER_COUNTS, Rules
from biriba.core.state import NO_CARD, HandState, Phase, TableMeld


def legal_actions(state: HandState) -> list[Action]:
    """Every legal action of the current seat, of the kinds the engine enumerates (see
    :meth:`HandState.legal_actions`)."""
    phase = state.phase
    if phase is Phase.OVER:
        return []
    seat = state.current
    if phase is Phase.CHOOSE:
        return [ChooseBonusSuit(seat, suit) for suit in (None, 0, 1, 2, 3)]
    if phase is Phase.DRAW:
        actions: list[Action] = [_DRAWS[seat] if state.draw_pile else _PASSES[seat]]
        if state._take_pile_refusal() is None:
            actions.append(_TAKE_PILES[seat])
        return actions
    head: list[Action] = [Redraw(seat)] if state.redraw_allowed and state.draw_pile else []
    return head + discard_actions(state) + play_actions(state)


def discard_actions(state: HandState) -> list[Action]:
    """The legal discards, in card order."""
    if state.pile_obligation is not None:
        return []
    seat = state.current
    discards = _DISCARDS[seat]
    hand = state.hands[seat]
    if state.hand_sizes[seat] == 1 or not state.rules.partner_wild_discard:
        return [discards[c] for c in compress(range(N_CARD_TYPES), hand) if isinstance(state._discard_refusal(c), int)]
    held: list[Action] = list(compress(discards, hand))
    banned = state.banned_discard
    if banned != NO_CARD and hand[banned]:
        held.remove(discards[banned])
    return held


def has_play_action(state: HandState) -> bool:
    """Whether the turn can still end: by a discard, or, with a pile card still to meld, by melding one."""
    if state.pile_obligation is not None:
        return pile_card_meldable(state)
    return bool(discard_actions(state)) or bool(play_actions(state, stop_at_first=True))


def pile_card_meldable(state: HandState) -> bool:
    """With a pile card still to meld: a meld or an extension of any size that uses one is legal now
    (docs/rules.md, A turn, rule 6: the card is melded "at once")."""
    using = state.pile_obligation
    assert using is not None
    if play_actions(state, stop_at_first=True, using=using):
        return True
    return next(unlisted_plays(state, using), None) is not None


def play_actions(state: HandState, stop_at_first: bool = False, using: frozenset[Card] | None = None) -> list[Action]:
    """Listed melds and extensions; with ``using``, only those that use one of those card types (in a
    new meld, when the pile card must go to one); with ``stop_at_first``, the first one only."""
    seat = state.current
    size = state.hand_sizes[seat]
    # Nothing after a play can bite when the hand keeps two cards, no minimum applies (a candidate under
    # a minimum reaches it by construction), no pile card or wild-card rule constrains the end of the
    # turn, and a card other than a banned discard is left: the filter is skipped for such candidates.
    # A pile card still to meld constrains the turn only until a play melds it (as :meth:`HandState._play`
    # counts it), so a candidate that melds it is as free as one where none is owed. Under the rule of
    # wild-card melds, a single meld or extension breaks it only while the team has a meld of wild cards
    # shorter than a biriba (:meth:`HandState._breaks_wild_meld_first`); several melds at once always go
    # through the filter.
    rules = state.rules
    free_while = -1  # the most cards a candidate may use and still need no filter
    if rules.partner_wild_discard and not _wild_meld_unfinished(state):
        banned = state.banned_discard
        free_while = size - 2 if banned == NO_CARD else min(size - 2, size - 1 - state.hands[seat][banned])
    several_filtered = rules.wild_melds
    obligation = state.pile_obligation
    # A play that leaves the pile card still to meld is legal when a way to meld it is left (the filter
    # plays it on a copy and looks for one). Where the listing is the plain one (three-card melds and
    # single-card extensions), a witness shows it without the copy: a play that melds the pile card with
    # cards the first leaves in the hand, free of the filter after it.
    plain_listing = (
        obligation is not None
        and not rules.wild_melds
        and rules.laid_whole_bonuses is None
        and not state.opening_minimum(seat)
        and not state.must_open_whole(seat)
    )
    witnesses: list[tuple[MeldCards, int]] | None = None
    actions: list[Action] = []
    for action, used in play_candidates(state, using):
        free = used <= free_while and not (several_filtered and isinstance(action, Meld) and len(action.melds) > 1)
        if free and obligation is not None and not state._settles_obligation(action):
            if witnesses is None:
                witnesses = _obligation_witnesses(state, obligation) if plain_listing else []
            free = _witnessed(state, action, used, witnesses)
        if free or keeps(state, action, used):
            actions.append(action)
            if stop_at_first:
                break
    return actions


def _obligation_witnesses(state: HandState, obligation: frozenset[Card]) -> list[tuple[MeldCards, int]]:
    """The plays of the plain listing that meld a pile card owed: its three-card melds holding one, and its
    single-card extensions by one (where an extension meets the obligation), each as its cards and the
    index of the team meld it extends (-1 for a new meld)."""
    hand = state.hands[state.current]
    melds = state.rules.meld_rules
    found = [(cards, -1) for cards in three_card_melds_holding(hand, obligation, melds)]
    if not state.obligation_new_meld:
        for index, table_meld in enumerate(_team_melds(state)):
            singles = single_card_extensions(table_meld.cards, melds)
            found += [((card,), index) for card in singles if hand[card] and card in obligation]
    return found


def _witnessed(state: HandState, action: Meld | Extend, used: int, witnesses: list[tuple[MeldCards, int]]) -> bool:
    """Whether, after ``action`` (a play that leaves the pile card owed), one of ``witnesses`` is still
    listed and free of the filter there: its cards are held besides the play's, its team meld is not the
    one the play changes, and it keeps two cards, one of them not a banned discard. Such a witness is a way
    to meld the pile card, so the play leaves one."""
    seat = state.current
    hand = state.hands[seat]
    needed = _used_counts(action)
    changed = action.meld if isinstance(action, Extend) else None  # the team meld the play changes
    size_after = state.hand_sizes[seat] - used
    banned = state.banned_discard
    free_after = size_after - 2
    if banned != NO_CARD:
        free_after = min(free_after, size_after - 1 - (hand[banned] - needed[banned]))
    for cards, index in witnesses:
        if len(cards) > free_after or index == changed:
            continue
        if all(needed[card] + cards.count(card) <= hand[card] for card in cards):
            return True
    return False


def _wild_meld_unfinished(state: HandState) -> bool:
    """Under the rule of wild-card melds, whether the current seat's team has a meld of wild cards
    shorter than a biriba (whose wild cards may then go nowhere else)."""
    if not state.rules.wild_melds:
        return False
    return any(m.shape.kind == WILD and not m.shape.is_biriba for m in _team_melds(state))


def keeps(state: HandState, action: Meld | Extend, used: int) -> bool:
    """The filter: whether ``action`` (a candidate of :func:`play_candidates`, its melds valid) is legal,
    by the rules on what a play leaves (:meth:`HandState._after_play_refusal`)."""
    if isinstance(action, Meld):
        produced = tuple(state._new_meld(cards) for cards in action.melds)
    else:
        old = _team_melds(state)[action.meld]
        cards = canonical(old.cards + action.cards)
        produced = (TableMeld(cards, _shape(cards, state.rules), old.laid_whole),)
    return state._after_play_refusal(action, produced, used, _used_counts(action)) is None


def _used_counts(action: Meld | Extend) -> list[int]:
    """The counts of the cards a meld or extension takes from the hand."""
    if isinstance(action, Meld):
        return counts_of(c for cards in action.melds for c in cards)
    return counts_of(action.cards)


def play_candidates(state: HandState, using: frozenset[Card] | None = None) -> Iterator[tuple[Meld | Extend, int]]:  # noqa: PLR0912
    """The candidate melds and extensions, each with the number of cards it uses, in listing order:
    new melds; per team meld, the single cards and then the Ace-moving cards that extend it; the whole
    hand as one meld or one extension. A seat that must open with its whole hand has only its openings.
    With ``using``, only candidates that use one of those card types."""
    seat = state.current
    rules = state.rules
    melds = rules.meld_rules
    hand = state.hands[seat]
    if state.must_open_whole(seat):
        yield from _opening_candidates(state, using)
        return
    minimum = state.opening_minimum(seat)
    if minimum or rules.laid_whole_bonuses is not None:
        for new_melds in _new_meld_candidates(state, minimum):
            if using is None or not all(using.isdisjoint(cards) for cards in new_melds):
                yield _meld_action(seat, new_melds), sum(map(len, new_melds))
    else:
        singles_by_seat = _SINGLE_MELDS[seat]
        triples = three_card_melds(hand, melds) if using is None else three_card_melds_holding(hand, using, melds)
        for cards in triples:
            meld = singles_by_seat.get(cards)
            if meld is None:
                meld = singles_by_seat[cards] = _meld_action(seat, (cards,))
            yield meld, 3
    if using is not None and state.obligation_new_meld:
        return
    for index, table_meld in enumerate(_team_melds(state)):
        singles = single_card_extensions(table_meld.cards, melds)
        for card in singles:
            if hand[card] and (using is None or card in using):
                yield _extension_action(seat, index, card), 1
        shape = table_meld.shape
        if shape.kind == RUN and suit_cards(shape.suit)[0] in table_meld.cards:  # a run holding its Ace
            for added in ace_moving_extensions(hand, table_meld, singles, melds):
                if using is None or not using.isdisjoint(added):
                    yield Extend(seat, index, added), len(added)
    yield from _whole_hand_candidates(state, minimum, using)


def _team_melds(state: HandState) -> list[TableMeld]:
    """The melds the current seat's plays extend: its team's (none before partnerships form)."""
    team = state.seat_team[state.current]
    return state.melds[team] if team >= 0 else []


def _new_meld_candidates(state: HandState, minimum: int) -> list[tuple[MeldCards, ...]]:
    """New melds under a minimum first meld (single melds that reach it, and pairs), or where biribas
    laid at once score apart (three-card melds and single melds of seven cards or more)."""
    seat = state.current
    hand = state.hands[seat]
    rules = state.rules
    if minimum:
        packed = bytes(hand)
        candidates: list[tuple[MeldCards, ...]] = [(cards,) for cards in _melds_reaching(packed, rules, minimum)]
        # A wild top card owed to a new meld cannot follow as an extension: it is never left out.
        owed = state.pile_obligation if state.obligation_new_meld and state.pile_obligation else frozenset()
        return candidates + _opening_pairs(packed, rules, minimum, owed)
    candidates = [(cards,) for cards in three_card_melds(hand, rules.meld_rules)]
    if state.hand_sizes[seat] >= 7:
        # A biriba laid at once scores apart: no sequence of smaller plays reaches it.
        candidates += [(cards,) for cards in all_melds_of(bytes(hand), rules.meld_rules, 7)]
    return candidates


def _opening_candidates(state: HandState, using: frozenset[Card] | None) -> Iterator[tuple[Meld, int]]:
    """Meld actions laying the whole hand, or all of it but a card to discard, as melds at once: the
    only melds of a seat that must open so (:meth:`HandState.must_open_whole`)."""
    seat = state.current
    rules = state.rules
    team = state._playing_team(seat)
    # The opening takes the biribaki: it needs a biriba where the biribaki does (and the team has none).
    with_biriba = rules.packet_needs_biriba(state.packets_used) and not state.team_has_biriba(team)
    hand = state.hands[seat]
    obligation = using if using is not None else state.pile_obligation
    first = None
    if obligation is not None:
        # An opening must meld a card of the pile just taken. The check that let the pile be taken found
        # one with a search that ends at the first (a hand the pile made large has too many openings to
        # list, and its listing may stop, at its budget, before any): that one is always a candidate.
        first = whole_hand_partition_using(hand, obligation, rules.meld_rules, keep_one=True, with_biriba=with_biriba)
        if first is None:
            return
        if using is not None:
            yield _meld_action(seat, first), sum(map(len, first))  # asked only whether one exists
    partitions = whole_hand_partitions(hand, rules.meld_rules, keep_one=True, with_biriba=with_biriba)
    if first is not None and using is None and first not in partitions:
        partitions = tuple(sorted((*partitions, first)))
    for partition in partitions:
        if using is None or not all(using.isdisjoint(cards) for cards in partition):
            yield _meld_action(seat, partition), sum(map(len, partition))


def ace_moving_extensions(
    hand: list[int], table_meld: TableMeld, singles: bytes, melds: MeldRules
) -> tuple[MeldCards, ...]:
    """Extensions of a run holding an Ace by several cards of ``hand``, none of which extends it alone
    (``singles``: the cards that do), as the listing gives them (the Ace moves to the other end:
    :func:`multi_card_extensions`)."""
    shape = table_meld.shape
    if shape.kind != RUN or make_card(ACE, shape.suit) not in table_meld.cards:
        return ()  # only a run holding an Ace has them
    # Moving to the other end, the Ace takes every place between it and the run: the hand must hold the
    # cards of all of them but one (a wild card's place), and most hands do not.
    high = shape.low + shape.length - 1
    between = range(high + 1, HIGH_ACE) if shape.low == 1 else range(TWO, shape.low)
    if sum(1 for rank in between if not hand[make_card(rank, shape.suit)]) > 1:
        return ()
    candidates = tuple(
        card for card in (*suit_cards(shape.suit)[1:], *WILD_CARDS) if hand[card] and card not in singles
    )
    if len(candidates) < 2:
        return ()
    return multi_card_extensions(table_meld.cards, tuple(sorted(set(candidates))), melds)


def _whole_hand_candidates(
    state: HandState, minimum: int, using: frozenset[Card] | None
) -> Iterator[tuple[Meld | Extend, int]]:
    """Melding the whole hand at once, in one new meld or one extension, to take the biribaki (or to go
    out, where that is allowed by melding).

    One card at a time would pass through a hand of one card before the biriba is complete, which rule
    3.3 forbids; so these multi-card actions are listed too.
    """
    seat = state.current
    size = state.hand_sizes[seat]
    if not 2 <= size <= FULL_RUN_LENGTH + 1:
        return
    if state.biribaki_holder[state._playing_team(seat)] >= 0 and not state.rules.going_out_by_meld:
        return
    hand = state.hands[seat]
    if not _one_suit_or_rank(hand):
        return  # the whole hand fits no single meld
    whole = tuple(cards_of(hand))
    if using is not None and using.isdisjoint(whole):
        return
    melds = state.rules.meld_rules
    # With a minimum, every single meld that reaches it is listed already.
    if size > 3 and minimum == 0 and meld_shape(whole, melds) is not None:
        yield Meld(seat, (whole,)), size
    if using is not None and state.obligation_new_meld:
        return
    for index, table_meld in enumerate(_team_melds(state)):
        if isinstance(extension_shape(table_meld.cards, whole, melds), MeldShape):
            yield Extend(seat, index, whole), size


def _one_suit_or_rank(hand: list[int]) -> bool:
    """Whether the natural cards of ``hand`` (not Jokers, not Twos) are all of one suit or all of one
    rank; most hands are not, and show it by their first few cards."""
    first = -1
    same_suit = same_rank = True
    for card in compress(range(JOKER), hand):
        if rank_of(card) == TWO:
            continue  # a Two may stand anywhere
        if first < 0:
            first = card
            continue
        same_suit = same_suit and suit_of(card) == suit_of(first)
        same_rank = same_rank and rank_of(card) == rank_of(first)
        if not (same_suit or same_rank):
            return False
    return True


def unlisted_plays(state: HandState, using: frozenset[Card]) -> Iterator[Meld | Extend]:  # noqa: PLR0912
    """Legal plays, of kinds ``legal_actions`` leaves out, that use a card of ``using``: single melds
    longer than three cards and extensions by several cards. (Openings of three melds or more, under
    a minimum initial meld, are not searched.)"""
    seat = state.current
    if state.must_open_whole(seat):
        return  # every whole-hand opening is listed
    hand = state.hands[seat]
    melds = state.rules.meld_rules
    # A longer meld holding a card of ``using`` holds a three-card meld with it: look further only
    # when such a meld is there but was refused (too few cards kept, or a minimum to reach).
    if not state.opening_minimum(seat) and three_card_melds_holding(hand, using, melds):
        for cards in all_melds(hand, melds):
            if len(cards) > 3 and not using.isdisjoint(cards):
                meld = Meld(seat, (cards,))
                if not _refused(state, meld):
                    yield meld
    if state.obligation_new_meld:
        return
    for index, table_meld in enumerate(_team_melds(state)):
        shape = table_meld.shape
        if shape.kind == RUN:
            fitting = [c for c in suit_cards(shape.suit) if hand[c]]
        elif shape.kind == WILD:
            fitting = []
        else:
            fitting = [c for c in range(shape.rank - 1, 52, 13) if hand[c]]
        fitting += [w for w in WILD_CARDS if hand[w] and w not in fitting]
        if using.isdisjoint(fitting):
            continue
        pool = [0] * N_CARD_TYPES
        for card in fitting:
            pool[card] = hand[card]
        for cards in longer_melds_holding(table_meld.cards, shape, pool, melds):
            added = counts_of(cards)
            for card in table_meld.cards:
                added[card] -= 1
            if min(added) < 0 or using.isdisjoint(c for c in range(N_CARD_TYPES) if added[c]):
                continue
            extend = Extend(seat, index, tuple(cards_of(added)))
            if not _refused(state, extend):
                yield extend


def _refused(state: HandState, action: Action) -> bool:
    return isinstance(state._verdict(action), IllegalAction)


def _shape(cards: MeldCards, rules: Rules) -> MeldShape:
    """The shape of cards known to be a valid meld."""
    shape = meld_shape(cards, rules.meld_rules)
    assert shape is not None
    return shape


def _melds_reaching(hand: bytes, rules: Rules, minimum: int) -> list[MeldCards]:
    """Single melds of any length whose card value reaches ``minimum`` (for a team's first meld)."""
    values = rules.card_values
    return [m for m in all_melds_of(hand, rules.meld_rules) if _points(m, values) >= minimum]


def _opening_pairs(
    hand: bytes, rules: Rules, minimum: int, owed: frozenset[Card] = frozenset()
) -> list[tuple[MeldCards, ...]]:
    """Two melds that reach ``minimum`` together but neither alone, and from which no card can be left
    out: the listed openings of two melds (``docs/rules.md``, "Legal actions").

    A card can be left out of a meld when the rest is still a valid meld that takes the card back as an
    extension; if the pair without it still reaches the minimum, the smaller pair is listed instead and
    the card follows as an extension. This keeps the list short: the two values add up to less than
    the minimum plus one card's value. Cards ``owed`` to a new meld are never left out. The pairs of a
    hand are cached: a hand under a minimum is listed again after every card it draws or plays elsewhere.
    """
    key = (hand, rules, minimum, owed)
    pairs = _OPENING_PAIRS.get(key)
    if pairs is None:
        if len(_OPENING_PAIRS) > 1 << 10:
            _OPENING_PAIRS.clear()
        pairs = _OPENING_PAIRS[key] = tuple(_find_opening_pairs(hand, rules, minimum, owed))
    return list(pairs)


_OPENING_PAIRS: Final[dict[tuple[bytes, Rules, int, frozenset[Card]], tuple[tuple[MeldCards, ...], ...]]] = {}


def _find_opening_pairs(hand: bytes, rules: Rules, minimum: int, owed: frozenset[Card]) -> list[tuple[MeldCards, ...]]:
    card_values = rules.card_values
    melds = all_melds_of(hand, rules.meld_rules)
    # The melds below the minimum by value, then in their own (sorted) order: each as one number, value
    # and index, so that the sort compares plain integers (a big hand has thousands).
    order = sorted(
        value << _INDEX_BITS | index
        for index, value in enumerate(_points(m, card_values) for m in melds)
        if value < minimum
    )
    below = [melds[key & _INDEX_MASK] for key in order]
    values = [key >> _INDEX_BITS for key in order]
    # Filled as asked (a big hand reaches the pair limit long before), and kept: a hand's melds are
    # mostly those it held a turn before.
    shrunk = _shrunk_values(rules, owed)

    def without_a_card(cards: MeldCards) -> int:
        key = bytes(cards)
        found = shrunk.get(key)
        if found is None:
            found = shrunk[key] = _value_without_a_card(cards, rules, owed)
        return found

    pairs: list[tuple[MeldCards, ...]] = []
    for first_at, first in enumerate(below):
        needed = minimum - values[first_at]  # what the partner must be worth
        # The partner reaches the minimum with ``first`` but not with ``first`` less a card.
        first_shrunk = without_a_card(first)
        for second_at in range(bisect_left(values, needed), len(below)):
            if values[second_at] >= minimum - first_shrunk:
                break
            second = below[second_at]
            if second <= first:
                continue
            # Nor may the partner reach it less a card. Less a card it is worth at most its value less its
            # cheapest card: where that falls short, no card of it need be tried.
            if values[second_at] - _cheapest(second, card_values) >= needed and without_a_card(second) >= needed:
                continue
            if _fit_together(first, second, hand):
                pairs.append((first, second))
                if len(pairs) >= OPENING_PAIR_LIMIT:
                    return pairs
    return pairs


_INDEX_BITS: Final = 24  # a hand has far fewer melds
_INDEX_MASK: Final = (1 << _INDEX_BITS) - 1


def _cheapest(cards: MeldCards, values: tuple[int, ...]) -> int:
    """The value of the cheapest of ``cards``."""
    lowest = values[cards[0]]
    for card in cards:
        lowest = min(lowest, values[card])
    return lowest


def _fit_together(first: MeldCards, second: MeldCards, hand: bytes) -> bool:
    """Whether the hand holds the cards of two melds at once (each alone it holds)."""
    return all(card not in first or first.count(card) + second.count(card) <= hand[card] for card in second)


OPENING_PAIR_LIMIT: Final = 256
"""The most openings of two melds listed for one hand (a big hand holds many more)."""


def _shrunk_values(rules: Rules, owed: frozenset[Card]) -> dict[bytes, int]:
    """The cache of :func:`_value_without_a_card` for these rules (what a meld is and what its cards are
    worth) and cards owed, by meld (as bytes); emptied when full."""
    key = (rules.meld_rules.number, rules.card_values, owed)
    values = _SHRUNK_VALUES.get(key)
    if values is None or len(values) > _SHRUNK_VALUES_LIMIT:
        if len(_SHRUNK_VALUES) > _SHRUNK_VALUES_KEYS:
            _SHRUNK_VALUES.clear()
        values = _SHRUNK_VALUES[key] = {}
    return values


_SHRUNK_VALUES: Final[dict[tuple[int, tuple[int, ...], frozenset[Card]], dict[bytes, int]]] = {}
_SHRUNK_VALUES_LIMIT: Final = 1 << 16
_SHRUNK_VALUES_KEYS: Final = 64


def _value_without_a_card(cards: MeldCards, rules: Rules, owed: frozenset[Card]) -> int:
    """The highest value of ``cards`` less one card that is still a meld and takes the card back as an
    extension; minus infinity (a very low number) if no card can be left out."""
    values = rules.card_values
    # What is left is worth most where the card left out is worth least: try the cheapest first (each
    # card once, as one number, value and card: cards of one value leave the same value).
    tried = sorted({values[card] << _CARD_BITS | card for card in cards if card not in owed})
    for key in tried:
        card = key & _CARD_MASK
        rest = list(cards)
        rest.remove(card)
        smaller = tuple(rest)
        if meld_shape(smaller, rules.meld_rules) is not None and extends(smaller, (card,), rules.meld_rules):
            return _points(smaller, values)
    return -(10**9)


_CARD_BITS: Final = 6  # a card is a number below 64
_CARD_MASK: Final = (1 << _CARD_BITS) - 1


def _points(cards: MeldCards, values: tuple[int, ...]) -> int:
    """:meth:`Rules.value_of` of ``cards`` by the rules' ``card_values``, as a plain loop: compiled, it
    runs as machine code, where the method (the rules module is not compiled) is a Python call, made for
    each of a big hand's thousands of melds."""
    total = 0
    for card in cards:
        total += values[card]
    return total


_MAX_SEATS: Final = max(PLAYER_COUNTS)
_DRAWS: Final = [Draw(s) for s in range(_MAX_SEATS)]
_PASSES: Final = [Pass(s) for s in range(_MAX_SEATS)]
_TAKE_PILES: Final = [TakePile(s) for s in range(_MAX_SEATS)]
_DISCARDS: Final[list[list[Action]]] = [[Discard(s, c) for c in range(N_CARD_TYPES)] for s in range(_MAX_SEATS)]
# Listed actions are values: the same few melds and extensions come up turn after turn, and reusing
# the objects spares building them for every listing.
_MELD_ACTIONS: Final[dict[tuple[int, tuple[MeldCards, ...]], Meld]] = {}
_MELD_ACTION_LIMIT: Final = 1 << 13
"""The most meld actions kept (then forgotten): enough for the turns in play, few for the garbage
collector to walk (an action is an object it tracks; the whole-hand openings of a Venezuelan hand are
thousands, and rarely come again)."""
_SINGLE_MELDS: Final[list[dict[MeldCards, Meld]]] = [{} for _ in range(_MAX_SEATS)]
"""Per seat, the action of each single new meld listed, by its cards (a cheaper key than the pair)."""
_EXTENSIONS: Final[dict[int, Extend]] = {}
"""The extensions of one card listed, by seat, meld and card (as one number): made when first listed, since
most of the thousands possible never are, and every object kept is one more for the garbage collector."""


def _extension_action(seat: int, index: int, card: Card) -> Extend:
    key = (seat << 16) | (index << 8) | card
    action = _EXTENSIONS.get(key)
    if action is None:
        action = _EXTENSIONS[key] = Extend(seat, index, (card,))
    return action


def _meld_action(seat: int, melds: tuple[MeldCards, ...]) -> Meld:
    action = _MELD_ACTIONS.get((seat, melds))
    if action is None:
        if len(_MELD_ACTIONS) > _MELD_ACTION_LIMIT:
            _MELD_ACTIONS.clear()
            for singles in _SINGLE_MELDS:
                singles.clear()
        action = _MELD_ACTIONS[seat, melds] = Meld(seat, melds)
    return action
