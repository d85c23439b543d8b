"""Redeal checks: rules that annul a deal, so that the same dealer deals again.

Each check is a small value with the two hooks of
:class:`twentyeight.config.RedealCheck`: ``automatic`` (the deal is annulled as soon as
the fact is known) and ``may_claim`` (a player may demand it with the ``redeal`` action).
:class:`RedealRules` is the plug-in that switches each check on or off by an option,
and the ``redeal`` modifier adds it to a ruleset that has no redeal rules of its own.
An annulled deal is dealt again by the same dealer; its record ends with the ``redeal``
claim (or, for a check found by the engine, replays to it) and its result names the
check.
"""

from __future__ import annotations

from typing import ClassVar

import attrs
from attrs import frozen

from twentyeight.cards import iter_bits
from twentyeight.config import ClaimWindow, RedealCheck, RedealEvent, RulesetConfig, typed
from twentyeight.errors import ConfigError
from twentyeight.plugins import AddPlugin, RulePlugin
from twentyeight.port import RoundPort

from .sources import cite


@frozen
class FourJacks(RedealCheck):
    """A hand of the full deal holds every Jack: the deal is annulled (000 rule 1, 001)."""

    events: ClassVar[tuple[RedealEvent, ...]] = ("deal-complete",)
    """Asked only then."""

    rank: str = "J"
    name: str = "four-jacks"
    description: str = "a player dealt all four Jacks must show them; the cards are redealt"

    def automatic(self, rnd: RoundPort, event: RedealEvent) -> bool:
        """Checked when the deal is complete."""
        if event != "deal-complete":
            return False
        jacks = rnd.deck.rank_masks[self.rank]
        # A plain loop over a handful of seats is quicker than any() over a generator.
        for dealt in rnd.dealt_masks:  # noqa: SIM110
            if dealt & jacks == jacks:
                return True
        return False



@frozen
class OneSuitHand(RedealCheck):
    """A hand of the full deal is all of one suit: the deal is annulled (001)."""

    events: ClassVar[tuple[RedealEvent, ...]] = ("deal-complete",)
    """Asked only then."""

    name: str = "one-suit-hand"
    description: str = "a player dealt cards of one suit only: the cards are redealt"

    def automatic(self, rnd: RoundPort, event: RedealEvent) -> bool:
        """Checked when the deal is complete."""
        if event != "deal-complete":
            return False
        suit_mask, suit_of = rnd.deck.suit_mask, rnd.deck.suit_of
        for dealt in rnd.dealt_masks:
            # One suit: nothing outside the suit of the lowest card.
            if not dealt & ~suit_mask[suit_of[(dealt & -dealt).bit_length() - 1]]:
                return True
        return False



@frozen
class BiddingSideHoldsAllTrumps(RedealCheck):
    """When the trump is exposed and the bidder's opponents were dealt no card of the
    trump suit, the deal is annulled (000 rule 2, 001)."""

    events: ClassVar[tuple[RedealEvent, ...]] = ("trump-exposed",)
    """Asked only then."""
    settled_by_the_deal: ClassVar[bool] = True
    """It reads the cards dealt, the bidder and the trump suit, nothing of the play."""

    name: str = "bidding-side-all-trumps"
    description: str = "the bidding side holds every trump (found at exposure): redeal"

    def automatic(self, rnd: RoundPort, event: RedealEvent) -> bool:
        """Checked when the trump is exposed."""
        bidder = rnd.bidder
        if event != "trump-exposed" or bidder is None:
            return False
        trumps = rnd.deck.suit_mask[rnd.trump_suit_index]
        bidding_team = rnd.team_of(bidder)
        for seat, dealt in enumerate(rnd.dealt_masks):
            if dealt & trumps and rnd.team_of(seat) != bidding_team:
                return False
        return True



@frozen
class OpenerPointlessFirstCards(RedealCheck):
    """The opener whose first cards hold no points may demand a redeal instead of bidding
    (000 rule 3 and the deal-and-bidding section, 001). With ``below`` above 1, the
    opener whose first cards hold fewer than ``below`` card points may (304: fewer than
    15)."""

    claim_window: ClassVar[ClaimWindow | None] = "opening-call"
    name: str = "opener-pointless"
    description: str = "the opener's first cards are pointless: the opener may demand a redeal"
    below: int = attrs.field(default=1, validator=typed(int))
    """The opener may claim when the first cards hold fewer card points than this (1:
    none at all)."""

    def __attrs_post_init__(self) -> None:
        if self.below < 1:
            raise ConfigError(f"{self.name}: below must be at least 1, got {self.below}")

    def may_claim(self, rnd: RoundPort, seat: int) -> bool:
        """The opener, whose cards at the auction (the first four in 28) hold fewer
        than :attr:`below` card points (none, by default)."""
        if seat != rnd.opener:
            return False
        first = rnd.auction_mask(seat)
        if self.below == 1:
            return not first & rnd.deck.point_mask
        points = rnd.deck.points
        return sum(points[c] for c in iter_bits(first)) < self.below


@frozen
class PointlessHand(RedealCheck):
    """A player whose whole hand is pointless may show it and annul the deal (000 rule 4,
    001). Claimed on the player's turn before playing a card to the first trick."""

    claim_window: ClassVar[ClaimWindow | None] = "first-card"
    name: str = "pointless-hand"
    description: str = "a player dealt no point cards at all may show them: redeal"


    def may_claim(self, rnd: RoundPort, seat: int) -> bool:
        """A player dealt no point cards, who has seen every card dealt to it (a bidder
        with an unseen seventh card cannot show its hand)."""
        return not rnd.dealt_mask(seat) & rnd.deck.point_mask and not rnd.unseen_mask(seat)



@frozen
class RedealRules(RulePlugin):
    """The redeal checks of 000, 001 and 002, each switched on or off by an option."""

    reads_hidden_cards: ClassVar[bool] = False
    """Automatic checks are re-checked on a resampled deal; a claim ends the round."""

    name: ClassVar[str] = "redeal"
    option_fields: ClassVar[tuple[str, ...]] = (
        "redeal_four_jacks",
        "redeal_one_suit_hand",
        "redeal_bidding_side_all_trumps",
        "redeal_opener_pointless",
        "redeal_pointless_hand",
    )

    redeal_four_jacks: bool = attrs.field(default=True, validator=typed(bool))
    """A hand holding every Jack is redealt."""
    redeal_one_suit_hand: bool = attrs.field(default=True, validator=typed(bool))
    """A hand of one suit only is redealt."""
    redeal_bidding_side_all_trumps: bool = attrs.field(default=True, validator=typed(bool))
    """The bidding side holding every trump (found at exposure) is redealt."""
    redeal_opener_pointless: bool = attrs.field(default=True, validator=typed(bool))
    """The opener whose first cards are pointless may demand a redeal."""
    redeal_pointless_hand: bool = attrs.field(default=True, validator=typed(bool))
    """A player dealt no point cards may show them and demand a redeal."""

    def describe(self) -> str:
        """The redeals in words: what the checks switched on have in common."""
        return ("redeals: the cards are dealt again when one of the redeal checks finds "
                "its hand")

    def redeal_checks(self) -> tuple[RedealCheck, ...]:
        """The checks switched on, automatic ones first."""
        chosen: list[RedealCheck] = []
        if self.redeal_four_jacks:
            chosen.append(FourJacks())
        if self.redeal_one_suit_hand:
            chosen.append(OneSuitHand())
        if self.redeal_bidding_side_all_trumps:
            chosen.append(BiddingSideHoldsAllTrumps())
        if self.redeal_opener_pointless:
            chosen.append(OpenerPointlessFirstCards())
        if self.redeal_pointless_hand:
            chosen.append(PointlessHand())
        return tuple(chosen)

    def max_actions(self, config: RulesetConfig) -> int:
        """A claim is counted by the core already."""
        return 0


REDEAL = AddPlugin(
    name="redeal",
    description="redeal rules: four Jacks, one-suit hand, bidding side holds every trump, "
                "pointless opener or hand; each an option",
    aliases=("redeals",),
    source=f"{cite('000')}; {cite('001')}; {cite('002')}",
    plugin=RedealRules(),
)
"""The ``redeal`` modifier, registered under the entry point ``redeal``."""
