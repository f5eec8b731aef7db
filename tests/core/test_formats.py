"""docs/rules.md, Formats: every player format as the engine plays it.

2 players and 3 individuals play alone; 4 and 6 players in fixed partnerships of opposite seats; 3 (with
partnerships) and 5 players form them during the hand: nobody melds until a player lays the whole hand at
once (but a card to discard) and takes the 18-card biribaki; that player plays alone (team 0), the others
pair up in alternate seats, and each partner scores half the team's score. Covered: the pack, the deal
(docs/rules.md), the first player, the teams, the forming of partnerships, the 3-player partner wild-card
discard variation (the base rules), scoring per format, match totals per seat and ``biriba score`` input.
"""

from __future__ import annotations

from typing import Any

import pytest

from biriba.core.actions import Discard, Draw, Extend, Meld, Pass, TakePile
from biriba.core.cards import JOKER, counts_of, pack
from biriba.core.errors import InvalidInputError, InvalidRulesError
from biriba.core.match import Match
from biriba.core.rules import Rules
from biriba.core.scoresheet import score_sheet
from biriba.core.scoring import partner_share
from biriba.core.state import HandState, Phase
from tests.builders import (
    assert_illegal,
    c,
    cs,
    deck_for,
    discard_action,
    extend_action,
    hand_codes,
    m,
    meld_action,
    play,
    position,
    team_meld_codes,
)

R2 = Rules.from_preset("standard", players=2)
R3 = Rules.from_preset("standard", players=3)
R3F = Rules.from_preset("standard", players=3, partnerships="formed")
R4 = Rules.from_preset("standard")
R5 = Rules.from_preset("standard", players=5)
R6 = Rules.from_preset("standard", players=6)
R8 = Rules.from_preset("standard", players=8)
R3W = Rules.from_preset("standard", players=3, partnerships="formed", partner_wild_discard=False)

FORMAT_IDS = ["2 players", "3 individuals", "3 formed", "4 fixed", "5 formed", "6 fixed", "8 fixed"]
ALL_RULES = [R2, R3, R3F, R4, R5, R6, R8]
FORMED = pytest.mark.parametrize("rules", [R3F, R5], ids=["3 formed", "5 formed"])

RUN_S = "3S 4S 5S 6S 7S 8S 9S"
"""A clean spade run of 7: 45 points of cards + 200 (plain suit; the upcard KH makes hearts the bonus suit)."""
RUN_D = "3D 4D 5D 6D 7D 8D 9D"
"""As RUN_S in diamonds: 245 with its bonus."""
OPENING_HAND = "3H 4H 5H 6H 7H 8H 9H QS QD QC QH"
"""With 10H drawn, the whole hand melds as 3H..10H + four Queens; with KC drawn, all but the KC."""


def _on_turn(rules: Rules, seat: int, hands: dict[int, str], **kwargs: Any) -> HandState:
    """A position where ``seat`` is on turn, dealt by the seat before it."""
    return position(hands, rules=rules, dealer=(seat - 1) % rules.players, current=seat, **kwargs)


# --- the pack, the deal, the first player, the teams ------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "partnerships", "decks", "jokers", "total", "packets", "teams"),
    [
        (R2, "none", 2, 4, 108, (11, 11), 2),
        (R3, "none", 3, 6, 162, (11, 11, 11), 3),
        (R3F, "formed", 2, 4, 108, (18, 11), 2),
        (R4, "fixed", 2, 4, 108, (11, 11), 2),
        (R5, "formed", 3, 6, 162, (18, 11, 11), 3),
        (R6, "fixed", 3, 6, 162, (11, 11, 11), 3),
        (R8, "fixed", 4, 8, 216, (11, 11, 11, 11), 4),  # the older encyclopedia: "any number of pairs", a deck per pair
    ],
    ids=FORMAT_IDS,
)
def test_each_format_plays_its_pack_packets_and_teams(
    rules: Rules,
    partnerships: str,
    decks: int,
    jokers: int,
    total: int,
    packets: tuple[int, ...],
    teams: int,
) -> None:
    assert rules.partnerships == partnerships
    assert (rules.decks, rules.jokers, rules.packet_sizes, rules.teams) == (decks, jokers, packets, teams)
    assert rules.hand_size == 11
    cards = pack(rules.decks, rules.jokers)
    assert len(cards) == total
    counts = counts_of(cards)
    assert counts[JOKER] == jokers
    assert all(counts[card] == decks for card in range(52))


def test_three_players_play_alone_unless_partnerships_are_asked() -> None:
    assert Rules.from_preset("standard", players=3).partnerships == "none"
    assert Rules.from_json({"preset": "standard", "players": 3, "partnerships": "formed"}) == R3F


@pytest.mark.parametrize(
    ("players", "partnerships"), [(4, "formed"), (6, "formed"), (3, "fixed"), (5, "fixed"), (2, "formed")]
)
def test_partnerships_that_do_not_fit_the_players_are_refused(players: int, partnerships: str) -> None:
    with pytest.raises(InvalidRulesError, match="partnerships"):
        Rules.from_preset("standard", players=players, partnerships=partnerships)


SEAT_HANDS = ["AS KS QS", "AH KH QH", "AD KD QD", "AC KC QC", "JS JH JD", "10S 10H 10D", "9S 9H 9D", "8S 8H 8D"]


@pytest.mark.parametrize("dealer_from_end", [0, 1], ids=["last seat deals", "next to last deals"])
@pytest.mark.parametrize(
    ("rules", "draw_pile"), [(R2, 63), (R3, 95), (R3F, 45), (R4, 41), (R5, 66), (R6, 62), (R8, 83)], ids=FORMAT_IDS
)
def test_a_deal_from_an_explicit_deck_puts_every_card_where_the_documented_deal_says(
    rules: Rules, draw_pile: int, dealer_from_end: int
) -> None:
    players = rules.players
    dealer = players - 1 - dealer_from_end
    named_packets = ["5S 5H 5D", "6S 6H 6D", "7S 7H 7D", "4S 4H 4D"][: len(rules.packet_sizes)]
    hands = {seat: SEAT_HANDS[seat] for seat in range(players)}
    deck = deck_for(dealer, hands=hands, packets=named_packets, upcard="KH", draw_top="QD JS", rules=rules)
    assert len(deck) == len(pack(rules.decks, rules.jokers))
    # The deck itself: one card at a time from seat dealer+1, then the packets, the upcard, the draw pile.
    for seat, named in hands.items():
        offset = (seat - dealer - 1) % players
        assert [deck[r * players + offset] for r in range(3)] == cs(named), seat
    state = HandState.deal(rules, dealer, deck=deck)
    for seat in range(players):
        offset = (seat - dealer - 1) % players
        dealt = [deck[r * players + offset] for r in range(11)]
        assert state.hand_cards(seat) == sorted(dealt), seat
        assert all(state.hands[seat][card] >= 1 for card in cs(hands[seat]))
    assert state.hand_sizes == [11] * players
    start = 11 * players
    for index, size in enumerate(rules.packet_sizes):
        assert state.biribakia[index] == deck[start : start + size]
        assert state.biribakia[index][:3] == cs(named_packets[index])
        start += size
    assert [len(packet) for packet in state.biribakia] == list(rules.packet_sizes)
    assert state.upcard == deck[start] == c("KH")
    assert state.discard_pile == [c("KH")] and state.bonus_suit == 1
    assert state.draw_pile[::-1] == deck[start + 1 :]
    assert state.draw_pile[-2:] == [c("JS"), c("QD")]  # QD on top (the engine keeps the top last)
    assert len(state.draw_pile) == draw_pile
    assert state.packets_used == 0


def test_the_first_packet_of_the_formed_formats_holds_18_cards_dealt_before_the_others() -> None:
    """The unshuffled 3-player pack dealt by seat 2: 33 cards to the hands, then 18, then 11."""
    state = HandState.deal(R3F, dealer=2, deck=pack(2, 4))
    deck = pack(2, 4)
    assert state.biribakia == [deck[33:51], deck[51:62]]
    assert state.upcard == deck[62]
    assert hand_codes(state, 0)[:4] == ["AS", "4S", "7S", "10S"]


@pytest.mark.parametrize("rules", ALL_RULES, ids=FORMAT_IDS)
def test_the_seat_after_the_dealer_plays_first(rules: Rules) -> None:
    for dealer in range(rules.players):
        state = HandState.deal(rules, dealer, seed=dealer)
        assert state.current == (dealer + 1) % rules.players
        assert state.phase is Phase.DRAW
        assert {action.seat for action in state.legal_actions()} == {state.current}


@pytest.mark.parametrize(
    ("rules", "seat_team", "formed"),
    [
        (R2, [0, 1], True),
        (R3, [0, 1, 2], True),
        (R3F, [-1, -1, -1], False),
        (R4, [0, 1, 0, 1], True),
        (R5, [-1, -1, -1, -1, -1], False),
        (R6, [0, 1, 2, 0, 1, 2], True),
        (R8, [0, 1, 2, 3, 0, 1, 2, 3], True),
    ],
    ids=FORMAT_IDS,
)
def test_seats_map_to_teams_at_the_deal(rules: Rules, seat_team: list[int], formed: bool) -> None:
    state = HandState.deal(rules, dealer=0, seed=3)
    assert state.seat_team == seat_team
    assert [state.team_of(seat) for seat in range(rules.players)] == seat_team
    assert state.teams_formed is formed
    assert len(state.melds) == len(state.biribaki_holder) == rules.teams


def test_six_players_sit_in_three_teams_of_opposite_partners() -> None:
    state = HandState.deal(R6, dealer=0, seed=3)
    assert [state.seats_of(team) for team in range(3)] == [[0, 3], [1, 4], [2, 5]]


def test_eight_players_sit_in_four_teams_of_opposite_partners() -> None:
    state = HandState.deal(R8, dealer=0, seed=3)
    assert [state.seats_of(team) for team in range(4)] == [[0, 4], [1, 5], [2, 6], [3, 7]]
    assert Rules.from_preset("standard", players=8, partnerships="none").teams == 8


@pytest.mark.parametrize("players", [1, 7, 9, 10])
def test_other_numbers_of_players_are_refused_naming_the_formats(players: int) -> None:
    with pytest.raises(InvalidRulesError, match=f"players={players}"):
        Rules.from_preset("standard", players=players)


# --- formed partnerships: before they form --------------------------------------------------------------


@FORMED
def test_before_partnerships_form_a_meld_that_keeps_cards_is_refused(rules: Rules) -> None:
    # 3H..9H is a biriba and the Queens a set, but KC and 5S would stay: not the whole hand but a discard.
    state = _on_turn(rules, 1, {1: "3H 4H 5H 6H 7H 8H 9H QS QD QC KC"}, draw_next="5S")
    play(state, Draw(1))
    assert_illegal(state, meld_action(1, "QS QD QC"), "whole-hand-opening")
    assert_illegal(state, meld_action(1, "3H 4H 5H 6H 7H 8H 9H"), "whole-hand-opening")
    assert_illegal(state, meld_action(1, "3H 4H 5H 6H 7H 8H 9H", "QS QD QC"), "whole-hand-opening")
    assert not [action for action in state.legal_actions() if isinstance(action, Meld | Extend)]
    assert state.seat_team == [-1] * rules.players
    assert all(not team for team in state.melds)


@FORMED
def test_before_partnerships_form_a_turn_is_a_draw_or_pile_take_and_a_discard(rules: Rules) -> None:
    state = _on_turn(rules, 0, {0: "3C 8D JS KH 4S 9H 2C AD 6D 10S QC"}, draw_next="5H", discard="7C")
    play(state, Draw(0), discard_action(0, "5H"))
    assert (state.current, state.phase) == (1, Phase.DRAW)
    assert state.hand_size(0) == 11 and state.discard_pile[-1] == c("5H")
    play(state, TakePile(1))
    assert state.hand_size(1) == 13
    play(state, Discard(1, state.hand_cards(1)[0]))
    assert state.current == 2
    assert state.seat_team == [-1] * rules.players
    assert all(not team for team in state.melds) and state.packets_used == 0


def _whole_hand_layouts(cards: list[int], rules: Rules) -> set[tuple[tuple[int, ...], ...]]:
    """Every way to lay ``cards`` as melds, whole or but one card, by brute force over subsets: the
    meld holding the first card left is any subset with it that is a meld."""
    from itertools import combinations

    from biriba.core.melds import canonical, meld_shape

    def layouts(rest: tuple[int, ...]) -> set[tuple[tuple[int, ...], ...]]:
        if not rest:
            return {()}
        first, others = rest[0], rest[1:]
        found: set[tuple[tuple[int, ...], ...]] = set()
        for size in range(2, len(others) + 1):
            for chosen in combinations(range(len(others)), size):
                meld = canonical((first, *(others[i] for i in chosen)))
                if meld_shape(meld, rules.meld_rules) is None:
                    continue
                left = tuple(card for i, card in enumerate(others) if i not in chosen)
                found |= {tuple(sorted((meld, *more))) for more in layouts(left)}
        return found

    whole = tuple(sorted(cards))
    result = layouts(whole)
    for kept in set(whole):
        rest = list(whole)
        rest.remove(kept)
        result |= layouts(tuple(rest))
    return result


@FORMED
def test_legal_actions_list_exactly_the_whole_hand_openings(rules: Rules) -> None:
    state = _on_turn(rules, 0, {0: OPENING_HAND}, draw_next="10H")
    play(state, Draw(0))
    listed = {action for action in state.legal_actions() if isinstance(action, Meld | Extend)}
    expected = {Meld(0, layout) for layout in _whole_hand_layouts(state.hand_cards(0), rules)}
    # With or without a biriba (the 18 needs none): the run of eight whole or split, the Queens together.
    assert Meld(0, tuple(sorted((m("3H 4H 5H 6H 7H 8H 9H 10H"), m("QS QD QC QH"))))) in expected
    assert Meld(0, tuple(sorted((m("3H 4H 5H 6H"), m("7H 8H 9H 10H"), m("QS QD QC QH"))))) in expected
    assert listed == expected
    for action in listed:
        state.clone().apply(action)


@FORMED
def test_the_whole_hand_opening_takes_the_18_without_a_biriba(rules: Rules) -> None:
    """The base rules ask of the 18 only that a player "is able to meld their whole hand (except possibly for a
    discard)"; the biriba is asked of the 11-card packets (docs/rules.md, Formats)."""
    hand = "3H 4H 5H 6H 7H QS QD QC KS KD KC"  # a run of 5, two sets: no biriba; 9C is kept to discard
    opening = meld_action(0, "3H 4H 5H 6H 7H", "QS QD QC", "KS KD KC")
    state = _on_turn(rules, 0, {0: hand}, draw_next="9C")
    play(state, Draw(0))
    assert Meld(0, tuple(sorted(opening.melds))) in state.legal_actions()
    play(state, opening, discard_action(0, "9C"))
    assert state.team_of(0) == 0 and state.biribaki_holder[0] == 0
    assert state.hand_size(0) == 18


@FORMED
def test_the_partners_packet_still_needs_a_biriba(rules: Rules) -> None:
    """After the 18, the 11-card packets go to "the first of the partners who is able to meld all the
    cards in their hand, the team having made at least one biriba"."""
    state = _on_turn(rules, 0, {0: OPENING_HAND}, draw_next="10H")
    play(state, Draw(0), meld_action(0, "3H 4H 5H 6H 7H 8H 9H 10H", "QS QD QC QH"))
    partner = state.seats_of(1)[0]
    state.hands[partner] = counts_of(cs("5S 6S 7S JD"))
    state.hand_sizes[partner] = 4
    state.current, state.phase = partner, Phase.PLAY
    assert_illegal(state, meld_action(partner, "5S 6S 7S"), "keep-two-cards")
    assert Meld(partner, (m("5S 6S 7S"),)) not in state.legal_actions()


@pytest.mark.parametrize(
    ("rules", "lone", "seat_team"),
    [
        (R3F, 0, [0, 1, 1]),
        (R3F, 1, [1, 0, 1]),
        (R3F, 2, [1, 1, 0]),
        (R5, 0, [0, 1, 2, 1, 2]),
        (R5, 2, [1, 2, 0, 1, 2]),
        (R5, 3, [2, 1, 2, 0, 1]),
    ],
    ids=["3p lone 0", "3p lone 1", "3p lone 2", "5p lone 0", "5p lone 2", "5p lone 3"],
)
def test_the_whole_hand_opening_forms_the_teams_and_takes_the_18_at_once(
    rules: Rules, lone: int, seat_team: list[int]
) -> None:
    state = _on_turn(rules, lone, {lone: OPENING_HAND}, draw_next="10H")
    first_packet = sorted(state.biribakia[0])
    play(state, Draw(lone), meld_action(lone, "3H 4H 5H 6H 7H 8H 9H 10H", "QS QD QC QH"))
    assert state.seat_team == seat_team
    assert state.teams_formed
    assert team_meld_codes(state, 0) == [["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H"], ["QS", "QH", "QD", "QC"]]
    # The hand was emptied: the 18 cards are the new hand at once, and the turn goes on with them.
    assert state.hand_cards(lone) == first_packet and state.hand_size(lone) == 18
    assert state.biribaki_holder[0] == lone and state.packets_used == 1
    assert (state.current, state.phase) == (lone, Phase.PLAY)
    assert not state.unplayed_biribaki[lone]
    partners = [state.seats_of(team) for team in range(1, rules.teams)]
    assert all(len(seats) == 2 for seats in partners)
    play(state, Discard(lone, first_packet[0]))
    assert state.current == (lone + 1) % rules.players


@FORMED
def test_the_lone_player_keeping_a_card_takes_the_18_with_its_discard_and_plays_it_next_turn(
    rules: Rules,
) -> None:
    state = _on_turn(rules, 0, {0: OPENING_HAND}, draw_next="KC", packets=["AS AD AC"])
    first_packet = sorted(state.biribakia[0])
    play(state, Draw(0), meld_action(0, "3H 4H 5H 6H 7H 8H 9H", "QS QD QC QH"))
    assert hand_codes(state, 0) == ["KC"]
    assert state.team_of(0) == 0 and state.biribaki_holder[0] == -1
    play(state, discard_action(0, "KC"))
    assert state.hand_cards(0) == first_packet and state.biribaki_holder[0] == 0
    assert state.unplayed_biribaki[0] and state.current == 1
    for seat in range(1, rules.players):
        play(state, Draw(seat), Discard(seat, state.hand_cards(seat)[-1]))
    play(state, Draw(0))
    assert not state.unplayed_biribaki[0]
    play(state, meld_action(0, "AS AD AC"))  # the lone player now melds freely
    assert team_meld_codes(state, 0)[-1] == ["AS", "AD", "AC"]


@pytest.mark.parametrize(
    ("rules", "hands", "plays", "team_melds"),
    [
        (
            R3F,
            {1: "5S 5D 5C 3C 9D KH 8C 4D JC 6S 10S", 2: "5H 3D 9C KS 8D 4C JD 6C 10C 7D 2C"},
            [(1, "meld", "5S 5D 5C"), (2, "extend", "5H")],
            {1: [["5S", "5H", "5D", "5C"]]},
        ),
        (
            R5,
            {
                1: "5S 5D 5C 3C 9D KH 8C 4D JC 6S 10S",
                2: "JH JD JC 3S 9H KC 8S 4H 10D 7C 6D",
                3: "5H 3D 9C KS 8D 4C 6C 10C 7D 2C AS",
                4: "JS 3H 9S KD 8H 4S 10H 7S 6H 2D AH",
            },
            [(1, "meld", "5S 5D 5C"), (2, "meld", "JH JD JC"), (3, "extend", "5H"), (4, "extend", "JS")],
            {1: [["5S", "5H", "5D", "5C"]], 2: [["JS", "JH", "JD", "JC"]]},
        ),
    ],
    ids=["3 formed", "5 formed"],
)
def test_after_the_opening_partners_meld_freely_and_share_their_melds(
    rules: Rules,
    hands: dict[int, str],
    plays: list[tuple[int, str, str]],
    team_melds: dict[int, list[list[str]]],
) -> None:
    state = _on_turn(rules, 0, {0: OPENING_HAND, **hands}, draw_next="10H")
    play(state, Draw(0), meld_action(0, "3H 4H 5H 6H 7H 8H 9H 10H", "QS QD QC QH"))
    play(state, Discard(0, state.hand_cards(0)[0]))
    for seat, kind, cards in plays:  # each pair: one partner melds three cards, the other extends that meld
        play(state, Draw(seat))
        assert not state.must_open_whole(seat)
        play(state, meld_action(seat, cards) if kind == "meld" else extend_action(seat, 0, cards))
        play(state, Discard(seat, state.hand_cards(seat)[-1]))
    for team, expected in team_melds.items():
        assert team_meld_codes(state, team) == expected
    assert len(state.melds[0]) == 2


def test_the_pairs_of_five_players_take_the_second_and_third_packets_in_the_order_they_qualify() -> None:
    state = position(
        {2: "4D", 3: "4S"},
        rules=R5,
        dealer=1,
        current=2,
        seat_team=[0, 1, 2, 1, 2],
        melds={0: [RUN_D.replace("D", "C")], 1: ["5S 6S 7S 8S 9S 10S JS"], 2: ["5D 6D 7D 8D 9D 10D JD"]},
        biribaki_holder={0: 0},
        packets=["AH", "AC"],
        draw_next="QC 3S",
    )
    second, third = sorted(state.biribakia[1]), sorted(state.biribakia[2])
    assert (len(second), len(third)) == (11, 11)
    # Team 2 first: one card left after the extension, its discard takes packet 2.
    play(state, Draw(2), extend_action(2, 0, "4D"), discard_action(2, "QC"))
    assert state.hand_cards(2) == second and state.biribaki_holder == [0, -1, 2]
    # Then team 1: the last two cards melded at once take packet 3 and the turn goes on.
    play(state, Draw(3), Extend(3, 0, m("3S 4S")))
    assert state.hand_cards(3) == third and state.biribaki_holder == [0, 3, 2]
    assert state.packets_used == 3 and (state.current, state.phase) == (3, Phase.PLAY)


def test_the_partners_of_three_players_take_the_11_card_packet() -> None:
    state = position(
        {2: "4S"},
        rules=R3F,
        dealer=1,
        current=2,
        seat_team=[0, 1, 1],
        melds={0: [RUN_D], 1: ["5S 6S 7S 8S 9S 10S JS"]},
        biribaki_holder={0: 0},
        packets=["AH"],
        draw_next="3S",
    )
    packet = sorted(state.biribakia[1])
    play(state, Draw(2), Extend(2, 0, m("3S 4S")))
    assert state.hand_cards(2) == packet and len(packet) == 11
    assert state.biribaki_holder == [0, 2] and state.packets_used == 2


# --- the 3-player partner wild-card discard restriction -------------------------------------------------


def _after_forming(rules: Rules, lone: int, seat: int) -> HandState:
    """3 players after the opening of ``lone`` (team 0, holding the first packet): ``seat`` is to discard
    from JK 2C 9S KD."""
    seat_team = [0 if s == lone else 1 for s in range(3)]
    wilds = "JK 2C 9S KD"
    return position(
        {seat: wilds},
        rules=rules,
        dealer=(seat - 1) % 3,
        current=seat,
        phase=Phase.PLAY,
        seat_team=seat_team,
        melds={0: [RUN_S]},
        biribaki_holder={0: lone},
    )


@pytest.mark.parametrize("lone", [0, 1, 2])
def test_the_partner_playing_just_before_the_other_may_not_discard_a_wild_card(lone: int) -> None:
    first = (lone + 1) % 3
    state = _after_forming(R3W, lone, first)
    assert_illegal(state, discard_action(first, "JK"), "partner-wild-discard")
    assert_illegal(state, discard_action(first, "2C"), "partner-wild-discard")
    discards = {action for action in state.legal_actions() if isinstance(action, Discard)}
    assert discards == {discard_action(first, "9S"), discard_action(first, "KD")}
    play(state, discard_action(first, "9S"))


@pytest.mark.parametrize("lone", [0, 1, 2])
@pytest.mark.parametrize("wild", ["JK", "2C"])
def test_the_other_partner_and_the_lone_player_may_discard_a_wild_card(lone: int, wild: str) -> None:
    for seat in (lone, (lone + 2) % 3):
        state = _after_forming(R3W, lone, seat)
        play(state, discard_action(seat, wild))
        assert state.discard_pile[-1] == c(wild)


@pytest.mark.parametrize("wild", ["JK", "2C"])
def test_without_the_variation_the_first_partner_may_discard_a_wild_card(wild: str) -> None:
    assert R3F.partner_wild_discard
    state = _after_forming(R3F, 0, 1)
    play(state, discard_action(1, wild))
    assert state.discard_pile[-1] == c(wild)


def test_the_wild_card_restriction_waits_for_the_partnerships() -> None:
    state = position({1: "JK 2C 9S KD"}, rules=R3W, dealer=0, current=1, phase=Phase.PLAY)
    play(state, discard_action(1, "JK"))


@pytest.mark.parametrize(
    "players", [2, 3, 4, 5, 6], ids=["2 players", "3 individuals", "4 fixed", "5 formed", "6 fixed"]
)
def test_the_wild_card_restriction_is_a_rule_of_three_players_with_partnerships(players: int) -> None:
    with pytest.raises(InvalidRulesError, match="partner_wild_discard"):
        Rules.from_preset("standard", players=players, partner_wild_discard=False)


# --- scores ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("team", "share"),
    [(135, 70), (-135, -70), (130, 65), (-130, -65), (0, 0), (5, 5), (-5, -5), (10, 5), (245, 125)],
)
def test_partner_share_is_half_to_a_multiple_of_5_away_from_zero(team: int, share: int) -> None:
    assert partner_share(team) == share


def _ended_by_passes(rules: Rules, hands: dict[int, str], dealer: int = -1, **kwargs: Any) -> HandState:
    """A position whose draw pile is empty, ended by every player passing from seat 0 on."""
    dealer = dealer % rules.players
    state = position(hands, rules=rules, dealer=dealer, current=0, rest="discard", **kwargs)
    play(state, *[Pass(seat) for seat in range(rules.players)])
    assert state.is_over
    return state


# Team scores, with the upcard KH (hearts the bonus suit):
#   TEAM_135: biribaki taken, RUN_D (245), hands -50 and -60: 135.
#   TEAM_MINUS_135: biribaki not taken (-100), Queens (30), hands -15 and -50: -135.
TEAM_135 = (RUN_D, "KS QS JS 10S 9C", "AC AD AS 5C 5D 5S")
TEAM_MINUS_135 = ("QH QD QC", "3C 4C 6C", "JK JK 2C")


def test_formed_partners_score_half_each_and_the_lone_player_the_whole_team_score() -> None:
    # Lone seat 0 (RUN_S, KC in hand: 235); seats 1 & 3 score 135, seats 2 & 4 score -135.
    state = _ended_by_passes(
        R5,
        {
            0: "KC",
            1: TEAM_135[1],
            3: TEAM_135[2],
            2: TEAM_MINUS_135[1],
            4: TEAM_MINUS_135[2],
        },
        seat_team=[0, 1, 2, 1, 2],
        melds={0: [RUN_S], 1: [TEAM_135[0]], 2: [TEAM_MINUS_135[0]]},
        biribaki_holder={0: 0, 1: 1},
    )
    score = state.hand_score()
    assert score.teams == ((0,), (1, 3), (2, 4))
    assert [team.score for team in score.team_scores] == [235, 135, -135]
    assert score.seat_scores == (235, 70, -70, 70, -70)


def test_three_player_partners_score_half_each() -> None:
    # Lone seat 2: 235. Seats 0 & 1: RUN_D (245), hands -50 and -65: 130, so 65 each.
    state = _ended_by_passes(
        R3F,
        {2: "KC", 0: "KS QS JS 10S 9C", 1: "AC AD AS 5C 5D 5S 5H"},
        seat_team=[1, 1, 0],
        melds={0: [RUN_S], 1: [RUN_D]},
        biribaki_holder={0: 2, 1: 0},
    )
    score = state.hand_score()
    assert score.teams == ((2,), (0, 1))
    assert [team.score for team in score.team_scores] == [235, 130]
    assert score.seat_scores == (65, 65, 235)


@pytest.mark.parametrize(
    ("rules", "pairs", "seat_scores"),
    [
        (R4, [(0, 2), (1, 3)], (135, -135, 135, -135)),
        (R6, [(0, 3), (1, 4), (2, 5)], (135, -135, -110, 135, -135, -110)),
    ],
    ids=["4 fixed", "6 fixed"],
)
def test_fixed_partners_both_score_the_team_score(
    rules: Rules, pairs: list[tuple[int, int]], seat_scores: tuple[int, ...]
) -> None:
    specs = [TEAM_135, TEAM_MINUS_135, ("KH KD KC", "5C 5D", "10C JK")]  # the third: 30 - 10 - 30 - 100
    hands: dict[int, str] = {}
    melds: dict[int, list[str]] = {}
    for team, (a, b) in enumerate(pairs):
        melds[team] = [specs[team][0]]
        hands[a], hands[b] = specs[team][1], specs[team][2]
    state = _ended_by_passes(rules, hands, melds=melds, biribaki_holder={0: pairs[0][0]})
    score = state.hand_score()
    assert score.teams == tuple(pairs)
    assert score.seat_scores == seat_scores
    assert [team.score for team in score.team_scores] == [seat_scores[a] for a, _ in pairs]


@pytest.mark.parametrize(("rules", "seat_scores"), [(R2, (135, -135)), (R3, (135, -135, -110))], ids=FORMAT_IDS[:2])
def test_individual_players_score_alone(rules: Rules, seat_scores: tuple[int, ...]) -> None:
    hands = {0: "KS QS JS 10S 9C AC AD AS 5C 5D 5S", 1: "3C 4C 6C JK JK 2C", 2: "KC"}
    state = _ended_by_passes(
        rules,
        {seat: hands[seat] for seat in range(rules.players)},
        melds={0: [RUN_D], 1: ["QH QD QC"]},
        biribaki_holder={0: 0},
    )
    score = state.hand_score()
    assert score.teams == tuple((seat,) for seat in range(rules.players))
    assert score.seat_scores == seat_scores


@FORMED
def test_a_hand_ended_before_partnerships_form_scores_each_player_alone(rules: Rules) -> None:
    hands = {0: "KC", 1: "JK 5S", 2: "AS AD", 3: "9C 4C", 4: "2H"}
    state = _ended_by_passes(rules, {seat: hands[seat] for seat in range(rules.players)})
    assert not state.teams_formed
    score = state.hand_score()
    assert score.teams == tuple((seat,) for seat in range(rules.players))
    assert [team.biribaki for team in score.team_scores] == [-100] * rules.players
    assert score.seat_scores == (-110, -125, -130, -115, -110)[: rules.players]


def test_a_match_keeps_totals_per_seat_when_the_lone_player_changes() -> None:
    match = Match(Rules.from_preset("standard", players=3, partnerships="formed", target=300), first_dealer=0)
    assert match.sides == ((0,), (1,), (2,))
    # Hand 1, lone seat 1: 235; seats 2 & 0: Queens 30, hands -5 and -10, no biribaki: -85, so -45 each.
    match.hand = _ended_by_passes(
        match.rules,
        {1: "KC", 2: "5C", 0: "KD"},
        seat_team=[1, 0, 1],
        melds={0: [RUN_S], 1: ["QH QD QC"]},
        biribaki_holder={0: 1},
        dealer=match.next_dealer,
    )
    result = match.finish_hand()
    assert result.score.teams == ((1,), (0, 2))
    assert match.totals == [-45, 235, -45]
    assert not match.is_over and match.winner is None
    # Hand 2, lone seat 0: 235; seats 1 & 2: runs and Queens 275, hands -5 and -10: 260, so 130 each.
    match.hand = _ended_by_passes(
        match.rules,
        {0: "KC", 1: "5H", 2: "KD"},
        seat_team=[0, 1, 1],
        melds={0: [RUN_D], 1: ["3C 4C 5C 6C 7C 8C 9C", "QH QD QC"]},
        biribaki_holder={0: 0, 1: 1},
        dealer=match.next_dealer,
    )
    assert match.finish_hand().dealer == 1
    assert match.totals == [190, 365, 85]
    assert match.side_totals == [190, 365, 85]
    assert match.is_over and match.winner == 1


# --- six players ---------------------------------------------------------------------------------------


def test_six_players_take_three_packets_and_one_team_goes_out() -> None:
    state = position(
        {0: "3S", 1: "4H", 2: "4D", 3: "QS", 4: "KC KD", 5: "QC QD"},
        rules=R6,
        dealer=5,
        current=0,
        melds={0: ["5S 6S 7S 8S 9S 10S JS"], 1: ["5H 6H 7H 8H 9H 10H JH"], 2: ["5D 6D 7D 8D 9D 10D JD"]},
        packets=["AC", "AD", "AH"],
        draw_next="4S KD 3D 9C",
    )
    packets = [sorted(packet) for packet in state.biribakia]
    assert [len(packet) for packet in packets] == [11, 11, 11]
    play(state, Draw(0), Extend(0, 0, m("3S 4S")))  # empties the hand: packet 1 at once
    assert state.hand_cards(0) == packets[0]
    play(state, discard_action(0, "AC"))
    play(state, Draw(1), extend_action(1, 0, "4H"), discard_action(1, "KD"))  # packet 2 with the discard
    assert state.hand_cards(1) == packets[1]
    play(state, Draw(2), Extend(2, 0, m("3D 4D")))
    assert state.hand_cards(2) == packets[2]
    play(state, discard_action(2, "AH"))
    assert state.biribaki_holder == [0, 1, 2] and state.packets_used == 3
    # Seat 3 melds on its partner's run and goes out for team 0.
    play(state, Draw(3), extend_action(3, 0, "QS"), discard_action(3, "9C"))
    assert state.is_over and state.went_out == 3
    score = state.hand_score()
    assert score.teams == ((0, 3), (1, 4), (2, 5))
    assert [team.going_out for team in score.team_scores] == [100, 0, 0]
    assert [team.biribaki for team in score.team_scores] == [0, -100, 0]  # seat 1 never played its packet
    for seats, team in zip(score.teams, score.team_scores, strict=True):
        assert [score.seat_scores[seat] for seat in seats] == [team.score, team.score]


# --- `biriba score` input per format -------------------------------------------------------------------


def _sheet_team(melds: list[str], hands: list[str], biribaki: str = "taken", went_out: bool = False) -> dict:
    return {
        "melds": [meld.split() for meld in melds],
        "hands": [hand.split() for hand in hands],
        "biribaki": biribaki,
        "went_out": went_out,
    }


def test_score_sheet_halves_the_pairs_of_five_players_and_not_the_lone_player() -> None:
    sheet = score_sheet(
        {
            "rules": {"preset": "standard", "players": 5},
            "bonus_suit": "H",
            "teams": [
                _sheet_team([RUN_S], [""], went_out=True),  # 45 + 200 + 100 = 345
                _sheet_team([TEAM_135[0]], list(TEAM_135[1:])),
                _sheet_team([TEAM_MINUS_135[0]], list(TEAM_MINUS_135[1:]), biribaki="not_taken"),
            ],
        }
    )
    assert [team.score for team in sheet.team_scores] == [345, 135, -135]
    assert sheet.teams == ((0,), (1, 2), (3, 4))
    assert sheet.seat_scores == (345, 70, 70, -70, -70)


def test_score_sheet_halves_the_pair_of_three_players_listed_first() -> None:
    sheet = score_sheet(
        {
            "rules": {"preset": "standard", "players": 3, "partnerships": "formed"},
            "bonus_suit": "H",
            "teams": [
                _sheet_team([RUN_D], ["KS QS JS 10S 9C", "AC AD AS 5C 5D 5S 5H"]),  # 245 - 115 = 130
                _sheet_team([RUN_S], ["KC"]),  # 235
            ],
        }
    )
    assert [team.score for team in sheet.team_scores] == [130, 235]
    assert sheet.teams == ((0, 1), (2,))
    assert sheet.seat_scores == (65, 65, 235)


ALONE_HANDS = ["KC 5S", "KD 5D", "KH 5H", "KS 5C", "KC 5S"]
"""Each -15 in hand."""


@FORMED
def test_score_sheet_scores_everyone_alone_before_partnerships_form(rules: Rules) -> None:
    sheet = score_sheet(
        {
            "rules": {"preset": "standard", "players": rules.players, "partnerships": "formed"},
            "bonus_suit": None,
            "teams": [_sheet_team([], [hand], biribaki="not_taken") for hand in ALONE_HANDS[: rules.players]],
        }
    )
    assert sheet.teams == tuple((seat,) for seat in range(rules.players))
    assert sheet.seat_scores == (-115,) * rules.players


def _shape_sheet(players: int, partnerships: str | None, sizes: list[int]) -> dict:
    rules: dict[str, object] = {"preset": "standard", "players": players}
    if partnerships:
        rules["partnerships"] = partnerships
    return {
        "rules": rules,
        "bonus_suit": "S",
        "teams": [_sheet_team([], [""] * size, biribaki="not_taken") for size in sizes],
    }


SHAPES_ACCEPTED = [
    (2, None, [1, 1]),
    (3, None, [1, 1, 1]),
    (3, "formed", [1, 2]),
    (3, "formed", [2, 1]),
    (3, "formed", [1, 1, 1]),
    (4, None, [2, 2]),
    (5, None, [1, 2, 2]),
    (5, None, [2, 1, 2]),
    (5, None, [2, 2, 1]),
    (5, None, [1, 1, 1, 1, 1]),
    (6, None, [2, 2, 2]),
]
SHAPES_REFUSED = [
    (2, None, [2]),
    (2, None, [1, 1, 1]),
    (3, None, [1, 2]),
    (3, None, [3]),
    (3, "formed", [3]),
    (3, "formed", [1, 1]),
    (3, "formed", [2, 2]),
    (3, "formed", [1, 1, 1, 1]),
    (4, None, [1, 1, 1, 1]),
    (4, None, [2, 2, 2]),
    (4, None, [4]),
    (4, None, [1, 3]),
    (5, None, [1, 1, 1, 2]),
    (5, None, [1, 4]),
    (5, None, [2, 3]),
    (5, None, [1, 2]),
    (5, None, [1, 2, 2, 1]),
    (5, None, [1, 1, 1, 1]),
    (6, None, [2, 2]),
    (6, None, [3, 3]),
    (6, None, [1, 1, 1, 1, 1, 1]),
]


@pytest.mark.parametrize(("players", "partnerships", "sizes"), SHAPES_ACCEPTED)
def test_score_sheet_accepts_the_team_shapes_of_each_format(
    players: int, partnerships: str | None, sizes: list[int]
) -> None:
    sheet = score_sheet(_shape_sheet(players, partnerships, sizes))
    assert sum(len(seats) for seats in sheet.teams) == players
    assert sorted(seat for seats in sheet.teams for seat in seats) == list(range(players))


@pytest.mark.parametrize(("players", "partnerships", "sizes"), SHAPES_REFUSED)
def test_score_sheet_refuses_wrong_team_shapes(players: int, partnerships: str | None, sizes: list[int]) -> None:
    with pytest.raises(InvalidInputError):
        score_sheet(_shape_sheet(players, partnerships, sizes))


def test_a_play_may_not_strand_the_pile_card_and_wild_cards_kept_from_the_partner() -> None:
    """Found by the soak: after taking a one-card pile (KC, which may not go back) with the partner next,
    the wild cards may not be discarded either, so a play that leaves only those is refused."""
    state = position(
        {1: "JK 2D 5H"},
        rules=R3W,
        dealer=0,
        current=1,
        seat_team=[0, 1, 1],
        melds={0: ["AS 2S 3S"], 1: ["5S 5D 5C", "8H 8D 8C"]},
        biribaki_holder={0: 0},
        discard="KC",
    )
    play(state, TakePile(1))
    assert_illegal(state, extend_action(1, 0, "5H"), "keep-a-discard")
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        assert after.legal_actions(), f"{action} leaves no way to end the turn"


def test_a_one_card_pile_is_refused_when_it_would_leave_no_way_to_end_the_turn() -> None:
    """Found by the 10,000-hand soak: with the partner next, the first partner holding 8♠ 2♦ took the one-card
    pile 8♠; then neither 8♠ (the pile's card) nor 2♦ (a wild card for the partner) could be discarded, and
    no meld helped: no legal action. Taking such a pile is refused; drawing stays."""
    state = position(
        {1: "8S 2D"},
        rules=R3W,
        dealer=0,
        current=1,
        seat_team=[0, 1, 1],
        melds={0: ["AS 2S 3S"], 1: ["KH KD KC"]},
        biribaki_holder={0: 0},
        discard="8S",
    )
    refusal = assert_illegal(state, TakePile(1), "single-card-pile")
    assert refusal.reason.key == "no-way-to-end"
    assert state.legal_actions() == [Draw(1)]
    # With a card to discard after all (a partner who does not play next), the same pile may be taken.
    free = position({1: "8S 2D"}, rules=R3, dealer=0, current=1, melds={1: ["KH KD KC"]}, discard="8S", rest="draw")
    assert TakePile(1) in free.legal_actions()
