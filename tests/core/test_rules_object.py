"""The Rules object: presets, overrides, JSON, validation, the initial meld schedules and card values."""

from __future__ import annotations

import dataclasses
import json

import pytest

from biriba.core.cards import JOKER, make_card, parse_card
from biriba.core.errors import InvalidInputError, InvalidRulesError
from biriba.core.rules import INITIAL_MELD_SCHEDULES, BiribaBonuses, Rules, option_fields

STANDARD = Rules.from_preset("standard")


def test_standard_preset_is_the_ruled_base_game() -> None:
    rules = STANDARD
    assert rules.preset == "standard"
    assert (rules.players, rules.teams, rules.decks, rules.jokers) == (4, 2, 2, 4)
    assert rules.sets is True
    assert rules.take_pile_requires_meld is False
    assert rules.biriba_for_biribaki is True
    assert rules.target == 5000
    assert rules.initial_meld is None
    assert rules.bonus_suit is True
    assert (rules.hand_size, rules.packet_sizes) == (11, (11, 11))
    assert (rules.going_out_bonus, rules.no_biribaki_penalty, rules.unplayed_biribaki_penalty) == (100, 100, 100)
    assert rules.bonuses == BiribaBonuses(
        run_clean=200,
        run_dirty=100,
        set_clean=300,
        set_dirty=150,
        bonus_suit_run_clean=400,
        bonus_suit_run_dirty=200,
        full_run_clean=1000,
        full_run_dirty=500,
        bonus_suit_full_run_clean=2000,
        bonus_suit_full_run_dirty=1000,
    )
    assert Rules.from_json("standard") == rules == Rules()


def test_overrides_change_only_what_they_name() -> None:
    rules = Rules.from_preset("standard", sets=False, target=3000, take_pile_requires_meld=True)
    assert (rules.sets, rules.target, rules.take_pile_requires_meld) == (False, 3000, True)
    assert rules.preset == "standard"
    changed = {f.name for f in option_fields() if getattr(rules, f.name) != getattr(STANDARD, f.name)}
    assert changed == {"sets", "target", "take_pile_requires_meld"}


def test_rules_are_frozen_and_hashable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        STANDARD.target = 10  # type: ignore[misc]
    same = Rules.from_preset("standard", initial_meld="5000-a")
    assert hash(same) == hash(Rules.from_json({"initial_meld": "5000-a"}))
    assert len({STANDARD, Rules.from_preset("standard"), same}) == 2


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"sets": False},
        {"take_pile_requires_meld": True, "biriba_for_biribaki": False},
        {"target": 3000, "bonus_suit": False},
        {"initial_meld": "3000-b"},
        {"initial_meld": [[0, 50], [2500, 90]]},
        {"bonuses": {"run_clean": 250, "full_run_dirty": 400}},
        {"joker_value": 25, "ace_value": 20, "going_out_bonus": 200},
    ],
)
def test_json_round_trip(options: dict[str, object]) -> None:
    rules = Rules.from_json({"preset": "standard", **options})
    data = rules.to_json()
    assert data["preset"] == "standard"
    assert set(data) == {"preset", *options}
    again = Rules.from_json(json.loads(json.dumps(data)))
    assert again == rules
    assert again.to_json() == data


def test_to_json_lists_only_differences_from_the_preset() -> None:
    assert STANDARD.to_json() == {"preset": "standard"}
    assert Rules.from_preset("standard", sets=False).to_json() == {"preset": "standard", "sets": False}
    assert Rules.from_preset("standard", initial_meld="3030").to_json() == {
        "preset": "standard",
        "initial_meld": [[0, 0], [1030, 75]],
    }
    bonuses = Rules.from_json({"bonuses": {"set_clean": 500}}).to_json()["bonuses"]
    assert bonuses["set_clean"] == 500 and bonuses["run_clean"] == 200


def test_a_rules_object_without_preset_means_standard() -> None:
    assert Rules.from_json({"sets": False}) == Rules.from_preset("standard", sets=False)
    assert Rules.from_json({}) == STANDARD


def test_bonus_overrides_keep_the_other_bonuses() -> None:
    rules = Rules.from_json({"bonuses": {"run_clean": 250}})
    assert rules.bonuses.run_clean == 250
    assert rules.bonuses.run_dirty == 100 and rules.bonuses.bonus_suit_full_run_clean == 2000


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ("nosuch", "unknown preset 'nosuch'"),
        ({"preset": "nosuch"}, "unknown preset 'nosuch'"),
        ({"preset": 5}, "preset must be a name"),
        (5, "rules must be a preset name or an object"),
        (["standard"], "rules must be a preset name or an object"),
        ({"colour": "red"}, "unknown rule option 'colour'"),
        ({"sets": "no"}, "option 'sets' must be true, false or \"aces\", not 'no'"),
        ({"sets": 0}, "option 'sets' must be true, false or \"aces\", not 0"),
        ({"sets": "aces", "sets_of_twos": True}, 'sets_of_twos=true contradicts sets="aces"'),
        ({"cutter": "dealers-left"}, "cutter='dealers-left': expected one of dealer, first-player"),
        ({"dealer_takes_bottom_wilds": True, "cutter_takes_bottom_wild": True}, "both take the bottom of the deck"),
        ({"target": "5000"}, "option 'target' must be an integer"),
        ({"target": True}, "option 'target' must be an integer"),
        ({"target": 2.5}, "option 'target' must be an integer"),
        ({"target": 0}, "target=0"),
        ({"joker_value": None}, "option 'joker_value' must be an integer"),
        ({"players": 7}, "players=7"),
        ({"initial_meld": "nosuch"}, "unknown initial meld schedule 'nosuch'"),
        ({"initial_meld": 75}, "option 'initial_meld' must be a schedule name"),
        ({"initial_meld": [[0]]}, "option 'initial_meld' must be a schedule name"),
        ({"initial_meld": [[0, "75"]]}, "option 'initial_meld' must be a schedule name"),
        ({"initial_meld": [[1500, 75], [0, 0]]}, "thresholds must be distinct and increasing"),
        ({"initial_meld": [[0, 0], [0, 75]]}, "thresholds must be distinct and increasing"),
        ({"initial_meld": []}, "initial_meld"),
        ({"initial_meld": [[0, -5]]}, "initial_meld minimum=-5: expected 0 to 1000"),
        ({"initial_meld": [[0, 75], [10**30, 90]]}, "initial_meld from_score=1000000000000000000000000000000"),
        ({"initial_meld": [[n * 100, 75] for n in range(13)]}, "at most 12"),
        ({"bonuses": 5}, "option 'bonuses' must be an object"),
        ({"bonuses": {"run_kind": 1}}, "unknown biriba bonus 'run_kind'"),
        ({"bonuses": {"run_clean": "200"}}, "biriba bonus 'run_clean' must be an integer"),
        ({"hand_size": 30}, "hand_size=30"),
        ({"hand_size": 0}, "hand_size"),
        ({"packet_sizes": [11, -1]}, "packet_sizes=-1: expected 1 to 30"),
        # Bounds: a rules object never makes a pack, a hand or a number that no table could play.
        ({"decks": 100000}, "decks=100000: expected 1 to 6"),
        ({"jokers": 25}, "jokers=25: expected 0 to 24"),
        ({"hand_size": 31}, "hand_size=31: expected 1 to 30"),
        ({"target": 10**30}, "target=1000000000000000000000000000000: expected 50 to 100000"),
        ({"target": 49}, "target=49: expected 50 to 100000"),
        ({"players": 9}, "players=9: expected 2 to 8"),
        ({"first_player": 9}, "first_player=9: expected 0 to 8"),
        ({"joker_value": -20}, "joker_value=-20: expected 0 to 1000"),
        ({"going_out_bonus": 2**53 + 1}, "going_out_bonus=9007199254740993: expected 0 to 10000"),
        ({"bonuses": {"run_clean": 10**6}}, "bonuses.run_clean=1000000: expected 0 to 100000"),
        ({"laid_whole_bonuses": {"wild_meld": -1}}, "laid_whole_bonuses.wild_meld=-1: expected 0 to 100000"),
    ],
)
def test_bad_rules_raise_invalid_rules_error_naming_the_problem(data: object, needle: str) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules.from_json(data)
    assert needle in str(caught.value)
    assert isinstance(caught.value, InvalidInputError)


def test_unknown_preset_lists_the_known_ones() -> None:
    with pytest.raises(InvalidRulesError, match=r"known presets: .*standard"):
        Rules.from_preset("nosuch")


def test_from_preset_validates_overrides_too() -> None:
    with pytest.raises(InvalidRulesError, match="unknown rule option 'colour'"):
        Rules.from_preset("standard", colour="red")
    with pytest.raises(InvalidRulesError, match="'sets' must be true, false or \"aces\""):
        Rules.from_preset("standard", sets="yes")
    with pytest.raises(InvalidRulesError, match="unknown rule option 'preset'"):
        Rules.from_preset("standard", preset="standard")
    with pytest.raises(InvalidRulesError, match="initial_meld"):
        Rules.from_preset("standard", initial_meld=75)
    with pytest.raises(InvalidRulesError, match="biriba bonuses"):
        Rules.from_preset("standard", bonuses={"run_clean": 1})


@pytest.mark.parametrize("preset", ["kouridakis", "classic", "venezuelan", "buraco-aberto", "buraco-fechado"])
def test_the_documented_presets_exist(preset: str) -> None:
    assert Rules.from_preset(preset).preset == preset


def test_kouridakis_preset_bundles_its_options() -> None:
    rules = Rules.from_preset("kouridakis")
    assert rules.sets is False
    assert rules.take_pile_requires_meld is True
    assert rules.bonuses.bonus_suit_full_run_clean == 1000
    assert rules.bonuses.bonus_suit_full_run_dirty == 500


# --- the minimum initial meld ----------------------------------------------------------------


def test_initial_meld_schedules_by_name() -> None:
    assert Rules.from_json({"initial_meld": "5000-a"}).initial_meld == ((0, 0), (1500, 75), (3000, 100), (4000, 120))
    assert Rules.from_json({"initial_meld": "3000-b"}).initial_meld == ((0, 0), (1000, 75), (1500, 90))
    assert Rules.from_json({"initial_meld": "encyclopedia"}).initial_meld == ((0, 75), (1500, 90), (3000, 120))
    for name, schedule in INITIAL_MELD_SCHEDULES.items():
        assert Rules.from_json({"initial_meld": name}).initial_meld == schedule
        assert Rules.from_preset("standard", initial_meld=name).initial_meld == schedule


def test_initial_meld_custom_and_off() -> None:
    assert Rules.from_json({"initial_meld": [[0, 30], [2000, 60]]}).initial_meld == ((0, 30), (2000, 60))
    assert Rules.from_preset("standard", initial_meld=((0, 30),)).initial_meld == ((0, 30),)
    assert Rules.from_json({"initial_meld": None}).initial_meld is None
    assert Rules.from_json({"initial_meld": False}).initial_meld is None


@pytest.mark.parametrize(
    ("schedule", "score", "minimum"),
    [
        ("5000-a", -300, 0),
        ("5000-a", 0, 0),
        ("5000-a", 1499, 0),
        ("5000-a", 1500, 75),
        ("5000-a", 2999, 75),
        ("5000-a", 3000, 100),
        ("5000-a", 3999, 100),
        ("5000-a", 4000, 120),
        ("5000-a", 9000, 120),
        ("5000-c", -100, 55),
        ("5000-c", 1000, 55),
        ("5000-c", 3000, 95),
        ("vulnerability", 999, 0),
        ("vulnerability", 1000, 75),
        ("vulnerability", 1500, 90),
        ("encyclopedia", 0, 75),
        ("encyclopedia", 3500, 120),
        (None, 4500, 0),
    ],
)
def test_initial_meld_minimum_by_score(schedule: str | None, score: int, minimum: int) -> None:
    rules = Rules.from_json({"initial_meld": schedule})
    assert rules.initial_meld_minimum(score) == minimum


# --- card values -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "value"),
    [
        ("JK", 20),
        ("AS", 15),
        ("AH", 15),
        ("2C", 10),
        ("3D", 5),
        ("4S", 5),
        ("5H", 5),
        ("6C", 5),
        ("7D", 5),
        ("8S", 10),
        ("9H", 10),
        ("10C", 10),
        ("JD", 10),
        ("QS", 10),
        ("KH", 10),
    ],
)
def test_card_value_table(code: str, value: int) -> None:
    assert STANDARD.card_value(parse_card(code)) == value


def test_card_values_are_options() -> None:
    rules = Rules.from_json({"joker_value": 50, "two_value": 20, "ace_value": 25, "high_value": 11, "low_value": 3})
    assert rules.card_value(JOKER) == 50
    assert rules.card_value(make_card(2, 0)) == 20
    assert rules.card_value(make_card(1, 3)) == 25
    assert [rules.card_value(make_card(rank, 1)) for rank in range(3, 14)] == [3] * 5 + [11] * 6


def test_every_card_has_a_value() -> None:
    assert sum(STANDARD.card_value(c) for c in range(53)) == 4 * (15 + 10 + 5 * 5 + 10 * 6) + 20
