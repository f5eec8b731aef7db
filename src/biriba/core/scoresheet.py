"""Scoring a hand played with real cards: the input of ``biriba score`` (docs/rules.md, Scoring a physical hand).

>>> sheet = score_sheet({"rules": "standard", "bonus_suit": "H", "teams": [
...     {"melds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H"]], "hands": [[], ["KS"]],
...      "biribaki": "taken", "went_out": True},
...     {"melds": [["QS", "QD", "QC"]], "hands": [["5C", "JK"], ["AS"]],
...      "biribaki": "not_taken", "went_out": False}]})
>>> [team.score for team in sheet.team_scores], sheet.seat_scores
([535, -110], (535, -110, 535, -110))

Besides the fields of the contract, a team may give ``"laid_whole"`` (the numbers of its melds laid at
once as biribas, for rules that score those apart) and ``"cut"`` (the dealer's cut error, on the
dealer's team, for rules that score the cut). The record's ``"players"`` may stand beside ``"rules"``.
Seats are numbered as at the table: the players of fixed partnership ``t`` are seats ``t``,
``t + teams``...; elsewhere seats follow the order the hands are listed, team after team.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from biriba.core.cards import SUIT_INPUT, Card, beyond_pack, parse_card
from biriba.core.errors import IllegalAction, InvalidInputError, InvalidMeldError, Reason
from biriba.core.melds import MeldRules, MeldShape, canonical, check_meld
from biriba.core.records import rules_for_players
from biriba.core.rules import Rules
from biriba.core.scoring import BiribakiStatus, HandScore, score_team

_TEAM_FIELDS = {"melds", "hands", "biribaki", "went_out", "laid_whole", "cut", "seats"}


@dataclass(frozen=True, slots=True)
class _Team:
    melds: list[tuple[Card, ...]]
    hands: list[list[Card]]
    biribaki: BiribakiStatus
    went_out: bool
    laid_whole: list[bool]
    cut: int | None
    seats: tuple[int, ...] | None


def score_sheet(data: object, match_rules: Rules | None = None) -> HandScore:
    """Score every team of a hand described as in docs/rules.md (Scoring a physical hand).

    Raise :class:`InvalidInputError` for input of the wrong form, :class:`InvalidMeldError` for an
    invalid meld and :class:`IllegalAction` for a hand that cannot have happened (more copies of a
    card than the pack holds, two teams going out, going out without a biriba...). A hand of a match is
    scored under the match's rules (``match_rules``: the hand names none), and where its pairs formed
    in the hand it must say who sat where (every team's ``"seats"``).
    """
    in_match = match_rules is not None
    if not isinstance(data, dict):
        raise InvalidInputError(
            "a hand must be an object with 'bonus_suit' and 'teams'"
            if in_match
            else "the hand must be a JSON object with 'rules', 'bonus_suit' and 'teams'"
        )
    unknown = set(data) - ({"bonus_suit", "teams"} if in_match else {"rules", "players", "bonus_suit", "teams"})
    if unknown:
        named = " (the match names the rules)" if in_match else ""
        raise InvalidInputError(f"unknown field(s): {', '.join(sorted(unknown))}{named}")
    rules = match_rules or rules_for_players(data.get("rules", "standard"), data.get("players"))
    bonus_suit = _bonus_suit(data.get("bonus_suit"))
    if bonus_suit is not None and not rules.bonus_suit:
        # Scored, it would pay the bonus suit's runs (a Buraco canastra in hearts 400 instead of 200).
        raise InvalidInputError(f"'bonus_suit': these rules ({rules.preset}) play no bonus suit; give null")
    teams = data.get("teams")
    if not isinstance(teams, list) or not teams:
        raise InvalidInputError("'teams' must be a non-empty list of team objects")
    parsed = [_team(team, index) for index, team in enumerate(teams)]
    _check_teams(rules, [len(team.hands) for team in parsed])
    _check_seats(rules, parsed)
    if in_match and rules.formed_partnerships and any(team.seats is None for team in parsed):
        raise InvalidInputError("where partnerships form in the hand, every team names its 'seats' (who sat where)")

    seen = (card for team in parsed for cards in (*team.melds, *team.hands) for card in cards)
    too_many = beyond_pack(seen, rules.decks, rules.jokers)  # "7H 7H 7H" for a 2-deck pack
    if too_many:
        raise IllegalAction("impossible-cards", cards=too_many, decks=rules.decks, jokers=rules.jokers)
    if sum(team.went_out for team in parsed) > 1:
        raise IllegalAction("impossible-hand", "two-went-out")
    none_taken = all(team.biribaki is BiribakiStatus.NOT_TAKEN for team in parsed)
    scores = []
    units: list[tuple[int, ...]] = []
    seat = 0
    for index, team in enumerate(parsed):
        if rules.partnerships == "fixed":
            units.append(tuple(range(index, rules.players, len(parsed))))
        elif team.seats is not None:
            units.append(team.seats)
        else:
            units.append(tuple(range(seat, seat + len(team.hands))))
            seat += len(team.hands)
        shapes = [_checked(meld, rules.meld_rules, index, n) for n, meld in enumerate(team.melds)]
        if team.went_out:
            _check_going_out(rules, index, team, shapes)
        scores.append(
            score_team(
                rules,
                bonus_suit,
                team.melds,
                team.hands,
                team.biribaki,
                team.went_out,
                laid_whole=team.laid_whole,
                none_taken=none_taken,
                cut=team.cut,
            )
        )
    return HandScore.of(rules, units, scores)


def is_match_sheet(data: object) -> bool:
    """Whether ``data`` is a match of hands played with real cards (``"hands"``), not a single hand."""
    return isinstance(data, dict) and "hands" in data and "teams" not in data


def match_hands(data: object) -> tuple[Rules, list[object]]:
    """The rules of a match of hands played with real cards, and its hands, each scored under them by
    :func:`score_sheet`: ``{"rules", "players", "hands": [{"bonus_suit", "teams"}, ...]}``
    (docs/rules.md, Scoring a physical match)."""
    if not isinstance(data, dict):
        raise InvalidInputError("the match must be a JSON object with 'rules' and 'hands'")
    unknown = set(data) - {"rules", "players", "hands"}
    if unknown:
        raise InvalidInputError(f"unknown field(s): {', '.join(sorted(unknown))}")
    rules = rules_for_players(data.get("rules", "standard"), data.get("players"))
    hands = _list(data.get("hands"), "'hands'")
    if not hands:
        raise InvalidInputError("'hands' must list the hands played, at least one")
    return rules, hands


def _check_teams(rules: Rules, sizes: list[int]) -> None:
    """The teams must seat the rules' players: fixed partnerships of two, players alone, or a lone
    player against pairs (formed partnerships; or everyone alone, if the hand ended before they formed)."""
    if rules.partnerships == "formed":
        if sizes != [1] * rules.players and sorted(sizes) != [1] + [2] * (rules.teams - 1):
            raise InvalidInputError(
                f"with formed partnerships 'teams' are one lone player and {rules.teams - 1} pairs (or, if the "
                f"hand ended before they formed, {rules.players} players alone), not teams of {sizes} hands"
            )
        return
    per_team = 2 if rules.partnerships == "fixed" else 1
    if len(sizes) != rules.teams:
        raise InvalidInputError(
            f"'teams' must be a list of {rules.teams} team objects for these rules ({rules.players} players; "
            '"players" beside "rules" says another number)'
        )
    for index, size in enumerate(sizes):
        if size != per_team:
            raise InvalidInputError(f"team {index + 1}: 'hands' must list {per_team} hands, one per player, not {size}")


def _check_seats(rules: Rules, teams: list[_Team]) -> None:
    """Teams that name their seats (where teams change from hand to hand: a match of formed partnerships
    must say who sat where) name each seat once, and all or none of them do."""
    named = [team.seats for team in teams if team.seats is not None]
    if not named:
        return
    if rules.partnerships == "fixed":
        raise InvalidInputError("'seats' are for teams that change from hand to hand: fixed partners sit as dealt")
    seats = sorted(seat for team_seats in named for seat in team_seats)
    if len(named) != len(teams) or seats != list(range(rules.players)):
        raise InvalidInputError(
            f"'seats' must be given for every team and name each seat 0..{rules.players - 1} once, not {seats}"
        )
    lone = [team_seats[0] for team_seats in named if len(team_seats) == 1]
    if len(lone) == 1 and len(named) == rules.teams:
        # The partnerships formed: the lone player's neighbours onwards pair up in alternate seats.
        players, pairs = rules.players, rules.teams - 1
        expected = {
            frozenset((lone[0] + offset) % players for offset in range(1 + pair, players, pairs))
            for pair in range(pairs)
        }
        given = {frozenset(team_seats) for team_seats in named if len(team_seats) > 1}
        if given != expected:
            sit = " and ".join(str(sorted(pair)) for pair in sorted(expected, key=sorted))
            raise InvalidInputError(
                f"'seats': with the lone player at seat {lone[0]}, the pairs are {sit} (partners sit apart)"
            )


def _check_going_out(rules: Rules, index: int, team: _Team, shapes: list[MeldShape]) -> None:
    if team.biribaki is BiribakiStatus.NOT_TAKEN:
        raise IllegalAction("impossible-hand", "out-without-biribaki", team=index)
    if not any(shape.is_biriba and (shape.clean or not rules.going_out_needs_clean_biriba) for shape in shapes):
        key = "out-without-clean-biriba" if rules.going_out_needs_clean_biriba else "out-without-biriba"
        raise IllegalAction("impossible-hand", key, team=index)
    if all(hand for hand in team.hands):
        raise IllegalAction("impossible-hand", "out-holding-cards", team=index)


def _checked(meld: tuple[Card, ...], rules: MeldRules, team: int, number: int) -> MeldShape:
    try:
        return check_meld(meld, rules)
    except InvalidMeldError as error:
        # The meld's reason (its cards and why), placed: which team's meld it is.
        raise InvalidMeldError(
            Reason.of("team-meld-not-a-meld", team=team, meld=number, **error.reason.facts)
        ) from None


def _bonus_suit(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, str) and value.strip().upper() in SUIT_INPUT:
        return SUIT_INPUT[value.strip().upper()]
    raise InvalidInputError(f"'bonus_suit' must be one of S H D C or null, not {value!r}")


def _team(data: object, index: int) -> _Team:
    where = f"team {index + 1}"  # teams are counted from 1, as the score sheet counts them
    if not isinstance(data, dict):
        raise InvalidInputError(f"{where} must be an object with 'melds', 'hands', 'biribaki', 'went_out'")
    unknown = set(data) - _TEAM_FIELDS
    if unknown:
        raise InvalidInputError(f"{where}: unknown field(s): {', '.join(sorted(unknown))}")
    melds = [canonical(_card_list(m, f"{where} meld")) for m in _list(data.get("melds", []), f"{where} 'melds'")]
    hands = [_card_list(h, f"{where} hand") for h in _list(data.get("hands"), f"{where} 'hands'")]
    if not hands:
        raise InvalidInputError(f"{where}: 'hands' must list one hand per player of the team")
    status = data.get("biribaki")
    try:
        biribaki = BiribakiStatus(str(status))
    except ValueError:
        raise InvalidInputError(
            f'{where}: \'biribaki\' must be "taken", "not_taken" or "taken_unplayed", not {status!r}'
        ) from None
    went_out = data.get("went_out", False)
    if not isinstance(went_out, bool):
        raise InvalidInputError(f"{where}: 'went_out' must be true or false")
    whole = _list(data.get("laid_whole", []), f"{where} 'laid_whole'")
    if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < len(melds) for n in whole):
        raise InvalidInputError(f"{where}: 'laid_whole' must list numbers of its melds, 0..{len(melds) - 1}")
    cut = data.get("cut")
    if cut is not None and (isinstance(cut, bool) or not isinstance(cut, int)):
        raise InvalidInputError(f"{where}: 'cut' must be an integer (the dealer's cut error)")
    seats = data.get("seats")
    if seats is not None:
        listed = _list(seats, f"{where} 'seats'")
        if len(listed) != len(hands) or not all(isinstance(s, int) and not isinstance(s, bool) for s in listed):
            raise InvalidInputError(f"{where}: 'seats' must list the seat number of each of its {len(hands)} hands")
        seats = tuple(listed)
    return _Team(melds, hands, biribaki, went_out, [n in whole for n in range(len(melds))], cut, seats)


def _list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidInputError(f"{what} must be a list")
    return value


def _card_list(value: object, what: str) -> list[Card]:
    return [parse_card(code) for code in _list(value, what)]
