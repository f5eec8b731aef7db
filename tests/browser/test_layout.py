"""The table fits the window: at 1280x720 and on a 390x844 phone, a whole hand is played with the hand,
the piles and the actions on screen without scrolling, and nothing wider than the screen (the lobby
included). Screenshots of both sizes are kept (``BIRIBA_ARTIFACTS``, default: the test's tmp folder)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import NewDevice, sign_in
from tests.browser.test_table import create_table, my_turn, play_hinted_move
from tests.server.conftest import RunningServer

SIZES = {"desktop": (1280, 720), "phone": (390, 844)}
ON_SCREEN = ("[data-testid=hand] [data-code]", "#draw", "#discard", "#hint", "[data-testid=discard-pile]", "#draw-pile")
"""What the player on turn needs, on screen without scrolling: the hand, the actions, the piles."""


def artifacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("BIRIBA_ARTIFACTS", tmp_path / "artifacts"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def no_overflow(page: Page) -> None:
    """Nothing is wider than the window, and the page itself does not scroll."""
    width, height, page_height = page.evaluate(
        "[document.documentElement.scrollWidth, window.innerHeight, document.documentElement.scrollHeight]"
    )
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"
    assert page_height <= height, f"the page is {page_height} px tall in a {height} px window"


def in_view(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    view = page.viewport_size
    assert box["x"] >= 0 and box["y"] >= 0, f"{selector} starts off screen: {box}"
    assert box["x"] + box["width"] <= view["width"] + 1, f"{selector} ends right of the screen: {box}"
    assert box["y"] + box["height"] <= view["height"] + 1, f"{selector} ends below the screen: {box}"


@pytest.mark.parametrize("size", SIZES)
def test_a_whole_hand_fits_the_window(new_device: NewDevice, server: RunningServer, size: str, tmp_path: Path) -> None:
    page = new_device()
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    sign_in(page, server.url, "Eleni")
    no_overflow(page)
    page.screenshot(path=artifacts(tmp_path) / f"lobby-{size}.png")
    create_table(page, ["greedy", "greedy", "greedy"])
    turns = 0
    while not page.locator("[data-testid=breakdown]").count():
        my_turn(page)
        if page.locator("[data-testid=breakdown]").count():
            break
        no_overflow(page)
        for selector in (
            "[data-testid=hand] [data-code]",
            "#draw",
            "#discard",
            "#hint",
            "[data-testid=discard-pile]",
            "#draw-pile",
        ):
            in_view(page, selector)
        if turns == 1:
            page.screenshot(path=artifacts(tmp_path) / f"table-{size}.png")
        play_hinted_move(page)
        turns += 1
    in_view(page, "[data-testid=breakdown] h3")
    in_view(page, "#back-to-lobby")
    no_overflow(page)
    page.screenshot(path=artifacts(tmp_path) / f"hand-end-{size}.png")
    # The person played (the server's deal is random: bots that go out early may end the hand after a
    # couple of the person's moves, so no more than one is asked for).
    assert turns >= 1


def test_keys_play_a_turn(new_device: NewDevice, server: RunningServer) -> None:
    page = new_device()
    sign_in(page, server.url, "Nikos")
    create_table(page, ["random", "random", "random"])
    my_turn(page)
    page.keyboard.press("d")
    expect(page.locator("[data-testid=hand] [data-code]")).to_have_count(12)
    expect(page.locator("[data-testid=hand-card].drawn")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    expect(page.locator("[data-testid=hand] .card.selected")).to_have_count(1)
    page.keyboard.press("x")
    expect(page.locator("[data-testid=hand] [data-code]")).to_have_count(11)
    expect(page.locator("[data-testid=move-log]")).to_contain_text("Nikos: discard")


def test_on_a_phone_the_moves_and_the_score_sheet_close_again(
    new_device: NewDevice, server: RunningServer, tmp_path: Path
) -> None:
    """On a phone the moves and the score sheet open over the table, covering the buttons that opened
    them: they have a button of their own to close, and Escape closes them too."""
    page = new_device()
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, server.url, "Eleni")
    create_table(page, ["greedy", "greedy", "greedy"])
    side = page.locator("aside.side")
    expect(side).to_be_hidden()
    page.click("#show-log")
    expect(page.locator("[data-testid=move-log]")).to_be_visible()
    in_view(page, "#close-panel")
    page.screenshot(path=artifacts(tmp_path) / "moves-open-phone.png")
    page.click("#close-panel")
    expect(side).to_be_hidden()
    in_view(page, "#draw")
    page.click("#show-sheet")
    expect(page.locator("[data-testid=score-sheet]")).to_be_visible()
    page.keyboard.press("Escape")
    expect(side).to_be_hidden()


@pytest.mark.parametrize("size", SIZES)
def test_the_header_takes_one_line_on_a_phone_with_the_account_folded_behind_the_name(
    new_device: NewDevice, server: RunningServer, size: str
) -> None:
    """At a table every line counts: on a phone the header is one line, the account's links (my games,
    keep the seats, log out) under the player's name; on a desktop they stand in the header itself."""
    page = new_device()
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    sign_in(page, server.url, "Eleni")
    create_table(page, ["greedy", "greedy", "greedy"])
    links = ("#history-link", "#keep-seats", "#logout")
    header = page.locator("header").bounding_box()
    assert header is not None
    assert header["height"] <= 50, f"the header takes {header['height']} px"
    if size == "desktop":
        expect(page.locator("#account")).to_be_hidden()
        for link in links:
            expect(page.locator(link)).to_be_visible()
        return
    expect(page.locator("#account")).to_contain_text("Eleni")
    for link in links:
        expect(page.locator(link)).to_be_hidden()
    page.click("#account")
    for link in links:
        in_view(page, link)
    page.keyboard.press("Escape")
    expect(page.locator("#logout")).to_be_hidden()
    page.click("#account")
    page.click("#history-link")
    expect(page.locator("#history")).to_be_visible()
    expect(page.locator("#logout")).to_be_hidden()  # the menu closes on leaving the table


def test_on_a_phone_a_hand_of_twelve_cards_takes_one_row_inside_its_panel(
    new_device: NewDevice, server: RunningServer
) -> None:
    """The hand overlaps its cards more as it grows: twelve, after the draw, still make one row (at the
    first overlap the twelfth wrapped to a row of its own, and left of the panel)."""
    page = new_device()
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, server.url, "Eleni")
    create_table(page, ["greedy", "greedy", "greedy"])
    my_turn(page)
    page.click("#draw")
    cards = page.locator("[data-testid=hand] .card")
    expect(cards).to_have_count(12)
    panel = page.locator(".my-hand").bounding_box()
    boxes = [card.bounding_box() for card in cards.all()]
    assert panel is not None and all(box is not None for box in boxes)
    assert len({round(box["y"]) for box in boxes if box}) == 1, "the hand takes more than one row"
    assert min(box["x"] for box in boxes if box) >= panel["x"], "a card starts left of the hand's panel"
