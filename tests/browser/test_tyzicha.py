"""Tyzicha in Chromium: a hand against two bots from the lobby's game choice to the hand's end, played with
the board's buttons as the hints suggest (bidding, the forced choice, giving, raising or conceding, the
tricks and the marriages), in English at 1280x720 (then its replay) and in Greek on a 390x844 phone.
Screenshots are kept (``BIRIBA_ARTIFACTS``, default: the test's tmp folder)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import NewDevice, sign_in
from tests.browser.test_bura import TRICK_GAME_BOTS, check_hint_words
from tests.browser.test_layout import SIZES, artifacts, in_view, no_overflow
from tests.server.conftest import RunningServer


def play_hinted_move(page: Page) -> None:
    """Ask for a hint and play it with the button of its kind (the hint chooses the card, or the raise)."""
    page.click("#hint")
    hint = page.locator("[data-testid=hint]")
    expect(hint).to_be_visible()
    check_hint_words(hint.inner_text())
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
    if page.locator("[data-testid=widow] [data-code]").count():  # shown (unless the forced 100 hid it)
        taken = "taken by" if language == "en" else "το πήρε"
        expect(page.locator("[data-testid=widow] .pile-label")).to_contain_text(taken)
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


def seat_x(page: Page, seat: int) -> float:
    box = page.locator(f"[data-testid=seat][data-seat='{seat}']").bounding_box()
    assert box is not None, f"seat {seat} is not shown"
    return box["x"]


@pytest.mark.parametrize(("size", "language"), [("desktop", "en"), ("phone", "el")])
def test_two_people_and_a_bot_at_a_tyzicha_table_play_round_it_clockwise(
    new_device: NewDevice, server: RunningServer, size: str, language: str, tmp_path: Path
) -> None:
    """Two people at one table, the host seating one of Tyzicha's bots in the open seat; on each page the
    next player (at the player's left: play goes clockwise) is drawn on the left, so that the turns go round
    the table one way; the hints name the players; a trick shows who played each card."""
    host, friend = new_device(), new_device()
    width, height = SIZES[size]
    for page in (host, friend):
        page.set_viewport_size({"width": width, "height": height})
    sign_in(host, server.url, "Olga")
    if language == "el":
        host.click("#language")
    host.select_option("#game", "tyzicha")
    for choice in host.locator("[data-testid=seat-choice]").all():
        choice.select_option("person")
    host.check("#private")
    host.click("#create")
    expect(host.locator("[data-testid=tyzicha-board]")).to_be_visible()
    friend.goto(host.url)
    friend.fill("#name", "Pavel")
    friend.click("#enter")
    if language == "el":
        friend.click("#language")
    # The invitation seats the friend at the first open seat.
    expect(friend.locator("[data-testid=seat].me")).to_have_attribute("data-seat", "1")
    choice = host.locator("[data-testid=seat][data-seat='2'] [data-testid=seat-choice]")
    expect(choice.locator("option")).to_have_text(TRICK_GAME_BOTS[language])
    choice.select_option("search")
    expect(host.locator("[data-testid=notice]")).to_have_count(0)
    hard = {"en": "Hard 3", "el": "Δύσκολος 3"}[language]
    expect(host.locator("[data-testid=seat][data-seat='2'] .seat-name")).to_have_text(hard)
    pages = {0: host, 1: friend}
    for seat, page in pages.items():
        following, before = (seat + 1) % 3, (seat + 2) % 3
        assert seat_x(page, following) < seat_x(page, before), f"seat {seat}: the next player is not at its left"
    moves = 0
    while not host.locator("[data-testid=last-trick]").count() and not host.locator("[data-testid=breakdown]").count():
        mover = next((page for page in pages.values() if page.locator("[data-testid=turn].mine").count()), None)
        if mover is None:  # a bot's move, or the move just played on its way to both pages
            host.wait_for_timeout(50)
            continue
        no_overflow(mover)
        if mover.locator("[data-testid=trick] [data-testid=played]").count():  # who played each card, on screen
            expect(mover.locator("[data-testid=trick] .played-by").first).to_be_visible()
        play_hinted_move(mover)
        moves += 1
        assert moves < 40, "a trick of Tyzicha comes sooner"
    if host.locator("[data-testid=last-trick]").count():
        names = {"Olga", "Pavel", hard}
        expect(host.locator("[data-testid=last-trick] .played-by")).to_have_count(3)
        assert set(host.locator("[data-testid=last-trick] .played-by").all_inner_texts()) == names
        leader = host.locator("[data-testid=last-trick] [data-testid=played]").first.get_attribute("data-seat")
        seats = host.locator("[data-testid=last-trick] [data-testid=played]").evaluate_all(
            "els => els.map(e => Number(e.dataset.seat))"
        )
        assert seats == [(int(leader or 0) + k) % 3 for k in range(3)]  # in the order of play, to the left
    host.screenshot(path=artifacts(tmp_path) / f"tyzicha-people-{size}-{language}.png")


def test_the_score_sheet_keeps_greek_bot_names_whole_on_a_phone(
    new_device: NewDevice, server: RunningServer, tmp_path: Path
) -> None:
    """On a phone, in Greek, the score sheet's columns are narrow: a name breaks between words, never
    inside one ("Δύσκολος 2", not "Δύσκ/ολος"), and a bot's level is shown whole."""
    page = new_device()
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, server.url, "Olga")
    page.click("#language")
    page.select_option("#game", "tyzicha")
    for choice in page.locator("[data-testid=seat-choice]").all():
        choice.select_option("search")
    page.click("#create")
    expect(page.locator("[data-testid=tyzicha-board]")).to_be_visible()
    page.click("#show-sheet")
    header = page.locator("[data-testid=score-sheet] th")
    expect(header).to_have_text(["Γύρος", "Olga", "Δύσκολος 2", "Δύσκολος 3"])
    page.screenshot(path=artifacts(tmp_path) / "tyzicha-sheet-phone-el.png")
    # each word of a heading on one line (its letters' boxes on one line), and none cut off
    broken = header.evaluate_all(
        """cells => cells.flatMap(cell => {
          const text = cell.firstChild, words = [], range = document.createRange();
          let at = 0;
          for (const word of text.data.split(" ")) {
            range.setStart(text, at); range.setEnd(text, at + word.length); at += word.length + 1;
            const lines = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
            if (lines.size > 1) words.push(word);
          }
          return cell.scrollWidth > cell.clientWidth ? [...words, cell.textContent + " (cut off)"] : words;
        })"""
    )
    assert broken == [], f"words broken or cut off in the score sheet's headings: {broken}"
