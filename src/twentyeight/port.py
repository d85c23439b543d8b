"""The one door between a round and its plug-ins.

Every hook of an auction, rule plug-in or redeal check receives a :class:`RoundPort`:
the reads a plug-in may make of the round and the few changes it may make to it. The
round gives each plug-in this port, never itself, so the changes are possible only
from inside a hook, where the round records the action that caused them (an app
cannot call them, and a reloaded round is always the same round). mypy checks plug-ins
against it: a hook that reaches for anything else does not type-check.

A read the round also offers (:attr:`~twentyeight.round.Round.bidder`,
:meth:`~twentyeight.round.Round.held_mask`, ...) is the round's own: the port hands it on
to the round, so it gives the same answer through either door. Two reads hooks make on
every legality check, :meth:`RoundPort.hand_mask` and :meth:`RoundPort.plugin_state`,
the port answers itself from the same fields, for speed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    from .actions import Action
    from .cards import Card, Deck
    from .config import RulesetConfig
    from .results import Trick

__all__ = ["UNDEALT", "RoundPort", "TrumpState"]

UNDEALT = -2
"""The :attr:`TrumpState.card` (and :attr:`RoundPort.trump_card`) of a face-down trump
card chosen before it is dealt (a seventh card taken while the deal is incomplete): the
trump is chosen, its card and suit are not yet set (``rnd.set_trump(card=UNDEALT)``)."""


class TrumpState(NamedTuple):
    """The trump as a round keeps it (:attr:`RoundPort.trump_state`)."""

    suit: int
    """The trump suit as a deck suit index; -1 before it is chosen, with none, or
    while the face-down card is still to be dealt."""
    card: int
    """The face-down trump card's id; -1 for none, :data:`UNDEALT`
    for one still to be dealt."""
    known_to: int
    """The seats (seat bits) that know the trump while it is concealed."""
    exposed_at: tuple[int, int] | None
    """Where it was exposed: ``(trick index, position in the trick)``; ``None`` while
    concealed."""
    exposed_by: int | None
    """The seat that exposed it; ``None`` while concealed."""
    holder: int | None
    """The seat that holds the face-down card (the bidder)."""


class RoundPort(Protocol):
    """What a plug-in's hook may read of the round and change in it."""

    # ------------------------------------------------------------------ reads

    @property
    def config(self) -> RulesetConfig:
        """The ruleset's configuration."""
        ...

    @property
    def deck(self) -> Deck:
        """The compiled deck (card ids, masks, points)."""
        ...

    @property
    def players(self) -> int:
        """Number of seats."""
        ...

    @property
    def dealer(self) -> int:
        """The dealing seat."""
        ...

    @property
    def opener(self) -> int:
        """The seat to the dealer's right: first to bid and first to lead."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat to act."""
        ...

    @property
    def bidder(self) -> int | None:
        """The seat holding the highest bid (or playing a contract a plug-in set)."""
        ...

    @property
    def bid(self) -> int | None:
        """The highest bid so far."""
        ...

    @property
    def denomination(self) -> str | None:
        """What the highest bid names where bids name the trump."""
        ...

    @property
    def target(self) -> int | None:
        """The card points the contract needs."""
        ...

    @property
    def multiplier(self) -> int:
        """1, 2 doubled, 4 redoubled."""
        ...

    @property
    def stake(self) -> int | None:
        """A fixed number of game points a call put on the hand."""
        ...

    @property
    def contract(self) -> str:
        """``"bid"``, or the name of the plug-in that set another kind of contract."""
        ...

    @property
    def scores(self) -> tuple[int, ...] | None:
        """The match's running game points when the round was dealt, if given."""
        ...

    @property
    def passed_mask(self) -> int:
        """Seats that have passed in the auction, as bits."""
        ...

    @property
    def spoken_mask(self) -> int:
        """Seats that have made any call in the auction, as bits."""
        ...

    @property
    def pass_run(self) -> int:
        """Consecutive passes since the last bid or other call of the auction."""
        ...

    @property
    def reopened_bid(self) -> int | None:
        """The highest bid when the auction was reopened once the deal was complete (see
        :meth:`~twentyeight.plugins.AuctionRules.reopen`), or ``None`` while it has not
        been: the auction's hooks tell its second round by it."""
        ...

    def bids_made(self, seat: int) -> int:
        """How many bids ``seat`` has made in this auction."""
        ...

    @property
    def trump_exposed(self) -> bool:
        """True once the trump suit is known to everyone."""
        ...

    @property
    def exposed_at(self) -> tuple[int, int] | None:
        """Where the trump was exposed: ``(trick index, position in the trick)``."""
        ...

    @property
    def trump_suit_index(self) -> int:
        """The trump suit as a deck suit index, -1 before it is chosen or with none."""
        ...

    @property
    def trump_led(self) -> bool:
        """True once a player other than the bidder has led a card of the trump suit
        (whether or not the trump was known then)."""
        ...

    @property
    def trump_card(self) -> int:
        """The card id of the bidder's trump card (laid face down, exposed or not), -1
        for none. Like :attr:`trump_suit_index`, full information while it is
        concealed."""
        ...

    @property
    def trump_state(self) -> TrumpState:
        """The trump as the round keeps it, in one read (a trump part's
        :meth:`~twentyeight.trump.TrumpRules.view` reads it for every view): see
        :class:`TrumpState`. Full information, like :attr:`trump_card`."""
        ...

    @property
    def led_suit(self) -> int:
        """The suit of the card that led the trick in progress (a deck suit index),
        -1 before its first card."""
        ...

    @property
    def trick_cards(self) -> tuple[int, ...]:
        """The card ids of the trick in progress, in the order played (the seats are
        :attr:`current_trick`'s)."""
        ...

    @property
    def down_mask(self) -> int:
        """Every card lying face down on the table (card-id bits), whoever has seen
        it (see :meth:`hide`). Full information."""
        ...

    @property
    def window(self) -> str | None:
        """The name of the plug-in whose call window is open, if any."""
        ...

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far as ``(seat, action)``."""
        ...

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks."""
        ...

    @property
    def tricks_played(self) -> int:
        """How many tricks are complete: ``len(tricks)`` without building them."""
        ...

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """``(seat, card)`` pairs of the trick in progress."""
        ...

    @property
    def card_points(self) -> tuple[int, int]:
        """Card points each team has won so far."""
        ...

    @property
    def active_mask(self) -> int:
        """Seats that play cards, as bits."""
        ...

    @property
    def shown_mask(self) -> int:
        """Cards still held that everyone has seen, as bits."""
        ...

    def team_of(self, seat: int) -> int:
        """The team (0 or 1) a seat plays for."""
        ...

    def hand_mask(self, seat: int) -> int:
        """``seat``'s hand as bits, without a concealed trump card."""
        ...

    def held_mask(self, seat: int) -> int:
        """Every unplayed card ``seat`` holds, a concealed trump card included."""
        ...

    def dealt_mask(self, seat: int) -> int:
        """Every card dealt to ``seat`` so far, played or not."""
        ...

    @property
    def dealt_masks(self) -> tuple[int, ...]:
        """:meth:`dealt_mask` of every seat, by seat."""
        ...

    def deal_card(self, seat: int, k: int) -> int:
        """The card id of the ``k``-th card dealt to ``seat`` so far, in the order dealt
        (0: its first; -1: its last). Full information, like :meth:`hand_mask`: a part
        shows only what its rule makes public (a euchre-style turned-up card). A ``k``
        out of range is a :class:`~twentyeight.errors.ConfigError`."""
        ...

    def unseen_mask(self, seat: int) -> int:
        """Cards dealt to ``seat`` that ``seat`` itself has not seen (an unseen seventh
        card taken as the trump, until it is turned up). A rule that offers ``seat`` an
        action must not depend on them: whether the action is offered would tell the
        seat something of them."""
        ...

    def first_packet_mask(self, seat: int) -> int:
        """The first packet of cards dealt to ``seat``."""
        ...

    def auction_mask(self, seat: int) -> int:
        """The cards ``seat`` held during the auction."""
        ...

    def plugin_state(self, name: str, default: Any = None) -> Any:
        """The state plug-in ``name`` keeps in this round (immutable)."""
        ...

    # ------------------------------------------------------------------ changes

    def set_plugin_state(self, name: str, value: Any) -> None:
        """Replace plug-in ``name``'s state. Give an immutable value: a clone shares it."""
        ...

    def set_target(self, target: int) -> None:
        """The card points the contract now needs."""
        ...

    def set_multiplier(self, multiplier: int) -> None:
        """The stake multiplier (2 doubled, 4 redoubled)."""
        ...

    def set_stake(self, game_points: int | None) -> None:
        """A fixed number of game points the hand is played for."""
        ...

    def show_cards(self, mask: int) -> None:
        """Cards still held that everyone has now seen."""
        ...

    def expose_trump(self, seat: int | None = None, from_first: bool = False) -> None:
        """Turn the concealed trump up now, by rule rather than by a call: the face-down
        card joins its holder's hand (unless it lies in the trick in progress), the
        trump counts from the next card played, and the ``trump-exposed`` redeal checks
        run. For rules that expose the trump at a set moment (after the first trick of
        a high contract, after the first card). ``seat``: who exposes it (default: its
        holder); ``from_first``: the trump suit's cards count as trumps from the
        trick's first card (a trump cut face down turned up at the end of the trick).
        Nothing happens if no trump is concealed."""
        ...

    def set_contract(self, seat: int, bid: int, denomination: str | None = None) -> None:
        """From :meth:`~twentyeight.plugins.AuctionRules.all_passed`: make ``seat`` the
        declarer of ``bid`` (a default contract)."""
        ...

    def begin_every_trick_contract(self, seat: int, contract: str,
                                   partners_play: bool = False,
                                   rank_order: tuple[str, ...] | None = None) -> None:
        """``seat`` now plays to win every trick itself, without a trump: a concealed
        trump card goes back to its holder's hand, ``seat``'s partners sit out (unless
        ``partners_play``: then they play, and a trick a partner wins ends the hand
        too), ``seat`` leads, doubling is void, and the hand ends at the first trick
        ``seat`` does not win. The outcome's ``last_trick_team`` says who won that
        trick (a scoring system may weigh a partner's catch). ``rank_order``, the
        deck's ranks high to low in another order, ranks every suit for the rest of
        the hand (Thunee's Royals: upside down); :attr:`Round.rank_order
        <twentyeight.round.Round.rank_order>` reports it."""
        ...

    def open_trump(self, suit: str) -> None:
        """Make ``suit`` (a suit letter) the trump, known to all at once and counting
        from the current trick's first card; the ``trump-exposed`` redeal checks run.
        For a contract whose trump is set during the play (Thunee's: the suit of the
        declarer's first lead). Nothing happens while a trump is chosen already."""
        ...

    # The visibility seam (twentyeight.sight answers what each seat sees of these).

    def hide(self, mask: int, seen_by: int) -> None:
        """Turn the cards of ``mask`` (card-id bits, cards of the trick in progress or
        of hands) face down: only the seats of ``seen_by`` (seat bits) see them, every
        view, public record and observation of another seat shows a face-down card
        without its card or its points (304's cuts are made this way). The card being
        played may be hidden too, from :meth:`~twentyeight.trump.TrumpRules.on_play`,
        before it reaches the trick. Cards of a hand are laid aside: they stay their
        seat's cards (:meth:`held_mask`) but leave its hand (:meth:`hand_mask`; they do
        not follow suit), and are played, face down, once the hand is empty. A card
        still face down when its trick is complete cannot win it (the best face-up card
        does; the face-down card's points go to the winner). They stay face down until
        :meth:`reveal` or the end of the hand (unless the trump part's
        ``reveal_at_end`` is False). Other cards are a
        :class:`~twentyeight.errors.ConfigError`."""
        ...

    def reveal(self, mask: int, to: int = -1) -> None:
        """Turn the face-down cards of ``mask`` up for the seats of ``to`` (seat bits;
        the default, every seat: they are face up again for everyone). Cards of
        ``mask`` that are not face down are left alone."""
        ...

    def set_trump(self, suit: int = -1, card: int = -1, known_to: int = 0,
                  exposed: bool = False) -> None:
        """Choose the trump, the path the round's own choice takes too (a card laid, a
        suit named, the seventh card, an open bid's suit): ``card``, a card id of the
        bidder's hand, becomes the face-down trump card (it leaves the hand, and its
        suit is the trump), or with ``card`` -1 the trump is ``suit`` (a deck suit
        index; -1: none). ``known_to`` (seat bits, -1 every seat) are the seats that
        know it while it is concealed; ``exposed``: it is known to all at once and
        counts from the current trick's first card (not with a face-down card).
        ``card`` :data:`UNDEALT`: the face-down trump card is one
        still to be dealt (its suit is set when a later ``set_trump`` names the card,
        e.g. from :meth:`~twentyeight.trump.TrumpRules.after_deal`). A bad suit or card
        is a :class:`~twentyeight.errors.ConfigError`."""
        ...
