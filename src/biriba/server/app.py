"""The FastAPI application: the lobby's HTTP API, the table WebSocket and the browser client.

``create_app(settings)`` builds an application; ``biriba serve`` runs it with uvicorn. At start-up
the database is migrated to the newest schema and every table still being played is loaded again,
so that its bots and turn timers go on. No route returns a card that is not public: the lobby knows
tables, seats and names only, the WebSocket sends each connection its own view, and a replay covers
only hands that are over, for the players who sat at the table. The routes are grouped by area in
:mod:`biriba.server.routes`; what they share is the :class:`~biriba.server.service.Server`.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from biriba.server.auth import HashingBusy, RateLimited
from biriba.server.guards import RequestBodies, SecurityHeaders
from biriba.server.routes import accounts, live, rules, tables
from biriba.server.service import ApiError, Server
from biriba.server.settings import Settings

STATIC = Path(__file__).resolve().parent / "static"


def create_app(settings: Settings) -> FastAPI:
    server = Server(settings)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    app = FastAPI(title="Biriba", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json")
    app.state.server = server
    app.add_middleware(RequestBodies, limit=settings.max_body_bytes)
    app.add_middleware(SecurityHeaders)
    for area in (rules, accounts, tables, live):
        app.include_router(area.router)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse({"detail": error.detail, "key": error.key}, status_code=error.status_code)

    @app.exception_handler(RateLimited)
    async def rate_limited(_request: Request, error: RateLimited) -> JSONResponse:
        headers = {"Retry-After": str(error.retry_after)}
        return JSONResponse({"detail": str(error), "key": "rate_limited"}, status_code=429, headers=headers)

    @app.exception_handler(HashingBusy)
    async def hashing_busy(_request: Request, error: HashingBusy) -> JSONResponse:
        return JSONResponse({"detail": str(error), "key": "busy"}, status_code=503, headers={"Retry-After": "5"})

    static = settings.static_dir or STATIC
    if (static / "index.html").is_file():
        app.mount("/", StaticFiles(directory=static, html=True), name="client")
    else:

        @app.get("/", response_class=HTMLResponse)
        def no_client() -> str:
            return (
                "<h1>Biriba</h1><p>The browser client is not built: <code>cd web && npm ci && npm run build</code>.</p>"
            )

    return app
