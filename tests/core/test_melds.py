"""docs/rules.md, Melds: melds, wild cards, extending melds, biribas."""

from __future__ import annotations

import pytest

from biriba.core.actions import Extend, action_from_json
from biriba.core.errors import InvalidMeldError, Refusal
from biriba.core.melds import (
    MeldRules,
    MeldShape,
    arrange,
    check_meld,
    extends,
    extension_shape,
    invalid_reason,
    meld_shape,
    multi_card_extensions,
    single_card_extensions,
    three_card_melds,
)
from biriba.core.rules import Rules
from biriba.core.state import Phase
from biriba.i18n import LANGUAGES, Words
from tests.builders import (
    assert_illegal,
    c,
    codes,
    extend_action,
    hand_codes,
    m,
    meld_action,
    play,
    position,
    team_meld_codes,
)

SPADES_A_TO_K = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"

# (cards, kind, length, wild card or None)
VALID = [
    # The examples of the base rules.
    ("AS AC JK", "set", 3, "JK"),
    ("6H 2S 8H", "run", 3, "2S"),
    ("AD 2C 3D", "run", 3, "2C"),
    ("AH 2H 3H", "run", 3, None),
    ("AC 2C 3C 2S 5C", "run", 5, "2S"),
    # Ace low or high.
    ("AS 2S 3S", "run", 3, None),
    ("AS 3S 4S 2C", "run", 4, "2C"),
    ("QS KS AS", "run", 3, None),
    ("JK KH AH", "run", 3, "JK"),
    ("10D JD QD KD AD", "run", 5, None),
    # A natural Two in its own place; a Two of the suit elsewhere is wild.
    ("2H 3H 4H", "run", 3, None),
    ("2H 3H 4H 5H 6H 7H", "run", 6, None),
    ("QH KH AH 2H", "run", 4, "2H"),
    ("3H 4H 2H 6H 7H", "run", 5, "2H"),
    ("2H 2H 3H", "run", 3, "2H"),
    ("2C 3H 4H", "run", 3, "2C"),
    ("JK 3H 4H", "run", 3, "JK"),
    ("5S 6S 7S JK", "run", 4, "JK"),
    # Sets.
    ("5H 5H 5D", "set", 3, None),
    ("5H 5D 2C", "set", 3, "2C"),
    ("5H 5H 2H", "set", 3, "2H"),
    ("KS KH KD KC KS KH KD", "set", 7, None),
    ("5S 5S 5H 5H 5D 5D 5C 5C", "set", 8, None),
    ("QS QH QD QC QS QH JK", "set", 7, "JK"),
    # Thirteen cards: the longest run.
    (SPADES_A_TO_K, "run", 13, None),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS JK", "run", 13, "JK"),
    ("JK 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "run", 13, "JK"),
    ("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", "run", 13, None),
]

INVALID = [
    # The examples of the base rules.
    "8H 2H 10H JH QH JK AH",
    "AC JK 3C JK 5C",
    # Turning the corner.
    "KH AH 2H 3H",
    "QD KD AD 2D 3D 4D",
    "KS AS 2S 3S 4S 5S 6S",
    # Ace both low and high: two Aces in a run.
    "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    "AS 2S 3S AS",
    # More than 13 cards.
    "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK",
    # More than one wild card.
    "5H 6H JK JK",
    "5H 6H 2C JK",
    "5H 6H 2C 2S",
    "5H 5D JK 2C",
    "5H 5D 2C 2S",
    "5H 5D JK JK",
    "3H 4H 2H 2H 7H",
    # Gaps, mixed suits, too short.
    "AH 3H 4H",
    "5H 7H 9H JK",
    "5H 6D 7H",
    "5H 6H",
    "5H 5D",
    "5H 5H 6H",
    "5H 6H 7H 7H",
    # Sets of Twos and of Jokers are not melds in standard.
    "2S 2H 2D",
    "2S 2S 2H 2H",
    "JK JK JK",
    "2H 2H JK",
    "2C 2D JK JK",
]


@pytest.mark.parametrize(("cards", "kind", "length", "wild"), VALID)
def test_valid_meld(cards: str, kind: str, length: int, wild: str | None) -> None:
    shape = check_meld(m(cards))
    assert (shape.kind, shape.length) == (kind, length)
    assert shape.wild == (None if wild is None else c(wild))
    assert shape.clean == (wild is None)


@pytest.mark.parametrize("cards", INVALID)
def test_invalid_meld(cards: str) -> None:
    assert meld_shape(m(cards)) is None
    with pytest.raises(InvalidMeldError) as info:
        check_meld(m(cards))
    why = invalid_reason(m(cards))
    assert info.value.reason.key == "not-a-meld" and info.value.reason.facts["why"] == why.key
    assert info.value.reason.facts["cards"] == m(cards)
    for language in LANGUAGES:  # every reason has its words
        assert Words(language)(f"why.{why.key}", **why.facts)


@pytest.mark.parametrize(
    "cards",
    # The last two: a Two of the run's suit that cannot stand in its own place (the run is 8 to K, or
    # 8 to A) acts wild beside the Joker.
    ["AC JK 3C JK 5C", "5H 6H JK JK", "5H 5D JK 2C", "8D 9D 10D 2D QD KD JK", "8S 9S 10S 2S QS KS AS JK"],
)
def test_the_reason_for_two_wild_cards_says_so(cards: str) -> None:
    assert invalid_reason(m(cards)).key in ("meld.run-one-wild", "meld.set-one-wild")
    assert "one wild card" in Words("en")(f"why.{invalid_reason(m(cards)).key}")


@pytest.mark.parametrize("cards", ["2S 2H 2D", "JK JK JK"])
def test_the_reason_for_wild_cards_alone_says_so(cards: str) -> None:
    assert invalid_reason(m(cards)).key == "meld.wild-cards-alone"


def test_where_twos_make_sets_jokers_alone_are_named_as_such() -> None:
    """Not "a set of Twos may hold at most one Joker" (there is no Two in JK JK JK), nor "Jokers and Twos
    alone are not a meld" (Twos alone are)."""
    twos = MeldRules(sets_of_twos=True)
    assert invalid_reason(m("JK JK JK"), twos).key == "meld.jokers-alone"
    assert invalid_reason(m("2S JK JK"), twos).key == "meld.twos-set-one-joker"


def test_the_interpretation_prefers_a_natural_two() -> None:
    """AC 2C 3C 2S 5C: the ♣2 is natural, the ♠2 is the wild card (as ♣4)."""
    shape = check_meld(m("AC 2C 3C 2S 5C"))
    assert shape.wild == c("2S")
    assert codes(arrange(m("AC 2C 3C 2S 5C"), shape)) == ["AC", "2C", "3C", "2S", "5C"]


def test_a_meld_is_a_multiset_whatever_the_order_written() -> None:
    one = action_from_json({"seat": 0, "type": "meld", "melds": [["5C", "2S", "AC", "3C", "2C"]]})
    other = action_from_json({"seat": 0, "type": "meld", "melds": [["AC", "2C", "3C", "2S", "5C"]]})
    assert one == other


@pytest.mark.parametrize(
    ("cards", "table_order"),
    [
        ("AS 2S 3S", ["AS", "2S", "3S"]),
        ("QS KS AS", ["QS", "KS", "AS"]),
        ("6H 2S 8H", ["6H", "2S", "8H"]),
        ("JK KH AH", ["JK", "KH", "AH"]),
    ],
)
def test_ace_low_or_high_in_table_order(cards: str, table_order: list[str]) -> None:
    assert codes(arrange(m(cards), check_meld(m(cards)))) == table_order


def test_no_sets_option_refuses_sets_but_not_runs() -> None:
    assert meld_shape(m("5H 5D 5C"), MeldRules(sets=True)) is not None
    assert meld_shape(m("5H 5D 5C"), MeldRules(sets=False)) is None
    assert meld_shape(m("5H 5D JK"), MeldRules(sets=False)) is None
    assert invalid_reason(m("5H 5D 5C"), MeldRules(sets=False)).key == "meld.no-sets"
    assert meld_shape(m("5H 6H 7H"), MeldRules(sets=False)) is not None


def test_no_sets_option_in_play() -> None:
    rules = Rules.from_preset("standard", sets=False)
    state = position({0: "5H 5D 5C 9C 9D"}, rules=rules, phase=Phase.PLAY)
    assert_illegal(state, meld_action(0, "5H 5D 5C"), "meld-invalid")


# --- biribas ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "biriba", "clean", "full"),
    [
        ("3S 4S 5S 6S 7S 8S", False, True, False),
        ("3S 4S 5S 6S 7S 8S 9S", True, True, False),
        ("3S 4S 5S JK 7S 8S 9S", True, False, False),
        ("3S 4S 5S 6S 7S 8S 2H", True, False, False),
        ("KS KH KD KC KS KH", False, True, False),
        ("KS KH KD KC KS KH KD", True, True, False),
        ("KS KH KD KC KS KH 2D", True, False, False),
        ("5S 5S 5H 5H 5D 5D 5C 5C", True, True, False),
        ("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", True, True, False),
        (SPADES_A_TO_K, True, True, True),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS JK", True, False, True),
        ("AS 2S 3S 4S 5S 6S 7S 2D 9S 10S JS QS KS", True, False, True),
    ],
)
def test_biriba_clean_dirty_full(cards: str, biriba: bool, clean: bool, full: bool) -> None:
    shape = check_meld(m(cards))
    assert shape.is_biriba == biriba
    assert shape.clean == clean
    assert shape.is_full == full


# --- extending: moving wild cards (the base rules) ----------------------------------------------------------


def _extended(meld: str, added: str) -> tuple[list[str], list[str]]:
    """(sorted codes, table order) of ``meld`` extended by ``added``; fail if it is refused."""
    shape = extension_shape(m(meld), m(added))
    assert isinstance(shape, MeldShape), shape
    cards = m(meld + " " + added)
    return sorted(codes(cards)), codes(arrange(cards, shape))


def test_adding_the_natural_card_moves_the_joker_to_the_end() -> None:
    """♢6-Joker-♢8-♢9 + ♢7 = ♢6-♢7-♢8-♢9-Joker."""
    _, order = _extended("6D JK 8D 9D", "7D")
    assert order == ["6D", "7D", "8D", "9D", "JK"]
    assert not extension_shape(m("6D JK 8D 9D"), m("7D")).clean  # type: ignore[union-attr]


def test_the_joker_moves_again_to_fill_a_new_gap() -> None:
    """♢6-♢7-♢8-♢9-Joker + ♢4 = ♢4-Joker-♢6-♢7-♢8-♢9."""
    _, order = _extended("6D 7D 8D 9D JK", "4D")
    assert order == ["4D", "JK", "6D", "7D", "8D", "9D"]


def test_adding_the_five_makes_the_two_natural_and_the_run_clean() -> None:
    """♡3-♡4-♡2-♡6-♡7 + ♡5 = ♡2-♡3-♡4-♡5-♡6-♡7, no wild card."""
    shape = extension_shape(m("3H 4H 2H 6H 7H"), m("5H"))
    assert isinstance(shape, MeldShape) and shape.clean
    _, order = _extended("3H 4H 2H 6H 7H", "5H")
    assert order == ["2H", "3H", "4H", "5H", "6H", "7H"]


def test_then_the_ace_gives_a_clean_biriba() -> None:
    """♡2-...-♡7 + ♡A = ♡A-♡2-♡3-♡4-♡5-♡6-♡7, no wild card."""
    shape = extension_shape(m("2H 3H 4H 5H 6H 7H"), m("AH"))
    assert isinstance(shape, MeldShape) and shape.clean and shape.is_biriba
    assert _extended("2H 3H 4H 5H 6H 7H", "AH")[1] == ["AH", "2H", "3H", "4H", "5H", "6H", "7H"]


def test_or_the_nine_makes_the_two_wild_again() -> None:
    """♡2-...-♡7 + ♡9 = ♡3-♡4-♡5-♡6-♡7-♡2-♡9: the Two is wild again (a dirty biriba)."""
    shape = extension_shape(m("2H 3H 4H 5H 6H 7H"), m("9H"))
    assert isinstance(shape, MeldShape)
    assert shape.wild == c("2H") and shape.is_biriba
    assert _extended("2H 3H 4H 5H 6H 7H", "9H")[1] == ["3H", "4H", "5H", "6H", "7H", "2H", "9H"]


def test_a_dirty_meld_takes_natural_cards_and_its_wild_card_moves() -> None:
    shape = extension_shape(m("6H 2S 8H"), m("9H 10H"))
    assert isinstance(shape, MeldShape) and shape.wild == c("2S") and shape.length == 5


def test_a_clean_meld_may_take_a_wild_card() -> None:
    for meld, added in [("6D 7D 8D", "JK"), ("6D 7D 8D", "JK 10D"), ("6D 7D 8D", "2C"), ("5H 5D 5C", "JK")]:
        shape = extension_shape(m(meld), m(added))
        assert isinstance(shape, MeldShape) and not shape.clean, (meld, added)


def test_a_two_of_the_suit_after_a_high_ace_is_wild_not_a_corner() -> None:
    """♢Q-♢K-♢A + ♢2 is ♢J-♢Q-♢K-♢A with the Two wild, not K-A-2."""
    shape = extension_shape(m("QD KD AD"), m("2D"))
    assert isinstance(shape, MeldShape)
    assert shape.wild == c("2D")
    assert codes(arrange(m("QD KD AD 2D"), shape)) == ["2D", "QD", "KD", "AD"]


def test_a_set_takes_cards_of_its_rank() -> None:
    shape = extension_shape(m("5H 5D JK"), m("5C 5S"))
    assert isinstance(shape, MeldShape) and shape.kind == "set" and shape.length == 5


# --- the illegal wild swap ------------------------------------------------------------------------


@pytest.mark.parametrize("added", ["JK", "2C", "2S", "2D"])
def test_replacing_a_wild_card_by_another_is_illegal(added: str) -> None:
    """♡3-♡4-♡2-♡6-♡7: a Joker or another suit's Two may not take the ♡2's place."""
    result = extension_shape(m("3H 4H 2H 6H 7H"), m(added))
    assert isinstance(result, Refusal) and result.rule == "no-wild-swap"


def test_a_joker_may_not_replace_a_two_in_a_set_either() -> None:
    result = extension_shape(m("5H 5D 2C"), m("JK"))
    assert isinstance(result, Refusal)


def test_the_natural_card_and_a_joker_together_are_legal() -> None:
    """♡5 first makes the run clean, then the Joker is its only wild card."""
    shape = extension_shape(m("3H 4H 2H 6H 7H"), m("5H JK"))
    assert isinstance(shape, MeldShape)
    assert shape.wild == c("JK") and shape.length == 7


def test_the_natural_card_and_another_two_together_are_legal() -> None:
    shape = extension_shape(m("3H 4H 2H 6H 7H"), m("5H 2C"))
    assert isinstance(shape, MeldShape) and shape.wild == c("2C")


def test_a_second_two_of_the_suit_added_in_its_own_place_is_natural() -> None:
    """Interpretation: the added ♡2 stands as the natural Two below ♡3; the old ♡2 stays the wild card."""
    shape = extension_shape(m("3H 4H 2H 6H 7H"), m("2H"))
    assert isinstance(shape, MeldShape)
    assert shape.wild == c("2H") and shape.length == 6


def test_a_joker_added_to_a_joker_run_is_two_wild_cards() -> None:
    result = extension_shape(m("6D JK 8D 9D"), m("JK 7D"))
    assert isinstance(result, Refusal) and result.rule == "extend-invalid"
    assert result.reason.facts["why"] == "meld.run-one-wild"


@pytest.mark.parametrize(
    ("meld", "added"),
    [
        ("6D JK 8D 9D", "2D"),  # a ♢2 out of place is a second wild card
        ("6D 7D 8D", "9H"),  # another suit
        ("6D 7D 8D", "10D"),  # a gap
        ("6D 7D 8D", "8D"),  # a duplicate rank
        ("QD KD AD", "2D 3D"),  # turning the corner
        ("5H 5D 5C", "6H"),  # another rank
        ("5H 5D JK", "2C"),  # two wild cards in a set
        (SPADES_A_TO_K, "JK"),  # 14 cards
    ],
)
def test_extensions_that_do_not_give_a_valid_meld(meld: str, added: str) -> None:
    result = extension_shape(m(meld), m(added))
    assert isinstance(result, Refusal) and result.rule == "extend-invalid"
    assert not extends(m(meld), m(added))


# --- extending in play: own team's melds, by index ---------------------------------------------------


def test_in_play_the_wild_swap_is_refused_and_the_natural_card_accepted() -> None:
    state = position(
        {0: "JK 2C 5H 9S 9C KD"},
        melds={0: ["3H 4H 2H 6H 7H"]},
        phase=Phase.PLAY,
    )
    assert_illegal(state, extend_action(0, 0, "JK"), "no-wild-swap")
    assert_illegal(state, extend_action(0, 0, "2C"), "no-wild-swap")
    play(state, extend_action(0, 0, "5H"))
    assert team_meld_codes(state, 0) == [["2H", "3H", "4H", "5H", "6H", "7H"]]
    assert state.melds[0][0].shape.clean


def test_in_play_the_natural_card_and_the_joker_together() -> None:
    state = position({0: "JK 5H 9S 9C KD"}, melds={0: ["3H 4H 2H 6H 7H"]}, phase=Phase.PLAY)
    play(state, extend_action(0, 0, "5H JK"))
    shape = state.melds[0][0].shape
    assert shape.is_biriba and not shape.clean and shape.wild == c("JK")
    assert hand_codes(state, 0) == ["9S", "KD", "9C"]


def test_the_meld_index_is_the_acting_teams() -> None:
    """Seat 0 (team 0) extends ITS meld 0; team 1's melds are out of reach."""
    state = position(
        {0: "8H 9S 9C KD 9D", 1: "3C 4C 5C 9H 9H"},
        melds={0: ["5H 6H 7H"], 1: ["10S JS QS", "6D 7D 8D"]},
        phase=Phase.PLAY,
    )
    assert_illegal(state, extend_action(0, 1, "9D"), "no-such-meld")  # team 1 has a meld 1, team 0 not
    assert_illegal(state, extend_action(0, 0, "9D"), "extend-invalid")  # would fit team 1's meld 1
    assert_illegal(state, extend_action(0, 0, "9S"), "extend-invalid")  # would fit team 1's meld 0
    play(state, extend_action(0, 0, "8H"))
    assert team_meld_codes(state, 0) == [["5H", "6H", "7H", "8H"]]
    assert team_meld_codes(state, 1) == [["10S", "JS", "QS"], ["6D", "7D", "8D"]]


def test_team_one_numbers_its_own_melds_from_zero() -> None:
    state = position(
        {1: "9S 9D 3C 4C 9H 9H"},
        melds={0: ["5H 6H 7H", "KS KD KC"], 1: ["10S JS QS", "6D 7D 8D"]},
        current=1,
        phase=Phase.PLAY,
    )
    play(state, extend_action(1, 0, "9S"), extend_action(1, 1, "9D"))
    assert team_meld_codes(state, 1) == [["9S", "10S", "JS", "QS"], ["6D", "7D", "8D", "9D"]]
    assert team_meld_codes(state, 0) == [["5H", "6H", "7H"], ["KS", "KD", "KC"]]
    assert_illegal(state, extend_action(1, 2, "9H"), "no-such-meld")
    assert_illegal(state, extend_action(1, -1, "9H"), "no-such-meld")


def test_a_team_without_melds_has_nothing_to_extend() -> None:
    state = position({0: "8H 9S 9C KD"}, melds={1: ["5H 6H 7H"]}, phase=Phase.PLAY)
    assert_illegal(state, extend_action(0, 0, "8H"), "no-such-meld")
    assert not any(isinstance(a, Extend) for a in state.legal_actions())


def test_new_melds_go_to_the_acting_team_in_the_order_listed() -> None:
    state = position({2: "3C 4C 5C KS KH KD 9D 9H"}, melds={0: ["5H 6H 7H"]}, current=2, phase=Phase.PLAY)
    play(state, meld_action(2, "KS KH KD", "3C 4C 5C"))
    assert team_meld_codes(state, 0) == [["5H", "6H", "7H"], ["KS", "KH", "KD"], ["3C", "4C", "5C"]]
    assert team_meld_codes(state, 1) == []
    assert hand_codes(state, 2) == ["9H", "9D"]


def test_the_meld_search_caches_hold_nothing_the_garbage_collector_walks() -> None:
    # A long run fills the meld caches with tens of thousands of entries; the collector walks every object
    # it tracks at each full pass (a pause in the middle of a decision), a dict entry by entry. The caches
    # of bytes and numbers are dicts it stops tracking altogether; the others hold plain tuples of numbers
    # and bytes, which it stops tracking after a pass.
    import gc

    from biriba.core import melds as melds_module
    from biriba.core.cards import counts_of, parse_cards

    rules = Rules.from_preset("standard").meld_rules
    for text in ("3H 4H 5H 5H 6H 7H QS QH QD JK 2C 9D 9C", "AS 2S 3S KD KD KC 7H 8H 9H 10H JK 2D 5C"):
        counts = counts_of(parse_cards(text.split()))
        melds_module.whole_hand_partitions(counts, rules, keep_one=True)
        melds_module.single_card_extensions(m("QS QH QD"), rules)
        melds_module.extension_shape(m("QS QH QD"), m("QC"), rules)
        # The runs-only check has caches of its own: asked under rules whose only melds are runs.
        melds_module.runs_only_layable(bytes(counts), Rules.from_preset("kouridakis").meld_rules, keep_one=True)
    for _ in range(3):  # a pass stops tracking a tuple once what it holds is untracked: one level a pass
        gc.collect()
    untracked = (
        *melds_module._RUN_KEYS,
        *melds_module._SUIT_WILD_COUNTS,
        melds_module._SHAPES[rules.number],
        melds_module._SINGLES[rules.number],
        melds_module._HARDEST[rules.number],
        melds_module._EXTENSIONS[rules.number],
    )
    for cache in untracked:
        assert cache, "the searches above fill every one of these caches"
        assert not gc.is_tracked(cache)
    groups = (
        melds_module._SET_TRIPLES,
        melds_module._RUNS_BY_PRESENCE,
        melds_module._WINDOW_CODES,
        melds_module._TRIPLE_OF_CODE,
    )
    for cache in groups:
        assert cache, "the searches above fill every one of these caches"
        tracked = [key for key, value in cache.items() if gc.is_tracked(key) or gc.is_tracked(value)]
        assert not tracked
    shapes = [shape for shape in melds_module._SHAPE_TABLE if shape is not None]
    assert len(shapes) == len(set(shapes)), "each shape is kept once"


def test_a_run_holding_an_ace_takes_the_cards_to_its_other_end_at_once() -> None:
    # The Two stands for the missing Two; moved to the Jack's place, it lets the Ace go above the King.
    run = m("AD 2H 3D 4D 5D 6D 7D 8D 9D 10D")
    rules = Rules.from_preset("standard").meld_rules
    first = multi_card_extensions(run, (c("QD"), c("KD")), rules)
    assert first == ((c("QD"), c("KD")),)
    assert multi_card_extensions(run, (c("QD"), c("KD")), rules) == first  # again, from the cache
    assert multi_card_extensions(run, (c("QD"), c("KS")), rules) == ()


@pytest.mark.parametrize(
    ("preset", "text", "lonely"),
    [
        ("standard", "3H 4H 5H 5H 6H 7H QS QH QD QD JK JK 2C 2C 2H 9D 9C", "KC"),
        ("venezuelan", "AS AS 2S 3S KS KS QS JK JK 2D 2D 2H 2C 7H 7H 7D 7C 7S", "10C"),
        ("standard", "2S 2S 2H 2C 7D 9D", "KC"),  # the Twos are in fewer melds, yet placed after 7D
    ],
)
def test_the_whole_hand_search_places_first_the_card_fewest_three_card_melds_hold(
    preset: str, text: str, lonely: str
) -> None:
    # The search's pivot: natural cards before wild cards, then the fewest three-card melds holding the
    # card (a card held twice in a meld counts twice), then the lowest card. Counted here over the listed
    # melds; the search sums them from its cached groups, packed in integers.
    from biriba.core import melds as melds_module
    from biriba.core.cards import counts_of, parse_cards
    from biriba.core.melds import WILD_CARDS

    rules = Rules.from_preset(preset).meld_rules
    counts = counts_of(parse_cards(text.split()))
    places = {
        card: sum(meld.count(card) for meld in three_card_melds(counts, rules))
        for card in set(parse_cards(text.split()))
    }
    expected = min(places, key=lambda card: (card in WILD_CARDS, places[card], card))
    assert melds_module._find_hardest_card(bytes(counts), rules) == (expected, True)
    with_lonely = counts_of(parse_cards([*text.split(), lonely]))  # in no three-card meld: placed nowhere
    assert melds_module._find_hardest_card(bytes(with_lonely), rules) == (c(lonely), False)


def _every_meld_to_extend(rules: MeldRules) -> list[tuple[int, ...]]:
    """Every valid run of hearts of 3 to 14 cards (each stretch of places, clean or with one wild card: a
    Joker, the Two of hearts or of spades, in each of its places or added at an end), every set of Queens
    of up to two cards a suit with up to two wild cards, and every meld of up to six wild cards."""
    from itertools import product

    from biriba.core.cards import ACE, JOKER, make_card

    hearts, spades, queen = 1, 0, 12
    wilds = (JOKER, make_card(2, hearts), make_card(2, spades))
    candidates: list[list[int]] = []
    for low in range(1, 15):
        for high in range(low + 1, 15):
            naturals = [make_card(ACE if place == 14 else place, hearts) for place in range(low, high + 1)]
            candidates.append(naturals)
            for wild in wilds:
                candidates.append([*naturals, wild])
                candidates += [[*naturals[:i], wild, *naturals[i + 1 :]] for i in range(1, len(naturals) - 1)]
    for per_suit in product(range(3), repeat=4):
        queens = [make_card(queen, suit) for suit, n in enumerate(per_suit) for _ in range(n)]
        for added in ((), (JOKER,), (make_card(2, spades),), (JOKER, JOKER)):
            candidates.append([*queens, *added])
    for jokers in range(7):
        for twos in product(range(2), repeat=2):
            candidates.append([JOKER] * jokers + [make_card(2, hearts)] * twos[0] + [make_card(2, spades)] * twos[1])
    melds = {tuple(sorted(cards)) for cards in candidates if len(cards) >= 3}
    return sorted(meld for meld in melds if meld_shape(meld, rules) is not None)


@pytest.mark.parametrize("preset", ["standard", "venezuelan", "buraco-fechado"])
def test_the_single_cards_that_extend_a_meld_are_every_card_that_extends_it(preset: str) -> None:
    # Only the cards that could extend a meld are tried (for a run, those near its ends and at its wild
    # card's place): over every meld, they are what trying each card of the pack finds.
    from biriba.core.cards import N_CARD_TYPES

    rules = Rules.from_preset(preset).meld_rules
    melds = _every_meld_to_extend(rules)
    shapes = {meld_shape(meld, rules) for meld in melds}
    assert {"run", "set"} <= {shape.kind for shape in shapes if shape is not None}
    assert max(len(meld) for meld in melds) == rules.longest_run
    for meld in melds:
        expected = [card for card in range(N_CARD_TYPES) if extends(meld, (card,), rules)]
        assert list(single_card_extensions(meld, rules)) == expected, codes(meld)


@pytest.mark.parametrize("preset", ["standard", "buraco-fechado"])
def test_a_run_holding_an_ace_is_extended_by_several_cards_only_where_the_ace_can_move(preset: str) -> None:
    # The listing asks for the extensions that move a run's Ace to its other end only when the hand holds
    # the cards between (all but one): over every run holding an Ace and hands of its suit and wild cards,
    # it lists what trying every set of the hand's cards lists.
    import random

    from biriba.core.cards import JOKER, N_CARD_TYPES, make_card
    from biriba.core.listing import ace_moving_extensions
    from biriba.core.state import TableMeld

    rules = Rules.from_preset(preset).meld_rules
    ace_of_hearts = make_card(1, 1)
    runs = [meld for meld in _every_meld_to_extend(rules) if ace_of_hearts in meld]
    rng = random.Random(7)
    pool = [make_card(rank, 1) for rank in range(2, 14)] + [JOKER, make_card(2, 0)]
    found = 0
    for run in runs:
        shape = meld_shape(run, rules)
        assert shape is not None and shape.kind == "run"
        singles = single_card_extensions(run, rules)
        high = shape.low + shape.length - 1
        between = [make_card(rank, 1) for rank in (range(high + 1, 14) if shape.low == 1 else range(2, shape.low))]
        for _ in range(4):
            # Most hands hold the places between the run and the Ace's other end, or all but one or two.
            held = rng.sample(between, max(0, len(between) - rng.randint(0, 2))) if rng.random() < 0.7 else []
            held += rng.sample(pool, rng.randint(1, 4))
            hand = [0] * N_CARD_TYPES
            for card in held[:9]:
                hand[card] += 1
            candidates = tuple(sorted(c for c in set(pool) if hand[c] and c not in singles))
            expected = multi_card_extensions(run, candidates, rules) if len(candidates) >= 2 else ()
            assert ace_moving_extensions(hand, TableMeld(run, shape, False), singles, rules) == expected
            found += bool(expected)
    assert found > 30  # hands that move the Ace are among them


def _search_without_records(
    rules: MeldRules, hand: list[int], limit: int, short: bool, using: frozenset[int] | None, keep_one: bool
) -> tuple[tuple[bool, set[tuple[tuple[int, ...], ...]], int], int]:
    """The whole-hand search as first written, remembering only the impossible rests: whether it found a
    way, the ways it found and the steps it took; and how often it searched again a rest found layable."""
    from biriba.core.melds import (
        SEARCH_BUDGET,
        SHORT_MELD,
        _hardest_card,
        _melds_holding,
        _without,
        runs_only_layable,
    )

    found: set[tuple[tuple[int, ...], ...]] = set()
    dead: set[tuple[bytes, bool, bool]] = set()
    layable: set[tuple[bytes, bool, bool]] = set()
    steps = again = 0

    def exhausted() -> bool:
        return len(found) >= limit or steps >= SEARCH_BUDGET

    def lay(rest: bytes, left: int, chosen: tuple[tuple[int, ...], ...], used: bool, may_keep: bool) -> bool:
        nonlocal steps, again
        if left == 0 or (left == 1 and may_keep):
            if not used:
                return False
            found.add(tuple(sorted(chosen)))
            return True
        key = (rest, may_keep, used)
        if key in dead or exhausted():
            return False
        again += key in layable
        steps += 1
        if rules.runs_only and not runs_only_layable(rest, rules, may_keep):
            dead.add(key)
            return False
        pivot, placeable = _hardest_card(rest, rules)
        any_way = False
        for meld in _melds_holding(pivot, rest, rules) if placeable else ():
            if exhausted():
                return any_way
            if not short or len(meld) <= SHORT_MELD:
                holds = used or (using is not None and not using.isdisjoint(meld))
                any_way |= lay(_without(rest, meld), left - len(meld), (*chosen, meld), holds, may_keep)
        if may_keep and not exhausted():
            any_way |= lay(_without(rest, (pivot,)), left - 1, chosen, used, False)
        if not exhausted():
            (layable if any_way else dead).add(key)
        return any_way

    return (lay(bytes(hand), sum(hand), (), using is None, keep_one), found, steps), again


@pytest.mark.parametrize("preset", ["standard", "venezuelan", "classic"])
def test_the_whole_hand_search_replaying_layable_rests_finds_what_searching_them_again_finds(preset: str) -> None:
    # The search replays the record of a rest it found layable instead of searching it again: over hands
    # of 8 to 40 cards, with and without a card kept or a card to use, short melds or any, to the first
    # way or to the limit, it finds the same ways at the same step, budget spent or not.
    import random

    from biriba.core.cards import pack
    from biriba.core.melds import SEARCH_BUDGET, _PartitionSearch

    rules = Rules.from_preset(preset).meld_rules
    deck = sorted(pack(2, 4))
    rng = random.Random(preset)
    spent = replayed = 0
    for _ in range(60):
        hand = [0] * (max(deck) + 1)
        for card in rng.sample(deck, rng.randint(8, 40)):
            hand[card] += 1
        held = [card for card, n in enumerate(hand) if n]
        for limit, short, using in ((1, True, None), (256, False, None), (1, True, frozenset(rng.sample(held, 2)))):
            keep_one = rng.random() < 0.7
            search = _PartitionSearch(rules, limit, short, using)
            answer = search.lay(hand, keep_one, False)
            expected, again = _search_without_records(rules, hand, limit, short, using, keep_one)
            assert (answer, search.found, search.steps) == expected
            spent += search.steps >= SEARCH_BUDGET
            replayed += again
    assert spent >= 3 and replayed >= 100  # searches that ran out of budget, and layable rests met again


@pytest.mark.parametrize("ace_to_ace", [False, True])
def test_every_run_and_set_of_a_hand_is_listed_valid_though_its_shape_is_not_asked(ace_to_ace: bool) -> None:
    # all_melds builds a hand's runs (each window of a suit's places, with at most one place held by a wild
    # card) and sets valid by construction, and asks meld_shape only of the melds of wild cards alone. Over
    # every window of a suit held whole, with one rank missing, with one Ace or two, with each kind of wild
    # card, and sets of each size, every meld listed must be one, whatever the set options.
    from biriba.core.cards import ACE, JOKER, counts_of, make_card
    from biriba.core.melds import all_melds

    spades, hearts = 0, 1
    suit = [make_card(rank, hearts) for rank in range(1, 14)]
    hands = [suit * 2, suit, [card for card in suit * 2 if card != make_card(ACE, hearts)] + [make_card(ACE, hearts)]]
    hands += [[card for card in suit if card != make_card(rank, hearts)] for rank in range(1, 14)]
    sets = [make_card(rank, s) for rank in (ACE, 12) for s in range(4) if s != hearts] * 2  # with hearts' own
    wilds = [JOKER, JOKER, make_card(2, spades), make_card(2, spades)]
    options = [
        MeldRules(ace_to_ace=ace_to_ace, sets=False, wild_melds=True),
        MeldRules(ace_to_ace=ace_to_ace, sets_of_twos=True),
        MeldRules(ace_to_ace=ace_to_ace, only_set_rank=ACE),
    ]
    for rules in options:
        longest = 0
        for hand in hands:
            melds = all_melds(counts_of(hand + sets + wilds), rules)
            assert melds, codes(hand)
            assert all(meld_shape(meld, rules) is not None for meld in melds), codes(hand)
            longest = max(longest, *map(len, melds))
        assert longest == rules.longest_run
