"""What a server is started with."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from biriba.bots.hints import HINT_BOT
from biriba.server import defaults
from biriba.server.auth import hashes_at_once


def default_database_url() -> str:
    """An SQLite file in the user's data directory (created if missing)."""
    folder = Path(platformdirs.user_data_dir("biriba", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'biriba.sqlite3'}"


def normalise_database_url(url: str) -> str:
    """``postgresql://`` URLs go through psycopg 3 (SQLAlchemy's default driver would be psycopg2)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


@dataclass(frozen=True, slots=True)
class Settings:
    """A server's configuration. Every limit protects the server from a client that misbehaves."""

    database_url: str
    redis_url: str | None = None
    """With Redis, table events reach every server process that serves the table (scale-out)."""
    resync_interval: float = defaults.RESYNC_INTERVAL
    """With Redis, seconds between catch-ups of every loaded table from the database, whatever the
    notices: the longest a lost notice delays the views of another process's clients. Each catch-up
    reads every loaded table's new events; shorter means more database reads."""
    allowed_origins: tuple[str, ...] = ()
    """Browser origins allowed on the WebSocket besides the server's own (same host and port)."""
    max_message_bytes: int = 16_384
    """A client message longer than this is refused with an error (the connection stays)."""
    messages_per_second: float = 20.0
    message_burst: int = 40
    """The rate limit: a token bucket per connection."""
    hello_seconds: float = 10.0
    """Seconds a new WebSocket connection has to say ``hello``; then it is closed (code 1008)."""
    connections_per_address: int = 32
    """WebSocket connections open at once from one address; one more is closed at once (code 1008)."""
    spectators_per_table: int = 50
    """Spectators of one table at once (this process); one more is told ``too_many_spectators``."""
    tables_per_player: int = 10
    """Tables still being played that one player may have created; one more is refused (429)."""
    max_body_bytes: int = 65_536
    """An HTTP request body longer than this is refused (413) before it is read whole."""
    outbox_limit: int = 64
    """Messages that may wait to be sent to one connection (states coalesce: only answers to its own
    requests pile up); one more and the connection is dropped (close code 4008)."""
    send_timeout: float = 30.0
    """Seconds a connection's socket may take to accept one message before the connection is dropped."""
    bot_delay: float = defaults.BOT_DELAY
    """Seconds a bot waits before it plays, so that people can follow the game (0 in tests)."""
    hint_bot: str = HINT_BOT
    """The bot spec whose choice a hint gives (the strongest by default; a cheaper one, such as
    ``heuristic``, for a server that must answer many hints at once)."""
    think_workers: int = field(default_factory=lambda: os.cpu_count() or 1)
    """Worker processes where bots and hints think (default: one per core); the event loop never does."""
    think_seconds: float = defaults.THINK_SECONDS
    """The time limit of one bot decision or hint: a decision still thinking then is stopped (its worker
    process ended); a bot's turn is then played by the turn timer's bot, a hint is not given."""
    hashes_at_once: int = field(default_factory=hashes_at_once)
    """Passwords hashed at the same time (each argon2id hash holds 64 MiB while it runs)."""
    hashes_waiting: int = 64
    """Logins that may wait for a hash; one more is refused at once (503, ``Retry-After``)."""
    guests_rate: str = defaults.GUESTS_RATE
    """Guests one address may make (a moving window; ``limits`` notation such as ``"20/minute"``)."""
    logins_rate: str = defaults.LOGINS_RATE
    """Logins one address may try, and one account may be tried with; registrations per address."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses of proxies in front of the server whose ``X-Forwarded-For`` names the client (the
    rate limits count clients by address). Empty: the address of the connection."""
    stand_in_after: float = defaults.STAND_IN_AFTER
    """Seconds a person must have been away from a table before the others may hand their seat to a bot
    (which plays it until they come back)."""
    close_after: float = defaults.CLOSE_AFTER
    """Seconds after the last person left a table before it is closed (no longer played or listed; its
    record kept)."""
    token_days: float = 30.0
    """Days a player token is good for after it is handed out (then: log in again, or a new guest)."""
    secret: str | None = None
    """Signs guest tokens; None: a secret kept in the database, shared by every process."""
    static_dir: Path | None = field(default=None)
    """The browser client's built files; None: the ones shipped in the package."""
