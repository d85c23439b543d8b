"""Bots measured against each other on duplicate deals: :func:`arena`.

Every deal is played twice by each pair of bots, the second time with the sides'
seats swapped, so the luck of the cards cancels and what remains is how the bots
played them. For each pair the report gives the mean game-point difference per deal
with its 95% confidence interval, the share of deals each bot came out ahead (its win
rate, with a 95% Wilson interval), and the contracts each bot's side bid and made;
with more than two bots, each bot's Elo rating from the whole round robin.

The work travels in chunks of deals, by name and numbers only, to any
:class:`concurrent.futures.Executor` (a process pool, a Dask cluster's executor): the
report is the same whatever the executor, since every deal's seed and every bot's seed
are drawn from the arena's seed alone and the results are gathered in order.
"""

from __future__ import annotations

import itertools
import math
import random
import secrets
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, NamedTuple

from attrs import frozen

from ..deals import MAX_SEED
from ..registry import ruleset as lookup_ruleset
from .simple import play_round
from .simulation import _check_rebuildable, _in_order, _rebuild, bot_factory

if TYPE_CHECKING:
    from ..round import Round
    from ..ruleset import Ruleset

__all__ = ["CHUNK_SIZE", "ArenaReport", "Pairing", "arena", "arena_round", "chunk_count",
           "elo_ratings"]

_Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

ELO_BASE = 1500.0
"""The mean Elo rating of the bots in a report."""

CHUNK_SIZE = 10
"""The duplicate deals :func:`arena` sends to a worker at once unless told."""


@frozen
class Pairing:
    """Two bots over the same duplicate deals; figures are for :attr:`first` against
    :attr:`second`."""

    first: str
    """The first bot's name."""
    second: str
    """The second bot's name."""
    deals: int
    """Duplicate deals played (each twice)."""
    mean: float
    """The first bot's game points minus the second's, per deal, on average."""
    low: float
    """The lower end of the 95% confidence interval of :attr:`mean`."""
    high: float
    """The upper end of that interval."""
    wins: int
    """Deals on which the first bot scored more game points than the second."""
    draws: int
    """Deals on which they scored the same."""
    losses: int
    """Deals on which the second bot scored more."""
    win_rate: float
    """The first bot's share of the deals, a draw counting half."""
    win_low: float
    """The lower end of the 95% Wilson interval of :attr:`win_rate`."""
    win_high: float
    """The upper end of that interval."""
    contracts: tuple[tuple[str, int, int], ...]
    """For each bot, ``(name, contracts its side won in the auction, contracts made)``."""

    def to_dict(self) -> dict[str, Any]:
        """The pairing as JSON-ready data."""
        return {
            "first": self.first, "second": self.second, "deals": self.deals,
            "mean_difference": round(self.mean, 4),
            "interval_95": [round(self.low, 4), round(self.high, 4)],
            "wins": self.wins, "draws": self.draws, "losses": self.losses,
            "win_rate": round(self.win_rate, 4),
            "win_interval_95": [round(self.win_low, 4), round(self.win_high, 4)],
            "contracts": {name: {"bid": bid, "made": made}
                          for name, bid, made in self.contracts},
        }


@frozen
class ArenaReport:
    """What :func:`arena` found. Equal arguments give equal reports, whatever the
    executor."""

    ruleset: str
    """The ruleset's name."""
    seed: int
    """The seed every deal and bot was drawn from."""
    deals: int
    """Duplicate deals each pair of bots played."""
    bots: tuple[str, ...]
    """The bots, in the order given."""
    pairings: tuple[Pairing, ...]
    """Each pair of bots, in round-robin order."""
    elo: tuple[tuple[str, float], ...]
    """Each bot's Elo rating from every pairing's win rate, best first (mean
    :data:`ELO_BASE`)."""

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data (``twentyeight arena --json``)."""
        return {
            "ruleset": self.ruleset, "seed": self.seed, "deals": self.deals,
            "bots": list(self.bots),
            "pairings": [p.to_dict() for p in self.pairings],
            "elo": {name: round(rating, 1) for name, rating in self.elo},
        }


class _Deal(NamedTuple):
    """One duplicate deal of one pairing: the deal's seed and dealer."""

    seed: int
    dealer: int


class _Chunk(NamedTuple):
    """A run of deals for a worker, by names and numbers only."""

    ruleset: str
    options: dict[str, Any]
    first: str
    second: str
    deals: tuple[_Deal, ...]


class _Played(NamedTuple):
    """What one duplicate deal gave: game points of each bot (both plays summed), and
    for each bot the contracts its side won and made."""

    points: tuple[int, int]
    bid: tuple[int, int]
    made: tuple[int, int]


def _bot_seed(deal_seed: int, seat: int, play: int) -> int:
    return random.Random(deal_seed * 16 + seat * 2 + play).randrange(2**32)


def _deal_round(rs: Ruleset, first: str, second: str, deal: _Deal, play: int) -> Round:
    """One play of a duplicate deal, played to its end: in play 0 the ``first`` bot
    holds the even seats, in play 1 the odd ones."""
    kinds = (first, second) if play == 0 else (second, first)
    makers = [bot_factory(kind) for kind in kinds]
    bots = [makers[seat & 1](_bot_seed(deal.seed, seat, play))
            for seat in range(rs.config.players)]
    rnd = rs.new_round(seed=deal.seed, dealer=deal.dealer)
    play_round(rnd, bots)
    return rnd


def _play_deal(rs: Ruleset, first: str, second: str, deal: _Deal) -> _Played:
    points = [0, 0]
    bid = [0, 0]
    made = [0, 0]
    for play in (0, 1):
        result = _deal_round(rs, first, second, deal, play).result
        assert result is not None
        if result.annulled is not None:
            continue
        for team in (0, 1):
            who = team ^ play  # which bot held this side
            points[who] += result.game_points[team]
            if result.bidding_team == team:
                bid[who] += 1
                made[who] += bool(result.made)
    return _Played((points[0], points[1]), (bid[0], bid[1]), (made[0], made[1]))


def _play_chunk(chunk: _Chunk) -> list[_Played]:
    """The work a worker does: the chunk's deals, in order."""
    rs = _rebuild(chunk.ruleset, chunk.options)
    return [_play_deal(rs, chunk.first, chunk.second, d) for d in chunk.deals]


def _deals(seed: int, deals: int, players: int) -> list[_Deal]:
    rng = random.Random(seed)
    return [_Deal(rng.randrange(MAX_SEED), k % players) for k in range(deals)]


def arena_round(ruleset: Ruleset | str, first: str, second: str, seed: int, index: int,
                play: int = 0) -> Round:
    """Duplicate deal ``index`` (from 0) of :func:`arena` with the same ``ruleset`` and
    ``seed``, as the pair ``first`` and ``second`` played it: in play 0 ``first`` holds
    the even seats, in play 1 (the sides swapped) the odd ones. The deal, the dealer and
    the bots are those of the arena, whatever its number of deals (at least
    ``index + 1``), so this is the round the arena played."""
    if isinstance(ruleset, str):
        ruleset = lookup_ruleset(ruleset)
    for spec in (first, second):
        bot_factory(spec)
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise ValueError(f"index must be a whole number, at least 0; got {index!r}")
    if play not in (0, 1):
        raise ValueError(f"play must be 0 or 1; got {play!r}")
    deal = _deals(seed, index + 1, ruleset.config.players)[index]
    return _deal_round(ruleset, first, second, deal, play)


def _mean_interval(values: Sequence[int]) -> tuple[float, float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = _Z95 * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def _wilson(score: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = score / n
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def chunk_count(bots: int, deals: int, chunk_size: int = CHUNK_SIZE) -> int:
    """How many chunks of work :func:`arena` hands an executor for ``bots`` bots on
    ``deals`` duplicate deals: every pair of bots plays the deals in chunks of
    ``chunk_size``. A pool needs no more workers than this."""
    return bots * (bots - 1) // 2 * -(-deals // chunk_size)


def elo_ratings(bots: Sequence[str],
                scores: Sequence[tuple[str, str, float, int]]) -> dict[str, float]:
    """Elo ratings from a round robin: ``scores`` holds ``(first, second, first's score,
    games)`` for each pair, a score being wins plus half the draws. The ratings are
    the Bradley-Terry maximum-likelihood fit (each pair also gets one drawn game, so a
    bot that wins everything still has a finite rating), on the Elo scale, with mean
    :data:`ELO_BASE`."""
    strength = dict.fromkeys(bots, 1.0)
    won = dict.fromkeys(bots, 0.0)
    games: dict[tuple[str, str], float] = {}
    for first, second, score, n in scores:
        won[first] += score + 0.5
        won[second] += n - score + 0.5
        games[(first, second)] = games.get((first, second), 0.0) + n + 1
    for _ in range(1000):
        new = {}
        for bot in bots:
            denominator = 0.0
            for (a, b), played in games.items():
                if bot in (a, b):
                    other = b if bot == a else a
                    denominator += played / (strength[bot] + strength[other])
            new[bot] = won[bot] / denominator if denominator else 1.0
        # Fix the scale: the geometric mean strength is 1.
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        new = {k: v / math.exp(mean_log) for k, v in new.items()}
        done = all(abs(new[b] - strength[b]) < 1e-12 for b in bots)
        strength = new
        if done:
            break
    return {b: ELO_BASE + 400 * math.log10(strength[b]) for b in bots}


def arena(
    ruleset: Ruleset | str,
    bots: Sequence[str],
    deals: int,
    seed: int | None = None,
    *,
    executor: Executor | None = None,
    chunk_size: int = CHUNK_SIZE,
    progress: Callable[[int], None] | None = None,
) -> ArenaReport:
    """Play every pair of ``bots`` (names from :data:`~twentyeight.bots.BOT_KINDS`, or
    specs with options such as ``"pimc:solve_tricks=4"``: see
    :func:`~twentyeight.bots.bot_factory`) against each other on ``deals`` duplicate
    deals of ``ruleset`` and report the results (see :class:`ArenaReport`).

    ``seed`` decides everything: each deal's seed and dealer, and each bot's seed from
    the deal's seed, its seat and the play (``None``: a seed from the operating
    system, reported). With ``executor`` the deals go to it in chunks of
    ``chunk_size``; the ruleset travels by name and options, as for
    :func:`~twentyeight.bots.simulate`. ``progress`` is called with the number of
    duplicate deals finished so far, over all pairs."""
    if isinstance(ruleset, str):
        ruleset = lookup_ruleset(ruleset)
    names = tuple(bots)
    if len(names) < 2 or len(set(names)) != len(names):
        raise ValueError(f"an arena needs two or more different bots; got {list(names)}")
    for spec in names:
        bot_factory(spec)  # a bad spec fails here, before any deal is played
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"deals must be a whole number, at least 1; got {deals!r}")
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise ValueError(f"chunk_size must be a whole number, at least 1; got {chunk_size!r}")
    if seed is None:
        seed = secrets.randbits(64)
    if executor is not None:
        _check_rebuildable(ruleset)
    table = _deals(seed, deals, ruleset.config.players)
    pairs = list(itertools.combinations(names, 2))
    options = ruleset.changed_options()

    def chunks() -> Iterator[_Chunk]:
        for first, second in pairs:
            for start in range(0, deals, chunk_size):
                yield _Chunk(ruleset.name, options, first, second,
                             tuple(table[start:start + chunk_size]))

    results: list[_Played] = []
    if executor is None:
        for chunk in chunks():
            results += [_play_deal(ruleset, chunk.first, chunk.second, d)
                        for d in chunk.deals]
            if progress is not None:
                progress(len(results))
    else:
        for played in _in_order(executor, chunks(), _play_chunk):
            results += played
            if progress is not None:
                progress(len(results))
    pairings = []
    scores = []
    for k, (first, second) in enumerate(pairs):
        outcomes = results[k * deals:(k + 1) * deals]
        differences = [p.points[0] - p.points[1] for p in outcomes]
        mean, low, high = _mean_interval(differences)
        wins = sum(d > 0 for d in differences)
        draws = sum(d == 0 for d in differences)
        score = wins + draws / 2
        win_low, win_high = _wilson(score, deals)
        contracts = tuple((name, sum(p.bid[i] for p in outcomes),
                           sum(p.made[i] for p in outcomes))
                          for i, name in enumerate((first, second)))
        pairings.append(Pairing(first, second, deals, mean, low, high, wins, draws,
                                deals - wins - draws, score / deals, win_low, win_high,
                                contracts))
        scores.append((first, second, score, deals))
    ratings = elo_ratings(names, scores)
    elo = tuple(sorted(ratings.items(), key=lambda kv: -kv[1]))
    return ArenaReport(ruleset.name, seed, deals, names, tuple(pairings), elo)
