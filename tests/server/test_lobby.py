"""The lobby's HTTP API: guests, creating tables, listing them, joining a seat, private tables."""

from __future__ import annotations

from tests.server.conftest import Client, RunningServer, auth, create_table, guest, http_get, http_post


def test_a_guest_gets_a_token_that_names_them(sqlite_server: RunningServer) -> None:
    token = guest(sqlite_server.url, "  Γιώργος ")
    me = http_get(f"{sqlite_server.url}/api/me", headers=auth(token)).json()
    assert me["player"]["name"] == "Γιώργος"
    assert http_get(f"{sqlite_server.url}/api/me", headers=auth(token[:-2])).status_code == 401
    bad = http_post(f"{sqlite_server.url}/api/guests", json={"name": "<script>"})
    assert bad.status_code == 400 and "name" in bad.json()["detail"]


def test_creating_a_table_checks_the_rules_and_seats(sqlite_server: RunningServer) -> None:
    url, token = sqlite_server.url, guest(sqlite_server.url, "Host")
    post = lambda body: http_post(f"{url}/api/tables", json=body, headers=auth(token))  # noqa: E731
    assert "unknown preset" in post({"preset": "nosuch"}).json()["detail"]
    assert "unknown rule option" in post({"options": {"wings": True}}).json()["detail"]
    assert "one entry per seat" in post({"seats": [None, "greedy"]}).json()["detail"]
    assert "unknown bot level" in post({"seats": [None, "wizard", "greedy", "greedy"]}).json()["detail"]
    assert post({"seat": 1}).status_code == 400  # seat 1 holds a bot
    assert http_post(f"{url}/api/tables", json={}).status_code == 401
    created = post({"players": 3, "preset": "standard", "target": 1500, "seats": [None, None, "random"]})
    assert created.status_code == 201
    table = created.json()["table"]
    assert table["rules"]["target"] == 1500 and table["players"] == 3 and table["open_seats"] == 1
    assert table["seats"][0]["name"] == "Host"


def test_public_tables_are_listed_and_private_ones_need_their_invitation(sqlite_server: RunningServer) -> None:
    url, token = sqlite_server.url, guest(sqlite_server.url, "Host")
    public = create_table(url, token, seats=[None, None, "greedy", "greedy"])["table"]
    private = create_table(url, token, seats=[None, None, "greedy", "greedy"], private=True)
    listed = [t["id"] for t in http_get(f"{url}/api/tables").json()["tables"]]
    assert public["id"] in listed and private["table"]["id"] not in listed

    friend = guest(url, "Friend")
    table_id, invite = private["table"]["id"], private["invite"]
    assert http_get(f"{url}/api/tables/{table_id}").status_code == 403
    assert http_get(f"{url}/api/tables/{table_id}", params={"invite": invite}).status_code == 200
    assert http_post(f"{url}/api/tables/{table_id}/join", json={"seat": 1}, headers=auth(friend)).status_code == 403
    spy = Client(url, table_id)
    assert spy.hello(None)["code"] == "private"
    joined = http_post(f"{url}/api/tables/{table_id}/join", json={"seat": 1, "invite": invite}, headers=auth(friend))
    assert joined.status_code == 200 and joined.json()["table"]["seats"][1]["name"] == "Friend"
    # the friend is now seated: the token alone brings them back to the seat
    assert Client(url, table_id).hello(friend)["seat"] == 1

    other = guest(url, "Late")
    taken = http_post(f"{url}/api/tables/{public['id']}/join", json={"seat": 0}, headers=auth(other))
    assert taken.status_code == 409
    assert http_post(f"{url}/api/tables/{public['id']}/join", json={"seat": 2}, headers=auth(other)).status_code == 409
    ok = http_post(f"{url}/api/tables/{public['id']}/join", json={"seat": 1}, headers=auth(other))
    assert ok.status_code == 200
    assert http_post(f"{url}/api/tables/{public['id']}/join", json={"seat": 1}, headers=auth(other)).status_code == 409
    assert http_get(f"{url}/api/tables/nosuch").status_code == 404
