"""Announcements: combinations of cards held in one suit, announced between tricks for
points that move the target.

A table of melds (the cards of a combination, its value in trumps and in another suit)
says what may be announced; Thunee's Jodhi (K+Q worth 40 in trumps or 20, J+K+Q 50 or
30) is one such table. After a trick won by a side, and before the next lead, the
winner and then each partner is asked: each may announce a meld it holds, naming its
cards (``announce KS QS``), one a suit, as many suits as it holds, or ``pass``. The
meld's cards are shown to all. An announcement by the declaring side lowers the target
by its value; one by the other side raises it, so that the same table serves a side that must reach
the target (the pair of 28) and a side that must stop the other (Thunee's count). When
the window opens is an option: after every trick, or after the tricks named (Thunee's
first and third). There are no announcements in a contract without a bid (a single
hand, Thunee's own call).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Literal

from attrs import field, frozen

from twentyeight.actions import Action, Pass
from twentyeight.cards import Card
from twentyeight.config import RulesetConfig, one_of, typed
from twentyeight.errors import ConfigError, ParseError
from twentyeight.plugins import RulePlugin, WindowEvent
from twentyeight.port import RoundPort

from .pair import PairRule

__all__ = ["Announce", "Announcements", "Meld", "MeldCards"]

MeldCards = Literal["in-hand", "dealt"]
"""Where a meld's cards must be when it is announced: all still in the announcer's hand
(``in-hand``), or among the cards dealt to the announcer (``dealt``)."""


def _in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=str))


MAX_MELD = 8
"""The most cards an announcement names."""


@frozen(cache_hash=True)
class Announce(Action):
    """Announce a meld by its cards, all of one suit: ``announce KS QS``."""

    keyword: ClassVar[str] = "announce"
    verb: ClassVar[str | None] = "announce"
    cards: tuple[Card, ...] = field(converter=_in_order)
    """The cards, in the order of their text (so that any order names the same meld)."""

    def __str__(self) -> str:
        return "announce " + " ".join(str(c) for c in self.cards)

    @classmethod
    def from_text(cls, rest: str) -> Action:
        """Read the cards (``KS QS``)."""
        words = rest.split()
        if not words or len(words) > MAX_MELD:
            raise ParseError(f"'announce' takes the cards of a meld, 1 to {MAX_MELD} of "
                             "them, e.g. 'announce KS QS'")
        return cls(tuple(Card.parse(w) for w in words))

    @property
    def suit(self) -> str:
        """The suit of the first card named."""
        return self.cards[0].suit


def _ranks(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@frozen
class Meld:
    """One combination of a table: its ranks (all of one suit) and what it is worth."""

    ranks: tuple[str, ...] = field(converter=_ranks)
    """The ranks of the combination (``("K", "Q")``)."""
    in_trumps: int = field(validator=typed(int))
    """Its value in the trump suit."""
    elsewhere: int = field(validator=typed(int))
    """Its value in any other suit."""


_PASS = Pass()


@frozen
class Announcements(RulePlugin):
    """The announcements plug-in. Its state in a round is ``(made, asked)``: the
    announcements so far, each ``(seat, suit index, meld index, value)``, and how many
    seats of the open window have been asked."""

    reads_hidden_cards: ClassVar[bool] = False
    """What is announced is shown; the window opens whatever the cards."""

    name: ClassVar[str] = "announcements"
    action_kinds: ClassVar[tuple[type[Action], ...]] = (Announce,)
    window: ClassVar[WindowEvent | None] = "after-trick"
    window_title: ClassVar[str] = "Announcements"
    window_declined: ClassVar[str] = "Nothing is announced."
    window_pass: ClassVar[str] = "no announcement"
    option_fields: ClassVar[tuple[str, ...]] = ("after_tricks", "meld_cards")

    melds: tuple[Meld, ...] = field(converter=tuple)
    """The table, best first: in each suit the first meld held is the one announced."""
    after_tricks: tuple[int, ...] = field(default=(), converter=tuple)
    """The tricks (counted from 1) after which announcements may be made, by the side
    that won the trick; empty: after every trick but the last."""
    meld_cards: MeldCards = field(default="in-hand", validator=one_of("in-hand", "dealt"))
    """Whether a meld's cards must all still be held, or only have been dealt to the
    announcer."""
    description: str = "announcements"
    """One line for listings."""

    def describe(self) -> str:
        """The table and its timing in words."""
        table = ", ".join(
            f"{'+'.join(m.ranks)} {m.in_trumps} in trumps or {m.elsewhere}" for m in self.melds)
        when = "after every trick" if not self.after_tricks else self._after()
        held = "held" if self.meld_cards == "in-hand" else "dealt"
        return (f"{self.description}: {table}; {when}, by the side that won it, with the "
                f"cards {held}; the declaring side's lower the target, the others' raise it")

    def check(self, config: RulesetConfig) -> None:
        """One pack, and every meld's ranks in it."""
        spec = config.deck
        if spec.copies != 1:
            raise ConfigError(f"announcements need one pack ({config.name!r} has "
                              f"{spec.copies})")
        for meld in self.melds:
            if not meld.ranks or any(r not in spec.ranks for r in meld.ranks):
                raise ConfigError(f"a meld's ranks {meld.ranks!r} are not all in the pack "
                                  f"of {config.name!r}")
        if any(isinstance(p, PairRule) for p in config.plugins):
            raise ConfigError(f"the pair scores the King and Queen of trumps, and so do "
                              f"the announcements of {config.name!r}: use one of them")
        if any(not 1 <= t < config.deck.size // config.players for t in self.after_tricks):
            raise ConfigError("announcements come after a trick that is not the last: "
                              f"{self.after_tricks!r}")

    def _after(self) -> str:
        return "after trick " + " or ".join(str(t) for t in self.after_tricks)

    def _state(self, rnd: RoundPort) -> tuple[tuple[tuple[int, int, int, int], ...], int]:
        state: tuple[tuple[tuple[int, int, int, int], ...], int] = rnd.plugin_state(
            self.name, ((), 0))
        return state

    def _cards(self, rnd: RoundPort, meld: int, suit: int) -> int:
        """The cards of meld number ``meld`` in ``suit``."""
        deck = rnd.deck
        mask = 0
        for rank in self.melds[meld].ranks:
            mask |= deck.rank_mask(rank)
        return mask & deck.suit_mask[suit]

    def _held(self, rnd: RoundPort, seat: int) -> int:
        return rnd.hand_mask(seat) if self.meld_cards == "in-hand" else rnd.dealt_mask(seat)

    def _meld_of(self, rnd: RoundPort, action: Announce) -> tuple[int, int] | None:
        """The meld ``action`` names, as ``(meld index, suit index)``, if it names one."""
        suits = rnd.deck.spec.suits
        suit = action.cards[0].suit
        if suit not in suits or any(c.suit != suit or c.copy for c in action.cards):
            return None
        ranks = sorted(c.rank for c in action.cards)
        for i, meld in enumerate(self.melds):
            if sorted(meld.ranks) == ranks:
                return i, suits.index(suit)
        return None

    def _offers(self, rnd: RoundPort, seat: int) -> tuple[Announce, ...]:
        """Every meld ``seat`` may announce now, best first in each suit."""
        made = {entry[1] for entry in self._state(rnd)[0]}
        held = self._held(rnd, seat)
        deck = rnd.deck
        offers = []
        for suit in range(deck.n_suits):
            if suit in made:
                continue
            for i in range(len(self.melds)):
                mask = self._cards(rnd, i, suit)
                if held & mask == mask:
                    offers.append(Announce(deck.cards_of(mask)))
        return tuple(offers)

    def _value(self, rnd: RoundPort, meld: int, suit: int) -> int:
        in_trumps = rnd.trump_exposed and suit == rnd.trump_suit_index
        return self.melds[meld].in_trumps if in_trumps else self.melds[meld].elsewhere

    def open_window(self, rnd: RoundPort) -> int | None:
        """After a trick the table names, in a contract with a bid: the trick's winner."""
        if rnd.contract != "bid" or (self.after_tricks
                                     and rnd.tricks_played not in self.after_tricks):
            return None
        rnd.set_plugin_state(self.name, (self._state(rnd)[0], 1))
        return rnd.tricks[-1].winner

    def window_actions(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """``announce`` each meld ``seat`` holds in a suit not announced yet; ``pass``."""
        return (*self._offers(rnd, seat), _PASS)

    def window_apply(self, rnd: RoundPort, seat: int, action: Action) -> int | None:
        """An announcement moves the target and shows its cards; the seat is asked again.
        A pass hands the turn to the next partner, or closes the window."""
        made, asked = self._state(rnd)
        if isinstance(action, Announce):
            found = self._meld_of(rnd, action)
            target = rnd.target
            assert found is not None and target is not None and rnd.bidder is not None
            meld, suit = found
            value = self._value(rnd, meld, suit)
            rnd.set_target(target + (value if (seat ^ rnd.bidder) & 1 else -value))
            rnd.show_cards(self._cards(rnd, meld, suit) & rnd.hand_mask(seat))
            rnd.set_plugin_state(self.name, ((*made, (seat, suit, meld, value)), asked))
            return seat
        team = rnd.players // 2
        if asked >= team:
            return None
        rnd.set_plugin_state(self.name, (made, asked + 1))
        return (seat + 2) % rnd.players

    def refuse(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str]:
        """Announcements are made in their window, one per suit, of melds held."""
        if rnd.window != self.name:
            return ("announce-out-of-window", "announcements are made after a trick won "
                    "by your side, before the next lead"
                    + (f" ({self._after()})" if self.after_tricks else ""))
        assert isinstance(action, Announce)
        found = self._meld_of(rnd, action)
        if found is None:
            return ("announce-not-a-meld", "those cards are not a meld of the table: "
                    + "; ".join("+".join(m.ranks) for m in self.melds) + ", of one suit")
        if any(entry[1] == found[1] for entry in self._state(rnd)[0]):
            return ("announce-suit-twice", "that suit's meld has been announced already")
        return ("announce-not-held", "you do not hold those cards")

    def position_key(self, rnd: RoundPort) -> Any:
        """The announcements made and the window's progress: all that decides what may
        be announced later (the target they moved is the round's own)."""
        return self._state(rnd)

    def view(self, rnd: RoundPort, seat: int) -> dict[str, Any] | None:
        """Each announcement: who, the cards, the value."""
        made = self._state(rnd)[0]
        if not made:
            return None
        cards_of = rnd.deck.cards_of
        return {"announced": [
            {"seat": who, "cards": [str(c) for c in cards_of(self._cards(rnd, meld, suit))],
             "value": value} for who, suit, meld, value in made]}

    def max_actions(self, config: RulesetConfig) -> int:
        """Each window: a pass by each seat of the side, and one announcement a suit."""
        windows = len(self.after_tricks) or config.deck.size // config.players - 1
        return windows * (config.players // 2 + len(config.deck.suits))

    def all_actions(self, config: RulesetConfig) -> tuple[Action, ...]:
        """``announce`` each meld in each suit (the window's ``pass`` is the
        auction's)."""
        return tuple(Announce(Card(r, s) for r in m.ranks)
                     for s in config.deck.suits for m in self.melds)

    def observation_size(self, config: RulesetConfig) -> int:
        """What each seat has announced."""
        return config.players

    def observation_meaning(self, config: RulesetConfig) -> str:
        """For the spec."""
        return ("the value each seat has announced, relative to the observing seat, over "
                "the points of the pack")

    def observe(self, rnd: RoundPort, seat: int) -> tuple[float, ...]:
        """The view's values by seat."""
        n = rnd.players
        out = [0.0] * n
        total = rnd.deck.total_points
        for who, _, _, value in self._state(rnd)[0]:
            out[(who - seat) % n] += value / total
        return tuple(out)
