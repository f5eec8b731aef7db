"""Architecture: the rules engine (``biriba.core``) is pure game logic.

It imports nothing from the bots, the command line or the console, no third-party package, and
nothing that reaches the outside world: no I/O, no clock, no global random state.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "biriba"
CORE_FILES = sorted((SRC / "core").glob("*.py"))
GAME_FILES = sorted((SRC / "games").rglob("*.py"))
"""The other games' engines and players: pure like the core."""
PURE_FILES = CORE_FILES + GAME_FILES

OUTSIDE_WORLD = {
    "time",
    "datetime",
    "os",
    "sys",
    "io",
    "pathlib",
    "shutil",
    "tempfile",
    "asyncio",
    "socket",
    "select",
    "selectors",
    "subprocess",
    "threading",
    "multiprocessing",
    "signal",
    "logging",
    "urllib",
    "http",
    "secrets",
    "uuid",
}
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval", "breakpoint", "__import__"}


def imported_modules(tree: ast.Module) -> list[tuple[str, list[str]]]:
    """``(module, names)`` of every import; relative imports are resolved within biriba.core."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                module = "biriba.core." + module if module else "biriba.core"
            found.append((module, [alias.name for alias in node.names]))
    return found


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def test_core_modules_are_found() -> None:
    names = {path.stem for path in CORE_FILES}
    assert {"cards", "melds", "rules", "actions", "state", "scoring", "views", "records"} <= names
    assert {"game", "match", "bots"} <= {path.stem for path in GAME_FILES}


@pytest.mark.parametrize("path", PURE_FILES, ids=lambda p: str(p.relative_to(SRC)))
def test_core_imports_only_core_and_the_standard_library(path: Path) -> None:
    # A game is its engine and its players: the games may name Biriba's players (biriba.bots, pure too).
    allowed = ("biriba.core", "biriba.games", "biriba.bots") if path in GAME_FILES else ("biriba.core",)
    for module, _ in imported_modules(parse(path)):
        top = module.split(".")[0]
        if top == "biriba":
            assert module.startswith(allowed), (
                f"{path.name} imports {module}: an engine may not depend on bots, the CLI or the console"
            )
        else:
            assert top in sys.stdlib_module_names, f"{path.name} imports the third-party package {module}"
            assert top not in OUTSIDE_WORLD, f"{path.name} imports {module}: the core does no I/O and reads no clock"


@pytest.mark.parametrize("path", PURE_FILES, ids=lambda p: str(p.relative_to(SRC)))
def test_core_uses_no_global_random_state(path: Path) -> None:
    tree = parse(path)
    for module, names in imported_modules(tree):
        if module == "random":
            assert set(names) <= {"Random"}, f"{path.name} imports {names} from random: use random.Random(seed)"
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
            and node.attr != "Random"
        ):
            pytest.fail(f"{path.name} line {node.lineno}: random.{node.attr} uses the global generator")


@pytest.mark.parametrize("path", PURE_FILES, ids=lambda p: str(p.relative_to(SRC)))
def test_core_calls_no_io_builtins(path: Path) -> None:
    for node in ast.walk(parse(path)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} line {node.lineno} calls {node.func.id}()"


def test_the_checks_catch_what_they_should() -> None:
    """The checks above would see a forbidden import, a global random call and a print."""
    bad = parse_text("import time\nfrom typer import Typer\nfrom biriba.bots import make_bot\nrandom.shuffle(x)\n")
    modules = [m for m, _ in imported_modules(bad)]
    assert modules == ["time", "typer", "biriba.bots"]
    assert any(isinstance(n, ast.Attribute) and n.attr == "shuffle" for n in ast.walk(bad))
    relative = parse_text("from .cards import JOKER\nfrom . import melds\n")
    assert [m for m, _ in imported_modules(relative)] == ["biriba.core.cards", "biriba.core"]


def parse_text(text: str) -> ast.Module:
    return ast.parse(text)


def test_bots_depend_on_the_core_not_on_the_cli() -> None:
    for path in sorted((SRC / "bots").glob("*.py")):
        for module, _ in imported_modules(parse(path)):
            assert not module.startswith(("biriba.cli", "biriba.console")), f"bots/{path.name} imports {module}"
            assert module.split(".")[0] in sys.stdlib_module_names or module.startswith("biriba."), (
                f"bots/{path.name} imports the third-party package {module}"
            )


# --- research adapters (biriba.env) --------------------------------------------------------------

RESEARCH_PACKAGES = {"numpy", "orjson", "gymnasium", "pettingzoo", "pyspiel", "open_spiel"}


def test_research_adapters_sit_above_the_engine_and_the_bots() -> None:
    """biriba.env uses the engines, the bots, the tournaments' seeding and intervals and the research
    extra's packages; nothing else uses it, so the rest of the project installs and runs without the extra."""
    for path in sorted((SRC / "env").rglob("*.py")):
        for module, _ in imported_modules(parse(path)):
            top = module.split(".")[0]
            if top == "biriba":
                assert module.startswith(("biriba.core", "biriba.bots", "biriba.games", "biriba.sim", "biriba.env")), (
                    f"env/{path.name} imports {module}"
                )
            else:
                assert top in sys.stdlib_module_names or top in RESEARCH_PACKAGES, (
                    f"env/{path.name} imports {module}, which is neither the standard library nor the research extra"
                )
    for path in sorted(SRC.rglob("*.py")):
        if (SRC / "env") in path.parents:
            continue
        for module, _ in imported_modules(parse(path)):
            assert not module.startswith("biriba.env"), f"{path.relative_to(SRC)} imports {module}"


GAME_FREE_SERVER = ("table.py", "thinking.py", "connection.py", "outbox.py", "broker.py", "writer.py")
"""The live table and what carries its events and views: the same for every game. What differs between the
games is in server/games.py, and these modules know a game only through it."""


def test_the_live_table_knows_its_game_only_through_the_servers_games() -> None:
    for name in GAME_FREE_SERVER:
        for module, _ in imported_modules(parse(SRC / "server" / name)):
            engine = module.startswith(("biriba.games", "biriba.core")) and module != "biriba.core.errors"
            assert not engine and not module.startswith("biriba.bots."), f"server/{name} imports {module}"


def test_the_words_sit_above_the_engine_and_the_bots() -> None:
    """biriba.i18n renders what the engines and the bots describe; none of them imports it (they give
    data, not prose), and it imports no shell."""
    for path in sorted((SRC / "i18n").glob("*.py")):
        for module, _ in imported_modules(parse(path)):
            if module.split(".")[0] == "biriba":
                allowed = ("biriba.core", "biriba.bots.hints", "biriba.games", "biriba.i18n")
                assert module.startswith(allowed), f"i18n/{path.name} imports {module}"
    for folder in ("core", "bots", "games"):
        for path in sorted((SRC / folder).rglob("*.py")):
            for module, _ in imported_modules(parse(path)):
                assert not module.startswith("biriba.i18n"), f"{folder}/{path.name} imports {module}"


# --- every pair of packages ------------------------------------------------------------------------

LAYERS: dict[str, set[str]] = {
    # package (or top-level module): the biriba packages it may import, besides itself
    "core": set(),
    "games": {"core", "bots"},
    "bots": {"core"},
    "i18n": {"core", "bots", "games"},
    "rulesheet": {"core", "i18n"},
    "console": {"core", "i18n"},
    "sim": {"core", "bots", "games"},
    "env": {"core", "bots", "games", "sim"},
    "server": {"core", "bots", "games", "i18n", "rulesheet"},
    "tui": {"core", "bots", "games", "i18n"},
    "cli": {"core", "bots", "games", "i18n", "rulesheet", "console", "sim", "server", "tui"},
}
"""The layers (docs and DESIGN): the engine at the bottom, the players above it, the words above both, the
services and clients on top. Shells never import each other; only the command line, the entry point,
starts them."""


def _owner(path: Path) -> str:
    relative = path.relative_to(SRC)
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


@pytest.mark.parametrize("path", sorted(SRC.rglob("*.py")), ids=lambda p: str(p.relative_to(SRC)))
def test_every_module_imports_only_the_layers_below_it(path: Path) -> None:
    owner = _owner(path)
    if owner in ("__init__", "__main__"):
        return
    allowed = LAYERS[owner] | {owner}
    for module, _ in imported_modules(parse(path)):
        parts = module.split(".")
        if parts[0] != "biriba" or len(parts) < 2:
            continue
        assert parts[1] in allowed, f"{path.relative_to(SRC)} ({owner}) imports {module}: not a layer below it"


def test_every_package_has_a_layer() -> None:
    owners = {_owner(path) for path in SRC.rglob("*.py")} - {"__init__", "__main__"}
    assert owners == set(LAYERS), f"give {owners ^ set(LAYERS)} a place in LAYERS"


SHELLS = {"tui": "biriba.tui.shell"}
PLATFORM = ("biriba.games.protocol", "biriba.games.records")
"""What every game is on, which names no game."""
"""A client's shell, shared by every game's table: it may use the words and the cards, never a game."""


@pytest.mark.parametrize("client", sorted(SHELLS))
def test_a_clients_shell_imports_no_game(client: str) -> None:
    shell = SHELLS[client]
    files = sorted((SRC / Path(*shell.split(".")[1:])).rglob("*.py"))
    assert files, f"{shell} has no modules"
    for path in files:
        for module, _ in imported_modules(parse(path)):
            parts = module.split(".")
            if parts[0] != "biriba":
                continue
            # The cards and the refusals are every game's (biriba.core.cards, .errors), and so are the game
            # protocol and its records (biriba.games.protocol, .records): the shell may use them.
            shared = ("biriba.i18n", "biriba.core.cards", "biriba.core.errors", *PLATFORM)
            assert module in shared or module.startswith(shell), (
                f"{path.relative_to(SRC)} imports {module}: the shell serves every game and knows none"
            )
