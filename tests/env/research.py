"""The research extra for the adapter tests: skip without it, except under CI, where it must be there."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

RESEARCH_MODULES = ("numpy", "gymnasium", "pettingzoo", "pyspiel")


def require_research_extra() -> dict[str, ModuleType]:
    """Import the research packages, or skip the calling test module with the reason.

    Under ``CI=true`` a missing package fails instead: CI installs the dev extra, which holds them.
    """
    modules = {}
    for name in RESEARCH_MODULES:
        try:
            modules[name] = importlib.import_module(name)
        except ImportError as error:
            if os.environ.get("CI") == "true":
                raise
            pytest.skip(
                f"research extra missing ({error}): pip install -e '.[research]' to run the adapter tests",
                allow_module_level=True,
            )
    return modules
