"""Tokens: each stands for a session that expires and can be revoked (logging out, or a guest who
registers); tokens handed out before sessions existed keep working (and can be revoked). Names show
whether a player is registered."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from itsdangerous import URLSafeSerializer

from tests.server.conftest import (
    Client,
    RunningServer,
    auth,
    create_table,
    guest,
    http_get,
    http_post,
    sqlite_at_revision,
    sqlite_settings,
)
from tests.server.test_accounts import PASSWORD, login, register


def me(url: str, token: str) -> tuple[int, str]:
    answer = http_get(f"{url}/api/me", headers=auth(token))
    return answer.status_code, str(answer.json().get("detail", ""))


def test_a_token_expires(tmp_path: Path) -> None:
    with RunningServer(sqlite_settings(tmp_path, token_days=0)) as server:
        token = guest(server.url, "Brief")
        assert me(server.url, token) == (401, "the token has expired: log in again, or play as a new guest")
        table = http_post(f"{server.url}/api/tables", json={}, headers=auth(token))
        assert table.status_code == 401


def test_logging_out_revokes_the_token_on_the_server(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    laptop = register(url, "eleni").json()["token"]
    phone = login(url, "eleni").json()["token"]
    table_id = create_table(url, laptop)["table"]["id"]
    assert http_post(f"{url}/api/logout", headers=auth(laptop)).status_code == 200
    status, detail = me(url, laptop)
    assert status == 401 and "revoked" in detail
    refused = Client(url, table_id).hello(laptop)
    assert refused["code"] == "bad_token" and "revoked" in refused["message"]
    assert me(url, phone)[0] == 200  # the other device's token stays
    assert Client(url, table_id).hello(phone)["seat"] == 0


def test_a_guest_who_registers_gets_a_new_token_and_the_old_one_stops(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    guest_token = guest(url, "Kostas")
    table_id = create_table(url, guest_token)["table"]["id"]
    registered = http_post(
        f"{url}/api/users", json={"username": "kostas", "password": PASSWORD}, headers=auth(guest_token)
    )
    assert registered.status_code == 201
    token = registered.json()["token"]
    assert token != guest_token and me(url, guest_token)[0] == 401
    assert me(url, token)[0] == 200
    assert Client(url, table_id).hello(token)["seat"] == 0


def test_names_show_who_is_registered(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    user = register(url, "anna", name="Anna").json()["token"]
    impostor = guest(url, "Anna")  # a guest may take any name, and is shown as a guest
    table = create_table(url, user, seats=[None, None, "greedy", "greedy"])["table"]
    joined = http_post(f"{url}/api/tables/{table['id']}/join", json={"seat": 1}, headers=auth(impostor))
    seats = joined.json()["table"]["seats"]
    assert [(s["name"], s["registered"]) for s in seats[:2]] == [("Anna", True), ("Anna", False)]
    client = Client(url, table["id"])
    client.hello(user)
    assert [s["registered"] for s in client.state()["seats"]] == [True, False, False, False]


def test_a_token_from_before_sessions_still_works_and_can_be_revoked(tmp_path: Path) -> None:
    database = tmp_path / "biriba.sqlite3"
    sqlite_at_revision(database, "0005")
    with sqlite3.connect(database) as db:
        db.execute("INSERT INTO players VALUES ('p-old', 'Old', 0)")
        db.execute("INSERT INTO secrets VALUES ('player-tokens', 'an old secret')")
    old_token = URLSafeSerializer("an old secret", salt="biriba-player").dumps({"id": "p-old"})
    with RunningServer(sqlite_settings(tmp_path)) as server:
        assert http_get(f"{server.url}/api/me", headers=auth(old_token)).json()["player"]["id"] == "p-old"
        assert http_post(f"{server.url}/api/logout", headers=auth(old_token)).status_code == 200
        assert me(server.url, old_token)[0] == 401
