"""The exact counts of :mod:`twentyeight.sharing` against a count by brute force: how
many ways the hidden cards of each class can be dealt to groups of places that may take
some classes only (the exact sampler of resample draws in proportion to these counts,
so a wrong count is a biased resample)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from twentyeight import sharing

Case = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


@st.composite
def cases(draw: st.DrawFn) -> Case:
    """Class sizes, the classes each group may take (bits) and the groups' capacities,
    the cards and the places in the same number or not."""
    n_classes = draw(st.integers(1, 4))
    n_groups = draw(st.integers(1, 5))
    sizes = tuple(draw(st.lists(st.integers(0, 5), min_size=n_classes, max_size=n_classes)))
    suits_of = tuple(draw(st.lists(st.integers(0, (1 << n_classes) - 1),
                                   min_size=n_groups, max_size=n_groups)))
    caps = tuple(draw(st.lists(st.integers(0, 5), min_size=n_groups, max_size=n_groups)))
    return sizes, suits_of, caps


def brute_count(sizes: tuple[int, ...], suits_of: tuple[int, ...],
                caps: tuple[int, ...], x: int = 0) -> int:
    """Every share of each class among the groups tried, none skipped."""
    if x == len(sizes):
        return int(not any(caps))
    total = 0
    for split in itertools.product(*(range(c + 1) for c in caps)):
        if sum(split) != sizes[x] or any(m and not suits_of[g] >> x & 1
                                         for g, m in enumerate(split)):
            continue
        rest = tuple(c - m for c, m in zip(caps, split, strict=True))
        total += sharing.ways(split) * brute_count(sizes, suits_of, rest, x + 1)
    return total


@settings(max_examples=300, deadline=None)
@given(cases())
def test_exact_count_equals_the_brute_force_count(case: Case) -> None:
    """The counts skip shares that leave a group no later class may fill and count the
    last class without listing its shares: the totals are those of every share."""
    sizes, suits_of, caps = case
    assert sharing.count(sizes, suits_of, caps, 0, {}) == brute_count(sizes, suits_of, caps)


@settings(max_examples=300, deadline=None)
@given(cases())
def test_every_share_listed_fills_the_groups_no_later_class_may_fill(case: Case) -> None:
    """A share of a class listed by the counts deals all of the class's cards, and fills
    every group that may take no later class: no share that counts no deal is tried."""
    sizes, suits_of, caps = case
    for x in range(len(sizes)):
        options = sharing._splits(sizes[x], [a >> x & 1 for a in suits_of], caps,
                                  [not a >> x + 1 for a in suits_of])
        for split, rest in options:
            assert sum(split) == sizes[x]
            assert rest == tuple(c - m for c, m in zip(caps, split, strict=True))
            assert all(not r for a, r in zip(suits_of, rest, strict=True) if not a >> x + 1)
