"""The state of a round: every field, typed, in one place, and the small helpers that
keep it consistent. The round's layers (legality, transitions, views) and
:class:`~twentyeight.round.Round` itself build on :class:`RoundState`."""

from __future__ import annotations

from enum import Enum
from operator import or_
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast

import attrs

from .actions import Action, CardAction, Play
from .cards import Deck
from .errors import SeatError
from .inputs import describe, is_whole
from .plugin_port import PluginPort

if TYPE_CHECKING:
    from .config import RedealCheck
    from .plugins import AuctionRules, RulePlugin
    from .port import RoundPort
    from .results import RoundResult
    from .round import Round
    from .ruleset import Ruleset
    from .tricks import TrickOutcome

__all__ = ["AUCTION", "CALLS", "NO_TRUMP_YET", "OVER", "PLAY", "TRUMP", "Phase", "RawTrick",
           "RoundState"]

class _MaskLookup(Protocol):
    """A bound ``dict.get`` from a card mask to its actions (no ``self`` is passed)."""

    def __call__(self, mask: int, /) -> tuple[Action, ...] | None: ...


class _BidActions(Protocol):
    """The ruleset's bound ``bid_actions`` (no ``self`` is passed)."""

    def __call__(self, low: int, can_pass: bool = False, /) -> tuple[Action, ...]: ...


_NEXT_SEAT = {n: tuple((s + 1) % n for s in range(n)) for n in range(1, 65)}
"""The seat after each seat, by table size."""
_SEAT_ORDER = {n: tuple(tuple((s + k) % n for k in range(n)) for s in range(n))
               for n in range(1, 65)}
"""The seats of a trick led by each seat, in order, by table size."""

NO_TRUMP_YET = 1 << 30
"""``_trump_from`` while no card of the trump suit counts as a trump."""

RawTrick = tuple[tuple[int, ...], list[int], int, int, "int | None"]
"""A completed trick as the hot path keeps it: seats in order, card ids in order,
winner, points, trumps_from. :class:`~twentyeight.results.Trick` is its readable form."""


class Phase(str, Enum):
    """Where a round is. Its value is the name used in views and records."""

    AUCTION = "auction"
    """Players bid or pass, holding the cards dealt so far."""
    TRUMP = "trump"
    """The winning bidder marks the trump suit."""
    CALLS = "calls"
    """A plug-in's call window is open (doubling, declaring a single hand, ...)."""
    PLAY = "play"
    """Tricks are played."""
    OVER = "over"
    """The hand is scored (or annulled); nobody acts."""


AUCTION, TRUMP, CALLS, PLAY, OVER = (
    Phase.AUCTION, Phase.TRUMP, Phase.CALLS, Phase.PLAY, Phase.OVER)
"""The phases as module globals: the hot path compares against them by identity."""


class RoundState:
    """Every field of a round. Seats are bits in masks and cards are deck ids; the
    readable forms are built when read.

    What a ruleset fixes (its deck, its tables, its hooks) is never copied: every
    ruleset has its own subclass of :class:`~twentyeight.round.Round`
    (:func:`~twentyeight.ruleset.round_class`) that holds most of it as class attributes,
    and the parts the hot path reads most (the ruleset, its deck, the auction rules, the
    play tables and plug-ins) are references in slots, which Python 3.11 reads faster.
    A clone copies those references and what changes. Containers that change rarely
    (the cards dealt, the bids made, the plug-ins' state, the finished tricks) are
    immutable and replaced when they change, so clones share them."""

    __slots__ = (
        "__weakref__",
        "_actions",
        "_active",
        "_all_tricks",
        "_aside",
        "_auction_len",
        "_auction_rules",
        "_auction_view",
        "_bidder",
        "_bids_by",
        "_call_log",
        "_claim_checks",
        "_concealed",
        "_contract",
        "_deal",
        "_dealt",
        "_denomination",
        "_down",
        "_down_seen",
        "_exposed_at",
        "_exposed_by",
        "_hands",
        "_high_bid",
        "_later_calls",
        "_leader",
        "_led_suits",
        "_legal_cache",
        "_multiplier",
        "_must_trump",
        "_n",
        "_next_seat",
        "_obs_parts",
        "_packet_masks",
        "_packets_dealt",
        "_pass_run",
        "_passed",
        "_pending_windows",
        "_play_actions",
        "_play_index",
        "_play_of",
        "_play_plugins",
        "_port_obj",
        "_pstate",
        "_rank_order",
        "_record_actions",
        "_reopened_bid",
        "_resample_facts",
        "_result",
        "_scores",
        "_seat_order",
        "_shown",
        "_spoken",
        "_stake",
        "_target",
        "_team_points",
        "_team_tricks",
        "_trick",
        "_trick_outcome",
        "_trick_size",
        "_tricks",
        "_tricks_view",
        "_trump_from",
        "_trump_known",
        "_trump_led",
        "_trump_suit",
        "_view_kept",
        "_window",
        "_window_event",
        "dealer",
        "deck",
        "is_over",
        "phase",
        "ruleset",
        "seed",
        "to_act",
    )

    # What the ruleset fixes and the hot path reads: references to the ruleset's own
    # objects, in slots (Python 3.11 reads a slot faster than a class attribute).
    ruleset: Ruleset
    deck: Deck
    _n: int
    _auction_rules: AuctionRules
    _claim_checks: tuple[tuple[str, Any], ...]
    _play_actions: Any
    _play_index: dict[int, int]
    _play_of: tuple[Any, ...]
    _play_plugins: tuple[RulePlugin, ...]
    # How tricks are won and the rank order it follows (None: the deck's): the
    # ruleset's own function for that order (Ruleset._outcome_in), which a contract
    # with its own order puts in place of the deck's. In slots, not on the class, so
    # that a contract changes them and the round keeps its class.
    _trick_outcome: TrickOutcome
    _rank_order: tuple[str, ...] | None
    # What the ruleset fixes and is read less often: class attributes of each
    # ruleset's round class.
    _max_bid: ClassVar[int]
    _bid_step: ClassVar[int]
    _bid_values: ClassVar[frozenset[int]]
    _n_tricks: ClassVar[int]
    _last_trick_points: ClassVar[int]
    _on_play: ClassVar[bool]
    _after_deal: ClassVar[bool]
    _trump_views: ClassVar[dict[Any, dict[str, Any]] | None]
    _first_lead_after: ClassVar[int]
    _denominations: ClassVar[tuple[str | None, ...]]
    _ids: ClassVar[dict[Any, int]]
    _twins: ClassVar[bool]
    _by_text: ClassVar[dict[str, Action]]
    _action_texts: ClassVar[dict[int, str]]
    _action_quoted: ClassVar[dict[int, str]]
    _card_text: ClassVar[tuple[str, ...]]
    _name: ClassVar[str]
    _min_bid: ClassVar[int]
    _results: ClassVar[dict[tuple[Any, ...], RoundResult]]
    _max_actions: ClassVar[int]
    _windows_at: ClassVar[dict[str, tuple[RulePlugin, ...]]]
    _checks_at: ClassVar[dict[str, tuple[RedealCheck, ...]]]
    _claims_at: ClassVar[dict[str, tuple[RedealCheck, ...]]]
    _bid_actions: ClassVar[_BidActions]
    _auction_after: ClassVar[int]
    _points: ClassVar[tuple[int, ...]]
    _trick_plugins: ClassVar[tuple[RulePlugin, ...]]
    _card_plugins: ClassVar[tuple[RulePlugin, ...]]
    _restrictors: ClassVar[tuple[RulePlugin, ...]]
    _settlers: ClassVar[tuple[RulePlugin, ...]]
    _suit_of: ClassVar[tuple[int, ...]]
    _suit_mask: ClassVar[tuple[int, ...]]
    _known_plays: ClassVar[_MaskLookup]

    dealer: int
    seed: int | None
    is_over: bool
    phase: Phase
    to_act: int | None
    _port_obj: RoundPort | None
    _deal: tuple[tuple[int, ...], ...] | None
    _scores: tuple[int, ...] | None
    _packet_masks: tuple[tuple[int, ...], ...]
    _hands: list[int]
    _dealt: tuple[int, ...]
    _packets_dealt: int
    _actions: list[tuple[int, Action]]
    # auction
    _high_bid: int
    _bidder: int
    _passed: int
    _spoken: int
    _bids_by: tuple[int, ...]
    _pass_run: int
    _denomination: str | None
    _auction_len: int | None
    # the highest bid when the auction was reopened once the deal was complete, if it was
    _reopened_bid: int | None
    _auction_view: tuple[dict[str, Any], ...] | None
    _obs_parts: Any
    # contract
    _target: int | None
    _multiplier: int
    _stake: int | None
    _contract: str
    _all_tricks: bool
    # trump
    _trump_suit: int
    # the face-down trump card (UNDEALT: one chosen before it is dealt, -1: none)
    _concealed: int
    # seats that know the trump (suit and face-down card) while it is concealed; once it
    # is exposed everyone does (sight.trump_known)
    _trump_known: int
    _exposed_by: int
    _exposed_at: tuple[int, int] | None
    _trump_from: int
    # cards face down (cut into a trick, laid aside) and not turned up for everyone, and
    # per seat the face-down cards it has seen (sight.face_down); read through sight.py
    _down: int
    _down_seen: tuple[int, ...]
    # the face-down cards laid aside from a hand (sight.hide): still their seat's cards,
    # not in its hand; played, face down, once the hand is empty
    _aside: int
    _must_trump: int
    _trump_led: bool
    _led_suits: int
    # call windows; the plug-in name of each call made after the auction, in order
    _call_log: tuple[str, ...]
    # later_calls()'s answer for the call log it was made for (clones share it)
    _later_calls: Any
    _window: RulePlugin | None
    _window_event: str
    _pending_windows: tuple[RulePlugin, ...]
    # play
    _active: int
    _next_seat: tuple[int, ...]
    _trick_size: int
    _trick: list[int]
    _seat_order: tuple[tuple[int, ...], ...]
    _tricks: tuple[RawTrick, ...]
    _tricks_view: tuple[dict[str, Any], ...]
    _team_points: tuple[int, int]
    _team_tricks: tuple[int, int]
    _pstate: dict[str, Any]
    _shown: int
    _result: RoundResult | None
    _legal_cache: Any
    _leader: int
    _resample_facts: Any
    _record_actions: tuple[int, str] | None
    _view_kept: Any  # the views' parts every seat shares (views._Shared), or None

    @property
    def _port(self) -> RoundPort:
        """The round as its plug-ins see it, made when a hook first needs it (most
        clones made by a search never call a hook). Hooks on the hot path read
        ``self._port_obj or self._port``: a slot is read faster than a property."""
        port = self._port_obj
        if port is None:
            port = self._port_obj = PluginPort(cast("Round", self))
        return port

    def _seat(self, seat: object) -> int:
        """``seat`` itself if it is a seat of this round, else :class:`SeatError`."""
        if not is_whole(seat, 0, self._n):
            raise SeatError(f"a seat is a whole number from 0 to {self._n - 1}, "
                            f"got {describe(seat)}")
        return seat  # type: ignore[return-value]

    def _set_active(self, active: int) -> None:
        n = self._n
        self._active = active
        nxt = []
        for s in range(n):
            t = (s + 1) % n
            while not active >> t & 1:
                t = (t + 1) % n
            nxt.append(t)
        self._next_seat = tuple(nxt)
        self._trick_size = size = active.bit_count()
        order = []
        for s in range(n):
            seats = [s]
            while len(seats) < size:
                seats.append(nxt[seats[-1]])
            order.append(tuple(seats))
        self._seat_order = tuple(order)

    def _trick_seats(self) -> tuple[int, ...]:
        """The seats that have played to the trick in progress, in order."""
        return self._seat_order[self._leader][:len(self._trick)]

    def _deal_packets(self, count: int) -> None:
        start = self._packets_dealt
        rows = self._packet_masks[start:start + count]
        hands = self._hands
        if not start and rows:
            # The first packet is all each seat holds.
            dealt = rows[0]
            hands[:] = dealt
            rows = rows[1:]
        else:
            dealt = self._dealt
        for masks in rows:
            for seat, m in enumerate(masks):
                hands[seat] |= m
            dealt = tuple(map(or_, dealt, masks))
        self._packets_dealt = start + count
        self._dealt = dealt

    def _held(self, seat: int) -> int:
        """Every unplayed card ``seat`` holds, a concealed trump card and the cards it
        laid aside included."""
        m = self._hands[seat]
        if self._aside:
            m |= self._aside & self._dealt[seat]
        if seat == self._bidder and self._concealed >= 0 and self._exposed_at is None:
            m |= 1 << self._concealed
            m &= ~self._down  # cut face down into the trick in progress: played
        return m

    def _changed(self) -> None:
        self._legal_cache = None


def fill_blank(rnd: RoundState, ruleset: Ruleset, dealer: int) -> None:
    """Set every field of ``rnd`` to its value before the first card is dealt (the
    ruleset's blank round for ``dealer``, which new rounds copy)."""
    cfg = ruleset.config
    rnd.ruleset = ruleset
    rnd.deck = ruleset.deck
    rnd._n = n = cfg.players
    rnd._auction_rules = cfg.auction
    # The read-only tables' own objects: the hot path reads them without the proxy.
    rnd._claim_checks = ruleset.claim_checks
    rnd._play_actions = ruleset._play_table.of
    rnd._play_index = ruleset._play_index
    rnd._play_of = ruleset.play_action_of_id
    rnd._play_plugins = ruleset.play_plugins
    rnd._trick_outcome = ruleset._outcome_in(None)
    rnd._rank_order = None
    rnd.dealer = dealer
    rnd.seed = None
    rnd._deal = None
    rnd._scores = None
    rnd.is_over = False
    rnd._packet_masks = ()
    rnd._port_obj = None
    rnd._hands = [0] * n
    rnd._dealt = (0,) * n
    rnd._packets_dealt = 0
    rnd._actions = []
    # auction
    rnd._high_bid = 0
    rnd._bidder = -1
    rnd._passed = 0
    rnd._spoken = 0
    rnd._bids_by = (0,) * n
    rnd._pass_run = 0
    rnd._denomination = None
    rnd._auction_len = None
    rnd._reopened_bid = None
    rnd._auction_view = None
    rnd._obs_parts = None
    # contract
    rnd._target = None
    rnd._multiplier = 1
    rnd._stake = None
    rnd._contract = "bid"
    rnd._all_tricks = False
    # trump
    rnd._trump_suit = -1
    rnd._concealed = -1
    rnd._trump_known = 0
    rnd._exposed_by = -1
    rnd._exposed_at = None
    rnd._trump_from = NO_TRUMP_YET
    rnd._down = 0
    rnd._down_seen = (0,) * n
    rnd._aside = 0
    rnd._must_trump = -1
    rnd._trump_led = False
    rnd._led_suits = 0
    # call windows; the plug-in name of each call made after the auction, in order
    rnd._call_log = ()
    rnd._later_calls = None
    rnd._window = None
    rnd._window_event = ""
    rnd._pending_windows = ()
    # play
    rnd._active = (1 << n) - 1
    rnd._next_seat = _NEXT_SEAT[n]
    rnd._trick_size = n
    rnd._trick = []
    rnd._seat_order = _SEAT_ORDER[n]
    rnd._tricks = ()
    rnd._tricks_view = ()
    rnd._team_points = (0, 0)
    rnd._team_tricks = (0, 0)
    rnd._pstate = {}
    rnd._shown = 0
    rnd._result = None
    rnd._legal_cache = None
    rnd._leader = (dealer + rnd._first_lead_after) % n
    rnd._resample_facts = None
    rnd._record_actions = None
    rnd._view_kept = None
    rnd.phase = Phase.AUCTION
    rnd.to_act = None


def copy_round(rnd: Round) -> Round:
    """The body of :meth:`Round.clone <twentyeight.round.Round.clone>`: what the ruleset
    fixes and the immutable containers are shared, what changes is copied, field by
    field (a field added to :class:`RoundState` gets its line here and in
    :func:`fill_blank`)."""
    new = object.__new__(type(rnd))
    new.ruleset = rnd.ruleset
    new.deck = rnd.deck
    new._n = rnd._n
    new._auction_rules = rnd._auction_rules
    new._claim_checks = rnd._claim_checks
    new._play_actions = rnd._play_actions
    new._play_index = rnd._play_index
    new._play_of = rnd._play_of
    new._play_plugins = rnd._play_plugins
    new._trick_outcome = rnd._trick_outcome
    new._rank_order = rnd._rank_order
    new.dealer = rnd.dealer
    new.seed = rnd.seed
    new.is_over = rnd.is_over
    new.phase = rnd.phase
    new.to_act = rnd.to_act
    new._port_obj = None
    new._deal = rnd._deal
    new._scores = rnd._scores
    new._packet_masks = rnd._packet_masks
    new._hands = rnd._hands.copy()
    new._dealt = rnd._dealt
    new._packets_dealt = rnd._packets_dealt
    new._actions = rnd._actions.copy()
    new._high_bid = rnd._high_bid
    new._bidder = rnd._bidder
    new._passed = rnd._passed
    new._spoken = rnd._spoken
    new._bids_by = rnd._bids_by
    new._pass_run = rnd._pass_run
    new._denomination = rnd._denomination
    new._auction_len = rnd._auction_len
    new._reopened_bid = rnd._reopened_bid
    new._auction_view = rnd._auction_view
    new._obs_parts = rnd._obs_parts
    new._target = rnd._target
    new._multiplier = rnd._multiplier
    new._stake = rnd._stake
    new._contract = rnd._contract
    new._all_tricks = rnd._all_tricks
    new._trump_suit = rnd._trump_suit
    new._concealed = rnd._concealed
    new._trump_known = rnd._trump_known
    new._exposed_by = rnd._exposed_by
    new._exposed_at = rnd._exposed_at
    new._trump_from = rnd._trump_from
    new._down = rnd._down
    new._down_seen = rnd._down_seen
    new._aside = rnd._aside
    new._must_trump = rnd._must_trump
    new._trump_led = rnd._trump_led
    new._led_suits = rnd._led_suits
    new._call_log = rnd._call_log
    new._later_calls = rnd._later_calls
    new._window = rnd._window
    new._window_event = rnd._window_event
    new._pending_windows = rnd._pending_windows
    new._active = rnd._active
    new._next_seat = rnd._next_seat
    new._trick_size = rnd._trick_size
    new._trick = rnd._trick.copy()
    new._seat_order = rnd._seat_order
    new._tricks = rnd._tricks
    new._tricks_view = rnd._tricks_view
    new._team_points = rnd._team_points
    new._team_tricks = rnd._team_tricks
    new._pstate = rnd._pstate
    new._shown = rnd._shown
    new._result = rnd._result
    new._legal_cache = rnd._legal_cache
    new._leader = rnd._leader
    new._resample_facts = rnd._resample_facts
    new._record_actions = rnd._record_actions
    new._view_kept = rnd._view_kept
    return new


def substitute(rnd: RoundState, mapping: dict[int, int]) -> None:
    """Cards of ``rnd``'s history replaced by others (card id to card id, a
    permutation of some face-down cards: a resampled deal's): the plays, the trump
    part's secret actions, the tricks and their points, the face-down and laid-aside
    cards and the face-down trump card. The deal itself is the caller's, and so are the
    round's kept answers that read the history (the legal actions, the resample facts,
    the record's text)."""
    if all(old == new for old, new in mapping.items()):
        return
    if rnd._concealed in mapping:
        rnd._concealed = mapping[rnd._concealed]
    moved = 0
    for old in mapping:
        moved |= 1 << old
    if rnd._down & moved:

        def moved_mask(mask: int) -> int:
            out = mask & ~moved
            for old, new in mapping.items():
                out |= (mask >> old & 1) << new
            return out

        rnd._down = moved_mask(rnd._down)
        rnd._down_seen = tuple(moved_mask(m) for m in rnd._down_seen)
        rnd._aside = moved_mask(rnd._aside)
    actions, ids, play_of = rnd._actions, rnd._ids, rnd._play_of
    secret = rnd.ruleset.config.trump.secret_kinds
    for i, (who, action) in enumerate(actions):
        if type(action) is Play and ids[action.card] in mapping:
            actions[i] = (who, play_of[mapping[ids[action.card]]])
        elif type(action) in secret and isinstance(action, CardAction) \
                and ids[action.card] in mapping:
            # (A trump part's secret action names a face-down card: a laid-aside one.)
            actions[i] = (who, attrs.evolve(action, card=rnd.deck.cards[
                mapping[ids[action.card]]]))
    rnd._trick = [mapping.get(c, c) for c in rnd._trick]
    tricks = list(rnd._tricks)
    points = rnd._points
    for k, (seats, cards, winner, pts, trumps_from) in enumerate(tricks):
        if any(c in mapping for c in cards):
            gain = sum(points[mapping[c]] - points[c] for c in cards if c in mapping)
            tricks[k] = (seats, [mapping.get(c, c) for c in cards], winner, pts + gain,
                         trumps_from)
            team = list(rnd._team_points)
            team[winner & 1] += gain
            rnd._team_points = (team[0], team[1])
            rnd._tricks_view = ()
    rnd._tricks = tuple(tricks)
