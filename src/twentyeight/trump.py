"""The trump part: how the trump is chosen, concealed and exposed.

A ruleset's :attr:`RulesetConfig.trump <twentyeight.config.RulesetConfig.trump>` is a
:class:`TrumpRules`, a plug-in part like the auction's
(:class:`~twentyeight.plugins.AuctionRules`): an attrs ``@frozen`` value whose fields
are user options. The core has three built in, one per way of marking the trump:

* :class:`HandCardTrump` (28): the bidder lays a card of the trump suit face down;
* :class:`IndicatorTrump` (29): the bidder names the suit with a card from outside the
  deck;
* :class:`OpenTrump` (56): the winning bid names the trump, known to all.

Rulesets add their own by subclassing (304's face-down cuts, Thunee's last-card trump
live in ``twentyeight_variants``). The round asks the part's hooks (see
:class:`TrumpRules`) who chooses the trump and from what, what the bidder may lead and a
void player may do while the trump is concealed, and from which card of a trick trumps
count once it is exposed. Every hook receives the round's
:class:`~twentyeight.port.RoundPort`, so a subclass may override one and call
``super()``.

The trump options keep the names they had as config options (``seventh_card``,
``cut_mode``, ...): ``te.ruleset("28", seventh_card=True)`` and saved records still
work. :func:`~twentyeight.trump_options.fold_trump_options` turns such names into the
part that has them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
from attrs import field, frozen

from .actions import LayTrump, NameTrump, SeventhCard, deck_actions
from .errors import ConfigError
from .inference import NoneOf
from .plugins import Part, one_of, typed
from .port import UNDEALT
from .trump_types import (
    _NEUTRAL,
    TRUMP_OPTION_NAMES,
    BidderTrumpLead,
    ConcealedFollow,
    CutMode,
    ExposedHow,
    LastTrickUnexposed,
    SeventhCardWhen,
    TrumpMarker,
    Why,
)

if TYPE_CHECKING:
    from .actions import Action
    from .inference import Facts
    from .port import RoundPort

__all__ = [
    "TRUMP_OPTION_NAMES",
    "BidderTrumpLead",
    "ConcealedFollow",
    "ConcealedTrump",
    "CutMode",
    "ExposedHow",
    "HandCardTrump",
    "IndicatorTrump",
    "LastTrickUnexposed",
    "OpenTrump",
    "SeventhCardWhen",
    "TrumpMarker",
    "TrumpRules",
    "Why",
    "trump_parts",
]

_PARTS: dict[str, type[TrumpRules]] = {}
"""Every concrete trump part class (one with a ``marker``), by qualified
name, in the order they were defined: the classes
:func:`~twentyeight.trump_options.fold_trump_options` picks
from."""


def trump_parts() -> tuple[type[TrumpRules], ...]:
    """Every trump part class defined so far that has a marker, in definition order."""
    return tuple(_PARTS.values())


def _inert(value: Any) -> tuple[tuple[str, Any], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted((str(k), v) for k, v in items))


@frozen
class TrumpRules(Part):
    """How the trump is chosen, concealed and exposed (``RulesetConfig.trump``).

    Subclass it, or one of the built-in parts, as an attrs ``@frozen`` class; set
    :attr:`marker` (or inherit it) and list your option fields in ``option_fields``
    (the fields of the class you extend, then yours). A class with a marker is
    registered when it is defined, so that the trump options given by name
    (``te.ruleset("28", cut_mode="face-down")``) find the part that has them.

    The core keeps the mechanism: the trump suit, the face-down trump card, the point
    where the trump was exposed and the first card of each trick from which trumps
    count. It asks the hooks below what they mean. Each receives the round's
    :class:`~twentyeight.port.RoundPort` (``rnd``) and has a default, those of this
    class together being the classic 28 (the bidder lays a hand card face down); a part
    overrides only what differs and may call ``super()``. The round reads the part
    once per ruleset, when it makes the class of its rounds: hooks that may change the
    play on every card are asked only if :meth:`active_hooks` names them, the others
    only on the branches they decide (a lead by the bidder while the trump is
    concealed, a player void in the suit led, the exposure), a few plays a round.

    Hooks, by the moment the round asks them:

    - :meth:`after_deal` (only if active): the deal is complete;
    - :meth:`chooser`: the auction is won (not No Trump): who chooses the trump (any
      seat);
    - :meth:`choices`: that seat's choices in the trump phase;
      :meth:`refuse_choice`: why another action is not one of them; :meth:`choose`:
      carry out one of them (the part's own :attr:`action_kinds` included);
    - :meth:`lead`: the bidder leads while the trump it chose is concealed;
    - :meth:`void_play` (only if active): a player is void in the suit led, the trump
      concealed;
    - :meth:`follow_concealed` (only if active): the bidder, void in the suit led in
      hand, holds the face-down card: must it expose it and follow with it?
    - :meth:`binds_caller`: a player called for the trump: is it bound in this trick?
      :meth:`caller_play`: what that caller, void and holding trumps, may play;
    - :meth:`exposure_from`: the trump is exposed: from which card trumps count;
    - :meth:`exposed_lead` (only if active): a lead once the trump is known to all;
    - :meth:`last_trick`: the last trick begins with the trump still concealed;
    - :meth:`view`: the ``trump`` value of a view (reused per trump state where
      :meth:`caches_view`).

    Card arguments and results are bitmasks of card ids of ``rnd.deck``; ``hand`` is
    the seat's hand (without the face-down card). A play hook that removes cards and
    gets a ``why`` list appends ``(rule id, message, cards removed)`` to it (see
    :data:`Why`): :meth:`Round.explain <twentyeight.legality.Legality.explain>` names
    the rule from it."""

    view_cached: ClassVar[bool] = False
    """Whether this class's :meth:`view` depends only on :attr:`RoundPort.trump_state
    <twentyeight.port.RoundPort.trump_state>` and on whether the seat knows the trump,
    so that the round may reuse its answers (see :meth:`caches_view`)."""

    marker: ClassVar[str] = ""
    """How the trump is marked (see :data:`TrumpMarker`; a part may have its own): the
    value of the ``trump_marker`` option."""

    option_fields: ClassVar[tuple[str, ...]] = ("trump_lead_after_trump_played",)

    action_kinds: ClassVar[tuple[type[Action], ...]] = ()
    """The part's own kinds of trump-phase action (beyond ``trump <card>``, ``trump
    <suit>`` and ``seventh-card``): they join the ruleset's grammar, and
    :meth:`~twentyeight.plugins.Part.all_actions` must list every one it can offer. The
    part carries one out in its :meth:`choose`."""
    secret_kinds: ClassVar[tuple[type[Action], ...]] = ()
    """Those of :attr:`action_kinds` whose text no other seat ever sees: public records
    made for another audience show ``{"action": <keyword>, "concealed": true}`` (as for
    a concealed ``trump <card>``), and the views never list them."""
    reveal_at_end: ClassVar[bool] = True
    """Whether cards still face down (cut into a trick, laid aside by :meth:`choose`
    through ``rnd.hide``) are turned up for everyone when the hand is counted. False
    keeps them down for good."""

    trump_lead_after_trump_played: bool = field(default=False, validator=typed(bool))
    """Once the trump is known to all, nobody may lead a trump until a card of the trump
    suit has been played to an earlier trick, unless holding only trumps."""
    inert: tuple[tuple[str, Any], ...] = field(default=(), converter=_inert)
    """Trump options given by name that this part has no field for (``bidder_trump_lead``
    on an open trump): reported by :meth:`option` and stored in records, with no effect,
    as they always were."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.marker:
            _PARTS[f"{cls.__module__}.{cls.__qualname__}"] = cls

    def option(self, name: str) -> Any:
        """The value of the trump option ``name``: this part's field, or a value given
        by name that it keeps inert, or the classic default (``cut_mode`` is ``"call"``
        for a part that has no face-down cuts)."""
        if name == "trump_marker":
            return self.marker
        if name not in _NEUTRAL or name in attrs.fields_dict(type(self)):
            return getattr(self, name)
        return dict(self.inert).get(name, _NEUTRAL[name])

    def legacy_options(self) -> dict[str, Any]:
        """The trump options of :data:`TRUMP_OPTION_NAMES` and their values."""
        return {name: self.option(name) for name in TRUMP_OPTION_NAMES}

    def active_hooks(self) -> frozenset[str]:
        """The optional hooks the round must ask, among :meth:`void_play`,
        :meth:`follow_concealed`, :meth:`exposed_lead`, :meth:`after_deal`,
        :meth:`on_play` and :meth:`on_trick` (their names). Read once per
        ruleset: a hook not named is never asked and the round plays its default, so
        that the play pays nothing for a rule that is off. The default names those a
        class outside the core overrides and those this part's options turn on
        (``trump_lead_after_trump_played`` turns on :meth:`exposed_lead`)."""
        hooks = {name for name in _OPTIONAL_HOOKS if _defined_outside_core(type(self), name)}
        if self.trump_lead_after_trump_played:
            hooks.add("exposed_lead")
        return frozenset(hooks)

    def follow_reads_trick(self) -> bool:
        """Whether the hooks asked for a player following in a trick under way
        (:meth:`void_play`, :meth:`follow_concealed`, :meth:`caller_play`) may read the
        trick's cards beyond its first (the suit led). Where nothing does
        (:func:`~twentyeight.legality.follow_reads_led_card_only`), the solver keeps the
        round's answers by that card. Default: ``False`` for the core's own hooks,
        ``True`` where a class outside the core overrides one (override this too to say
        that yours read no more)."""
        return any(_defined_outside_core(type(self), name) for name in _FOLLOW_HOOKS)

    def exposure_reads_trick(self) -> bool:
        """As :meth:`follow_reads_trick`, for the hooks asked at the exposure
        (:meth:`binds_caller`, :meth:`exposure_from`): whether they may read more than
        the exposing seat, how it exposed, the trick's first card and size, the
        bidder's hand and the trump's state
        (:func:`~twentyeight.phases.exposure_reads_led_card_only`)."""
        return any(_defined_outside_core(type(self), name) for name in _EXPOSURE_HOOKS)

    def undealt_position(self) -> int:
        """Where a trump card chosen before it is dealt (``rnd.set_trump(card=UNDEALT)``)
        comes: its place, from 1, in its holder's cards in dealt order. Asked only once
        the part has chosen such a card, so a part that does must override it. Default:
        0 (the part never does)."""
        return 0

    @property
    def hides_cards(self) -> bool:
        """Whether this part, with its options, turns cards played to a trick face down
        (``rnd.hide`` from :meth:`on_play`): only then do observations carry a
        ``face_down`` slice that counts them. A card laid aside face down before the
        play (``rnd.hide`` of a hand card, as a turn-up's buried card) needs none: it is
        left out of what other seats observe all the same. Default: ``False``."""
        return False

    def caches_view(self) -> bool:
        """Whether the round may reuse :meth:`view`'s answers for the same trump
        state: the core's views may, and a subclass's own :meth:`view` where its
        class sets :attr:`view_cached`."""
        return self.view_cached or not _defined_outside_core(type(self), "view")

    # ------------------------------------------------------------- the choice

    def chooser(self, rnd: RoundPort) -> int | None:
        """The seat that chooses the trump now that the auction is won (a contract
        without trump, No Trump, never asks), or ``None`` when nobody does: the winning
        bid names the trump (or none) and it is known to all from the first card.
        Default: the bidder."""
        return rnd.bidder

    def choices(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """The actions that choose the trump, offered to ``seat`` (the :meth:`chooser`)
        in the trump phase. Default: ``trump <card>`` for each card of the hand, laid
        face down. (Thunee's ``seventh-card`` is added by the round where its ruleset
        offers it.)"""
        return deck_actions(rnd.deck).lays.of(rnd.hand_mask(seat))

    def refuse_choice(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str]:
        """``(rule id, message)``: why ``action``, not among :meth:`choices`, is refused
        to ``seat`` in the trump phase. Default: a card not in the hand, or a reminder
        to lay one."""
        if isinstance(action, LayTrump):
            return ("trump-card-not-in-hand",
                    f"{action.card} is not in your hand: lay a card of the suit you choose")
        if isinstance(action, SeventhCard):
            return ("seventh-card-not-allowed",
                    "this ruleset does not offer the seventh card")
        return "wrong-phase", "the bidder must lay a trump card face down (trump <card>)"

    def choose(self, rnd: RoundPort, seat: int, action: Action) -> None:
        """``seat`` chose the trump with ``action``, one of :meth:`choices`: set it
        (``rnd.set_trump``). Default: a card laid (``trump <card>``) becomes the
        face-down trump card, a suit named (``trump <suit>``) the trump, known to
        ``seat`` alone."""
        deck = rnd.deck
        if isinstance(action, NameTrump):
            rnd.set_trump(deck.spec.suits.index(action.suit), known_to=1 << seat)
            return
        if not isinstance(action, LayTrump):
            raise ConfigError(f"{type(self).__name__} offers {action} but does not "
                              "override choose() to carry it out")
        rnd.set_trump(card=deck.held_copy(rnd.hand_mask(seat), deck.card_id(action.card)),
                      known_to=1 << seat)

    def after_deal(self, rnd: RoundPort) -> None:
        """The deal is complete (before the auction when it is on the whole hand, else
        after the trump is chosen), before the checks of a complete deal. Asked only if
        :meth:`active_hooks` names it. Default: nothing."""

    def view(self, rnd: RoundPort, seat: int | None) -> dict[str, Any]:
        """The ``trump`` entry of ``seat``'s view (``None``: what everyone sees), asked
        once the auction is won; ``{}`` while there is no trump to show (the view's
        entry is then ``None``). Default: ``marker``, ``holder`` and ``exposed``; the
        ``suit`` and ``card`` where ``seat`` knows them; once exposed, ``exposed_by``
        and ``exposed_in_trick`` (counting from 1)."""
        suit, card, known_to, at, by, holder = rnd.trump_state
        if suit < 0 and card != UNDEALT:
            return {}
        v: dict[str, Any] = {"marker": self.marker, "holder": holder,
                             "exposed": at is not None}
        if at is not None or (seat is not None and known_to >> seat & 1):
            deck = rnd.deck
            v["suit"] = deck.suit_letter(suit)
            if card >= 0:
                v["card"] = str(deck.cards[card])
        if at is not None:
            v["exposed_by"] = by
            v["exposed_in_trick"] = at[0] + 1
        return v

    # ------------------------------------------------------ the concealed play

    def lead(self, rnd: RoundPort, seat: int, hand: int, why: Why | None) -> int:
        """The cards the bidder ``seat`` may lead from ``hand`` while the trump it chose
        is concealed. Default: any."""
        return hand

    def void_play(self, rnd: RoundPort, seat: int, hand: int,
                  why: Why | None) -> tuple[int, bool]:
        """``(cards, may call)`` for ``seat``, void in the suit led while the trump is
        concealed: the cards it may play from ``hand`` and whether it may call for the
        trump (``call-trump``). Asked only if :meth:`active_hooks` names it. Default:
        any card, and it may call."""
        return hand, True

    def follow_concealed(self, rnd: RoundPort, seat: int, led: int) -> bool:
        """Whether the bidder ``seat``, void in suit ``led`` in hand while its
        face-down card is still concealed (and known to it), must expose that card and
        play it to the trick. Asked only if :meth:`active_hooks` names it. Default:
        no."""
        return False

    def refuse_call(self, rnd: RoundPort, seat: int) -> tuple[str, str] | None:
        """``(rule id, message)`` when this part never lets ``seat`` call for the
        concealed trump (an explanation: the play hooks decide), else ``None``.
        Default: ``None``."""
        return None

    def on_play(self, rnd: RoundPort, seat: int, cid: int) -> bool:
        """``seat`` plays card ``cid`` while the trump is concealed, before it goes to
        the trick: ``True`` if the part turned it face down (``rnd.hide``). Asked only
        if :meth:`active_hooks` names it. Default: nothing, ``False``."""
        return False

    def on_trick(self, rnd: RoundPort) -> None:
        """A trick is complete while a card lies face down (in it or in an earlier
        trick), the trump concealed or not, before it is scored: the part may turn cards
        up (``rnd.reveal``) or expose the trump (``rnd.expose_trump``). Asked only if
        :meth:`active_hooks` names it. Default: nothing."""

    def binds_caller(self, rnd: RoundPort, seat: int) -> bool:
        """Whether ``seat``, which has just called for the trump, is bound by
        :meth:`caller_play` for the rest of the trick. Default: yes."""
        return True

    def caller_play(self, rnd: RoundPort, seat: int, hand: int, trumps: int,
                    why: Why | None) -> int:
        """The cards ``seat`` may play from ``hand`` after calling for the trump in
        this trick (:meth:`binds_caller`), void in the suit led and holding the trumps
        ``trumps``. Default: a trump."""
        if why is not None:
            why.append(("caller-must-trump", "you called for the trump: you must play a "
                        "trump", hand & ~trumps))
        return trumps

    # ------------------------------------------------------------- the exposure

    def exposure_from(self, rnd: RoundPort, how: ExposedHow) -> int:
        """The trump has just been exposed (``rnd.exposed_at`` says where; ``how``, see
        :data:`ExposedHow`): the position in the trick in progress from which cards of
        the trump suit count as trumps in it. Later tricks count every trump. Default:
        the first card if the exposing card followed the trump suit led (every card
        so far is of that suit), else the exposing card (trumps played earlier in the
        trick were discards)."""
        at = rnd.exposed_at
        return 0 if how == "follow" or at is None else at[1]

    def exposed_lead(self, rnd: RoundPort, seat: int, hand: int, why: Why | None) -> int:
        """The cards ``seat`` may lead from ``hand`` once the trump is known to all.
        Asked only if :meth:`active_hooks` names it. Default (the rule of
        ``trump_lead_after_trump_played``): no trump until a card of the trump suit has
        been played to an earlier trick, unless the hand holds nothing else."""
        suit = rnd.deck.suit_letter(rnd.trump_suit_index)
        if any(c.suit == suit for t in rnd.tricks for c in t.cards):
            return hand
        return _no_trump_lead(rnd, hand, why, "trump-lead-before-trump-played",
                              "no trump may be led until a trump has been played to an "
                              "earlier trick, while you hold another suit")

    def last_trick(self, rnd: RoundPort) -> str | None:
        """The last trick is about to begin and the trump is still concealed: the
        reason to annul the hand, or ``None`` to play it (the bidder's face-down card,
        its only card left, is then played and exposes the trump). Default: play it."""
        return None

    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        """Declare what ``seat`` may infer from this part's rules (see
        :mod:`twentyeight.inference`). Here: under ``trump_lead_after_trump_played``, a
        trump led before one was played to an earlier trick means only trumps held."""
        if not self.trump_lead_after_trump_played or facts.trump < 0:
            return
        suit_of, trumps = rnd.deck.suit_of, rnd.deck.suit_mask[facts.trump]
        played = -1  # the first trick with a card of the trump suit (unseen cards are not)
        for s in facts.plays:
            if s.card >= 0 and suit_of[s.card] == facts.trump:
                if s.position == 0 and s.exposed and (played < 0 or played == s.trick):
                    facts.none_of(s.who, rnd.deck.full_mask & ~trumps, s.at)
                if played < 0:
                    played = s.trick


@frozen
class ConcealedTrump(TrumpRules):
    """A trump concealed until exposed: the rules of play while it is hidden, shared by
    the hand-card and the indicator."""

    option_fields: ClassVar[tuple[str, ...]] = (
        "bidder_trump_lead", "caller_must_trump", "reveal_when_void",
        "trump_lead_after_trump_played", "early_trumps_count", "last_trick_unexposed",
        "led_trumps_on_exposure")

    bidder_trump_lead: BidderTrumpLead = field(
        default="only-trumps", validator=one_of("only-trumps", "after-trump-led", "any"))
    """When the bidder may lead trump before exposure; see :data:`BidderTrumpLead`."""
    caller_must_trump: bool = field(default=True, validator=typed(bool))
    """A player who calls for the trump must play a trump to that trick if holding one."""
    reveal_when_void: bool = field(default=False, validator=typed(bool))
    """A player who cannot follow suit while the trump is concealed must call for it."""
    early_trumps_count: bool = field(default=False, validator=typed(bool))
    """Cards of the trump suit played earlier in the exposing trick count as trumps."""
    last_trick_unexposed: LastTrickUnexposed = field(
        default="expose", validator=one_of("expose", "void"))
    """What happens if the trump is still concealed at the last trick."""
    led_trumps_on_exposure: bool = field(default=False, validator=typed(bool))
    """When the trump is exposed during a trick led in the trump suit (a player void in
    it calls), every card of the trump suit in that trick counts as a trump, those
    played before the exposure included: an A♠ led beats an 8♠ played after the call.
    Off (the default), the cards played before the exposure count as plain cards of the
    suit led, and the 8♠, a trump, wins. Unlike ``early_trumps_count`` it changes
    nothing in a trick led in another suit: a trump discarded there before the call
    stays a discard."""

    def lead(self, rnd: RoundPort, seat: int, hand: int, why: Why | None) -> int:
        """No card of the concealed trump suit while the hand holds another suit, as
        ``bidder_trump_lead`` allows: never (``only-trumps``), until another player
        has led the suit (``after-trump-led``), or always (``any``)."""
        policy = self.bidder_trump_lead
        if policy == "any" or (policy == "after-trump-led" and rnd.trump_led):
            return hand
        return _no_trump_lead(rnd, hand, why, "bidder-may-not-lead-trump",
                              "the bidder may not lead the trump suit before it is exposed "
                              "while holding other suits")

    def active_hooks(self) -> frozenset[str]:
        """As the default; ``reveal_when_void`` turns on :meth:`void_play`."""
        hooks = super().active_hooks()
        return hooks | {"void_play"} if self.reveal_when_void else hooks

    def void_play(self, rnd: RoundPort, seat: int, hand: int,
                  why: Why | None) -> tuple[int, bool]:
        """Any card, or a call for the trump; under ``reveal_when_void`` only the
        call."""
        if not self.reveal_when_void:
            return hand, True
        if why is not None:
            why.append(("must-call-trump", "you cannot follow suit while the trump is "
                        "concealed: you must call for it (call-trump)", hand))
        return 0, True

    def binds_caller(self, rnd: RoundPort, seat: int) -> bool:
        """``caller_must_trump``."""
        return self.caller_must_trump

    def exposure_from(self, rnd: RoundPort, how: ExposedHow) -> int:
        """As the default; from the trick's first card under ``early_trumps_count``
        whatever exposed it, and under ``led_trumps_on_exposure`` in a trick led in the
        trump suit."""
        if self.early_trumps_count or (self.led_trumps_on_exposure and _trump_led_now(rnd)):
            return 0
        return super().exposure_from(rnd, how)

    def last_trick(self, rnd: RoundPort) -> str | None:
        """Under ``last_trick_unexposed`` ``void``, the hand is annulled
        (``trump-never-exposed``)."""
        return "trump-never-exposed" if self.last_trick_unexposed == "void" else None

    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        """The concealed trump's facts: the face-down card lies in the bidder's packet,
        its suit the trump; a call for the trump means a void in the suit led; a caller
        who must trump and did not holds none; a bidder's lead before the exposure under
        ``bidder_trump_lead`` means, if it was of the trump suit, only trumps held."""
        super().infer(rnd, seat, facts)
        deck = rnd.deck
        suit_mask, suit_of = deck.suit_mask, deck.suit_of
        bidder = rnd.bidder
        card = facts.face_down_trump

        def lay(forbid: int) -> None:  # the face-down card, in the bidder's packet
            if card >= 0 and bidder is not None:
                facts.place(card, bidder, facts.trump_choice_at, facts.trump_seen_by,
                            forbid, trump_card=True)

        lay(0)
        if card < 0 and facts.trump_choice_at >= 0:
            # A card laid and no longer face down (exposed, or taken back by a call that
            # sets the trump another way) was held by its chooser then.
            who, action = rnd.history[facts.trump_choice_at]
            laid = getattr(action, "card", None)
            if laid is not None:
                facts.some_of(1 << who, 1 << deck.card_id(laid), facts.trump_choice_at)
        expose = self.option("concealed_follow") == "expose"
        policy = self.bidder_trump_lead
        other_leads = 0  # suits a seat other than the bidder has led
        caller = -1
        for s in facts.plays:
            if s.call:
                facts.none_of(s.who, suit_mask[s.led], s.at)
                if s.who == bidder and expose:
                    lay(suit_mask[s.led])
                caller = s.who
                continue
            if s.card < 0:
                continue
            suit = suit_of[s.card]
            opened = s.opened
            if opened and s.position and expose and suit == s.led:
                facts.none_of(s.who, suit_mask[suit], s.at)  # none in hand: it followed
            if s.position == 0:
                if s.who != bidder:
                    other_leads |= 1 << suit
                elif policy != "any" and not s.exposed and not opened and \
                        not facts.trump_blind and not (policy == "after-trump-led"
                                                       and other_leads >> suit & 1):
                    facts.if_trump(suit, NoneOf(bidder, deck.full_mask & ~suit_mask[suit],
                                                s.at))
            elif s.who == bidder and not s.exposed and not opened and expose \
                    and suit != s.led:
                lay(suit_mask[s.led])
            if caller == s.who:
                if self.caller_must_trump and facts.trump >= 0 and suit != facts.trump:
                    facts.none_of(s.who, suit_mask[facts.trump], s.at)
                caller = -1


@frozen
class HandCardTrump(ConcealedTrump):
    """28's trump: the bidder lays a card of the trump suit from the hand face down."""

    marker: ClassVar[str] = "hand-card"
    option_fields: ClassVar[tuple[str, ...]] = (
        *ConcealedTrump.option_fields, "caller_plays_exposed_card", "concealed_follow",
        "last_trick_led_trumps")

    caller_plays_exposed_card: bool = field(default=False, validator=typed(bool))
    """A bidder who calls for their own face-down trump must play that very card to the
    trick (needs ``trump_marker`` ``hand-card``)."""
    concealed_follow: ConcealedFollow = field(
        default="void", validator=one_of("void", "expose"))
    """When the trump suit is led and the bidder's only card of it is the face-down one:
    ``void``, the bidder counts as void; ``expose``, the bidder must expose it and play
    it (needs ``trump_marker`` ``hand-card``, without ``seventh_card``)."""
    last_trick_led_trumps: bool = field(default=False, validator=typed(bool))
    """At the last trick, with the trump still concealed and the trump suit led, the
    bidder plays the face-down card, its only card, and so exposes the trump. Off (the
    default, as RULES.md reads), the trump-suit cards played before it count as plain
    cards of the suit led and the exposed card is the trick's only trump, so it wins;
    on, they count as trumps too and the highest of them wins (as they do when
    ``concealed_follow`` ``expose`` makes the bidder follow with the card earlier)."""

    def active_hooks(self) -> frozenset[str]:
        """As the default; ``concealed_follow`` ``expose`` turns on
        :meth:`follow_concealed`."""
        hooks = super().active_hooks()
        return hooks | {"follow_concealed"} if self.concealed_follow == "expose" else hooks

    def follow_concealed(self, rnd: RoundPort, seat: int, led: int) -> bool:
        """Under ``concealed_follow`` ``expose``: when the suit led is the trump suit
        (the face-down card's)."""
        return self.concealed_follow == "expose" and led == rnd.trump_suit_index

    def exposure_from(self, rnd: RoundPort, how: ExposedHow) -> int:
        """As the concealed trump's; under ``last_trick_led_trumps``, from the trick's
        first card when the bidder plays its face-down card, its last, into a trick led
        in the trump suit."""
        bidder = rnd.bidder
        if (self.last_trick_led_trumps and how == "play" and bidder is not None
                and _trump_led_now(rnd) and rnd.hand_mask(bidder) == 1 << rnd.trump_card):
            return 0
        return super().exposure_from(rnd, how)

    def binds_caller(self, rnd: RoundPort, seat: int) -> bool:
        """As the concealed trump's; under ``caller_plays_exposed_card`` the bidder who
        calls for its own card is bound too."""
        return super().binds_caller(rnd, seat) or (
            self.caller_plays_exposed_card and seat == rnd.bidder)

    def caller_play(self, rnd: RoundPort, seat: int, hand: int, trumps: int,
                    why: Why | None) -> int:
        """As the default; under ``caller_plays_exposed_card`` a bidder who called
        for its own face-down card must play that very card."""
        card = rnd.trump_card
        if (self.caller_plays_exposed_card and seat == rnd.bidder and card >= 0
                and trumps >> card & 1):
            if why is not None:
                why.append(("caller-must-play-exposed-card", "you called for your own "
                            "face-down trump: you must play that card", hand & ~(1 << card)))
            return 1 << card
        return super().caller_play(rnd, seat, hand, trumps, why)


@frozen
class IndicatorTrump(ConcealedTrump):
    """29's trump: the bidder names the suit with a card from outside the deck, face
    down; it is never played."""

    marker: ClassVar[str] = "indicator"

    def choices(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """``trump <suit>`` for each suit of the deck."""
        return deck_actions(rnd.deck).name_of

    def refuse_choice(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str]:
        """A suit the deck does not have, or a reminder to name one."""
        from .actions import NameTrump

        if isinstance(action, NameTrump):
            return "not-a-suit-of-the-deck", f"{action.suit} is not a suit of this deck"
        return "wrong-phase", "the bidder names the trump suit (trump <suit>, e.g. trump S)"


@frozen
class OpenTrump(TrumpRules):
    """56's trump: the winning bid names it (or No Trump), known to all from the start."""

    marker: ClassVar[str] = "open"

    def chooser(self, rnd: RoundPort) -> int | None:
        """Nobody: the winning bid names the trump."""
        return None

    def view(self, rnd: RoundPort, seat: int | None) -> dict[str, Any]:
        """The trump the bid named, known to all (``suit`` ``None``: No Trump); none
        in an every-trick contract."""
        if rnd.contract != "bid":
            return {}
        suit = rnd.trump_suit_index
        return {"marker": self.marker, "exposed": True,
                "suit": rnd.deck.suit_letter(suit) if suit >= 0 else None}


_OPTIONAL_HOOKS = ("void_play", "follow_concealed", "exposed_lead", "after_deal", "on_play",
                   "on_trick")
"""The hooks the round asks only if :meth:`TrumpRules.active_hooks` names them."""

_FOLLOW_HOOKS = ("void_play", "follow_concealed", "caller_play")
"""The hooks asked for a player following in a trick under way."""

_EXPOSURE_HOOKS = ("binds_caller", "exposure_from")
"""The hooks asked at the exposure of the trump."""

def _no_trump_lead(rnd: RoundPort, hand: int, why: Why | None, rule: str,
                   message: str) -> int:
    """``hand`` less its cards of the trump suit, unless it holds nothing else (a lead
    restriction; ``rule`` and ``message`` explain the cards removed)."""
    others = hand & ~rnd.deck.suit_mask[rnd.trump_suit_index]
    if not others:
        return hand
    if why is not None:
        why.append((rule, message, hand & ~others))
    return others


def _trump_led_now(rnd: RoundPort) -> bool:
    """Whether the trick in progress was led in the trump suit."""
    trick = rnd.current_trick
    return bool(trick) and trick[0][1].suit == rnd.deck.suit_letter(rnd.trump_suit_index)


def lays_by_default(part: TrumpRules) -> bool:
    """Whether ``part`` offers and carries out the core's trump choice (``trump
    <card>``, :meth:`TrumpRules.choices` and :meth:`TrumpRules.choose` not overridden):
    the round then makes that choice itself, without asking the part."""
    cls = type(part)
    return cls.choices is TrumpRules.choices and cls.choose is TrumpRules.choose


def _defined_outside_core(cls: type[TrumpRules], name: str) -> bool:
    """Whether the hook ``name`` of ``cls`` is a definition of a class outside this
    module's: a third party's, active whatever the options."""
    owner = next(k for k in cls.__mro__ if name in vars(k))
    return owner.__module__ != __name__

