"""Bura players: ``random`` and ``heuristic`` (docs/bura.md, Bots).

Like every player here, a bot sees only its seat's view. A Bura player's won cards lie face down, so the
heuristic player keeps count itself of the tricks it has seen (``view.last_trick`` after each one, as a
player at the table remembers them): it forgets nothing and declares 31 exactly when it has them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from biriba.core.cards import Card, suit_of
from biriba.games.bura.game import (
    BURA,
    DECLARE_POINTS,
    Answer,
    BuraAction,
    BuraRules,
    BuraState,
    BuraView,
    Claim,
    Declare,
    Lead,
    Pass,
    answer_wins,
    card_points,
    combination,
    observe,
    points,
    strength,
)


class RandomBuraBot:
    """A uniformly random legal action, but never a declaration (a random one is almost always wrong)."""

    name = "random"

    def choose(self, view: BuraView, legal: Sequence[BuraAction], rng: random.Random) -> BuraAction:
        playable: list[BuraAction] = [action for action in legal if not isinstance(action, Declare)] or list(legal)
        return rng.choice(playable)


class HeuristicBuraBot:
    """Counts its tricks, declares at 31, leads a bura at once, takes tricks worth taking as cheaply as it
    can and gives away as little as it must."""

    name = "heuristic"

    def __init__(self) -> None:
        self._counted = 0
        self._points = 0
        self._deal: tuple[int, Card] | None = None

    def remembered_points(self, view: BuraView) -> int:
        """The points of the tricks this seat won, as it counted them."""
        deal = (view.dealer, view.trump_card)
        if deal != self._deal or view.tricks_played < self._counted:
            self._deal, self._counted, self._points = deal, 0, 0  # a new hand
        trick = view.last_trick
        if trick is not None and view.tricks_played > self._counted:
            if trick.winner == view.seat:
                self._points += points((*trick.led, *trick.answer))
            self._counted = view.tricks_played
        return self._points

    def choose(self, view: BuraView, legal: Sequence[BuraAction], rng: random.Random) -> BuraAction:
        if Declare(view.seat) in legal and self.remembered_points(view) >= DECLARE_POINTS:
            return Declare(view.seat)
        self.remembered_points(view)
        if Claim(view.seat) in legal:
            return Claim(view.seat)
        if Pass(view.seat) in legal:
            return Pass(view.seat)
        answers = [action for action in legal if isinstance(action, Answer)]
        if answers:
            return self._answer(view, answers)
        leads = [action for action in legal if isinstance(action, Lead)]
        return self._lead(view, leads)

    def _lead(self, view: BuraView, leads: list[Lead]) -> Lead:
        trump = view.trump
        for lead in leads:
            if len(lead.cards) == len(view.hand) == 3 and combination(lead.cards, trump) is not None:
                return lead  # a bura wins the hand if it holds; three aces or a molodka are hard to beat
        # Otherwise the cheapest single card: no trump, few points, low.
        singles = [lead for lead in leads if len(lead.cards) == 1] or leads
        return min(singles, key=_by_cost(trump))

    def _answer(self, view: BuraView, answers: list[Answer]) -> Answer:
        trump, led = view.trump, view.trick
        by_cost = _by_cost(trump)
        cheapest = min(answers, key=by_cost)
        winning = [answer for answer in answers if answer_wins(answer.cards, led, trump)]
        if not winning:
            return cheapest
        best = min(winning, key=by_cost)
        # Take the trick when it holds points, when a bura is led (it would win the hand), or when taking
        # it costs little more than giving it away.
        worth_it = points(led) > 0 or combination(led, trump) == BURA
        if worth_it or _cost(best.cards, trump) <= _cost(cheapest.cards, trump) + CHEAP_WIN:
            return best
        return cheapest


CHEAP_WIN = 6
"""Taking an empty trick is worth this much of the cost of the cards spent (the lead comes with it)."""


def _cost(cards: tuple[Card, ...], trump: int) -> int:
    """What giving up ``cards`` costs: their points, the trumps kept for later, and their height."""
    return sum(card_points(card) + (20 if suit_of(card) == trump else 0) + strength(card) for card in cards)


def _by_cost(trump: int) -> Callable[[Lead | Answer], tuple[int, tuple[Card, ...]]]:
    return lambda action: (_cost(action.cards, trump), action.cards)


BuraBot = RandomBuraBot | HeuristicBuraBot
BOTS: dict[str, type[BuraBot]] = {"random": RandomBuraBot, "heuristic": HeuristicBuraBot}
"""The Bura players by name, weakest first."""


def play_hand(state: BuraState, bots: Sequence[BuraBot], seed: int) -> None:
    """Play ``state`` to its end, each seat drawing from its own generator."""
    rngs = [random.Random(f"bura-seat:{seed}:{seat}") for seat in range(2)]
    while not state.is_over:
        seat = state.current
        state.apply(bots[seat].choose(observe(state, seat), state.legal_actions(), rngs[seat]))


def duplicate_deal(x: str, y: str, seed: int, rules: BuraRules | None = None) -> int:
    """Deal ``seed`` played twice, bot ``x`` in seat 0 then in seat 1: the hands ``x`` won less the hands it
    lost (a wrong declaration loses the hand), from -2 to 2."""
    total = 0
    for x_seat in (0, 1):
        state = BuraState.deal(rules or BuraRules(), seed % 2, seed=seed)
        bots = [BOTS[y](), BOTS[y]()]
        bots[x_seat] = BOTS[x]()
        play_hand(state, bots, seed)
        result = state.result
        assert result is not None
        loser = result.declarer if result.how == "wrong-declaration" else None
        if result.winner is not None:
            loser = 1 - result.winner
        total += 0 if loser is None else (-1 if loser == x_seat else 1)
    return total
