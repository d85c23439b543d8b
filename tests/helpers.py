"""Shared helpers for the tests: explicit deals and driving rounds."""

from __future__ import annotations

import functools
import importlib
import itertools
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

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


def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documentation site, built once per test run (with ``--strict``: a warning
    fails the build, and the tests that need the site) into the run's temporary folder.
    Under pytest-xdist the workers share it: the first to ask builds it, a worker asking
    meanwhile waits for that build."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # each worker has a folder of its own in the run's folder
    return _site_in(root)


@functools.cache
def _site_in(root: Path) -> Path:
    shared = root / "twentyeight-site"
    site = shared / "site"
    try:
        shared.mkdir()  # atomic: exactly one worker of the run gets to build
    except FileExistsError:
        deadline = time.monotonic() + 900
        while not (shared / "built").exists():
            failed = shared / "failed"
            if failed.exists():
                raise AssertionError(failed.read_text(encoding="utf-8")) from None
            assert time.monotonic() < deadline, f"no site was built in {shared}"
            time.sleep(0.2)
        return site
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                           "--site-dir", str(site)], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
                          check=False)
    if done.returncode != 0:
        message = f"mkdocs build failed:\n{done.stdout}\n{done.stderr}"
        (shared / "failed").write_text(message, encoding="utf-8")
        raise AssertionError(message)
    (shared / "built").touch()
    return site


def found_by_name(monkeypatch: pytest.MonkeyPatch, rules: te.Ruleset) -> None:
    """Let records name ``rules``, a ruleset nobody registered: the conformance kit
    reads its records back by ruleset name."""
    import twentyeight.records

    def lookup(name: str, **options: object) -> te.Ruleset:
        return rules.with_options(**options) if name == rules.config.name \
            else te.ruleset(name, **options)

    monkeypatch.setattr(twentyeight.records, "_lookup", lookup)


def check_late_endings(rules: te.Ruleset, count: int, seeds: int = 400) -> None:
    """Compare the solver with plain minimax on ``count`` endings of ``rules``: seeded
    random rounds stopped at a random point of the last two tricks (the seventh trick
    or later of eight)."""
    import random

    from twentyeight.bots import RandomBot

    from .test_solver import check_against_minimax

    checked = 0
    for seed in range(seeds):
        rnd = rules.new_round(seed=seed, dealer=seed % rules.config.players)
        bot = RandomBot(seed)
        stop = random.Random(seed).randrange(rules.config.players)
        late = rules.config.tricks - 2
        while not rnd.is_over and not (rnd.phase is te.Phase.PLAY and len(rnd.tricks) >= late
                                       and len(rnd.current_trick) >= stop):
            rnd.apply(bot.choose_action(rnd.legal_actions()))
        if not rnd.is_over:
            check_against_minimax(rnd)
            checked += 1
        if checked == count:
            return
    raise AssertionError(f"only {checked} of {count} rounds reached an ending")


def in_lockstep(rules: te.Ruleset, other_rules: te.Ruleset, seed: int,
                avoid: tuple[te.Action, ...] = ()) -> Iterator[tuple[Round, Round]]:
    """Deal ``seed`` in both rulesets and play the two rounds together, a seeded random
    bot choosing for the first (never an action of ``avoid``): yields both before each
    action. The other round follows until it is over; so does the generator with the
    first."""
    from twentyeight.bots import RandomBot

    rnd = rules.new_round(seed=seed, dealer=seed % rules.config.players)
    other = other_rules.new_round(seed=seed, dealer=seed % rules.config.players)
    bot = RandomBot(seed)
    while not rnd.is_over:
        yield rnd, other
        action = bot.choose_action([a for a in rnd.legal_actions() if a not in avoid])
        rnd.apply(action)
        if not other.is_over:
            other.apply(action)


class BrokenIndex:
    """An object whose ``__index__`` raises an error of its own (hostile input)."""

    def __index__(self) -> int:
        raise ZeroDivisionError("broken __index__")


class StrIndex:
    """An object whose ``__index__`` returns no int."""

    def __index__(self) -> Any:
        return "3"


def no_action_indices(num_actions: int) -> list[Any]:
    """Values that are no action index of a ruleset with ``num_actions`` actions (issue
    35, reliability 6): negative (counted from the end nowhere), out of range, bools,
    floats, arrays that are not 0-d integers, text, None and broken ``__index__``."""
    import numpy as np

    return [-1, np.int64(-1), -num_actions, num_actions, np.int64(num_actions), 2**70,
            np.uint64(2**63), True, False, np.True_, np.array(True), 1.0, 1.5,
            np.float64(1.0), np.array(1.0), np.array([1.0]), np.array([1]),
            np.array([[0]]), np.array([]), "3", None, BrokenIndex(), StrIndex()]


# ---------------------------------------------------------------- published schemas

SCHEMAS = ROOT / "docs" / "schema"
"""The JSON Schemas published with the docs."""


def published_schema(name: str) -> dict[str, Any]:
    """The published schema in the file ``name``."""
    data: dict[str, Any] = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    return data


def validate(value: Any, schema: dict[str, Any]) -> None:
    """Validate ``value`` against ``schema`` (JSON Schema 2020-12, every published schema
    resolvable by its ``$id``, so that one may refer to another); raises
    ``jsonschema.ValidationError``."""
    _validator(json.dumps(schema, sort_keys=True)).validate(value)


@functools.cache
def _schema_registry() -> Any:
    """Every published schema under its ``$id`` (read once per test run: the files do
    not change during it)."""
    from referencing import Registry, Resource

    resources = []
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        contents = published_schema(path.name)
        resources.append((contents["$id"], Resource.from_contents(contents)))
    return Registry().with_resources(resources)


@functools.cache
def _validator(schema_text: str) -> Any:
    """The validator of a schema (given as JSON text, to be a cache key), the schema
    itself checked against the meta-schema first: made once per schema, as the checks
    of many records by one schema would otherwise spend their time re-reading and
    re-checking it."""
    from jsonschema import Draft202012Validator

    schema = json.loads(schema_text)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, registry=_schema_registry())


def load_file_module(path: Path, name: str) -> ModuleType:
    """The Python file at ``path`` (outside the package: a benchmark, a docs hook),
    imported as the module ``name``."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@functools.cache
def benchmark_module(stem: str) -> ModuleType:
    """``benchmarks/<stem>.py``, imported as a module (once per test run)."""
    return load_file_module(ROOT / "benchmarks" / f"{stem}.py", f"{stem}_tool")
