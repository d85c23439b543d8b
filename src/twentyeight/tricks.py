"""Who wins a trick: one pure function, used by the round and by the bots.

(The conformance kit keeps its own independent oracle on purpose, so that a mistake
here cannot hide from the tests.)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, TypeVar

C = TypeVar("C")
K = TypeVar("K", contravariant=True)
V = TypeVar("V", covariant=True)


class _Table(Protocol[K, V]):
    """Anything indexed by a card: a tuple by card id, a mapping by card."""

    def __getitem__(self, card: K, /) -> V: ...

__all__ = ["TrickOutcome", "card_rank", "rank_tables", "trick_outcome", "trick_winner"]

_TRUMP = 1 << 20
"""Added to a trump's strength: above every strength a deck can give."""


def card_rank(suit: Hashable, strength: int, led: Hashable, trump: Hashable | None) -> int:
    """How a card of ``suit`` and ``strength`` stands in a trick whose led suit is
    ``led``: a trump (``trump``: the suit counted as trumps for it, ``None``: none) above
    every card of the suit led, which stands by its strength; -1 for a card that cannot
    win. The highest rank wins the trick, the first played of equal ranks."""
    if suit == trump:
        return strength + _TRUMP
    if suit == led:
        return strength
    return -1


def rank_tables(suit_of: Sequence[int], strength: Sequence[int],
                suits: int) -> tuple[tuple[int, ...], ...]:
    """:func:`card_rank` of every card id for every led suit and trump, at index
    ``led * (suits + 1) + trump + 1`` (``trump`` -1: no trump): the round finds a trick's
    winner with one table and no loop of its own."""
    return tuple(
        tuple(card_rank(suit_of[c], strength[c], led, trump if trump >= 0 else None)
              for c in range(len(suit_of)))
        for led in range(suits) for trump in range(-1, suits))


def trick_winner(cards: Sequence[C], suit_of: _Table[C, Hashable],
                 strength: _Table[C, int], trump: Hashable | None,
                 trumps_from: int | None) -> int:
    """The position in the trick of the card that wins it. ``cards`` are the cards in
    the order played, in any form ``suit_of`` and ``strength`` look up (card ids in
    tuples for the round, cards in mappings for the bots); ``trump`` is the trump suit
    (``None``: no trump counts) and ``trumps_from`` the first position from which cards
    of that suit count as trumps (``None``: none do, the trump was concealed). The
    highest :func:`card_rank` wins: the highest trump, else the highest card of the suit
    led; of equal cards the first played."""
    led = suit_of[cards[0]]
    ranks = [card_rank(suit_of[card], strength[card], led,
                       trump if trumps_from is not None and i >= trumps_from else None)
             for i, card in enumerate(cards)]
    return ranks.index(max(ranks))


class TrickOutcome(Protocol):
    """``outcome(trick, trump, trumps_from) -> (winning position, card points)``: see
    :func:`trick_outcome`."""

    def __call__(self, trick: Sequence[int], trump: int, trumps_from: int, /) -> tuple[int, int]:
        ...


def trick_outcome(suit_of: Sequence[int], strength: Sequence[int], points: Sequence[int],
                  suits: int) -> TrickOutcome:
    """For one deck, a function of a complete trick (card ids in the order played),
    the trump suit that counts for it (-1: none) and the first position from which
    that suit counts as trumps (0: every card): the position of the winning card and
    the card points in the trick (without a last trick's bonus). The round and the
    solver both end their tricks with it."""
    tables = rank_tables(suit_of, strength, suits)
    stride = suits + 1

    def outcome(trick: Sequence[int], trump: int, trumps_from: int) -> tuple[int, int]:
        pts = 0
        if trump < 0 or not trumps_from:
            # Every card counts as what it is: one table of ranks decides. (A plain
            # loop: a trick is a few cards, too few for map() to pay.)
            table = tables[suit_of[trick[0]] * stride + trump + 1]
            best = -2
            best_at = 0
            for i, c in enumerate(trick):
                rank = table[c]
                if rank > best:
                    best = rank
                    best_at = i
                pts += points[c]
            return best_at, pts
        for c in trick:
            pts += points[c]
        return trick_winner(trick, suit_of, strength, trump, trumps_from), pts

    return outcome
