"""The round: one deal from the first card dealt to the score.

A :class:`Round` is a state machine with explicit phases (:class:`Phase`). Dealing is
chance and happens by itself when the rules call for it; every other step is an
:class:`~twentyeight.actions.Action` by the player in :attr:`Round.to_act`.

Legality has one source: ``_legal()`` computes what the player to act may do (bitmasks
for cards, bounds for bids) and both :meth:`Round.legal_actions` and :meth:`Round.apply`
read it. When an action is refused, the same rule functions run again in explaining mode
to name the rule that removed it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any

from attrs import frozen

from .actions import Action, Bid, CallTrump, LayTrump, Pass, Play, Redeal
from .cards import Card, Deck
from .config import HandOutcome, RedealEvent, RulesetConfig
from .errors import IllegalActionError, ParseError, RecordError, TwentyEightError

if TYPE_CHECKING:
    from .ruleset import Ruleset

RECORD_FORMAT = "twentyeight.round"
RECORD_VERSION = 1
MAX_RECORD_CHARS = 1_000_000

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
    PLAY = "play"
    """Tricks are played."""
    OVER = "over"
    """The hand is scored (or annulled); nobody acts."""


_AUCTION, _TRUMP, _PLAY, _OVER = Phase.AUCTION, Phase.TRUMP, Phase.PLAY, Phase.OVER


@frozen
class Trick:
    """A completed trick: who led, who played what in order, who won, its points.
    ``trumps_from`` is the position in the trick from which cards of the trump suit
    counted as trumps (``None``: the trump was concealed throughout)."""

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
    redeal rule, ``made`` is ``None`` and nobody scores."""

    card_points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    bidder: int | None
    bidding_team: int | None
    bid: int | None
    target: int | None
    made: bool | None
    game_points: tuple[int, ...]
    annulled: str | None = None

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
        }


class Round:
    """One deal of a ruleset. Create it with ``Ruleset.new_round`` (or
    :func:`twentyeight.new_round`); drive it with :meth:`legal_actions` and :meth:`apply`.
    """

    __slots__ = (
        "_actions",
        "_bidder",
        "_bidder_trump_lead",
        "_claim_checks",
        "_concealed",
        "_deal",
        "_dealt",
        "_exposed_at",
        "_exposed_by",
        "_hands",
        "_high_bid",
        "_ids",
        "_last_trick_points",
        "_leader",
        "_legal_cache",
        "_legal_tuple",
        "_max_bid",
        "_must_trump",
        "_n",
        "_n_tricks",
        "_packet_masks",
        "_packets_dealt",
        "_passed",
        "_play_actions",
        "_play_index",
        "_play_of",
        "_result",
        "_team_points",
        "_team_tricks",
        "_trick",
        "_trick_seats",
        "_tricks",
        "_trump_from",
        "_trump_led",
        "_trump_suit",
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
    ) -> None:
        cfg = ruleset.config
        self.ruleset = ruleset
        self.deck: Deck = ruleset.deck
        self.dealer = dealer
        self.seed = seed
        self._deal = deal
        n = cfg.players
        self._n = n
        self._max_bid = cfg.max_bid
        self._bidder_trump_lead = cfg.bidder_trump_lead
        self._n_tricks = cfg.tricks
        self._last_trick_points = cfg.last_trick_points
        self._ids = self.deck.ids
        self._claim_checks = ruleset.claim_checks
        self._play_actions = ruleset.play_actions
        self._play_index = ruleset.play_index
        self._play_of = ruleset.play_action_of_id
        self.is_over = False
        if packet_masks is None:
            assert deal is not None
            packet_masks = _packet_masks(deal, cfg.deal_packets)
        self._packet_masks: tuple[tuple[int, ...], ...] = packet_masks
        self._hands = [0] * n
        self._dealt = [0] * n
        self._packets_dealt = 0
        self._actions: list[tuple[int, Action]] = []
        self._high_bid = 0
        self._bidder = -1
        self._passed = 0
        self._trump_suit = -1
        self._concealed = -1
        self._exposed_by = -1
        self._exposed_at: tuple[int, int] | None = None
        self._trick: list[int] = []
        self._trick_seats: list[int] = []
        self._trump_from = _NO_TRUMP_YET
        self._must_trump = -1
        self._trump_led = False
        self._tricks: list[_RawTrick] = []
        self._team_points = [0, 0]
        self._team_tricks = [0, 0]
        self._result: RoundResult | None = None
        self._legal_cache: Any = None
        self._legal_tuple: tuple[Action, ...] | None = None
        self._leader = (dealer + 1) % n
        self.phase = Phase.AUCTION
        self.to_act: int | None = self._leader
        self._deal_packets(cfg.auction_after)

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
        return (self.dealer + 1) % self.ruleset.config.players

    @property
    def result(self) -> RoundResult | None:
        """The outcome once :attr:`is_over`, else ``None``."""
        return self._result

    @property
    def bidder(self) -> int | None:
        """The seat holding the highest bid (the declarer once the auction is over)."""
        return self._bidder if self._bidder >= 0 else None

    @property
    def bid(self) -> int | None:
        """The highest bid so far."""
        return self._high_bid if self._bidder >= 0 else None

    @property
    def trump_exposed(self) -> bool:
        """True once the trump suit is known to everyone."""
        return self._exposed_at is not None

    @property
    def trump_suit(self) -> str | None:
        """The trump suit letter once chosen (full information: not for clients)."""
        return self.deck.suit_letter(self._trump_suit) if self._trump_suit >= 0 else None

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

    def team_of(self, seat: int) -> int:
        """The team (0 or 1) a seat plays for."""
        return seat & 1

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may play from (full information: not for clients)."""
        return tuple(self.deck.cards_of(self._hands[seat]))

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
        """Bitmask of the first cards dealt to ``seat`` (those seen in a first-round auction)."""
        return self._packet_masks[0][seat]

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

    @property
    def trump_suit_index(self) -> int:
        """The trump suit as a deck suit index, -1 before it is chosen."""
        return self._trump_suit

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
                legal = (mask, can_call, claim)
            elif phase is _AUCTION:
                low, can_pass = self._bid_limits(seat, None)
                legal = (low, can_pass, claim)
            else:
                legal = (self._hands[seat],)
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
        elif phase is _AUCTION:
            acts = self.ruleset.bid_actions(legal[0], legal[1])
            if legal[2]:
                acts = (*acts, _REDEAL)
        else:
            acts = self.ruleset.lay_trump_actions(legal[0])
        self._legal_tuple = acts
        return acts

    def is_legal(self, action: Action) -> bool:
        """True if :meth:`apply` would accept ``action`` now."""
        return self._refusal(action) is None

    def explain(self, action: Action) -> IllegalActionError | None:
        """``None`` if ``action`` is legal now, else the error :meth:`apply` would raise."""
        return self._refusal(action)

    def _refusal(self, action: Action) -> IllegalActionError | None:
        if self.phase is Phase.OVER:
            return IllegalActionError("round-over", "the round is over", str(action))
        legal = self._legal()
        seat = self.to_act
        assert seat is not None
        kind = type(action)
        phase = self.phase
        if kind is Redeal:
            if phase is not Phase.TRUMP and legal[2]:
                return None
            return IllegalActionError(
                "redeal-not-allowed", "no redeal rule lets this player demand a redeal now",
                str(action))
        if phase is Phase.AUCTION:
            if kind is Pass:
                if legal[1]:
                    return None
                why: list[tuple[str, str, int]] = []
                self._bid_limits(seat, why)
                rule, msg = _first_pass_refusal(why)
                return IllegalActionError(rule, msg, str(action))
            if kind is Bid:
                assert isinstance(action, Bid)
                v = action.value
                cfg = self.ruleset.config
                if legal[0] <= v <= cfg.max_bid:
                    return None
                if v > cfg.max_bid or v < cfg.min_bid:
                    return IllegalActionError(
                        "bid-out-of-range",
                        f"bids run from {cfg.min_bid} to {cfg.max_bid}", str(action))
                why = []
                self._bid_limits(seat, why)
                for rule, msg, bound in why:
                    if rule != "opener-must-bid" and v < bound:
                        return IllegalActionError(rule, msg, str(action))
                return IllegalActionError("bid-too-low", "bid is too low", str(action))
            return IllegalActionError(
                "wrong-phase", "it is the auction: bid or pass", str(action))
        if phase is Phase.TRUMP:
            if kind is LayTrump:
                assert isinstance(action, LayTrump)
                cid = self.deck.ids.get(action.card, -1)
                if cid >= 0 and legal[0] >> cid & 1:
                    return None
                return IllegalActionError(
                    "trump-card-not-in-hand",
                    f"{action.card} is not in your hand: lay a card of the suit you choose",
                    str(action))
            return IllegalActionError(
                "wrong-phase", "the bidder must lay a trump card face down (trump <card>)",
                str(action))
        # play phase
        if kind is Play:
            assert isinstance(action, Play)
            cid = self.deck.ids.get(action.card, -1)
            if cid >= 0 and legal[0] >> cid & 1:
                return None
            return self._explain_play(seat, cid, action)
        if kind is CallTrump:
            if legal[1]:
                return None
            rule, msg = self._call_refusal(seat)
            return IllegalActionError(rule, msg, str(action))
        return IllegalActionError(
            "wrong-phase", "it is the play: play a card (play <card>)", str(action))

    def _explain_play(self, seat: int, cid: int, action: Play) -> IllegalActionError:
        text = str(action)
        if cid < 0:
            return IllegalActionError("not-in-deck", f"{action.card} is not in this deck", text)
        if cid == self._concealed and seat == self._bidder and self._exposed_at is None:
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

    def _bid_limits(self, seat: int, why: list[tuple[str, str, int]] | None) -> tuple[int, bool]:
        """Lowest bid ``seat`` may make and whether it may pass."""
        cfg = self.ruleset.config
        low = cfg.min_bid
        can_pass = True
        if self._bidder < 0:
            if cfg.opener_must_bid:
                can_pass = False
                if why is not None:
                    why.append(("opener-must-bid",
                                f"the opener must bid at least {cfg.min_bid}", 0))
        else:
            if self._high_bid + 1 > low:
                low = self._high_bid + 1
                if why is not None:
                    why.append(("bid-too-low",
                                f"a bid must be higher than the current bid {self._high_bid}",
                                low))
            p = cfg.partner_overcall_min
            if p is not None and (self._bidder ^ seat) & 1 == 0 and p > low:
                low = p
                if why is not None:
                    why.append(("partner-overcall-min",
                                f"to overcall your partner's bid you must bid at least {p}", p))
        return low, can_pass

    def _call_refusal(self, seat: int) -> tuple[str, str]:
        """Why ``_play_legal`` refused ``call-trump`` to ``seat`` (explanation only)."""
        if self._exposed_at is not None or self._concealed < 0:
            return "trump-already-exposed", "the trump is already exposed"
        if not self._trick:
            return ("call-only-when-void",
                    "you may call for the trump only when you cannot follow suit, "
                    "not when leading")
        if self._hands[seat] == 0:
            return ("must-play-concealed-trump",
                    "your only card is the concealed trump: play it")
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
                return 1 << self._concealed, False
            return 0, False
        allowed = hand
        trick = self._trick
        if trick:
            follow = hand & deck.suit_mask[deck.suit_of[trick[0]]]
            if follow:
                if why is not None:
                    why.append(("must-follow-suit",
                                f"you must follow suit: you hold "
                                f"{_suit_name(deck, deck.suit_of[trick[0]])}",
                                allowed & ~follow))
                return follow, False
            if self._exposed_at is None:
                # Void in the suit led with the trump still concealed: free to discard,
                # or to call for the trump.
                return allowed, self._concealed >= 0
            if self._must_trump == seat:
                trumps = hand & deck.suit_mask[self._trump_suit]
                if trumps:
                    if why is not None:
                        why.append(("caller-must-trump",
                                    "you called for the trump: you must play a trump",
                                    allowed & ~trumps))
                    allowed = trumps
        elif seat == self._bidder and self._exposed_at is None:
            policy = self._bidder_trump_lead
            if policy != "any" and not (policy == "after-trump-led" and self._trump_led):
                others = hand & ~deck.suit_mask[self._trump_suit]
                if others:
                    if why is not None:
                        why.append(("bidder-may-not-lead-trump",
                                    "the bidder may not lead the trump suit before it is "
                                    "exposed while holding other suits", allowed & ~others))
                    allowed = others
        return allowed, False

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
        """Read an action's text form (``play JS``) for this round's ruleset."""
        return self.ruleset.parse_action(text)

    def apply(self, action: Action | str, *, seat: int | None = None) -> None:
        """Apply a legal action of the player to act, or raise
        :class:`~twentyeight.IllegalActionError` naming the rule, changing nothing.
        Text is accepted and parsed first. A server passes ``seat`` (who sent the action)
        so that a player acting out of turn is refused."""
        phase = self.phase
        if seat is not None and seat != self.to_act:
            raise IllegalActionError(
                "not-your-turn",
                f"it is not seat {seat}'s turn"
                + (f" (seat {self.to_act} is to act)" if self.to_act is not None else ""),
                str(action))
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
            if legal[1] if kind is Pass else \
                    legal[0] <= action.value <= self._max_bid:  # type: ignore[union-attr]
                self._auction(self.to_act, action)  # type: ignore[arg-type]
                return
        if isinstance(action, str):
            action = self.ruleset.parse_action(action)
        elif not isinstance(action, Action):
            raise ParseError(f"not an action: {action!r}")
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
        elif phase is Phase.AUCTION:
            self._auction(seat, action)
        elif phase is Phase.TRUMP:
            assert isinstance(action, LayTrump)
            self._lay_trump(seat, self.deck.ids[action.card], action)
        elif kind is CallTrump:
            self._call_trump(seat)
        else:
            assert isinstance(action, Play)
            self._play(self.deck.ids[action.card])

    def _changed(self) -> None:
        self._legal_cache = None
        self._legal_tuple = None

    def _auction(self, seat: int, action: Action) -> None:
        self._actions.append((seat, action))
        self._changed()
        n = self.players
        if isinstance(action, Bid):
            self._high_bid = action.value
            self._bidder = seat
        else:
            self._passed |= 1 << seat
        active = ~self._passed & ((1 << n) - 1)
        if self._bidder >= 0 and active == 1 << self._bidder:
            self.phase = Phase.TRUMP
            self.to_act = self._bidder
            return
        if active == 0:
            # Only reachable when the opener may pass and everyone passes: nobody plays.
            self._annul("all-passed")
            return
        nxt = (seat + 1) % n
        while self._passed >> nxt & 1:
            nxt = (nxt + 1) % n
        self.to_act = nxt

    def _lay_trump(self, seat: int, cid: int, action: Action) -> None:
        self._actions.append((seat, action))
        self._changed()
        self._hands[seat] &= ~(1 << cid)
        self._concealed = cid
        self._trump_suit = self.deck.suit_of[cid]
        self._deal_packets(len(self._packet_masks) - self._packets_dealt)
        if self._run_checks("deal-complete"):
            return
        self.phase = Phase.PLAY
        self.to_act = self._leader

    def _call_trump(self, seat: int) -> None:
        self._actions.append((seat, _CALL))
        self._changed()
        if self.ruleset.config.caller_must_trump:
            self._must_trump = seat
        self._expose(seat)

    def _expose(self, seat: int) -> None:
        self._exposed_by = seat
        self._exposed_at = (len(self._tricks), len(self._trick))
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
        if not trick and seat != self._bidder and self._trump_suit >= 0 \
                and self.deck.suit_of[cid] == self._trump_suit:
            self._trump_led = True
        trick.append(cid)
        self._trick_seats.append(seat)
        if len(trick) < self._n:
            seat += 1
            self.to_act = seat if seat < self._n else 0
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        deck = self.deck
        trick, seats = self._trick, self._trick_seats
        suit_of, strength, points = deck.suit_of, deck.strength, deck.points
        trump = self._trump_suit if self._exposed_at is not None else -1
        trump_from = self._trump_from
        led = suit_of[trick[0]]
        best_i = 0
        best_rank = strength[trick[0]] + (100 if trump == led and trump_from == 0 else 0)
        pts = points[trick[0]]
        for i in range(1, len(trick)):
            c = trick[i]
            pts += points[c]
            s = suit_of[c]
            if s == trump and i >= trump_from:
                r = strength[c] + 100
            elif s == led:
                r = strength[c]
            else:
                continue
            if r > best_rank:
                best_rank, best_i = r, i
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
        if last:
            self._score()
            return
        self._leader = winner
        self.to_act = winner
        if (self._exposed_at is None and len(self._tricks) + 1 == n_tricks
                and self.ruleset.config.last_trick_unexposed == "void"):
            self._annul("trump-never-exposed")

    def _run_checks(self, event: RedealEvent) -> bool:
        for check in self.ruleset.config.redeal_checks:
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
        )

    def _score(self) -> None:
        cfg = self.ruleset.config
        team = self._bidder & 1
        target = self._high_bid
        made = self._team_points[team] >= target
        outcome = HandOutcome(
            teams=2,
            bidding_team=team,
            bid=self._high_bid,
            target=target,
            card_points=tuple(self._team_points),
            tricks_won=tuple(self._team_tricks),
            made=made,
        )
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
            game_points=cfg.scoring.hand_points(outcome),
        )

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, JSON-ready: its own hand, the public history, the trump
        only once exposed (the bidder also sees the concealed card). A server sends this,
        never the round itself."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1}, got {seat!r}")
        deck = self.deck
        cards = deck.cards
        text = self.ruleset.card_text
        concealed = self._exposed_at is None
        trump: dict[str, Any] | None = None
        if self._concealed >= 0:
            trump = {"holder": self._bidder, "exposed": not concealed}
            if not concealed or seat == self._bidder:
                trump["suit"] = deck.suit_letter(self._trump_suit)
                trump["card"] = str(cards[self._concealed])
            if not concealed:
                assert self._exposed_at is not None
                trump["exposed_by"] = self._exposed_by
                trump["exposed_in_trick"] = self._exposed_at[0] + 1
        hand_sizes = [m.bit_count() for m in self._hands]
        if concealed and self._concealed >= 0 and self.phase is not Phase.OVER:
            hand_sizes[self._bidder] += 1
        v: dict[str, Any] = {
            "ruleset": self.ruleset.name,
            "seat": seat,
            "team": seat & 1,
            "players": self.players,
            "dealer": self.dealer,
            "opener": self.opener,
            "bid_range": [self.ruleset.config.min_bid, self._max_bid],
            "phase": self.phase.value,
            "to_act": self.to_act,
            "hand": [str(c) for c in deck.cards_of(self._hands[seat])],
            "cards_held": hand_sizes,
            "auction": [
                {"seat": s, "action": str(a)}
                for s, a in self._actions
                if isinstance(a, (Bid, Pass))
            ],
            "contract": (
                {"bidder": self._bidder, "bid": self._high_bid, "target": self._high_bid}
                if self._bidder >= 0 else None
            ),
            "trump": trump,
            "trick": {
                "leader": self._trick_seats[0] if self._trick_seats else self.to_act,
                "cards": [{"seat": s, "card": str(cards[c])}
                          for s, c in zip(self._trick_seats, self._trick, strict=True)],
                "trumps_from": (self._trump_from if not concealed else None),
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
            "legal_actions": (
                [str(a) for a in self.legal_actions()] if seat == self.to_act else []
            ),
            "result": self._result.to_json() if self._result is not None else None,
        }
        return v

    # ------------------------------------------------------------------ records

    def clone(self) -> Round:
        """An independent copy of this round."""
        new = object.__new__(Round)
        for name in Round.__slots__:
            setattr(new, name, getattr(self, name))
        new._hands = self._hands.copy()
        new._dealt = self._dealt.copy()
        new._actions = self._actions.copy()
        new._trick = self._trick.copy()
        new._trick_seats = self._trick_seats.copy()
        new._tricks = self._tricks.copy()
        new._team_points = self._team_points.copy()
        new._team_tricks = self._team_tricks.copy()
        return new

    def record(self) -> dict[str, Any]:
        """The round as a JSON-ready record: ruleset and options, the seed or the explicit
        deal, the dealer and the actions. :meth:`from_record` replays it."""
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "ruleset": self.ruleset.name,
            "options": self.ruleset.changed_options(),
            "dealer": self.dealer,
        }
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
        if not isinstance(text, (str, bytes, bytearray)):
            raise RecordError(f"a record must be JSON text, not {type(text).__name__}")
        if len(text) > MAX_RECORD_CHARS:
            raise RecordError(f"record is too large ({len(text)} characters)")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
        return cls.from_record(data)

    @classmethod
    def from_record(cls, data: Any) -> Round:
        """Rebuild a round from a :meth:`record` dict by replaying its actions."""
        from .registry import ruleset as lookup

        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a round record (format must be {RECORD_FORMAT!r})")
        if data.get("version") != RECORD_VERSION:
            raise RecordError(f"unsupported record version {data.get('version')!r}")
        allowed = {"format", "version", "ruleset", "options", "dealer", "seed", "deal",
                   "actions"}
        extra = sorted(set(data) - allowed)
        if extra:
            raise RecordError(f"unknown record field(s): {', '.join(map(str, extra))}")
        name, options = data.get("ruleset"), data.get("options", {})
        if not isinstance(name, str):
            raise RecordError("record field 'ruleset' must be a name")
        if not isinstance(options, dict):
            raise RecordError("record field 'options' must be an object")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("record field 'actions' must be a list of action texts")
        dealer = data.get("dealer")
        if not isinstance(dealer, int) or isinstance(dealer, bool):
            raise RecordError("record field 'dealer' must be a seat number")
        has_seed, has_deal = "seed" in data, "deal" in data
        if has_seed == has_deal:
            raise RecordError("a record needs exactly one of 'seed' and 'deal'")
        try:
            rs = lookup(name).with_options(**options)
            if has_seed:
                seed = data["seed"]
                if not isinstance(seed, int) or isinstance(seed, bool):
                    raise RecordError("record field 'seed' must be a whole number")
                rnd = rs.new_round(seed=seed, dealer=dealer)
            else:
                rnd = rs.new_round(deal=data["deal"], dealer=dealer)
        except RecordError:
            raise
        except TwentyEightError as exc:
            raise RecordError(f"record does not describe a round: {exc}") from None
        if len(actions) > rs.config.max_actions:
            raise RecordError(f"record has {len(actions)} actions; a round has at most "
                              f"{rs.config.max_actions}")
        for i, text in enumerate(actions):
            try:
                rnd.apply(rnd.parse_action(text))
            except (IllegalActionError, ParseError) as exc:
                raise RecordError(f"action {i + 1} ({text!r}) does not replay: {exc}") from None
        return rnd

    def __repr__(self) -> str:
        return (f"<Round {self.ruleset.name} phase={self.phase.value} to_act={self.to_act} "
                f"actions={len(self._actions)}>")


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
