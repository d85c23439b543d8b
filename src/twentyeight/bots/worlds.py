"""Deals a search bot draws, read against the auction: of the deals a seat cannot tell
from the real one, those in which the other seats would have bid as they did.

:meth:`~twentyeight.round.Round.resample` draws the hidden cards uniformly from every
deal consistent with what the seat has seen: it knows the cards played and the rules,
but takes a pass from a seat holding three Jacks to be as likely as from one holding
none. A player reads more into the auction. :func:`auction_misses` replays a drawn
deal's auction and trump choice and asks a model of the other players (the heuristic
bot, as the search bots bid) what each would have called with the cards that deal
gives it; :func:`worlds_read_from_the_auction` keeps the deals where every call agrees,
and fills up with the closest where too few do. The model sees each seat's view of the
drawn deal: never the real deal, and never the seat's own cards but as they are.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from ..round import Round
from ..state import AUCTION, PLAY, TRUMP
from .simple import legal_of_text

if TYPE_CHECKING:
    import random

    from .heuristic import HeuristicBot
    from .search import SeatAccess

__all__ = ["DRAWS_PER_WORLD", "INFERENCE", "auction_misses", "worlds_read_from_the_auction"]

INFERENCE = ("auction", "none")
"""How a search bot reads the deals it draws: ``"auction"`` (those where the others
would have called as they did, :func:`worlds_read_from_the_auction`) or ``"none"``
(every consistent deal alike)."""

DRAWS_PER_WORLD = 16
"""Deals drawn at most for each one kept: the cost of reading the auction is bounded,
and where the calls rule out nearly every deal the closest ones are kept."""


def auction_misses(world: Round, seat: int, model: HeuristicBot,
                   limit: int | None = None) -> int:
    """How many calls of the seats other than ``seat`` in ``world``'s auction and trump
    choice ``model`` would have made differently with the cards ``world`` gives them
    (0: the deal explains every call). With ``limit``, it stops counting past it."""
    replay = Round.from_record({**world.record(), "actions": []})  # dealt, not yet bid
    misses = 0
    for actor, action in world.history:
        phase = replay.phase
        if phase is PLAY or replay.is_over:
            break
        if actor != seat and (phase is AUCTION or phase is TRUMP):
            legal = replay.legal_actions()
            if legal_of_text(legal, model.choose(dict(replay.view(actor)))) != action:
                misses += 1
                if limit is not None and misses > limit:
                    break
        replay.apply(action)
    return misses


def worlds_read_from_the_auction(access: SeatAccess, rng: random.Random, count: int,
                                 model: HeuristicBot) -> list[Round]:
    """``count`` deals the seat of ``access`` cannot tell from the real one, drawn with
    ``rng``: the first drawn whose auction ``model`` explains call for call, then, if
    :data:`DRAWS_PER_WORLD` draws a deal leave too few, those with the fewest calls it
    does not explain (the earlier drawn first)."""
    kept: list[Round] = []
    closest: list[tuple[int, int, Round]] = []  # (-misses, -draw, deal): a max-heap
    for draw in range(count * DRAWS_PER_WORLD):
        world = access.resample(rng)
        # (A deal worse than the worst of the closest kept need not be counted out.)
        worst = -closest[0][0] if len(closest) == count else None
        misses = auction_misses(world, access.seat, model, worst)
        if not misses:
            kept.append(world)
            if len(kept) == count:
                return kept
        elif len(closest) < count:
            heapq.heappush(closest, (-misses, -draw, world))
        elif (-misses, -draw) > closest[0][:2]:
            heapq.heapreplace(closest, (-misses, -draw, world))
    fill = sorted(closest, key=lambda item: (-item[0], -item[1]))
    return kept + [world for _, _, world in fill[:count - len(kept)]]
