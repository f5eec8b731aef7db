"""The HTTP API's shape, as its OpenAPI document tells a client: routes grouped by area, and the player's
token declared (HTTP bearer) exactly where a route needs one; a route that needs it refuses a request
without it, naming what to send."""

from __future__ import annotations

from tests.server.conftest import RunningServer, auth, guest, http_get, http_post


def test_the_openapi_document_groups_the_routes_and_declares_the_token(sqlite_server: RunningServer) -> None:
    document = http_get(f"{sqlite_server.url}/api/openapi.json").json()
    assert document["components"]["securitySchemes"]["HTTPBearer"] == {
        "type": "http",
        "scheme": "bearer",
        "description": "The player token of POST /api/guests, /api/users or /api/login.",
    }
    paths = document["paths"]

    def tags(path: str, method: str) -> list[str]:
        return list(paths[path][method]["tags"])

    def needs_token(path: str, method: str) -> bool:
        return {"HTTPBearer": []} in paths[path][method].get("security", [])

    assert tags("/api/rules/{preset}", "get") == ["rules"]
    assert tags("/api/guests", "post") == ["players"] and tags("/api/me", "get") == ["players"]
    assert tags("/api/tables", "post") == ["tables"]
    for path, method in [
        ("/api/me", "get"),
        ("/api/me/history", "get"),
        ("/api/logout", "post"),
        ("/api/tables", "post"),
        ("/api/tables/{table_id}/join", "post"),
        ("/api/tables/{table_id}/seats/{seat}", "post"),
        ("/api/tables/{table_id}/record", "get"),
    ]:
        assert needs_token(path, method), (path, method)
    for path, method in [("/api/tables", "get"), ("/api/presets", "get"), ("/api/health", "get")]:
        assert not needs_token(path, method), (path, method)


def test_a_route_that_needs_the_token_names_what_to_send(sqlite_server: RunningServer) -> None:
    url = sqlite_server.url
    missing = http_get(f"{url}/api/me")
    assert missing.status_code == 401 and missing.json()["key"] == "no-token"
    assert "Authorization: Bearer TOKEN" in missing.json()["detail"]
    forged = http_get(f"{url}/api/me", headers=auth("not-a-token"))
    assert forged.status_code == 401 and forged.json()["key"] == "token-refused"
    token = guest(url, "Eleni")
    assert http_get(f"{url}/api/me", headers=auth(token)).json()["player"]["name"] == "Eleni"
    # Where a token is optional, a bad one is refused, not taken for none: a guest cannot register over it.
    body = {"username": "eleni1", "password": "a long enough password"}
    refused = http_post(f"{url}/api/users", json=body, headers=auth("not-a-token"))
    assert refused.status_code == 401 and refused.json()["key"] == "token-refused"
    assert http_post(f"{url}/api/logout", headers=auth(token)).json() == {"logged_out": True}
    assert http_get(f"{url}/api/me", headers=auth(token)).json()["key"] == "token-refused"
