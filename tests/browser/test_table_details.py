"""The small things of an evening at the table, in Chromium: the first visit names the three games and how to
play each (the lobby too, for the game chosen), the lobby
keeps full tables apart from open ones, the invitation is copied with one click, the tab title says whose
turn it is, a disabled button says why, a focused meld takes Enter, and a finished match offers a rematch
at the same table's rules and bots."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import NewDevice, sign_in
from tests.browser.test_people import follow_invitation, private_table
from tests.browser.test_table import create_table, my_turn, play_shown_hint
from tests.server.conftest import RunningServer


def test_a_first_visit_names_the_three_games_and_the_lobby_keeps_full_tables_apart(
    new_device: NewDevice, server: RunningServer
) -> None:
    visitor = new_device()
    visitor.goto(server.url)
    first = visitor.locator("[data-testid=first-visit]")
    expect(first).to_contain_text("Biriba: the Greek rummy game")
    expect(first).to_contain_text("Bura: the Russian trick-taking game for two")
    expect(first).to_contain_text("Tyzicha: the Russian trick-taking game for three")
    visitor.click("[data-testid=first-visit] li[data-game=biriba] a")
    expect(visitor.locator("[data-testid=rules][data-game=biriba]")).to_contain_text("standard rules")
    visitor.go_back()
    visitor.click("[data-testid=first-visit] li[data-game=bura] a")
    expect(visitor.locator("[data-testid=rules][data-game=bura]")).to_contain_text("молодка")

    host = new_device()
    sign_in(host, server.url, "Maria")
    full = create_table(host, ["greedy", "greedy", "greedy"])
    host.goto(server.url)
    host.wait_for_selector("#create")
    waiting = create_table(host, ["person", "greedy", "greedy"])

    sign_in(visitor, server.url, "Nikos")
    expect(visitor.locator(f"[data-testid=full-table][data-table='{full}']")).to_be_visible()
    expect(visitor.locator(f"[data-testid=open-table][data-table='{waiting}']")).to_be_visible()
    expect(visitor.locator(f"[data-testid=open-table][data-table='{full}']")).to_have_count(0)
    expect(visitor.locator("h2", has_text="Being played")).to_be_visible()


def test_the_lobby_shows_how_to_play_the_game_chosen_in_either_language(
    new_device: NewDevice, server: RunningServer
) -> None:
    page = new_device()
    sign_in(page, server.url, "Maria")
    for language, says in (("en", ("прикуп", "марьяж", "Marriages")), ("el", ("прикуп", "марьяж", "Γάμοι"))):
        if language == "el":
            page.click("#language")
        page.select_option("#game", "tyzicha")
        page.click("#how-to-play")
        rules = page.locator("[data-testid=rules][data-game=tyzicha]")
        for words in says:
            expect(rules).to_contain_text(words)
        expect(page.locator("#rules-game")).to_have_value("tyzicha")
        page.select_option("#rules-game", "bura")  # another game's rules, on the same page
        expect(page.locator("[data-testid=rules][data-game=bura]")).to_contain_text("бура")
        page.click("[data-testid=rules] a.button")  # back to the lobby
        page.wait_for_selector("#create")
    page.select_option("#game", "biriba")
    page.click("#how-to-play")
    expect(page.locator("#rules-preset")).to_be_visible()  # Biriba's rule sheets, preset by preset


def test_the_invitation_is_copied_the_title_says_whose_turn_and_disabled_buttons_say_why(
    new_device: NewDevice, server: RunningServer
) -> None:
    host, friend = new_device(), new_device()
    host.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    sign_in(host, server.url, "Maria")
    link = private_table(host, ["person", "greedy", "greedy"])
    host.click("#copy-invite")
    expect(host.locator("#copy-invite")).to_contain_text("Copied")
    assert host.evaluate("navigator.clipboard.readText()") == link

    follow_invitation(friend, link, "Yannis", 1)
    my_turn(friend)  # the seat after the dealer plays first
    expect(friend).to_have_title("● Your turn · Biriba")
    expect(host).to_have_title("Biriba · Μπιρίμπα")
    # The host's buttons wait, and say why; the friend must draw before melding or discarding.
    expect(host.locator("#draw")).to_be_disabled()
    expect(host.locator("#draw")).to_have_attribute("title", "Wait for your turn")
    expect(friend.locator("#discard")).to_be_disabled()
    expect(friend.locator("#discard")).to_have_attribute("title", "Draw a card or take the pile first")
    expect(friend.locator("[data-testid=guidance]")).to_have_text("Draw a card or take the pile first")
    friend.click("#draw")
    expect(friend.locator("#discard")).to_have_attribute("title", "Select the one card to discard")
    friend.locator(".my-hand [data-code]").first.click()
    expect(friend.locator("#discard")).to_be_enabled()
    friend.click("#discard")
    expect(friend).to_have_title("Biriba · Μπιρίμπα")


def play_to_breakdown(page: Page) -> list[str]:
    """Play the hinted moves until the hand ends; a hinted extension is played by Enter on the focused meld."""
    kinds = []
    while True:
        my_turn(page)
        if page.locator("[data-testid=breakdown]").count():
            return kinds
        page.click("#hint")
        kind = page.wait_for_selector("[data-testid=hint]").get_attribute("data-type") or ""
        if kind == "extend":
            cards = page.locator(".my-hand [data-code]").count()
            chosen = page.locator(".my-hand .selected").count()
            page.focus(".meld.hinted")
            page.keyboard.press("Enter")
            page.wait_for_selector("[data-testid=hint]", state="detached")
            # Deals online are random: an extension that lays the whole hand takes the 11-card biribaki at once.
            expect(page.locator(".my-hand [data-code]")).to_have_count(cards - chosen or 11)
            kinds.append("extend by Enter")
        else:
            play_shown_hint(page, kind)
            kinds.append(kind)


def test_a_finished_match_shows_the_winner_and_a_rematch_keeps_the_rules_and_bots(
    new_device: NewDevice, server: RunningServer
) -> None:
    page = new_device()
    sign_in(page, server.url, "Eleni")
    page.fill("#target", "50")
    first = create_table(page, ["greedy", "random", "greedy"])
    kinds: list[str] = []
    for _ in range(6):
        kinds += play_to_breakdown(page)
        if page.locator("[data-testid=winner]").count():
            break
        page.click("#next-hand")
        expect(page.locator("[data-testid=breakdown]")).to_have_count(0)
    breakdown = page.locator("[data-testid=breakdown]")
    expect(breakdown.locator("h3")).to_have_text("The match is over")
    expect(breakdown.locator("[data-testid=winner]")).to_contain_text("Winner: ")
    expect(page.locator("#next-hand")).to_have_count(0)
    page.click("#rematch")
    expect(page).not_to_have_url(re.compile(first))
    expect(page.locator("[data-testid=hand-number]")).to_have_text("Hand 1")
    seats = page.locator("[data-testid=seat]")
    expect(seats).to_have_count(4)
    for seat, level in ((1, "Easy"), (2, "Beginner"), (3, "Easy")):
        expect(page.locator(f"[data-testid=seat][data-seat='{seat}']")).to_contain_text(f"{level} {seat + 1}")
    expect(page.locator("[data-testid=seat].me")).to_have_attribute("data-seat", "0")
    assert "discard" in kinds
