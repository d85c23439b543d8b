"""The solver's search of plain play: from the start of a trick where nothing but cards
can happen, on a few numbers changed and restored in place (see :class:`Kernel`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from .legality import CALL_TRUMP
from .search_tables import INFINITY, SCALE, SearchTables, stored_entry, window
from .state import PLAY

if TYPE_CHECKING:
    from .round import Round
    from .solver import _Search

__all__ = ["Kernel"]


class Kernel:
    """The search from the start of a trick where nothing but the cards can happen (the
    ruleset's tables say it is
    :attr:`~twentyeight.search_tables.SearchTables.plain`, the claim windows are shut,
    no single hand, no unseen seventh card): the same alpha-beta, transposition table
    and move order as the solver's search over the round, over a few numbers changed
    and restored in place instead of copies of the round.

    What is legal still comes from the engine: a scratch round of the position holds
    the hands and the trick in progress (the kernel's own lists) and the trump's state,
    and its :meth:`_play_legal` answers. Tricks end by the ruleset's own
    :func:`~twentyeight.tricks.trick_outcome`, exposures follow
    :meth:`~twentyeight.phases.Transitions._exposure`, and the checks at the exposure
    (all :attr:`~twentyeight.config.RedealCheck.settled_by_the_deal`) are asked once."""

    def __init__(self, search: _Search, rnd: Round) -> None:
        self.scratch = scratch = rnd.clone()
        # One empty list per trick: the trick in progress at each depth.
        self.tricks: list[list[int]] = [[] for _ in range(rnd._n_tricks + 1)]
        port = scratch._port_obj or scratch._port
        annulled = any(c.automatic(port, "trump-exposed")
                       for c in rnd._checks_at.get("trump-exposed", ()))
        self.node = _kernel_node(search, scratch, self.tricks, annulled)

    def value(self, rnd: Round, alpha: int, beta: int) -> int:
        """The value of ``rnd`` (at the start of a trick), as the solver's search over
        the round would give it."""
        scratch = self.scratch
        scratch._hands[:] = rnd._hands
        done = len(rnd._tricks)
        scratch._trick = self.tricks[done]
        scratch._exposed_at = rnd._exposed_at
        scratch._trump_from = rnd._trump_from
        scratch._must_trump = rnd._must_trump
        scratch._led_suits = rnd._led_suits
        scratch._trump_led = rnd._trump_led
        p0, p1 = rnd._team_points
        return self.node(rnd._leader, rnd._leader, p0, p1, done, alpha, beta)

    @staticmethod
    def takes(rnd: Round, tables: SearchTables) -> bool:
        """Whether the kernel can search ``rnd``, at the start of a trick."""
        return (tables.plain and rnd.phase is PLAY and not rnd._blind and not rnd._all_tricks
                and (bool(rnd._tricks) or not rnd._claim_checks))


def _kernel_node(search: _Search, scratch: Round, tricks: list[list[int]],
                 annulled: bool) -> Callable[[int, int, int, int, int, int, int], int]:
    """:class:`Kernel`'s search, a closure over everything it reads (a local is read
    faster than an attribute)."""
    tables = search.tables
    table = search.table
    key_of = search._key_of
    # With the pattern of the cards as key (:class:`SearchTables`), nothing else read by the
    # rest of the play is left to key: the short key is quicker to build and hash.
    compressed = tables.compressed and not tables.watch_led and not tables.watch_trump_led
    patterns = search.patterns
    pattern_id = search._pattern_id
    cards_of = tables.cards
    hands = scratch._hands
    play_legal = scratch._play_legal
    exposure = scratch._exposure
    outcome = scratch._trick_outcome
    suit_of = tables.suit_of
    play_of = scratch._play_of
    play_index = scratch._play_index
    next_seat = scratch._next_seat
    seat_order = scratch._seat_order
    size = scratch._trick_size
    n_tricks = scratch._n_tricks
    last_points = scratch._last_trick_points
    bidder = scratch._bidder
    trump = scratch._trump_suit
    concealed = scratch._concealed
    shown = scratch._shown
    cfg = scratch.ruleset.config
    follow_exposes = cfg.concealed_follow == "expose"
    void_if_unexposed = cfg.last_trick_unexposed == "void" and trump >= 0
    total = search.total
    track_leads = tables.watch_led or tables.watch_trump_led
    """Whether the suits led decide anything (else they are left as they were)."""
    live = [0] * (n_tricks + 1)
    """The cards in play at the start of each trick, the face-down card included: the
    same until the trick ends."""

    def node(seat: int, leader: int, p0: int, p1: int, done: int, alpha: int,
             beta: int) -> int:
        search.nodes += 1
        if search.nodes >= search.next_check:
            search._check_budget()
        left = total - p0 - p1
        margin = p0 - p1
        top = (margin + left) * SCALE + p0 + left
        if top <= alpha:
            return top
        bottom = (margin - left) * SCALE + p0
        if bottom >= beta:
            return bottom
        base = margin * SCALE + p0
        trick = scratch._trick
        hidden = scratch._exposed_at is None
        key: Hashable = None
        entry = None
        first = -2
        if not trick:
            in_play = 0
            for hand in hands:
                in_play |= hand
            if hidden and concealed >= 0:
                in_play |= 1 << concealed
            live[done] = in_play
            if compressed:
                held = (*hands, concealed if hidden else -1)
                number = patterns.get(held)
                if number is None:
                    number = patterns[held] = pattern_id(held)
                key = (seat, hidden, shown, number)
            else:
                key = key_of(seat, hidden, shown, scratch._led_suits, scratch._trump_led,
                             hands, concealed, None)
            entry = table.get(key)
            known, alpha, beta = window(entry, base, alpha, beta)
            if known is not None:
                return known
            if entry is not None and entry[2] is not None:
                first = play_index.get(id(entry[2]), -1)
        mask, can_call = play_legal(seat, None)
        hand = hands[seat]
        if mask & (mask - 1):
            moves = cards_of(mask, hand, live[done] & ~hand, concealed if hidden else -1,
                             seat, trick, -1 if hidden else trump, scratch._trump_from,
                             seat_order[leader])
        else:
            moves = [mask.bit_length() - 1] if mask else []
        if can_call:
            moves.append(-1)
        if first != -2 and moves[0] != first and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        maximizing = not seat & 1
        best = -INFINITY if maximizing else INFINITY
        chosen = -2
        a, b = alpha, beta
        for c in moves:
            exposing = c < 0 or (c == concealed and hidden)
            if exposing:
                # The trump is exposed: by a call, or by playing the face-down card.
                saved = (hands[bidder], scratch._trump_from, scratch._must_trump)
                exposure(seat, c >= 0 and bool(trick) and follow_exposes
                         and suit_of[trick[0]] == trump, c < 0)
            if exposing and annulled:
                value = base
            elif c < 0:
                value = node(seat, leader, p0, p1, done, a, b)
            else:
                # The card is played.
                before = hands[seat]
                hands[seat] = before ^ (1 << c)
                if track_leads and not trick:
                    led = scratch._led_suits, scratch._trump_led
                    suit = suit_of[c]
                    scratch._led_suits |= 1 << suit
                    if seat != bidder and suit == trump:
                        scratch._trump_led = True
                trick.append(c)
                if len(trick) < size:
                    value = node(next_seat[seat], leader, p0, p1, done, a, b)
                else:
                    value = end_trick(trick, leader, p0, p1, done, a, b)
                trick.pop()
                if track_leads and not trick:
                    scratch._led_suits, scratch._trump_led = led
                hands[seat] = before
            if exposing:
                hands[bidder], scratch._trump_from, scratch._must_trump = saved
                scratch._exposed_at = None
            if value > best if maximizing else value < best:
                best, chosen = value, c
                if maximizing and value > a:
                    a = value
                elif not maximizing and value < b:
                    b = value
                if a >= b:
                    break
        if key is not None:
            table[key] = stored_entry(entry, base, alpha, beta, best, play_of[chosen] if chosen >= 0
                                else CALL_TRUMP if chosen == -1 else None)
        return best

    def end_trick(trick: list[int], leader: int, p0: int, p1: int, done: int, a: int,
                  b: int) -> int:
        """The value once ``trick`` is complete."""
        exposed = scratch._exposed_at is not None
        trumps_from = scratch._trump_from
        at, pts = outcome(trick, trump if exposed else -1, trumps_from)
        winner = seat_order[leader][at]
        done += 1
        if done == n_tricks:
            pts += last_points
        if winner & 1:
            p1 += pts
        else:
            p0 += pts
        if done == n_tricks or (void_if_unexposed and not exposed and done + 1 == n_tricks):
            return (p0 - p1) * SCALE + p0
        must = scratch._must_trump
        scratch._must_trump = -1
        if exposed:
            scratch._trump_from = 0
        scratch._trick = tricks[done]
        value = node(winner, winner, p0, p1, done, a, b)
        scratch._trick = trick
        scratch._must_trump = must
        scratch._trump_from = trumps_from
        return value

    return node
