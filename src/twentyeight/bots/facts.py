"""What a bot knows about the deck in play, read from the ruleset's compiled deck."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import STANDARD_32, SUIT_LETTERS, Card, Deck, DeckSpec

if TYPE_CHECKING:
    from ..ruleset import Ruleset

RANK_ORDER: tuple[str, ...] = STANDARD_32.ranks
"""Ranks from strongest to weakest, as in 28 and 29. Ranks not listed (the 6 of 28SIX,
say) count as weaker than every listed rank."""

CARD_POINTS: dict[str, int] = dict(STANDARD_32.points)
"""Card points per rank in 28; other ranks are worth nothing."""

_MAX_COPIES = 4
_MAX_CARDS = 64
"""The largest deck a :class:`~twentyeight.DeckSpec` allows (a guess is kept within it)."""


@functools.lru_cache(maxsize=1024)
def _card(text: str) -> Card:
    """``Card.parse`` with a cache: views repeat the same few dozen card texts."""
    return Card.parse(text)


class DeckFacts:
    """What a player knows about the deck of the ruleset in play: the ranks from
    strongest to weakest (equal ranks share a strength), the card points, the suits,
    how many packs, and the card points of a whole hand (the last trick's included).
    The arguments are those of a :class:`~twentyeight.DeckSpec` (points for ranks not
    in ``ranks`` are ignored); every fact is read from the compiled
    :class:`~twentyeight.cards.Deck`."""

    __slots__ = ("_stronger", "copies", "deck", "points_of", "ranks", "size", "strength_of",
                 "suits", "tiers", "total")

    def __init__(self, ranks: Sequence[str], points: Mapping[str, int], *,
                 suits: Sequence[str] = SUIT_LETTERS, copies: int = 1,
                 equal_ranks: Mapping[str, str] | None = None,
                 extra_points: int = 0) -> None:
        spec = DeckSpec(ranks=tuple(ranks),
                        points={r: int(p) for r, p in points.items() if r in ranks},
                        suits=tuple(suits), copies=copies, equal_ranks=dict(equal_ranks or {}))
        self._read(spec.compile(), extra_points)

    def _read(self, deck: Deck, extra_points: int) -> None:
        spec = deck.spec
        self.deck: Deck = deck
        self.ranks: tuple[str, ...] = spec.ranks
        self.suits: tuple[str, ...] = spec.suits
        self.copies: int = spec.copies
        self.size: int = deck.size
        self.total: int = deck.total_points + extra_points
        # Strengths by rank, one above the deck's so that a rank outside the deck (0)
        # is weaker than every rank in it.
        ids = [deck.ids[Card(r, spec.suits[0])] for r in spec.ranks]
        self.strength_of: dict[str, int] = {
            r: deck.strength[i] + 1 for r, i in zip(spec.ranks, ids, strict=True)}
        self.points_of: dict[str, int] = {
            r: deck.points[i] for r, i in zip(spec.ranks, ids, strict=True)}
        levels = sorted(set(self.strength_of.values()), reverse=True)
        # Ranks grouped by strength, strongest first: [{"J"}, {"9"}, {"A"}, ...] in 28,
        # [{"J", "3"}, {"9"}, ...] in 40.
        self.tiers: tuple[frozenset[str], ...] = tuple(
            frozenset(r for r in spec.ranks if self.strength_of[r] == lv) for lv in levels)
        self._stronger: dict[Card, tuple[Card, ...]] = {}

    @classmethod
    def from_deck(cls, deck: Deck, extra_points: int = 0) -> DeckFacts:
        """The facts of a compiled :class:`~twentyeight.cards.Deck`; ``extra_points``
        are the points in play beyond the cards' (the last trick's)."""
        facts = cls.__new__(cls)
        facts._read(deck, extra_points)
        return facts

    @classmethod
    def from_spec(cls, spec: DeckSpec, extra_points: int = 0) -> DeckFacts:
        """The facts of a :class:`~twentyeight.DeckSpec`."""
        return cls.from_deck(spec.compile(), extra_points)

    def strength(self, card: Card) -> int:
        """Strength within the suit: higher beats lower, equal ties (first played wins)."""
        return self.strength_of.get(card.rank, 0)

    def points(self, card: Card) -> int:
        """Card points."""
        return self.points_of.get(card.rank, 0)

    def holds(self, card: Card) -> bool:
        """True if ``card`` is a card of this deck."""
        return card in self.deck.ids

    def suit_cards(self, suit: str) -> list[Card]:
        """Every card of ``suit``, every copy, strongest first."""
        if suit not in self.suits:
            return []
        deck = self.deck
        return deck.cards_of(deck.suit_mask[self.suits.index(suit)])

    def stronger(self, card: Card) -> tuple[Card, ...]:
        """The cards of ``card``'s suit (every copy) that beat it, strongest first."""
        out = self._stronger.get(card)
        if out is None:
            s = self.strength(card)
            out = self._stronger[card] = tuple(
                c for c in self.suit_cards(card.suit) if self.strength(c) > s)
        return out


STANDARD_FACTS = DeckFacts.from_spec(STANDARD_32)
"""28's deck: J 9 A 10 K Q 8 7, one pack, 28 card points."""


def card_strength(card: Card) -> int:
    """How strong ``card`` is within its suit in 28's deck: 8 for a Jack down to 1 for
    a 7, 0 for a rank outside :data:`RANK_ORDER`. (The bots read the order of the
    ruleset they play from :func:`deck_facts`.)"""
    return STANDARD_FACTS.strength(card)


def card_points(card: Card) -> int:
    """The card points of ``card`` in 28's deck (J 3, 9 2, A 1, 10 1, else 0)."""
    return STANDARD_FACTS.points(card)


def ruleset_facts(rules: Ruleset) -> DeckFacts:
    """The deck facts of a ruleset (its deck and the last trick's points)."""
    return _deck_facts(rules.deck, rules.config.last_trick_points)


@functools.lru_cache(maxsize=64)
def _deck_facts(deck: Deck, extra_points: int) -> DeckFacts:
    return DeckFacts.from_deck(deck, extra_points)


@functools.lru_cache(maxsize=256)
def _registered(name: str) -> Ruleset | None:
    """The ruleset registered as ``name`` (one object per name, so what is read from it
    is cached once), or ``None``."""
    from ..errors import TwentyEightError
    from ..registry import ruleset

    try:
        return ruleset(name)
    except (TwentyEightError, TypeError, ValueError):
        return None


def deck_facts(view: Mapping[str, Any]) -> DeckFacts:
    """The deck of the ruleset ``view["ruleset"]`` names (public information). For a
    ruleset that is not registered, a guess: the family's order J 9 A 10 K Q 8 7 6 with
    the 8, 7 and 6 only if such cards were seen, a 3 as strong as the Jack if one was
    seen, two packs if a second copy was seen (at most as many packs as a deck of 64
    cards holds), and the top of the bid range as the points in play."""
    name = view.get("ruleset")
    hand = [_card(c) for c in view.get("hand", ())]
    rules = _registered(name) if isinstance(name, str) else None
    facts = ruleset_facts(rules) if rules is not None else None
    if facts is not None and all(facts.holds(c) for c in hand):
        return facts
    texts = [*view.get("hand", ())]
    for t in [*view.get("tricks", ()), view.get("trick") or {}]:
        # (A card cut face down that the seat has not seen has no text.)
        texts += [e["card"] for e in t.get("cards", ()) if e["card"] is not None]
    trump_card = (view.get("trump") or {}).get("card")
    if trump_card:
        texts.append(trump_card)
    cards = [_card(t) for t in texts]
    ranks = frozenset(c.rank for c in cards)
    return _fallback_facts(ranks & frozenset(("3", "8", "7", "6")),
                           1 + max((c.copy for c in cards), default=0),
                           int((view.get("bid_range") or (0, 28))[1]))


@functools.lru_cache(maxsize=64)
def _fallback_facts(extra: frozenset[str], copies: int, max_bid: int) -> DeckFacts:
    ranks: list[str] = ["J", "9", "A", "10", "K", "Q"]
    ranks += [r for r in ("8", "7", "6") if r in extra]
    points = dict(CARD_POINTS)
    equal: dict[str, str] = {}
    if "3" in extra:
        ranks.insert(1, "3")
        points["3"] = 3
        equal["3"] = "J"
    # No real deck is larger than a DeckSpec allows, so a view that suggests one has
    # guessed ranks it does not hold: keep the guess a deck that can exist.
    copies = max(1, min(copies, _MAX_COPIES, _MAX_CARDS // (len(ranks) * len(SUIT_LETTERS))))
    facts = DeckFacts(ranks, points, copies=copies, equal_ranks=equal)
    # The points in play are those of the cards dealt: assume the bid range's top.
    facts.total = max_bid
    return facts
