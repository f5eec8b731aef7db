"""Tyzicha's moves, results, hints and table in words (the ``tyzicha.`` texts of the catalogue).

A card the declarer of the forced 100 gives away goes face down: only the giver and its receiver see it,
so a move is put in words for the seat that reads it (``seat_viewing``; None: someone who sees the whole
record, as a replay or bots watched do).
"""

from __future__ import annotations

from collections.abc import Sequence

from biriba.core.cards import suit_of
from biriba.games.tyzicha.bots import TyzichaHint
from biriba.games.tyzicha.game import (
    MARRIAGE_POINTS,
    Bid,
    Concede,
    Give,
    HandResult,
    Pass,
    Play,
    Raise,
    TyzichaAction,
)
from biriba.i18n import Words, searched_hint_key, searched_lead


def sees_gift(action: Give, seat_viewing: int | None, face_down: bool) -> bool:
    """Whether ``seat_viewing`` sees the card ``action`` gives: always face up; face down (the forced 100)
    only the giver and the receiver do."""
    return not face_down or seat_viewing is None or seat_viewing in (action.seat, action.to)


def move_text(  # noqa: PLR0911
    words: Words, action: TyzichaAction, seat_viewing: int | None = None, face_down: bool = False
) -> str:
    """A move with who made it: "P2: bid 120", "P1: gives 9♠ to P3". ``face_down``: the cards of this
    hand are given face down (the forced 100), so a give names its card only to the giver and receiver."""
    seat = action.seat
    match action:
        case Bid(_, value):
            return words("tyzicha.move.bid", seat=seat, value=value)
        case Pass():
            return words("tyzicha.move.pass", seat=seat)
        case Give(_, card, to):
            if sees_gift(action, seat_viewing, face_down):
                return words("tyzicha.move.give", seat=seat, card=card, to=to)
            return words("tyzicha.move.give-hidden", seat=seat, to=to)
        case Raise(_, value):
            return words("tyzicha.move.raise", seat=seat, value=value)
        case Concede():
            return words("tyzicha.move.concede", seat=seat)
        case Play(_, card, True):
            return words("tyzicha.move.marriage", seat=seat, suit=suit_of(card), card=card)
        case Play(_, card):
            return words("tyzicha.move.play", seat=seat, card=card)
    raise TypeError(f"not a Tyzicha action: {action!r}")


def marriage_name(words: Words, suit: int) -> str:
    """A marriage as players say it, with what it scores: "♥ marriage (100)"."""
    return words("tyzicha.marriage-name", suit=suit, points=MARRIAGE_POINTS[suit])


def trump_text(words: Words, trump: int | None) -> str:
    """ "trump ♥", or "no trump yet" before the first marriage."""
    return words("tyzicha.no-trump") if trump is None else words("tyzicha.trump", suit=trump)


def result_text(words: Words, result: HandResult) -> str:
    """How a hand ended: the contract made or broken with the declarer's points, or conceded."""
    seat = result.declarer
    if result.how == "conceded":
        return words("tyzicha.result.conceded", seat=seat, contract=result.contract)
    points = result.card_points[seat] + result.marriage_points[seat]
    return words(f"tyzicha.result.{result.how}", seat=seat, contract=result.contract, points=points)


def standing_text(words: Words, scores: Sequence[int]) -> str:
    """Each player's score: "P1: 120 · P2: -110 · P3: 40"."""
    return " · ".join(words("tyzicha.standing", seat=seat, points=score) for seat, score in enumerate(scores))


def hint_text(words: Words, hint: TyzichaHint) -> str:
    """A hint in words: the move, why, and how it fared against the next best move when searched."""
    facts = dict(hint.facts)
    text = words(
        "tyzicha.hint.move", move=move_text(words, hint.action), reason=words(f"tyzicha.hint.{hint.reason}", **facts)
    )
    if hint.runner_up is not None:
        runner, other = hint.runner_up
        lead = searched_lead("tyzicha", hint.score, other)
        searched = words(searched_hint_key("tyzicha", lead), n=lead, next=move_text(words, runner), worlds=hint.worlds)
        text = words.clauses((text, searched))
    return text
