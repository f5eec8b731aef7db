"""Hand and match records: JSON round trips, exact replay, a golden record, malformed input."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from biriba.bots import make_bot
from biriba.bots.play import play_hand, play_match, play_out
from biriba.core.actions import Discard, Draw, action_to_json
from biriba.core.cards import card_codes, pack, parse_card, shuffled_pack
from biriba.core.errors import InvalidActionError, InvalidCardError, InvalidInputError, InvalidRulesError
from biriba.core.records import (
    RECORD_VERSION,
    Deal,
    HandRecord,
    MatchRecord,
    ReplayError,
    is_match_record,
    load_json,
)
from biriba.core.rules import Rules
from biriba.core.state import HandState, Phase

STANDARD = Rules.from_preset("standard")
GOLDEN = Path(__file__).resolve().parent.parent / "data" / "golden_hand.json"
MIXED = [make_bot("greedy"), make_bot("random"), make_bot("greedy"), make_bot("random")]


def traced_hand(seed: int, dealer: int = 0) -> tuple[HandRecord, list[tuple[object, ...]]]:
    """A bot hand and the fingerprint of the state after every action."""
    trace: list[tuple[object, ...]] = []
    record, _ = play_hand(STANDARD, MIXED, dealer, seed, on_action=lambda state, _: trace.append(state.fingerprint()))
    return record, trace


def base_record() -> dict[str, Any]:
    return {"rules": "standard", "players": 4, "dealer": 0, "seed": 1, "actions": []}


# --- round trips -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 8])
def test_hand_record_json_round_trip(seed: int) -> None:
    record, _ = traced_hand(seed, dealer=seed % 4)
    data = record.to_json()
    assert set(data) == {"version", "rules", "players", "dealer", "seed", "actions"}
    assert data["version"] == RECORD_VERSION == 1
    assert data["players"] == 4 and data["dealer"] == seed % 4 and data["seed"] == seed
    again = HandRecord.from_json(json.loads(json.dumps(data)))
    assert again == record
    assert again.to_json() == data


def test_hand_record_deck_form_round_trip() -> None:
    deck = tuple(shuffled_pack(2, 4, 5))
    record = HandRecord(STANDARD, 2, Deal(deck=deck))
    state = record.start()
    record.actions = play_out(state, MIXED, random.Random(5))
    data = record.to_json()
    assert "seed" not in data
    assert data["deck"] == card_codes(deck)
    again = HandRecord.from_json(json.loads(json.dumps(data)))
    assert again == record
    assert again.replay().fingerprint() == state.fingerprint()


def test_seed_and_its_deck_deal_the_same_hand() -> None:
    by_seed = HandRecord(STANDARD, 1, Deal(seed=77)).start()
    by_deck = HandRecord(STANDARD, 1, Deal(deck=tuple(shuffled_pack(2, 4, 77)))).start()
    assert by_seed.fingerprint() == by_deck.fingerprint()


def test_scores_round_trip_and_reach_the_state() -> None:
    record = HandRecord(STANDARD, 0, Deal(seed=2), [Draw(1)], scores=(1200, 3400, 1200, 3400))
    data = record.to_json()
    assert data["scores"] == [1200, 3400, 1200, 3400]
    again = HandRecord.from_json(data)
    assert again == record
    assert again.start().scores == (1200, 3400, 1200, 3400)
    # all-zero scores are the default and are left out
    assert "scores" not in HandRecord(STANDARD, 0, Deal(seed=2), scores=(0, 0, 0, 0)).to_json()


def test_rules_with_options_round_trip_in_a_record() -> None:
    rules = Rules.from_preset("standard", sets=False, target=2000)
    data = HandRecord(rules, 0, Deal(seed=4)).to_json()
    assert data["rules"] == {"preset": "standard", "sets": False, "target": 2000}
    assert HandRecord.from_json(data).rules == rules


def test_match_record_json_round_trip_and_replay() -> None:
    rules = Rules.from_preset("standard", target=1000)
    record, match = play_match(rules, MIXED, seed=9, first_dealer=2)
    data = record.to_json()
    assert set(data) == {"version", "rules", "players", "dealer", "hands"}
    assert data["dealer"] == 2
    assert is_match_record(data)
    assert all(set(hand) == {"seed", "actions"} for hand in data["hands"])
    again = MatchRecord.from_json(json.loads(json.dumps(data)))
    assert again == record
    replayed = again.replay()
    assert replayed.is_over and match.is_over
    assert replayed.totals == match.totals
    assert replayed.winner == match.winner
    assert [r.dealer for r in replayed.results] == [(2 + i) % 4 for i in range(len(match.results))]
    assert [r.score for r in replayed.results] == [r.score for r in match.results]


def test_hand_record_is_not_a_match_record() -> None:
    record, _ = traced_hand(1)
    assert not is_match_record(record.to_json())


# --- replay ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 21, 40])
def test_replay_reproduces_every_state_and_the_scores(seed: int) -> None:
    record, trace = traced_hand(seed, dealer=(seed + 1) % 4)
    replayed: list[tuple[object, ...]] = []
    final = HandRecord.from_json(record.to_json()).replay(lambda _, state: replayed.append(state.fingerprint()))
    assert replayed == trace
    assert final.is_over
    _, engine_state = play_hand(STANDARD, MIXED, (seed + 1) % 4, seed)
    assert final.fingerprint() == engine_state.fingerprint()
    assert [s.to_json() for s in final.team_scores_for_hand()] == [
        s.to_json() for s in engine_state.team_scores_for_hand()
    ]


def test_on_state_sees_each_index_in_order() -> None:
    record, _ = traced_hand(6)
    indices: list[int] = []
    record.replay(lambda index, _: indices.append(index))
    assert indices == list(range(len(record.actions)))


def test_unfinished_record_replays_to_a_state_in_progress() -> None:
    record, trace = traced_hand(12)
    partial = HandRecord(record.rules, record.dealer, record.deal, record.actions[:25])
    state = partial.replay()
    assert not state.is_over
    assert state.fingerprint() == trace[24]


def test_replay_error_names_the_index_action_and_rule() -> None:
    record, _ = traced_hand(14)
    state_before = HandRecord(record.rules, record.dealer, record.deal, record.actions[:10]).replay()
    wrong_seat = (state_before.current + 1) % 4
    bad = HandRecord(record.rules, record.dealer, record.deal, [*record.actions[:10], Draw(wrong_seat)])
    with pytest.raises(ReplayError) as caught:
        bad.replay()
    assert caught.value.index == 10
    assert caught.value.action == Draw(wrong_seat)
    assert caught.value.cause.rule == "not-your-turn"
    assert "action 10" in str(caught.value)


def test_replay_error_for_a_card_not_in_hand() -> None:
    record, _ = traced_hand(15)
    index = next(i for i, a in enumerate(record.actions) if isinstance(a, Discard))
    state = HandRecord(record.rules, record.dealer, record.deal, record.actions[:index]).replay()
    missing = next(c for c in range(53) if state.hands[state.current][c] == 0)
    actions = [*record.actions[:index], Discard(state.current, missing), *record.actions[index + 1 :]]
    with pytest.raises(ReplayError) as caught:
        HandRecord(record.rules, record.dealer, record.deal, actions).replay()
    assert caught.value.index == index
    assert caught.value.cause.rule == "card-not-in-hand"


def test_an_action_after_the_end_is_illegal() -> None:
    record, _ = traced_hand(16)
    extra = HandRecord(record.rules, record.dealer, record.deal, [*record.actions, Draw(0)])
    with pytest.raises(ReplayError) as caught:
        extra.replay()
    assert caught.value.index == len(record.actions)
    assert caught.value.cause.rule == "hand-over"


def test_match_replay_error_index_counts_from_the_first_action_of_the_match() -> None:
    rules = Rules.from_preset("standard", target=1000)
    record, _ = play_match(rules, MIXED, seed=4)
    assert len(record.hands) >= 2
    first = len(record.hands[0][1])
    deal, actions = record.hands[1]
    broken = MatchRecord(rules, 0, [record.hands[0], (deal, [Discard(actions[0].seat, parse_card("JK"))])])
    with pytest.raises(ReplayError) as caught:
        broken.replay()
    assert caught.value.index == first
    assert caught.value.cause.rule == "draw-first"


# --- the golden record -----------------------------------------------------------------------
# tests/data/golden_hand.json was made once by
#     play_hand(Rules.from_preset("standard"), [make_bot("greedy")] * 4, dealer=1, seed=13)
# and is never regenerated: a change to the shuffle, the deal or a rule shows up here.

GOLDEN_SCORES = [
    {
        "score": 295,
        "melded": 265,
        "in_hand": -20,
        "biribas": 150,
        "going_out": 0,
        "biribaki": -100,
        "biribaki_status": "taken_unplayed",
        "no_biriba": 0,
        "no_melds": 0,
        "cut": 0,
        "rounding": 0,
        "biriba_list": [
            {
                "cards": ["AS", "AS", "AH", "AD", "AD", "AC", "JK"],
                "kind": "set",
                "clean": False,
                "laid_whole": False,
                "bonus": 150,
            }
        ],
    },
    {
        "score": 735,
        "melded": 345,
        "in_hand": -10,
        "biribas": 300,
        "going_out": 100,
        "biribaki": 0,
        "biribaki_status": "taken",
        "no_biriba": 0,
        "no_melds": 0,
        "cut": 0,
        "rounding": 0,
        "biriba_list": [
            {
                "cards": ["AC", "2C", "3C", "4C", "2H", "6C", "7C", "8C"],
                "kind": "bonus-suit-run",
                "clean": False,
                "laid_whole": False,
                "bonus": 200,
            },
            {
                "cards": ["3S", "2S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"],
                "kind": "run",
                "clean": False,
                "laid_whole": False,
                "bonus": 100,
            },
        ],
    },
]


def golden_record() -> HandRecord:
    return HandRecord.from_json(load_json(GOLDEN.read_text(encoding="utf-8")))


def test_golden_deal() -> None:
    record = golden_record()
    assert record.dealer == 1 and record.deal == Deal(seed=13) and len(record.actions) == 88
    state = record.start()
    # seat 2 is dealt first (dealer + 1), the upcard is 9C so clubs is the bonus suit
    assert card_codes(state.hand_cards(2)) == ["7S", "AH", "3H", "7H", "8H", "9H", "4D", "5D", "QD", "JC", "QC"]
    assert card_codes(state.discard_pile) == ["6C"]
    assert state.bonus_suit == 3
    assert card_codes(reversed(state.draw_pile[-3:])) == ["3H", "2C", "AD"]
    assert [len(p) for p in state.biribakia] == [11, 11]
    assert len(state.draw_pile) == 108 - 44 - 22 - 1


def test_golden_hand_replays_to_its_scores() -> None:
    state = golden_record().replay()
    assert state.is_over and state.phase is Phase.OVER
    assert state.went_out == 1
    assert [state.biribaki_status(t).value for t in range(2)] == ["taken_unplayed", "taken"]
    assert state.hand_sizes == [11, 0, 2, 2]
    assert card_codes(state.hand_cards(2)) == ["QD", "KD"]
    assert card_codes(state.hand_cards(3)) == ["7H", "7D"]
    assert len(state.draw_pile) == 24 and len(state.discard_pile) == 3
    assert [len(melds) for melds in state.melds] == [6, 7]
    assert [s.to_json() for s in state.team_scores_for_hand()] == GOLDEN_SCORES
    assert sorted(state.all_cards()) == sorted(pack(2, 4))


def test_golden_file_is_canonical_json_of_the_record() -> None:
    """The golden record predates record versions: read as version 1, it writes back the same with
    its version named."""
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert "version" not in data
    assert golden_record().to_json() == {"version": 1} | data


@pytest.mark.parametrize(
    ("version", "message"),
    [
        (2, "format version 2, newer than this biriba reads (1)"),
        (0, "'version' must be a record format version, 1 or more, not 0"),
        ("1", "'version' must be a record format version, 1 or more, not '1'"),
        (True, "'version' must be a record format version"),
    ],
)
def test_a_record_of_an_unknown_version_is_refused_naming_it(version: object, message: str) -> None:
    for data in (base_record(), {**base_record(), "hands": []}):
        data["version"] = version
        reader = MatchRecord if "hands" in data else HandRecord
        with pytest.raises(InvalidInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
            reader.from_json(data)
    assert HandRecord.from_json({**base_record(), "version": 1}) == HandRecord.from_json(base_record())


# --- malformed records -----------------------------------------------------------------------


def with_changes(**changes: object) -> dict[str, Any]:
    data = base_record()
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return data


@pytest.mark.parametrize(
    ("data", "error", "message"),
    [
        (with_changes(seed=...), InvalidInputError, "exactly one of 'deck'"),
        (with_changes(deck=card_codes(pack(2, 4))), InvalidInputError, "exactly one of 'deck'"),
        (with_changes(seed="7"), InvalidInputError, "'seed' must be an integer"),
        (with_changes(seed=1.5), InvalidInputError, "'seed' must be an integer"),
        (with_changes(seed=True), InvalidInputError, "'seed' must be an integer"),
        (with_changes(seed=..., deck="AS 2S"), InvalidInputError, "'deck' must be a list"),
        (with_changes(seed=..., deck=["AS", "ZZ"]), InvalidCardError, "unknown card code 'ZZ'"),
        (with_changes(dealer=4), InvalidInputError, "'dealer' must be a seat number 0..3"),
        (with_changes(dealer=-1), InvalidInputError, "'dealer' must be a seat number 0..3"),
        (with_changes(dealer="0"), InvalidInputError, "'dealer' must be a seat number 0..3"),
        (with_changes(dealer=True), InvalidInputError, "'dealer' must be a seat number 0..3"),
        (
            with_changes(players=3, rules={"preset": "standard", "players": 4}),
            InvalidInputError,
            "'players' is 3 but the rules play with 4",
        ),
        (with_changes(players=9), InvalidInputError, "'players' must be a number of players, 2 to 6 or 8"),
        (with_changes(actions={"seat": 1, "type": "draw"}), InvalidInputError, "'actions' must be a list"),
        (with_changes(actions=[{"seat": 1, "type": "draw"}, {"seat": 2, "type": "fly"}]), InvalidActionError, ""),
        (with_changes(actions=[{"seat": 1, "type": "discard", "card": "1H"}]), InvalidCardError, "action 0"),
        (with_changes(actions=[{"seat": 1, "type": "draw", "card": "AS"}]), InvalidActionError, "unknown field"),
        (with_changes(actions=[{"type": "draw"}]), InvalidActionError, "'seat'"),
        (with_changes(rules="nosuch"), InvalidRulesError, "unknown preset 'nosuch'"),
        (with_changes(rules={"preset": "standard", "colour": "red"}), InvalidRulesError, "'colour'"),
        (with_changes(scores=[0, "x", 0, 0]), InvalidInputError, "'scores' must be a list of 4 integers"),
        ([], InvalidInputError, "must be a JSON object"),
        ("standard", InvalidInputError, "must be a JSON object"),
    ],
)
def test_malformed_hand_records(data: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        HandRecord.from_json(data)
    assert message in str(caught.value)


def test_unknown_action_type_names_the_index_and_the_type() -> None:
    data = with_changes(actions=[{"seat": 1, "type": "draw"}, {"seat": 2, "type": "fly"}])
    with pytest.raises(InvalidActionError) as caught:
        HandRecord.from_json(data)
    text = str(caught.value)
    assert "action 1" in text and "'fly'" in text and "take_pile" in text


def test_a_deck_of_the_wrong_cards_is_refused_when_dealt() -> None:
    deck = card_codes(pack(2, 4))
    deck[0] = deck[1]  # two AS too many... one AS more and one less of another card
    record = HandRecord.from_json(with_changes(seed=..., deck=deck))
    with pytest.raises(InvalidInputError, match="108-card pack"):
        record.start()
    short = HandRecord.from_json(with_changes(seed=..., deck=card_codes(pack(2, 4))[:-1]))
    with pytest.raises(InvalidInputError, match="wrong counts: JK x3"):
        short.replay()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"rules": "standard", "dealer": 0, "hands": {"seed": 1}}, "'hands': a list"),
        ({"rules": "standard", "dealer": 0, "hands": [5]}, "must be a JSON object"),
        ({"rules": "standard", "dealer": 0, "hands": [{"actions": []}]}, "exactly one of 'deck'"),
        ({"rules": "standard", "dealer": 9, "hands": []}, "'dealer' must be a seat number"),
        ({"rules": "standard", "dealer": 0, "hands": [{"seed": 1, "actions": 3}]}, "'actions' must be a list"),
    ],
)
def test_malformed_match_records(data: object, message: str) -> None:
    with pytest.raises(InvalidInputError) as caught:
        MatchRecord.from_json(data)
    assert message in str(caught.value)


def test_load_json_reports_syntax_errors_as_invalid_input() -> None:
    with pytest.raises(InvalidInputError, match="malformed JSON"):
        load_json('{"rules": "standard",')
    assert load_json('{"a": [1]}') == {"a": [1]}


def test_defaults_rules_dealer_and_actions() -> None:
    record = HandRecord.from_json({"seed": 3})
    assert record.rules == STANDARD and record.dealer == 0 and record.actions == []
    assert record.start().fingerprint() == HandState.deal(STANDARD, 0, seed=3).fingerprint()


def test_record_actions_use_the_documented_json() -> None:
    record, _ = traced_hand(2)
    data = record.to_json()
    assert data["actions"] == [action_to_json(a) for a in record.actions]
    assert {a["type"] for a in data["actions"]} <= {"draw", "take_pile", "pass", "meld", "extend", "discard"}
