"""What a round produces: completed tricks and the result."""

from __future__ import annotations

from typing import Any

from attrs import frozen

from .cards import Card


@frozen
class Trick:
    """A completed trick: who led, who played what in order, who won, its points.
    ``trumps_from`` is the position in the trick from which cards of the trump suit
    counted as trumps (``None``: no trump counted, it was concealed or there was none)."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int
    points: int
    trumps_from: int | None

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "leader": self.leader,
            "cards": [
                {"seat": s, "card": str(c)} for s, c in zip(self.seats, self.cards, strict=True)
            ],
            "winner": self.winner,
            "points": self.points,
            "trumps_from": self.trumps_from,
        }


@frozen
class RoundResult:
    """The outcome of a finished round. For an annulled deal ``annulled`` names the
    redeal rule, ``made`` is ``None`` and nobody scores. ``contract`` is ``"bid"`` or
    the plug-in that set another contract (``"single-hand"``, whose ``target`` is
    ``None``: every trick); ``multiplier`` is 2 when doubled, 4 when redoubled;
    ``stake`` is a fixed number of game points a call put on the hand (the C)."""

    card_points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    bidder: int | None
    bidding_team: int | None
    bid: int | None
    target: int | None
    made: bool | None
    game_points: tuple[int, ...]
    annulled: str | None = None
    contract: str = "bid"
    denomination: str | None = None
    multiplier: int = 1
    stake: int | None = None

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "card_points": list(self.card_points),
            "tricks_won": list(self.tricks_won),
            "bidder": self.bidder,
            "bidding_team": self.bidding_team,
            "bid": self.bid,
            "target": self.target,
            "made": self.made,
            "game_points": list(self.game_points),
            "annulled": self.annulled,
            "contract": self.contract,
            "denomination": self.denomination,
            "multiplier": self.multiplier,
            "stake": self.stake,
        }
