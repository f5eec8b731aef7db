"""Tyzicha in Chromium: a hand against two bots from the lobby's game choice to the hand's end, played with
the board's buttons as the hints suggest (bidding, the forced choice, giving, raising or conceding, the
tricks and the marriages), in English at 1280x720 (then its replay) and in Greek on a 390x844 phone.
Screenshots are kept (``BIRIBA_ARTIFACTS``, default: the test's tmp folder)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import NewDevice, sign_in
from tests.browser.test_layout import SIZES, artifacts, in_view, no_overflow
from tests.server.conftest import RunningServer


def play_hinted_move(page: Page) -> None:
    """Ask for a hint and play it with the button of its kind (the hint chooses the card, or the raise)."""
    page.click("#hint")
    hint = page.locator("[data-testid=hint]")
    expect(hint).to_be_visible()
    kind, value = hint.get_attribute("data-type"), hint.get_attribute("data-value")
    if kind == "bid":  # forced, the bid is 100 or 110; else the only bid there is, ten above the last
        page.click(f"#take-{value}" if page.locator("#take-100").count() else "#bid")
    elif kind == "give":
        page.click(f".give[data-to='{hint.get_attribute('data-to')}']")
    elif kind == "play":
        page.click("#marriage" if hint.get_attribute("data-marriage") else "#play")
    else:
        page.click(f"#{kind}")
    expect(hint).to_have_count(0)  # a new position: the hint is gone


@pytest.mark.parametrize(("size", "language"), [("desktop", "en"), ("phone", "el")])
def test_a_hand_of_tyzicha_against_two_bots(
    new_device: NewDevice, server: RunningServer, size: str, language: str, tmp_path: Path
) -> None:
    page = new_device()
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    sign_in(page, server.url, "Olga")
    if language == "el":
        page.click("#language")
    page.select_option("#game", "tyzicha")
    expect(page.locator("#players")).to_have_value("3")
    expect(page.locator("#target")).to_have_value("1001")
    no_overflow(page)
    page.click("#create")
    expect(page.locator("[data-testid=tyzicha-board]")).to_be_visible()
    moves = 0
    while True:
        page.wait_for_selector("[data-testid=breakdown], [data-testid=turn].mine")
        if page.locator("[data-testid=breakdown]").count():
            break
        no_overflow(page)
        for selector in ("[data-testid=hand] [data-code]", "#hint", "[data-testid=widow]"):
            in_view(page, selector)
        if moves == 3:
            page.screenshot(path=artifacts(tmp_path) / f"tyzicha-{size}-{language}.png")
        play_hinted_move(page)
        moves += 1
        assert moves < 40, "a hand of Tyzicha has fewer moves for one player"
    expect(page.locator("[data-testid=tyzicha-result]")).not_to_be_empty()
    expect(page.locator("[data-testid=breakdown] tbody tr")).to_have_count(3)
    page.screenshot(path=artifacts(tmp_path) / f"tyzicha-end-{size}-{language}.png")
    if language == "el":
        expect(page.locator("#next-hand")).to_have_text("Μοιράστε τον επόμενο γύρο")
        return
    # the finished hand's replay: every hand as dealt, the bidding, then the table after each move
    table_id = page.url.split("#/t/")[1].split("?")[0]
    page.goto(f"{server.url}/#/replay/{table_id}")
    expect(page.locator(".replay-hand")).to_have_count(3)
    expect(page.locator(".replay-hand [data-code]")).to_have_count(21)  # seven cards each, as dealt
    page.click("#step-next")
    expect(page.locator("[data-testid=replay-bids]")).to_contain_text("Bidding:")
    expect(page.locator("#replay-action")).not_to_contain_text("—")
    page.click("#to-score")
    expect(page.locator(".replay")).to_contain_text("Score")
