"""The browser client in Chromium: create a table, play a whole hand against bots by clicking, see an
illegal move refused; two players at one table; a reload mid-hand comes back to the same seat."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import NewDevice, sign_in
from tests.server.conftest import RunningServer


def create_table(page: Page, seats: list[str]) -> str:
    """Create a 4-player table from the lobby with ``seats`` (seat 2..4: a bot level or ``person``)."""
    for select, choice in zip(page.locator("[data-testid=seat-choice]").all(), seats, strict=True):
        select.select_option(choice)
    page.click("#create")
    page.wait_for_selector("[data-testid=table] [data-testid=seat]")
    return page.url.split("#/t/")[1]


def my_turn(page: Page) -> None:
    page.wait_for_selector("[data-testid=turn].mine, [data-testid=breakdown]")


def play_hinted_move(page: Page) -> str:
    """Ask for a hint and play it by clicking the control it points at; return the action's type."""
    page.click("#hint")
    kind = page.wait_for_selector("[data-testid=hint]").get_attribute("data-type") or ""
    play_shown_hint(page, kind)
    return kind


def play_shown_hint(page: Page, kind: str) -> None:
    """Play the hint on screen (of type ``kind``) by clicking the control it points at."""
    if kind == "meld":
        page.click("#meld")
    elif kind == "extend":
        page.click(".meld.hinted")
    elif kind == "draw":
        page.click("#draw-pile")
    elif kind == "choose_bonus_suit":
        page.locator("[data-testid=choose-suit]").first.click()
    else:
        page.click({"take_pile": "#take-pile", "pass": "#pass", "discard": "#discard", "redraw": "#redraw"}[kind])
    page.wait_for_selector("[data-testid=hint]", state="detached")


def test_create_a_table_and_play_a_whole_hand_against_bots(new_device: NewDevice, server: RunningServer) -> None:
    page = new_device()
    sign_in(page, server.url, "Eleni")
    create_table(page, ["greedy", "greedy", "greedy"])
    my_turn(page)
    expect(page.locator("[data-testid=seat] .seat-facts").first).to_contain_text(" cards · Team ")
    # an illegal move is refused with the rule that forbids it, and nothing changes
    page.click("#draw")
    expect(page.locator(".my-hand [data-code]")).to_have_count(12)
    page.locator(".my-hand [data-code]").first.click()
    page.click("#meld")  # one card is no meld
    error = page.wait_for_selector("[data-testid=error]")
    assert error.get_attribute("data-rule") == "meld-invalid"
    shown = error.inner_text()
    assert "Not allowed (Not a meld)" in shown and "a meld needs at least 3 cards, not 1" in shown
    assert page.locator(".my-hand [data-code]").count() == 12
    page.click("#clear")  # the player lets go of the refused meld, and of the refusal
    expect(page.locator("[data-testid=error]")).to_have_count(0)
    kinds = []
    while not page.locator("[data-testid=breakdown]").count():
        my_turn(page)
        if page.locator("[data-testid=breakdown]").count():
            break
        kinds.append(play_hinted_move(page))
    assert {"discard"} <= set(kinds) and len(kinds) > 5
    breakdown = page.locator("[data-testid=breakdown]")
    expect(breakdown).to_contain_text("melded")
    sheet = page.locator("[data-testid=score-sheet] tbody tr")
    expect(sheet).to_have_count(2)  # hand 1 and the total
    page.click("#next-hand")
    expect(page.locator("[data-testid=hand-number]")).to_have_text("Hand 2")


def test_two_players_at_one_table_see_each_others_moves(new_device: NewDevice, server: RunningServer) -> None:
    first, second = new_device(), new_device()
    sign_in(first, server.url, "Anna")
    table_id = create_table(first, ["person", "greedy", "greedy"])
    sign_in(second, server.url, "Kostas")
    second.click("text=Refresh")
    second.locator(f"[data-table='{table_id}'] button", has_text="Sit here").click()
    second.wait_for_selector("[data-testid=turn].mine")  # seat 2 plays first
    expect(first.locator("[data-testid=seat][data-seat='1']")).to_contain_text("Kostas")
    second.click("#draw")
    expect(first.locator("[data-testid=last-action]")).to_contain_text("Kostas: draw")
    expect(first.locator("[data-testid=seat][data-seat='1']")).to_contain_text("12")
    while play_hinted_move(second) != "discard":  # Kostas ends his turn; the bots play; then it is Anna's turn
        pass
    first.wait_for_selector("[data-testid=turn].mine")
    first.click("#draw")
    expect(second.locator("[data-testid=last-action]")).to_contain_text("Anna: draw")


def test_a_reload_mid_hand_comes_back_to_the_same_seat(new_device: NewDevice, server: RunningServer) -> None:
    page = new_device()
    sign_in(page, server.url, "Dimitra")
    create_table(page, ["random", "random", "random"])
    my_turn(page)
    page.click("#draw")
    expect(page.locator(".my-hand [data-code]")).to_have_count(12)
    hand = sorted(page.locator(".my-hand [data-code]").evaluate_all("cards => cards.map(c => c.dataset.code)"))
    page.reload()
    expect(page.locator("[data-testid=seat].me")).to_have_attribute("data-seat", "0")
    expect(page.locator(".my-hand [data-code]")).to_have_count(12)
    again = sorted(page.locator(".my-hand [data-code]").evaluate_all("cards => cards.map(c => c.dataset.code)"))
    assert again == hand
    expect(page.locator("#discard")).to_be_visible()
    expect(page.locator("[data-testid=turn]")).to_have_class("mine")


ENGLISH_GAME_WORDS = (
    "Draw", "Discard", "Meld", "Pass", "Hint", "pile", "Bonus", "Team", "Hand", "Score", "Total", "Not allowed",
    "Waiting", "cards", "clean", "dirty", "biribaki", "Easy", "Player", "your turn", "run", "set",
)  # fmt: skip


def test_a_greek_table_says_everything_in_greek(server: RunningServer, new_device: NewDevice) -> None:
    """In Greek, the table, an illegal move's refusal, a hint and the last move speak Greek: no English
    word of the game is left on the page."""
    page = new_device()
    page.goto(server.url)
    page.click("#language")  # English -> Ελληνικά
    sign_in(page, server.url, "Ελένη")
    create_table(page, ["greedy", "greedy", "greedy"])
    my_turn(page)
    page.click("#draw")
    expect(page.locator(".my-hand [data-code]")).to_have_count(12)
    page.locator(".my-hand [data-code]").first.click()
    page.click("#meld")
    error = page.wait_for_selector("[data-testid=error]")
    assert "Δεν επιτρέπεται (Δεν είναι συνδυασμός)" in error.inner_text()
    page.click("#hint")  # a hint: the refusal no longer holds
    hint = page.wait_for_selector("[data-testid=hint]").inner_text()
    expect(page.locator("[data-testid=error]")).to_have_count(0)
    assert any(word in hint for word in ("Πετάξτε", "Κατεβάστε", "Προσθέστε")), hint
    text = page.locator("[data-testid=table]").inner_text()
    assert "Κόζι" in text or "κόζι" in text.lower() or "Σειρά σας" in text
    for word in ENGLISH_GAME_WORDS:
        assert word not in text, f"English {word!r} on the Greek table:\n{text}"


def test_a_click_or_key_that_cannot_play_says_why(new_device: NewDevice, server: RunningServer) -> None:
    """Cards selected and an opponent's meld clicked, or two cards and the discard key: nothing is played,
    and the line under the actions says why; the next selection clears it."""
    page = new_device()
    sign_in(page, server.url, "Eleni")
    create_table(page, ["greedy", "greedy", "greedy"])
    theirs = page.locator("[data-testid=meld][data-team='1']")
    for _ in range(60):  # hinted moves until, in the play phase of a turn, the other team has a meld
        my_turn(page)
        assert not page.locator("[data-testid=breakdown]").count(), "no meld of the other team in the hand"
        if page.locator("#draw").is_disabled() and theirs.count():
            break  # drawn: the play phase
        play_hinted_move(page)
    cards = page.locator("[data-testid=hand] [data-code]")
    before = cards.count()
    cards.nth(0).click()
    theirs.first.click()
    expect(page.locator("[data-testid=misstep]")).to_contain_text("That meld is the other team's")
    cards.nth(1).click()  # a new selection: the reason goes
    expect(page.locator("[data-testid=misstep]")).to_have_count(0)
    page.keyboard.press("x")  # two cards selected: no discard
    expect(page.locator("[data-testid=misstep]")).to_contain_text("Select the one card to discard")
    page.click("#clear")
    expect(page.locator("[data-testid=misstep]")).to_have_count(0)
    cards.nth(0).click()
    cards.nth(1).click()
    page.click("#discard")  # the button too (a phone shows no tooltip): it answers, and says why
    expect(page.locator("[data-testid=misstep]")).to_contain_text("Select the one card to discard")
    assert cards.count() == before


def test_three_players_alone_are_named_not_numbered_as_teams(new_device: NewDevice, server: RunningServer) -> None:
    """At three players each plays alone: the melds are the player's, named as the seat is, and a seat
    tells no team."""
    page = new_device()
    sign_in(page, server.url, "Eleni")
    page.select_option("#players", "3")
    create_table(page, ["greedy", "greedy"])
    headings = page.locator(".team-melds h3")
    expect(headings).to_have_count(3)
    expect(headings).to_have_text(["Melds · Eleni", "Melds · Easy 2", "Melds · Easy 3"])  # seats 1, 2, 3
    expect(page.locator("[data-testid=seat] .seat-facts").first).not_to_contain_text("Team")
