"""Players and their sessions: guests, registered users (a guest may become one and keep the seats),
logging in and out, and a player's history."""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from biriba.server.auth import check_login, check_name, check_password, login_key
from biriba.server.history import sides_of
from biriba.server.routes.deps import Address, CurrentPlayer, CurrentSession, OptionalSession, ServerDep
from biriba.server.routes.tables import table_summary
from biriba.server.service import ApiError
from biriba.server.store import HistoryEntry
from biriba.server.wire import (
    HistoryEntryJson,
    HistoryResponse,
    LoggedOut,
    PlayerJson,
    PlayerResponse,
    TokenResponse,
)

router = APIRouter(prefix="/api", tags=["players"])


class Body(BaseModel):
    """A request body: exactly its fields, of exactly their types."""

    model_config = ConfigDict(extra="forbid", strict=True)


class GuestRequest(Body):
    name: Annotated[str, Field(min_length=1, max_length=40)]


class RegisterRequest(Body):
    """A new registered user; ``name`` is the name shown at tables (default: the username)."""

    username: Annotated[str, Field(max_length=64)]
    password: Annotated[str, Field(max_length=1024)]
    name: Annotated[str, Field(min_length=1, max_length=40)] | None = None


class LoginRequest(Body):
    username: Annotated[str, Field(max_length=64)]
    password: Annotated[str, Field(max_length=1024)]


def player_json(player_id: str, name: str, login: str | None) -> PlayerJson:
    return {"id": player_id, "name": name, "username": login}


def history_json(entry: HistoryEntry) -> HistoryEntryJson:
    """A table of a player's history: who sat where, the results so far, and whether the player won."""
    sides = sides_of(entry.table)
    my_side = next(index for index, side in enumerate(sides) if entry.seat in side)
    return {
        "table": table_summary(entry.table),
        "created_at": entry.table.created_at,
        "seat": entry.seat,
        "hands": entry.hands,
        "totals": entry.totals,
        "sides": sides,
        "winner": entry.winner,
        "won": None if entry.winner is None else entry.winner == my_side,
    }


@router.post("/guests")
async def new_guest(body: GuestRequest, server: ServerDep, client: Address) -> TokenResponse:
    """A guest player: a name and the token that proves it (keep it to get back to your seat)."""
    server.limits.take("guest", client)
    try:
        name = check_name(body.name)
    except ValueError as error:
        raise ApiError(400, "name-refused", str(error)) from None
    player_id = await asyncio.to_thread(server.store.create_player, name)
    token = await asyncio.to_thread(server.new_token, player_id)
    return {"player": player_json(player_id, name, None), "token": token}


@router.post("/users", status_code=201)
async def register(body: RegisterRequest, server: ServerDep, client: Address, guest: OptionalSession) -> TokenResponse:
    """A registered user. With a guest's token, the guest becomes the user (keeping their seats)."""
    server.limits.take("login", client)
    try:
        login = check_login(body.username)
    except ValueError as error:
        raise ApiError(400, "username-refused", str(error)) from None
    try:
        name = check_name(body.name if body.name is not None else body.username)
    except ValueError as error:
        raise ApiError(400, "name-refused", str(error)) from None
    try:
        password = check_password(body.password, login, name)
    except ValueError as error:
        raise ApiError(400, "password-refused", str(error)) from None
    guest_id = guest_session = None
    if guest is not None:
        guest_session, session = guest
        guest_id, name = session.player_id, session.name
        if session.login is not None:
            raise ApiError(409, "already-registered", "this player is already registered: log in instead")
    password_hash = await server.passwords.hash(password)
    player_id = await asyncio.to_thread(server.store.create_account, login, password_hash, name, guest_id)
    if player_id is None:
        raise ApiError(409, "username-taken", f"the username {body.username!r} is taken")
    if guest_session is not None:  # the guest's token stops working: the account's replaces it
        await asyncio.to_thread(server.store.revoke_session, guest_session)
    token = await asyncio.to_thread(server.new_token, player_id)
    return {"player": player_json(player_id, name, login), "token": token}


@router.post("/login")
async def login(body: LoginRequest, server: ServerDep, client: Address) -> TokenResponse:
    """A registered user's token, on any device: the same player, so the same seats."""
    key = login_key(body.username)
    server.limits.take("login", client, f"account:{key}")
    account = await asyncio.to_thread(server.store.account, key)
    if not await server.passwords.verify(None if account is None else account.password_hash, body.password):
        raise ApiError(401, "wrong-login", "wrong username or password")
    assert account is not None
    if server.passwords.needs_rehash(account.password_hash):
        password_hash = await server.passwords.hash(body.password)
        await asyncio.to_thread(server.store.set_password_hash, account.player_id, password_hash)
    return {
        "player": player_json(account.player_id, account.name, account.login),
        "token": await asyncio.to_thread(server.new_token, account.player_id),
    }


@router.post("/logout")
def logout(server: ServerDep, session: CurrentSession) -> LoggedOut:
    """Revoke the token: it no longer works, on any server process (the player's other tokens do)."""
    server.store.revoke_session(session[0])
    return {"logged_out": True}


@router.get("/me")
def me(player: CurrentPlayer) -> PlayerResponse:
    return {"player": player_json(player.player_id, player.name, player.login)}


@router.get("/me/history")
def my_history(server: ServerDep, player: CurrentPlayer) -> HistoryResponse:
    """The tables the player sat at, newest first, with their results; replay them with /record."""
    return {"matches": [history_json(entry) for entry in server.store.history(player.player_id)]}
