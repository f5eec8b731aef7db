"""Passwords and logins against a flood: at most a few argon2 hashes at a time whatever the number of
logins arriving (each holds 64 MiB while it runs), logins and guests limited per address and per
account, and passwords that are easy to guess refused."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher

from tests.server.conftest import WAIT, RunningServer, http_post, sqlite_settings
from tests.server.test_accounts import PASSWORD, login, register

FLOOD = 40


class Concurrency:
    """Counts the argon2 verifications running at the same moment (the test instruments the library)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.running = 0
        self.peak = 0

    def wrap(self, verify: Any) -> Any:
        def counted(hasher: PasswordHasher, *args: Any, **kwargs: Any) -> Any:
            with self._lock:
                self.running += 1
                self.peak = max(self.peak, self.running)
            try:
                return verify(hasher, *args, **kwargs)
            finally:
                with self._lock:
                    self.running -= 1

        return counted


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Concurrency]:
    concurrency = Concurrency()
    monkeypatch.setattr(PasswordHasher, "verify", concurrency.wrap(PasswordHasher.verify))
    yield concurrency


def test_a_login_flood_hashes_at_most_a_few_passwords_at_once(tmp_path: Path, counted: Concurrency) -> None:
    settings = sqlite_settings(tmp_path, hashes_at_once=2, logins_rate="1000/minute")
    with RunningServer(settings) as server:
        assert register(server.url, "eleni").status_code == 201
        start = threading.Barrier(FLOOD)

        def wrong_login(_: int) -> int:
            with httpx.Client(timeout=WAIT) as client:
                start.wait(timeout=WAIT)
                body = {"username": "eleni", "password": "not the password at all"}
                return client.post(f"{server.url}/api/login", json=body).status_code

        with ThreadPoolExecutor(FLOOD) as pool:
            codes = list(pool.map(wrong_login, range(FLOOD)))
        assert codes == [401] * FLOOD
        assert 1 <= counted.peak <= 2  # forty at once, two hashed at a time
        assert login(server.url, "eleni").status_code == 200


def test_a_login_flood_beyond_the_queue_is_told_to_come_back(tmp_path: Path, counted: Concurrency) -> None:
    settings = sqlite_settings(tmp_path, hashes_at_once=1, hashes_waiting=0, logins_rate="1000/minute")
    with RunningServer(settings) as server:
        assert register(server.url, "nikos").status_code == 201
        start = threading.Barrier(FLOOD)

        def wrong_login(_: int) -> httpx.Response:
            with httpx.Client(timeout=WAIT) as client:
                start.wait(timeout=WAIT)
                return client.post(f"{server.url}/api/login", json={"username": "nikos", "password": "x" * 12})

        with ThreadPoolExecutor(FLOOD) as pool:
            answers = list(pool.map(wrong_login, range(FLOOD)))
        busy = [a for a in answers if a.status_code == 503]
        assert {a.status_code for a in answers} <= {401, 503} and busy
        assert busy[0].headers["Retry-After"] and "try again" in busy[0].json()["detail"]
        assert counted.peak == 1


def from_address(address: str) -> dict[str, str]:
    """The test server trusts its loopback proxy: this header names the client's address."""
    return {"X-Forwarded-For": address}


def test_logins_are_limited_per_address_and_per_account(tmp_path: Path) -> None:
    with RunningServer(sqlite_settings(tmp_path, logins_rate="3/minute")) as server:
        url = server.url

        def try_login(username: str, password: str, address: str) -> httpx.Response:
            body = {"username": username, "password": password}
            return http_post(f"{url}/api/login", json=body, headers=from_address(address))

        assert register(url, "maria").status_code == 201
        tries = [try_login("maria", "wrong guess", "10.0.0.1") for _ in range(4)]
        assert [t.status_code for t in tries] == [401, 401, 401, 429]
        assert tries[-1].headers["Retry-After"] and "try again" in tries[-1].json()["detail"]
        # the account has had its three tries: from another address too, even with the password
        assert try_login("maria", PASSWORD, "10.0.0.2").status_code == 429
        # and another account, from another address, is not held up
        assert try_login("nobody", "a guess", "10.0.0.3").status_code == 401


def test_guests_are_limited_per_address(tmp_path: Path) -> None:
    with RunningServer(sqlite_settings(tmp_path, guests_rate="2/minute")) as server:
        made = [
            http_post(f"{server.url}/api/guests", json={"name": "G"}, headers=from_address("10.1.0.1"))
            for _ in range(3)
        ]
        assert [m.status_code for m in made] == [200, 200, 429]
        other = http_post(f"{server.url}/api/guests", json={"name": "G"}, headers=from_address("10.1.0.2"))
        assert other.status_code == 200


@pytest.mark.parametrize("password", ["password", "12345678", "iloveyou1", "aaaaaaaaaaaa", "qwertyuiop", "petros2024"])
def test_a_password_easy_to_guess_is_refused(sqlite_server: RunningServer, password: str) -> None:
    refused = register(sqlite_server.url, "petros", password=password)
    assert refused.status_code == 400 and "too easy to guess" in refused.json()["detail"]
    assert register(sqlite_server.url, "petros", password="a biriba of clean hearts").status_code == 201
