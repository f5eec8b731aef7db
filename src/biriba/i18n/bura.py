"""Bura's moves and results in words (the ``bura.`` texts of the catalogue)."""

from __future__ import annotations

from biriba.games.bura.bots import BuraHint
from biriba.games.bura.game import Answer, BuraAction, Claim, Declare, HandResult, Lead, Pass
from biriba.i18n import Words, searched_hint_key, searched_lead


def move_text(words: Words, action: BuraAction) -> str:
    """A move with who made it: "P2 answers 10♠"."""
    seat = action.seat
    match action:
        case Lead(_, cards):
            return words("bura.move.lead", seat=seat, cards=cards)
        case Answer(_, cards):
            return words("bura.move.answer", seat=seat, cards=cards)
        case Claim():
            return words("bura.move.claim", seat=seat)
        case Declare():
            return words("bura.move.declare", seat=seat)
        case Pass():
            return words("bura.move.pass", seat=seat)
    raise TypeError(f"not a Bura action: {action!r}")


def combination_name(words: Words, kind: str) -> str:
    """``bura``, ``three-aces`` or ``molodka`` as players say it."""
    return words(f"bura.combination.{kind}")


def result_text(words: Words, result: HandResult, pot: int) -> str:
    """How a hand ended; ``pot``: what the pot held at its end (before the winner took it)."""
    if result.how == "declared":
        return words("bura.result.declared", seat=result.winner, points=result.points, pot=pot)
    if result.how == "bura":
        return words("bura.result.bura", seat=result.winner, pot=pot)
    if result.how == "wrong-declaration":
        return words(
            "bura.result.wrong-declaration", seat=result.declarer, points=result.points, penalty=result.penalty
        )
    return words("bura.result.drawn", pot=pot)


def standing_text(words: Words, tokens: list[int] | tuple[int, ...]) -> str:
    """Each player's tokens: "P1: 12 tokens · P2: 6 tokens"."""
    return " · ".join(
        words("bura.standing", seat=seat, tokens=words("bura.tokens", n=held)) for seat, held in enumerate(tokens)
    )


def hint_text(words: Words, hint: BuraHint) -> str:
    """A hint in words: the move, why, and how it fared against the next best move when searched."""
    facts = dict(hint.facts)
    if "combination" in facts:
        facts["combination"] = combination_name(words, str(facts["combination"]))
    text = words(
        "bura.hint.move", move=move_text(words, hint.action), reason=words(f"bura.hint.{hint.reason}", **facts)
    )
    if hint.runner_up is not None:
        runner, other = hint.runner_up
        lead = searched_lead("bura", hint.score, other)
        searched = words(searched_hint_key("bura", lead), n=lead, next=move_text(words, runner), worlds=hint.worlds)
        text = words.clauses((text, searched))
    return text
