"""Which engine runs: the core modules compiled by mypyc (a regular install with a C compiler, see
``setup.py``) or their pure-Python source (an editable install, or no compiler). Both play the same
game; the compiled one is faster. ``biriba --version`` prints :data:`IMPLEMENTATION`.

>>> IMPLEMENTATION in ("compiled (mypyc)", "pure Python")
True
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES

from biriba.core import state as _state

COMPILED: bool = (_state.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
"""The rules engine runs as compiled extension modules."""
IMPLEMENTATION = "compiled (mypyc)" if COMPILED else "pure Python"
