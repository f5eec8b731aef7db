"""Who plays each seat, as a real evening needs it: the host turns open seats into bots (or back) before
the first move, the others hand an absent person's seat to a bot after a grace period and the person
takes it back on return, and a table its people all left is closed with its record kept. Real servers
and WebSockets, on SQLite and PostgreSQL."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from biriba.server.settings import Settings
from tests.server.conftest import (
    FAST,
    WAIT,
    Client,
    RunningServer,
    auth,
    create_table,
    guest,
    http_get,
    http_post,
    postgres_database,
    sqlite_settings,
)


@pytest.fixture(params=["sqlite", "postgresql"])
def quick_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[RunningServer]:
    """A server whose people may be replaced after 0.3 s away, and whose deserted tables close after 1 s."""
    overrides = {"stand_in_after": 0.3, "close_after": 1.0}
    if request.param == "postgresql":
        with postgres_database() as url:
            settings = dataclasses.replace(Settings(database_url=url), **{**FAST, **overrides})
            with RunningServer(settings) as running:
                yield running
    else:
        with RunningServer(sqlite_settings(tmp_path, **overrides)) as running:
            yield running


def _eventually(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)


def test_the_host_turns_an_open_seat_into_a_bot_and_back_before_the_first_move(quick_server: RunningServer) -> None:
    url = quick_server.url
    host = guest(url, "Host")
    table = create_table(url, host, players=4, seat=0, seats=[None, None, "greedy", "greedy"], turn_seconds=None)
    seats_url = f"{url}/api/tables/{table['table']['id']}/seats"
    # A seat always stays open here: the table keeps waiting, so the host may go on changing seats.
    back = http_post(f"{seats_url}/2", json={"bot": None}, headers=auth(host))
    assert back.status_code == 200, back.text
    assert back.json()["table"]["seats"][2]["open"] is True
    made = http_post(f"{seats_url}/1", json={"bot": "heuristic"}, headers=auth(host))
    assert made.status_code == 200, made.text
    assert made.json()["table"]["seats"][1]["bot"] == "heuristic"
    # Not the host: refused, nothing changes.
    other = guest(url, "Other")
    refused = http_post(f"{seats_url}/3", json={"bot": None}, headers=auth(other))
    assert refused.status_code == 403 and refused.json()["key"] == "not-host"
    # A person's seat is not the host's to give away; an unknown level is refused.
    assert http_post(f"{seats_url}/0", json={"bot": "greedy"}, headers=auth(host)).status_code == 409
    assert http_post(f"{seats_url}/2", json={"bot": "genius"}, headers=auth(host)).status_code == 400
    seats = http_get(f"{url}/api/tables/{table['table']['id']}").json()["table"]["seats"]
    assert [s["bot"] for s in seats] == [None, "heuristic", None, "greedy"]


def test_seats_no_longer_change_once_the_game_has_begun(quick_server: RunningServer) -> None:
    url = quick_server.url
    host = guest(url, "Host")
    table_id = create_table(url, host, players=2, seat=0, seats=[None, None])["table"]["id"]
    http_post(f"{url}/api/tables/{table_id}/seats/1", json={"bot": "greedy"}, headers=auth(host))
    client = Client(url, table_id)
    client.hello(host)
    first = client.state_where(lambda s: True)
    seat = 0
    if first["my_turn"]:
        client.send({"type": "action", "seq": first["seq"], "action": {"type": "draw", "seat": seat}})
    client.state_where(lambda s: s["started"])
    refused = http_post(f"{url}/api/tables/{table_id}/seats/1", json={"bot": None}, headers=auth(host))
    assert refused.status_code == 409 and refused.json()["key"] == "table-started"
    client.close()


def test_an_absent_players_seat_goes_to_a_bot_and_back_when_they_return(quick_server: RunningServer) -> None:
    url = quick_server.url
    host, friend = guest(url, "Host"), guest(url, "Friend")
    table_id = create_table(url, host, players=2, seat=0, seats=[None, None])["table"]["id"]
    assert http_post(f"{url}/api/tables/{table_id}/join", json={"seat": 1}, headers=auth(friend)).status_code == 200
    host_client = Client(url, table_id)
    host_client.hello(host)
    # Only a player of the table may hand a seat to a bot.
    outsider = guest(url, "Outsider")
    assert http_post(f"{url}/api/tables/{table_id}/seats/1/stand-in", headers=auth(outsider)).status_code == 403
    # Nor is a person who is here replaced.
    here = http_post(f"{url}/api/tables/{table_id}/seats/0/stand-in", headers=auth(friend))
    assert here.status_code == 409 and "is here" in here.json()["detail"]

    def handed() -> bool:
        response = http_post(f"{url}/api/tables/{table_id}/seats/1/stand-in", headers=auth(host))
        return response.status_code == 200

    _eventually(handed, "the absent friend's seat handed to a bot after the grace period")
    standing = host_client.state_where(lambda s: s["seats"][1]["stand_in"] is not None)
    assert standing["seats"][1]["stand_in"] == "heuristic"
    # The stand-in plays: the game passes seat 1's turns without the friend.
    moved = host_client.state_where(lambda s: any(m["seat"] == 1 for m in s["moves"]) or s["hand_number"] > 1)
    assert moved
    # The friend comes back: the seat is theirs again.
    friend_client = Client(url, table_id)
    assert friend_client.hello(friend)["seat"] == 1
    back = host_client.state_where(lambda s: s["seats"][1]["stand_in"] is None)
    assert back["seats"][1]["connected"] is True
    # They are told what the bot did for them: the hands it finished and its moves of the hand in play,
    # which are theirs in the table's log (the friend never played: every move of seat 1 is the bot's).
    report = next(m for m in friend_client.received if m["type"] == "stood_in")
    assert (report["seat"], report["bot"]) == (1, "heuristic")
    assert report["moves"] or report["hands"]
    theirs = [m for m in friend_client.state()["moves"] if m["seat"] == 1]
    assert report["moves"] == theirs[: len(report["moves"])]
    seats = http_get(f"{url}/api/tables/{table_id}").json()["table"]["seats"]
    assert seats[1]["stand_in"] is None
    # Back again with no stand-in in between: nothing to report.
    friend_client.close()
    again = Client(url, table_id)
    again.hello(friend)
    assert not any(m["type"] == "stood_in" for m in again.received)
    host_client.close()
    again.close()


def test_a_table_its_people_all_left_is_closed_and_its_record_kept(quick_server: RunningServer) -> None:
    url = quick_server.url
    host = guest(url, "Host")
    table_id = create_table(url, host, players=2, seat=0, seats=[None, "greedy"])["table"]["id"]
    client = Client(url, table_id)
    client.hello(host)
    client.state_where(lambda s: True)
    assert any(t["id"] == table_id for t in http_get(f"{url}/api/tables").json()["tables"])
    client.close()

    def closed() -> bool:
        return not any(t["id"] == table_id for t in http_get(f"{url}/api/tables").json()["tables"])

    _eventually(closed, "the deserted table closed")
    record = http_get(f"{url}/api/tables/{table_id}/record", headers=auth(host))
    assert record.status_code == 200, record.text
    history = http_get(f"{url}/api/me/history", headers=auth(host)).json()["matches"]
    assert any(entry["table"]["id"] == table_id for entry in history)
