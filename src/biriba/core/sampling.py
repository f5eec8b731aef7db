"""Determinization: a full hand state consistent with what one seat has seen.

A search player cannot look at the other hands, the draw pile or the biribakia. It plays many possible
worlds instead: :func:`determinize` deals the cards the seat has not seen (the pack less its own hand,
the melds, the open discard pile and the cards others are known to hold) at random into the hidden
places, keeping everything observed: each seat's known cards stay in its hand, every hand, pile and
packet keeps its size, and all public facts of the turn stay as they are.

The worlds are drawn uniformly among those consistent with the view; no inference is made from how the
others played (which cards they discarded or did not take).
"""

from __future__ import annotations

import random

from biriba.core.cards import Card, counts_of, pack
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


def determinize(view: SeatView, rng: random.Random) -> HandState:  # noqa: PLR0915
    """A hand state that ``view`` could be a view of, its hidden cards dealt at random by ``rng``."""
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


def _drawn_card(view: SeatView, state: HandState) -> Card:
    """The card the seat on turn may still redraw over: its own drawn card, or for another seat one
    card of its sampled hand."""
    if not view.public.redraw_allowed:
        return NO_CARD
    if view.current == view.seat:
        return view.drawn
    hand = state.hands[view.current]
    return next(card for card, copies in enumerate(hand) if copies)
