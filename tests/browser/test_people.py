"""The people at an online table, in Chromium: the new table form waits for the games offered, an
invitation seats a friend, the host turns an open seat into a bot before the first move, a guest becomes
a registered user and keeps the seat, and the seat of a player who left goes to a bot and comes back to
them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import NewDevice, sign_in
from tests.browser.test_table import create_table
from tests.server.conftest import RunningServer, sqlite_settings


@pytest.fixture
def quick_server(tmp_path: Path) -> Iterator[RunningServer]:
    """People away for a second may be replaced by a bot."""
    with RunningServer(sqlite_settings(tmp_path, stand_in_after=1.0)) as running:
        yield running


def private_table(page: Page, seats: list[str]) -> str:
    """Create a private 4-player table with ``seats`` (seats 2..4); return its invitation link."""
    for select, choice in zip(page.locator("[data-testid=seat-choice]").all(), seats, strict=True):
        select.select_option(choice)
    page.check("#private")
    page.click("#create")
    expect(page.locator("[data-testid=invite]")).to_be_visible()
    expect(page.locator("[data-testid=seat].current")).to_have_count(0)  # nobody's turn until all are seated
    return page.url


def follow_invitation(page: Page, link: str, name: str, seat: int) -> None:
    """A friend follows the invitation link, which says so, enters as a guest and is seated at once in
    ``seat``, the table's first open seat."""
    page.goto(link)
    expect(page.locator("[data-testid=invited]")).to_contain_text("You are invited to a table")
    page.fill("#name", name)
    page.click("#enter")
    expect(page.locator("[data-testid=seat].me")).to_have_attribute("data-seat", str(seat))
    expect(page.locator("[data-testid=sit]")).to_have_count(0)  # a seated player is offered no other seat


def test_an_invitation_seats_the_friend_and_the_host_fills_the_rest_with_bots(
    new_device: NewDevice, server: RunningServer
) -> None:
    host, friend = new_device(), new_device()
    sign_in(host, server.url, "Maria")
    link = private_table(host, ["person", "person", "greedy"])
    expect(host.locator("[data-testid=turn]")).to_contain_text("Waiting for players")
    # The friend follows the link, enters as a guest and sits down.
    follow_invitation(friend, link, "Yannis", 1)
    expect(host.locator("[data-testid=seat][data-seat='1']")).to_contain_text("Yannis")
    # The host gives the last open seat to a bot: every seat is taken, the game begins.
    host.locator("[data-testid=seat][data-seat='2'] [data-testid=seat-choice]").select_option("heuristic")
    expect(host.locator("[data-testid=seat][data-seat='2']")).to_contain_text("3")
    expect(host.locator("[data-testid=turn]")).not_to_contain_text("Waiting for players")
    expect(friend.locator("[data-testid=turn]")).to_have_class("mine")  # seat 2 plays first
    # They talk at the table.
    host.fill("#chat-text", "Welcome, draw a good one!")
    host.press("#chat-text", "Enter")
    expect(friend.locator("[data-testid=chat]")).to_contain_text("Maria: Welcome, draw a good one!")


def test_a_guest_becomes_a_registered_user_and_keeps_the_seat(new_device: NewDevice, server: RunningServer) -> None:
    page = new_device()
    sign_in(page, server.url, "Sofia")
    page.click("#create")
    page.wait_for_selector("[data-testid=table] [data-testid=seat].me")
    table_url = page.url
    # Logging out as a guest warns first; declining keeps the player signed in.
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#logout")
    expect(page.locator("#logout")).to_be_visible()
    page.click("#keep-seats")
    page.fill("#username", "sofia")
    page.fill("#password", "a long enough passphrase 42")
    page.click("#enter")
    expect(page.locator("#keep-seats")).to_have_count(0)
    page.goto(table_url)
    expect(page.locator("[data-testid=seat].me")).to_have_attribute("data-seat", "0")
    # On another device, logging in as the user finds the same seat.
    other = new_device()
    other.goto(server.url)
    other.check("#mode-login")
    other.fill("#username", "sofia")
    other.fill("#password", "a long enough passphrase 42")
    other.click("#enter")
    other.goto(table_url)
    expect(other.locator("[data-testid=seat].me")).to_have_attribute("data-seat", "0")


def test_the_seat_of_a_player_who_left_goes_to_a_bot_and_back(
    new_device: NewDevice, quick_server: RunningServer
) -> None:
    host, friend = new_device(), new_device()
    sign_in(host, quick_server.url, "Petros")
    link = private_table(host, ["person", "greedy", "greedy"])
    follow_invitation(friend, link, "Ioanna", 1)
    friend.goto("about:blank")  # Ioanna leaves: it is her turn, the table waits for her
    seat = host.locator("[data-testid=seat][data-seat='1']")
    expect(seat).to_contain_text("away")
    seat.locator("[data-testid=stand-in-button]").click()
    expect(seat.locator("[data-testid=stand-in]")).to_be_visible()
    expect(host.locator("[data-testid=move-log]")).to_contain_text("Ioanna")  # the bot plays her turns
    friend.goto(link)
    expect(friend.locator("[data-testid=seat].me")).to_have_attribute("data-seat", "1")
    expect(seat.locator("[data-testid=stand-in]")).to_have_count(0)
    # Back, she reads what the bot played for her, and puts the note away.
    report = friend.locator("[data-testid=stood-in]")
    expect(report).to_contain_text("While you were away, a bot (Medium) played for you.")
    expect(report.locator("li").first).to_contain_text("Ioanna")
    report.locator("[data-testid=stood-in-close]").click()
    expect(report).to_have_count(0)


def test_a_player_back_in_the_lobby_finds_the_way_to_the_seat(new_device: NewDevice, server: RunningServer) -> None:
    """The lobby lists the player's own tables in play, each with a link back to the seat; on a phone
    "My games" lists them within the screen."""
    page = new_device()
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, server.url, "Petros")
    expect(page.locator("[data-testid=my-tables]")).to_have_count(0)  # none yet
    table_id = create_table(page, ["greedy", "greedy", "greedy"])
    page.goto(server.url)  # back to the lobby, mid-hand
    mine = page.locator("[data-testid=my-table]")
    expect(mine).to_have_count(1)
    assert mine.get_attribute("data-table") == table_id
    page.goto(f"{server.url}/#/history")
    expect(page.locator("#history")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"My games is {width} px wide on a 390 px phone"
    page.goto(server.url)
    page.locator("[data-testid=back-to-seat]").click()
    expect(page.locator("[data-testid=seat].me")).to_have_attribute("data-seat", "0")


def test_the_new_table_form_waits_for_the_games_the_server_offers(new_device: NewDevice, server: RunningServer) -> None:
    # The form's seats are reset when the offer of games comes: a choice made before it would be lost, and
    # the table created with bots where the host asked for a person. So the form waits for the offer.
    page = new_device()
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/api/presets", hold)
    page.goto(server.url)
    page.fill("#name", "Petros")
    page.click("#enter")
    for _ in range(200):  # the lobby asks for the offer as it opens
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the lobby should have asked for the offer of games"
    expect(page.locator("#create")).to_have_count(0)
    expect(page.locator("[data-testid=seat-choice]")).to_have_count(0)
    held[0].continue_()
    page.wait_for_selector("#create")
    link = private_table(page, ["person", "greedy", "greedy"])
    assert "invite=" in link


def test_each_friend_invited_takes_the_next_open_seat_and_a_full_table_says_so(
    new_device: NewDevice, server: RunningServer
) -> None:
    host = new_device()
    sign_in(host, server.url, "Maria")
    link = private_table(host, ["person", "person", "greedy"])
    follow_invitation(new_device(), link, "Yannis", 1)
    follow_invitation(new_device(), link, "Eleni", 2)
    expect(host.locator("[data-testid=turn]")).not_to_contain_text("Waiting for players")
    # Someone late, whose browser prefers Greek: the page speaks Greek, and says why they only watch.
    late = new_device(locale="el-GR")
    late.goto(link)
    expect(late.locator("[data-testid=invited]")).to_contain_text("Σας προσκάλεσαν σε ένα τραπέζι")
    late.fill("#name", "Kostas")
    late.click("#enter")
    expect(late.locator("[data-testid=invitation-full]")).to_contain_text("Όλες οι θέσεις")
    expect(late.locator("[data-testid=seat].me")).to_have_count(0)
    expect(late.locator("[data-testid=seat][data-seat='2']")).to_contain_text("Eleni")
