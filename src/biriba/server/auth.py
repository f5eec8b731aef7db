"""Players: guests (a chosen name) and registered users (a login and a password), each with a
signed token that proves who they are.

A registered user's password is kept only as an argon2id hash (``argon2-cffi``, its recommended
parameters); logging in on any device gives a token for the same player, so the user gets back to
their seats from there. The token is ``itsdangerous``-signed ``{"id": player id}``; the signing secret is kept in the
database, so a token stays valid across restarts and on every server process of a deployment.
Whoever holds the token is that player: it is how a dropped player gets back to the same seat.
"""

from __future__ import annotations

import re

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeSerializer

NAME_PATTERN = re.compile(r"^[^\x00-\x1f\x7f<>]{1,24}$")
"""A player's name: 1 to 24 printable characters, no angle brackets."""


LOGIN_PATTERN = re.compile(r"^[A-Za-z0-9_.-]{3,24}$")
"""A login name: 3 to 24 letters, digits, ``_``, ``.`` or ``-``; compared without case."""
MIN_PASSWORD = 8
MAX_PASSWORD = 256
"""Password lengths (characters); the upper bound keeps a hash request from costing more than a login."""


class TokenError(ValueError):
    """A token that is malformed, forged, or names no player."""


def check_name(name: str) -> str:
    """The name, trimmed; ValueError naming the problem if it is not a usable name."""
    trimmed = name.strip()
    if not NAME_PATTERN.fullmatch(trimmed):
        raise ValueError("a name is 1 to 24 printable characters, without < or >")
    return trimmed


class TokenSigner:
    """Makes and checks player tokens."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt="biriba-player")

    def token(self, player_id: str) -> str:
        return str(self._serializer.dumps({"id": player_id}))

    def player_id(self, token: str) -> str:
        """The player a token was made for; :class:`TokenError` if it was not made by this server."""
        try:
            data = self._serializer.loads(token)
        except BadSignature:
            raise TokenError("the token is not valid: ask for a new one") from None
        if not isinstance(data, dict) or not isinstance(data.get("id"), str):
            raise TokenError("the token is not valid: ask for a new one")
        return str(data["id"])


def check_login(login: str) -> str:
    """The login name in lower case (logins are the same whatever the case); ValueError naming the problem."""
    if not LOGIN_PATTERN.fullmatch(login):
        raise ValueError("a username is 3 to 24 letters, digits, '_', '.' or '-'")
    return login.lower()


def check_password(password: str) -> str:
    """The password, if it is long enough and not too long; ValueError naming the problem."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ValueError(f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


class Passwords:
    """argon2id hashes of passwords. Hashing is deliberately slow (tens of milliseconds): the server
    calls these methods from worker threads."""

    def __init__(self) -> None:
        self._hasher = PasswordHasher()
        self._unknown = self._hasher.hash("an account that does not exist")
        """Checked against when a login is unknown, so that unknown and wrong take the same time."""

    def hash(self, password: str) -> str:
        return self._hasher.hash(password)

    def verify(self, password_hash: str | None, password: str) -> bool:
        """Whether ``password`` matches ``password_hash`` (None: an unknown login, never a match)."""
        try:
            self._hasher.verify(password_hash or self._unknown, password)
        except (VerificationError, InvalidHashError):
            return False
        return password_hash is not None

    def needs_rehash(self, password_hash: str) -> bool:
        return self._hasher.check_needs_rehash(password_hash)
