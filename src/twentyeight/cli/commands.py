"""The commands where bots play: ``rulesets`` lists what can be played, ``demo`` shows
one round with every hand, ``simulate`` plays many rounds and prints statistics,
``arena`` measures bots against each other. With ``--json`` each prints one document
instead (see :mod:`.jsonout`)."""

from __future__ import annotations

import argparse
import math
import random
import secrets
import signal
import sys
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, TypeVar

from ..bots import Bot, bot_factory, play_round
from ..bots.arena import ArenaReport, arena, arena_round, chunk_count
from ..bots.simulation import (
    BOT_KINDS,
    BotFactory,
    SimulationInterrupted,
    SimulationStats,
    default_chunk_size,
    simulate,
    simulated_round,
)
from ..errors import ConfigError
from ..match import dealer_after
from ..registry import modifier as lookup_modifier
from ..registry import modifiers as modifier_names
from ..registry import presets as preset_names
from ..registry import ruleset as lookup_ruleset
from ..round import MAX_SEED, Round
from ..ruleset import Ruleset
from .interrupts import EXIT_INTERRUPTED, say_interrupted
from .jsonout import _alone_on_stdout, _print_document, _talk
from .narrate import _signed, _times
from .saving import _Output, _output, _Refused, _talk_aside
from .style import _Progress, _Style
from .transcript import _transcript

BOTS: Mapping[str, BotFactory] = BOT_KINDS
"""Bot kinds the command offers, by name."""

_MAX_REDEALS = 1000
"""How many annulled deals in a row a command plays before it gives up."""


def _fresh_seed() -> int:
    """A seed for a deal the user did not choose. It comes from the operating system, so
    a deal cannot be foreseen from Python's global ``random`` (which anything may seed)."""
    return secrets.randbits(64)  # MAX_SEED is 2**64: every 64-bit number is a seed


def _make_bots(kind: str, n: int, rng: random.Random) -> list[Bot]:
    make = bot_factory(kind)
    return [make(rng.randrange(2**32)) for _ in range(n)]


def _cmd_rulesets(args: argparse.Namespace) -> int:
    rulesets = [lookup_ruleset(name) for name in preset_names()]
    modifiers = [lookup_modifier(name) for name in modifier_names()]
    if args.json:
        _print_document("rulesets", {
            "rulesets": [{"name": rs.name, "aliases": list(rs.aliases),
                          "description": rs.description, "players": rs.config.players,
                          "cards": len(rs.card_text)} for rs in rulesets],
            "modifiers": [{"name": m.name, "aliases": list(m.aliases),
                           "description": m.description} for m in modifiers],
        })
        return 0
    entries: list[tuple[str, str, tuple[str, ...]]] = [
        (rs.name, rs.description, rs.aliases) for rs in rulesets]
    mods = [(m.name, m.description, m.aliases) for m in modifiers]
    width = max(len(name) for name, _, _ in entries + mods) + 1
    print("Rulesets")
    for name, description, aliases in entries:
        print(f"  {name:<{width}} {description}")
        if aliases:
            print(f"  {'':<{width}} aliases: {', '.join(aliases)}")
    if mods:
        print()
        print("Modifiers (add to a ruleset with +, e.g. 28+pair+double)")
        for name, description, aliases in mods:
            print(f"  {name:<{width}} {description}")
            if aliases:
                print(f"  {'':<{width}} aliases: {', '.join(aliases)}")
    return 0


def _bot_deals(rs: Ruleset, seed: int, kind: str) -> Iterator[tuple[int, Round]]:
    """Bots of ``kind`` play deals of ``rs`` from ``seed`` on, each with its seed, until
    one is not annulled (at most :data:`_MAX_REDEALS`): the dealer of the first is
    ``seed`` modulo the players, the next deal's as :func:`_next_deal` says."""
    n = rs.config.players
    dealer = seed % n
    for _ in range(_MAX_REDEALS):
        rnd = rs.new_round(seed=seed, dealer=dealer)
        play_round(rnd, _make_bots(kind, n, random.Random(seed)))
        yield seed, rnd
        assert rnd.result is not None
        if rnd.result.annulled is None:
            return
        dealer, seed, _ = _next_deal(rnd, seed)


def _cmd_demo(args: argparse.Namespace) -> int:
    rs = lookup_ruleset(args.ruleset)
    seed = args.seed if args.seed is not None else _fresh_seed()
    record = _output(args.record)
    _alone_on_stdout(args.json, record)
    with _talk_aside(record):
        style = _Style(sys.stdout)
        if not args.json:
            print(style.bold(f"Ruleset {rs.name} {style.dash} {rs.description}"))
            print(f"{args.bots.capitalize()} bots in every seat.")
        deals: list[tuple[int, Round]] = []
        for deal_seed, rnd in _bot_deals(rs, seed, args.bots):
            deals.append((deal_seed, rnd))
            if args.json:
                continue
            print()
            print(style.bold(f"Deal with seed {deal_seed}"))
            for line in _transcript(rnd, style):
                print(line)
            assert rnd.result is not None
            if rnd.result.annulled is not None:
                print(_next_deal(rnd, deal_seed)[2])
        last = deals[-1][1]
        assert last.result is not None
        if record is not None:
            where = record.save(last)
            print(f"Saved the round's record to {where}.", file=_talk(args.json))
        if last.result.annulled is not None:
            if args.json:
                raise _Refused("every deal was annulled; giving up", 1, "annulled")
            print("Every deal was annulled; giving up.")
            return 1
        if args.json:
            _print_document("demo", {
                "ruleset": rs.name, "bots": args.bots, "seed": seed,
                "annulled": [_deal_json(s, rnd) for s, rnd in deals[:-1]],
                "round": _deal_json(*deals[-1]),
            })
        return 0


def _deal_json(seed: int, rnd: Round) -> dict[str, Any]:
    """A finished deal in ``demo --json``: its seed and dealer, its record (what
    :meth:`~twentyeight.Round.record` gives) and its result."""
    assert rnd.result is not None
    return {"seed": seed, "dealer": rnd.dealer, "record": rnd.record(),
            "result": rnd.result.to_json()}


def _next_deal(rnd: Round, seed: int) -> tuple[int, int, str]:
    """After ``rnd``, dealt with ``seed`` and annulled: the next deal's dealer and seed,
    and what a demo says of it."""
    dealer = dealer_after(rnd)
    seed = (seed + 1) % MAX_SEED
    if dealer == rnd.dealer:
        return dealer, seed, f"The same dealer deals again (seed {seed})."
    return dealer, seed, f"The deal passes to the next dealer (seed {seed})."


_MAX_WORKERS_WINDOWS = 61
"""The most worker processes a process pool can have on Windows."""


def _ignore_interrupts() -> None:
    """Run in each worker process: Ctrl-C is the parent's to handle (it stops the
    workers), so a worker prints no traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` down now: drop the chunks not yet begun and end the worker
    processes without waiting for the chunks under way."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14 and later
    if terminate is not None:
        terminate()
        return
    # Earlier versions: the pool's own table of processes, read before the shutdown
    # empties it.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


_T = TypeVar("_T")

DASK_TIMEOUT = 30
"""Seconds ``--dask`` waits to reach the cluster."""


def _pool_size(jobs: int, chunks: int) -> int:
    """The worker processes to start for ``chunks`` chunks of work when ``--jobs``
    asked for ``jobs``: never more than there are chunks (a worker with nothing to do
    still costs a process and its memory), nor more than the platform's pools take."""
    jobs = max(1, min(jobs, chunks))
    if sys.platform == "win32":
        jobs = min(jobs, _MAX_WORKERS_WINDOWS)
    return jobs


def _with_executor(jobs: int, dask: str | None,
                   run: Callable[[Executor | None], _T]) -> _T:
    """``run`` with no executor (one job), a process pool of ``jobs`` workers (as
    :func:`_pool_size` counts them), or the executor of the Dask cluster at ``dask``."""
    if dask is not None:
        try:
            from distributed import Client
        except ImportError:
            raise ConfigError("--dask needs the dask extra: pip install "
                              "'twentyeight[dask]'") from None
        try:
            client = Client(dask, timeout=DASK_TIMEOUT)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError) as exc:
            raise ConfigError(f"cannot reach the Dask cluster at {dask!r}: {exc}") from None
        with client:
            return run(client.get_executor())  # type: ignore[no-untyped-call]
    if jobs == 1:
        return run(None)
    pool = ProcessPoolExecutor(jobs, initializer=_ignore_interrupts)
    try:
        value = run(pool)
    except BaseException:
        # Ctrl-C, or a failure in a worker: drop the chunks not yet begun, and stop
        # those under way rather than wait for them.
        _stop_workers(pool)
        raise
    pool.shutdown()
    return value


def _cmd_simulate(args: argparse.Namespace) -> int:
    rs = lookup_ruleset(args.ruleset)
    seed = args.seed if args.seed is not None else _fresh_seed()
    record = _chosen_round(args.record, args.round, args.rounds, "--round", "rounds")
    _alone_on_stdout(args.json, record)
    progress = _Progress(args.rounds, sys.stderr)
    chunk = default_chunk_size(args.rounds, args.jobs)
    jobs = _pool_size(args.jobs, -(-args.rounds // chunk))
    with _talk_aside(record):
        try:
            stats = _with_executor(jobs, args.dask, lambda executor: simulate(
                rs, args.rounds, args.bots, seed, executor=executor,
                chunk_size=chunk if executor is not None else None,
                progress=progress.update))
        except SimulationInterrupted as stop:
            # Ctrl-C: the rounds played so far are worth seeing; 130 is the shell's code
            # for a command ended by SIGINT. No record: the user asked to stop.
            progress.finish()
            if args.json:
                _print_document("simulate", _stats_json(stop.stats, jobs, args.rounds))
            else:
                print(f"Interrupted after {stop.stats.rounds} of {args.rounds} rounds; "
                      "the statistics so far:")
                _print_stats(stop.stats, jobs)
            sys.stdout.flush()  # the statistics before the line, where both are shown
            say_interrupted()
            return EXIT_INTERRUPTED
        progress.finish()
        if not args.json:
            _print_stats(stats, jobs)
        if record is not None:
            chosen = args.round or 1
            where = record.save(simulated_round(rs, chosen - 1, args.bots, seed))
            print(f"Saved the record of round {chosen} to {where}.", file=_talk(args.json))
        if args.json:
            # Last, so that a record that cannot be saved leaves standard output empty.
            _print_document("simulate", _stats_json(stats, jobs, args.rounds))
    return 0


def _chosen_round(name: str | None, chosen: int | None, count: int, flag: str,
                  what: str) -> _Output | None:
    """Where to save the record of the round ``chosen`` (from 1) of ``count``, if
    ``--record`` was given; ``flag`` only with ``--record``, and within the count."""
    if name is None:
        if chosen is not None:
            raise _Refused(f"{flag} chooses the round --record saves: give --record too", 2)
        return None
    if chosen is not None and chosen > count:
        raise _Refused(f"{flag} {chosen} is beyond the {count} {what} played", 2)
    return _Output(name)


def _cmd_arena(args: argparse.Namespace) -> int:
    rs = lookup_ruleset(args.ruleset)
    seed = args.seed if args.seed is not None else _fresh_seed()
    bots = args.bots
    if len(bots) < 2 or len(set(bots)) != len(bots):
        raise ConfigError(f"an arena needs two or more different bots; got {' '.join(bots)}")
    record = _chosen_round(args.record, args.deal, args.deals, "--deal", "deals")
    if args.swapped and record is None:
        raise _Refused("--swapped chooses the play --record saves: give --record too", 2)
    _alone_on_stdout(args.json, record)
    progress = _Progress(args.deals * len(bots) * (len(bots) - 1) // 2, sys.stderr)
    jobs = _pool_size(args.jobs, chunk_count(len(bots), args.deals))
    with _talk_aside(record):
        try:
            report = _with_executor(jobs, args.dask, lambda executor: arena(
                rs, bots, args.deals, seed, executor=executor, progress=progress.update))
        finally:
            progress.finish()  # the bar's line is cleared for what comes next, whatever it is
        if not args.json:
            _print_arena(report)
        if record is not None:
            deal = args.deal or 1
            rnd = arena_round(rs, bots[0], bots[1], seed, deal - 1, int(args.swapped))
            where = record.save(rnd)
            even, odd = (bots[1], bots[0]) if args.swapped else (bots[0], bots[1])
            # With --json the report alone is on standard output, and this line is not.
            print(f"Saved the record of deal {deal} ({even} in the even seats, {odd} in "
                  f"the odd ones) to {where}.", file=_talk(args.json))
        if args.json:
            # Last, so that a record that cannot be saved leaves standard output empty.
            _print_document("arena", report.to_dict())
    return 0


def _print_arena(report: ArenaReport) -> None:
    print(f"Ruleset {report.ruleset}, {report.deals} duplicate deals per pair, "
          f"seed {report.seed}")
    for p in report.pairings:
        print()
        print(f"{p.first} against {p.second}")
        print(f"  game points per deal:  {p.mean:+.3f} "
              f"(95% interval {p.low:+.3f} to {p.high:+.3f})")
        print(f"  deals won/drawn/lost:  {p.wins}/{p.draws}/{p.losses}; win rate "
              f"{100 * p.win_rate:.1f}% ({100 * p.win_low:.1f}% to {100 * p.win_high:.1f}%)")
        for name, bid, made in p.contracts:
            print(f"  {name} contracts made: {made} of {bid}")
    print()
    print("Elo: " + ", ".join(f"{name} {rating:.0f}" for name, rating in report.elo))


def _stats_json(stats: SimulationStats, jobs: int, requested: int) -> dict[str, Any]:
    """``simulate --json``: the statistics :func:`_print_stats` shows, as numbers (sums
    as well as means, so nothing is lost to rounding), out of ``requested`` rounds."""

    def mean(total: int, count: int) -> float | None:
        return total / count if count else None

    rate = stats.rounds_per_second
    return {
        "ruleset": stats.ruleset, "bots": stats.bots, "seed": stats.seed,
        "requested": requested, "rounds": stats.rounds,
        "interrupted": stats.rounds < requested,
        "annulled": {"total": stats.annulled_total,
                     "by_rule": [{"rule": rule, "count": count}
                                 for rule, count in stats.annulled]},
        "scored": stats.scored, "made": stats.made,
        "contracts": [{"contract": contract, "multiplier": multiplier, "count": count,
                       "made": made}
                      for contract, multiplier, count, made in stats.contracts],
        "bidder_card_points": {"total": stats.bidder_card_points,
                               "mean": mean(stats.bidder_card_points, stats.scored)},
        "winning_bid": {"total": stats.bid_total, "mean": mean(stats.bid_total, stats.scored)},
        "game_points": list(stats.game_points),
        "seconds": stats.seconds,
        "rounds_per_second": rate if math.isfinite(rate) else None,
        "jobs": jobs,
    }


def _print_stats(stats: SimulationStats, jobs: int) -> None:
    def pct(a: int, b: int) -> str:
        return f"{100 * a / b:.1f}%" if b else "n/a"

    def avg(a: int, b: int) -> str:
        return f"{a / b:.2f}" if b else "n/a"

    # Contracts that are not plain: doubled or redoubled bids, single hands, ...
    special: dict[str, list[int]] = {}
    for contract, multiplier, count, made in stats.contracts:
        if contract != "bid":
            kind = f"{contract.replace('-', ' ').capitalize()}s"
        elif multiplier > 1:
            kind = f"{_times(multiplier).split()[0].capitalize()} bids"
        else:
            continue
        tally = special.setdefault(kind, [0, 0])
        tally[0] += count
        tally[1] += made
    total_annulled = stats.annulled_total
    scored = stats.scored
    game_points = stats.game_points
    reasons = ", ".join(f"{k} {v}" for k, v in stats.annulled)
    print(f"Ruleset {stats.ruleset}, {stats.bots} bots, seed {stats.seed}")
    print(f"Rounds played:              {stats.rounds}")
    print(f"Annulled (redealt):         {total_annulled} ({pct(total_annulled, stats.rounds)})"
          + (f": {reasons}" if reasons else ""))
    print(f"Contracts made:             {stats.made} of {scored} ({pct(stats.made, scored)})")
    for kind, (count, won) in sorted(special.items()):
        label = f"{kind}:"
        print(f"{label:<27} {count} ({pct(count, scored)}), {won} made")
    print(f"Bidding team card points:   {avg(stats.bidder_card_points, scored)} on average")
    print(f"Winning bid:                {avg(stats.bid_total, scored)} on average")
    print(f"Game points (team 0 / 1):   {_signed(game_points[0])} / {_signed(game_points[1])}")
    rate = stats.rounds_per_second
    print(f"Speed:                      {rate:.0f} rounds/s ({stats.seconds:.2f} s, "
          f"{jobs} {'job' if jobs == 1 else 'jobs'})")
