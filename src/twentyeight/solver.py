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

A search can be given a budget (nodes or seconds); when it runs out the
:class:`Solution` says so and gives the bounds found so far.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from attrs import frozen

from .actions import Action
from .errors import TwentyEightError
from .legality import CALL_TRUMP
from .state import PLAY
from .tricks import rank_tables

if TYPE_CHECKING:
    from .round import Round
    from .ruleset import Ruleset

__all__ = ["SCALE", "Solution", "SolveError", "solve"]

SCALE = 1 << 10
"""A line's value is ``margin * SCALE + first side's points``: the margin decides, the
first side's points break a tie (below ``SCALE / 2`` either way in every ruleset)."""

_HALF = SCALE // 2

_INFINITY = 1 << 40

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


class _Tables:
    """What the search reads of a ruleset, made once per ruleset."""

    __slots__ = ("at_least", "at_most", "cards", "compressed", "dump_order", "feed_order",
                 "keyed_plugins", "lead_order", "loner", "plain", "points", "rank_pattern",
                 "strength", "suit_of", "suit_runs", "watch_led", "watch_trump_led")

    def __init__(self, ruleset: Ruleset) -> None:
        deck = ruleset.deck
        self.points = deck.points
        self.strength = deck.strength
        self.suit_of = deck.suit_of
        at_least, at_most = [], []
        for c in range(deck.size):
            suit = deck.suit_mask[deck.suit_of[c]]
            s = deck.strength[c]
            at_least.append(sum(1 << d for d in range(deck.size)
                                if suit >> d & 1 and deck.strength[d] >= s))
            at_most.append(sum(1 << d for d in range(deck.size)
                               if suit >> d & 1 and deck.strength[d] <= s))
        self.at_least: tuple[int, ...] = tuple(at_least)
        """The cards of each card's suit ranked at least as high."""
        self.at_most: tuple[int, ...] = tuple(at_most)
        """The cards of each card's suit ranked at most as high."""
        cards = range(deck.size)
        self.lead_order = tuple(-deck.strength[c] for c in cards)
        """Sort key of a card to lead: high cards first."""
        self.feed_order = tuple(-deck.points[c] * 64 + deck.strength[c] for c in cards)
        """Sort key under a partner who is winning: points first, strong cards kept."""
        self.dump_order = tuple(4096 + deck.points[c] * 64 + deck.strength[c] for c in cards)
        """Sort key of a card that cannot win the trick: as little as possible given,
        after every card that wins (those sort by their strength, below 4096)."""
        # A rule that names a rank tells that rank's cards apart from their neighbours.
        self.loner = deck.rank_mask("J") if "J" in deck.spec.ranks and \
            ruleset.config.no_jack_discard else 0
        cfg = ruleset.config
        self.watch_led = cfg.no_jack_discard is True  # the strict form bars every Jack
        """Whether the suits led so far decide anything later."""
        self.watch_trump_led = cfg.bidder_trump_lead == "after-trump-led"
        """Whether a trump led by a defender decides anything later."""
        from .plugins import RulePlugin

        base = RulePlugin.position_key
        self.keyed_plugins = tuple(
            p for p in ruleset.config.plugins
            if type(p).position_key is not base or p._hooks_the_play())
        """The plug-ins whose :meth:`~twentyeight.plugins.RulePlugin.position_key` can
        be anything but ``None``."""
        # Where a card is told from its neighbours only by its rank order and points,
        # the start of a trick is keyed by the pattern of what each seat holds among the
        # cards left of each suit, not by which cards they are: positions that differ
        # only in which low card went earlier then share one entry. That needs every
        # suit's cards to rank strictly by id, one copy each, no rule that names a rank
        # and no plug-in reading the cards.
        width = deck.suit_width
        runs = tuple((deck.suit_mask[s].bit_length() - width, (1 << width) - 1)
                     for s in range(deck.n_suits))
        strictly = all(
            deck.suit_mask[s] == ((1 << width) - 1) << low and all(
                deck.strength[low + i] < deck.strength[low + i + 1] for i in range(width - 1))
            for s, (low, _) in enumerate(runs))
        self.compressed = (strictly and deck.spec.copies == 1 and not self.loner
                           and not self.keyed_plugins and width <= 12)
        self.suit_runs = runs
        self.rank_pattern: dict[tuple[int, ...], Hashable] = {}
        """Memo: the seats' cards of a suit (as the suit's bits) and their pattern
        (:meth:`_Search._squeeze`)."""
        # What only a round can do in the play: plug-ins' calls and hooks after a trick,
        # negative points, a rule that reads the finished tricks, and checks at the
        # exposure that read the play.
        self.plain = (not self.keyed_plugins
                      and not any(p._hooks_the_play() for p in cfg.plugins)
                      and min(deck.points) >= 0
                      and cfg.last_trick_points >= 0 and not cfg.trump_lead_after_trump_played
                      and all(c.settled_by_the_deal
                              for c in ruleset.checks_at.get("trump-exposed", ())))
        """Whether the play, from the start of a trick past the claim windows, can be
        searched by :class:`_Kernel` (positions of a round of a single hand or with an
        unseen seventh card excepted)."""
        self.cards = _card_order(self, rank_tables(deck.suit_of, deck.strength, deck.n_suits),
                                 deck.n_suits + 1)
        """The cards to search in a position, best first (:func:`_card_order`)."""


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _outside(hands: list[int], seat: int, trick: list[int], concealed: int) -> int:
    """The cards still in play that ``seat`` does not hold: the other hands, the
    face-down trump (``concealed``, -1: none) and the trick in progress."""
    outside = 0
    for m in hands:
        outside |= m
    outside &= ~hands[seat]
    for c in trick:
        outside |= 1 << c
    if concealed >= 0:
        outside |= 1 << concealed
    return outside


def _face_down(rnd: Round) -> int:
    """The face-down trump card's id while it is not exposed, else -1."""
    return rnd._concealed if rnd._exposed_at is None else -1


def _tables(ruleset: Ruleset) -> _Tables:
    return ruleset._solver_tables_obj or ruleset._made_once(  # type: ignore[no-any-return]
        "_solver_tables_obj", _Tables)


def solve(rnd: Round, *, max_nodes: int | None = None,
          max_seconds: float | None = None) -> Solution:
    """The exact outcome of ``rnd``'s play, every hand known: each side's final card
    points under best play and the value of each legal action of the seat to act.

    ``rnd`` must be in the play phase (:class:`SolveError` otherwise); it is not
    changed. ``max_nodes`` or ``max_seconds`` bound the search; when either runs out
    the solution is not :attr:`~Solution.exact` and gives the bounds found so far."""
    if rnd.phase is not PLAY:
        raise SolveError(f"only a round in the play phase can be solved; this one is in "
                         f"the {rnd.phase.value} phase")
    for name, limit in (("max_nodes", max_nodes), ("max_seconds", max_seconds)):
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int | float)
                                  or not limit > 0):
            raise SolveError(f"{name} must be a positive number or None, got {limit!r}")
    search = _Search(rnd.ruleset, max_nodes, max_seconds)
    return search.root(rnd)


_Entry = tuple[int, int, Action | None]
"""A transposition table's entry: the lowest and highest value of a trick's start,
less the value of the points already won, and the best move found there."""


def _window(entry: _Entry | None, base: int, alpha: int,
            beta: int) -> tuple[int | None, int, int]:
    """What a position's ``entry`` (``None``: none yet) tells a search of it in the
    window ``alpha``..``beta`` (``base``: the value of the points already won): the
    value to return at once if the bounds settle it, else ``None`` and the window
    narrowed to the bounds."""
    if entry is None:
        return None, alpha, beta
    low = entry[0] + base
    high = entry[1] + base
    if low >= beta:
        return low, alpha, beta
    if high <= alpha or low == high:
        return high, alpha, beta
    return None, max(alpha, low), min(beta, high)


def _entry(entry: _Entry | None, base: int, alpha: int, beta: int, best: int,
           move: Action | None) -> _Entry:
    """The entry for a position whose search in the window ``alpha``..``beta`` found
    ``best`` by ``move``, narrowing the bounds of its earlier ``entry`` (values less
    ``base``, the value of the points already won)."""
    low, high = -_INFINITY, _INFINITY
    if entry is not None:
        low, high = entry[0] + base, entry[1] + base
    if best <= alpha:
        high = min(high, best)
    elif best >= beta:
        low = max(low, best)
    else:
        low = high = best
    return low - base, high - base, move


def _groups(tables: _Tables, cards: list[int], mine: int, outside: int,
            concealed: int) -> list[list[int]]:
    """``cards`` (held in ``mine``, of the seat to act) in groups of equivalent cards,
    the first of each group the one to search (``outside``: the cards still in play the
    seat does not hold, :func:`_outside`; ``concealed``: the face-down trump, -1:
    none)."""
    strength, suit_of, points = tables.strength, tables.suit_of, tables.points
    ordered = sorted(cards, key=lambda c: (suit_of[c], strength[c]))
    groups: list[list[int]] = []
    prev = -1
    for c in ordered:
        if (prev >= 0 and suit_of[prev] == suit_of[c] and points[prev] == points[c]
                and c != concealed and prev != concealed and mine >> c & 1
                and not (tables.at_least[prev] & tables.at_most[c] & outside)
                and (strength[prev] == strength[c]
                     or not (tables.loner >> c & 1 or tables.loner >> prev & 1))):
            groups[-1].append(c)
        else:
            groups.append([c])
        prev = c
    return groups


CardOrder = Callable[[int, int, int, int, int, list[int], int, int, tuple[int, ...]],
                     list[int]]
"""``cards(mask, mine, outside, concealed, seat, trick, trump, trumps_from, seats)``:
see :func:`_card_order`."""


def _card_order(tables: _Tables, ranks: tuple[tuple[int, ...], ...],
                stride: int) -> CardOrder:
    """The function that gives, of the cards of ``mask`` (legal for ``seat``, who holds
    ``mine``), those to search, best first: equivalent cards but one left out
    (``outside`` and ``concealed`` as for :func:`_groups`). Leads go high cards first;
    following ``trick`` (``trump``: the suit that counts, -1: none yet; ``trumps_from``:
    the first position where it does; ``seats``: the trick's seats in order), points go
    to a partner who is winning, else the cheapest winner goes first, then the card that
    gives away least. ``ranks`` are the deck's :func:`~twentyeight.tricks.rank_tables`
    (``stride``: suits + 1)."""
    points, suit_of, strength = tables.points, tables.suit_of, tables.strength
    lead_key = tables.lead_order.__getitem__
    feed_key = tables.feed_order.__getitem__
    dump = tables.dump_order
    compressed = tables.compressed

    def cards(mask: int, mine: int, outside: int, concealed: int, seat: int,
              trick: list[int], trump: int, trumps_from: int,
              seats: tuple[int, ...]) -> list[int]:
        if compressed:
            # Cards rank by id within a suit: of each run of equivalent cards, the
            # lowest (the cards between two of a suit are the bits between them).
            kept = []
            prev = -1
            while mask:
                low = mask & -mask
                c = low.bit_length() - 1
                mask ^= low
                if (prev < 0 or suit_of[prev] != suit_of[c] or points[prev] != points[c]
                        or outside & (low - (2 << prev)) or c == concealed
                        or prev == concealed):
                    kept.append(c)
                prev = c
        else:
            kept = [g[0] for g in _groups(tables, _bits(mask), mine, outside, concealed)]
        if len(kept) < 2:
            return kept
        if not trick:
            kept.sort(key=lead_key)
            return kept
        row = suit_of[trick[0]] * stride
        plain = ranks[row]
        counted = ranks[row + trump + 1]
        best, best_at = -2, 0
        for i, c in enumerate(trick):
            r = (counted if i >= trumps_from else plain)[c]
            if r > best:
                best, best_at = r, i
        if seats[best_at] & 1 == seat & 1:
            kept.sort(key=feed_key)
            return kept
        now = counted if len(trick) >= trumps_from else plain
        keyed = [(strength[c] if now[c] > best else dump[c], c) for c in kept]
        keyed.sort()
        return [c for _, c in keyed]

    return cards


class _Search:
    """One solve: its transposition table, its counters and its budget."""

    def __init__(self, ruleset: Ruleset, max_nodes: int | None,
                 max_seconds: float | None) -> None:
        self.tables = _tables(ruleset)
        self.table: dict[Hashable, _Entry] = {}
        self.patterns: dict[tuple[int, ...], int] = {}
        """Memo: the seats' cards and the face-down card, and their pattern's number."""
        self.pattern_ids: dict[tuple[Hashable, ...], int] = {}
        """Each pattern met so far and its number."""
        self.nodes = 0
        self.max_nodes = max_nodes if max_nodes is not None else _INFINITY
        self.deadline = (time.perf_counter() + max_seconds) if max_seconds is not None \
            else None
        self.next_check = min(_CHECK_EVERY, self.max_nodes)
        self.total = 0
        """The card points of the round, won or not: constant while every card is played."""
        self.signed = min(ruleset.deck.points) < 0 or ruleset.config.last_trick_points < 0
        """Whether some points are negative: then the points still to win are counted
        at each position, not read off :attr:`total`."""
        self.kernel: _Kernel | None = None
        """The search of positions where only cards are played, made when first needed."""

    # ------------------------------------------------------------------ the root

    def root(self, rnd: Round) -> Solution:
        seat = rnd.to_act
        assert seat is not None
        team = seat & 1
        legal = rnd.legal_actions()
        pts = rnd._team_points
        gains, losses = self._left(rnd)
        remaining = gains - losses
        # What the side can end with at worst and at best, before searching.
        bounds: dict[Action, tuple[int, int]] = {
            a: (pts[team] - losses, pts[team] + gains) for a in legal}
        lines: dict[Action, int] = {}
        index = rnd._play_index
        self.total = pts[0] + pts[1] + remaining
        # The first guess: the margin stays, the points left are shared.
        guess = (pts[0] - pts[1]) * SCALE + pts[0] + remaining // 2
        try:
            for action in self._ordered(rnd, seat, None):
                child = rnd.clone()
                child.apply(action)
                lines[action] = line = guess = self._exact(child, guess)
                points = _decode(line)[team]
                bounds[action] = (points, points)
        except _OutOfBudget:
            pass
        # A card left out as equivalent to one searched has its value.
        cards = [index[id(a)] for a in legal if id(a) in index]
        play_of = rnd._play_of
        concealed = _face_down(rnd)
        outside = _outside(rnd._hands, seat, rnd._trick, concealed)
        for group in _groups(self.tables, cards, rnd._hands[seat], outside, concealed):
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
                        nodes=self.nodes)

    def _left(self, rnd: Round) -> tuple[int, int]:
        """The card points not yet won, the cards not in a finished trick and the last
        trick's bonus: the positive ones, and the negative ones as a positive number
        (a ruleset may give a card negative points)."""
        held = 0
        for m in rnd._hands:
            held |= m
        if rnd._concealed >= 0 and rnd._exposed_at is None:
            held |= 1 << rnd._concealed
        for c in rnd._trick:
            held |= 1 << c
        points = self.tables.points
        bonus = rnd._last_trick_points if len(rnd._tricks) < rnd._n_tricks else 0
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
        p0, p1 = rnd._team_points
        if rnd.is_over:
            return (p0 - p1) * SCALE + p0
        # The points still to win bound the value: often enough to answer at once.
        if self.signed:
            gains, losses = self._left(rnd)
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
        base = margin * SCALE + p0
        table = self.table
        entry = None
        best_move: Action | None = None
        if not rnd._trick:
            if _Kernel.takes(rnd, self.tables):
                kernel = self.kernel or self._new_kernel(rnd)
                return kernel.value(rnd, alpha, beta)
            key = self._key(rnd)
            entry = table.get(key)
            known, alpha, beta = _window(entry, base, alpha, beta)
            if known is not None:
                return known
            if entry is not None:
                best_move = entry[2]
        seat: int = rnd.to_act  # type: ignore[assignment]
        moves = self._ordered(rnd, seat, best_move)
        maximizing = not seat & 1
        best = -_INFINITY if maximizing else _INFINITY
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
            table[key] = _entry(entry, base, alpha, beta, best, chosen)
        return best

    def _new_kernel(self, rnd: Round) -> _Kernel:
        self.kernel = _Kernel(self, rnd)
        return self.kernel

    def _exact(self, rnd: Round, guess: int) -> int:
        """The exact value of ``rnd`` by a series of null-window searches (MTD(f)),
        starting from ``guess``: each one tells whether the value is at least a
        threshold, which prunes far more than one search with a wide window."""
        low, high = -_INFINITY, _INFINITY
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

    def _key(self, rnd: Round) -> Hashable:
        """What the rest of the play depends on, at the start of a trick (the trick in
        progress is empty, and whether trumps count follows from the exposure): the
        leader, the trump's state, the cards each seat holds (by their pattern where the
        deck allows, see :class:`_Tables`) and what the plug-ins read."""
        plugins: Hashable = None
        keyed = self.tables.keyed_plugins
        if keyed:
            port = rnd._port_obj or rnd._port
            plugins = tuple(p.position_key(port) for p in keyed)
        return self._key_of(rnd.to_act, rnd._exposed_at is None, rnd._shown,  # type: ignore[arg-type]
                            rnd._led_suits, rnd._trump_led, rnd._hands, rnd._concealed,
                            plugins)

    def _key_of(self, leader: int, hidden: bool, shown: int, led_suits: int,
                trump_led: bool, hands: list[int], concealed: int,
                plugins: Hashable) -> Hashable:
        """:meth:`_key` from the values it reads (``concealed``: the face-down card,
        read only while ``hidden``)."""
        tables = self.tables
        if not hidden:
            concealed = -1
        cards: Hashable
        if tables.compressed:
            # One number for the pattern: hashing it is cheaper than hashing the tuple.
            held = (*hands, concealed)
            number = self.patterns.get(held)
            if number is None:
                number = self.patterns[held] = self._pattern_id(held)
            cards = number
        else:
            cards = (concealed, *hands)
        return (leader, hidden, shown, led_suits if tables.watch_led else 0,
                trump_led if tables.watch_trump_led else False, cards, plugins)

    def _pattern_id(self, hands: tuple[int, ...]) -> int:
        """A number for the pattern of ``hands`` (each seat's cards and the face-down
        card, -1 for none): for each suit, the points of its cards left in rank order
        and each holder's share of them as bits of that order. Equal patterns, equal
        numbers."""
        tables = self.tables
        memo = tables.rank_pattern
        holders = list(hands[:-1])
        if hands[-1] >= 0:
            holders.append(1 << hands[-1])
        out: list[Hashable] = []
        for low, full in tables.suit_runs:
            parts = tuple([(h >> low) & full for h in holders])
            squeezed = memo.get(parts)
            if squeezed is None:
                squeezed = memo[parts] = self._squeeze(low, parts)
            out.append(squeezed)
        pattern = tuple(out)
        ids = self.pattern_ids
        number = ids.get(pattern)
        if number is None:
            number = ids[pattern] = len(ids)
        return number

    def _squeeze(self, low: int, parts: tuple[int, ...]) -> Hashable:
        """The points of the suit's cards left (``low``: its first id) in rank order,
        and each seat's share of them as bits of that order."""
        points = self.tables.points
        left = 0
        for part in parts:
            left |= part
        pattern = []
        shares = [0] * len(parts)
        bit = 1
        for i in range(left.bit_length()):
            if left >> i & 1:
                pattern.append(points[low + i])
                for seat, part in enumerate(parts):
                    if part >> i & 1:
                        shares[seat] |= bit
                bit <<= 1
        return (tuple(pattern), *shares)

    # ------------------------------------------------------------------ ordering

    def _ordered(self, rnd: Round, seat: int, first: Action | None) -> list[Action]:
        """The moves to search, best first: equivalent cards but one left out."""
        legal = rnd.legal_actions()
        if len(legal) == 1 or rnd.phase is not PLAY:
            return list(legal)
        mask = rnd._legal_cache[0]
        trump = rnd._trump_suit if rnd._exposed_at is not None else -1
        concealed = _face_down(rnd)
        trick = rnd._trick
        cards = self.tables.cards(mask, rnd._hands[seat],
                                   _outside(rnd._hands, seat, trick, concealed), concealed,
                                   seat, trick, trump, rnd._trump_from,
                                   rnd._seat_order[rnd._leader])
        play_of = rnd._play_of
        moves = [play_of[c] for c in cards]
        if len(legal) > mask.bit_count():
            moves += legal[mask.bit_count():]
        if first is not None and moves[0] is not first and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves


class _Kernel:
    """The search from the start of a trick where nothing but the cards can happen (the
    ruleset is :attr:`_Tables.plain`, the claim windows are shut, no single hand, no
    unseen seventh card): the same alpha-beta, transposition table and move order as
    :meth:`_Search.search`, over a few numbers changed and restored in place instead of
    copies of the round.

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
        """The value of ``rnd`` (at the start of a trick) as :meth:`_Search.search`
        gives it."""
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
    def takes(rnd: Round, tables: _Tables) -> bool:
        """Whether the kernel can search ``rnd``, at the start of a trick."""
        return (tables.plain and rnd.phase is PLAY and not rnd._blind and not rnd._all_tricks
                and (bool(rnd._tricks) or not rnd._claim_checks))


def _kernel_node(search: _Search, scratch: Round, tricks: list[list[int]],
                 annulled: bool) -> Callable[[int, int, int, int, int, int, int], int]:
    """:class:`_Kernel`'s search, a closure over everything it reads (a local is read
    faster than an attribute)."""
    tables = search.tables
    table = search.table
    key_of = search._key_of
    # With the pattern of the cards as key (:class:`_Tables`), nothing else read by the
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
            known, alpha, beta = _window(entry, base, alpha, beta)
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
        best = -_INFINITY if maximizing else _INFINITY
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
            table[key] = _entry(entry, base, alpha, beta, best, play_of[chosen] if chosen >= 0
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
