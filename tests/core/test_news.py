"""What an action did that the action does not say (``biriba.core.news``)."""

from __future__ import annotations

from biriba.core.actions import Action, Draw
from biriba.core.errors import Reason
from biriba.core.news import HandMarks, move_news
from biriba.core.rules import Rules
from biriba.core.state import HandState, Phase
from biriba.i18n import Words
from tests.builders import discard_action, meld_action, play, position

BIRIBA_H = "6H 7H 8H 9H 10H JH QH"
PLAY = Phase.PLAY
PACKETS_THEN_END = Rules.from_json({"preset": "standard", "end_of_draw_pile": "packets-then-end"})


def news_of(state: HandState, *actions: Action) -> tuple[Reason, ...]:
    before = HandMarks.of(state)
    play(state, *actions)
    return move_news(before, state)


def test_a_discard_of_the_last_card_takes_the_biribaki_to_play_from_the_next_turn() -> None:
    state = position({0: "9D"}, melds={0: [BIRIBA_H]}, phase=PLAY)
    (news,) = news_of(state, discard_action(0, "9D"))
    assert news == Reason.of("news.biribaki-taken-later", seat=0)
    assert Words("en", ["Maria", "Bot 2", "Eleni", "Bot 4"]).reason(news) == (
        "Maria: biribaki taken, played from the next turn"
    )


def test_laying_the_whole_hand_takes_the_biribaki_at_once() -> None:
    state = position({0: "3C 4C 5C"}, melds={0: [BIRIBA_H]}, phase=PLAY)
    assert news_of(state, meld_action(0, "3C 4C 5C")) == (Reason.of("news.biribaki-taken", seat=0),)


def test_a_packet_that_becomes_the_draw_pile_is_news_and_a_plain_draw_is_not() -> None:
    state = position({0: "3S 4S 9C KD"}, rules=PACKETS_THEN_END, draw_next="QS", packets=["7D 8D"], rest="discard")
    assert news_of(state, Draw(0)) == (Reason.of("news.packet-draw-pile"),)
    assert Words("el").reason(Reason.of("news.packet-draw-pile")) == "Ένα μπιριμπάκι που δεν πάρθηκε γίνεται τράπουλα"
    assert news_of(state, discard_action(0, "9C"), Draw(1)) == ()


def test_going_out_is_news() -> None:
    """The team took its biribaki before and has a biriba: the last discard goes out and ends the hand."""
    state = position({0: "9D"}, melds={0: [BIRIBA_H]}, biribaki_holder={0: 2}, phase=PLAY)
    assert news_of(state, discard_action(0, "9D")) == (Reason.of("news.went-out", seat=0),)
    assert state.is_over and state.went_out == 0
