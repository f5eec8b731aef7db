"""Hints: the strongest bot's action, with reasons as data, in words a player understands in English or Greek."""

from __future__ import annotations

import random

import pytest
from tests.builders import c, extend_action, position

from biriba.bots import BOT_LEVELS, make_bot
from biriba.bots.hints import HINT_BOT, explain, suggest
from biriba.bots.search import SearchBot
from biriba.core.actions import Discard, Draw, Extend, TakePile
from biriba.core.cards import card_code
from biriba.core.errors import Reason
from biriba.core.rules import Rules
from biriba.core.state import HandState, Phase
from biriba.core.views import observe
from biriba.i18n import LANGUAGES, Words

STANDARD = Rules.from_preset("standard")


def test_the_hint_is_the_strongest_bots_choice() -> None:
    assert HINT_BOT == BOT_LEVELS[-1] == "search"  # the top of the ladder (results/ladder)
    state = HandState.deal(STANDARD, dealer=0, seed=15)
    state.apply(Draw(state.current))
    view, legal = observe(state, state.current), state.legal_actions()
    hint = suggest(view, legal, seed=4)
    assert hint.action == make_bot(HINT_BOT).choose(view, legal, random.Random(4))
    head, details = explain(view, hint.action)
    assert hint.head == head and hint.details[: len(details)] == details
    # ...and how far ahead of the next best it came out, in points, over the search's sampled worlds.
    chosen, lead = SearchBot().choose_with_margin(view, legal, random.Random(4))
    assert chosen == hint.action and lead is not None and lead >= 1
    assert hint.details[len(details) :] == (Reason.of("hint.lead", n=round(lead)),)
    assert f"the next best move makes about {round(lead)} points less" in Words("en").hint(hint)


def test_a_lead_of_one_point_is_said_in_the_singular() -> None:
    lead = Reason.of("hint.lead", n=1)
    assert Words("en")(lead.key, **lead.facts) == "the next best move makes about 1 point less"
    assert Words("el")(lead.key, **lead.facts) == "η επόμενη καλύτερη κίνηση: περίπου 1 πόντος λιγότερος"
    assert Words("el")(lead.key, n=38).endswith("38 πόντοι λιγότεροι")


def test_an_extension_is_explained_with_the_meld_and_its_new_length() -> None:
    state = position({0: "8H KS KD 4C"}, current=0, phase=Phase.PLAY, melds={0: ["3H 4H 5H 6H 7H"]})
    action = extend_action(0, 0, "8H")
    view = observe(state, 0)
    hint = suggest(view, [action])
    assert Words("en").hint(hint) == "Add 8♥ to meld 1: it grows to 6 cards"
    assert Words("el").hint(hint) == "Προσθέστε 8♥ στον συνδυασμό 1: γίνεται 6 φύλλα"


def test_a_discard_says_which_dangerous_card_it_keeps() -> None:
    state = position(
        {0: "9S 4D KC JC", 1: "5C 5D 10H 10D"},
        current=0,
        phase=Phase.PLAY,
        melds={1: ["6S 7S 8S"]},
        discard="QH QD 3C",
    )
    view = observe(state, 0)
    english, greek = Words("en"), Words("el")
    hint = suggest(view, [Discard(0, c("4D"))])
    reason = english.hint(hint)
    assert reason.startswith("Discard 4♦")
    assert "you keep 9♠, which the next opponent could use" in reason
    assert "9♠" in greek.hint(hint) and "αντίπαλος" in greek.hint(hint)
    # Discarding the dangerous card itself says so, and keeps nothing worth a word.
    risky = english.hint(suggest(view, [Discard(0, c("9S"))]))
    assert "opponents could use it" in risky and "keeps" not in risky


def test_bad_requests_are_refused() -> None:
    state = HandState.deal(STANDARD, dealer=0, seed=1)
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        Words("fr")
    with pytest.raises(ValueError, match="not this seat's turn"):
        suggest(observe(state, (state.current + 1) % 4), [])


def test_every_action_kind_gets_a_reason_in_both_languages() -> None:
    state = HandState.deal(STANDARD, dealer=0, seed=3)
    bot = make_bot("greedy")
    kinds = set()
    while not state.is_over:
        view, legal = observe(state, state.current), state.legal_actions()
        hint = suggest(view, legal, bot)
        head, details = explain(view, hint.action, legal)
        english, greek = (Words(language).hint(hint) for language in LANGUAGES)
        assert english and greek and english != greek
        assert hint.head == head and hint.details == details
        kinds.add(type(hint.action).__name__)
        state.apply(hint.action)
    assert {"Draw", "Discard", "Meld"} <= kinds
    assert Extend.__name__ in kinds or "TakePile" in kinds


def test_taking_the_pile_always_says_what_it_gives() -> None:
    # A one-card pile that goes with nothing in the hand: taking it still gives a known card.
    lone = position({0: "4C 9D KS"}, current=0, phase=Phase.DRAW, discard="7H")
    head, details = explain(observe(lone, 0), TakePile(0))
    assert head.key == "hint.take-pile" and [d.key for d in details] == ["hint.pile-known"]
    big = position({0: "4C 9D KS"}, current=0, phase=Phase.DRAW, discard="7H 2S QD")
    _, details = explain(observe(big, 0), TakePile(0))
    assert [(d.key, dict(d.items)) for d in details] == [("hint.pile-many", {"n": 3})]
    fits = position({0: "4C 9D KS KH"}, current=0, phase=Phase.DRAW, discard="7H KD")
    _, details = explain(observe(fits, 0), TakePile(0))
    assert [d.key for d in details] == ["hint.pile-fits"]
    english = Words("en").hint(suggest(observe(lone, 0), [TakePile(0)]))
    assert english == "Take the discard pile (1 card): a card you know instead of an unknown one"


@pytest.mark.parametrize(
    ("name", "preset", "players", "hand", "melds", "discard", "why"),
    [
        # Before partnerships form, a first meld lays the whole hand: none of this one melds 7H or KD.
        ("whole hand", "kouridakis", 5, "4C 9D KS 5H 8S 10C JD QH 3D 6S 7C", None, "7H KD", "pile-needs-whole-hand"),
        ("meld", "kouridakis", 4, "4S 10D QS", ["5C 6C 7C"], "9H KD", "pile-needs-meld"),
        ("top card", "buraco-fechado", 4, "4S 10D QS", ["5C 6C 7C"], "9H KD", "pile-needs-top-card"),
        ("one card", "standard", 4, "7H", None, "7H", "pile-single-card"),
    ],
)
def test_a_draw_says_why_the_pile_may_not_be_taken(
    name: str, preset: str, players: int, hand: str, melds: list[str] | None, discard: str, why: str
) -> None:
    # The draw hint at a table whose rules refuse this hand the pile says why, not that no pile card helps.
    rules = Rules.from_preset(preset, players=players)
    seat_team = [-1] * players if rules.formed_partnerships else None
    state = position({0: hand}, rules=rules, melds={0: melds} if melds else None, discard=discard, seat_team=seat_team)
    legal = state.legal_actions()
    assert not any(isinstance(action, TakePile) for action in legal), name
    hint = suggest(observe(state, 0), legal)
    assert isinstance(hint.action, Draw)
    assert hint.head.key == "hint.draw-pile-refused"
    assert [detail.key for detail in hint.details] == [f"hint.{why}"]
    english, greek = (Words(language).hint(hint) for language in LANGUAGES)
    assert english.startswith("Draw, since you may not take the discard pile: ")
    assert greek.startswith("Τραβήξτε, αφού δεν μπορείτε να πάρετε τη στοίβα: ")
    # Where the pile may be taken, drawing is explained by what its cards would give.
    open_pile = position({0: "4C 9D KS"}, discard="7H KD")
    legal = open_pile.legal_actions()
    assert TakePile(0) in legal
    assert explain(observe(open_pile, 0), Draw(0), legal)[0].key == "hint.draw"


def test_no_hint_ends_the_turn_while_a_play_takes_a_meld_one_card_from_a_biriba() -> None:
    """Seed 31, seat 1, hand A♥ 5♥ A♦ 3♦ 4♦ 8♦ 3♣ with the team's set 3♥ 3♥ 3♦ 3♣ on the table: the
    search, by the noise of its sampling, sometimes discards A♥; a teacher adds the 3s (a set of 5, then 6)."""
    state = HandState.deal(STANDARD, 0, seed=31)
    # The heuristic players that reached this position took a pile only at a margin of +10 (of any size)
    # and credited a new meld with all of its way to a biriba.
    spec = "heuristic:take_pile_margin_many=10,take_pile_margin_two_sides=10,new_meld_share=1"
    bots = [make_bot(spec) for _ in range(4)]
    rng = random.Random(31)
    for _ in range(145):
        seat = state.current
        state.apply(bots[seat].choose(observe(state, seat), state.legal_actions(), rng))
    view, legal = observe(state, 1), state.legal_actions()
    assert state.current == 1 and state.phase is Phase.PLAY
    assert sorted(card_code(card) for card in view.hand) == sorted(["AH", "5H", "AD", "3D", "4D", "8D", "3C"])
    search = make_bot(HINT_BOT)
    chosen = [search.choose(view, legal, random.Random(seed)) for seed in range(6)]
    assert any(isinstance(action, Discard) for action in chosen), "the position no longer shows the noise"
    for seed in range(6):
        hint = suggest(view, legal, seed=seed)
        assert isinstance(hint.action, Extend), hint
        assert hint.action.meld == 4 and hint.action.cards in ((c("3D"),), (c("3C"),))  # the set of 3s
        grown = next(detail for detail in hint.details if detail.key == "hint.grows-to")
        assert dict(grown.items)["n"] == 5


def test_taking_a_closed_pile_counts_all_its_cards_not_the_one_shown() -> None:
    """Buraco fechado shows only the pile's top card; the hint says how many cards taking it brings."""
    fechado = Rules.from_preset("buraco-fechado")
    state = position({0: "9D 9S KH 4C"}, rules=fechado, discard="3C 5H 9C")
    view = observe(state, 0)
    assert len(view.discard_pile) == 1 and view.discard_pile_size == 3
    head, _ = explain(view, TakePile(0))
    assert head == Reason.of("hint.take-pile", n=3)
