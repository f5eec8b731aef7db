"""Per-seat views: what one seat may see of a hand (``observe(state, seat)``).

A view holds the seat's own hand and everything public: every team's melds, the discard pile (only
its top card when the pile is closed), the bonus suit, who plays with whom, the cards each player is
known to hold (taken with the discard pile), and the *sizes* of the other hands, the draw pile and the
biribakia, never their contents. Bots, clients and the server see games only through views, so they
cannot cheat and cannot leak what they never had.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from biriba.core.cards import SUITS, Card, card_code, card_codes, cards_of
from biriba.core.melds import MeldShape, meld_codes
from biriba.core.rules import Rules
from biriba.core.scoring import BiribakiStatus
from biriba.core.state import NO_CARD, HandState, Phase, TableMeld

MeldView = TableMeld
"""A meld on the table, as everyone sees it: its cards and how they are read."""


class PublicTurnState(NamedTuple):
    """Public facts about the hand in progress that a player keeps track of at the table."""

    biribaki_holders: tuple[int, ...]
    """Per team, the seat that took its biribaki, or -1."""
    unplayed_biribaki: tuple[bool, ...]
    """Per seat: took its biribaki with its last discard and has not begun a turn since."""
    packets_used: int
    """Biribakia taken or turned into the draw pile."""
    pile_obligation: frozenset[Card] | None
    """The card types of a pile just taken of which one must still be melded this turn (by a rule)."""
    obligation_new_meld: bool
    opening_turn: bool
    redraw_allowed: bool
    last_turn: bool
    no_going_out: bool
    cut: int | None


class SeatView(NamedTuple):
    """One seat's information about a hand.

    Views are named tuples: immutable and compared field by field like frozen dataclasses, and built
    at every decision of every player and playout, which a named tuple does several times faster
    (a frozen dataclass sets each of its fields through ``object.__setattr__``)."""

    rules: Rules
    seat: int
    dealer: int
    current: int
    phase: Phase
    hand_counts: tuple[int, ...]
    """The seat's own cards: how many of each card type it holds."""
    hand_sizes: tuple[int, ...]
    seat_team: tuple[int, ...]
    """Each seat's team (-1 while formed partnerships are still to form)."""
    melds: tuple[tuple[MeldView, ...], ...]
    """Per team, its melds in the order laid."""
    discard_pile: tuple[Card, ...]
    """Bottom first. The open pile in full; a closed pile shows its top card only."""
    discard_pile_size: int
    draw_pile_size: int
    biribakia_left: tuple[int, ...]
    """Sizes of the packets not yet taken, in the order they will be taken."""
    biribaki: tuple[BiribakiStatus, ...]
    """Per team."""
    known_cards: tuple[tuple[int, ...], ...]
    """Per seat, counts of the cards everyone knows it holds (taken with the discard pile)."""
    discarded: tuple[tuple[Card, ...], ...]
    """Per seat, the cards it put on the discard pile this hand, in order (discards, and cards turned up
    to redraw): what it chose to give away, seen by everyone. Empty for every seat under a closed pile,
    which shows its top card only: the record would show what the pile hides."""
    bonus_suit: int | None
    upcard: Card
    """The card turned up at the deal, or -1."""
    banned_discard: Card
    """For the seat on turn: the one-card pile it took (may not be discarded), or -1."""
    must_meld_from_pile: bool
    drawn: Card
    """For the seat on turn, while it may still redraw: the card it drew, else -1."""
    passes: int
    went_out: int
    scores: tuple[int, ...]
    """Cumulative scores per seat before this hand."""
    public: PublicTurnState
    """The rest of what everyone at the table knows: who holds which biribaki, the obligations of
    the turn on, whether this is the last turn. Enough, with the fields above, to rebuild every hidden
    part of the hand consistently (``biriba.core.sampling``)."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards, in card order."""
        return tuple(cards_of(self.hand_counts))

    @property
    def team(self) -> int:
        """The seat's team (-1 while formed partnerships are still to form)."""
        return self.seat_team[self.seat]

    @property
    def my_turn(self) -> bool:
        return self.current == self.seat and self.phase is not Phase.OVER

    def to_json(self) -> dict[str, Any]:
        """The view as JSON (canonical card codes)."""
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "current": self.current,
            "phase": self.phase.name.lower(),
            "hand": card_codes(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "teams": list(self.seat_team),
            "melds": [[_meld_json(m) for m in team] for team in self.melds],
            "discard_pile": card_codes(self.discard_pile),
            "discard_pile_size": self.discard_pile_size,
            "draw_pile_size": self.draw_pile_size,
            "biribakia_left": list(self.biribakia_left),
            "biribaki": [status.value for status in self.biribaki],
            "known_cards": [card_codes(cards_of(known)) for known in self.known_cards],
            "discarded": [card_codes(cards) for cards in self.discarded],
            "bonus_suit": None if self.bonus_suit is None else SUITS[self.bonus_suit],
            "upcard": None if self.upcard == NO_CARD else card_code(self.upcard),
            "passes": self.passes,
            "went_out": self.went_out if self.went_out >= 0 else None,
            "scores": list(self.scores),
        }


def _meld_json(meld: MeldView) -> dict[str, Any]:
    """A meld's JSON object. The same melds lie on the table view after view: their card codes in table
    order are worked out once (information strings and the server write every view out)."""
    shape = meld.shape
    key = (meld.cards, shape)
    codes = _MELD_CODES.get(key)
    if codes is None:
        if len(_MELD_CODES) >= 1 << 14:
            _MELD_CODES.clear()
        codes = _MELD_CODES[key] = tuple(meld_codes(meld.cards, shape))
    cards = list(codes)
    return {"cards": cards, "kind": shape.kind, "clean": shape.clean, "length": shape.length, "biriba": shape.is_biriba}


_MELD_CODES: dict[tuple[tuple[Card, ...], MeldShape], tuple[str, ...]] = {}


def observe(state: HandState, seat: int) -> SeatView:
    """What ``seat`` sees of ``state``."""
    # Every decision of every player and playout starts here: arguments in field order, no keywords,
    # and no method calls per team or packet.
    on_turn = seat == state.current
    pile = state.discard_pile
    unplayed = state.unplayed_biribaki
    holders = state.biribaki_holder
    return SeatView(
        state.rules,
        seat,
        state.dealer,
        state.current,
        state.phase,
        tuple(state.hands[seat]),
        tuple(state.hand_sizes),
        tuple(state.seat_team),
        tuple(map(tuple, state.melds)),
        tuple(pile[-1:] if state.rules.closed_discard_pile else pile),
        len(pile),
        len(state.draw_pile),
        tuple(map(len, state.biribakia[state.packets_used :])),
        tuple([_NOT_TAKEN if holder < 0 else _UNPLAYED if unplayed[holder] else _TAKEN for holder in holders]),
        tuple(map(tuple, state.known)),
        ((),) * state.rules.players if state.rules.closed_discard_pile else tuple(state.discarded),
        state.bonus_suit,
        state.upcard,
        state.banned_discard if on_turn else -1,
        on_turn and state.pile_obligation is not None,
        state.last_drawn if on_turn and state.redraw_allowed else NO_CARD,
        state.passes,
        state.went_out,
        state.scores,
        PublicTurnState(
            tuple(holders),
            tuple(unplayed),
            state.packets_used,
            state.pile_obligation,
            state.obligation_new_meld,
            state.opening_turn,
            state.redraw_allowed,
            state.last_turn,
            state.no_going_out,
            state.cut,
        ),
    )


_NOT_TAKEN, _UNPLAYED, _TAKEN = BiribakiStatus.NOT_TAKEN, BiribakiStatus.TAKEN_UNPLAYED, BiribakiStatus.TAKEN
