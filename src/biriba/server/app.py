"""The FastAPI application: the lobby's HTTP API, the table WebSocket and the browser client.

``create_app(settings)`` builds an application; ``biriba serve`` runs it with uvicorn. At start-up
the database is migrated to the newest schema and every table still being played is loaded again,
so that its bots and turn timers go on. No route returns a card that is not public: the lobby knows
tables, seats and names only, the WebSocket sends each connection its own view, and a replay covers
only hands that are over, for the players who sat at the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Header, HTTPException, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from biriba.core.errors import InvalidInputError
from biriba.core.records import rules_for_players
from biriba.core.rules import OPTION_BOUNDS, PLAYER_COUNTS, PRESETS
from biriba.i18n import Words
from biriba.rulesheet import rule_sheet
from biriba.server.auth import (
    HashingBusy,
    Passwords,
    RateLimited,
    RateLimits,
    TokenError,
    TokenSigner,
    check_login,
    check_name,
    check_password,
    login_key,
)
from biriba.server.broker import LocalBroker, RedisBroker, make_broker
from biriba.server.connection import CLOSE_POLICY, CLOSE_UNAVAILABLE, Connection, origin_allowed
from biriba.server.guards import RequestBodies, SecurityHeaders
from biriba.server.history import ReplayRangeError, match_record, replay_frame, sides_of
from biriba.server.protocol import Language
from biriba.server.settings import Settings
from biriba.server.store import HistoryEntry, PlayerSession, Store, TableInfo
from biriba.server.table import SERVER_BOT_LEVELS, STAND_IN_BOT, SetAside, Tables, fresh_deal
from biriba.server.thinking import Thinkers

STATIC = Path(__file__).resolve().parent / "static"


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class GuestRequest(_Body):
    name: Annotated[str, Field(min_length=1, max_length=40)]


class RegisterRequest(_Body):
    """A new registered user; ``name`` is the name shown at tables (default: the username)."""

    username: Annotated[str, Field(max_length=64)]
    password: Annotated[str, Field(max_length=1024)]
    name: Annotated[str, Field(min_length=1, max_length=40)] | None = None


class LoginRequest(_Body):
    username: Annotated[str, Field(max_length=64)]
    password: Annotated[str, Field(max_length=1024)]


MAX_PLAYERS = max(PLAYER_COUNTS)
"""Seats are numbered 0 to ``MAX_PLAYERS - 1`` at most; the engine's rules say which counts are formats."""


class CreateTableRequest(_Body):
    """A new table. ``seats`` has one entry per seat: a bot level, or null for a seat people take. The
    limits are the engine's (:data:`~biriba.core.rules.PLAYER_COUNTS`, :data:`~biriba.core.rules.OPTION_BOUNDS`):
    the rules check every option again, naming the one out of bounds."""

    players: Annotated[int, Field(ge=min(PLAYER_COUNTS), le=MAX_PLAYERS)] = 4
    preset: Annotated[str, Field(max_length=40)] = "standard"
    options: Annotated[dict[str, Any], Field(max_length=64)] = Field(default_factory=dict)
    target: Annotated[int, Field(ge=OPTION_BOUNDS["target"][0], le=OPTION_BOUNDS["target"][1])] | None = None
    seats: Annotated[list[Annotated[str, Field(max_length=40)] | None], Field(max_length=MAX_PLAYERS)] | None = None
    """Default: the creator in seat 0 and ``greedy`` bots everywhere else."""
    private: bool = False
    seat: Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)] | None = 0
    """Where the creator sits (null: the creator only watches)."""
    turn_seconds: Annotated[float, Field(ge=1, le=3600)] | None = None
    """The turn timer: when a person's turn lasts this long, the server plays the rest of it."""


class JoinRequest(_Body):
    seat: Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)]
    invite: Annotated[str, Field(max_length=512)] | None = None


class SeatChange(_Body):
    """The host makes an open seat a bot's (its level) or a person's (None), before the first move."""

    bot: Annotated[str, Field(max_length=40)] | None


log = logging.getLogger("biriba.server")


class Server:
    """What the routes share: settings, database, token signer, live tables, broker."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.database_url)
        self.broker: LocalBroker | RedisBroker = make_broker(settings.redis_url, settings.resync_interval)
        thinkers = Thinkers(settings.think_workers, settings.think_seconds)
        self.tables = Tables(
            self.store,
            settings.bot_delay,
            self._publish_events,
            hint_bot=settings.hint_bot,
            thinkers=thinkers,
            publish_seats=self._publish_seats,
            stand_in_after=settings.stand_in_after,
        )
        self.passwords = Passwords(settings.hashes_at_once, settings.hashes_waiting)
        self.limits = RateLimits(settings.guests_rate, settings.logins_rate)
        self.signer: TokenSigner
        self._resuming: asyncio.Task[int] | None = None
        self._sweeping: asyncio.Task[None] | None = None
        self.connections: Counter[str] = Counter()
        """Open WebSocket connections by client address."""

    async def start(self) -> None:
        await asyncio.to_thread(self.store.migrate)
        secret = self.settings.secret
        if secret is None:
            secret = await asyncio.to_thread(self.store.secret, "player-tokens")
        self.signer = TokenSigner(secret)
        await self.broker.start(self._on_notice, self.tables.catch_up_all)
        # In the background: the server answers at once while the tables are replayed.
        self._resuming = asyncio.get_running_loop().create_task(self.tables.resume_all())
        self._sweeping = asyncio.get_running_loop().create_task(self._sweep_deserted())

    async def _sweep_deserted(self) -> None:
        """Close, now and then, the tables whose people all left long ago (a failure is logged, and the
        next sweep tries again)."""
        after = self.settings.close_after
        while True:
            await asyncio.sleep(min(60.0, max(0.05, after / 4)))
            try:
                await self.tables.close_deserted(after)
            except Exception:
                log.exception("closing deserted tables failed")

    async def stop(self) -> None:
        for task in (self._resuming, self._sweeping):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        await self.tables.close()
        await self.broker.close()
        self.store.close()

    async def _publish_events(self, table_id: str) -> None:
        await self.broker.publish("events", table_id)

    async def _publish_seats(self, table_id: str) -> None:
        await self.broker.publish("seats", table_id)

    async def _on_notice(self, kind: str, table_id: str) -> None:
        """Another process changed a table: read the change if this process has the table open."""
        table = self.tables.loaded(table_id)
        if table is None:
            return
        if kind == "seats":
            await self.tables.reload_seats(table_id)
            return
        await self.tables.catch_up(table_id)

    def authenticate(self, token: str) -> tuple[str, PlayerSession]:
        """``(session id, session)`` of a token; :class:`TokenError` naming why it is no good (forged,
        unknown, revoked, expired). Reads the database: call it from a worker thread."""
        session_id = self.signer.session_id(token)
        session = self.store.session(session_id)
        if session is None:
            raise TokenError("the token names no player of this server: log in again, or play as a new guest")
        if session.revoked:
            raise TokenError("the token was revoked (logged out): log in again, or play as a new guest")
        if session.expires_at <= time.time():
            raise TokenError("the token has expired: log in again, or play as a new guest")
        return session_id, session

    def session(self, authorization: str | None) -> tuple[str, PlayerSession]:
        """The session of an ``Authorization: Bearer TOKEN`` header; 401 otherwise."""
        if authorization is None or not authorization.startswith("Bearer "):
            raise ApiError(401, "no-token", "send the player token: 'Authorization: Bearer TOKEN' (POST /api/guests)")
        try:
            return self.authenticate(authorization.removeprefix("Bearer ").strip())
        except TokenError as error:
            raise ApiError(401, "token-refused", str(error)) from None

    def player(self, authorization: str | None) -> tuple[str, str]:
        """``(player id, name)`` from an ``Authorization: Bearer TOKEN`` header; 401 otherwise."""
        _, session = self.session(authorization)
        return session.player_id, session.name

    def new_token(self, player_id: str) -> str:
        """A token of a new session of ``player_id`` (reads the database: from a worker thread)."""
        return self.signer.token(self.store.create_session(player_id, self.settings.token_days * 86_400))

    async def seated_player(self, table_id: str, authorization: str | None) -> TableInfo:
        """The table, if the token's player sits at it (its replay shows every hand); 401/403/404."""
        player_id, _ = await asyncio.to_thread(self.player, authorization)
        info = await asyncio.to_thread(self.store.table, table_id)
        if info is None:
            raise ApiError(404, "no-table", f"there is no table {table_id!r}")
        if not any(s.player_id == player_id for s in info.seats):
            raise ApiError(403, "players-only", "only the players of a table may replay it")
        return info


class ApiError(HTTPException):
    """An HTTP error people see in the browser: ``detail`` in English (as every error has), and ``key``,
    a ``web.error.*`` text of the catalogue, for the client to say it in its player's language."""

    def __init__(self, status: int, key: str, detail: str) -> None:
        super().__init__(status, detail)
        self.key = key


def address(request: Request) -> str:
    """The client's address (the proxy's, unless the proxy is trusted: ``--proxy``)."""
    return request.client.host if request.client is not None else "unknown"


def player_json(player_id: str, name: str, login: str | None) -> dict[str, Any]:
    return {"id": player_id, "name": name, "username": login}


def history_json(entry: HistoryEntry) -> dict[str, Any]:
    """A table of a player's history: who sat where, the results so far, and whether the player won."""
    sides = sides_of(entry.table.rules)
    my_side = next(index for index, side in enumerate(sides) if entry.seat in side)
    return {
        "table": table_summary(entry.table),
        "created_at": entry.table.created_at,
        "seat": entry.seat,
        "hands": entry.hands,
        "totals": entry.totals,
        "sides": [list(side) for side in sides],
        "winner": entry.winner,
        "won": None if entry.winner is None else entry.winner == my_side,
    }


def table_summary(info: TableInfo) -> dict[str, Any]:
    """What the lobby shows of a table: its rules and who sits where, never a card."""
    return {
        "id": info.id,
        "rules": info.rules,
        "players": len(info.seats),
        "private": info.private,
        "over": info.over,
        "seats": [
            {
                "seat": s.seat,
                "bot": s.bot,
                "name": s.name,
                "registered": s.registered,
                "open": s.is_open,
                "stand_in": s.stand_in,
            }
            for s in info.seats
        ],
        "open_seats": sum(s.is_open for s in info.seats),
        "turn_seconds": info.turn_seconds,
        "error": info.error,
    }


def create_app(settings: Settings) -> FastAPI:  # noqa: PLR0915
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

    @app.get("/api/health")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/api/presets")
    def presets() -> dict[str, Any]:
        return {"presets": list(PRESETS), "bots": list(SERVER_BOT_LEVELS)}

    @app.get("/api/rules/{preset}")
    def rules_sheet(preset: str, players: int | None = None, language: Language = "en") -> dict[str, Any]:
        """The rule sheet of a preset, as a table would agree it, in the reader's language."""
        if preset not in PRESETS:
            raise ApiError(404, "no-preset", f"there is no preset {preset!r} (known: {', '.join(PRESETS)})")
        try:
            rules = rules_for_players(preset, players)
        except InvalidInputError as error:
            raise HTTPException(400, str(error)) from None
        return {"preset": preset, "players": rules.players, "sheet": rule_sheet(rules, Words(language))}

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

    @app.post("/api/guests")
    async def new_guest(body: GuestRequest, request: Request) -> dict[str, Any]:
        """A guest player: a name and the token that proves it (keep it to get back to your seat)."""
        server.limits.take("guest", address(request))
        try:
            name = check_name(body.name)
        except ValueError as error:
            raise ApiError(400, "name-refused", str(error)) from None
        player_id = await asyncio.to_thread(server.store.create_player, name)
        token = await asyncio.to_thread(server.new_token, player_id)
        return {"player": player_json(player_id, name, None), "token": token}

    @app.post("/api/users", status_code=201)
    async def register(
        body: RegisterRequest, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """A registered user. With a guest's token, the guest becomes the user (keeping their seats)."""
        server.limits.take("login", address(request))
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
        if authorization is not None:
            guest_session, session = await asyncio.to_thread(server.session, authorization)
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

    @app.post("/api/login")
    async def login(body: LoginRequest, request: Request) -> dict[str, Any]:
        """A registered user's token, on any device: the same player, so the same seats."""
        key = login_key(body.username)
        server.limits.take("login", address(request), f"account:{key}")
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

    @app.post("/api/logout")
    def logout(authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Revoke the token: it no longer works, on any server process (the player's other tokens do)."""
        session_id, _ = server.session(authorization)
        server.store.revoke_session(session_id)
        return {"logged_out": True}

    @app.get("/api/me")
    def me(authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        _, session = server.session(authorization)
        return {"player": player_json(session.player_id, session.name, session.login)}

    @app.get("/api/me/history")
    def my_history(authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """The tables the player sat at, newest first, with their results; replay them with /record."""
        player_id, _ = server.player(authorization)
        return {"matches": [history_json(entry) for entry in server.store.history(player_id)]}

    @app.get("/api/tables/{table_id}/record")
    async def table_record(table_id: str, authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """The table's finished hands as a match record (``biriba replay`` reads it)."""
        info = await server.seated_player(table_id, authorization)
        events = await asyncio.to_thread(server.store.events, table_id)
        record = await asyncio.to_thread(match_record, info, events)
        return record.to_json()

    @app.get("/api/tables/{table_id}/replay")
    async def table_replay(
        table_id: str, hand: int = 0, step: int = 0, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """The table after ``step`` actions of finished hand ``hand``, every seat's cards shown."""
        info = await server.seated_player(table_id, authorization)
        events = await asyncio.to_thread(server.store.events, table_id)
        record = await asyncio.to_thread(match_record, info, events)
        try:
            frame = await asyncio.to_thread(replay_frame, record, hand, step)
        except ReplayRangeError as error:
            raise HTTPException(400, str(error)) from None
        return {**frame, "table": table_summary(info)}

    @app.post("/api/tables", status_code=201)
    async def create_table(
        body: CreateTableRequest, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        player_id, name = await asyncio.to_thread(server.player, authorization)
        playing = await asyncio.to_thread(server.store.tables_created_by, player_id)
        if playing >= settings.tables_per_player:
            raise HTTPException(
                429, f"you have {playing} tables still being played: finish one before you create another"
            )
        rules_data: dict[str, Any] = {"preset": body.preset, **body.options}
        if body.target is not None:
            rules_data["target"] = body.target
        try:
            rules = rules_for_players(rules_data, body.players)
        except InvalidInputError as error:
            raise HTTPException(400, str(error)) from None
        seats = body.seats if body.seats is not None else [None] + ["greedy"] * (body.players - 1)
        if len(seats) != body.players:
            raise HTTPException(400, f"'seats' needs one entry per seat: {body.players}, not {len(seats)}")
        for level in seats:
            if level is not None and level not in SERVER_BOT_LEVELS:
                raise HTTPException(400, f"unknown bot level {level!r} (known: {', '.join(SERVER_BOT_LEVELS)})")
        if body.seat is not None and (body.seat >= body.players or seats[body.seat] is not None):
            raise HTTPException(400, f"seat {body.seat} is not a seat for a person at this table")
        created = await asyncio.to_thread(
            server.store.create_table,
            rules.to_json(),
            0,
            fresh_deal(rules).to_json(),
            body.private,
            seats,
            body.turn_seconds,
            player_id,
        )
        info: TableInfo | None = created
        if body.seat is not None:
            await asyncio.to_thread(server.store.claim_seat, created.id, body.seat, player_id, name)
            info = await asyncio.to_thread(server.store.table, created.id)
        assert info is not None
        return {"table": table_summary(info), "invite": info.invite}

    @app.get("/api/tables")
    async def list_tables() -> dict[str, Any]:
        """Public tables still being played."""
        tables = await asyncio.to_thread(server.store.open_tables)
        return {"tables": [table_summary(info) for info in tables]}

    @app.get("/api/tables/{table_id}")
    async def get_table(
        table_id: str, invite: str | None = None, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        info = await asyncio.to_thread(server.store.table, table_id)
        if info is None:
            raise ApiError(404, "no-table", f"there is no table {table_id!r}")
        if info.private and invite != info.invite:
            seated = False
            if authorization is not None:
                player_id, _ = await asyncio.to_thread(server.player, authorization)
                seated = any(s.player_id == player_id for s in info.seats)
            if not seated:
                raise ApiError(403, "private-table", "this table is private: it needs its invitation")
        return {"table": table_summary(info)}

    @app.post("/api/tables/{table_id}/join")
    async def join_table(
        table_id: str, body: JoinRequest, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """Sit in an open seat (a private table needs its invitation)."""
        player_id, name = await asyncio.to_thread(server.player, authorization)
        info = await asyncio.to_thread(server.store.table, table_id)
        if info is None:
            raise ApiError(404, "no-table", f"there is no table {table_id!r}")
        if info.private and body.invite != info.invite:
            raise ApiError(403, "private-table", "this table is private: it needs its invitation")
        if any(s.player_id == player_id for s in info.seats):
            raise ApiError(409, "already-seated", "you already have a seat at this table")
        if body.seat >= len(info.seats):
            raise HTTPException(400, f"seat {body.seat} is not a seat of this {len(info.seats)}-player table")
        claimed = await asyncio.to_thread(server.store.claim_seat, table_id, body.seat, player_id, name)
        if claimed == "has_seat":
            raise ApiError(409, "already-seated", "you already have a seat at this table")
        if claimed == "taken":
            raise ApiError(409, "seat-taken", f"seat {body.seat} is taken")
        await server.tables.reload_seats(table_id)
        await server.broker.publish("seats", table_id)
        joined = await asyncio.to_thread(server.store.table, table_id)
        assert joined is not None
        return {"table": table_summary(joined)}

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def change_seat(
        table_id: str, seat: int, body: SeatChange, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """The host makes a seat no person holds a bot's or open for a person, before the first move."""
        player_id, _ = await asyncio.to_thread(server.player, authorization)
        table = await server.tables.get(table_id)
        if table is None:
            raise ApiError(404, "no-table", f"there is no table {table_id!r}")
        if not 0 <= seat < len(table.info.seats):
            raise HTTPException(400, f"seat {seat} is not a seat of this {len(table.info.seats)}-player table")
        if body.bot is not None and body.bot not in SERVER_BOT_LEVELS:
            raise HTTPException(400, f"unknown bot level {body.bot!r} (known: {', '.join(SERVER_BOT_LEVELS)})")
        if table.info.created_by != player_id:
            raise ApiError(403, "not-host", "only the player who made the table changes its seats")
        if table.seq > 0 or table.hand_index > 0:
            raise ApiError(409, "table-started", "the game has begun: its seats no longer change")
        if not await asyncio.to_thread(server.store.set_seat_bot, table_id, seat, body.bot):
            raise ApiError(409, "seat-taken", f"a person sits in seat {seat}")
        await server.tables.reload_seats(table_id)
        await server.broker.publish("seats", table_id)
        return {"table": table_summary(table.info)}

    @app.post("/api/tables/{table_id}/seats/{seat}/stand-in")
    async def stand_in(
        table_id: str, seat: int, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """A player of the table hands the seat of a person away long enough to a bot, which plays it until
        the person comes back."""
        player_id, _ = await asyncio.to_thread(server.player, authorization)
        table = await server.tables.get(table_id)
        if table is None:
            raise ApiError(404, "no-table", f"there is no table {table_id!r}")
        if not any(s.player_id == player_id for s in table.info.seats):
            raise ApiError(403, "not-seated", "only the players of a table hand a seat to a bot")
        refusal = table.stand_in_refusal(seat)
        if refusal is not None:
            raise ApiError(409, "no-stand-in", refusal)
        if not await asyncio.to_thread(server.store.set_stand_in, table_id, seat, STAND_IN_BOT):
            raise ApiError(409, "no-stand-in", f"seat {seat} is not a person's")
        log.info("table %s: a bot plays seat %d while its player is away", table_id, seat)
        await server.tables.reload_seats(table_id)
        await server.broker.publish("seats", table_id)
        return {"table": table_summary(table.info)}

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        if not origin_allowed(websocket, settings.allowed_origins):
            await websocket.close(code=CLOSE_POLICY)
            return
        client = websocket.client.host if websocket.client is not None else "unknown"
        if server.connections[client] >= settings.connections_per_address:
            await websocket.accept()
            limit = settings.connections_per_address
            await websocket.close(code=CLOSE_POLICY, reason=f"more than {limit} connections from your address")
            return
        try:
            table = await server.tables.get(table_id)
        except SetAside as error:  # accepted, so that the client reads why in the close frame
            await websocket.accept()
            await websocket.close(code=CLOSE_UNAVAILABLE, reason=str(error)[:120])
            return
        if table is None:
            await websocket.close(code=CLOSE_POLICY, reason="no such table")
            return
        await websocket.accept()
        server.connections[client] += 1
        try:
            await Connection(server, websocket, table).run()
        finally:
            server.connections[client] -= 1
            if not server.connections[client]:
                del server.connections[client]

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
