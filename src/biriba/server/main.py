"""``biriba serve``: run the server with uvicorn."""

from __future__ import annotations

import gc
import sys

import uvicorn

from biriba.server.app import create_app
from biriba.server.settings import Settings

FRAME_LIMIT_FACTOR = 4
"""uvicorn closes the connection on a frame this many times the message limit; frames between the
two get an error message and the connection stays."""

COMPRESSION = False
"""No permessage-deflate: a table's views are a few KiB, and compressing every one cost more CPU than
anything else in sending them (and a zlib context per connection). Cheap on any real network."""


def serve(settings: Settings, host: str, port: int, log_level: str = "info") -> None:
    """Serve until interrupted. Port 0 binds a free port chosen by the system; either way the address
    actually bound is printed to stderr (``Biriba: http://HOST:PORT ...``) before the server starts, so
    a script or test can read it instead of guessing a free port that something else may take first."""
    app = create_app(settings)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=settings.max_message_bytes * FRAME_LIMIT_FACTOR,
        ws="websockets-sansio",
        ws_per_message_deflate=COMPRESSION,
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=",".join(settings.trusted_proxies) or None,
    )
    listener = config.bind_socket()  # exits with uvicorn's message if the address cannot be bound
    bound = listener.getsockname()[1]
    shown_host = f"[{host}]" if ":" in host else host
    database = settings.database_url.split("@")[-1]
    print(f"Biriba: http://{shown_host}:{bound} (database: {database})", file=sys.stderr, flush=True)
    tune_garbage_collector()
    uvicorn.Server(config).run(sockets=[listener])


GC_THRESHOLDS = (50_000, 50, 100)
"""The cyclic garbage collector's thresholds for the server process (Python's are 700, 10, 10). A server
allocates fast, and at the default thresholds its collections, the full ones above all, which walk every
live object (every table's states, views and histories), stopped the event loop often enough to set the
tail of the actions' round trip: with 200 tables (benchmarks/load.py), p99 about 90-115 ms before, about
35-60 ms after. Most of a game's garbage is freed by reference counting anyway."""


def tune_garbage_collector() -> None:
    """Collect less often, and leave what exists at start-up (modules, the app) out of every collection."""
    gc.set_threshold(*GC_THRESHOLDS)
    gc.freeze()
