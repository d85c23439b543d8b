"""Build script. Everything else is in ``pyproject.toml``; this file only adds the
compiled modules.

The package is pure Python and runs as it is. Where mypyc (a build requirement) and a C
compiler are at hand, the solver's hot modules are also compiled from the same source
into extension modules that run it several times faster; a compile that fails leaves
the pure-Python modules in place. ``TWENTYEIGHT_PURE_PYTHON=1`` at install skips the
compiling.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup

COMPILED_MODULES = [
    "src/twentyeight/solver_kernel.py",
    "src/twentyeight/search_tables.py",
    "src/twentyeight/tricks.py",
]
"""The modules the solver spends its time in (``twentyeight.solver_kernel`` imports
the other two)."""


def compiled_extensions() -> list[Extension]:
    """The extension modules of :data:`COMPILED_MODULES`, or none where they cannot be
    made here."""
    if os.environ.get("TWENTYEIGHT_PURE_PYTHON"):
        return []
    try:
        from mypyc.build import mypycify

        # The rest of the package is type-checked for the compiled modules' sake only:
        # its optional imports (numpy and the like) need not be installed here.
        extensions: list[Extension] = mypycify(
            ["--follow-imports=silent", "--ignore-missing-imports", *COMPILED_MODULES],
            opt_level="3")
    except (Exception, SystemExit) as exc:  # whatever fails, the package runs as pure Python
        print(f"twentyeight: not compiling the solver ({exc!r}); it runs as pure Python",
              file=sys.stderr)
        return []
    for extension in extensions:
        # A C compiler that fails leaves the pure-Python module in place.
        extension.optional = True
    return extensions


setup(ext_modules=compiled_extensions())
