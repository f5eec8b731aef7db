"""The action encoding is exact both ways, and observations hold one seat's information only."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from tests.env.research import require_research_extra

require_research_extra()

import numpy as np  # noqa: E402

from biriba.core.actions import Discard, Draw, Extend, Meld  # noqa: E402
from biriba.core.cards import N_CARD_TYPES, parse_cards  # noqa: E402
from biriba.core.melds import meld_shape  # noqa: E402
from biriba.core.rules import Rules  # noqa: E402
from biriba.core.sampling import determinize  # noqa: E402
from biriba.core.state import Phase  # noqa: E402
from biriba.core.views import observe  # noqa: E402
from biriba.env.encoding import (  # noqa: E402
    DISCARD,
    DRAW,
    START_MELD,
    ActionEncoding,
    EncodingError,
    Pending,
    TurnChoices,
    three_card_meld_table,
)
from biriba.env.episode import HandEpisode  # noqa: E402
from tests.builders import position  # noqa: E402

STANDARD = Rules.from_preset("standard")

FORMATS = [
    ("standard", {}, 8),
    ("classic", {}, 2),
    ("venezuelan", {}, 2),
    ("buraco-aberto", {}, 2),
    ("buraco-fechado", {}, 2),
    ("standard", {"players": 3, "partnerships": "formed"}, 3),
    ("standard", {"players": 5}, 2),
    ("standard", {"players": 2}, 2),
]
"""(preset, options, hands): formats whose legal actions include every kind the encoding handles —
openings of two melds under a minimum, whole-hand openings, biribas laid at once, Ace-moving
extensions — on hands of seeded random play."""


def all_masked_sequences(choices: TurnChoices) -> dict[tuple[int, ...], object]:
    """Every sub-action sequence that the mask lets a seat play from the start of a decision, with the
    engine action it completes: a walk of the whole tree the masks describe."""
    found: dict[tuple[int, ...], object] = {}
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        steps = choices.legal_after(prefix)
        assert steps, f"a dead end after {prefix}: the mask offers nothing"
        for step in steps:
            after, action = choices.action_after(prefix, step)
            if action is not None:
                assert (*prefix, step) not in found
                found[(*prefix, step)] = action
            else:
                stack.append(after)
    return found


def check_decision(episode: HandEpisode, seen: Counter[str]) -> None:
    """The masks of the decision at hand reach every listed legal action once, and nothing else; each
    sequence decodes to its action, which the engine accepts. ``seen`` counts the kinds met."""
    legal = episode.state.legal_actions()
    found = all_masked_sequences(episode.choices)
    assert sorted(map(str, found.values())) == sorted(map(str, legal))
    for steps, action in found.items():
        assert episode.encoding.decode(episode.current, steps) == action
        episode.state.clone().apply(action)  # the engine accepts it
        assert episode.steps_for(action) == steps
        if steps[-1] == episode.encoding.finish:
            seen["finish"] += 1
        if isinstance(action, Meld):
            seen["several melds" if len(action.melds) > 1 else "one meld"] += 1
            seen["long meld"] += any(len(m) > 3 for m in action.melds)
        if isinstance(action, Extend) and len(action.cards) > 1:
            seen["extension by several cards"] += 1


def test_every_legal_action_is_reachable_and_every_masked_sequence_is_legal() -> None:
    seen: Counter[str] = Counter()
    positions = 0
    for preset, options, hands in FORMATS:
        rules = Rules.from_preset(preset, **options)
        for hand in range(hands):
            # High scores before the hand bring the minimum initial meld into play.
            episode = HandEpisode(rules, hand % rules.players, seed=1000 + hand, scores=[1600 * hand] * rules.players)
            rng = random.Random(hand)
            while not episode.is_over:
                if episode.prefix:  # in the middle of a meld action: its decision was checked at its start
                    episode.step(rng.choice(episode.legal_sub_actions()))
                    continue
                check_decision(episode, seen)
                positions += 1
                episode.step(rng.choice(episode.legal_sub_actions()))
    assert positions > 5000, positions
    for kind in ("finish", "several melds", "one meld", "long meld"):
        assert seen[kind] > 0, f"no {kind} among the legal actions checked: {seen}"


@pytest.mark.parametrize(
    ("hand", "meld"),
    [
        # The Ace moves to the high end: QD and KD together, neither alone (docs/rules.md).
        ("QD KD 5S 9C", "AD 2H 3D 4D 5D 6D 7D 8D 9D 10D"),
        # The whole hand at once makes a biriba and takes the biribaki.
        ("JD QD", "5D 6D 7D 8D 9D 10D"),
    ],
)
def test_extensions_by_several_cards_are_encoded_exactly(hand: str, meld: str) -> None:
    state = position({0: hand}, phase=Phase.PLAY, melds={0: [meld]})
    seen: Counter[str] = Counter()
    check_decision(HandEpisode.from_state(state), seen)
    assert seen["extension by several cards"] == 1


def test_meld_table_is_every_three_card_meld_the_pack_holds() -> None:
    table = three_card_meld_table(STANDARD)
    assert len(table) == len(set(table)) == 1332
    assert list(table) == sorted(table)
    valid = {
        cards
        for cards in itertools.combinations_with_replacement(range(N_CARD_TYPES), 3)
        if meld_shape(cards, STANDARD.meld_rules) is not None
    }
    # Two decks hold two copies of a card: a set of three 5H is a meld but no deal holds it.
    too_many = {cards for cards in valid if max(cards.count(c) for c in cards) > 2}
    assert tuple(sorted(parse_cards(["5H", "5H", "5H"]))) in too_many
    assert set(table) == valid - too_many
    assert len(three_card_meld_table(Rules.from_preset("standard", decks=3))) > len(table)


def test_sequences_of_known_actions() -> None:
    encoding = ActionEncoding(STANDARD)
    run = tuple(sorted(parse_cards(["3H", "4H", "5H", "6H"])))
    start = START_MELD + encoding.meld_table.index(tuple(sorted(parse_cards(["3H", "4H", "5H"]))))
    six = parse_cards(["6H"])[0]
    assert encoding.sequence(Draw(1)) == (DRAW,)
    assert encoding.sequence(Discard(1, six)) == (DISCARD + six,)
    assert encoding.sequence(Meld(1, (run,))) == (start, encoding.add_card + six)
    assert encoding.sequence(Extend(1, 3, (six,))) == (encoding.extend_meld + 3, encoding.add_card + six)
    assert encoding.decode(1, (start, encoding.add_card + six, encoding.finish)) == Meld(1, (run,))
    assert encoding.describe(start) == "start meld 3H 4H 5H"


def test_bad_sequences_and_actions_are_refused_with_the_reason() -> None:
    encoding = ActionEncoding(STANDARD)
    with pytest.raises(EncodingError, match="meld number 36 is outside"):
        encoding.sequence(Extend(0, 36, (5,)))
    with pytest.raises(EncodingError, match="holds no three-card meld"):
        encoding.seed_of(tuple(sorted(parse_cards(["3H", "9C", "KD"]))))
    with pytest.raises(EncodingError, match="nothing may follow"):
        encoding.decode(0, (DRAW, DRAW))
    with pytest.raises(EncodingError, match="starts with a meld table entry"):
        encoding.decode(0, (encoding.add_card + 3, START_MELD))
    with pytest.raises(EncodingError, match=r"outside 0\.\.1483"):
        encoding.describe(encoding.num_actions)


def test_an_illegal_sub_action_is_refused_and_changes_nothing() -> None:
    episode = HandEpisode(STANDARD, 0, seed=5)
    before = episode.state.fingerprint()
    with pytest.raises(EncodingError, match="discard AS is not legal here"):
        episode.step(DISCARD)
    assert episode.state.fingerprint() == before
    assert episode.prefix == ()
    assert episode.record.actions == []


def _play_to_a_meld_decision(seed: int) -> HandEpisode:
    """A hand of seeded random play stopped where the seat on turn has begun to extend a meld."""
    episode = HandEpisode(STANDARD, 0, seed=seed)
    rng = random.Random(seed)
    while not episode.is_over:
        legal = episode.legal_sub_actions()
        extend = [s for s in legal if episode.encoding.extend_meld <= s < episode.encoding.add_card]
        if extend and not episode.prefix:
            episode.step(extend[0])
            return episode
        episode.step(rng.choice(legal))
    raise AssertionError("no extension started")


def test_observations_hold_one_seats_information_only() -> None:
    episode = _play_to_a_meld_decision(11)
    state = episode.state
    layout = episode.layout
    seat = state.current
    vector = episode.observation(seat)
    assert vector.shape == (layout.size,) and vector.dtype == np.float32
    assert np.all(vector >= layout.low) and np.all(vector <= layout.high)
    assert list(layout.part(vector, "hand")) == state.hands[seat]
    assert list(layout.part(vector, "hand_sizes")) == [state.hand_sizes[(seat + k) % 4] for k in range(4)]
    assert layout.part(vector, "pending_mode")[2] == 1
    assert layout.part(vector, "pending_meld")[episode.prefix[0] - episode.encoding.extend_meld] == 1
    # Deal every card this seat has not seen differently: its observation does not change.
    rng = random.Random(3)
    for other_seat in range(4):
        view = episode.view(other_seat)
        own = layout.encode(view, episode.pending(other_seat))
        for _ in range(3):
            world = determinize(view, rng)
            assert world.fingerprint() != state.fingerprint()
            assert np.array_equal(layout.encode(observe(world, other_seat), episode.pending(other_seat)), own)
    # The other seats' observations differ from this seat's, and do not show its pending meld.
    other = episode.observation((seat + 1) % 4)
    assert not np.array_equal(other, vector)
    assert layout.part(other, "pending_mode")[0] == 1 and layout.part(other, "pending_cards").sum() == 0


def test_known_cards_and_table_melds_are_encoded_as_each_seat_sees_them() -> None:
    # Seeded random play until both teams have melds and a seat holds cards the others know of.
    episode = HandEpisode(STANDARD, 0, seed=4)
    rng = random.Random(4)
    layout = episode.layout
    checked = 0
    while not episode.is_over:
        state = episode.state
        if all(state.melds) and any(sum(row) for row in observe(state, 0).known_cards) and not episode.prefix:
            for seat in range(4):
                view = episode.view(seat)
                vector = episode.observation(seat)
                others = [(seat + k) % 4 for k in range(1, 4)]
                known = layout.part(vector, "known_cards")
                assert [list(row) for row in known] == [list(view.known_cards[o]) for o in others]
                cards, info = layout.part(vector, "meld_cards"), layout.part(vector, "meld_info")
                team_order = [view.team, 1 - view.team]
                for row, team in enumerate(team_order):
                    melds = view.melds[team]
                    for i, meld in enumerate(melds):
                        held = Counter(meld.cards)
                        assert [int(n) for n in cards[row, i]] == [held[c] for c in range(N_CARD_TYPES)]
                        shape = meld.shape
                        flags = [1, shape.kind == "run", shape.kind == "set", shape.kind == "wild", shape.clean]
                        assert list(info[row, i]) == [*flags, shape.is_biriba, meld.laid_whole]
                    assert not cards[row, len(melds) :].any() and not info[row, len(melds) :].any()
                # Encoded again, from the parts the layout keeps of each meld: the same vector.
                assert np.array_equal(layout.encode(view, episode.pending(seat)), vector)
            checked += 1
        episode.step(rng.choice(episode.legal_sub_actions()))
    assert checked > 10


def test_pending_steps_are_encoded() -> None:
    episode = _play_to_a_meld_decision(11)
    layout = episode.layout
    seat = episode.current
    empty = layout.encode(episode.view(seat), Pending())
    assert layout.part(empty, "pending_mode")[0] == 1
    extend = episode.encoding.extend_meld + 2
    vector = layout.encode(episode.view(seat), Pending((extend, episode.encoding.add_card + 7)))
    assert layout.part(vector, "pending_mode")[2] == 1
    assert layout.part(vector, "pending_meld")[2] == 1
    assert layout.part(vector, "pending_cards")[7] == 1
