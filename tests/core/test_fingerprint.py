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


def search_fingerprint() -> str:
    """The search player's decisions at the first turns of a few 4-player hands (its budget in worlds)."""
    digest = hashlib.sha256()
    rules = Rules.from_preset("standard")
    search = make_bot("search:worlds=6,seconds=1000")
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
    "standard-2p": "6837da010faf2271",
    "standard-3p": "dde2593e4d37367a",
    "standard-4p": "7c61b78a95ae4bdc",
    "standard-5p": "334d247d7be657b3",
    "standard-6p": "f8228e88f573804b",
    "standard-8p": "a03f3171b88b2210",
    "kouridakis-2p": "e2a724a0bf02d75d",
    "kouridakis-3p": "c1f377751b15f304",
    "kouridakis-4p": "512e009f7df21b2e",
    "kouridakis-5p": "5ff986e7132a4ae4",
    "kouridakis-6p": "f17bd760290e9b8a",
    "kouridakis-8p": "37319cde32003e54",
    "classic-2p": "4b03d5bd39a49aa1",
    "classic-3p": "b2247f09422d629a",
    "classic-4p": "86d7d88096cab8b3",
    "classic-5p": "1a5eb8d06f0aac2c",
    "classic-6p": "762e6223c1b66546",
    "classic-8p": "bcb683ac48e02db2",
    "venezuelan-2p": "34f8eb3bed14e61c",
    "venezuelan-3p": "0ac1be31ce819926",
    "venezuelan-4p": "286553c21179cb31",
    "venezuelan-5p": "08662ebd860a32ed",
    "venezuelan-6p": "3b170d57dc2131cb",
    "venezuelan-8p": "9a6cd0017ada3721",
    "buraco-aberto-2p": "7bac9bda078631e0",
    "buraco-aberto-3p": "7e063216d7d0955f",
    "buraco-aberto-4p": "45cfc68be98ce65a",
    "buraco-aberto-5p": "d3f099e7ebf9cc9a",
    "buraco-aberto-6p": "998b2a19334d1f9d",
    "buraco-aberto-8p": "3481de680f365218",
    "buraco-fechado-2p": "e25d286537d57a3a",
    "buraco-fechado-3p": "383c695eb90f255f",
    "buraco-fechado-4p": "dcb4f48e2d0a7d0e",
    "buraco-fechado-5p": "ad4548da3e119886",
    "buraco-fechado-6p": "822a944e661495eb",
    "buraco-fechado-8p": "b783be8dd4d3062e",
    "standard-3p-formed": "15eb43e0e9acc9e1",
    "standard-min-meld": "76228cdb25098a55",
    "classic-min90": "9ad33ba31699b146",
    "standard-pile-meld": "070bd59c2c90d4af",
    "standard-whole-opening": "af9bff3335a882b1",
    "standard-no-upcard": "485a336db4d79001",
    "standard-joker-choice": "7531298e5eed6b84",
    "standard-8p-none": "bf49d5446a14951b",
}
"""Per table, the hash of its hands, as computed before the speed rework."""
EXPECTED_SEARCH = "9fc742e042601f3c"


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_seeded_hands_play_as_before(name: str) -> None:
    assert table_fingerprint(name) == EXPECTED[name], f"{name}: the engine plays these seeded hands differently"


def test_search_decides_as_before() -> None:
    assert search_fingerprint() == EXPECTED_SEARCH


if __name__ == "__main__":
    for table in TABLE_NAMES:
        print(f'    "{table}": "{table_fingerprint(table)}",', flush=True)
    print(f'EXPECTED_SEARCH = "{search_fingerprint()}"')
    sys.exit(0)
