"""What each seat sees: the one answer to "which cards does this seat know, and which
are face down", which views, public records, observations, resample, the plug-in port
and the conformance kit read (and, through the views, the renderer, the bots and the
CLI).

A round keeps three facts about visibility (:mod:`twentyeight.state`):

- the face-down cards (``_down``): cut face down into a trick or laid aside from a hand
  (``_aside``, a subset) and not turned up for everyone, with, per seat, the face-down
  cards it has seen (``_down_seen``);
- the seats that know the trump while it is concealed (``_trump_known``: the bidder who
  laid or named it, nobody for an unseen seventh card; once exposed, everyone);
- the face-down trump card itself (``_concealed``), as before.

They change only through :func:`set_trump`, :func:`hide` and :func:`reveal` (below):
the round's own trump choice and a part's (:meth:`RoundPort.set_trump
<twentyeight.port.RoundPort.set_trump>` and the port's ``hide``/``reveal``) take the same
path, and none of them is a member of the round's class. This module answers every
read of them. The functions are the hot path's (a view calls :func:`held_counts` and,
only when a card is face down, :func:`face_down`); :func:`sight` bundles them for one
seat.

This is a round module: it reads and writes the round's private fields, and nothing
outside the round's modules should (they call these functions). It imports nothing of
the package, so that the port (a layer below the round's) can call it.
"""

from __future__ import annotations

from functools import reduce
from operator import and_
from typing import TYPE_CHECKING, Any, overload

from attrs import frozen

from .port import UNDEALT

if TYPE_CHECKING:
    from .state import RoundState

__all__ = ["ALL", "UNDEALT", "Sight", "face_down", "held_counts", "hidden", "hide",
           "lay_aside", "reveal", "set_trump", "sight", "trump_known", "unseen_own"]

# (UNDEALT is defined with the port, where trump parts read it.)

ALL = -1
"""A seat mask with every seat in it (the seats of any table)."""


@frozen
class Sight:
    """What one seat (or, with ``seat`` ``None``, every player) sees of a round, as
    bitmasks of card ids (see :func:`sight`)."""

    seat: int | None
    """The seat this is for (``None``: what every player has seen)."""
    hidden: int
    """The cards the seat cannot place: the other seats' unplayed cards, the cards not
    dealt yet, face-down cards it has not seen, a concealed trump card it does not know
    and any card of its own it has not seen."""
    face_down: int
    """Face-down cards in tricks that the seat has not seen (:func:`face_down`)."""
    unseen_own: int
    """Cards dealt to the seat that it has not seen itself (:func:`unseen_own`)."""
    trump_known: bool
    """Whether the seat knows the trump suit (and the face-down trump card, if any)."""
    held_counts: tuple[int, ...]
    """How many cards each seat holds, as everyone sees it (:func:`held_counts`)."""


def face_down(rnd: RoundState, seat: int | None = None) -> int:
    """Bitmask of the face-down cards in tricks that ``seat`` has not seen (``None``:
    that not every player has seen). A 304 cut is seen by its player and by the seats
    that know the trump (the bidder); once the hand is counted every card is turned up."""
    down = rnd._down & ~rnd._aside  # (cards laid aside are in no trick)
    if not down:
        return 0
    if seat is None:
        return down & ~reduce(and_, rnd._down_seen)
    return down & ~rnd._down_seen[seat]


def trump_known(rnd: RoundState, seat: int | None) -> bool:
    """True if ``seat`` (``None``: everyone) knows the trump suit, and the face-down trump
    card if there is one: everyone once it is exposed, before that the seats it was
    shown to (the bidder who laid or named it; nobody for an unseen seventh card)."""
    if rnd._exposed_at is not None:
        return True
    return seat is not None and bool(rnd._trump_known >> seat & 1)


def unseen_own(rnd: RoundState, seat: int) -> int:
    """Cards dealt to ``seat`` that ``seat`` itself has not seen: a face-down trump card
    dealt to it that it does not know (the unseen seventh card; it stays in this mask
    once exposed, as the port has always reported it) and face-down cards of its own it
    has not seen."""
    mask = rnd._down & rnd._dealt[seat] & ~rnd._down_seen[seat]
    c = rnd._concealed
    if c >= 0 and rnd._dealt[seat] >> c & 1 and not rnd._trump_known >> seat & 1:
        mask |= 1 << c
    return mask


@overload
def held_counts(rnd: RoundState) -> list[int]: ...
@overload
def held_counts(rnd: RoundState, scale: float) -> list[float]: ...
def held_counts(rnd: RoundState, scale: float = 1) -> list[Any]:
    """How many unplayed cards each seat holds, as every player counts them: its hand,
    and the face-down trump card with its holder while it lies on the table (not once
    it is cut face down into the trick in progress, nor once the hand is over); each
    count times ``scale`` (an observation's unit per card)."""
    held = [m.bit_count() * scale for m in rnd._hands]
    aside = rnd._aside
    if aside:
        for seat, dealt in enumerate(rnd._dealt):
            held[seat] += (aside & dealt).bit_count() * scale
    c = rnd._concealed
    if c >= 0 and rnd._exposed_at is None and not rnd.is_over \
            and not rnd._down >> c & 1:
        held[rnd._bidder] += scale
    return held


def hidden(rnd: RoundState, seat: int | None) -> int:
    """The cards ``seat`` cannot place (see :attr:`Sight.hidden`; ``None``: that some
    player cannot place)."""
    played = 0
    for _, ids, _, _, _ in rnd._tricks:
        for c in ids:
            played |= 1 << c
    for c in rnd._trick:
        played |= 1 << c
    known = rnd._shown | played & ~face_down(rnd, seat)
    if seat is not None:
        # (Its own cards laid aside it has seen, like its hand.)
        known = (known | rnd._hands[seat] | rnd._aside & rnd._down_seen[seat]) \
            & ~unseen_own(rnd, seat)
    c = rnd._concealed
    if c >= 0 and trump_known(rnd, seat):
        known |= 1 << c
    return rnd.deck.full_mask & ~known


def sight(rnd: RoundState, seat: int | None) -> Sight:
    """Everything ``seat`` (``None``: every player) sees of ``rnd``, in one value; the
    functions of this module give each part alone."""
    return Sight(seat, hidden(rnd, seat), face_down(rnd, seat),
                 0 if seat is None else unseen_own(rnd, seat), trump_known(rnd, seat),
                 tuple(held_counts(rnd)))


# ------------------------------------------------------------------------ changes
# The round's own changes of the trump and of face-down cards: one path for the round's
# trump choice and for parts (RoundPort.set_trump, hide, reveal), never members of the
# round's class.

def set_trump(rnd: RoundState, suit: int = -1, card: int = -1, known_to: int = 0,
              exposed: bool = False) -> None:
    """The trump is chosen: ``card``, a card id, is the face-down trump card and leaves
    its holder's hand (its suit is the trump; :data:`UNDEALT`: one not dealt yet, whose
    suit comes with it), or with ``card`` -1 the trump is ``suit`` (a deck suit index, -1:
    none). ``known_to``: the seats that know it while it is concealed; ``exposed``: it
    is known to all at once, counting from the current trick's first card."""
    rnd._legal_cache = None
    if card >= 0:
        bit = 1 << card
        hands = rnd._hands
        for seat, hand in enumerate(hands):
            if hand & bit:
                hands[seat] = hand ^ bit
                break
        suit = rnd._suit_of[card]
    rnd._concealed = card
    rnd._trump_suit = suit
    rnd._trump_known = known_to
    if exposed:
        rnd._exposed_at = (len(rnd._tricks), 0)
        rnd._trump_from = 0


def lay_aside(rnd: RoundState, mask: int, seen_by: int) -> None:
    """The cards of ``mask``, cards of hands, are laid aside face down, seen only by the
    seats of ``seen_by``: still their seat's cards, no longer in its hand (they do not
    follow suit), played face down once the hand is empty."""
    for seat, hand in enumerate(rnd._hands):
        if hand & mask:
            rnd._hands[seat] = hand & ~mask
            rnd._aside |= hand & mask
    hide(rnd, mask, seen_by)


def hide(rnd: RoundState, mask: int, seen_by: int) -> None:
    """The cards of ``mask`` are face down, and only the seats of ``seen_by`` see them
    (a card cut face down into a trick), whoever saw them before."""
    rnd._legal_cache = None
    rnd._down |= mask
    rnd._down_seen = tuple(m | mask if seen_by >> s & 1 else m & ~mask
                           for s, m in enumerate(rnd._down_seen))


def reveal(rnd: RoundState, mask: int, to: int = ALL) -> None:
    """The face-down cards of ``mask`` are turned up for the seats of ``to`` (all of
    them: the cards are face up again); its other cards are left alone."""
    rnd._legal_cache = None
    mask &= rnd._down
    full = (1 << rnd._n) - 1
    if to & full == full:
        rnd._down &= ~mask
    else:
        rnd._down_seen = tuple(m | mask if to >> s & 1 else m
                               for s, m in enumerate(rnd._down_seen))
