"""Full random rounds of a ruleset through the public API, against the baseline.

Each round is dealt from a seed, then every action (auction, trump card, calls, every
card, scoring) is chosen uniformly from ``legal_actions()`` and passed to ``apply()``.
The straight-line baseline (``baseline.py``: card play only) runs in the same process,
interleaved with the library in short blocks, and the reported ratio is the median of
the per-block ratios, so a busy moment on the machine hits both sides alike.

    python benchmarks/bench_28.py [--ruleset 28] [--blocks 15] [--seconds 0.5] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import twentyeight as te
from baseline import random_deal_play


def library_rounds(ruleset: te.Ruleset, rng: random.Random, seeds: list[int]) -> Callable[[], None]:
    """One full random round per call, through the public API."""
    uniform = rng.random

    def one_round() -> None:
        rnd = ruleset.new_round(seed=seeds.pop() if seeds else rng.randrange(2**63))
        while not rnd.is_over:
            actions = rnd.legal_actions()
            rnd.apply(actions[int(uniform() * len(actions))])

    return one_round


def rate(step: Callable[[], None], seconds: float) -> float:
    """Calls of ``step`` per second over about ``seconds``."""
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(50):
            step()
        done += 50
    return done / elapsed


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the rates and the ratio."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="28")
    ap.add_argument("--blocks", type=int, default=15)
    ap.add_argument("--seconds", type=float, default=0.5, help="per side per block")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    ruleset = te.ruleset(args.ruleset)
    rng = random.Random(2026)
    ours = library_rounds(ruleset, rng, [])
    base_rng = random.Random(1)

    def baseline() -> None:
        random_deal_play(base_rng)

    ours_rates, base_rates, ratios = [], [], []
    for _ in range(args.blocks):
        b = rate(baseline, args.seconds)
        o = rate(ours, args.seconds)
        base_rates.append(b)
        ours_rates.append(o)
        ratios.append(o / b)
    report = {
        "ruleset": ruleset.name,
        "library_rounds_per_s": round(statistics.median(ours_rates)),
        "baseline_games_per_s": round(statistics.median(base_rates)),
        "ratio": round(statistics.median(ratios), 3),
        "ratio_min": round(min(ratios), 3),
        "ratio_max": round(max(ratios), 3),
        "blocks": args.blocks,
        "python": sys.version.split()[0],
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(f"ruleset {report['ruleset']}: {report['library_rounds_per_s']} full rounds/s "
              f"through the public API")
        print(f"baseline (card play only): {report['baseline_games_per_s']} games/s")
        print(f"ratio {report['ratio']} (median of {args.blocks} interleaved blocks; "
              f"range {report['ratio_min']}-{report['ratio_max']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
