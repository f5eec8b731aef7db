"""Group commit of the event log: every table's new events go to the database together.

One commit per action was the server's main cost under load (a transaction, a journal write and a
worker-thread hand-off each). Instead, :meth:`EventWriter.append` queues the event and waits; one
writer task takes everything queued, writes it in a single transaction in a worker thread, and
answers each waiting table. Events that arrive during a write go in the next one, so under load
batches grow and the cost per event falls, while a lone event is written at once. An action is
still only applied and shown after its event is committed: nothing acknowledged is ever lost.
"""

from __future__ import annotations

import asyncio
from typing import Any

from biriba.server.store import Event, Store


class EventWriter:
    """Writes queued events of all tables in batches, one transaction each."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._queued: list[tuple[str, Event, asyncio.Future[bool]]] = []
        self._task: asyncio.Task[None] | None = None

    async def append(self, table_id: str, seq: int, kind: str, data: Any, created_at: float) -> bool:
        """Write one event; False if its sequence number was taken (as :meth:`Store.append`)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        self._queued.append((table_id, Event(seq, kind, data, created_at), future))
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._write_all())
        return await future

    async def _write_all(self) -> None:
        while self._queued:
            batch, self._queued = self._queued, []
            try:
                written = await asyncio.to_thread(self.store.append_many, [(table, event) for table, event, _ in batch])
            except Exception as error:  # the database failed: every table of the batch hears it
                for _, _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                continue
            for (_, _, future), ok in zip(batch, written, strict=True):
                if not future.done():
                    future.set_result(ok)
