"""The lobby's tables: made, listed, looked up, joined; their seats changed by the host before the first
move or handed to a bot while a person is away; and a finished hand's record and replay for the players."""

from __future__ import annotations

import asyncio
import logging
from typing import Annotated, Any, cast

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, ConfigDict, Field

from biriba.core.errors import InvalidInputError
from biriba.core.rules import OPTION_BOUNDS, PLAYER_COUNTS
from biriba.server.games import OnlineGame, online_game
from biriba.server.history import ReplayRangeError, game_record, game_replay_frame, match_record, replay_frame
from biriba.server.routes.deps import CurrentPlayer, ServerDep, Token
from biriba.server.service import ApiError
from biriba.server.store import TableInfo
from biriba.server.wire import (
    BuraReplayResponse,
    CreatedTable,
    ReplayResponse,
    TableResponse,
    TablesResponse,
    TableSummary,
    TyzichaReplayResponse,
)

router = APIRouter(prefix="/api", tags=["tables"])
log = logging.getLogger("biriba.server")


class Body(BaseModel):
    """A request body: exactly its fields, of exactly their types."""

    model_config = ConfigDict(extra="forbid", strict=True)


MAX_PLAYERS = max(PLAYER_COUNTS)
"""Seats are numbered 0 to ``MAX_PLAYERS - 1`` at most; the engine's rules say which counts are formats."""


class CreateTableRequest(Body):
    """A new table of ``game``. ``seats`` has one entry per seat: a bot level, or null for a seat people
    take. The limits are the engine's (:data:`~biriba.core.rules.PLAYER_COUNTS`,
    :data:`~biriba.core.rules.OPTION_BOUNDS`): the game's rules check every option again, naming the one
    out of bounds."""

    game: Annotated[str, Field(max_length=16)] = "biriba"
    players: Annotated[int, Field(ge=min(PLAYER_COUNTS), le=MAX_PLAYERS)] | None = None
    """Default: the game's usual number (Biriba 4, Bura 2)."""
    preset: Annotated[str, Field(max_length=40)] | None = None
    """Default: the game's first preset (Biriba ``standard``)."""
    options: Annotated[dict[str, Any], Field(max_length=64)] = Field(default_factory=dict)
    target: Annotated[int, Field(ge=OPTION_BOUNDS["target"][0], le=OPTION_BOUNDS["target"][1])] | None = None
    seats: Annotated[list[Annotated[str, Field(max_length=40)] | None], Field(max_length=MAX_PLAYERS)] | None = None
    """Default: the creator in seat 0 and the game's default bot (Biriba ``greedy``) everywhere else."""
    private: bool = False
    seat: Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)] | None = 0
    """Where the creator sits (null: the creator only watches)."""
    turn_seconds: Annotated[float, Field(ge=1, le=3600)] | None = None
    """The turn timer: when a person's turn lasts this long, the server plays the rest of it."""


class JoinRequest(Body):
    seat: Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)]
    invite: Annotated[str, Field(max_length=512)] | None = None


class SeatChange(Body):
    """The host makes an open seat a bot's (its level) or a person's (None), before the first move."""

    bot: Annotated[str, Field(max_length=40)] | None


def check_bot_level(game: OnlineGame, level: str) -> None:
    """Refuse (400) a bot level the game's tables do not seat."""
    if level not in game.bot_levels:
        known = ", ".join(game.bot_levels)
        raise ApiError(400, "unknown-bot", f"unknown bot level {level!r} for {game.name} (known: {known})")


def table_summary(info: TableInfo) -> TableSummary:
    """What the lobby shows of a table: its rules and who sits where, never a card."""
    return {
        "id": info.id,
        "game": info.game,
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


@router.get("/tables/{table_id}/record")
async def table_record(table_id: str, server: ServerDep, player: CurrentPlayer) -> dict[str, Any]:
    """The table's finished hands as a match record (``biriba replay`` reads it)."""
    info = await server.seated_table(table_id, player.player_id)
    events = await asyncio.to_thread(server.store.events, table_id)
    if info.game != "biriba":
        return (await asyncio.to_thread(game_record, info, events)).to_json()
    record = await asyncio.to_thread(match_record, info, events)
    return record.to_json()


@router.get("/tables/{table_id}/replay")
async def table_replay(
    table_id: str, server: ServerDep, player: CurrentPlayer, hand: int = 0, step: int = 0
) -> ReplayResponse | BuraReplayResponse | TyzichaReplayResponse:
    """The table after ``step`` actions of finished hand ``hand``, every seat's cards shown."""
    info = await server.seated_table(table_id, player.player_id)
    events = await asyncio.to_thread(server.store.events, table_id)
    try:
        if info.game != "biriba":
            record = await asyncio.to_thread(game_record, info, events)
            frame = await asyncio.to_thread(game_replay_frame, record, hand, step)
            response: BuraReplayResponse | TyzichaReplayResponse = cast(Any, {**frame, "table": table_summary(info)})
            return response
        biriba_record = await asyncio.to_thread(match_record, info, events)
        biriba_frame = await asyncio.to_thread(replay_frame, biriba_record, hand, step)
    except ReplayRangeError as error:
        raise ApiError(400, error.key, str(error)) from None
    return {**biriba_frame, "table": table_summary(info)}


@router.post("/tables", status_code=201)
async def create_table(body: CreateTableRequest, server: ServerDep, player: CurrentPlayer) -> CreatedTable:
    player_id, name = player.player_id, player.name
    playing = await asyncio.to_thread(server.store.tables_created_by, player_id)
    if playing >= server.settings.tables_per_player:
        raise HTTPException(429, f"you have {playing} tables still being played: finish one before you create another")
    try:
        game = online_game(body.game)
        players = body.players or game.game.default_players
        rules = game.request_rules(body.preset or game.game.presets[0], players, body.options, body.target)
    except InvalidInputError as error:
        raise HTTPException(400, str(error)) from None
    seats = body.seats if body.seats is not None else [None] + [game.default_bot] * (players - 1)
    if len(seats) != players:
        raise HTTPException(400, f"'seats' needs one entry per seat: {players}, not {len(seats)}")
    for level in seats:
        if level is not None:
            check_bot_level(game, level)
    if body.seat is not None and (body.seat >= players or seats[body.seat] is not None):
        raise HTTPException(400, f"seat {body.seat} is not a seat for a person at this table")
    created = await asyncio.to_thread(
        server.store.create_table,
        game.game.rules_to_json(rules),
        0,
        game.fresh_deal(rules),
        body.private,
        seats,
        body.turn_seconds,
        player_id,
        game.name,
    )
    info: TableInfo | None = created
    if body.seat is not None:
        await asyncio.to_thread(server.store.claim_seat, created.id, body.seat, player_id, name)
        info = await asyncio.to_thread(server.store.table, created.id)
    assert info is not None
    return {"table": table_summary(info), "invite": info.invite}


@router.get("/tables")
async def list_tables(server: ServerDep) -> TablesResponse:
    """Public tables still being played."""
    tables = await asyncio.to_thread(server.store.open_tables)
    return {"tables": [table_summary(info) for info in tables]}


@router.get("/tables/{table_id}")
async def get_table(table_id: str, server: ServerDep, token: Token, invite: str | None = None) -> TableResponse:
    info = await server.table_info(table_id)
    if info.private and invite != info.invite:
        # Only a private table asks who the reader is: a public one is shown to anyone, whatever token they hold.
        session = None if token is None else await asyncio.to_thread(server.session, token)
        seated = session is not None and any(s.player_id == session[1].player_id for s in info.seats)
        if not seated:
            raise ApiError(403, "private-table", "this table is private: it needs its invitation")
    return {"table": table_summary(info)}


@router.post("/tables/{table_id}/join")
async def join_table(table_id: str, body: JoinRequest, server: ServerDep, player: CurrentPlayer) -> TableResponse:
    """Sit in an open seat (a private table needs its invitation)."""
    player_id, name = player.player_id, player.name
    info = await server.table_info(table_id)
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
    await server.seats_changed(table_id)
    joined = await asyncio.to_thread(server.store.table, table_id)
    assert joined is not None
    return {"table": table_summary(joined)}


@router.post("/tables/{table_id}/seats/{seat}")
async def change_seat(
    table_id: str, seat: int, body: SeatChange, server: ServerDep, player: CurrentPlayer
) -> TableResponse:
    """The host makes a seat no person holds a bot's or open for a person, before the first move."""
    player_id = player.player_id
    table = await server.live_table(table_id)
    if not 0 <= seat < len(table.info.seats):
        raise HTTPException(400, f"seat {seat} is not a seat of this {len(table.info.seats)}-player table")
    if body.bot is not None:
        check_bot_level(table.game, body.bot)
    if table.info.created_by != player_id:
        raise ApiError(403, "not-host", "only the player who made the table changes its seats")
    if table.seq > 0 or table.hand_index > 0:
        raise ApiError(409, "table-started", "the game has begun: its seats no longer change")
    if not await asyncio.to_thread(server.store.set_seat_bot, table_id, seat, body.bot):
        raise ApiError(409, "seat-taken", f"a person sits in seat {seat}")
    await server.seats_changed(table_id)
    return {"table": table_summary(table.info)}


@router.post("/tables/{table_id}/seats/{seat}/stand-in")
async def stand_in(table_id: str, seat: int, server: ServerDep, player: CurrentPlayer) -> TableResponse:
    """A player of the table hands the seat of a person away long enough to a bot, which plays it until
    the person comes back."""
    player_id = player.player_id
    table = await server.live_table(table_id)
    if not any(s.player_id == player_id for s in table.info.seats):
        raise ApiError(403, "not-seated", "only the players of a table hand a seat to a bot")
    refusal = table.stand_in_refusal(seat)
    if refusal is not None:
        raise ApiError(409, "no-stand-in", refusal)
    if not await asyncio.to_thread(server.store.set_stand_in, table_id, seat, table.game.stand_in_bot):
        raise ApiError(409, "no-stand-in", f"seat {seat} is not a person's")
    log.info("table %s: a bot plays seat %d while its player is away", table_id, seat)
    await server.seats_changed(table_id)
    return {"table": table_summary(table.info)}
