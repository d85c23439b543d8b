"""Shared helpers for the tests: explicit deals and driving rounds."""

from __future__ import annotations

import atexit
import functools
import importlib
import itertools
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import twentyeight as te
from twentyeight.round import Round


def hands(*rows: str) -> list[list[str]]:
    """Per-seat hands from strings like ``"7C AH KH JS QH 9S AS 10S"`` (deal order)."""
    return [row.split() for row in rows]


def run(rnd: Round, *actions: str) -> Round:
    """Apply action texts in order (each checked against the seat to act)."""
    for text in actions:
        rnd.apply(text)
    return rnd


def play_out(rnd: Round, choose: int = 0) -> Round:
    """Finish a round picking the legal action at index ``choose`` (clamped)."""
    while not rnd.is_over:
        acts = rnd.legal_actions()
        rnd.apply(acts[min(choose, len(acts) - 1)])
    return rnd


def compositions() -> tuple[str, ...]:
    """Every preset with every set of modifiers that composes with it."""
    found = []
    mods = te.modifiers()
    for preset in te.presets():
        for k in range(1, len(mods) + 1):
            for chosen in itertools.combinations(mods, k):
                name = "+".join((preset, *chosen))
                try:
                    te.ruleset(name)
                except te.ConfigError:
                    continue
                found.append(name)
    return tuple(found)


def check_import_names_extra(monkeypatch: pytest.MonkeyPatch, missing: str, module: str,
                             extra: str) -> None:
    """Importing ``module`` while package ``missing`` cannot be imported raises an
    ImportError that names ``pip install "twentyeight[extra]"``."""
    for name in [m for m in sys.modules if m == missing or m.startswith(missing + ".")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, missing, None)
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ImportError, match=rf'pip install "twentyeight\[{extra}\]"'):
        importlib.import_module(module)


ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def built_site() -> Path:
    """The documentation site, built once per test run into a temporary folder (with
    ``--strict``: a warning fails the build, and the tests that need the site)."""
    site = Path(tempfile.mkdtemp(prefix="twentyeight-site-"))
    atexit.register(shutil.rmtree, site, True)  # a test run leaves no folder behind
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                           "--site-dir", str(site)], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
                          check=False)
    assert done.returncode == 0, f"mkdocs build failed:\n{done.stdout}\n{done.stderr}"
    return site
