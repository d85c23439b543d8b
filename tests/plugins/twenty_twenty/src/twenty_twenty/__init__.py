"""Twenty-Twenty (source 002): 28 where every King and Queen scores -1, so the deck
holds 20 card points. A third-party plug-in, packaged and registered on its own."""

from __future__ import annotations

from attrs import frozen

from twentyeight import DeckSpec, HandOutcome, Ruleset, RulesetConfig, ScoringSystem
from twentyeight.cards import STANDARD_POINTS, STANDARD_RANKS


@frozen
class PlusMinusOne(ScoringSystem):
    """+1 / -1 game point to the bidding team; first to +5 wins, -5 loses."""

    name: str = "plus-minus-one"
    description: str = "+1 / -1 to the bidding team; +5 wins, -5 loses"

    def hand_points(self, outcome: HandOutcome) -> tuple[int, ...]:
        """Game points for each team."""
        points = [0] * outcome.teams
        points[outcome.bidding_team] = 1 if outcome.made else -1
        return tuple(points)

    def match_winner(self, totals: tuple[int, ...]) -> int | None:
        """The winning team, or None."""
        for team, total in enumerate(totals):
            if total >= 5:
                return team
            if total <= -5:
                return 1 - team
        return None


TWENTY_TWENTY = Ruleset(
    RulesetConfig(
        name="twenty-twenty",
        description="Twenty-Twenty: Kings and Queens score -1; 20 points; bids 10-20",
        aliases=("20-20",),
        source=("the Wikipedia article on Twenty-eight[^002] (Twenty Twenty); the bid "
                "range is this plug-in's choice"),
        deck=DeckSpec(ranks=STANDARD_RANKS, points={**STANDARD_POINTS, "K": -1, "Q": -1}),
        min_bid=10,
        max_bid=20,
        partner_overcall_min=15,
        scoring=PlusMinusOne(),
    )
)
