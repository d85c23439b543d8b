"""Legality, the one path: what the player to act may do now, and why anything else
is refused.

``_legal()`` computes what the player to act may do (bitmasks for cards, bounds for
bids, the plug-ins' offers); :meth:`Legality.legal_actions`, :meth:`Legality.explain`
and ``apply`` all read it. When an action is refused, the same rule functions run again
in explaining mode (``why`` lists) to name the rule that removed it. A refusal depends
only on what the acting seat may know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .actions import (
    Action,
    Bid,
    CallTrump,
    CardAction,
    Pass,
    Play,
    Redeal,
)
from .cards import Deck, iter_bits
from .errors import ConfigError, IllegalActionError, ParseError
from .inputs import check_text, describe
from .state import AUCTION, CALLS, PLAY, TRUMP, Phase, RoundState

if TYPE_CHECKING:
    from .config import RulesetConfig
    from .trump import TrumpRules

class _ActionsOfMask(Protocol):
    """A bound ``CardActions.of``: the shared actions of a card mask (no ``self``)."""

    def __call__(self, mask: int, /) -> tuple[Action, ...]: ...


CALL_TRUMP = CallTrump()
"""The one ``call-trump`` action: listed and recorded by identity."""
REDEAL = Redeal()
"""The one ``redeal`` action the engine lists."""


class Legality(RoundState):
    """The legality layer of a round."""

    __slots__ = ()

    # Set by the round's class (``round_class``), from the ruleset's trump part.
    _trump: ClassVar[TrumpRules]
    _void_asks: ClassVar[bool]
    """The part's :meth:`~twentyeight.trump.TrumpRules.void_play` is active."""
    _follow_exposes: ClassVar[bool]
    """The part's :meth:`~twentyeight.trump.TrumpRules.follow_concealed` is active."""
    _closed_lead: ClassVar[bool]
    """The part's :meth:`~twentyeight.trump.TrumpRules.exposed_lead` is active."""
    _after_deal: ClassVar[bool]
    """The part's :meth:`~twentyeight.trump.TrumpRules.after_deal` is active."""
    _lays_trump: ClassVar[bool]
    """The part's trump choice is the core's (:func:`~twentyeight.trump.lays_by_default`)."""
    _lay_actions: ClassVar[_ActionsOfMask]
    """The deck's ``trump <card>`` actions of a card mask."""

    def _legal(self) -> Any:
        """What the player to act may do, worked out once per position (by
        :meth:`legal_actions`, which keeps it): for the play and the auction ``(card mask
        or lowest bid, may call for the trump or may pass, may demand a redeal, the
        plug-ins' actions, the legal actions)``; for a call window or the trump choice
        ``(the actions, ..., the actions)``. Not for a round that is over."""
        legal = self._legal_cache
        if legal is None:
            self.legal_actions()
            legal = self._legal_cache
        return legal

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the player to act may take now (empty once the round is over)."""
        # The work is done here rather than in _legal(): the common caller, a loop
        # choosing among the legal actions, then makes one call a position, not two.
        legal = self._legal_cache
        if legal is not None:
            return legal[4]  # type: ignore[no-any-return]
        seat: int = self.to_act  # type: ignore[assignment]
        phase = self.phase
        if phase is PLAY:
            mask, can_call = self._play_legal(seat, None)
            acts = self._known_plays(mask) or self._play_actions(mask)
            if can_call:
                acts = (*acts, CALL_TRUMP)
            # Claim windows are open during the first trick (and at the opening call).
            claim = not self._tricks and bool(self._claim_checks) \
                and self._claim(seat) is not None
            if claim:
                acts = (*acts, REDEAL)
            extras: tuple[Action, ...] = ()
            if self._play_plugins:
                port = self._port_obj or self._port
                for p in self._play_plugins:
                    extras += p.play_actions(port, seat)
                acts = (*acts, *extras)
            self._legal_cache = (mask, can_call, claim, extras, acts)
        elif phase is AUCTION:
            rules = self._auction_rules
            port = self._port_obj or self._port
            low, can_pass = rules.bid_limits(port, seat, None)
            # An auction without kinds of its own has no other calls to offer.
            extras = rules.extra_actions(port, seat) if rules.action_kinds else ()
            acts = self._bid_actions(low, can_pass)
            if extras:
                acts = (*acts, *extras)
            claim = bool(self._claim_checks) \
                and (not self._actions or bool(self._claims_at["first-call"])) \
                and self._claim(seat) is not None
            if claim:
                acts = (*acts, REDEAL)
            self._legal_cache = (low, can_pass, claim, extras, acts)
        elif phase is CALLS:
            assert self._window is not None
            acts = self._window.window_actions(self._port, seat)
            self._legal_cache = (acts, False, False, (), acts)
        elif phase is TRUMP:
            acts = self._lay_actions(self._hands[seat]) if self._lays_trump else \
                self._trump.choices(self._port_obj or self._port, seat)
            self._legal_cache = (acts, False, False, (), acts)
        else:
            return ()
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

    def parse_action(self, text: str) -> Action:
        """Read an action's text form (``play JS``) for this round's ruleset; the
        auction's own ways of saying a call (``28 Spades``) are read too. With two
        packs, a card named without its copy mark (``JS``) means the copy the player to
        act holds when it holds only the other one (``JS#2``). Text longer than
        :data:`~twentyeight.inputs.MAX_ACTION_TEXT` is refused before anything reads it."""
        shared = self._by_text.get(text) if type(text) is str else None
        if shared is not None:
            # The exact text form of one of the ruleset's actions: no parsing.
            action = shared
        else:
            check_text(text)
            if self.phase is AUCTION:
                said = self._auction_rules.parse(self._port, text)
                if said is not None:
                    return said
            action = self.ruleset.parse_action(text)
        if (self._twins and isinstance(action, CardAction) and action.card.copy == 0
                and "#" not in text and self.to_act is not None):
            held = self._held(self.to_act)
            cid = self._ids[action.card]
            if not held >> cid & 1:
                width = self.deck.n_ranks
                for twin in range(cid + width, self.deck.size, width):
                    if self.deck.suit_of[twin] != self.deck.suit_of[cid]:
                        break
                    if held >> twin & 1:
                        return self.ruleset.parse_action(
                            f"{action.keyword} {self.deck.cards[twin]}")
        return action

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
            if phase in (AUCTION, PLAY) and legal[2]:
                return None
            return IllegalActionError(
                "redeal-not-allowed", "no redeal rule lets this player demand a redeal now",
                text)
        if phase is AUCTION:
            return _auction_refusal(self, seat, action, legal)
        if phase is CALLS:
            window = self._window
            assert window is not None
            if action in legal[0]:
                return None
            if kind in window.action_kinds:
                rule, msg = window.refuse(self._port, seat, action)
                return IllegalActionError(rule, msg, text)
            owned = _owner_refusal(self, seat, action)
            if owned is not None:
                return owned
            choices = ", ".join(str(a) for a in legal[0])
            return IllegalActionError(
                "wrong-phase", f"it is time for {window.name} calls: {choices}", text)
        if phase is TRUMP:
            if action in legal[0]:
                return None
            return _owner_refusal(self, seat, action) or _trump_refusal(self, seat, action)
        # play phase
        if kind is Play:
            assert isinstance(action, Play)
            cid = self._ids.get(action.card, -1)
            if cid >= 0 and legal[0] >> cid & 1:
                return None
            return _explain_play(self, seat, cid, action)
        if kind is CallTrump:
            if legal[1]:
                return None
            rule, msg = _call_refusal(self, seat)
            return IllegalActionError(rule, msg, text)
        if action in legal[3]:
            return None
        return _owner_refusal(self, seat, action) or IllegalActionError(
            "wrong-phase", "it is the play: play a card (play <card>)", text)

    def _play_legal(self, seat: int, why: list[tuple[str, str, int]] | None) -> tuple[int, bool]:
        """The cards ``seat`` may play now and whether it may call for the trump; with
        ``why``, records each restriction on the cards."""
        hand = self._hands[seat]
        trick = self._trick
        if trick:
            led = self._suit_of[trick[0]]
            follow = hand & self._suit_mask[led]
            if follow:
                if why is not None:
                    why.append(("must-follow-suit",
                                f"you must follow suit: you hold {_suit_name(self.deck, led)}",
                                hand & ~follow))
                return follow, False
            if seat == self._bidder and self._follow_exposes and _must_expose(self, led):
                if why is not None:
                    why.append(("must-expose-to-follow",
                                "your only card of the suit led is the face-down trump: "
                                "you must expose it and play it", hand))
                return 1 << self._concealed, False
            if hand:
                return self._void_legal(seat, hand, why)
        elif hand:
            trump = self._trump_suit
            if (seat == self._bidder and self._exposed_at is None and trump >= 0
                    and self._trump_known >> seat & 1):
                return self._trump.lead(self._port_obj or self._port, seat, hand,
                                        why), False
            if trump >= 0 and self._exposed_at is not None and self._closed_lead:
                return self._trump.exposed_lead(self._port_obj or self._port, seat, hand,
                                                why), False
            return hand, False
        # No card in the hand: the cards laid aside are played (face down), or the
        # concealed card is the bidder's only card left, and it must be exposed and played.
        if self._aside and self._aside & self._dealt[seat]:
            return self._aside & self._dealt[seat], False
        if seat == self._bidder and self._concealed >= 0:
            if not self._trump_known >> seat & 1:
                # An unseen seventh card cannot be named: the bidder turns it up first.
                return 0, True
            return 1 << self._concealed, False
        return 0, False

    def _void_legal(self, seat: int, hand: int,
                    why: list[tuple[str, str, int]] | None) -> tuple[int, bool]:
        """:meth:`_play_legal` for a seat void in the suit led."""
        deck = self.deck
        trump = self._trump_suit
        cfg = self.ruleset.config
        concealed = trump >= 0 and self._exposed_at is None
        allowed = hand
        can_call = concealed
        if concealed:
            if self._void_asks:
                # (Not asked, the part's answer is the default: any card, or a call.)
                allowed, can_call = self._trump.void_play(self._port_obj or self._port,
                                                          seat, hand, why)
                if not allowed:
                    return 0, can_call
        elif trump >= 0:
            trumps = hand & deck.suit_mask[trump]
            if self._must_trump == seat and trumps:
                allowed = self._trump.caller_play(self._port_obj or self._port, seat, hand,
                                                  trumps, why)
            if cfg.over_trump and trumps:
                allowed = _over_trump(self, allowed, trumps, why)
        jack_rule = cfg.no_jack_discard
        if jack_rule:
            exempt = deck.suit_mask[trump] if trump >= 0 and not concealed else 0
            barred = allowed & deck.rank_mask("J") & ~exempt
            if jack_rule is True:
                unled = 0
                for s in range(deck.n_suits):
                    if not self._led_suits >> s & 1:
                        unled |= deck.suit_mask[s]
                barred &= unled
            if barred and allowed & ~barred:
                if why is not None:
                    why.append(("no-jack-discard",
                                "you may not discard the Jack of a suit that has not been "
                                "led" if jack_rule is True else
                                "you may not discard a Jack", barred))
                allowed &= ~barred
        return allowed, can_call

    def _claim(self, seat: int) -> str | None:
        """The redeal rule that lets ``seat``, the player to act, demand a redeal now, if
        any."""
        # Every claim window closes once the first trick is complete. The player to act
        # in the first trick has not played a card yet: its first-card window is open.
        if self._tricks:
            return None
        phase = self.phase
        if phase is AUCTION:
            checks = () if self._spoken >> seat & 1 else self._claims_at["first-call"]
            if not self._actions:
                checks = self._claims_at["opening-call"] + checks
        elif phase is PLAY:
            checks = self._claims_at["first-card"]
        else:
            return None
        port = self._port_obj or self._port
        for check in checks:
            if check.may_claim(port, seat):
                return check.name
        return None


def _first_pass_refusal(why: list[tuple[str, str, int]]) -> tuple[str, str]:
    for rule, msg, _ in why:
        if rule == "opener-must-bid":
            return rule, msg
    return "pass-not-allowed", "you may not pass now"


def _suit_name(deck: Deck, suit_index: int) -> str:
    from .cards import SUIT_NAMES

    letter = deck.suit_letter(suit_index)
    return SUIT_NAMES.get(letter, letter)


def _owner_refusal(rnd: Legality, seat: int, action: Action) -> IllegalActionError | None:
    """The refusal of the plug-in whose action kind ``action`` is, whatever the
    phase (it knows when its calls may be made), or ``None`` for other kinds."""
    owner = rnd.ruleset.kind_owner.get(type(action))
    if owner is None:
        return None
    rule, msg = owner.refuse(rnd._port, seat, action)
    return IllegalActionError(rule, msg, str(action))


def _auction_refusal(rnd: Legality, seat: int, action: Action,
                     legal: Any) -> IllegalActionError | None:
    rules = rnd._auction_rules
    text = str(action)
    kind = type(action)
    why: list[tuple[str, str, int]] = []
    if kind is Pass:
        if legal[1]:
            return None
        rules.bid_limits(rnd._port, seat, why)
        rule, msg = _first_pass_refusal(why)
        return IllegalActionError(rule, msg, text)
    if kind is Bid:
        assert isinstance(action, Bid)
        v = action.value
        cfg = rnd.ruleset.config
        if action.denomination not in rnd._denominations:
            if rnd._denominations == (None,):
                msg = "bids here are numbers only, e.g. 'bid 16'"
            else:
                msg = ("a bid names a suit or No Trump, e.g. "
                       f"'bid {cfg.min_bid} S' or 'bid {cfg.min_bid} NT'")
            return IllegalActionError("bid-denomination", msg, text)
        if legal[0] <= v and v in rnd._bid_values:
            return None
        if v > cfg.max_bid or v < cfg.min_bid:
            return IllegalActionError(
                "bid-out-of-range", f"bids run from {cfg.describe_bids()}", text)
        if v not in rnd._bid_values:
            return IllegalActionError(
                "bid-off-step", f"bids run from {cfg.describe_bids()}", text)
        rules.bid_limits(rnd._port, seat, why)
        for rule, msg, bound in why:
            if rule != "opener-must-bid" and v < bound:
                return IllegalActionError(rule, msg, text)
        return IllegalActionError("bid-too-low", "bid is too low", text)
    if kind in rules.action_kinds:
        if action in legal[3]:
            return None
        rule, msg = rules.refuse_extra(rnd._port, seat, action)
        return IllegalActionError(rule, msg, text)
    return _owner_refusal(rnd, seat, action) or IllegalActionError(
        "wrong-phase", "it is the auction: bid or pass", text)


def _trump_refusal(rnd: Legality, seat: int, action: Action) -> IllegalActionError:
    text = str(action)
    rule, msg = rnd._trump.refuse_choice(rnd._port, seat, action)
    return IllegalActionError(rule, msg, text)


def _explain_play(rnd: Legality, seat: int, cid: int, action: Play) -> IllegalActionError:
    text = str(action)
    if cid < 0:
        return IllegalActionError("not-in-deck", f"{action.card} is not in this deck", text)
    # Naming the unseen seventh card must read like naming any card not held.
    if (cid == rnd._concealed and seat == rnd._bidder and rnd._exposed_at is None
            and rnd._trump_known >> seat & 1):
        return IllegalActionError(
            "concealed-trump-not-playable",
            "the concealed trump card is not part of your hand until it is exposed", text)
    if (rnd._aside & rnd._dealt[seat]) >> cid & 1:
        return IllegalActionError(
            "laid-aside-not-playable",
            "a card you laid aside is played only once your hand is empty", text)
    if not rnd._hands[seat] >> cid & 1:
        return IllegalActionError("not-in-hand", f"you do not hold {action.card}", text)
    why: list[tuple[str, str, int]] = []
    rnd._play_legal(seat, why)
    for rule, msg, removed in why:
        if removed >> cid & 1:
            return IllegalActionError(rule, msg, text)
    return IllegalActionError("illegal-play", "that card may not be played now", text)


def _call_refusal(rnd: Legality, seat: int) -> tuple[str, str]:
    """Why ``_play_legal`` refused ``call-trump`` to ``seat`` (explanation only)."""
    # A No Trump contract counts as exposed from the first card: it has no trump.
    if rnd._trump_suit < 0:
        return "no-trump-to-call", "there is no trump to call for"
    if rnd._exposed_at is not None:
        return "trump-already-exposed", "the trump is already exposed"
    refusal = rnd._trump.refuse_call(rnd._port, seat)
    if refusal is not None:
        return refusal
    if rnd._hands[seat] == 0:
        return ("must-play-concealed-trump",
                "your only card is the concealed trump: play it")
    if not rnd._trick:
        return ("call-only-when-void",
                "you may call for the trump only when you cannot follow suit, "
                "not when leading")
    if (seat == rnd._bidder and rnd._follow_exposes
            and _must_expose(rnd, rnd._suit_of[rnd._trick[0]])):
        return ("must-expose-to-follow",
                "your only card of the suit led is the face-down trump: play it, "
                "which exposes it")
    return ("call-only-when-void",
            "you may call for the trump only when you cannot follow suit")


def _over_trump(rnd: Legality, allowed: int, trumps: int,
                why: list[tuple[str, str, int]] | None) -> int:
    """Remove trumps that would not beat the best trump already in the trick."""
    deck = rnd.deck
    strength, suit_of = deck.strength, deck.suit_of
    best = -1
    trump = rnd._trump_suit
    for i, c in enumerate(rnd._trick):
        if suit_of[c] == trump and i >= rnd._trump_from and strength[c] > best:
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


def follow_reads_led_card_only(config: RulesetConfig) -> bool:
    """Whether the cards a player following in a trick under way may play (and whether
    it may call) depend, of that trick, on its first card and its number of cards
    alone: no over-trumping rule (:func:`_over_trump` reads the trumps already in the
    trick), no plug-in hook of the play, and a trump part whose hooks for a follower
    read no more (:meth:`~twentyeight.trump.TrumpRules.follow_reads_trick`). A
    plug-in's play actions that move only the contract
    (:attr:`~twentyeight.plugins.RulePlugin.play_moves_contract_only`) change no card's
    legality. The solver keeps the round's answers by that much where this holds."""
    return (not config.over_trump and not config.trump.follow_reads_trick()
            and not any(p._hooks_the_cards() for p in config.plugins))


def _must_expose(rnd: Legality, led: int) -> bool:
    """The bidder, void in suit ``led`` in hand while its face-down card is concealed
    and known to it, must expose that card and play it (the trump part's
    :meth:`~twentyeight.trump.TrumpRules.follow_concealed`; asked only where active)."""
    return (rnd._concealed >= 0 and rnd._exposed_at is None and _bidder_knows_trump(rnd)
            and rnd._trump.follow_concealed(rnd._port_obj or rnd._port, rnd._bidder, led))


def _bidder_knows_trump(rnd: Legality) -> bool:
    """Whether the bidder knows the trump it plays with (not an unseen seventh card)."""
    return rnd._trump_known >> rnd._bidder & 1 == 1


def _restricted_play_legal(rnd: Legality, seat: int,
                           why: list[tuple[str, str, int]] | None) -> tuple[int, bool]:
    """``_play_legal`` of a ruleset with plug-ins that restrict the play
    (:meth:`~twentyeight.plugins.RulePlugin.restrict_play`): the core's cards, then
    each plug-in's rule in turn. (The round's class takes it under that name.)"""
    mask, can_call = Legality._play_legal(rnd, seat, why)
    if mask:
        port = rnd._port_obj or rnd._port
        for plugin in rnd._restrictors:
            kept = plugin.restrict_play(port, seat, mask, why)
            if not kept or kept & ~mask:
                raise ConfigError(
                    f"plug-in {type(plugin).__name__}: restrict_play must keep some of "
                    f"the cards it is given and add none (given {mask:#x}, kept {kept:#x})")
            mask = kept
    return mask, can_call
