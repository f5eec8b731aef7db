"""Determinization: a full hand state consistent with what one seat has seen.

A search player cannot look at the other hands, the draw pile or the biribakia. It plays many possible
worlds instead: :func:`determinize` deals the cards the seat has not seen (the pack less its own hand,
the melds, the open discard pile and the cards others are known to hold) at random into the hidden
places, keeping everything observed: each seat's known cards stay in its hand, every hand, pile and
packet keeps its size, and all public facts of the turn stay as they are.

By default the worlds are drawn uniformly among those consistent with the view. With ``inference``, a
card is dealt less often to a seat that discarded a card it goes with (the same rank, or the same suit
one or two places away): a player keeps the cards that go with its hand and gives away those that do
not, so what it discarded says what it is unlikely to hold (:func:`discard_weights`).
"""

from __future__ import annotations

import heapq
import random
from functools import lru_cache

from biriba.core.cards import N_CARD_TYPES, Card, counts_of, is_wild_card, pack, twins
from biriba.core.errors import InvalidInputError
from biriba.core.state import NO_CARD, HandState
from biriba.core.views import SeatView


def unseen_cards(view: SeatView) -> list[Card]:
    """The cards ``view.seat`` cannot place: in other hands (beyond their known cards), the draw pile,
    the biribakia left, and the hidden part of a closed discard pile. In card order."""
    rules = view.rules
    counts = counts_of(pack(rules.decks, rules.jokers))
    seen: list[Card] = list(view.discard_pile)
    for team in view.melds:
        for meld in team:
            seen.extend(meld.cards)
    for seat, known in enumerate(view.known_cards):
        held = view.hand_counts if seat == view.seat else known
        for card, copies in enumerate(held):
            counts[card] -= copies
    for card in seen:
        counts[card] -= 1
    if min(counts) < 0:
        raise InvalidInputError("the view shows more copies of a card than the pack holds")
    return [card for card, copies in enumerate(counts) for _ in range(copies)]


def discard_weights(view: SeatView, inference: float) -> list[list[float] | None]:
    """Per seat, how likely it is to hold each card type relative to an unknown card (None: no reason to
    think otherwise): each card it discarded multiplies the weight of the cards that go with it (its
    rank, and its suit one or two places away, the Ace at both ends) by ``1 - inference``. The seat's own
    entry is None. Wild cards discarded say nothing (a player gives one away only when it must)."""
    return [
        None if seat == view.seat else _seat_weights(discarded, inference)
        for seat, discarded in enumerate(view.discarded)
    ]


@lru_cache(maxsize=256)
def _seat_weights(discarded: tuple[Card, ...], inference: float) -> list[float] | None:
    """One seat's weights (:func:`discard_weights`). Every world of a decision asks again for the same
    discards: the answer is remembered (callers only read it)."""
    if not inference or not discarded:
        return None
    keep = 1.0 - inference
    weights = [1.0] * N_CARD_TYPES
    for card in discarded:
        if is_wild_card(card):
            continue
        for other in goes_with(card):
            weights[other] *= keep
    return weights


def goes_with(card: Card) -> tuple[Card, ...]:
    """The natural cards that make a meld with ``card``: its rank in every suit (itself among them), and
    its suit one or two places away."""
    known = _GOES_WITH.get(card)
    if known is None:
        suit, rank = divmod(card, 13)
        positions = (1, 14) if rank == 0 else (rank + 1,)
        near = {(p + d - 1) % 13 for p in positions for d in (-2, -1, 1, 2) if 1 <= p + d <= 14} - {rank}
        known = _GOES_WITH[card] = tuple(twins(card)) + tuple(suit * 13 + r for r in sorted(near))
    return known


_GOES_WITH: dict[Card, tuple[Card, ...]] = {}


def _deal_weighted(
    hidden: list[Card], counts: list[int], weights: list[list[float] | None], rng: random.Random
) -> None:
    """Reorder ``hidden`` (already shuffled) so that its first ``counts[seat]`` cards, seat after seat, are
    drawn for each seat with its weights, without replacement (each card's key is a uniform number to the
    power of one over its weight; the largest keys are drawn)."""
    pool = hidden[:]
    dealt: list[Card] = []
    for seat, count in enumerate(counts):
        if not count:
            continue
        seat_weights = weights[seat]
        if seat_weights is None:
            chosen = list(range(count))  # the pool is shuffled: its first cards are a uniform draw
        else:
            keys = [rng.random() ** (1.0 / seat_weights[card]) for card in pool]
            chosen = sorted(heapq.nlargest(count, range(len(pool)), key=keys.__getitem__))
        dealt.extend(pool[i] for i in chosen)
        for i in reversed(chosen):
            del pool[i]
    hidden[:] = dealt + pool


def determinize(view: SeatView, rng: random.Random, inference: float = 0.0) -> HandState:  # noqa: PLR0915
    """A hand state that ``view`` could be a view of, its hidden cards dealt at random by ``rng``; with
    ``inference`` (0 to 1), weighted by what each seat discarded (:func:`discard_weights`)."""
    rules = view.rules
    hidden = unseen_cards(view)
    rng.shuffle(hidden)
    closed_hidden = view.discard_pile_size - len(view.discard_pile)
    other_hidden = [
        0 if seat == view.seat else view.hand_sizes[seat] - sum(known) for seat, known in enumerate(view.known_cards)
    ]
    slots = sum(other_hidden) + view.draw_pile_size + sum(view.biribakia_left) + closed_hidden
    if slots != len(hidden):
        raise InvalidInputError(f"the view hides {slots} cards but {len(hidden)} are unseen")
    if inference:
        _deal_weighted(hidden, other_hidden, discard_weights(view, inference), rng)

    state = HandState()
    position = 0

    def take(count: int) -> list[Card]:
        nonlocal position
        cards = hidden[position : position + count]
        position += count
        return cards

    public = view.public
    state.rules = rules
    state.dealer = view.dealer
    state.hands = []
    for seat in range(rules.players):
        if seat == view.seat:
            state.hands.append(list(view.hand_counts))
            continue
        hand = list(view.known_cards[seat])
        for card in take(other_hidden[seat]):
            hand[card] += 1
        state.hands.append(hand)
    state.hand_sizes = list(view.hand_sizes)
    state.known = [list(known) for known in view.known_cards]
    state.discard_pile = take(closed_hidden) + list(view.discard_pile)
    state.discarded = list(view.discarded)
    state.draw_pile = take(view.draw_pile_size)
    state.biribakia = [[] for _ in range(public.packets_used)] + [take(size) for size in view.biribakia_left]
    state.packets_used = public.packets_used
    state.seat_team = list(view.seat_team)
    state.melds = [list(team) for team in view.melds]
    state.biribaki_holder = list(public.biribaki_holders)
    state.unplayed_biribaki = list(public.unplayed_biribaki)
    state.bonus_suit = view.bonus_suit
    state.upcard = view.upcard
    state.current = view.current
    state.phase = view.phase
    state.banned_discard = view.banned_discard if view.current == view.seat else NO_CARD
    state.pile_obligation = public.pile_obligation
    state.obligation_new_meld = public.obligation_new_meld
    state.opening_turn = public.opening_turn
    state.redraw_allowed = public.redraw_allowed
    state.last_drawn = _drawn_card(view, state)
    state.last_turn = public.last_turn
    state.no_going_out = public.no_going_out
    state.passes = view.passes
    state.went_out = view.went_out
    state.scores = view.scores
    state.cut = public.cut
    return state


def redeal_unseen(state: HandState, rng: random.Random) -> HandState:
    """A copy of ``state`` with only the cards nobody has seen dealt again at random: the draw pile and
    the biribakia not yet taken. Every hand, known card, pile and meld stays as it is: the worlds of a
    player who could see every hand, which measure what a decision is really worth where a search's own
    worlds (:func:`determinize`) can only guess the other hands."""
    world = state.clone()
    used = world.packets_used
    waiting = world.biribakia[used:]
    cards = list(world.draw_pile)
    for packet in waiting:
        cards.extend(packet)
    rng.shuffle(cards)
    position = len(world.draw_pile)
    world.draw_pile = cards[:position]
    world.biribakia = [list(packet) for packet in world.biribakia[:used]]
    for packet in waiting:
        world.biribakia.append(cards[position : position + len(packet)])
        position += len(packet)
    return world


def _drawn_card(view: SeatView, state: HandState) -> Card:
    """The card the seat on turn may still redraw over: its own drawn card, or for another seat one
    card of its sampled hand."""
    if not view.public.redraw_allowed:
        return NO_CARD
    if view.current == view.seat:
        return view.drawn
    hand = state.hands[view.current]
    return next(card for card, copies in enumerate(hand) if copies)
