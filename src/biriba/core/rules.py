"""The rules a table plays: a frozen :class:`Rules` object built from a named preset plus overrides.

Rule variants are data. The engine reads options; it never asks which preset is in force. Every
option carries its meaning (``Rules.describe_option``), which ``biriba rules`` prints.

>>> rules = Rules.from_preset("standard", target=3000)
>>> rules.target, rules.sets, rules.teams
(3000, True, 2)
>>> Rules.from_json({"preset": "standard", "sets": False}).sets
False
>>> six = Rules.from_preset("standard", players=6)
>>> six.decks, six.jokers, six.teams, six.packet_sizes
(3, 6, 3, (11, 11, 11))
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from biriba.core.cards import ACE, JOKER, TWO, rank_of
from biriba.core.errors import InvalidRulesError
from biriba.core.melds import MeldRules

InitialMeldSchedule = tuple[tuple[int, int], ...]
"""Minimum initial meld by cumulative score: ``((from_score, minimum), ...)`` in increasing
``from_score``; the first entry applies to every score below the second."""

INITIAL_MELD_SCHEDULES: dict[str, InitialMeldSchedule] = {
    # The seven tables of the base rules (also in the Buraco rules' copy), named by target and order of appearance.
    "5000-a": ((0, 0), (1500, 75), (3000, 100), (4000, 120)),
    "3000-a": ((0, 0), (500, 75), (1000, 100), (2000, 120)),
    "2000": ((0, 0), (1250, 75), (1750, 150)),
    "5000-b": ((0, 0), (2000, 75), (3000, 90)),
    "3000-b": ((0, 0), (1000, 75), (1500, 90)),
    "3030": ((0, 0), (1030, 75)),
    "5000-c": ((0, 55), (1500, 75), (3000, 95)),
    # The older encyclopedia text: 0-1499: 75, 1500-2999: 90, 3000 and more: 120.
    "encyclopedia": ((0, 75), (1500, 90), (3000, 120)),
    # The newer encyclopedia text's "vulnerability": 1000-1499: 75, 1500-2999: 90 (and 90 beyond, the last
    # threshold stated).
    "vulnerability": ((0, 0), (1000, 75), (1500, 90)),
}

TARGET_SCHEDULES: dict[str, Callable[[int], InitialMeldSchedule]] = {
    # The Buraco rules: "a team whose cumulative score is at least half the target score (at least 1500
    # when playing to 3000) is said to be vulnerable": 75. The threshold follows the target.
    "buraco": lambda target: ((0, 0), ((target + 1) // 2, 75)),
}
"""Schedules whose thresholds follow the match's target, by name."""


def initial_meld_schedule(name: str, target: int) -> InitialMeldSchedule:
    """The schedule called ``name`` in a match played to ``target``.

    >>> initial_meld_schedule("buraco", 2000)
    ((0, 0), (1000, 75))
    >>> initial_meld_schedule("3000-b", 2000)
    ((0, 0), (1000, 75), (1500, 90))
    """
    if name in TARGET_SCHEDULES:
        return TARGET_SCHEDULES[name](target)
    if name in INITIAL_MELD_SCHEDULES:
        return INITIAL_MELD_SCHEDULES[name]
    known = ", ".join([*INITIAL_MELD_SCHEDULES, *TARGET_SCHEDULES])
    raise InvalidRulesError(f"unknown initial meld schedule {name!r} (known: {known})")


Partnerships = Literal["fixed", "none", "formed"]
JokerUpcard = Literal["no-bonus-suit", "first-player-chooses", "first-player-takes"]
EndOfDrawPile = Literal["passes", "last-draw", "packets-then-end"]
TargetRule = Literal["exceed", "reach"]
Cutter = Literal["dealer", "first-player"]
PARTNERSHIPS: tuple[Partnerships, ...] = get_args(Partnerships)
PLAYER_COUNTS = (2, 3, 4, 5, 6, 8)
"""The formats: 2 to 6 players, and 8 in four partnerships ("any number of pairs")."""

OPTION_BOUNDS: dict[str, tuple[int, int]] = {
    # Wide enough for any table the sources describe or a house could want, narrow enough that no rules
    # object makes a hand that no one could play (a bot's decision grows with the pack and the hands).
    "players": (2, 8),
    "decks": (1, 6),
    "jokers": (0, 24),
    "hand_size": (1, 30),
    "first_player": (0, 8),
    "exact_cut_bonus": (0, 1000),
    "near_cut_bonus": (0, 1000),
    "short_cut_penalty": (0, 1000),
    "joker_value": (0, 1000),
    "two_value": (0, 1000),
    "ace_value": (0, 1000),
    "high_value": (0, 1000),
    "low_value": (0, 1000),
    "going_out_bonus": (0, 10_000),
    "no_biribaki_penalty": (0, 10_000),
    "unplayed_biribaki_penalty": (0, 10_000),
    "no_biriba_penalty": (0, 10_000),
    "no_melds_penalty": (0, 10_000),
    "score_rounding": (0, 1000),
    "target": (50, 100_000),
}
"""The range of every integer option, both ends included."""
PACKET_SIZE_BOUNDS = (1, 30)
BONUS_BOUNDS = (0, 100_000)
INITIAL_MELD_BOUNDS = {"entries": 12, "from_score": 1_000_000, "minimum": 1000}
JOKER_UPCARD_RULES: tuple[JokerUpcard, ...] = get_args(JokerUpcard)
CUTTERS: tuple[Cutter, ...] = get_args(Cutter)
SET_RULES = (True, False, "aces")
END_OF_DRAW_PILE_RULES: tuple[EndOfDrawPile, ...] = get_args(EndOfDrawPile)
TARGET_RULES: tuple[TargetRule, ...] = get_args(TargetRule)


@dataclass(frozen=True, slots=True)
class BiribaBonuses:
    """Bonus points for biribas (melds of 7+ cards), clean / dirty.

    The special kinds (``ace_to_ace_run_*``, ``full_set``, ``twos_set_*``, ``ace_set_*``,
    ``wild_meld``) are ``None`` unless a variation gives them points of their own: then the meld
    scores as the plainer kind it also is (a 14-card run as a full run, a set of Aces as a set...).
    """

    run_clean: int = 200
    run_dirty: int = 100
    set_clean: int = 300
    set_dirty: int = 150
    bonus_suit_run_clean: int = 400
    bonus_suit_run_dirty: int = 200
    full_run_clean: int = 1000
    full_run_dirty: int = 500
    bonus_suit_full_run_clean: int = 2000
    bonus_suit_full_run_dirty: int = 1000
    ace_to_ace_run_clean: int | None = None
    """A run of 14 cards from Ace to Ace (Buraco's canastra real)."""
    ace_to_ace_run_dirty: int | None = None
    full_set: int | None = None
    """A clean set of all 8 cards of a rank of two decks."""
    twos_set_clean: int | None = None
    twos_set_dirty: int | None = None
    ace_set_clean: int | None = None
    ace_set_dirty: int | None = None
    wild_meld: int | None = None
    """A meld of wild cards only (Venezuelan); None scores it as a dirty set."""


def _option(default: Any, doc: str, group: str) -> Any:
    return field(default=default, metadata={"doc": doc, "group": group})


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of the game. Build it with :meth:`from_preset` or :meth:`from_json`.

    Option names are stable: records and the network protocol use them. Options documented as
    "by format" take their default from the number of players and the partnerships.
    """

    preset: str = "standard"

    # --- the table ---------------------------------------------------------------------------
    players: int = _option(4, "number of players, 2 to 6, or 8 in four partnerships", "table")
    partnerships: Partnerships = _option(
        "",
        "fixed: partners sit opposite (4 and 6 players); none: everyone plays alone (2 and 3); formed: "
        "the first player to meld the whole hand plays alone against the others in pairs (3 and 5)",
        "table",
    )
    decks: int = _option(0, "decks of 52 cards in the pack (by format: 2, or 3 for 5, 6 and 3 alone, 4 for 8)", "table")
    jokers: int = _option(-1, "Jokers in the pack (by format: 2 per deck)", "table")
    hand_size: int = _option(11, "cards dealt to each player", "table")
    packet_sizes: tuple[int, ...] = _option(
        (),
        "the biribakia (μπιριμπάκια), in the order they are taken (by format: 11 per team; 18 first when "
        "partnerships are formed)",
        "table",
    )

    # --- melds -------------------------------------------------------------------------------
    sets: bool | Literal["aces"] = _option(
        True,
        "sets of equal rank are melds (false: the 'no sets' variation; \"aces\": sets of Aces only, a Buraco "
        "aberto variation)",
        "melds",
    )
    sets_of_twos: bool = _option(
        False, "Twos may form a set of their own, natural, with at most one Joker as wild", "melds"
    )
    wild_melds: bool = _option(
        False,
        "Jokers and Twos may form a meld of wild cards only; while a team's meld of wild cards is shorter "
        "than 7, its wild cards go to no other meld (the Venezuelan wild-card biriba)",
        "melds",
    )
    ace_to_ace: bool = _option(False, "a run may hold an Ace at each end: A 2 .. K A, 14 cards", "melds")

    # --- the deal and the start --------------------------------------------------------------
    upcard: bool = _option(
        True,
        "a card is turned up after the deal to start the discard pile (false: none, and the first player "
        "may discard the first card drawn and draw another)",
        "deal",
    )
    bonus_suit: bool = _option(
        True, "the suit of the upcard is the bonus suit (κόζι) (by format: false with no upcard)", "deal"
    )
    joker_upcard: JokerUpcard = _option(
        "no-bonus-suit",
        "when the upcard is a Joker: no-bonus-suit; first-player-chooses (a suit or none); first-player-takes "
        "(the Joker, and the next card is turned up)",
        "deal",
    )
    first_player: int = _option(
        1, "the first player sits this many seats after the dealer (counting round the table)", "deal"
    )
    dealer_takes_bottom_wilds: bool = _option(
        False,
        "before the deal the dealer takes the Jokers and Twos from the bottom three cards of the deck, "
        "again until none is there, as part of their hand (Venezuelan)",
        "deal",
    )
    cutter: Cutter = _option(
        "dealer",
        "who cuts the cards to deal, where the cut is scored or shows a card: dealer (Venezuelan); first-player "
        "(Buraco: the player who plays first, at the dealer's right)",
        "deal",
    )
    exact_cut_bonus: int = _option(
        0, "points to the cutter's team for cutting exactly the cards to deal (Venezuelan 100, Buraco 100)", "deal"
    )
    near_cut_bonus: int = _option(0, "points to the cutter's team for a cut one card off (Venezuelan 50)", "deal")
    short_cut_penalty: int = _option(
        0, "penalty to the cutter's team for a cut that leaves too few cards to deal (Buraco 100)", "deal"
    )
    cutter_takes_bottom_wild: bool = _option(
        False,
        "the cutter keeps the card at the bottom of the cut when it is a Joker or a Two, as one of their "
        "cards (a Buraco variation)",
        "deal",
    )

    # --- a turn ------------------------------------------------------------------------------
    take_pile_requires_meld: bool = _option(
        False, "the discard pile may be taken only to meld one of its cards at once", "turn"
    )
    take_pile_requires_top_card: bool = _option(
        False,
        "the discard pile may be taken only to meld its top card at once (a wild top card in a new meld)",
        "turn",
    )
    closed_discard_pile: bool = _option(False, "only the top card of the discard pile is shown", "turn")
    biriba_for_biribaki: bool = _option(True, "a team needs a biriba before it may take its biribaki", "turn")
    whole_hand_opening: bool = _option(
        False,
        "a team melds nothing until one of its players melds the whole hand at once (but a card to "
        "discard) and so takes a biribaki (Venezuelan)",
        "turn",
    )
    initial_meld: InitialMeldSchedule | None = _option(
        None,
        "minimum card value of a team's first meld action in a hand, by cumulative score: a schedule name "
        "or a list of [from_score, minimum] pairs",
        "turn",
    )
    partner_wild_discard: bool = _option(
        True,
        "with 3 players and formed partnerships, the partner who plays just before the other may discard "
        "a wild card (false forbids it)",
        "turn",
    )
    going_out_after_one_card_pile: bool = _option(
        True,
        "a player left with one card may take a one-card discard pile and go out in that turn (false: the "
        "closing condition of the classic rules)",
        "turn",
    )
    going_out_by_meld: bool = _option(
        False, "a player may go out by melding the last card, without a discard (Venezuelan)", "turn"
    )
    going_out_needs_clean_biriba: bool = _option(
        False, "going out needs a clean biriba of the team, not any biriba (Buraco aberto)", "turn"
    )
    end_of_draw_pile: EndOfDrawPile = _option(
        "passes",
        "passes: with the draw pile empty players take the discard pile or pass, and all passing ends the "
        "hand; last-draw: the hand ends with the turn of the player who draws the last card (classic); "
        "packets-then-end: a biribaki not yet taken becomes the draw pile, and when none is left the hand "
        "ends with the turn that drew the last card (Buraco)",
        "turn",
    )

    # --- scoring -----------------------------------------------------------------------------
    joker_value: int = _option(20, "points of a Joker", "scoring")
    two_value: int = _option(10, "points of a Two", "scoring")
    ace_value: int = _option(15, "points of an Ace", "scoring")
    high_value: int = _option(10, "points of K Q J 10 9 8", "scoring")
    low_value: int = _option(5, "points of 7 6 5 4 3", "scoring")
    bonuses: BiribaBonuses = _option(BiribaBonuses(), "biriba bonuses by kind, clean and dirty", "scoring")
    laid_whole_bonuses: BiribaBonuses | None = _option(
        None,
        "bonuses for a biriba laid at once as 7 cards or more ('in hand'), when they differ from those of a "
        "biriba grown over several turns (Venezuelan)",
        "scoring",
    )
    going_out_bonus: int = _option(100, "points for going out", "scoring")
    no_biribaki_penalty: int = _option(100, "penalty for a team that did not take its biribaki", "scoring")
    no_biribaki_penalty_when_none_taken: bool = _option(
        True, "the no-biribaki penalty applies even when no team took its biribaki (false: Buraco)", "scoring"
    )
    unplayed_biribaki_penalty: int = _option(
        100, "penalty for a biribaki taken with the last discard and never played", "scoring"
    )
    no_biriba_penalty: int = _option(0, "penalty for a team without a biriba (a variation: 100)", "scoring")
    no_melds_penalty: int = _option(
        0,
        "penalty for a team that melded nothing, in place of its no-biribaki and no-biriba penalties "
        "(a variation: 300)",
        "scoring",
    )
    score_rounding: int = _option(
        0, "hand scores are rounded up to a multiple of this (a Buraco variation: 10)", "scoring"
    )

    # --- the match ---------------------------------------------------------------------------
    target: int = _option(5000, "the score that ends the match", "match")
    target_rule: TargetRule = _option(
        "exceed", "exceed: a total strictly above the target ends the match; reach: the target itself does", "match"
    )

    meld_rules: MeldRules = field(init=False, repr=False, compare=False)
    """What counts as a meld, gathered for the meld functions."""
    card_values: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The value of each card type (index: the card)."""

    def __post_init__(self) -> None:
        # Options left at their "by format" markers (a Rules built directly) take the format's values.
        given: dict[str, Any] = {"players": self.players, "upcard": self.upcard}
        if self.partnerships:
            given["partnerships"] = self.partnerships
        if self.decks:
            given["decks"] = self.decks
        derived = _format_defaults(given)
        for name, unset in (("partnerships", ""), ("decks", 0), ("jokers", -1), ("packet_sizes", ())):
            if getattr(self, name) == unset:
                object.__setattr__(self, name, derived[name])
        object.__setattr__(
            self,
            "meld_rules",
            MeldRules(
                self.sets is not False,
                self.sets_of_twos,
                self.wild_melds,
                self.ace_to_ace,
                only_set_rank=ACE if self.sets == "aces" else 0,
            ),
        )
        object.__setattr__(self, "card_values", tuple(self._value(card) for card in range(JOKER + 1)))
        self._check()

    # --- derived facts -------------------------------------------------------------------

    @property
    def teams(self) -> int:
        """Number of teams (once formed): seat ``s`` of a fixed partnership plays for team ``s % teams``."""
        if self.partnerships == "none":
            return self.players
        if self.partnerships == "fixed":
            return self.players // 2
        return 2 if self.players == 3 else 3

    @property
    def formed_partnerships(self) -> bool:
        return self.partnerships == "formed"

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side as a duplicate deal scores them: each team of fixed partnerships, or
        each seat where players play alone or partnerships form in the hand.

        >>> Rules(players=4).sides
        ((0, 2), (1, 3))
        >>> Rules(players=6).sides
        ((0, 3), (1, 4), (2, 5))
        >>> Rules(players=3).sides
        ((0,), (1,), (2,))
        """
        if self.formed_partnerships:
            return tuple((seat,) for seat in range(self.players))
        return tuple(tuple(range(team, self.players, self.teams)) for team in range(self.teams))

    def card_value(self, card: int) -> int:
        """Points of one card, melded (+) or left in hand (-)."""
        return self.card_values[card]

    def value_of(self, cards: Iterable[int]) -> int:
        """Points of several cards."""
        values = self.card_values
        return sum(values[card] for card in cards)

    def _value(self, card: int) -> int:
        if card == JOKER:
            return self.joker_value
        rank = rank_of(card)
        if rank == ACE:
            return self.ace_value
        if rank == TWO:
            return self.two_value
        return self.high_value if rank >= 8 else self.low_value

    def initial_meld_minimum(self, score: int) -> int:
        """The minimum value of a team's first meld action, given the cumulative score (0: none)."""
        if self.initial_meld is None:
            return 0
        minimum = self.initial_meld[0][1]
        for start, value in self.initial_meld:
            if score >= start:
                minimum = value
        return minimum

    def packet_needs_biriba(self, packet: int) -> bool:
        """Whether taking biribaki number ``packet`` (from 0, in the order they are taken) needs a biriba
        of the team: where ``biriba_for_biribaki`` asks it, but never for the first packet of formed
        partnerships, which the whole-hand opening takes (the base rules: a player "is able to meld their whole
        hand (except possibly for a discard)"; the biriba is asked of the 11-card packets)."""
        return self.biriba_for_biribaki and not (self.formed_partnerships and packet == 0)

    @property
    def scores_cut(self) -> bool:
        """Whether the cut of the cards to deal scores (its error is then part of the deal)."""
        return bool(self.exact_cut_bonus or self.near_cut_bonus or self.short_cut_penalty)

    def cutter_seat(self, dealer: int) -> int:
        """The seat of the player who cuts the cards dealt by ``dealer``."""
        return dealer if self.cutter == "dealer" else (dealer + self.first_player) % self.players

    def cut_points(self, error: int) -> int:
        """What a cut ``error`` cards off (negative: too few left to deal) scores for the cutter's team."""
        points = self.exact_cut_bonus if error == 0 else self.near_cut_bonus if abs(error) == 1 else 0
        return points - (self.short_cut_penalty if error < 0 else 0)

    def target_reached(self, total: int) -> bool:
        return total > self.target if self.target_rule == "exceed" else total >= self.target

    # --- construction and serialisation --------------------------------------------------

    @classmethod
    def from_preset(cls, name: str, **overrides: Any) -> Rules:
        """The rules of preset ``name`` with ``overrides`` (option name: value) applied."""
        if name not in PRESETS:
            known = ", ".join(PRESETS)
            raise InvalidRulesError(f"unknown preset {name!r} (known presets: {known})")
        options = dict(PRESETS[name])
        players = overrides.get("players", options.get("players", 4))
        options.update(PRESET_FORMATS.get(name, {}).get(players, {}))
        options.update(overrides)
        return cls._build(name, options)

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Rules from a record's ``rules`` field: a preset name or ``{"preset": NAME, option: value, ...}``."""
        if isinstance(data, str):
            return cls.from_preset(data)
        if not isinstance(data, Mapping):
            raise InvalidRulesError(f"rules must be a preset name or an object, not {data!r}")
        options = dict(data)
        name = options.pop("preset", "standard")
        if not isinstance(name, str):
            raise InvalidRulesError(f"preset must be a name, not {name!r}")
        return cls.from_preset(name, **{key: _decode_option(key, value) for key, value in options.items()})

    def to_json(self) -> dict[str, Any]:
        """``{"preset": NAME, option: value, ...}`` with the options that differ from the preset's own
        (for the same number of players and partnerships)."""
        data: dict[str, Any] = {"preset": self.preset}
        if self.players != Rules.from_preset(self.preset).players:
            data["players"] = self.players
        if self.partnerships != Rules.from_preset(self.preset, players=self.players).partnerships:
            data["partnerships"] = self.partnerships
        if self.target != Rules.from_preset(self.preset).target:
            data["target"] = self.target
        # The base plays to the same target: a schedule that follows the target is then the preset's own.
        base = Rules.from_preset(self.preset, players=self.players, partnerships=self.partnerships, target=self.target)
        for f in option_fields():
            value = getattr(self, f.name)
            if f.name not in data and value != getattr(base, f.name):
                data[f.name] = _encode_option(value)
        return data

    def options(self) -> dict[str, Any]:
        """Every option and its value, as JSON values."""
        return {f.name: _encode_option(getattr(self, f.name)) for f in option_fields()}

    @staticmethod
    def describe_option(name: str) -> str:
        """The meaning of option ``name``."""
        for f in option_fields():
            if f.name == name:
                return str(f.metadata["doc"])
        raise InvalidRulesError(f"unknown rule option {name!r}")

    @classmethod
    def _build(cls, preset: str, options: dict[str, Any]) -> Rules:
        known = {f.name: f for f in option_fields()}
        for key, value in options.items():
            if key not in known:
                raise InvalidRulesError(f"unknown rule option {key!r}")
            _check_type(key, value, known[key].default)
        if "initial_meld" in options:
            # A schedule may follow the target (Buraco's vulnerability is half of it).
            options["initial_meld"] = _decode_schedule(options["initial_meld"], options.get("target", 5000))
        for key, value in _format_defaults(options).items():
            options.setdefault(key, value)
        return cls(preset=preset, **options)

    def _check(self) -> None:
        """Refuse impossible values and options that contradict each other, naming them."""
        self._check_bounds()
        if self.players not in PLAYER_COUNTS:
            raise InvalidRulesError(
                f"players={self.players}: Biriba is played by 2 to 6 players, or by 8 in four partnerships"
            )
        if self.partnerships not in PARTNERSHIPS:
            raise InvalidRulesError(f"partnerships={self.partnerships!r}: expected one of {', '.join(PARTNERSHIPS)}")
        if self.partnerships == "fixed" and self.players % 2:
            raise InvalidRulesError(
                f"partnerships='fixed' contradicts players={self.players}: fixed partnerships need an even number"
            )
        if self.partnerships == "formed" and self.players not in (3, 5):
            raise InvalidRulesError(
                f"partnerships='formed' contradicts players={self.players}: partnerships form with 3 or 5 players"
            )
        _one_of("joker_upcard", self.joker_upcard, JOKER_UPCARD_RULES)
        _one_of("cutter", self.cutter, CUTTERS)
        _one_of("end_of_draw_pile", self.end_of_draw_pile, END_OF_DRAW_PILE_RULES)
        _one_of("target_rule", self.target_rule, TARGET_RULES)
        if len(self.packet_sizes) != self.teams:
            raise InvalidRulesError(
                f"packet_sizes={list(self.packet_sizes)}: {self.teams} teams need {self.teams} biribakia"
            )
        if self.first_player < 0:
            raise InvalidRulesError(f"first_player={self.first_player}: a number of seats after the dealer, 0 or more")
        if self.initial_meld is not None:
            thresholds = [start for start, _ in self.initial_meld]
            if not thresholds or thresholds != sorted(thresholds) or len(set(thresholds)) != len(thresholds):
                raise InvalidRulesError("initial_meld: thresholds must be distinct and increasing")
        dealt = self.players * self.hand_size + sum(self.packet_sizes) + (1 if self.upcard else 0)
        if dealt > self.decks * 52 + self.jokers:
            raise InvalidRulesError(
                f"hand_size={self.hand_size}, packet_sizes={list(self.packet_sizes)}: the deal needs {dealt} cards, "
                f"more than the pack's {self.decks * 52 + self.jokers}"
            )
        contradictions = [
            (self.sets_of_twos and self.sets is not True, "sets_of_twos=true", f"sets={json.dumps(self.sets)}"),
            (
                self.dealer_takes_bottom_wilds and self.cutter_takes_bottom_wild,
                "dealer_takes_bottom_wilds=true",
                "cutter_takes_bottom_wild=true (both take the bottom of the deck)",
            ),
            (self.sets_of_twos and self.wild_melds, "sets_of_twos=true", "wild_melds=true"),
            (
                self.take_pile_requires_meld and self.take_pile_requires_top_card,
                "take_pile_requires_meld=true",
                "take_pile_requires_top_card=true",
            ),
            (self.bonus_suit and not self.upcard, "bonus_suit=true", "upcard=false"),
            (
                self.joker_upcard != "no-bonus-suit" and not self.bonus_suit,
                f"joker_upcard={self.joker_upcard!r}",
                "bonus_suit=false",
            ),
            (
                not self.partner_wild_discard and not (self.players == 3 and self.formed_partnerships),
                "partner_wild_discard=false",
                f"players={self.players}, partnerships={self.partnerships!r} (it is a rule of 3 players with "
                "formed partnerships)",
            ),
        ]
        for clash, first, second in contradictions:
            if clash:
                raise InvalidRulesError(f"{first} contradicts {second}")

    def _check_bounds(self) -> None:
        """Refuse a number outside the range a table could want (:data:`OPTION_BOUNDS`), naming it."""
        for name, (low, high) in OPTION_BOUNDS.items():
            _within(name, getattr(self, name), low, high)
        for size in self.packet_sizes:
            _within("packet_sizes", size, *PACKET_SIZE_BOUNDS)
        for bonuses_name in ("bonuses", "laid_whole_bonuses"):
            bonuses = getattr(self, bonuses_name)
            if bonuses is None:
                continue
            for f in dataclasses.fields(BiribaBonuses):
                points = getattr(bonuses, f.name)
                if points is not None:
                    _within(f"{bonuses_name}.{f.name}", points, *BONUS_BOUNDS)
        if self.initial_meld is not None:
            limits = INITIAL_MELD_BOUNDS
            if len(self.initial_meld) > limits["entries"]:
                raise InvalidRulesError(f"initial_meld: at most {limits['entries']} [from_score, minimum] pairs")
            for start, minimum in self.initial_meld:
                _within("initial_meld from_score", start, 0, limits["from_score"])
                _within("initial_meld minimum", minimum, 0, limits["minimum"])


def _within(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise InvalidRulesError(f"{name}={value}: expected {low} to {high}")


def option_fields() -> tuple[dataclasses.Field[Any], ...]:
    """The fields of :class:`Rules` that are options (every field but the preset name and derived ones)."""
    return tuple(f for f in dataclasses.fields(Rules) if f.init and f.name != "preset")


def _format_defaults(options: Mapping[str, Any]) -> dict[str, Any]:
    """The "by format" defaults for the options not given: from the players and partnerships."""
    players = options.get("players", 4)
    partnerships = options.get("partnerships") or {
        2: "none",
        3: "none",
        4: "fixed",
        5: "formed",
        6: "fixed",
        8: "fixed",
    }.get(players, "none")
    if partnerships == "fixed":
        teams = players // 2
    elif partnerships == "formed":
        teams = 2 if players == 3 else 3
    else:
        teams = players
    # A deck per pair of players ("three pairs, three decks, and so on"), at least two; three players
    # alone take a deck each.
    if options.get("decks"):
        decks = options["decks"]
    elif players == 3 and partnerships == "none":
        decks = 3
    else:
        decks = max(2, (players + 1) // 2)
    packets = (18,) + (11,) * (teams - 1) if partnerships == "formed" else (11,) * teams
    return {
        "partnerships": partnerships,
        "decks": decks,
        "jokers": 2 * decks,
        "packet_sizes": packets,
        "bonus_suit": bool(options.get("upcard", True)),
    }


def _one_of(name: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise InvalidRulesError(f"{name}={value!r}: expected one of {', '.join(allowed)}")


def _check_type(key: str, value: object, default: object) -> None:
    if key == "initial_meld":
        return  # decoded and checked in _check
    if key in ("packet_sizes",):
        if not isinstance(value, tuple) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise InvalidRulesError(f"option {key!r} must be a list of integers, not {value!r}")
        return
    if key in ("bonuses", "laid_whole_bonuses"):
        if not (isinstance(value, BiribaBonuses) or (value is None and key == "laid_whole_bonuses")):
            raise InvalidRulesError(f"option {key!r} must be an object of biriba bonuses")
        return
    if key == "sets":
        if value not in SET_RULES or (isinstance(value, int) and not isinstance(value, bool)):
            raise InvalidRulesError(f"option 'sets' must be true, false or \"aces\", not {value!r}")
        return
    expected = type(default)
    if expected is bool and not isinstance(value, bool):
        raise InvalidRulesError(f"option {key!r} must be true or false, not {value!r}")
    if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise InvalidRulesError(f"option {key!r} must be an integer, not {value!r}")
    if expected is str and not isinstance(value, str):
        raise InvalidRulesError(f"option {key!r} must be a string, not {value!r}")


def _decode_option(key: str, value: object) -> object:
    if key in ("bonuses", "laid_whole_bonuses"):
        if value is None and key == "laid_whole_bonuses":
            return None
        return _decode_bonuses(key, value)
    if key == "packet_sizes" and isinstance(value, list):
        return tuple(value)
    return value


def _decode_bonuses(key: str, value: object) -> BiribaBonuses:
    if not isinstance(value, Mapping):
        raise InvalidRulesError(f'option {key!r} must be an object such as {{"run_clean": 200}}')
    names = {f.name for f in dataclasses.fields(BiribaBonuses)}
    for name, points in value.items():
        if name not in names:
            raise InvalidRulesError(f"unknown biriba bonus {name!r} (known: {', '.join(sorted(names))})")
        if points is not None and (isinstance(points, bool) or not isinstance(points, int)):
            raise InvalidRulesError(f"biriba bonus {name!r} must be an integer or null, not {points!r}")
    return BiribaBonuses(**value)


def _decode_schedule(value: object, target: int) -> InitialMeldSchedule | None:
    if value is None or value is False:
        return None
    if isinstance(value, str):
        return initial_meld_schedule(value, target)
    if isinstance(value, list | tuple) and all(
        isinstance(entry, list | tuple)
        and len(entry) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in entry)
        for entry in value
    ):
        return tuple((int(entry[0]), int(entry[1])) for entry in value)
    raise InvalidRulesError("option 'initial_meld' must be a schedule name or a list of [from_score, minimum] pairs")


def _encode_option(value: object) -> object:
    if isinstance(value, BiribaBonuses):
        return {k: v for k, v in dataclasses.asdict(value).items() if v is not None}
    if isinstance(value, tuple):
        return [list(entry) if isinstance(entry, tuple) else entry for entry in value]
    return value


_VENEZUELAN_ACCUMULATED = BiribaBonuses(
    run_clean=200,
    run_dirty=100,
    set_clean=200,
    set_dirty=100,
    bonus_suit_run_clean=200,
    bonus_suit_run_dirty=100,
    full_run_clean=200,
    full_run_dirty=100,
    bonus_suit_full_run_clean=200,
    bonus_suit_full_run_dirty=100,
    ace_set_clean=400,
    ace_set_dirty=300,
    wild_meld=750,
)
_VENEZUELAN_IN_HAND = BiribaBonuses(
    run_clean=300,
    run_dirty=200,
    set_clean=300,
    set_dirty=200,
    bonus_suit_run_clean=300,
    bonus_suit_run_dirty=200,
    full_run_clean=300,
    full_run_dirty=200,
    bonus_suit_full_run_clean=300,
    bonus_suit_full_run_dirty=200,
    ace_set_clean=500,
    ace_set_dirty=400,
    wild_meld=1000,
)
_BURACO_BONUSES = BiribaBonuses(
    run_clean=200,
    run_dirty=100,
    set_clean=200,
    set_dirty=100,
    full_run_clean=500,
    full_run_dirty=100,
    ace_to_ace_run_clean=1000,
    ace_to_ace_run_dirty=100,
)
_BURACO: dict[str, Any] = {
    # The Buraco rules as their main text gives them: "In Buraco Aberto there are no sets of equal cards, only
    # sequences", the cut not scored, the deal in the contract's order. Their "Variations" ("some allow a set
    # of three or more aces", the scored cut, the cutter keeping a wild card seen at the bottom of the cut)
    # are options a table may agree: "sets": "aces", "exact_cut_bonus"/"short_cut_penalty": 100,
    # "cutter_takes_bottom_wild" (docs/rules.md). The player at the dealer's right cuts.
    "sets": False,
    "cutter": "first-player",
    "ace_to_ace": True,
    "upcard": False,
    "bonus_suit": False,
    "biriba_for_biribaki": False,
    "going_out_needs_clean_biriba": True,
    "end_of_draw_pile": "packets-then-end",
    "bonuses": _BURACO_BONUSES,
    "no_biribaki_penalty_when_none_taken": False,
    "initial_meld": "buraco",
    "target": 3000,
    "target_rule": "reach",
}

PRESETS: dict[str, dict[str, Any]] = {
    # The base rules, as docs/rules.md decides them.
    "standard": {},
    # The base rules' recommended game (Alexandros Kouridakis): no sets, meld from the pile to take it, full
    # runs in the bonus suit 1000 clean / 500 dirty.
    "kouridakis": {
        "sets": False,
        "take_pile_requires_meld": True,
        "bonuses": BiribaBonuses(bonus_suit_full_run_clean=1000, bonus_suit_full_run_dirty=500),
    },
    # The encyclopedia texts: atout runs 600/300, full runs 1000/500 with nothing extra in the atout, the minimum
    # initial meld by score, the closing condition, the first player's choice on a Joker upcard, the hand
    # ending with the turn that draws the last card ("the last player is the one to pick up the final
    # card from the deck"), 3000.
    "classic": {
        "bonuses": BiribaBonuses(
            bonus_suit_run_clean=600,
            bonus_suit_run_dirty=300,
            bonus_suit_full_run_clean=1000,
            bonus_suit_full_run_dirty=500,
        ),
        "initial_meld": "vulnerability",
        "going_out_after_one_card_pile": False,
        "end_of_draw_pile": "last-draw",
        "joker_upcard": "first-player-chooses",
        "target": 3000,
    },
    # The Venezuelan version (the newer encyclopedia text).
    "venezuelan": {
        "wild_melds": True,
        "ace_to_ace": True,
        "bonus_suit": False,
        "first_player": 2,
        "dealer_takes_bottom_wilds": True,
        "exact_cut_bonus": 100,
        "near_cut_bonus": 50,
        "biriba_for_biribaki": False,
        "whole_hand_opening": True,
        "going_out_by_meld": True,
        "joker_value": 50,
        "two_value": 25,
        "ace_value": 20,
        "bonuses": _VENEZUELAN_ACCUMULATED,
        "laid_whole_bonuses": _VENEZUELAN_IN_HAND,
        "no_biribaki_penalty": 0,
        "unplayed_biribaki_penalty": 0,
        "target": 2500,
        "target_rule": "reach",
    },
    # Brazilian Buraco (the Buraco rules).
    "buraco-aberto": dict(_BURACO),
    "buraco-fechado": _BURACO
    | {
        "sets": True,
        "sets_of_twos": True,
        "take_pile_requires_top_card": True,
        "closed_discard_pile": True,
        "going_out_needs_clean_biriba": False,
        "bonuses": dataclasses.replace(_BURACO_BONUSES, twos_set_clean=1000, twos_set_dirty=1000),
    },
}
"""The named presets (docs/rules.md, The sources): the options each one sets (the rest keep their defaults)."""

PRESET_FORMATS: dict[str, dict[int, dict[str, Any]]] = {
    # The newer encyclopedia text: "Three-handed Biriba: ... The first biribaki consists of 18 cards, the
    # second of 11. The one who closes first, and takes the first biribaki, has the other two players as a
    # team against them", with the 108-card pack. Playing alone stays an option (partnerships "none").
    "classic": {3: {"partnerships": "formed"}},
    "venezuelan": {3: {"partnerships": "formed"}},
}
"""A preset's own defaults for a number of players, where they differ from the format's."""
