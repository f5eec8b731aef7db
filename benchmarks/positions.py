"""The hardest positions for ``legal_actions``, built reproducibly: the benchmark times them
(``benchmarks/engine.py --all-presets``) and ``tests/core/test_hard_positions.py`` checks what they list.

A position is a seeded deal in which the seat on turn has drawn, and has been given a big hand: the cards
come from the draw pile and the other hands (each keeps at least three), and a packet's wild cards are
swapped with plain cards of the draw pile, so the pack is conserved and every count agrees. Such hands
come out of random play, where players take discard piles and meld nothing: before partnerships form
(5 players), the whole-hand opening search gets a 40-card hand; under a minimum initial meld, the first
meld's candidates come from a 60-card hand.
"""

from __future__ import annotations

from collections.abc import Callable

from biriba.core.cards import counts_of
from biriba.core.melds import WILD_CARDS
from biriba.core.rules import Rules
from biriba.core.state import HandState, Phase

KEPT_BY_OTHERS = 3
"""Cards every other seat keeps when the big hand is gathered."""


def big_hand_position(rules: Rules, seed: int, size: int, wild_cards: int, scores: int = 0) -> HandState:
    """A seeded deal of ``rules`` where the seat on turn, after its draw, holds ``size`` cards of which
    ``wild_cards`` are Jokers and Twos; every seat's cumulative score is ``scores``."""
    state = HandState.deal(rules, dealer=0, seed=seed, scores=(scores,) * rules.players)
    seat = state.current
    hand = state.hands[seat]
    others = [s for s in range(rules.players) if s != seat]
    pool = state.draw_pile
    _bring_wild_cards(state, seat, wild_cards)
    # Plain cards from the draw pile first (top first), then from the other hands.
    while sum(hand) < size and pool:
        card = next((i for i in range(len(pool) - 1, -1, -1) if pool[i] not in WILD_CARDS), None)
        if card is None or len(pool) <= 1:
            break
        hand[pool.pop(card)] += 1
    for other in others:
        theirs = state.hands[other]
        for card in range(len(theirs)):
            while theirs[card] and card not in WILD_CARDS and sum(hand) < size and sum(theirs) > KEPT_BY_OTHERS:
                theirs[card] -= 1
                hand[card] += 1
    if sum(hand) != size or sum(hand[w] for w in WILD_CARDS) != wild_cards:
        raise ValueError(f"seed {seed} cannot make a hand of {size} cards with {wild_cards} wild cards")
    state.hand_sizes = [sum(h) for h in state.hands]
    state.phase = Phase.PLAY
    _check_pack(state)
    return state


def _bring_wild_cards(state: HandState, seat: int, wanted: int) -> None:
    """Move wild cards into ``seat``'s hand from wherever they lie (but the discard pile) until it holds
    ``wanted``; a packet's wild card is replaced by the draw pile's first plain card, another hand's too."""
    hand = state.hands[seat]
    pool = state.draw_pile

    def plain_from_pool() -> int:
        index = next(i for i in range(len(pool) - 1, -1, -1) if pool[i] not in WILD_CARDS)
        return pool.pop(index)

    def held() -> int:
        return sum(hand[w] for w in WILD_CARDS)

    for index in range(len(pool) - 1, -1, -1):
        if held() >= wanted:
            return
        if pool[index] in WILD_CARDS:
            hand[pool.pop(index)] += 1
    for other, theirs in enumerate(state.hands):
        for wild in WILD_CARDS:
            while other != seat and theirs[wild] and held() < wanted:
                theirs[wild] -= 1
                hand[wild] += 1
                theirs[plain_from_pool()] += 1
    for packet in state.biribakia:
        for place, card in enumerate(packet):
            if card in WILD_CARDS and held() < wanted:
                packet[place] = plain_from_pool()
                hand[card] += 1


def _check_pack(state: HandState) -> None:
    from biriba.core.cards import pack

    if counts_of(state.all_cards()) != counts_of(pack(state.rules.decks, state.rules.jokers)):
        raise AssertionError("the position lost or made a card")


def formed_partnerships_40() -> HandState:
    """5 players before partnerships form: 40 cards with 12 wild cards to lay as a whole-hand opening."""
    return big_hand_position(Rules.from_preset("standard", players=5), seed=3, size=40, wild_cards=12)


def venezuelan_formed_40() -> HandState:
    """Venezuelan, 5 players, before partnerships form: 40 cards with 12 wild cards (melds of wild cards)."""
    return big_hand_position(Rules.from_preset("venezuelan", players=5), seed=3, size=40, wild_cards=12)


def whole_hand_opening_30() -> HandState:
    """Venezuelan, 4 players, a team's whole-hand first meld: 30 cards with 8 wild cards."""
    return big_hand_position(Rules.from_preset("venezuelan", players=4), seed=5, size=30, wild_cards=8)


def pile_check_40() -> HandState:
    """Kouridakis, 5 players, before partnerships form, in the draw phase: taking the pile (of six cards)
    needs a whole-hand opening that melds one of them, from 40 cards with 12 wild cards."""
    state = big_hand_position(Rules.from_preset("kouridakis", players=5), seed=3, size=40, wild_cards=12)
    for _ in range(6):
        state.discard_pile.append(next(c for c in reversed(state.draw_pile) if c not in WILD_CARDS))
        state.draw_pile.remove(state.discard_pile[-1])
    state.phase = Phase.DRAW
    _check_pack(state)
    return state


def minimum_meld_60() -> HandState:
    """Classic, 4 players, a minimum first meld of 90: a 60-card hand with 8 wild cards."""
    rules = Rules.from_json({"preset": "classic", "initial_meld": [[0, 90]]})
    return big_hand_position(rules, seed=11, size=60, wild_cards=8)


def buraco_minimum_meld_60() -> HandState:
    """Buraco fechado, 4 players, vulnerable (a first meld of 75): 60 cards with 8 wild cards."""
    return big_hand_position(Rules.from_preset("buraco-fechado"), seed=11, size=60, wild_cards=8, scores=2000)


POSITIONS: dict[str, Callable[[], HandState]] = {
    "5p formed, 40 cards, 12 wild": formed_partnerships_40,
    "venezuelan 5p, 40 cards, 12 wild": venezuelan_formed_40,
    "venezuelan whole-hand opening, 30 cards": whole_hand_opening_30,
    "kouridakis 5p pile check, 40 cards": pile_check_40,
    "classic min 90, 60 cards": minimum_meld_60,
    "buraco-fechado min 75, 60 cards": buraco_minimum_meld_60,
}
"""Every hard position by name."""
