"""The random-simulation test over the game protocol, for every game and preset: random hands played
through nothing but :class:`biriba.games.protocol.Game`, checking at every step what every game owes the
platform (exact legal actions, JSON forms, illegal actions that change nothing, independent clones,
views that determinization keeps), and match records that replay to the same match."""

from __future__ import annotations

import json
import random

import pytest

from biriba.core.errors import IllegalAction, InvalidInputError
from biriba.games.protocol import Game, GameState
from biriba.games.records import GameRecord, GameReplayError, HandDeal
from biriba.games.registry import GAMES, game_named

TABLES = [
    (name, preset, players)
    for name, game in GAMES.items()
    for preset in game.presets
    for players in game.players
    if name != "biriba" or players in (2, 4, 5)  # Biriba's every table is played in tests/core
]
HAND_STEP_CAP = 4000


def _play_random_hand(
    game: Game, state: GameState, rng: random.Random, players: int, checks: bool, lasting: bool
) -> list[object]:
    """Play ``state`` to its end with random legal actions (``lasting``: nine times in ten those that do not
    end the hand, while there are any); with ``checks``, the protocol's promises at every step."""
    played: list[object] = []
    while not state.is_over:
        assert len(played) < HAND_STEP_CAP, "a random hand did not end"
        legal = list(state.legal_actions())
        assert legal, "a hand in play always has a legal action"
        action = rng.choice(legal)
        if lasting and rng.random() < 0.9:
            # Mostly what keeps the hand going (a random declaration of Bura ends it at once).
            going = [a for a in legal if not _ends_hand(state, a)]
            action = rng.choice(going or legal)
        if checks:
            _check_step(game, state, legal, action, rng, players)
        state.apply(action)
        played.append(action)
    return played


def _ends_hand(state: GameState, action: object) -> bool:
    after = state.clone()
    after.apply(action)
    return bool(after.is_over)


def _check_step(
    game: Game, state: GameState, legal: list[object], action: object, rng: random.Random, players: int
) -> None:
    data = game.action_to_json(action)
    assert game.action_from_json(json.loads(json.dumps(data))) == action
    state.check(action)  # a listed action is never refused
    before = state.fingerprint()
    copy = state.clone()
    copy.apply(action)
    assert state.fingerprint() == before, "applying to a clone changed the original"
    # An action of a seat that is not to act is refused by its rule, and changes nothing.
    for other in legal:
        data = game.action_to_json(other)
        seat = data.get("seat")
        if isinstance(seat, int):
            wrong = game.action_from_json(data | {"seat": (seat + 1) % players})
            with pytest.raises(IllegalAction) as refused:
                state.apply(wrong)
            assert refused.value.rule
            assert state.fingerprint() == before
            break
    # Every seat's view is kept by a world dealt from what that seat has seen.
    seat = state.current
    world = game.determinize(state, seat, rng)
    assert game.observe(world, seat) == game.observe(state, seat)


@pytest.mark.parametrize(("name", "preset", "players"), TABLES)
def test_random_hands_keep_the_protocols_promises(name: str, preset: str, players: int) -> None:
    game = game_named(name)
    rules = game.rules(preset, players)
    assert game.rules_players(rules) == players
    assert game.rules_from_json(json.loads(json.dumps(game.rules_to_json(rules)))) == rules
    rng = random.Random(f"{name}:{preset}:{players}")
    hands = 3 if name == "biriba" else 12
    for hand in range(hands):
        state = game.deal(rules, hand % players, rng.randrange(2**32), None)
        _play_random_hand(game, state, rng, players, checks=hand < 2, lasting=hand % 2 == 0)
        outcome = game.outcome(state)
        assert len(outcome) == players


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_match_record_replays_to_the_same_match(name: str) -> None:
    game = game_named(name)
    rules = game.rules(game.presets[0], game.default_players)
    if name == "biriba":
        rules = type(rules).from_preset(game.presets[0], players=game.default_players, target=1500)
    rng = random.Random(name)
    match = game.new_match(rules, 1)
    record = GameRecord(game, rules, 1)
    bots = [game.make_bot(game.bots[0]) for _ in range(game.default_players)]
    while not match.is_over and len(record.hands) < 6:
        seed = rng.randrange(2**32)
        state = match.start_hand(seed=seed)
        actions = []
        while not state.is_over:
            seat = state.current
            action = bots[seat].choose(game.observe(state, seat), state.legal_actions(), rng)
            state.apply(action)
            actions.append(action)
        record.hands.append((HandDeal(seed=seed), actions))
        match.finish_hand()
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again.to_json() == record.to_json()
    replayed = again.replay()
    assert replayed.is_over == match.is_over
    assert repr(replayed.results) == repr(match.results)


def test_a_record_with_an_illegal_action_names_its_hand_and_index() -> None:
    game = game_named("bura")
    state = game.deal(game.rules(), 0, 5, None)
    legal = list(state.legal_actions())
    record = GameRecord(game, game.rules(), 0, [(HandDeal(seed=5), [legal[0], legal[0]])])
    with pytest.raises(GameReplayError) as refused:
        GameRecord.from_json(record.to_json()).replay()
    assert (refused.value.hand, refused.value.index) == (0, 1)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"game": "chess", "hands": []}, "unknown game 'chess'"),
        ({"game": "bura", "hands": [{"seed": 1, "deck": []}]}, "exactly one of 'seed' or 'deck'"),
        ({"game": "bura", "players": 3, "hands": []}, "not 3"),
        ({"game": "bura", "rules": {"jokers": 2}, "hands": []}, "unknown Bura option"),
        ({"game": "bura", "version": 9, "hands": []}, "version 9"),
    ],
)
def test_a_bad_record_says_what_is_wrong(data: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        GameRecord.from_json(data)


def test_an_unknown_game_or_table_is_refused_by_name() -> None:
    with pytest.raises(InvalidInputError, match="games: biriba, bura"):
        game_named("tyzicha-x")
    with pytest.raises(InvalidInputError, match="bura is played by 2 players, not 4"):
        game_named("bura").rules(players=4)
    with pytest.raises(InvalidInputError, match="unknown Bura preset"):
        game_named("bura").rules("nosuch")
