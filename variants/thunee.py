"""Thunee's rules that the 28 family does not have, as plug-ins (the first of them).

The requirement is ``docs/rules/thunee-requirements.md`` (rules R1 to R25, cited below).
The ``thunee`` preset is registered once its calling, its scoring in balls and its
special calls are built; the parts here (the pack, the trumpman's redeal, the trump shown
once the first card is played) are tested on their own, and any ruleset can carry them.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from twentyeight.cards import DeckSpec
from twentyeight.plugins import RulePlugin
from twentyeight.port import RoundPort

from .redeal import OpenerPointlessFirstCards

__all__ = ["DECK_THUNEE", "TRUMPMAN_AT_MOST_10", "ShowTrumpAfterFirstCard"]

DECK_THUNEE = DeckSpec(ranks=("J", "9", "A", "10", "K", "Q"),
                       points=(("J", 30), ("9", 20), ("A", 11), ("10", 10), ("K", 3),
                               ("Q", 2)))
"""Thunee's pack (R3): 24 cards ranked J 9 A 10 K Q in every suit, worth 30, 20, 11,
10, 3 and 2: 76 a suit, 304 in all."""

TRUMPMAN_AT_MOST_10 = OpenerPointlessFirstCards(
    name="trumpman-at-most-10", below=11,
    description="the trumpman's first four cards hold 10 points or fewer: the trumpman "
                "may demand a new deal by the same dealer before anyone calls")
"""Thunee's trumpman's redeal (R9, T4): the trumpman (the player to the dealer's right,
who speaks first) whose first four cards hold 10 card points or fewer may ask for a new
deal."""


@frozen
class ShowTrumpAfterFirstCard(RulePlugin):
    """Thunee's trump (R8, T4, T8): the face-down trump card is shown to all as soon as
    the first card of the first trick is played, and goes back to the trumper's hand.
    Cards of the trump suit count as trumps from the next card on (the first card is the
    suit led, so it loses nothing)."""

    name: ClassVar[str] = "show-trump-after-first-card"

    def after_card(self, rnd: RoundPort, seat: int) -> None:
        """After the first card of the hand: expose the trump."""
        if not rnd.tricks and len(rnd.current_trick) == 1:
            rnd.expose_trump()

    def position_key(self, rnd: RoundPort) -> None:
        """Nothing: once the first card is played the rule has done its work, and the
        exposure is part of every position already."""
        return None

    def describe(self) -> str:
        """The rule in words."""
        return "the trump is shown to all as soon as the first card is played"
