"""Deals read against the auction (``twentyeight.bots.worlds``): the search bots keep,
of the deals a seat cannot tell from the real one, those where the other seats would
have called as they did."""

from __future__ import annotations

import random

import pytest

import twentyeight as te
from twentyeight.bots import HeuristicBot, PIMCBot, SeatAccess, bot_factory
from twentyeight.bots.worlds import (
    DRAWS_PER_WORLD,
    auction_misses,
    worlds_read_from_the_auction,
)


def _bid_by_heuristics(name: str, seed: int) -> te.Round:
    """Deal ``seed`` of ``name`` bid and played by heuristic bots to the end of the
    first trick."""
    rnd = te.new_round(name, seed=seed)
    bots = [HeuristicBot(s) for s in range(rnd.players)]
    while not rnd.is_over and not (rnd.phase is te.Phase.PLAY and rnd.tricks):
        rnd.apply(bots[rnd.to_act].choose(rnd.view(rnd.to_act)))  # type: ignore[index]
    return rnd


def _positions(name: str, count: int) -> list[te.Round]:
    found = [r for r in (_bid_by_heuristics(name, s) for s in range(3 * count))
             if not r.is_over]
    assert len(found) >= count
    return found[:count]


@pytest.mark.parametrize("name", ["28", "29", "56"])
def test_the_real_deal_explains_the_calls_the_heuristic_made(name: str) -> None:
    for rnd in _positions(name, 6):
        for seat in range(rnd.players):
            assert auction_misses(rnd, seat, HeuristicBot(0)) == 0


def test_the_worlds_kept_explain_the_auction_better_than_uniform_draws() -> None:
    model = HeuristicBot(0)
    kept_misses = uniform_misses = 0
    for k, rnd in enumerate(_positions("28", 8)):
        seat = rnd.to_act
        assert seat is not None
        access = SeatAccess(rnd, seat)
        worlds = worlds_read_from_the_auction(access, random.Random(k), 6, model)
        assert len(worlds) == 6
        for world in worlds:  # each one a deal the seat cannot tell from the real one
            assert world.view(seat) == rnd.view(seat)
            kept_misses += auction_misses(world, seat, model)
        uniform = [access.resample(random.Random(1000 + k * 10 + i)) for i in range(6)]
        uniform_misses += sum(auction_misses(w, seat, model) for w in uniform)
    assert kept_misses * 3 < uniform_misses, (kept_misses, uniform_misses)


def test_the_worlds_are_the_same_for_deals_the_seat_cannot_tell_apart() -> None:
    # Information hiding: what the model reads is the drawn deal, never the real one.
    model = HeuristicBot(0)
    for k, rnd in enumerate(_positions("28", 4)):
        seat = rnd.to_act
        assert seat is not None
        other = rnd.resample(seat, random.Random(99 + k))
        assert other.view(seat) == rnd.view(seat) and other.to_json() != rnd.to_json()
        drawn = [[w.to_json() for w in worlds_read_from_the_auction(
            SeatAccess(deal, seat), random.Random(k), 4, model)] for deal in (rnd, other)]
        assert drawn[0] == drawn[1]


def test_too_few_deals_explaining_every_call_are_filled_with_the_closest() -> None:
    model = HeuristicBot(0)
    count = 12
    filled = 0
    for rnd in _positions("28", 8):
        seat = rnd.to_act
        assert seat is not None
        access = SeatAccess(rnd, seat)
        worlds = worlds_read_from_the_auction(access, random.Random(5), count, model)
        assert len(worlds) == count
        misses = [auction_misses(w, seat, model) for w in worlds]
        exact = misses.count(0)
        assert misses[:exact] == [0] * exact
        if exact == count:
            continue
        filled += 1
        assert misses[exact:] == sorted(misses[exact:])
        # Every draw ranked: no deal left out explains the calls better than one kept.
        rng = random.Random(5)
        drawn = [access.resample(rng) for _ in range(count * DRAWS_PER_WORLD)]
        assert max(misses) <= sorted(auction_misses(w, seat, model) for w in drawn)[count - 1]
    assert filled >= 2


def test_pimc_reads_the_auction_when_told_to(monkeypatch: pytest.MonkeyPatch) -> None:
    import twentyeight.bots.search as search_module

    assert PIMCBot(1).inference == "none"
    assert bot_factory("pimc:inference=auction")(1).inference == "auction"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="inference must be one of auction, none"):
        PIMCBot(1, inference="guess")
    with pytest.raises(ValueError, match="inference takes one of auction, none"):
        bot_factory("pimc:inference=guess")
    read: list[int] = []
    real = search_module.worlds_read_from_the_auction

    def counted(access: SeatAccess, rng: random.Random, count: int,
                model: HeuristicBot) -> list[te.Round]:
        read.append(count)
        return real(access, rng, count, model)

    monkeypatch.setattr(search_module, "worlds_read_from_the_auction", counted)
    for inference, expected in (("auction", True), ("none", False)):
        read.clear()
        rnd = te.new_round("28", seed=3)
        te.bots.play_round(rnd, [PIMCBot(s, samples=2, solve_tricks=2, inference=inference)
                                 for s in range(4)])
        assert bool(read) is expected and set(read) <= {2}
