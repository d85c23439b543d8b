"""How long the library takes to refuse huge hostile input, for every registered ruleset.

A server applies whatever text a client sends. Each probe here is a text a hostile
client might send (10 MB of ``"9 "``, of digits, of a card word, a 10 MB ruleset name,
a 10 MB JSON record) and each is refused with the library's own error. The figure for
each ruleset is the slowest probe's median refusal time; the run fails (exit status 1)
if any is over the bound (50 ms by default). The straight-line card-play baseline runs
in the same process, and the slowest refusal is also given as a multiple of one
baseline game, so the figure can be compared across machines.

    python benchmarks/bench_hostile.py [--bound-ms 50] [--repeats 5] [--json]
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

TEN_MB = 10 * 1024 * 1024


def probes(name: str) -> dict[str, Callable[[], object]]:
    """The refusals timed for ruleset ``name``: each must raise a library error."""
    rnd = te.new_round(name, seed=1)
    seat = rnd.to_act
    texts = {"9 x 5M": "9 " * (TEN_MB // 2), "digits": "9" * TEN_MB,
             "card words": "JS " * (TEN_MB // 3), "bid prefix": "bid " + "1" * TEN_MB}
    out: dict[str, Callable[[], object]] = {}
    for label, text in texts.items():
        out[f"apply {label}"] = lambda t=text: rnd.apply(t, seat=seat)
        out[f"parse {label}"] = lambda t=text: rnd.parse_action(t)
    out["ruleset name"] = lambda: te.ruleset("28+" * (TEN_MB // 3))
    record = json.dumps({**rnd.record(), "actions": ["pass"] * (TEN_MB // 8)})
    out["record JSON"] = lambda: te.Round.from_json(record)
    return out


def time_refusal(attempt: Callable[[], object], repeats: int) -> float:
    """Median seconds for ``attempt`` to raise a library error."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        try:
            attempt()
        except te.TwentyEightError:
            pass
        else:
            raise SystemExit(f"a hostile input was accepted: {attempt}")
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def baseline_game_seconds(rng: random.Random, games: int = 200) -> float:
    """Median seconds of one straight-line baseline game (32 card plays)."""
    times = []
    for _ in range(games):
        start = time.perf_counter()
        random_deal_play(rng)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    """Time every probe for every registered ruleset and print the slowest of each."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bound-ms", type=float, default=50.0)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rng = random.Random(1)
    report: dict[str, dict[str, float | str]] = {}
    for name in te.presets():
        timed = {label: time_refusal(p, args.repeats) for label, p in probes(name).items()}
        worst = max(timed, key=timed.__getitem__)
        base = baseline_game_seconds(rng)
        report[name] = {"slowest_probe": worst, "ms": timed[worst] * 1000,
                        "baseline_games": timed[worst] / base}
    over = [n for n, r in report.items() if float(r["ms"]) > args.bound_ms]
    if args.json:
        print(json.dumps({"bound_ms": args.bound_ms, "rulesets": report, "over": over}))
    else:
        print(f"Refusing 10 MB hostile inputs (median of {args.repeats}; bound "
              f"{args.bound_ms:g} ms)")
        for name, r in report.items():
            print(f"  {name:<14} {float(r['ms']):7.3f} ms  "
                  f"({float(r['baseline_games']):6.2f} baseline games)  "
                  f"slowest: {r['slowest_probe']}")
        print("all under the bound" if not over else f"over the bound: {', '.join(over)}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
