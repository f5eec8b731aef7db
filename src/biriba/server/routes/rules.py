"""The server's health, the presets and bot levels it offers, and each preset's rule sheet."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from biriba.core.errors import InvalidInputError
from biriba.core.records import rules_for_players
from biriba.core.rules import PRESETS
from biriba.i18n import Words
from biriba.rulesheet import rule_sheet
from biriba.server.games import ONLINE_GAMES, online_game
from biriba.server.protocol import Language
from biriba.server.service import ApiError
from biriba.server.wire import PresetsResponse, RuleSheetResponse

router = APIRouter(prefix="/api", tags=["rules"])


@router.get("/health")
def health() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/presets")
def presets() -> PresetsResponse:
    return {
        "presets": list(PRESETS),
        "bots": list(online_game("biriba").bot_levels),
        "games": [
            {
                "name": name,
                "players": list(game.game.players),
                "default_players": game.game.default_players,
                "presets": list(game.game.presets),
                "bots": list(game.bot_levels),
            }
            for name, game in ONLINE_GAMES.items()
        ],
    }


@router.get("/rules/{preset}")
def rules_sheet(preset: str, players: int | None = None, language: Language = "en") -> RuleSheetResponse:
    """The rule sheet of a preset, as a table would agree it, in the reader's language."""
    if preset not in PRESETS:
        raise ApiError(404, "no-preset", f"there is no preset {preset!r} (known: {', '.join(PRESETS)})")
    try:
        rules = rules_for_players(preset, players)
    except InvalidInputError as error:
        raise HTTPException(400, str(error)) from None
    return {"preset": preset, "players": rules.players, "sheet": rule_sheet(rules, Words(language))}
