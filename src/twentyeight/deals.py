"""Seeded deals: the deck order a seed gives and how packets go round the table.

A seed decides the whole deal, on every Python version: the permutation is this
library's own (a BLAKE2b digest of the seed read as a Lehmer code), not ``random``'s.
"""

from __future__ import annotations

import functools
import hashlib
import math
from collections.abc import Sequence

from .cards import BITS


def packet_masks_of(
    deal: tuple[tuple[int, ...], ...], packets: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    out = []
    offset = 0
    for size in packets:
        row = []
        for hand in deal:
            m = 0
            for c in hand[offset:offset + size]:
                m |= 1 << c
            row.append(m)
        out.append(tuple(row))
        offset += size
    return tuple(out)


MAX_SEED = 2**64
"""Seeds are whole numbers from 0 up to (not including) this."""

_FACTORIALS: dict[int, int] = {}


def _seed_number(seed: int, deck_size: int) -> int:
    """A number below ``deck_size!`` drawn from a BLAKE2b digest of the seed."""
    total = _FACTORIALS.get(deck_size)
    if total is None:
        total = _FACTORIALS[deck_size] = math.factorial(deck_size)
    digest = hashlib.blake2b(seed.to_bytes(8, "big"), digest_size=64,
                             person=b"twentyeight-deal").digest()
    return int.from_bytes(digest, "big") % total


@functools.cache
def _radix_groups(deck_size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The radices ``deck_size, deck_size - 1, ..., 1`` of the Lehmer code in runs whose
    product fits in a machine word, each with that product: one division by a run's
    product splits a run's digits off the big seed number, and they are read with small
    divisions (the same digits as dividing the big number by each radix in turn)."""
    groups = []
    radix = deck_size
    while radix > 0:
        product, run = 1, []
        while radix > 0 and product * radix < 2**30:
            product *= radix
            run.append(radix)
            radix -= 1
        groups.append((product, tuple(run)))
    return tuple(groups)




def shuffled_deck(seed: int, deck_size: int) -> list[int]:
    """The deck order for ``seed``: the permutation whose Lehmer code is
    :func:`_seed_number`. Unlike ``random.shuffle`` it is fixed by this library, so a
    recorded seed deals the same cards on every Python version, and it is quick."""
    x = _seed_number(seed, deck_size)
    pool = list(range(deck_size))
    order = []
    for product, radices in _radix_groups(deck_size):
        x, digits = divmod(x, product)
        for radix in radices:
            digits, j = divmod(digits, radix)
            order.append(pool.pop(j))
    return order


@functools.cache
def _deal_slots(players: int, packets: tuple[int, ...], dealer: int) -> tuple[int, ...]:
    """For each position of the shuffled deck, ``packet * players + seat``: where that
    card goes when packets go round counter-clockwise from the dealer's right."""
    slots = []
    for k_packet, size in enumerate(packets):
        for k in range(players):
            seat = (dealer + 1 + k) % players
            slots += [k_packet * players + seat] * size
    return tuple(slots)


def seeded_packet_masks(seed: int, deck_size: int, players: int, packets: Sequence[int],
                        dealer: int) -> tuple[tuple[int, ...], ...]:
    """The bitmask each seat receives in each dealing round, for ``seed``: what
    :func:`shuffle_deal` deals, without building the per-seat lists. The last few
    thousand deals are kept: a server that rebuilds a round from its record on every
    request, or a search that replays records, decodes each deal once."""
    return packet_masks_for_seed(seed, deck_size, players, tuple(packets), dealer)


@functools.cache
def _decode_steps(deck_size: int, players: int, packets: tuple[int, ...],
                  dealer: int) -> tuple[tuple[int, int, int], ...]:
    """For each position of the deck: its radix, where its card goes (see
    :func:`_deal_slots`) and, at the start of a run of :func:`_radix_groups`, the run's
    product (0 elsewhere): :func:`shuffled_deck`'s decoding laid out flat."""
    starts = {}
    position = 0
    for product, radices in _radix_groups(deck_size):
        starts[position] = product
        position += len(radices)
    slots = _deal_slots(players, packets, dealer)
    return tuple((radix, slot, starts.get(k, 0)) for k, (radix, slot)
                 in enumerate(zip(range(deck_size, 0, -1), slots, strict=True)))


@functools.lru_cache(maxsize=4096)
def packet_masks_for_seed(seed: int, deck_size: int, players: int, packets: tuple[int, ...],
                          dealer: int) -> tuple[tuple[int, ...], ...]:
    """:func:`seeded_packet_masks` for ``packets`` given as a tuple (the rulesets' own
    path, without the conversion)."""
    flat = [0] * (len(packets) * players)
    # shuffled_deck's decoding, with each card put straight into its seat's packet.
    x = _seed_number(seed, deck_size)
    digits = 0
    # The cards still in the pool, as their bits: what a pop gives goes straight in.
    pop = list(BITS[:deck_size]).pop
    for radix, slot, product in _decode_steps(deck_size, players, packets, dealer):
        if product:
            x, digits = divmod(x, product)
        flat[slot] |= pop(digits % radix)
        digits //= radix
    # Packet by packet: ``players`` masks at a time.
    return tuple(zip(*[iter(flat)] * players, strict=True))


def shuffle_deal(deck_size: int, players: int, packets: Sequence[int], dealer: int,
                 seed: int) -> tuple[tuple[int, ...], ...]:
    """Shuffle by ``seed`` and deal: packets go round counter-clockwise from the dealer's
    right. Returns each seat's cards in the order received."""
    hands: list[list[int]] = [[] for _ in range(players)]
    for slot, card in zip(_deal_slots(players, tuple(packets), dealer),
                          shuffled_deck(seed, deck_size), strict=True):
        hands[slot % players].append(card)
    return tuple(tuple(h) for h in hands)


__all__ = ["MAX_SEED", "packet_masks_for_seed", "packet_masks_of", "seeded_packet_masks",
           "shuffle_deal", "shuffled_deck"]
