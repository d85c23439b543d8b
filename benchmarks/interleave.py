"""Interleaved CPU-time measurement in units of one baseline card play.

The unit is one card play of the straight-line baseline (``baseline.random_deal_play``):
the CPU time of one baseline game divided by its 32 card plays, measured in the same
process as the operations it is compared with. Every operation is timed in a batch
(a tight loop over many calls, sized to take about ``batch_ms``), and a baseline batch
runs before and after each operation's batch: the operation's cost in one repeat is its
time per call over the mean of its two neighbouring baseline batches (per card play).
A figure is the median over the repeats, so a busy moment on the machine hits the
operation and its yardstick alike, and an odd slow repeat does not move it.

Used by ``bench_ops.py`` (the library) and ``bench_openspiel.py`` (OpenSpiel's games).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from baseline import random_deal_play

CARDS_PER_GAME = 32
"""Card plays in one baseline game: the unit is a baseline game's CPU time over this."""

BASELINE_SEED = 1

clock: Callable[[], int] = time.process_time_ns
"""CPU time of this process in nanoseconds: time spent waiting for the CPU (the other
processes of a busy machine) does not count."""

UNIT_TEXT = ("one card play of the straight-line baseline: the CPU time of one "
             "baseline.random_deal_play game / 32, measured in the same run")


@dataclass(frozen=True)
class Op:
    """One timed operation: ``run(loops)`` makes ``loops * calls`` calls in a tight loop."""

    name: str
    run: Callable[[int], object]
    calls: int


@dataclass
class Measurement:
    """Per-repeat costs of every operation, in baseline card plays per call."""

    costs: dict[str, list[float]] = field(default_factory=dict)
    unit_ns: list[float] = field(default_factory=list)
    loops: dict[str, int] = field(default_factory=dict)


def each_call(targets: Sequence[Callable[[], object]]) -> Callable[[int], None]:
    """A batch runner: each loop calls every one of ``targets`` once."""

    def run(loops: int) -> None:
        for _ in range(loops):
            for call in targets:
                call()

    return run


def each_call_with(pairs: Sequence[tuple[Callable[[Any], object], Any]]
                   ) -> Callable[[int], None]:
    """A batch runner: each loop makes every call ``function(argument)`` of ``pairs``."""

    def run(loops: int) -> None:
        for _ in range(loops):
            for call, argument in pairs:
                call(argument)

    return run


def baseline_op() -> Op:
    """Baseline games from a fixed seed: every batch plays the same deals."""
    rng = random.Random()

    def run(loops: int) -> None:
        rng.seed(BASELINE_SEED)
        for _ in range(loops):
            random_deal_play(rng)

    return Op("baseline", run, 1)


def timed(op: Op, loops: int) -> int:
    """CPU nanoseconds of one batch of ``op`` (a full collection first, outside the
    timing, so that every batch starts from the same heap)."""
    gc.collect()
    start = clock()
    op.run(loops)
    return clock() - start


def calibrate(op: Op, batch_ns: float) -> int:
    """Loops of ``op`` that take about ``batch_ns`` (after a warm-up batch)."""
    timed(op, 1)
    loops = 1
    while True:
        spent = timed(op, loops)
        if spent >= batch_ns / 4 or loops >= 1 << 24:
            break
        loops *= 4 if spent < batch_ns / 64 else 2
    return max(1, round(loops * batch_ns / max(spent, 1)))


def measure(ops: Sequence[Op], repeats: int, batch_ms: float) -> Measurement:
    """Time every op ``repeats`` times, interleaved with baseline batches."""
    batch_ns = batch_ms * 1e6
    base = baseline_op()
    result = Measurement()
    result.loops["baseline"] = calibrate(base, batch_ns)
    for op in ops:
        result.loops[op.name] = calibrate(op, batch_ns)
        result.costs[op.name] = []

    def unit() -> float:
        loops = result.loops["baseline"]
        return timed(base, loops) / (loops * CARDS_PER_GAME)

    for _ in range(repeats):
        before = unit()
        units = [before]
        for op in ops:
            loops = result.loops[op.name]
            spent = timed(op, loops)
            after = unit()
            units.append(after)
            per_call = spent / (loops * op.calls)
            result.costs[op.name].append(per_call / ((before + after) / 2))
            before = after
        result.unit_ns.append(statistics.median(units))
    return result


def summary(values: Sequence[float], digits: int = 2) -> dict[str, float]:
    """Median, min and max of per-repeat figures, rounded."""
    return {"median": round(statistics.median(values), digits),
            "min": round(min(values), digits), "max": round(max(values), digits)}


def add_run_options(ap: argparse.ArgumentParser, json_help: str) -> None:
    """The options every benchmark takes: ``--json`` or ``--markdown``, ``--repeats``,
    ``--batch-ms`` and ``--positions``."""
    out = ap.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help=json_help)
    out.add_argument("--markdown", action="store_true",
                     help="the table rows of the Performance page")
    ap.add_argument("--repeats", type=int, default=9, help="interleaved repeats (median)")
    ap.add_argument("--batch-ms", type=float, default=40.0,
                    help="CPU milliseconds of one timed batch")
    ap.add_argument("--positions", type=int, default=8, help="mid-play positions")


def parse_run_options(ap: argparse.ArgumentParser,
                      argv: list[str] | None) -> argparse.Namespace:
    """The parsed options, refusing a repeat count, position count or batch time that
    is not positive."""
    args = ap.parse_args(argv)
    if args.repeats < 1 or args.positions < 1 or args.batch_ms <= 0:
        ap.error("--repeats, --positions and --batch-ms must be positive")
    return args


def show(value: float | None, digits: int = 2) -> str:
    """A figure for a table: ``digits`` decimals, or a dash where there is none."""
    return "—" if value is None else f"{value:.{digits}f}"


def machine() -> dict[str, object]:
    """What the figures were measured on."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"cpu": model, "cores": os.cpu_count(), "system": platform.system(),
            "python": sys.version.split()[0],
            "implementation": platform.python_implementation(),
            "timer": "time.process_time_ns"}
