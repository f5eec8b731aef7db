"""The package's metadata: dependencies as ranges, the lock file of exact versions inside them, the
extras that keep the core light (``pip install biriba`` gives the engine, the command line and the
terminal game; ``biriba[server]`` the online game)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
LOCK = (ROOT / "requirements" / "dev.lock").read_text(encoding="utf-8")
LOCKED = {
    canonicalize_name(name): version for name, version in re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)", LOCK, re.MULTILINE)
}


def _requirements(group: str | None = None) -> list[Requirement]:
    texts = PROJECT["dependencies"] if group is None else PROJECT["optional-dependencies"][group]
    return [Requirement(text) for text in texts]


def test_dependencies_are_ranges_not_pins() -> None:
    for group in (None, *PROJECT["optional-dependencies"]):
        for requirement in _requirements(group):
            if requirement.name == "biriba":
                continue
            assert requirement.specifier, f"{requirement} has no range"
            assert not any(spec.operator == "==" for spec in requirement.specifier), f"{requirement} is pinned"


def test_the_lock_holds_a_version_within_every_range() -> None:
    for group in (None, *PROJECT["optional-dependencies"]):
        for requirement in _requirements(group):
            if requirement.name == "biriba" or (requirement.marker and not requirement.marker.evaluate()):
                continue
            name = canonicalize_name(requirement.name)
            assert name in LOCKED, f"{requirement.name} is not in requirements/dev.lock: run scripts/lock"
            assert requirement.specifier.contains(LOCKED[name], prereleases=True), (
                f"requirements/dev.lock has {requirement.name}=={LOCKED[name]}, outside {requirement.specifier}: "
                "run scripts/lock"
            )
    assert "--hash=sha256:" in LOCK


def test_the_core_install_is_light() -> None:
    """The engine, the bots, the command line and the terminal game: no web server, database or numerics."""
    core = {canonicalize_name(r.name) for r in _requirements()}
    assert core == {"typer", "rich", "babel", "textual", "platformdirs"}
    server = {canonicalize_name(r.name) for r in _requirements("server")}
    assert {"fastapi", "uvicorn", "sqlalchemy", "psycopg", "redis", "argon2-cffi"} <= server
    assert PROJECT["license"] == "MIT" and (ROOT / "LICENSE").exists()


def test_serve_without_the_server_extra_says_what_to_install(monkeypatch: object) -> None:
    import builtins

    from typer.testing import CliRunner

    from biriba.cli import app

    real_import = builtins.__import__

    def without_fastapi(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith(("fastapi", "biriba.server")):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name.split(".", maxsplit=1)[0])
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", without_fastapi)  # type: ignore[attr-defined]
    result = CliRunner().invoke(app, ["serve", "--port", "0"])
    assert result.exit_code == 2
    assert "pip install 'biriba[server]'" in result.output
