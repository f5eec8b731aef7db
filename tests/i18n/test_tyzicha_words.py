"""Tyzicha in words (:mod:`biriba.i18n.tyzicha`): every kind of move, result and hint renders in English and
Greek with its facts; a card given face down is named to its giver and receiver only; every ``tyzicha.``
key the code names is in the catalogue."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from biriba.core.cards import card_symbol, parse_card
from biriba.games.tyzicha import Bid, Concede, Give, HandResult, Pass, Play, Raise, TyzichaRules, TyzichaState
from biriba.games.tyzicha.bots import TyzichaHint, hint
from biriba.games.tyzicha.game import HEARTS, observe
from biriba.i18n import LANGUAGES, Words, catalogue, placeholders
from biriba.i18n.tyzicha import hint_text, marriage_name, move_text, result_text, standing_text, trump_text

SRC = Path(__file__).resolve().parents[2] / "src" / "biriba"
NAMES = ["Anna", "Boris", "Vera"]
QH, AS = parse_card("QH"), parse_card("AS")

MOVES = [
    (Bid(2, 120), "120"),
    (Pass(0), None),
    (Give(1, AS, 2), card_symbol(AS)),
    (Raise(1, 150), "150"),
    (Concede(1), None),
    (Play(0, AS), card_symbol(AS)),
    (Play(2, QH, True), card_symbol(QH)),
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_move_kind_renders_with_its_facts(language: str) -> None:
    words = Words(language, NAMES)
    texts = []
    for action, fact in MOVES:
        text = move_text(words, action)
        assert text.startswith(NAMES[action.seat] + ":"), text
        assert "{" not in text and (fact is None or fact in text), text
        texts.append(text)
    assert len(set(texts)) == len(texts)
    assert NAMES[2] in texts[2]  # the receiver, by name
    assert "♥" in texts[-1] and "марьяж" in texts[-1]  # the marriage's suit


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_card_given_face_down_is_named_only_to_its_giver_and_receiver(language: str) -> None:
    words = Words(language, NAMES)
    gift = Give(1, AS, 2)
    symbol = card_symbol(AS)
    assert symbol in move_text(words, gift, 1, face_down=True)  # the giver
    assert symbol in move_text(words, gift, 2, face_down=True)  # the receiver
    third = move_text(words, gift, 0, face_down=True)
    assert symbol not in third and "A" not in third.replace(NAMES[0], "")
    assert third == words("tyzicha.move.give-hidden", seat=1, to=2)
    assert NAMES[1] in third and NAMES[2] in third
    assert symbol in move_text(words, gift, 0)  # face up: the whole table sees it
    assert symbol in move_text(words, gift, None, face_down=True)  # the whole record


@pytest.mark.parametrize("language", LANGUAGES)
def test_results_standing_marriages_and_trumps(language: str) -> None:
    words = Words(language, NAMES)
    made = HandResult(1, 120, False, "made", (20, 95, 5), (0, 40, 0), (0, 120, 0))
    broken = HandResult(1, 200, False, "broken", (20, 95, 5), (0, 40, 0), (20, -200, 5))
    conceded = HandResult(2, 100, True, "conceded", (0, 0, 0), (0, 0, 0), (40, 40, -100))
    texts = [result_text(words, result) for result in (made, broken, conceded)]
    assert "120" in texts[0] and "135" in texts[0] and NAMES[1] in texts[0]
    assert "200" in texts[1] and "135" in texts[1]
    assert "100" in texts[2] and NAMES[2] in texts[2]
    assert len(set(texts)) == 3
    standing = standing_text(words, (1000, -120, 40))
    assert NAMES[0] in standing and words.number(1000) in standing and "-120" in standing
    assert "♥" in marriage_name(words, HEARTS) and "100" in marriage_name(words, HEARTS)
    assert "♥" in trump_text(words, HEARTS) and trump_text(words, None) == words("tyzicha.no-trump")


HINT_FACTS: dict[str, dict[str, object]] = {
    "bid": {"bid": 120, "worth": 131},
    "forced": {"bid": 100, "worth": 90},
    "pass": {"contract": 150, "worth": 97},
    "pass-open": {"contract": 110, "worth": 72},
    "raise": {"contract": 120, "worth": 175},
    "concede": {"contract": 160, "worth": 60},
    "give": {"card": AS, "seat": 2},
    "marriage": {"suit": HEARTS, "points": 100},
    "lead": {"card": AS},
    "take": {"card": AS, "points": 21},
    "duck": {"card": AS, "points": 4},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_hint_reason_renders(language: str) -> None:
    words = Words(language, NAMES)
    texts = set()
    for reason, facts in HINT_FACTS.items():
        text = hint_text(words, TyzichaHint(Play(0, AS), reason, facts))
        assert text.startswith(move_text(words, Play(0, AS)) + ": ") and "{" not in text
        for name in placeholders(catalogue()[f"tyzicha.hint.{reason}"][language]):
            value = facts[name]
            shown = card_symbol(value) if name == "card" else "♥" if name == "suit" else words.number(value)  # type: ignore[arg-type]
            assert shown in text, (reason, name)
        texts.add(text)
    assert len(texts) == len(HINT_FACTS)
    searched = TyzichaHint(Play(0, AS), "take", HINT_FACTS["take"], 12, 31.4, (Play(0, QH), -8.6))
    text = hint_text(words, searched)
    # The next best move and by how much less it makes (31.4 against -8.6: 40 points), over 12 deals.
    assert "12" in text and "40" in text and card_symbol(QH) in text and "{" not in text
    if language == "en":
        worse = "makes about 40 points less a hand in 12 trial deals of the cards you cannot see"
        assert text.endswith(f"the next best move ({move_text(words, Play(0, QH))}) {worse}"), text
    # Two moves that came out level (within half a point) are said to, not to differ by 0 points.
    level = hint_text(words, TyzichaHint(Play(0, AS), "take", HINT_FACTS["take"], 12, 10.2, (Play(0, QH), 10.0)))
    assert level.endswith(words("tyzicha.hint.searched-level", next=move_text(words, Play(0, QH)), worlds=12))
    assert " 0 " not in level


def test_a_pass_in_the_bidding_is_explained_against_the_highest_bid() -> None:
    state = TyzichaState.deal(TyzichaRules(), 0, seed=1)
    state.apply(Bid(state.current, 110))
    state.apply(Bid(state.current, 120))
    seat = state.current
    suggestion = hint(observe(state, seat), [Pass(seat)], random.Random(0))
    assert suggestion.reason == "pass" and suggestion.facts["contract"] == 120
    assert "bid over 120" in hint_text(Words("en"), suggestion)


def test_a_pass_before_any_bid_is_explained_against_the_opening() -> None:
    state = TyzichaState.deal(TyzichaRules(), 0, seed=1)
    seat = state.current
    suggestion = hint(observe(state, seat), [Pass(seat)], random.Random(0))
    assert suggestion.reason == "pass-open" and suggestion.facts["contract"] == 110
    assert "open the bidding at 110" in hint_text(Words("en"), suggestion)


def _tyzicha_keys_in(path: Path) -> set[str]:
    """The literal ``tyzicha.`` keys a file names (with an f-string's fixed start as a prefix ending ``.``)."""
    keys = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and re.fullmatch(r"tyzicha\.[a-z_.-]+", node.value)
        ):
            keys.add(node.value)
        if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
            start = str(node.values[0].value)
            if start.startswith("tyzicha."):
                keys.add(start)
    return keys


def test_every_tyzicha_key_the_code_names_is_in_the_catalogue() -> None:
    files = [*(SRC / "tui" / "tyzicha").glob("*.py"), SRC / "i18n" / "tyzicha.py", SRC / "cli.py"]
    keys = set().union(*(_tyzicha_keys_in(path) for path in files))
    assert len(keys) > 40
    known = catalogue()
    for key in keys:
        if key.endswith("."):
            assert any(name.startswith(key) for name in known), key
        else:
            assert key in known, key
    for name in ("hand_over", "record-summary", "unfinished", "match_over", "watch-title"):  # the narration's
        assert f"tyzicha.{name}" in known and f"bura.{name}" in known
