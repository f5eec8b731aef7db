"""Tyzicha (Тысяча, Thousand), the Russian three-player trick-taking game with a bidding, a widow and
marriages that change trumps (docs/tyzicha.md)."""

from biriba.games.tyzicha.game import (
    PACK,
    Bid,
    Concede,
    Give,
    HandResult,
    Pass,
    Phase,
    Play,
    Raise,
    Trick,
    TyzichaAction,
    TyzichaRules,
    TyzichaState,
    TyzichaView,
    action_from_json,
    action_to_json,
    observe,
)
from biriba.games.tyzicha.match import TyzichaMatch

__all__ = [
    "PACK",
    "Bid",
    "Concede",
    "Give",
    "HandResult",
    "Pass",
    "Phase",
    "Play",
    "Raise",
    "Trick",
    "TyzichaAction",
    "TyzichaMatch",
    "TyzichaRules",
    "TyzichaState",
    "TyzichaView",
    "action_from_json",
    "action_to_json",
    "observe",
]
