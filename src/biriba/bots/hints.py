"""Hints: the action a strong bot would take in a seat's place, with the reasons a person understands.

The terminal and browser clients call :func:`suggest`. The reasons are found from the view alone (what
the seat may see) and given as data, :class:`~biriba.core.errors.Reason` values: a headline and its
details. :mod:`biriba.i18n` puts them in words (``Words.hint``), in English or Greek.

>>> import random
>>> from biriba.core.rules import Rules
>>> from biriba.core.state import HandState
>>> from biriba.core.views import observe
>>> state = HandState.deal(Rules.from_preset("standard"), dealer=0, seed=3)
>>> hint = suggest(observe(state, 1), state.legal_actions())
>>> hint.action in state.legal_actions() and hint.head.key.startswith("hint.")
True
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from dataclasses import dataclass

from biriba.bots.base import Bot, make_bot
from biriba.bots.judgement import DEFAULT, discard_danger, must_open_whole, next_opponent
from biriba.bots.search import SearchBot
from biriba.core.actions import Action, ChooseBonusSuit, Discard, Draw, Extend, Meld, Pass, Redraw, TakePile
from biriba.core.cards import Card, rank_index, suit_cards, suit_of, twins
from biriba.core.errors import Reason
from biriba.core.melds import (
    BIRIBA_LENGTH,
    WILD_CARDS,
    MeldRules,
    MeldShape,
    arrange,
    extends,
    extension_shape,
    meld_shape,
)
from biriba.core.views import SeatView

HINT_BOT = "search"
"""The bot whose choice a hint gives: the strongest of the ladder as measured (results/ladder). A server
that must answer many hints at once can give a cheaper one (``biriba serve --hint-bot heuristic``)."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A suggested action and why: a headline (``hint.*`` keys of the catalogue) and its details."""

    action: Action
    head: Reason
    details: tuple[Reason, ...] = ()


def suggest(view: SeatView, legal: Sequence[Action], bot: Bot | None = None, seed: int = 0) -> Suggestion:
    """What the strongest bot would do in ``view``'s place, and why."""
    if not legal:
        raise ValueError("there is no legal action to suggest: it is not this seat's turn")
    chooser = bot if bot is not None else make_bot(HINT_BOT)
    rng = random.Random(seed)
    lead: float | None = None
    if isinstance(chooser, SearchBot):
        action, lead = chooser.choose_with_margin(view, legal, rng)
    else:
        action = chooser.choose(view, legal, rng)
    if isinstance(action, Discard):
        # A teacher never ends the turn while a play takes a meld to a biriba or one card from it: a
        # search's noise may pick the discard, the hint does not.
        better = _play_toward_biriba(view, legal)
        if better is not None:
            action, lead = better, None
    head, details = explain(view, action, legal)
    if lead is not None and round(lead) >= 1:
        details = (*details, Reason.of("hint.lead", n=round(lead)))
    return Suggestion(action, head, details)


def _play_toward_biriba(view: SeatView, legal: Sequence[Action]) -> Extend | Meld | None:
    """A legal play that starts taking a meld that is no biriba yet to a biriba or one card short of one,
    with the cards of the hand (this turn, one extension after another), if there is one: the longest
    such meld's, and of its plays the one that grows it most. A new meld laid counts its own length."""
    rules = view.rules.meld_rules
    best: tuple[int, int, Extend | Meld] | None = None
    reachable: dict[int, int] = {}  # per meld: the hand is the same for every extension of it
    for action in legal:
        match action:
            case Extend(_, index, cards) if not view.melds[view.team][index].shape.is_biriba:
                meld = view.melds[view.team][index].cards
                shape = extension_shape(meld, cards, rules)
                now = shape.length if isinstance(shape, MeldShape) else 0
                if now and index not in reachable:
                    reachable[index] = _reachable_length(meld, view.hand_counts, rules)
                reach = reachable.get(index, 0) if now else 0
            case Meld(_, melds):
                now = reach = max((shape.length for shape in (meld_shape(m, rules) for m in melds) if shape), default=0)
            case _:
                continue
        if reach >= BIRIBA_LENGTH - 1 and (best is None or (reach, now) > best[:2]):
            best = (reach, now, action)
    return None if best is None else best[2]


def _reachable_length(meld: tuple[Card, ...], hand: Sequence[int], rules: MeldRules) -> int:
    """How long ``meld`` grows if the hand's cards are added one by one while it stays a meld (natural
    cards first): a greedy bound of what this turn can make of it."""
    cards = list(meld)
    left = list(hand)
    order = [c for c in range(len(left)) if c not in WILD_CARDS] + [c for c in WILD_CARDS if c < len(left)]
    grown = True
    while grown:
        grown = False
        for card in order:
            if left[card] and extends(tuple(cards), (card,), rules):
                insort(cards, card)  # a meld's cards are asked about sorted
                left[card] -= 1
                grown = True
    return len(cards)


def explain(  # noqa: PLR0911, PLR0912
    view: SeatView, action: Action, legal: Sequence[Action] | None = None
) -> tuple[Reason, tuple[Reason, ...]]:
    """Why ``action``, from ``view``'s seat: a headline and details. With the actions ``legal`` there, a
    draw while the discard pile may not be taken says why it may not."""
    match action:
        case Draw():
            if legal is not None and view.discard_pile and not any(isinstance(a, TakePile) for a in legal):
                return Reason.of("hint.draw-pile-refused"), (_why_pile_refused(view),)
            useful = tuple(_useful_pile_cards(view))
            return (Reason.of("hint.draw-useful", cards=useful) if useful else Reason.of("hint.draw")), ()
        case TakePile():
            useful = tuple(_useful_pile_cards(view))
            size = view.discard_pile_size  # a closed pile (Buraco fechado) shows only its top card
            head = Reason.of("hint.take-pile", n=size)
            if useful:
                return head, (Reason.of("hint.pile-fits", cards=useful),)
            # No card of the pile goes with the hand now: what taking it still gives.
            return head, (Reason.of("hint.pile-known") if size == 1 else Reason.of("hint.pile-many", n=size),)
        case Pass():
            return Reason.of("hint.pass"), ()
        case Redraw():
            return Reason.of("hint.redraw"), ()
        case ChooseBonusSuit(_, suit):
            if suit is None:
                return Reason.of("hint.no-bonus-suit"), ()
            return Reason.of("hint.bonus-suit", suit=suit), ()
        case Meld(_, melds):
            shapes = [shape for shape in (meld_shape(cards, view.rules.meld_rules) for cards in melds) if shape]
            details = [shape.describe() for shape in shapes]
            if any(shape.is_biriba for shape in shapes):
                details.append(Reason.of("hint.makes-biriba"))
            if sum(view.hand_counts) == sum(len(cards) for cards in melds):
                details.append(Reason.of("hint.takes-biribaki"))
            # One meld is named by its cards ("Meld 3♥ 4♥ 5♥"); several by their number, each shape below.
            named = tuple(arrange(melds[0], shapes[0])) if len(melds) == 1 and shapes else ()
            return Reason.of("hint.meld", n=len(melds), cards=named), tuple(details)
        case Extend(_, index, cards):
            meld = view.melds[view.team][index]
            result = extension_shape(meld.cards, cards, view.rules.meld_rules)
            head = Reason.of("hint.extend", meld=index, cards=cards)
            if not isinstance(result, MeldShape):
                return head, ()
            details = [Reason.of("hint.grows-to", n=result.length)]
            if result.is_biriba and not meld.shape.is_biriba:
                details.append(Reason.of("hint.makes-biriba"))
            return head, tuple(details)
        case Discard(_, card):
            return _explain_discard(view, card)


def _explain_discard(view: SeatView, card: Card) -> tuple[Reason, tuple[Reason, ...]]:
    if sum(view.hand_counts) == 1:
        return Reason.of("hint.last-card", card=card), ()
    details = []
    if not _fits_own_hand(view, card):
        details.append(Reason.of("hint.fits-nothing"))
    opponents_use = any(
        extends(m.cards, (card,), view.rules.meld_rules)
        for team, melds in enumerate(view.melds)
        if team != view.team
        for m in melds
    )
    details.append(Reason.of("hint.feeds-opponents" if opponents_use else "hint.safe"))
    kept = _kept_from_opponents(view, card)
    if kept is not None:
        details.append(Reason.of("hint.keeps", kept=kept))
    return Reason.of("hint.discard", card=card), tuple(details)


def _kept_from_opponents(view: SeatView, discarded: Card) -> Card | None:
    """A card held back that the next opponent could use (it extends their melds or goes with cards they
    are known to hold), the most dangerous first: worth saying why it is not the discard."""
    following = next_opponent(view)
    if following is None:
        return None
    held = [c for c in range(len(view.hand_counts)) if view.hand_counts[c] and c != discarded]
    dangers = [(discard_danger(view, c), c) for c in held if c not in WILD_CARDS]
    danger, card = max(dangers, default=(0.0, -1))
    # Worth a word only if it is more dangerous than the discard and at least a near miss for them.
    return card if danger > max(discard_danger(view, discarded), 0.35 * DEFAULT.danger_base) else None


def _fits_own_hand(view: SeatView, card: Card) -> bool:
    """The card has a neighbour of its suit or a twin of its rank in the hand, or extends a team meld."""
    if card in WILD_CARDS:
        return True
    counts = view.hand_counts
    rank, in_suit = rank_index(card), suit_cards(suit_of(card))
    neighbours = [in_suit[r] for r in (rank - 2, rank - 1, rank + 1, rank + 2) if 0 <= r < 13]
    if any(counts[c] for c in neighbours) or sum(counts[c] for c in twins(card)) > 1:
        return True
    team_melds = view.melds[view.team] if view.team >= 0 else ()
    return any(extends(m.cards, (card,), view.rules.meld_rules) for m in team_melds)


def _why_pile_refused(view: SeatView) -> Reason:
    """Why the seat of ``view``, whose turn it is to draw, may not take the discard pile: the rules of its
    table say what taking it asks, and its hand cannot do that."""
    rules = view.rules
    if rules.take_pile_requires_meld or rules.take_pile_requires_top_card:
        # Before its team has melded, a seat that must open with its whole hand melds a pile card only so.
        if must_open_whole(view):
            top = rules.take_pile_requires_top_card
            return Reason.of("hint.pile-top-card-needs-whole-hand" if top else "hint.pile-needs-whole-hand")
        return Reason.of("hint.pile-needs-top-card" if rules.take_pile_requires_top_card else "hint.pile-needs-meld")
    # A pile of one card is refused only when it would have to be discarded again at once.
    return Reason.of("hint.pile-single-card")


def _useful_pile_cards(view: SeatView) -> list[Card]:
    """The cards of the discard pile that extend a team meld or go with two cards of the hand."""
    team_melds = view.melds[view.team] if view.team >= 0 else ()
    useful = []
    for card in dict.fromkeys(view.discard_pile):
        fits_meld = any(extends(m.cards, (card,), view.rules.meld_rules) for m in team_melds)
        if fits_meld or (card not in WILD_CARDS and _pairs_in_hand(view, card)):
            useful.append(card)
    return useful


def _pairs_in_hand(view: SeatView, card: Card) -> bool:
    counts = view.hand_counts
    rank, in_suit = rank_index(card), suit_cards(suit_of(card))
    run = [in_suit[r] for r in (rank - 2, rank - 1, rank + 1, rank + 2) if 0 <= r < 13]
    near = sum(1 for c in run if counts[c])
    same = sum(counts[twin] for twin in twins(card))
    return near >= 2 or (rank + 1 in view.rules.meld_rules.set_ranks and same >= 2)
