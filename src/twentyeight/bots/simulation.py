"""Many seeded rounds played by bots, in this process or over any executor, and the
statistics of their results: :func:`simulate` and :class:`SimulationStats`."""

from __future__ import annotations

import functools
import itertools
import math
import os
import random
import secrets
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Executor, Future
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, cast

from attrs import field, frozen

from ..deals import MAX_SEED
from ..errors import TwentyEightError
from ..inputs import excerpt, is_number_text
from ..registry import ruleset as lookup_ruleset
from .heuristic import HeuristicBot
from .search import BIDDING, ISMCTSBot, PIMCBot
from .simple import Bot, RandomBot, play_round
from .worlds import INFERENCE

if TYPE_CHECKING:
    from ..round import Round
    from ..ruleset import Ruleset

BotFactory = Callable[[int], Bot]
"""Makes the bot of one seat from a seed."""

BOT_KINDS: Mapping[str, BotFactory] = MappingProxyType({
    "heuristic": HeuristicBot,
    "ismcts": ISMCTSBot,
    "pimc": PIMCBot,
    "random": RandomBot,
})
"""The built-in bots by name, as :func:`simulate` and the ``twentyeight`` command take them."""


def _count(text: str) -> int:
    if not is_number_text(text) or int(text) < 1:
        raise ValueError
    return int(text)


def _count_or_none(text: str) -> int | None:
    return None if text == "none" else _count(text)


def _one_of(choices: tuple[str, ...]) -> Callable[[str], str]:
    """A reader of an option that takes one of ``choices``."""
    def read(text: str) -> str:
        if text not in choices:
            raise ValueError
        return text
    return read


def _finite(text: str) -> float:
    whole, _, fraction = text.partition(".")
    if not is_number_text(whole) or (fraction and not is_number_text(fraction)):
        raise ValueError
    return float(text)


_BOT_OPTIONS: Mapping[str, Mapping[str, tuple[Callable[[str], Any], str]]] = {
    "ismcts": {"iterations": (_count, "a whole number, at least 1"),
               "exploration": (_finite, "a number, at least 0")},
    "pimc": {"samples": (_count, "a whole number, at least 1"),
             "solve_tricks": (_count_or_none, "a whole number, at least 1, or none"),
             "hidden_trump_tricks": (_count_or_none, "a whole number, at least 1, or none"),
             "max_nodes": (_count_or_none, "a whole number, at least 1, or none"),
             "bidding": (_one_of(BIDDING), f"one of {', '.join(BIDDING)}"),
             "bid_samples": (_count, "a whole number, at least 1"),
             "bid_max_nodes": (_count_or_none, "a whole number, at least 1, or none"),
             "inference": (_one_of(INFERENCE), f"one of {', '.join(INFERENCE)}")},
}
"""The options a bot spec may give each built-in bot, each with its reader and what it
takes."""


def bot_factory(spec: str) -> BotFactory:
    """The factory of the bots ``spec`` names: a name of :data:`BOT_KINDS`
    (``"pimc"``), or a name, a colon and options separated by commas, each a keyword
    argument of the bot's class (``"pimc:solve_tricks=4,samples=16"``; ``none`` for
    ``None``). :func:`simulate`, :func:`~twentyeight.bots.arena` and the
    ``twentyeight`` command take a spec wherever they take a bot's name, and the
    factory pickles, so a spec travels to worker processes as its text. Raises
    :class:`ValueError` saying what is wrong with the spec."""
    if not isinstance(spec, str):
        raise ValueError(f"a bot spec is text, got {spec!r}")
    name, colon, rest = spec.partition(":")
    make = BOT_KINDS.get(name)
    if make is None:
        raise ValueError(f"unknown bots {excerpt(name)}; known: "
                         f"{', '.join(sorted(BOT_KINDS))}")
    if not colon:
        return make
    known = _BOT_OPTIONS.get(name, {})
    if not known:
        raise ValueError(f"the {name} bot takes no options; got {excerpt(spec)}")
    options: dict[str, Any] = {}
    for item in rest.split(","):
        key, equals, text = (part.strip() for part in item.partition("="))
        if not equals or key not in known:
            raise ValueError(f"{excerpt(item.strip())} is no option of the {name} bot; its "
                             f"options: {', '.join(f'{k}=...' for k in sorted(known))}")
        if key in options:
            raise ValueError(f"the {name} bot's option {key} is given twice")
        read, takes = known[key]
        try:
            options[key] = read(text)
        except ValueError:
            raise ValueError(f"the {name} bot's option {key} takes {takes}; "
                             f"got {excerpt(text)}") from None
    return cast(BotFactory, functools.partial(make, **options))

MAX_CHUNK = 250
"""The most rounds :func:`simulate` sends to a worker at once when it chooses the size."""

_MAX_PENDING = 256
"""The most chunks :func:`simulate` has handed to an executor and not yet read back."""


@frozen
class SimulationStats:
    """What :func:`simulate` found: counts and sums over the rounds played. Two runs of
    the same ruleset, bots, seed and number of rounds have equal statistics, however
    the rounds were spread over processes (``seconds``, the time taken, is left out of
    the comparison)."""

    ruleset: str
    """The ruleset's name."""
    bots: str
    """The bots' name (``"heuristic"``, ``"random"``, or the factory's name)."""
    seed: int
    """The seed every round's deal and bots were drawn from."""
    rounds: int
    """Rounds played, annulled ones included."""
    annulled: tuple[tuple[str, int], ...]
    """Annulled deals by the redeal rule that annulled them: the most frequent first,
    ties in the order they first happened."""
    scored: int
    """Rounds played to a score (not annulled)."""
    made: int
    """Scored rounds whose contract was made."""
    bidder_card_points: int
    """The card points the bidding team took, summed over the scored rounds."""
    bid_total: int
    """The winning bids, summed over the scored rounds."""
    game_points: tuple[int, ...]
    """The game points each team won or lost, summed over the scored rounds."""
    contracts: tuple[tuple[str, int, int, int], ...]
    """``(contract, multiplier, count, made)`` for each kind of contract among the
    scored rounds, sorted: the contract as :attr:`twentyeight.RoundResult.contract` names
    it (``"bid"``, ``"single-hand"``, ...), the multiplier (2 doubled, 4 redoubled),
    how many rounds had it and in how many it was made."""
    seconds: float = field(default=0.0, eq=False)
    """Wall-clock seconds the rounds took (not compared)."""

    @property
    def annulled_total(self) -> int:
        """Annulled deals, every reason together."""
        return sum(count for _, count in self.annulled)

    @property
    def rounds_per_second(self) -> float:
        """Rounds played per second of :attr:`seconds` (infinite for no time at all)."""
        return self.rounds / self.seconds if self.seconds > 0 else math.inf


class _Inputs(NamedTuple):
    """Everything one round depends on, drawn in the parent from the run's seed."""

    seed: int
    dealer: int
    bot_seeds: tuple[int, ...]


class _Outcome(NamedTuple):
    """What the statistics keep of one round's result."""

    annulled: str | None
    made: bool
    bidder_card_points: int
    bid: int
    game_points: tuple[int, ...]
    contract: str
    multiplier: int


class _Chunk(NamedTuple):
    """A run of consecutive rounds for a worker: only names and numbers, so it pickles
    into any process (the ruleset is rebuilt there from its name and options)."""

    ruleset: str
    options: dict[str, Any]
    bots: str | BotFactory
    rounds: tuple[_Inputs, ...]


def _inputs(seed: int, rounds: int, players: int) -> Iterator[_Inputs]:
    """Each round's deal seed, dealer and bot seeds, drawn in turn from one generator:
    the deal's seed, then one seed per seat (dealers go round the table)."""
    rng = random.Random(seed)
    for k in range(rounds):
        deal = rng.randrange(MAX_SEED)
        yield _Inputs(deal, k % players, tuple(rng.randrange(2**32) for _ in range(players)))


def _factory(bots: str | BotFactory) -> BotFactory:
    return bot_factory(bots) if isinstance(bots, str) else bots


def _played(rs: Ruleset, make: BotFactory, inputs: _Inputs) -> Round:
    """The round ``inputs`` describe, played to its end by bots from ``make``."""
    rnd = rs.new_round(seed=inputs.seed, dealer=inputs.dealer)
    play_round(rnd, [make(s) for s in inputs.bot_seeds])
    return rnd


def _play(rs: Ruleset, make: BotFactory, inputs: _Inputs) -> _Outcome:
    result = _played(rs, make, inputs).result
    assert result is not None
    if result.annulled is not None:
        return _Outcome(result.annulled, False, 0, 0, (), result.contract, result.multiplier)
    assert result.bidding_team is not None and result.bid is not None
    return _Outcome(None, bool(result.made), result.card_points[result.bidding_team],
                    result.bid, tuple(result.game_points), result.contract, result.multiplier)


_REBUILT: dict[tuple[str, str], Ruleset] = {}
"""Rulesets a worker has rebuilt, by name and options: every chunk of a run needs one."""
_MAX_REBUILT = 16


def _rebuild(name: str, options: dict[str, Any]) -> Ruleset:
    key = (name, repr(sorted(options.items())))
    rs = _REBUILT.get(key)
    if rs is None:
        if len(_REBUILT) >= _MAX_REBUILT:
            _REBUILT.clear()
        rs = _REBUILT[key] = lookup_ruleset(name).with_options(**options)
    return rs


def _play_chunk(chunk: _Chunk) -> list[_Outcome]:
    """The work a worker does: the chunk's rounds, in order."""
    rs = _rebuild(chunk.ruleset, chunk.options)
    make = _factory(chunk.bots)
    return [_play(rs, make, inputs) for inputs in chunk.rounds]


def _chunks(inputs: Iterable[_Inputs], size: int, rs: Ruleset,
            bots: str | BotFactory) -> Iterator[_Chunk]:
    options = rs.changed_options()
    batch: list[_Inputs] = []
    for item in inputs:
        batch.append(item)
        if len(batch) == size:
            yield _Chunk(rs.name, options, bots, tuple(batch))
            batch = []
    if batch:
        yield _Chunk(rs.name, options, bots, tuple(batch))


class _Tally:
    """The statistics gathered so far, one round at a time in round order."""

    def __init__(self, teams: int) -> None:
        self.rounds = 0
        self.annulled: dict[str, int] = {}
        self.scored = self.made = self.bidder_card_points = self.bid_total = 0
        self.game_points = [0] * teams
        self.contracts: dict[tuple[str, int], list[int]] = {}

    def add(self, out: _Outcome) -> None:
        self.rounds += 1
        if out.annulled is not None:
            self.annulled[out.annulled] = self.annulled.get(out.annulled, 0) + 1
            return
        self.scored += 1
        self.made += out.made
        self.bidder_card_points += out.bidder_card_points
        self.bid_total += out.bid
        for team, g in enumerate(out.game_points):
            self.game_points[team] += g
        tally = self.contracts.setdefault((out.contract, out.multiplier), [0, 0])
        tally[0] += 1
        tally[1] += out.made

    def stats(self, ruleset: str, bots: str, seed: int, seconds: float) -> SimulationStats:
        return SimulationStats(
            ruleset=ruleset, bots=bots, seed=seed, rounds=self.rounds,
            # A stable sort: equal counts stay in the order they first happened.
            annulled=tuple(sorted(self.annulled.items(), key=lambda kv: -kv[1])),
            scored=self.scored, made=self.made, bidder_card_points=self.bidder_card_points,
            bid_total=self.bid_total, game_points=tuple(self.game_points),
            contracts=tuple((c, m, n, won) for (c, m), (n, won) in sorted(self.contracts.items())),
            seconds=seconds)


class SimulationInterrupted(KeyboardInterrupt):
    """:func:`simulate` was interrupted (Ctrl-C). It is a :class:`KeyboardInterrupt`, so
    code that does not look for it stops as before; :attr:`stats` holds the statistics
    of the rounds finished until then."""

    def __init__(self, stats: SimulationStats) -> None:
        super().__init__(stats)
        self.stats = stats
        """The statistics of the rounds finished before the interruption."""


def default_chunk_size(rounds: int, workers: int | None = None) -> int:
    """The rounds :func:`simulate` sends to a worker at once unless told: about four
    chunks for each of ``workers`` (default: the machine's processors), at most
    :data:`MAX_CHUNK`. The size only spreads the work; it never changes the statistics."""
    workers = workers if workers is not None else (os.cpu_count() or 1)
    return max(1, min(MAX_CHUNK, -(-rounds // (4 * max(1, workers)))))


def simulate(
    ruleset: Ruleset | str,
    rounds: int,
    bots: str | BotFactory = "heuristic",
    seed: int | None = None,
    *,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationStats:
    """Play ``rounds`` rounds of ``ruleset`` (a :class:`~twentyeight.Ruleset` or a
    name) with the same kind of bot in every seat and return their statistics.

    ``bots`` is a bot's name or spec (``"heuristic"``, ``"pimc:samples=16"``: see
    :func:`bot_factory`) or a callable that makes one seat's bot from a seed (a bot
    class will do). ``seed`` decides
    everything: each round's deal seed, then one seed for each seat's bot, are drawn in
    turn from ``random.Random(seed)``, and the dealer moves one seat each round
    (``None``: a seed from the operating system, reported in the result). The same
    arguments give equal statistics whatever the executor and chunk size.

    With ``executor`` (any :class:`concurrent.futures.Executor`: a process pool, a
    thread pool, or a cluster's) the rounds are sent in chunks of ``chunk_size`` (see
    :func:`default_chunk_size`) and the results are gathered in round order. The work
    function and its arguments are picklable: the ruleset travels by name and
    :meth:`~twentyeight.Ruleset.changed_options` and is rebuilt from the registry in
    the worker, so it must be one the registry builds (:class:`ValueError` otherwise;
    a worker process needs the same rulesets installed), and a ``bots`` callable must
    pickle (a class or module-level function). Without an executor the rounds are
    played here, one after another, with ``ruleset`` itself.

    ``progress``, if given, is called with the number of rounds finished so far (after
    each round here, after each chunk with an executor).

    Interrupted (Ctrl-C), it raises :class:`SimulationInterrupted` with the statistics
    of the rounds finished so far."""
    if isinstance(ruleset, str):
        ruleset = lookup_ruleset(ruleset)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
        raise ValueError(f"rounds must be a whole number, at least 0; got {rounds!r}")
    if chunk_size is not None and (isinstance(chunk_size, bool)
                                   or not isinstance(chunk_size, int) or chunk_size < 1):
        raise ValueError(f"chunk_size must be a whole number, at least 1; got {chunk_size!r}")
    _factory(bots)  # a bad spec fails here, before any round is played
    if seed is None:
        seed = secrets.randbits(64)
    label = bots if isinstance(bots, str) else getattr(bots, "__name__", repr(bots))
    players = ruleset.config.players
    tally = _Tally(2)
    inputs = _inputs(seed, rounds, players)
    start = time.perf_counter()
    if executor is not None:
        _check_rebuildable(ruleset)
    try:
        if executor is None:
            make = _factory(bots)
            for inp in inputs:
                tally.add(_play(ruleset, make, inp))
                if progress is not None:
                    progress(tally.rounds)
        else:
            size = chunk_size if chunk_size is not None else default_chunk_size(rounds)
            for outcomes in _in_order(executor, _chunks(inputs, size, ruleset, bots),
                                      _play_chunk):
                # A chunk is tallied whole or not at all, so the statistics an
                # interruption reports are of complete rounds.
                for out in outcomes:
                    tally.add(out)
                if progress is not None:
                    progress(tally.rounds)
    except KeyboardInterrupt as exc:
        if isinstance(exc, SimulationInterrupted):
            raise
        raise SimulationInterrupted(tally.stats(
            ruleset.name, label, seed, time.perf_counter() - start)) from None
    return tally.stats(ruleset.name, label, seed, time.perf_counter() - start)


def simulated_round(ruleset: Ruleset | str, index: int, bots: str | BotFactory = "heuristic",
                    seed: int = 0) -> Round:
    """Round ``index`` (from 0) of :func:`simulate` with the same ``ruleset``, ``bots``
    and ``seed``, played again on its own: the same deal, dealer and bots, so the same
    round, whatever the number of rounds of the run (at least ``index + 1``). Its
    :meth:`~twentyeight.Round.to_json` is the record of that round of the run."""
    if isinstance(ruleset, str):
        ruleset = lookup_ruleset(ruleset)
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise ValueError(f"index must be a whole number, at least 0; got {index!r}")
    _factory(bots)  # a bad spec fails here, before any round is played
    inputs = next(itertools.islice(_inputs(seed, index + 1, ruleset.config.players), index,
                                   None))
    return _played(ruleset, _factory(bots), inputs)


_C = TypeVar("_C")
_R = TypeVar("_R")


def _in_order(executor: Executor, chunks: Iterable[_C],
              work: Callable[[_C], _R]) -> Iterator[_R]:
    """``work`` of each chunk, in the chunks' order, with at most :data:`_MAX_PENDING`
    chunks handed to ``executor`` and not yet read back (``Executor.map`` would submit
    every chunk at once: a run of millions of rounds would sit in memory twice)."""
    pending: deque[Future[_R]] = deque()
    try:
        for chunk in chunks:
            pending.append(executor.submit(work, chunk))
            if len(pending) >= _MAX_PENDING:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:  # a failure or an interrupt: drop the work not yet begun
            future.cancel()


def _check_rebuildable(rs: Ruleset) -> None:
    """Refuse a ruleset a worker could not rebuild from its name and options."""
    try:
        same = _rebuild(rs.name, rs.changed_options()).config == rs.config
    except (TwentyEightError, TypeError, ValueError):
        same = False  # an unknown name, or options its preset does not take
    if not same:
        raise ValueError(f"ruleset {rs.name!r} is not one the registry builds from its name "
                         "and options, so a worker cannot rebuild it: register it, or "
                         "simulate without an executor")

