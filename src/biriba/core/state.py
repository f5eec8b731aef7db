"""The hand state machine: one deal of Biriba from the deal to the last discard (docs/rules.md, A turn).

:class:`HandState` is the single legality authority. :meth:`HandState.legal_actions` and
:meth:`HandState.apply` share their checks; ``apply`` validates everything before it changes
anything, so an illegal action raises :class:`IllegalAction` and leaves the state exactly as it was.

Every format of docs/rules.md (Formats) is played here: teams are a per-seat mapping, fixed for fixed
partnerships and individuals, and formed during the hand when the first player melds the whole hand
(3 and 5 players). Everything a variation changes is read from :class:`Rules`.

The state is compact (hands are count vectors, melds are sorted tuples) so that :meth:`clone` is
cheap: search bots copy states many times.

>>> state = HandState.deal(Rules.from_preset("standard"), dealer=3, seed=7)
>>> state.current, state.phase.name, state.hand_size(0)
(0, 'DRAW', 11)
>>> state.apply(Draw(0))
>>> state.phase.name, state.hand_size(0)
('PLAY', 12)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from enum import IntEnum
from typing import Final, NamedTuple

from biriba.core.actions import Action, ChooseBonusSuit, Discard, Draw, Extend, Meld, Pass, Redraw, TakePile
from biriba.core.cards import (
    JOKER,
    N_CARD_TYPES,
    Card,
    card_code,
    cards_of,
    counts_of,
    pack,
    shuffled_pack,
    suit_of,
)
from biriba.core.errors import IllegalAction, InvalidInputError, Refusal
from biriba.core.melds import (
    WILD,
    WILD_CARDS,
    MeldCards,
    MeldShape,
    canonical,
    extension_shape,
    invalid_reason,
    meld_shape,
)
from biriba.core.rules import Rules
from biriba.core.scoring import BiribakiStatus, HandScore, TeamScore, score_team
from biriba.core.shuffle import below_for_text


class Phase(IntEnum):
    """Where the current turn is."""

    DRAW = 0
    """The seat must draw, take the discard pile, or pass (draw pile empty)."""
    PLAY = 1
    """The seat may meld and extend, and ends the turn with a discard."""
    OVER = 2
    """The hand has ended."""
    CHOOSE = 3
    """A Joker was turned up and the first player chooses the bonus suit (or none) before drawing."""


class TableMeld(NamedTuple):
    """A meld on the table: its cards (sorted), how they are read, and whether it was laid as a
    biriba by one meld action (a biriba "in hand", which some rules score higher). A named tuple, as
    :class:`~biriba.core.melds.MeldShape` is: cheap to make and to compare."""

    cards: MeldCards
    shape: MeldShape
    laid_whole: bool = False


class DiscardOutcome(IntEnum):
    """What a legal discard does."""

    NEXT_TURN = 0
    TAKES_BIRIBAKI = 1
    GOES_OUT = 2
    ENDS_HAND = 3
    """The last turn of a hand whose draw pile is spent (``end_of_draw_pile`` "last-draw" or "packets-then-end")."""


Plan = tuple[TableMeld, ...] | DiscardOutcome | None
"""What validating an action found that executing it uses: the melds a play lays (or extends), how a
discard ends the turn; None where executing needs nothing worked out."""

NO_CARD: Final = -1

NOT_A_CARD: Final = ("card-not-in-hand", "not-a-card")
"""The refusal of a card code out of range (an action built by hand, not parsed)."""


CUT_ERRORS: Final = (-3, -2, -2, -1, -1, -1, 0, 0, 0, 0, 1, 1, 1, 2, 2, 3)


def cut_error_for_seed(seed: int) -> int:
    """The cut error (cards too many or too few) of a seeded deal whose rules score the cut: 0 four
    times in sixteen, 1 off six times, 2 off four times, 3 off twice. Drawn by the deal's generator
    from the text ``cut:SEED``, so it is fixed for good as the shuffle is."""
    return CUT_ERRORS[below_for_text(f"cut:{seed}", len(CUT_ERRORS))]


class HandState:
    """The full state of one hand. Create it with :meth:`deal`."""

    __slots__ = (
        "banned_discard",
        "biribaki_holder",
        "biribakia",
        "bonus_suit",
        "current",
        "cut",
        "dealer",
        "discard_pile",
        "discarded",
        "draw_pile",
        "hand_sizes",
        "hands",
        "known",
        "last_drawn",
        "last_turn",
        "melds",
        "no_going_out",
        "obligation_new_meld",
        "opening_turn",
        "packets_used",
        "passes",
        "phase",
        "pile_obligation",
        "redraw_allowed",
        "rules",
        "scores",
        "seat_team",
        "unplayed_biribaki",
        "upcard",
        "went_out",
    )

    rules: Rules
    dealer: int
    hands: list[list[int]]
    """Per seat, the count of each card type held."""
    hand_sizes: list[int]
    known: list[list[int]]
    """Per seat, the cards everyone knows it holds (taken with the discard pile, or a Joker upcard it
    took), as counts: a lower bound, lowered as the seat plays such cards."""
    draw_pile: list[Card]
    """Top card last."""
    discard_pile: list[Card]
    """Top card last."""
    discarded: list[tuple[Card, ...]]
    """Per seat, the cards it put on the discard pile this hand, in order (its discards and the cards it
    turned up to redraw): everyone saw them. Tuples, replaced on each discard, so a clone shares them."""
    biribakia: list[list[Card]]
    """The packets in the order they are taken."""
    packets_used: int
    """Packets taken by a team or turned into the draw pile; the next one is ``biribakia[packets_used]``."""
    seat_team: list[int]
    """Per seat, its team; -1 while partnerships are still to be formed."""
    melds: list[list[TableMeld]]
    """Per team, its melds in the order laid."""
    biribaki_holder: list[int]
    """Per team, the seat that took its biribaki, or -1."""
    unplayed_biribaki: list[bool]
    """Per seat: took a biribaki with its last discard and has not begun a turn since."""
    bonus_suit: int | None
    upcard: Card
    """The card turned up at the deal (the last one, if Jokers were taken), or -1 without an upcard."""
    current: int
    phase: Phase
    banned_discard: Card
    """The card taken as a one-card discard pile this turn (it may not be discarded), or -1."""
    pile_obligation: frozenset[Card] | None
    """The card types taken with the pile of which one must be melded before the turn ends, if a rule asks it."""
    obligation_new_meld: bool
    """The pile card must go into a new meld (a wild top card under ``take_pile_requires_top_card``)."""
    opening_turn: bool
    """No upcard: the first player's first draw is still to come (it may be redrawn)."""
    redraw_allowed: bool
    last_drawn: Card
    last_turn: bool
    """The draw pile is spent and no biribaki can replace it: the hand ends with this turn."""
    no_going_out: bool
    """The seat took a one-card pile with one card in hand and may not go out this turn (closing condition)."""
    passes: int
    """Consecutive passes (the hand ends when every player has passed in turn)."""
    went_out: int
    """The seat that went out, or -1."""
    scores: tuple[int, ...]
    """Cumulative scores per seat before this hand (for the minimum initial meld)."""
    cut: int | None
    """The dealer's cut error when the rules score the cut (0: exact), else None."""

    # --- creation ------------------------------------------------------------------------

    def __init__(self) -> None:
        """An empty state, for :meth:`deal`, :meth:`clone` and sampling to fill in: not a hand yet."""

    @classmethod
    def deal(  # noqa: PLR0912, PLR0913, PLR0915
        cls,
        rules: Rules,
        dealer: int,
        deck: Sequence[Card] | None = None,
        seed: int | None = None,
        scores: Sequence[int] | None = None,
        cut: int | None = None,
    ) -> HandState:
        """Deal a hand from ``deck`` (listed top card first) or from a seeded shuffle (docs/rules.md, Packs and deals).

        ``scores`` are the cumulative scores per seat before the hand. ``cut`` is the dealer's cut
        error where the rules score it; a seeded deal draws it from the seed when it is not given.
        """
        players = rules.players
        if not 0 <= dealer < players:
            raise InvalidInputError(f"dealer {dealer} is not a seat of a {players}-player game")
        if (deck is None) == (seed is None):
            raise InvalidInputError("deal from exactly one of a deck or a seed")
        if deck is None:
            assert seed is not None
            cards = shuffled_pack(rules.decks, rules.jokers, seed)
        else:
            cards = _checked_deck(rules, deck)
        if cut is None and seed is not None and rules.scores_cut:
            cut = cut_error_for_seed(seed)
        if scores is not None and len(scores) != players:
            raise InvalidInputError(f"scores needs {players} entries, one per seat, not {len(scores)}")

        state = cls()
        state.rules = rules
        state.dealer = dealer
        state.hands = [[0] * N_CARD_TYPES for _ in range(players)]
        state.known = [[0] * N_CARD_TYPES for _ in range(players)]
        state.discarded = [() for _ in range(players)]
        dealt = [0] * players
        if rules.dealer_takes_bottom_wilds:
            _take_bottom_wilds(cards, state.hands[dealer], dealt, dealer, rules.hand_size)
        if rules.cutter_takes_bottom_wild and cards[-1] in WILD_CARDS:
            # Buraco: the cutter sees the bottom card of the cut and keeps it if wild, and is dealt one
            # card fewer (skipped once full, as the dealer with the Venezuelan wild cards).
            cutter = rules.cutter_seat(dealer)
            state.hands[cutter][cards.pop()] += 1
            dealt[cutter] += 1
        position = 0
        seat = (dealer + 1) % players
        while min(dealt) < rules.hand_size:
            if dealt[seat] < rules.hand_size:
                state.hands[seat][cards[position]] += 1
                dealt[seat] += 1
                position += 1
            seat = (seat + 1) % players
        state.hand_sizes = [rules.hand_size] * players
        state.biribakia = []
        for size in rules.packet_sizes:
            state.biribakia.append(cards[position : position + size])
            position += size
        if rules.upcard:
            state.upcard = cards[position]
            position += 1
            state.discard_pile = [state.upcard]
        else:
            state.upcard = NO_CARD
            state.discard_pile = []
        state.draw_pile = cards[position:][::-1]
        state.packets_used = 0
        if rules.partnerships == "fixed":
            state.seat_team = [seat % rules.teams for seat in range(players)]
        elif rules.partnerships == "none":
            state.seat_team = list(range(players))
        else:
            state.seat_team = [-1] * players
        state.melds = [[] for _ in range(rules.teams)]
        state.biribaki_holder = [-1] * rules.teams
        state.unplayed_biribaki = [False] * players
        state.current = (dealer + rules.first_player) % players
        state.phase = Phase.DRAW
        state.banned_discard = NO_CARD
        state.pile_obligation = None
        state.obligation_new_meld = False
        state.opening_turn = not rules.upcard
        state.redraw_allowed = False
        state.last_drawn = NO_CARD
        state.last_turn = False
        state.no_going_out = False
        state.passes = 0
        state.went_out = -1
        state.scores = tuple(scores) if scores is not None else (0,) * players
        state.cut = cut
        state.bonus_suit = None
        if rules.bonus_suit:
            state._settle_bonus_suit()
        return state

    def _settle_bonus_suit(self) -> None:
        """The bonus suit from the upcard, and what a Joker upcard means (``joker_upcard``)."""
        rule = self.rules.joker_upcard
        while self.upcard == JOKER and rule == "first-player-takes" and self.draw_pile:
            first = self.current
            self.hands[first][JOKER] += 1
            self.known[first][JOKER] += 1
            self.hand_sizes[first] += 1
            self.upcard = self.draw_pile.pop()
            self.discard_pile = [self.upcard]
        if self.upcard != JOKER:
            self.bonus_suit = suit_of(self.upcard)
        elif rule == "first-player-chooses":
            self.phase = Phase.CHOOSE

    def clone(self) -> HandState:
        """An independent copy (values shared where they are immutable)."""
        other = HandState()
        other.rules = self.rules
        other.dealer = self.dealer
        other.hands = [hand[:] for hand in self.hands]
        other.hand_sizes = self.hand_sizes[:]
        other.known = [known[:] for known in self.known]
        other.draw_pile = self.draw_pile[:]
        other.discard_pile = self.discard_pile[:]
        other.discarded = self.discarded[:]
        other.biribakia = self.biribakia  # packets are never mutated, only handed out
        other.packets_used = self.packets_used
        other.seat_team = self.seat_team[:]
        other.melds = [team[:] for team in self.melds]
        other.biribaki_holder = self.biribaki_holder[:]
        other.unplayed_biribaki = self.unplayed_biribaki[:]
        other.bonus_suit = self.bonus_suit
        other.upcard = self.upcard
        other.current = self.current
        other.phase = self.phase
        other.banned_discard = self.banned_discard
        other.pile_obligation = self.pile_obligation
        other.obligation_new_meld = self.obligation_new_meld
        other.opening_turn = self.opening_turn
        other.redraw_allowed = self.redraw_allowed
        other.last_drawn = self.last_drawn
        other.last_turn = self.last_turn
        other.no_going_out = self.no_going_out
        other.passes = self.passes
        other.went_out = self.went_out
        other.scores = self.scores
        other.cut = self.cut
        return other

    # --- simple queries --------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def teams_formed(self) -> bool:
        """Every seat has a team (always, but while formed partnerships are still to form)."""
        return self.seat_team[0] >= 0

    def team_of(self, seat: int) -> int:
        """The seat's team, or -1 while partnerships are still to be formed."""
        return self.seat_team[seat]

    def seats_of(self, team: int) -> list[int]:
        return [seat for seat, t in enumerate(self.seat_team) if t == team]

    def hand_size(self, seat: int) -> int:
        return self.hand_sizes[seat]

    def hand_cards(self, seat: int) -> list[Card]:
        """The cards of ``seat``'s hand in card order."""
        return cards_of(self.hands[seat])

    def team_has_biriba(self, team: int, clean: bool = False) -> bool:
        return any(m.shape.is_biriba and (m.shape.clean or not clean) for m in self.melds[team])

    def biribaki_status(self, team: int) -> BiribakiStatus:
        holder = self.biribaki_holder[team]
        if holder < 0:
            return BiribakiStatus.NOT_TAKEN
        return BiribakiStatus.TAKEN_UNPLAYED if self.unplayed_biribaki[holder] else BiribakiStatus.TAKEN

    def opening_minimum(self, seat: int) -> int:
        """The value the next meld action of ``seat``'s team must reach: 0 once the team has melded
        this hand, else the minimum initial meld for the seat's cumulative score."""
        team = self.seat_team[seat]
        if team >= 0 and self.melds[team]:
            return 0
        return self.rules.initial_meld_minimum(self.scores[seat])

    def must_open_whole(self, seat: int) -> bool:
        """The seat's next meld action must lay its whole hand, but for a card to discard: before
        formed partnerships form, or under ``whole_hand_opening`` until its team has melded."""
        team = self.seat_team[seat]
        return team < 0 or (self.rules.whole_hand_opening and not self.melds[team])

    def fingerprint(self) -> tuple[object, ...]:
        """Every field as plain values: two states are the same exactly when their fingerprints are equal."""
        return (
            self.rules,
            self.dealer,
            tuple(tuple(h) for h in self.hands),
            tuple(self.hand_sizes),
            tuple(tuple(k) for k in self.known),
            tuple(self.draw_pile),
            tuple(self.discard_pile),
            tuple(self.discarded),
            tuple(tuple(p) for p in self.biribakia),
            self.packets_used,
            tuple(self.seat_team),
            tuple(tuple(team) for team in self.melds),
            tuple(self.biribaki_holder),
            tuple(self.unplayed_biribaki),
            self.bonus_suit,
            self.upcard,
            self.current,
            self.phase,
            self.banned_discard,
            self.pile_obligation,
            self.obligation_new_meld,
            self.opening_turn,
            self.redraw_allowed,
            self.last_drawn,
            self.last_turn,
            self.no_going_out,
            self.passes,
            self.went_out,
            self.scores,
            self.cut,
        )

    # --- the rules of a turn: shared by legal_actions and apply ----------------------------

    def _playing_team(self, seat: int) -> int:
        """The team a play of ``seat`` is for: its own, or team 0 for the meld that forms partnerships
        (the lone player's team)."""
        team = self.seat_team[seat]
        return team if team >= 0 else 0

    def _new_meld(self, cards: MeldCards) -> TableMeld:
        """A new meld of cards known to be a valid meld, as it would lie on the table."""
        return TableMeld(cards, _shape(cards, self.rules), self._laid_whole(cards))

    def _laid_whole(self, cards: MeldCards) -> bool:
        """A new meld is a biriba "in hand" (laid at once as 7 cards or more), where the rules score those
        apart; elsewhere the distinction is not kept, so that every way to a position is the same."""
        return len(cards) >= 7 and self.rules.laid_whole_bonuses is not None

    def _can_take_biribaki(self, team: int, has_biriba: bool) -> bool:
        """A turn, rule 3(a): the team may take its biribaki by emptying a hand now."""
        return (
            self.biribaki_holder[team] < 0
            and self.packets_used < len(self.biribakia)
            and (has_biriba or not self.rules.packet_needs_biriba(self.packets_used))
        )

    def _can_go_out(self, team: int, has_biriba: bool, has_clean_biriba: bool) -> bool:
        """A turn, rule 3(b): the team holds its biribaki and the biriba going out needs."""
        needed = has_clean_biriba if self.rules.going_out_needs_clean_biriba else has_biriba
        return self.biribaki_holder[team] >= 0 and needed and not self.no_going_out

    def _keep_cards_refusal(  # noqa: PLR0911
        self, team: int, left: int, has_biriba: bool, has_clean_biriba: bool
    ) -> IllegalAction | None:
        """A turn, rule 3: the hand left after a meld or an extension."""
        if left >= 2:
            return None
        takes = self._can_take_biribaki(team, has_biriba)
        goes_out = self._can_go_out(team, has_biriba, has_clean_biriba)
        if left == 1:
            if takes or goes_out:
                return None
            if self.no_going_out:
                return IllegalAction("closing-condition")
            return IllegalAction("keep-two-cards", why=self._why_no_empty_hand(team, has_biriba, has_clean_biriba))
        if takes or (goes_out and self.rules.going_out_by_meld):
            return None
        if goes_out:
            return IllegalAction("keep-two-cards", "keep-a-card-to-go-out")
        return IllegalAction(
            "keep-two-cards", "no-last-card-melded", why=self._why_no_empty_hand(team, has_biriba, has_clean_biriba)
        )

    def _why_no_empty_hand(self, team: int, has_biriba: bool, has_clean_biriba: bool) -> str:
        """Why the team may neither take a biribaki nor go out by emptying a hand now: the real reason
        (a ``why.`` key of the catalogue) of the refusal of a play or a last discard."""
        if self.biribaki_holder[team] < 0:
            if self.packets_used >= len(self.biribakia):
                return "no-packet-left"
            return "biriba-for-biribaki"
        if self.rules.going_out_needs_clean_biriba and not has_clean_biriba:
            return "clean-biriba-all-dirty" if has_biriba else "clean-biriba-to-go-out"
        return "biriba-to-go-out"

    def _discard_refusal(self, card: Card) -> IllegalAction | DiscardOutcome:  # noqa: PLR0911
        seat = self.current
        if self.hands[seat][card] == 0:
            return IllegalAction("card-not-in-hand", cards=(card,))
        if card == self.banned_discard:
            return IllegalAction("single-card-pile", card=card)
        if self.pile_obligation is not None:
            if self.rules.take_pile_requires_top_card:  # the one card asked, named: the pile is closed
                (top,) = self.pile_obligation
                return IllegalAction("take-pile-requires-top-card", "meld-pile-top-card-first", card=top)
            return IllegalAction("take-pile-requires-meld", "meld-pile-card-first")
        if (
            card in WILD_CARDS
            and not self.rules.partner_wild_discard
            and self._partner_plays_next(seat)
            and any(self.hands[seat][c] for c in range(N_CARD_TYPES) if c not in WILD_CARDS)
        ):
            return IllegalAction("partner-wild-discard")
        if self.hand_sizes[seat] > 1:
            return DiscardOutcome.ENDS_HAND if self.last_turn else DiscardOutcome.NEXT_TURN
        team = self.seat_team[seat]
        if team >= 0:
            has_biriba = self.team_has_biriba(team)
            if self._can_take_biribaki(team, has_biriba):
                return DiscardOutcome.TAKES_BIRIBAKI
            if self._can_go_out(team, has_biriba, self.team_has_biriba(team, clean=True)):
                return DiscardOutcome.GOES_OUT
        if self.no_going_out:
            return IllegalAction("closing-condition")
        if team < 0:
            return IllegalAction("last-card", "last-card-before-partnerships")
        why = self._why_no_empty_hand(team, self.team_has_biriba(team), self.team_has_biriba(team, clean=True))
        return IllegalAction("last-card", why=why)

    def _partner_plays_next(self, seat: int) -> bool:
        team = self.seat_team[seat]
        return team >= 0 and self.seat_team[(seat + 1) % self.rules.players] == team

    def _take_pile_refusal(self) -> IllegalAction | None:
        if not self.discard_pile:
            return IllegalAction("discard-pile-empty")
        seat = self.current
        hand = self.hands[seat]
        if len(self.discard_pile) == 1:
            card = self.discard_pile[0]
            if self.hand_sizes[seat] == hand[card]:
                return IllegalAction("single-card-pile", "all-identical", card=card)
            if not self.rules.partner_wild_discard and self._partner_plays_next(seat):
                # The pile's card may not be discarded, nor a wild card for the partner: taking it must
                # leave some way to end the turn (a hand of that card and wild cards has none).
                after = self.clone()
                after._take_pile()
                if not after._has_play_action():
                    return IllegalAction("single-card-pile", "no-way-to-end", card=card)
        if self.rules.take_pile_requires_meld or self.rules.take_pile_requires_top_card:
            after = self.clone()
            after._take_pile()
            if not after._pile_card_meldable():
                if self.rules.take_pile_requires_top_card:
                    return IllegalAction("take-pile-requires-top-card")
                return IllegalAction("take-pile-requires-meld")
        return None

    def _play_refusal(self, action: Meld | Extend) -> IllegalAction | tuple[TableMeld, ...]:  # noqa: PLR0911
        """Check a meld or extension in full; on success, the team melds it produces."""
        seat = self.current
        team = self._playing_team(seat)
        hand = self.hands[seat]
        melds = self.rules.meld_rules
        used: list[Card] = []
        if isinstance(action, Meld):
            if not action.melds:
                return IllegalAction("meld-invalid", "meld.none")
            new: list[TableMeld] = []
            for given in action.melds:
                cards = canonical(given)
                shape = meld_shape(cards, melds)
                if shape is None:
                    why = invalid_reason(cards, melds)
                    return IllegalAction("meld-invalid", "not-a-meld", cards=cards, why=why.key, **why.facts)
                new.append(TableMeld(cards, shape, self._laid_whole(cards)))
                used.extend(cards)
            produced = tuple(new)
        else:
            team_melds = self.melds[team] if self.seat_team[seat] >= 0 else []
            if not 0 <= action.meld < len(team_melds):
                if not team_melds:
                    return IllegalAction("no-such-meld", "no-melds-yet")
                return IllegalAction("no-such-meld", meld=action.meld, melds=len(team_melds))
            if not action.cards:
                return IllegalAction("extend-invalid", "extend.none")
            old = team_melds[action.meld]
            result = extension_shape(old.cards, canonical(action.cards), melds)
            if isinstance(result, Refusal):
                return IllegalAction.of(result)
            produced = (TableMeld(canonical(old.cards + action.cards), result, old.laid_whole),)
            used.extend(action.cards)
        needed = counts_of(used)
        missing = [c for c in range(N_CARD_TYPES) if needed[c] > hand[c]]
        if missing:
            return IllegalAction("card-not-in-hand", cards=tuple(missing))
        refusal = self._after_play_refusal(action, produced, len(used), needed)
        return refusal if refusal is not None else produced

    def _after_play_refusal(  # noqa: PLR0911
        self, action: Meld | Extend, produced: tuple[TableMeld, ...], n_used: int, needed: list[int]
    ) -> IllegalAction | None:
        """The rules on what a meld or extension leaves: the opening, the minimum, wild-card melds, the
        cards kept, and a way to finish the turn."""
        seat = self.current
        team = self._playing_team(seat)
        left = self.hand_sizes[seat] - n_used
        if left > 1 and self.must_open_whole(seat):
            if self.seat_team[seat] < 0:
                return IllegalAction("whole-hand-opening", "before-partnerships")
            return IllegalAction("whole-hand-opening")
        minimum = self.opening_minimum(seat)
        if minimum and isinstance(action, Meld):
            value = sum(self.rules.value_of(cards) for cards in action.melds)
            if value < minimum:
                return IllegalAction("initial-meld-minimum", minimum=minimum, value=value)
        if self.rules.wild_melds and self._breaks_wild_meld_first(action, produced):
            return IllegalAction("wild-meld-first")
        melds_after = self._team_melds_after(action, produced)
        has_biriba = any(m.shape.is_biriba for m in melds_after)
        has_clean = any(m.shape.is_biriba and m.shape.clean for m in melds_after)
        refusal = self._keep_cards_refusal(team, left, has_biriba, has_clean)
        if refusal is not None:
            return refusal
        if self._may_leave_no_way_to_finish(action, left, needed):
            after = self.clone()
            after._play(action, produced)
            if not after.is_over and not after._has_play_action():
                return IllegalAction("keep-a-discard")
        return None

    def _team_melds_after(self, action: Meld | Extend, produced: tuple[TableMeld, ...]) -> list[TableMeld]:
        """The acting team's melds as ``action`` would leave them."""
        seat = self.current
        after = list(self.melds[self._playing_team(seat)]) if self.seat_team[seat] >= 0 else []
        if isinstance(action, Meld):
            return after + list(produced)
        after[action.meld] = produced[0]
        return after

    def _breaks_wild_meld_first(self, action: Meld | Extend, produced: tuple[TableMeld, ...]) -> bool:
        """While a team's meld of wild cards is shorter than a biriba, its Jokers and Twos go to that meld
        only: not into another meld, not into a second meld of wild cards (the Venezuelan rule of
        ``wild_melds``)."""
        after = self._team_melds_after(action, produced)
        unfinished = sum(1 for m in after if m.shape.kind == WILD and not m.shape.is_biriba)
        if unfinished == 0:
            return False
        if unfinished > 1:
            return True
        if isinstance(action, Meld):
            return any(m.shape.kind != WILD and any(c in WILD_CARDS for c in m.cards) for m in produced)
        return produced[0].shape.kind != WILD and any(c in WILD_CARDS for c in action.cards)

    def _settles_obligation(self, action: Meld | Extend) -> bool:
        """Whether ``action`` melds a pile card still owed, so that none is owed after it (an extension does
        not, where the card must go to a new meld)."""
        obligation = self.pile_obligation
        if obligation is None:
            return False
        if isinstance(action, Extend):
            return not self.obligation_new_meld and not obligation.isdisjoint(action.cards)
        return any(not obligation.isdisjoint(cards) for cards in action.melds)

    def _may_leave_no_way_to_finish(self, action: Meld | Extend, left: int, needed: list[int]) -> bool:
        """Cheap test for the rare cases where a meld could leave a turn that cannot end."""
        obligation = self.pile_obligation
        # A play that leaves a pile card still to meld must leave a way to meld it. One that melds it (as
        # :meth:`_play` counts it) leaves the turn as if no pile card had been owed, but for the last card,
        # whose discard has rules of its own.
        still_owed = obligation is not None and not self._settles_obligation(action)
        if left == 0:
            # The biribaki is taken (a new hand, which must then meld a card still owed), or the player
            # goes out.
            return still_owed
        if obligation is not None and (left == 1 or still_owed):
            return True
        if self.banned_discard != NO_CARD:
            hand = self.hands[self.current]
            banned_left = hand[self.banned_discard] - needed[self.banned_discard]
            if banned_left == left:
                return True
        # Both restrictions can hold at once: a one-card pile's card and wild cards kept for a partner.
        return not self.rules.partner_wild_discard and self._partner_plays_next(self.current)

    # --- legal actions (biriba.core.listing) ----------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current seat, of the kinds the engine enumerates.

        Draw, take the pile, pass, redraw, choose a bonus suit and discard are listed in full. New
        melds are listed as single melds of three cards and extensions as single cards, plus the few
        plays no sequence of those reaches (``docs/rules.md``, "Legal actions"): every other meld
        action is reachable as a sequence of listed actions, and ``apply`` accepts it too.
        """
        return listing.legal_actions(self)

    def _has_play_action(self) -> bool:
        """Whether the turn can still end: by a discard, or, with a pile card still to meld, by melding one."""
        return listing.has_play_action(self)

    def _pile_card_meldable(self) -> bool:
        """With a pile card still to meld: a meld or an extension of any size that uses one is legal now."""
        return listing.pile_card_meldable(self)

    # --- applying actions ------------------------------------------------------------------

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` if ``action`` is not legal now; change nothing."""
        verdict = self._verdict(action)
        if isinstance(verdict, IllegalAction):
            raise verdict

    def apply(self, action: Action) -> None:
        """Validate ``action`` and play it. An illegal action raises and changes nothing."""
        verdict = self._verdict(action)
        if isinstance(verdict, IllegalAction):
            raise verdict
        self._execute(action, verdict)

    def _verdict(self, action: Action) -> IllegalAction | Plan:
        """The rule ``action`` breaks, or what validating it found that executing it uses (the melds it
        lays, how a discard ends the turn), so that ``apply`` works each of them out once."""
        refusal = self._turn_refusal(action)
        if refusal is not None:
            return refusal
        match action:
            case TakePile():
                return self._take_pile_refusal()
            case Discard(_, card):
                return self._discard_refusal(card) if 0 <= card < N_CARD_TYPES else IllegalAction(*NOT_A_CARD)
            case Meld() | Extend():
                laid = action.melds if isinstance(action, Meld) else (action.cards,)
                if any(not 0 <= c < N_CARD_TYPES for cards in laid for c in cards):
                    return IllegalAction(*NOT_A_CARD)
                return self._play_refusal(action)
        return None  # a bonus suit chosen, a draw, a pass or a redraw: the turn's checks were all

    def _turn_refusal(self, action: Action) -> IllegalAction | None:  # noqa: PLR0911, PLR0912
        """Whether ``action`` may be made now at all: the hand goes on, it is the seat's turn, and the
        action belongs to the phase of the turn (with the piles it needs)."""
        if self.phase is Phase.OVER:
            return IllegalAction("hand-over")
        if action.seat != self.current:
            return IllegalAction("not-your-turn", seat=self.current, acting=action.seat)
        if self.phase is Phase.CHOOSE:
            if not isinstance(action, ChooseBonusSuit):
                return IllegalAction("choose-bonus-suit-first")
            if action.suit is not None and not 0 <= action.suit < 4:
                return IllegalAction("choose-bonus-suit-first", "not-a-suit")
            return None
        match action:
            case ChooseBonusSuit():
                return IllegalAction("no-bonus-suit-choice")
            case Draw() | TakePile() | Pass() if self.phase is not Phase.DRAW:
                return IllegalAction("one-draw-per-turn")
            case Meld() | Extend() | Discard() | Redraw() if self.phase is not Phase.PLAY:
                if not self.draw_pile:  # the turn then starts by taking the pile or passing
                    return IllegalAction("draw-first", "draw-first.empty-draw-pile")
                return IllegalAction("draw-first")
            case Draw() if not self.draw_pile:
                return IllegalAction("draw-pile-empty")
            case Pass() if self.draw_pile:
                return IllegalAction("pass-only-when-draw-pile-empty")
            case Redraw() if not self.redraw_allowed:
                return IllegalAction("no-redraw")
            case Redraw() if not self.draw_pile:
                return IllegalAction("draw-pile-empty", "draw-pile-empty.redraw")
        return None

    def _execute(self, action: Action, verdict: Plan) -> None:  # noqa: PLR0912, PLR0915
        match action:
            case ChooseBonusSuit(_, suit):
                self.bonus_suit = suit
                self.phase = Phase.DRAW
            case Draw(seat):
                self._begin_turn(seat)
                self._draw(seat)
                self.passes = 0
                self.phase = Phase.PLAY
                if self.opening_turn:
                    self.opening_turn = False
                    self.redraw_allowed = True
            case Redraw(seat):
                self.redraw_allowed = False
                card = self.last_drawn
                self.hands[seat][card] -= 1
                self.hand_sizes[seat] -= 1
                self.discard_pile.append(card)
                self.discarded[seat] += (card,)
                self._draw(seat)
            case TakePile(seat):
                self._begin_turn(seat)
                self._take_pile()
            case Pass(seat):
                self._begin_turn(seat)
                self.passes += 1
                if self.passes >= self.rules.players:
                    self.phase = Phase.OVER
                else:
                    self._next_turn()
            case Meld() | Extend():
                assert isinstance(verdict, tuple)
                self._play(action, verdict)
            case Discard(seat, card):
                assert isinstance(verdict, DiscardOutcome)
                self.redraw_allowed = False
                self.hands[seat][card] -= 1
                self.hand_sizes[seat] -= 1
                if self.known[seat][card]:
                    self.known[seat][card] -= 1
                self.discard_pile.append(card)
                self.discarded[seat] += (card,)
                if verdict is DiscardOutcome.GOES_OUT:
                    self.went_out = seat
                    self.phase = Phase.OVER
                    return
                if verdict is DiscardOutcome.ENDS_HAND:
                    self.phase = Phase.OVER
                    return
                if verdict is DiscardOutcome.TAKES_BIRIBAKI:
                    self._take_biribaki(seat)
                    self.unplayed_biribaki[seat] = True
                    if self.last_turn:  # the hand ends with this turn: the packet is never played
                        self.phase = Phase.OVER
                        return
                self._next_turn()

    def _begin_turn(self, seat: int) -> None:
        self.unplayed_biribaki[seat] = False

    def _draw(self, seat: int) -> None:
        card = self.draw_pile.pop()
        self.hands[seat][card] += 1
        self.hand_sizes[seat] += 1
        self.last_drawn = card
        if self.draw_pile:
            return
        rule = self.rules.end_of_draw_pile
        if rule == "last-draw":
            self.last_turn = True
        elif rule == "packets-then-end":
            if self.packets_used < len(self.biribakia):
                self.draw_pile = self.biribakia[self.packets_used][::-1]
                self.packets_used += 1
            else:
                self.last_turn = True

    def _take_pile(self) -> None:
        seat = self.current
        pile = self.discard_pile
        hand = self.hands[seat]
        known = self.known[seat]
        if self.hand_sizes[seat] == 1 and len(pile) == 1 and not self.rules.going_out_after_one_card_pile:
            self.no_going_out = True
        for card in pile:
            hand[card] += 1
            known[card] += 1
        self.hand_sizes[seat] += len(pile)
        self.banned_discard = pile[0] if len(pile) == 1 else NO_CARD
        if self.rules.take_pile_requires_top_card:
            self.pile_obligation = frozenset((pile[-1],))
            self.obligation_new_meld = pile[-1] in WILD_CARDS
        elif self.rules.take_pile_requires_meld:
            self.pile_obligation = frozenset(pile)
        self.discard_pile = []
        self.passes = 0
        self.phase = Phase.PLAY

    def _play(self, action: Meld | Extend, produced: tuple[TableMeld, ...]) -> None:
        seat = self.current
        if self.seat_team[seat] < 0:
            self._form_teams(seat)
        team = self.seat_team[seat]
        hand = self.hands[seat]
        known = self.known[seat]
        cards_used = [c for m in action.melds for c in m] if isinstance(action, Meld) else list(action.cards)
        for card in cards_used:
            hand[card] -= 1
            if known[card]:
                known[card] -= 1
        self.hand_sizes[seat] -= len(cards_used)
        self.redraw_allowed = False
        if isinstance(action, Meld):
            self.melds[team].extend(produced)
        else:
            self.melds[team][action.meld] = produced[0]
        if self._settles_obligation(action):
            self.pile_obligation = None
            self.obligation_new_meld = False
        if self.hand_sizes[seat] == 0:
            if self._can_take_biribaki(team, self.team_has_biriba(team)):
                self._take_biribaki(seat)
            else:  # going out by melding the last card (verdicts allow nothing else)
                self.went_out = seat
                self.phase = Phase.OVER

    def _form_teams(self, lone: int) -> None:
        """The first meld of a formed-partnership hand: its player plays alone (team 0); the others pair
        up, alternate seats together (docs/rules.md, Formats)."""
        players = self.rules.players
        for offset in range(players):
            seat = (lone + offset) % players
            self.seat_team[seat] = 0 if offset == 0 else 1 + (offset - 1) % (self.rules.teams - 1)

    def _take_biribaki(self, seat: int) -> None:
        packet = self.biribakia[self.packets_used]
        self.packets_used += 1
        self.biribaki_holder[self.seat_team[seat]] = seat
        hand = self.hands[seat]
        for card in packet:
            hand[card] += 1
        self.hand_sizes[seat] += len(packet)

    def _next_turn(self) -> None:
        self.current = (self.current + 1) % self.rules.players
        self.phase = Phase.DRAW
        self.banned_discard = NO_CARD
        self.pile_obligation = None
        self.obligation_new_meld = False
        self.no_going_out = False

    # --- the end of the hand ------------------------------------------------------------

    def hand_score(self) -> HandScore:
        """Every team's score for this hand and what each seat scores (docs/rules.md, Scoring). The hand need
        not be over (for previews). Before formed partnerships form, every player scores alone."""
        rules = self.rules
        if self.teams_formed:
            units = [self.seats_of(team) for team in range(rules.teams)]
        else:
            units = [[seat] for seat in range(rules.players)]
        none_taken = self.packets_used == 0 or all(holder < 0 for holder in self.biribaki_holder)
        team_scores: list[TeamScore] = []
        for unit, seats in enumerate(units):
            team = unit if self.teams_formed else -1
            melds = self.melds[team] if team >= 0 else []
            team_scores.append(
                score_team(
                    rules,
                    self.bonus_suit,
                    [m.cards for m in melds],
                    [self.hand_cards(seat) for seat in seats if not self.unplayed_biribaki[seat]],
                    self.biribaki_status(team) if team >= 0 else BiribakiStatus.NOT_TAKEN,
                    went_out=self.went_out in seats,
                    laid_whole=[m.laid_whole for m in melds],
                    none_taken=none_taken,
                    cut=self.cut if self.rules.cutter_seat(self.dealer) in seats else None,
                )
            )
        return HandScore.of(rules, [tuple(seats) for seats in units], team_scores)

    def team_scores_for_hand(self) -> list[TeamScore]:
        """Each scoring unit's score for this hand (teams; players, before partnerships form)."""
        return list(self.hand_score().team_scores)

    def all_cards(self) -> Iterator[Card]:
        """Every card of the pack wherever it is (for conservation checks)."""
        for seat in range(self.rules.players):
            yield from self.hand_cards(seat)
        yield from self.draw_pile
        yield from self.discard_pile
        for packet in self.biribakia[self.packets_used :]:
            yield from packet
        for team in self.melds:
            for meld in team:
                yield from meld.cards


def _checked_deck(rules: Rules, deck: Sequence[Card]) -> list[Card]:
    cards = list(deck)
    strays = [c for c in cards if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < N_CARD_TYPES]
    if strays:
        raise InvalidInputError(f"the deck holds values that are not cards: {strays[:8]!r}")
    expected = counts_of(pack(rules.decks, rules.jokers))
    got = counts_of(cards)
    if got != expected:
        wrong = [
            f"{card_code(c)} x{got[c]} (expected {expected[c]})" for c in range(N_CARD_TYPES) if got[c] != expected[c]
        ]
        raise InvalidInputError(
            f"the deck must be exactly the {sum(expected)}-card pack of "
            f"{rules.decks} decks and {rules.jokers} Jokers; wrong counts: {', '.join(wrong[:8])}"
        )
    return cards


def _take_bottom_wilds(cards: list[Card], hand: list[int], dealt: list[int], dealer: int, hand_size: int) -> None:
    """The Venezuelan dealer looks at the bottom three cards of the deck and takes the Jokers and Twos
    among them into the hand, again until none of the bottom three is wild (or the hand is full)."""
    while dealt[dealer] < hand_size:
        bottom = cards[-3:]
        wild = [c for c in bottom if c in WILD_CARDS][: hand_size - dealt[dealer]]
        if not wild:
            return
        for card in wild:
            index = len(cards) - 1 - cards[::-1].index(card)
            del cards[index]
            hand[card] += 1
            dealt[dealer] += 1


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(card_code(c) for c in cards)


def _shape(cards: MeldCards, rules: Rules) -> MeldShape:
    """The shape of cards known to be a valid meld."""
    shape = meld_shape(cards, rules.meld_rules)
    assert shape is not None
    return shape


# The listing needs the state's types; the state asks the listing for its actions. Imported last, when
# every name the listing takes from here exists.
from biriba.core import listing  # noqa: E402
