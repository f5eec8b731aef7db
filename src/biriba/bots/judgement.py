"""A Biriba player's judgement, from a seat's view: what a meld is worth on its way to a biriba, what a
card is worth keeping, how dangerous a discard is, how close the end of the hand is.

The heuristic bot decides with these estimates, and the search bot scores the positions its playouts
reach with :func:`position_value`. All of it reads only a :class:`SeatView`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from biriba.core.actions import Action, ChooseBonusSuit, Extend, Meld, Pass, TakePile
from biriba.core.cards import Card, rank_index, suit_cards, suit_of, twins
from biriba.core.compiled import pickle_by_constructor
from biriba.core.errors import IllegalAction
from biriba.core.melds import (
    BIRIBA_LENGTH,
    FULL_RUN_LENGTH,
    RUN,
    WILD,
    WILD_CARDS,
    MeldShape,
    all_melds,
    three_card_melds,
    whole_hand_partitions,
)
from biriba.core.melds import (
    extends as meld_extends,
)
from biriba.core.rules import Rules
from biriba.core.sampling import determinize
from biriba.core.scoring import BiribakiStatus, biriba_bonus
from biriba.core.state import TableMeld
from biriba.core.views import SeatView

RUN_PROGRESS: Final = {3: 0.22, 4: 0.32, 5: 0.45, 6: 0.65}
"""The chance a run of this length becomes a biriba (runs grow at both ends)."""
SET_PROGRESS: Final = {3: 0.10, 4: 0.18, 5: 0.32, 6: 0.55}
"""The same for a set: it needs most copies of one rank."""
WILD_VALUE: Final = 45.0
"""What a wild card in hand is worth: it completes a biriba or empties a hand."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The tunable numbers of the judgement."""

    wild_value: float = WILD_VALUE
    neighbour: float = 9.0
    """A card of the same suit one rank away."""
    gap_neighbour: float = 4.0
    """A card of the same suit two ranks away."""
    twin: float = 7.0
    """Another card of the same rank (for sets)."""
    extends_team: float = 30.0
    new_meld_share: float = 0.25
    """The share of a new short meld's way to a biriba (:func:`meld_potential`) that laying it earns: cards
    laid in a short meld no longer build a longer one from the hand, and what a meld may become is won
    mostly by extending it (against full credit, 100-200 duplicate deals: +580 a deal at two players, +267
    at three, +162 at four, +213 at five; without any credit, hands at two players loop to the cap)."""
    bonus_suit_factor: float = 1.35
    danger_per_pile_card: float = 6.0
    danger_base: float = 25.0
    pile_card: float = 3.0
    """What one more card in hand is worth, for the options it gives."""
    take_pile_margin: float = 10.0
    """How much more than a draw a one-card pile must be worth at a table of three sides or more: there a
    player who takes single cards readily loses to one who does not (-430 a deal at three players)."""
    take_pile_margin_two_sides: float = -8.0
    """The same where the table plays as two sides (two players, or two teams): every card taken is one
    the only opponent gave up (+1,693 a deal at two players, +260 at four, against a margin of 10)."""
    take_pile_margin_many: float = -15.0
    """The margin for a pile of two cards or more: more cards to build with are worth more than they seem."""
    take_pile_margin_unopened: float = 120.0
    """The margin while the seat's first meld must lay its whole hand: every card taken makes that harder
    (never taking one is far worse: -645 a deal against the greedy player at 3 players, classic rules)."""


DEFAULT: Final = Weights()


def meld_potential(rules: Rules, shape: MeldShape, bonus_suit: int | None) -> float:
    """The expected biriba bonus of a meld on the table: its bonus once a biriba (and a little towards a
    full run), or the bonus it would earn times the chance of getting there."""
    # Search playouts ask this for every meld of every position they score: remember the answers,
    # keyed by what the bonus depends on (hashing the whole Rules object would cost more than it saves).
    key = (shape, bonus_suit, rules.bonuses, rules.decks)
    known = _POTENTIALS.get(key)
    if known is None:
        known = _POTENTIALS[key] = _meld_potential(rules, shape, bonus_suit)
    return known


_POTENTIALS: Final[dict[tuple[MeldShape, int | None, object, int], float]] = {}


def _meld_potential(rules: Rules, shape: MeldShape, bonus_suit: int | None) -> float:
    if shape.is_biriba:
        bonus = float(biriba_bonus(rules, shape, bonus_suit)[1])
        if shape.kind == RUN and shape.length < FULL_RUN_LENGTH:
            full = MeldShape(RUN, shape.suit, 0, FULL_RUN_LENGTH, shape.wild, 1, 0)
            _, full_bonus = biriba_bonus(rules, full, bonus_suit)
            bonus += max(0, full_bonus - bonus) * 0.04 * (shape.length - 6)
        return bonus
    if shape.kind == WILD:
        return 0.15 * shape.length * _bonus_at_seven(rules, shape, bonus_suit)
    progress = (RUN_PROGRESS if shape.kind == RUN else SET_PROGRESS).get(shape.length, 0.0)
    return progress * _bonus_at_seven(rules, shape, bonus_suit)


@lru_cache(maxsize=4096)
def _bonus_at_seven(rules: Rules, shape: MeldShape, bonus_suit: int | None) -> float:
    seven = MeldShape(shape.kind, shape.suit, shape.rank, BIRIBA_LENGTH, shape.wild, shape.low, shape.wild_position)
    return float(biriba_bonus(rules, seven, bonus_suit)[1])


def suit_held_most(view: SeatView, choices: Sequence[ChooseBonusSuit]) -> ChooseBonusSuit:
    """The bonus-suit choice naming the suit the hand holds most cards of (no suit only if nothing else)."""
    held = [sum(view.hand_counts[card] for card in suit_cards(suit)) for suit in range(4)]
    return max(choices, key=lambda choice: -1 if choice.suit is None else held[choice.suit])


def pile_card_fits(view: SeatView) -> bool:
    """A quick test: some card of the discard pile makes a new meld with the hand or extends one of the
    team's melds, leaving the cards the rules ask to keep (or, where the first meld lays the whole hand,
    the hand with the pile can be laid so). Ignores rarer obstacles (see
    :func:`pile_card_melds_after_taking`)."""
    rules = view.rules
    counts = list(view.hand_counts)
    if must_open_whole(view):
        for card in view.discard_pile:
            counts[card] += 1
        partitions = whole_hand_partitions(
            counts,
            rules.meld_rules,
            keep_one=True,
            with_biriba=rules.packet_needs_biriba(packets_taken(view)),
        )
        return bool(partitions)
    size = sum(view.hand_counts) + len(view.discard_pile)
    melds = team_melds(view)
    keep = 2 if view.team < 0 else cards_to_keep(view, melds)
    can_meld, can_extend = size - 3 >= keep, size - 1 >= keep
    # A turn, rule 5: before the team's first meld, only a meld reaching the minimum will do.
    minimum = 0 if melds else rules.initial_meld_minimum(view.scores[view.seat])
    for card in set(view.discard_pile):
        if can_meld and not minimum and card in WILD_CARDS:
            return True
        if can_extend and extends(view, card, melds):
            return True
        counts[card] += 1
        if minimum:
            if any(
                card in m and size - len(m) >= keep and rules.value_of(m) >= minimum
                for m in all_melds(counts, rules.meld_rules)
            ):
                return True
        elif can_meld and any(card in m for m in three_card_melds(counts, rules.meld_rules)):
            return True
        counts[card] -= 1
    return False


EXACT_PILE_TEST_CARDS: Final = 5
"""With at most this many cards after taking the pile, :func:`pile_card_melds_after_taking` asks the
engine: the keep-two-cards rule, the closing condition and the discard restrictions bite there."""


def pile_card_melds_after_taking(view: SeatView) -> bool:
    """Whether, after taking the discard pile now (the seat may take it), a meld or an extension would use
    one of its cards.

    With the draw pile spent, a player who takes the pile without melding from it only passes the pile
    round the table: the hand ends by passes, so bots take it then only to meld from it. Under the rules
    that tie the pile to a meld the answer is yes: the engine lets the pile be taken only then. Otherwise
    the quick test of :func:`pile_card_fits` decides, but for short hands, where the engine is asked in a
    world sampled from the view (the seat's own plays depend only on its hand and the table).
    """
    rules = view.rules
    if rules.take_pile_requires_meld or rules.take_pile_requires_top_card:
        return True
    if not pile_card_fits(view):
        return False
    if sum(view.hand_counts) + len(view.discard_pile) > EXACT_PILE_TEST_CARDS:
        return True
    world = determinize(view, random.Random(0))
    try:
        world.apply(TakePile(view.seat))
    except IllegalAction:  # (a closed pile: whether it may be taken depends on the cards under its top)
        return True
    pile = set(view.discard_pile)
    for action in world.legal_actions():
        if isinstance(action, Extend):
            laid = action.cards
        elif isinstance(action, Meld):
            laid = tuple(card for meld in action.melds for card in meld)
        else:
            continue
        if pile.intersection(laid):
            return True
    return False


def pile_goes_round(view: SeatView, other: Action) -> bool:
    """Taking the pile now, instead of ``other`` (the draw, or a pass once the draw pile is spent), would
    only pass cards round the table: no card of it can be melded after taking, and either the draw pile is
    spent or the hand is so short that the players would swap the same few cards for ever (one card each,
    every player taking a one-card pile of a Two and discarding another). Every bot draws or passes then;
    the rules allow the pile to go round, but a hand must end.

    Nor does a player take back, as a one-card pile, a card it discarded itself earlier in the hand, unless
    the card now extends its team's melds, or a wild card once it discarded any: two players who each take
    the other's single discard and throw out another card (one keeping its melds in hand) swap the same
    few cards for ever."""
    if _takes_back_own_discard(view):
        return True
    short = sum(view.hand_counts) + len(view.discard_pile) <= EXACT_PILE_TEST_CARDS
    return (isinstance(other, Pass) or short) and not pile_card_melds_after_taking(view)


def _takes_back_own_discard(view: SeatView) -> bool:
    rules = view.rules
    if view.discard_pile_size != 1 or rules.take_pile_requires_meld or rules.take_pile_requires_top_card:
        return False
    card = view.discard_pile[-1]
    discarded = view.discarded[view.seat]
    if card in WILD_CARDS:
        # Wild cards stand for one another, and one extends almost any meld (it did when it was thrown):
        # two players holding only wild cards swapped Jokers for Twos round the table for ever.
        return any(c in WILD_CARDS for c in discarded)
    return card in discarded and not extends(view, card, team_melds(view))


def plays_as_two_sides(view: SeatView) -> bool:
    """The table plays as two sides: two players, or two teams (a seat still alone counts as a side)."""
    teams = view.seat_team
    return len({team for team in teams if team >= 0}) + sum(1 for team in teams if team < 0) == 2


def must_open_whole(view: SeatView) -> bool:
    """The seat's first meld must lay its whole hand: before formed partnerships form, or under
    ``whole_hand_opening`` until its team has melded."""
    return view.team < 0 or (view.rules.whole_hand_opening and not view.melds[view.team])


def cards_to_keep(view: SeatView, melds: Sequence[TableMeld]) -> int:
    """A turn, rule 3: after melding the hand keeps two cards, or one when the team may take its biribaki or
    go out with the discard."""
    rules = view.rules
    biriba = any(m.shape.is_biriba for m in melds)
    clean = any(m.shape.is_biriba and m.shape.clean for m in melds)
    taken = view.biribaki[view.team] is not BiribakiStatus.NOT_TAKEN
    may_take = (
        not taken and bool(view.biribakia_left) and (biriba or not rules.packet_needs_biriba(packets_taken(view)))
    )
    may_go_out = taken and (clean if rules.going_out_needs_clean_biriba else biriba)
    return 1 if may_take or may_go_out else 2


def packets_taken(view: SeatView) -> int:
    """Biribakia already taken (or turned into the draw pile): the next one is number this."""
    return len(view.rules.packet_sizes) - len(view.biribakia_left)


def team_melds(view: SeatView, team: int | None = None) -> tuple[TableMeld, ...]:
    """The melds of ``team`` (the view's own team by default; none before partnerships form)."""
    team = view.team if team is None else team
    return view.melds[team] if team >= 0 else ()


def extends(view: SeatView, card: Card, melds: Iterable[TableMeld]) -> bool:
    """Whether ``card`` alone extends one of ``melds``."""
    return any(meld_extends(m.cards, (card,), view.rules.meld_rules) for m in melds)


def card_utility(view: SeatView, card: Card, counts: Sequence[int] | None = None, weights: Weights = DEFAULT) -> float:
    """What keeping ``card`` is worth to the hand ``counts`` (the view's hand by default): wild cards a
    lot, a card that extends a team meld, then cards with neighbours in their suit or twins in rank."""
    counts = view.hand_counts if counts is None else counts
    if card in WILD_CARDS:
        return weights.wild_value
    if extends(view, card, team_melds(view)):
        return weights.extends_team
    suit, rank = suit_of(card), rank_index(card)
    in_suit = suit_cards(suit)
    utility = 0.0
    for distance, weight in ((1, weights.neighbour), (2, weights.gap_neighbour)):
        for other in neighbours(rank, distance):
            if counts[in_suit[other]]:
                utility += weight
    if rank + 1 in view.rules.meld_rules.set_ranks:
        others = sum(counts[twin] for twin in twins(card)) - 1
        utility += weights.twin * max(0, others)
    if view.bonus_suit is not None and suit == view.bonus_suit:
        utility *= weights.bonus_suit_factor
    return utility


@lru_cache(maxsize=64)
def neighbours(rank: int, distance: int) -> tuple[int, ...]:
    """The ranks (0 = Ace .. 12 = King) ``distance`` places from ``rank`` in a run: the Ace sits below
    the Two and above the King, but no run turns the corner."""
    positions = (1, 14) if rank == 0 else (rank + 1,)
    found = {(p - 1) % 13 for position in positions for p in (position - distance, position + distance) if 1 <= p <= 14}
    return tuple(sorted(found - {rank}))


def next_opponent(view: SeatView) -> int | None:
    """The seat after ours, if it plays for another team (the player who may take our discard)."""
    following = (view.seat + 1) % view.rules.players
    mine, theirs = view.seat_team[view.seat], view.seat_team[following]
    return following if mine < 0 or theirs != mine else None


def discard_danger(view: SeatView, card: Card, weights: Weights = DEFAULT) -> float:
    """How much a discard of ``card`` may give the next opponent: the whole pile, if the card lets them
    take it (it extends their team's melds, or goes with cards they are known to hold)."""
    following = next_opponent(view)
    if following is None:
        return -weights.danger_base * 0.3  # the partner plays next: a card they can use is a gift
    pile = view.discard_pile_size + 1
    team = view.seat_team[following]
    useful = 0.0
    if card in WILD_CARDS or (team >= 0 and extends(view, card, view.melds[team])):
        useful = 1.0
    else:
        known = view.known_cards[following]
        in_suit, rank = suit_cards(suit_of(card)), rank_index(card)
        near = sum(known[in_suit[r]] for d in (1, 2) for r in neighbours(rank, d))
        # Cards of the same rank go with it only where the rules let that rank make a set.
        same = sum(known[twin] for twin in twins(card)) if rank + 1 in view.rules.meld_rules.set_ranks else 0
        if near >= 2 or same >= 2 or (near and same):
            useful = 0.8
        elif near or same:
            useful = 0.35
        else:
            useful = 0.08
    return useful * (weights.danger_base + weights.danger_per_pile_card * pile)


def end_risk(view: SeatView) -> float:
    """A rough chance, 0 to 1, that the hand ends before our next turns: a team that holds its biribaki
    and a biriba can go out; the draw pile running low ends it too."""
    # Asked for every play and discard of one decision: the last view's answer is kept (as one tuple,
    # replaced at once, so that a thread never pairs a view with another view's answer).
    last_view, last_risk = _LAST_RISK[0]
    if last_view is view:
        return last_risk
    risk = _end_risk(view)
    _LAST_RISK[0] = (view, risk)
    return risk


_LAST_RISK: Final[list[tuple[SeatView | None, float]]] = [(None, 0.0)]


def _end_risk(view: SeatView) -> float:
    risk = 0.1
    for team, status in enumerate(view.biribaki):
        if status is BiribakiStatus.NOT_TAKEN or team == view.team:
            continue
        if any(m.shape.is_biriba for m in view.melds[team]):
            smallest = min((view.hand_sizes[s] for s, t in enumerate(view.seat_team) if t == team), default=11)
            risk = max(risk, 0.9 if smallest <= 2 else 0.6 if smallest <= 5 else 0.35)
    if view.draw_pile_size < 2 * view.rules.players:
        risk = max(risk, 0.6)
    return risk


def hand_penalty(view: SeatView, counts: Sequence[int]) -> float:
    """The points the cards of ``counts`` would cost if the hand ended now."""
    values = view.rules.card_values
    return float(sum(values[card] * n for card, n in enumerate(counts) if n))


def team_table_value(view: SeatView, melds: Sequence[TableMeld]) -> float:
    """A team's melds: their card points and their expected biriba bonuses."""
    rules = view.rules
    return sum(rules.value_of(m.cards) + meld_potential(rules, m.shape, view.bonus_suit) for m in melds)


def position_value(view: SeatView) -> float:
    """Our team's standing against the others' in the hand, in points: table values, the hands at risk,
    the biribakia. Used to score the end of a search's playout from our seat."""
    rules = view.rules
    values: dict[int, float] = {}
    teams = {team for team in view.seat_team if team >= 0} or {view.team}
    for team in teams:
        seats = [s for s, t in enumerate(view.seat_team) if t == team]
        hand_cards = sum(view.hand_sizes[s] for s in seats)
        value = team_table_value(view, view.melds[team]) - 7.0 * hand_cards
        status = view.biribaki[team]
        if status is BiribakiStatus.NOT_TAKEN:
            value -= rules.no_biribaki_penalty * 0.6
        if any(m.shape.is_biriba for m in view.melds[team]):
            value += 40.0
        values[team] = value
    own = values.get(view.team, 0.0)
    others = [v for t, v in values.items() if t != view.team]
    return own - (max(others) if others else 0.0)


pickle_by_constructor(Weights)
