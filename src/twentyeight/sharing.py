"""Counting the ways to share cards among groups of places, class by class, and drawing
placements: the samplers of :mod:`~twentyeight.resample`.

Each group of places may take cards of some classes only (cards that no forbid mask
tells apart: a suit, or part of one) and takes a fixed number of cards. How many ways
the hidden cards can be dealt is a sum, over every way to share each class's cards
among the groups (a *path*, class by class), of the multinomials of the shares. The
functions here count those ways, keep the counts in a memo, and draw a path in
proportion to its count (:func:`exact_tables`, :func:`draw`); :func:`propose` draws by
rejection instead. They know nothing of rounds: only class sizes, the classes each
group may take (as bits), the groups' capacities, and cards as bits dealt into places
(cells).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import random
from collections.abc import Sequence
from typing import Any, TypeVar

_T = TypeVar("_T")

Share = tuple[tuple[tuple[int, int], ...], int]
"""How one class's cards are shared among the groups (:func:`share_steps`): the shares
drawn card by card, as (group, how many), and the group that takes the cards left (-1:
the class has no cards)."""

Path = tuple[Share, ...]
"""How the cards of each class are shared among the groups, class by class."""

Walk = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], dict[Any, Any]]
"""What a walk of the counts needs: the suits' sizes, the suits each group takes, the
groups' capacities and the memo of counts."""

MAX_PATHS = 4096
"""The most paths :func:`all_paths` lists: with no more, a path is drawn at once from
the list; beyond, :func:`draw_path` draws one suit by suit."""


def draw_path(walk: Walk, rng: random.Random) -> Path:
    """A path through the counts, suit by suit, each in proportion to its count."""
    sizes, suits_of, caps, memo = walk
    path = []
    for x in range(len(sizes) - 1):
        options, cumulative = _choices(sizes, suits_of, caps, x, memo)
        k = 0 if len(options) == 1 else \
            bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))
        split, caps = options[k]
        path.append(share_steps(split))
    if sizes:  # the last class fills what is left: its one share, without a draw
        path.append(share_steps(caps))
    return tuple(path)


def all_paths(walk: Walk) -> tuple[list[Path], list[int]]:
    """Every path through the counts with the running total of their counts (each the
    ways to deal the suits' cards along it), or none if there are more than
    :data:`MAX_PATHS`."""
    sizes, suits_of, caps, memo = walk
    if _n_paths(sizes, suits_of, caps, 0, memo) > MAX_PATHS:
        return [], []
    paths: list[Path] = []
    cumulative: list[int] = []
    total = 0
    stack: list[tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int]] = [(caps, (), 1)]
    while stack:
        caps, path, n_ways = stack.pop()
        x = len(path)
        if x == len(sizes):
            if len(paths) == MAX_PATHS:
                return [], []
            total += n_ways
            paths.append(tuple(map(share_steps, path)))
            cumulative.append(total)
            continue
        options, _ = _choices(sizes, suits_of, caps, x, memo)
        stack += ((rest, (*path, split), n_ways * ways(split)) for split, rest in options)
    return paths, cumulative


def _n_paths(sizes: tuple[int, ...], suits_of: tuple[int, ...], caps: tuple[int, ...], x: int,
             memo: dict[Any, Any]) -> int:
    """How many paths there are from class ``x`` on (counted, not listed), or
    :data:`MAX_PATHS` + 1 if more: only whether there are more is asked."""
    if x >= len(sizes) - 1:  # (the last class fills what is left: one way, if any)
        return 1
    key = ("paths", x, caps)
    found: int | None = memo.get(key)
    if found is None:
        found = 0
        for _, rest in _choices(sizes, suits_of, caps, x, memo)[0]:
            found += _n_paths(sizes, suits_of, rest, x + 1, memo)
            if found > MAX_PATHS:
                found = MAX_PATHS + 1
                break
        memo[key] = found
    return found


def _choices(sizes: tuple[int, ...], suits_of: tuple[int, ...], caps: tuple[int, ...], x: int,
             memo: dict[Any, Any]) -> tuple[list[tuple[tuple[int, ...], tuple[int, ...]]],
                                            list[int]]:
    """How suit ``x``'s cards may be shared among the groups from ``caps`` (each way
    with the capacities it leaves), with the running total of their counts; kept with
    the counts."""
    key = ("walk", x, caps)
    found = memo.get(key)
    if found is None:
        options = _splits(sizes[x], [a >> x & 1 for a in suits_of], caps,
                          [not a >> x + 1 for a in suits_of])
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
            last: list[int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every way to put ``cards`` cards into the allowed groups within their capacity,
    each with the capacities it leaves (largest shares first; a share the groups after
    it could not complete is never tried). A group marked in ``last`` takes no class
    after this one, so it is filled to its capacity here or never (the other shares
    would count no deal)."""
    n = len(caps)
    room = [0] * (n + 1)  # what the allowed groups from k on can still take
    need = [0] * (n + 1)  # what the groups from k on must take
    for k in range(n - 1, -1, -1):
        if last[k] and caps[k] and not allowed[k]:
            return []  # a group that no class left can fill
        room[k] = room[k + 1] + (caps[k] if allowed[k] else 0)
        need[k] = need[k + 1] + (caps[k] if last[k] else 0)
    if cards > room[0] or cards < need[0]:
        return []
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    end = n - 1

    def fill(k: int, left: int, split: tuple[int, ...], rest: tuple[int, ...]) -> None:
        cap = caps[k]
        if k == end:  # the last group takes what is left, if it can
            if left <= cap and (allowed[k] or not left) and (left == cap or not last[k]):
                out.append(((*split, left), (*rest, cap - left)))
            return
        top = min(left - need[k + 1], cap) if allowed[k] else 0
        low = max(cap if last[k] else 0, left - room[k + 1])
        for m in range(top, low - 1, -1):
            fill(k + 1, left - m, (*split, m), (*rest, cap - m))

    fill(0, cards, (), ())
    return out


@functools.cache  # (few distinct shares, asked again and again by the counts)
def ways(split: tuple[int, ...]) -> int:
    """Ways to share that many cards into parts of these sizes (the multinomial)."""
    ways = math.factorial(sum(split))
    for m in split:
        ways //= math.factorial(m)
    return ways


def count(sizes: tuple[int, ...], suits_of: tuple[int, ...], caps: tuple[int, ...], x: int,
          memo: dict[Any, Any]) -> int:
    """Ways to deal the cards of classes ``x`` onwards to the groups, filling ``caps``
    (the total of :func:`_choices`, which keeps the ways to share class ``x``)."""
    if x == len(sizes):
        return int(not any(caps))
    if x == len(sizes) - 1:  # the last class fills every group left: one way to share it
        return ways(caps) if sum(caps) == sizes[x] and all(
            a >> x & 1 or not c for a, c in zip(suits_of, caps, strict=True)) else 0
    cumulative = _choices(sizes, suits_of, caps, x, memo)[1]
    return cumulative[-1] if cumulative else 0


__all__ = [
    "MAX_PATHS",
    "Group",
    "Path",
    "Share",
    "Table",
    "Walk",
    "all_paths",
    "count",
    "deal_out",
    "draw",
    "draw_path",
    "exact_tables",
    "meets",
    "nth_bit",
    "pick",
    "plan_cells",
    "proposal_groups",
    "propose",
    "share_steps",
    "ways",
]

Table = tuple[int, list[list[int]], list[tuple[tuple[int, ...], int]], Walk,
              list[Path], list[int], int]
"""The exact counts for one choice (a trump suit): the choice, the cards by class, each
group's plan (:func:`plan_cells`), the walk, every path with the running total of their
counts (no path if there are more than :data:`MAX_PATHS`) and the number of
placements."""

Group = tuple[tuple[float, ...], tuple[int, ...], tuple[int, ...], int]
"""Places drawn together by :func:`propose`: the chance of keeping a draw by how many
cards fit, the cards that fit, the cells and (for the last group) the cell taking the
rest (-1 for the others)."""


def proposal_groups(forbids: list[int], cells: list[tuple[int, ...]],
                    pool: tuple[int, ...]) -> list[Group]:
    """The places (each its forbidden cards and cells) grouped for :func:`propose`:
    places with the same forbidden cards together, those with some first, so that a
    draw is abandoned at the first misfit."""
    by_forbid: dict[int, list[int]] = {}
    for k, forbid in enumerate(forbids):
        by_forbid.setdefault(forbid, []).append(k)
    groups: list[Group] = []
    for forbid, ks in sorted(by_forbid.items(), key=lambda item: item[0] == 0):
        group = tuple(c for k in ks for c in cells[k])
        fits = tuple(b for b in pool if not b & forbid)
        if forbid:
            size = len(group)
            most = math.comb(len(fits), size) or 1
            ratios = tuple(math.comb(m, size) / most for m in range(len(fits) + 1))
            groups.append((ratios, fits, group, -1))
        else:  # the last group: it takes every card left
            groups.append(((), fits, *plan_cells(group)))
    return groups


def propose(groups: list[Group], base: list[int], rng: random.Random) -> list[int] | None:
    """A placement of the hidden cards (``base`` with each cell's cards added), uniform
    over those that respect the forbidden cards, or ``None`` (then draw again).

    A group with forbidden cards takes its cards uniformly from the cards left that it
    may hold, and the draw is kept with probability: the product over those groups of
    C(n, k) / C(N, k), with n the cards it could take when its turn came, N those it
    could take from the whole pool and k its size. That cancels the preference of the
    draw, so every placement that respects the forbidden cards is equally likely. The
    group without any takes the cards left, and each group's cards go to its cells in
    the order drawn."""
    rand = rng.random
    threshold = rand()
    keep = 1.0
    placed = base.copy()
    taken = 0
    for ratios, may_take, cells, rest in groups:
        fits = list(itertools.filterfalse(taken.__and__, may_take)) if taken \
            else list(may_take)  # (the cards left that it may take)
        if rest >= 0:  # the group without forbidden cards, the last: it takes the rest
            deal_out(fits, cells, rest, placed, rand)
            break
        n = len(fits)
        keep *= ratios[n]  # 0 if too few fit
        if keep <= threshold:
            return None
        for cell in cells:
            j = int(rand() * n)
            b = fits[j]
            placed[cell] |= b
            taken |= b
            n -= 1
            fits[j] = fits[n]
    return placed


def exact_tables(pool: tuple[int, ...], choices: list[tuple[int, list[int]]],
                 cells: list[tuple[int, ...]], suit_masks: Sequence[int]) -> list[Table]:
    """The exact counts for each choice (a value and each place's forbidden cards), for
    the choices with a placement. Cards that no forbid mask or suit tells apart form a
    class; places that may take the same classes a group."""
    masks = sorted({m for _, forbids in choices for m in forbids} | set(suit_masks))
    classes: dict[tuple[bool, ...], list[int]] = {}
    for b in pool:
        classes.setdefault(tuple(bool(m & b) for m in masks), []).append(b)
    by_class = list(classes.values())
    sizes = tuple(len(cards) for cards in by_class)
    tables: list[Table] = []
    for choice, forbids in choices:
        groups: dict[int, list[int]] = {}
        for k, forbid in enumerate(forbids):
            allowed = sum(1 << j for j, cards in enumerate(by_class) if not cards[0] & forbid)
            groups.setdefault(allowed, []).append(k)
        group_cells = [tuple(c for k in ks for c in cells[k]) for ks in groups.values()]
        classes_of = tuple(groups)
        caps = tuple(map(len, group_cells))
        memo: dict[Any, Any] = {}
        walk: Walk = (sizes, classes_of, caps, memo)
        weight = count(sizes, classes_of, caps, 0, memo)
        for ks in groups.values():  # ways to share each group's cards among its places
            weight *= ways(tuple(len(cells[k]) for k in ks))
        if weight:
            tables.append((choice, by_class, [plan_cells(c) for c in group_cells], walk,
                           *all_paths(walk), weight))
    return tables


def draw(table: Table, base: list[int], rng: random.Random) -> list[int]:
    """A uniform placement from one table of counts: a path in proportion to its count,
    each class's cards shared among the groups along it at random, each group's among
    its cells."""
    _, by_class, plans, walk, paths, cumulative, _ = table
    if len(paths) == 1:
        path = paths[0]
    elif paths:
        path = paths[bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))]
    else:
        path = draw_path(walk, rng)
    shares: list[list[int]] = [[] for _ in plans]
    rand = rng.random
    for cards, (picks, rest) in zip(by_class, path, strict=True):
        if picks:
            pile = cards.copy()  # the table's own list is left as it is
            left = len(pile)
            for g, m in picks:
                share = shares[g]
                for _ in range(m):
                    j = int(rand() * left)
                    share.append(pile[j])
                    left -= 1
                    pile[j] = pile[left]
            shares[rest] += pile[:left]
        elif rest >= 0:
            shares[rest] += cards
    placed = base.copy()
    for (group, last), cards in zip(plans, shares, strict=True):
        deal_out(cards, group, last, placed, rand)
    return placed


@functools.lru_cache(maxsize=1 << 16)  # (few distinct shares, asked for every path listed)
def share_steps(split: tuple[int, ...]) -> Share:
    """How :func:`draw` deals a class's cards into shares of these sizes (how many each
    group takes): the groups whose shares are drawn card by card, and the group with the
    largest share, which takes the cards left. Each share is a uniform subset of its size
    whichever group takes the rest; this way takes the fewest draws."""
    shares = [(m, g) for g, m in enumerate(split) if m]
    if not shares:
        return (), -1
    rest = max(shares)[1]
    return tuple((g, m) for m, g in shares if g != rest), rest


def plan_cells(cells: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """How a group fills ``cells`` (not empty: every packet has cards) from cards in
    random order: a card drawn for each cell but those of its longest run of one cell,
    and every card left to that cell, which so takes its cards without a draw each.
    Which cells a card may go to is uniform whatever the order of the cells."""
    runs: list[tuple[int, int]] = []  # (length, cell), in order
    for cell in cells:
        if runs and runs[-1][1] == cell:
            runs[-1] = (runs[-1][0] + 1, cell)
        else:
            runs.append((1, cell))
    rest = runs.pop(max(range(len(runs)), key=lambda k: runs[k][0]))[1]
    return tuple(cell for m, cell in runs for _ in range(m)), rest


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


def meets(check: tuple[Any, ...], placed: list[int], n: int) -> bool:
    """Whether a placement meets a rule on what some seats held: ``check`` is (``some``,
    the seats as bits, how many of their packets count, the cards gone by then, the
    extra cells that count, the mask); true if those cards hold some card of the mask
    (``some``) or none (not ``some``). ``n`` is the number of seats (cell ``p * n + s``
    is seat ``s``'s part of packet ``p``)."""
    some, seats, held_packets, gone, cells, mask = check
    held = 0
    for t in range(n):
        if seats >> t & 1:
            for q in range(held_packets):
                held |= placed[q * n + t]
    for cell in cells:
        held |= placed[cell]
    return bool(held & ~gone & mask) is bool(some)
