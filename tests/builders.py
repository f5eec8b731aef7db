"""Scenario builders for rule tests: decks and positions written as card codes (the FEN idea).

Two entry points:

* :func:`deck_for` builds a full 108-card deck (top card first) that deals exactly the hands, biribakia
  packets, upcard and draw-pile top you name, following the deal order of docs/rules.md (Packs and deals):
  11 rounds of one card per seat starting at ``dealer + 1``, then packet 1, packet 2, the upcard, and
  the draw pile (top first). Every slot you leave unnamed gets the remaining cards of the pack, in pack
  order (or shuffled by ``fill_seed``), so the deck is always exactly the pack.

* :func:`position` builds a :class:`HandState` in the middle of a hand: hands per seat, team melds,
  discard pile, the next cards of the draw pile, the packets still on the table, biribaki holders,
  the current seat and phase. It deals a real hand with :meth:`HandState.deal` and then sets the fields,
  putting every card of the pack not named anywhere at the bottom of the draw pile (or wherever
  ``rest`` says), and asserts that every card of the pack is in exactly one place.

Card lists are written either as a list of codes or as one space-separated string: ``"AS 2S JK"``.

>>> deck = deck_for(3, hands={0: "AS 2S 3S"}, upcard="KH", draw_top="QD")
>>> state = HandState.deal(Rules.from_preset("standard"), dealer=3, deck=deck)
>>> codes(state.hand_cards(0))[:3], codes(state.discard_pile), codes(state.draw_pile[-1:])
(['AS', '2S', '3S'], ['KH'], ['QD'])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeAlias

import pytest

from biriba.core.actions import Action, ChooseBonusSuit, Discard, Draw, Extend, Meld, Pass, Redraw, TakePile
from biriba.core.cards import Card, card_code, counts_of, pack, parse_card
from biriba.core.errors import IllegalAction
from biriba.core.melds import MeldCards, canonical, meld_shape
from biriba.core.rules import Rules
from biriba.core.state import HandState, Phase, TableMeld
from biriba.i18n import LANGUAGES, Words

Codes: TypeAlias = str | Sequence[str]
"""Card codes: a list such as ``["AS", "10H"]`` or one string ``"AS 10H"``."""

PLAYERS = 4
HAND_SIZE = 11
PACKET_SIZE = 11
STANDARD = Rules.from_preset("standard")


def full_pack(rules: Rules) -> list[Card]:
    """The pack the rules play with, in pack order."""
    return pack(rules.decks, rules.jokers)


# --- small helpers -----------------------------------------------------------------------------


def cs(text: Codes) -> list[Card]:
    """Cards from codes, in the order written: ``cs("AS 2S JK")``."""
    items = text.split() if isinstance(text, str) else list(text)
    return [parse_card(code) for code in items]


def c(code: str) -> Card:
    """One card from its code."""
    return parse_card(code)


def m(text: Codes) -> MeldCards:
    """A meld's cards in canonical (sorted) form, as actions and the meld functions take them."""
    return canonical(cs(text))


def codes(cards: Iterable[Card]) -> list[str]:
    """Canonical codes of cards, in the given order."""
    return [card_code(card) for card in cards]


def hand_codes(state: HandState, seat: int) -> list[str]:
    """The codes of a seat's hand in card order (suits S H D C, Ace to King, Jokers last)."""
    return codes(state.hand_cards(seat))


def meld_action(seat: int, *melds: Codes) -> Meld:
    """``Meld(seat, ...)`` from one code list per new meld."""
    return Meld(seat, tuple(m(cards) for cards in melds))


def extend_action(seat: int, meld: int, cards: Codes) -> Extend:
    """``Extend(seat, meld, ...)`` from codes."""
    return Extend(seat, meld, m(cards))


def discard_action(seat: int, code: str) -> Discard:
    """``Discard(seat, card)`` from a code."""
    return Discard(seat, parse_card(code))


def team_meld_codes(state: HandState, team: int) -> list[list[str]]:
    """Each of a team's melds as codes in card order, the melds in the order laid."""
    return [codes(meld.cards) for meld in state.melds[team]]


# --- decks -------------------------------------------------------------------------------------


def _take(pool: list[int], cards: Iterable[Card], where: str) -> None:
    """Remove ``cards`` from the count vector ``pool``; fail if the pack holds too few of one."""
    for card in cards:
        if pool[card] == 0:
            raise ValueError(f"{where}: no {card_code(card)} left in the pack (named too many times)")
        pool[card] -= 1


def _rest(pool: list[int], fill_seed: int | None, rules: Rules = STANDARD) -> list[Card]:
    """The cards left in ``pool``: pack order, or shuffled by ``fill_seed``."""
    rest = []
    for card in full_pack(rules):
        if pool[card] > 0:
            pool[card] -= 1
            rest.append(card)
    if fill_seed is not None:
        random.Random(fill_seed).shuffle(rest)
    return rest


def deck_for(
    dealer: int,
    hands: Mapping[int, Codes] | None = None,
    packets: Sequence[Codes] | None = None,
    upcard: str | None = None,
    draw_top: Codes | None = None,
    fill_seed: int | None = None,
    rules: Rules = STANDARD,
) -> list[Card]:
    """A full deck for ``rules`` (108 cards for the 4-player game), top card first, that deals the named
    cards (docs/rules.md, Packs and deals).

    ``hands[seat]`` are the first cards that seat is dealt (up to the hand size), ``packets`` the first
    cards of the packets in the order they are taken, ``upcard`` the card turned up, ``draw_top`` the next
    cards of the draw pile in the order they will be drawn. Unnamed slots are filled with the rest of
    the pack. (The Venezuelan dealer's bottom wild cards are not modelled here.)
    """
    hands = dict(hands or {})
    packets = list(packets or [])
    players = rules.players
    cards_total = len(full_pack(rules))
    pool = counts_of(full_pack(rules))
    slots: list[Card | None] = [None] * cards_total
    for seat, hand in hands.items():
        cards = cs(hand)
        assert 0 <= seat < players and len(cards) <= rules.hand_size, (seat, cards)
        _take(pool, cards, f"hand of seat {seat}")
        offset = (seat - dealer - 1) % players  # seat dealer+1 gets the first card of every round
        for round_, card in enumerate(cards):
            slots[round_ * players + offset] = card
    start = players * rules.hand_size
    assert len(packets) <= len(rules.packet_sizes)
    for index, size in enumerate(rules.packet_sizes):
        if index < len(packets):
            cards = cs(packets[index])
            assert len(cards) <= size, cards
            _take(pool, cards, f"packet {index + 1}")
            slots[start : start + len(cards)] = cards
        start += size
    upcard_slot = start
    if upcard is not None:
        assert rules.upcard, "these rules turn up no card"
        _take(pool, [parse_card(upcard)], "upcard")
        slots[upcard_slot] = parse_card(upcard)
    if draw_top is not None:
        cards = cs(draw_top)
        _take(pool, cards, "draw pile")
        first = upcard_slot + (1 if rules.upcard else 0)
        slots[first : first + len(cards)] = cards
    rest = iter(_rest(pool, fill_seed, rules))
    deck = [card if card is not None else next(rest) for card in slots]
    assert sorted(deck) == sorted(full_pack(rules))
    return deck


# --- positions ---------------------------------------------------------------------------------


def position(  # noqa: PLR0915
    hands: Mapping[int, Codes],
    *,
    rules: Rules = STANDARD,
    dealer: int = 3,
    current: int = 0,
    phase: Phase = Phase.DRAW,
    melds: Mapping[int, Sequence[Codes]] | None = None,
    discard: Codes = "",
    draw_next: Codes = "",
    packets: Sequence[Codes] | None = None,
    biribaki_holder: Mapping[int, int] | None = None,
    unplayed_biribaki: Iterable[int] = (),
    upcard: str = "KH",
    scores: Sequence[int] | None = None,
    seat_team: Sequence[int] | None = None,
    rest: str | int = "draw",
    fill_seed: int | None = None,
) -> HandState:
    """A hand in progress, built from card codes.

    * ``hands``: the exact hand of every seat named; a seat not named gets a dealt hand's worth of cards
      from the rest.
    * ``melds``: per team, its melds in the order laid (each must be a valid meld under ``rules``).
    * ``discard``: the discard pile, bottom first (top card last, as the engine stores it).
    * ``draw_next``: the next cards of the draw pile, in the order they will be drawn. With ``rest`` other
      than ``"draw"``, the draw pile is exactly these cards (``draw_next=""``: an empty draw pile).
    * ``packets``: the first cards of the biribakia still on the table, the next one first. There is one
      packet per team without a ``biribaki_holder``; each is filled up to its size from the rest (the
      sizes of the packets not yet taken, the last ones of ``rules.packet_sizes``). Used packets are kept
      as empty lists in ``state.biribakia`` (their cards are in some hand).
    * ``biribaki_holder``: team -> the seat that took its biribaki; ``unplayed_biribaki``: seats that took
      theirs with their last discard and have not played a turn since.
    * ``upcard``: the card turned up at the deal (only its suit matters now: the bonus suit; ``JK`` = none).
    * ``scores``: cumulative scores per seat before the hand; ``seat_team``: each seat's team (for formed
      partnerships; -1 for all while they are still to form). The rules' own mapping by default.
    * ``rest``: where the cards not named anywhere go: ``"draw"`` (the bottom of the draw pile),
      ``"discard"`` (the bottom of the discard pile) or a seat number (added to that hand).

    The result is checked: every card of the pack is in exactly one place.
    """
    melds = dict(melds or {})
    holders = dict(biribaki_holder or {})
    players = rules.players
    pool = counts_of(full_pack(rules))

    named_hands = {seat: cs(hand) for seat, hand in hands.items()}
    for seat, cards in named_hands.items():
        _take(pool, cards, f"hand of seat {seat}")
    team_melds: list[list[TableMeld]] = [[] for _ in range(rules.teams)]
    for team, team_list in melds.items():
        for meld_codes in team_list:
            meld_cards = m(meld_codes)
            shape = meld_shape(meld_cards, rules.meld_rules)
            assert shape is not None, f"not a valid meld: {meld_codes}"
            _take(pool, meld_cards, f"melds of team {team}")
            team_melds[team].append(TableMeld(meld_cards, shape))
    discard_cards = cs(discard)
    _take(pool, discard_cards, "discard pile")
    draw_cards = cs(draw_next)
    _take(pool, draw_cards, "draw pile")
    packets_left = len(rules.packet_sizes) - len(holders)
    sizes_left = list(rules.packet_sizes[len(holders) :])
    named_packets = [cs(p) for p in packets or []]
    assert len(named_packets) <= packets_left, "more packets named than are left on the table"
    named_packets += [[] for _ in range(packets_left - len(named_packets))]
    for packet, size in zip(named_packets, sizes_left, strict=True):
        assert len(packet) <= size
        _take(pool, packet, "packets")

    rest_cards = _rest(pool, fill_seed, rules)
    for seat in range(players):
        if seat not in named_hands:
            named_hands[seat], rest_cards = rest_cards[: rules.hand_size], rest_cards[rules.hand_size :]
    for index, size in enumerate(sizes_left):
        missing = size - len(named_packets[index])
        named_packets[index] = named_packets[index] + rest_cards[:missing]
        rest_cards = rest_cards[missing:]
    if rest == "draw":
        draw_cards += rest_cards
    elif rest == "discard":
        discard_cards = rest_cards + discard_cards
    else:
        assert isinstance(rest, int)
        named_hands[rest] = named_hands[rest] + rest_cards

    # A real deal sets the rules, dealer, upcard, bonus suit and scores; the rest is overwritten.
    deck = deck_for(dealer, upcard=upcard if rules.upcard else None, rules=rules)
    state = HandState.deal(rules, dealer, deck=deck, scores=scores)
    state.hands = [counts_of(named_hands[seat]) for seat in range(players)]
    state.hand_sizes = [len(named_hands[seat]) for seat in range(players)]
    state.known = [[0] * len(state.hands[0]) for _ in range(players)]
    state.draw_pile = draw_cards[::-1]  # the engine keeps the top card last
    state.discard_pile = discard_cards
    state.biribakia = [[] for _ in holders] + named_packets
    state.packets_used = len(holders)
    if seat_team is not None:
        state.seat_team = list(seat_team)
    state.melds = team_melds
    state.biribaki_holder = [holders.get(team, -1) for team in range(rules.teams)]
    state.unplayed_biribaki = [seat in set(unplayed_biribaki) for seat in range(players)]
    state.current = current
    state.phase = phase
    state.opening_turn = False
    for team, seat in holders.items():
        assert state.seat_team[seat] == team, f"seat {seat} is not in team {team}"
    assert sorted(state.all_cards()) == sorted(full_pack(rules)), "a card is missing or duplicated"
    assert all(size == sum(hand) for size, hand in zip(state.hand_sizes, state.hands, strict=True))
    return state


# --- playing and checking actions ----------------------------------------------------------------


def _listed_kind(state: HandState, action: Action) -> bool:
    """Whether ``legal_actions`` enumerates actions of this shape (see the engine's docstring)."""
    match action:
        case Draw() | TakePile() | Pass() | Discard():
            return True
        case Meld(_, melds):
            minimum = state.opening_minimum(action.seat)
            return len(melds) == 1 and (minimum > 0 or len(melds[0]) == 3)
        case Extend(_, _, cards):
            return len(cards) == 1
        case Redraw() | ChooseBonusSuit():
            return True
    return False


def play(state: HandState, *actions: Action) -> HandState:
    """Apply legal actions in order; each of a kind the engine lists must be in ``legal_actions()``."""
    for action in actions:
        if _listed_kind(state, action):
            assert action in state.legal_actions(), f"{action} is legal but not listed"
        state.check(action)
        state.apply(action)
        assert sorted(state.all_cards()) == sorted(full_pack(state.rules)), "a card is missing or duplicated"
    return state


def assert_illegal(state: HandState, action: Action, rule: str) -> IllegalAction:
    """``action`` is refused naming ``rule``, by ``check`` and ``apply``, is not listed, and changes nothing."""
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as checked:
        state.check(action)
    assert checked.value.rule == rule, str(checked.value)
    with pytest.raises(IllegalAction) as applied:
        state.apply(action)
    assert applied.value.rule == rule, str(applied.value)
    assert rule in str(applied.value)
    for language in LANGUAGES:  # every refusal the engine makes has its words, in every language
        assert Words(language).refusal(applied.value)
    assert state.fingerprint() == before
    assert action not in state.legal_actions()
    return applied.value
