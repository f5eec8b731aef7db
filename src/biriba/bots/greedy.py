"""A first greedy player: melds what it can, builds towards biribas, discards what it needs least.

It plays one listed action at a time: a long meld grows as a three-card meld and then single-card
extensions, which the engine lists.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from biriba.bots.judgement import pile_card_fits, pile_goes_round, suit_held_most
from biriba.core.actions import Action, ChooseBonusSuit, Discard, Draw, Extend, Meld, Pass, TakePile
from biriba.core.cards import JOKER, N_CARD_TYPES, TWO, Card, make_card, rank_of, suit_of, twins
from biriba.core.melds import MeldShape, extends, extension_shape, meld_shape
from biriba.core.views import SeatView

WILD_KEEP = 100
"""Discard value of a wild card: kept unless nothing else is left."""


class GreedyBot:
    """Melds and extends whenever it can; takes the pile when a pile card melds at once."""

    name = "greedy"

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        choices = [a for a in legal if isinstance(a, ChooseBonusSuit)]
        if choices:
            return suit_held_most(view, choices)
        if any(isinstance(a, Draw | TakePile | Pass) for a in legal):
            return self._start_turn(view, legal)
        plays = [a for a in legal if isinstance(a, Meld | Extend)]
        if plays:
            return max(plays, key=lambda a: (self._play_value(view, a), -_tiebreak(a)))
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(discards, key=lambda a: (self._keep_value(view, a.card), a.card))

    def _start_turn(self, view: SeatView, legal: Sequence[Action]) -> Action:
        take = next((a for a in legal if isinstance(a, TakePile)), None)
        other = next(a for a in legal if isinstance(a, Draw | Pass))
        if take is None:
            return other
        if not pile_card_fits(view) or pile_goes_round(view, other):
            return other
        return take

    def _play_value(self, view: SeatView, action: Meld | Extend) -> float:
        wilds = 0
        if isinstance(action, Meld):
            cards = action.melds[0]
            shape = meld_shape(cards, view.rules.meld_rules)
            assert shape is not None
            wilds = 0 if shape.clean else 1
            return 5 + sum(view.rules.card_value(c) for c in cards) / 20 - 4 * wilds
        meld = view.melds[view.team][action.meld]
        result = extension_shape(meld.cards, action.cards, view.rules.meld_rules)
        assert isinstance(result, MeldShape)
        value = 10.0 + result.length / 2
        if meld.shape.clean and not result.clean:
            value -= 12 if result.length < 7 else 4
        if result.is_biriba and not meld.shape.is_biriba:
            value += 20
        return value

    def _keep_value(self, view: SeatView, card: Card) -> float:
        if card == JOKER or rank_of(card) == TWO:
            return WILD_KEEP
        counts = list(view.hand_counts)
        rank, suit = rank_of(card), suit_of(card)
        value = 0.0
        for distance in (1, 2):
            for neighbour in (rank - distance, rank + distance):
                if 1 <= neighbour <= 13 and counts[make_card(neighbour, suit)]:
                    value += 4 / distance
        value += 3 * (sum(counts[twin] for twin in twins(card)) - 1)
        for team, melds in enumerate(view.melds):
            for meld in melds:
                if extends(meld.cards, (card,), view.rules.meld_rules):
                    value += 6 if team == view.team else 8  # keep it to extend, or don't feed the opponents
        return value - view.rules.card_value(card) / 10


def _tiebreak(action: Meld | Extend) -> int:
    cards = action.melds[0] if isinstance(action, Meld) else action.cards
    return sum(cards) * N_CARD_TYPES
