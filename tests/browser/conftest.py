"""Fixtures of the browser tests: the server on a loopback port and the system's Chromium, driven by
Playwright. Without Chromium at /usr/bin/chromium the tests skip, except in CI, where they fail."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from biriba.server.app import STATIC
from tests.server.conftest import WAIT, RunningServer, sqlite_settings

WAIT_MS = int(WAIT * 1000)
"""Every wait of Playwright (an action's wait for its element, a navigation, ``expect``) may last this
long: it only bounds a hang on a busy CI machine. Playwright's own defaults (30 s, and 5 s for
``expect``) are too tight there; tests wait on conditions, never for a fixed time."""

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{CHROMIUM} is missing: CI installs Debian's chromium (.ci/run)")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    assert (STATIC / "index.html").is_file(), "the browser client is not built: cd web && npm ci && npm run build"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(autouse=True)
def generous_expect() -> Iterator[None]:
    expect.set_options(timeout=WAIT_MS)
    yield


NewDevice = Callable[..., Page]
"""The type of the ``new_device`` fixture: called with no argument, or with the browser's ``locale``."""


@pytest.fixture
def new_device(browser: Browser) -> Iterator[NewDevice]:
    """Opens a page in a fresh browser context (a device of its own: no cookies, no local storage;
    English unless another ``locale`` is asked) with the generous waits; every context is closed at the
    end of the test, passed or failed."""
    contexts: list[BrowserContext] = []

    def open_page(locale: str = "en-US") -> Page:
        # The browser's language, fixed: the site first speaks the language the browser prefers.
        context = browser.new_context(locale=locale)
        context.set_default_timeout(WAIT_MS)
        context.set_default_navigation_timeout(WAIT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RunningServer]:
    with RunningServer(sqlite_settings(tmp_path)) as running:
        yield running


def sign_in(page: Page, url: str, name: str) -> None:
    """Open the client and enter as a guest."""
    page.goto(url)
    page.fill("#name", name)
    page.click("#enter")
    page.wait_for_selector("#create")
