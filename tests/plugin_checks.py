"""Checks every example plug-in under ``tests/plugins`` passes, whatever its rules: its
committed metadata says what installing it would, it reads no private name of the
library, and ``resample`` keeps every seat's view at every step of random rounds while
drawing directly (no replay)."""

from __future__ import annotations

import ast
import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest

import twentyeight as te
from twentyeight.resample import _Facts, resample

DEEP = bool(os.environ.get("TWENTYEIGHT_DEEP"))
ROUNDS = 2000 if DEEP else 30
"""Rounds of an example plug-in through the conformance kit."""
HIDING_ROUNDS = 40 if DEEP else 3
"""Rounds whose every step the hiding and resample checks visit, for every seat."""


def random_steps(rules: te.Ruleset, seed: int, until: str | None = None) -> list[te.Round]:
    """Every state of a random round of ``rules`` (dealer and choices from ``seed``),
    from the deal to the end or to the phase ``until``."""
    rnd = rules.new_round(seed=seed, dealer=seed % rules.config.players)
    rng = random.Random(seed)
    out = [rnd.clone()]
    while not rnd.is_over and rnd.phase.value != until:
        legal = rnd.legal_actions()
        rnd.apply(legal[rng.randrange(len(legal))])
        out.append(rnd.clone())
    return out


def check_metadata(folder: Path) -> None:
    """The committed ``.dist-info`` of the plug-in in ``folder`` says what installing it
    from its ``pyproject.toml`` would: name, version, entry points."""
    from importlib import metadata

    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((folder / "pyproject.toml").read_text())["project"]
    dist = metadata.distribution(project["name"])
    assert dist.version == project["version"]
    found = {ep.name: ep.value for ep in dist.entry_points
             if ep.group == "twentyeight.rulesets"}
    assert found == project["entry-points"]["twentyeight.rulesets"]


def check_public_names_only(folder: Path) -> None:
    """The plug-in in ``folder`` reads no private name of the library: no ``x._name``
    attribute (rounds, ports or anything else) and no import of a private module or
    name."""
    for path in sorted((folder / "src").rglob("*.py")):
        tree = ast.parse(path.read_text())
        private = [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
                   and n.attr.startswith("_") and not n.attr.startswith("__")]
        imported = [a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                    for a in n.names if a.name.startswith("_")]
        modules = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                   and n.module != "__future__"
                   and any(p.startswith("_") for p in (n.module or "").split("."))]
        assert (private, imported, modules) == ([], [], []), path


def check_resample_at_every_step(rules: te.Ruleset, seeds: range,
                                 secret: Callable[[te.Round], str | None]) -> int:
    """``resample(seat)`` at every step of the rounds of ``seeds``, for every seat: a
    direct draw, the seat's view and public record unchanged, and the new history
    replays legally on the new deal to the same round, every seat's view included.
    ``secret`` names a card the plug-in hides (or ``None``); returns how many resamples
    drew another card there for a seat that does not see it (some must, or the others'
    worlds all keep the true card)."""
    moved = 0
    players = rules.config.players
    for seed in seeds:
        for rnd in random_steps(rules, seed):
            for seat in range(players):
                assert not _Facts(rnd, seat).replay  # a direct draw, no replay
                new = resample(rnd, seat, random.Random(seed * 100 + seat))
                assert new.view(seat) == rnd.view(seat)
                assert new.public_record(seat) == rnd.public_record(seat)
                fresh = rules.new_round(deal=new.deal, dealer=new.dealer)
                for who, action in new.history:
                    assert fresh.to_act == who
                    fresh.apply(action)
                assert fresh.to_json() == new.to_json()
                assert all(fresh.view(s) == new.view(s) for s in range(players))
                before = secret(rnd)
                if before is not None and before not in str(rnd.view(seat)):
                    moved += secret(new) != before
    return moved
