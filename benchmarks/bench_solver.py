"""How long the perfect-information solver takes, over many deals.

Each deal is bid and its trump chosen by heuristic bots, played by them until
``--tricks-played`` tricks are done (0: the first lead), then solved with
:func:`twentyeight.solver.solve`. The figures are wall seconds per solve (median, p95,
max), nodes, and the same median in baseline games (the straight-line random game of
``baseline.py``, timed in this run) so that machines can be compared.

    python benchmarks/bench_solver.py --ruleset 28 --deals 100
    python benchmarks/bench_solver.py --ruleset 28 --deals 100 --tricks-played 2
    python benchmarks/bench_solver.py --ruleset 28 --deals 200 --first-seed 90000
    python benchmarks/bench_solver.py --ruleset 28 --deals 40 --python-kernel

The report says which search ran the positions from the start of a trick on: the
kernel in C (``twentyeight._native_kernel``, where it is built), the same kernel in
Python (``--python-kernel``, or where the C one is not built), or the search over the
round (rulesets whose plug-ins act in the play).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import twentyeight as te
from baseline import random_deal_play
from twentyeight import solver_kernel
from twentyeight.bots import HeuristicBot
from twentyeight.search_tables import search_tables
from twentyeight.solver import solve


def position(name: str, seed: int, tricks_played: int) -> te.Round | None:
    """Deal ``seed`` of ``name`` played by heuristic bots up to the first lead after
    ``tricks_played`` tricks, or ``None`` if the round ended before."""
    rs = te.ruleset(name)
    rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
    bots = [HeuristicBot(s) for s in range(rs.config.players)]
    while not rnd.is_over:
        if rnd.phase is te.Phase.PLAY and len(rnd.tricks) == tricks_played \
                and not rnd.current_trick:
            return rnd
        seat = rnd.to_act
        assert seat is not None
        rnd.apply(bots[seat].choose(dict(rnd.view(seat))))
    return None


def kernel_language(name: str) -> str:
    """Which search takes the positions of ``name`` from the start of a trick on."""
    tables = search_tables(te.ruleset(name))
    if not tables.plain:
        return "search over the round"
    return "kernel in C" if solver_kernel.runs_in_c(tables) else "kernel in Python"


def baseline_game_seconds(seconds: float = 1.0) -> float:
    rng = random.Random(1)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            random_deal_play(rng)
        n += 100
    return (time.perf_counter() - start) / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="28")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--tricks-played", type=int, default=0)
    ap.add_argument("--max-seconds", type=float, default=None,
                    help="budget of each solve; a solve cut short counts at the budget")
    ap.add_argument("--first-seed", type=int, default=0,
                    help="the seed of the first deal; each next deal takes the next seed "
                         "(default: 0)")
    ap.add_argument("--python-kernel", action="store_true",
                    help="search in Python even where the search in C is built")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.python_kernel:
        solver_kernel.use_native = False
    if args.first_seed < 0:
        ap.error("--first-seed must be 0 or more")
    game = baseline_game_seconds()
    times, nodes, cut = [], [], 0
    seed = args.first_seed
    while len(times) < args.deals:
        rnd = position(args.ruleset, seed, args.tricks_played)
        seed += 1
        if rnd is None:
            continue
        start = time.perf_counter()
        solution = solve(rnd, max_seconds=args.max_seconds)
        times.append(time.perf_counter() - start)
        nodes.append(solution.nodes)
        cut += not solution.exact
    times.sort()
    report = {
        "ruleset": args.ruleset, "deals": len(times), "first_seed": args.first_seed,
        "tricks_played": args.tricks_played,
        "seconds": {"median": round(statistics.median(times), 3),
                    "p95": round(times[int(0.95 * (len(times) - 1))], 3),
                    "max": round(times[-1], 3)},
        "nodes_median": int(statistics.median(nodes)),
        # What one position costs: the search over the round (clone and apply) where the
        # ruleset's plug-ins keep the play from the kernel, the kernel otherwise.
        "microseconds_per_node": round(1e6 * sum(times) / max(1, sum(nodes)), 2),
        "kernel": search_tables(te.ruleset(args.ruleset)).plain,
        "search": kernel_language(args.ruleset),
        "median_in_baseline_games": round(statistics.median(times) / game),
        "cut_short": cut,
    }
    if args.json:
        print(json.dumps(report))
        return
    s = report["seconds"]
    print(f"{args.ruleset}, {len(times)} deals from the lead after {args.tricks_played} "
          f"tricks: median {s['median']} s, p95 {s['p95']} s, max {s['max']} s; "  # type: ignore[index]
          f"median nodes {report['nodes_median']}; {report['microseconds_per_node']} µs a "
          f"node ({report['search']}); median = "
          f"{report['median_in_baseline_games']} baseline games; cut short: {cut}")


if __name__ == "__main__":
    main()
