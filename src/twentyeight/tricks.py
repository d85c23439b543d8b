"""Who wins a trick: one pure function, used by the round and by the bots.

(The conformance kit keeps its own independent oracle on purpose, so that a mistake
here cannot hide from the tests.)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

__all__ = ["trick_winner"]

_TRUMP = 1 << 20
"""Added to a trump's strength: above every strength a deck can give."""


def trick_winner(suits: Sequence[Hashable], strengths: Sequence[int],
                 trump: Hashable | None, trumps_from: int | None) -> int:
    """The position in the trick of the card that wins it. ``suits`` and ``strengths``
    give each card's suit and strength in the order played; ``trump`` is the trump suit
    (``None``: no trump counts) and ``trumps_from`` the first position from which cards
    of that suit count as trumps (``None``: none do, the trump was concealed). The
    highest trump wins, else the highest card of the suit led; of equal cards the first
    played."""
    led = suits[0]
    counts = trump is not None and trumps_from is not None
    best_i, best = 0, -1
    for i, suit in enumerate(suits):
        if counts and suit == trump and i >= trumps_from:  # type: ignore[operator]
            rank = strengths[i] + _TRUMP
        elif suit == led:
            rank = strengths[i]
        else:
            continue
        if rank > best:
            best_i, best = i, rank
    return best_i
