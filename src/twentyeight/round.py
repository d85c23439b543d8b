"""The round: one deal from the first card dealt to the score.

A :class:`Round` is a state machine with explicit phases (:class:`Phase`). Dealing is
chance and happens by itself when the rules call for it; every other step is an
:class:`~twentyeight.actions.Action` by the player in :attr:`Round.to_act`.

Legality has one source: ``_legal()`` computes what the player to act may do (bitmasks
for cards, bounds for bids, the plug-ins' offers) and both :meth:`Round.legal_actions`
and :meth:`Round.apply` read it. When an action is refused, the same rule functions run
again in explaining mode to name the rule that removed it.

The order of a round: the first packets are dealt; the auction (the ruleset's
:class:`~twentyeight.plugins.AuctionRules`); the trump is chosen (a card laid face down,
an indicator, the seventh card, or named by the bid); call windows at ``trump-chosen``;
the rest of the deal and the redeal checks; call windows at ``before-play``; the play;
the score. Plug-ins hook in at those points (:mod:`twentyeight.plugins`).
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any

import attrs
from attrs import frozen

from .actions import (
    NO_TRUMP,
    Action,
    Bid,
    CallTrump,
    CardAction,
    LayTrump,
    NameTrump,
    Pass,
    Play,
    Redeal,
    SeventhCard,
)
from .cards import Card, Deck, iter_bits
from .config import HandOutcome, RedealEvent, RulesetConfig
from .errors import IllegalActionError, ParseError, RecordError, SeatError, TwentyEightError
from .inputs import MAX_ACTION_TEXT, MAX_NAME_TEXT, check_text, describe, excerpt, is_whole
from .tricks import trick_winner

if TYPE_CHECKING:
    from .plugins import RulePlugin
    from .ruleset import Ruleset

RECORD_FORMAT = "twentyeight.round"
PUBLIC_RECORD_FORMAT = "twentyeight.public-round"
RECORD_VERSION = 1
MAX_RECORD_CHARS = 1_000_000
MAX_SCORE = 10**9
"""Match scores a round is dealt at lie within plus or minus this."""

_CALL = CallTrump()
_REDEAL = Redeal()
_NO_TRUMP_YET = 1 << 30

# (seats in order, card ids in order, winner, points, trumps_from): kept raw on the hot
# path and turned into Trick values when read.
_RawTrick = tuple[list[int], list[int], int, int, "int | None"]


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


_AUCTION, _TRUMP, _CALLS, _PLAY, _OVER = (
    Phase.AUCTION, Phase.TRUMP, Phase.CALLS, Phase.PLAY, Phase.OVER)


@frozen
class Trick:
    """A completed trick: who led, who played what in order, who won, its points.
    ``trumps_from`` is the position in the trick from which cards of the trump suit
    counted as trumps (``None``: no trump counted, it was concealed or there was none)."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int
    points: int
    trumps_from: int | None

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "leader": self.leader,
            "cards": [
                {"seat": s, "card": str(c)} for s, c in zip(self.seats, self.cards, strict=True)
            ],
            "winner": self.winner,
            "points": self.points,
            "trumps_from": self.trumps_from,
        }


@frozen
class RoundResult:
    """The outcome of a finished round. For an annulled deal ``annulled`` names the
    redeal rule, ``made`` is ``None`` and nobody scores. ``contract`` is ``"bid"`` or
    the plug-in that set another contract (``"single-hand"``, whose ``target`` is
    ``None``: every trick); ``multiplier`` is 2 when doubled, 4 when redoubled;
    ``stake`` is a fixed number of game points a call put on the hand (the C)."""

    card_points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    bidder: int | None
    bidding_team: int | None
    bid: int | None
    target: int | None
    made: bool | None
    game_points: tuple[int, ...]
    annulled: str | None = None
    contract: str = "bid"
    denomination: str | None = None
    multiplier: int = 1
    stake: int | None = None

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "card_points": list(self.card_points),
            "tricks_won": list(self.tricks_won),
            "bidder": self.bidder,
            "bidding_team": self.bidding_team,
            "bid": self.bid,
            "target": self.target,
            "made": self.made,
            "game_points": list(self.game_points),
            "annulled": self.annulled,
            "contract": self.contract,
            "denomination": self.denomination,
            "multiplier": self.multiplier,
            "stake": self.stake,
        }


class Round:
    """One deal of a ruleset. Create it with ``Ruleset.new_round`` (or
    :func:`twentyeight.new_round`); drive it with :meth:`legal_actions` and :meth:`apply`.

    Besides the API for players, a round has accessors and a few methods marked "for
    plug-ins": the hooks of :mod:`twentyeight.plugins` read and change a round only
    through those, from inside a hook call."""

    __slots__ = (
        "_actions",
        "_active",
        "_all_tricks",
        "_auction_len",
        "_auction_rules",
        "_bidder",
        "_bids_by",
        "_blind",
        "_call_log",
        "_claim_checks",
        "_concealed",
        "_contract",
        "_deal",
        "_dealt",
        "_denomination",
        "_denominations",
        "_exposed_at",
        "_exposed_by",
        "_hands",
        "_high_bid",
        "_ids",
        "_last_trick_points",
        "_leader",
        "_led_suits",
        "_legal_cache",
        "_legal_tuple",
        "_max_bid",
        "_multiplier",
        "_must_trump",
        "_n",
        "_n_tricks",
        "_next_seat",
        "_packet_masks",
        "_packets_dealt",
        "_pass_run",
        "_passed",
        "_pending_windows",
        "_play_actions",
        "_play_index",
        "_play_of",
        "_play_plugins",
        "_pstate",
        "_result",
        "_scores",
        "_seventh_pending",
        "_shown",
        "_spoken",
        "_stake",
        "_target",
        "_team_points",
        "_team_tricks",
        "_trick",
        "_trick_seats",
        "_trick_size",
        "_tricks",
        "_trump_from",
        "_trump_led",
        "_trump_suit",
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

    def __init__(
        self,
        ruleset: Ruleset,
        *,
        dealer: int,
        seed: int | None,
        deal: tuple[tuple[int, ...], ...] | None,
        packet_masks: tuple[tuple[int, ...], ...] | None = None,
        scores: tuple[int, ...] | None = None,
    ) -> None:
        cfg = ruleset.config
        self.ruleset = ruleset
        self.deck: Deck = ruleset.deck
        self.dealer = dealer
        self.seed = seed
        self._deal = deal
        self._scores = scores
        n = cfg.players
        self._n = n
        self._max_bid = cfg.max_bid
        self._n_tricks = cfg.tricks
        self._last_trick_points = cfg.last_trick_points
        self._auction_rules = cfg.auction
        self._denominations = cfg.auction.denominations
        # The read-only tables' own dicts: the hot path reads them without the proxy.
        self._ids = self.deck._id_of
        self._claim_checks = ruleset.claim_checks
        self._play_actions = ruleset.play_actions
        self._play_index = ruleset._play_index
        self._play_of = ruleset.play_action_of_id
        self._play_plugins = ruleset.play_plugins
        self.is_over = False
        if packet_masks is None:
            assert deal is not None
            packet_masks = _packet_masks(deal, cfg.deal_packets)
        self._packet_masks: tuple[tuple[int, ...], ...] = packet_masks
        self._hands = [0] * n
        self._dealt = [0] * n
        self._packets_dealt = 0
        self._actions: list[tuple[int, Action]] = []
        # auction
        self._high_bid = 0
        self._bidder = -1
        self._passed = 0
        self._spoken = 0
        self._bids_by = [0] * n
        self._pass_run = 0
        self._denomination: str | None = None
        self._auction_len: int | None = None
        # contract
        self._target: int | None = None
        self._multiplier = 1
        self._stake: int | None = None
        self._contract = "bid"
        self._all_tricks = False
        # trump
        self._trump_suit = -1
        self._concealed = -1
        self._blind = False
        self._seventh_pending = False
        self._exposed_by = -1
        self._exposed_at: tuple[int, int] | None = None
        self._trump_from = _NO_TRUMP_YET
        self._must_trump = -1
        self._trump_led = False
        self._led_suits = 0
        # call windows; the plug-in name of each call made after the auction, in order
        self._call_log: tuple[str, ...] = ()
        self._window: RulePlugin | None = None
        self._window_event = ""
        self._pending_windows: tuple[RulePlugin, ...] = ()
        # play
        self._active = (1 << n) - 1
        self._next_seat: tuple[int, ...] = tuple((s + 1) % n for s in range(n))
        self._trick_size = n
        self._trick: list[int] = []
        self._trick_seats: list[int] = []
        self._tricks: list[_RawTrick] = []
        self._team_points = [0, 0]
        self._team_tricks = [0, 0]
        self._pstate: dict[str, Any] = {}
        self._shown = 0
        self._result: RoundResult | None = None
        self._legal_cache: Any = None
        self._legal_tuple: tuple[Action, ...] | None = None
        self._leader = (dealer + 1) % n
        self.phase = Phase.AUCTION
        self._deal_packets(cfg.auction_after)
        self.to_act: int | None = self._auction_rules.first_to_speak(self)

    # ------------------------------------------------------------------ public reads

    @property
    def config(self) -> RulesetConfig:
        """The ruleset's :class:`~twentyeight.config.RulesetConfig`."""
        return self.ruleset.config

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._n

    @property
    def opener(self) -> int:
        """The seat to the dealer's right: first to bid and first to lead."""
        return (self.dealer + 1) % self._n

    @property
    def result(self) -> RoundResult | None:
        """The outcome once :attr:`is_over`, else ``None``."""
        return self._result

    @property
    def bidder(self) -> int | None:
        """The seat holding the highest bid (the declarer once the auction is over, or
        the player of a contract a plug-in set, such as a single hand)."""
        return self._bidder if self._bidder >= 0 else None

    @property
    def bid(self) -> int | None:
        """The highest bid so far."""
        return self._high_bid if self._bidder >= 0 else None

    @property
    def denomination(self) -> str | None:
        """What the highest bid names where bids name the trump: a suit letter or
        ``"NT"``; ``None`` for plain numeric bids."""
        return self._denomination

    @property
    def target(self) -> int | None:
        """The card points the contract needs (the bid, adjusted by plug-ins such as the
        pair); ``None`` before the auction ends and for an every-trick contract."""
        return self._target

    @property
    def multiplier(self) -> int:
        """The stake multiplier: 1, 2 when doubled, 4 when redoubled."""
        return self._multiplier

    @property
    def stake(self) -> int | None:
        """A fixed number of game points a call put on the hand (the C), if any."""
        return self._stake

    @property
    def contract(self) -> str:
        """``"bid"``, or the name of the plug-in that set another kind of contract."""
        return self._contract

    @property
    def scores(self) -> tuple[int, ...] | None:
        """The match's running game points when this round was dealt, if given."""
        return self._scores

    @property
    def passed_mask(self) -> int:
        """Bitmask of the seats that have passed in the auction."""
        return self._passed

    @property
    def spoken_mask(self) -> int:
        """Bitmask of the seats that have made any call in the auction."""
        return self._spoken

    @property
    def pass_run(self) -> int:
        """Consecutive passes since the last bid or other call of the auction."""
        return self._pass_run

    def bids_made(self, seat: int) -> int:
        """How many bids ``seat`` has made in this auction."""
        return self._bids_by[seat]

    @property
    def trump_exposed(self) -> bool:
        """True once the trump suit is known to everyone (from the start when the bid
        names it)."""
        return self._exposed_at is not None

    @property
    def exposed_at(self) -> tuple[int, int] | None:
        """Where the trump was exposed: ``(trick index, position in the trick)``."""
        return self._exposed_at

    @property
    def trump_suit(self) -> str | None:
        """The trump suit letter once chosen (full information: not for clients)."""
        return self.deck.suit_letter(self._trump_suit) if self._trump_suit >= 0 else None

    @property
    def trump_suit_index(self) -> int:
        """The trump suit as a deck suit index, -1 before it is chosen or with none."""
        return self._trump_suit

    @property
    def concealed_card(self) -> Card | None:
        """The face-down trump card, while it is face down (full information)."""
        if self._concealed >= 0 and self._exposed_at is None:
            return self.deck.cards[self._concealed]
        return None

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far as ``(seat, action)``."""
        return tuple(self._actions)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks."""
        return tuple(self._trick_value(t) for t in self._tricks)

    def _trick_value(self, raw: _RawTrick) -> Trick:
        seats, ids, winner, points, trumps_from = raw
        cards = self.deck.cards
        return Trick(seats[0], tuple(seats), tuple(cards[c] for c in ids), winner, points,
                     trumps_from)

    def won_mask(self, team: int) -> int:
        """Bitmask of the cards in the tricks ``team`` has won."""
        mask = 0
        for _, ids, winner, _, _ in self._tricks:
            if winner & 1 == team:
                for c in ids:
                    mask |= 1 << c
        return mask

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """``(seat, card)`` pairs of the trick in progress."""
        cards = self.deck.cards
        return tuple((s, cards[c]) for s, c in zip(self._trick_seats, self._trick, strict=True))

    @property
    def card_points(self) -> tuple[int, int]:
        """Card points each team has won so far."""
        return (self._team_points[0], self._team_points[1])

    @property
    def active_mask(self) -> int:
        """Bitmask of the seats that play cards (a single hand's partners sit out)."""
        return self._active

    @property
    def shown_mask(self) -> int:
        """Cards still held but shown to everyone (a shown pair, say)."""
        return self._shown

    @property
    def window(self) -> str | None:
        """The name of the plug-in whose call window is open, if any."""
        return self._window.name if self._window is not None else None

    def team_of(self, seat: int) -> int:
        """The team (0 or 1) a seat plays for."""
        return seat & 1

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may play from (full information: not for clients)."""
        return tuple(self.deck.cards_of(self._hands[self._seat(seat)]))

    def _seat(self, seat: object) -> int:
        """``seat`` itself if it is a seat of this round, else :class:`SeatError`."""
        if not is_whole(seat, 0, self._n):
            raise SeatError(f"a seat is a whole number from 0 to {self._n - 1}, "
                            f"got {describe(seat)}")
        return seat  # type: ignore[return-value]

    def hand_mask(self, seat: int) -> int:
        """Bitmask of ``seat``'s hand, without a concealed trump card."""
        return self._hands[seat]

    def held_mask(self, seat: int) -> int:
        """Bitmask of every unplayed card ``seat`` holds, a concealed trump card included."""
        m = self._hands[seat]
        if seat == self._bidder and self._concealed >= 0 and self._exposed_at is None:
            m |= 1 << self._concealed
        return m

    def dealt_mask(self, seat: int) -> int:
        """Bitmask of every card dealt to ``seat`` so far, played or not."""
        return self._dealt[seat]

    def first_packet_mask(self, seat: int) -> int:
        """Bitmask of the first packet of cards dealt to ``seat``."""
        return self._packet_masks[0][seat]

    def auction_mask(self, seat: int) -> int:
        """Bitmask of the cards ``seat`` held during the auction (the packets dealt
        before it: four cards in 28, the whole hand in 56)."""
        mask = 0
        for masks in self._packet_masks[:self.ruleset.config.auction_after]:
            mask |= masks[seat]
        return mask

    @property
    def deal(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards in the order dealt (full information: not for clients)."""
        cards = self.deck.cards
        return tuple(tuple(cards[c] for c in hand) for hand in self._deal_ids())

    def _deal_ids(self) -> tuple[tuple[int, ...], ...]:
        if self._deal is None:
            assert self.seed is not None
            cfg = self.ruleset.config
            self._deal = shuffle_deal(self.deck.size, cfg.players, cfg.deal_packets,
                                      self.dealer, self.seed)
        return self._deal

    @property
    def deal_complete(self) -> bool:
        """True once every card has been dealt."""
        return self._packets_dealt == len(self._packet_masks)

    # ------------------------------------------------------------------ for plug-ins

    def plugin_state(self, name: str, default: Any = None) -> Any:
        """For plug-ins: the state plug-in ``name`` keeps in this round (immutable)."""
        return self._pstate.get(name, default)

    def set_plugin_state(self, name: str, value: Any) -> None:
        """For plug-ins: replace plug-in ``name``'s state. Give an immutable value; a
        clone shares it."""
        self._pstate[name] = value
        self._changed()

    def set_target(self, target: int) -> None:
        """For plug-ins: the card points the contract now needs."""
        self._target = target

    def set_multiplier(self, multiplier: int) -> None:
        """For plug-ins: the stake multiplier (2 doubled, 4 redoubled)."""
        self._multiplier = multiplier

    def set_stake(self, game_points: int | None) -> None:
        """For plug-ins: a fixed number of game points the hand is played for."""
        self._stake = game_points

    def show_cards(self, mask: int) -> None:
        """For plug-ins: cards still held that everyone has now seen."""
        self._shown |= mask

    def set_contract(self, seat: int, bid: int, denomination: str | None = None) -> None:
        """For auction plug-ins: make ``seat`` the declarer of ``bid`` (from
        :meth:`~twentyeight.plugins.AuctionRules.all_passed`, a default contract)."""
        self._bidder = seat
        self._high_bid = bid
        self._denomination = denomination

    def begin_every_trick_contract(self, seat: int, contract: str) -> None:
        """For plug-ins: ``seat`` now plays alone to win every trick, without a trump:
        a concealed trump card goes back to its holder's hand, ``seat``'s partners sit
        out, ``seat`` leads, doubling is void, and the hand ends at the first trick lost."""
        if self._concealed >= 0 and self._exposed_at is None:
            self._hands[self._bidder] |= 1 << self._concealed
        self._concealed = -1
        self._trump_suit = -1
        self._exposed_at = None
        self._trump_from = _NO_TRUMP_YET
        self._blind = False
        self._bidder = seat
        self._contract = contract
        self._all_tricks = True
        self._target = None
        self._multiplier = 1
        self._stake = None
        team = seat & 1
        self._set_active(sum(1 << s for s in range(self._n) if s == seat or s & 1 != team))
        self._leader = seat
        self._changed()

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
        self._trick_size = active.bit_count()

    # ------------------------------------------------------------------ dealing

    def _deal_packets(self, count: int) -> None:
        hands, dealt = self._hands, self._dealt
        for _ in range(count):
            masks = self._packet_masks[self._packets_dealt]
            for seat, m in enumerate(masks):
                hands[seat] |= m
                dealt[seat] |= m
            self._packets_dealt += 1

    # ------------------------------------------------------------------ legality

    def _legal(self) -> Any:
        legal = self._legal_cache
        if legal is None:
            seat = self.to_act
            assert seat is not None
            phase = self.phase
            claim = False
            # Claim windows are only open at the opening call and during the first trick.
            if self._claim_checks and (not self._actions or (phase is _PLAY and not self._tricks)):
                claim = self._claim(seat) is not None
            if phase is _PLAY:
                mask, can_call = self._play_legal(seat, None)
                extras: tuple[Action, ...] = ()
                for p in self._play_plugins:
                    extras += p.play_actions(self, seat)
                legal = (mask, can_call, claim, extras)
            elif phase is _AUCTION:
                rules = self._auction_rules
                low, can_pass = rules.bid_limits(self, seat, None)
                legal = (low, can_pass, claim, rules.extra_actions(self, seat))
            elif phase is _CALLS:
                assert self._window is not None
                legal = (self._window.window_actions(self, seat),)
            else:
                legal = (self.ruleset.trump_actions(self._hands[seat],
                                                    self.ruleset.config.seventh_card),)
            self._legal_cache = legal
        return legal

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the player to act may take now (empty once the round is over)."""
        acts = self._legal_tuple
        if acts is not None:
            return acts
        if self.is_over:
            return ()
        legal = self._legal_cache or self._legal()
        phase = self.phase
        if phase is _PLAY:
            acts = self._play_actions(legal[0])
            if legal[1]:
                acts = (*acts, _CALL)
            if legal[2]:
                acts = (*acts, _REDEAL)
            if legal[3]:
                acts = (*acts, *legal[3])
        elif phase is _AUCTION:
            acts = self.ruleset.bid_actions(legal[0], legal[1])
            if legal[3]:
                acts = (*acts, *legal[3])
            if legal[2]:
                acts = (*acts, _REDEAL)
        else:
            acts = legal[0]
        self._legal_tuple = acts
        return acts

    def is_legal(self, action: Action | str) -> bool:
        """True if :meth:`apply` would accept ``action`` now (text is parsed first, and
        text that is no action is not legal)."""
        try:
            return self._refusal(self._as_action(action)) is None
        except ParseError:
            return False

    def explain(self, action: Action | str) -> IllegalActionError | None:
        """``None`` if ``action`` is legal now, else the error :meth:`apply` would raise.
        Text is parsed first; text that is no action raises :class:`ParseError`."""
        return self._refusal(self._as_action(action))

    def _as_action(self, action: object) -> Action:
        if isinstance(action, str):
            return self.parse_action(action)
        if not isinstance(action, Action):
            raise ParseError(f"not an action: {describe(action)}")
        return action

    def _refusal(self, action: Action) -> IllegalActionError | None:
        if self.phase is Phase.OVER:
            return IllegalActionError("round-over", "the round is over", str(action))
        legal = self._legal()
        seat = self.to_act
        assert seat is not None
        kind = type(action)
        phase = self.phase
        text = str(action)
        if kind is Redeal:
            if phase in (_AUCTION, _PLAY) and legal[2]:
                return None
            return IllegalActionError(
                "redeal-not-allowed", "no redeal rule lets this player demand a redeal now",
                text)
        if phase is _AUCTION:
            return self._auction_refusal(seat, action, legal)
        if phase is _CALLS:
            window = self._window
            assert window is not None
            if action in legal[0]:
                return None
            if kind in window.action_kinds:
                rule, msg = window.refuse(self, seat, action)
                return IllegalActionError(rule, msg, text)
            owned = self._owner_refusal(seat, action)
            if owned is not None:
                return owned
            choices = ", ".join(str(a) for a in legal[0])
            return IllegalActionError(
                "wrong-phase", f"it is time for {window.name} calls: {choices}", text)
        if phase is _TRUMP:
            if action in legal[0]:
                return None
            return self._owner_refusal(seat, action) or self._trump_refusal(action)
        # play phase
        if kind is Play:
            assert isinstance(action, Play)
            cid = self._ids.get(action.card, -1)
            if cid >= 0 and legal[0] >> cid & 1:
                return None
            return self._explain_play(seat, cid, action)
        if kind is CallTrump:
            if legal[1]:
                return None
            rule, msg = self._call_refusal(seat)
            return IllegalActionError(rule, msg, text)
        if action in legal[3]:
            return None
        return self._owner_refusal(seat, action) or IllegalActionError(
            "wrong-phase", "it is the play: play a card (play <card>)", text)

    def _owner_refusal(self, seat: int, action: Action) -> IllegalActionError | None:
        """The refusal of the plug-in whose action kind ``action`` is, whatever the
        phase (it knows when its calls may be made), or ``None`` for other kinds."""
        owner = self.ruleset.kind_owner.get(type(action))
        if owner is None:
            return None
        rule, msg = owner.refuse(self, seat, action)
        return IllegalActionError(rule, msg, str(action))

    def _auction_refusal(self, seat: int, action: Action, legal: Any) -> IllegalActionError | None:
        rules = self._auction_rules
        text = str(action)
        kind = type(action)
        why: list[tuple[str, str, int]] = []
        if kind is Pass:
            if legal[1]:
                return None
            rules.bid_limits(self, seat, why)
            rule, msg = _first_pass_refusal(why)
            return IllegalActionError(rule, msg, text)
        if kind is Bid:
            assert isinstance(action, Bid)
            v = action.value
            cfg = self.ruleset.config
            if action.denomination not in self._denominations:
                if self._denominations == (None,):
                    msg = "bids here are numbers only, e.g. 'bid 16'"
                else:
                    msg = ("a bid names a suit or No Trump, e.g. "
                           f"'bid {cfg.min_bid} S' or 'bid {cfg.min_bid} NT'")
                return IllegalActionError("bid-denomination", msg, text)
            if legal[0] <= v <= cfg.max_bid:
                return None
            if v > cfg.max_bid or v < cfg.min_bid:
                return IllegalActionError(
                    "bid-out-of-range",
                    f"bids run from {cfg.min_bid} to {cfg.max_bid}", text)
            rules.bid_limits(self, seat, why)
            for rule, msg, bound in why:
                if rule != "opener-must-bid" and v < bound:
                    return IllegalActionError(rule, msg, text)
            return IllegalActionError("bid-too-low", "bid is too low", text)
        if kind in rules.action_kinds:
            if action in legal[3]:
                return None
            rule, msg = rules.refuse_extra(self, seat, action)
            return IllegalActionError(rule, msg, text)
        return self._owner_refusal(seat, action) or IllegalActionError(
            "wrong-phase", "it is the auction: bid or pass", text)

    def _trump_refusal(self, action: Action) -> IllegalActionError:
        text = str(action)
        marker = self.ruleset.config.trump_marker
        if isinstance(action, SeventhCard):
            return IllegalActionError(
                "seventh-card-not-allowed", "this ruleset does not offer the seventh card",
                text)
        if marker == "indicator":
            if isinstance(action, NameTrump):
                return IllegalActionError(
                    "not-a-suit-of-the-deck", f"{action.suit} is not a suit of this deck", text)
            return IllegalActionError(
                "wrong-phase", "the bidder names the trump suit (trump <suit>, e.g. trump S)",
                text)
        if isinstance(action, LayTrump):
            return IllegalActionError(
                "trump-card-not-in-hand",
                f"{action.card} is not in your hand: lay a card of the suit you choose", text)
        return IllegalActionError(
            "wrong-phase", "the bidder must lay a trump card face down (trump <card>)", text)

    def _explain_play(self, seat: int, cid: int, action: Play) -> IllegalActionError:
        text = str(action)
        if cid < 0:
            return IllegalActionError("not-in-deck", f"{action.card} is not in this deck", text)
        # Naming the unseen seventh card must read like naming any card not held.
        if (cid == self._concealed and seat == self._bidder and self._exposed_at is None
                and not self._blind):
            return IllegalActionError(
                "concealed-trump-not-playable",
                "the concealed trump card is not part of your hand until it is exposed", text)
        if not self._hands[seat] >> cid & 1:
            return IllegalActionError("not-in-hand", f"you do not hold {action.card}", text)
        why: list[tuple[str, str, int]] = []
        self._play_legal(seat, why)
        for rule, msg, removed in why:
            if removed >> cid & 1:
                return IllegalActionError(rule, msg, text)
        return IllegalActionError("illegal-play", "that card may not be played now", text)

    def _call_refusal(self, seat: int) -> tuple[str, str]:
        """Why ``_play_legal`` refused ``call-trump`` to ``seat`` (explanation only)."""
        # A No Trump contract counts as exposed from the first card: it has no trump.
        if self._trump_suit < 0:
            return "no-trump-to-call", "there is no trump to call for"
        if self._exposed_at is not None:
            return "trump-already-exposed", "the trump is already exposed"
        if self._hands[seat] == 0:
            return ("must-play-concealed-trump",
                    "your only card is the concealed trump: play it")
        if not self._trick:
            return ("call-only-when-void",
                    "you may call for the trump only when you cannot follow suit, "
                    "not when leading")
        return ("call-only-when-void",
                "you may call for the trump only when you cannot follow suit")

    def _play_legal(self, seat: int, why: list[tuple[str, str, int]] | None) -> tuple[int, bool]:
        """The cards ``seat`` may play now and whether it may call for the trump; with
        ``why``, records each restriction on the cards."""
        hand = self._hands[seat]
        deck = self.deck
        if hand == 0:
            # The concealed card is the bidder's only card left: it must be exposed and played.
            if seat == self._bidder and self._concealed >= 0:
                if self._blind:
                    # An unseen seventh card cannot be named: the bidder turns it up first.
                    return 0, True
                return 1 << self._concealed, False
            return 0, False
        trick = self._trick
        trump = self._trump_suit
        if not trick:
            if (seat == self._bidder and self._exposed_at is None and trump >= 0
                    and not self._blind):
                policy = self.ruleset.config.bidder_trump_lead
                if policy != "any" and not (policy == "after-trump-led" and self._trump_led):
                    others = hand & ~deck.suit_mask[trump]
                    if others:
                        if why is not None:
                            why.append(("bidder-may-not-lead-trump",
                                        "the bidder may not lead the trump suit before it is "
                                        "exposed while holding other suits", hand & ~others))
                        return others, False
            return hand, False
        led = deck.suit_of[trick[0]]
        follow = hand & deck.suit_mask[led]
        if follow:
            if why is not None:
                why.append(("must-follow-suit",
                            f"you must follow suit: you hold {_suit_name(deck, led)}",
                            hand & ~follow))
            return follow, False
        # Void in the suit led.
        cfg = self.ruleset.config
        concealed = trump >= 0 and self._exposed_at is None
        if concealed and cfg.reveal_when_void:
            if why is not None:
                why.append(("must-call-trump",
                            "you cannot follow suit while the trump is concealed: you must "
                            "call for it (call-trump)", hand))
            return 0, True
        allowed = hand
        if not concealed and trump >= 0:
            trumps = hand & deck.suit_mask[trump]
            if self._must_trump == seat and trumps:
                if why is not None:
                    why.append(("caller-must-trump",
                                "you called for the trump: you must play a trump",
                                allowed & ~trumps))
                allowed = trumps
            if cfg.over_trump and trumps:
                allowed = self._over_trump(allowed, trumps, why)
        if cfg.no_jack_discard:
            exempt = deck.suit_mask[trump] if trump >= 0 and not concealed else 0
            jacks = allowed & deck.rank_mask("J") & ~exempt
            unled = 0
            for s in range(deck.n_suits):
                if not self._led_suits >> s & 1:
                    unled |= deck.suit_mask[s]
            barred = jacks & unled
            if barred and allowed & ~barred:
                if why is not None:
                    why.append(("no-jack-discard",
                                "you may not discard the Jack of a suit that has not been "
                                "led", barred))
                allowed &= ~barred
        return allowed, concealed

    def _over_trump(self, allowed: int, trumps: int,
                    why: list[tuple[str, str, int]] | None) -> int:
        """Remove trumps that would not beat the best trump already in the trick."""
        deck = self.deck
        strength, suit_of = deck.strength, deck.suit_of
        best = -1
        trump = self._trump_suit
        for i, c in enumerate(self._trick):
            if suit_of[c] == trump and i >= self._trump_from and strength[c] > best:
                best = strength[c]
        if best < 0:
            return allowed
        lower = 0
        for c in iter_bits(trumps):
            if strength[c] <= best:
                lower |= 1 << c
        if lower and allowed & ~lower:
            if why is not None:
                why.append(("must-over-trump",
                            "a trump already in the trick: trump higher or play another "
                            "suit, never a lower trump", lower))
            return allowed & ~lower
        return allowed

    def _claim(self, seat: int) -> str | None:
        """The redeal rule that lets ``seat`` demand a redeal now, if any."""
        checks = self.ruleset.claim_checks
        # Every claim window closes once the first trick is complete.
        if not checks or self._tricks:
            return None
        for window, check in checks:
            if window == "opening-call":
                is_open = self.phase is Phase.AUCTION and not self._actions
            else:
                is_open = (self.phase is Phase.PLAY and not self._tricks
                           and seat not in self._trick_seats)
            if is_open and check.may_claim(self, seat):
                return check.name
        return None

    # ------------------------------------------------------------------ applying

    def parse_action(self, text: str) -> Action:
        """Read an action's text form (``play JS``) for this round's ruleset; the
        auction's own ways of saying a call (``28 Spades``) are read too. With two
        packs, a card named without its copy mark (``JS``) means the copy the player to
        act holds when it holds only the other one (``JS#2``). Text longer than
        :data:`~twentyeight.inputs.MAX_ACTION_TEXT` is refused before anything reads it."""
        check_text(text)
        if self.phase is _AUCTION:
            said = self._auction_rules.parse(self, text)
            if said is not None:
                return said
        action = self.ruleset.parse_action(text)
        if (isinstance(action, CardAction) and self.deck.spec.copies > 1
                and action.card.copy == 0 and "#" not in text and self.to_act is not None):
            held = self.held_mask(self.to_act)
            cid = self._ids[action.card]
            if not held >> cid & 1:
                width = self.deck.n_ranks
                for twin in range(cid + width, self.deck.size, width):
                    if self.deck.suit_of[twin] != self.deck.suit_of[cid]:
                        break
                    if held >> twin & 1:
                        return attrs.evolve(action, card=self.deck.cards[twin])
        return action

    def apply(self, action: Action | str, *, seat: int | None = None) -> None:
        """Apply a legal action of the player to act, or raise
        :class:`~twentyeight.IllegalActionError` naming the rule, changing nothing.
        Text is accepted and parsed first. A server passes ``seat`` (who sent the action)
        so that a player acting out of turn is refused."""
        phase = self.phase
        if seat is not None and seat is not self.to_act and self._seat(seat) != self.to_act:
            self._refuse_out_of_turn(seat, action)
        kind = type(action)
        if kind is Play and phase is _PLAY:
            # Interned actions are found by identity, which skips hashing the card.
            cid = self._play_index.get(id(action))
            if cid is None:
                cid = self._ids.get(action.card, -1)  # type: ignore[union-attr]
            legal = self._legal_cache or self._legal()
            if cid >= 0 and legal[0] >> cid & 1:
                self._play(cid)
                return
        elif phase is _AUCTION and (kind is Bid or kind is Pass):
            legal = self._legal_cache or self._legal()
            if legal[1] if kind is Pass else (
                    legal[0] <= action.value <= self._max_bid  # type: ignore[union-attr]
                    and action.denomination in self._denominations):  # type: ignore[union-attr]
                self._auction(self.to_act, action)  # type: ignore[arg-type]
                return
        action = self._as_action(action)
        refusal = self._refusal(action)
        if refusal is not None:
            raise refusal
        seat = self.to_act
        assert seat is not None
        kind = type(action)
        if kind is Redeal:
            reason = self._claim(seat)
            assert reason is not None
            self._actions.append((seat, action))
            self._annul(reason)
        elif phase is _AUCTION:
            self._auction(seat, action)
        elif phase is _CALLS:
            self._window_call(seat, action)
        elif phase is _TRUMP:
            self._choose_trump(seat, action)
        elif kind is CallTrump:
            self._call_trump(seat)
        elif kind is Play:
            assert isinstance(action, Play)
            self._play(self._ids[action.card])
        else:
            owner = self.ruleset.kind_owner[kind]
            self._actions.append((seat, action))
            self._call_log += (owner.name,)
            self._changed()
            owner.play_apply(self, seat, action)

    def _refuse_out_of_turn(self, seat: int, action: Action | str) -> None:
        # Refused before it is parsed: keep no more of a hostile text than a parse would.
        text = str(action) if isinstance(action, Action) else \
            action[:MAX_ACTION_TEXT] if isinstance(action, str) else describe(action)
        why = None
        if self.phase is _AUCTION:
            why = self._auction_rules.out_of_turn(self, seat)
        if why is not None:
            raise IllegalActionError(why[0], why[1], text)
        raise IllegalActionError(
            "not-your-turn",
            f"it is not seat {seat}'s turn"
            + (f" (seat {self.to_act} is to act)" if self.to_act is not None else ""),
            text)

    def _changed(self) -> None:
        self._legal_cache = None
        self._legal_tuple = None

    def _auction(self, seat: int, action: Action) -> None:
        self._actions.append((seat, action))
        self._changed()
        kind = type(action)
        if kind is Bid:
            assert isinstance(action, Bid)
            self._high_bid = action.value
            self._bidder = seat
            self._denomination = action.denomination
            self._bids_by[seat] += 1
            self._pass_run = 0
            self._multiplier = 1
        elif kind is Pass:
            self._passed |= 1 << seat
            self._pass_run += 1
        else:
            self._pass_run = 0
            self._auction_rules.apply_extra(self, seat, action)
        self._spoken |= 1 << seat
        nxt = self._auction_rules.next_to_speak(self, seat, action)
        if nxt is None:
            self._end_auction()
        else:
            self.to_act = nxt

    def _end_auction(self) -> None:
        self._auction_len = len(self._actions)
        if self._bidder < 0:
            self._auction_rules.all_passed(self)
            if self._bidder < 0:
                self._annul("all-passed")
                return
        self._target = self._high_bid
        if self.ruleset.config.trump_marker == "open":
            d = self._denomination
            self._trump_suit = -1 if d is None or d == NO_TRUMP else \
                self.deck.spec.suits.index(d)
            self._exposed_at = (0, 0)
            self._trump_from = 0
            self._after_trump()
            return
        self.phase = _TRUMP
        self.to_act = self._bidder

    def _choose_trump(self, seat: int, action: Action) -> None:
        self._actions.append((seat, action))
        self._changed()
        if isinstance(action, LayTrump):
            cid = self._ids[action.card]
            self._hands[seat] &= ~(1 << cid)
            self._concealed = cid
            self._trump_suit = self.deck.suit_of[cid]
        elif isinstance(action, NameTrump):
            self._trump_suit = self.deck.spec.suits.index(action.suit)
        else:
            self._seventh_pending = True
        self._after_trump()

    def _after_trump(self) -> None:
        if not self._open_windows("trump-chosen"):
            self._complete_deal()

    def _complete_deal(self) -> None:
        self._deal_packets(len(self._packet_masks) - self._packets_dealt)
        if self._seventh_pending:
            self._seventh_pending = False
            cid = self._deal_ids()[self._bidder][6]
            self._hands[self._bidder] &= ~(1 << cid)
            self._concealed = cid
            self._trump_suit = self.deck.suit_of[cid]
            self._blind = True
        if self._run_checks("deal-complete"):
            return
        if not self._open_windows("before-play"):
            self._start_play()

    def _start_play(self) -> None:
        self._changed()
        self.phase = _PLAY
        self.to_act = self._leader

    def _open_windows(self, event: str) -> bool:
        self._pending_windows = self.ruleset.windows[event]
        self._window_event = event
        return self._next_window()

    def _next_window(self) -> bool:
        """Open the next pending window that wants to open; False when none does."""
        while self._pending_windows:
            plugin = self._pending_windows[0]
            self._pending_windows = self._pending_windows[1:]
            first = plugin.open_window(self)
            if first is not None:
                self._changed()
                self._window = plugin
                self.phase = _CALLS
                self.to_act = first
                return True
        self._window = None
        return False

    def _window_call(self, seat: int, action: Action) -> None:
        window = self._window
        assert window is not None
        self._actions.append((seat, action))
        self._call_log += (window.name,)
        self._changed()
        nxt = window.window_apply(self, seat, action)
        if self.is_over:
            return
        if nxt is not None:
            self.to_act = nxt
            return
        if self._next_window():
            return
        if self._window_event == "trump-chosen":
            self._complete_deal()
        else:
            self._start_play()

    def _call_trump(self, seat: int) -> None:
        self._actions.append((seat, _CALL))
        self._changed()
        if self.ruleset.config.caller_must_trump:
            self._must_trump = seat
        self._expose(seat)

    def _expose(self, seat: int) -> None:
        self._exposed_by = seat
        self._exposed_at = (len(self._tricks), len(self._trick))
        if self._concealed >= 0:
            self._hands[self._bidder] |= 1 << self._concealed
        self._trump_from = 0 if self.ruleset.config.early_trumps_count else len(self._trick)
        self._run_checks("trump-exposed")

    def _play(self, cid: int) -> None:
        seat = self.to_act
        assert seat is not None
        self._actions.append((seat, self._play_of[cid]))
        self._legal_cache = None
        self._legal_tuple = None
        if cid == self._concealed and self._exposed_at is None:
            self._expose(seat)
            if self.is_over:
                return
        self._hands[seat] ^= 1 << cid
        trick = self._trick
        if not trick:
            suit = self.deck.suit_of[cid]
            self._led_suits |= 1 << suit
            if seat != self._bidder and suit == self._trump_suit:
                self._trump_led = True
        trick.append(cid)
        self._trick_seats.append(seat)
        if len(trick) < self._trick_size:
            self.to_act = self._next_seat[seat]
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        deck = self.deck
        trick, seats = self._trick, self._trick_seats
        suit_of, strength, points = deck.suit_of, deck.strength, deck.points
        trump = self._trump_suit if self._exposed_at is not None else -1
        trump_from = self._trump_from
        best_i = trick_winner([suit_of[c] for c in trick], [strength[c] for c in trick],
                              trump if trump >= 0 else None, trump_from)
        pts = sum([points[c] for c in trick])
        winner = seats[best_i]
        n_tricks = self._n_tricks
        last = len(self._tricks) + 1 == n_tricks
        if last:
            pts += self._last_trick_points
        team = winner & 1
        self._team_points[team] += pts
        self._team_tricks[team] += 1
        # The lists are not touched again: the next trick starts with new ones.
        self._tricks.append((seats, trick, winner, pts, trump_from if trump >= 0 else None))
        self._trick = []
        self._trick_seats = []
        self._must_trump = -1
        if self._exposed_at is not None:
            self._trump_from = 0
        if last or (self._all_tricks and team != self._bidder & 1):
            self._score()
            return
        for plugin in self.ruleset.trick_plugins:
            plugin.after_trick(self)
            if self.is_over:
                return
        self._leader = winner
        self.to_act = winner
        if (self._exposed_at is None and self._trump_suit >= 0
                and len(self._tricks) + 1 == n_tricks
                and self.ruleset.config.last_trick_unexposed == "void"):
            self._annul("trump-never-exposed")

    def _run_checks(self, event: RedealEvent) -> bool:
        for check in self.ruleset.checks:
            if check.automatic(self, event):
                self._annul(check.name)
                return True
        return False

    def _annul(self, reason: str) -> None:
        self._changed()
        self.phase = _OVER
        self.is_over = True
        self.to_act = None
        self._result = RoundResult(
            card_points=tuple(self._team_points),
            tricks_won=tuple(self._team_tricks),
            bidder=self.bidder,
            bidding_team=self._bidder & 1 if self._bidder >= 0 else None,
            bid=self.bid,
            target=None,
            made=None,
            game_points=(0, 0),
            annulled=reason,
            contract=self._contract,
            denomination=self._denomination,
            multiplier=self._multiplier,
        )

    def _score(self) -> None:
        cfg = self.ruleset.config
        team = self._bidder & 1
        target = self._target
        if self._all_tricks:
            made = self._team_tricks[1 - team] == 0
        else:
            assert target is not None
            made = self._team_points[team] >= target
        outcome = HandOutcome(
            teams=2,
            bidding_team=team,
            bid=self._high_bid,
            target=target,
            card_points=tuple(self._team_points),
            tricks_won=tuple(self._team_tricks),
            made=made,
            contract=self._contract,
            multiplier=self._multiplier,
            stake=self._stake,
            less_than_half_doubles=cfg.less_than_half_doubles,
        )
        self._changed()
        self.phase = _OVER
        self.is_over = True
        self.to_act = None
        self._result = RoundResult(
            card_points=outcome.card_points,
            tricks_won=outcome.tricks_won,
            bidder=self._bidder,
            bidding_team=team,
            bid=self._high_bid,
            target=target,
            made=made,
            game_points=outcome.game_points(cfg.scoring),
            contract=self._contract,
            denomination=self._denomination,
            multiplier=self._multiplier,
            stake=self._stake,
        )

    # ------------------------------------------------------------------ views

    def _trump_view(self, seat: int | None) -> dict[str, Any] | None:
        """What ``seat`` (``None``: everyone) knows of the trump."""
        marker = self.ruleset.config.trump_marker
        deck = self.deck
        if marker == "open":
            if self._auction_len is None or self._all_tricks:
                return None
            return {"marker": "open", "exposed": True,
                    "suit": deck.suit_letter(self._trump_suit) if self._trump_suit >= 0
                    else None}
        if self._trump_suit < 0 and not self._seventh_pending:
            return None
        concealed = self._exposed_at is None
        trump: dict[str, Any] = {
            "marker": "seventh-card" if self._blind or self._seventh_pending else marker,
            "holder": self._bidder,
            "exposed": not concealed,
        }
        if self._trump_known_to(seat):
            trump["suit"] = deck.suit_letter(self._trump_suit)
            if self._concealed >= 0:
                trump["card"] = str(deck.cards[self._concealed])
        if not concealed:
            assert self._exposed_at is not None
            trump["exposed_by"] = self._exposed_by
            trump["exposed_in_trick"] = self._exposed_at[0] + 1
        return trump

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, JSON-ready: its own hand, the public history, the trump
        only once exposed (the bidder also sees the concealed card, unless it is the
        unseen seventh card). A server sends this, never the round itself."""
        self._seat(seat)
        own = {
            "seat": seat,
            "team": seat & 1,
            "hand": [str(c) for c in self.deck.cards_of(self._hands[seat])],
            "trump": self._trump_view(seat),
            "legal_actions": [str(a) for a in self.legal_actions()] if seat == self.to_act
            else [],
        }
        public = self._public_fields()
        v: dict[str, Any] = {
            key: own[key] if key in own else public[key] for key in _VIEW_KEYS}
        if self.phase is _CALLS:
            v["window"] = self.window
        for plugin in self.ruleset.view_plugins:
            extra = plugin.view(self, seat)
            if extra is not None:
                v[plugin.name] = extra
        return v

    def _public_fields(self) -> dict[str, Any]:
        """The parts of every view that are the same for every seat: what everyone at
        the table has seen."""
        deck = self.deck
        cards = deck.cards
        text = self.ruleset.card_text
        concealed = self._exposed_at is None
        hand_sizes = [m.bit_count() for m in self._hands]
        if concealed and self._concealed >= 0 and self.phase is not Phase.OVER:
            hand_sizes[self._bidder] += 1
        auction_len = self._auction_len if self._auction_len is not None else len(self._actions)
        contract: dict[str, Any] | None = None
        if self._bidder >= 0:
            contract = {"bidder": self._bidder, "bid": self._high_bid,
                        "target": self._target if self._auction_len is not None
                        else self._high_bid,
                        "kind": self._contract, "multiplier": self._multiplier}
            if self._denomination is not None:
                contract["denomination"] = self._denomination
            if self._stake is not None:
                contract["stake"] = self._stake
        return {
            "ruleset": self.ruleset.name,
            "players": self.players,
            "dealer": self.dealer,
            "opener": self.opener,
            "bid_range": [self.ruleset.config.min_bid, self._max_bid],
            "phase": self.phase.value,
            "to_act": self.to_act,
            "cards_held": hand_sizes,
            "auction": [
                {"seat": s, "action": str(a)}
                for s, a in self._actions[:auction_len]
                if type(a) is not Redeal
            ],
            "calls": [
                {"seat": s, "action": str(a), "window": w}
                for (s, a), w in zip(
                    (sa for sa in self._actions[auction_len:] if not isinstance(sa[1], _NOT_CALLS)),
                    self._call_log, strict=True)
            ],
            "contract": contract,
            "sitting_out": [s for s in range(self._n) if not self._active >> s & 1],
            "shown": ([{"seat": s, "card": str(c)} for s in range(self._n)
                       for c in deck.cards_of(self._shown & self._hands[s])]
                      if self._shown else []),
            "trick": {
                "leader": self._trick_seats[0] if self._trick_seats else self.to_act,
                "cards": [{"seat": s, "card": str(cards[c])}
                          for s, c in zip(self._trick_seats, self._trick, strict=True)],
                "trumps_from": (self._trump_from if not concealed and self._trump_suit >= 0
                                else None),
            },
            "tricks": [
                {
                    "leader": seats[0],
                    "cards": [{"seat": s, "card": text[c]}
                              for s, c in zip(seats, ids, strict=True)],
                    "winner": winner,
                    "points": points,
                    "trumps_from": trumps_from,
                }
                for seats, ids, winner, points, trumps_from in self._tricks
            ],
            "card_points": list(self._team_points),
            "result": self._result.to_json() if self._result is not None else None,
        }

    def public_record(self, seat: int | None = None) -> dict[str, Any]:
        """A JSON-ready record of what an audience has seen, for logs and spectators.
        With ``seat=None``: what every player has seen (the actions in order, cards
        played, the trump only once it is exposed, cards shown, the public parts of
        the state); with a seat, that plus the seat's own cards and what it knows of
        the trump. It never holds a card that audience's view does not show, nor the
        seed. Unlike :meth:`record` it cannot be replayed: :meth:`record` stays the
        server's private, complete record."""
        if seat is not None:
            self._seat(seat)
        # Only the seat that chose a concealed trump saw it (a single hand may have
        # made someone else the bidder since), until it is exposed.
        hidden_choice = self._exposed_at is None
        actions: list[dict[str, Any]] = []
        for who, action in self._actions:
            if type(action) in _TRUMP_CHOICES and hidden_choice and who != seat:
                actions.append({"seat": who, "action": action.keyword, "concealed": True})
            else:
                actions.append({"seat": who, "action": str(action)})
        rec: dict[str, Any] = {
            "format": PUBLIC_RECORD_FORMAT,
            "version": RECORD_VERSION,
            "ruleset": self.ruleset.name,
            "options": self.ruleset.changed_options(),
            "audience": seat,
        }
        if self._scores is not None:
            rec["scores"] = list(self._scores)
        public = self._public_fields()
        del public["ruleset"]
        rec.update(public)
        rec["trump"] = self._trump_view(seat)
        rec["actions"] = actions
        if seat is not None:
            dealt = self._dealt[seat]
            if self._blind and seat == self._bidder and self._exposed_at is None:
                dealt &= ~(1 << self._concealed)  # the unseen seventh card
            rec["hand"] = [str(c) for c in self.deck.cards_of(self._hands[seat])]
            rec["dealt"] = [str(c) for c in self.deck.cards_of(dealt)]
        return rec

    def _trump_known_to(self, seat: int | None) -> bool:
        """True if ``seat`` (``None``: everyone) knows the trump card or suit."""
        if self._exposed_at is not None:
            return True
        return seat is not None and seat == self._bidder and not self._blind \
            and not self._seventh_pending

    # ------------------------------------------------------------------ records

    def clone(self) -> Round:
        """An independent copy of this round."""
        new = object.__new__(Round)
        for name in Round.__slots__:
            setattr(new, name, getattr(self, name))
        new._hands = self._hands.copy()
        new._dealt = self._dealt.copy()
        new._actions = self._actions.copy()
        new._bids_by = self._bids_by.copy()
        new._trick = self._trick.copy()
        new._trick_seats = self._trick_seats.copy()
        new._tricks = self._tricks.copy()
        new._team_points = self._team_points.copy()
        new._team_tricks = self._team_tricks.copy()
        new._pstate = self._pstate.copy()
        return new

    def record(self) -> dict[str, Any]:
        """The round as a JSON-ready record: ruleset and options, the seed or the explicit
        deal, the dealer, the match scores it was dealt at (if given) and the actions.
        :meth:`from_record` replays it."""
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "ruleset": self.ruleset.name,
            "options": self.ruleset.changed_options(),
            "dealer": self.dealer,
        }
        if self._scores is not None:
            rec["scores"] = list(self._scores)
        if self.seed is not None:
            rec["seed"] = self.seed
        else:
            rec["deal"] = [[str(c) for c in hand] for hand in self.deal]
        rec["actions"] = [str(a) for _, a in self._actions]
        return rec

    def to_json(self) -> str:
        """:meth:`record` as JSON text."""
        return json.dumps(self.record(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Round:
        """Rebuild a round from :meth:`to_json` text by replaying it. Raises
        :class:`~twentyeight.RecordError` for anything that is not a valid record."""
        return cls.from_record(load_json(text, MAX_RECORD_CHARS, "record"))

    @classmethod
    def from_record(cls, data: Any) -> Round:
        """Rebuild a round from a :meth:`record` dict by replaying its actions. Every
        field is checked for its exact type and size before it is used (a ``bool`` is
        not a number, nor is ``1.0``); anything else raises
        :class:`~twentyeight.RecordError`."""
        from .registry import ruleset as lookup

        fields = _read_record(data)
        try:
            rs = lookup(fields["ruleset"]).with_options(**fields["options"])
            if "seed" in fields:
                rnd = rs.new_round(seed=fields["seed"], dealer=fields["dealer"],
                                   scores=fields.get("scores"))
            else:
                rnd = rs.new_round(deal=fields["deal"], dealer=fields["dealer"],
                                   scores=fields.get("scores"))
        except TwentyEightError as exc:
            raise RecordError(f"record does not describe a round: {exc}") from None
        actions = fields["actions"]
        if len(actions) > rs.config.max_actions:
            raise RecordError(f"record has {len(actions)} actions; a round has at most "
                              f"{rs.config.max_actions}")
        for i, text in enumerate(actions):
            try:
                rnd.apply(rnd.parse_action(text))
            except (IllegalActionError, ParseError) as exc:
                raise RecordError(f"action {i + 1} ({excerpt(text)}) does not replay: "
                                  f"{exc}") from None
        return rnd

    def __repr__(self) -> str:
        return (f"<Round {self.ruleset.name} phase={self.phase.value} to_act={self.to_act} "
                f"actions={len(self._actions)}>")


_VIEW_KEYS = ("ruleset", "seat", "team", "players", "dealer", "opener", "bid_range", "phase",
              "to_act", "hand", "cards_held", "auction", "calls", "contract", "trump",
              "sitting_out", "shown", "trick", "tricks", "card_points", "legal_actions",
              "result")
"""A view's fields in order: the seat's own among the public ones."""

_TRUMP_CHOICES = (LayTrump, NameTrump)
"""Actions whose text names a concealed trump."""

_NOT_CALLS = (LayTrump, NameTrump, SeventhCard, CallTrump, Play, Redeal)
"""Actions after the auction that views list elsewhere than under ``calls``."""


def load_json(text: object, limit: int, what: str) -> Any:
    """Parse JSON ``text`` (``str`` or UTF-8 ``bytes``) of at most ``limit``
    characters; :class:`~twentyeight.RecordError` for anything else. Numbers are read
    as JSON writes them: ``NaN``, ``Infinity`` and integers of more than 30 digits are
    refused here, before anything converts them."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"a {what} must be JSON text, not {type(text).__name__}")
    if len(text) > limit:
        raise RecordError(f"{what} is too large ({len(text)} characters; at most {limit})")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_int=_bounded_int)
    except RecordError:
        raise
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"{what} is not valid JSON: {excerpt(str(exc), 120)}") from None


def _refuse_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a number a record may hold")


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > 30:
        raise RecordError(f"a number of {len(digits)} digits is far larger than a record holds")
    return int(digits)


_RECORD_FIELDS = frozenset({"format", "version", "ruleset", "options", "dealer", "seed",
                            "deal", "actions", "scores"})
MAX_OPTIONS = 64
"""The most options a record may change."""


def read_header(data: Any, form: str, fields: frozenset[str], what: str) -> dict[str, Any]:
    """``data`` if it is a JSON object of format ``form`` and this library's version
    with no field outside ``fields``; else :class:`~twentyeight.RecordError` naming
    ``what`` it should have been."""
    if not isinstance(data, dict):
        raise RecordError(f"a {what} must be a JSON object")
    extra = [k for k in data if k not in fields]
    if extra:
        raise RecordError(f"unknown {what} field(s): "
                          + ", ".join(describe(k) for k in extra[:5]))
    if data.get("format") != form or type(data.get("format")) is not str:
        raise RecordError(f"not a {what} (format must be {form!r})")
    version = data.get("version")
    if not is_whole(version, RECORD_VERSION, RECORD_VERSION + 1):
        raise RecordError(f"unsupported {what} version {describe(version)} (this library "
                          f"reads version {RECORD_VERSION})")
    return data


def _read_record(data: Any) -> dict[str, Any]:
    """The fields of a round record, each checked for its exact type and size: the one
    path every record takes (a round's, and each round of a saved match)."""
    data = read_header(data, RECORD_FORMAT, _RECORD_FIELDS, "record")
    name = data.get("ruleset")
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME_TEXT:
        raise RecordError("record field 'ruleset' must be a ruleset's name")
    fields: dict[str, Any] = {"ruleset": name,
                              "options": read_options(data.get("options", {}), RecordError)}
    dealer = data.get("dealer")
    if not is_whole(dealer, 0, MAX_SEATS):
        raise RecordError(f"record field 'dealer' must be a seat number, got {describe(dealer)}")
    fields["dealer"] = dealer
    if "scores" in data:
        scores = data["scores"]
        if not isinstance(scores, list) or len(scores) != 2 \
                or not all(is_whole(x, -MAX_SCORE, MAX_SCORE + 1) for x in scores):
            raise RecordError(f"record field 'scores' must be two whole numbers from "
                              f"-{MAX_SCORE} to {MAX_SCORE}")
        fields["scores"] = tuple(scores)
    has_seed, has_deal = "seed" in data, "deal" in data
    if has_seed == has_deal:
        raise RecordError("a record needs exactly one of 'seed' and 'deal'")
    if has_seed:
        if not is_whole(data["seed"], 0, MAX_SEED):
            raise RecordError("record field 'seed' must be a whole number from 0 to 2**64 - 1")
        fields["seed"] = data["seed"]
    else:
        deal = data["deal"]
        if not isinstance(deal, list) or len(deal) > MAX_SEATS or not all(
                isinstance(hand, list) and len(hand) <= 64
                and all(isinstance(c, str) and len(c) <= MAX_ACTION_TEXT for c in hand)
                for hand in deal):
            raise RecordError("record field 'deal' must be a list of hands of card texts")
        fields["deal"] = deal
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(
            isinstance(a, str) and len(a) <= MAX_ACTION_TEXT for a in actions):
        raise RecordError("record field 'actions' must be a list of action texts (each at "
                          f"most {MAX_ACTION_TEXT} characters)")
    fields["actions"] = actions
    return fields


MAX_SEATS = 64
"""No table has more seats than a deck has cards."""


def read_options(options: Any, error: type[TwentyEightError] = RecordError) -> dict[str, Any]:
    """Options as a record stores them (a JSON object of option names to values),
    checked for shape: names are short texts, values are JSON scalars or lists of them
    (lists of lists for tables); lists come back as tuples, since JSON has none."""
    if not isinstance(options, dict):
        raise error("options must be an object of option names to values")
    if len(options) > MAX_OPTIONS:
        raise error(f"too many options ({len(options)}; at most {MAX_OPTIONS})")
    out: dict[str, Any] = {}
    for key, value in options.items():
        if not isinstance(key, str) or not 0 < len(key) <= MAX_NAME_TEXT:
            raise error(f"an option's name must be a short text, got {describe(key)}")
        out[key] = _option_value(key, value, error, 0)
    return out


def _option_value(key: str, value: Any, error: type[TwentyEightError], depth: int) -> Any:
    if value is None or isinstance(value, (bool, str, float)) or \
            is_whole(value, -MAX_SCORE, MAX_SCORE + 1):
        if isinstance(value, str) and len(value) > MAX_NAME_TEXT:
            raise error(f"option {excerpt(key)}: text too long ({len(value)} characters)")
        return value
    if isinstance(value, list) and depth < 2 and len(value) <= MAX_OPTIONS:
        return tuple(_option_value(key, v, error, depth + 1) for v in value)
    raise error(f"option {excerpt(key)} has a value no option takes: {describe(value)}")


def _first_pass_refusal(why: list[tuple[str, str, int]]) -> tuple[str, str]:
    for rule, msg, _ in why:
        if rule == "opener-must-bid":
            return rule, msg
    return "pass-not-allowed", "you may not pass now"


def _suit_name(deck: Deck, suit_index: int) -> str:
    from .cards import SUIT_NAMES

    letter = deck.suit_letter(suit_index)
    return SUIT_NAMES.get(letter, letter)


def _packet_masks(
    deal: tuple[tuple[int, ...], ...], packets: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    out = []
    offset = 0
    for size in packets:
        row = []
        for hand in deal:
            m = 0
            for c in hand[offset:offset + size]:
                m |= 1 << c
            row.append(m)
        out.append(tuple(row))
        offset += size
    return tuple(out)


MAX_SEED = 2**64
"""Seeds are whole numbers from 0 up to (not including) this."""

_FACTORIALS: dict[int, int] = {}


def _seed_number(seed: int, deck_size: int) -> int:
    """A number below ``deck_size!`` drawn from a BLAKE2b digest of the seed."""
    total = _FACTORIALS.get(deck_size)
    if total is None:
        total = _FACTORIALS[deck_size] = math.factorial(deck_size)
    digest = hashlib.blake2b(seed.to_bytes(8, "big"), digest_size=64,
                             person=b"twentyeight-deal").digest()
    return int.from_bytes(digest, "big") % total


def shuffled_deck(seed: int, deck_size: int) -> list[int]:
    """The deck order for ``seed``: the permutation whose Lehmer code is
    :func:`_seed_number`. Unlike ``random.shuffle`` it is fixed by this library, so a
    recorded seed deals the same cards on every Python version, and it is quick."""
    x = _seed_number(seed, deck_size)
    pool = list(range(deck_size))
    order = []
    for i in range(deck_size, 0, -1):
        x, j = divmod(x, i)
        order.append(pool.pop(j))
    return order


@functools.cache
def _deal_slots(players: int, packets: tuple[int, ...], dealer: int) -> tuple[int, ...]:
    """For each position of the shuffled deck, ``packet * players + seat``: where that
    card goes when packets go round counter-clockwise from the dealer's right."""
    slots = []
    for k_packet, size in enumerate(packets):
        for k in range(players):
            seat = (dealer + 1 + k) % players
            slots += [k_packet * players + seat] * size
    return tuple(slots)


def seeded_packet_masks(seed: int, deck_size: int, players: int, packets: Sequence[int],
                        dealer: int) -> tuple[tuple[int, ...], ...]:
    """The bitmask each seat receives in each dealing round, for ``seed``: what
    :func:`shuffle_deal` deals, without building the per-seat lists."""
    packets = tuple(packets)
    flat = [0] * (len(packets) * players)
    for slot, card in zip(_deal_slots(players, packets, dealer),
                          shuffled_deck(seed, deck_size), strict=True):
        flat[slot] |= 1 << card
    return tuple(tuple(flat[k * players:(k + 1) * players]) for k in range(len(packets)))


def shuffle_deal(deck_size: int, players: int, packets: Sequence[int], dealer: int,
                 seed: int) -> tuple[tuple[int, ...], ...]:
    """Shuffle by ``seed`` and deal: packets go round counter-clockwise from the dealer's
    right. Returns each seat's cards in the order received."""
    hands: list[list[int]] = [[] for _ in range(players)]
    for slot, card in zip(_deal_slots(players, tuple(packets), dealer),
                          shuffled_deck(seed, deck_size), strict=True):
        hands[slot % players].append(card)
    return tuple(tuple(h) for h in hands)


__all__ = ["MAX_SEED", "Phase", "Round", "RoundResult", "Trick", "shuffle_deal", "shuffled_deck"]
