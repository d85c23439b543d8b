"""The round's side of :class:`~twentyeight.port.RoundPort`: what each plug-in hook is
handed. It reads the round's fields directly (hooks run on the hot path) and makes the
few changes the port allows."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from .errors import ConfigError

if TYPE_CHECKING:
    from .actions import Action
    from .cards import Card, Deck
    from .config import RulesetConfig
    from .results import Trick
    from .round import Round

__all__ = ["PluginPort"]


class PluginPort:
    """A round as its plug-ins see it (see :class:`~twentyeight.port.RoundPort`)."""

    __slots__ = ("_hands", "_r", "config", "dealer", "deck", "opener", "players")

    def __init__(self, rnd: Round) -> None:
        # A weak reference: the round holds its port, and a cycle would keep every
        # finished round alive until the garbage collector found it.
        self._r: Round = weakref.proxy(rnd)
        # What never changes in a round is copied once: hooks read it on the hot path.
        self.config: RulesetConfig = rnd.ruleset.config
        """The ruleset's configuration."""
        self.deck: Deck = rnd.deck
        """The compiled deck."""
        self.players: int = rnd._n
        """Number of seats."""
        self.dealer: int = rnd.dealer
        """The dealing seat."""
        self.opener: int = (rnd.dealer + 1) % rnd._n
        """The seat to the dealer's right."""
        # The round changes its hands in place and never replaces the list.
        self._hands = rnd._hands

    # ------------------------------------------------------------------ reads

    @property
    def to_act(self) -> int | None:
        """The seat to act."""
        return self._r.to_act

    @property
    def bidder(self) -> int | None:
        """The seat holding the highest bid."""
        b = self._r._bidder
        return b if b >= 0 else None

    @property
    def bid(self) -> int | None:
        """The highest bid so far."""
        r = self._r
        return r._high_bid if r._bidder >= 0 else None

    @property
    def denomination(self) -> str | None:
        """What the highest bid names where bids name the trump."""
        return self._r._denomination

    @property
    def target(self) -> int | None:
        """The card points the contract needs."""
        return self._r._target

    @property
    def multiplier(self) -> int:
        """1, 2 doubled, 4 redoubled."""
        return self._r._multiplier

    @property
    def stake(self) -> int | None:
        """A fixed number of game points a call put on the hand."""
        return self._r._stake

    @property
    def contract(self) -> str:
        """``"bid"`` or the plug-in that set another kind of contract."""
        return self._r._contract

    @property
    def scores(self) -> tuple[int, ...] | None:
        """The match's game points when the round was dealt."""
        return self._r._scores

    @property
    def passed_mask(self) -> int:
        """Seats that have passed, as bits."""
        return self._r._passed

    @property
    def spoken_mask(self) -> int:
        """Seats that have made any call, as bits."""
        return self._r._spoken

    @property
    def pass_run(self) -> int:
        """Consecutive passes since the last other call."""
        return self._r._pass_run

    @property
    def reopened_bid(self) -> int | None:
        """The highest bid when the auction was reopened, if it was."""
        return self._r._reopened_bid

    def bids_made(self, seat: int) -> int:
        """How many bids ``seat`` has made."""
        return self._r._bids_by[seat]

    @property
    def trump_exposed(self) -> bool:
        """True once the trump suit is known to everyone."""
        return self._r._exposed_at is not None

    @property
    def exposed_at(self) -> tuple[int, int] | None:
        """Where the trump was exposed."""
        return self._r._exposed_at

    @property
    def trump_suit_index(self) -> int:
        """The trump suit's deck index, or -1."""
        return self._r._trump_suit

    @property
    def window(self) -> str | None:
        """The plug-in whose call window is open."""
        return self._r.window

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far."""
        return self._r.history

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks."""
        return self._r.tricks

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick in progress."""
        return self._r.current_trick

    @property
    def card_points(self) -> tuple[int, int]:
        """Card points each team has won."""
        return self._r.card_points

    @property
    def active_mask(self) -> int:
        """Seats that play cards."""
        return self._r._active

    @property
    def shown_mask(self) -> int:
        """Cards held that everyone has seen."""
        return self._r._shown

    def team_of(self, seat: int) -> int:
        """The team a seat plays for."""
        return seat & 1

    def hand_mask(self, seat: int) -> int:
        """``seat``'s hand, without a concealed trump card."""
        return self._hands[seat]

    def held_mask(self, seat: int) -> int:
        """Every unplayed card of ``seat``, a concealed trump card included."""
        return self._r._held(seat)

    def dealt_mask(self, seat: int) -> int:
        """Every card dealt to ``seat`` so far."""
        return self._r._dealt[seat]

    @property
    def dealt_masks(self) -> tuple[int, ...]:
        """Every seat's dealt cards, by seat."""
        return self._r._dealt

    def unseen_mask(self, seat: int) -> int:
        """Cards dealt to ``seat`` that it has not seen."""
        r = self._r
        if r._blind and seat == r._bidder and r._concealed >= 0:
            return 1 << r._concealed
        return 0

    def first_packet_mask(self, seat: int) -> int:
        """The first packet dealt to ``seat``."""
        return self._r._packet_masks[0][seat]

    def auction_mask(self, seat: int) -> int:
        """The cards ``seat`` held during the auction."""
        return self._r.auction_mask(seat)

    def plugin_state(self, name: str, default: Any = None) -> Any:
        """Plug-in ``name``'s state in this round."""
        return self._r._pstate.get(name, default)

    # ------------------------------------------------------------------ changes

    def set_plugin_state(self, name: str, value: Any) -> None:
        """Replace plug-in ``name``'s state (an immutable value)."""
        r = self._r
        # Replaced, never changed in place: clones share the dict until one of them writes.
        r._pstate = {**r._pstate, name: value}
        r._changed()

    def set_target(self, target: int) -> None:
        """The card points the contract now needs."""
        self._r._target = target

    def set_multiplier(self, multiplier: int) -> None:
        """The stake multiplier."""
        self._r._multiplier = multiplier

    def set_stake(self, game_points: int | None) -> None:
        """A fixed number of game points the hand is played for."""
        self._r._stake = game_points

    def show_cards(self, mask: int) -> None:
        """Cards still held that everyone has now seen."""
        self._r._shown |= mask

    def expose_trump(self) -> None:
        """Turn the concealed trump up now, by rule (its holder exposes it)."""
        r = self._r
        if r._trump_suit >= 0 and r._exposed_at is None and not r._seventh_pending:
            r._changed()
            r._expose(r._bidder)

    def set_contract(self, seat: int, bid: int, denomination: str | None = None) -> None:
        """Make ``seat`` the declarer of ``bid`` (a default contract)."""
        r = self._r
        r._bidder = seat
        r._high_bid = bid
        r._denomination = denomination

    def begin_every_trick_contract(self, seat: int, contract: str,
                                   partners_play: bool = False,
                                   rank_order: tuple[str, ...] | None = None) -> None:
        """``seat`` plays for every trick, without a trump."""
        order = None if rank_order is None else tuple(rank_order)
        if order is not None:
            self._r.ruleset._outcome_in(order)  # refuses it before any change
        self._r._begin_every_trick_contract(seat, contract, partners_play, order)

    def open_trump(self, suit: str) -> None:
        """The trump is now ``suit``, known to all."""
        r = self._r
        suits = r.deck.spec.suits
        if suit not in suits:
            raise ConfigError(f"open_trump: {suit!r} is not a suit of the deck "
                              f"({', '.join(suits)})")
        if r._trump_suit < 0 and r._concealed < 0:
            r._open_trump(suits.index(suit))
