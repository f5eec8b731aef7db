"""Properties of Bura over random deals and random play (Hypothesis): the pack is conserved at every step,
every listed action is accepted and a broken one refused by its rule without a change, hands end, and a
match keeps every token."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from biriba.core.errors import IllegalAction
from biriba.games.bura import PACK, Answer, BuraMatch, BuraRules, BuraState, Declare, Lead, observe

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2**32 - 1)
rules_st = st.builds(BuraRules, tokens=st.integers(1, 12), ante=st.just(1), special_leads=st.booleans())


def every_card(state: BuraState) -> list[int]:
    return sorted([*state.hands[0], *state.hands[1], *state.stock, *state.trick, *state.won[0], *state.won[1]])


def broken(state: BuraState, action: object, rng: random.Random) -> list[tuple[object, str]]:
    """Actions made from a legal one that the rules must refuse, with the rule each breaks."""
    seat = state.current
    other = 1 - seat
    made: list[tuple[object, str]] = [(type(action)(other, *vars_of(action)[1:]), "not-your-turn")]
    if isinstance(action, Lead | Answer) and state.hands[other]:
        foreign = rng.choice(state.hands[other])
        cards = (*action.cards[:-1], foreign)
        made.append((type(action)(seat, tuple(sorted(cards))), "card-not-in-hand"))
    if isinstance(action, Answer) and len(state.hands[seat]) > len(action.cards):
        extra = next(card for card in state.hands[seat] if card not in action.cards)
        made.append((Answer(seat, tuple(sorted((*action.cards, extra)))), "bura.answer-count"))
    return made


def vars_of(action: object) -> tuple[object, ...]:
    return tuple(getattr(action, name) for name in action.__slots__)  # type: ignore[attr-defined]


@SETTINGS
@given(rules=rules_st, dealer=st.integers(0, 1), deal_seed=seeds, play_seed=seeds)
def test_random_play_keeps_the_pack_and_refuses_broken_moves_unchanged(
    rules: BuraRules, dealer: int, deal_seed: int, play_seed: int
) -> None:
    state = BuraState.deal(rules, dealer, seed=deal_seed)
    rng = random.Random(play_seed)
    steps = 0
    while not state.is_over:
        assert every_card(state) == sorted(PACK)
        assert len(state.hands[0]) <= 3 and len(state.hands[1]) <= 3
        legal = state.legal_actions()
        assert legal
        for action in legal:
            state.check(action)
        action = rng.choice([a for a in legal if not isinstance(a, Declare)] or legal)
        before = state.fingerprint()
        for wrong, rule in broken(state, action, rng):
            try:
                state.apply(wrong)
            except IllegalAction as refused:
                assert refused.rule == rule
            else:
                raise AssertionError(f"{wrong} was accepted")
            assert state.fingerprint() == before
        view = observe(state, state.current)
        assert set(view.hand) == set(state.hands[state.current])
        state.apply(action)
        steps += 1
        assert steps < 100
    assert every_card(state) == sorted(PACK)
    assert state.result is not None


@SETTINGS
@given(rules=rules_st, first=st.integers(0, 1), seed=seeds)
def test_a_match_keeps_every_token_and_ends(rules: BuraRules, first: int, seed: int) -> None:
    match = BuraMatch(rules, first)
    rng = random.Random(seed)
    hands = 0
    while not match.is_over:
        state = match.start_hand(seed=rng.randrange(2**32))
        assert sum(state.tokens) + state.pot == 2 * rules.tokens
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(rng.choice([a for a in legal if not isinstance(a, Declare)] or legal))
        match.finish_hand()
        hands += 1
        assert sum(match.tokens) + match.pot == 2 * rules.tokens
        assert hands < 2000
    assert match.winner is not None and match.tokens[1 - match.winner] < rules.ante
