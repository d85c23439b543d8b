"""``28`` and its four-player regional presets: ``28-bands`` and ``28-bengal``.

``28`` follows sources 001, 002 and 000; ``28-bands`` is 004's 28 (score bands, first to
10, over-trumping); ``28-bengal`` is 002's West Bengal 28 (bids from 16, the pair with
the 19 rule). Each is a config; the presets that differ from ``28`` are made from it with
``attrs.evolve``, so every unstated rule stays 28's.
"""

from __future__ import annotations

import attrs

from twentyeight.cards import STANDARD_32
from twentyeight.config import RulesetConfig
from twentyeight.ruleset import Ruleset

from .auctions import HouseAuction
from .pair import PairRule
from .redeal import RedealRules
from .scoring import Bands, Pips
from .sources import cite

CONFIG_28 = RulesetConfig(
    name="28",
    description="Classic 28: four players, 32 cards, bids 14-28, concealed trump card",
    aliases=("twenty-eight", "twentyeight", "classic", "irupathiyettu", "thuruppu", "lelam"),
    source=(f"{cite('001')} and {cite('002')} (the rules and pips scoring); "
            f"{cite('000', 'the phases, the worked example, the redeals')}"),
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
    auction=HouseAuction(),
    plugins=(RedealRules(),),
    scoring=Pips(made=1, failed=-1, match_target=6),
)

CLASSIC_28 = Ruleset(CONFIG_28)
"""The ``28`` preset, registered under the entry point ``28``."""

BANDS_004 = ((14, 1, 2), (20, 2, 3), (25, 3, 4))
"""004's score bands: bids 14-19 win 1 or lose 2, 20-24 win 2 or lose 3, 25 and more
win 3 or lose 4."""

CONFIG_28_BANDS = attrs.evolve(
    CONFIG_28,
    name="28-bands",
    description="28 with score bands (game points by the bid), first to 10, over-trumping",
    aliases=("bands", "score-bands", "twenty-eight-bands"),
    source=f"{cite('004', 'its 28')}; the rules it leaves unstated as in 28",
    over_trump=True,
    scoring=Bands(bands=BANDS_004, failed_to="bidder", match_target=10),
)

BANDS_28 = Ruleset(CONFIG_28_BANDS)
"""The ``28-bands`` preset, registered under the entry point ``28-bands``."""

CONFIG_28_BENGAL = attrs.evolve(
    CONFIG_28,
    name="28-bengal",
    description="West Bengal 28: bids 16-28, the pair (16-18 may not show, 19 gives 3)",
    aliases=("west-bengal", "bengal", "28-wb"),
    source=(f"{cite('002', 'its West Bengal variant and the pair')}; the rules it leaves "
            "unstated as in 28"),
    min_bid=16,
    plugins=(*CONFIG_28.plugins, PairRule(pair_table="west-bengal")),
)

BENGAL_28 = Ruleset(CONFIG_28_BENGAL)
"""The ``28-bengal`` preset, registered under the entry point ``28-bengal``."""
