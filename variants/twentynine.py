"""``29``: 28 with a last-trick point, an indicator trump and the pair (sources 004, 002).

004: the last trick earns one card point (29 in all), bids run from 15 to 29 (002 says
16 or 17; 16 is the preset and 15 and 17 are the option's other values), the trump is
marked by a card from outside the deck, a player who cannot follow suit while it is
concealed must call for it, nobody is obliged to trump, and a player holding the King
and Queen of trumps may show them (royals) before playing either, once the trump is
known. Pips to +/-6. "All other rules are the same as Twenty-Eight": the bidder's lead
restriction, the partner overcall at 20 and the redeal rules stay on. The last-trick
point is an option (``last_trick_points=0`` with ``max_bid=28``).
"""

from __future__ import annotations

import attrs

from twentyeight.ruleset import Ruleset

from .classic import CONFIG_28
from .pair import PairRule
from .sources import cite

CONFIG_29 = attrs.evolve(
    CONFIG_28,
    name="29",
    description="29: last trick +1 point, bids 16-29, indicator trump, forced reveal, pair",
    aliases=("twenty-nine", "twentynine"),
    source=(f"{cite('004', 'its Twenty-Nine')}; "
            f"{cite('002', '29 bid from 16, the pair')}"),
    min_bid=16,
    max_bid=29,
    trump_marker="indicator",
    reveal_when_void=True,
    caller_must_trump=False,
    last_trick_points=1,
    plugins=(*CONFIG_28.plugins, PairRule(pair_timing="after-exposure")),
)

TWENTY_NINE = Ruleset(CONFIG_29)
"""The ``29`` preset, registered under the entry point ``29``."""
