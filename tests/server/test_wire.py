"""The wire types are the client's too: the schema the browser's TypeScript types are generated from
(web/src/wire.schema.json) is the server's own, as ``python -m biriba.server.wire`` writes it. (Every
message a test client receives is checked against its type in conftest.Client.receive; every HTTP
response is validated by FastAPI against the route's return type.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from biriba.server.wire import MESSAGE_TYPES, conformance, wire_schema

SCHEMA = Path(__file__).resolve().parents[2] / "web" / "src" / "wire.schema.json"


def test_the_clients_schema_is_the_servers() -> None:
    committed = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert committed == wire_schema(), "run: python -m biriba.server.wire > web/src/wire.schema.json && npm run types"


def test_a_message_with_a_field_its_type_lacks_or_misses_is_refused() -> None:
    welcome = conformance(MESSAGE_TYPES["welcome"])
    welcome.validate_json('{"type": "welcome", "table": "t1", "seat": 0, "player": null}', strict=True)
    with pytest.raises(ValidationError, match="extra"):
        welcome.validate_json('{"type": "welcome", "table": "t1", "seat": 0, "player": null, "x": 1}', strict=True)
    with pytest.raises(ValidationError, match="player"):
        welcome.validate_json('{"type": "welcome", "table": "t1", "seat": 0}', strict=True)
