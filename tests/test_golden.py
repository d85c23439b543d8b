"""Recorded rounds replay to the same tricks and results (tests/golden_rounds.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import twentyeight as te

from .golden_rounds import GOLDEN_DIR, outcome

FILES = sorted(GOLDEN_DIR.glob("*.json"))


def _rounds() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in FILES:
        data = json.loads(path.read_text(encoding="utf-8"))
        out += [(data["ruleset"], r) for r in data["rounds"]]
    return out


@pytest.mark.parametrize(("name", "recorded"), _rounds(),
                         ids=lambda v: v if isinstance(v, str) else f"seed{v['seed']}")
def test_golden_round_replays(name: str, recorded: dict[str, Any]) -> None:
    rnd = te.ruleset(name, **recorded["options"]).new_round(
        seed=recorded["seed"], dealer=recorded["dealer"])
    for action in recorded["actions"]:
        rnd.apply(action)
    assert rnd.is_over
    assert outcome(rnd) == {"tricks": recorded["tricks"], "result": recorded["result"]}


def test_every_registered_ruleset_has_golden_rounds() -> None:
    """Built-in rulesets and the example plug-in alike (a new one needs its file);
    modifiers have none of their own."""
    registered = set(te.presets())
    assert "twenty-twenty" in registered
    assert registered <= {Path(f).stem for f in FILES}
