"""Registered users: argon2 password hashes, login errors, getting back to a seat from another device,
the match history and its replays (a match record ``biriba replay`` accepts, and step-by-step frames)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
from argon2 import PasswordHasher
from sqlalchemy import text

from biriba.core.records import MatchRecord
from tests.server.conftest import Client, RunningServer, auth, create_table, http_get, http_post
from tests.server.test_play import play_by_hints

PASSWORD = "correct horse battery"


def register(url: str, username: str, password: str = PASSWORD, **extra: Any) -> httpx.Response:
    return http_post(f"{url}/api/users", json={"username": username, "password": password, **extra})


def login(url: str, username: str, password: str = PASSWORD) -> httpx.Response:
    return http_post(f"{url}/api/login", json={"username": username, "password": password})


def test_registering_stores_an_argon2_hash_and_never_the_password(server: RunningServer) -> None:
    created = register(server.url, "Eleni_K", name="Ελένη")
    assert created.status_code == 201, created.text
    assert created.json()["player"] == {"id": created.json()["player"]["id"], "name": "Ελένη", "username": "eleni_k"}
    with server.store.engine.connect() as connection:
        rows = list(connection.execute(text("SELECT login, password_hash FROM accounts")))
    assert [login for login, _ in rows] == ["eleni_k"]
    stored = rows[0][1]
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert PasswordHasher().verify(stored, PASSWORD)
    me = http_get(f"{server.url}/api/me", headers=auth(created.json()["token"])).json()
    assert me["player"]["username"] == "eleni_k" and me["player"]["name"] == "Ελένη"


def test_login_errors_name_the_problem_and_reveal_no_account(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    assert register(url, "nikos").status_code == 201
    assert register(url, "NIKOS").status_code == 409  # logins do not depend on case
    assert "username" in register(url, "n!").json()["detail"]
    assert "password" in register(url, "maria", password="short").json()["detail"]
    wrong, unknown = login(url, "nikos", "not the password"), login(url, "nobody")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json()["detail"] == unknown.json()["detail"] == "wrong username or password"
    assert login(url, "Nikos").status_code == 200
    with sqlite_server.store.engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM accounts")).scalar() == 1


def test_usernames_in_any_one_alphabet_with_a_display_name_of_their_own(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    created = register(url, "Ελένη_Π", name="Ελένη Παπαδοπούλου")
    assert created.status_code == 201, created.text
    assert created.json()["player"]["username"] == "ελένη_π"  # the login is known by its case-folded form
    assert created.json()["player"]["name"] == "Ελένη Παπαδοπούλου"  # shown at tables, distinct from the login
    assert register(url, "ΕΛΈΝΗ_Π").status_code == 409  # the same account whatever the case
    again = login(url, "ΕΛΈΝΗ_π")
    assert again.status_code == 200 and again.json()["player"]["name"] == "Ελένη Παπαδοπούλου"
    assert register(url, "Иван").status_code == 201  # Cyrillic too
    mixed = register(url, "аdmin")  # a Cyrillic а with Latin letters passes for "admin": refused
    assert mixed.status_code == 400 and "one alphabet" in mixed.json()["detail"]
    assert mixed.json()["key"] == "username-refused"  # the browser says it in its player's language
    spaced = register(url, "ελένη παπά")
    assert spaced.status_code == 400 and spaced.json()["key"] == "username-refused"


def test_a_guest_who_registers_keeps_their_seat(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    guest_token = http_post(f"{url}/api/guests", json={"name": "Kostas"}).json()["token"]
    table = create_table(url, guest_token)["table"]
    upgraded = http_post(
        f"{url}/api/users", json={"username": "kostas", "password": PASSWORD}, headers=auth(guest_token)
    )
    assert upgraded.status_code == 201 and upgraded.json()["player"]["name"] == "Kostas"
    token = login(url, "kostas").json()["token"]
    assert Client(url, table["id"]).hello(token)["seat"] == 0


def test_a_registered_user_gets_back_to_their_seat_from_a_second_device(server: RunningServer) -> None:
    first_token = register(server.url, "anna").json()["token"]
    table = create_table(server.url, first_token, seats=[None, "greedy", "greedy", "greedy"])["table"]
    laptop = Client(server.url, table["id"])
    first = laptop.hello(first_token)
    assert first["seat"] == 0
    state = laptop.state_where(lambda m: m["my_turn"])
    laptop.send({"type": "action", "seq": state["seq"], "action": {"seat": 0, "type": "draw"}})
    drawn = laptop.until(lambda m: m["type"] == "state" and m["seq"] == state["seq"] + 1)
    laptop.close()

    phone_token = login(server.url, "anna").json()["token"]  # another device: only the password
    phone = Client(server.url, table["id"])
    welcome = phone.hello(phone_token)
    assert welcome["seat"] == 0 and welcome["player"] == first["player"]
    resumed = phone.state()
    assert resumed["seq"] == drawn["seq"] and resumed["view"]["hand"] == drawn["view"]["hand"]
    assert resumed["my_turn"] and resumed["view"]["phase"] == drawn["view"]["phase"]


def test_history_lists_the_match_and_its_record_replays_to_the_same_scores(
    sqlite_server: RunningServer, tmp_path: Path
) -> None:
    url = sqlite_server.url
    token = register(url, "giorgos").json()["token"]
    table = create_table(url, token, players=2, seats=[None, "greedy"], target=50_000)["table"]
    assert http_get(f"{url}/api/tables/{table['id']}/record", headers=auth(token)).json()["hands"] == []
    nothing = http_get(f"{url}/api/tables/{table['id']}/replay", headers=auth(token))
    assert nothing.status_code == 400 and nothing.json()["key"] == "no-replay"  # no hand is over yet
    assert "no hand of the table has finished yet" in nothing.json()["detail"]
    client = Client(url, table["id"])
    client.hello(token)
    play_by_hints(client, lambda m: m["hand_over"])
    finished = client.state()

    history = http_get(f"{url}/api/me/history", headers=auth(token)).json()["matches"]
    assert [entry["table"]["id"] for entry in history] == [table["id"]]
    entry = history[0]
    assert entry["seat"] == 0 and entry["hands"] == 1 and entry["totals"] == finished["totals"]
    assert entry["winner"] is None and entry["won"] is None  # the match goes on to 50,000

    record = http_get(f"{url}/api/tables/{table['id']}/record", headers=auth(token)).json()
    assert MatchRecord.from_json(record).replay().totals == finished["totals"]
    saved = tmp_path / "match.json"
    saved.write_text(json.dumps(record))
    replayed = subprocess.run(
        [sys.executable, "-m", "biriba", "replay", str(saved), "--json"], capture_output=True, text=True, check=False
    )
    assert replayed.returncode == 0, replayed.stderr

    steps = len(record["hands"][0]["actions"])
    start = http_get(f"{url}/api/tables/{table['id']}/replay", params={"hand": 0, "step": 0}, headers=auth(token))
    frame = start.json()
    assert frame["steps"] == steps and frame["action"] is None and frame["score"] is None
    assert [len(cards) for cards in frame["hands_by_seat"]] == frame["view"]["hand_sizes"]
    end = http_get(f"{url}/api/tables/{table['id']}/replay", params={"hand": 0, "step": steps}, headers=auth(token))
    assert end.json()["score"]["seat_scores"] == finished["hand_result"]["seat_scores"]
    assert end.json()["action"] == record["hands"][0]["actions"][-1]
    beyond = http_get(f"{url}/api/tables/{table['id']}/replay", params={"hand": 1}, headers=auth(token))
    assert beyond.status_code == 400 and "no finished hand 1" in beyond.json()["detail"]
    assert beyond.json()["key"] == "replay-range"  # the browser says it in its player's language

    stranger = register(url, "stranger").json()["token"]
    assert http_get(f"{url}/api/tables/{table['id']}/record", headers=auth(stranger)).status_code == 403
    assert http_get(f"{url}/api/me/history", headers=auth(stranger)).json()["matches"] == []
