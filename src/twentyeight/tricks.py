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
    first = cards[0]
    led = suit_of[first]
    best = strength[first]
    best_i = 0
    if trump is None or trumps_from is None:
        # No trump counts: the highest card of the suit led. (A loop of its own keeps
        # every comparison between two suits, which the interpreter makes fast.)
        for i in range(1, len(cards)):
            card = cards[i]
            if suit_of[card] == led and strength[card] > best:
                best_i, best = i, strength[card]
        return best_i
    if led == trump and trumps_from == 0:
        best += _TRUMP
    for i in range(1, len(cards)):
        card = cards[i]
        suit = suit_of[card]
        if suit == trump and i >= trumps_from:
            rank = strength[card] + _TRUMP
        elif suit == led:
            rank = strength[card]
        else:
            continue
        if rank > best:
            best_i, best = i, rank
    return best_i
