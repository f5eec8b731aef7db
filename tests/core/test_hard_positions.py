"""The hardest positions for ``legal_actions`` (``benchmarks/positions.py``, which the benchmark times)
are listed right: as the engine listed them before its speed rework, every listed action accepted, the
same list again on a copy (the caches change nothing), and the pack intact."""

from __future__ import annotations

import hashlib

import pytest
from benchmarks.positions import POSITIONS

from biriba.core.actions import Meld, TakePile, action_to_json
from biriba.core.cards import counts_of, pack
from biriba.core.state import Phase

LISTED_BEFORE = {
    "5p formed, 40 cards, 12 wild": (285, "ae8375eef83bee0f"),
    "venezuelan 5p, 40 cards, 12 wild": (121, "ef59395aeb3e891f"),
    "venezuelan whole-hand opening, 30 cards": (224, "f3780ae9d3231420"),
    "kouridakis 5p pile check, 40 cards": (1, "dd8284ac5e0e22db"),
    "classic min 90, 60 cards": (377, "6a4ed8037abd166b"),
    "buraco-fechado min 75, 60 cards": (622, "9e6f47d675ae18db"),
}
"""Per position, how many actions the engine listed before the speed rework, and the hash of the list."""


@pytest.mark.parametrize("name", list(POSITIONS))
def test_hard_position_lists_as_before_and_every_action_is_legal(name: str) -> None:
    state = POSITIONS[name]()
    assert counts_of(state.all_cards()) == counts_of(pack(state.rules.decks, state.rules.jokers))
    legal = state.legal_actions()
    digest = hashlib.sha256(repr([action_to_json(a) for a in legal]).encode()).hexdigest()[:16]
    assert (len(legal), digest) == LISTED_BEFORE[name]
    assert state.clone().legal_actions() == legal
    for action in legal:
        state.check(action)  # raises if refused
    seat = state.current
    if state.phase is Phase.PLAY and state.must_open_whole(seat):
        # Openings lay the whole hand, or all of it but a card to discard.
        size = state.hand_size(seat)
        for action in legal:
            if isinstance(action, Meld):
                assert sum(map(len, action.melds)) >= size - 1
    if state.phase is Phase.DRAW:
        # The pile asks for a whole-hand opening that melds one of its cards, and none is found.
        assert TakePile(seat) not in legal
