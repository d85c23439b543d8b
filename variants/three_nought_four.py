"""304's rules that the 28 family does not have, as plug-ins.

The requirement is ``docs/rules/304-requirements.md`` (rules R1 to R24, cited below). The
``304`` preset is registered once its closed game, the face-down cut (R11), is built; the
rules here are complete and tested on their own, and any ruleset can carry them.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from twentyeight.cards import DeckSpec
from twentyeight.plugins import RulePlugin, Why
from twentyeight.port import RoundPort

from .redeal import OpenerPointlessFirstCards
from .scoring import Tables

__all__ = ["DECK_304", "OPENER_UNDER_15", "STONES_304", "ExhaustedTrumps"]

DECK_304 = DeckSpec(ranks=("J", "9", "A", "10", "K", "Q", "8", "7"),
                    points=(("J", 30), ("9", 20), ("A", 11), ("10", 10), ("K", 3), ("Q", 2)))
"""304's pack (R3): 32 cards ranked J 9 A 10 K Q 8 7 in every suit, worth 30, 20, 11,
10, 3, 2, 0 and 0: 76 a suit, 304 in all."""

OPENER_UNDER_15 = OpenerPointlessFirstCards(
    name="opener-under-15", below=15,
    description="the opener's first four cards hold fewer than 15 points: the opener may "
                "demand a new deal by the same dealer before anyone bids")
"""304's opener's redeal (R5): before anyone has bid or passed, the opener whose four
cards hold fewer than 15 card points may demand a new deal."""

STONES_304 = Tables(bands=((160, 1, 2), (200, 2, 3), (250, 3, 4)), tables=11,
                    name="stones",
                    description="stones won from or paid to the other side, 11 each to "
                                "start; a team that cannot pay loses")
"""304's stones (R21): each team starts with 11; a contract of 160-199 made wins 1 stone
from the opponents and failed pays them 2, 200-249 wins 2 or pays 3, 250 and more wins 3
or pays 4. Stones only change hands, so the match ends when one team holds all 22."""


@frozen
class ExhaustedTrumps(RulePlugin):
    """Exhausted trumps (304, R16): once the trump is known to everyone, a trump maker
    who is to lead and holds every trump still in play must lead a trump, trick after
    trick, until those trumps are gone.

    What the rule reads (the trump maker's hand and which trumps are still held) the
    trump maker can always tell: the trumps played since the exposure are face up, so
    the trumps not in that hand and not played are the others'."""

    name: ClassVar[str] = "exhausted-trumps"

    rule: ClassVar[str] = "must-lead-exhausted-trumps"
    """The rule id a refusal names."""

    def restrict_play(self, rnd: RoundPort, seat: int, legal: int, why: Why) -> int:
        """A lead of the trump maker holding every trump still in play: trumps only."""
        suit = rnd.trump_suit_index
        if rnd.current_trick or seat != rnd.bidder or suit < 0 or not rnd.trump_exposed:
            return legal
        trumps = rnd.deck.suit_mask[suit]
        led = legal & trumps
        if not led or led == legal:
            return legal
        for other in range(rnd.players):
            if other != seat and rnd.held_mask(other) & trumps:
                return legal
        if why is not None:
            why.append((self.rule, "you hold every trump still in play: you must lead "
                        "trumps until they are gone", legal & ~trumps))
        return led

    def position_key(self, rnd: RoundPort) -> None:
        """Nothing beyond the cards held, the leader and the trump: what the rule reads."""
        return None

    def describe(self) -> str:
        """The rule in words."""
        return ("exhausted trumps: a trump maker who has the lead and holds every trump "
                "still in play, the trump being known, must lead trumps until they are gone")
