"""What a round's memory left untouched for a while costs to read again, on this machine.

Makes mid-play positions of a ruleset (as ``bench_ops.py`` does), clones each of them
once so that their memory is fresh, waits, and times one pass of ``clone()`` over them
(wall microseconds a clone, the median of ``--repeats``). The wait is a sleep of each
``--pauses`` length, or the same length of the straight-line baseline game (busy, but
touching none of the positions). A clone does the same work every time: what changes
is only how long the positions' memory went unread.

    python benchmarks/bench_idle.py
    python benchmarks/bench_idle.py --ruleset 56 --pauses 0 0.05 0.2 0.6 1.5 --json

A harness that times an operation in a few passes right after a long baseline run
(``../shared/bench/perf_suite.py``) measures this as well as the operation; the
batches of ``bench_ops.py`` interleave the two every few milliseconds and do not.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import twentyeight as te
from baseline import random_deal_play
from bench_ops import positions


def busy(seconds: float) -> None:
    """Baseline games for ``seconds`` (they touch none of the positions)."""
    rng = random.Random(1)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        random_deal_play(rng)


def one_pass(rounds: list[te.Round]) -> float:
    """Wall microseconds a clone, over one clone of each round."""
    start = time.perf_counter()
    for rnd in rounds:
        rnd.clone()
    return (time.perf_counter() - start) * 1e6 / len(rounds)


def measure(rounds: list[te.Round], pause: float, wait: str, repeats: int) -> float:
    """The median cost of a clone after ``pause`` seconds of ``wait`` ("sleep" or
    "baseline") since the positions were last read."""
    costs = []
    for _ in range(repeats):
        one_pass(rounds)  # read every position now
        if pause:
            if wait == "sleep":
                time.sleep(pause)
            else:
                busy(pause)
        costs.append(one_pass(rounds))
    return statistics.median(costs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="28")
    ap.add_argument("--positions", type=int, default=120)
    ap.add_argument("--pauses", type=float, nargs="+", default=[0, 0.05, 0.2, 0.6, 1.5])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.positions < 1 or args.repeats < 1 or any(p < 0 for p in args.pauses):
        ap.error("--positions and --repeats must be at least 1, --pauses 0 or more")
    rounds = [spot.rnd for spot in positions(te.ruleset(args.ruleset), args.positions)]
    rows = [{"pause": pause,
             "sleep_us": round(measure(rounds, pause, "sleep", args.repeats), 2),
             "baseline_us": round(measure(rounds, pause, "baseline", args.repeats), 2)}
            for pause in args.pauses]
    if args.json:
        print(json.dumps({"ruleset": args.ruleset, "positions": len(rounds), "rows": rows}))
        return 0
    print(f"{args.ruleset}: one clone() of each of {len(rounds)} positions, wall µs a "
          f"clone, median of {args.repeats}, after a pause since they were last read")
    print(f"{'pause (s)':>10} {'asleep':>10} {'baseline games':>16}")
    for row in rows:
        print(f"{row['pause']:>10} {row['sleep_us']:>10} {row['baseline_us']:>16}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
