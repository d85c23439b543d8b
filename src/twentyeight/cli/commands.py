"""The commands where bots play: ``rulesets`` lists what can be played, ``demo`` shows
one round with every hand, ``simulate`` plays many rounds and prints statistics."""

from __future__ import annotations

import argparse
import random
import secrets
import sys
import time
from collections.abc import Callable

from ..bots import Bot, HeuristicBot, RandomBot, play_round
from ..registry import modifier as lookup_modifier
from ..registry import modifiers as modifier_names
from ..registry import presets as preset_names
from ..registry import ruleset as lookup_ruleset
from ..round import MAX_SEED
from .narrate import _signed, _times
from .style import _Progress, _Style
from .transcript import _transcript

BOTS: dict[str, Callable[[int | None], Bot]] = {
    "heuristic": HeuristicBot,
    "random": RandomBot,
}
"""Bot kinds the command offers, by name."""

_MAX_REDEALS = 1000
"""How many annulled deals in a row a command plays before it gives up."""


def _fresh_seed() -> int:
    """A seed for a deal the user did not choose. It comes from the operating system, so
    a deal cannot be foreseen from Python's global ``random`` (which anything may seed)."""
    return secrets.randbits(64)  # MAX_SEED is 2**64: every 64-bit number is a seed


def _make_bots(kind: str, n: int, rng: random.Random) -> list[Bot]:
    make = BOTS[kind]
    return [make(rng.randrange(2**32)) for _ in range(n)]


def _cmd_rulesets(args: argparse.Namespace) -> int:
    entries: list[tuple[str, str, tuple[str, ...]]] = [
        (rs.name, rs.description, rs.aliases) for rs in map(lookup_ruleset, preset_names())]
    mods = [(m.name, m.description, m.aliases) for m in map(lookup_modifier, modifier_names())]
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


def _cmd_demo(args: argparse.Namespace) -> int:
    rs = lookup_ruleset(args.ruleset)
    seed = args.seed if args.seed is not None else _fresh_seed()
    style = _Style(sys.stdout)
    n = rs.config.players
    dealer = seed % n
    print(style.bold(f"Ruleset {rs.name} {style.dash} {rs.description}"))
    print(f"{args.bots.capitalize()} bots in every seat.")
    for _ in range(_MAX_REDEALS):
        rnd = rs.new_round(seed=seed, dealer=dealer)
        play_round(rnd, _make_bots(args.bots, n, random.Random(seed)))
        print()
        print(style.bold(f"Deal with seed {seed}"))
        for line in _transcript(rnd, style):
            print(line)
        assert rnd.result is not None
        if rnd.result.annulled is None:
            return 0
        seed = (seed + 1) % MAX_SEED
        print(f"The same dealer deals again (seed {seed}).")
    print("Every deal was annulled; giving up.")
    return 1


def _cmd_simulate(args: argparse.Namespace) -> int:
    rs = lookup_ruleset(args.ruleset)
    n = rs.config.players
    seed = args.seed if args.seed is not None else _fresh_seed()
    rng = random.Random(seed)
    annulled: dict[str, int] = {}
    scored = made = bidder_points = bid_total = 0
    game_points = [0, 0]
    # Contracts that are not plain: doubled or redoubled bids, single hands, ...
    special: dict[str, list[int]] = {}
    progress = _Progress(args.rounds, sys.stderr)
    start = time.perf_counter()
    for k in range(args.rounds):
        rnd = rs.new_round(seed=rng.randrange(MAX_SEED), dealer=k % n)
        play_round(rnd, _make_bots(args.bots, n, rng))
        result = rnd.result
        assert result is not None
        if result.annulled is not None:
            annulled[result.annulled] = annulled.get(result.annulled, 0) + 1
        else:
            assert result.bidding_team is not None and result.bid is not None
            scored += 1
            made += bool(result.made)
            bidder_points += result.card_points[result.bidding_team]
            bid_total += result.bid
            for team, g in enumerate(result.game_points):
                game_points[team] += g
            kinds = []
            if result.contract != "bid":
                kinds.append(f"{result.contract.replace('-', ' ').capitalize()}s")
            elif result.multiplier > 1:
                kinds.append(f"{_times(result.multiplier).split()[0].capitalize()} bids")
            for kind in kinds:
                tally = special.setdefault(kind, [0, 0])
                tally[0] += 1
                tally[1] += bool(result.made)
        progress.update(k + 1)
    elapsed = time.perf_counter() - start
    progress.finish()

    total_annulled = sum(annulled.values())

    def pct(a: int, b: int) -> str:
        return f"{100 * a / b:.1f}%" if b else "n/a"

    def avg(a: int, b: int) -> str:
        return f"{a / b:.2f}" if b else "n/a"

    reasons = ", ".join(f"{k} {v}" for k, v in sorted(annulled.items(), key=lambda kv: -kv[1]))
    print(f"Ruleset {rs.name}, {args.bots} bots, seed {seed}")
    print(f"Rounds played:              {args.rounds}")
    print(f"Annulled (redealt):         {total_annulled} ({pct(total_annulled, args.rounds)})"
          + (f": {reasons}" if reasons else ""))
    print(f"Contracts made:             {made} of {scored} ({pct(made, scored)})")
    for kind, (count, won) in sorted(special.items()):
        label = f"{kind}:"
        print(f"{label:<27} {count} ({pct(count, scored)}), {won} made")
    print(f"Bidding team card points:   {avg(bidder_points, scored)} on average")
    print(f"Winning bid:                {avg(bid_total, scored)} on average")
    print(f"Game points (team 0 / 1):   {_signed(game_points[0])} / {_signed(game_points[1])}")
    rate = args.rounds / elapsed if elapsed > 0 else float("inf")
    print(f"Speed:                      {rate:.0f} rounds/s ({elapsed:.2f} s)")
    return 0
