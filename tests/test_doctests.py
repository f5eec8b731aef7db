"""The examples in the docstrings of every module of ``biriba`` run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import biriba

MODULE_NAMES = sorted(
    info.name for info in pkgutil.walk_packages(biriba.__path__, prefix="biriba.") if info.name != "biriba.__main__"
)


def test_every_module_is_collected() -> None:
    expected = {"biriba.cli", "biriba.bots.play", "biriba.core.cards", "biriba.core.state", "biriba.core.records"}
    assert expected <= set(MODULE_NAMES)


@pytest.mark.parametrize("name", MODULE_NAMES)
def test_doctests(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctest examples of {name} failed"


def test_the_engine_has_doctests() -> None:
    attempted = 0
    for name in MODULE_NAMES:
        if name.startswith("biriba.core."):
            attempted += doctest.testmod(importlib.import_module(name), verbose=False).attempted
    assert attempted >= 20
