"""Validated ruleset configuration and the plug-in protocols the core calls.

A ruleset is a :class:`RulesetConfig` (pure data, validated when built) plus plug-in
objects for behaviour that is not a simple switch: the scoring system, the redeal
checks, the auction (:class:`~twentyeight.plugins.AuctionRules`) and rule plug-ins
(:class:`~twentyeight.plugins.RulePlugin`). The core reads option values; it never asks
which regional ruleset it plays.

Options are the config's own simple fields (:data:`OPTION_NAMES`) plus the fields each
plug-in part names in its ``option_fields``; :meth:`RulesetConfig.options` lists them all
and :meth:`RulesetConfig.with_options` changes any of them by name.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import attrs
from attrs import field, frozen

from .cards import DeckSpec
from .errors import ConfigError
from .inputs import describe, excerpt, is_whole
from .plugins import MAX_OPTION_INT as MAX_OPTION_INT
from .plugins import AuctionRules, Part, RulePlugin, StandardAuction, _check_bounded
from .plugins import one_of as one_of
from .plugins import typed as typed
from .trump import (
    TRUMP_OPTION_NAMES,
    HandCardTrump,
    TrumpRules,
)
from .trump import BidderTrumpLead as BidderTrumpLead
from .trump import ConcealedFollow as ConcealedFollow
from .trump import CutMode as CutMode
from .trump import LastTrickUnexposed as LastTrickUnexposed
from .trump import SeventhCardWhen as SeventhCardWhen
from .trump import TrumpMarker as TrumpMarker
from .trump_options import fold_trump_options

if TYPE_CHECKING:
    from .port import RoundPort

def ordinal(n: int) -> str:
    """``n`` as an ordinal number: ``1st``, ``2nd``, ``6th``, ``11th``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


FirstLead = Literal["opener", "after-opener"]
"""Who leads the first trick: the opener, the player after the dealer (``opener``), or
the player after the opener (``after-opener``: Thunee, whose opener is the trumpman)."""

NoJackDiscard = bool | Literal["strict"]
"""The no-Jack-discard rule: off (``False``); ``True``: a player void in the suit led may
not discard the Jack of a suit not yet led; ``"strict"``: may not discard any Jack, led
or not. Trumping with the exposed trump suit's Jack is no discard, and a hand of nothing
but such Jacks may play one."""

RedealEvent = Literal["deal-complete", "trump-exposed"]
"""Points of the round at which automatic redeal checks run."""

ClaimWindow = Literal["opening-call", "first-call", "first-card"]
"""When a redeal may be demanded: as the first call of the auction (``opening-call``),
on a player's first turn of the auction, before that player has spoken (``first-call``:
Thunee's trumpman, who does not speak first), or on a player's turn before that player's
first card of the play (``first-card``)."""


@frozen
class HandOutcome:
    """What a scoring system needs to know about a finished hand. ``contract`` is
    ``"bid"`` for a contract to take ``target`` card points, or the name of the plug-in
    that set another (``"single-hand"``: every trick, ``target`` is ``None``).
    ``multiplier`` is 1, 2 (doubled) or 4 (redoubled); ``stake``, when set, is a fixed
    number of game points a call put on the hand (the "C" of pips scoring);
    ``last_trick_team`` the team that won the last trick played: the hand's last, or
    the trick that ended it early (an every-trick contract's first lost trick);
    ``None`` when the outcome is made up."""

    teams: int
    bidding_team: int
    bid: int
    target: int | None
    card_points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    made: bool
    contract: str = "bid"
    multiplier: int = 1
    stake: int | None = None
    less_than_half_doubles: bool = False
    last_trick_team: int | None = None

    @property
    def under_half(self) -> bool:
        """A failed points contract whose side took less than half its target."""
        return (not self.made and self.target is not None
                and 2 * self.card_points[self.bidding_team] < self.target)

    @property
    def factor(self) -> int:
        """What the round multiplies the scoring system's game points by: doubling and
        redoubling, and 2 more for a loss under half the target where the ruleset's
        option says so. Scoring systems give the base value only."""
        extra = 2 if self.less_than_half_doubles and self.under_half else 1
        return self.multiplier * extra

    def game_points(self, scoring: ScoringSystem) -> tuple[int, ...]:
        """Each team's game points for this hand under ``scoring``
        (:meth:`ScoringSystem.game_points`). The round scores every hand this way."""
        return scoring.game_points(self)


class ScoringSystem(Part, ABC):
    """Turns hands into game points and decides when a match is over. Subclass it (an
    attrs ``@frozen`` class) and give :meth:`hand_points`; every other member has a
    documented default. Its ``option_fields`` are user options like the config's."""

    __slots__ = ()

    name: str = "scoring"
    """Short name, e.g. ``pips``."""
    description: str = ""
    """One line for listings."""
    stakes: ClassVar[bool] = False
    """True if the system honours :attr:`HandOutcome.stake` (a fixed value set by a
    call, such as the C)."""
    match_sets: int = 1
    """Games a team must win, sets of both teams cancelling, to win a match."""
    doubles: ClassVar[bool] = True
    """True (default) if a hand's value may be doubled and redoubled (the ``double``
    modifier); False for a system whose calls set their own fixed values (Thunee's
    balls)."""
    bid_is_handicap: ClassVar[bool] = False
    """True if a higher bid helps the other side rather than promising more (Thunee's
    call is added to the other team's count): a bot then bids as little as wins the
    auction, and only with a strong hand. Default: a bid is what the bidder promises."""

    def contract_made(self, outcome: HandOutcome) -> bool:
        """Whether the bidding team made a contract to take card points (``outcome.made``
        is not decided yet). Default: its card points reach ``outcome.target``. Thunee's
        balls override it: the trumper's team makes it when the other team's count, with
        the last trick and the call, stays below 105."""
        assert outcome.target is not None
        return outcome.card_points[outcome.bidding_team] >= outcome.target

    @abstractmethod
    def hand_points(self, outcome: HandOutcome) -> tuple[int, ...]:
        """Game points each team gains (negative: loses) for one hand, before the
        round multiplies them by ``outcome.factor``."""

    def game_points(self, outcome: HandOutcome) -> tuple[int, ...]:
        """Each team's game points for one hand (default: :meth:`hand_points` multiplied
        by ``outcome.factor``). A system whose table gives doubled or redoubled values of
        its own, rather than multiples, overrides it."""
        return tuple(p * outcome.factor for p in self.hand_points(outcome))

    def match_winner(self, totals: tuple[int, ...]) -> int | None:
        """The team that has won the game with these running totals, or ``None``
        (default: never; a series without end)."""
        return None

    def starting_totals(self, teams: int) -> tuple[int, ...]:
        """Each team's score when a match begins (default: 0)."""
        return (0,) * teams

    def explain(self, outcome: HandOutcome) -> str | None:
        """How the hand was decided, in words, for transcripts (default ``None``: they
        say the bidding team's card points and its target). Thunee's balls say the
        counting team's count."""
        return None

    def next_dealer(self, dealer: int, players: int, totals: tuple[int, ...]) -> int:
        """Who deals after a hand played out by ``dealer``, the match's totals now
        ``totals`` (default: the next seat, to the dealer's right). Thunee's balls keep
        the deal with a dealer whose team is behind."""
        return (dealer + 1) % players

    @property
    def single_hand(self) -> tuple[int, int] | None:
        """Game points of a single hand made and failed, or ``None`` (default) if the
        system gives a single hand no value."""
        return None


class RedealCheck(Part):
    """A rule that annuls the deal (the same dealer deals again). Subclass it (an attrs
    ``@frozen`` class); every member has a documented default.

    ``automatic`` is asked at the events in :data:`RedealEvent`; ``may_claim`` whether
    ``seat`` may demand a redeal with the ``redeal`` action, and only while the check's
    ``claim_window`` is open. Both read the round through its
    :class:`~twentyeight.port.RoundPort`."""

    __slots__ = ()

    name: str = "redeal-check"
    """Short name; an annulled round's result names the check by it."""
    description: str = ""
    """One line for listings."""
    claim_window: ClassVar[ClaimWindow | None] = None
    """When the check may be claimed (default ``None``: it is automatic only)."""
    events: ClassVar[tuple[RedealEvent, ...]] = ("deal-complete", "trump-exposed")
    """The events at which :meth:`automatic` is asked (default: every one). A check
    that looks at one event says so, and is not asked at the others."""
    settled_by_the_deal: ClassVar[bool] = False
    """True when :meth:`automatic` reads only what is settled before the play starts
    (the cards dealt, the bidder, the trump suit), so that at ``trump-exposed`` it
    gives the same answer whenever in the play the trump is exposed (default
    ``False``: it may read the play). The solver then asks it once per search instead
    of at every exposure it tries, and searches such rounds at its fastest."""

    def automatic(self, rnd: RoundPort, event: RedealEvent) -> bool:
        """True if the deal must be annulled now (default: never). It should read only
        what is settled when ``event`` happens (the cards dealt, the bidder, the trump
        suit): :meth:`Round.resample <twentyeight.round.Round.resample>` asks it again
        on a resampled deal for every event that has passed, and keeps only deals on
        which it stays False."""
        return False

    def may_claim(self, rnd: RoundPort, seat: int) -> bool:
        """True if ``seat`` may demand a redeal now (default: never)."""
        return False


def whole_numbers(value: Any, length: int | None = None) -> tuple[int, ...]:
    """``value`` as a tuple of whole numbers (``length`` of them, if given), each an
    ``int`` within ``±MAX_OPTION_INT``: no text, ``bool`` or ``float`` is converted.
    Raises :class:`~twentyeight.ConfigError` otherwise. Plug-ins' converters use it."""
    if isinstance(value, (list, tuple)) and (length is None or len(value) == length) \
            and all(is_whole(v, -MAX_OPTION_INT, MAX_OPTION_INT + 1) for v in value):
        return tuple(value)
    wanted = f"a list of {length} whole numbers" if length else "a list of whole numbers"
    raise ConfigError(f"expected {wanted} from -{MAX_OPTION_INT} to {MAX_OPTION_INT}, "
                      f"got {describe(value)}")


def _tuple_of_ints(value: Any) -> tuple[int, ...]:
    return whole_numbers(value)


def _tuple_of_str(value: Any) -> tuple[str, ...]:
    if isinstance(value, str) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"expected a list of names, got {describe(value)}")
    return tuple(value)


def _tuple_of_checks(value: Any) -> tuple[RedealCheck, ...]:
    return tuple(value)


def _tuple_of_plugins(value: Any) -> tuple[RulePlugin, ...]:
    plugins = tuple(value)
    for p in plugins:
        if not isinstance(p, RulePlugin):
            raise ConfigError(f"{describe(p)} is not a RulePlugin")
    return plugins


_FIRST_LEADS = ("opener", "after-opener")


def _no_jack_discard(_inst: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    # ``is`` and a type check: 1 and 0 equal True and False but are not switches.
    if value is True or value is False or (isinstance(value, str) and value == "strict"):
        return
    raise ConfigError(f"option {attribute.name} must be True, False or 'strict'; "
                      f"got {describe(value)}")


def optional_int(_inst: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """An attrs validator for an option that is a whole number or ``None``."""
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise ConfigError(f"option {attribute.name} must be a whole number or None")
    if value is not None:
        _check_bounded(attribute.name, value)


class _Unset:
    """The value of a trump option's init keyword that was not given."""

    def __repr__(self) -> str:
        return "UNSET"

    def __reduce__(self) -> str:
        return "_UNSET"  # one object, also through pickle (a config is copied to workers)


_UNSET: Any = _Unset()

@frozen
class RulesetConfig:
    """Everything that defines a ruleset. Built by presets in ``twentyeight_variants``;
    validated on construction, so a config that exists is playable. Seats are numbered
    in the counter-clockwise order of play; seat ``s`` plays for team ``s % 2``."""

    name: str = field(validator=typed(str))
    """Registered name, e.g. ``"28"``."""
    description: str = field(validator=typed(str))
    """One line for listings."""
    deck: DeckSpec
    """The cards in play."""
    scoring: ScoringSystem
    """Game points per hand and the end of a match."""
    aliases: tuple[str, ...] = field(default=(), converter=_tuple_of_str)
    """Other names the ruleset is found by."""
    source: str = ""
    """Which sources the preset follows, in words. A Markdown footnote reference after a
    source's name (``[^004]``) lets the documentation add the source's note."""
    players: int = field(default=4, validator=typed(int))
    """Number of seats; teams alternate around the table."""
    deal_packets: tuple[int, ...] = field(default=(4, 4), converter=_tuple_of_ints)
    """Cards each player receives in each dealing round, in order."""
    auction_after: int = field(default=1, validator=typed(int))
    """How many entries of ``deal_packets`` are dealt before the auction (the rest come
    once the trump is chosen)."""
    min_bid: int = field(default=14, validator=typed(int))
    """Lowest bid, and what the opener must bid at least."""
    max_bid: int = field(default=28, validator=typed(int))
    """Highest bid."""
    bid_step: int = field(default=1, validator=typed(int))
    """Bids go up from ``min_bid`` in steps of this many points (``304`` bids in tens);
    ``max_bid`` is always a bid, even off the step (calls of 10 to 100, then 104)."""
    opener_must_bid: bool = field(default=True, validator=typed(bool))
    """The first player to speak may not pass."""
    partner_overcall_min: int | None = field(default=None, validator=optional_int)
    """To overcall your own partner's bid, bid at least this (``None``: no extra limit)."""
    second_bid_min: int | None = field(default=None, validator=optional_int)
    """A player's second and later bids must be at least this (``None``: no limit)."""
    first_lead: FirstLead = field(default="opener", validator=one_of(*_FIRST_LEADS))
    """Who leads the first trick; see :data:`FirstLead` (a contract that names its own
    leader, such as the single hand, still leads)."""
    over_trump: bool = field(default=False, validator=typed(bool))
    """Trumping over a trump already in the trick, you must beat it if you can, and you
    may not play a lower trump while you hold another card."""
    no_jack_discard: NoJackDiscard = field(default=False, validator=_no_jack_discard)
    """Unable to follow suit, you may not discard a Jack (the exposed trump suit's Jack
    excepted) while you hold another card: with ``True`` the Jack of a suit not yet led,
    with ``"strict"`` any Jack; ``False``: no such rule."""
    last_trick_points: int = field(default=0, validator=typed(int))
    """Card points for winning the last trick (29 gives 1)."""
    less_than_half_doubles: bool = field(default=False, validator=typed(bool))
    """A failed contract that took less than half its target loses double."""
    redeal_checks: tuple[RedealCheck, ...] = field(default=(), converter=_tuple_of_checks)
    """Rules that annul a deal, checked in order (plug-ins may add more)."""
    auction: AuctionRules = field(factory=StandardAuction)
    """Who speaks, which bids are allowed and when the auction ends."""
    plugins: tuple[RulePlugin, ...] = field(default=(), converter=_tuple_of_plugins)
    """Rule plug-ins: call windows, extra actions, per-trick hooks (see
    :class:`~twentyeight.plugins.RulePlugin`)."""
    trump: TrumpRules = field(factory=HandCardTrump)
    """How the trump is chosen, concealed and exposed (see
    :class:`~twentyeight.trump.TrumpRules`); its options are the trump options."""
    # The trump options by their names, as init keywords: a value given here is folded
    # into ``trump`` (fold_trump_options) and the field is cleared.
    _trump_marker: Any = field(default=_UNSET, eq=False, repr=False, hash=False)
    _seventh_card: Any = field(default=_UNSET, eq=False, repr=False, hash=False)
    _seventh_card_position: Any = field(default=_UNSET, eq=False, repr=False, hash=False)
    _seventh_card_when: Any = field(default=_UNSET, eq=False, repr=False, hash=False)
    _bidder_trump_lead: Any = field(default=_UNSET, eq=False, repr=False, hash=False)
    _caller_must_trump: Any = field(default=_UNSET, eq=False, repr=False, hash=False)
    _caller_plays_exposed_card: Any = field(default=_UNSET, eq=False, repr=False, hash=False)
    _concealed_follow: Any = field(default=_UNSET, eq=False, repr=False, hash=False)
    _reveal_when_void: Any = field(default=_UNSET, eq=False, repr=False, hash=False)
    _cut_mode: Any = field(default=_UNSET, eq=False, repr=False, hash=False)
    _open_by_leading_trump: Any = field(default=_UNSET, eq=False, repr=False, hash=False)
    _trump_lead_after_trump_played: Any = field(default=_UNSET, eq=False, repr=False, hash=False)
    _early_trumps_count: Any = field(default=_UNSET, eq=False, repr=False, hash=False)
    _last_trick_unexposed: Any = field(default=_UNSET, eq=False, repr=False, hash=False)

    trump_marker: TrumpMarker = field(init=False, eq=False, repr=False, hash=False)
    """How the trump is marked: the trump part's ``marker`` (see :data:`TrumpMarker`)."""
    seventh_card: bool = field(init=False, eq=False, repr=False, hash=False)
    """Whether the bidder may take the seventh card as the trump (Thunee's part,
    ``LastCardTrump``)."""
    seventh_card_position: int = field(init=False, eq=False, repr=False, hash=False)
    """Which card dealt to the bidder ``seventh-card`` takes (7, or Thunee's 6)."""
    seventh_card_when: SeventhCardWhen = field(init=False, eq=False, repr=False, hash=False)
    """When ``seventh-card`` is offered; see :data:`SeventhCardWhen`."""
    bidder_trump_lead: BidderTrumpLead = field(init=False, eq=False, repr=False, hash=False)
    """When the bidder may lead trump before exposure; see :data:`BidderTrumpLead`."""
    caller_must_trump: bool = field(init=False, eq=False, repr=False, hash=False)
    """A player who calls for the trump must trump that trick if able."""
    caller_plays_exposed_card: bool = field(init=False, eq=False, repr=False, hash=False)
    """A bidder who calls for their own card must play it."""
    concealed_follow: ConcealedFollow = field(init=False, eq=False, repr=False, hash=False)
    """The bidder whose only card of the suit led is the face-down one; see
    :data:`ConcealedFollow`."""
    reveal_when_void: bool = field(init=False, eq=False, repr=False, hash=False)
    """A player who cannot follow suit while the trump is concealed must call for it."""
    cut_mode: CutMode = field(init=False, eq=False, repr=False, hash=False)
    """How a void player cuts while the trump is concealed; see :data:`CutMode`."""
    open_by_leading_trump: bool = field(init=False, eq=False, repr=False, hash=False)
    """The bidder may open the game by leading the face-down card (304)."""
    trump_lead_after_trump_played: bool = field(init=False, eq=False, repr=False, hash=False)
    """No trump lead until a trump has been played, once the trump is known."""
    early_trumps_count: bool = field(init=False, eq=False, repr=False, hash=False)
    """Trump-suit cards played earlier in the exposing trick count as trumps."""
    last_trick_unexposed: LastTrickUnexposed = field(init=False, eq=False, repr=False, hash=False)
    """What happens if the trump is still concealed at the last trick."""

    def __attrs_post_init__(self) -> None:
        given = {name: getattr(self, f"_{name}") for name in TRUMP_OPTION_NAMES}
        given = {name: value for name, value in given.items() if value is not _UNSET}
        if not isinstance(self.trump, TrumpRules):
            raise ConfigError("trump must be a TrumpRules")
        object.__setattr__(self, "trump", fold_trump_options(self.trump, given))
        for name in given:
            object.__setattr__(self, f"_{name}", _UNSET)
        # The round reads some of them on every play: slots, set once from the part.
        for name, value in self.trump.legacy_options().items():
            object.__setattr__(self, name, value)
        deck_size = self.deck.size
        if self.players < 2 or self.players % 2:
            raise ConfigError(f"players must be an even number >= 2, got {self.players}")
        if not self.deal_packets or any(p <= 0 for p in self.deal_packets):
            raise ConfigError("deal_packets must be positive numbers of cards")
        if self.players * sum(self.deal_packets) != deck_size:
            raise ConfigError(
                f"a {deck_size}-card deck does not divide into {self.players} hands of "
                f"{sum(self.deal_packets)} (deal_packets {list(self.deal_packets)})"
            )
        if not 1 <= self.auction_after <= len(self.deal_packets):
            raise ConfigError(
                f"auction_after must be between 1 and {len(self.deal_packets)}, "
                f"got {self.auction_after}"
            )
        top = self.deck.compile().total_points + self.last_trick_points
        if not 0 < self.min_bid <= self.max_bid <= top:
            raise ConfigError(
                f"bids must satisfy 0 < min_bid <= max_bid <= {top} (the points in play); "
                f"got min_bid {self.min_bid}, max_bid {self.max_bid}"
            )
        if not 1 <= self.bid_step <= self.max_bid - self.min_bid + 1:
            raise ConfigError(
                f"bid_step must be between 1 and {self.max_bid - self.min_bid + 1} (the "
                f"bid range {self.min_bid}-{self.max_bid}), got {self.bid_step}")
        for option in ("partner_overcall_min", "second_bid_min"):
            p = getattr(self, option)
            if p is not None and not self.min_bid <= p <= self.max_bid:
                raise ConfigError(
                    f"{option} {p} is outside the bid range {self.min_bid}-{self.max_bid}")
        if self.last_trick_points < 0:
            raise ConfigError("last_trick_points may not be negative")
        if not isinstance(self.scoring, ScoringSystem):
            raise ConfigError("scoring must be a ScoringSystem (subclass "
                              "twentyeight.ScoringSystem)")
        if not isinstance(self.auction, AuctionRules):
            raise ConfigError("auction must be an AuctionRules")
        for check in self.all_redeal_checks():
            if not isinstance(check, RedealCheck):
                raise ConfigError(f"{describe(check)} is not a RedealCheck (subclass "
                                  "twentyeight.RedealCheck)")
        names_bid = self.auction.denominations != (None,)
        if (self.trump_marker == "open") != names_bid:
            raise ConfigError(
                "trump_marker 'open' goes with an auction whose bids name the trump, "
                "and only with one")
        if self.seventh_card:
            before = sum(self.deal_packets[:self.auction_after])
            if self.trump_marker == "open" or \
                    not before < self.seventh_card_position <= self.hand_size:
                raise ConfigError(
                    "seventh_card needs a trump chosen after the auction, with the card "
                    f"at seventh_card_position ({self.seventh_card_position}) of each "
                    "hand dealt after it")
        seen: dict[str, str] = {name: "the ruleset" for name in OPTION_NAMES}
        for part in self.parts():
            for name in part.option_fields:
                if part is self.trump and name in TRUMP_OPTION_NAMES:
                    continue
                if name in seen:
                    raise ConfigError(
                        f"option {name!r} of {type(part).__name__} clashes with {seen[name]}")
                seen[name] = type(part).__name__
        names = [p.name for p in self.plugins]
        if len(set(names)) != len(names):
            raise ConfigError(f"two plug-ins share a name: {names}")
        for part in self.parts():
            part.check(self)

    @property
    def seventh_card_name(self) -> str:
        """The card ``seventh-card`` takes, in words: ``"seventh card"``, or ``"last
        card"`` where it is the last one dealt (Thunee), else ``"6th card"`` and the
        like: the trump part's ``card_name``, where it has one (Thunee's
        :class:`~twentyeight_variants.thunee.LastCardTrump`)."""
        name = getattr(self.trump, "card_name", None)
        return str(name(self.hand_size)) if callable(name) else "seventh card"

    @property
    def hand_size(self) -> int:
        """Cards each player holds once the deal is complete."""
        return sum(self.deal_packets)

    @property
    def tricks(self) -> int:
        """Tricks in a hand."""
        return self.hand_size

    @property
    def bids(self) -> tuple[int, ...]:
        """Every bid there is, lowest first: ``min_bid`` and up in steps of
        ``bid_step``, and ``max_bid``."""
        return (*range(self.min_bid, self.max_bid, self.bid_step), self.max_bid)

    def describe_bids(self) -> str:
        """The bids in words, for messages: ``14 to 28``, ``160 to 300 in steps of 10``,
        ``10 to 100 in steps of 10, and 104``."""
        if self.bid_step == 1:
            return f"{self.min_bid} to {self.max_bid}"
        last = self.bids[-2] if (self.max_bid - self.min_bid) % self.bid_step else self.max_bid
        text = f"{self.min_bid} to {last} in steps of {self.bid_step}"
        return text if last == self.max_bid else f"{text}, and {self.max_bid}"

    @property
    def max_actions(self) -> int:
        """An upper bound on the actions in one round: the auction's calls, one trump
        choice, one call for the trump, every card, a redeal claim and whatever the
        plug-ins add."""
        extra = sum(p.max_actions(self) for p in self.plugins)
        return self.auction.max_calls(self) + 1 + 1 + self.deck.size + 1 + extra

    def parts(self) -> tuple[Part, ...]:
        """The plug-in parts that may carry options: auction, trump, scoring and rule
        plug-ins."""
        return (self.auction, self.trump, self.scoring, *self.plugins)

    def all_redeal_checks(self) -> tuple[RedealCheck, ...]:
        """The config's own redeal checks and those its plug-ins add, in that order."""
        checks = self.redeal_checks
        for p in self.plugins:
            checks += p.redeal_checks()
        return checks

    def options(self) -> dict[str, Any]:
        """Every option (numbers, switches, choices) and its value: the config's own and
        its plug-ins'."""
        out = {name: getattr(self, name) for name in OPTION_NAMES}
        for part in self.parts():
            for name in part.option_fields:
                if name not in out:
                    out[name] = getattr(part, name)
        return out

    def with_options(self, /, **changes: Any) -> RulesetConfig:
        """A copy with some options changed; unknown names are refused."""
        known = self.options()
        unknown = sorted(set(changes) - set(known))
        if unknown:
            raise ConfigError(
                f"unknown option(s) {', '.join(excerpt(u) for u in unknown[:5])}; "
                f"options are: {', '.join(known)}"
            )
        try:
            # The trump options of OPTION_NAMES go as init keywords, folded into the
            # trump part by the constructor; the part's other options evolve it.
            own = {k: v for k, v in changes.items() if k in OPTION_NAMES}
            evolved: dict[str, Any] = {}
            for attr in ("auction", "trump", "scoring"):
                part = getattr(self, attr)
                mine = {k: v for k, v in changes.items()
                        if k in part.option_fields and k not in OPTION_NAMES}
                if mine:
                    evolved[attr] = attrs.evolve(part, **mine)
            plugins = []
            for p in self.plugins:
                mine = {k: v for k, v in changes.items() if k in p.option_fields}
                plugins.append(attrs.evolve(p, **mine) if mine else p)  # type: ignore[misc]
            if any(a is not b for a, b in zip(plugins, self.plugins, strict=True)):
                evolved["plugins"] = tuple(plugins)
            return attrs.evolve(self, **own, **evolved)
        except (TypeError, ValueError) as exc:
            if isinstance(exc, ConfigError):
                raise
            raise ConfigError(str(exc)) from None


OPTION_NAMES: tuple[str, ...] = (
    "auction_after",
    "trump_marker",
    "min_bid",
    "max_bid",
    "bid_step",
    "opener_must_bid",
    "partner_overcall_min",
    "second_bid_min",
    "seventh_card",
    "seventh_card_position",
    "seventh_card_when",
    "bidder_trump_lead",
    "caller_must_trump",
    "caller_plays_exposed_card",
    "concealed_follow",
    "reveal_when_void",
    "cut_mode",
    "first_lead",
    "open_by_leading_trump",
    "over_trump",
    "no_jack_discard",
    "trump_lead_after_trump_played",
    "early_trumps_count",
    "last_trick_unexposed",
    "last_trick_points",
    "less_than_half_doubles",
)
"""The config's own options a user may change by name (``Ruleset.with_options``) and
that records store; plug-in parts add theirs (:meth:`RulesetConfig.options`)."""
