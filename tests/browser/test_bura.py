"""Bura in Chromium: two people at one table from the lobby's game choice and an invitation, a hand played
to its end with the board's buttons, in English and in Greek, at 1280x720 and on a 390x844 phone, each
seeing only its own cards; and a hand against a bot with the keyboard, then its replay. Screenshots are kept
(``BIRIBA_ARTIFACTS``, default: the test's tmp folder)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import NewDevice, sign_in
from tests.browser.test_layout import SIZES, artifacts, in_view, no_overflow
from tests.server.conftest import RunningServer

PLAYED_BY = {"lead": "#lead", "answer": "#answer", "claim": "#claim", "declare": "#declare", "pass": "#pass"}
"""The button that plays each kind of move a hint can suggest."""

TRICK_GAME_BOTS = {
    "en": ["a person", "bot: Beginner", "bot: Medium", "bot: Hard"],
    "el": ["άνθρωπος", "υπολογιστής: Αρχάριος", "υπολογιστής: Μέτριος", "υπολογιστής: Δύσκολος"],
}
"""The host's choices for an open seat at a Bura or Tyzicha table: a person, or one of the game's own bots."""


def check_hint_words(hint: str) -> None:
    """A hint names the seat asking "You", as the terminal's hints do, and the others by their names at
    the table: never "Player 1"."""
    assert re.match(r"^\s*(You|Εσείς): ", hint), hint
    assert not re.search(r"Player \d|Παίκτης \d", hint), hint


def new_bura_table(page: Page, other: str, private: bool = False) -> None:
    """Choose Bura in the lobby, seat ``other`` (a bot level, or ``person``) opposite, and create the table."""
    page.select_option("#game", "bura")
    expect(page.locator("#players")).to_have_value("2")
    expect(page.locator("#target")).to_have_count(0)  # Bura's match has tokens, not a target
    page.locator("[data-testid=seat-choice]").select_option(other)
    if private:
        page.check("#private")
    page.click("#create")
    expect(page.locator("[data-testid=bura-board]")).to_be_visible()


def hand_codes(page: Page) -> list[str]:
    return list(page.locator("[data-testid=hand] [data-code]").evaluate_all("els => els.map(e => e.dataset.code)"))


def play_hinted_move(page: Page) -> None:
    """Ask for a hint on this page's turn and play it with the board's button (the hint chooses the cards)."""
    page.click("#hint")
    hint = page.locator("[data-testid=hint]")
    expect(hint).to_be_visible()
    check_hint_words(hint.inner_text())
    page.click(PLAYED_BY[hint.get_attribute("data-type") or ""])
    expect(hint).to_have_count(0)  # a new position: the hint is gone


@pytest.mark.parametrize(("size", "language"), [("desktop", "en"), ("phone", "el")])
def test_two_people_play_a_hand_of_bura(
    new_device: NewDevice, server: RunningServer, size: str, language: str, tmp_path: Path
) -> None:
    host, friend = new_device(), new_device()
    width, height = SIZES[size]
    for page in (host, friend):
        page.set_viewport_size({"width": width, "height": height})
    sign_in(host, server.url, "Masha")
    if language == "el":
        host.click("#language")
    new_bura_table(host, "person", private=True)
    link = host.url
    friend.goto(link)
    friend.fill("#name", "Yannis")
    friend.click("#enter")
    if language == "el":
        friend.click("#language")
    # The invitation seats the friend at the first open seat.
    expect(friend.locator("[data-testid=seat].me")).to_have_attribute("data-seat", "1")
    pages = (host, friend)
    for page in pages:
        expect(page.locator("[data-testid=bura-board]")).to_be_visible()
        expect(page.locator("[data-testid=pot]")).to_contain_text("2")
    moves = 0
    while not host.locator("[data-testid=breakdown]").count():
        mover = next((page for page in pages if page.locator("[data-testid=turn].mine").count()), None)
        if mover is None:  # the move just played is on its way to both pages
            host.wait_for_timeout(50)
            continue
        other = friend if mover is host else host
        mine, theirs = hand_codes(mover), hand_codes(other)
        assert not set(mine) & set(theirs)  # each page shows only its own cards
        no_overflow(mover)
        for selector in (
            "[data-testid=hand] [data-code]",
            "#lead",
            "#answer",
            "#declare",
            "#hint",
            "[data-testid=stock]",
        ):
            in_view(mover, selector)
        if moves == 2:
            mover.screenshot(path=artifacts(tmp_path) / f"bura-{size}-{language}.png")
        if mover.locator("[data-testid=last-trick]").count():  # who played what, on screen, not on hover
            played_by = mover.locator("[data-testid=last-trick] .played-by")
            expect(played_by).to_have_count(2)
            assert sorted(played_by.all_inner_texts()) == ["Masha", "Yannis"]
        play_hinted_move(mover)
        moves += 1
        assert moves < 60, "a hand of Bura has fewer moves"
    for page in pages:
        expect(page.locator("[data-testid=breakdown]")).to_be_visible()
        expect(page.locator("[data-testid=bura-result]")).not_to_be_empty()
    host.screenshot(path=artifacts(tmp_path) / f"bura-end-{size}-{language}.png")
    if language == "el":  # the board speaks Greek: its buttons and the hand's end
        expect(host.locator("#declare")).to_have_text("Δηλώστε 31")
        assert (
            "Μπούρα" in host.locator("[data-testid=table-game]").all_inner_texts()[0]
            if host.locator("[data-testid=table-game]").count()
            else True
        )


def test_a_hand_of_bura_with_the_keyboard(new_device: NewDevice, server: RunningServer) -> None:
    page = new_device()
    sign_in(page, server.url, "Sasha")
    new_bura_table(page, "random")
    moves = 0
    while True:
        page.wait_for_selector("[data-testid=breakdown], [data-testid=turn].mine")
        if page.locator("[data-testid=breakdown]").count():
            break
        page.keyboard.press("h")
        hint = page.locator("[data-testid=hint]")
        expect(hint).to_be_visible()
        kind = hint.get_attribute("data-type")
        if kind in ("lead", "answer"):
            expect(page.locator(f"#{kind}")).to_be_enabled()  # the hint chose the cards: Enter plays them
            page.keyboard.press("Enter")
        else:
            page.keyboard.press({"claim": "c", "declare": "d", "pass": "p"}[kind or ""])
        expect(hint).to_have_count(0)
        moves += 1
        assert moves < 40
    expect(page.locator("[data-testid=bura-result]")).not_to_be_empty()
    expect(page.locator("[data-testid=score-sheet]")).to_have_count(1)
    # the finished hand's replay: both hands, the table after each move, the hand's end at the last step
    table_id = page.url.split("#/t/")[1].split("?")[0]
    page.goto(f"{server.url}/#/replay/{table_id}")
    expect(page.locator(".replay-hand")).to_have_count(2)
    expect(page.locator(".replay-hand [data-code]")).to_have_count(6)  # three cards each, as dealt
    expect(page.locator("[data-testid=replay-trick]")).to_contain_text("Trump card")
    page.click("#step-next")
    expect(page.locator("#replay-action")).to_contain_text(":")
    page.click("#to-score")
    expect(page.locator(".replay")).to_contain_text("Score")


@pytest.mark.parametrize("language", ["en", "el"])
def test_the_host_seats_one_of_buras_own_bots(new_device: NewDevice, server: RunningServer, language: str) -> None:
    """The host's menu for the open seat offers Bura's bots by their names, not Biriba's "Easy", which no
    Bura table seats; the bot chosen sits and is named by its level."""
    host = new_device()
    sign_in(host, server.url, "Masha")
    if language == "el":
        host.click("#language")
    new_bura_table(host, "person")
    choice = host.locator("[data-testid=seat][data-seat='1'] [data-testid=seat-choice]")
    expect(choice.locator("option")).to_have_text(TRICK_GAME_BOTS[language])
    choice.select_option("search")
    hard = {"en": "Hard 2", "el": "Δύσκολος 2"}[language]
    expect(host.locator("[data-testid=seat][data-seat='1'] .seat-name")).to_have_text(hard)
    expect(host.locator("[data-testid=notice]")).to_have_count(0)
    host.wait_for_selector("[data-testid=turn].mine")
    host.click("#hint")
    check_hint_words(host.locator("[data-testid=hint]").inner_text())
