"""Hints: the action a strong bot would take in a seat's place, with a short reason a person understands.

The terminal and browser clients call :func:`suggest`. The reason is written from the view alone (what
the seat may see), in English or Greek.

>>> import random
>>> from biriba.core.rules import Rules
>>> from biriba.core.state import HandState
>>> from biriba.core.views import observe
>>> state = HandState.deal(Rules.from_preset("standard"), dealer=0, seed=3)
>>> hint = suggest(observe(state, 1), state.legal_actions())
>>> hint.action in state.legal_actions() and bool(hint.reason)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from biriba.bots.base import Bot, make_bot
from biriba.bots.judgement import DEFAULT, discard_danger, next_opponent
from biriba.core.actions import Action, ChooseBonusSuit, Discard, Draw, Extend, Meld, Pass, Redraw, TakePile
from biriba.core.cards import JOKER, SUIT_SYMBOLS, Card, card_symbol, suit_of
from biriba.core.melds import RUN, WILD, WILD_CARDS, MeldShape, extension_shape, meld_shape
from biriba.core.views import SeatView

LANGUAGES = ("en", "el")
HINT_BOT = "search"
"""The bot whose choice a hint gives: the strongest of the ladder as measured (results/ladder). A server
that must answer many hints at once can give a cheaper one (``biriba serve --hint-bot heuristic``)."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A suggested action and why."""

    action: Action
    reason: str


def suggest(
    view: SeatView, legal: Sequence[Action], language: str = "en", bot: Bot | None = None, seed: int = 0
) -> Suggestion:
    """What the strongest bot would do in ``view``'s place, and why (``language``: ``en`` or ``el``)."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r} (known: {', '.join(LANGUAGES)})")
    if not legal:
        raise ValueError("there is no legal action to suggest: it is not this seat's turn")
    chooser = bot if bot is not None else make_bot(HINT_BOT)
    action = chooser.choose(view, legal, random.Random(seed))
    return Suggestion(action, explain(view, action, language))


def explain(view: SeatView, action: Action, language: str = "en") -> str:
    """A short reason for ``action`` from ``view``'s seat, in words."""
    words = _WORDS[language]
    match action:
        case Draw():
            useful = _useful_pile_cards(view)
            return words["draw_useful"].format(cards=_cards(useful)) if useful else words["draw"]
        case TakePile():
            useful = _useful_pile_cards(view)
            if useful:
                return words["take_pile"].format(n=len(view.discard_pile), cards=_cards(useful))
            return words["take_pile_plain"].format(n=len(view.discard_pile))
        case Pass():
            return words["pass"]
        case Redraw():
            return words["redraw"]
        case ChooseBonusSuit(_, suit):
            if suit is None:
                return words["no_bonus_suit"]
            return words["bonus_suit"].format(suit=SUIT_SYMBOLS[suit])
        case Meld(_, melds):
            shapes = [meld_shape(cards, view.rules.meld_rules) for cards in melds]
            parts = [_describe(shape, language) for shape in shapes if shape is not None]
            left = sum(view.hand_counts) - sum(len(cards) for cards in melds)
            reason = words["meld"].format(melds=words["and"].join(parts))
            if any(shape is not None and shape.is_biriba for shape in shapes):
                reason += words["biriba"]
            if left == 0:
                reason += words["takes_biribaki"]
            return reason
        case Extend(_, index, cards):
            meld = view.melds[view.team][index]
            result = extension_shape(meld.cards, cards, view.rules.meld_rules)
            if isinstance(result, str):
                return words["extend_plain"].format(meld=_describe(meld.shape, language))
            reason = words["extend"].format(meld=_describe(meld.shape, language), length=result.length)
            if result.is_biriba and not meld.shape.is_biriba:
                reason += words["biriba"]
            return reason
        case Discard(_, card):
            return _explain_discard(view, card, language)


def _explain_discard(view: SeatView, card: Card, language: str) -> str:
    words = _WORDS[language]
    reasons = []
    if sum(view.hand_counts) == 1:
        return words["last_card"].format(card=card_symbol(card))
    if not _fits_own_hand(view, card):
        reasons.append(words["fits_nothing"])
    opponents_use = [
        team
        for team, melds in enumerate(view.melds)
        if team != view.team
        and any(not isinstance(extension_shape(m.cards, (card,), view.rules.meld_rules), str) for m in melds)
    ]
    reasons.append(words["feeds_opponents"] if opponents_use else words["safe"])
    kept = _kept_from_opponents(view, card)
    if kept is not None:
        reasons.append(words["keeps"].format(card=card_symbol(kept)))
    return words["discard"].format(card=card_symbol(card), why="; ".join(reasons))


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
    rank, suit = card % 13, suit_of(card)
    neighbours = [suit * 13 + r for r in (rank - 2, rank - 1, rank + 1, rank + 2) if 0 <= r < 13]
    twins = [s * 13 + rank for s in range(4)]
    if any(counts[c] for c in neighbours) or sum(counts[c] for c in twins) > 1:
        return True
    team_melds = view.melds[view.team] if view.team >= 0 else ()
    return any(not isinstance(extension_shape(m.cards, (card,), view.rules.meld_rules), str) for m in team_melds)


def _useful_pile_cards(view: SeatView) -> list[Card]:
    """The cards of the discard pile that extend a team meld or go with two cards of the hand."""
    team_melds = view.melds[view.team] if view.team >= 0 else ()
    useful = []
    for card in dict.fromkeys(view.discard_pile):
        extends = any(not isinstance(extension_shape(m.cards, (card,), view.rules.meld_rules), str) for m in team_melds)
        if extends or (card not in WILD_CARDS and _pairs_in_hand(view, card)):
            useful.append(card)
    return useful


def _pairs_in_hand(view: SeatView, card: Card) -> bool:
    counts = view.hand_counts
    rank, suit = card % 13, suit_of(card)
    run = [suit * 13 + r for r in (rank - 2, rank - 1, rank + 1, rank + 2) if 0 <= r < 13]
    near = sum(1 for c in run if counts[c])
    same = sum(counts[s * 13 + rank] for s in range(4))
    return near >= 2 or (rank + 1 in view.rules.meld_rules.set_ranks and same >= 2)


def _describe(shape: MeldShape, language: str) -> str:
    words = _WORDS[language]
    if shape.kind == WILD:
        return words["wild_meld"].format(length=shape.length)
    kind = words["run"] if shape.kind == RUN else words["set"]
    what = SUIT_SYMBOLS[shape.suit] if shape.kind == RUN else _rank(shape.rank)
    return words["shape"].format(kind=kind, length=shape.length, what=what)


def _rank(rank: int) -> str:
    return ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")[rank - 1]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card_symbol(c) if c != JOKER else "JK" for c in cards)


_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "draw": "draw: no card of the discard pile helps you",
        "draw_useful": "draw: the pile's {cards} would help, but not enough to take it all",
        "take_pile": "take the {n} cards of the pile: {cards} go with your cards",
        "take_pile_plain": "take the {n} cards of the pile",
        "pass": "pass: the draw pile is empty and the discard pile would not help",
        "redraw": "turn this card up and draw another: it does not help your hand",
        "no_bonus_suit": "play with no bonus suit: none of your suits is long enough",
        "bonus_suit": "choose {suit} as the bonus suit: you hold most of it",
        "meld": "lay {melds}",
        "and": " and ",
        "biriba": ", a biriba",
        "takes_biribaki": ", emptying your hand to take the biribaki",
        "extend": "extend your {meld} to {length} cards",
        "extend_plain": "extend your {meld}",
        "discard": "discard {card}: {why}",
        "last_card": "discard your last card, {card}",
        "fits_nothing": "it fits none of your cards",
        "feeds_opponents": "the opponents could use it, but it is the least useful card you hold",
        "safe": "no opponent meld takes it",
        "keeps": "keeps {card}, which the next opponent could use",
        "shape": "{length}-card {what} {kind}",
        "run": "run",
        "set": "set",
        "wild_meld": "meld of {length} wild cards",
    },
    "el": {
        "draw": "τράβηξε: κανένα φύλλο της στοίβας δεν σε βοηθά",
        "draw_useful": "τράβηξε: τα {cards} της στοίβας βοηθούν, αλλά όχι αρκετά για να τη μαζέψεις",
        "take_pile": "μάζεψε τα {n} φύλλα της στοίβας: τα {cards} δένουν με τα φύλλα σου",
        "take_pile_plain": "μάζεψε τα {n} φύλλα της στοίβας",
        "pass": "πάσο: η τράπουλα τελείωσε και η στοίβα δεν σε βοηθά",
        "redraw": "γύρισε αυτό το φύλλο και τράβηξε άλλο: δεν βοηθά το χέρι σου",
        "no_bonus_suit": "παίξτε χωρίς κόζι: κανένα χρώμα σου δεν είναι αρκετά μακρύ",
        "bonus_suit": "διάλεξε κόζι {suit}: έχεις τα περισσότερα",
        "meld": "κατέβασε {melds}",
        "and": " και ",
        "biriba": ", μπιρίμπα",
        "takes_biribaki": ", αδειάζοντας το χέρι για το μπιριμπάκι",
        "extend": "πρόσθεσε στην {meld} σου ώστε να γίνει {length} φύλλα",
        "extend_plain": "πρόσθεσε στην {meld} σου",
        "discard": "πέτα το {card}: {why}",
        "last_card": "πέτα το τελευταίο σου φύλλο, {card}",
        "fits_nothing": "δεν δένει με κανένα φύλλο σου",
        "feeds_opponents": "οι αντίπαλοι μπορεί να το χρησιμοποιήσουν, αλλά είναι το λιγότερο χρήσιμο φύλλο σου",
        "safe": "δεν ταιριάζει σε καμία κατεβασμένη σειρά των αντιπάλων",
        "keeps": "κρατά το {card}, που θα χρησιμοποιούσε ο επόμενος αντίπαλος",
        "shape": "{kind} {length} φύλλων ({what})",
        "run": "κέντα",
        "set": "ομάδα",
        "wild_meld": "σειρά {length} μπαλαντέρ",
    },
}
