"""The golden playthroughs of Tyzicha (tests/games/golden/): the stored hands replay to the same text."""

from __future__ import annotations

import pytest

from tests.games.tyzicha_golden import FOLDER, HANDS, render, stored


@pytest.mark.parametrize("name", sorted(HANDS))
def test_tyzicha_golden_playthrough(name: str) -> None:
    seed, dealer, rules, actions = stored(name)
    assert render(seed, dealer, rules, actions, name) == (FOLDER / f"{name}.txt").read_text()


def test_the_golden_hands_end_each_way() -> None:
    text = {name: (FOLDER / f"{name}.txt").read_text() for name in HANDS}
    endings = {name: text[name].splitlines()[-1] for name in HANDS}
    assert '"how": "made"' in endings["tyzicha-made"] and "marriage" in text["tyzicha-made"]
    assert ": raise " in text["tyzicha-made"]
    assert '"forced": true' in endings["tyzicha-forced"] and '"how": "broken"' in endings["tyzicha-forced"]
    assert '"how": "conceded"' in endings["tyzicha-conceded"]
    assert '"how": "broken"' in endings["tyzicha-russian"] and '"round_to": 5' in text["tyzicha-russian"]
