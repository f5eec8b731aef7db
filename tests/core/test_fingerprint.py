"""A fingerprint of seeded hands: the engine's behaviour, bit for bit, under every preset and format.

Seeded hands of the random, greedy and heuristic players (and a few decisions of the search player)
are played through the engine; every listed action in the order listed, every action chosen, every
refusal of a probed action and the final state and scores feed one hash. The expected hashes were
computed on the engine before its speed rework (issue #17) and must not move: a faster engine plays
exactly the same hands. The golden playthroughs check the same thing, readably, for one hand per table;
this checks many more hands, and the order of the legal actions, which random play depends on.

If a change of behaviour is deliberate, print the new hashes with
``python -m tests.core.test_fingerprint`` and say in the commit why they moved.
"""

from __future__ import annotations

import hashlib
import random
import sys

import pytest

from biriba.bots import make_bot
from biriba.bots.base import Bot
from biriba.core.actions import Action, Discard, Extend, Meld, TakePile, action_to_json
from biriba.core.errors import IllegalAction
from biriba.core.rules import PLAYER_COUNTS, PRESETS, Rules
from biriba.core.state import HandState
from biriba.core.views import observe

TABLES: list[tuple[str, Rules]] = [
    (f"{preset}-{players}p", Rules.from_preset(preset, players=players))
    for preset in PRESETS
    for players in PLAYER_COUNTS
]
TABLES += [
    ("standard-3p-formed", Rules.from_preset("standard", players=3, partnerships="formed")),
    ("standard-min-meld", Rules.from_json({"preset": "standard", "initial_meld": "5000-c"})),
    ("classic-min90", Rules.from_json({"preset": "classic", "initial_meld": [[0, 90]]})),
    ("standard-pile-meld", Rules.from_preset("standard", take_pile_requires_meld=True)),
    ("standard-whole-opening", Rules.from_preset("standard", whole_hand_opening=True)),
    ("standard-no-upcard", Rules.from_preset("standard", upcard=False)),
    ("standard-joker-choice", Rules.from_preset("standard", joker_upcard="first-player-chooses")),
    ("standard-8p-none", Rules.from_preset("standard", players=8, partnerships="none")),
]
TABLE_NAMES = [name for name, _ in TABLES]


def state_text(state: HandState) -> str:
    """Everything a hand state holds, in a form that does not depend on how the engine stores it."""
    melds = [
        [(m.cards, m.shape.kind, m.shape.suit, m.shape.rank, m.shape.length, m.shape.wild, m.laid_whole) for m in team]
        for team in state.melds
    ]
    obligation = None if state.pile_obligation is None else sorted(state.pile_obligation)
    return repr(
        (
            [list(h) for h in state.hands],
            list(state.hand_sizes),
            [list(k) for k in state.known],
            list(state.draw_pile),
            list(state.discard_pile),
            state.packets_used,
            list(state.seat_team),
            melds,
            list(state.biribaki_holder),
            list(state.unplayed_biribaki),
            state.bonus_suit,
            state.current,
            int(state.phase),
            state.banned_discard,
            obligation,
            state.obligation_new_meld,
            state.redraw_allowed,
            state.last_turn,
            state.no_going_out,
            state.passes,
            state.went_out,
        )
    )


def _probes(state: HandState, legal: list[Action]) -> list[Action]:
    """A few actions that may be refused: what the engine says to them is behaviour too."""
    seat = state.current
    probes: list[Action] = [TakePile(seat), Discard(seat, 52)]
    for action in legal:
        if isinstance(action, Meld) and len(action.melds) == 1:
            probes.append(Meld(seat, (action.melds[0][:2],)))
            break
    for action in legal:
        if isinstance(action, Extend):
            probes.append(Extend(seat, action.meld, (52, 1)))
            break
    return probes


def play_hand(rules: Rules, bots: list[Bot], seed: int, scores: tuple[int, ...] | None, digest: hashlib._Hash) -> None:
    state = HandState.deal(rules, seed % rules.players, seed=seed, scores=scores)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        digest.update(repr([action_to_json(a) for a in legal]).encode())
        if steps % 7 == 0:
            for probe in _probes(state, legal):
                try:
                    state.check(probe)
                    digest.update(b"ok")
                except IllegalAction as refusal:
                    digest.update(refusal.rule.encode())
        seat = state.current
        action = bots[seat].choose(observe(state, seat), legal, rng)
        digest.update(repr(action_to_json(action)).encode())
        state.apply(action)
        steps += 1
        assert steps < 20_000, "a hand that does not end"
    digest.update(state_text(state).encode())
    digest.update(repr(state.hand_score().seat_scores).encode())


def table_fingerprint(name: str) -> str:
    """The hash of this table's hands: two random, one greedy, one heuristic, one mixed."""
    rules = dict(TABLES)[name]
    digest = hashlib.sha256()
    base = sum(ord(ch) * 31**i for i, ch in enumerate(name)) % 1_000_003
    players = rules.players
    lineups = [
        ["random"] * players,
        ["random"] * players,
        ["greedy"] * players,
        ["heuristic"] * players,
        [("heuristic", "greedy", "random")[seat % 3] for seat in range(players)],
    ]
    for number, lineup in enumerate(lineups):
        scores = tuple(random.Random(base + number).choice([0, 1600, 3100]) for _ in range(players))
        play_hand(rules, [make_bot(spec) for spec in lineup], base + number, scores, digest)
    return digest.hexdigest()[:16]


def search_fingerprint(spec: str) -> str:
    """The decisions of the search player ``spec`` at the first turns of a few 4-player hands (its budget
    in worlds)."""
    digest = hashlib.sha256()
    rules = Rules.from_preset("standard")
    search = make_bot(spec)
    heuristic = make_bot("heuristic")
    for seed in range(3):
        state = HandState.deal(rules, 0, seed=seed)
        rng = random.Random(seed)
        for _ in range(24):
            seat = state.current
            bot = search if seat % 2 == 0 else heuristic
            action = bot.choose(observe(state, seat), state.legal_actions(), rng)
            digest.update(repr(action_to_json(action)).encode())
            state.apply(action)
    return digest.hexdigest()[:16]


EXPECTED: dict[str, str] = {
    "standard-2p": "6c7b24d807d92c64",
    "standard-3p": "db0da812c1ae4fc7",
    "standard-4p": "10d9f382f7afaf29",
    "standard-5p": "4e10f24453efb20e",
    "standard-6p": "998725164720429f",
    "standard-8p": "db78ad06356edf45",
    "kouridakis-2p": "66d4ce7bf3e4d6aa",
    "kouridakis-3p": "2b1695dcc73b2ddf",
    "kouridakis-4p": "2e3823cb26445339",
    "kouridakis-5p": "78a3345051ce8f1e",
    "kouridakis-6p": "c9e5e68b27156935",
    "kouridakis-8p": "6d512c25bd9a5392",
    "classic-2p": "469a67a9d0bf4ef5",
    "classic-3p": "5ae2b63c72413879",
    "classic-4p": "f3234474462dc6a3",
    "classic-5p": "45927c470553e76e",
    "classic-6p": "3a55564b1a4f4ee1",
    "classic-8p": "7dc20716367ea944",
    "venezuelan-2p": "6d9806719bef1137",
    "venezuelan-3p": "45e67e971ce5e3c4",
    "venezuelan-4p": "6bc177f8ecfd8ab0",
    "venezuelan-5p": "42a20984124fb810",
    "venezuelan-6p": "1049c7854784799f",
    "venezuelan-8p": "a1f1f03fd942690b",
    "buraco-aberto-2p": "b3053dc9769e0f2a",
    "buraco-aberto-3p": "123bdaa9098d8db6",
    "buraco-aberto-4p": "4852986421d5ec79",
    "buraco-aberto-5p": "c7cb757c60dbe59b",
    "buraco-aberto-6p": "cd18a9738d584056",
    "buraco-aberto-8p": "badd401ab936947a",
    "buraco-fechado-2p": "11ce1fec74d3990c",
    "buraco-fechado-3p": "325074f312aa98c8",
    "buraco-fechado-4p": "39f0096a2722f155",
    "buraco-fechado-5p": "6263afe5d7a48787",
    "buraco-fechado-6p": "2a60c49d7ab7f8ec",
    "buraco-fechado-8p": "15e4ee3afd282cd6",
    "standard-3p-formed": "d9e2a86820275ae1",
    "standard-min-meld": "a8893f49915d8a7f",
    "classic-min90": "89da3ba1a75e822d",
    "standard-pile-meld": "3140b144c3bdf0b6",
    "standard-whole-opening": "cfd70de05db8220b",
    "standard-no-upcard": "e4ae7bbfada5df8f",
    "standard-joker-choice": "39fb99df6a908cde",
    "standard-8p-none": "0dd8ac095bd08fbd",
}
"""Per table, the hash of its hands, as computed before the speed rework; Kouridakis and Buraco aberto
since the heuristic player of 2026-11-27.3 (a rank that makes no set there makes no discard dangerous,
and Kouridakis at five players lays short melds more sparingly)."""
EXPECTED_SEARCH: dict[str, str] = {
    # Playouts of one turn, as before the speed rework: the same engine decides the same.
    "search:worlds=6,seconds=1000,turns=1": "07273fc4adef0c0b",
    # The table's own horizon (a round of the table at four players, since the bots of 2026-11-28).
    "search:worlds=6,seconds=1000": "95a46db6ede86909",
}


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_seeded_hands_play_as_before(name: str) -> None:
    assert table_fingerprint(name) == EXPECTED[name], f"{name}: the engine plays these seeded hands differently"


@pytest.mark.parametrize("spec", EXPECTED_SEARCH)
def test_search_decides_as_before(spec: str) -> None:
    assert search_fingerprint(spec) == EXPECTED_SEARCH[spec]


if __name__ == "__main__":
    for table in TABLE_NAMES:
        print(f'    "{table}": "{table_fingerprint(table)}",', flush=True)
    for spec in EXPECTED_SEARCH:
        print(f'    "{spec}": "{search_fingerprint(spec)}",', flush=True)
    sys.exit(0)
