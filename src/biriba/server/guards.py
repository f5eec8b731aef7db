"""What every HTTP answer and request passes through: security headers, a body size limit, strict JSON.

Two pure ASGI middlewares (Starlette's model):

* :class:`SecurityHeaders` adds to every answer a Content-Security-Policy (the page loads only its own
  scripts, styles and images, and connects only to its own server), ``X-Frame-Options: DENY`` (no
  other site frames the table), ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``.
* :class:`RequestBodies` reads a request's body up to ``limit`` bytes and answers 413 beyond it (a
  declared ``Content-Length`` too large is refused before anything is read), then, for a JSON body,
  refuses with 422 anything that is not strict JSON: ``NaN`` and ``Infinity``, a number too large for a
  float, a lone surrogate in a string (``orjson`` parses it the way JSON means it). The route then
  reads the same body.
"""

from __future__ import annotations

from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"
)
"""The browser client is built files of the server's own (no inline script). Svelte sets ``style``
attributes (card positions), hence inline styles; nothing else runs or loads from anywhere else."""

DOCS_PATHS = ("/api/docs", "/api/openapi.json")
"""FastAPI's interactive API page loads its scripts from a CDN: it is left without the policy."""

HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = list(HEADERS)
        if not scope["path"].startswith(DOCS_PATHS):
            headers.append((b"content-security-policy", CONTENT_SECURITY_POLICY.encode()))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *headers]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class RequestBodies:
    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        declared = headers.get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.limit:
            await answer(send, 413, f"a request body may be at most {self.limit} bytes")
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > self.limit:
                await answer(send, 413, f"a request body may be at most {self.limit} bytes")
                return
            if not message.get("more_body", False):
                break
        if body and b"json" in headers.get(b"content-type", b""):
            try:
                orjson.loads(bytes(body))
            except orjson.JSONDecodeError as error:
                await answer(send, 422, f"the body is not valid JSON: {error}")
                return
        replayed = False

        async def receive_body() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.app(scope, receive_body, send)


async def answer(send: Send, status: int, detail: str) -> None:
    """A JSON error answer ``{"detail": ...}``, as FastAPI gives."""
    content: dict[str, Any] = {"detail": detail}
    body = orjson.dumps(content)
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
