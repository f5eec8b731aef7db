"""A match: hands until a side's total reaches the target (docs/rules.md, Scoring and Formats).

The dealer moves one seat on after each hand; the higher total wins; a tie at the top plays another
hand. Totals are kept per seat, so that standings stay right where teams change from hand to hand
(formed partnerships); a side is a fixed partnership, or a player everywhere else.

>>> from biriba.core.rules import Rules
>>> match = Match(Rules.from_preset("standard", target=100), first_dealer=0)
>>> hand = match.start_hand(seed=1)
>>> hand.dealer, match.is_over, match.sides
(0, False, ((0, 2), (1, 3)))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from biriba.core.cards import Card
from biriba.core.errors import InvalidInputError
from biriba.core.rules import Rules
from biriba.core.scoring import HandScore
from biriba.core.state import HandState


@dataclass(frozen=True, slots=True)
class HandResult:
    """One finished hand of a match."""

    dealer: int
    score: HandScore
    went_out: int
    """The seat that went out, or -1 when the hand ended otherwise."""


class Match:
    """Cumulative scores over hands, the dealer rotation and the end of the match."""

    def __init__(self, rules: Rules, first_dealer: int = 0) -> None:
        if not 0 <= first_dealer < rules.players:
            raise InvalidInputError(f"dealer {first_dealer} is not a seat of a {rules.players}-player game")
        self.rules = rules
        self.first_dealer = first_dealer
        self.totals = [0] * rules.players
        """Cumulative score per seat."""
        self.results: list[HandResult] = []
        self.hand: HandState | None = None

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Who wins together: the fixed partnerships, or each player."""
        players = self.rules.players
        if self.rules.partnerships == "fixed":
            teams = self.rules.teams
            return tuple(tuple(range(team, players, teams)) for team in range(teams))
        return tuple((seat,) for seat in range(players))

    @property
    def side_totals(self) -> list[int]:
        """Each side's total (partners of a fixed partnership share theirs)."""
        return [self.totals[seats[0]] for seats in self.sides]

    @property
    def next_dealer(self) -> int:
        return (self.first_dealer + len(self.results)) % self.rules.players

    @property
    def is_over(self) -> bool:
        """A side has reached the target (``target_rule``) and is alone at the top."""
        totals = self.side_totals
        best = max(totals)
        return any(self.rules.target_reached(total) for total in totals) and totals.count(best) == 1

    @property
    def winner(self) -> int | None:
        """The winning side (an index of :attr:`sides`), once the match is over."""
        totals = self.side_totals
        return totals.index(max(totals)) if self.is_over else None

    def start_hand(
        self, deck: Sequence[Card] | None = None, seed: int | None = None, cut: int | None = None
    ) -> HandState:
        """Deal the next hand."""
        if self.is_over:
            raise InvalidInputError("the match is over")
        if self.hand is not None and not self.hand.is_over:
            raise InvalidInputError("the current hand is not over")
        if self.hand is not None:
            self.finish_hand()
        self.hand = HandState.deal(self.rules, self.next_dealer, deck=deck, seed=seed, scores=self.totals, cut=cut)
        return self.hand

    def finish_hand(self) -> HandResult:
        """Score the finished current hand into the totals."""
        hand = self.hand
        if hand is None or not hand.is_over:
            raise InvalidInputError("there is no finished hand to score")
        result = self.add_score(hand.hand_score(), hand.went_out, hand.dealer)
        self.hand = None
        return result

    def add_score(self, score: HandScore, went_out: int = -1, dealer: int | None = None) -> HandResult:
        """A hand scored into the totals: the one just played, or one played with real cards and scored
        from its sheet (``biriba score``), dealt by the match's next dealer unless ``dealer`` says."""
        if self.is_over:
            raise InvalidInputError("the match is over")
        for seat, points in enumerate(score.seat_scores):
            self.totals[seat] += points
        result = HandResult(self.next_dealer if dealer is None else dealer, score, went_out)
        self.results.append(result)
        return result
