"""The player written from the rule texts' advice: it keeps melds in hand while playing alone, until the
biribaki or the end is near; melds at once with a partner; and discards with care."""

from __future__ import annotations

import random

from tests.builders import c, position

from biriba.bots import make_bot
from biriba.core.actions import Discard, Draw, Meld, TakePile
from biriba.core.rules import Rules
from biriba.core.state import Phase
from biriba.core.views import observe

TWO_PLAYERS = Rules.from_preset("standard", players=2)


def choice(state, seat: int = 0):  # type: ignore[no-untyped-def]
    return make_bot("textbook").choose(observe(state, seat), state.legal_actions(), random.Random(0))


def test_alone_it_keeps_its_melds_in_hand() -> None:
    state = position({0: "5H 6H 7H 9C KD QS 4D 8S"}, rules=TWO_PLAYERS, dealer=1, current=0, phase=Phase.PLAY)
    assert any(isinstance(a, Meld) for a in state.legal_actions())
    assert isinstance(choice(state), Discard)


def test_alone_it_melds_when_the_biribaki_is_near() -> None:
    state = position({0: "5H 6H 7H 9C KD"}, rules=TWO_PLAYERS, dealer=1, current=0, phase=Phase.PLAY)
    assert isinstance(choice(state), Meld)


def test_alone_it_melds_when_the_opponent_may_go_out() -> None:
    hand = "5H 6H 7H 9C KD QS 4D 8S"
    state = position(
        {0: hand, 1: "3C 9D"}, rules=TWO_PLAYERS, dealer=1, current=0, phase=Phase.PLAY, biribaki_holder={1: 1}
    )
    assert isinstance(choice(state), Meld)


def test_with_a_partner_it_melds_at_once() -> None:
    state = position({0: "5H 6H 7H 9C KD QS 4D 8S"}, current=0, phase=Phase.PLAY)
    assert choice(state) == Meld(0, ((c("5H"), c("6H"), c("7H")),))


def test_it_does_not_feed_an_opponent_meld_nor_give_a_wild_card() -> None:
    # The 8C would extend the opponents' clubs; the Joker is wild; the KD goes with nothing in the hand.
    state = position(
        {0: "8C JK KD 4S 5S 9H 10H"}, current=0, phase=Phase.PLAY, melds={1: ["5C 6C 7C"]}, rules=TWO_PLAYERS, dealer=1
    )
    assert choice(state) == Discard(0, c("KD"))


def test_it_takes_a_pile_whose_card_melds_and_draws_otherwise() -> None:
    meldable = position({0: "5H 6H 9C KD"}, current=0, discard="2S 7H")
    assert choice(meldable) == TakePile(0)
    useless = position({0: "5H 6H 9C KD"}, current=0, discard="3S QC")
    assert choice(useless) == Draw(0)
