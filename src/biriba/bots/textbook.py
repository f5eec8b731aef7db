"""A player written from the rule texts' own advice on play, and nothing else: an opponent the other bots
were never tuned against, to measure them by (docs/bots.md, "Other opponents").

What the texts advise, and how this player follows it:

- Playing alone, "there is no advantage in putting down melds until either you are able to take your
  biribaki or you fear your opponent is about to go out": it keeps its melds in hand until its hand is
  down to a few cards (the biribaki is near), an opponent has taken a biribaki or holds few cards, or the
  draw pile runs low; a pile card it took must be melded, and then it plays what it can.
- With a partner, "it is in their interest to put down melds so that their partner can add to it": it
  melds and extends whenever it can, the longest and cleanest play first.
- Discarding, players are "mindful of the cards they discard": never a card that extends an opponent's
  meld while another will do, never a wild card while another will do; otherwise the card that helps its
  own hand least (the fewest neighbours in its suit and cards of its rank), the dearer of two such.
- It takes the discard pile when a card of it melds at once, and draws otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from biriba.bots.judgement import pile_card_fits, pile_goes_round, suit_held_most
from biriba.core.actions import Action, ChooseBonusSuit, Discard, Draw, Extend, Meld, Pass, TakePile
from biriba.core.cards import JOKER, TWO, Card, make_card, rank_of, suit_of, twins
from biriba.core.melds import extends, meld_shape
from biriba.core.scoring import BiribakiStatus
from biriba.core.views import SeatView

NEAR_THE_BIRIBAKI = 5
"""A hand of this many cards or fewer is close to being laid out for the biribaki: time to meld."""
OPPONENT_NEAR_OUT = 3
"""An opponent holding this many cards or fewer (with a biribaki taken) may go out soon."""
DRAW_PILE_LOW = 10
"""Fewer cards than this left to draw: the hand may end soon, cards on the table beat cards in hand."""


class TextbookBot:
    """Hoards while playing alone, melds at once with a partner, discards with care."""

    name = "textbook"

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        choices = [a for a in legal if isinstance(a, ChooseBonusSuit)]
        if choices:
            return suit_held_most(view, choices)
        if any(isinstance(a, Draw | TakePile | Pass) for a in legal):
            return _start_turn(view, legal)
        plays = [a for a in legal if isinstance(a, Meld | Extend)]
        discards = [a for a in legal if isinstance(a, Discard)]
        if plays and (not discards or _time_to_meld(view)):
            return max(plays, key=lambda a: (_play_size(view, a), _clean(view, a), -sum(_cards(a))))
        return min(discards, key=lambda a: (_discard_cost(view, a.card), -view.rules.card_value(a.card), a.card))


def _start_turn(view: SeatView, legal: Sequence[Action]) -> Action:
    take = next((a for a in legal if isinstance(a, TakePile)), None)
    other = next(a for a in legal if isinstance(a, Draw | Pass))
    if take is not None and pile_card_fits(view) and not pile_goes_round(view, other):
        return take
    return other


def _has_partner(view: SeatView) -> bool:
    team = view.team
    return team >= 0 and sum(1 for other in view.seat_team if other == team) > 1


def _time_to_meld(view: SeatView) -> bool:
    """Whether to put melds down now rather than keep them in hand."""
    if _has_partner(view) or view.must_meld_from_pile:
        return True
    if sum(view.hand_counts) <= NEAR_THE_BIRIBAKI or view.draw_pile_size < DRAW_PILE_LOW:
        return True
    team = view.team
    for seat, size in enumerate(view.hand_sizes):
        other = view.seat_team[seat]
        if seat == view.seat or (team >= 0 and other == team):
            continue
        if size <= OPPONENT_NEAR_OUT and (other < 0 or view.biribaki[other] is not BiribakiStatus.NOT_TAKEN):
            return True
    return False


def _cards(action: Meld | Extend) -> tuple[Card, ...]:
    return tuple(card for cards in action.melds for card in cards) if isinstance(action, Meld) else action.cards


def _play_size(view: SeatView, action: Meld | Extend) -> int:
    """Cards the play puts down (an extension counts the meld it makes)."""
    if isinstance(action, Meld):
        return sum(map(len, action.melds))
    return len(view.melds[view.team][action.meld].cards) + len(action.cards)


def _clean(view: SeatView, action: Meld | Extend) -> bool:
    if isinstance(action, Meld):
        shapes = [meld_shape(cards, view.rules.meld_rules) for cards in action.melds]
        return all(shape is not None and shape.clean for shape in shapes)
    return not any(card == JOKER or rank_of(card) == TWO for card in action.cards)


def _discard_cost(view: SeatView, card: Card) -> float:
    """How much discarding ``card`` gives away or costs the hand: feeding an opponent's meld first, then a
    wild card, then how many cards of the hand it goes with."""
    rules = view.rules.meld_rules
    for team, melds in enumerate(view.melds):
        if team != view.team and any(extends(meld.cards, (card,), rules) for meld in melds):
            return 1000.0
    if card == JOKER or rank_of(card) == TWO:
        return 500.0
    counts = view.hand_counts
    rank, suit = rank_of(card), suit_of(card)
    neighbours = sum(
        counts[make_card(other, suit)] > 0
        for other in (rank - 2, rank - 1, rank + 1, rank + 2)
        if 1 <= other <= 13  # an Ace's neighbour above the King is left out: a rare run
    )
    same_rank = sum(counts[twin] for twin in twins(card)) - 1
    return float(neighbours + same_rank)
