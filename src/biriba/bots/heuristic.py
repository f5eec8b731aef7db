"""The heuristic player: a real player's judgement, one decision at a time.

- **The pile or the draw**: the pile is taken when its cards go with the hand or the team's melds (wild
  cards above all), weighed against the cards it would leave stuck in hand if the hand ended soon.
  A pile of two cards or more is taken readily (more cards to build with are worth more than they seem:
  +1,946 points a duplicate deal at two players, +296 at four, against taking it only at a margin); a
  one-card pile must clearly beat a draw, or players taking every one would pass it round for ever.
  While the first meld must lay the whole hand (before formed partnerships form, or a team's opening
  under ``whole_hand_opening``), a pile must beat the draw by far: every card taken makes the hand
  harder to lay whole, and with formed partnerships the first to lay it plays alone for the whole team's
  score (against the greedy player, 150 duplicate deals: classic 3 players from -447 to +92, Venezuelan
  3 players from -286 to +51, Venezuelan 4 players from -48 to +112). But a pile with which the hand can
  be laid whole at once is taken: opening first is what the race is for (against not taking it, 60-200
  duplicate deals: classic 3 players +139, Venezuelan 3 and 4 players +198 and +315, 5 players +159 to
  +320).
- **Melds**: every listed meld and extension is scored by what it adds to the team's melds on their way
  to biribas (runs in the bonus suit count more, clean ones more than dirty; a new short meld earns only
  a quarter of its way, ``new_meld_share``), the points it puts on the table, and what it spends: a wild
  card is kept for completing a biriba or emptying the hand, not spent on a short meld. Emptying the
  hand for the biribaki is worth a lot; going out is chosen when the team is not behind.
- **Discards**: the card least useful to the hand (no neighbours, no twins, no team meld to join) and
  least useful to the next player, who takes the whole pile for a card that fits their melds or the
  cards they are known to hold; high cards go first when the hand may end soon.

It sees the game through its seat's view only. Options (``heuristic:key=value``) set the weights of
:class:`biriba.bots.judgement.Weights`; where a table plays best with other weights than the defaults
(:data:`TABLE_WEIGHTS`), those are its defaults, and options still set them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from biriba.bots.judgement import (
    Weights,
    card_utility,
    discard_danger,
    end_risk,
    meld_potential,
    must_open_whole,
    pile_card_fits,
    pile_goes_round,
    plays_as_two_sides,
    position_value,
    team_melds,
)
from biriba.core.actions import Action, ChooseBonusSuit, Discard, Draw, Extend, Meld, Pass, Redraw, TakePile
from biriba.core.cards import Card, suit_cards
from biriba.core.melds import WILD_CARDS, MeldShape, extension_shape, meld_shape
from biriba.core.scoring import BiribakiStatus
from biriba.core.views import SeatView

BIRIBAKI_GAIN: Final = 160.0
"""Emptying the hand for the biribaki: a new hand of cards and no penalty for missing it."""
DRAW_VALUE: Final = 8.0
"""What an unknown card from the draw pile is worth on average."""

TABLE_WEIGHTS: Final[dict[tuple[str, int], dict[str, float]]] = {
    # Kouridakis with five players (runs only, the pile taken only to meld from it, partnerships formed in
    # the hand): laying short new melds sparingly pays there (new_meld_share 0.1 against 0.25, 200
    # duplicate deals: +109 [+52, +166]; 0.05 and 0.15 alike), and nowhere else measured (standard 2-5
    # players, Kouridakis 2, 4 and 8: from -70 [-131, -8] at standard 3 players to +26 [-7, +59]).
    ("kouridakis", 5): {"new_meld_share": 0.1},
}
"""Weights other than the defaults for a table (a preset and a number of players), where measured better."""


class HeuristicBot:
    """Decides each action by the judgement of :mod:`biriba.bots.judgement`."""

    name = "heuristic"

    def __init__(self, **weights: float) -> None:
        self.options = weights
        self.weights = Weights(**weights)
        """The weights at a table without weights of its own (:data:`TABLE_WEIGHTS`)."""
        self._tables: dict[tuple[str, int], Weights] = {}

    def weights_at(self, view: SeatView) -> Weights:
        """The weights this player uses at the view's table."""
        table = (view.rules.preset, view.rules.players)
        weights = self._tables.get(table)
        if weights is None:
            own = TABLE_WEIGHTS.get(table)
            weights = self._tables[table] = Weights(**(own | self.options)) if own else self.weights
        return weights

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        suits = [a for a in legal if isinstance(a, ChooseBonusSuit)]
        if suits:
            return max(suits, key=lambda a: self._suit_strength(view, a.suit))
        if any(isinstance(a, Draw | TakePile | Pass) for a in legal):
            return self._start_turn(view, legal)
        return self._play_or_discard(view, legal)

    # --- the start of a turn ---------------------------------------------------------------

    def _start_turn(self, view: SeatView, legal: Sequence[Action]) -> Action:
        take = next((a for a in legal if isinstance(a, TakePile)), None)
        other = next(a for a in legal if isinstance(a, Draw | Pass))
        if take is None:
            return other
        if pile_goes_round(view, other):
            return other
        alternative = DRAW_VALUE if isinstance(other, Draw) else 0.0
        weights = self.weights_at(view)
        if must_open_whole(view):
            if pile_card_fits(view):
                return take  # with the pile the hand can be laid whole now: open first
            margin = weights.take_pile_margin_unopened
        elif view.discard_pile_size > 1:
            margin = weights.take_pile_margin_many
        elif plays_as_two_sides(view):
            margin = weights.take_pile_margin_two_sides
        else:
            margin = weights.take_pile_margin
        return take if self.pile_gain(view) > alternative + margin else other

    def pile_gain(self, view: SeatView) -> float:
        """What taking the discard pile is worth: its cards' use to the hand, the options more cards give,
        less what they would cost if the hand ended with them."""
        counts = list(view.hand_counts)
        for card in view.discard_pile:
            counts[card] += 1
        risk = end_risk(view)
        values = view.rules.card_values
        weights = self.weights_at(view)
        gain = 0.0
        for card in set(view.discard_pile):
            copies = view.discard_pile.count(card)
            use = card_utility(view, card, counts, weights)
            gain += copies * (0.7 * use + weights.pile_card - risk * 0.6 * values[card])
        return gain

    # --- the play of a turn --------------------------------------------------------------

    def _play_or_discard(self, view: SeatView, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, Meld | Extend)]
        if plays:
            gain, best = max(((self.play_gain(view, a), a) for a in plays), key=lambda pair: pair[0])
            if gain > 0 or view.draw_pile_size == 0:
                return best  # (with the draw pile spent, every card laid is one less to lose)
        redraw = next((a for a in legal if isinstance(a, Redraw)), None)
        weights = self.weights_at(view)
        if redraw is not None and card_utility(view, view.drawn, weights=weights) < weights.neighbour:
            return redraw  # the first card drawn is of no use: turn it up and draw another
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return redraw or plays[0]
        return min(discards, key=lambda a: (self.discard_cost(view, a.card), a.card))

    def play_gain(self, view: SeatView, action: Meld | Extend) -> float:
        """What a meld or an extension is worth now."""
        rules = view.rules
        melds_rules = rules.meld_rules
        weights = self.weights_at(view)
        laid: tuple[Card, ...]
        if isinstance(action, Meld):
            laid = tuple(card for meld in action.melds for card in meld)
            shapes = [meld_shape(cards, melds_rules) for cards in action.melds]
            progress = sum(meld_potential(rules, shape, view.bonus_suit) for shape in shapes if shape is not None)
            completes_biriba = any(shape is not None and shape.is_biriba for shape in shapes)
            if not completes_biriba:
                progress *= weights.new_meld_share
            wild_in_short = sum(
                1
                for cards, shape in zip(action.melds, shapes, strict=True)
                if shape is not None and not shape.is_biriba and any(c in WILD_CARDS for c in cards)
            )
        else:
            laid = action.cards
            old = team_melds(view)[action.meld]
            new = extension_shape(old.cards, action.cards, melds_rules)
            if not isinstance(new, MeldShape):
                return -1e9
            progress = meld_potential(rules, new, view.bonus_suit) - meld_potential(rules, old.shape, view.bonus_suit)
            completes_biriba = new.is_biriba and not old.shape.is_biriba
            wild_in_short = 0 if new.is_biriba else sum(1 for c in laid if c in WILD_CARDS)
        left = sum(view.hand_counts) - len(laid)
        risk = end_risk(view)
        gain = progress + (0.35 + risk) * rules.value_of(laid)
        gain -= wild_in_short * weights.wild_value * 0.9
        if completes_biriba:
            gain += 40.0
        gain += self._ending_gain(view, left, completes_biriba)
        return gain

    def _ending_gain(self, view: SeatView, left: int, completes_biriba: bool) -> float:
        """What a play that leaves ``left`` cards means for the biribaki and for going out."""
        if left > 1:
            return 0.0
        status = view.biribaki[view.team] if view.team >= 0 else BiribakiStatus.NOT_TAKEN
        if status is BiribakiStatus.NOT_TAKEN:
            return BIRIBAKI_GAIN if left == 0 else BIRIBAKI_GAIN * 0.8
        # The team holds its biribaki: one card left goes out with the discard (or none, melding out).
        standing = position_value(view)
        return 60.0 if standing > -120 or end_risk(view) > 0.5 else -200.0

    def discard_cost(self, view: SeatView, card: Card) -> float:
        """What discarding ``card`` loses: its use to us, its use to the next opponent, less the points it
        would cost in hand if the hand ended."""
        risk = end_risk(view)
        weights = self.weights_at(view)
        cost = card_utility(view, card, weights=weights) + discard_danger(view, card, weights)
        return cost - risk * 0.8 * view.rules.card_values[card]

    def _suit_strength(self, view: SeatView, suit: int | None) -> float:
        if suit is None:
            return 25.0
        cards = [c for c in suit_cards(suit) for _ in range(view.hand_counts[c])]
        # A float start: the compiled module would otherwise add the floats to an int.
        weights = self.weights_at(view)
        return len(cards) * 10 + sum((card_utility(view, c, weights=weights) for c in cards), 0.0)
