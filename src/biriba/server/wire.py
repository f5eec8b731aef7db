"""What the server sends, typed: the WebSocket messages and the HTTP responses, as the browser reads them.

The incoming messages are strict pydantic models (:mod:`biriba.server.protocol`); the outgoing ones are
TypedDicts, so that mypy checks every message the server builds against its type at no cost per
message, and pydantic gives their JSON Schema. ``python -m biriba.server.wire`` writes that schema to
``web/src/wire.schema.json``, from which ``npm run types`` generates the client's TypeScript types
(``web/src/wire.ts``): the client is checked against the server by TypeScript's strict mode. The tests
check that both files are current and that the messages a real server sends have these types.
"""

from __future__ import annotations

import json
import sys
from typing import (
    Any,
    Literal,
    NotRequired,  # pydantic reads TypedDicts from here before Python 3.12
)

from pydantic import ConfigDict, TypeAdapter, with_config
from pydantic.json_schema import GenerateJsonSchema
from typing_extensions import TypedDict

CardCode = str
"""A card as its code: ``AS``, ``10H``, ``JK`` (docs/rules.md)."""

exact = with_config(ConfigDict(extra="forbid", use_attribute_docstrings=True))
"""Every type says all its fields: a field the server sends but its type lacks is an error, not a
field the client would never be told of."""


# --- a seat's view of the hand (biriba.core.views.SeatView.to_json) --------------------------------


@exact
class MeldJson(TypedDict):
    cards: list[CardCode]
    """In table order: a run from its low end, wild cards where they stand."""
    kind: Literal["run", "set", "wild"]
    clean: bool
    length: int
    biriba: bool


@exact
class BoardJson(TypedDict):
    """What every seat sees of the hand: all of a seat's view but its own cards."""

    seat: int | None
    dealer: int
    current: int
    phase: Literal["draw", "play", "over", "choose"]
    hand_sizes: list[int]
    teams: list[int]
    """Each seat's team, or -1 while partnerships are still to form."""
    melds: list[list[MeldJson]]
    discard_pile: list[CardCode]
    discard_pile_size: int
    draw_pile_size: int
    biribakia_left: list[int]
    biribaki: list[str]
    known_cards: list[list[CardCode]]
    """Per seat, the cards the table saw it take (from the pile) and not yet play."""
    discarded: list[list[CardCode]]
    """Per seat, the cards it put on the discard pile this hand, in order (discards and redraws)."""
    bonus_suit: Literal["S", "H", "D", "C"] | None
    upcard: CardCode | None
    passes: int
    went_out: int | None
    scores: list[int]


@exact
class ViewJson(BoardJson):
    """What one seat sees of the hand (a spectator: ``seat`` null and no hand)."""

    hand: list[CardCode]


@exact
class ActionJson(TypedDict):
    """An action of the contract (docs/rules.md): ``type`` says which, and which other fields it has."""

    seat: int
    type: Literal["draw", "take_pile", "pass", "meld", "extend", "discard", "redraw", "choose_bonus_suit"]
    melds: NotRequired[list[list[CardCode]]]
    meld: NotRequired[int]
    cards: NotRequired[list[CardCode]]
    card: NotRequired[CardCode]
    suit: NotRequired[Literal["S", "H", "D", "C"] | None]


@exact
class BiribaJson(TypedDict):
    cards: list[CardCode]
    kind: str
    clean: bool
    laid_whole: bool
    bonus: int


@exact
class TeamScoreJson(TypedDict):
    """One scoring unit's lines of a hand (a team, or a player on their own)."""

    seats: list[int]
    score: int
    melded: int
    in_hand: int
    biribas: int
    going_out: int
    biribaki: int
    biribaki_status: str
    no_biriba: int
    no_melds: int
    cut: int
    rounding: int
    biriba_list: list[BiribaJson]


@exact
class HandScoreJson(TypedDict):
    teams: list[TeamScoreJson]
    seat_scores: list[int]


@exact
class HandResultJson(TypedDict):
    dealer: int
    went_out: int
    """The seat that went out, or -1."""
    teams: list[TeamScoreJson]
    seat_scores: list[int]


@exact
class ReasonJson(TypedDict):
    """Why, as data: a catalogue key and its facts (cards as codes), for the client's own language."""

    key: str
    facts: dict[str, Any]


@exact
class BiribaMoveJson(ActionJson):
    """A Biriba action as the hand's list of moves keeps it: with what it did to the biribakia that it
    does not say itself (``biriba.core.news``: a player took a biribaki, a packet became the draw pile)."""

    news: NotRequired[list[ReasonJson]]


# --- Bura (biriba.server.games.bura_view_json) --------------------------------------------------------


@exact
class BuraTrickJson(TypedDict):
    """A trick played: who led what, the answer, and who took it."""

    leader: int
    led: list[CardCode]
    answer: list[CardCode]
    winner: int


@exact
class BuraAnnouncedJson(TypedDict):
    """A special combination claimed out of turn: the lead is ``seat``'s."""

    seat: int
    combination: Literal["bura", "three-aces", "molodka"]


@exact
class BuraHandResultJson(TypedDict):
    """How a hand of Bura ended, and what it changed in each player's tokens (the ante included)."""

    winner: int | None
    """Who took the pot (None: no one; a drawn hand, or a wrong declaration)."""
    how: Literal["declared", "bura", "wrong-declaration", "drawn"]
    declarer: int | None
    points: int | None
    """The declarer's points, shown when the cards are turned up."""
    penalty: int
    """What a wrong declaration paid into the pot."""
    pot: int
    """What the pot held at the hand's end (what its winner took, or what stays for the next hand)."""
    seat_scores: list[int]
    """Each player's tokens after the hand less before it."""


@exact
class BuraViewJson(TypedDict):
    """What one seat sees of a hand of Bura (a spectator: ``seat`` null and no hand). The won cards are
    counts: their points are not shown, as the piles lie face down at a real table."""

    seat: int | None
    dealer: int
    current: int
    phase: Literal["claim", "lead", "answer", "last-call", "over"]
    hand: list[CardCode]
    hand_sizes: list[int]
    trump_card: CardCode
    trump_in_stock: bool
    stock_size: int
    leader: int
    trick: list[CardCode]
    """The cards led in the trick being played (empty: no lead yet)."""
    last_trick: BuraTrickJson | None
    tricks_played: int
    won_cards: list[int]
    announced: BuraAnnouncedJson | None
    must_lead: list[CardCode]
    """The seat's own combination it claimed the lead with and must now lead, else empty."""
    pot: int
    tokens: list[int]
    """What each player holds besides the pot."""
    result: BuraHandResultJson | None


@exact
class BuraActionJson(TypedDict):
    """A move of Bura (docs/bura.md): ``lead`` and ``answer`` name their cards."""

    seat: int
    type: Literal["lead", "answer", "claim", "declare", "pass"]
    cards: NotRequired[list[CardCode]]


# --- Tyzicha (biriba.server.games.tyzicha_view_json) -------------------------------------------------


@exact
class TyzichaBidJson(TypedDict):
    """A call of the auction: a bid's value, or null for a pass."""

    seat: int
    value: int | None


@exact
class TyzichaGiftJson(TypedDict):
    """A card the declarer gave: null when it went face down (the forced 100) to another seat."""

    to: int
    card: CardCode | None


@exact
class TyzichaMarriageJson(TypedDict):
    seat: int
    suit: Literal["S", "H", "D", "C"]


@exact
class TyzichaTrickJson(TypedDict):
    """A trick played: its leader, the cards in the order played, the trump that held, who took it."""

    leader: int
    cards: list[CardCode]
    trump: Literal["S", "H", "D", "C"] | None
    winner: int


@exact
class TyzichaHandResultJson(TypedDict):
    """How a hand of Tyzicha ended, and what it changed in each player's score (after the cap at 1,000)."""

    declarer: int
    contract: int
    forced: bool
    """The forced contract of 100 (the widow and the cards given stayed face down)."""
    how: Literal["made", "broken", "conceded"]
    card_points: list[int]
    marriage_points: list[int]
    scores: list[int]
    """Each seat's score of the hand by the rules, before the cap."""
    seat_scores: list[int]
    """Each seat's score in the match after the hand less before it (the cap applied)."""


@exact
class TyzichaViewJson(TypedDict):
    """What one seat sees of a hand of Tyzicha (a spectator: ``seat`` null and no hand). The taken tricks
    are counted, never totalled: their points are each player's own reckoning."""

    seat: int | None
    dealer: int
    current: int
    phase: Literal["bid", "forced", "give", "declare", "play", "over"]
    hand: list[CardCode]
    hand_sizes: list[int]
    bids: list[TyzichaBidJson]
    declarer: int | None
    contract: int
    forced: bool
    raised: bool
    widow: list[CardCode]
    """The widow once shown (for the forced 100: to the declarer alone)."""
    given: list[TyzichaGiftJson]
    trump: Literal["S", "H", "D", "C"] | None
    marriages: list[TyzichaMarriageJson]
    leader: int
    trick: list[CardCode]
    """The cards played to the trick in progress, the leader's first."""
    tricks: list[TyzichaTrickJson]
    tricks_won: list[int]
    result: TyzichaHandResultJson | None


@exact
class TyzichaActionJson(TypedDict):
    """A move of Tyzicha (docs/tyzicha.md). A card given face down is sent without ``card`` to the seats
    that may not see it."""

    seat: int
    type: Literal["bid", "pass", "give", "raise", "concede", "play"]
    value: NotRequired[int]
    card: NotRequired[CardCode]
    to: NotRequired[int]
    marriage: NotRequired[bool]


AnyActionJson = ActionJson | BuraActionJson | TyzichaActionJson
"""An action of any game."""

AnyMoveJson = BiribaMoveJson | BuraActionJson | TyzichaActionJson
"""A move of any game's hand, as the list of moves keeps it."""

AnyViewJson = ViewJson | BuraViewJson | TyzichaViewJson
AnyHandResultJson = HandResultJson | BuraHandResultJson | TyzichaHandResultJson


# --- the WebSocket messages ---------------------------------------------------------------------------


@exact
class SeatState(TypedDict):
    seat: int
    name: str | None
    bot: str | None
    registered: bool
    open: bool
    connected: bool
    stand_in: str | None
    """The bot playing for a person who is away."""
    away_seconds: float | None


@exact
class ChatLine(TypedDict):
    seat: int
    text: str
    at: float


@exact
class StateMessage(TypedDict):
    """The table as one connection may see it, after every change (docs/protocol.md)."""

    type: Literal["state"]
    game: Literal["biriba", "bura", "tyzicha"]
    """Which game the table plays: it says the form of the view, the moves and the results."""
    table: str
    seq: int
    seat: int | None
    hand_number: int
    view: AnyViewJson
    my_turn: bool
    seats: list[SeatState]
    watchers: int
    watcher_names: list[str]
    waiting_for_players: bool
    started: bool
    host_seat: int | None
    stand_in_after: float
    moves: list[AnyMoveJson]
    drawn: CardCode | None
    chat: list[ChatLine]
    timed_out: int | None
    last_action: AnyMoveJson | None
    hand_over: bool
    hand_result: AnyHandResultJson | None
    results: list[AnyHandResultJson]
    totals: list[int]
    """Each seat's points (Bura: tokens) in the match."""
    sides: list[list[int]]
    target: int | None
    """The score that ends the match (None: Bura's ends when a player cannot ante)."""
    match_over: bool
    winner: int | None
    may_deal: bool
    turn_seconds: float | None
    turn_deadline: float | None


@exact
class ErrorMessage(TypedDict):
    """A refusal: ``code`` is stable; an illegal action adds its ``rule`` and why (``key``, ``facts``)."""

    type: Literal["error"]
    code: str
    message: str
    rule: NotRequired[str]
    key: NotRequired[str]
    facts: NotRequired[dict[str, Any]]


@exact
class WelcomeMessage(TypedDict):
    type: Literal["welcome"]
    table: str
    seat: int | None
    player: str | None


@exact
class HintMessage(TypedDict):
    type: Literal["hint"]
    seq: int
    action: AnyActionJson
    head: ReasonJson
    details: list[ReasonJson]
    reason: str


@exact
class StoodInMessage(TypedDict):
    """Sent to a person back at a seat a bot played while they were away, before the state: what it did."""

    type: Literal["stood_in"]
    seat: int
    bot: str
    hands: int
    """Hands the bot finished for the seat before this one (0: it played only in the hand in play)."""
    moves: list[AnyMoveJson]
    """The seat's moves of the hand in play that the bot made, oldest first."""


@exact
class PongMessage(TypedDict):
    type: Literal["pong"]


ServerMessage = StateMessage | ErrorMessage | WelcomeMessage | HintMessage | StoodInMessage | PongMessage

MESSAGE_TYPES: dict[str, Any] = {
    "state": StateMessage,
    "error": ErrorMessage,
    "welcome": WelcomeMessage,
    "hint": HintMessage,
    "stood_in": StoodInMessage,
    "pong": PongMessage,
}
"""Each message's type by its ``type`` field."""


# --- the HTTP responses ---------------------------------------------------------------------------------


@exact
class SeatSummary(TypedDict):
    seat: int
    bot: str | None
    name: str | None
    registered: bool
    open: bool
    stand_in: str | None


@exact
class TableSummary(TypedDict):
    """What the lobby shows of a table: its rules and who sits where, never a card."""

    id: str
    game: str
    rules: dict[str, Any]
    players: int
    private: bool
    over: bool
    seats: list[SeatSummary]
    open_seats: int
    turn_seconds: float | None
    error: str | None


@exact
class PlayerJson(TypedDict):
    id: str
    name: str
    username: str | None


@exact
class PlayerResponse(TypedDict):
    player: PlayerJson


@exact
class TokenResponse(TypedDict):
    """A player and the token that proves who they are (``Authorization: Bearer TOKEN``)."""

    player: PlayerJson
    token: str


@exact
class TableResponse(TypedDict):
    table: TableSummary


@exact
class CreatedTable(TypedDict):
    table: TableSummary
    invite: str | None


@exact
class TablesResponse(TypedDict):
    tables: list[TableSummary]


@exact
class GameOffer(TypedDict):
    """A game the server has tables of: its seat counts, presets (the first the default) and bot levels."""

    name: str
    players: list[int]
    default_players: int
    presets: list[str]
    bots: list[str]


@exact
class PresetsResponse(TypedDict):
    presets: list[str]
    """Biriba's presets."""
    bots: list[str]
    """The bot levels of Biriba's tables."""
    games: list[GameOffer]


@exact
class RuleSheetResponse(TypedDict):
    preset: str
    players: int
    sheet: str


@exact
class HistoryEntryJson(TypedDict):
    table: TableSummary
    created_at: float
    seat: int
    hands: int
    totals: list[int]
    sides: list[list[int]]
    winner: int | None
    won: bool | None


@exact
class HistoryResponse(TypedDict):
    matches: list[HistoryEntryJson]


@exact
class ReplayFrame(TypedDict):
    """A finished hand after ``step`` of its ``steps`` actions, every seat's cards shown."""

    game: Literal["biriba"]
    hand: int
    hands: int
    step: int
    steps: int
    action: ActionJson | None
    """The action just played."""
    next_action: ActionJson | None
    view: BoardJson
    hands_by_seat: list[list[CardCode]]
    totals_before: list[int]
    score: HandScoreJson | None
    """The hand's score, at its last step."""


@exact
class ReplayResponse(ReplayFrame):
    table: TableSummary


@exact
class BuraReplayFrame(TypedDict):
    """A finished hand of Bura after ``step`` of its ``steps`` actions, both players' cards shown."""

    game: Literal["bura"]
    hand: int
    hands: int
    step: int
    steps: int
    action: BuraActionJson | None
    next_action: BuraActionJson | None
    view: BuraViewJson
    """The table as a spectator sees it (no hand)."""
    hands_by_seat: list[list[CardCode]]
    totals_before: list[int]
    """Each player's tokens before the hand's ante."""
    score: BuraHandResultJson | None
    """How the hand ended, at its last step."""


@exact
class BuraReplayResponse(BuraReplayFrame):
    table: TableSummary


@exact
class TyzichaReplayFrame(TypedDict):
    """A finished hand of Tyzicha after ``step`` of its ``steps`` actions, every hand shown."""

    game: Literal["tyzicha"]
    hand: int
    hands: int
    step: int
    steps: int
    action: TyzichaActionJson | None
    next_action: TyzichaActionJson | None
    view: TyzichaViewJson
    """The table as a spectator sees it (no hand)."""
    hands_by_seat: list[list[CardCode]]
    totals_before: list[int]
    score: TyzichaHandResultJson | None


@exact
class TyzichaReplayResponse(TyzichaReplayFrame):
    table: TableSummary


@exact
class LoggedOut(TypedDict):
    logged_out: bool


WIRE_TYPES: dict[str, Any] = {
    "ServerMessage": ServerMessage,
    "StateMessage": StateMessage,
    "ErrorMessage": ErrorMessage,
    "WelcomeMessage": WelcomeMessage,
    "HintMessage": HintMessage,
    "TableSummary": TableSummary,
    "TokenResponse": TokenResponse,
    "PlayerResponse": PlayerResponse,
    "TableResponse": TableResponse,
    "CreatedTable": CreatedTable,
    "TablesResponse": TablesResponse,
    "PresetsResponse": PresetsResponse,
    "RuleSheetResponse": RuleSheetResponse,
    "HistoryResponse": HistoryResponse,
    "ReplayResponse": ReplayResponse,
    "BuraReplayResponse": BuraReplayResponse,
    "TyzichaReplayResponse": TyzichaReplayResponse,
    "LoggedOut": LoggedOut,
}
"""The types the client reads, by the name its TypeScript gives them."""


class _UntitledFields(GenerateJsonSchema):
    """Titles for the types, none for their fields: a field's title would become a TypeScript alias of
    its own (``Seat1``, ``Seat2``...)."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def wire_schema() -> dict[str, Any]:
    """One JSON Schema holding every type the client reads, each under ``$defs`` by its name."""
    definitions: dict[str, Any] = {}
    for name, kind in WIRE_TYPES.items():
        schema = TypeAdapter(kind).json_schema(ref_template="#/$defs/{model}", schema_generator=_UntitledFields)
        definitions.update(schema.pop("$defs", {}))
        definitions[name] = schema
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Wire",
        "description": "What the biriba server sends (generated by python -m biriba.server.wire).",
        "type": "object",
        "properties": {name: {"$ref": f"#/$defs/{name}"} for name in WIRE_TYPES},
        "$defs": dict(sorted(definitions.items())),
    }


def conformance(kind: Any) -> TypeAdapter[Any]:
    """A validator of wire type ``kind`` (no field missing, none more); the tests check the messages
    and responses of a real server with it, strictly (``validate_json(text, strict=True)``)."""
    return TypeAdapter(kind)


if __name__ == "__main__":
    sys.stdout.write(json.dumps(wire_schema(), indent=1, ensure_ascii=False) + "\n")
