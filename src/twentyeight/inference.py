"""What a seat may infer about the cards it has not seen: the facts each part declares.

A part that hides, reveals or restricts cards (an auction, the trump, a rule plug-in)
states the constraints its rules create for a seat, in a small vocabulary, from its
``infer(rnd, seat, facts)`` hook; :func:`~twentyeight.resample.resample` draws the hidden
cards directly from them. A part that reads hidden cards and declares nothing sends the
resampler to its fallback (replaying the history on each candidate), so third-party parts
keep working; :func:`~twentyeight.testing.check_inference` checks the declarations hold.

"Held at ``at``" means the cards in a seat's hand just before history entry ``at``: the
packets dealt by then, less the cards played or laid aside before it (a face-down trump
card is not in the hand until it is exposed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .port import RoundPort

__all__ = ["NEVER", "AnyOf", "Facts", "NoneOf", "Place", "Seen", "SomeOf", "core_facts"]


class NoneOf(NamedTuple):
    """``who`` held no card of ``mask`` at history entry ``at`` (-1: now)."""

    who: int
    mask: int
    at: int = -1


class SomeOf(NamedTuple):
    """Some seat of ``seats`` (a bit mask of seats) held a card of ``mask`` at ``at``."""

    seats: int
    mask: int
    at: int


class AnyOf(NamedTuple):
    """At least one of ``rules`` (each a :class:`NoneOf` or :class:`SomeOf`) holds."""

    rules: tuple[NoneOf | SomeOf, ...]


NEVER = NoneOf(-1, -1, -1)
"""The rule that never holds: ``facts.if_trump(x, NEVER)`` says ``x`` is not the trump."""

Rule = NoneOf | SomeOf | AnyOf


class Place(NamedTuple):
    """A card face down where the seat cannot see it: dealt to ``owner``, out of the hand
    from history entry ``at`` (laid as the trump, cut into a trick; -1: never in it),
    never of ``forbid``; ``trump_card``: its suit is the trump suit."""

    card: int
    owner: int
    at: int
    forbid: int
    trump_card: bool


class Seen(NamedTuple):
    """One card of the play as the seat saw it: history entry ``at``, by ``who``, card id
    ``card`` (-1: played face down unseen, or a call for the trump), in trick ``trick``
    at ``position``, the suit ``led`` (-1 at a lead), whether the trump was known to
    every seat before it (``exposed``), ``call``: a call for the trump, not a card, and
    ``opened``: the face-down trump card itself, played face up (which exposes it)."""

    at: int
    who: int
    card: int
    trick: int
    position: int
    led: int
    exposed: bool
    call: bool
    opened: bool = False


class Facts:
    """The constraints a seat may infer at one position, filled by the parts' ``infer``
    hooks. It also gives them the play as that seat saw it (:attr:`plays`), so that a
    part reads no card the seat did not see when deciding what to declare."""

    __slots__ = ("face_down_trump", "nots", "places", "plays", "replay", "rules", "seat",
                 "trump", "trump_blind", "trump_choice_at", "trump_hidden", "trump_seen_by")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.rules: list[tuple[int, Rule]] = []  # (trump suit it depends on or -1, rule)
        self.places: list[Place] = []
        self.nots: list[int] = []
        self.replay = False
        self.plays: tuple[Seen, ...] = ()
        self.trump_hidden = False
        """True if the seat does not know the trump suit."""
        self.trump = -1
        """The trump suit if the seat knows it, else -1."""
        self.face_down_trump = -1
        """The face-down trump card while it is face down, else -1 (what a trump part
        places; the resampler never shows it to the seat)."""
        self.trump_seen_by = 0
        """The seats that have seen :attr:`face_down_trump`."""
        self.trump_choice_at = -1
        """The history entry of the trump choice in force, or -1."""
        self.trump_blind = False
        """True if the bidder has not seen the face-down trump card (a card dealt later)."""

    def none_of(self, who: int, mask: int, at: int = -1) -> None:
        """At history entry ``at``, ``who`` held no card of ``mask``."""
        if mask:
            self.rules.append((-1, NoneOf(who, mask, at)))

    def some_of(self, seats: int, mask: int, at: int) -> None:
        """At history entry ``at``, some seat of ``seats`` (a mask) held a card of
        ``mask``."""
        self.rules.append((-1, SomeOf(seats, mask, at)))

    def any_of(self, *rules: NoneOf | SomeOf) -> None:
        """At least one of ``rules`` holds (a hand of one suit: ``NoneOf(who, ~suit,
        at)`` for each suit)."""
        self.rules.append((-1, AnyOf(rules)))

    def if_trump(self, suit: int, rule: Rule) -> None:
        """``rule`` (a :class:`NoneOf`, :class:`SomeOf`, :class:`AnyOf` or :data:`NEVER`)
        holds if the trump suit is ``suit``."""
        self.rules.append((suit, rule))

    def place(self, card: int, owner: int, at: int = -1, seen_by: int = 0,
              forbid: int = 0, trump_card: bool = False) -> int:
        """Card ``card``, dealt to ``owner``, lies face down out of its hand from history
        entry ``at`` on, seen only by the seats of ``seen_by`` (a mask); it is of no card
        of ``forbid``, and with ``trump_card`` its suit is the trump. The same card placed
        twice is one place (the forbids add up). Returns the place's index, or -1 where
        the seat has seen the card (nothing to infer)."""
        if seen_by >> self.seat & 1:
            return -1
        for k, p in enumerate(self.places):
            if p.card == card:
                self.places[k] = Place(card, owner, min(p.at, at) if p.at >= 0 <= at else
                                       max(p.at, at), p.forbid | forbid,
                                       p.trump_card or trump_card)
                return k
        self.places.append(Place(card, owner, at, forbid, trump_card))
        return len(self.places) - 1

    def not_trump(self, place: int) -> None:
        """The card of place ``place`` is no trump."""
        if place >= 0:
            self.nots.append(place)

    def opaque(self) -> None:
        """What the part implies cannot be stated: each candidate is checked by replaying
        the history on it (exact for any rule, slower)."""
        self.replay = True


def declares(part: object, base: type) -> bool:
    """True if ``part`` states its facts: it reads no hidden card, or overrides
    ``infer``. A part reading hidden cards without it is opaque."""
    return not getattr(part, "reads_hidden_cards", False) or \
        getattr(type(part), "infer", None) is not getattr(base, "infer", None)


def core_facts(rnd: RoundPort, seat: int, facts: Facts) -> None:
    """The facts of the core's play rules: a seat that did not follow suit held none of
    the suit led; a lower trump played by a seat void in the suit led under
    ``over_trump`` means nothing else but lower trumps (no higher trump, where it called
    for the trump and so had to trump); a Jack discarded under ``no_jack_discard`` means only
    Jacks it may not discard."""
    cfg = rnd.config
    deck = rnd.deck
    suit_mask, suit_of, strength = deck.suit_mask, deck.suit_of, deck.strength
    jacks = deck.rank_masks.get("J", 0)
    trump = facts.trump
    tricks = rnd.tricks
    exposed_at = rnd.exposed_at
    led_suits = 0
    trick: list[int] = []
    called = -1
    for s in facts.plays:
        if s.call:
            called = s.who
            continue
        if s.position == 0:
            trick = []
            if s.card >= 0:
                led_suits |= 1 << suit_of[s.card]
        cid = s.card
        if cid < 0 or s.position == 0:
            trick.append(cid)
            called = -1
            continue
        suit = suit_of[cid]
        if suit != s.led:
            facts.none_of(s.who, suit_mask[s.led], s.at)
            if cfg.no_jack_discard and jacks >> cid & 1 and not (s.exposed and suit == trump) \
                    and (cfg.no_jack_discard == "strict" or not led_suits >> suit & 1):
                barred = 0
                for x in range(deck.n_suits):
                    if (cfg.no_jack_discard == "strict" or not led_suits >> x & 1) and not (
                            s.exposed and x == trump):
                        barred |= jacks & suit_mask[x]
                facts.none_of(s.who, deck.full_mask & ~barred, s.at)
        if cfg.over_trump and s.exposed and suit == trump != s.led:  # (a void's rule)
            if s.trick < len(tricks):
                start = tricks[s.trick].trumps_from or 0
            else:
                start = 0 if exposed_at is None or exposed_at[0] < s.trick or \
                    cfg.early_trumps_count else exposed_at[1]
            counted = [strength[c] for k, c in enumerate(trick)
                       if k >= start and c >= 0 and suit_of[c] == trump]
            best = max(counted, default=-1)
            if strength[cid] <= best:
                lower = sum(1 << c for c in range(deck.size)
                            if suit_of[c] == trump and strength[c] <= best)
                universe = suit_mask[trump] if called == s.who else deck.full_mask
                facts.none_of(s.who, universe & ~lower, s.at)
        trick.append(cid)
        called = -1
