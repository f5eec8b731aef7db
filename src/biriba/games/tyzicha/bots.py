"""Tyzicha players: ``random``, ``heuristic`` and ``search`` (docs/tyzicha.md, Bots), determinization of a
seat's view, and hints with reasons.

Like every player here, a bot sees only its seat's view and draws its randomness only from the generator
it is given, so a seeded game replays move for move. A Tyzicha view holds every trick as it was played,
so the players need no memory of their own: what is known of the other hands (the widow shown, the cards
given face up, a marriage's other half, the suits a player failed to follow) is read from the view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from biriba.core.cards import ACE, Card, make_card, rank_of, suit_of
from biriba.games.tyzicha.game import (
    BID_STEP,
    CONCEDE_POINTS,
    FORCED_CONTRACT,
    KING,
    MARRIAGE_POINTS,
    OPENING_BID,
    PACK,
    PLAYERS,
    QUEEN,
    WIDOW_SIZE,
    Bid,
    Concede,
    Give,
    HandResult,
    Pass,
    Phase,
    Play,
    Raise,
    TyzichaAction,
    TyzichaState,
    TyzichaView,
    beats,
    card_points,
    marriage_suits,
    observe,
    partner_of,
    score_hand,
    strength,
    winning_index,
)

# --- what a seat knows ------------------------------------------------------------------------------


def played_cards(view: TyzichaView) -> set[Card]:
    """Every card played so far, the trick in progress included."""
    return {card for trick in view.tricks for card in trick.cards} | set(view.trick)


def known_cards(view: TyzichaView) -> list[set[Card]]:
    """The cards the viewing seat knows to be in each seat's hand now: its own hand; the widow shown in the
    declarer's; a card given where it can see it in its receiver's; a marriage's unplayed half in the hand
    of the player who showed it."""
    played = played_cards(view)
    known: list[set[Card]] = [set() for _ in range(PLAYERS)]
    if view.declarer is not None:
        known[view.declarer] |= set(view.widow)
    for to, card in view.given:
        if card is not None:
            if view.declarer is not None:
                known[view.declarer].discard(card)
            known[to].add(card)
    for seat, suit in view.marriages:
        known[seat] |= {make_card(KING, suit), make_card(QUEEN, suit)}
    own = set(view.hand)
    for seat in range(PLAYERS):
        known[seat] = own.copy() if seat == view.seat else known[seat] - played - own
    return known


def excluded_cards(view: TyzichaView) -> list[set[Card]]:
    """The cards each seat cannot hold, read from its plays: a suit not followed is void, a trump not
    played when void is void too, and a trick not headed means no card the player might play could head it."""
    excluded: list[set[Card]] = [set() for _ in range(PLAYERS)]
    tricks = [(trick.leader, trick.cards, trick.trump) for trick in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick, view.trump))
    for leader, cards, trump in tricks:
        led = suit_of(cards[0])
        for index in range(1, len(cards)):
            seat, card = (leader + index) % PLAYERS, cards[index]
            before = cards[:index]
            best = before[winning_index(before, trump)]
            if suit_of(card) != led:
                excluded[seat] |= {other for other in PACK if suit_of(other) == led}
                if trump is not None and suit_of(card) != trump:
                    excluded[seat] |= {other for other in PACK if suit_of(other) == trump}
            if not beats(card, best, trump) and suit_of(card) in (led, trump):
                excluded[seat] |= {
                    other for other in PACK if suit_of(other) == suit_of(card) and beats(other, best, trump)
                }
    return excluded


def determinize(view: TyzichaView, rng: random.Random) -> TyzichaState:
    """A hand consistent with everything ``view``'s seat has seen: the cards it does not know dealt at random
    to the other hands (and to the widow while it lies face down), never to a hand its plays showed cannot
    hold them; a card given face down to another seat, and a forced declarer's widow, drawn from the cards
    that could have been it."""
    known = known_cards(view)
    excluded = excluded_cards(view)
    others = [seat for seat in range(PLAYERS) if seat != view.seat]
    unseen = [card for card in PACK if card not in played_cards(view) and not any(card in held for held in known)]
    widow_down = view.declarer is None
    rooms = [view.hand_sizes[seat] - len(known[seat]) for seat in others] + ([WIDOW_SIZE] if widow_down else [])
    bars = [excluded[seat] for seat in others] + ([set()] if widow_down else [])
    dealt = _assign(unseen, rooms, bars, rng)
    hands: list[list[Card]] = [[], [], []]
    hands[view.seat] = sorted(view.hand)
    for place, seat in enumerate(others):
        hands[seat] = sorted([*known[seat], *dealt[place]])
    given = [
        (to, card if card is not None else rng.choice(sorted(_held_or_played(view, hands, to))))
        for to, card in view.given
    ]
    widow = tuple(dealt[-1]) if widow_down else view.widow
    if not widow and view.declarer is not None:
        # A forced declarer's widow, unseen: three of the cards that went through the declarer's hands.
        pool = _held_or_played(view, hands, view.declarer) | {card for _, card in given}
        widow = tuple(rng.sample(sorted(pool), WIDOW_SIZE))
    return TyzichaState(
        view.rules,
        view.dealer,
        hands,
        widow,
        view.phase,
        view.current,
        list(view.bids),
        view.declarer,
        view.contract,
        view.forced,
        given,
        view.raised,
        view.trump,
        list(view.marriages),
        view.leader,
        list(view.trick),
        list(view.tricks),
        view.result,
    )


def _held_or_played(view: TyzichaView, hands: list[list[Card]], seat: int) -> set[Card]:
    played = {trick.cards[index] for trick in view.tricks for index in range(PLAYERS) if trick.seat_of(index) == seat}
    played |= {card for index, card in enumerate(view.trick) if (view.leader + index) % PLAYERS == seat}
    return set(hands[seat]) | played


def _assign(cards: list[Card], rooms: list[int], bars: list[set[Card]], rng: random.Random) -> list[list[Card]]:
    """``cards`` dealt at random into places of ``rooms`` cards each, none to a place that bars it: the cards
    one place alone may take first, then the others, each to a place drawn by its room left."""
    assert len(cards) == sum(rooms), "the unseen cards fill the hidden places"
    for _ in range(100):
        order = cards[:]
        rng.shuffle(order)
        order.sort(key=lambda card: sum(card not in bar for bar in bars))
        left = rooms[:]
        placed: list[list[Card]] = [[] for _ in rooms]
        for card in order:
            open_places = [place for place in range(len(rooms)) if left[place] and card not in bars[place]]
            if not open_places:
                break
            place = rng.choices(open_places, weights=[left[place] for place in open_places])[0]
            placed[place].append(card)
            left[place] -= 1
        else:
            return placed
    raise AssertionError("no deal of the unseen cards fits what the seat has seen")


# --- the random player ------------------------------------------------------------------------------


class RandomTyzichaBot:
    """A random kind of move (bid or pass; raise, concede or play), then a random move of that kind: a
    uniformly random action would nearly always raise a contract it cannot make."""

    name = "random"

    def choose(self, view: TyzichaView, legal: Sequence[TyzichaAction], rng: random.Random) -> TyzichaAction:
        kinds = sorted({type(action).__name__ for action in legal})
        kind = rng.choice(kinds)
        return rng.choice([action for action in legal if type(action).__name__ == kind])


# --- the heuristic player ---------------------------------------------------------------------------

CAPTURED = 5
"""What a trick taken with a sure winner brings from the other two players, besides the winner's own points."""
WIDOW_HOPE = 15
"""What a bidder counts on from the widow and the cards it will give away."""
RAISE_MARGIN = 20
CONCEDE_MARGIN = 60


def top_run(cards: Sequence[Card], gone: set[Card] | None = None) -> list[Card]:
    """The cards of one suit that win in turn from the top: the Ace, then the 10 with it, and so on (cards
    in ``gone``, already played, count as the player's own)."""
    if not cards:
        return []
    suit, mine = suit_of(cards[0]), set(cards)
    run: list[Card] = []
    for rank in (ACE, 10, 13, QUEEN, 11, 9):
        card = make_card(rank, suit)
        if card in mine:
            run.append(card)
        elif gone is None or card not in gone:
            break
    return run


def hand_value(hand: Sequence[Card], lead_marriages: bool = True) -> int:
    """What a declarer leading first may hope to take with ``hand``: each sure winner's points and what it
    captures, a share of the other points, and each marriage (half of it when the hand has no sure trick to
    win the lead with and ``lead_marriages`` is off)."""
    value = 0
    sure = 0
    for suit in range(4):
        cards = sorted((card for card in hand if suit_of(card) == suit), key=strength, reverse=True)
        run = top_run(cards)
        sure += len(run)
        value += sum(card_points(card) + CAPTURED for card in run)
        rest = sum(card_points(card) for card in cards if card not in run)
        value += rest // 2 if len(cards) >= 4 else rest // 3
    for suit in marriage_suits(hand):
        value += MARRIAGE_POINTS[suit] if lead_marriages or sure else MARRIAGE_POINTS[suit] // 2
    return value


def keep_value(card: Card, hand: Sequence[Card]) -> int:
    """How much the declarer loses by giving ``card`` away: its points and height, much more for a marriage's
    half or a sure winner."""
    value = card_points(card) + strength(card)
    partner = partner_of(card)
    if partner is not None and partner in hand:
        value += MARRIAGE_POINTS[suit_of(card)]
    if card in top_run([other for other in hand if suit_of(other) == suit_of(card)]):
        value += 30
    return value


class HeuristicTyzichaBot:
    """Bids what its hand is worth, gives away its least useful cards, raises or concedes by the hand it
    keeps, leads its marriages and sure winners, heads cheaply, and feeds points to a fellow defender."""

    name = "heuristic"

    def choose(self, view: TyzichaView, legal: Sequence[TyzichaAction], rng: random.Random) -> TyzichaAction:
        return heuristic_move(view, legal)


def heuristic_move(view: TyzichaView, legal: Sequence[TyzichaAction]) -> TyzichaAction:
    """The heuristic's move in ``view``."""
    if len(legal) == 1:
        return legal[0]
    seat, phase = view.seat, view.phase
    if phase is Phase.BID:
        limit = hand_value(view.hand, view.rules.marriage_on_first_trick) + WIDOW_HOPE
        bids = [action for action in legal if isinstance(action, Bid) and action.value < limit]
        return bids[0] if bids else Pass(seat)
    if phase is Phase.FORCED:
        worth = hand_value(view.hand, view.rules.marriage_on_first_trick) + WIDOW_HOPE
        return Bid(seat, OPENING_BID if worth > OPENING_BID else FORCED_CONTRACT)
    if phase is Phase.GIVE:
        gifts = [action for action in legal if isinstance(action, Give)]
        return min(gifts, key=lambda gift: (keep_value(gift.card, view.hand), gift.to, gift.card))
    if phase is Phase.DECLARE:
        decision = _declare(view, legal)
        if decision is not None:
            return decision
    return play_move(view, [action for action in legal if isinstance(action, Play)])


def _declare(view: TyzichaView, legal: Sequence[TyzichaAction]) -> TyzichaAction | None:
    """Concede a hand far short of the contract, raise one well above it, else None (play)."""
    worth = hand_value(view.hand, view.rules.marriage_on_first_trick)
    if worth + CONCEDE_MARGIN < view.contract:
        return Concede(view.seat)
    target = (worth - RAISE_MARGIN) // BID_STEP * BID_STEP
    raises = [action for action in legal if isinstance(action, Raise) and action.value <= target]
    return raises[-1] if raises else None


def play_move(view: TyzichaView, plays: list[Play]) -> Play:
    """The heuristic's card: a lead, or an answer to the trick."""
    if not view.trick:
        return _lead(view, plays)
    trick, trump = view.trick, view.trump
    best = trick[winning_index(trick, trump)]
    winning = [play for play in plays if beats(play.card, best, trump)]
    if winning:
        return _head(view, winning)
    winner = (view.leader + winning_index(trick, trump)) % PLAYERS
    fellow = view.declarer not in (None, view.seat, winner)
    if fellow and len(trick) == PLAYERS - 1:
        # The other defender takes the trick: give it the most points that are not a marriage's half.
        return max(plays, key=lambda play: (card_points(play.card) - _marriage_cost(play.card, view.hand), play.card))
    return min(plays, key=lambda play: _cost(play.card, view))


def _lead(view: TyzichaView, plays: list[Play]) -> Play:
    marriages = [play for play in plays if play.marriage]
    if marriages:
        # The most valuable marriage, leading its Queen (the King is the stronger trump to keep).
        return max(marriages, key=lambda play: (MARRIAGE_POINTS[suit_of(play.card)], rank_of(play.card) == QUEEN))
    gone = played_cards(view)
    winners = [play for play in plays if play.card in _sure(view, gone)]
    if winners:
        trump = view.trump
        return max(winners, key=lambda play: (suit_of(play.card) == trump, card_points(play.card), play.card))
    return min(plays, key=lambda play: _cost(play.card, view))


def _sure(view: TyzichaView, gone: set[Card]) -> set[Card]:
    """The seat's cards that are the highest of their suit still out, in suits no one is known to trump."""
    voids = excluded_cards(view)
    sure: set[Card] = set()
    for suit in range(4):
        cards = sorted((card for card in view.hand if suit_of(card) == suit), key=strength, reverse=True)
        run = top_run(cards, gone)
        risky = (
            suit != view.trump
            and view.trump is not None
            and any(
                _void(voids[seat], suit) and not _void(voids[seat], view.trump)
                for seat in range(PLAYERS)
                if seat != view.seat
            )
        )
        if run and not risky:
            sure.add(run[0])
    return sure


def _void(excluded: set[Card], suit: int) -> bool:
    return all(card in excluded for card in PACK if suit_of(card) == suit)


def _head(view: TyzichaView, winning: list[Play]) -> Play:
    """Win the trick: the last to play with its cheapest winner, the second with a sure winner if it has one."""
    if len(view.trick) == PLAYERS - 1:
        return min(winning, key=lambda play: (_marriage_cost(play.card, view.hand), strength(play.card), play.card))
    sure = _sure(view, played_cards(view))
    safe = [play for play in winning if play.card in sure]
    return min(safe or winning, key=lambda play: (_marriage_cost(play.card, view.hand), strength(play.card), play.card))


def _marriage_cost(card: Card, hand: Sequence[Card]) -> int:
    partner = partner_of(card)
    return MARRIAGE_POINTS[suit_of(card)] if partner is not None and partner in hand else 0


def _cost(card: Card, view: TyzichaView) -> tuple[int, int, int, Card]:
    """What playing ``card`` away costs: a marriage's half, a trump, its points, its height."""
    return (
        _marriage_cost(card, view.hand),
        int(suit_of(card) == view.trump),
        card_points(card) + strength(card),
        card,
    )


# --- the search player ------------------------------------------------------------------------------


class SearchTyzichaBot:
    """Determinized search: the hidden cards dealt at random in ``worlds`` worlds consistent with the view,
    the hand played out in each by the heuristic for all three players, and the move whose hands come out
    best for its seat (its score less the table's mean) chosen, the heuristic's own on ties.

    For a card to play, every card is played out in every world. For the declarer's last word (raise,
    concede or play), the hand is played out once per world and scored at every contract it may name
    (the heuristic's play does not depend on the contract), against conceding. Bidding, the forced choice
    and giving are the heuristic's: searched the same way, bids came out worse (the worlds too few to tell
    a bid from a pass)."""

    name = "search"

    def __init__(self, worlds: int = 12) -> None:
        if worlds < 1:
            raise ValueError("search needs worlds >= 1")
        self.worlds = worlds

    def choose(self, view: TyzichaView, legal: Sequence[TyzichaAction], rng: random.Random) -> TyzichaAction:
        return self.evaluate(view, legal, rng)[0][0]

    def evaluate(
        self, view: TyzichaView, legal: Sequence[TyzichaAction], rng: random.Random
    ) -> list[tuple[TyzichaAction, float]]:
        """The moves searched with their mean over the worlds, best first (the heuristic's own first among
        equals); the heuristic's move alone, scored 0, when there is nothing to search."""
        first = heuristic_move(view, legal)
        if view.phase is Phase.DECLARE:
            return self._declare(view, legal, first, rng)
        options: list[TyzichaAction] = [
            first,
            *(action for action in legal if isinstance(action, Play) and action != first),
        ]
        if not isinstance(first, Play) or len(options) == 1:
            return [(first, 0.0)]
        totals = [0.0] * len(options)
        for _ in range(self.worlds):
            world = determinize(view, rng)
            for index, action in enumerate(options):
                totals[index] += _relative(_playout(world, action).scores, view.seat)
        return _ranked(options, totals, self.worlds)

    def _declare(
        self, view: TyzichaView, legal: Sequence[TyzichaAction], first: TyzichaAction, rng: random.Random
    ) -> list[tuple[TyzichaAction, float]]:
        lead = play_move(view, [action for action in legal if isinstance(action, Play)])
        contracts = [view.contract, *(action.value for action in legal if isinstance(action, Raise))]
        options: list[TyzichaAction] = [lead, *(Raise(view.seat, value) for value in contracts[1:]), Concede(view.seat)]
        conceded = [CONCEDE_POINTS] * PLAYERS
        conceded[view.seat] = -view.contract
        totals = [0.0] * len(options)
        for _ in range(self.worlds):
            played = _playout(determinize(view, rng), lead)
            for index, contract in enumerate(contracts):
                result = score_hand(view.rules, view.seat, contract, played.card_points, played.marriage_points)
                totals[index] += _relative(result.scores, view.seat)
            totals[-1] += _relative(tuple(conceded), view.seat)
        ranked = _ranked(options, totals, self.worlds)
        # The heuristic's own move first among equals.
        return sorted(ranked, key=lambda pair: (-pair[1], pair[0] != first))


def _ranked(options: list[TyzichaAction], totals: list[float], worlds: int) -> list[tuple[TyzichaAction, float]]:
    order = sorted(range(len(options)), key=lambda index: (-totals[index], index))
    return [(options[index], totals[index] / worlds) for index in order]


def _relative(scores: Sequence[int], seat: int) -> float:
    """``seat``'s score less the table's mean: what a duplicate deal counts."""
    return scores[seat] - sum(scores) / PLAYERS


def _playout(world: TyzichaState, action: TyzichaAction) -> HandResult:
    """The hand's result after ``action``, the heuristic playing on for everyone."""
    state = world.clone()
    state.apply(action)
    while not state.is_over:
        state.apply(heuristic_move(observe(state, state.current), state.legal_actions()))
    assert state.result is not None
    return state.result


# --- hints ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TyzichaHint:
    """A suggested move and why: ``reason`` names the move's kind and ``facts`` fill its text; ``score`` is
    what the move came to per world over ``worlds`` worlds played out (the seat's score less the table's
    mean) and ``runner_up`` the next best move with its score (None when the move was not searched)."""

    action: TyzichaAction
    reason: str
    facts: dict[str, object] = field(default_factory=dict)
    worlds: int = 0
    score: float = 0.0
    runner_up: tuple[TyzichaAction, float] | None = None

    @property
    def margin(self) -> float | None:
        """How much better the move came out than the runner-up, per world (None: not searched)."""
        return None if self.runner_up is None else self.score - self.runner_up[1]


def hint(view: TyzichaView, legal: Sequence[TyzichaAction], rng: random.Random) -> TyzichaHint:
    """What the search player would do in ``view``, and why."""
    searcher = SearchTyzichaBot()
    ranked = searcher.evaluate(view, legal, rng)
    action, score = ranked[0]
    runner_up = ranked[1] if len(ranked) > 1 else None
    worlds = searcher.worlds if runner_up is not None else 0
    reason, facts = _reason(view, action)
    return TyzichaHint(action, reason, facts, worlds, score, runner_up)


def _reason(view: TyzichaView, action: TyzichaAction) -> tuple[str, dict[str, object]]:
    """Why a move: the hand's worth for a bid or a contract, the card's points or marriage for a card."""
    if isinstance(action, Bid | Pass | Concede | Raise):
        return _contract_reason(view, action)
    if isinstance(action, Give):
        return "give", {"card": action.card, "seat": action.to}
    if action.marriage:
        return "marriage", {"suit": suit_of(action.card), "points": MARRIAGE_POINTS[suit_of(action.card)]}
    if not view.trick:
        return "lead", {"card": action.card}
    best = view.trick[winning_index(view.trick, view.trump)]
    taken = sum(card_points(card) for card in view.trick) + card_points(action.card)
    return ("take" if beats(action.card, best, view.trump) else "duck"), {"card": action.card, "points": taken}


def _contract_reason(view: TyzichaView, action: Bid | Pass | Concede | Raise) -> tuple[str, dict[str, object]]:
    """Why a bid, a pass, a raise or a concession: the hand's worth against the contract."""
    worth = hand_value(view.hand, view.rules.marriage_on_first_trick)
    if isinstance(action, Bid):
        return ("forced" if view.phase is Phase.FORCED else "bid"), {"bid": action.value, "worth": worth}
    if isinstance(action, Pass):
        # No contract yet in the bidding: a pass declines to bid over the highest bid so far, or to open.
        highest = max((value for _, value in view.bids if value is not None), default=None)
        if highest is None:
            return "pass-open", {"contract": OPENING_BID, "worth": worth}
        return "pass", {"contract": highest, "worth": worth}
    return ("concede" if isinstance(action, Concede) else "raise"), {"contract": view.contract, "worth": worth}


TyzichaBot = RandomTyzichaBot | HeuristicTyzichaBot | SearchTyzichaBot
BOTS: dict[str, type[TyzichaBot]] = {
    "random": RandomTyzichaBot,
    "heuristic": HeuristicTyzichaBot,
    "search": SearchTyzichaBot,
}
"""The Tyzicha players by name, weakest first."""


def play_hand(state: TyzichaState, bots: Sequence[TyzichaBot], seed: int) -> None:
    """Play ``state`` to its end, each seat drawing from its own generator."""
    rngs = [random.Random(f"tyzicha-seat:{seed}:{seat}") for seat in range(PLAYERS)]
    while not state.is_over:
        seat = state.current
        state.apply(bots[seat].choose(observe(state, seat), state.legal_actions(), rngs[seat]))
