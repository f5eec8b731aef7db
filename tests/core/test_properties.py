"""Property tests of the hand state machine under random legal play (Hypothesis draws the deals and the play).

For seeded deals under the standard rules and the variations (no sets, take-pile-requires-meld,
biribaki without a biriba, a minimum initial meld with drawn team scores):

* the pack is conserved after every action, and the hand sizes match the count vectors;
* a legal action exists until the hand ends, and every hand ends;
* a record of the hand replays through every intermediate state to the same scores, also after a JSON round trip;
* ``clone()`` is independent of the original;
* an illegal action raises :class:`IllegalAction` naming a known rule and changes nothing.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from biriba.bots import make_bot
from biriba.core.actions import Action, Discard, Draw, Extend, Meld, Pass, TakePile
from biriba.core.cards import JOKER, N_CARD_TYPES, cards_of, counts_of, make_card, pack, parse_cards, shuffled_pack
from biriba.core.compiled import COMPILED
from biriba.core.errors import IllegalAction
from biriba.core.melds import (
    _ID_MASK,
    _SUIT_STATES,
    TWOS,
    WILD_CARDS,
    MeldCards,
    MeldRules,
    _find_hardest_card,
    _layable_with_sets,
    _lonely_cards,
    _melds_holding,
    _PartitionSearch,
    all_melds,
    layable,
    longer_melds_holding,
    meld_shape,
    runs_only_layable,
    three_card_melds,
    three_card_melds_holding,
    whole_hand_partition_using,
    whole_hand_partitions,
)
from biriba.core.records import Deal, HandRecord
from biriba.core.rules import Rules
from biriba.core.scoring import BiribakiStatus
from biriba.core.state import HandState, Phase
from biriba.core.views import observe
from biriba.i18n import LANGUAGES, Words

PACK = sorted(pack(2, 4))
MAX_STEPS = 20_000
"""A random hand takes a few hundred actions; this bound only catches a hand that never ends."""

RULE_IDS = {
    "hand-over",
    "not-your-turn",
    "one-draw-per-turn",
    "draw-first",
    "draw-pile-empty",
    "pass-only-when-draw-pile-empty",
    "discard-pile-empty",
    "single-card-pile",
    "take-pile-requires-meld",
    "meld-invalid",
    "no-such-meld",
    "extend-invalid",
    "no-wild-swap",
    "card-not-in-hand",
    "initial-meld-minimum",
    "keep-two-cards",
    "keep-a-discard",
    "last-card",
}

VARIANTS = {
    "standard": Rules.from_preset("standard"),
    "no-sets": Rules.from_preset("standard", sets=False),
    "take-pile-requires-meld": Rules.from_preset("standard", take_pile_requires_meld=True),
    "biribaki-without-biriba": Rules.from_preset("standard", biriba_for_biribaki=False),
    "initial-meld-5000-c": Rules.from_json({"preset": "standard", "initial_meld": "5000-c"}),
}

PROPERTY_SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2**32 - 1)
rules_st = st.sampled_from(sorted(VARIANTS)).map(VARIANTS.__getitem__)
team_scores_st = st.tuples(st.integers(0, 4999), st.integers(0, 4999))


def random_policy(rng: random.Random) -> Callable[[HandState, list[Action]], Action]:
    """Uniform choice among the legal actions, or (half the time) the random bot seen through a view."""
    if rng.random() < 0.5:
        return lambda state, legal: legal[rng.randrange(len(legal))]
    bot = make_bot("random")
    return lambda state, legal: bot.choose(observe(state, state.current), legal, rng)


def assert_conserved(state: HandState) -> None:
    assert sorted(state.all_cards()) == PACK
    for seat in range(4):
        assert state.hand_sizes[seat] == sum(state.hands[seat])
        assert all(n >= 0 for n in state.hands[seat])


def play_random_hand(
    rules: Rules,
    dealer: int,
    deal_seed: int,
    play_seed: int,
    team_scores: tuple[int, int],
    on_state: Callable[[HandState, list[Action]], None] | None = None,
) -> tuple[HandRecord, HandState, list[tuple[object, ...]]]:
    """Play a hand with random legal actions, checking conservation and liveness after every action.

    Returns the record, the final state and the fingerprint after each action.
    """
    record = HandRecord(rules, dealer, Deal(seed=deal_seed), scores=(*team_scores, *team_scores))
    state = record.start()
    assert_conserved(state)
    rng = random.Random(play_seed)
    choose = random_policy(rng)
    trace: list[tuple[object, ...]] = []
    while not state.is_over:
        assert len(record.actions) < MAX_STEPS, f"the hand did not end within {MAX_STEPS} actions"
        legal = state.legal_actions()
        assert legal, f"no legal action in phase {state.phase.name} for seat {state.current}"
        if on_state is not None:
            on_state(state, legal)
        action = choose(state, legal)
        state.apply(action)
        record.actions.append(action)
        assert_conserved(state)
        trace.append(state.fingerprint())
    assert state.legal_actions() == []
    return record, state, trace


def scores_json(state: HandState) -> list[dict[str, object]]:
    return [score.to_json() for score in state.team_scores_for_hand()]


# --- conservation, liveness, termination ---------------------------------------------------------


@PROPERTY_SETTINGS
@given(rules=rules_st, dealer=st.integers(0, 3), deal_seed=seeds, play_seed=seeds, team_scores=team_scores_st)
def test_random_play_conserves_the_pack_and_ends(
    rules: Rules, dealer: int, deal_seed: int, play_seed: int, team_scores: tuple[int, int]
) -> None:
    _, state, _ = play_random_hand(rules, dealer, deal_seed, play_seed, team_scores)
    assert state.phase is Phase.OVER
    if state.went_out >= 0:
        assert state.hand_sizes[state.went_out] == 0
        assert state.team_has_biriba(state.went_out % 2)
    else:
        assert not state.draw_pile
        assert state.passes == 4
    # The score sheet of the finished hand agrees with the table.
    for team, score in enumerate(state.team_scores_for_hand()):
        assert score.melded == sum(rules.card_value(c) for meld in state.melds[team] for c in meld.cards)
        went_out = state.went_out >= 0 and state.went_out % 2 == team
        assert score.going_out == (rules.going_out_bonus if went_out else 0)
        assert score.in_hand <= 0
        assert (score.biribas > 0) == state.team_has_biriba(team)
        assert (score.biribaki < 0) == (state.biribaki_status(team) is not BiribakiStatus.TAKEN)
        assert score.score == score.melded + score.in_hand + score.biribas + score.going_out + score.biribaki


# --- replay --------------------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(
    rules=rules_st,
    dealer=st.integers(0, 3),
    deal_seed=seeds,
    play_seed=seeds,
    team_scores=team_scores_st,
    as_deck=st.booleans(),
)
def test_record_replays_every_state_and_the_scores(
    rules: Rules, dealer: int, deal_seed: int, play_seed: int, team_scores: tuple[int, int], as_deck: bool
) -> None:
    record, state, trace = play_random_hand(rules, dealer, deal_seed, play_seed, team_scores)
    if as_deck:
        # The same deck given card by card deals the same hand as the seed.
        record.deal = Deal(deck=tuple(shuffled_pack(2, 4, deal_seed)))
    assert len(trace) == len(record.actions)

    def replay_trace(source: HandRecord) -> tuple[list[tuple[object, ...]], HandState]:
        seen: list[tuple[object, ...]] = []

        def on_state(index: int, replayed: HandState) -> None:
            assert index == len(seen)
            seen.append(replayed.fingerprint())

        final = source.replay(on_state=on_state)
        return seen, final

    seen, final = replay_trace(record)
    assert seen == trace
    assert final.fingerprint() == state.fingerprint()
    assert scores_json(final) == scores_json(state)

    data = json.loads(json.dumps(record.to_json()))
    again = HandRecord.from_json(data)
    assert again.rules == rules
    assert again.start().fingerprint() == record.start().fingerprint()
    seen_again, final_again = replay_trace(again)
    assert seen_again == trace
    assert final_again.fingerprint() == state.fingerprint()
    assert scores_json(final_again) == scores_json(state)


# --- clone ---------------------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(
    rules=rules_st,
    dealer=st.integers(0, 3),
    deal_seed=seeds,
    play_seed=seeds,
    team_scores=team_scores_st,
    probe_seed=seeds,
)
def test_clone_is_independent(
    rules: Rules, dealer: int, deal_seed: int, play_seed: int, team_scores: tuple[int, int], probe_seed: int
) -> None:
    probe = random.Random(probe_seed)
    probes = [0]

    def on_state(state: HandState, legal: list[Action]) -> None:
        if probe.random() > 0.08:
            return
        probes[0] += 1
        before = state.fingerprint()
        copy = state.clone()
        assert copy.fingerprint() == before
        # Play the copy on for a while (through turns, biribakia and pile takes).
        for _ in range(probe.randrange(1, 60)):
            if copy.is_over:
                break
            options = copy.legal_actions()
            copy.apply(options[probe.randrange(len(options))])
        assert state.fingerprint() == before
        assert state.legal_actions() == legal
        # And the other way round: playing the original does not move a clone.
        copy = state.clone()
        snapshot = copy.fingerprint()
        original = state.clone()
        original.apply(legal[probe.randrange(len(legal))])
        assert copy.fingerprint() == snapshot

    play_random_hand(rules, dealer, deal_seed, play_seed, team_scores, on_state=on_state)


def _another(value: object) -> object:  # noqa: PLR0911
    """A value of the same kind as ``value`` that differs from it."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, Phase):
        return Phase.OVER if value is not Phase.OVER else Phase.PLAY
    if isinstance(value, int):
        return value + 1
    if value is None:
        return 1
    if isinstance(value, Rules):
        return Rules.from_preset("kouridakis")
    if isinstance(value, frozenset):
        return value | {JOKER}
    if isinstance(value, tuple):
        return (*value, 0)
    if isinstance(value, list):
        return [*value, value[0] if value else 0]
    raise AssertionError(f"no other value for {value!r}")


@pytest.mark.skipif(COMPILED, reason="a compiled class keeps no __slots__ to list its fields (the source is the same)")
def test_clone_and_fingerprint_cover_every_field() -> None:
    """Every field of the state is copied by ``clone`` and seen by ``fingerprint``: a field added to the
    state and forgotten in either fails here."""
    state = HandState.deal(Rules.from_preset("standard"), dealer=0, seed=3)
    rng = random.Random(3)
    for _ in range(40):  # a state with melds, piles and a turn under way
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    for name in HandState.__slots__:
        assert getattr(copy, name) == getattr(state, name), f"clone() does not copy {name}"
        changed = state.clone()
        setattr(changed, name, _another(getattr(state, name)))
        assert changed.fingerprint() != state.fingerprint(), f"fingerprint() does not see {name}"


# --- illegal actions -----------------------------------------------------------------------------


ANY_RULE = "*"
"""An expected rule meaning: must be refused, under any rule."""


def illegal_candidates(state: HandState, legal: list[Action], rng: random.Random) -> list[tuple[Action, str | None]]:  # noqa: PLR0915
    """Actions made by mutating legal ones, each with the rule it must break.

    :data:`ANY_RULE`: refused under some rule; None: may also be legal (a mutation can land on a legal action).
    """
    seat = state.current
    other = (seat + rng.randrange(1, 4)) % 4
    hand = state.hands[seat]
    absent = [c for c in range(N_CARD_TYPES) if hand[c] == 0]
    team_melds = state.melds[seat % 2]
    out: list[tuple[Action, str | None]] = []
    base = legal[rng.randrange(len(legal))]
    # The same action by a seat not on turn.
    out.append((_with_seat(base, other), "not-your-turn"))
    if state.phase is Phase.DRAW:
        out.append((Discard(seat, rng.randrange(N_CARD_TYPES)), "draw-first"))
        out.append((Meld(seat, ((0, 1, 2),)), "draw-first"))
        out.append((Extend(seat, 0, (JOKER,)), "draw-first"))
        if state.draw_pile:
            out.append((Pass(seat), "pass-only-when-draw-pile-empty"))
        else:
            out.append((Draw(seat), "draw-pile-empty"))
        if TakePile(seat) not in legal:
            # legal_actions lists draw, take and pass exactly: an unlisted take must be refused.
            out.append((TakePile(seat), "discard-pile-empty" if not state.discard_pile else ANY_RULE))
        return out
    out.append((Draw(seat), "one-draw-per-turn"))
    out.append((TakePile(seat), "one-draw-per-turn"))
    out.append((Pass(seat), "one-draw-per-turn"))
    if absent:
        out.append((Discard(seat, rng.choice(absent)), "card-not-in-hand"))
    out.append((Discard(seat, rng.choice([-1, 53, 99])), "card-not-in-hand"))
    out.append((Extend(seat, len(team_melds) + rng.randrange(3), (rng.randrange(N_CARD_TYPES),)), "no-such-meld"))
    out.append((Extend(seat, -1 - rng.randrange(3), (rng.randrange(N_CARD_TYPES),)), "no-such-meld"))
    out.append((Meld(seat, ()), "meld-invalid"))
    out.append((Meld(seat, ((),)), "meld-invalid"))
    held = state.hand_cards(seat)
    # Random multisets of the hand's cards (sometimes with a stranger) as one or two melds.
    for _ in range(4):
        size = rng.randrange(1, min(len(held), 8) + 1)
        cards = tuple(sorted(rng.sample(held, size)))
        if absent and rng.random() < 0.3:
            cards = tuple(sorted((*cards[1:], rng.choice(absent))))
        melds = (cards,) if rng.random() < 0.7 else (cards, tuple(sorted(rng.sample(held, min(3, len(held))))))
        out.append((Meld(seat, melds), None))
    # Legal melds and extensions mutated: a card swapped for one not held, or added twice beyond the hand.
    plays = [a for a in legal if isinstance(a, Meld | Extend)]
    if plays and absent:
        play = plays[rng.randrange(len(plays))]
        stranger = rng.choice(absent)
        if isinstance(play, Meld):
            first = play.melds[0]
            out.append((Meld(seat, (tuple(sorted((*first[1:], stranger))),)), None))
        else:
            out.append((Extend(seat, play.meld, (stranger,)), None))
            out.append((Extend(seat, play.meld, tuple(sorted((*play.cards, stranger)))), None))
    if team_melds:
        index = rng.randrange(len(team_melds))
        size = rng.randrange(1, min(len(held), 4) + 1)
        out.append((Extend(seat, index, tuple(sorted(rng.sample(held, size)))), None))
        out.append((Extend(seat, index, ()), "extend-invalid"))
    return out


def _with_seat(action: Action, seat: int) -> Action:
    match action:
        case Draw():
            return Draw(seat)
        case TakePile():
            return TakePile(seat)
        case Pass():
            return Pass(seat)
        case Discard(_, card):
            return Discard(seat, card)
        case Meld(_, melds):
            return Meld(seat, melds)
        case Extend(_, meld, cards):
            return Extend(seat, meld, cards)


def assert_refused(state: HandState, action: Action, rule: str | None) -> bool:
    """Check ``action``: if the engine refuses it, the refusal names a known rule and changes nothing.

    ``rule`` (when given) is the rule it must break. Returns whether it was refused.
    """
    before = state.fingerprint()
    hand_before = [h[:] for h in state.hands]
    try:
        state.check(action)
    except IllegalAction as error:
        refused: IllegalAction | None = error
    else:
        refused = None
    assert state.fingerprint() == before
    if rule is not None:
        assert refused is not None, f"{action} was accepted; expected rule {rule}"
        assert rule in (ANY_RULE, refused.rule), f"{action}: rule {refused.rule}, expected {rule}"
    if refused is None:
        return False
    assert refused.rule, f"{action}: empty rule id"
    assert refused.rule in RULE_IDS, f"{action}: unknown rule id {refused.rule!r}"
    assert all(Words(language).refusal(refused) for language in LANGUAGES)
    assert f"[rule: {refused.rule}]" in str(refused)
    try:
        state.apply(action)
    except IllegalAction as error:
        assert error.rule == refused.rule
    else:
        raise AssertionError(f"apply accepted {action}, which check refused ({refused.rule})")
    assert state.fingerprint() == before
    assert state.hands == hand_before
    return True


@PROPERTY_SETTINGS
@given(
    rules=rules_st,
    dealer=st.integers(0, 3),
    deal_seed=seeds,
    play_seed=seeds,
    team_scores=team_scores_st,
    probe_seed=seeds,
)
def test_illegal_actions_raise_and_change_nothing(
    rules: Rules, dealer: int, deal_seed: int, play_seed: int, team_scores: tuple[int, int], probe_seed: int
) -> None:
    probe = random.Random(probe_seed)
    refused = [0]

    def on_state(state: HandState, legal: list[Action]) -> None:
        if probe.random() > 0.25:
            return
        for action, rule in illegal_candidates(state, legal, probe):
            if assert_refused(state, action, rule):
                refused[0] += 1
            else:
                # Accepted: it really is legal, and apply plays it on a copy.
                copy = state.clone()
                copy.apply(action)
                assert sorted(copy.all_cards()) == PACK

    _, final, _ = play_random_hand(rules, dealer, deal_seed, play_seed, team_scores, on_state=on_state)
    # Once the hand is over, everything is refused with hand-over.
    for action in (Draw(final.current), Pass(0), TakePile(1), Discard(final.current, 0), Meld(2, ((0, 1, 2),))):
        assert_refused(final, action, "hand-over")
    assert refused[0] > 0


@PROPERTY_SETTINGS
@given(rules=rules_st, dealer=st.integers(0, 3), deal_seed=seeds, team_scores=team_scores_st)
def test_the_deal_is_a_permutation_of_the_pack(
    rules: Rules, dealer: int, deal_seed: int, team_scores: tuple[int, int]
) -> None:
    state = HandState.deal(rules, dealer, seed=deal_seed, scores=(*team_scores, *team_scores))
    assert_conserved(state)
    assert state.hand_sizes == [11] * 4
    assert [len(p) for p in state.biribakia] == [11, 11]
    assert state.discard_pile == [state.upcard]
    assert len(state.draw_pile) == 108 - 44 - 22 - 1
    assert state.current == (dealer + 1) % 4 and state.phase is Phase.DRAW
    assert counts_of(state.all_cards()) == counts_of(PACK)


# --- a whole-hand opening that melds a given card ---------------------------------------------------


@st.composite
def hands_near_an_opening(draw: st.DrawFn) -> list[int]:
    """Runs and sets, with a card or two of noise: hands that often can be laid whole, and often just not."""
    cards: list[int] = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            suit, start, length = draw(st.integers(0, 3)), draw(st.integers(0, 10)), draw(st.integers(3, 5))
            cards += [suit * 13 + (start + i) % 13 for i in range(length)]
        else:
            rank = draw(st.integers(2, 12))
            cards += [suit * 13 + rank for suit in draw(st.lists(st.integers(0, 3), min_size=3, max_size=4))]
    cards += draw(st.lists(st.sampled_from(PACK), max_size=2))
    return cards


HAND_CARDS = hands_near_an_opening()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards=HAND_CARDS, picks=st.sets(st.integers(0, 9), min_size=1, max_size=2), keep_one=st.booleans())
def test_an_opening_melding_a_card_is_found_exactly_when_one_is_listed(
    cards: list[int], picks: set[int], keep_one: bool
) -> None:
    # The take-the-pile check asks for one opening that melds a pile card; the listing gives them all.
    using = frozenset(cards[i % len(cards)] for i in picks)
    counts = counts_of(cards)
    found = whole_hand_partition_using(counts, using, keep_one=keep_one)
    listed = [p for p in whole_hand_partitions(counts, keep_one=keep_one) if any(not using.isdisjoint(m) for m in p)]
    assert (found is not None) == bool(listed)
    if found is not None:
        assert found in whole_hand_partitions(counts, keep_one=keep_one)
        assert any(not using.isdisjoint(meld) for meld in found)


def _layable_by_enumeration(counts: list[int], rules: MeldRules, keep_one: bool) -> bool:
    """Whether the cards of ``counts`` lie exactly in valid melds (but one card with ``keep_one``), by
    trying every valid meld that holds the first card held: slow, and independent of the engine's
    searches and bounds."""
    if sum(counts) == 0 or (keep_one and sum(counts) == 1):
        return True
    first = next(card for card, held in enumerate(counts) if held)
    for meld in all_melds(counts, rules):
        if first in meld:
            rest = counts[:]
            for card in meld:
                rest[card] -= 1
            if _layable_by_enumeration(rest, rules, keep_one):
                return True
    if keep_one:
        rest = counts[:]
        rest[first] -= 1
        return _layable_by_enumeration(rest, rules, False)
    return False


@st.composite
def hands_of_runs(draw: st.DrawFn) -> list[int]:
    """Runs of one or two suits with wild cards, and a card or two of noise: hands near a way to lay them
    as runs, and often just not."""
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    cards: list[int] = []
    for _ in range(draw(st.integers(1, 3))):
        suit, start, length = draw(st.sampled_from(suits)), draw(st.integers(0, 12)), draw(st.integers(2, 6))
        cards += [suit * 13 + (start + i) % 13 for i in range(length)]
    cards += draw(st.lists(st.sampled_from([JOKER, *TWOS]), max_size=3))
    cards += draw(st.lists(st.sampled_from(PACK), max_size=2))
    counts = counts_of(cards)
    return [min(held, 2) if card != JOKER else held for card, held in enumerate(counts)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(counts=hands_of_runs(), keep_one=st.booleans(), ace_to_ace=st.booleans())
def test_the_runs_only_bound_says_exactly_whether_a_hand_lies_in_runs(
    counts: list[int], keep_one: bool, ace_to_ace: bool
) -> None:
    # Without sets, whether a hand can be laid at once is decided suit by suit (the searches ask it at every
    # step); it must agree with trying every meld, and so must the searches built on it.
    rules = MeldRules(sets=False, ace_to_ace=ace_to_ace)
    layable = _layable_by_enumeration(counts, rules, keep_one)
    assert runs_only_layable(bytes(counts), rules, keep_one) == layable
    assert bool(whole_hand_partitions(counts, rules, keep_one=keep_one)) == layable


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(counts=hands_of_runs(), sets=st.booleans(), ace_to_ace=st.booleans())
def test_longer_melds_holding_a_table_meld_are_exactly_those_of_every_meld(
    counts: list[int], sets: bool, ace_to_ace: bool
) -> None:
    # The extensions by several cards (listed when a pile card must be melded) are built from the table meld's
    # own suit or rank; they must be exactly the melds of all the cards that hold the table meld and two more.
    rules = MeldRules(sets=sets, ace_to_ace=ace_to_ace)
    hand = counts[:]
    for table in three_card_melds(counts, rules)[:6]:
        shape = meld_shape(table, rules)
        assert shape is not None
        rest = hand[:]
        for card in table:
            rest[card] -= 1
        pool = rest[:]
        for card in table:
            pool[card] += 1
        expected = [
            m for m in all_melds(pool, rules, len(table) + 2) if all(m.count(c) >= table.count(c) for c in set(table))
        ]
        assert longer_melds_holding(table, shape, rest, rules) == expected


MELD_OPTIONS = st.builds(
    MeldRules,
    sets=st.booleans(),
    sets_of_twos=st.booleans(),
    wild_melds=st.booleans(),
    ace_to_ace=st.booleans(),
    only_set_rank=st.sampled_from([0, 0, 1]),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards=HAND_CARDS, extra=st.lists(st.sampled_from([JOKER, *TWOS, 0, 13, 26, 39]), max_size=4), rules=MELD_OPTIONS)
def test_the_melds_holding_a_card_are_exactly_those_of_every_meld(
    cards: list[int], extra: list[int], rules: MeldRules
) -> None:
    # The partition search places each card in the melds that hold it, built from the card's own suit and rank
    # (its runs widened from its place, an Ace's at either end; its sets): they must be every valid meld of the
    # hand that holds it, whatever the meld options.
    counts = counts_of(cards + extra)
    every = all_melds(counts, rules)
    for card, held in enumerate(counts):
        if held:
            assert list(_melds_holding(card, bytes(counts), rules)) == [m for m in every if card in m]


@st.composite
def small_hands(draw: st.DrawFn) -> list[int]:
    """Up to a dozen cards of two decks, near runs and sets, with wild cards."""
    suit = draw(st.integers(0, 3))
    low = draw(st.integers(1, 10))
    cards = [make_card(rank, suit) for rank in range(low, min(low + draw(st.integers(0, 5)), 14))]
    rank = draw(st.integers(1, 13))
    cards += [make_card(rank, s) for s in draw(st.lists(st.integers(0, 3), max_size=3))]
    cards += draw(st.lists(st.sampled_from([JOKER, *TWOS]), max_size=3))
    cards += draw(st.lists(st.integers(0, 52), max_size=2))
    return [min(held, 2) for held in counts_of(cards)]


def melds_by_trying_every_part(counts: list[int], rules: MeldRules) -> list[MeldCards]:
    """Every part of the hand, of three cards or more, that :func:`meld_shape` reads as a meld, sorted."""
    held = [card for card, n in enumerate(counts) if n]
    found = []
    for taken in product(*(range(counts[card] + 1) for card in held)):
        part = tuple(card for card, n in zip(held, taken, strict=True) for _ in range(n))
        if len(part) >= 3 and meld_shape(part, rules) is not None:
            found.append(part)
    return sorted(found)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(counts=small_hands(), rules=MELD_OPTIONS)
def test_every_meld_of_a_hand_is_listed_once_in_order(counts: list[int], rules: MeldRules) -> None:
    assert all_melds(counts, rules) == melds_by_trying_every_part(counts, rules)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cards=st.one_of(HAND_CARDS, hands_of_runs().map(lambda counts: list(cards_of(counts)))),
    extra=st.lists(st.sampled_from([JOKER, *TWOS, 0, 13, 26, 39]), max_size=4),
    rules=MELD_OPTIONS,
)
def test_every_meld_listed_of_a_hand_is_valid(cards: list[int], extra: list[int], rules: MeldRules) -> None:
    # A hand's runs and sets are built valid and listed without asking meld_shape (under a minimum first meld
    # a big hand has thousands): each must still be a meld, whatever the meld options.
    counts = counts_of(cards + extra)
    melds = all_melds(counts, rules)
    assert all(meld_shape(meld, rules) is not None for meld in melds), [m for m in melds if not meld_shape(m, rules)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cards=HAND_CARDS,
    extra=st.lists(st.sampled_from([JOKER, *TWOS, 0, 13, 26, 39]), max_size=4),
    wanted=st.lists(st.sampled_from(PACK), min_size=1, max_size=4),
    rules=MELD_OPTIONS,
)
def test_the_three_card_melds_holding_some_cards_are_those_of_all_the_three_card_melds(
    cards: list[int], extra: list[int], wanted: list[int], rules: MeldRules
) -> None:
    # The pile checks gather only the groups of three-card melds that can hold a pile card (a natural card's
    # suit and rank; every group for a wild card): they must list the same melds, in the same order.
    counts = counts_of(cards + extra + wanted)
    using = frozenset(wanted)
    expected = [meld for meld in three_card_melds(counts, rules) if not using.isdisjoint(meld)]
    assert three_card_melds_holding(counts, using, rules) == expected


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards=HAND_CARDS, extra=st.lists(st.sampled_from([JOKER, *TWOS, 0, 13, 26, 39]), max_size=4), rules=MELD_OPTIONS)
def test_the_search_places_first_the_card_the_fewest_three_card_melds_hold(
    cards: list[int], extra: list[int], rules: MeldRules
) -> None:
    # The partition search counts each card's places in the three-card melds from the cached groups of
    # three_card_melds (a suit's runs, a rank's sets): the pivot must be the one the melds themselves give,
    # a card held twice in a meld counting twice; the first card in none ends the search.
    counts = counts_of(cards + extra)
    places = Counter(card for meld in three_card_melds(counts, rules) for card in meld)
    held = [card for card, n in enumerate(counts) if n]
    unplaceable = [card for card in held if not places[card]]
    expected = (
        (unplaceable[0], False)
        if unplaceable
        else (min(held, key=lambda card: (card in WILD_CARDS, places[card], card)), True)
    )
    assert _find_hardest_card(bytes(counts), rules) == expected


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cards=HAND_CARDS,
    extra=st.lists(st.sampled_from([JOKER, *TWOS, 0, 13, 26, 39]), max_size=4),
    rules=MELD_OPTIONS.filter(lambda rules: not rules.runs_only),
    keep_one=st.booleans(),
)
def test_the_bound_with_sets_says_whether_a_hand_lies_in_melds(
    cards: list[int], extra: list[int], rules: MeldRules, keep_one: bool
) -> None:
    # The whole-hand searches ask first whether a hand can be laid at all, and skip the search where the
    # answer is no: a no must be right. Where it answers (not past its limit of work), it is exact but for
    # the melds of three wild cards or more that it allows where only sets of Twos are melds.
    counts = counts_of(cards + extra)
    truth = _layable_by_enumeration(counts, rules, keep_one)
    answer = _layable_with_sets(bytes(counts), rules.number, keep_one)
    assert layable(bytes(counts), rules, keep_one) == (answer is not False)
    if truth:
        assert answer is not False
    elif answer and not rules.wild_melds:
        assert rules.sets_of_twos and sum(counts[wild] for wild in WILD_CARDS) >= 3
    if answer is not None and (rules.wild_melds or not rules.sets_of_twos):
        assert answer == truth


@st.composite
def hands_of_pairs(draw: st.DrawFn) -> list[int]:
    """Cards of four to seven ranks but the Two, each in two or three suits (a card up to three times, as
    from three decks), near runs and sets at once, with up to three wild cards: the hands whose ways to send
    cards to sets multiply, that an earlier bound left to the search."""
    cards: list[int] = []
    for rank in draw(st.lists(st.sampled_from([0, *range(2, 13)]), min_size=4, max_size=7, unique=True)):
        cards += [suit * 13 + rank for suit in draw(st.lists(st.integers(0, 3), min_size=2, max_size=3))]
    cards += draw(st.lists(st.sampled_from([JOKER, *TWOS]), max_size=3))
    return cards


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cards=hands_of_pairs(),
    rules=MELD_OPTIONS.filter(lambda rules: not rules.runs_only),
    keep_one=st.booleans(),
)
def test_the_bound_with_sets_answers_hands_of_many_pairs_exactly(
    cards: list[int], rules: MeldRules, keep_one: bool
) -> None:
    # Where it answers (all but a few of the biggest hands with three wild cards), the answer is that of
    # trying every meld, but for the melds of three wild cards or more that it allows where only sets of
    # Twos are melds; where it does not, layable says maybe.
    counts = counts_of(cards)
    truth = _layable_by_enumeration(counts, rules, keep_one)
    answer = _layable_with_sets(bytes(counts), rules.number, keep_one)
    if answer is None:
        assert layable(bytes(counts), rules, keep_one)
    elif rules.wild_melds or not rules.sets_of_twos or sum(counts[wild] for wild in WILD_CARDS) < 3:
        assert answer == truth
    else:
        assert answer or not truth


def test_the_bound_with_sets_never_counts_a_wild_card_it_does_not_hold() -> None:
    # Two runs of Spades lay all but one card; the Eights of Diamonds and Clubs then need a third Eight or a
    # wild card, and there is none: with one card kept, still one too many. (The bound once let a run bridge
    # a gap with a wild card the hand did not hold, which it counted as the card kept.)
    rules = MeldRules(wild_melds=True, ace_to_ace=True)
    counts = counts_of(parse_cards(["5S", "6S", "7S", "7S", "8S", "9S", "8D", "8C"]))
    assert not _layable_by_enumeration(counts, rules, keep_one=True)
    assert _layable_with_sets(bytes(counts), rules.number, keep_one=True) is False
    spades = counts_of(parse_cards(["5S", "6S", "7S", "7S", "8S", "9S"]))
    assert _layable_with_sets(bytes(spades), rules.number, keep_one=True) is True


def test_the_bound_with_sets_answers_the_same_once_its_suit_states_are_numbered_anew() -> None:
    # A way's key holds each suit's state by a number; once half the numbers a key can hold are given, they
    # are given anew before the next hand is checked, and the steps cached by number are forgotten with
    # them. The answers stay those of a fresh start.
    rules = MeldRules(wild_melds=True, ace_to_ace=True)
    hands = [
        "5S 6S 7S 7S 8S 9S 8D 8C",
        "QD AD 2D 7S 7H",
        "AS 2S 9S AH 2H 3H 6H 9H QH KH 2D 3D 6D QD 2C KC JK",
        "3H 4H 5H 6H 7H 7D 7C 7S JK 9C 10C JC QC KC AC 2C",
        "AD AD AS AC 4S 5S 6S 6S 7S 8S 9D 10D JD JD QD KD",
    ]
    checked = [(bytes(counts_of(parse_cards(hand.split()))), keep_one) for hand in hands for keep_one in (False, True)]
    answers = [_layable_with_sets.__wrapped__(counts, rules.number, keep_one) for counts, keep_one in checked]
    assert set(answers) == {True, False}
    _SUIT_STATES.extend([0] * (_ID_MASK // 2 + 1 - len(_SUIT_STATES)))
    again = [_layable_with_sets.__wrapped__(counts, rules.number, keep_one) for counts, keep_one in checked]
    assert again == answers
    assert len(_SUIT_STATES) < _ID_MASK // 2


def test_a_card_that_no_card_comes_near_is_refused_before_the_places_are_played() -> None:
    # A card with no card of its suit two places or nearer and no other card of its rank lies in no meld:
    # the Seven of Spades here. The Queen and the Ace of Diamonds are two places apart (over the King), so
    # with the Two between them they make a run.
    rules = MeldRules(ace_to_ace=True)
    counts = counts_of(parse_cards(["QD", "AD", "2D", "7S"]))
    assert _lonely_cards(bytes(counts), rules.set_ranks) == 1
    assert _layable_with_sets(bytes(counts), rules.number, keep_one=True) is True
    assert _layable_with_sets(bytes(counts), rules.number, keep_one=False) is False
    # A second Seven may make a set: neither is lonely, and the one wild card cannot serve both.
    sevens = counts_of(parse_cards(["QD", "AD", "2D", "7S", "7H"]))
    assert _lonely_cards(bytes(sevens), rules.set_ranks) == 0
    assert _layable_with_sets(bytes(sevens), rules.number, keep_one=True) is False
    assert not _layable_by_enumeration(sevens, rules, keep_one=True)
    # An Ace is near the Two and Three below it and the King and Queen above it.
    assert _lonely_cards(bytes(counts_of(parse_cards(["AH", "3H", "KC", "AC"]))), rules.set_ranks) == 0


def test_the_bound_with_sets_settles_a_hand_whose_sets_could_be_made_many_ways() -> None:
    # Eight ranks held twice or more and a Joker: the ways to send cards to sets multiply suit by suit, and
    # the search took 58 steps to find no way. Played place by place, the bound says no at once, so the
    # whole-hand search is not run.
    rules = MeldRules()
    hand = ["AS", "2S", "9S", "AH", "2H", "3H", "6H", "9H", "QH", "KH", "2D", "3D", "6D", "QD", "2C", "KC", "JK"]
    counts = counts_of(parse_cards(hand))
    assert not _layable_by_enumeration(counts, rules, keep_one=False)
    assert _layable_with_sets(bytes(counts), rules.number, keep_one=False) is False
    assert not layable(bytes(counts), rules, keep_one=False)
    assert whole_hand_partitions(counts, rules) == ()


def test_the_bound_with_sets_leaves_a_huge_hand_with_many_wild_cards_to_the_search() -> None:
    # Past its limit of ways (a 40-card hand with twelve wild cards opens runs everywhere) the bound does not
    # answer: layable says maybe, and the search decides.
    rules = Rules.from_preset("standard", players=5).meld_rules
    hand = "AS 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AD 3D 4D 5D 6D 7D 8D 9D"
    counts = counts_of(
        parse_cards([*hand.split(), "2S", "2H", "2D", "2C", "2S", "2H", "2D", "2C", "JK", "JK", "JK", "JK"])
    )
    assert _layable_with_sets(bytes(counts), rules.number, keep_one=True) is None
    assert layable(bytes(counts), rules, keep_one=True)


def test_the_bound_with_sets_settles_a_hand_of_pairs_and_runs() -> None:
    # Every card lies in a three-card meld of this hand (the search's first bound passes it), but the lone
    # pair of Fives needs a wild card and the one wild card is needed by the pair of Nines: no way.
    rules = MeldRules()
    counts = counts_of(parse_cards(["5S", "5H", "9S", "9H", "4D", "5D", "6D", "7D", "JK"]))
    assert all(counts[card] == 0 or any(card in meld for meld in three_card_melds(counts, rules)) for card in range(53))
    assert _layable_with_sets(bytes(counts), rules.number, keep_one=False) is False
    assert not _layable_by_enumeration(counts, rules, keep_one=False)
    assert whole_hand_partitions(counts, rules) == ()
    # With a second wild card both pairs make sets.
    more = counts_of(parse_cards(["5S", "5H", "9S", "9H", "4D", "5D", "6D", "7D", "JK", "2C"]))
    assert _layable_with_sets(bytes(more), rules.number, keep_one=False) is True
    assert whole_hand_partitions(more, rules)


HUGE_HAND = (
    "AS 2S 4S 7S 8S 8S 8S 9S 10S AH 2H 2H 3H 5H 7H 8H 8H 9H 9H 10H JH KH 3D 4D 5D 5D 7D 7D 8D 9D 10D 10D JD QD KD "
    "AC 2C 8C 8C 9C 9C 10C JC QC KC JK JK"
)
"""47 cards a random hand of the 5-player game without sets held when it asked to take the pile."""


def test_a_huge_hand_that_no_way_lays_is_settled_without_searching() -> None:
    # The search used to spend its whole budget on this hand (every card in some three-card meld, no way to lay
    # them all) and find nothing, so that a way it might have missed refused the pile.
    rules = Rules.from_preset("kouridakis", players=5).meld_rules
    counts = counts_of(parse_cards(HUGE_HAND.split()))
    in_a_meld = {card for meld in three_card_melds(counts, rules) for card in meld}
    assert all(card in in_a_meld for card, held in enumerate(counts) if held)
    assert not runs_only_layable(bytes(counts), rules, keep_one=True)
    search = _PartitionSearch(rules, 1, short=True)
    assert not search.lay(counts, True, False)
    assert search.steps == 1  # the root, settled by the bound
