"""Bura (Бура), the Russian two-player trick-taking game (docs/bura.md)."""

from biriba.games.bura.game import (
    PACK,
    Answer,
    BuraAction,
    BuraRules,
    BuraState,
    BuraView,
    Claim,
    Declare,
    HandResult,
    Lead,
    Pass,
    Phase,
    action_from_json,
    action_to_json,
    observe,
)
from biriba.games.bura.match import BuraMatch

__all__ = [
    "PACK",
    "Answer",
    "BuraAction",
    "BuraMatch",
    "BuraRules",
    "BuraState",
    "BuraView",
    "Claim",
    "Declare",
    "HandResult",
    "Lead",
    "Pass",
    "Phase",
    "action_from_json",
    "action_to_json",
    "observe",
]
