"""The catalogue (``src/biriba/i18n/messages.json``): every key in every language, the same facts in
each, a text for every refusal the engine can make, one register and one vocabulary in Greek."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from biriba.core.errors import RULE_IDS as BIRIBA_RULE_IDS
from biriba.core.errors import IllegalAction
from biriba.core.scoring import BIRIBA_KINDS
from biriba.games.bura.game import RULE_IDS as BURA_RULE_IDS
from biriba.games.tyzicha.game import RULE_IDS as TYZICHA_RULE_IDS
from biriba.i18n import LANGUAGES, Words, catalogue, locale_language, placeholders

SRC = Path(__file__).resolve().parents[2] / "src" / "biriba"
CATALOGUE = catalogue()
RULE_IDS = BIRIBA_RULE_IDS + BURA_RULE_IDS + TYZICHA_RULE_IDS
"""Every game's rules (a game's own are named after it: ``bura.lead-one-suit``)."""
SHAPE_KEYS = {"meld.run.clean", "meld.run.dirty", "meld.set.clean", "meld.set.dirty", "meld.wild"}


def test_every_key_has_every_language_with_the_same_facts() -> None:
    for key, entry in CATALOGUE.items():
        assert set(entry) == set(LANGUAGES), f"{key}: languages {sorted(entry)}"
        facts = {language: placeholders(entry[language]) for language in LANGUAGES}
        assert len({frozenset(f) for f in facts.values()}) == 1, f"{key}: facts differ {facts}"
        for language, text in entry.items():
            texts = text.values() if isinstance(text, dict) else [text]
            assert all(t.strip() for t in texts), f"{key} [{language}] is empty"
            if isinstance(text, dict):
                assert "other" in text and set(text) <= {"zero", "one", "two", "few", "many", "other"}, key


def test_a_missing_key_in_one_language_fails_here() -> None:
    """The check above would catch a key with one language missing: it is the catalogue's guard."""
    broken = {"x": {"en": "one"}}
    with pytest.raises(AssertionError):
        for key, entry in broken.items():
            assert set(entry) == set(LANGUAGES), key


def test_plurals_follow_each_language() -> None:
    for language, one, many in (("en", "1 card", "2 cards"), ("el", "1 φύλλο", "2 φύλλα")):
        words = Words(language)
        assert words("game.cards", n=1) == one and words("game.cards", n=2) == many
    assert Words("en")("game.cards", n=0) == "0 cards"
    assert Words("el").number(12345) == "12.345" and Words("en").number(12345) == "12,345"


def test_every_rule_has_a_name_and_a_refusal_in_both_languages() -> None:
    for rule in RULE_IDS:
        for language in LANGUAGES:
            words = Words(language)
            assert words.rule_name(rule)
            assert f"refusal.{rule}" in CATALOGUE, rule


def _string_args(call: ast.Call) -> list[str | None]:
    """The positional arguments, each a string literal or None."""
    return [arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None for arg in call.args]


def _calls(name: str) -> list[tuple[Path, ast.Call]]:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                owner = func.value.id if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) else ""
                if f"{owner}.{called}" == name or (called == name and not owner):
                    found.append((path, node))
    return found


def test_every_refusal_the_code_makes_has_its_words() -> None:  # noqa: PLR0912
    """Every ``IllegalAction(rule, key)`` and ``Refusal.of(rule, key)`` in the code names a known rule and a
    key of the catalogue; every literal ``why=`` has its text."""
    seen = 0
    for name in ("IllegalAction", "Refusal.of"):
        for path, call in _calls(name):
            args = _string_args(call)
            if not args:
                continue
            rule, key = args[0], (args[1] if len(args) > 1 else args[0])
            assert rule is None or rule in RULE_IDS, f"{path.name}: unknown rule {rule!r}"
            if key is not None:
                assert f"refusal.{key}" in CATALOGUE, f"{path.name}: no text for refusal {key!r}"
                seen += 1
            for keyword in call.keywords:
                if keyword.arg == "why" and isinstance(keyword.value, ast.Constant):
                    assert f"why.{keyword.value.value}" in CATALOGUE, f"{path.name}: why {keyword.value.value!r}"
    assert seen > 40
    for path, call in _calls("Reason.of"):
        args = [arg for arg in _string_args(call) if arg is not None]
        if args and not args[0].startswith(("hint.", "meld.", "news.", "not-a-meld", "team-meld")):
            pytest.fail(f"{path.name}: Reason.of({args[0]!r}) is not a known family of keys")
        for key in args:
            if key.startswith(("hint.", "news.")) or key in SHAPE_KEYS:
                full = key  # a headline, a meld's shape, what a move did to the biribakia: full keys
            elif key.startswith("meld."):
                full = f"why.{key}"  # why cards are not a meld
            else:
                full = f"refusal.{key}"
            assert full in CATALOGUE, f"{path.name}: no text for {key!r}"
    why_returns = re.findall(r'return "([a-z-]+)"', (SRC / "core" / "state.py").read_text(encoding="utf-8"))
    for why in why_returns:
        assert f"why.{why}" in CATALOGUE, f"state.py: no text for why {why!r}"


def test_every_biriba_kind_has_its_words() -> None:
    for kind in BIRIBA_KINDS:
        for quality in ("clean", "dirty"):
            if kind != "wild-meld":
                assert f"biriba.{kind}.{quality}" in CATALOGUE
        assert f"sheet.kind.{kind}" in CATALOGUE
    assert "biriba.wild-meld" in CATALOGUE


def test_a_refusal_renders_its_facts_for_people() -> None:
    error = IllegalAction("no-such-meld", meld=4, melds=3)
    assert Words("en").refusal(error) == "Your team has no meld 5: its melds are 1 to 3."
    card = IllegalAction("single-card-pile", card=22)
    assert "10♥" in Words("el").refusal(card)


# --- Greek: one register, one vocabulary ------------------------------------------------------------

INFORMAL = re.compile(r"\b(σου|σένα|εσύ|Εσύ|παίζεις|έχεις)\b|^(Τράβηξε|Πέτα|Διάλεξε|Μάζεψε|Κατέβασε|Πρόσθεσε|Γύρισε)\b")
"""Second person singular: the catalogue speaks to players formally (σας)."""
OTHER_NAMES = re.compile(r"(Κάτω φύλλα|κάτω φύλλα|μοιρασιά|Μοιρασιά)")
"""Names the game's words replace: the pile is η στοίβα, a hand is ένας γύρος (docs/glossary.md)."""
LATIN_ALLOWED = re.compile(
    r"\{[a-z_]+\}|\b(?:[AJQK]|JK|JSON|[cdtmxhwqrsvp]|Enter|home/end|space|PgDn|PgUp|canastra|Buraco|P\d?"
    r"|A 2|K A|K A 2"
    # Buraco's own Portuguese words, named as such on a Buraco rule sheet (sheet.buraco-words).
    r"|limpa|suja|meia real|real|morto|batida|monte|lixo)\b"
)


def test_greek_speaks_formally_and_uses_the_games_own_words() -> None:
    for key, entry in CATALOGUE.items():
        greek = entry["el"]
        for text in greek.values() if isinstance(greek, dict) else [greek]:
            assert not INFORMAL.search(text), f"{key}: informal Greek in {text!r}"
            assert not OTHER_NAMES.search(text), f"{key}: {text!r} uses a name the glossary replaces"


def test_greek_texts_hold_no_english_words() -> None:
    for key, entry in CATALOGUE.items():
        greek = entry["el"]
        if key.startswith("preset.") or key in ("cli.watch-title", "web.language"):
            continue  # names: presets are named in Latin letters, the language switch names English
        for text in greek.values() if isinstance(greek, dict) else [greek]:
            rest = LATIN_ALLOWED.sub("", text)
            assert not re.search(r"[A-Za-z]{2,}", rest), f"{key}: English in the Greek text {text!r}"


def test_the_browser_client_is_built_with_the_current_catalogue() -> None:
    """The browser bundles the same catalogue (web/src/i18n.ts imports messages.json): a change to a text
    needs ``npm run build`` in web/, or the browser would speak the old words."""
    bundle = "".join(path.read_text(encoding="utf-8") for path in (SRC / "server" / "static").rglob("*.js"))
    for key, entry in CATALOGUE.items():
        assert f'"{key}"' in bundle, f"the built client lacks {key}: run npm run build in web/"
        for text in (t for language in LANGUAGES for t in _texts(entry[language])):
            if not re.search(r"[\"'`\\\n]", text):
                assert text in bundle, f"the built client has another text for {key}: run npm run build in web/"


def _texts(entry: str | dict[str, str]) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [entry]


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "el_GR.UTF-8"}, "el"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "el_CY"}, "el"),
        ({"LC_ALL": "el_GR.UTF-8", "LANG": "en_US.UTF-8"}, "el"),  # LC_ALL overrides LANG
        ({"LC_MESSAGES": "el_GR.UTF-8", "LANG": "en_US.UTF-8"}, "el"),
        ({"LC_ALL": "", "LANG": "el_GR.UTF-8"}, "el"),  # an empty variable is unset
        ({"LANGUAGE": "fr:el", "LANG": "en_US.UTF-8"}, "el"),  # the first language of the list spoken here
        ({"LANGUAGE": "en", "LANG": "el_GR.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, None),
        ({"LANG": "C.UTF-8"}, None),
        ({"LANG": "POSIX"}, None),
        ({}, None),
    ],
)
def test_the_terminals_locale_names_the_language(environ: dict[str, str], language: str | None) -> None:
    assert locale_language(environ) == language
