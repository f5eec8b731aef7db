"""The server's defaults, in one place: :class:`~biriba.server.settings.Settings` and ``biriba serve``
(its options and their environment variables) both read them. Only the standard library here, so that
the command line can show them without the server extra installed."""

from __future__ import annotations

HOST = "127.0.0.1"
PORT = 8000
BOT_DELAY = 0.6
"""Seconds a bot waits before it plays, so that people can follow the game."""
RESYNC_INTERVAL = 10.0
"""Seconds between catch-ups of every loaded table, whatever the notices (with Redis): a notice is never
the only way a process learns of another's events, so even one lost without a broken connection (or a
failure while handling it) delays views by at most this long."""
THINK_SECONDS = 10.0
"""The time limit of one bot decision or hint."""
GUESTS_RATE = "20/minute"
LOGINS_RATE = "10/minute"
STAND_IN_AFTER = 60.0
"""Seconds a person must have been away before the others may hand their seat to a bot."""
CLOSE_AFTER = 3600.0
"""Seconds after the last person left before a table is closed (its record kept)."""
LOG_LEVEL = "info"

ENVIRONMENT_PREFIX = "BIRIBA_"
"""Every option of ``biriba serve`` may come from the environment: ``--db`` from ``BIRIBA_DB``,
``--stand-in-after`` from ``BIRIBA_STAND_IN_AFTER`` (a database password never has to go on a command
line, where other users of the machine can read it)."""
