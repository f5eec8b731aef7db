"""A researcher's own bot, named by its import path, plays where the research tools name bots by spec; the
tables people play at never import one."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from biriba.bots.base import make_bot
from biriba.bots.greedy import GreedyBot
from biriba.bots.imported import load_bot, names_imported_bot
from biriba.bots.play import play_hand
from biriba.core.errors import InvalidInputError
from biriba.core.rules import Rules
from biriba.games.registry import GAMES

MODULE = """
    import random

    class Cautious:
        '''Discards the highest card it may, else plays the first legal action.'''

        name = "cautious"

        def __init__(self, depth: int = 1, style: str = "plain") -> None:
            self.depth, self.style = depth, style
            self.decisions = 0

        def choose(self, view, legal, rng):
            self.decisions += 1
            return legal[0]

    def first_legal(depth: int = 2):
        return Cautious(depth=depth)

    NOT_A_BOT = 7

    def no_choose():
        return object()

    class Wayward:
        name = "wayward"

        def choose(self, view, legal, rng):
            return "discard the queen"
"""


@pytest.fixture
def lab(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module of the researcher's own folder, on the module search path (as the command line puts it)."""
    (tmp_path / "lab_bots.py").write_text(textwrap.dedent(MODULE), encoding="utf-8")
    (tmp_path / "lab_broken.py").write_text("import no_such_package_of_the_lab\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "lab_bots"


def test_a_class_by_its_import_path_is_made_with_its_options(lab: str) -> None:
    bot = load_bot(f"{lab}.Cautious:depth=3,style=bold")
    assert type(bot.bot).__name__ == "Cautious" and (bot.depth, bot.style) == (3, "bold")
    assert load_bot(f"{lab}.first_legal").depth == 2  # a function that makes a bot serves as well
    assert isinstance(load_bot("greedy"), GreedyBot)  # the project's own, by name, as before


def test_an_imported_bot_plays_a_whole_hand(lab: str) -> None:
    bot = load_bot(f"{lab}.Cautious")
    _, state = play_hand(Rules.from_preset("standard"), [bot, make_bot("greedy"), bot, make_bot("greedy")], 0, 5)
    assert state.is_over
    assert bot.decisions > 0


def test_another_games_bots_load_the_same_way(lab: str) -> None:
    bura = GAMES["bura"]
    state = bura.deal(bura.rules(), 0, 3, None)
    bot = load_bot(f"{lab}.Cautious", bura.make_bot)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(bot.choose(bura.observe(state, state.current), state.legal_actions(), rng))
    assert bot.decisions > 0
    assert type(load_bot("heuristic", bura.make_bot)).__name__ == type(bura.make_bot("heuristic")).__name__


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("lab_nowhere.Cautious", "bot 'lab_nowhere.Cautious': no module 'lab_nowhere' to import"),
        ("lab_bots.Reckless", "module 'lab_bots' has no class or function 'Reckless'"),
        ("lab_bots.NOT_A_BOT", "module 'lab_bots' has no class or function 'NOT_A_BOT'"),
        ("lab_bots.no_choose", "what it makes has no choose(view, legal, rng) method"),
        ("lab_bots.Cautious:depth=deep", "depth takes a number, not 'deep'"),
        ("lab_bots.Cautious:width=3", "takes no option(s) width"),
    ],
)
def test_a_spec_that_cannot_be_loaded_is_refused_by_name(lab: str, spec: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_bot(spec)


def test_a_choice_that_is_not_a_legal_action_is_named_as_the_bots_own(lab: str) -> None:
    bot = load_bot(f"{lab}.Wayward")
    with pytest.raises(
        InvalidInputError, match=r"bot 'lab_bots\.Wayward' chose 'discard the queen', which is not one of"
    ):
        play_hand(
            Rules.from_preset("standard"), [bot, make_bot("greedy"), make_bot("greedy"), make_bot("greedy")], 0, 5
        )


def test_a_module_that_fails_to_import_says_what_it_misses(lab: str) -> None:
    with pytest.raises(ModuleNotFoundError, match="no_such_package_of_the_lab"):
        load_bot("lab_broken.Bot")


def test_the_tables_people_play_at_never_import_a_module(lab: str) -> None:
    # The server and the terminal game make bots with the games' make_bot: a client's spec is a level.
    assert names_imported_bot(f"{lab}.Cautious") and not names_imported_bot("search:worlds=8")
    with pytest.raises(InvalidInputError, match=r"unknown bot 'lab_bots\.Cautious'"):
        make_bot(f"{lab}.Cautious")
    for game in ("bura", "tyzicha"):
        with pytest.raises(InvalidInputError, match="unknown"):
            GAMES[game].make_bot(f"{lab}.Cautious")
