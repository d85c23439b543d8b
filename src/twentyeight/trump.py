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
live in ``twentyeight_variants``). For now the round still reads the trump options
through the config; the hooks that will carry the behaviour come with later releases.

The trump options keep the names they had as config options (``seventh_card``,
``cut_mode``, ...): ``te.ruleset("28", seventh_card=True)`` and saved records still
work. :func:`fold_trump_options` turns such names into the part that has them.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import attrs
from attrs import field, frozen

from .errors import ConfigError
from .inference import NoneOf
from .plugins import Part, one_of, typed

if TYPE_CHECKING:
    from .inference import Facts
    from .port import RoundPort

__all__ = [
    "TRUMP_OPTION_NAMES",
    "BidderTrumpLead",
    "ConcealedFollow",
    "ConcealedTrump",
    "CutMode",
    "HandCardTrump",
    "IndicatorTrump",
    "LastTrickUnexposed",
    "OpenTrump",
    "SeventhCardWhen",
    "TrumpMarker",
    "TrumpRules",
    "check_trump_options",
    "fold_trump_options",
    "trump_parts",
]

BidderTrumpLead = Literal["only-trumps", "after-trump-led", "any"]
"""When the bidder may lead the concealed trump suit before exposure: never unless
holding only trumps (``only-trumps``); also once another player has led that suit
(``after-trump-led``); or always (``any``)."""

LastTrickUnexposed = Literal["expose", "void"]
"""What happens if the trump is still concealed on the last trick: the bidder must
expose and play it (``expose``), or the hand is annulled (``void``)."""

SeventhCardWhen = Literal["always", "all-suits"]
"""When the ``seventh-card`` choice is offered: ``always``, or only when the cards the
bidder holds at the choice are of every suit (``all-suits``)."""

TrumpMarker = Literal["hand-card", "indicator", "open"]
"""How the trump is marked. ``hand-card``: the bidder lays a card of the trump suit from
the hand face down; it is part of the bidder's cards but not of the hand until exposed.
``indicator``: the bidder names the suit with a card from outside the deck, face down;
it is never played. ``open``: the winning bid names the trump (or No Trump) and it is
known to all from the start."""

ConcealedFollow = Literal["void", "expose"]
"""What the bidder does when the suit led is the concealed trump suit and the face-down
card is the bidder's only card of it: counts as void (``void``: may discard, or call for
the trump, like any player without the suit), or must expose the card and play it to
the trick (``expose``)."""

CutMode = Literal["call", "face-down"]
"""What a player who cannot follow suit does while the trump is concealed. ``call``: plays
any card face up or calls for the trump (28's way). ``face-down``: plays a card face
down (a *cut*), seen only by its player and the bidder, without calling; when the trick
is complete, a face-down card of the trump suit exposes the trump (trumps count from
the trick's first card) and turns the trick's face-down cards up, all but the bidder's
own that are not trumps; without one they stay face down and the suit led wins. The
bidder may cut with the face-down trump card itself (304)."""

_NEUTRAL: dict[str, Any] = {
    "trump_marker": "hand-card",
    "seventh_card": False,
    "seventh_card_position": 7,
    "seventh_card_when": "always",
    "bidder_trump_lead": "only-trumps",
    "caller_must_trump": True,
    "caller_plays_exposed_card": False,
    "concealed_follow": "void",
    "reveal_when_void": False,
    "cut_mode": "call",
    "open_by_leading_trump": False,
    "trump_lead_after_trump_played": False,
    "early_trumps_count": False,
    "last_trick_unexposed": "expose",
}

TRUMP_OPTION_NAMES: tuple[str, ...] = tuple(_NEUTRAL)
"""The trump options that were config options before the trump part: their names stay
the config's init keywords, read properties and entries of
:meth:`RulesetConfig.options <twentyeight.config.RulesetConfig.options>`."""

_PARTS: dict[str, type[TrumpRules]] = {}
"""Every concrete trump part class (one with a ``marker``), by qualified
name, in the order they were defined: the classes :func:`fold_trump_options` picks
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
    (``te.ruleset("28", cut_mode="face-down")``) find the part that has them."""

    marker: ClassVar[str] = ""
    """How the trump is marked (see :data:`TrumpMarker`; a part may have its own): the
    value of the ``trump_marker`` option."""

    option_fields: ClassVar[tuple[str, ...]] = ("trump_lead_after_trump_played",)

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
        "trump_lead_after_trump_played", "early_trumps_count", "last_trick_unexposed")

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
        *ConcealedTrump.option_fields, "caller_plays_exposed_card", "concealed_follow")

    caller_plays_exposed_card: bool = field(default=False, validator=typed(bool))
    """A bidder who calls for their own face-down trump must play that very card to the
    trick (needs ``trump_marker`` ``hand-card``)."""
    concealed_follow: ConcealedFollow = field(
        default="void", validator=one_of("void", "expose"))
    """When the trump suit is led and the bidder's only card of it is the face-down one:
    ``void``, the bidder counts as void; ``expose``, the bidder must expose it and play
    it (needs ``trump_marker`` ``hand-card``, without ``seventh_card``)."""


@frozen
class IndicatorTrump(ConcealedTrump):
    """29's trump: the bidder names the suit with a card from outside the deck, face
    down; it is never played."""

    marker: ClassVar[str] = "indicator"


@frozen
class OpenTrump(TrumpRules):
    """56's trump: the winning bid names it (or No Trump), known to all from the start."""

    marker: ClassVar[str] = "open"


def check_trump_options(v: Mapping[str, Any]) -> None:
    """Refuse trump options that do not go together (``v``: every name of
    :data:`TRUMP_OPTION_NAMES` and its value)."""
    needs_card = [name for name, on in (
        ("caller_plays_exposed_card", v["caller_plays_exposed_card"]),
        ("concealed_follow 'expose'", v["concealed_follow"] == "expose"),
        ("open_by_leading_trump", v["open_by_leading_trump"])) if on]
    if needs_card and v["trump_marker"] != "hand-card":
        raise ConfigError(
            f"{needs_card[0]} conflicts with trump_marker {v['trump_marker']!r}: it "
            "needs the bidder's own face-down trump card (trump_marker 'hand-card')")
    if v["cut_mode"] == "face-down":
        clash = [name for name, on in (
            ("trump_marker 'open'", v["trump_marker"] == "open"),
            ("seventh_card", v["seventh_card"]),
            ("reveal_when_void", v["reveal_when_void"]),
            ("concealed_follow 'expose'", v["concealed_follow"] == "expose")) if on]
        if clash:
            raise ConfigError(
                f"cut_mode 'face-down' conflicts with {clash[0]}: face-down cuts need a "
                "trump the bidder chose and knows, and no call for it")
    if v["open_by_leading_trump"] and v["seventh_card"]:
        raise ConfigError(
            "open_by_leading_trump conflicts with seventh_card: a bidder who takes the "
            "seventh card cannot name it to lead it")
    if v["concealed_follow"] == "expose" and v["seventh_card"]:
        raise ConfigError(
            "concealed_follow 'expose' conflicts with seventh_card: a bidder who "
            "takes the seventh card does not know the face-down card's suit, so "
            "cannot be told to follow suit with it")


def _fields(cls: type[TrumpRules]) -> set[str]:
    return set(attrs.fields_dict(cls)) & set(TRUMP_OPTION_NAMES)


class _Named:
    """What :func:`~twentyeight.plugins.one_of` reads of an attribute: its name."""

    def __init__(self, name: str) -> None:
        self.name = name


def _validate(name: str, value: Any) -> None:
    """Check ``value`` as the field ``name`` of a registered part checks it, so that a
    bad value is refused with the option's own message even where it stays inert."""
    if name == "trump_marker":
        markers = dict.fromkeys(("hand-card", "indicator", "open"))
        markers.update(dict.fromkeys(c.marker for c in _PARTS.values()))
        one_of(*markers)(None, _Named(name), value)
        return
    for cls in _PARTS.values():
        attribute = attrs.fields_dict(cls).get(name)
        if attribute is not None and attribute.validator is not None:
            attribute.validator(None, attribute, value)
            return


def _load_parts() -> None:
    # Parts of registered rulesets (304's cuts, Thunee's last card) are defined by
    # their packages: load them when an option names a field no part has yet.
    for ep in entry_points(group="twentyeight.rulesets"):
        try:
            ep.load()
        except Exception:  # the registry reports a broken plug-in; skip it here
            continue


def _known() -> set[str]:
    return set().union(*(_fields(c) for c in _PARTS.values()))


def fold_trump_options(part: TrumpRules, changes: Mapping[str, Any]) -> TrumpRules:
    """``part`` with the trump options ``changes`` (names of
    :data:`TRUMP_OPTION_NAMES`) applied: the same class if it has a field for every
    value that differs from the classic default, else the registered part of the
    marker asked for with the fewest fields that has them. A value that only parts of
    another marker have a field for is kept inert (:attr:`TrumpRules.inert`). The
    config's constructor and ``with_options`` both fold through it."""
    if not set(changes) <= _known():
        _load_parts()
    for name, value in changes.items():
        if name not in _known() and name != "trump_marker":
            raise ConfigError(f"option {name} needs a trump part that has it (a "
                              "registered ruleset package defines it)")
        _validate(name, value)
    v = part.legacy_options() | dict(changes)
    check_trump_options(v)
    if not changes:
        return part
    marker = v["trump_marker"]
    wanted = {k for k in TRUMP_OPTION_NAMES[1:] if v[k] != _NEUTRAL[k]}
    current = type(part)
    cls: type[TrumpRules] = current
    if current.marker != marker or not wanted & _marker_fields(marker) <= _fields(current):
        fits = [c for c in _PARTS.values() if c.marker == marker
                and wanted & _marker_fields(marker) <= _fields(c)]
        if not fits:
            raise ConfigError(f"no trump part of trump_marker {marker!r} has the options "
                              f"{', '.join(sorted(wanted & _marker_fields(marker)))}")
        cls = min(fits, key=lambda c: len(_fields(c)))
    mine = _fields(cls)
    kept = {f.alias: getattr(part, f.name) for f in attrs.fields(current)
            if cls is current and f.name not in mine and f.name != "inert"}
    inert = {k: v[k] for k in sorted(wanted - mine)}
    return cls(**{k: v[k] for k in mine}, **kept, inert=inert)


def _marker_fields(marker: str) -> set[str]:
    return set().union(*(_fields(c) for c in _PARTS.values() if c.marker == marker))
