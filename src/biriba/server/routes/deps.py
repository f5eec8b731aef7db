"""What routes depend on: the server, the client's address, and the player of the request's token
(``Authorization: Bearer TOKEN``). Token checks read the database, so they are plain functions that
FastAPI runs in its worker threads."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.requests import HTTPConnection

from biriba.server.service import Server
from biriba.server.store import PlayerSession

bearer = HTTPBearer(
    auto_error=False,  # a missing token is refused by `current_session`, with a key the client translates
    description="The player token of POST /api/guests, /api/users or /api/login.",
)


def get_server(connection: HTTPConnection) -> Server:
    server: Server = connection.app.state.server
    return server


ServerDep = Annotated[Server, Depends(get_server)]


def address(request: Request) -> str:
    """The client's address (the proxy's, unless the proxy is trusted: ``--proxy``)."""
    return request.client.host if request.client is not None else "unknown"


Address = Annotated[str, Depends(address)]


def token_of(credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> str | None:
    return None if credentials is None else credentials.credentials


Token = Annotated[str | None, Depends(token_of)]


def current_session(server: ServerDep, token: Token) -> tuple[str, PlayerSession]:
    """``(session id, session)`` of the request's token; 401 without one or for a bad one."""
    return server.session(token)


CurrentSession = Annotated[tuple[str, PlayerSession], Depends(current_session)]


def current_player(session: CurrentSession) -> PlayerSession:
    return session[1]


CurrentPlayer = Annotated[PlayerSession, Depends(current_player)]


def optional_session(server: ServerDep, token: Token) -> tuple[str, PlayerSession] | None:
    """The request's session if it carries a token (a bad token is still refused), else None."""
    return None if token is None else server.session(token)


OptionalSession = Annotated[tuple[str, PlayerSession] | None, Depends(optional_session)]
