"""The live table: a WebSocket per client, which says who it is and then plays, watches, talks and
hears every change (docs/protocol.md)."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from biriba.server.connection import CLOSE_POLICY, CLOSE_UNAVAILABLE, Connection, origin_allowed
from biriba.server.routes.deps import ServerDep
from biriba.server.table import SetAside

router = APIRouter(tags=["live"])


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str, server: ServerDep) -> None:
    settings = server.settings
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
