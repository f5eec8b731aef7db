"""``HandState.legal_actions`` is exact for the kinds of action it enumerates, and the rest is reachable.

On many states reached by seeded random play (biased to grow big discard piles and to meld, so that
states after a big pile take and states with many team melds come up), under the standard rules
and the variations:

(a) every listed action is accepted by ``apply``;
(b) probing: every ``Discard`` of each of the 53 card types, ``Draw``/``TakePile``/``Pass``, every
    3-card multiset of the hand as a single meld (all of them for small hands, a sample otherwise),
    every single-card ``Extend`` of every team meld with every card type held -- and, while a team's
    first meld must reach a minimum, every single meld of any length and sampled openings of two
    melds that cannot leave a card out -- is listed exactly when ``check`` accepts it;
(c) the reachability claim: a longer meld, a multi-meld action or a multi-card extension that
    ``check`` accepts leads to a state that a sequence of listed actions also reaches (up to the
    numbering of melds laid by one action).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from itertools import combinations_with_replacement

import pytest

from biriba.core.actions import Action, ChooseBonusSuit, Discard, Draw, Extend, Meld, Pass, Redraw, TakePile
from biriba.core.cards import N_CARD_TYPES, Card, cards_of, counts_of
from biriba.core.errors import IllegalAction
from biriba.core.listing import OPENING_PAIR_LIMIT
from biriba.core.melds import MeldCards, all_melds, extends, meld_codes, meld_shape, three_card_melds
from biriba.core.rules import Rules
from biriba.core.state import HandState, Phase, TableMeld
from tests.builders import (
    assert_illegal,
    codes,
    discard_action,
    extend_action,
    meld_action,
    play,
    position,
)

VARIANTS = {
    "standard": Rules.from_preset("standard"),
    "no-sets": Rules.from_preset("standard", sets=False),
    "take-pile-requires-meld": Rules.from_preset("standard", take_pile_requires_meld=True),
    "biribaki-without-biriba": Rules.from_preset("standard", biriba_for_biribaki=False),
    "initial-meld-5000-c": Rules.from_json({"preset": "standard", "initial_meld": "5000-c"}),
    "five-players": Rules.from_preset("standard", players=5),
    "three-formed": Rules.from_preset("standard", players=3, partnerships="formed", partner_wild_discard=False),
    "six-players": Rules.from_preset("classic", players=6),
    "venezuelan": Rules.from_preset("venezuelan"),
    "buraco-fechado": Rules.from_preset("buraco-fechado"),
}
SEEDS = range(6)
FORMAT_VARIANTS = {"five-players", "three-formed", "six-players", "venezuelan", "buraco-fechado"}
"""Fewer seeds for these: their hands are bigger and slower to probe."""
CASES = [(name, seed) for name in VARIANTS for seed in (SEEDS[:3] if name in FORMAT_VARIANTS else SEEDS)]
CASE_IDS = [f"{name}-{seed}" for name, seed in CASES]

MAX_MELD_PROBES = 2500
"""Enumerate every 3-card multiset of a hand with at most this many; sample this many otherwise."""
MAX_MULTI_CARD_PROBES = 30
"""Extensions by several cards, none valid alone, tried per team meld."""
MAX_BIG_ACTIONS = 12
"""Longer melds, multi-meld actions and multi-card extensions tried per state and kind."""


# --- reachable states ----------------------------------------------------------------------------


def accepted(state: HandState, action: Action) -> bool:
    try:
        state.check(action)
    except IllegalAction:
        return False
    return True


def sampled_states(rules: Rules, seed: int, wanted: int = 40) -> Iterator[HandState]:
    """Clones of states along random hands, biased towards big piles, pile takes and melding.

    A hand is played with a random take-the-pile probability (low values let the pile grow big) and a
    random preference for melding over discarding. States are picked at random, and always right after
    a take of a pile of 5 cards or more.
    """
    rng = random.Random(seed)
    produced = 0
    hand_number = 0
    while produced < wanted:
        hand_number += 1
        team_scores = (rng.choice([0, 800, 1600, 3200]), rng.choice([0, 1600, 4000]))
        scores = tuple(team_scores[seat % 2] for seat in range(rules.players))
        state = HandState.deal(rules, rng.randrange(rules.players), seed=rng.randrange(2**32), scores=scores)
        take_p = rng.choice([0.02, 0.1, 0.5])
        play_p = rng.choice([0.3, 0.8, 0.97])
        steps = 0
        while not state.is_over and produced < wanted and steps < 5000:
            steps += 1
            legal = state.legal_actions()
            big_take = state.phase is Phase.PLAY and state.banned_discard == -1 and state.hand_size(state.current) >= 16
            if (big_take and rng.random() < 0.5) or rng.random() < 0.015:
                produced += 1
                yield state.clone()
            if state.phase is Phase.DRAW:
                takes = [a for a in legal if isinstance(a, TakePile)]
                others = [a for a in legal if not isinstance(a, TakePile)]
                action = takes[0] if takes and (rng.random() < take_p or not others) else rng.choice(others)
            else:
                plays = [a for a in legal if isinstance(a, Meld | Extend)]
                discards = [a for a in legal if isinstance(a, Discard)]
                if not plays and not discards:
                    action = rng.choice(legal)  # choosing a bonus suit
                else:
                    action = (
                        rng.choice(plays) if plays and (rng.random() < play_p or not discards) else rng.choice(discards)
                    )
            state.apply(action)
        assert hand_number < 200


# --- (a) and (b): exactness ------------------------------------------------------------------------


def three_card_multisets(hand: list[int], rng: random.Random) -> tuple[list[MeldCards], bool]:
    """Every 3-card multiset of the hand (True), or a sample of them if there are too many (False)."""
    types = [c for c in range(N_CARD_TYPES) if hand[c]]
    every = [
        combo for combo in combinations_with_replacement(types, 3) if all(combo.count(c) <= hand[c] for c in set(combo))
    ]
    if len(every) <= MAX_MELD_PROBES:
        return every, True
    return rng.sample(every, MAX_MELD_PROBES), False


def probe_actions(state: HandState, rng: random.Random) -> tuple[list[Action], bool]:
    """The probe set of (b), and whether it holds every 3-card multiset of the hand."""
    seat = state.current
    probes: list[Action] = [Draw(seat), TakePile(seat), Pass(seat), Redraw(seat)]
    probes += [ChooseBonusSuit(seat, suit) for suit in (None, 0, 1, 2, 3)]
    probes += [Discard(seat, card) for card in range(N_CARD_TYPES)]
    if state.phase is not Phase.PLAY:
        return probes, True
    hand = state.hands[seat]
    melds, complete = three_card_multisets(hand, rng)
    probes += [Meld(seat, (cards,)) for cards in melds]
    held = [c for c in range(N_CARD_TYPES) if hand[c]]
    for index, table_meld in enumerate(team_melds(state, seat)):
        probes += [Extend(seat, index, (card,)) for card in held]
        # Several cards none of which extends the meld alone: listed exactly when accepted (only runs
        # holding an Ace have such extensions, the Ace moving to the other end).
        alone_invalid = [card for card in held if not accepted_extension(table_meld.cards, (card,), state.rules)]
        for _ in range(MAX_MULTI_CARD_PROBES):
            if len(alone_invalid) < 2:
                break
            added = tuple(sorted(rng.sample(alone_invalid, rng.randint(2, min(5, len(alone_invalid))))))
            probes.append(Extend(seat, index, added))
    if state.rules.laid_whole_bonuses is not None:  # biribas laid at once are listed
        probes += [Meld(seat, (cards,)) for cards in all_melds(hand, state.rules.meld_rules) if len(cards) >= 7]
    minimum = state.opening_minimum(seat)
    if minimum:
        melds = all_melds(hand, state.rules.meld_rules)
        probes += [Meld(seat, (cards,)) for cards in melds if len(cards) > 3]
        if len(melds) ** 2 <= 2 * MAX_MELD_PROBES:
            candidates = [(a, b) for a in melds for b in melds if a < b]
        else:  # a big hand: a sample of the pairs
            candidates = [tuple(sorted(rng.sample(melds, 2))) for _ in range(MAX_MELD_PROBES)]
        probes += [
            Meld(seat, (a, b))
            for a, b in set(candidates)
            if is_minimal_opening_pair(state.rules, minimum, a, b, owed(state))
        ]
    return probes, complete


def team_melds(state: HandState, seat: int) -> list[TableMeld]:
    """The melds of ``seat``'s team (none while formed partnerships are still to form)."""
    team = state.team_of(seat)
    return state.melds[team] if team >= 0 else []


def accepted_extension(meld: MeldCards, added: MeldCards, rules: Rules) -> bool:
    return extends(meld, added, rules.meld_rules)


def is_whole_hand(state: HandState, action: Meld | Extend) -> bool:
    used = [c for m in action.melds for c in m] if isinstance(action, Meld) else list(action.cards)
    return len(used) == state.hand_size(state.current)


def owed(state: HandState) -> frozenset[int]:
    """The card types owed to a new meld this turn (a wild top card taken with the pile)."""
    return state.pile_obligation or frozenset() if state.obligation_new_meld else frozenset()


def is_minimal_opening_pair(
    rules: Rules, minimum: int, first: MeldCards, second: MeldCards, owed: frozenset[int] = frozenset()
) -> bool:
    """Two melds reaching ``minimum`` together but neither alone, from which no card can be left out
    (the rest still a meld that takes the card back as an extension) with the pair still reaching it.
    Cards ``owed`` to a new meld (a wild top card taken with the pile) are never left out."""
    value = sum(map(rules.card_value, (*first, *second)))
    if value < minimum or max(sum(map(rules.card_value, m)) for m in (first, second)) >= minimum:
        return False
    for meld in (first, second):
        for index, card in enumerate(meld):
            if card in owed:
                continue
            rest = meld[:index] + meld[index + 1 :]
            if (
                meld_shape(rest, rules.meld_rules) is not None
                and extends(rest, (card,), rules.meld_rules)
                and value - rules.card_value(card) >= minimum
            ):
                return False
    return True


@pytest.mark.parametrize(("variant", "seed"), CASES, ids=CASE_IDS)
def test_listed_actions_are_exactly_the_accepted_ones(variant: str, seed: int) -> None:
    rules = VARIANTS[variant]
    rng = random.Random(seed * 7919 + 1)
    seen_big_hand = seen_team_melds = False
    for state in sampled_states(rules, seed):
        before = state.fingerprint()
        legal = state.legal_actions()
        assert legal, "a live state always has a legal action"
        assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
        # (a) every listed action is accepted by apply.
        for action in legal:
            copy = state.clone()
            copy.apply(action)
        assert state.fingerprint() == before
        # (b) every probe is listed exactly when check accepts it.
        probes, complete = probe_actions(state, rng)
        listed = set(legal)
        capped = pairs_capped(state)
        for action in probes:
            if capped and isinstance(action, Meld) and len(action.melds) == 2:
                continue
            ok = accepted(state, action)
            assert ok == (action in listed), (
                f"{action} is {'accepted' if ok else 'refused'} by check but "
                f"{'not ' if ok else ''}listed (hand {state.hand_cards(state.current)})"
            )
        # Everything listed is of the enumerated kinds, so (b) covered it.
        minimum = state.opening_minimum(state.current)
        probe_set = set(probes)
        for action in legal:
            if isinstance(action, Meld) and state.must_open_whole(state.current):
                laid = sum(len(cards) for cards in action.melds)
                assert state.hand_size(state.current) - laid <= 1, action
            elif isinstance(action, Meld) and len(action.melds) == 2:
                assert minimum and is_minimal_opening_pair(rules, minimum, *action.melds, owed(state)), action
            elif isinstance(action, Meld):
                assert len(action.melds) == 1
                laid_whole = rules.laid_whole_bonuses is not None and len(action.melds[0]) >= 7
                assert len(action.melds[0]) == 3 or minimum or laid_whole or is_whole_hand(state, action), action
                if complete or (minimum and len(action.melds[0]) > 3):
                    assert action in probe_set, action
            elif isinstance(action, Extend) and len(action.cards) > 1:
                meld = team_melds(state, state.current)[action.meld].cards
                alone = [accepted_extension(meld, (card,), rules) for card in action.cards]
                assert is_whole_hand(state, action) or not any(alone), action
            else:
                assert action in probe_set
        assert state.fingerprint() == before
        if state.phase is Phase.PLAY:
            hand = state.hands[state.current]
            listed_triples = three_card_melds(hand, rules.meld_rules)
            assert len(set(listed_triples)) == len(listed_triples)
            assert sorted(listed_triples) == [m for m in all_melds(hand, rules.meld_rules) if len(m) == 3]
            seen_big_hand |= state.hand_size(state.current) >= 16
        seen_team_melds |= len(team_melds(state, state.current)) >= 2
    assert seen_big_hand, "the sampled states should include big hands"
    # Where partnerships form during the hand, most sampled states come before they have melds.
    assert seen_team_melds or rules.formed_partnerships, "the sampled states should include team melds"


# --- (c): reachability of the actions the list leaves out ------------------------------------------------


def is_sub_multiset(small: MeldCards, big: MeldCards) -> bool:
    need = counts_of(small)
    have = counts_of(big)
    return all(n <= have[c] for c, n in enumerate(need) if n)


def big_actions(state: HandState, rng: random.Random) -> list[Action]:
    """Accepted actions the list leaves out: longer melds, several melds at once, several cards at once."""
    seat = state.current
    hand = state.hands[seat]
    sets = state.rules.meld_rules
    melds = all_melds(hand, sets)
    out: list[Action] = []
    longer = [m for m in melds if len(m) > 3]
    out += [Meld(seat, (m,)) for m in rng.sample(longer, min(MAX_BIG_ACTIONS, len(longer)))]
    pairs: list[Action] = []
    for _ in range(MAX_BIG_ACTIONS * 20):
        if len(melds) < 1 or len(pairs) >= MAX_BIG_ACTIONS:
            break
        count = rng.choice([2, 2, 3])
        chosen = [rng.choice(melds) for _ in range(count)]
        if all(n <= hand[c] for c, n in enumerate(counts_of(c for m in chosen for c in m))):
            pairs.append(Meld(seat, tuple(chosen)))
    out += pairs
    for index, table_meld in enumerate(team_melds(state, seat)):
        pool = [h + t for h, t in zip(hand, counts_of(table_meld.cards), strict=True)]
        grown = [m for m in all_melds(pool, sets) if len(m) >= len(table_meld.cards) + 2]
        extensions = []
        for cards in grown:
            if is_sub_multiset(table_meld.cards, cards):
                added = counts_of(cards)
                for c in table_meld.cards:
                    added[c] -= 1
                extensions.append(Extend(seat, index, tuple(cards_of(added))))
        out += rng.sample(extensions, min(MAX_BIG_ACTIONS, len(extensions)))
    return [a for a in out if accepted(state, a)]


def used_cards(action: Meld | Extend) -> list[Card]:
    return [c for m in action.melds for c in m] if isinstance(action, Meld) else list(action.cards)


def reach_by_listed_actions(state: HandState, action: Meld | Extend) -> list[Action] | None:
    """A sequence of listed melds and extensions from ``state`` to the state ``action`` leads to, or None."""
    target = state.clone()
    target.apply(action)
    goal = position_key(target)
    team = max(0, state.team_of(state.current))  # a formed partnership's lone player becomes team 0
    goal_melds = [m.cards for m in target.melds[team]]
    visited: set[tuple[object, ...]] = set()

    def consistent(node: HandState) -> bool:
        # Each meld must be on its way to a distinct meld of the goal.
        free = list(goal_melds)
        for meld in node.melds[team]:
            grows_into = next((g for g in free if is_sub_multiset(meld.cards, g)), None)
            if grows_into is None:
                return False
            free.remove(grows_into)
        return True

    def search(node: HandState, remaining: list[int], path: list[Action]) -> list[Action] | None:
        if position_key(node) == goal:
            return path
        if not any(remaining):
            return None
        for step in node.legal_actions():
            if not isinstance(step, Meld | Extend):
                continue
            need = counts_of(used_cards(step))
            if any(n > remaining[c] for c, n in enumerate(need) if n):
                continue
            after = node.clone()
            after.apply(step)
            key = position_key(after)
            if key in visited or not consistent(after):
                continue
            visited.add(key)
            found = search(after, [r - n for r, n in zip(remaining, need, strict=True)], [*path, step])
            if found is not None:
                return found
        return None

    return search(state.clone(), counts_of(used_cards(action)), [])


def pairs_capped(state: HandState) -> bool:
    """A big hand holds more openings of two melds than the list keeps (OPENING_PAIR_LIMIT)."""
    listed = sum(1 for a in state.legal_actions() if isinstance(a, Meld) and len(a.melds) == 2)
    return listed >= OPENING_PAIR_LIMIT


def position_key(state: HandState) -> tuple[object, ...]:
    """The state's fingerprint with each team's melds in sorted order: melds laid by one action may be
    numbered in either order, and a listed opening lays its melds in sorted order."""
    ordered = state.clone()
    ordered.melds = [sorted(team, key=lambda meld: meld.cards) for team in state.melds]
    return ordered.fingerprint()


def opening_beyond_pairs(state: HandState, action: Action) -> bool:
    """A team's first meld action, under a minimum, in which no one or two of its melds reach the
    minimum: the one kind of play ``legal_actions`` leaves unreachable (``docs/rules.md``)."""
    minimum = state.opening_minimum(state.current)
    if not (isinstance(action, Meld) and minimum and len(action.melds) > 2):
        return False
    values = [sum(map(state.rules.card_value, cards)) for cards in action.melds]
    return max(a + b for i, a in enumerate(values) for b in values[i + 1 :]) < minimum


@pytest.mark.parametrize(("variant", "seed"), CASES, ids=CASE_IDS)
def test_unlisted_plays_are_reachable_by_listed_ones(variant: str, seed: int) -> None:
    rules = VARIANTS[variant]
    rng = random.Random(seed * 104729 + 3)
    tried = 0
    for state in sampled_states(rules, seed + 1000, wanted=30):
        if state.phase is not Phase.PLAY:
            continue
        for action in big_actions(state, rng):
            assert isinstance(action, Meld | Extend)
            if opening_beyond_pairs(state, action) or (isinstance(action, Meld) and pairs_capped(state)):
                continue  # the documented gaps: see test_an_opening_of_three_melds_is_accepted_but_not_listed
            tried += 1
            path = reach_by_listed_actions(state, action)
            assert path is not None, (
                f"{action} is accepted but no sequence of listed actions reaches its result: "
                f"hand {state.hand_cards(state.current)}, team melds "
                f"{[m.cards for m in team_melds(state, state.current)]}, minimum "
                f"{state.opening_minimum(state.current)}"
            )
    # Where the first meld lays the whole hand, every accepted play of the sampled states may be listed.
    assert tried > 0 or rules.formed_partnerships or rules.whole_hand_opening


@pytest.mark.parametrize(
    "melds",
    [["AS AD AD", "2D JC QC"], ["2D JC QC", "8H 9H 10H JH QH KH AH"], ["JC QC KC", "AS AD AD 2D"]],
    ids=["each-meld-below-the-minimum", "one-meld-reaches-it", "a-card-can-be-left-out"],
)
def test_an_opening_of_two_melds_is_reachable(melds: list[str]) -> None:
    # Team 0 has 1500 points: under 5000-c its first meld action must be worth 75.
    state = position(
        {0: "AS AD AD 2D JC QC KC 8H 9H 10H JH QH KH AH 5D 5S"},
        rules=VARIANTS["initial-meld-5000-c"],
        phase=Phase.PLAY,
        scores=(1500, 0, 1500, 0),
    )
    assert state.opening_minimum(0) == 75
    action = meld_action(0, *melds)
    state.check(action)  # A turn, rule 5: the one action may lay several melds; together they reach 75
    assert sum(state.rules.card_value(c) for c in action.melds[0]) < 75
    path = reach_by_listed_actions(state, action)
    assert path is not None
    assert isinstance(path[0], Meld)


def test_the_listed_two_meld_openings() -> None:
    # No single meld of this hand reaches 75: the most is AS AD AD 2D (55). AS AD AD (45) with
    # 2D JC QC (30) does, and no card can be left out of either; the Aces with 5D 5S 2D (70) do not.
    state = position(
        {0: "AS AD AD 2D JC QC 5D 5S 9H"},
        rules=VARIANTS["initial-meld-5000-c"],
        phase=Phase.PLAY,
        scores=(1500, 0, 1500, 0),
    )
    openings = {tuple(tuple(codes(cards)) for cards in a.melds) for a in state.legal_actions() if isinstance(a, Meld)}
    assert openings == {(("AS", "AD", "AD"), ("2D", "JC", "QC"))}


def test_an_opening_of_three_melds_is_accepted_but_not_listed() -> None:
    # 45 + 30 + 15: no one or two of the three melds reach 90; together they do. legal_actions lists
    # openings of one or two melds only (docs/rules.md, "Legal actions").
    state = position(
        {0: "AS AD AD JC QC 2D 5H 6H 7H 9S 9S"},
        rules=Rules.from_json({"preset": "standard", "initial_meld": [[0, 90]]}),
        phase=Phase.PLAY,
    )
    action = meld_action(0, "AS AD AD", "JC QC 2D", "5H 6H 7H")
    state.check(action)
    assert opening_beyond_pairs(state, action)
    assert not [a for a in state.legal_actions() if isinstance(a, Meld)]


# --- take_pile_requires_meld: the pile may be taken exactly when one of its cards can be melded at once ---------

TAKE_PILE_REQUIRES_MELD = VARIANTS["take-pile-requires-meld"]


def pile_card_meld(state: HandState) -> Action | None:
    """An action that melds a card of the pile at once right after taking it (A turn, rule 6), found by brute force.

    Tries every single meld of the hand (``all_melds``) and every extension of a team meld by any number
    of cards that holds a card of the pile's types.
    """
    seat = state.current
    free = state.clone()
    free.rules = dataclasses.replace(state.rules, take_pile_requires_meld=False)
    if not accepted(free, TakePile(seat)):
        return None
    pile = frozenset(free.discard_pile)
    free.apply(TakePile(seat))
    free.rules = state.rules
    free.pile_obligation = pile
    hand = free.hands[seat]
    for cards in all_melds(hand, state.rules.meld_rules):
        if pile.intersection(cards) and accepted(free, Meld(seat, (cards,))):
            return Meld(seat, (cards,))
    for index, table_meld in enumerate(team_melds(free, seat)):
        pool = [h + t for h, t in zip(hand, counts_of(table_meld.cards), strict=True)]
        for cards in all_melds(pool, state.rules.meld_rules):
            if len(cards) > len(table_meld.cards) and is_sub_multiset(table_meld.cards, cards):
                added = counts_of(cards)
                for c in table_meld.cards:
                    added[c] -= 1
                extend = Extend(seat, index, tuple(cards_of(added)))
                if pile.intersection(extend.cards) and accepted(free, extend):
                    return extend
    return None


@pytest.mark.parametrize("seed", range(8))
def test_take_pile_requires_meld_is_exact(seed: int) -> None:
    checked = 0
    for state in sampled_states(TAKE_PILE_REQUIRES_MELD, seed + 2000, wanted=70):
        if state.phase is not Phase.DRAW:
            continue
        checked += 1
        listed = TakePile(state.current) in state.legal_actions()
        witness = pile_card_meld(state)
        assert listed == (witness is not None), (
            f"take_pile is {'' if listed else 'not '}listed, but a pile card can{'not' if listed else ''} be "
            f"melded at once ({witness})"
        )
    assert checked > 0


def test_take_pile_to_extend_with_two_cards() -> None:
    # 8C extends the team's AC 2C 3C 4C 5C JK together with 6C (the Joker moves to 7); alone it cannot.
    state = position(
        {0: "7D 8D 6C"},
        rules=TAKE_PILE_REQUIRES_MELD,
        melds={0: ["AC 2C 3C 4C 5C JK"]},
        discard="8C",
    )
    state.clone().check(TakePile(0))  # the rest of the turn: extend with 6C 8C, discard
    after = state.clone()
    play(after, TakePile(0), extend_action(0, 0, "6C 8C"), discard_action(0, "7D"))


# --- a run's Ace moving to the other end: several cards at once --------------------------------------------


def test_the_ace_moves_to_the_high_end_with_several_cards_at_once() -> None:
    # AD 2H 3D .. 10D: the Ace is low and 2H stands for the Two. QD or KD alone leaves two gaps (the Two's
    # place and the Jack's); QD KD together make 3D .. KD AD with 2H as the Jack.
    state = position({0: "QD KD 5S 9C"}, phase=Phase.PLAY, melds={0: ["AD 2H 3D 4D 5D 6D 7D 8D 9D 10D"]})
    listed = [a for a in state.legal_actions() if isinstance(a, Extend)]
    assert listed == [extend_action(0, 0, "QD KD")]
    assert_illegal(state, extend_action(0, 0, "QD"), "extend-invalid")
    play(state, extend_action(0, 0, "QD KD"))
    meld = state.melds[0][0]
    assert meld_codes(meld.cards, meld.shape) == [
        "3D",
        "4D",
        "5D",
        "6D",
        "7D",
        "8D",
        "9D",
        "10D",
        "2H",
        "QD",
        "KD",
        "AD",
    ]


def test_taking_the_pile_for_an_extension_that_moves_the_ace() -> None:
    # Under take_pile_requires_meld the pile's QD may be melded only together with KD: the take is legal,
    # and the turn goes on by that extension.
    state = position(
        {0: "3S KD"},
        rules=TAKE_PILE_REQUIRES_MELD,
        melds={0: ["AD 2H 3D 4D 5D 6D 7D 8D 9D 10D", "5H 6H 7H 8H 9H 10H JH"]},
        discard="6S QD",
    )
    assert TakePile(0) in state.legal_actions()
    play(state, TakePile(0))
    assert state.legal_actions() == [extend_action(0, 0, "QD KD")]
