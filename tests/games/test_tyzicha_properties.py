"""Properties of Tyzicha over random deals and random play (Hypothesis): the pack is conserved at every
step, every listed action is accepted and a broken one refused by its rule without a change, no view shows
a card its seat may not see, a finished hand counts the pack's 120 points, and a match ends with one winner."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from biriba.core.errors import IllegalAction
from biriba.games.tyzicha import (
    PACK,
    Bid,
    Give,
    Pass,
    Phase,
    Play,
    Raise,
    TyzichaAction,
    TyzichaMatch,
    TyzichaRules,
    TyzichaState,
    observe,
)
from biriba.games.tyzicha.bots import HeuristicTyzichaBot, RandomTyzichaBot, determinize

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2**32 - 1)
rules_st = st.builds(
    TyzichaRules,
    made_when_equal=st.booleans(),
    opponents_score=st.sampled_from(["broken", "always"]),
    opponent_marriages=st.booleans(),
    round_to=st.sampled_from([1, 5, 10]),
    marriage_on_first_trick=st.booleans(),
)


def every_card(state: TyzichaState) -> list[int]:
    cards = [*state.hands[0], *state.hands[1], *state.hands[2], *state.trick]
    cards += [card for trick in state.tricks for card in trick.cards]
    if state.declarer is None:
        cards += state.widow
    return sorted(cards)


def broken(state: TyzichaState, action: TyzichaAction, rng: random.Random) -> list[tuple[TyzichaAction, str]]:
    """Actions made from a legal one that the rules must refuse, with the rule each breaks."""
    seat = state.current
    other = (seat + 1) % 3
    made: list[tuple[TyzichaAction, str]] = [(Pass(other), "not-your-turn")]
    if isinstance(action, Bid) and state.phase is Phase.BID:
        made.append((Bid(seat, action.value - 10), "tyzicha.bid-too-low"))
        if action.value + 10 <= 400:
            made.append((Bid(seat, action.value + 10), "tyzicha.bid-by-ten"))
    if isinstance(action, Give | Play) and state.hands[other]:
        foreign = rng.choice(state.hands[other])
        wrong = Give(seat, foreign, action.to) if isinstance(action, Give) else Play(seat, foreign)
        made.append((wrong, "card-not-in-hand"))
    if isinstance(action, Raise):
        made.append((Raise(seat, action.value + 5), "tyzicha.raise-by-tens"))
    if isinstance(action, Play) and state.trick:
        made.append((Play(seat, action.card, True), "tyzicha.marriage-when-leading"))
        legal = set(state.legal_actions())
        for card in state.hands[seat]:
            if Play(seat, card) not in legal:
                try:
                    state.check(Play(seat, card))
                except IllegalAction as error:
                    assert error.rule in ("tyzicha.must-follow", "tyzicha.must-trump", "tyzicha.must-head")
                    made.append((Play(seat, card), error.rule))
    return made


@SETTINGS
@given(rules=rules_st, dealer=st.integers(0, 2), deal_seed=seeds, play_seed=seeds)
def test_random_play_keeps_the_pack_and_refuses_broken_moves_unchanged(
    rules: TyzichaRules, dealer: int, deal_seed: int, play_seed: int
) -> None:
    state = TyzichaState.deal(rules, dealer, seed=deal_seed)
    rng = random.Random(play_seed)
    bot = RandomTyzichaBot()
    steps = 0
    while not state.is_over:
        assert every_card(state) == sorted(PACK)
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        for action in legal:
            state.check(action)
        seat = state.current
        view = observe(state, seat)
        action = bot.choose(view, legal, rng)
        before = state.fingerprint()
        for wrong, rule in broken(state, action, rng):
            try:
                state.apply(wrong)
            except IllegalAction as refused:
                assert refused.rule == rule
            else:
                raise AssertionError(f"{wrong} was accepted")
            assert state.fingerprint() == before
        for watcher in range(3):
            seen = observe(state, watcher)
            assert set(seen.hand) == set(state.hands[watcher])
            if state.forced and watcher != state.declarer:
                assert seen.widow == ()
            assert observe(determinize(seen, rng), watcher) == seen
        state.apply(action)
        steps += 1
        assert steps < 200
    assert every_card(state) == sorted(PACK)
    result = state.result
    assert result is not None and result.declarer == state.declarer
    if result.how != "conceded":
        assert sum(result.card_points) == 120
        made = result.scores[result.declarer] > 0
        assert made == (result.how == "made")


@SETTINGS
@given(rules=rules_st, first=st.integers(0, 2), seed=seeds, target=st.sampled_from([301, 1001]))
def test_a_match_ends_with_a_declarer_over_the_target_and_the_others_held(
    rules: TyzichaRules, first: int, seed: int, target: int
) -> None:
    rules = TyzichaRules(**{**rules.to_json(), "target": target})
    match = TyzichaMatch(rules, first)
    rng = random.Random(seed)
    bots = [HeuristicTyzichaBot() for _ in range(3)]
    hands = 0
    while not match.is_over:
        state = match.start_hand(seed=rng.randrange(2**32))
        while not state.is_over:
            seat = state.current
            state.apply(bots[seat].choose(observe(state, seat), state.legal_actions(), rng))
        result = match.finish_hand()
        hands += 1
        for seat in range(3):
            if seat != result.declarer:
                assert match.scores[seat] < target
        assert hands < 400
    winner = match.winner
    assert winner is not None and match.scores[winner] >= target
    assert match.results[-1].declarer == winner
