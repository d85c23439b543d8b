"""Counting the ways to share cards among groups of places, suit by suit: the exact
sampler of :mod:`~twentyeight.resample`.

Each group of places may take cards of some suits only (its voids) and takes a fixed
number of cards. How many ways the hidden cards can be dealt is a sum, over every way
to share each suit's cards among the groups (a *path*, suit by suit), of the
multinomials of the shares. The functions here count those ways, keep the counts in a
memo, and draw a path in proportion to its count. They know nothing of rounds: only
suit sizes, the suits each group may take (as bits) and the groups' capacities. The
last three deal the cards drawn (as bits) into their places (cells).
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

_T = TypeVar("_T")

Path = tuple[tuple[int, ...], ...]
"""How many cards of each suit each group takes, suit by suit."""

Walk = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], dict[Any, Any]]
"""What a walk of the counts needs: the suits' sizes, the suits each group takes, the
groups' capacities and the memo of counts."""

MAX_PATHS = 1024
"""The most paths :func:`all_paths` lists: with no more, a path is drawn at once from
the list; beyond, :func:`draw_path` draws one suit by suit."""


def draw_path(walk: Walk, rng: random.Random) -> Path:
    """A path through the counts, suit by suit, each in proportion to its count."""
    sizes, suits_of, caps, memo = walk
    path = []
    for x in range(len(sizes)):
        options, cumulative = _choices(sizes, suits_of, caps, x, memo)
        k = 0 if len(options) == 1 else \
            bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))
        split, caps = options[k]
        path.append(split)
    return tuple(path)


def all_paths(walk: Walk) -> tuple[list[Path], list[int]]:
    """Every path through the counts with the running total of their counts (each the
    ways to deal the suits' cards along it), or none if there are more than
    :data:`MAX_PATHS`."""
    sizes, suits_of, caps, memo = walk
    paths: list[Path] = []
    cumulative: list[int] = []
    total = 0
    stack: list[tuple[tuple[int, ...], Path, int]] = [(caps, (), 1)]
    while stack:
        caps, path, n_ways = stack.pop()
        x = len(path)
        if x == len(sizes):
            if len(paths) == MAX_PATHS:
                return [], []
            total += n_ways
            paths.append(path)
            cumulative.append(total)
            continue
        options, _ = _choices(sizes, suits_of, caps, x, memo)
        stack += ((rest, (*path, split), n_ways * ways(split)) for split, rest in options)
    return paths, cumulative


def _choices(sizes: tuple[int, ...], suits_of: tuple[int, ...], caps: tuple[int, ...], x: int,
             memo: dict[Any, Any]) -> tuple[list[tuple[tuple[int, ...], tuple[int, ...]]],
                                            list[int]]:
    """How suit ``x``'s cards may be shared among the groups from ``caps`` (each way
    with the capacities it leaves), with the running total of their counts; kept with
    the counts."""
    key = ("walk", x, caps)
    found = memo.get(key)
    if found is None:
        options = [(split, _minus(caps, split))
                   for split in _splits(sizes[x], [a >> x & 1 for a in suits_of], caps)]
        cumulative = list(itertools.accumulate(
            ways(split) * count(sizes, suits_of, rest, x + 1, memo)
            for split, rest in options))
        kept = [k for k in range(len(options))
                if cumulative[k] != (cumulative[k - 1] if k else 0)]
        found = memo[key] = ([options[k] for k in kept], [cumulative[k] for k in kept])
    return found


def pick(options: Sequence[_T], weights: list[int], draw: int) -> _T:
    """The option that ``draw`` (below the sum of ``weights``) falls on."""
    for option, weight in zip(options, weights, strict=True):
        if draw < weight:
            return option
        draw -= weight
    raise AssertionError("draw beyond the weights")


def _splits(cards: int, allowed: list[int], caps: tuple[int, ...],
            k: int = 0) -> Iterator[tuple[int, ...]]:
    """Every way to put ``cards`` cards into the allowed groups within their capacity."""
    if k == len(caps):
        if cards == 0:
            yield ()
        return
    top = min(cards, caps[k]) if allowed[k] else 0
    for m in range(top, -1, -1):
        for rest in _splits(cards - m, allowed, caps, k + 1):
            yield (m, *rest)


def ways(split: tuple[int, ...]) -> int:
    """Ways to share that many cards into parts of these sizes (the multinomial)."""
    ways = math.factorial(sum(split))
    for m in split:
        ways //= math.factorial(m)
    return ways


def _minus(caps: tuple[int, ...], split: tuple[int, ...]) -> tuple[int, ...]:
    """The capacities left once ``split`` is dealt."""
    return tuple(c - m for c, m in zip(caps, split, strict=True))


def count(sizes: tuple[int, ...], suits_of: tuple[int, ...], caps: tuple[int, ...], x: int,
           memo: dict[Any, Any]) -> int:
    """Ways to deal the cards of suits ``x`` onwards to the groups, filling ``caps``."""
    if x == len(sizes):
        return int(not any(caps))
    key = (x, caps)
    found: int | None = memo.get(key)
    if found is None:
        found = sum(ways(split) * count(sizes, suits_of, _minus(caps, split), x + 1, memo)
                    for split in _splits(sizes[x], [a >> x & 1 for a in suits_of], caps))
        memo[key] = found
    return found



__all__ = ["MAX_PATHS", "Path", "Walk", "all_paths", "count", "deal_out", "draw_path", "nth_bit",
           "pick", "plan_cells", "ways"]


def plan_cells(cells: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """How a group fills ``cells`` (not empty: every packet has cards) from cards in
    random order: a card drawn for each cell of the first part, and every card left to
    the last cell, so the last run of one cell takes its cards without a draw each."""
    cut = len(cells)
    while cut and cells[cut - 1] == cells[-1]:
        cut -= 1
    return cells[:cut], cells[-1]


def deal_out(cards: list[int], cells: tuple[int, ...], rest: int, placed: list[int],
              rand: Any) -> None:
    """Every card of ``cards`` (which it reorders) into ``placed``, uniformly: one drawn
    for each of ``cells``, the others to ``rest``."""
    left = len(cards)
    for cell in cells:
        j = int(rand() * left)
        placed[cell] |= cards[j]
        left -= 1
        cards[j] = cards[left]
    placed[rest] |= sum(cards[:left])  # distinct bits: the sum is their union


def nth_bit(mask: int, n: int) -> int:
    """The position of the ``n``-th set bit of ``mask``, lowest first."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1
