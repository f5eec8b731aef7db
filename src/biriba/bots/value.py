"""A learned value of a hand in progress: the search player's evaluation of the positions its playouts reach.

A playout of the search stops a turn or two after the decision; what the position it reached is worth
is then estimated. The estimate is linear in a few features of each side (a team, or a player before
partnerships form): the score the side would have if the hand ended now, line by line (melded cards,
cards in hand, biribas, the biribaki), what its melds may still become, its hands' size, wild cards and
cards that fit its melds, whether it may go out, whose turn it is and how big the pile on offer is;
several of them also weighted by how far the draw pile is spent, since a card in hand is an asset
early and a debt late. A side's value is the weighted sum; a position is worth a seat's side's value
less the other sides' mean (with more than two sides, what duplicate play measures a deal by).

The weights are fitted by least squares to the final scores of hands the heuristic player plays
against itself (``scripts/fit-value``, :mod:`biriba.sim.value_fit`), one model per table (a preset and
a number of players): what a card in hand or a pile on offer is worth differs with the number of
players, the bonuses, and whether partnerships are fixed, form during the hand or are none. They are stored with the
package in ``value_models.json``, keyed ``preset/players``, each with how well it predicts hands it was
not fitted on and how well the 4-player standard game's model predicts the same hands. A table
without a model of its own (none is missing today) is valued by the 4-player standard game's; options
beyond the preset and the number of players (a custom initial meld, say) keep the preset's model.

The search evaluates a sampled world, a full state in which the hidden cards have been dealt at random
consistently with its view; so the features may read every hand of that world.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from biriba.bots.judgement import meld_potential, neighbours
from biriba.core.cards import rank_index, suit_cards, suit_of, twins
from biriba.core.compiled import pickle_by_constructor
from biriba.core.melds import WILD_CARDS, single_card_extensions
from biriba.core.rules import Rules
from biriba.core.scoring import BiribakiStatus
from biriba.core.state import HandState

FEATURES: Final = (
    "melded",
    "in_hand",
    "biribas",
    "biribaki_penalty",
    "potential",
    "hand_cards",
    "hand_wilds",
    "hand_links",
    "hand_fits",
    "may_go_out",
    "going_out_near",
    "to_move",
    "pile_on_offer",
    "late_in_hand",
    "late_hand_cards",
    "late_potential",
    "late_hand_wilds",
    "late_biribaki_penalty",
)
"""The features of a side, in the order of the model's weights."""


@dataclass(frozen=True, slots=True)
class ValueModel:
    """Weights of the features of :data:`FEATURES`, and how they were obtained."""

    weights: tuple[float, ...]
    info: dict[str, object]

    def side_value(self, features: Sequence[float]) -> float:
        return sum(w * f for w, f in zip(self.weights, features, strict=True))


MODELS_FILE: Final = "value_models.json"
MODELS_FORMAT: Final = "biriba-value-models/1"
DEFAULT_TABLE: Final = "standard/4"
"""The table whose model values a table without its own: the game the value was first fitted to."""


def table_key(preset: str, players: int) -> str:
    """A table's key in ``value_models.json``: ``standard/4``."""
    return f"{preset}/{players}"


@cache
def table_models() -> dict[str, ValueModel]:
    """Every table's fitted model shipped with the package, by :func:`table_key` (read once)."""
    data = json.loads(resources.files("biriba.bots").joinpath(MODELS_FILE).read_text(encoding="utf-8"))
    return models_from_json(data)


def models_from_json(data: dict[str, object]) -> dict[str, ValueModel]:
    if data.get("format") != MODELS_FORMAT:
        raise ValueError(f"value models are not in format {MODELS_FORMAT}")
    tables = data["tables"]
    assert isinstance(tables, dict)
    return {key: model_from_json(entry) for key, entry in tables.items()}


def default_model() -> ValueModel:
    """The 4-player standard game's model: the value of a table without a model of its own."""
    return table_models()[DEFAULT_TABLE]


def model_for(rules: Rules) -> ValueModel:
    """The model of the table ``rules`` are played at: its preset's and number of players', or the
    default model."""
    return _model_for(rules.preset, rules.players)


@cache
def _model_for(preset: str, players: int) -> ValueModel:
    return table_models().get(table_key(preset, players)) or default_model()


def model_from_json(data: dict[str, object]) -> ValueModel:
    weights = data["weights"]
    assert isinstance(weights, dict)
    if sorted(weights) != sorted(FEATURES):
        raise ValueError(f"value model features {sorted(weights)} are not {sorted(FEATURES)}")
    info = data.get("info", {})
    assert isinstance(info, dict)
    return ValueModel(tuple(float(weights[name]) for name in FEATURES), info)


def sides(state: HandState) -> list[list[int]]:
    """The scoring sides of the hand: its teams, or every player alone before partnerships form."""
    if state.teams_formed:
        return [state.seats_of(team) for team in range(state.rules.teams)]
    return [[seat] for seat in range(state.rules.players)]


def initial_draw_pile(state: HandState) -> int:
    rules = state.rules
    return _initial_draw_pile(rules.decks, rules.jokers, rules.players, rules.hand_size, sum(rules.packet_sizes))


@cache
def _initial_draw_pile(decks: int, jokers: int, players: int, hand_size: int, packets: int) -> int:
    return max(1, decks * 52 + jokers - players * hand_size - packets - 1)


def side_features(state: HandState) -> list[list[float]]:
    """Every side's features (in the order of :func:`sides`)."""
    rules = state.rules
    score = state.hand_score()
    late = max(0.0, 1.0 - len(state.draw_pile) / initial_draw_pile(state))
    current = state.current
    pile = len(state.discard_pile)
    rows: list[list[float]] = []
    for side, (seats, lines) in enumerate(zip(sides(state), score.team_scores, strict=True)):
        team = side if state.teams_formed else -1
        melds = state.melds[team] if team >= 0 else []
        potential = sum(meld_potential(rules, m.shape, state.bonus_suit) for m in melds if not m.shape.is_biriba)
        # The card types that extend one of the side's melds on their own (cached per meld by the engine).
        fitting = {card for m in melds for card in single_card_extensions(m.cards, rules.meld_rules)}
        cards = wilds = links = fits = 0
        for seat in seats:
            hand = state.hands[seat]
            for card, count in enumerate(hand):
                if not count:
                    continue
                cards += count
                if card in WILD_CARDS:
                    wilds += count
                    continue
                links += count * _links(hand, card, rules.meld_rules.set_ranks)
                if card in fitting:
                    fits += count
        has_biriba = any(m.shape.is_biriba for m in melds)
        holds_biribaki = team >= 0 and state.biribaki_status(team) is not BiribakiStatus.NOT_TAKEN
        may_go_out = 1.0 if has_biriba and holds_biribaki else 0.0
        smallest = min(state.hand_sizes[seat] for seat in seats)
        to_move = 1.0 if current in seats else 0.0
        penalty = float(lines.biribaki + lines.no_biriba + lines.no_melds)
        rows.append(
            [
                float(lines.melded),
                float(lines.in_hand),
                float(lines.biribas),
                penalty,
                potential,
                float(cards),
                float(wilds),
                float(links),
                float(fits),
                may_go_out,
                may_go_out / (1.0 + smallest),
                to_move,
                to_move * pile,
                late * float(lines.in_hand),
                late * cards,
                late * potential,
                late * wilds,
                late * penalty,
            ]
        )
    return rows


def _links(hand: Sequence[int], card: int, set_ranks: tuple[int, ...]) -> int:
    """How many cards of ``hand`` go with ``card`` towards a meld: its neighbours in suit (one or two
    ranks away), and its twins in rank where its rank forms sets."""
    suit, rank = suit_cards(suit_of(card)), rank_index(card)
    links = sum(1 for other in _NEAR[rank] if hand[suit[other]])
    if rank + 1 in set_ranks:
        links += sum(hand[twin] for twin in twins(card)) - 1
    return links


_NEAR: Final = tuple(neighbours(rank, 1) + neighbours(rank, 2) for rank in range(13))
"""Per rank, the ranks one or two away in a run."""


def state_value(state: HandState, seat: int, model: ValueModel | None = None, rivals: str = "mean") -> float:
    """What the position is worth to ``seat``: its side's value less the other sides' mean (``rivals``
    ``mean``: the measure of duplicate play with more than two sides, :mod:`biriba.sim.duplicate`) or the
    best other side's (``best``), in points, by ``model`` or else the model of the table played
    (:func:`model_for`)."""
    model = model or model_for(state.rules)
    return lead_of(state, seat, [model.side_value(row) for row in side_features(state)], rivals)


def lead_of(state: HandState, seat: int, side_points: Sequence[float], rivals: str) -> float:
    """``seat``'s side's points less the other sides' (their mean, or the best's: ``rivals``), given each
    side's points in the order of :func:`sides`."""
    own = state.seat_team[seat] if state.teams_formed else seat
    return side_points[own] - against_rivals([points for side, points in enumerate(side_points) if side != own], rivals)


def final_lead(state: HandState, seat: int, rivals: str = "mean") -> float:
    """The ended hand's score of ``seat``'s side less the other sides' (their mean, or the best's: ``rivals``)."""
    scores = state.hand_score().seat_scores
    return lead_of(state, seat, [float(scores[members[0]]) for members in sides(state)], rivals)


RIVALS: Final = ("best", "mean")
"""What a side's points are set against: the best other side's, or the other sides' mean."""


def against_rivals(others: Sequence[float], rivals: str) -> float:
    """The other sides' points that a side's are set against (0 with none)."""
    if not others:
        return 0.0
    return max(others) if rivals == "best" else sum(others) / len(others)


pickle_by_constructor(ValueModel)
