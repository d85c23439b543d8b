"""The six-player rulesets: ``28six`` (003) and ``40`` (002).

Both seat six players in two teams of three, alternately, and use 36 cards, six each.

``28six`` follows the 28SIX help page (003): the 32 cards plus the four 6s (ranked below
the 7s, worth nothing: still 28 points), dealt in packets of three, all before the
auction; each player bids once, in the order of :class:`OnceEachAuction`; the declarer
lays a trump card face down; base points (:class:`~twentyeight_variants.scoring.BasePoints`)
kept over a series.

``40`` follows the encyclopedia article (002): the 32 cards plus the four 3s, a 3 as
strong as the Jack and worth 3 (40 points; of a tied J and 3 the first played wins),
bids 20 to 40, a player's second bid at least 30, and the opener may not bid holding a
single-suit hand (:class:`FortyAuction`). 002 leaves the deal, the trump marker and the
end of a match unstated; the choices, each an option, are: all six cards dealt before
the auction in packets of three, as in the other six-player game (``auction_after=1``
deals three, holds the auction, then deals three), the trump card laid face down from
the hand as in 28 (``trump_marker="indicator"`` names a suit instead), and the first
team to 10 game points wins (``match_target``).
"""

from __future__ import annotations

from typing import ClassVar

import attrs
from attrs import frozen

from twentyeight.actions import Action, Bid, Pass
from twentyeight.cards import STANDARD_POINTS, STANDARD_RANKS, DeckSpec
from twentyeight.config import RulesetConfig
from twentyeight.inference import Facts, NoneOf
from twentyeight.plugins import AuctionRules, StandardAuction, Why
from twentyeight.port import RoundPort
from twentyeight.ruleset import Ruleset

from .scoring import Bands, BasePoints
from .sources import cite

HONORS = 20
"""28SIX: a bid of 20 or more is an honors bid."""

DECK_36_SIXES = DeckSpec(ranks=(*STANDARD_RANKS, "6"), points=STANDARD_POINTS)
"""28SIX's deck: J 9 A 10 K Q 8 7 6 in four suits, 28 card points."""

DECK_40 = DeckSpec(ranks=("J", "3", "9", "A", "10", "K", "Q", "8", "7"),
                   points={**STANDARD_POINTS, "3": 3}, equal_ranks={"3": "J"})
"""40's deck: the 32 cards and the four 3s, a 3 as strong as the Jack and worth 3:
40 card points."""


def _seating_from(rnd: RoundPort) -> list[int]:
    n = rnd.players
    return [(rnd.opener + k) % n for k in range(n)]


@frozen
class OnceEachAuction(AuctionRules):
    """28SIX's auction (003). The opener must bid; every player makes one call, a bid or
    a pass. After each call the next to speak is the first player, counting
    counter-clockwise from the opener, who has not spoken and is on the team *opposing*
    the highest bid; when that team has all spoken, the highest bidder's partners who
    have not spoken, in the same order. So a player never overbids a partner before
    every opponent has bid or passed, and then only with an honors bid (``honors`` or
    more), and not at all when the highest bid is an honors bid already."""

    honors: int = HONORS

    def describe(self) -> str:
        """The once-each order in words."""
        return ("each player speaks once, a bid or a pass; the next to speak is on the "
                "team opposing the highest bid, so a partner may overbid only once every "
                f"opponent has spoken, and then only with an honors bid ({self.honors} or "
                "more) over a lower one")

    def bid_limits(self, rnd: RoundPort, seat: int, why: Why) -> tuple[int, bool]:
        """Higher than the highest bid; a partner's bid only with honors."""
        cfg = rnd.config
        bidder, high = rnd.bidder, rnd.bid
        if bidder is None or high is None:
            if cfg.opener_must_bid and why is not None:
                why.append(("opener-must-bid", f"the opener must bid at least {cfg.min_bid}", 0))
            return cfg.min_bid, not cfg.opener_must_bid
        low = max(cfg.min_bid, high + 1)
        if why is not None:
            why.append(("bid-too-low", f"a bid must be higher than the current bid {high}", low))
        if (seat ^ bidder) & 1 == 0:
            if high >= self.honors:
                low = cfg.max_bid + 1
                if why is not None:
                    why.append(("partner-overbid-honors",
                                "your partner's bid is an honors bid: you may not overbid it",
                                low))
            elif low < self.honors:
                low = self.honors
                if why is not None:
                    why.append(("partner-overbid-honors",
                                f"to overbid your partner you must make an honors bid "
                                f"({self.honors} or more)", low))
        return low, True

    def next_to_speak(self, rnd: RoundPort, seat: int, action: Action) -> int | None:
        """The opposing team's next silent player, else the bidder's team's."""
        silent = [s for s in _seating_from(rnd) if not rnd.spoken_mask >> s & 1]
        if not silent:
            return None
        bidder = rnd.bidder
        if bidder is not None:
            for s in silent:
                if (s ^ bidder) & 1:
                    return s
        return silent[0]

    def out_of_turn(self, rnd: RoundPort, seat: int) -> tuple[str, str] | None:
        """Each player calls once; partners wait for the opponents."""
        if rnd.spoken_mask >> seat & 1:
            return ("bid-once", "each player makes one call in the auction")
        bidder = rnd.bidder
        if bidder is not None and (seat ^ bidder) & 1 == 0 and any(
                not rnd.spoken_mask >> s & 1 and (s ^ bidder) & 1 for s in range(rnd.players)):
            return ("partner-overbid-before-opponents",
                    "you may not overbid your partner until every opponent has bid or passed")
        return None

    def max_calls(self, config: RulesetConfig) -> int:
        """One call each."""
        return config.players


@frozen
class FortyAuction(StandardAuction):
    """40's auction (002): the classic auction (a pass is final) with a second bid of at
    least ``second_bid_min`` (30), and an opener whose cards so far are all of one suit
    may not bid: that opener passes, and if everybody passes the deal is annulled and
    dealt again by the same dealer."""

    reads_hidden_cards: ClassVar[bool] = True
    """The opener's right to bid depends on the opener's cards."""

    description: ClassVar[str] = (
        "bid in turn, each bid higher than the last, or pass; a pass is final; an opener "
        "whose cards so far are all of one suit may not bid")
    """The auction in words (see :meth:`~twentyeight.plugins.Part.describe`)."""

    def bid_limits(self, rnd: RoundPort, seat: int, why: Why) -> tuple[int, bool]:
        """The classic limits, and none for a single-suit opener."""
        if seat == rnd.opener and rnd.bidder is None and _one_suit(rnd, seat):
            none = rnd.config.max_bid + 1
            if why is not None:
                why.append(("one-suit-opener-may-not-bid",
                            "the opener holding a single suit may not bid: pass", none))
            return none, True
        return super().bid_limits(rnd, seat, why)

    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        """The opener's first call, before any bid: a bid means cards of two suits at
        least; a pass where the opener must bid means cards of one suit."""
        opener, full = rnd.opener, rnd.deck.full_mask
        for at, (who, action) in enumerate(rnd.history):
            if who == opener and isinstance(action, Pass) and rnd.config.opener_must_bid:
                facts.any_of(*(NoneOf(opener, full & ~mask, at)
                               for mask in rnd.deck.suit_mask))
            if isinstance(action, Bid):
                if who == opener:
                    for mask in rnd.deck.suit_mask:
                        facts.some_of(1 << opener, full & ~mask, at)
                return
            if isinstance(action, Pass) and who == opener:
                return


def _one_suit(rnd: RoundPort, seat: int) -> bool:
    deck = rnd.deck
    held = rnd.hand_mask(seat)
    return any(held & ~mask == 0 for mask in deck.suit_mask)


CONFIG_28SIX = RulesetConfig(
    name="28six",
    description="28SIX: six players (3 v 3), 36 cards with the 6s, one call each, base points",
    aliases=("28-six", "twenty-eight-six", "28-6"),
    source=cite("003"),
    deck=DECK_36_SIXES,
    players=6,
    deal_packets=(3, 3),
    auction_after=2,
    min_bid=16,
    max_bid=28,
    opener_must_bid=True,
    trump_marker="hand-card",
    bidder_trump_lead="only-trumps",
    caller_must_trump=True,
    early_trumps_count=False,
    last_trick_unexposed="expose",
    auction=OnceEachAuction(),
    scoring=BasePoints(honors=HONORS),
)

SIX_28 = Ruleset(CONFIG_28SIX)
"""The ``28six`` preset, registered under the entry point ``28six``."""

BANDS_40 = ((20, 1, 2), (30, 2, 3), (34, 3, 4))
"""40's bands: bids 20-29 win 1 or give the opponents 2, 30-33 win 2 or give 3, 34-40
win 3 or give 4."""

CONFIG_40 = attrs.evolve(
    CONFIG_28SIX,
    name="40",
    description="40: six players, 36 cards with the 3s (= Jacks), bids 20-40, bands",
    aliases=("forty",),
    source=(f"{cite('002', 'Forty')}; the deal, the trump marker and the end of a match "
            "chosen where it is silent"),
    deck=DECK_40,
    min_bid=20,
    max_bid=40,
    second_bid_min=30,
    auction=FortyAuction(),
    scoring=Bands(bands=BANDS_40, failed_to="opponents", match_target=10,
                  single_hand_made=4, single_hand_failed=5),
)

FORTY = Ruleset(CONFIG_40)
"""The ``40`` preset, registered under the entry point ``40``."""

__all__ = [
    "BANDS_40",
    "CONFIG_28SIX",
    "CONFIG_40",
    "DECK_36_SIXES",
    "DECK_40",
    "FORTY",
    "HONORS",
    "SIX_28",
    "FortyAuction",
    "OnceEachAuction",
]
