"""The deal as :mod:`twentyeight.resample` reads it and writes it anew: an internal
interface of the round (one of the round's own modules: it may use the round's private
fields, resample does not).

- :func:`deal_state` reads what resample turns into the places and constraints of a
  position (:class:`DealState`), once per position;
- :func:`kept_facts` and :func:`keep_facts` hold those constraints on the round until
  it moves on; :func:`seat_of` checks a seat;
- :func:`rebuild` makes a candidate: a copy of the round on another deal, with the
  face-down cards and the trump choices the deal implies (:func:`~twentyeight.state.substitute`
  rewrites the history where a face-down card was played).

The reads hand out the round's own lists (history, hands): the caller reads them at once
and neither keeps nor changes them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import LayTrump
from .port_access import deal_ids, rows_of_packets
from .state import CALLS, OVER, PLAY, copy_round, substitute

if TYPE_CHECKING:
    from .actions import Action
    from .round import Round

__all__ = ["DealState", "deal_state", "keep_facts", "kept_facts", "rebuild", "seat_of"]


class DealState(NamedTuple):
    """What resample reads of a round's position: the deal, what is shown of it, the
    trump's state and where the auction stands."""

    n: int
    """Seats at the table."""
    actions: list[tuple[int, Action]]
    """The history: (seat, action) in order (the round's list)."""
    ids: dict[Any, int]
    """Card id of each card object of the deck."""
    hands: list[int]
    """Each seat's unplayed cards as a mask (the round's list)."""
    dealt: tuple[int, ...]
    """Each seat's cards dealt so far as a mask."""
    packets: tuple[tuple[int, ...], ...]
    """The deal's packets: for each, each seat's cards as a mask."""
    packets_dealt: int
    """Packets dealt so far."""
    shown: int
    """Cards shown to every seat (a mask)."""
    bidder: int
    """The bidder, or -1."""
    concealed: int
    """The face-down trump card's id; -1 if none, or the face-down mark of a card
    still to be dealt."""
    exposed_at: tuple[int, int] | None
    """Where the trump was exposed (trick, position), or None."""
    trump_suit: int
    """The trump suit, or -1."""
    auction_len: int | None
    """Actions in the first auction, once it is over."""
    deal_checked: bool
    """Whether the deal-complete checks have had their moment: the play began, or calls
    other than the trump's window, or a second auction follows."""
    exposure_checked: bool
    """Whether the trump-exposed checks have had theirs: the concealed trump was exposed
    by a call, by its card played or by a rule (not a trump chosen face up, as a turn-up
    or an open trump is, which no check is asked about)."""


def deal_state(rnd: Round) -> DealState:
    """:class:`DealState` of ``rnd``."""
    phase = rnd.phase
    return DealState(
        rnd._n, rnd._actions, rnd._ids, rnd._hands, rnd._dealt, rnd._packet_masks,
        rnd._packets_dealt, rnd._shown, rnd._bidder, rnd._concealed, rnd._exposed_at,
        rnd._trump_suit, rnd._auction_len,
        phase is PLAY or phase is OVER
        or (phase is CALLS and rnd._window_event != "trump-chosen")
        or rnd._reopened_bid is not None,
        rnd._exposed_by >= 0)


def kept_facts(rnd: Round) -> tuple[Any, int]:
    """The resample facts kept on ``rnd`` (or None) and the length of its history, which
    says whether they are still of this position."""
    return rnd._resample_facts, len(rnd._actions)


def keep_facts(rnd: Round, facts: Any) -> None:
    """Keep ``facts`` on ``rnd`` until it moves on (a clone shares them)."""
    rnd._resample_facts = facts


def seat_of(rnd: Round, seat: object) -> int:
    """``seat`` if it is a seat of ``rnd``, else :class:`~twentyeight.errors.SeatError`."""
    return rnd._seat(seat)


def rebuild(rnd: Round, packets: tuple[tuple[int, ...], ...], dealt: tuple[int, ...],
            hands: list[int], seventh: tuple[int, int] | None = None,
            mapping: dict[int, int] | None = None, concealed: int = -1, trump: int = -1,
            trump_led: bool = False, trump_index: int = -1,
            choices: Sequence[tuple[int, Action]] = (), played: bool = False) -> Round:
    """A copy of ``rnd`` on another deal of the hidden cards, with no seed.

    ``packets``, ``dealt`` and ``hands`` (each seat's unplayed cards, a list the copy
    keeps) replace the round's; ``seventh`` a seat and the card that is its seventh
    one dealt (the deal is then kept in dealt order). ``mapping`` (card id to card id)
    moves the hidden cards that left the hands through the history
    (:func:`~twentyeight.state.substitute`) when ``played`` (a face-down card was played)
    or a card is laid aside; else ``concealed`` (if not -1) is the new face-down trump
    card. Cards shown to all keep the place they were dealt in (a part may read the
    order: a turned-up card is its seat's last). ``trump`` (if not -1) is the trump
    suit, hidden from the seat the copy is made for: ``trump_led`` whether another seat
    than the bidder led it, and the choice at ``trump_index`` of the history (if not -1)
    is made again for it.
    ``choices`` are (index, action) of history entries replaced as they are."""
    new = copy_round(rnd)
    new._hands = hands
    # A card laid aside left the hand but not the history, like a face-down card played.
    if mapping is not None and (played or new._aside):
        substitute(new, mapping)
    elif concealed >= 0:
        new._concealed = concealed
    new._packet_masks = packets
    new._dealt = dealt
    new.seed = None
    new._deal = rows_of_packets(new, seventh) if seventh is not None else None
    if rnd._shown:
        new._deal = _shown_in_place(rnd, deal_ids(new))
    new._legal_cache = None
    new._resample_facts = None
    new._record_actions = None  # its actions changed above (substitute) or below
    actions = new._actions
    if trump >= 0:
        new._trump_suit = trump
        new._trump_led = trump_led
        if trump_index >= 0:
            who, action = actions[trump_index]
            actions[trump_index] = (who, rnd.ruleset.trump_choice(
                new._concealed if type(action) is LayTrump else -1, trump))
    for i, action in choices:
        actions[i] = (actions[i][0], action)
    return new


def _shown_in_place(rnd: Round, rows: tuple[tuple[int, ...], ...]
                    ) -> tuple[tuple[int, ...], ...]:
    """``rows`` (each seat's cards in dealt order) with every card shown to all back at
    the place it was dealt in ``rnd`` (a part may read the order: a turned-up card is its
    seat's last), the other cards in their order around them. Each stays in its packet,
    since a shown card keeps its packet."""
    shown = rnd._shown
    out = []
    for seat, row in enumerate(rows):
        fixed = {p: c for p, c in enumerate(deal_ids(rnd)[seat]) if shown >> c & 1}
        if not fixed:
            out.append(row)
            continue
        rest = iter([c for c in row if not shown >> c & 1])
        out.append(tuple(fixed[p] if p in fixed else next(rest) for p in range(len(row))))
    return tuple(out)
