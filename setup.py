"""Build script. Everything else is in ``pyproject.toml``; this file only adds the
compiled modules.

The package is pure Python and runs as it is. Where mypyc (a build requirement) and a C
compiler are at hand, the solver's hot modules are also compiled from the same source
into extension modules that run it several times faster; a compile that fails leaves
the pure-Python modules in place. ``TWENTYEIGHT_PURE_PYTHON=1`` at install skips the
compiling.

Compiling takes about a minute, and an editable install (``pip install -e .``) runs it
on every reinstall. So each build's extension modules are kept in
``build/compiled-cache/`` (inside the checkout, ignored by git), under a key made of
the sources mypyc reads (the compiled modules and every core module they import,
directly or not), mypy's and Python's versions, the platform and the C compiler
settings. A reinstall whose key is there copies the modules instead of compiling them;
any change to one of those sources, or to the tools, compiles afresh.
``TWENTYEIGHT_NO_BUILD_CACHE=1`` at install compiles whatever the cache holds.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import platform
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

COMPILED_MODULES = [
    "src/twentyeight/solver_kernel.py",
    "src/twentyeight/search_tables.py",
    "src/twentyeight/tricks.py",
    "src/twentyeight/sharing.py",
]
"""The modules the solver spends its time in (``twentyeight.solver_kernel`` imports
the next two), and the resampler's exact draw (``sharing``: about 15% off a resample)."""

NATIVE_KERNEL = "src/twentyeight/_native_kernel.c"
"""The solver's search of plain play written in C (``twentyeight._native_kernel``): the
same search as ``solver_kernel.Kernel``, which runs it wherever this module is built.
Its type stub (``.pyi``) is read by mypyc when it compiles ``solver_kernel``."""

HERE = Path(__file__).resolve().parent
CACHE = HERE / "build" / "compiled-cache"
KEEP = 4
"""How many builds the cache keeps (the newest): enough to switch between branches."""
MYPYC_ARGS = ["--follow-imports=silent", "--ignore-missing-imports"]
OPT_LEVEL = "3"


def _imported_sources(path: Path) -> set[Path]:
    """The files of ``src/`` that the module at ``path`` imports (any import statement
    in it, including those made for type checking only, as mypy reads them all)."""
    src = HERE / "src"
    parts = list(path.relative_to(src).with_suffix("").parts)
    package = parts if path.name == "__init__.py" else parts[:-1]
    if package and package[-1] == "__init__":
        package = package[:-1]
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names += [module, *(f"{module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
    found = set()
    for name in names:
        stem = src.joinpath(*name.split("."))
        for candidate in (stem.with_suffix(".py"), stem / "__init__.py"):
            if name and candidate.is_file():
                found.add(candidate)
    return found


def cache_key() -> str:
    """What the compiled modules are made from: the sources mypyc reads and the tools
    that turn them into machine code."""
    import mypy.version

    todo = [HERE / module for module in COMPILED_MODULES]
    sources = set(todo)
    while todo:
        for found in _imported_sources(todo.pop()) - sources:
            sources.add(found)
            todo.append(found)
    sources.add(HERE / NATIVE_KERNEL)
    sources.add((HERE / NATIVE_KERNEL).with_suffix(".pyi"))
    digest = hashlib.sha256()
    for source in sorted(sources):
        digest.update(source.relative_to(HERE).as_posix().encode() + b"\0")
        digest.update(source.read_bytes() + b"\0")
    tools = [mypy.version.__version__, sys.version, sys.platform, platform.machine(),
             sysconfig.get_config_var("EXT_SUFFIX"), sysconfig.get_config_var("CC"),
             os.environ.get("CC"), os.environ.get("CFLAGS"), os.environ.get("LDFLAGS"),
             OPT_LEVEL, *MYPYC_ARGS, *COMPILED_MODULES, NATIVE_KERNEL]
    digest.update(json.dumps(tools).encode())
    return digest.hexdigest()[:32]


class CachedBuildExt(build_ext):
    """``build_ext`` that copies the extension modules from the cache entry
    ``cached`` when there is one, and otherwise compiles and fills entry ``key``."""

    key: str | None = None
    cached: dict[str, str] | None = None

    def build_extension(self, ext: Extension) -> None:
        target = Path(self.get_ext_fullpath(ext.name))
        if self.cached is not None and self.key is not None:
            target.parent.mkdir(parents=True, exist_ok=True)
            # Not copy2: the module gets a fresh time, newer than its source.
            shutil.copy(CACHE / self.key / self.cached[ext.name], target)
            return
        super().build_extension(ext)

    def run(self) -> None:
        super().run()
        if self.cached is None and self.key is not None:
            self._fill_cache(self.key)

    def _fill_cache(self, key: str) -> None:
        built = {ext.name: Path(self.get_ext_fullpath(ext.name)) for ext in self.extensions}
        if not all(path.is_file() for path in built.values()):
            return  # an optional module failed to compile: nothing worth keeping
        try:
            staging = CACHE / f".{key}.{os.getpid()}"
            staging.mkdir(parents=True, exist_ok=True)
            for path in built.values():
                shutil.copyfile(path, staging / path.name)
            manifest = {name: path.name for name, path in built.items()}
            (staging / "manifest.json").write_text(json.dumps(manifest, indent=1))
            if (CACHE / key).exists():
                shutil.rmtree(staging)
            else:
                staging.rename(CACHE / key)
            entries = sorted((p for p in CACHE.iterdir() if not p.name.startswith(".")),
                             key=lambda p: p.stat().st_mtime, reverse=True)
            for old in entries[KEEP:]:
                shutil.rmtree(old, ignore_errors=True)
        except OSError as exc:  # a cache that cannot be written only costs time
            print(f"twentyeight: not caching the compiled modules ({exc!r})",
                  file=sys.stderr)


def _from_cache(key: str) -> dict[str, str] | None:
    """The cache entry ``key``'s extension names and files, if it is complete."""
    try:
        manifest: dict[str, str] = json.loads((CACHE / key / "manifest.json").read_text())
    except (OSError, ValueError):
        return None
    if not all((CACHE / key / name).is_file() for name in manifest.values()):
        return None
    os.utime(CACHE / key)  # the entry was used now: the last one to be dropped
    return manifest


def compiled_extensions() -> tuple[list[Extension], dict[str, Any]]:
    """The extension modules of :data:`COMPILED_MODULES` (none where they cannot be
    made here) and the ``build_ext`` command that builds or copies them."""
    if os.environ.get("TWENTYEIGHT_PURE_PYTHON"):
        return [], {}
    try:
        key: str | None = cache_key()
    except Exception as exc:  # no cache then, but still a build
        print(f"twentyeight: building without a cache ({exc!r})", file=sys.stderr)
        key = None
    cached = None if key is None or os.environ.get("TWENTYEIGHT_NO_BUILD_CACHE") \
        else _from_cache(key)
    CachedBuildExt.key, CachedBuildExt.cached = key, cached
    command = {"build_ext": CachedBuildExt}
    if cached is not None:
        print("twentyeight: the compiled modules' sources are unchanged: copying them "
              f"from {CACHE.relative_to(HERE) / str(key)}", file=sys.stderr)
        return [Extension(name, sources=[]) for name in cached], command
    # A C compiler that fails leaves the search in Python in place.
    native = Extension("twentyeight._native_kernel", sources=[NATIVE_KERNEL],
                       optional=True, extra_compile_args=["-O2"])
    try:
        from mypyc.build import mypycify

        # The rest of the package is type-checked for the compiled modules' sake only:
        # its optional imports (numpy and the like) need not be installed here.
        extensions: list[Extension] = mypycify([*MYPYC_ARGS, *COMPILED_MODULES],
                                               opt_level=OPT_LEVEL)
    except (Exception, SystemExit) as exc:  # whatever fails, the package runs as pure Python
        print(f"twentyeight: not compiling the solver's modules ({exc!r}); they run as "
              "pure Python", file=sys.stderr)
        return [native], {}  # a build without them is not one to keep in the cache
    for extension in extensions:
        # A C compiler that fails leaves the pure-Python module in place.
        extension.optional = True
    return [*extensions, native], command


_extensions, _commands = compiled_extensions()
setup(ext_modules=_extensions, cmdclass=_commands)
