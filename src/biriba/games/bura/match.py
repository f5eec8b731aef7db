"""A match of Bura: hands until a player cannot ante (docs/bura.md, The match).

Each player starts with ``rules.tokens``. Before every hand both put ``rules.ante`` into the pot; the
winner of a hand takes the whole pot; a wrong declaration pays the pot's amount in (at most what its
player holds); a drawn hand leaves the pot for the next, where both ante again. The deal alternates.
The match ends when a player cannot ante: the other wins it. If neither can (a drawn hand that leaves
each a token short), the next hand is played for the pot as it stands, without antes, until one wins it.
"""

from __future__ import annotations

from biriba.core.cards import Card
from biriba.core.errors import InvalidInputError
from biriba.games.bura.game import BuraRules, BuraState, HandResult, Stakes


def settlement(hand: BuraState) -> tuple[tuple[int, int], int]:
    """What each player holds and what the pot keeps once the finished ``hand`` is settled: the whole pot to
    its winner, or left for the next hand."""
    if hand.result is None:
        raise InvalidInputError("no finished hand to settle")
    tokens, pot = list(hand.tokens), hand.pot
    if hand.result.winner is not None:
        tokens[hand.result.winner] += pot
        pot = 0
    return (tokens[0], tokens[1]), pot


class BuraMatch:
    """Tokens, the pot and the dealer from hand to hand."""

    def __init__(self, rules: BuraRules, first_dealer: int = 0) -> None:
        if first_dealer not in (0, 1):
            raise InvalidInputError(f"dealer {first_dealer} is not a seat of a 2-player game")
        self.rules = rules
        self.dealer = first_dealer
        self.tokens = [rules.tokens, rules.tokens]
        self.pot = 0
        self.results: list[HandResult] = []
        self.hand: BuraState | None = None

    @property
    def is_over(self) -> bool:
        """No hand in play, and one player cannot ante while the other can."""
        ante = self.rules.ante
        return self.hand is None and min(self.tokens) < ante <= max(self.tokens)

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        return 0 if self.tokens[0] >= self.rules.ante else 1

    def start_hand(self, seed: int | None = None, deck: list[Card] | None = None) -> BuraState:
        if self.hand is not None:
            raise InvalidInputError("a hand is still being played")
        if self.is_over:
            raise InvalidInputError("the match is over: a player cannot ante")
        ante = self.rules.ante if max(self.tokens) >= self.rules.ante else 0  # neither can: the pot as it stands
        self.tokens = [held - ante for held in self.tokens]
        self.pot += 2 * ante
        stakes = Stakes(self.pot, (self.tokens[0], self.tokens[1]))
        self.hand = BuraState.deal(self.rules, self.dealer, seed, deck, stakes)
        return self.hand

    def finish_hand(self) -> HandResult:
        """Settle the hand just played: the pot to its winner, or left for the next hand."""
        hand = self.hand
        if hand is None or hand.result is None:
            raise InvalidInputError("no finished hand to settle")
        result = hand.result
        tokens, self.pot = settlement(hand)
        self.tokens = list(tokens)
        self.results.append(result)
        self.dealer = 1 - self.dealer
        self.hand = None
        return result
