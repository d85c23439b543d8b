"""Actions: what a player does, as immutable values with a stable text form.

``str(action)`` is the text form (``bid 16``, ``bid 30 NT``, ``pass``, ``trump JS``,
``trump S``, ``seventh-card``, ``call-trump``, ``play 9H``, ``redeal``) and
:func:`parse_action` reads it back. Plug-ins add their own kinds with
:func:`register_action_kind`, without touching this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from attrs import frozen

from .cards import Card, parse_suit
from .errors import ParseError
from .inputs import MAX_ACTION_TEXT, check_text, excerpt, read_number

__all__ = [
    "MAX_ACTION_TEXT",
    "NO_TRUMP",
    "Action",
    "Bid",
    "CallTrump",
    "CardAction",
    "LayTrump",
    "NameTrump",
    "Pass",
    "Play",
    "Redeal",
    "SeventhCard",
    "action_keywords",
    "keyword_only",
    "parse_action",
    "register_action_kind",
]


class Action:
    """Base class of every action. Subclasses set ``keyword`` (the first word of the
    text form) and are attrs ``@frozen`` values. The text form of an action without
    arguments is its keyword."""

    keyword: ClassVar[str] = ""
    verb: ClassVar[str | None] = None
    """What a transcript says a player does, in the first person (``"double"``,
    ``"declare a single hand"``); ``None``: the transcript shows the action's text."""
    __slots__ = ()

    def __str__(self) -> str:
        return self.keyword


NO_TRUMP = "NT"
"""The denomination of a No Trump bid (``bid 28 NT``)."""


@frozen(cache_hash=True)
class Bid(Action):
    """A bid: a number (``bid 16``) and, where bids name the trump (56), a suit letter
    or ``"NT"`` (``bid 30 S``, ``bid 28 NT``)."""

    keyword: ClassVar[str] = "bid"
    value: int
    denomination: str | None = None

    def __str__(self) -> str:
        if self.denomination is None:
            return f"bid {self.value}"
        return f"bid {self.value} {self.denomination}"


@frozen(cache_hash=True)
class Pass(Action):
    """Pass in the auction: ``pass``. Passing is final where the ruleset says so."""

    keyword: ClassVar[str] = "pass"
    verb: ClassVar[str | None] = "pass"


@frozen(cache_hash=True)
class CallTrump(Action):
    """Ask for the concealed trump to be exposed (only when void in the suit led):
    ``call-trump``."""

    keyword: ClassVar[str] = "call-trump"
    verb: ClassVar[str | None] = "call for the trump"


@frozen(cache_hash=True)
class Redeal(Action):
    """Claim a redeal that a redeal rule allows this player now: ``redeal``."""

    keyword: ClassVar[str] = "redeal"
    verb: ClassVar[str | None] = "claim a redeal"


@frozen(cache_hash=True)
class CardAction(Action):
    """An action naming one card; its text form is ``<keyword> <card>``."""

    card: Card

    def __str__(self) -> str:
        return f"{self.keyword} {self.card}"


@frozen(cache_hash=True)
class LayTrump(CardAction):
    """The bidder lays ``card`` face down as the concealed trump: ``trump JS``."""

    keyword: ClassVar[str] = "trump"


@frozen(cache_hash=True)
class NameTrump(Action):
    """The bidder names the trump suit with an indicator card from outside the deck,
    face down: ``trump S``."""

    keyword: ClassVar[str] = "trump"
    suit: str

    def __str__(self) -> str:
        return f"trump {self.suit}"


@frozen(cache_hash=True)
class SeventhCard(Action):
    """Instead of choosing, the bidder makes the seventh card dealt to them the face-down
    trump card, unseen by everyone until it is exposed: ``seventh-card``."""

    keyword: ClassVar[str] = "seventh-card"


@frozen(cache_hash=True)
class Play(CardAction):
    """Play ``card`` to the current trick: ``play 9H``."""

    keyword: ClassVar[str] = "play"


ActionParser = Callable[[str], Action]
"""Reads the text after the keyword (possibly empty) and returns the action."""

_PARSERS: dict[str, ActionParser] = {}


def register_action_kind(keyword: str, parser: ActionParser) -> None:
    """Teach :func:`parse_action` a new action keyword. ``parser`` gets the rest of the
    text after the keyword and raises :class:`ParseError` if it is malformed. Registering
    the same parser twice is harmless; a different parser for a taken keyword is refused."""
    key = keyword.lower()
    if not key or any(ch.isspace() for ch in key):
        raise ValueError(f"action keyword must be one word, got {keyword!r}")
    existing = _PARSERS.get(key)
    if existing is not None and existing is not parser:
        raise ValueError(f"action keyword {keyword!r} is already registered")
    _PARSERS[key] = parser


def action_keywords() -> tuple[str, ...]:
    """Every keyword :func:`parse_action` understands."""
    return tuple(sorted(_PARSERS))


def keyword_only(action: Action) -> ActionParser:
    """A parser for an action that is its keyword alone (``pass``, ``double``): it
    returns ``action`` and refuses anything after the keyword."""

    def parse(rest: str) -> Action:
        if rest:
            raise ParseError(f"{action.keyword!r} takes nothing after it, got {excerpt(rest)}")
        return action

    return parse


_NO_TRUMP_WORDS = frozenset({"nt", "no-trump", "no-trumps", "notrump", "notrumps", "noes"})


def parse_denomination(text: str) -> str:
    """Read a bid's denomination: a suit (letter, symbol or name) or No Trump (``NT``,
    ``no-trump``, ``noes``); return the suit letter or :data:`NO_TRUMP`."""
    t = text.strip().lower().replace(" ", "-")
    if t in _NO_TRUMP_WORDS:
        return NO_TRUMP
    try:
        return parse_suit(text)
    except ParseError:
        raise ParseError(f"not a suit or No Trump: {excerpt(text)}") from None


BID_DIGITS = 4
"""A bid has at most this many digits: far beyond any ruleset's bid range."""


def _parse_bid(rest: str) -> Action:
    number, _, denomination = rest.partition(" ")
    value = read_number(number, "a bid is 'bid N' with a whole number N in the digits 0-9",
                        BID_DIGITS)
    if denomination.strip():
        return Bid(value, parse_denomination(denomination))
    return Bid(value)


def _parse_trump(rest: str) -> Action:
    if not rest or " " in rest:
        raise ParseError("'trump' takes one card or suit, e.g. 'trump JS' or 'trump S'")
    if len(rest) == 1 or rest.lower().rstrip("s") in ("spade", "heart", "diamond", "club"):
        suit = parse_suit(rest)
        return NameTrump(suit)
    return LayTrump(Card.parse(rest))


def _parse_play(rest: str) -> Action:
    if not rest or " " in rest:
        raise ParseError("'play' takes one card, e.g. 'play JS'")
    return Play(Card.parse(rest))


register_action_kind("bid", _parse_bid)
register_action_kind("pass", keyword_only(Pass()))
register_action_kind("trump", _parse_trump)
register_action_kind("seventh-card", keyword_only(SeventhCard()))
register_action_kind("call-trump", keyword_only(CallTrump()))
register_action_kind("play", _parse_play)
register_action_kind("redeal", keyword_only(Redeal()))

_load_plugins: Callable[[], object] | None = None
"""Set by the registry: loads the installed plug-ins, which register their own action
kinds when imported, so that their keywords parse before any ruleset is looked up."""


def parse_action(text: str) -> Action:
    """Read an action's text form (case and surrounding spaces do not matter).
    Raises :class:`ParseError` for anything that is not an action: text longer than
    :data:`~twentyeight.inputs.MAX_ACTION_TEXT` is refused before it is read, and
    numbers are written with the ASCII digits 0-9 only."""
    check_text(text)
    words = text.strip().split(None, 1)
    if not words:
        raise ParseError("empty action text")
    keyword = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    parser = _PARSERS.get(keyword)
    if parser is None and _load_plugins is not None:
        _load_plugins()
        parser = _PARSERS.get(keyword)
    if parser is None:
        raise ParseError(
            f"unknown action {excerpt(words[0])}; expected one of: "
            f"{', '.join(action_keywords())}", rule="unknown-action")
    return parser(rest)
