"""A registered user in the browser: register, log in on a second "device" (a fresh browser context),
see the match history and step through a finished hand's replay."""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import NewDevice, sign_in
from tests.server.conftest import Client, RunningServer, create_table, http_get
from tests.server.test_play import play_by_hints


def test_my_games_names_a_bot_by_its_level_as_the_table_does(new_device: NewDevice, server: RunningServer) -> None:
    page = new_device()
    sign_in(page, server.url, "Sasha")
    page.select_option("#game", "bura")
    page.locator("[data-testid=seat-choice]").select_option("search")
    page.click("#create")
    expect(page.locator("[data-testid=seat][data-seat='1'] .seat-name")).to_have_text("Hard 2")
    table_id = page.url.split("#/t/")[1]
    page.click("#history-link")
    expect(page.locator("#history thead th")).to_have_text(
        ["Started", "Game", "Players", "Hands played", "Totals", "Result", "", ""]
    )
    row = page.locator("#history tbody tr").first
    expect(row).to_contain_text("Sasha, Hard 2")  # not "Sasha, search"
    expect(row.locator("[data-testid=history-back-to-seat]")).to_have_text("Back to your seat")
    expect(row.locator("[data-testid=replay-link]")).to_have_count(0)  # no hand is over: nothing to replay
    page.goto(f"{server.url}/#/replay/{table_id}")  # an address kept from before says why, in words
    expect(page.locator(".error")).to_have_text(
        "No hand of this table has finished yet: the replay shows finished hands."
    )


def test_register_then_log_in_elsewhere_and_replay_a_finished_hand(
    new_device: NewDevice, server: RunningServer
) -> None:
    page = new_device()
    page.goto(server.url)
    page.check("#mode-register")
    page.fill("#username", "marina")
    page.fill("#password", "a long enough password")
    page.click("#enter")
    page.wait_for_selector("#create")
    token = page.evaluate("localStorage.getItem('biriba.token')")
    page.context.close()

    # a hand played to its end at this user's table (by hints, over the WebSocket)
    table = create_table(server.url, token, players=2, seats=[None, "greedy"], target=50_000)["table"]
    client = Client(server.url, table["id"])
    client.hello(token)
    play_by_hints(client, lambda m: m["hand_over"])
    client.close()
    record = http_get(f"{server.url}/api/tables/{table['id']}/record", headers={"Authorization": f"Bearer {token}"})
    first_action = record.json()["hands"][0]["actions"][0]

    page = new_device()  # another device: nothing stored, only the password
    page.goto(server.url)
    page.check("#mode-login")
    page.fill("#username", "Marina")
    page.fill("#password", "a long enough password")
    page.click("#enter")
    page.click("#history-link")
    rows = page.locator("#history tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("1 hand")
    rows.first.locator("[data-testid=replay-link]").click()
    expect(page.locator("#step")).to_contain_text("Step 0 /")
    for name in ("Previous hand", "Previous move", "Play the moves one by one", "Next hand"):
        expect(page.get_by_role("button", name=name)).to_have_count(1)  # each icon says what it does
    page.get_by_role("button", name="Next move").click()
    expect(page.locator("#step")).to_contain_text("Step 1 /")
    moves = {"draw": "draw", "take_pile": "take the discard pile", "choose_bonus_suit": "bonus suit"}
    move = moves[first_action["type"]]
    expect(page.locator("#replay-action")).to_contain_text(f": {move}")
    expect(page.locator(".replay-hand")).to_have_count(2)
    # The slider and the keys move through the hand; the score is one click away.
    steps = int(page.locator("#replay-slider").get_attribute("max") or 0)
    assert steps > 2
    page.locator("#replay-slider").fill("2")
    expect(page.locator("#step")).to_contain_text(f"Step 2 / {steps}")
    page.locator("body").press("ArrowRight")
    expect(page.locator("#step")).to_contain_text(f"Step 3 / {steps}")
    step_back_twice_with_the_replies_out_of_order(page, steps)
    page.click("#to-score")
    expect(page.locator("#step")).to_contain_text(f"Step {steps} / {steps}")
    expect(page.locator(".replay")).to_contain_text("Score")


def step_back_twice_with_the_replies_out_of_order(page: Page, steps: int) -> None:
    """From step 3, two quick steps back whose replies arrive out of order: the frame asked for last stays."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(lambda url: url.endswith("&step=2"), hold)
    page.locator("body").press("ArrowLeft")  # asks for step 2, whose reply is held back
    page.locator("body").press("ArrowLeft")  # asks for step 1
    expect(page.locator("#step")).to_contain_text(f"Step 1 / {steps}")
    assert len(held) == 1
    with page.expect_response(lambda response: response.url.endswith("&step=2")):
        held[0].continue_()
    page.wait_for_timeout(300)  # time for the stale reply to be read, which must change nothing
    expect(page.locator("#step")).to_contain_text(f"Step 1 / {steps}", timeout=1000)
    page.unroute_all()
