"""Golden playthroughs: recorded rounds per ruleset, checked by tests/test_golden.py.

Each file ``tests/golden/<ruleset>.json`` holds a few rounds: the seed and dealer, the
actions (chosen at random from the legal ones by a seeded generator), and what the rules
made of them: every trick's cards, winner and points, and the result. The example
third-party plug-in (``tests/plugins/twenty_twenty``) is installed first, so it has
golden rounds like the built-in rulesets. When a rule changes on purpose, regenerate
them and review the diff:

    python -m tests.golden_rounds            # every registered ruleset
    python -m tests.golden_rounds 28 29      # only these
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import twentyeight as te

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
SEEDS = (1, 2, 3, 4, 5, 6)


def outcome(rnd: te.Round) -> dict[str, Any]:
    """What the rules made of the actions: tricks and result."""
    assert rnd.result is not None
    return {
        "tricks": [
            {"cards": [str(c) for c in t.cards], "winner": t.winner, "points": t.points}
            for t in rnd.tricks
        ],
        "result": rnd.result.to_json(),
    }


def playthrough(name: str, seed: int) -> dict[str, Any]:
    """One recorded round of ``name``."""
    rs = te.ruleset(name)
    rng = random.Random(seed)
    rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
    while not rnd.is_over:
        legal = rnd.legal_actions()
        rnd.apply(legal[rng.randrange(len(legal))])
    return {"seed": seed, "dealer": rnd.dealer, "options": rs.changed_options(),
            "actions": [str(a) for _, a in rnd.history], **outcome(rnd)}


def write(names: list[str]) -> None:
    """Regenerate the golden files of ``names``."""
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name in names:
        rounds = [playthrough(name, seed) for seed in SEEDS]
        path = GOLDEN_DIR / f"{name}.json"
        path.write_text(json.dumps({"ruleset": name, "rounds": rounds}, indent=1,
                                   ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(GOLDEN_DIR.parent.parent)} ({len(rounds)} rounds)")


if __name__ == "__main__":
    from .conftest import install_example_plugin

    install_example_plugin()  # the example third-party plug-in has golden rounds too
    write(sys.argv[1:] or list(te.presets()))
