"""Scoring systems for hands and matches."""

from __future__ import annotations

from attrs import frozen

from twentyeight.config import HandOutcome


@frozen
class Pips:
    """28's pips: the bidding team gains ``made`` game points if it makes its target and
    ``failed`` (a negative number) if not; the defenders' score does not change. A team
    that reaches ``+target`` wins the match; one that reaches ``-target`` loses it.
    Sources: 001, 002 (the red and black sixes)."""

    made: int = 1
    failed: int = -1
    target: int = 6
    name: str = "pips"
    description: str = "+1 / -1 game point to the bidding team; +6 wins, -6 loses"

    def hand_points(self, outcome: HandOutcome) -> tuple[int, ...]:
        """Game points for each team from one hand."""
        points = [0] * outcome.teams
        points[outcome.bidding_team] = self.made if outcome.made else self.failed
        return tuple(points)

    def match_winner(self, totals: tuple[int, ...]) -> int | None:
        """The winning team, or ``None``."""
        for team, total in enumerate(totals):
            if total >= self.target:
                return team
        for team, total in enumerate(totals):
            if total <= -self.target:
                return 1 - team
        return None
