"""Actions: what a player does, as immutable values with a stable text form.

``str(action)`` is the text form (``bid 16``, ``bid 30 NT``, ``pass``, ``trump JS``,
``trump S``, ``seventh-card``, ``call-trump``, ``play 9H``, ``redeal``) and
:func:`parse_action` reads it back. Plug-ins add their own kinds (subclasses of
:class:`Action` with a ``keyword`` and, if they take arguments, a ``from_text``), and each
ruleset's :class:`Grammar` reads the kinds of its own plug-ins: there is no
process-wide table.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar

from attrs import frozen

from .cards import Card, Deck, iter_bits, parse_suit
from .errors import ConfigError, ParseError
from .inputs import MAX_ACTION_TEXT, check_text, excerpt, read_number

__all__ = [
    "CORE_GRAMMAR",
    "MAX_ACTION_TEXT",
    "NO_TRUMP",
    "SEVENTH_CARD",
    "Action",
    "Bid",
    "CallTrump",
    "CardAction",
    "CardActions",
    "DeckActions",
    "Grammar",
    "LayTrump",
    "NameTrump",
    "Pass",
    "Play",
    "Redeal",
    "SeventhCard",
    "deck_actions",
    "parse_action",
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

    @classmethod
    def from_text(cls, rest: str) -> Action:
        """Read the text after the keyword (possibly empty). The default is for an
        action that is its keyword alone (``pass``, ``double``): it refuses anything
        after the keyword. A kind with arguments overrides it and raises
        :class:`ParseError` for malformed text."""
        if rest:
            raise ParseError(f"{cls.keyword!r} takes nothing after it, got {excerpt(rest)}")
        return cls()


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


SEVENTH_CARD = SeventhCard()
"""The one ``seventh-card`` action the engine lists (a trump part offers this one)."""


@frozen(cache_hash=True)
class Play(CardAction):
    """Play ``card`` to the current trick: ``play 9H``."""

    keyword: ClassVar[str] = "play"


ActionParser = Callable[[str], Action]
"""Reads the text after the keyword (possibly empty) and returns the action."""


class Grammar:
    """The action texts a ruleset reads: each keyword with its parser. The core's
    actions are :data:`CORE_GRAMMAR`; a ruleset adds the kinds its auction and
    plug-ins bring (:meth:`with_kinds`), so each ruleset reads exactly its own actions
    and nothing is registered process-wide."""

    __slots__ = ("_listed", "_parsers")

    def __init__(self, parsers: Mapping[str, ActionParser],
                 listed: Callable[[], Iterable[str]] | None = None) -> None:
        self._parsers: Mapping[str, ActionParser] = MappingProxyType(dict(parsers))
        # The keywords an unknown word's error lists (default: every one read). A
        # ruleset lists only those of actions it can take: it reads the core's
        # ``seventh-card`` too, to refuse it by rule, but does not suggest it.
        self._listed = listed

    def listing(self, listed: Callable[[], Iterable[str]]) -> Grammar:
        """This grammar, whose error for an unknown word suggests the keywords
        ``listed()`` gives (asked only then)."""
        return Grammar(self._parsers, listed)

    @property
    def keywords(self) -> tuple[str, ...]:
        """Every keyword this grammar reads, sorted."""
        return tuple(sorted(self._parsers))

    def with_kinds(self, kinds: Iterable[type[Action]]) -> Grammar:
        """This grammar and the keyword of each of ``kinds``, read by its
        :meth:`Action.from_text`. A keyword taken by another parser is a
        :class:`~twentyeight.ConfigError`."""
        parsers = dict(self._parsers)
        for kind in kinds:
            key = kind.keyword.lower()
            if not key or any(ch.isspace() for ch in key):
                raise ConfigError(f"action keyword must be one word, got {kind.keyword!r}")
            existing = parsers.get(key)
            if existing is not None and existing != kind.from_text:
                raise ConfigError(f"action keyword {kind.keyword!r} is taken by another "
                                  "kind of action")
            parsers[key] = kind.from_text
        return Grammar(parsers)

    def __or__(self, other: Grammar) -> Grammar:
        """Both grammars' keywords (the left one's parser where both have one)."""
        return Grammar({**other._parsers, **self._parsers})

    def parse(self, text: str) -> Action:
        """Read an action's text form (case and surrounding spaces do not matter).
        Raises :class:`ParseError` for anything that is not an action of this grammar:
        text longer than :data:`~twentyeight.inputs.MAX_ACTION_TEXT` is refused before
        it is read, and numbers are written with the ASCII digits 0-9 only."""
        check_text(text)
        words = text.strip().split(None, 1)
        if not words:
            raise ParseError("empty action text")
        parser = self._parsers.get(words[0].lower())
        if parser is None:
            listed = self.keywords if self._listed is None else sorted(self._listed())
            raise ParseError(
                f"unknown action {excerpt(words[0])}; expected one of: "
                f"{', '.join(listed)}", rule="unknown-action")
        return parser(words[1].strip() if len(words) > 1 else "")


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


CORE_GRAMMAR = Grammar({
    "bid": _parse_bid,
    "pass": Pass.from_text,
    "trump": _parse_trump,
    "seventh-card": SeventhCard.from_text,
    "call-trump": CallTrump.from_text,
    "play": _parse_play,
    "redeal": Redeal.from_text,
})
"""The actions of the core, which every ruleset reads."""


def parse_action(text: str) -> Action:
    """Read an action of the core (see :data:`CORE_GRAMMAR`): ``bid 16``, ``play JS``.
    A ruleset reads its plug-ins' actions too (:meth:`Ruleset.parse_action
    <twentyeight.ruleset.Ruleset.parse_action>`); ``twentyeight.parse_action`` reads
    those of every installed ruleset."""
    return CORE_GRAMMAR.parse(text)


class CardActions:
    """Shared actions of one kind, one per card of a deck (``play 9H`` for each card),
    read by a bitmask of cards. A mask of one byte of cards (a suit followed, in a
    32-card deck) is one lookup in a table of them all; a wider one is read sixteen bits
    at a time, each word's tuple made from two bytes' on first use and kept: a few
    lookups, not a loop over the cards. Made once per deck (:func:`deck_actions`)."""

    __slots__ = ("_bytes", "_words", "known")

    def __init__(self, by_id: Sequence[Action], deck: Deck) -> None:
        size = deck.size
        # One table more than the deck fills (empty), so that every word has two bytes.
        self._bytes: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
            tuple(tuple(by_id[base + c] for c in iter_bits(byte) if base + c < size)
                  for byte in range(256))
            for base in range(0, size + 8, 8))
        self._words: tuple[dict[int, tuple[Action, ...]], ...] = tuple(
            {} for _ in range(0, size, 16))
        one_byte: dict[int, tuple[Action, ...]] = {
            byte << 8 * k: acts
            for k, table in enumerate(self._bytes) for byte, acts in enumerate(table) if byte}
        self.known = one_byte.get
        """The actions of a mask whose cards lie in one byte, or ``None``: the hot path's
        lookup, without a call of :meth:`of`."""

    def of(self, mask: int) -> tuple[Action, ...]:
        """The actions of the cards in ``mask``, in card-id order."""
        acts: tuple[Action, ...] = ()
        k = 0
        while mask:
            word = mask & 0xFFFF
            if word:
                part = self._words[k].get(word)
                if part is None:
                    part = self._words[k][word] = (self._bytes[2 * k][word & 255]
                                                   + self._bytes[2 * k + 1][word >> 8])
                acts += part
            mask >>= 16
            k += 1
        return acts


@frozen
class DeckActions:
    """The shared per-card actions of a deck: ``play`` and ``trump <card>`` for each
    card id, and their :class:`CardActions` tables; ``trump <suit>`` for each suit."""

    play_of: tuple[Play, ...]
    lay_of: tuple[LayTrump, ...]
    plays: CardActions
    lays: CardActions
    name_of: tuple[NameTrump, ...]


@functools.cache
def deck_actions(deck: Deck) -> DeckActions:
    """The :class:`DeckActions` of ``deck``, made once per deck and shared by every
    ruleset that plays with it (with any options)."""
    play_of = tuple(Play(c) for c in deck.cards)
    lay_of = tuple(LayTrump(c) for c in deck.cards)
    return DeckActions(play_of, lay_of, CardActions(play_of, deck), CardActions(lay_of, deck),
                       tuple(NameTrump(s) for s in deck.spec.suits))
