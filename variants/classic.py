"""``28``: the classic game (sources 001, 002, 000)."""

from __future__ import annotations

from twentyeight.cards import STANDARD_32
from twentyeight.config import RulesetConfig
from twentyeight.ruleset import Ruleset

from .redeal import (
    BiddingSideHoldsAllTrumps,
    FourJacks,
    OneSuitHand,
    OpenerPointlessFirstCards,
    PointlessHand,
)
from .scoring import Pips

CONFIG_28 = RulesetConfig(
    name="28",
    description="Classic 28: four players, 32 cards, bids 14-28, concealed trump card",
    aliases=("twenty-eight", "twentyeight", "classic", "irupathiyettu", "thuruppu", "lelam"),
    source="001, 002 (rules and pips), 000 (phases, worked example, redeals)",
    deck=STANDARD_32,
    players=4,
    deal_packets=(4, 4),
    auction_after=1,
    min_bid=14,
    max_bid=28,
    opener_must_bid=True,
    partner_overcall_min=20,
    trump_marker="hand-card",
    bidder_trump_lead="only-trumps",
    caller_must_trump=True,
    early_trumps_count=False,
    last_trick_unexposed="expose",
    last_trick_points=0,
    redeal_checks=(
        FourJacks(),
        OneSuitHand(),
        BiddingSideHoldsAllTrumps(),
        OpenerPointlessFirstCards(),
        PointlessHand(),
    ),
    scoring=Pips(made=1, failed=-1, target=6),
)

CLASSIC_28 = Ruleset(CONFIG_28)
"""The ``28`` preset, registered under the entry point ``28``."""
