"""The 56 family: ``56``, ``56-six`` and ``56-eight`` (source 004, with 002).

Two packs: every card exists twice (the second copy prints as ``JS#2``); of two
identical cards in a trick the first played wins. ``56`` seats four players in two
partnerships and uses J 9 A 10 K Q of each suit twice: 48 cards, 56 points, dealt in
packets of four, twelve each, all before the auction. ``56-six`` seats six (three
against three, alternately), eight cards each in two packets of four; ``56-eight`` seats
eight (four against four) and adds the 8s and 7s twice each (worth nothing): 64 cards,
eight each.

The auction (:class:`SuitAuction`): a bid is a number from 28 to 56 *and* a suit or No
Trump (``bid 30 S``, ``bid 28 NT``). A bid must name a higher number than the one before;
004 says only "bidding a higher number or passing", so a bid of the same number in
another suit is not allowed. A pass is not final. A player may ``double`` the
opponents' highest bid, and ``redouble`` their own side's doubled bid; a redouble ends
the auction, as do three passes in a row after a bid or double (with six or eight
players: every other player passing in turn, ``closing_passes``). If everybody passes
without a bid, 28 No Trump is assumed for the team opposing the dealer; the opener (the
dealer's right, on that team) plays it. The trump is the bid's suit, open from the first
card; No Trump has none.

Tables (:class:`~twentyeight_variants.scoring.Tables`): bids 28-39 win 1 table or pay
2, 40-47 2/3, 48-55 3/4, 56 4/5, doubled x2 and redoubled x4; each team starts with 12
tables (10 in ``56-eight``) and a team that cannot pay loses the match.

The bidding conventions of 004 are ways of saying a bid, read by
:meth:`SuitAuction.parse`: ``28 Spades``, ``Spades 28``, ``28 Noes``, ``28 No-Trump``,
``Plus one Spade`` (one more than the highest bid, in spades) and ``Plus two Noes``.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import attrs
from attrs import frozen

from twentyeight.actions import BID_DIGITS, NO_TRUMP, Action, Bid, parse_denomination
from twentyeight.cards import STANDARD_POINTS, DeckSpec
from twentyeight.config import RulesetConfig, one_of, optional_int
from twentyeight.errors import ConfigError, ParseError
from twentyeight.inputs import excerpt, is_number_text, read_number
from twentyeight.plugins import AuctionRules, Why
from twentyeight.port import RoundPort
from twentyeight.ruleset import Ruleset

from .auctions import ALL_PASS, AllPass, all_pass_words, all_passed_by_rule, check_all_pass
from .calls import Double, Redouble
from .scoring import Tables
from .sources import cite

DECK_48 = DeckSpec(ranks=("J", "9", "A", "10", "K", "Q"), points=STANDARD_POINTS, copies=2)
"""56's deck: J 9 A 10 K Q of each suit, twice: 48 cards, 56 points."""

DECK_64 = DeckSpec(ranks=("J", "9", "A", "10", "K", "Q", "8", "7"), points=STANDARD_POINTS,
                   copies=2)
"""56-eight's deck: the 8s and 7s join, twice each: 64 cards, still 56 points."""

TABLE_BANDS = ((28, 1, 2), (40, 2, 3), (48, 3, 4), (56, 4, 5))
"""004's tables: bids 28-39 win 1 or pay 2, 40-47 2/3, 48-55 3/4, 56 4/5."""

DEFAULT_BID = 28
"""The contract assumed when everybody passes: 28 No Trump."""

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                 "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_WORD = re.compile(r"[a-z♠♥♦♣♤♡♢♧]+(?:[- ]trumps?)?|[0-9]+")


def _bid(word: str) -> int:
    return read_number(word, "a bid's number is written with the digits 0-9", BID_DIGITS)


def _count(word: str) -> int | None:
    if is_number_text(word):
        return int(word)
    return _NUMBER_WORDS.get(word)


def _denomination(words: list[str]) -> str | None:
    text = " ".join(words)
    try:
        return parse_denomination(text)
    except ParseError:
        pass
    if len(words) == 1 and words[0].endswith("s"):
        try:
            return parse_denomination(words[0][:-1])
        except ParseError:
            return None
    return None


@frozen
class SuitAuction(AuctionRules):
    """56's auction: bids of a number and a denomination, doubling and redoubling, a
    pass that is not final. See the module's description for every rule."""

    action_kinds: ClassVar[tuple[type[Action], ...]] = (Double, Redouble)
    denominations: ClassVar[tuple[str | None, ...]] = ("S", "H", "D", "C", NO_TRUMP)
    option_fields: ClassVar[tuple[str, ...]] = ("closing_passes", "all_pass")

    closing_passes: int | None = attrs.field(default=None, validator=optional_int)
    """Passes in a row after a bid or double that end the auction (``None``: every other
    player, three with four players)."""

    all_pass: AllPass = attrs.field(default="opener-no-trump", validator=one_of(*ALL_PASS))
    """When all pass without a bid: `opener-no-trump` (the score-bands rules page's 28
    No Trump for the team opposing the dealer, played by the opener), or `throw-in`
    (annul and deal again). `opener-no-trump-undoubled` (an open-source 56 game: "the
    forced bid can't be doubled") is the same here: 56's doubles are calls of its
    auction, which the forced contract ends."""

    def describe(self) -> str:
        """The auction in words, with its options."""
        closing = (f"{self.closing_passes} passes in a row" if self.closing_passes
                   else "every other player passing in turn")
        text = ("bid a number and a suit or No Trump, each number higher than the last; "
                "double the opponents' bid, redouble your side's doubled bid; a pass is "
                f"not final: a redouble, or {closing} after a bid or double, ends it")
        return text + all_pass_words(self.all_pass, "; if all pass, the cards are dealt again")

    def check(self, config: RulesetConfig) -> None:
        """The closing passes must fit the table, and the all-pass rule the opener."""
        check_all_pass(self.all_pass, config)
        c = self.closing_passes
        if c is not None and not 1 <= c < config.players:
            raise ConfigError(f"closing_passes must be between 1 and {config.players - 1}, "
                              f"got {c}")

    def bid_limits(self, rnd: RoundPort, seat: int, why: Why) -> tuple[int, bool]:
        """A higher number than the highest bid; passing is always allowed."""
        high = rnd.bid
        if high is None:
            return rnd.config.min_bid, True
        if why is not None:
            why.append(("bid-too-low",
                        f"a bid must name a higher number than the current bid {high}",
                        high + 1))
        return max(rnd.config.min_bid, high + 1), True

    def extra_actions(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """Double the opponents' bid; redouble your side's doubled bid."""
        bidder = rnd.bidder
        if bidder is None:
            return ()
        if (seat ^ bidder) & 1 and rnd.multiplier == 1:
            return (Double(),)
        if not (seat ^ bidder) & 1 and rnd.multiplier == 2:
            return (Redouble(),)
        return ()

    def apply_extra(self, rnd: RoundPort, seat: int, action: Action) -> None:
        """x2 for a double, x4 for a redouble."""
        rnd.set_multiplier(2 if isinstance(action, Double) else 4)

    def refuse_extra(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str]:
        """Why a double or redouble is not allowed now."""
        bidder = rnd.bidder
        if isinstance(action, Double):
            if bidder is None or not (seat ^ bidder) & 1:
                return ("double-own-side", "you may double only the opponents' highest bid")
            return ("already-doubled", "the highest bid is doubled already")
        if rnd.multiplier >= 4:
            return ("already-redoubled", "the bid is redoubled already")
        return ("redouble-not-doubled",
                "you may redouble only your own side's bid once it is doubled")

    def next_to_speak(self, rnd: RoundPort, seat: int, action: Action) -> int | None:
        """Round the table until a redouble, or enough passes in a row."""
        n = rnd.players
        if isinstance(action, Redouble):
            return None
        if rnd.bidder is None:
            return None if rnd.pass_run >= n else (seat + 1) % n
        closing = self.closing_passes or n - 1
        return None if rnd.pass_run >= closing else (seat + 1) % n

    def all_passed(self, rnd: RoundPort) -> None:
        """28 No Trump for the team opposing the dealer, played by the opener (or a
        throw-in, as the all-pass option says)."""
        all_passed_by_rule(rnd, self.all_pass, max(DEFAULT_BID, rnd.config.min_bid))

    def parse(self, rnd: RoundPort, text: str) -> Action | None:
        """004's ways of saying a bid: ``28 Spades``, ``Spades 28``, ``28 Noes``,
        ``Plus one Spade``, ``Plus two Noes``."""
        words = _WORD.findall(text.strip().lower())
        if len(words) < 2 or words[0] in ("bid", "pass", "double", "redouble"):
            return None
        if words[0] == "plus":
            count = _count(words[1]) if len(words) > 2 else None
            denomination = _denomination(words[2:]) if count is not None else None
            if count is None or denomination is None:
                return None
            high = rnd.bid
            if high is None:
                raise ParseError(f"{excerpt(text)} adds to the highest bid, but nobody has bid yet")
            return Bid(high + count, denomination)
        if words[0].isdigit():
            denomination = _denomination(words[1:])
            return Bid(_bid(words[0]), denomination) if denomination else None
        if words[-1].isdigit():
            denomination = _denomination(words[:-1])
            return Bid(_bid(words[-1]), denomination) if denomination else None
        return None

    def max_calls(self, config: RulesetConfig) -> int:
        """Each bid may be followed by a double, a redouble and the passes."""
        bids = config.max_bid - config.min_bid + 1
        return (bids + 1) * (config.players + 2) + config.players


def _config_56(**changes: Any) -> RulesetConfig:
    base = RulesetConfig(
        name="56",
        description="56: four players, two packs of 24 (48 cards), bids 28-56 with a suit "
                    "or No Trump, doubling, tables",
        aliases=("fifty-six", "fiftysix", "ambathiyaaru"),
        source=f"{cite('004', 'Fifty-Six')}; {cite('002')}",
        deck=DECK_48,
        players=4,
        deal_packets=(4, 4, 4),
        auction_after=3,
        min_bid=28,
        max_bid=56,
        opener_must_bid=False,
        trump_marker="open",
        auction=SuitAuction(),
        scoring=Tables(bands=TABLE_BANDS, tables=12),
    )
    return attrs.evolve(base, **changes)


CONFIG_56 = _config_56()
FIFTY_SIX = Ruleset(CONFIG_56)
"""The ``56`` preset, registered under the entry point ``56``."""

CONFIG_56_SIX = _config_56(
    name="56-six",
    description="56 for six players (3 v 3): 48 cards, eight each, 12 tables",
    aliases=("56-6", "fifty-six-six"),
    source=cite("004", "Six Player Fifty-Six"),
    players=6,
    deal_packets=(4, 4),
    auction_after=2,
)
FIFTY_SIX_SIX = Ruleset(CONFIG_56_SIX)
"""The ``56-six`` preset, registered under the entry point ``56-six``."""

CONFIG_56_EIGHT = _config_56(
    name="56-eight",
    description="56 for eight players (4 v 4): 64 cards with the 8s and 7s, 10 tables",
    aliases=("56-8", "fifty-six-eight"),
    source=cite("004", "Eight Player Fifty-Six"),
    deck=DECK_64,
    players=8,
    deal_packets=(4, 4),
    auction_after=2,
    scoring=Tables(bands=TABLE_BANDS, tables=10),
)
FIFTY_SIX_EIGHT = Ruleset(CONFIG_56_EIGHT)
"""The ``56-eight`` preset, registered under the entry point ``56-eight``."""
