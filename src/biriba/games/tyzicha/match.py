"""A match of Tyzicha: hands until a declarer reaches 1,001 (docs/tyzicha.md, The match).

Every player starts at 0. After each hand every score changes by the hand's result; a player who was not
the declarer is held at 1,000 (one below ``rules.target``), so a match is won only by making a contract.
Scores may go below zero. The deal passes to the left (seat ``k`` to seat ``k + 1``).
"""

from __future__ import annotations

from biriba.core.cards import Card
from biriba.core.errors import InvalidInputError
from biriba.games.tyzicha.game import PLAYERS, HandResult, TyzichaRules, TyzichaState, left_of


def settle(scores: tuple[int, ...], result: HandResult, rules: TyzichaRules) -> tuple[int, int, int]:
    """The scores after ``result``: each seat's change added, and a seat that was not the declarer held
    at the cap (1,000) whatever it would have reached."""
    after = [score + change for score, change in zip(scores, result.scores, strict=True)]
    for seat in range(PLAYERS):
        if seat != result.declarer:
            after[seat] = min(after[seat], max(scores[seat], rules.cap))
    return after[0], after[1], after[2]


class TyzichaMatch:
    """The scores and the dealer from hand to hand."""

    def __init__(self, rules: TyzichaRules, first_dealer: int = 0) -> None:
        if first_dealer not in range(PLAYERS):
            raise InvalidInputError(f"dealer {first_dealer} is not a seat of a 3-player game")
        self.rules = rules
        self.dealer = first_dealer
        self.scores: tuple[int, int, int] = (0, 0, 0)
        self.results: list[HandResult] = []
        self.totals: list[tuple[int, int, int]] = []
        """The scores after each hand, in order: the score sheet."""
        self.hand: TyzichaState | None = None

    @property
    def is_over(self) -> bool:
        """No hand in play and a player has reached the target."""
        return self.hand is None and max(self.scores) >= self.rules.target

    @property
    def winner(self) -> int | None:
        """The player who reached the target (only a declarer can: the others are held below it)."""
        if not self.is_over:
            return None
        return max(range(PLAYERS), key=lambda seat: self.scores[seat])

    def start_hand(self, seed: int | None = None, deck: list[Card] | None = None) -> TyzichaState:
        if self.hand is not None:
            raise InvalidInputError("a hand is still being played")
        if self.is_over:
            raise InvalidInputError("the match is over: a player has reached the target")
        self.hand = TyzichaState.deal(self.rules, self.dealer, seed, deck)
        return self.hand

    def finish_hand(self) -> HandResult:
        """Settle the hand just played into the scores and pass the deal to the left."""
        hand = self.hand
        if hand is None or hand.result is None:
            raise InvalidInputError("no finished hand to settle")
        result = hand.result
        self.scores = settle(self.scores, result, self.rules)
        self.results.append(result)
        self.totals.append(self.scores)
        self.dealer = left_of(self.dealer)
        self.hand = None
        return result
