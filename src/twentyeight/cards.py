"""Cards and deck descriptions.

A deck is described by data (:class:`DeckSpec`): ranks in order, points per rank, suits,
copies. :meth:`DeckSpec.compile` turns it into a :class:`Deck` whose integer card ids and
bitmask tables are what the engine uses on its hot path; :class:`Card` is the readable,
immutable value that users see, parse and print.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType

from attrs import field, frozen

from .errors import ConfigError, ParseError
from .inputs import MAX_ACTION_TEXT, check_text, excerpt, read_number

SUIT_LETTERS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: Mapping[str, str] = MappingProxyType({"S": "♠", "H": "♥", "D": "♦", "C": "♣"})
SUIT_NAMES: Mapping[str, str] = MappingProxyType(
    {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"})
_SYMBOL_TO_LETTER = {sym: letter for letter, sym in SUIT_SYMBOLS.items()}
# Outline symbols are accepted too, since people type whichever their keyboard offers.
_SYMBOL_TO_LETTER.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})
_RANK_ALIASES = {"T": "10"}
RANKS: frozenset[str] = frozenset(
    {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}
)
"""Every rank a card of the family can have."""
COPY_MARK = "#"


def parse_suit(text: str) -> str:
    """Read a suit letter (``S H D C``), symbol (``♠ ♥ ♦ ♣``) or name; return the letter."""
    t = text.strip()
    if t in _SYMBOL_TO_LETTER:
        return _SYMBOL_TO_LETTER[t]
    up = t.upper()
    if up in SUIT_LETTERS:
        return up
    for letter, name in SUIT_NAMES.items():
        if t.lower() in (name, name[:-1]):
            return letter
    raise ParseError(f"not a suit: {excerpt(text)} (use S, H, D, C or ♠ ♥ ♦ ♣)")


@frozen(order=False, cache_hash=True)
class Card:
    """One playing card: a rank (``"J"``, ``"10"``, ...), a suit letter and, with two
    packs, which copy it is (0 or 1). ``str(card)`` is the text form, e.g. ``JS`` or
    ``JS#2`` for the second copy; :meth:`pretty` gives ``J♠``."""

    rank: str
    suit: str
    copy: int = 0

    def __str__(self) -> str:
        base = f"{self.rank}{self.suit}"
        return f"{base}{COPY_MARK}{self.copy + 1}" if self.copy else base

    def pretty(self) -> str:
        """The card with its suit symbol, e.g. ``10♥``."""
        base = f"{self.rank}{SUIT_SYMBOLS.get(self.suit, self.suit)}"
        return f"{base}{COPY_MARK}{self.copy + 1}" if self.copy else base

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``JS``, ``10H``, ``TH``, ``J♠``, ``10♥``, ``js`` or ``JS#2``. The copy
        number is written with the digits 0-9; :class:`ParseError` (rule ``bad-card``)
        for anything else."""
        t = check_text(text, "a card", MAX_ACTION_TEXT).strip()
        copy = 0
        if COPY_MARK in t:
            t, _, copy_text = t.partition(COPY_MARK)
            try:
                copy = read_number(copy_text) - 1
            except ParseError:
                copy = -1
            if copy < 0:
                raise ParseError(f"not a card: {excerpt(text)} (copy mark must be #1, #2, ...)",
                                 rule="bad-card")
        if len(t) < 2:
            raise ParseError(f"not a card: {excerpt(text)} (expected rank then suit, e.g. JS "
                             "or 10♥)", rule="bad-card")
        try:
            suit = parse_suit(t[-1])
        except ParseError:
            raise ParseError(
                f"not a card: {excerpt(text)} (expected rank then suit, e.g. JS or 10♥)",
                rule="bad-card") from None
        rank = t[:-1].upper()
        rank = _RANK_ALIASES.get(rank, rank)
        if rank not in RANKS:
            raise ParseError(f"not a card: {excerpt(text)} (unknown rank {excerpt(rank, 8)})",
                             rule="bad-card")
        return cls(rank, suit, copy)


def _str_tuple(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(str(v) for v in value)


def _int_pairs(
    value: Mapping[str, int] | Iterable[tuple[str, int]],
) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(dict(value).items()))


def _str_pairs(
    value: Mapping[str, str] | Iterable[tuple[str, str]],
) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(dict(value).items()))


@frozen
class DeckSpec:
    """What a deck is made of. ``ranks`` run high to low; ``points`` gives each rank's
    card points (missing ranks score 0); ``equal_ranks`` maps a rank to the rank it is
    as strong as (40's 3 ranks with the Jack); ``copies`` is 2 for two packs."""

    ranks: tuple[str, ...] = field(converter=_str_tuple)
    points: tuple[tuple[str, int], ...] = field(converter=_int_pairs)
    suits: tuple[str, ...] = field(default=SUIT_LETTERS, converter=_str_tuple)
    copies: int = 1
    equal_ranks: tuple[tuple[str, str], ...] = field(default=(), converter=_str_pairs)

    def __attrs_post_init__(self) -> None:
        if not self.ranks or len(set(self.ranks)) != len(self.ranks):
            raise ConfigError("deck ranks must be a non-empty list without repeats")
        unknown = [r for r in self.ranks if r not in RANKS]
        if unknown:
            raise ConfigError(f"deck ranks must be among {sorted(RANKS)}; got {unknown}")
        if not self.suits or len(set(self.suits)) != len(self.suits):
            raise ConfigError("deck suits must be a non-empty list without repeats")
        if any(s not in SUIT_LETTERS for s in self.suits):
            raise ConfigError(f"deck suits must be among {SUIT_LETTERS}")
        if not 1 <= self.copies <= 4:
            raise ConfigError("deck copies must be between 1 and 4")
        for rank, _ in self.points:
            if rank not in self.ranks:
                raise ConfigError(f"points given for rank {rank!r} which is not in the deck")
        for rank, as_rank in self.equal_ranks:
            if rank not in self.ranks or as_rank not in self.ranks:
                raise ConfigError(f"equal_ranks {rank!r}={as_rank!r} names a rank not in the deck")
        if len(self.suits) * len(self.ranks) * self.copies > 64:
            raise ConfigError("a deck may hold at most 64 cards")

    @property
    def size(self) -> int:
        """Number of cards in the deck."""
        return len(self.suits) * len(self.ranks) * self.copies

    def compile(self) -> Deck:
        """The integer tables the engine plays with (cached per spec)."""
        return _compile(self)


@functools.cache
def _compile(spec: DeckSpec) -> Deck:
    return Deck(spec)


class Sealed:
    """A value built once and shared by every round in the process: after
    :meth:`_seal` its attributes cannot be set, and its tables are tuples and read-only
    mappings, so one careless write cannot break every other round."""

    __slots__ = ("_sealed",)

    def _seal(self) -> None:
        object.__setattr__(self, "_sealed", True)

    def __setattr__(self, name: str, value: object) -> None:
        if getattr(self, "_sealed", False):
            raise AttributeError(f"{type(self).__name__} is shared by every round of its "
                                 f"ruleset and cannot be changed (setting {name!r})")
        object.__setattr__(self, name, value)


class Deck(Sealed):
    """A compiled deck. Card ids are ``(suit * copies + copy) * n_ranks + r`` where ``r``
    grows with strength: within one suit and copy a higher id is a stronger card, and the
    cards of one suit (all copies) are one contiguous run of ``suit_width`` bits.
    Hands are int bitmasks over these ids."""

    __slots__ = (
        "_display_key",
        "_id_of",
        "by_text",
        "cards",
        "ids",
        "n_ranks",
        "n_suits",
        "point_mask",
        "points",
        "rank_masks",
        "spec",
        "strength",
        "suit_mask",
        "suit_of",
        "suit_width",
        "total_points",
    )

    def __init__(self, spec: DeckSpec) -> None:
        self.spec = spec
        n_ranks, n_suits = len(spec.ranks), len(spec.suits)
        self.n_ranks, self.n_suits = n_ranks, n_suits
        pts = dict(spec.points)
        equal = dict(spec.equal_ranks)
        strength_of_rank = {r: n_ranks - 1 - i for i, r in enumerate(spec.ranks)}
        cards: list[Card] = []
        points: list[int] = []
        strength: list[int] = []
        suit_of: list[int] = []
        suit_mask = [0] * n_suits
        self.suit_width = n_ranks * spec.copies
        for s, suit in enumerate(spec.suits):
            for copy in range(spec.copies):
                for r in range(n_ranks):
                    rank = spec.ranks[n_ranks - 1 - r]
                    cid = len(cards)
                    cards.append(Card(rank, suit, copy))
                    points.append(pts.get(rank, 0))
                    strength.append(strength_of_rank[equal.get(rank, rank)])
                    suit_of.append(s)
                    suit_mask[s] |= 1 << cid
        self.cards: tuple[Card, ...] = tuple(cards)
        self.points: tuple[int, ...] = tuple(points)
        self.strength: tuple[int, ...] = tuple(strength)
        self.suit_of: tuple[int, ...] = tuple(suit_of)
        self.suit_mask: tuple[int, ...] = tuple(suit_mask)
        self.total_points = sum(points)
        self._display_key: tuple[tuple[int, int, int], ...] = tuple(
            (suit_of[i], -strength[i], i % n_ranks) for i in range(len(cards))
        )
        self.point_mask = mask_of(i for i, p in enumerate(points) if p)
        self.rank_masks: Mapping[str, int] = MappingProxyType({
            r: mask_of(i for i, c in enumerate(cards) if c.rank == r) for r in spec.ranks
        })
        self._id_of: dict[Card, int] = {c: i for i, c in enumerate(cards)}
        self.ids: Mapping[Card, int] = MappingProxyType(self._id_of)
        """The id of each card (read-only)."""
        by_text: dict[str, int] = {}
        for i, c in enumerate(cards):
            by_text[str(c)] = i
            if spec.copies > 1 and c.copy == 0:
                by_text[f"{c}{COPY_MARK}1"] = i
        self.by_text: Mapping[str, int] = MappingProxyType(by_text)
        self._seal()

    @property
    def size(self) -> int:
        """Number of cards."""
        return len(self.cards)

    @property
    def full_mask(self) -> int:
        """Bitmask of every card."""
        return (1 << len(self.cards)) - 1

    def card_id(self, card: Card | str) -> int:
        """The id of a card (or its text form) in this deck; :class:`ParseError` if absent."""
        if isinstance(card, str):
            card = Card.parse(card)
        cid = self._id_of.get(card)
        if cid is None:
            raise ParseError(f"{card} is not a card of this deck")
        return cid

    def strength_in(self, order: Sequence[str]) -> tuple[int, ...]:
        """Each card's strength (as :attr:`strength`, by card id) when every suit ranks
        ``order``, high to low: the deck's ranks in another order, for a contract that
        ranks them its own way (Thunee's Royals: upside down). Raises
        :class:`~twentyeight.ConfigError` if ``order`` is not the deck's ranks."""
        ranks = tuple(order)
        if sorted(ranks) != sorted(self.spec.ranks):
            raise ConfigError(f"a rank order must hold the deck's ranks "
                              f"{' '.join(self.spec.ranks)} once each, got {' '.join(ranks)}")
        of = {r: len(ranks) - 1 - i for i, r in enumerate(ranks)}
        return tuple(of[c.rank] for c in self.cards)

    def rank_mask(self, rank: str) -> int:
        """Bitmask of every card of ``rank`` (all suits and copies)."""
        return self.rank_masks.get(rank, 0)

    def mask_points(self, mask: int) -> int:
        """Card points of the cards in ``mask``."""
        return sum(self.points[i] for i in iter_bits(mask))

    def held_copy(self, hand: int, cid: int) -> int:
        """``cid``, or the other copy of its card where the deck has two and ``hand`` (a
        mask) holds that one."""
        if not hand >> cid & 1:
            card = self.cards[cid]
            cid = next(c for c in range(self.size) if hand >> c & 1 and self.cards[c] == card)
        return cid

    def cards_of(self, mask: int) -> list[Card]:
        """The cards in ``mask``, grouped by suit, strongest first within a suit."""
        return [self.cards[i] for i in self.sorted_ids(mask)]

    def sorted_ids(self, mask: int) -> list[int]:
        """Ids in ``mask`` in display order: by suit, strongest first."""
        return sorted(iter_bits(mask), key=self._display_key.__getitem__)

    def suit_letter(self, suit_index: int) -> str:
        """The letter of suit number ``suit_index``."""
        return self.spec.suits[suit_index]


BITS = tuple(1 << c for c in range(64))
"""``1 << c`` for every card id (a deck holds at most 64 cards): read, not computed,
where masks are built card by card."""


def iter_bits(mask: int) -> Iterator[int]:
    """The set bit positions of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(ids: Iterable[int]) -> int:
    """A bitmask with the given bit positions set."""
    m = 0
    for i in ids:
        m |= 1 << i
    return m


STANDARD_RANKS: tuple[str, ...] = ("J", "9", "A", "10", "K", "Q", "8", "7")
STANDARD_POINTS: Mapping[str, int] = MappingProxyType({"J": 3, "9": 2, "A": 1, "10": 1})
STANDARD_32 = DeckSpec(ranks=STANDARD_RANKS, points=STANDARD_POINTS)
"""The 32-card deck of 28 and 29: J 9 A 10 K Q 8 7 in four suits, 28 card points."""
