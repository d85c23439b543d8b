"""The operations search and learning code repeat, in baseline card plays, for any ruleset.

Every figure is a ratio measured in one run: the cost of one call over the cost of one
card play of the straight-line baseline (``baseline.random_deal_play`` game / 32),
CPU time, timed in batches interleaved with baseline batches, the median of
``--repeats`` repeats (see ``interleave.py``). The operations run on a fixed list of
mid-play positions of the ruleset: seeded rounds played with uniformly random legal
actions until about half the tricks are done, the seat to act in the play phase.

    clone        rnd.clone()
    view         rnd.view(rnd.to_act)
    table_view   each seat's view once after an action, as a server sends them: the
                 cost of clone(), apply() and every seat's view, minus clone() + apply(),
                 per view (the view above is of a position already viewed)
    to_json      rnd.to_json()
    from_json    Round.from_json(text)
    clone_apply  rnd.clone().apply("play 9H")  (the text of a legal card play)
    determinize  rnd.resample(seat, rng), beyond the clone (its cost minus clone's)
    observation  rnd.observation(rnd.to_act, buffer), the learning interface's vector,
                 written into one numpy array reused
    clone bytes  the memory one clone holds (tracemalloc), beside the timings
    full_round   full random rounds through legal_actions()/apply(), as a fraction of
                 the baseline game's speed, and baseline card plays per library action;
                 and the same rounds per second of CPU time on this machine

    python benchmarks/bench_ops.py [--ruleset 28 | --all] [--repeats 9] [--json | --markdown]
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import sys
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np

import twentyeight as te
from interleave import (
    CARDS_PER_GAME,
    UNIT_TEXT,
    Op,
    add_run_options,
    each_call,
    each_call_with,
    machine,
    measure,
    parse_run_options,
    show,
    summary,
)

POSITION_SEEDS = range(1, 1001)
"""Seeds tried in order for mid-play positions (a round annulled before its play is
skipped), so every run of a ruleset uses the same positions."""
ROUND_SEEDS = range(1000, 1020)
"""Rounds in one loop of the full-round figure (each loop deals new ones)."""
FRESH_STRIDE = 7919
"""Spreads the full rounds' seeds apart from the positions' seeds."""
ACTION_SEED = 2026
MIN_REPEATS = 7
"""The targets are checked on the median of at least this many repeats."""
RESAMPLE_SEED = 7

FIGURES = ("clone", "view", "table_view", "to_json", "from_json", "clone_apply",
           "determinize", "observation", "full_round", "per_action")
LABELS = {
    "clone": "clone()",
    "view": "view(seat)",
    "table_view": "view(seat), every seat after an action",
    "to_json": "to_json()",
    "from_json": "Round.from_json()",
    "clone_apply": 'clone() + apply("play …")',
    "determinize": "resample(seat) beyond clone",
    "observation": "observation(seat)",
    "full_round": "full random round (× baseline game)",
    "per_action": "card plays per action",
}
TARGETS: dict[str, dict[str, tuple[str, float]]] = {
    "every preset": {
        "clone": ("<=", 1.2),
        "view": ("<=", 4.0),
        "to_json": ("<=", 4.0),
        "from_json": ("<=", 30.0),
        "clone_apply": ("<=", 2.5),
        "determinize": ("<=", 15.0),
        "observation": ("<=", 4.0),
        "full_round": (">=", 0.30),
    },
}
"""The speed targets: a row that holds for every preset, and the rows of the presets
with targets of their own (the 56 family's observation and round are looser, 28's
tighter), each the first row with its changes."""
TARGETS["`56`, `56-six`, `56-eight`"] = {
    **TARGETS["every preset"], "observation": ("<=", 6.0), "full_round": (">=", 0.25)}
TARGETS["`28`"] = {
    **TARGETS["every preset"], "view": ("<=", 3.0), "from_json": ("<=", 20.0),
    "determinize": ("<=", 10.0), "observation": ("<=", 3.0), "full_round": (">=", 0.40)}


def targets_for(name: str) -> dict[str, tuple[str, float]]:
    """The targets ruleset ``name`` is held to (:data:`TARGETS`)."""
    for row, targets in TARGETS.items():
        if f"`{name}`" in row.split(", "):
            return targets
    return TARGETS["every preset"]


@dataclass(frozen=True)
class Position:
    """A mid-play round, the seat to act and texts made from it outside the timing."""

    seed: int
    rnd: te.Round
    seat: int
    record: str
    play: str


def mid_play(ruleset: te.Ruleset, seed: int, index: int) -> Position | None:
    """Round ``seed`` played at random until about half its tricks are done (and
    ``index`` cards more, so that leaders and followers are both sampled), or None if it
    ends first."""
    rng = random.Random(seed)
    rnd = ruleset.new_round(seed=seed)
    half = ruleset.config.tricks // 2
    extra = index % rnd.players
    while not rnd.is_over:
        seat = rnd.to_act
        if rnd.phase is te.Phase.PLAY and seat is not None:
            done = len(rnd.tricks)
            if done > half or (done == half and len(rnd.current_trick) >= extra):
                plays = [a for a in rnd.legal_actions() if isinstance(a, te.Play)]
                if plays:
                    return Position(seed, rnd, seat, rnd.to_json(), str(rng.choice(plays)))
        rnd.apply(rng.choice(rnd.legal_actions()))
    return None


def positions(ruleset: te.Ruleset, count: int) -> list[Position]:
    """The first ``count`` mid-play positions of the ruleset from ``POSITION_SEEDS``."""
    out: list[Position] = []
    for seed in POSITION_SEEDS:
        found = mid_play(ruleset, seed, len(out))
        if found is not None:
            out.append(found)
            if len(out) == count:
                return out
    raise SystemExit(f"{ruleset.name}: only {len(out)} mid-play positions in "
                     f"{len(POSITION_SEEDS)} seeds")


def random_rounds(ruleset: te.Ruleset) -> tuple[Callable[[int], object], int]:
    """A batch runner playing full random rounds (as ``bench_28.py`` does: every action
    uniformly from ``legal_actions()``), each on a deal not played before in the run, so
    that no cache of deals or hands helps; and the actions of one loop of
    ``len(ROUND_SEEDS)`` rounds, counted once outside the timing."""
    rng = random.Random(ACTION_SEED)
    uniform = rng.random
    new_round = ruleset.new_round
    fresh = itertools.count(ROUND_SEEDS.start)

    def play(loops: int, rounds: list[te.Round] | None = None) -> None:
        for _ in range(loops * len(ROUND_SEEDS)):
            rnd = new_round(seed=next(fresh) * FRESH_STRIDE)
            while not rnd.is_over:
                legal = rnd.legal_actions()
                rnd.apply(legal[int(uniform() * len(legal))])
            if rounds is not None:
                rounds.append(rnd)

    def run(loops: int) -> None:
        play(loops)

    played: list[te.Round] = []
    play(1, played)
    return run, sum(len(rnd.history) for rnd in played)


def operations(ruleset: te.Ruleset, spots: Sequence[Position]) -> tuple[list[Op], int]:
    """The timed operations on ``spots``, and the actions in one loop of full rounds."""
    clones = [p.rnd.clone for p in spots]
    views = [(p.rnd.view, p.seat) for p in spots]
    dumps = [p.rnd.to_json for p in spots]
    loads = [(te.Round.from_json, p.record) for p in spots]
    applies = [(p.rnd.clone, p.play) for p in spots]

    def clone_apply(loops: int) -> None:
        for _ in range(loops):
            for call, text in applies:
                call().apply(text)

    seats = range(ruleset.config.players)

    def clone_apply_views(loops: int) -> None:
        for _ in range(loops):
            for call, text in applies:
                rnd = call()
                rnd.apply(text)
                for seat in seats:
                    rnd.view(seat)

    n = len(spots)
    # Into one reused numpy array, the form a training loop uses (and the fastest).
    buffer = np.empty(ruleset.observation_size)
    observations = [(p.rnd.observation, p.seat, buffer) for p in spots]

    def observe(loops: int) -> None:
        for _ in range(loops):
            for call, seat, out in observations:
                call(seat, out)

    ops = [Op("clone", each_call(clones), n), Op("view", each_call_with(views), n),
           Op("observation", observe, n),
           Op("to_json", each_call(dumps), n), Op("from_json", each_call_with(loads), n),
           Op("clone_apply", clone_apply, n), Op("clone_apply_views", clone_apply_views, n)]
    resamplers = [(getattr(p.rnd, "resample", None), p.seat) for p in spots]
    if all(call is not None for call, _ in resamplers):
        rng = random.Random()

        def resample(loops: int) -> None:
            rng.seed(RESAMPLE_SEED)
            for _ in range(loops):
                for call, seat in resamplers:
                    call(seat, rng)  # type: ignore[misc]

        ops.append(Op("resample", resample, n))
    rounds, actions = random_rounds(ruleset)
    ops.append(Op("full_round", rounds, len(ROUND_SEEDS)))
    return ops, actions


def clone_bytes(spots: Sequence[Position]) -> int:
    """The memory one clone of a mid-play position holds, in bytes (``tracemalloc``,
    the mean over ``spots``): what a search tree pays per node it keeps."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = [p.rnd.clone() for p in spots]
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return round((after - before) / len(kept))


def bench(name: str, *, repeats: int, batch_ms: float, count: int) -> dict[str, Any]:
    """Every figure for ruleset ``name``, as a JSON-ready dict."""
    ruleset = te.ruleset(name)
    spots = positions(ruleset, count)
    memory = clone_bytes(spots)
    ops, actions = operations(ruleset, spots)
    got = measure(ops, repeats, batch_ms)
    costs = got.costs
    per_round = actions / len(ROUND_SEEDS)
    figures: dict[str, dict[str, Any]] = {
        key: summary(costs[key]) for key in ("clone", "view", "to_json", "from_json",
                                             "clone_apply", "observation")}
    players = ruleset.config.players
    figures["table_view"] = summary([
        (v - a) / players
        for v, a in zip(costs["clone_apply_views"], costs["clone_apply"], strict=True)])
    if "resample" in costs:
        beyond = [r - c for r, c in zip(costs["resample"], costs["clone"], strict=True)]
        figures["determinize"] = summary(beyond)
        figures["resample"] = summary(costs["resample"])
    else:
        figures["determinize"] = {"median": None, "note": "Round.resample is missing"}
    rounds = costs["full_round"]
    figures["full_round"] = summary([CARDS_PER_GAME / c for c in rounds], 3)
    figures["per_action"] = summary([c / per_round for c in rounds])
    figures["round"] = summary(rounds)
    for key, (sense, bound) in targets_for(ruleset.name).items():
        figures[key]["target"] = f"{sense} {bound:g}"
        value = figures[key]["median"]
        figures[key]["met"] = None if value is None else (
            value <= bound if sense == "<=" else value >= bound)
    unit_ns = statistics.median(got.unit_ns)
    return {
        "ruleset": ruleset.name,
        "unit": UNIT_TEXT,
        "unit_ns": round(unit_ns, 1),
        "baseline_games_per_s": round(1e9 / (unit_ns * CARDS_PER_GAME)),
        "library_rounds_per_s": round(1e9 / (statistics.median(rounds) * unit_ns)),
        "actions_per_round": round(per_round, 1),
        "clone_bytes": memory,
        "figures": figures,
        "positions": [p.seed for p in spots],
        "round_seeds": [ROUND_SEEDS.start, ROUND_SEEDS.stop - 1],
        "repeats": repeats,
        "batch_ms": batch_ms,
        "machine": machine(),
    }


def text_report(report: dict[str, Any]) -> str:
    """A readable table of one ruleset's figures."""
    f = report["figures"]
    lines = [
        f"ruleset {report['ruleset']}: {len(report['positions'])} mid-play positions, "
        f"median of {report['repeats']} interleaved repeats, CPU time",
        f"unit: one baseline card play = {report['unit_ns'] / 1000:.3f} µs "
        f"(baseline {report['baseline_games_per_s']} games/s)",
        f"{'figure':38} {'median':>8} {'range':>15}   {'target':>8}  met",
    ]
    for key in FIGURES:
        fig = f[key]
        digits = 3 if key == "full_round" else 2
        span = "" if fig["median"] is None else \
            f"{show(fig['min'], digits)}–{show(fig['max'], digits)}"
        target = fig.get("target") or ""
        met = {True: "yes", False: "NO", None: ""}[fig.get("met")]
        if fig["median"] is None:
            met = fig.get("note", "")
        lines.append(f"{LABELS[key]:38} {show(fig['median'], digits):>8} {span:>15}   "
                     f"{target.replace('<=', '≤').replace('>=', '≥'):>8}  {met}")
    lines.append(f"full rounds: {report['library_rounds_per_s']} rounds/s, "
                 f"{report['actions_per_round']} actions a round; "
                 f"{report['clone_bytes']:,} bytes a clone")
    if report["repeats"] < MIN_REPEATS:
        lines.append(f"(only {report['repeats']} repeats: the targets are checked on the "
                     f"median of at least {MIN_REPEATS})")
    return "\n".join(lines)


MARKDOWN_TABLES: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("Full rounds", (("rounds_per_s", "rounds per second"),
                     ("full_round", "× baseline game"),
                     ("per_action", "card plays per action"))),
    ("Copies and views", (("clone", "`clone()`"), ("view", "`view()`"),
                          ("observation", "`observation()`"))),
    ("Views at a table", (("table_view", "`view()` of every seat after an action"),)),
    ("Memory", (("clone_bytes", "bytes per clone"),)),
    ("Records", (("to_json", "`to_json()`"), ("from_json", "`from_json()`"))),
    ("Search", (("clone_apply", "`clone()` + `apply()`"),
                ("determinize", "determinize, beyond the clone"))),
)
"""The Performance page's tables: a title and its columns (a figure's key and header).
Each is narrow enough for a phone's screen: the ruleset and at most three figures."""


def _cell(report: dict[str, Any], key: str) -> str:
    """One figure of one ruleset as the page shows it."""
    if key == "rounds_per_s":
        return f"{report['library_rounds_per_s']:,}"
    if key == "clone_bytes":
        return f"{report['clone_bytes']:,}"
    return show(report["figures"][key]["median"], 3 if key == "full_round" else 2)


def markdown(reports: Sequence[dict[str, Any]]) -> str:
    """The tables of the Performance page: for each of :data:`MARKDOWN_TABLES` a
    heading, a row per ruleset and the targets (where the figures have one)."""
    out: list[str] = []
    for title, columns in MARKDOWN_TABLES:
        keys = [key for key, _ in columns]
        out += [f"### {title}", "",
                "| ruleset | " + " | ".join(header for _, header in columns) + " |",
                "|---|" + "---:|" * len(columns)]
        for report in reports:
            out.append(f"| `{report['ruleset']}` | "
                       + " | ".join(_cell(report, key) for key in keys) + " |")
        default = TARGETS["every preset"]
        for row, targets in TARGETS.items():
            bounds = [targets.get(key) for key in keys]
            # (A row of its own only where it differs from every preset's.)
            if any(bounds) and (targets is default or any(
                    targets.get(key) != default.get(key) for key in keys)):
                cells = ["" if b is None else
                         f"{b[0].replace('<=', '≤').replace('>=', '≥')} {b[1]:g}"
                         for b in bounds]
                out.append(f"| target, {row} | " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out).rstrip("\n")


def main(argv: list[str] | None = None) -> int:
    """Measure and print the figures."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    which = ap.add_mutually_exclusive_group()
    which.add_argument("--ruleset", default="28", help="a registered ruleset (default 28)")
    which.add_argument("--all", action="store_true", help="every registered preset")
    add_run_options(ap, "one JSON object (a list for --all)")
    args = parse_run_options(ap, argv)

    names = list(te.presets()) if args.all else [args.ruleset]
    reports = []
    for name in names:
        if args.json or args.markdown:
            print(f"measuring {name} ...", file=sys.stderr, flush=True)
        report = bench(name, repeats=args.repeats, batch_ms=args.batch_ms,
                       count=args.positions)
        reports.append(report)
        if not (args.json or args.markdown):
            print(text_report(report), end="\n\n" if name != names[-1] else "\n",
                  flush=True)
    if args.json:
        print(json.dumps(reports if args.all else reports[0], ensure_ascii=False))
    elif args.markdown:
        print(markdown(reports))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
