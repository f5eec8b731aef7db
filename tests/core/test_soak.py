"""A seeded soak: many complete hands between random and greedy bots, for every preset and every
number of players, and for the single variations.

Run it with ``pytest --runslow tests/core/test_soak.py -n 2``; ``BIRIBA_SOAK_HANDS`` sets the number of
hands (10,000 by default; the CI runs fewer). Hand ``i`` plays the table ``TABLES[i % len(TABLES)]``, so
every table gets an equal share. The hands are split into chunks that pytest-xdist spreads over the
workers. Every hand is fixed by its number, so a failure names a hand that can be replayed alone
(``BIRIBA_SOAK_HANDS`` and the chunk do not change what hand ``i`` is).

Per action: the pack is conserved, the hand sizes match the hands, what everyone knows a seat holds it
holds, a legal action exists, the bot picks a listed action and ``apply`` accepts it. Per hand: it ends,
its record (also after a JSON round trip) replays to the same state and the same scores, and the seat
scores follow from the team scores.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from biriba.bots import make_bot
from biriba.core.cards import counts_of, pack
from biriba.core.records import Deal, HandRecord
from biriba.core.rules import PLAYER_COUNTS, PRESETS, Rules
from biriba.core.scoring import partner_share
from biriba.core.state import HandState
from biriba.core.views import observe

HANDS = int(os.environ.get("BIRIBA_SOAK_HANDS", "10000"))
CHUNKS = 8
MAX_STEPS = 20_000
"""Bot hands take a few hundred actions; a hand still running after this many never ends."""
BASE_SEED = 0x5EED_B1B1

TABLES = [Rules.from_preset(preset, players=players) for preset in PRESETS for players in PLAYER_COUNTS]
TABLES += [
    Rules.from_preset("standard", players=3, partnerships="formed", partner_wild_discard=False),
    Rules.from_preset("standard", sets=False),
    Rules.from_preset("standard", take_pile_requires_meld=True),
    Rules.from_preset("standard", biriba_for_biribaki=False),
    Rules.from_json({"preset": "standard", "initial_meld": "5000-c"}),
    Rules.from_preset("standard", upcard=False),
    Rules.from_preset("standard", joker_upcard="first-player-chooses"),
    Rules.from_preset("standard", joker_upcard="first-player-takes"),
    Rules.from_preset("standard", sets_of_twos=True, no_biriba_penalty=100, no_melds_penalty=300),
    Rules.from_preset("standard", going_out_by_meld=True, going_out_needs_clean_biriba=True),
    Rules.from_preset("standard", end_of_draw_pile="packets-then-end", whole_hand_opening=True),
    Rules.from_preset("classic", players=6),
    Rules.from_preset("classic", players=3, partnerships="none"),
    Rules.from_preset("standard", end_of_draw_pile="last-draw", take_pile_requires_meld=True),
    Rules.from_json({"preset": "standard", "sets": "aces", "cutter": "first-player", "short_cut_penalty": 100}),
    Rules.from_preset("standard", players=8, partnerships="none"),
]
BOTS = {"random": make_bot("random"), "greedy": make_bot("greedy")}


def hand_setup(number: int) -> tuple[Rules, int, int, tuple[int, ...], list[str]]:
    """Rules, dealer, deal seed, cumulative scores and the bots of soak hand ``number``."""
    rng = random.Random(BASE_SEED + number)
    rules = TABLES[number % len(TABLES)]
    scores = tuple(rng.choice([0, 600, 1200, 1600, 3100, 3500]) for _ in range(rules.players))
    bots = [rng.choice(["random", "greedy"]) for _ in range(rules.players)]
    return rules, rng.randrange(rules.players), rng.randrange(2**32), scores, bots


def play_soak_hand(number: int) -> None:
    rules, dealer, seed, scores, bot_names = hand_setup(number)
    where = f"soak hand {number} (seed {seed}, dealer {dealer}, rules {rules.to_json()}, bots {bot_names})"
    record = HandRecord(rules, dealer, Deal(seed=seed), scores=scores)
    state = record.start()
    pack_counts = counts_of(pack(rules.decks, rules.jokers))
    rng = random.Random(seed)
    bots = [BOTS[name] for name in bot_names]
    while not state.is_over:
        assert len(record.actions) < MAX_STEPS, f"{where}: no end after {MAX_STEPS} actions"
        seat = state.current
        legal = state.legal_actions()
        assert legal, f"{where}: no legal action after {len(record.actions)} actions"
        action = bots[seat].choose(observe(state, seat), legal, rng)
        assert action in legal, f"{where}: the bot chose {action}, which is not listed"
        state.apply(action)
        record.actions.append(action)
        assert counts_of(state.all_cards()) == pack_counts, f"{where}: the pack changed after {action}"
        assert state.hand_sizes == [sum(hand) for hand in state.hands], f"{where}: hand sizes after {action}"
        for known, hand in zip(state.known, state.hands, strict=True):
            assert all(k <= h for k, h in zip(known, hand, strict=True)), f"{where}: known cards after {action}"
    assert not state.legal_actions()
    final = state.fingerprint()
    result = state.hand_score()
    for seats, team in zip(result.teams, result.team_scores, strict=True):
        share = partner_share(team.score) if rules.formed_partnerships and len(seats) > 1 else team.score
        assert all(result.seat_scores[seat] == share for seat in seats), f"{where}: seat scores"
    replayed = record.replay()
    assert replayed.fingerprint() == final, f"{where}: the replay ends elsewhere"
    assert replayed.hand_score() == result, f"{where}: replay scores"
    again = HandRecord.from_json(json.loads(json.dumps(record.to_json()))).replay()
    assert again.fingerprint() == final, f"{where}: the JSON round trip replays elsewhere"


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_soak(chunk: int) -> None:
    for number in range(chunk, HANDS, CHUNKS):
        play_soak_hand(number)


def test_every_preset_and_player_count_is_soaked() -> None:
    soaked = {(rules.preset, rules.players) for rules in TABLES}
    assert soaked >= {(preset, players) for preset in PRESETS for players in PLAYER_COUNTS}


def test_soak_hands_are_fixed_by_their_number() -> None:
    # A failing soak hand can be rerun alone: its setup depends on its number only.
    assert hand_setup(1234) == hand_setup(1234)
    rules, dealer, seed, _, bots = hand_setup(7)
    assert rules == TABLES[7] and len(bots) == rules.players
    assert (
        HandState.deal(rules, dealer, seed=seed).fingerprint() == HandState.deal(rules, dealer, seed=seed).fingerprint()
    )
    play_soak_hand(7)


def test_a_pile_taken_into_a_huge_whole_hand_opening_leaves_a_legal_meld() -> None:
    # Soak hand 217 (kouridakis, 5 players): a seat that must open with its whole hand takes a pile into
    # 71 cards. The check that allowed it found an opening melding a pile card; listing the openings of
    # such a hand stops at its search budget, so that opening must be listed all the same.
    play_soak_hand(217)
