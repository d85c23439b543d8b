"""The solver's search of plain play: from the start of a trick where nothing but cards
can happen, on a few numbers changed and restored in place (see :class:`Kernel`).

The module is plain Python and runs as it is; an install with a C compiler also builds
it (with :mod:`search_tables <twentyeight.search_tables>` and :mod:`tricks
<twentyeight.tricks>`) into an extension module with mypyc, which runs the same code
several times faster (:data:`COMPILED` says which one is in use).

Where a C compiler is at hand the install also builds ``twentyeight._native_kernel``,
the same search written in C (:data:`NATIVE`): a :class:`Kernel` hands its positions to
it and gets the same values, moves and node counts, seven to nine times faster still. It
restates no rule: it asks the scratch round what is legal, what an exposure changes and
who wins a trick, as the search in Python does, and keeps the answers. Where it is not
built, or :data:`use_native` is false, the search runs in Python.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Final

try:
    from . import _native_kernel
except ImportError:  # not built here: the search runs in Python
    _native_kernel = None  # type: ignore[assignment]

from .legality import CALL_TRUMP
from .position import Scratch, kernel_takes, play_actions, position_of
from .search_tables import (
    CARD_BITS,
    INFINITY,
    SCALE,
    Entry,
    SearchTables,
    stored_entry,
    window,
)
from .tricks import TrickOutcome

if TYPE_CHECKING:
    from .round import Round
    from .solver import _Search

__all__ = ["COMPILED", "NATIVE", "Kernel", "runs_in_c", "use_native"]

COMPILED: bool = not __file__.endswith((".py", ".pyc"))
"""Whether this module runs compiled (an extension module built at install), not from
its Python source."""

NATIVE: bool = _native_kernel is not None
"""Whether the search in C (``twentyeight._native_kernel``, built at install where a C
compiler is at hand) is there. It runs the same search as :class:`Kernel` (the same
values, moves and node counts: the tests compare them), seven to nine times faster
than the compiled Python. Setting :data:`use_native` false makes new searches run in
Python."""

use_native: bool = True
"""Whether new searches use the search in C where it is there and takes the deal."""

_LEGAL_MEMO_SIZE: Final = 1 << 16
"""Hands whose legal cards one search keeps at most (then it starts afresh)."""


class Kernel:
    """The search from the start of a trick where nothing but the cards can happen (the
    ruleset's tables say it is
    :attr:`~twentyeight.search_tables.SearchTables.plain`, the claim windows are shut,
    no single hand, no unseen seventh card): the same alpha-beta, transposition table
    and move order as the solver's search over the round, over a few numbers changed
    and restored in place instead of copies of the round.

    What is legal still comes from the engine: a scratch round of the position
    (:class:`~twentyeight.position.Scratch`) holds the hands and the trick in progress
    (the kernel's own lists) and the trump's state, and answers; the answer is kept for
    the position (the key holds the seat's hand, the trick and everything else of the
    scratch round the kernel changes), so a position met again is not asked twice.
    Tricks end by the ruleset's own
    :func:`~twentyeight.tricks.trick_outcome`, exposures follow
    :meth:`~twentyeight.phases.Transitions._exposure`, and the checks at the exposure
    (all :attr:`~twentyeight.config.RedealCheck.settled_by_the_deal`) are asked once."""

    def __init__(self, search: _Search, rnd: Round) -> None:
        self.search = search
        self.scratch: Scratch = Scratch(rnd)
        scratch = self.scratch
        tables = search.tables
        self.tables: SearchTables = tables
        # One empty list per trick: the trick in progress at each depth.
        self.tricks: list[list[int]] = [[] for _ in range(scratch.n_tricks + 1)]
        self.annulled: bool = scratch.exposure_annulled()
        self.table: dict[Hashable, Entry] = search.table
        self.patterns: dict[tuple[int, ...], int] = search.patterns
        self.pattern_ids: dict[tuple[Hashable, ...], int] = search.pattern_ids
        self.key_of: Callable[..., Hashable] = search._key_of
        # With the pattern of the cards as key (:class:`SearchTables`), nothing else read
        # by the rest of the play is left to key: the short key is quicker to build and
        # hash.
        self.compressed: bool = _keyed_by_pattern(tables)
        self.hands: list[int] = scratch.hands
        # The scratch round's answers, bound once (asked at one node in ten).
        self.scratch_legal: Callable[[int, list[int], int, int, int, bool],
                                     tuple[int, bool]] = scratch.legal
        self.scratch_expose: Callable[[int, list[int], int, int, bool, bool],
                                      tuple[int, int]] = scratch.expose
        self.set_exposed_at: Callable[[tuple[int, int] | None], None] = \
            scratch.set_exposed_at
        self.outcome: TrickOutcome = scratch.outcome
        self.suit_of: tuple[int, ...] = tuple(tables.suit_of)
        play_of, play_index = play_actions(rnd)
        self.play_of: tuple[Any, ...] = play_of
        self.play_index: dict[int, int] = play_index
        self.next_seat: tuple[int, ...] = scratch.next_seat
        self.seat_order: tuple[tuple[int, ...], ...] = scratch.seat_order
        self.size: int = scratch.size
        self.n_tricks: int = scratch.n_tricks
        self.last_points: int = scratch.last_trick_points
        self.bidder: int = scratch.bidder
        self.trump: int = scratch.trump_suit
        self.concealed: int = scratch.concealed
        self.shown: int = scratch.shown
        cfg = rnd.ruleset.config
        self.follow_exposes: bool = cfg.concealed_follow == "expose"
        self.void_if_unexposed: bool = cfg.last_trick_unexposed == "void" and self.trump >= 0
        self.total: int = search.total
        self.track_leads: bool = tables.watch_led or tables.watch_trump_led
        """Whether the suits led decide anything (else they are left as they were)."""
        self.live: list[int] = [0] * (scratch.n_tricks + 1)
        """The cards in play at the start of each trick, the face-down card included:
        the same until the trick ends."""
        self.legal_memo: dict[int, dict[int, tuple[int, bool]]] = {}
        """The engine's answer (cards, may call) for each position met: by the hand of
        the seat to act, then by the seat, the trick and the trump's and leads' state
        (:meth:`_legal`)."""
        self.follow_by_led: bool = tables.follow_by_led
        """Whether the legal cards are kept by the trick's first card alone."""
        self.seat_bits: int = max(1, (len(scratch.hands) - 1).bit_length())
        """Bits that hold a seat in the numbers the kernel keys by."""
        self.suit_bits: int = len(tables.suit_runs)
        """Bits that hold the suits led so far."""
        self.nodes: int = 0
        self.next_check: int = 0
        # The state of the scratch round the kernel changes, kept here as numbers and
        # written to the scratch round before the engine is asked.
        self.hidden: bool = True
        self.trump_from: int = 0
        self.must_trump: int = -1
        self.led_suits: int = 0
        self.trump_led: bool = False
        self.native: Any = self._native(search, rnd)
        """The same search in C, when it runs this deal (else None)."""

    def _native(self, search: _Search, rnd: Round) -> Any:
        """The search in C for this deal, or None where it is not built, not wanted, or
        does not take the deal (a deck or deal beyond its sizes). It keeps its
        transposition table on ``search`` (made with the first kernel), for the next
        search of the deal to share."""
        if not runs_in_c(tables := self.tables):
            return None
        by_pattern = tables.compressed
        width = tables.suit_runs[0][1].bit_length() if by_pattern else 0
        scratch = self.scratch
        try:
            native = _native_kernel.Kernel(
                table=search.native_table, points=tables.points, suit_of=tables.suit_of,
                strength=tables.strength, lead_order=tables.lead_order,
                feed_order=tables.feed_order, dump_order=tables.dump_order,
                ranks=tables.ranks, stride=tables.stride,
                suit_lows=[low for low, _ in tables.suit_runs], width=width,
                next_seat=self.next_seat, seat_order=self.seat_order, size=self.size,
                n_tricks=self.n_tricks, last_points=self.last_points, bidder=self.bidder,
                trump=self.trump, concealed=self.concealed,
                follow_exposes=self.follow_exposes,
                void_if_unexposed=self.void_if_unexposed, total=self.total,
                track_leads=self.track_leads, seat_bits=self.seat_bits,
                suit_bits=self.suit_bits, annulled=self.annulled, hands=scratch.hands,
                legal=scratch.legal, expose=scratch.expose,
                set_exposed_at=scratch.set_exposed_at, outcome=scratch.outcome,
                budget=self._native_budget, by_pattern=by_pattern,
                watch_led=tables.watch_led, watch_trump_led=tables.watch_trump_led,
                shown=self.shown, at_least=tables.at_least, at_most=tables.at_most,
                loner=tables.loner, follow_by_led=tables.follow_by_led,
                exposure_by_led=tables.exposure_by_led, exposure=scratch.exposure,
                set_exposure=scratch.set_exposure)
        except ValueError:  # a deck or a deal beyond what the C search holds
            return None
        search.native_table = native.table()
        return native

    def release(self) -> None:
        """Let go of the search in C once the solve is over. It holds this kernel's
        budget check, so the two form a cycle that would otherwise wait for the cyclic
        garbage collector (paused while a solve runs) with the C search's memos; its
        transposition table stays with the solve, for the next search of the deal."""
        self.native = None

    def _native_budget(self, nodes: int) -> int:
        """The budget's check for the search in C, at ``nodes``: the next node count to
        check at (raises when the budget ran out)."""
        self.nodes = nodes
        self._check_budget()
        return self.next_check

    def value(self, rnd: Round, alpha: int, beta: int) -> int:
        """The value of ``rnd`` (at the start of a trick), as the solver's search over
        the round would give it."""
        # The rest of the trump's and leads' state reaches the scratch round before
        # each question to the engine (:meth:`_legal`, :meth:`_expose`).
        pos = position_of(rnd)
        self.hands[:] = pos.hands
        done = pos.tricks_done
        self.hidden = pos.exposed_at is None
        self.set_exposed_at(pos.exposed_at)
        self.trump_from = pos.trump_from
        self.must_trump = pos.must_trump
        self.led_suits = pos.led_suits
        self.trump_led = pos.trump_led
        search = self.search
        self.nodes = search.nodes
        self.next_check = search.next_check
        p0, p1 = pos.team_points
        leader = pos.leader
        native = self.native
        if native is not None:
            try:
                value, self.nodes = native.run(
                    leader, p0, p1, done, alpha, beta, self.nodes, self.next_check,
                    self.hidden, self.trump_from, self.must_trump, self.led_suits,
                    self.trump_led)
                return int(value)
            finally:
                search.nodes = max(self.nodes, int(native.nodes()))
        try:
            return self.node(leader, leader, p0, p1, done, alpha, beta)
        finally:
            search.nodes = self.nodes

    @staticmethod
    def takes(rnd: Round, tables: SearchTables) -> bool:
        """Whether the kernel can search ``rnd``, at the start of a trick."""
        return tables.plain and kernel_takes(rnd)

    def _check_budget(self) -> None:
        search = self.search
        search.nodes = self.nodes
        search._check_budget()
        self.next_check = search.next_check

    def _legal(self, seat: int, trick: list[int]) -> tuple[int, bool]:
        """The engine's cards for ``seat`` and whether it may call, now."""
        # Keyed by the hand, then by one number for the rest (small numbers hash and
        # compare fastest).
        key = self.legal_key(seat, trick)
        hand = self.hands[seat]
        memo = self.legal_memo
        known_here = memo.get(hand)
        if known_here is None:
            if len(memo) >= _LEGAL_MEMO_SIZE:
                memo.clear()
            known_here = memo[hand] = {}
        known = known_here.get(key)
        if known is not None:
            return known
        answer = self.scratch_legal(seat, trick, self.trump_from, self.must_trump,
                                    self.led_suits, self.trump_led)
        known_here[key] = answer
        return answer

    def legal_key(self, seat: int, trick: list[int]) -> int:
        """One number for what ``seat``'s legal cards depend on besides its hand: every
        part of the scratch round the kernel changes but the other seats' hands, which
        no seat's legal cards depend on, and the trick's cards after its first where the
        engine says they do not count (:attr:`~twentyeight.search_tables.SearchTables.
        follow_by_led`). Different states, different numbers. Every value of the
        trump's first counting position from the trick's size up means the same, none
        yet: it is kept at the size."""
        seat_bits = self.seat_bits
        key = min(self.trump_from, self.size)
        key = key << self.suit_bits | self.led_suits
        key = key << 1 | self.trump_led
        key = key << (seat_bits + 1) | (self.must_trump + 1)  # -1: nobody must trump
        key = key << 1 | self.hidden
        key = key << seat_bits | seat
        if self.follow_by_led:
            if trick:
                key = key << CARD_BITS | trick[0]
        else:
            for c in trick:
                key = key << CARD_BITS | c
        # The number of cards last, so that no two tricks give one number.
        return key << seat_bits | len(trick)

    def _expose(self, seat: int, trick: list[int], followed: bool, called: bool) -> None:
        """The engine's exposure by ``seat`` during ``trick``, its changes to the trump's
        state read back."""
        self.trump_from, self.must_trump = self.scratch_expose(
            seat, trick, self.trump_from, self.must_trump, followed, called)
        self.hidden = False

    def node(self, seat: int, leader: int, p0: int, p1: int, done: int, alpha: int,
             beta: int) -> int:
        """The value of the position where ``seat`` acts (the trick's cards in the
        scratch round's trick, ``done`` tricks complete), searched in ``alpha``..
        ``beta`` (fail-soft)."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check_budget()
        left = self.total - p0 - p1
        margin = p0 - p1
        top = (margin + left) * SCALE + p0 + left
        if top <= alpha:
            return top
        bottom = (margin - left) * SCALE + p0
        if bottom >= beta:
            return bottom
        base = margin * SCALE + p0
        hands = self.hands
        trick = self.tricks[done]
        hidden = self.hidden
        concealed = self.concealed
        key: Hashable = None
        entry: Entry | None = None
        first = -2
        if not trick:
            in_play = 0
            for hand in hands:
                in_play |= hand
            if hidden and concealed >= 0:
                in_play |= 1 << concealed
            self.live[done] = in_play
            if self.compressed:
                # One number: the pattern's, the leader's and the trump's state (the
                # kernel's positions share no entry with the search over the round,
                # and nothing shown changes in them).
                number = self.tables.pattern_number((*hands, concealed if hidden else -1),
                                                    self.patterns, self.pattern_ids)
                key = (number << self.seat_bits | seat) << 1 | hidden
            else:
                key = self.key_of(seat, hidden, self.shown, self.led_suits, self.trump_led,
                                  hands, concealed, None)
            entry = self.table.get(key)
            known, alpha, beta = window(entry, base, alpha, beta)
            if known is not None:
                return known
            if entry is not None and entry[2] is not None:
                first = self.play_index.get(id(entry[2]), -1)
        mask, can_call = self._legal(seat, trick)
        hand = hands[seat]
        moves: list[int]
        if mask & (mask - 1):
            moves = self.tables.cards(mask, hand, self.live[done] & ~hand,
                                      concealed if hidden else -1, seat, trick,
                                      -1 if hidden else self.trump, self.trump_from,
                                      self.seat_order[leader])
        elif mask:
            moves = [mask.bit_length() - 1]
        else:
            moves = []
        if can_call:
            moves.append(-1)
        elif key is None and len(moves) == 1 and not (moves[0] == concealed and hidden):
            # One card to play, nothing to store: the position's value is its child's.
            return self._play(moves[0], seat, leader, p0, p1, done, alpha, beta)
        if first != -2 and moves[0] != first and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        maximizing = not seat & 1
        best = -INFINITY if maximizing else INFINITY
        chosen = -2
        a = alpha
        b = beta
        bidder = self.bidder
        for c in moves:
            exposing = c < 0 or (c == concealed and hidden)
            saved_hand = 0
            saved_from = 0
            saved_must = 0
            if exposing:
                # The trump is exposed: by a call, or by playing the face-down card.
                saved_hand = hands[bidder]
                saved_from = self.trump_from
                saved_must = self.must_trump
                self._expose(seat, trick, c >= 0 and bool(trick) and self.follow_exposes
                             and self.suit_of[trick[0]] == self.trump, c < 0)
            if exposing and self.annulled:
                value = base
            elif c < 0:
                value = self.node(seat, leader, p0, p1, done, a, b)
            else:
                value = self._play(c, seat, leader, p0, p1, done, a, b)
            if exposing:
                hands[bidder] = saved_hand
                self.trump_from = saved_from
                self.must_trump = saved_must
                self.hidden = True
                self.set_exposed_at(None)
            if value > best if maximizing else value < best:
                best = value
                chosen = c
                if maximizing and value > a:
                    a = value
                elif not maximizing and value < b:
                    b = value
                if a >= b:
                    break
        if key is not None:
            move = self.play_of[chosen] if chosen >= 0 else CALL_TRUMP if chosen == -1 \
                else None
            self.table[key] = stored_entry(entry, base, alpha, beta, best, move)
        return best

    def _play(self, c: int, seat: int, leader: int, p0: int, p1: int, done: int, a: int,
              b: int) -> int:
        """The value once ``seat`` plays card ``c``."""
        hands = self.hands
        trick = self.tricks[done]
        before = hands[seat]
        hands[seat] = before ^ (1 << c)
        led_before = self.led_suits
        trump_led_before = self.trump_led
        if self.track_leads and not trick:
            suit = self.suit_of[c]
            self.led_suits |= 1 << suit
            if seat != self.bidder and suit == self.trump:
                self.trump_led = True
        trick.append(c)
        if len(trick) < self.size:
            value = self.node(self.next_seat[seat], leader, p0, p1, done, a, b)
        else:
            value = self._end_trick(trick, leader, p0, p1, done, a, b)
        trick.pop()
        self.led_suits = led_before
        self.trump_led = trump_led_before
        hands[seat] = before
        return value

    def _end_trick(self, trick: list[int], leader: int, p0: int, p1: int, done: int,
                   a: int, b: int) -> int:
        """The value once ``trick`` is complete."""
        exposed = not self.hidden
        trumps_from = self.trump_from
        at, pts = self.outcome(trick, self.trump if exposed else -1, trumps_from)
        winner = self.seat_order[leader][at]
        done += 1
        if done == self.n_tricks:
            pts += self.last_points
        if winner & 1:
            p1 += pts
        else:
            p0 += pts
        if done == self.n_tricks or (self.void_if_unexposed and not exposed
                                     and done + 1 == self.n_tricks):
            return (p0 - p1) * SCALE + p0
        must = self.must_trump
        self.must_trump = -1
        if exposed:
            self.trump_from = 0
        value = self.node(winner, winner, p0, p1, done, a, b)
        self.must_trump = must
        self.trump_from = trumps_from
        return value


def _keyed_by_pattern(tables: SearchTables) -> bool:
    """Whether the kernel keys the start of a trick by the pattern of the cards alone
    (nothing else read by the rest of the play is left to key)."""
    return tables.compressed and not tables.watch_led and not tables.watch_trump_led


def runs_in_c(tables: SearchTables) -> bool:
    """Whether a new kernel for the ruleset of ``tables`` searches in C: the search in
    C is built and wanted (:data:`use_native`) and the kernel takes the ruleset (a deck
    or deal beyond the C search's sizes still falls back to Python)."""
    return _native_kernel is not None and use_native and tables.plain
