"""Protection: malformed input, foreign origins, message size and rate limits. Every refusal is an
error message; the connection and the game go on untouched."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus

from tests.server.conftest import Client, RunningServer, create_table, guest, http_get, http_post, sqlite_settings


def malformed_messages(rng: random.Random) -> list[str | bytes]:
    """Messages no schema accepts, or that the table must refuse: broken JSON, wrong types, unknown
    fields and kinds, bad actions, random bytes."""
    fixed: list[str | bytes] = [
        "",
        "{",
        "null",
        "[]",
        '"hello"',
        "42",
        '{"type": "nope"}',
        '{"type": "action"}',
        '{"type": "action", "seq": "0", "action": {"seat": 0, "type": "draw"}}',
        '{"type": "action", "seq": -1, "action": {"seat": 0, "type": "draw"}}',
        '{"type": "action", "seq": 0, "action": {"seat": 0, "type": "draw"}, "extra": 1}',
        '{"type": "action", "seq": 0, "action": {"seat": 0, "type": "fly"}}',
        '{"type": "action", "seq": 0, "action": {"seat": 0, "type": "discard", "card": "ZZ"}}',
        '{"type": "action", "seq": 0, "action": {"seat": 0, "type": "meld", "melds": []}}',
        '{"type": "action", "seq": 0, "action": {"seat": 0, "type": "extend", "meld": 99, "cards": ["3H"]}}',
        '{"type": "action", "seq": 0, "action": {"seat": true, "type": "draw"}}',
        '{"type": "action", "seq": 1e400, "action": {}}',
        '{"type": "hint", "language": "fr"}',
        '{"type": "next_hand", "seq": 0}',
        '{"type": "hello", "token": "forged.token"}',
        '{"type": "ping", "x": 1}',
        "\x00\x01\x02",
        b"\x00\xff binary",
        "[" * 10000 + "]" * 10000,
    ]
    alphabet = '{}[]":,0123456789 abcdefghijklmnopqrstuvwxyz-.\\'
    for _ in range(60):
        fixed.append("".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 80))))
    for _ in range(30):
        message = {"type": rng.choice(["action", "hint", "next_hand", "hello", "ping"])}
        for key in rng.sample(["seq", "action", "language", "token", "invite", "card"], rng.randrange(0, 4)):
            message[key] = rng.choice([0, -5, 2**70, "x", None, [], {}, {"seat": 0, "type": "draw"}, 1.5])
        fixed.append(json.dumps(message))
    return fixed


def test_a_fuzz_of_malformed_messages_leaves_the_server_and_the_game_intact(sqlite_server: RunningServer) -> None:
    token = guest(sqlite_server.url, "Fuzz")
    table = create_table(sqlite_server.url, token, seats=[None, "greedy", "greedy", "greedy"])["table"]
    client = Client(sqlite_server.url, table["id"])
    client.hello(token)
    before = client.state_where(lambda m: m["my_turn"])
    log_before = sqlite_server.store.events(table["id"])
    messages = malformed_messages(random.Random(6))
    for message in messages:
        client.ws.send(message)
        reply = client.until(lambda m: m["type"] in ("error", "hint", "pong"))
        if reply["type"] == "error":
            assert reply["code"] and reply["message"], reply
    client.send({"type": "ping"})
    client.until(lambda m: m["type"] == "pong")
    assert sqlite_server.store.events(table["id"]) == log_before
    errors = [m for m in client.received if m["type"] == "error"]
    assert len(errors) >= len(messages) - 10  # a random string may happen to be a ping or a hint
    assert {"malformed", "too_large"} <= {e["code"] for e in errors}
    # the game goes on: the seat still plays
    client.send({"type": "action", "seq": before["seq"], "action": {"seat": 0, "type": "draw"}})
    after = client.until(lambda m: m["type"] == "state" and m["seq"] == before["seq"] + 1)
    assert len(after["view"]["hand"]) == len(before["view"]["hand"]) + 1


def test_messages_before_hello_are_refused(sqlite_server: RunningServer) -> None:
    token = guest(sqlite_server.url, "Early")
    table = create_table(sqlite_server.url, token)["table"]
    client = Client(sqlite_server.url, table["id"])
    client.send({"type": "action", "seq": 0, "action": {"seat": 0, "type": "draw"}})
    assert client.until(lambda m: m["type"] == "error")["code"] == "hello_first"
    client.send({"type": "hello", "token": token + "x"})
    assert client.until(lambda m: m["type"] == "error")["code"] == "bad_token"
    assert client.hello(token)["seat"] == 0


def test_a_foreign_origin_is_turned_away_and_the_own_origin_is_let_in(sqlite_server: RunningServer) -> None:
    token = guest(sqlite_server.url, "Origin")
    table = create_table(sqlite_server.url, token)["table"]
    with pytest.raises(InvalidStatus) as refused:
        Client(sqlite_server.url, table["id"], origin="https://cards.example")
    assert refused.value.response.status_code == 403
    own = Client(sqlite_server.url, table["id"], origin=f"http://127.0.0.1:{sqlite_server.port}")
    assert own.hello(token)["seat"] == 0


def test_too_large_and_too_many_messages_are_refused(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path, max_message_bytes=1000, messages_per_second=0.001, message_burst=5)
    with RunningServer(settings) as server:
        token = guest(server.url, "Loud")
        table = create_table(server.url, token)["table"]
        client = Client(server.url, table["id"])
        client.send({"type": "hello", "token": token, "invite": "x" * 1200})
        assert client.until(lambda m: m["type"] == "error")["code"] == "too_large"
        for _ in range(6):
            client.send({"type": "ping"})
        codes = [client.until(lambda m: m["type"] in ("pong", "error"))["type"] for _ in range(6)]
        assert codes == ["pong"] * 5 + ["error"]  # a burst of 5; the size check comes before the count
        assert client.received[-1]["code"] == "rate_limited"


def test_every_answer_carries_the_security_headers(sqlite_server: RunningServer) -> None:
    for path in ("/", "/api/health", "/api/tables"):
        headers = http_get(f"{sqlite_server.url}{path}").headers
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        policy = headers["content-security-policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy and "script-src 'self'" in policy


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("a\u202eb", "U+202E"),  # right-to-left override: what follows reads backwards
        ("Ele\u200bni", "U+200B"),  # zero-width space: a look-alike of another name
        ("Eleni\u2066", "U+2066"),  # a bidirectional isolate
        ("\u00ad", "U+00AD"),  # soft hyphen: invisible
    ],
)
def test_names_refuse_invisible_and_control_characters(sqlite_server: RunningServer, name: str, why: str) -> None:
    refused = http_post(f"{sqlite_server.url}/api/guests", json={"name": name})
    assert refused.status_code == 400 and why in refused.json()["detail"]


@pytest.mark.parametrize(
    "body",
    [
        '{"name": "\\ud800"}',  # a lone surrogate
        '{"name": NaN}',
        '{"name": "x", "extra": Infinity}',
        '{"name": 1e400}',
    ],
)
def test_input_json_can_not_hold_gets_a_422_never_a_500(sqlite_server: RunningServer, body: str) -> None:
    answer = http_post(f"{sqlite_server.url}/api/guests", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 422 and "not valid JSON" in answer.json()["detail"]


def test_a_table_body_with_nan_or_a_surrogate_gets_a_422(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    token = guest(url, "Host")
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    for body in ('{"turn_seconds": NaN}', '{"target": 1e400}', '{"preset": "\\udc00"}'):
        assert http_post(f"{url}/api/tables", content=body, headers=headers).status_code == 422, body
