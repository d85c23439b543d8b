"""Actions: what a player does, as immutable values with a stable text form.

``str(action)`` is the text form (``bid 16``, ``pass``, ``trump JS``, ``call-trump``,
``play 9H``, ``redeal``) and :func:`parse_action` reads it back. Plug-ins add their own
kinds with :func:`register_action_kind`, without touching this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from attrs import frozen

from .cards import Card
from .errors import ParseError

__all__ = [
    "Action",
    "Bid",
    "CallTrump",
    "CardAction",
    "LayTrump",
    "Pass",
    "Play",
    "Redeal",
    "action_keywords",
    "parse_action",
    "register_action_kind",
]


class Action:
    """Base class of every action. Subclasses set ``keyword`` (the first word of the
    text form) and are attrs ``@frozen`` values. The text form of an action without
    arguments is its keyword."""

    keyword: ClassVar[str] = ""
    __slots__ = ()

    def __str__(self) -> str:
        return self.keyword


@frozen(cache_hash=True)
class Bid(Action):
    """A numeric bid: ``bid 16``."""

    keyword: ClassVar[str] = "bid"
    value: int

    def __str__(self) -> str:
        return f"bid {self.value}"


@frozen(cache_hash=True)
class Pass(Action):
    """Pass in the auction: ``pass``. Passing is final where the ruleset says so."""

    keyword: ClassVar[str] = "pass"


@frozen(cache_hash=True)
class CallTrump(Action):
    """Ask for the concealed trump to be exposed (only when void in the suit led):
    ``call-trump``."""

    keyword: ClassVar[str] = "call-trump"


@frozen(cache_hash=True)
class Redeal(Action):
    """Claim a redeal that a redeal rule allows this player now: ``redeal``."""

    keyword: ClassVar[str] = "redeal"


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


def _no_argument(action: Action) -> ActionParser:
    def parse(rest: str) -> Action:
        if rest:
            raise ParseError(f"{action.keyword!r} takes nothing after it, got {rest!r}")
        return action

    return parse


def _parse_bid(rest: str) -> Action:
    if not rest.isdigit():
        raise ParseError(f"a bid is 'bid N' with a whole number N, got 'bid {rest}'")
    if len(rest) > 4:
        raise ParseError(f"bid {rest} is far outside any bid range")
    return Bid(int(rest))


def _card_action(cls: type[LayTrump] | type[Play]) -> ActionParser:
    def parse(rest: str) -> Action:
        if not rest or " " in rest:
            raise ParseError(f"'{cls.keyword}' takes one card, e.g. '{cls.keyword} JS'")
        return cls(Card.parse(rest))

    return parse


register_action_kind("bid", _parse_bid)
register_action_kind("pass", _no_argument(Pass()))
register_action_kind("trump", _card_action(LayTrump))
register_action_kind("call-trump", _no_argument(CallTrump()))
register_action_kind("play", _card_action(Play))
register_action_kind("redeal", _no_argument(Redeal()))


MAX_ACTION_TEXT = 200


def parse_action(text: str) -> Action:
    """Read an action's text form (case and surrounding spaces do not matter).
    Raises :class:`ParseError` for anything that is not an action."""
    if not isinstance(text, str):
        raise ParseError(f"an action must be text, not {type(text).__name__}")
    if len(text) > MAX_ACTION_TEXT:
        raise ParseError(f"action text is too long ({len(text)} characters)")
    words = text.strip().split(None, 1)
    if not words:
        raise ParseError("empty action text")
    keyword = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    parser = _PARSERS.get(keyword)
    if parser is None:
        raise ParseError(
            f"unknown action {words[0]!r}; expected one of: {', '.join(action_keywords())}"
        )
    return parser(rest)
