"""The golden playthroughs of Bura (tests/games/golden/): the stored hands replay to the same text."""

from __future__ import annotations

import pytest

from tests.games.bura_golden import FOLDER, HANDS, render, stored_actions


@pytest.mark.parametrize("name", sorted(HANDS))
def test_bura_golden_playthrough(name: str) -> None:
    seed, dealer, actions = stored_actions(name)
    assert render(seed, dealer, actions, name) == (FOLDER / f"{name}.txt").read_text()


def test_the_golden_hands_end_each_way() -> None:
    endings = {name: (FOLDER / f"{name}.txt").read_text().splitlines()[-1] for name in HANDS}
    assert '"how": "declared"' in endings["bura-declared"]
    assert '"how": "bura"' in endings["bura-claim"] and "announced" in (FOLDER / "bura-claim.txt").read_text()
    assert '"how": "drawn"' in endings["bura-drawn"]
