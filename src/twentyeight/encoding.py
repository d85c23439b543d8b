"""Numbers for learning code: every action of a ruleset as an index, and what a seat may
see as a flat vector of floats.

The action layout of a ruleset is fixed by its configuration: the same ruleset with the
same options always numbers its actions the same way. :data:`ACTION_LAYOUT_VERSION`
changes whenever the layout rules below change, so that saved policies can check it.

Action indices, in this order:

1. ``play <card>`` for every card id of the deck;
2. ``pass``, then every ``bid``, by value and then denomination;
3. the trump choices the ruleset has: ``trump <card>`` for every card id (a hand card
   laid face down) or ``trump <suit>`` for every suit (an indicator), then
   ``seventh-card`` where it is allowed; none where the highest bid names the trump;
4. ``call-trump`` where the trump can be concealed;
5. ``redeal`` where a redeal rule can be claimed;
6. the auction's own calls and each plug-in's actions, in the order the ruleset lists
   them (:meth:`~twentyeight.plugins.Part.all_actions`).

The observation of a seat (:func:`observe`) holds what :meth:`Round.view
<twentyeight.views.Views.view>` holds for that seat, in numbers: seats in seat order
(the ``seat`` slice says which one is observing, ``seat_from_dealer`` where it sits
from the dealer), counts scaled into ``0..1``, facts one-hot. :class:`ObservationLayout`
names each slice. The auction slices hold the whole bidding: where a second auction is
held once the deal is complete (304, ``second_auction=``), its bids, passes and calls
are added to the first's (a bid there is always higher than every bid before it, so
each bid stays one entry of its seat's row). What the finished tricks and the auction
say is the same for every seat, so it is worked out once per trick and shared by every
seat's observation.
"""

from __future__ import annotations

import array
import functools
import operator
from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from attrs import frozen

from .actions import SEVENTH_CARD, Action, Bid, Redeal
from .cards import Sealed
from .errors import ConfigError, ObservationBufferError, ParseError
from .inputs import describe
from .legality import CALL_TRUMP, REDEAL
from .plugins import WINDOW_EVENTS
from .position import port_of
from .sight import UNDEALT, face_down, held_counts, trump_known
from .state import CALLS, Phase
from .views import auction_calls, keep_observation_parts, later_calls, observation_facts

if TYPE_CHECKING:
    from .round import Round
    from .ruleset import Ruleset

__all__ = ["ACTION_LAYOUT_VERSION", "OBSERVATION_VERSION", "ActionIndex",
           "ObservationLayout", "ObservationSlice", "action_index", "observe"]

ACTION_LAYOUT_VERSION = 1
"""The version of the action-index rules above; bumped whenever they change."""

OBSERVATION_VERSION = 2
"""The version of the observation's slices; bumped whenever they change (2: the auction
slices hold a second auction's bids and calls too)."""

_PHASES = tuple(Phase)
_PHASE_INDEX = {phase: i for i, phase in enumerate(_PHASES)}
_MULTIPLIERS = (1, 2, 4)
_MULTIPLIER_INDEX = {m: i for i, m in enumerate(_MULTIPLIERS)}


class ActionIndex(Sealed):
    """Every action a ruleset can take, each with a fixed index. Made once per ruleset
    (:attr:`Ruleset.num_actions <twentyeight.ruleset.Ruleset.num_actions>` and its
    neighbours read it)."""

    __slots__ = ("_by_identity", "_by_text", "actions")

    def __init__(self, ruleset: Ruleset) -> None:
        cfg = ruleset.config
        # The ruleset's own shared objects, so that the hot path finds them by identity.
        actions: list[Action] = list(ruleset.play_action_of_id)
        actions.append(ruleset._by_text["pass"])
        actions.extend(ruleset._bid_of.values())
        if cfg.trump_marker == "indicator":
            actions.extend(ruleset._name_trump)
        elif cfg.trump_marker != "open":
            actions.extend(ruleset._lay_of)
        if cfg.seventh_card:
            actions.append(SEVENTH_CARD)
        if cfg.trump_marker != "open":
            actions.append(CALL_TRUMP)
        if ruleset.claim_checks:
            actions.append(REDEAL)
        for part in (cfg.auction, cfg.trump, *cfg.plugins):
            try:
                offered = part.all_actions(cfg)
            except TypeError as exc:
                raise ConfigError(
                    f"{type(part).__name__} has actions that take arguments: it must list "
                    f"every action it can offer in all_actions() ({exc})") from None
            actions.extend(offered)
        by_text: dict[str, int] = {}
        for i, action in enumerate(actions):
            if by_text.setdefault(str(action), i) != i:
                raise ConfigError(f"two actions of {ruleset.name} have the text "
                                  f"{str(action)!r}: action indices need one each")
        self.actions: tuple[Action, ...] = tuple(actions)
        """Every action, at its index."""
        self._by_text: Mapping[str, int] = MappingProxyType(by_text)
        self._by_identity: Mapping[int, int] = MappingProxyType(
            {id(a): i for i, a in enumerate(self.actions)})
        self._seal()

    def index_of(self, action: Action) -> int:
        """The index of ``action``, or :class:`~twentyeight.ParseError`."""
        i = self._by_identity.get(id(action))
        if i is not None:
            return i
        if isinstance(action, Action):
            i = self._by_text.get(str(action))
            if i is not None:
                return i
            raise ParseError(f"{action} is not an action of this ruleset")
        raise ParseError(f"not an action: {describe(action)}")

    def action_at(self, index: int) -> Action:
        """The action at ``index`` (see :func:`action_index`), or
        :class:`~twentyeight.ParseError`."""
        if type(index) is not int or not 0 <= index < len(self.actions):
            index = action_index(index, len(self.actions))
        return self.actions[index]


def action_index(value: object, size: int) -> int:
    """``value`` as an index ``0..size-1``, or :class:`~twentyeight.ParseError`: the one
    check of an action index, for :meth:`Ruleset.action_of
    <twentyeight.ruleset.Ruleset.action_of>` and the environments.

    An ``int``, a numpy integer or a 0-d numpy integer array is an index (what
    ``operator.index`` accepts); a ``bool`` (numpy's too) is not, nor is a float, a
    1-d array, text, or a negative number (no index counts from the end). Whatever a
    hostile ``__index__`` does, only :class:`~twentyeight.ParseError` comes out."""
    if type(value) is int:
        index = value
    else:
        # A bool is an int to Python, not an index here (numpy's refuses by itself).
        if isinstance(value, bool) or not hasattr(type(value), "__index__"):
            raise ParseError(f"an action index is a whole number, got {describe(value)}")
        try:
            # int.__index__ makes an int subclass a plain int.
            index = int.__index__(operator.index(value))  # type: ignore[arg-type]
        except Exception:  # whatever a foreign __index__ raises: refused as input
            raise ParseError(
                f"an action index is a whole number, got {describe(value)}") from None
    if not 0 <= index < size:
        raise ParseError(f"action index {describe(index)} is out of range 0..{size - 1}")
    return index


@frozen
class ObservationSlice:
    """One named part of the observation vector: ``start`` and ``size`` in the vector,
    and what its numbers mean."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        """One past the slice's last index."""
        return self.start + self.size


class ObservationLayout(Sealed):
    """The slices of a ruleset's observation vector, in order. Made once per ruleset
    (:attr:`Ruleset.observation_spec <twentyeight.ruleset.Ruleset.observation_spec>`)."""

    __slots__ = (
        "_at",
        "_auction_at",
        "_bid_index",
        "_cards",
        "_contract_kinds",
        "_cuts",
        "_everyone",
        "_max_calls",
        "_offsets",
        "_open_trump",
        "_per_card",
        "_points_in_play",
        "_tricks_per_hand",
        "bids",
        "plugins",
        "size",
        "slices",
        "windows",
    )

    def __init__(self, ruleset: Ruleset) -> None:
        cfg = ruleset.config
        deck = ruleset.deck
        n = cfg.players
        cards = deck.size
        self.bids: tuple[tuple[int, str | None], ...] = tuple(
            (v, d) for v in cfg.bids for d in cfg.auction.denominations)
        """The bids in the order of the bid slices' entries."""
        self.windows: tuple[str, ...] = tuple(
            p.name for event in WINDOW_EVENTS for p in ruleset.windows[event])
        """The call windows in the order of the ``window`` slice's entries."""
        self.plugins: tuple[Any, ...] = tuple(
            p for p in cfg.plugins if p.observation_size(cfg) > 0)
        """The plug-ins with slices of their own, in order."""
        kinds = ("bid", *(p.name for p in cfg.plugins),
                 *(c for p in cfg.plugins for c in p.contracts))
        parts: list[tuple[str, int, str]] = [
            ("seat", n, "the observing seat, one-hot"),
            ("dealer", n, "the dealing seat, one-hot"),
            ("seat_from_dealer", n, "the observing seat counted counter-clockwise from "
                                    "the dealer (0: the dealer)"),
            ("phase", len(_PHASES), "one-hot: " + ", ".join(p.value for p in _PHASES)),
            ("to_act", n + 1, "the seat to act; the last entry: nobody"),
            ("hand", cards, "the seat's cards, by card id"),
            ("cards_held", n, "cards each seat holds (the face-down trump counted with "
                              "its holder), over the hand size"),
            ("played", n * cards, "the cards each seat has played, seat by card id"),
            ("auction_bids", n * len(self.bids), "the bids each seat has made, in the "
                                                 "auction or a second auction, seat by "
                                                 "bid"),
            ("auction_passed", n, "seats that have passed, in either auction"),
            ("auction_calls", n, "calls each seat has made in the auction and a second "
                                 "auction, over the largest number a round allows"),
            ("tricks_won", n, "tricks each seat has won, over the tricks of a hand"),
            ("trick", n * cards, "the current trick: its cards by position (from the "
                                 "leader) by card id"),
            ("trick_leader", n + 1, "who led the current trick; the last entry: no card "
                                    "played yet"),
            ("trumps_from", n + 1, "from which position of the current trick cards of "
                                   "the trump suit count as trumps; the last entry: none"),
            ("high_bid", len(self.bids) + 1, "the highest bid, one-hot by bid; the last "
                                             "entry: none"),
            ("bidder", n + 1, "the seat holding the highest bid; the last entry: none"),
            ("target", 1, "card points the contract needs, over the points in play "
                          "(0 when none)"),
            ("multiplier", len(_MULTIPLIERS), "one-hot: 1, 2 (doubled), 4 (redoubled)"),
            ("stake", 1, "a fixed stake of game points a call put on the hand (0: none)"),
            ("contract", len(kinds), "the kind of contract, one-hot: " + ", ".join(kinds)
             + " (all 0 before the auction has a bid)"),
            ("trump", 4, "1 where: a trump is chosen (not a bid naming it), it is "
                         "exposed, it is the unseen seventh card, the seat knows it"),
            ("trump_suit", deck.n_suits, "the trump suit, one-hot, once the seat knows it"),
            ("trump_card", cards, "the face-down trump card, once the seat knows it"),
            ("exposed_by", n + 1, "who exposed the trump; the last entry: not exposed"),
            ("exposed_in_trick", cfg.tricks, "the trick in which the trump was exposed"),
            ("shown", n * cards, "cards shown and still held (a pair), seat by card id"),
            ("card_points", 2, "card points won by team 0 (even seats), then team 1, "
                               "over the points in play"),
            ("sitting_out", n, "seats sitting this hand out"),
            ("window", len(self.windows) + 1, "the open call window, one-hot: "
             + ", ".join((*self.windows, "none"))),
        ]
        core = len(parts)
        # Only a part that turns played cards face down has them counted here.
        self._cuts = cfg.trump.hides_cards
        if self._cuts:
            parts.append(("face_down", 2 * n,
                          "cards cut face down that the seat has not seen: how many each "
                          "seat played, over the hand size; then 1 at each position of the "
                          "current trick holding one (their cards are left out of "
                          "played, trick and card_points)"))
        for plugin in self.plugins:
            parts.append((plugin.name, plugin.observation_size(cfg),
                          plugin.observation_meaning(cfg)))
        slices = []
        start = 0
        for name, size, meaning in parts:
            slices.append(ObservationSlice(name, start, size, meaning))
            start += size
        self.slices: tuple[ObservationSlice, ...] = tuple(slices)
        """Every slice, in order."""
        self.size: int = start
        """The length of the vector."""
        self._at: Mapping[str, ObservationSlice] = MappingProxyType(
            {s.name: s for s in slices})
        # What observe() reads on every call, worked out once.
        self._offsets = tuple(s.start for s in slices[:core])
        self._per_card = 1 / cfg.hand_size
        self._auction_at = n * cards
        self._cards = cards
        self._tricks_per_hand = cfg.tricks
        self._points_in_play = deck.total_points + cfg.last_trick_points
        self._contract_kinds = {kind: i for i, kind in enumerate(kinds)}
        self._open_trump = cfg.trump.marker == "open"
        self._everyone = (1 << n) - 1
        self._bid_index = {b: i for i, b in enumerate(self.bids)}
        self._max_calls = cfg.auction.max_calls(cfg)
        self._seal()

    def __getitem__(self, name: str) -> ObservationSlice:
        """The slice called ``name``."""
        return self._at[name]

    def read(self, vector: Sequence[float], name: str) -> list[float]:
        """Slice ``name`` of an observation ``vector``."""
        s = self._at[name]
        return list(vector[s.start:s.stop])

    def _auction(self, rnd: Round) -> list[float]:
        """The auction's lasting slices together (every bid by its seat, the seats that
        passed, the calls each made), from ``auction_bids`` to ``tricks_won``: a second
        auction's calls count with the first's."""
        nbids = len(self.bids)
        n = rnd.players
        index = self._bid_index
        part = [0.0] * (n * (nbids + 2))
        calls = [0] * n
        said, later, passed = auction_calls(rnd)
        spoken: Iterable[tuple[int, Action]] = said
        if later:
            spoken = chain(spoken, ((s, a) for s, a, window in later_calls(rnd)
                                    if window == "auction"))
        for s, action in spoken:
            kind = type(action)
            if kind is Bid:
                bid: Bid = action  # type: ignore[assignment]
                part[s * nbids + index[(bid.value, bid.denomination)]] = 1.0
            if kind is not Redeal:
                calls[s] += 1
        most = self._max_calls
        base = n * nbids
        for s in range(n):
            if passed >> s & 1:
                part[base + s] = 1.0
            part[base + n + s] = min(calls[s] / most, 1.0)
        return part

    def _lasting(self, rnd: Round, tricks: tuple[Any, ...], last: Any) -> tuple[Any, ...]:
        """``(finished tricks, the played, auction and tricks_won slices together, None)``
        for the round's finished ``tricks`` (raw), from ``last`` (the same for one trick
        fewer, or anything else) when it is that. (The None is for the slices as a buffer
        of an array's format, made when an observation is first written into one.)"""
        n = rnd.players
        cards = self._cards
        step = 1 / self._tricks_per_hand
        # ``last`` holds at least one trick (it is made only once one is done).
        if last is not None and len(last[0]) + 1 == len(tricks) \
                and last[0][-1] is tricks[-2]:
            size = len(last[1]) - n
            played = list(last[1][:self._auction_at])
            auction = last[1][self._auction_at:size]
            won = list(last[1][size:])
            new = tricks[-1:]
        else:
            played = [0.0] * (n * cards)
            won = [0.0] * n
            auction = tuple(self._auction(rnd))
            new = tricks
        for seats, ids, winner, _points, _from in new:
            won[winner] += step
            for s, c in zip(seats, ids, strict=True):
                played[s * cards + c] = 1.0
        return tricks, (*played, *auction, *won), None


_BYTE_FLOATS: tuple[tuple[float, ...], ...] = tuple(
    tuple(1.0 if byte >> k & 1 else 0.0 for k in range(8)) for byte in range(256))
"""The eight entries of each byte of a mask: a mask goes into the vector a byte at a
time."""


def _put_bits(out: Any, start: int, mask: int, width: int) -> None:
    """Write ``mask``'s bits into ``out[start:start + width]`` (only its 1s: the rest
    are already 0), a writer (:func:`_writer`)."""
    if type(out) is not list:
        while mask:
            low = mask & -mask
            out[start + low.bit_length() - 1] = 1.0
            mask ^= low
        return
    end = start + width
    k = start
    table = _BYTE_FLOATS
    while mask:
        byte = mask & 255
        if byte:
            stop = k + 8
            if stop > end:
                out[k:end] = table[byte][:end - k]
            else:
                out[k:stop] = table[byte]
        mask >>= 8
        k += 8


def _writer(out: Any, size: int) -> Any:
    """What ``observe`` writes into for ``out``, a caller's buffer for an observation of
    ``size`` floats, cleared: a list itself, or a one-dimensional buffer of ``float64``
    or ``float32`` (a numpy array, an ``array.array``) through a memoryview of it, which
    takes a float several times faster than a numpy array's own indexing."""
    if type(out) is list:
        if len(out) != size:
            raise ObservationBufferError(f"out has {len(out)} entries; the observation "
                                         f"has {size}")
        out[:] = _zeros("", size)
        return out
    try:
        view = memoryview(out)
    except TypeError:
        raise ObservationBufferError(f"out is a list or a numpy array, got "
                                     f"{describe(out)}") from None
    if view.format not in ("d", "f") or view.shape != (size,) or view.readonly:
        raise ObservationBufferError(
            f"out is a writable float64 or float32 array of shape ({size},), got "
            f"{'a read-only ' if view.readonly else ''}format {view.format!r} of shape "
            f"{view.shape}")
    view[:] = _zeros(view.format, size)
    return view


@functools.cache
def _zeros(form: str, size: int) -> Any:
    """``size`` zeros, to clear a buffer: a tuple for a list (``form`` ""), else a
    memoryview of the array module's ``form`` ("d", "f")."""
    if not form:
        return (0.0,) * size
    return memoryview(array.array(form, bytes(array.array(form).itemsize * size)))


def _put(out: Any, start: int, values: Sequence[float]) -> None:
    """``values`` written from ``start`` into a cleared writer (:func:`_writer`)."""
    if type(out) is list:
        out[start:start + len(values)] = values
        return
    for k, value in enumerate(values):
        if value:
            out[start + k] = value


def observe(rnd: Round, seat: int, out: Any = None) -> Any:
    """``seat``'s observation of ``rnd`` (see the module's description), written into
    ``out`` (a list or a numpy array, :func:`_writer`) when it is given."""
    ruleset = rnd.ruleset
    layout = ruleset._observation_layout_obj or ruleset._observation_layout()
    (o_seat, o_dealer, o_from_dealer, o_phase, o_to_act, o_hand, o_held, o_played,
     o_bids, _passed, _calls, _won, o_trick, o_leader, o_from, o_high, o_bidder, o_target,
     o_mult, o_stake, o_contract, o_trump, o_suit, o_card, o_exposed_by, o_exposed_in,
     o_shown, o_points, o_out, o_window) = layout._offsets
    # Everything else read of the round, in one read (the round's own interface).
    (n, hands, exposed_at, exposed_by, concealed, bidder, high_bid, denomination, target,
     multiplier, stake, contract, all_tricks, auction_ended, tricks, trick, trick_seats,
     leader, trump_suit, trump_from, shown, points, active, window, kept, down,
     trump_known_to) = observation_facts(rnd)
    cards = layout._cards
    if out is None:
        buffer = out = [0.0] * layout.size
    else:
        buffer, out = out, _writer(out, layout.size)
    out[o_seat + seat] = 1.0
    dealer = rnd.dealer
    out[o_dealer + dealer] = 1.0
    out[o_from_dealer + (seat - dealer) % n] = 1.0
    phase = rnd.phase
    out[o_phase + _PHASE_INDEX[phase]] = 1.0
    to_act = rnd.to_act
    out[o_to_act + (n if to_act is None else to_act)] = 1.0
    hand = hands[seat]
    while hand:
        # A hand is a few cards: set each, lowest first.
        low = hand & -hand
        out[o_hand + low.bit_length() - 1] = 1.0
        hand ^= low
    per_card = layout._per_card
    # The face-down card counts with the seat that laid it, as in the view.
    _put(out, o_held, held_counts(rnd, per_card))
    if tricks:
        # What the finished tricks and the auction say is the same for every seat and
        # never changes once the first trick is done: kept with the round (clones share
        # it while they share the finished tricks, the same tuple), each trick's added
        # to the last trick's.
        if kept is None or kept[0] is not tricks:
            kept = layout._lasting(rnd, tricks, kept)
            keep_observation_parts(rnd, kept)
        # The played, auction and tricks_won slices, one after the other (into an
        # array's memoryview, as a buffer of its format: made once, kept beside them).
        if type(out) is list:
            out[o_played:o_trick] = kept[1]
        else:
            if kept[2] is None or kept[2].format != out.format:
                kept = (kept[0], kept[1], memoryview(array.array(out.format, kept[1])))
                keep_observation_parts(rnd, kept)
            out[o_played:o_trick] = kept[2]
    else:
        _put(out, o_bids, layout._auction(rnd))
    nbids = len(layout.bids)
    if bidder >= 0:
        # A contract a plug-in set need not be one of the bids: the "none" entry.
        out[o_high + layout._bid_index.get((high_bid, denomination), nbids)] = 1.0
        out[o_bidder + bidder] = 1.0
    else:
        out[o_high + nbids] = 1.0
        out[o_bidder + n] = 1.0
    if trick:
        k = o_trick
        for i, c in enumerate(trick):
            out[k + c] = 1.0
            out[o_played + trick_seats[i] * cards + c] = 1.0
            k += cards
        out[o_leader + leader] = 1.0
    else:
        out[o_leader + n] = 1.0
    exposed = exposed_at is not None
    out[o_from + (trump_from if exposed and trump_suit >= 0 else n)] = 1.0
    points_in_play = layout._points_in_play
    if bidder >= 0:
        if target is not None:
            out[o_target] = target / points_in_play
        out[o_mult + _MULTIPLIER_INDEX[multiplier]] = 1.0
        if stake is not None:
            out[o_stake] = float(stake)
        out[o_contract + layout._contract_kinds[contract]] = 1.0
    if layout._open_trump:
        if auction_ended and not all_tricks:
            out[o_trump + 1] = out[o_trump + 3] = 1.0
            if trump_suit >= 0:
                out[o_suit + trump_suit] = 1.0
    elif trump_suit >= 0 or concealed == UNDEALT:
        out[o_trump] = 1.0
        if exposed:
            out[o_trump + 1] = 1.0
        if not trump_known_to >> bidder & 1:  # its own bidder does not know it
            out[o_trump + 2] = 1.0
        if trump_known(rnd, seat):
            out[o_trump + 3] = 1.0
            out[o_suit + trump_suit] = 1.0
            if concealed >= 0:
                out[o_card + concealed] = 1.0
    if exposed_at is not None and exposed_by >= 0:
        out[o_exposed_by + exposed_by] = 1.0
        out[o_exposed_in + exposed_at[0]] = 1.0
    else:
        # Not exposed, or no trump was ever hidden (a bid that named it).
        out[o_exposed_by + n] = 1.0
    if shown:
        for s in range(n):
            _put_bits(out, o_shown + s * cards, shown & hands[s], cards)
    out[o_points] = points[0] / points_in_play
    out[o_points + 1] = points[1] / points_in_play
    if active != layout._everyone:
        for s in range(n):
            if not active >> s & 1:
                out[o_out + s] = 1.0
    if phase is CALLS and window is not None:
        out[o_window + layout.windows.index(window.name)] = 1.0
    else:
        out[o_window + len(layout.windows)] = 1.0
    if down:
        _hide_cuts(rnd, layout, seat, out, o_played, o_trick, o_points, tricks, trick,
                   trick_seats, points)
    if layout.plugins:
        port = port_of(rnd)
        at = layout._at
        for plugin in layout.plugins:
            part = at[plugin.name]
            values = plugin.observe(port, seat)
            if len(values) != part.size:
                raise ConfigError(f"plug-in {plugin.name} observed {len(values)} numbers, "
                                  f"not the {part.size} it declared")
            _put(out, part.start, values)
    return buffer


def _hide_cuts(rnd: Round, layout: ObservationLayout, seat: int, out: Any,
               o_played: int, o_trick: int, o_points: int, finished: tuple[Any, ...],
               trick: list[int], trick_seats: tuple[int, ...],
               team_points: tuple[int, int]) -> None:
    """Leave the cards cut face down that ``seat`` has not seen out of ``out`` (their
    cards and points), and count them in the ``face_down`` slice (where the layout has
    one: a ruleset that cuts face down; a card a plug-in turns face down elsewhere is
    left out all the same)."""
    hidden = face_down(rnd, seat)
    if not hidden:
        return
    cards, n = layout._cards, rnd.players
    points, scale = rnd.deck.points, layout._points_in_play
    part = layout._at.get("face_down")
    at = part.start if part is not None else -1
    unseen = [0, 0]
    tricks = [(seats, ids, winner) for seats, ids, winner, _, _ in finished]
    if trick:
        tricks.append((trick_seats, trick, -1))
    for seats, ids, winner in tricks:
        for i, (s, c) in enumerate(zip(seats, ids, strict=False)):
            if hidden >> c & 1:
                out[o_played + s * cards + c] = 0.0
                if at >= 0:
                    out[at + s] += layout._per_card
                if winner < 0:
                    out[o_trick + i * cards + c] = 0.0
                    if at >= 0:
                        out[at + n + i] = 1.0
                else:
                    unseen[winner & 1] += points[c]
    for team in (0, 1):
        out[o_points + team] = (team_points[team] - unseen[team]) / scale


_numpy: Any = None
"""numpy once looked for: the module, or False when it is not installed."""


def numpy_or_none() -> Any:
    """numpy, or None when it is not installed (the core does not need it)."""
    global _numpy
    if _numpy is None:
        try:
            import numpy
        except ImportError:  # pragma: no cover - the [test] extra installs numpy
            _numpy = False
        else:
            _numpy = numpy
    return _numpy or None


def as_mask(ids: Sequence[int], size: int) -> Any:
    """``size`` booleans, true at ``ids``: a numpy array when numpy is installed, else
    a list (the core does not need numpy)."""
    if numpy_or_none():
        mask = _numpy.zeros(size, dtype=bool)
        mask[list(ids)] = True
        return mask
    out = [False] * size
    for i in ids:
        out[i] = True
    return out
