"""How long the search bots take per move.

Plays ``--rounds`` seeded rounds with the bot in the even seats and heuristic bots in
the odd ones, and reports wall seconds per decision of the bot: every decision (forced
ones and the heuristic's auction included), and the decisions where it searched
(more than one legal card in the play).

    python benchmarks/bench_bots.py --ruleset 28 --bot pimc --rounds 50
    python benchmarks/bench_bots.py --ruleset 28 --bot pimc:solve_tricks=4 --rounds 50
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import twentyeight as te
from twentyeight.bots import HeuristicBot, SeatAccess, bot_factory, play_round


def summary(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    if not values:
        return {"count": 0}
    return {"count": len(values), "median": round(statistics.median(values), 4),
            "p95": round(values[int(0.95 * (len(values) - 1))], 4),
            "max": round(values[-1], 4)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="28")
    ap.add_argument("--bot", default="pimc", help="a bot's name or spec (default: pimc)")
    ap.add_argument("--rounds", type=int, default=50)
    args = ap.parse_args()
    make = bot_factory(args.bot)
    every: list[float] = []
    searched: list[float] = []

    class Timed:
        """The bot, with each decision timed."""

        def __init__(self, seed: int) -> None:
            self.bot = make(seed)

        def choose_at(self, access: SeatAccess) -> te.Action:
            legal = access.legal_actions()
            start = time.perf_counter()
            if hasattr(self.bot, "choose_at"):
                action = self.bot.choose_at(access)
            else:
                text = self.bot.choose(access.view())
                action = next(a for a in legal if str(a) == text)
            took = time.perf_counter() - start
            every.append(took)
            if access.in_play and len(legal) > 1:
                searched.append(took)
            return action

    rs = te.ruleset(args.ruleset)
    start = time.perf_counter()
    for seed in range(args.rounds):
        rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
        play_round(rnd, [Timed(seed * 16 + s) if s % 2 == 0 else HeuristicBot(s)
                         for s in range(rs.config.players)])
    print(json.dumps({"ruleset": args.ruleset, "bot": args.bot, "rounds": args.rounds,
                      "seconds": round(time.perf_counter() - start, 1),
                      "every_decision": summary(every),
                      "decisions_with_a_choice_in_play": summary(searched)}))


if __name__ == "__main__":
    main()
