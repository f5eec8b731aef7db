"""Every word a person reads, in English and Greek: one catalogue for the command line, the terminal
game, the hints, the server and the browser.

The engine describes and never writes prose: a refusal is a rule id, a key and facts
(:class:`~biriba.core.errors.Reason`); a score line, a biriba, a move and a hint are values. This package
puts them in words from the catalogue ``messages.json``, which the browser reads too. Each entry holds
its English and Greek text; a text is a string with ``{fact}`` places, or, where a number decides the
word ("1 card", "2 cards"), a mapping from the CLDR plural category of the fact ``n`` (``one``,
``other``) to a string. Plural categories and number formats come from Babel (CLDR).

Facts are rendered by name, the same way here and in the browser (``web/src/i18n.ts``):

* ``card``, ``kept``, ``top``: a card, shown with its suit symbol (``10♥``); ``cards``: several;
* ``suit``: a suit index, shown as its symbol;
* ``meld``, ``team``, ``hand``: numbers counted from 0 by the engine, shown from 1 as people count;
* ``seat``, ``acting``: a seat, shown by the player's name when one is given, else as "Player N";
* ``why``: the key of a further text (``why.<key>``), rendered with the same facts;
* ``seed``, ``index``: identifiers, shown as they are;
* any other number: formatted for the language (``5,000``, ``5.000``).

>>> en, el = Words("en"), Words("el")
>>> en("game.cards", n=1), el("game.cards", n=3)
('1 card', '3 φύλλα')
>>> from biriba.core.errors import IllegalAction
>>> en.refusal(IllegalAction("card-not-in-hand", cards=(9, 22)))
'Not in your hand: 10♠ 10♥'
>>> el.number(5000)
'5.000'
"""

from __future__ import annotations

import json
import math
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

from biriba.bots.hints import Suggestion
from biriba.core.actions import Action, ChooseBonusSuit, Discard, Draw, Extend, Meld, Pass, Redraw, TakePile
from biriba.core.cards import SUIT_SYMBOLS, Card, card_code, card_symbol
from biriba.core.errors import CARD_FACTS, IllegalAction, Reason, Refusal
from biriba.core.melds import MeldShape
from biriba.core.scoring import BiribaScore, TeamScore

LANGUAGES = ("en", "el")
"""The languages of the catalogue: English and Greek."""


def locale_language(environ: Mapping[str, str]) -> str | None:
    """The language of the catalogue that a terminal's locale asks for, or None.

    As gettext reads the environment: ``LANGUAGE`` (a list of languages, ``el:en``) first, then the
    locale of messages, the first set of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` (``el_GR.UTF-8``).
    The C locale asks for no language."""
    wanted = [part for part in environ.get("LANGUAGE", "").split(":") if part]
    locale = next((environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), None)
    if locale is not None:
        wanted.append(locale)
    for name in wanted:
        language = name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if language in LANGUAGES:
            return language
    return None


_COUNTED_FROM_ZERO = frozenset({"meld", "team", "hand"})
_SEATS = frozenset({"seat", "acting", "to"})
_CARD = frozenset({"card", "kept", "top"})
_IDENTIFIERS = frozenset({"seed", "index"})
_FORMATTER = string.Formatter()

Entry = str | dict[str, str]
"""A text, or texts by plural category."""


@cache
def catalogue() -> dict[str, dict[str, Entry]]:
    """Every key with its text in each language (``messages.json``)."""
    text = resources.files(__package__).joinpath("messages.json").read_text(encoding="utf-8")
    data: dict[str, dict[str, Entry]] = json.loads(text)
    return data


def placeholders(entry: Entry) -> set[str]:
    """The facts a text uses."""
    texts = entry.values() if isinstance(entry, dict) else (entry,)
    return {name for text in texts for _, name, _, _ in _FORMATTER.parse(text) if name}


def searched_lead(game: str, score: float, other: float) -> int:
    """By how much the next best move of a searched hint of ``game`` came out worse, as its words say it:
    Bura's search scores +1 a trial deal won and -1 one lost, so a gap of 2 is one deal fewer won (a
    half rounds up); Tyzicha's scores are points a hand."""
    if game == "bura":
        return math.ceil((score - other) / 2)
    return round(score - other)


def searched_hint_key(game: str, lead: int) -> str:
    """The text of how a searched move of ``game`` (Bura, Tyzicha) fared against the next best, which came
    to ``lead`` less (:func:`searched_lead`): by how much, or, where the two came out level, that they did."""
    return f"{game}.hint.searched" if lead else f"{game}.hint.searched-level"


def reason_json(reason: Reason) -> dict[str, Any]:
    """A reason as JSON for clients that render it themselves (the browser): its key and its facts,
    cards as their codes. ``{"key": "card-not-in-hand", "facts": {"cards": ["10S"]}}``."""
    facts: dict[str, Any] = {}
    for name, value in reason.items:
        if name in CARD_FACTS and isinstance(value, tuple):
            facts[name] = [card_code(card) for card in value]
        elif name in CARD_FACTS and isinstance(value, int) and not isinstance(value, bool):
            facts[name] = card_code(value)
        else:
            facts[name] = value
    return {"key": reason.key, "facts": facts}


class Words:
    """The words of one language: ``words(key, **facts)`` renders a catalogue entry.

    ``names`` gives the players' names by seat, for facts that are seats. ``card_format`` shows one
    card (a terminal colours them); by default its symbol, ``10♥``.
    """

    def __init__(
        self,
        language: str,
        names: Sequence[str] | None = None,
        card_format: Callable[[Card], str] = card_symbol,
    ) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r} (known: {', '.join(LANGUAGES)})")
        self.language = language
        self.names = list(names) if names is not None else None
        self.card_format = card_format
        self._locale = Locale.parse(language)

    def with_names(self, names: Sequence[str]) -> Words:
        """The same language and card format, with players' names for seats."""
        return Words(self.language, names, self.card_format)

    def __call__(self, key: str, **facts: Any) -> str:
        entry = catalogue()[key][self.language]
        if isinstance(entry, dict):
            count = facts.get("n", 0)
            entry = entry.get(self._locale.plural_form(abs(count)), entry["other"])
        return entry.format(**{name: self._fact(name, facts) for name in placeholders(entry)})

    def _fact(self, name: str, facts: Mapping[str, Any]) -> str:  # noqa: PLR0911
        value = facts[name]
        if name == "why":
            return self(f"why.{value}", **facts)
        if isinstance(value, str):
            return value  # already in words (a name, a rendered part)
        if name == "cards":
            return self.cards(value)
        if name in _CARD:
            return self.card_format(value)
        if name == "suit":
            return SUIT_SYMBOLS[value]
        if name == "rank" and isinstance(value, int):
            return self(f"rank.{value}")
        if name in _SEATS:
            return self.seat(value)
        if isinstance(value, bool) or not isinstance(value, int) or name in _IDENTIFIERS:
            return str(value)
        if name in _COUNTED_FROM_ZERO:
            return self.number(value + 1)
        return self.number(value)

    # --- values ------------------------------------------------------------------------------------

    def number(self, value: int) -> str:
        """A number as this language writes it (``5,000`` / ``5.000``)."""
        return str(format_decimal(value, locale=self._locale))

    def signed(self, value: int) -> str:
        """A score with its sign (``+135``, ``-20``, ``+0``)."""
        return ("+" if value >= 0 else "") + self.number(value)

    def clauses(self, parts: Iterable[str]) -> str:
        """Clauses of one sentence, joined as the language does ("a; b" / "α· β")."""
        return self("sep.clauses").join(parts)

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards with their suit symbols: ``A♠ 10♥ JK``."""
        return " ".join(self.card_format(card) for card in cards)

    def seat(self, seat: int) -> str:
        """A player by seat: the name, if names were given, else "Player N" (from 1)."""
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return self("game.player", n=seat + 1)

    def rule_name(self, rule: str) -> str:
        """The short name of a rule (``keep-two-cards``: "Keep two cards")."""
        return self(f"rule.{rule}")

    def reason(self, reason: Reason) -> str:
        """A reason whose key is a full catalogue key (``hint.discard``, ``meld.run.clean``), in words."""
        return self(reason.key, **reason.facts)

    def refusal(self, error: IllegalAction | Refusal) -> str:
        """Why the rules refuse an action, in words (the ``refusal.`` texts)."""
        return self(f"refusal.{error.reason.key}", **error.reason.facts)

    def shape(self, shape: MeldShape) -> str:
        """A meld as a player says it: "clean run of 7 ♥", "dirty set of 4 Q", "meld of 5 wild cards"."""
        return self.reason(shape.describe())

    def hint(self, suggestion: Suggestion) -> str:
        """A hint's reasons in words: the headline, then its details."""
        head = self.reason(suggestion.head)
        if not suggestion.details:
            return head
        return self("hint.joined", head=head, details=self.clauses(self.reason(d) for d in suggestion.details))

    def biriba(self, biriba: BiribaScore) -> str:
        """The kind of a scored biriba: "clean run in the bonus suit", "dirty set laid at once"."""
        quality = "" if biriba.clean is None else ".clean" if biriba.clean else ".dirty"
        text = self(f"biriba.{biriba.kind}{quality}")
        return self("biriba.laid-whole", biriba=text) if biriba.laid_whole else text

    def biribaki_line(self, team: TeamScore) -> str:
        """Why a team's biribaki line costs what it does ("biribaki not taken: -100"), or ""."""
        if not team.biribaki:
            return ""
        return self(f"line.biribaki.{team.biribaki_status.value}", points=self.signed(team.biribaki))

    def action(self, action: Action) -> str:  # noqa: PLR0911
        """A move in words, with who made it: "Eleni discards Q♣"."""
        seat = action.seat
        match action:
            case Draw():
                return self("move.draw", seat=seat)
            case TakePile():
                return self("move.take-pile", seat=seat)
            case Pass():
                return self("move.pass", seat=seat)
            case Redraw():
                return self("move.redraw", seat=seat)
            case ChooseBonusSuit(_, None):
                return self("move.choose-none", seat=seat)
            case ChooseBonusSuit(_, suit):
                return self("move.choose", seat=seat, suit=suit)
            case Discard(_, card):
                return self("move.discard", seat=seat, card=card)
            case Meld(_, melds):
                return self("move.meld", seat=seat, melds=" | ".join(self.cards(cards) for cards in melds))
            case Extend(_, meld, cards):
                return self("move.extend", seat=seat, cards=cards, meld=meld)
        raise TypeError(f"not an action: {action!r}")
