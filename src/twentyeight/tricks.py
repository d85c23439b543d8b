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

__all__ = ["trick_winner"]

_TRUMP = 1 << 20
"""Added to a trump's strength: above every strength a deck can give."""


def trick_winner(cards: Sequence[C], suit_of: _Table[C, Hashable],
                 strength: _Table[C, int], trump: Hashable | None,
                 trumps_from: int | None) -> int:
    """The position in the trick of the card that wins it. ``cards`` are the cards in
    the order played, in any form ``suit_of`` and ``strength`` look up (card ids in
    tuples for the round, cards in mappings for the bots); ``trump`` is the trump suit
    (``None``: no trump counts) and ``trumps_from`` the first position from which cards
    of that suit count as trumps (``None``: none do, the trump was concealed). The
    highest trump wins, else the highest card of the suit led; of equal cards the first
    played."""
    if trumps_from is None:
        trump = None
    first = cards[0]
    led = suit_of[first]
    best = strength[first] + (_TRUMP if led == trump and trumps_from == 0 else 0)
    best_i = 0
    for i in range(1, len(cards)):
        card = cards[i]
        suit = suit_of[card]
        # A suit is never None, so with no trump the first test is always false.
        if suit == trump and i >= trumps_from:  # type: ignore[operator]
            rank = strength[card] + _TRUMP
        elif suit == led:
            rank = strength[card]
        else:
            continue
        if rank > best:
            best_i, best = i, rank
    return best_i
