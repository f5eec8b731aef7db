"""Seat views: a seat sees its own hand and the public facts, never hidden cards."""

from __future__ import annotations

import json
import random

import pytest

from biriba.bots import make_bot
from biriba.core.actions import Discard, Redraw
from biriba.core.cards import card_codes, counts_of
from biriba.core.rules import Rules
from biriba.core.state import HandState
from biriba.core.views import SeatView, observe

STANDARD = Rules.from_preset("standard")

VIEW_FIELDS = {
    "rules",
    "seat",
    "dealer",
    "current",
    "phase",
    "hand_counts",
    "hand_sizes",
    "seat_team",
    "melds",
    "discard_pile",
    "discard_pile_size",
    "known_cards",
    "discarded",
    "draw_pile_size",
    "biribakia_left",
    "biribaki",
    "bonus_suit",
    "upcard",
    "banned_discard",
    "must_meld_from_pile",
    "drawn",
    "passes",
    "went_out",
    "scores",
    "public",
}
PUBLIC_FIELDS = {
    "biribaki_holders",
    "unplayed_biribaki",
    "packets_used",
    "pile_obligation",
    "obligation_new_meld",
    "opening_turn",
    "redraw_allowed",
    "last_turn",
    "no_going_out",
    "cut",
}
"""Facts everyone at the table saw happen: who took which biribaki, what the turn on still owes."""
JSON_KEYS = {
    "seat",
    "dealer",
    "current",
    "phase",
    "hand",
    "hand_sizes",
    "teams",
    "melds",
    "discard_pile",
    "discard_pile_size",
    "known_cards",
    "discarded",
    "draw_pile_size",
    "biribakia_left",
    "biribaki",
    "bonus_suit",
    "upcard",
    "passes",
    "went_out",
    "scores",
}
SEAT_SPECIFIC = {"seat", "hand_counts", "banned_discard", "must_meld_from_pile", "drawn"}


def whole_hand(seed: int, levels: list[str], rules: Rules = STANDARD) -> list[HandState]:
    """Every state of a bot hand, from the deal to the end (copies)."""
    bots = [make_bot(level) for level in levels]
    rng = random.Random(seed)
    state = HandState.deal(rules, seed % 4, seed=seed)
    states = [state.clone()]
    while not state.is_over:
        assert len(states) < 5000, "the hand does not end"
        seat = state.current
        state.apply(bots[seat].choose(observe(state, seat), state.legal_actions(), rng))
        states.append(state.clone())
    return states


HANDS = [
    (1, ["random"] * 4, STANDARD),
    (2, ["greedy", "random", "greedy", "random"], STANDARD),
    (3, ["random", "greedy", "random", "greedy"], Rules.from_preset("standard", take_pile_requires_meld=True)),
]


@pytest.fixture(scope="module", params=HANDS, ids=["random", "greedy-random", "pile-rule"])
def states(request: pytest.FixtureRequest) -> list[HandState]:
    seed, levels, rules = request.param
    return whole_hand(seed, levels, rules)


def test_view_fields_are_exactly_the_public_facts_and_the_own_hand() -> None:
    assert set(SeatView._fields) == VIEW_FIELDS
    view = observe(HandState.deal(STANDARD, 0, seed=1), 0)
    assert set(view.public._fields) == PUBLIC_FIELDS
    for hidden in ("hands", "draw_pile", "biribakia", "last_drawn"):
        assert not hasattr(view, hidden)
        assert not hasattr(view.public, hidden)


def test_views_hold_what_the_state_says(states: list[HandState]) -> None:
    for state in states:
        for seat in range(4):
            view = observe(state, seat)
            assert view.seat == seat and view.team == seat % 2
            assert list(view.hand) == state.hand_cards(seat)
            assert len(view.hand) == state.hand_sizes[seat]
            assert list(view.hand_sizes) == state.hand_sizes
            assert view.draw_pile_size == len(state.draw_pile)
            assert list(view.discard_pile) == state.discard_pile
            assert list(view.biribakia_left) == [len(p) for p in state.biribakia[state.packets_used :]]
            assert list(view.biribaki) == [state.biribaki_status(t) for t in range(2)]
            assert [[(m.cards, m.shape) for m in team] for team in view.melds] == [
                [(m.cards, m.shape) for m in team] for team in state.melds
            ]
            assert (view.dealer, view.current, view.phase) == (state.dealer, state.current, state.phase)
            assert (view.bonus_suit, view.upcard) == (state.bonus_suit, state.upcard)
            assert (view.passes, view.went_out, view.scores) == (state.passes, state.went_out, state.scores)
            on_turn = seat == state.current
            assert view.banned_discard == (state.banned_discard if on_turn else -1)
            assert view.must_meld_from_pile == (on_turn and state.pile_obligation is not None)
            assert view.my_turn == (on_turn and not state.is_over)
            assert view.seat_team == tuple(state.seat_team) and view.discard_pile_size == len(state.discard_pile)
            # What everyone knows a seat holds, it holds.
            for other, known in enumerate(view.known_cards):
                assert all(n <= held for n, held in zip(known, state.hands[other], strict=True))


@pytest.mark.parametrize("preset", ["standard", "buraco-aberto", "buraco-fechado"])
def test_every_seat_sees_each_seats_discards_in_order(preset: str) -> None:
    # Buraco: the redraw of the first draw turns a card up too. Buraco fechado: a closed pile shows its
    # top card only, and no record of the discards shows what it hides.
    rules = Rules.from_preset(preset, players=4)
    closed = rules.closed_discard_pile
    rng = random.Random(5)
    bots = [make_bot("random")] * 4
    expected: list[list[int]] = [[] for _ in range(4)]
    redraws = 0
    for seed in range(6):
        state = HandState.deal(rules, seed % 4, seed=seed)
        expected = [[] for _ in range(4)]
        while not state.is_over:
            seat = state.current
            legal = state.legal_actions()
            action = next((a for a in legal if isinstance(a, Redraw)), None)  # (taken whenever offered)
            action = action or bots[seat].choose(observe(state, seat), legal, rng)
            if isinstance(action, Discard):
                expected[seat].append(action.card)
            elif isinstance(action, Redraw):
                expected[seat].append(state.last_drawn)
                redraws += 1
            state.apply(action)
            shown = [[] for _ in range(4)] if closed else expected
            for viewer in range(4):
                assert [list(cards) for cards in observe(state, viewer).discarded] == shown
            assert [list(cards) for cards in state.discarded] == expected
        data = observe(state, 0).to_json()
        assert data["discarded"] == [card_codes(cards) for cards in shown]
    assert any(expected) and (preset == "standard" or redraws)


def test_public_facts_are_the_same_for_every_seat(states: list[HandState]) -> None:
    public = [name for name in SeatView._fields if name not in SEAT_SPECIFIC]
    for state in states[::3]:
        views = [observe(state, seat) for seat in range(4)]
        for name in public:
            assert len({repr(getattr(v, name)) for v in views}) == 1, name


def test_view_json_has_only_public_keys_and_the_own_hand(states: list[HandState]) -> None:
    for state in states[::5]:
        for seat in range(4):
            data = observe(state, seat).to_json()
            assert set(data) == JSON_KEYS
            assert data["seat"] == seat
            assert data["hand"] == card_codes(state.hand_cards(seat))
            assert data["hand_sizes"] == state.hand_sizes
            assert data["draw_pile_size"] == len(state.draw_pile)
            assert data["discard_pile"] == card_codes(state.discard_pile)
            assert data["biribakia_left"] == [len(p) for p in state.biribakia[state.packets_used :]]
            assert sum(len(meld["cards"]) for team in data["melds"] for meld in team) == sum(
                len(m.cards) for team in state.melds for m in team
            )
            # lists in the JSON hold card codes only where the cards are public or the seat's own
            card_lists = [data["hand"], data["discard_pile"]] + [m["cards"] for t in data["melds"] for m in t]
            assert sum(len(cards) for cards in card_lists) == (
                state.hand_sizes[seat] + len(state.discard_pile) + sum(len(m.cards) for t in state.melds for m in t)
            )
            # the cards known in other hands are the ones seen taken with the discard pile
            assert [len(cards) for cards in data["known_cards"]] == [sum(known) for known in state.known]
            json.dumps(data)


def reshuffle_hidden(state: HandState, seat: int, rng: random.Random) -> HandState:
    """A state with the same public facts and the same hand for ``seat``, hidden cards dealt anew."""
    other = state.clone()
    others = [s for s in range(4) if s != seat]
    untaken = range(state.packets_used, len(state.biribakia))
    pool = [c for s in others for c in state.hand_cards(s)] + list(state.draw_pile)
    pool += [c for p in untaken for c in state.biribakia[p]]
    rng.shuffle(pool)
    position = 0
    for s in others:
        size = state.hand_sizes[s]
        other.hands[s] = counts_of(pool[position : position + size])
        position += size
    other.draw_pile = pool[position : position + len(state.draw_pile)]
    position += len(state.draw_pile)
    packets = list(state.biribakia)
    for p in untaken:
        packets[p] = pool[position : position + len(packets[p])]
        position += len(packets[p])
    other.biribakia = packets
    assert position == len(pool)
    return other


def test_a_view_cannot_tell_hidden_deals_apart(states: list[HandState]) -> None:
    rng = random.Random(0)
    differed = 0
    for state in states[::4]:
        for seat in range(4):
            other = reshuffle_hidden(state, seat, rng)
            assert sorted(other.all_cards()) == sorted(state.all_cards())
            differed += other.fingerprint() != state.fingerprint()
            assert observe(other, seat) == observe(state, seat)
            assert observe(other, seat).to_json() == observe(state, seat).to_json()
    assert differed > 0


def test_other_hands_change_other_views_only() -> None:
    state = HandState.deal(STANDARD, 0, seed=11)
    before = [observe(state, seat) for seat in range(4)]
    changed = state.clone()
    # swap seat 2's hand with the top 11 cards of the draw pile
    seat2 = changed.hand_cards(2)
    top = changed.draw_pile[-11:]
    changed.hands[2] = counts_of(top)
    changed.draw_pile = changed.draw_pile[:-11] + seat2
    after = [observe(changed, seat) for seat in range(4)]
    assert sorted(top) != sorted(seat2)
    for seat in (0, 1, 3):
        assert after[seat] == before[seat]
    assert after[2].hand == tuple(sorted(top))


def test_a_view_is_a_snapshot() -> None:
    state = HandState.deal(STANDARD, 3, seed=5)
    view = observe(state, 0)
    hand, pile = view.hand, view.draw_pile_size
    state.apply(state.legal_actions()[0])
    assert view.hand == hand and view.draw_pile_size == pile
    assert observe(state, 0).hand_sizes[0] == 12
    with pytest.raises(AttributeError):
        view.seat = 1  # type: ignore[misc]
