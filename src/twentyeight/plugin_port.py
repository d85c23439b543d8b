"""The round's side of :class:`~twentyeight.port.RoundPort`: what each plug-in hook is
handed.

Every read of the port that the round also answers is the round's own: the port hands
it on to the round's property or method of the same name, so each is written once (on
:class:`~twentyeight.round.Round`) and gives the same result through either door. What
never changes during a round is copied once, and the port adds only the two reads the
round has no public name for and the few changes it allows."""

from __future__ import annotations

import weakref
from operator import attrgetter
from typing import TYPE_CHECKING, Any, cast

from . import port_access as access
from .errors import ConfigError
from .port import RoundPort
from .sight import ALL, UNDEALT, hide, lay_aside, reveal, set_trump

if TYPE_CHECKING:
    from collections.abc import Callable

    from .cards import Deck
    from .config import RulesetConfig
    from .round import Round

__all__ = ["PluginPort"]


class _RoundRead:
    """A read of :class:`~twentyeight.port.RoundPort` that the round answers itself.
    Once the class is made it puts a property in its own place that reads the attribute
    of that name of the port's round, in one C-level lookup (``attrgetter``): no Python
    frame is added to the round's own read."""

    __slots__ = ()

    def __set_name__(self, owner: type, name: str) -> None:
        setattr(owner, name, property(attrgetter("_r." + name),
                                      doc=getattr(RoundPort, name).__doc__))


def _round_read() -> Any:
    """Mark a read of the port as the round's own (see :class:`_RoundRead`)."""
    return _RoundRead()


class PluginPort:
    """A round as its plug-ins see it (see :class:`~twentyeight.port.RoundPort`)."""

    __slots__ = ("_hand_masks", "_playing", "_r", "config", "dealer", "deck", "opener",
                 "players")

    def __init__(self, rnd: Round) -> None:
        # A weak reference: the round holds its port, and a cycle would keep every
        # finished round alive until the garbage collector found it.
        self._r: Round = weakref.proxy(rnd)
        # What never changes in a round is read from it once: hooks read it on the hot
        # path, and a slot is read faster than a forwarded property.
        self.config: RulesetConfig = rnd.config
        self.deck: Deck = rnd.deck
        self.players: int = rnd.players
        self.dealer: int = rnd.dealer
        self.opener: int = rnd.opener
        # The round changes its hands in place and never replaces the list.
        self._hand_masks = access.hands_list(rnd)
        # The card being played while the trump part's on_play runs: it may hide it.
        self._playing = 0

    # ------------------------------------------------------------------ reads

    to_act = _round_read()
    bidder = _round_read()
    bid = _round_read()
    denomination = _round_read()
    target = _round_read()
    multiplier = _round_read()
    stake = _round_read()
    contract = _round_read()
    scores = _round_read()
    passed_mask = _round_read()
    spoken_mask = _round_read()
    pass_run = _round_read()
    reopened_bid = _round_read()
    bids_made = _round_read()
    trump_exposed = _round_read()
    exposed_at = _round_read()
    trump_suit_index = _round_read()
    window = _round_read()
    history = _round_read()
    tricks = _round_read()
    current_trick = _round_read()
    card_points = _round_read()
    active_mask = _round_read()
    shown_mask = _round_read()
    team_of = _round_read()
    held_mask = _round_read()
    dealt_mask = _round_read()
    first_packet_mask = _round_read()
    auction_mask = _round_read()

    # Two reads that plug-ins make on every legality check (the pair's, say) are the
    # port's own: through the round, each call would first make a bound method, which
    # costs more than the read (a few per cent of a round of 29).

    def hand_mask(self, seat: int) -> int:
        """``seat``'s hand, without a concealed trump card."""
        return self._hand_masks[seat]

    plugin_state = access.plugin_state

    # The reads the round has no public name for.

    dealt_masks = property(access.dealt_masks)
    deal_card = access.deal_card
    unseen_mask = access.unseen_mask
    trump_led = property(access.trump_led)
    trump_card = property(access.trump_card)
    trump_state = property(access.trump_state)
    led_suit = property(access.led_suit)
    trick_cards = property(access.trick_cards)
    tricks_played = property(access.tricks_played)
    down_mask = property(access.down_mask)

    # ------------------------------------------------------------------ changes

    def set_plugin_state(self, name: str, value: Any) -> None:
        """Replace plug-in ``name``'s state (an immutable value)."""
        access.set_plugin_state(self._r, name, value)

    def set_target(self, target: int) -> None:
        """The card points the contract now needs."""
        access.set_target(self._r, target)

    def set_multiplier(self, multiplier: int) -> None:
        """The stake multiplier."""
        access.set_multiplier(self._r, multiplier)

    def set_stake(self, game_points: int | None) -> None:
        """A fixed number of game points the hand is played for."""
        access.set_stake(self._r, game_points)

    def show_cards(self, mask: int) -> None:
        """Cards still held that everyone has now seen."""
        access.show_cards(self._r, mask)

    def expose_trump(self, seat: int | None = None, from_first: bool = False) -> None:
        """Turn the concealed trump up now, by rule (by ``seat``, default its holder)."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise ConfigError(f"expose_trump: {seat!r} is not a seat")
        access.expose_trump(self._r, seat, bool(from_first))

    def set_contract(self, seat: int, bid: int, denomination: str | None = None) -> None:
        """Make ``seat`` the declarer of ``bid`` (a default contract)."""
        access.set_contract(self._r, seat, bid, denomination)

    def begin_every_trick_contract(self, seat: int, contract: str,
                                   partners_play: bool = False,
                                   rank_order: tuple[str, ...] | None = None) -> None:
        """``seat`` plays for every trick, without a trump."""
        order = None if rank_order is None else tuple(rank_order)
        self._r.ruleset._outcome_in(order)  # refuses a bad order before any change
        access.begin_every_trick_contract(self._r, seat, contract, partners_play, order)

    def open_trump(self, suit: str) -> None:
        """The trump is now ``suit``, known to all."""
        suits = self._r.deck.spec.suits
        if suit not in suits:
            raise ConfigError(f"open_trump: {suit!r} is not a suit of the deck "
                              f"({', '.join(suits)})")
        access.open_trump(self._r, suits.index(suit))

    def hide(self, mask: int, seen_by: int) -> None:
        """Cards of the trick in progress or of hands go face down, seen only by
        ``seen_by`` (from a hand: laid aside)."""
        r = self._r
        # (The card being played, from on_play, counts as the trick's, not its hand's.)
        in_trick = self._playing
        for cid in access.trick_cards(self):
            in_trick |= 1 << cid
        in_hands = 0
        for seat in range(r.players):
            in_hands |= self.hand_mask(seat)
        in_hands &= ~in_trick
        if not isinstance(mask, int) or not isinstance(seen_by, int) \
                or mask & ~(in_trick | in_hands):
            raise ConfigError(f"hide: {mask!r} is not a mask of cards of the trick in "
                              "progress or of hands")
        hide(r, mask & in_trick, seen_by)
        lay_aside(r, mask & in_hands, seen_by)

    def reveal(self, mask: int, to: int = ALL) -> None:
        """Face-down cards turned up for ``to`` (every seat: face up again)."""
        if not isinstance(mask, int) or not isinstance(to, int):
            raise ConfigError(f"reveal: masks are whole numbers, got {mask!r}, {to!r}")
        reveal(self._r, mask, to)

    def set_trump(self, suit: int = -1, card: int = -1, known_to: int = 0,
                  exposed: bool = False) -> None:
        """The trump is chosen (see :meth:`RoundPort.set_trump`)."""
        r = self._r
        if not (isinstance(suit, int) and -1 <= suit < len(r.deck.spec.suits)):
            raise ConfigError(f"set_trump: suit {suit!r} is not a suit index of the deck")
        if not (isinstance(card, int) and (-1 <= card < r.deck.size or card == UNDEALT)):
            raise ConfigError(f"set_trump: card {card!r} is not a card id of the deck")
        bidder = r.bidder
        if card >= 0 and not (bidder is not None and self.hand_mask(bidder) >> card & 1):
            raise ConfigError(f"set_trump: card {card} is not in the bidder's hand")
        if card >= 0 and exposed:
            raise ConfigError("set_trump: a face-down trump card cannot be exposed at once")
        set_trump(r, suit, card, known_to, exposed)


def playing(port: RoundPort, seat: int, cid: int,
            on_play: Callable[[RoundPort, int, int], bool]) -> None:
    """Ask ``on_play`` (the trump part's :meth:`~twentyeight.trump.TrumpRules.on_play`)
    about card ``cid``, which ``seat`` plays now: while it runs, the port's
    :meth:`~PluginPort.hide` accepts that card, not yet in the trick."""
    own = cast("PluginPort", port)
    own._playing = 1 << cid
    try:
        on_play(port, seat, cid)
    finally:
        own._playing = 0
