"""The WebSocket messages: strict schemas for what clients send, builders for what the server sends.

Every client message is a JSON object with a ``type``. The schemas are strict (no extra fields, no
type coercion: ``"seq": "3"`` is refused), so that whatever reaches the table is exactly what the
protocol allows; anything else is answered with an ``error`` message and the connection goes on.
``docs/protocol.md`` describes every message.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from biriba.server.wire import ErrorMessage, WelcomeMessage

Language = Literal["en", "el"]
MAX_TOKEN = 512


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Hello(_Message):
    """The first message: who is connecting (a player token; none to watch) and, for a private
    table, the invitation."""

    type: Literal["hello"]
    token: Annotated[str, Field(max_length=MAX_TOKEN)] | None = None
    invite: Annotated[str, Field(max_length=MAX_TOKEN)] | None = None


class ActionMessage(_Message):
    """An action in the JSON form of docs/rules.md, made against the table's sequence number ``seq``."""

    type: Literal["action"]
    seq: Annotated[int, Field(ge=0)]
    action: dict[str, Any]


class NextHand(_Message):
    """Deal the next hand once the current one is over (made against ``seq`` like an action)."""

    type: Literal["next_hand"]
    seq: Annotated[int, Field(ge=0)]


class HintRequest(_Message):
    """What the strongest bot would do in the player's place, and why."""

    type: Literal["hint"]
    language: Language = "en"


class Ping(_Message):
    type: Literal["ping"]


MAX_CHAT = 300
"""The longest chat line, in characters."""


class Chat(_Message):
    """A line of the table's chat, from a player seated at it (to everyone at the table)."""

    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=MAX_CHAT)]


AnyClientMessage = Hello | ActionMessage | NextHand | HintRequest | Ping | Chat
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
_CLIENT_MESSAGE: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)


class MalformedMessage(ValueError):
    """A client message that is not valid JSON or matches no schema; the text says what is wrong."""


def parse_client_message(text: str) -> AnyClientMessage:
    """The message in ``text``; :class:`MalformedMessage` naming the first problems if it is not one."""
    try:
        return _CLIENT_MESSAGE.validate_json(text)
    except ValidationError as error:
        problems = []
        for item in error.errors()[:3]:
            where = ".".join(str(part) for part in item["loc"]) or "message"
            problems.append(f"{where}: {item['msg']}")
        raise MalformedMessage("; ".join(problems)) from None


# --- what the server sends --------------------------------------------------------------------


def error_message(
    code: str, message: str, rule: str | None = None, reason: dict[str, Any] | None = None
) -> ErrorMessage:
    """An error: ``code`` is stable (``malformed``, ``illegal``, ``stale``, ``not_your_seat``, ...),
    ``message`` is English for logs and simple clients, ``rule`` names the rule an illegal action
    broke and ``key``/``facts`` say why as data, for the client to put in its player's language
    (:func:`biriba.i18n.reason_json`)."""
    data: ErrorMessage = {"type": "error", "code": code, "message": message}
    if rule is not None:
        data["rule"] = rule
    if reason is not None:
        data["key"], data["facts"] = reason["key"], reason["facts"]
    return data


def welcome_message(table_id: str, seat: int | None, player_id: str | None) -> WelcomeMessage:
    return {"type": "welcome", "table": table_id, "seat": seat, "player": player_id}
