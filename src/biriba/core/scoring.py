"""Scoring a hand (docs/rules.md, Scoring and Formats).

Used both by the engine at the end of a hand and by ``biriba score`` for hands played with real cards.

>>> from biriba.core.rules import Rules
>>> from biriba.core.cards import parse_cards
>>> rules = Rules.from_preset("standard")
>>> run = tuple(sorted(parse_cards("3H 4H 5H 6H 7H 8H 9H".split())))
>>> score = score_team(rules, bonus_suit=1, melds=[run], hands=[[], parse_cards(["KS"])],
...                    biribaki=BiribakiStatus.TAKEN, went_out=True)
>>> score.score, score.melded, score.in_hand, score.biribas, score.going_out
(535, 45, -10, 400, 100)
>>> partner_share(135), partner_share(-130)
(70, -65)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from biriba.core.cards import ACE, TWO, Card, card_codes
from biriba.core.melds import RUN, SET, WILD, MeldCards, MeldShape, arrange, check_meld
from biriba.core.rules import BiribaBonuses, Rules


class BiribakiStatus(StrEnum):
    """What became of a team's biribaki (μπιριμπάκι) by the end of the hand."""

    TAKEN = "taken"
    NOT_TAKEN = "not_taken"
    TAKEN_UNPLAYED = "taken_unplayed"
    """Taken with the last discard, and the hand ended before its holder played a turn with it."""


@dataclass(frozen=True, slots=True)
class BiribaScore:
    """One biriba and the bonus it earned, described as data: its ``kind`` (one of
    :data:`BIRIBA_KINDS`), whether it is clean (None for a meld of wild cards), and whether it scored as
    laid at once. The words come from the catalogue of :mod:`biriba.i18n`."""

    cards: tuple[Card, ...]
    kind: str
    clean: bool | None
    laid_whole: bool
    bonus: int

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": card_codes(self.cards),
            "kind": self.kind,
            "clean": self.clean,
            "laid_whole": self.laid_whole,
            "bonus": self.bonus,
        }


BIRIBA_KINDS = (
    "run",
    "bonus-suit-run",
    "full-run",
    "bonus-suit-full-run",
    "ace-to-ace-run",
    "set",
    "full-set",
    "twos-set",
    "aces-set",
    "wild-meld",
)
"""The kinds of biriba that score apart, from the plainest to the most special of each family."""


@dataclass(frozen=True, slots=True)
class TeamScore:
    """A team's score for one hand, line by line. Penalties and cards in hand are negative."""

    melded: int
    in_hand: int
    biribas: int
    going_out: int
    biribaki: int
    """The penalty for a biribaki not taken, or taken and never played."""
    no_biriba: int = 0
    no_melds: int = 0
    """The penalty for melding nothing, in place of the two above (a variation)."""
    cut: int = 0
    """What the cut scored for the team of the player who cut (Venezuelan, Buraco)."""
    rounding: int = 0
    """What rounding the hand's score up added (a variation)."""
    biriba_list: tuple[BiribaScore, ...] = ()
    biribaki_status: BiribakiStatus = BiribakiStatus.TAKEN
    """What became of the team's biribaki: the reason of the biribaki line."""

    @property
    def score(self) -> int:
        return (
            self.melded
            + self.in_hand
            + self.biribas
            + self.going_out
            + self.biribaki
            + self.no_biriba
            + self.no_melds
            + self.cut
            + self.rounding
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "score": self.score,
            "melded": self.melded,
            "in_hand": self.in_hand,
            "biribas": self.biribas,
            "going_out": self.going_out,
            "biribaki": self.biribaki,
            "biribaki_status": self.biribaki_status.value,
            "no_biriba": self.no_biriba,
            "no_melds": self.no_melds,
            "cut": self.cut,
            "rounding": self.rounding,
            "biriba_list": [biriba.to_json() for biriba in self.biriba_list],
        }


@dataclass(frozen=True, slots=True)
class HandScore:
    """The scores of a hand: each scoring unit (a team, or a player before formed partnerships form),
    its seats, and what each seat scores."""

    teams: tuple[tuple[int, ...], ...]
    team_scores: tuple[TeamScore, ...]
    seat_scores: tuple[int, ...]
    partners_share: bool = False
    """Whether partners of a team score half its score each (formed partnerships), not the whole."""

    @classmethod
    def of(cls, rules: Rules, teams: Sequence[tuple[int, ...]], team_scores: Sequence[TeamScore]) -> HandScore:
        """Seat scores from team scores: fixed partners both score their team's score; partners of formed
        partnerships score half of it each (docs/rules.md, Formats)."""
        seat_scores = [0] * rules.players
        for seats, team_score in zip(teams, team_scores, strict=True):
            share = team_score.score
            if rules.formed_partnerships and len(seats) > 1:
                share = partner_share(share)
            for seat in seats:
                seat_scores[seat] = share
        return cls(tuple(teams), tuple(team_scores), tuple(seat_scores), rules.formed_partnerships)

    def to_json(self) -> dict[str, Any]:
        return {
            "teams": [
                {"seats": list(seats), **score.to_json()}
                for seats, score in zip(self.teams, self.team_scores, strict=True)
            ],
            "seat_scores": list(self.seat_scores),
        }


def partner_share(score: int) -> int:
    """What each partner of a formed partnership scores: half the team's score, to a multiple of 5
    (a half of 5 rounds away from zero: 135 gives 70 each, -135 gives -70)."""
    half_fives = (abs(score) + 5) // 10
    return 5 * half_fives if score >= 0 else -5 * half_fives


def biriba_bonus(rules: Rules, shape: MeldShape, bonus_suit: int | None, laid_whole: bool = False) -> tuple[str, int]:
    """The kind of biriba a meld scores as (one of :data:`BIRIBA_KINDS`) and its bonus: ``("", 0)`` for
    a meld shorter than 7 cards.

    ``laid_whole``: the biriba was laid at once; it scores from ``rules.laid_whole_bonuses`` if set.
    """
    if not shape.is_biriba:
        return "", 0
    table = rules.laid_whole_bonuses if laid_whole and rules.laid_whole_bonuses is not None else rules.bonuses
    return _kind_and_points(table, rules, shape, bonus_suit)


def _kind_and_points(table: BiribaBonuses, rules: Rules, shape: MeldShape, bonus_suit: int | None) -> tuple[str, int]:  # noqa: PLR0911
    clean = shape.clean

    def pick(clean_points: int | None, dirty_points: int | None) -> int | None:
        return clean_points if clean else dirty_points

    if shape.kind == WILD:
        return "wild-meld", table.wild_meld if table.wild_meld is not None else table.set_dirty
    if shape.kind == SET:
        special: int | None = None
        if shape.rank == TWO:
            special, kind = pick(table.twos_set_clean, table.twos_set_dirty), "twos-set"
        elif shape.rank == ACE:
            special, kind = pick(table.ace_set_clean, table.ace_set_dirty), "aces-set"
        if special is not None:
            return kind, special
        if clean and shape.length == 4 * rules.decks and table.full_set is not None:
            return "full-set", table.full_set
        return "set", table.set_clean if clean else table.set_dirty
    assert shape.kind == RUN
    in_bonus_suit = bonus_suit is not None and shape.suit == bonus_suit
    if shape.is_ace_to_ace:
        points = pick(table.ace_to_ace_run_clean, table.ace_to_ace_run_dirty)
        if points is not None:
            return "ace-to-ace-run", points
    if shape.is_full and in_bonus_suit:
        return "bonus-suit-full-run", table.bonus_suit_full_run_clean if clean else table.bonus_suit_full_run_dirty
    if shape.is_full:
        return "full-run", table.full_run_clean if clean else table.full_run_dirty
    if in_bonus_suit:
        return "bonus-suit-run", table.bonus_suit_run_clean if clean else table.bonus_suit_run_dirty
    return "run", table.run_clean if clean else table.run_dirty


def score_team(  # noqa: PLR0913
    rules: Rules,
    bonus_suit: int | None,
    melds: Sequence[MeldCards],
    hands: Sequence[Sequence[Card]],
    biribaki: BiribakiStatus,
    went_out: bool,
    laid_whole: Sequence[bool] | None = None,
    none_taken: bool = False,
    cut: int | None = None,
) -> TeamScore:
    """Score one team. ``hands`` are the cards left in its players' hands, not counting an unplayed
    biribaki (those cards never count). ``laid_whole`` marks the melds laid at once as biribas;
    ``none_taken`` says no team took its biribaki; ``cut`` is the cut error when a player of this team
    cut the cards to deal and the rules score the cut (negative: too few cards left to deal). Raise
    :class:`InvalidMeldError` for an invalid meld."""
    melded = 0
    bonus_total = 0
    biribas: list[BiribaScore] = []
    whole = laid_whole if laid_whole is not None else [False] * len(melds)
    for cards, at_once in zip(melds, whole, strict=True):
        shape = check_meld(cards, rules.meld_rules)
        melded += sum(rules.card_value(c) for c in cards)
        kind, bonus = biriba_bonus(rules, shape, bonus_suit, at_once)
        if kind:
            bonus_total += bonus
            scored_whole = at_once and rules.laid_whole_bonuses is not None
            clean = None if shape.kind == WILD else shape.clean
            biribas.append(BiribaScore(tuple(arrange(cards, shape)), kind, clean, scored_whole, bonus))
    in_hand = -sum(rules.card_value(c) for hand in hands for c in hand)
    biribaki_points = no_biriba = no_melds = 0
    if rules.no_melds_penalty and not melds:
        no_melds = -rules.no_melds_penalty
    else:
        if biribaki is BiribakiStatus.NOT_TAKEN and (rules.no_biribaki_penalty_when_none_taken or not none_taken):
            biribaki_points = -rules.no_biribaki_penalty
        elif biribaki is BiribakiStatus.TAKEN_UNPLAYED:
            biribaki_points = -rules.unplayed_biribaki_penalty
        if not biribas:
            no_biriba = -rules.no_biriba_penalty
    cut_points = 0 if cut is None else rules.cut_points(cut)
    lines = TeamScore(
        melded=melded,
        in_hand=in_hand,
        biribas=bonus_total,
        going_out=rules.going_out_bonus if went_out else 0,
        biribaki=biribaki_points,
        no_biriba=no_biriba,
        no_melds=no_melds,
        cut=cut_points,
        biriba_list=tuple(biribas),
        biribaki_status=biribaki,
    )
    if rules.score_rounding:
        step = rules.score_rounding
        rounded = -(-lines.score // step) * step
        return dataclasses.replace(lines, rounding=rounded - lines.score)
    return lines
