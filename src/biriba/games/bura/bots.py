"""Bura players: ``random``, ``heuristic`` and ``search`` (docs/bura.md, Bots), and hints with reasons.

Like every player here, a bot sees only its seat's view. A Bura player's won cards lie face down, so the
heuristic player keeps count itself of the tricks it has seen (``view.last_trick`` after each one, as a
player at the table remembers them): it forgets nothing and declares 31 exactly when it has them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from biriba.core.cards import Card, suit_of
from biriba.games.bura.game import (
    BURA,
    DECLARE_POINTS,
    HAND_SIZE,
    PACK,
    Answer,
    BuraAction,
    BuraState,
    BuraView,
    Claim,
    Declare,
    Lead,
    Pass,
    Phase,
    Trick,
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


class TrickMemory:
    """The tricks of the hand in play, remembered one by one as the views show them (``last_trick``), as a
    player at the table remembers the tricks taken: won piles lie face down, but everyone saw them played."""

    def __init__(self) -> None:
        self.tricks: list[Trick] = []
        self._deal: tuple[int, Card] | None = None

    @classmethod
    def of(cls, view: BuraView, tricks: Sequence[Trick]) -> TrickMemory:
        """The memory of a player who saw ``tricks``, the hand's tricks so far, up to ``view``."""
        memory = cls()
        memory._deal, memory.tricks = (view.dealer, view.trump_card), list(tricks)
        return memory

    def update(self, view: BuraView) -> None:
        deal = (view.dealer, view.trump_card)
        if deal != self._deal or view.tricks_played < len(self.tricks):
            self._deal, self.tricks = deal, []  # a new hand
        if view.last_trick is not None and view.tricks_played == len(self.tricks) + 1:
            self.tricks.append(view.last_trick)

    def won(self, seat: int) -> list[Card]:
        return [card for trick in self.tricks if trick.winner == seat for card in (*trick.led, *trick.answer)]

    def points(self, seat: int) -> int:
        """The points ``seat`` has won, as counted."""
        return points(self.won(seat))

    def declaration(self, view: BuraView, legal: Sequence[BuraAction]) -> Declare | None:
        """The declaration of 31, when it may be made now and the tricks counted reach it."""
        declare = Declare(view.seat)
        return declare if declare in legal and self.points(view.seat) >= DECLARE_POINTS else None


class HeuristicBuraBot:
    """Counts its tricks, declares at 31, leads a bura at once, takes tricks worth taking as cheaply as it
    can and gives away as little as it must."""

    name = "heuristic"

    def __init__(self) -> None:
        self.memory = TrickMemory()

    def choose(self, view: BuraView, legal: Sequence[BuraAction], rng: random.Random) -> BuraAction:
        self.memory.update(view)
        return self.memory.declaration(view, legal) or play(view, legal)


def play(view: BuraView, legal: Sequence[BuraAction]) -> BuraAction:
    """The heuristic's move other than a declaration: claim with any combination, pass a last call, and
    lead or answer as cheaply as a trick worth taking allows."""
    if Claim(view.seat) in legal:
        return Claim(view.seat)
    if Pass(view.seat) in legal:
        return Pass(view.seat)
    answers = [action for action in legal if isinstance(action, Answer)]
    if answers:
        return _answer(view, answers)
    return _lead(view, [action for action in legal if isinstance(action, Lead)])


def _lead(view: BuraView, leads: list[Lead]) -> Lead:
    trump = view.trump
    for lead in leads:
        if len(lead.cards) == len(view.hand) == HAND_SIZE and combination(lead.cards, trump) is not None:
            return lead  # a bura wins the hand if it holds; three aces or a molodka are hard to beat
    # Otherwise the cheapest single card: no trump, few points, low.
    singles = [lead for lead in leads if len(lead.cards) == 1] or leads
    return min(singles, key=_by_cost(trump))


def _answer(view: BuraView, answers: list[Answer]) -> Answer:
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


class SearchBuraBot:
    """Determinized search: the hidden cards (the other hand, the stock's order) dealt at random in
    ``worlds`` worlds consistent with the view and the tricks remembered; in each, every move played out
    to the end of the hand by the heuristic for both players (who declare when they have 31); the move
    that wins most often is chosen, the heuristic's own on ties. Declarations are exact (counted)."""

    name = "search"

    def __init__(self, worlds: int = 16) -> None:
        if worlds < 1:
            raise ValueError("search needs worlds >= 1")
        self.worlds = worlds
        self.memory = TrickMemory()

    def choose(self, view: BuraView, legal: Sequence[BuraAction], rng: random.Random) -> BuraAction:
        self.memory.update(view)
        declaration = self.memory.declaration(view, legal)
        if declaration is not None:
            return declaration
        return self.evaluate(view, legal, rng)[0][0]

    def evaluate(self, view: BuraView, legal: Sequence[BuraAction], rng: random.Random) -> list[tuple[BuraAction, int]]:
        """Every move but a declaration with the hands it wins less those it loses over the worlds played
        out, best first (the heuristic's own first among equals). With one move, nothing is played out."""
        first = play(view, legal)
        options = [first, *(action for action in legal if action != first and not isinstance(action, Declare))]
        if len(options) == 1:
            return [(first, 0)]
        totals = [0] * len(options)
        for _ in range(self.worlds):
            world = determinize(view, self.memory, rng)
            seed = rng.randrange(2**32)
            for index, action in enumerate(options):
                totals[index] += _playout(world, action, view.seat, random.Random(seed))
        order = sorted(range(len(options)), key=lambda index: (-totals[index], index))
        return [(options[index], totals[index]) for index in order]


@dataclass(frozen=True, slots=True)
class BuraHint:
    """A suggested move and why: ``reason`` names the catalogue's ``bura.hint.`` text and ``facts`` fill it;
    ``score`` is what the move came to over ``worlds`` worlds played out and ``runner_up`` the next best
    move with its score (None when the move was not searched)."""

    action: BuraAction
    reason: str
    facts: dict[str, object] = field(default_factory=dict)
    worlds: int = 0
    score: int = 0
    runner_up: tuple[BuraAction, int] | None = None


def hint(view: BuraView, tricks: Sequence[Trick], legal: Sequence[BuraAction], rng: random.Random) -> BuraHint:
    """What the search player would do in ``view`` (the hand's ``tricks`` remembered), and why."""
    searcher = SearchBuraBot()
    searcher.memory = TrickMemory.of(view, tricks)
    counted = searcher.memory.points(view.seat)
    declaration = searcher.memory.declaration(view, legal)
    if declaration is not None:
        return BuraHint(declaration, "declare", {"points": counted})
    if Claim(view.seat) in legal:
        kind = combination(view.hand, view.trump)
        return BuraHint(Claim(view.seat), "claim", {"combination": kind or ""})
    if view.phase is Phase.CLAIM:
        return BuraHint(Pass(view.seat), "no-combination")
    if view.phase is Phase.LAST_CALL:
        return BuraHint(Pass(view.seat), "pass-last", {"points": counted})
    ranked = searcher.evaluate(view, legal, rng)
    action, score = ranked[0]
    runner_up = ranked[1] if len(ranked) > 1 else None
    worlds = searcher.worlds if runner_up is not None else 0
    reason, facts = _reason(view, action)
    return BuraHint(action, reason, facts, worlds, score, runner_up)


def _reason(view: BuraView, action: BuraAction) -> tuple[str, dict[str, object]]:
    """Why a lead or an answer: what it takes or gives, or the combination it leads."""
    if isinstance(action, Answer):
        if answer_wins(action.cards, view.trick, view.trump):
            return "take", {"points": points(view.trick) + points(action.cards)}
        return "give", {"points": points(action.cards)}
    assert isinstance(action, Lead)
    kind = combination(action.cards, view.trump) if len(action.cards) == HAND_SIZE else None
    if kind is not None:
        return "lead-combination", {"combination": kind}
    return "lead", {"points": points(action.cards)}


def determinize(view: BuraView, memory: TrickMemory, rng: random.Random) -> BuraState:
    """A hand consistent with ``view`` and the tricks remembered: the cards not seen dealt at random to the
    other hand and the stock (the trump card kept under the stock, or in the other hand once drawn and not
    seen since)."""
    seat, other = view.seat, 1 - view.seat
    seen = {*view.hand, *view.trick, *(card for trick in memory.tricks for card in (*trick.led, *trick.answer))}
    unseen = [card for card in PACK if card not in seen and card != view.trump_card]
    rng.shuffle(unseen)
    theirs = [] if view.trump_in_stock or view.trump_card in seen else [view.trump_card]
    size = view.hand_sizes[other] - len(theirs)
    theirs += unseen[:size]
    stock = unseen[size:] + ([view.trump_card] if view.trump_in_stock else [])
    hands: list[list[Card]] = [[], []]
    hands[seat], hands[other] = sorted(view.hand), sorted(theirs)
    state = BuraState(
        view.rules,
        view.dealer,
        hands,
        stock,
        view.trump_card,
        view.pot,
        list(view.tokens),
        [memory.won(0), memory.won(1)],
        view.leader,
        view.current,
        view.phase,
        view.trick,
        memory.tricks[:],
        view.announced,
        view.must_lead,
    )
    if view.phase is Phase.LAST_CALL and view.current != view.leader:
        state.passed_last_call = 1
    return state


def _playout(world: BuraState, action: BuraAction, seat: int, rng: random.Random) -> int:
    """1 if ``seat`` wins the hand after ``action``, -1 if it loses it, 0 if it is drawn: both players
    play the heuristic and declare when they have 31."""
    state = world.clone()
    state.apply(action)
    while not state.is_over:
        mover = state.current
        legal = state.legal_actions()
        if Declare(mover) in legal and state.won_points(mover) >= DECLARE_POINTS:
            state.apply(Declare(mover))
        else:
            state.apply(play(observe(state, mover), legal))
    result = state.result
    assert result is not None
    if result.winner is not None:
        return 1 if result.winner == seat else -1
    if result.how == "wrong-declaration":
        return -1 if result.declarer == seat else 1
    return 0


CHEAP_WIN = 6
"""Taking an empty trick is worth this much of the cost of the cards spent (the lead comes with it)."""


def _cost(cards: tuple[Card, ...], trump: int) -> int:
    """What giving up ``cards`` costs: their points, the trumps kept for later, and their height."""
    return sum(card_points(card) + (20 if suit_of(card) == trump else 0) + strength(card) for card in cards)


def _by_cost(trump: int) -> Callable[[Lead | Answer], tuple[int, tuple[Card, ...]]]:
    return lambda action: (_cost(action.cards, trump), action.cards)


BuraBot = RandomBuraBot | HeuristicBuraBot | SearchBuraBot
BOTS: dict[str, type[BuraBot]] = {"random": RandomBuraBot, "heuristic": HeuristicBuraBot, "search": SearchBuraBot}
"""The Bura players by name, weakest first."""


def play_hand(state: BuraState, bots: Sequence[BuraBot], seed: int) -> None:
    """Play ``state`` to its end, each seat drawing from its own generator."""
    rngs = [random.Random(f"bura-seat:{seed}:{seat}") for seat in range(2)]
    while not state.is_over:
        seat = state.current
        state.apply(bots[seat].choose(observe(state, seat), state.legal_actions(), rngs[seat]))
