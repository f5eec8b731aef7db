"""Players: guests (a chosen name) and registered users (a login and a password), each with a
signed token that proves who they are.

A registered user's password is kept only as an argon2id hash (``argon2-cffi``, its recommended
parameters); logging in on any device gives a token for the same player, so the user gets back to
their seats from there. The token is ``itsdangerous``-signed ``{"id": player id}``; the signing secret is kept in the
database, so a token stays valid across restarts and on every server process of a deployment.
Whoever holds the token is that player: it is how a dropped player gets back to the same seat.
"""

from __future__ import annotations

import asyncio
import os
import time
import unicodedata
from collections.abc import Callable
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeSerializer
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from zxcvbn import zxcvbn

T = TypeVar("T")

NAME_LENGTH = 24
NAME_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories a name may not hold: control characters, format characters (bidirectional
controls that reverse what follows, zero-width spaces and joiners), lone surrogates, private use,
unassigned code points, and line or paragraph separators: a name must look like what it is."""


LOGIN_LENGTH = (3, 24)
"""A login name: 3 to 24 letters, digits, ``_``, ``.`` or ``-``; compared without case."""
MIN_PASSWORD = 8
MAX_PASSWORD = 256
"""Password lengths (characters); the upper bound keeps a hash request from costing more than a login."""
MIN_PASSWORD_SCORE = 3
"""The least ``zxcvbn`` strength score (0-4) of a new password: 3 is "safely unguessable", beyond about
10^10 guesses. Common passwords, keyboard walks, repeats and the username itself score lower."""
STRENGTH_CHECKED = 72
"""Characters of a password whose strength is estimated (zxcvbn's own limit; its cost grows with length)."""


class TokenError(ValueError):
    """A token that is malformed, forged, or names no player."""


def check_name(name: str) -> str:
    """The name, trimmed and in Unicode's composed form (NFC); ValueError naming the problem if it is
    not a usable name."""
    trimmed = unicodedata.normalize("NFC", name.strip())
    if not 1 <= len(trimmed) <= NAME_LENGTH or "<" in trimmed or ">" in trimmed:
        raise ValueError(f"a name is 1 to {NAME_LENGTH} printable characters, without < or >")
    for character in trimmed:
        if unicodedata.category(character) in NAME_REFUSED_CATEGORIES:
            raise ValueError(
                f"a name may not hold invisible or control characters such as U+{ord(character):04X} "
                f"({unicodedata.name(character, 'unnamed')})"
            )
    return trimmed


class TokenSigner:
    """Makes and checks player tokens: a signed session id (the session row says whose, until when,
    and whether it was revoked). Tokens made before sessions existed named the player: they stand for
    the session ``legacy:PLAYER`` the migration made."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt="biriba-session")
        self._legacy = URLSafeSerializer(secret, salt="biriba-player")

    def token(self, session_id: str) -> str:
        return str(self._serializer.dumps({"s": session_id}))

    def session_id(self, token: str) -> str:
        """The session a token was made for; :class:`TokenError` if it was not made by this server."""
        for serializer, key, prefix in ((self._serializer, "s", ""), (self._legacy, "id", "legacy:")):
            try:
                data = serializer.loads(token)
            except BadSignature:
                continue
            if isinstance(data, dict) and isinstance(data.get(key), str):
                return prefix + str(data[key])
        raise TokenError("the token is not valid: log in again, or play as a new guest")


def login_key(login: str) -> str:
    """The form a username is known by: compatibility-composed (NFKC) and case-folded, so that
    ``Ελένη``, ``ΕΛΈΝΗ`` and ``ελένη`` are one account, as ``Eleni`` and ``eleni`` are."""
    return unicodedata.normalize("NFKC", login).casefold()


def check_login(login: str) -> str:
    """The login key of a new username (:func:`login_key`); ValueError naming the problem. A username
    is 3 to 24 letters or digits of any one alphabet (Latin, Greek, Cyrillic...), or ``_ . -``: one
    alphabet, so that no name passes for another by mixing look-alike letters (Latin ``a``, Cyrillic ``а``)."""
    key = login_key(login)
    if not LOGIN_LENGTH[0] <= len(key) <= LOGIN_LENGTH[1]:
        raise ValueError(f"a username is {LOGIN_LENGTH[0]} to {LOGIN_LENGTH[1]} letters, digits, '_', '.' or '-'")
    scripts = set()
    for character in key:
        category = unicodedata.category(character)
        if character in "_.-" or category == "Nd":
            continue
        if not category.startswith("L"):
            raise ValueError(f"a username holds letters, digits, '_', '.' or '-', not {character!r}")
        scripts.add(unicodedata.name(character, "?").split()[0])
    if len(scripts) > 1:
        raise ValueError(f"a username is written in one alphabet, not a mix ({', '.join(sorted(scripts)).lower()})")
    return key


def check_password(password: str, *known: str) -> str:
    """The password, if it is long enough, not too long and not easy to guess (``known``: the username
    and name, which it must not be made of); ValueError naming the problem."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ValueError(f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    strength = zxcvbn(password[:STRENGTH_CHECKED], user_inputs=[word for word in known if word])
    if strength["score"] < MIN_PASSWORD_SCORE:
        feedback = strength["feedback"]
        advice = " ".join(filter(None, [feedback.get("warning"), *feedback.get("suggestions", [])]))
        raise ValueError(f"this password is too easy to guess{': ' + advice if advice else ''}")
    return password


def hashes_at_once() -> int:
    """How many passwords a server hashes at the same time by default: one per core, at most 8. Each
    argon2id hash holds 64 MiB while it runs (the library's recommended parameters), so this bounds the
    memory hashing takes (8 at most: 512 MiB) whatever the number of logins arriving."""
    return max(1, min(8, os.cpu_count() or 1))


class HashingBusy(Exception):
    """More logins wait for a hash than the server queues: the client should try again shortly."""


class Passwords:
    """argon2id hashes of passwords, at most ``at_once`` at a time (a semaphore), in worker threads.

    Hashing is deliberately slow (tens of milliseconds) and takes 64 MiB of memory while it runs: forty
    logins at once would take gigabytes. The others wait their turn without holding a thread, and
    beyond ``waiting`` of them a login is refused at once (:class:`HashingBusy`)."""

    def __init__(self, at_once: int, waiting: int) -> None:
        if at_once < 1 or waiting < 0:
            raise ValueError(f"hashing needs at_once >= 1 and waiting >= 0, not {at_once} and {waiting}")
        self._hasher = PasswordHasher()
        self._unknown = self._hasher.hash("an account that does not exist")
        """Checked against when a login is unknown, so that unknown and wrong take the same time."""
        self.at_once = at_once
        self.waiting_limit = waiting
        self._slots = asyncio.Semaphore(at_once)
        self._waiting = 0

    async def _hashing(self, work: Callable[[], T]) -> T:
        if self._waiting >= self.waiting_limit and self._slots.locked():
            raise HashingBusy("the server is checking many passwords: try again in a few seconds")
        self._waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self._waiting -= 1
        try:
            return await asyncio.to_thread(work)
        finally:
            self._slots.release()

    async def hash(self, password: str) -> str:
        return await self._hashing(lambda: self._hasher.hash(password))

    async def verify(self, password_hash: str | None, password: str) -> bool:
        """Whether ``password`` matches ``password_hash`` (None: an unknown login, never a match)."""

        def check() -> bool:
            try:
                self._hasher.verify(password_hash or self._unknown, password)
            except (VerificationError, InvalidHashError):
                return False
            return password_hash is not None

        return await self._hashing(check)

    def needs_rehash(self, password_hash: str) -> bool:
        return self._hasher.check_needs_rehash(password_hash)


class RateLimited(Exception):
    """Too many requests of one kind from one address (or for one account); ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class RateLimits:
    """Requests per address (or per account) within a moving window (the ``limits`` library, in this
    process's memory): guests made, logins and registrations tried."""

    def __init__(self, guests: str, logins: str) -> None:
        """``guests``, ``logins``: rates such as ``"20/minute"`` (guests per address; logins per
        address and per account, registrations per address)."""
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._rates: dict[str, RateLimitItem] = {"guest": parse(guests), "login": parse(logins)}

    def take(self, kind: str, *keys: str) -> None:
        """Count one request of ``kind`` against each key; :class:`RateLimited` if any key is over its rate
        (then nothing is counted)."""
        rate = self._rates[kind]
        for key in keys:
            if not self._limiter.test(rate, kind, key):
                reset = self._limiter.get_window_stats(rate, kind, key).reset_time
                wait = max(1, int(reset - time.time()) + 1)
                raise RateLimited(f"too many attempts: try again in {wait} seconds", wait)
        for key in keys:
            self._limiter.hit(rate, kind, key)
