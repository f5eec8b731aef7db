"""Build script: the rules engine's hot modules compiled with mypyc where that can be done, pure Python
otherwise. The package behaves the same either way (the compiled modules are the same source); the
compiled engine is about twice as fast. ``biriba --version`` says which one runs.

- A regular install (``pip install .``, a wheel) compiles when mypyc and a C compiler are there; a
  compiler that is missing or fails leaves the pure-Python package, with a warning.
- An editable install (``pip install -e .``) stays pure Python: a compiled module would shadow its
  source, and an edit of ``state.py`` would not take effect until the next install.
- ``BIRIBA_COMPILE=1`` compiles in either case, ``BIRIBA_COMPILE=0`` never.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED_MODULES = [
    "src/biriba/core/cards.py",
    "src/biriba/core/melds.py",
    "src/biriba/core/state.py",
    "src/biriba/core/listing.py",
    "src/biriba/core/views.py",
    "src/biriba/bots/judgement.py",
    "src/biriba/bots/value.py",
    "src/biriba/bots/heuristic.py",
    "src/biriba/bots/search.py",
]
"""What random play and search spend their time in: the engine, the views made at every decision, and the
search player's playouts (the heuristic policy and the learned value). Not compiled: the modules of values
that are pickled and copied whole (rules, actions, scores: a compiled frozen class cannot be rebuilt field
by field, and those gain little; the views are named tuples, plain Python classes even in a compiled module), modules whose functions tests replace (a compiled module calls its own functions directly),
and the rest of the package. In these modules, module-level constants and caches are declared ``Final``:
compiled code reads any other module-level name through the module's dictionary, by its name, at every
use (such lookups took about a third of the instructions of a Kouridakis 5-player step)."""


def _wants_compiled() -> bool:
    choice = os.environ.get("BIRIBA_COMPILE", "auto").strip().lower()
    if choice in ("0", "no", "false"):
        return False
    if choice == "auto" and any(arg.startswith("editable") for arg in sys.argv):
        return False
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        print(f"biriba: no C compiler ({compiler}): installing the pure-Python engine", file=sys.stderr)
        return False
    return True


class OptionalBuildExt(build_ext):
    """Builds the compiled modules, or none of them: a failed build leaves the pure-Python package."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # a compiler error of any kind: fall back, never fail the install
            print(f"biriba: compiling the engine failed ({error}): installing pure Python", file=sys.stderr)
            for extension in self.extensions:
                for path in (self.get_ext_fullpath(extension.name),):
                    if os.path.exists(path):
                        os.remove(path)
            self.extensions = []


def _extensions() -> list[object]:
    if not _wants_compiled():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("biriba: mypyc is not installed: installing the pure-Python engine", file=sys.stderr)
        return []
    try:
        # The project's mypy configuration names modules outside the compiled ones: not an error here.
        options = ["--no-warn-unused-configs", *COMPILED_MODULES]
        return list(mypycify(options, opt_level="3", debug_level="0", group_name="biriba_core"))
    except Exception as error:  # mypyc refused the source: the pure-Python engine still works
        print(f"biriba: mypyc failed ({error}): installing the pure-Python engine", file=sys.stderr)
        return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
