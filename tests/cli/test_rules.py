"""``biriba rules`` and ``biriba rules show``: the presets, every option, and readable rule sheets."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.cli.test_check import run

from biriba.core.rules import PRESETS, Rules, option_fields
from biriba.i18n import Words
from biriba.rulesheet import preset_summary, rule_sheet


def rules_json(*args: str) -> tuple[int, dict[str, Any]]:
    result = run("rules", *args, "--json")
    return result.returncode, json.loads(result.stdout)


def test_the_list_names_every_preset_and_every_option_with_its_meaning() -> None:
    result = run("rules")
    assert result.returncode == 0, result.stderr
    for preset in PRESETS:
        assert preset in result.stdout and preset_summary(preset) in " ".join(result.stdout.split())
    for option in option_fields():
        assert f"{option.name} = " in result.stdout
        assert option.metadata["doc"].split()[0] in result.stdout


def test_the_json_list_gives_the_standard_values_and_each_preset_s_options() -> None:
    code, data = rules_json()
    assert code == 0
    options = {option["name"]: option for option in data["options"]}
    assert set(options) == {f.name for f in option_fields()}
    assert options["target"]["standard"] == 5000 and options["sets"]["standard"] is True
    assert options["partnerships"]["standard"] == "fixed"
    assert all(option["meaning"] and option["group"] for option in options.values())
    presets = {preset["name"]: preset for preset in data["presets"]}
    assert list(presets) == list(PRESETS)
    assert presets["standard"]["changes"] == {}
    kouridakis = presets["kouridakis"]["changes"]
    assert kouridakis["sets"] is False and kouridakis["take_pile_requires_meld"] is True
    assert kouridakis["bonuses"]["bonus_suit_full_run_clean"] == 1000
    assert set(kouridakis) == {"sets", "take_pile_requires_meld", "bonuses"}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_show_prints_the_rule_sheet_of_each_preset(preset: str) -> None:
    result = run("rules", "show", preset)
    assert result.returncode == 0, result.stderr
    assert result.stdout == rule_sheet(Rules.from_preset(preset))
    game = "Buraco:" if preset.startswith("buraco") else "Biriba (Μπιρίμπα):"
    assert result.stdout.startswith(f"{game} {preset} rules")


def test_the_sheet_says_what_the_options_change() -> None:
    standard = rule_sheet(Rules.from_preset("standard"))
    assert "Sets: 3 or more cards of one rank" in standard and "No sets" not in standard
    assert "strictly more than 5,000" in standard
    assert "set 300 / 150" in standard
    kouridakis = rule_sheet(Rules.from_preset("kouridakis"))
    assert "No sets" in kouridakis and "only to meld one of its cards" in kouridakis
    assert "run of 13 in the bonus suit 1,000 / 500" in kouridakis
    venezuelan = rule_sheet(Rules.from_preset("venezuelan"))
    assert "at least 2,500" in venezuelan and "Biribas laid at once" in venezuelan
    assert "meld of wild cards 750" in venezuelan and "by discarding the last card or by melding it" in venezuelan
    fechado = rule_sheet(Rules.from_preset("buraco-fechado"))
    assert "closed: only its top card" in fechado and "No card is turned up" in fechado
    assert "from 1,500: 75" in fechado and "a biribaki not yet taken becomes the draw pile" in fechado
    # A Buraco player reads the game's name and its own words for what the sheet calls biriba and biribaki.
    assert fechado.startswith("Buraco: buraco-fechado rules") and "a biribaki the morto" in fechado
    assert "canastra" not in standard and "sets of Aces" not in rule_sheet(Rules.from_preset("buraco-aberto"))
    classic = rule_sheet(Rules.from_preset("classic"))
    assert "may not go out in that turn" in classic and "chooses the bonus suit" in classic


def test_show_takes_a_number_of_players_and_a_rules_object() -> None:
    result = run("rules", "show", "standard", "--players", "5")
    assert result.returncode == 0, result.stderr
    assert "5 players who form partnerships during each hand" in result.stdout
    assert "18 + 11 + 11" in result.stdout and "each partner scores half" in result.stdout
    code, data = rules_json("show", '{"preset": "standard", "sets": false, "target": 3000}')
    assert code == 0
    assert data["rules"] == {"preset": "standard", "sets": False, "target": 3000}
    assert data["options"]["sets"] is False and "No sets" in data["sheet"]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["show", "nosuch"], "unknown preset 'nosuch'"),
        (["show", "standard", "--players", "9"], "'players'"),
        (["show", '{"preset": "standard", "sets": false, "sets_of_twos": true}'], "contradicts"),
        (["show", "{bad json"], "malformed JSON"),
    ],
)
def test_show_refuses_bad_rules_with_exit_2(args: list[str], needle: str) -> None:
    code, data = rules_json(*args)
    assert code == 2
    assert needle in data["error"]["reason"]


def test_the_buraco_sheet_shows_vulnerability_at_half_the_target() -> None:
    result = run("rules", "show", '{"preset": "buraco-aberto", "target": 2000}')
    assert result.returncode == 0, result.stderr
    assert "from 0: nothing; from 1,000: 75" in result.stdout
    assert "1500" not in result.stdout


def test_the_list_gives_every_integer_option_its_range() -> None:
    code, data = rules_json()
    assert code == 0
    options = {option["name"]: option for option in data["options"]}
    assert options["decks"]["range"] == [1, 6] and options["target"]["range"] == [50, 100_000]
    listed = run("rules").stdout
    assert "decks = 2 (1 to 6)" in listed
    # Rich markup must not eat text in square brackets.
    assert "a list of [from_score, minimum] pairs" in " ".join(listed.split())


def test_the_sheet_in_greek() -> None:
    result = run("rules", "show", "classic", "--lang", "el")
    assert result.returncode == 0, result.stderr
    assert result.stdout == rule_sheet(Rules.from_preset("classic"), Words("el"))
    assert result.stdout.startswith("Μπιρίμπα: κανόνες classic, 4 παίκτες σε 2 σταθερά ζευγάρια")
    assert "κέντα στο κόζι 600 / 300" in result.stdout
    assert "από 1.000: 75· από 1.500: 90" in result.stdout  # Greek writes 1.000 and joins clauses with ·
    listing = run("rules", "--lang", "el")
    assert preset_summary("standard", Words("el")) in " ".join(listing.stdout.split())
