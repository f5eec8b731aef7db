"""Determinization: the worlds a seat's view is sampled into agree with everything it has seen."""

from __future__ import annotations

import random
import statistics

import pytest

from biriba.bots import make_bot
from biriba.core.cards import counts_of, is_wild_card, pack
from biriba.core.errors import InvalidInputError
from biriba.core.rules import Rules
from biriba.core.sampling import determinize, discard_weights, goes_with, unseen_cards
from biriba.core.state import HandState, Phase
from biriba.core.views import observe

TABLES = [
    Rules.from_preset("standard"),
    Rules.from_preset("standard", players=3, partnerships="formed"),
    Rules.from_preset("standard", players=5),
    Rules.from_preset("venezuelan", players=4),
    Rules.from_preset("buraco-fechado", players=2),
    Rules.from_preset("standard", upcard=False),
]


def positions(rules: Rules, seed: int, every: int = 9):
    """States along a hand played by greedy bots."""
    state = HandState.deal(rules, dealer=seed % rules.players, seed=seed)
    bot, rng = make_bot("greedy"), random.Random(seed)
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state.clone()
        state.apply(bot.choose(observe(state, state.current), state.legal_actions(), rng))
        step += 1


@pytest.mark.parametrize("inference", [0.0, 0.5])
@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.preset}-{r.players}")
def test_a_sampled_world_looks_the_same_from_the_seat_and_keeps_the_pack(rules: Rules, inference: float) -> None:
    pack_counts = counts_of(pack(rules.decks, rules.jokers))
    checked = 0
    for seed in range(3):
        for state in positions(rules, seed):
            for seat in range(rules.players):
                view = observe(state, seat)
                world = determinize(view, random.Random(seat), inference)
                assert observe(world, seat) == view
                assert counts_of(world.all_cards()) == pack_counts
                if seat == state.current and not (rules.closed_discard_pile and state.phase is Phase.DRAW):
                    # (Whether a closed pile may be taken depends on the cards under its top, which
                    # the view does not show: the search player only chooses among the true legal actions.)
                    assert world.legal_actions() == state.legal_actions()
                checked += 1
    assert checked > 50


def test_hidden_cards_are_shuffled_and_known_cards_stay_put() -> None:
    rules = Rules.from_preset("standard")
    state = next(s for s in positions(rules, 4, every=1) if any(sum(k) for k in s.known[1:2]))
    view = observe(state, 0)
    worlds = [determinize(view, random.Random(seed)) for seed in range(20)]
    assert all(all(w.hands[1][c] >= k for c, k in enumerate(view.known_cards[1])) for w in worlds)
    assert len({tuple(w.hands[1]) for w in worlds}) > 15
    assert len({tuple(w.draw_pile) for w in worlds}) == 20
    assert determinize(view, random.Random(3)).fingerprint() == determinize(view, random.Random(3)).fingerprint()


def test_the_unseen_cards_are_the_pack_less_what_the_seat_saw() -> None:
    rules = Rules.from_preset("standard")
    state = HandState.deal(rules, dealer=0, seed=11)
    view = observe(state, 2)
    unseen = unseen_cards(view)
    assert len(unseen) == 108 - 11 - 1  # the pack less seat 2's hand and the upcard
    truth = counts_of(c for s in (0, 1, 3) for c in state.hand_cards(s))
    for card, copies in enumerate(truth):
        assert unseen.count(card) >= copies


def test_an_impossible_view_is_refused() -> None:
    rules = Rules.from_preset("standard")
    view = observe(HandState.deal(rules, dealer=0, seed=1), 0)
    bad = view._replace(draw_pile_size=view.draw_pile_size + 1)
    with pytest.raises(InvalidInputError, match="hides"):
        determinize(bad, random.Random(0))


def test_inference_deals_a_seat_fewer_of_the_cards_that_go_with_its_discards() -> None:
    rules = Rules.from_preset("standard", players=2)
    state = next(s for s in positions(rules, 6, every=1) if len(s.discarded[1]) >= 4)
    view = observe(state, 0)
    weights = discard_weights(view, 0.6)
    assert weights[0] is None and weights[1] is not None
    related = {other for card in view.discarded[1] if not is_wild_card(card) for other in goes_with(card)}
    assert {c for c, w in enumerate(weights[1]) if w < 1} == related
    assert discard_weights(view, 0.0) == [None, None]
    unseen = set(unseen_cards(view))
    least = [c for c in unseen if weights[1][c] <= 0.4**2]  # (going with two discards or more)
    free = [c for c in unseen if weights[1][c] == 1]
    assert least and free

    def rate(inference: float, cards: list[int]) -> float:
        """How many copies of ``cards`` seat 1 is dealt in a world, on average, per card type."""
        worlds = [determinize(view, random.Random(seed), inference) for seed in range(300)]
        return statistics.fmean(sum(w.hands[1][c] for c in cards) for w in worlds) / len(cards)

    assert rate(0.6, least) < 0.6 * rate(0.0, least)
    assert rate(0.6, free) > rate(0.0, free)
