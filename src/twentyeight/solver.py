"""Perfect-information solving: the exact outcome of the play when every hand is known.

:func:`solve` takes a round in the play phase and searches every line of play to its end,
with the engine itself deciding what is legal and what each card does
(:meth:`Round.legal_actions <twentyeight.round.Round.legal_actions>`,
:meth:`~twentyeight.round.Round.clone`, :meth:`~twentyeight.round.Round.apply`), so every
rule of the ruleset in play applies: a concealed trump and calling for it, trumps that
do not count before the exposure, the last trick's bonus, shown cards, two copies of a
card, six and eight seats, and the calls of plug-ins.

Both sides play for the margin between their card points (the same as playing for their
own card points whenever every card is played; where the play can stop early, as in a
single hand, the first side's points break a tie between equal margins). The search is
alpha-beta over the engine's positions with

- null-window passes (MTD(f)) for the exact value of each legal action;
- a transposition table at the start of each trick, keyed by the cards each seat holds
  (where the deck allows, by their pattern: rank order and points among the cards left),
  the leader, the state of the trump and what the plug-ins' play rules still depend on
  (:meth:`RulePlugin.position_key <twentyeight.plugins.RulePlugin.position_key>`); it
  keeps bounds on the points still to be won, so positions reached by different
  histories share them;
- move ordering: the table's best move first, then high cards to lead, cheap winners,
  points to a partner who is winning, low cards otherwise;
- equivalent cards: of two cards of one suit in one hand, worth the same points, with no
  card outside that hand ranked between them, only one is searched.

From the start of each trick where nothing but cards can happen in the rest of the play,
the search goes on over a few numbers instead of copies of the round
(:mod:`twentyeight.solver_kernel`); both searches read the ruleset's tables, order moves
and keep bounds alike (:mod:`twentyeight.search_tables`).

A search can be given a budget (nodes or seconds); when it runs out the
:class:`Solution` says so and gives the bounds found so far.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Hashable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, overload

from attrs import frozen

from .actions import Action
from .errors import TwentyEightError
from .position import (
    PlayPosition,
    legal_cards,
    play_actions,
    port_of,
    position_of,
    search_fields,
)
from .search_tables import (
    INFINITY,
    SCALE,
    Entry,
    groups,
    outside_of,
    search_tables,
    stored_entry,
    window,
)
from .solver_kernel import Kernel
from .state import PLAY

if TYPE_CHECKING:
    from .analysis import Analysis, Decision, analyse, informed_values
    from .round import Round
    from .ruleset import Ruleset

__all__ = ["SCALE", "Analysis", "Decision", "Solution", "SolveError", "analyse",
           "informed_values", "solve", "solve_points"]

_ANALYSIS = frozenset({"Analysis", "Decision", "analyse", "informed_values"})
"""The analyser's names (:mod:`twentyeight.analysis`), offered here too: hints for an
app are the solver's answers."""


def __getattr__(name: str) -> Any:
    # The analyser builds on this module: it is imported when first asked for.
    if name in _ANALYSIS:
        from . import analysis

        return getattr(analysis, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

_HALF = SCALE // 2

_CHECK_EVERY = 1024
"""Nodes between two looks at the clock under a time budget."""


class SolveError(TwentyEightError, ValueError):
    """The round cannot be solved: it is not in the play phase, or a budget is not a
    positive number."""


class _OutOfBudget(Exception):
    """The search's budget ran out (internal)."""


@frozen
class Solution:
    """The outcome of the play under best play by both sides, from the position solved.

    Values are card points at the end of the round, counting the points already won.
    Without a budget, or when the search finished within it, :attr:`exact` is true and
    every value is exact; otherwise :attr:`action_bounds` holds what is known."""

    seat: int
    """The seat to act in the position solved."""
    card_points: tuple[int, int]
    """Each side's card points at the end, under best play (exact only when
    :attr:`exact`; else those of the best action found so far, as far as known)."""
    action_values: Mapping[Action, int]
    """Each legal action of :attr:`seat` (in the order of ``legal_actions()``) and the
    card points its side ends with if it takes it and both sides then play best. With
    a budget that ran out: the lower bounds of :attr:`action_bounds`."""
    action_bounds: Mapping[Action, tuple[int, int]]
    """Each legal action's lowest and highest final card points for :attr:`seat`'s side
    (equal when exact)."""
    exact: bool
    """True when the search finished: every value is exact."""
    nodes: int
    """Positions the search visited."""
    action_lines: Mapping[Action, tuple[int, int]] = MappingProxyType({})
    """Each legal action searched to its exact value and both sides' card points at the
    end if it is taken and both sides then play best (every legal action when
    :attr:`exact`). Where the play can stop early, an action can leave its own side's
    points as they are and still give the other side more: this tells them apart."""

    @property
    def team(self) -> int:
        """The side of :attr:`seat` (0 or 1)."""
        return self.seat & 1

    @property
    def value(self) -> int:
        """The card points :attr:`seat`'s side ends with under best play."""
        return self.card_points[self.seat & 1]

    @property
    def best_actions(self) -> tuple[Action, ...]:
        """The actions of the highest value (with a budget that ran out: of the highest
        lower bound), in the order of ``legal_actions()``."""
        values = self.action_values
        top = max(values.values())
        return tuple(a for a, v in values.items() if v == top)


def _decode(value: int) -> tuple[int, int]:
    """Each side's card points from a line's value."""
    margin = (value + _HALF) // SCALE
    first = value - margin * SCALE
    return first, first - margin


def solve(rnd: Round, *, max_nodes: int | None = None,
          max_seconds: float | None = None) -> Solution:
    """The exact outcome of ``rnd``'s play, every hand known: each side's final card
    points under best play and the value of each legal action of the seat to act.

    ``rnd`` must be in the play phase (:class:`SolveError` otherwise); it is not
    changed. ``max_nodes`` or ``max_seconds`` bound the search; when either runs out
    the solution is not :attr:`~Solution.exact` and gives the bounds found so far."""
    return _root(_budgeted(rnd, max_nodes, max_seconds), rnd)


def solve_points(rnd: Round, *, max_nodes: int | None = None) -> tuple[int, int] | None:
    """Each side's final card points under best play from ``rnd``, every hand known:
    :attr:`Solution.card_points` of :func:`solve` without the value of each action,
    which costs several times less. ``None`` when ``max_nodes`` ran out first (no
    guess: a bidder valuing deals wants none). :class:`SolveError` as for
    :func:`solve`."""
    search = _budgeted(rnd, max_nodes, None)
    try:
        return _root(search, rnd, whole=False)
    except _OutOfBudget:
        return None


def _budgeted(rnd: Round, max_nodes: int | None, max_seconds: float | None) -> _Search:
    """A search of ``rnd`` within the budget (:class:`SolveError` for a round not in
    the play or a budget that is not a positive number)."""
    if rnd.phase is not PLAY:
        raise SolveError(f"only a round in the play phase can be solved; this one is in "
                         f"the {rnd.phase.value} phase")
    for name, limit in (("max_nodes", max_nodes), ("max_seconds", max_seconds)):
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int | float)
                                  or not limit > 0):
            raise SolveError(f"{name} must be a positive number or None, got {limit!r}")
    return _Search(rnd.ruleset, max_nodes, max_seconds)


@overload
def _root(search: _Search, rnd: Round) -> Solution: ...


@overload
def _root(search: _Search, rnd: Round, whole: Literal[False]) -> tuple[int, int]: ...


def _root(search: _Search, rnd: Round, whole: bool = True) -> Solution | tuple[int, int]:
    """``search``'s solution of ``rnd`` (``whole``), or only each side's card points."""
    # The search makes millions of short-lived tuples and no cycles: the cyclic
    # garbage collector would walk its growing tables over and over for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return search.root(rnd) if whole else search.points(rnd)
    finally:
        if search.kernel is not None:  # the kernel and the search hold each other
            search.kernel.release()
            search.kernel = None
        if collecting:
            gc.enable()


def _solve_sharing() -> Callable[[Round], Solution]:
    """A :func:`solve` (no budget) for positions of one deal, in the play phase, whose
    searches share one transposition table: what one search learnt about a position
    (bounds on the points still to win from it, keyed by the position alone) serves the
    next, so the positions of one line of play cost little more than the first."""
    shared: _Search | None = None

    def solve_position(rnd: Round) -> Solution:
        nonlocal shared
        if rnd.phase is not PLAY:
            raise SolveError(f"only a round in the play phase can be solved; this one "
                             f"is in the {rnd.phase.value} phase")
        search = _Search(rnd.ruleset, None, None)
        if shared is not None:
            search.table, search.patterns, search.pattern_ids = \
                shared.table, shared.patterns, shared.pattern_ids
            search.native_table = shared.native_table
        shared = search
        return _root(search, rnd)

    return solve_position


class _Search:
    """One solve: its transposition table, its counters and its budget."""

    def __init__(self, ruleset: Ruleset, max_nodes: int | None,
                 max_seconds: float | None) -> None:
        self.tables = search_tables(ruleset)
        self.table: dict[Hashable, Entry] = {}
        self.patterns: dict[tuple[int, ...], int] = {}
        """Memo: the seats' cards and the face-down card, and their pattern's number."""
        self.pattern_ids: dict[tuple[Hashable, ...], int] = {}
        """Each pattern met so far and its number."""
        self.nodes = 0
        self.max_nodes = max_nodes if max_nodes is not None else INFINITY
        self.deadline = (time.perf_counter() + max_seconds) if max_seconds is not None \
            else None
        self.next_check = min(_CHECK_EVERY, self.max_nodes)
        self.total = 0
        """The card points of the round, won or not: constant while every card is played."""
        self.signed = min(ruleset.deck.points) < 0 or ruleset.config.last_trick_points < 0
        """Whether some points are negative: then the points still to win are counted
        at each position, not read off :attr:`total`."""
        self.native_table: Any = None
        """The transposition table of the search in C, made when first needed (its
        positions are the kernel's, keyed alike: see :mod:`twentyeight.solver_kernel`)."""
        self.kernel: Kernel | None = None
        """The search of positions where only cards are played, made when first needed."""
        self.play_of: tuple[Action, ...] = ()
        """The action of each card id (set by :meth:`_start`)."""
        self.index: dict[int, int] = {}
        """The card id of each play action, by the action's ``id`` (set by
        :meth:`_start`)."""

    # ------------------------------------------------------------------ the root

    def points(self, rnd: Round) -> tuple[int, int]:
        """Each side's final card points under best play from ``rnd``."""
        guess, _ = self._start(rnd, position_of(rnd))
        return _decode(self._exact(rnd.clone(), guess))

    def _start(self, rnd: Round,
               pos: PlayPosition) -> tuple[int, tuple[int, int, int]]:
        """Sets the search up for ``rnd`` (at ``pos``): the first guess at its value (the
        margin stays, the points left are shared), and the points not yet won
        (positive, negative as a positive number, and net)."""
        pts = pos.team_points
        gains, losses = self._left(pos)
        # Cards laid aside are in no hand of the position but still to be played.
        aside = 0
        for s in range(rnd.players):
            aside |= rnd.held_mask(s) & ~rnd.hand_mask(s)
        if pos.face_down >= 0:
            aside &= ~(1 << pos.face_down)
        for worth in (rnd.deck.points[k] for k in range(rnd.deck.size) if aside >> k & 1):
            gains, losses = gains + max(worth, 0), losses + max(-worth, 0)
        remaining = gains - losses
        self.play_of, self.index = play_actions(rnd)
        self.total = pts[0] + pts[1] + remaining
        return (pts[0] - pts[1]) * SCALE + pts[0] + remaining // 2, (gains, losses, remaining)

    def root(self, rnd: Round) -> Solution:
        seat = rnd.to_act
        assert seat is not None
        team = seat & 1
        legal = rnd.legal_actions()
        pos = position_of(rnd)
        guess, (gains, losses, remaining) = self._start(rnd, pos)
        pts = pos.team_points
        play_of, index = self.play_of, self.index
        # What the side can end with at worst and at best, before searching.
        bounds: dict[Action, tuple[int, int]] = {
            a: (pts[team] - losses, pts[team] + gains) for a in legal}
        lines: dict[Action, int] = {}
        try:
            for action in self._ordered(rnd, seat, None, search_fields(rnd)):
                child = rnd.clone()
                child.apply(action)
                lines[action] = line = guess = self._exact(child, guess)
                points = _decode(line)[team]
                bounds[action] = (points, points)
        except _OutOfBudget:
            pass
        # A card left out as equivalent to one searched has its value.
        cards = [index[id(a)] for a in legal if id(a) in index]
        concealed = pos.face_down
        outside = outside_of(pos.hands, seat, pos.trick, concealed)
        for group in groups(self.tables, cards, pos.hands[seat], outside, concealed):
            for c in group[1:]:
                bounds[play_of[c]] = bounds[play_of[group[0]]]
                if play_of[group[0]] in lines:
                    lines[play_of[c]] = lines[play_of[group[0]]]
        exact = len(lines) == len(legal)
        values = {a: bounds[a][0] for a in legal}
        if exact:
            pick = max if team == 0 else min
            card_points = _decode(pick(lines.values()))
        else:
            best = max(legal, key=lambda a: (values[a], bounds[a][1]))
            own = values[best]
            other = pts[1 - team] + remaining - (own - pts[team])
            card_points = (own, other) if team == 0 else (other, own)
        return Solution(seat=seat, card_points=card_points,
                        action_values=MappingProxyType(values),
                        action_bounds=MappingProxyType(bounds), exact=exact,
                        nodes=self.nodes,
                        action_lines=MappingProxyType(
                            {a: _decode(lines[a]) for a in legal if a in lines}))

    def _left(self, pos: PlayPosition) -> tuple[int, int]:
        """The card points not yet won at ``pos``, the cards not in a finished trick and
        the last trick's bonus: the positive ones, and the negative ones as a positive
        number (a ruleset may give a card negative points)."""
        held = 0
        for m in pos.hands:
            held |= m
        concealed = pos.face_down
        if concealed >= 0:
            held |= 1 << concealed
        for c in pos.trick:
            held |= 1 << c
        points = self.tables.points
        bonus = pos.last_trick_points if pos.tricks_done < pos.n_tricks else 0
        gains, losses = max(bonus, 0), max(-bonus, 0)
        while held:
            low = held & -held
            p = points[low.bit_length() - 1]
            if p > 0:
                gains += p
            else:
                losses -= p
            held ^= low
        return gains, losses

    # ------------------------------------------------------------------ the search

    def search(self, rnd: Round, alpha: int, beta: int) -> int:
        """The value of ``rnd`` (a position this search owns and may change) under best
        play: exact when it lies strictly between ``alpha`` and ``beta``, else a bound
        on the side it fell (fail-soft)."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check_budget()
        fields = search_fields(rnd)
        points: tuple[int, int]
        (points, trick, hands, exposed_at, concealed, shown, led_suits, trump_led, _, _, _,
         _) = fields
        p0, p1 = points
        if rnd.is_over:
            return (p0 - p1) * SCALE + p0
        # The points still to win bound the value: often enough to answer at once.
        if self.signed:
            gains, losses = self._left(position_of(rnd))
        else:
            gains, losses = self.total - p0 - p1, 0
        margin = p0 - p1
        swing = gains + losses
        top = (margin + swing) * SCALE + p0 + gains
        if top <= alpha:
            return top
        bottom = (margin - swing) * SCALE + p0 - losses
        if bottom >= beta:
            return bottom
        key: Hashable = None
        tables = self.tables
        plain = tables.plain
        base = margin * SCALE + p0
        table = self.table
        entry = None
        best_move: Action | None = None
        if not trick:
            if plain and Kernel.takes(rnd, tables):
                return self._kernel_value(rnd, alpha, beta)
            plugins: Hashable = None
            if tables.keyed_plugins:
                port = port_of(rnd)
                plugins = tuple(p.position_key(port) for p in tables.keyed_plugins)
            key = self._key_of(rnd.to_act, exposed_at is None, shown,  # type: ignore[arg-type]
                               led_suits, trump_led, hands, concealed, plugins)
            entry = table.get(key)
            known, alpha, beta = window(entry, base, alpha, beta)
            if known is not None:
                return known
            if entry is not None:
                best_move = entry[2]
        seat: int = rnd.to_act  # type: ignore[assignment]
        moves = self._ordered(rnd, seat, best_move, fields)
        maximizing = not seat & 1
        best = -INFINITY if maximizing else INFINITY
        chosen: Action | None = None
        a, b = alpha, beta
        last = len(moves) - 1
        for i, move in enumerate(moves):
            # The last move may change this position itself: nothing needs it after.
            child = rnd.clone() if i < last else rnd
            child.apply(move)
            value = self.search(child, a, b)
            if maximizing:
                if value > best:
                    best, chosen = value, move
                    if value > a:
                        a = value
                        if a >= b:
                            break
            elif value < best:
                best, chosen = value, move
                if value < b:
                    b = value
                    if a >= b:
                        break
        if key is not None:
            table[key] = stored_entry(entry, base, alpha, beta, best, chosen)
        return best

    def _kernel_value(self, rnd: Round, alpha: int, beta: int) -> int:
        """The value of ``rnd`` (at the start of a trick the kernel takes), searched by
        the kernel, made at its first search."""
        kernel = self.kernel
        if kernel is None:
            kernel = self.kernel = Kernel(self, rnd)
        return kernel.value(rnd, alpha, beta)

    def _exact(self, rnd: Round, guess: int) -> int:
        """The exact value of ``rnd`` by a series of null-window searches (MTD(f)),
        starting from ``guess``: each one tells whether the value is at least a
        threshold, which prunes far more than one search with a wide window."""
        low, high = -INFINITY, INFINITY
        value = guess
        while low < high:
            beta = value + 1 if value == low else value
            value = self.search(rnd.clone(), beta - 1, beta)
            if value < beta:
                high = value
            else:
                low = value
        return value

    def _check_budget(self) -> None:
        self.next_check = self.nodes + _CHECK_EVERY
        if self.nodes >= self.max_nodes:
            raise _OutOfBudget
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _OutOfBudget
        self.next_check = min(self.next_check, self.max_nodes)

    def _key_of(self, leader: int, hidden: bool, shown: int, led_suits: int,
                trump_led: bool, hands: list[int], concealed: int,
                plugins: Hashable) -> Hashable:
        """What the rest of the play depends on, at the start of a trick (the trick in
        progress is empty, and whether trumps count follows from the exposure): the
        leader, the trump's state (``concealed``: the face-down card, read only while
        ``hidden``), the cards each seat holds (by their pattern where the deck allows,
        see :class:`SearchTables`) and what the plug-ins read."""
        tables = self.tables
        if not hidden:
            concealed = -1
        cards: Hashable
        if tables.compressed:
            # One number for the pattern: hashing it is cheaper than hashing the tuple.
            cards = tables.pattern_number((*hands, concealed), self.patterns,
                                          self.pattern_ids)
        else:
            cards = (concealed, *hands)
        return (leader, hidden, shown, led_suits if tables.watch_led else 0,
                trump_led if tables.watch_trump_led else False, cards, plugins)

    # ------------------------------------------------------------------ ordering

    def _ordered(self, rnd: Round, seat: int, first: Action | None,
                 fields: tuple[Any, ...]) -> list[Action]:
        """The moves to search in ``rnd`` (``fields``: its :func:`search_fields`), best
        first: equivalent cards but one left out."""
        legal = rnd.legal_actions()
        if len(legal) == 1 or rnd.phase is not PLAY:
            return list(legal)
        mask = legal_cards(rnd)
        (_, trick, hands, exposed_at, concealed, _, _, _, trump, trump_from, seat_order,
         leader) = fields
        if mask & ~hands[seat] & ~(1 << concealed if concealed >= 0 else 0):
            return list(legal)  # a card laid aside, played face down: nothing to order
        if exposed_at is None:
            trump = -1
        else:
            concealed = -1
        cards = self.tables.cards(mask, hands[seat],
                                   outside_of(hands, seat, trick, concealed), concealed,
                                   seat, trick, trump, trump_from, seat_order[leader])
        play_of = self.play_of
        moves = [play_of[c] for c in cards]
        if len(legal) > mask.bit_count():
            moves += legal[mask.bit_count():]
        if first is not None and moves[0] is not first and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves
