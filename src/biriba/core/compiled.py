"""Which engine runs: the modules compiled by mypyc (a regular install with a C compiler, see
``setup.py``) or their pure-Python source (an editable install, or no compiler). Both play the same
game; the compiled one is faster. ``biriba --version`` prints :data:`IMPLEMENTATION`.

>>> IMPLEMENTATION in ("compiled (mypyc)", "pure Python")
True
"""

from __future__ import annotations

import copyreg
import dataclasses
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any

from biriba.core import cards as _cards

COMPILED: bool = (_cards.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
"""The rules engine runs as compiled extension modules."""
IMPLEMENTATION = "compiled (mypyc)" if COMPILED else "pure Python"


def pickle_by_constructor(cls: type[Any]) -> None:
    """Copy and pickle the frozen dataclass ``cls`` by calling it with its fields: a frozen class compiled
    by mypyc cannot be rebuilt field by field, as :mod:`copy` and :mod:`pickle` do otherwise (the same
    values either way, compiled or not; fields set after construction are worked out again)."""
    names = tuple(f.name for f in dataclasses.fields(cls) if f.init)
    copyreg.pickle(cls, lambda value: (cls, tuple(getattr(value, name) for name in names)))
