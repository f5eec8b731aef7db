"""Two ``biriba serve`` processes on one PostgreSQL database, with Redis pub/sub between them, serve the
same table: a move made on one process reaches the players on the other, and one action submitted
to both processes at once is applied once."""

from __future__ import annotations

from biriba.server.store import Store
from tests.server.conftest import Client, create_table, guest, http_post, postgres_database, service_url
from tests.server.test_restart import serve


def test_two_processes_serve_one_table(tmp_path: object) -> None:
    redis = service_url("BIRIBA_TEST_REDIS_URL")
    with (
        postgres_database() as database,
        serve(database, "--redis", redis) as process_a,
        serve(database, "--redis", redis) as process_b,
    ):
        url_a, url_b = process_a.url, process_b.url
        anna = guest(url_a, "Anna")
        table_id = create_table(url_a, anna, seats=[None, None, "greedy", "greedy"])["table"]["id"]
        kostas = guest(url_b, "Kostas")  # tokens are signed with a secret both processes share
        joined = http_post(
            f"{url_b}/api/tables/{table_id}/join", json={"seat": 1}, headers={"Authorization": f"Bearer {kostas}"}
        )
        assert joined.status_code == 200, joined.text

        on_a = Client(url_a, table_id)
        assert on_a.hello(anna)["seat"] == 0
        assert on_a.state()["seats"][1]["name"] == "Kostas"  # the join on B is in the database A reads
        kostas_on_a, kostas_on_b = Client(url_a, table_id), Client(url_b, table_id)
        assert kostas_on_a.hello(kostas)["seat"] == 1 and kostas_on_b.hello(kostas)["seat"] == 1

        # the same action, sent to both processes against the same sequence number: applied once
        draw = {"type": "action", "seq": 0, "action": {"seat": 1, "type": "draw"}}
        kostas_on_a.send(draw)
        kostas_on_b.send(draw)
        replies = [
            client.until(lambda m: m["type"] == "error" or (m["type"] == "state" and m["seq"] == 1))
            for client in (kostas_on_a, kostas_on_b)
        ]
        store = Store(database)
        try:
            events = store.events(table_id)
        finally:
            store.close()
        assert [e.data for e in events] == [draw["action"]]
        assert sum(r["type"] == "error" for r in replies) <= 1  # the loser may have caught up first
        for reply in replies:
            if reply["type"] == "error":
                assert reply["code"] == "stale"

        # Anna, on process A, sees Kostas's move whichever process took it
        seen = on_a.until(lambda m: m["type"] == "state" and m["seq"] == 1)
        assert seen["last_action"] == draw["action"] and seen["view"]["hand_sizes"][1] == 12
        # and a move on A reaches Kostas on B
        kostas_on_a.send({"type": "hint"})
        hint = kostas_on_a.until(lambda m: m["type"] == "hint")
        kostas_on_a.send({"type": "action", "seq": 1, "action": hint["action"]})
        assert kostas_on_b.until(lambda m: m["type"] == "state" and m["seq"] == 2)["last_action"] == hint["action"]
