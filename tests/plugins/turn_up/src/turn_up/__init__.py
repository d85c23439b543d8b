"""Turn-Up: 28 with a euchre-style turned-up trump. A third-party trump part, packaged
and registered on its own, that uses only the library's public names.

The whole hand is dealt before the auction (two packets of four). The dealer's last
card is turned face up: everyone sees it, and its suit is the trump, known to all from
the first card of the play. After the auction the dealer lays away one card face down
(``bury <card>``), any card of the hand but the turned-up one. Nobody else ever sees
it. It stays among the dealer's cards but out of the hand (the dealer follows suit with
seven), and is played, still face down, to the last trick, which it cannot win (its
points go to the trick's winner); it is not turned up when the hand is counted."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from attrs import frozen
from twentyeight_variants.scoring import Pips

from twentyeight import DeckSpec, ParseError, Ruleset, RulesetConfig
from twentyeight.actions import Action, CardAction
from twentyeight.cards import STANDARD_POINTS, STANDARD_RANKS, Card
from twentyeight.trump import TrumpRules

if TYPE_CHECKING:
    from twentyeight.inference import Facts
    from twentyeight.port import RoundPort

__all__ = ["TURN_UP", "Bury", "TurnUp"]


@frozen(cache_hash=True)
class Bury(CardAction):
    """The dealer lays ``card`` away face down: ``bury 7H``."""

    keyword: ClassVar[str] = "bury"

    @classmethod
    def from_text(cls, rest: str) -> Action:
        """Read the card (``bury 7H``)."""
        if not rest or " " in rest:
            raise ParseError("'bury' takes one card, e.g. 'bury 7H'")
        return cls(Card.parse(rest))


def _ids(mask: int) -> list[int]:
    """The card ids of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@frozen
class TurnUp(TrumpRules):
    """The dealer's last card, turned up, sets the trump; the dealer buries a card."""

    marker: ClassVar[str] = "turn-up"
    action_kinds: ClassVar[tuple[type[Action], ...]] = (Bury,)
    secret_kinds: ClassVar[tuple[type[Action], ...]] = (Bury,)
    reveal_at_end: ClassVar[bool] = False

    description: str = ("the dealer's last card is turned up and sets the trump; the "
                        "dealer buries another card face down")

    def turned(self, rnd: RoundPort) -> int:
        """The card id of the turned-up card: the dealer's last card dealt."""
        return rnd.deal_card(rnd.dealer, -1)

    def after_deal(self, rnd: RoundPort) -> None:
        """Turn the dealer's last card up for everyone."""
        rnd.show_cards(1 << self.turned(rnd))

    def chooser(self, rnd: RoundPort) -> int | None:
        """The dealer acts in the trump phase (it buries a card)."""
        return rnd.dealer

    def buriable(self, rnd: RoundPort, seat: int) -> int:
        """The cards ``seat`` (the dealer) may bury: its hand but the turned-up card."""
        return rnd.hand_mask(seat) & ~(1 << self.turned(rnd))

    def choices(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """``bury <card>`` for each card the dealer may bury."""
        cards = rnd.deck.cards
        return tuple(Bury(cards[c]) for c in _ids(self.buriable(rnd, seat)))

    def choose(self, rnd: RoundPort, seat: int, action: Action) -> None:
        """The buried card goes face down out of the hand, seen by the dealer alone; the
        turned-up card's suit is the trump, known to all."""
        assert isinstance(action, Bury)
        deck = rnd.deck
        rnd.hide(1 << deck.card_id(action.card), seen_by=1 << seat)
        rnd.set_trump(suit=deck.suit_of[self.turned(rnd)], known_to=-1, exposed=True)

    def refuse_choice(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str]:
        """Why ``action`` is not a card the dealer may bury."""
        if isinstance(action, Bury):
            cid = rnd.deck.card_id(action.card)
            if not rnd.hand_mask(seat) >> cid & 1:
                return "bury-not-in-hand", f"you do not hold {action.card}"
            return "bury-turned-card", "the turned-up card stays in your hand"
        return "wrong-phase", "the dealer must bury a card face down (bury <card>)"

    def view(self, rnd: RoundPort, seat: int | None) -> dict[str, Any]:
        """The trump, known to all, and the turned-up card; none before the dealer
        buries."""
        if rnd.trump_suit_index < 0:
            return {}
        deck = rnd.deck
        return {"marker": self.marker, "exposed": True,
                "suit": deck.suit_letter(rnd.trump_suit_index),
                "turned_up": str(deck.cards[self.turned(rnd)])}

    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        """What a seat may infer: the buried card lies face down, the dealer's, out of
        the hand from the bury on, seen by the dealer alone, and it is not the turned-up
        card (the resampler draws it afresh for every other seat)."""
        super().infer(rnd, seat, facts)
        deck = rnd.deck
        done = {c for trick in rnd.tricks for c in trick.cards}
        for at, (who, action) in enumerate(rnd.history):
            if isinstance(action, Bury):
                forbid = 1 << self.turned(rnd)
                if action.card in done:
                    # Its trick is over: the points it gave the winner are public.
                    worth = deck.points[deck.card_id(action.card)]
                    forbid |= sum(1 << c for c in range(deck.size) if deck.points[c] != worth)
                facts.place(deck.card_id(action.card), owner=who, at=at, seen_by=1 << who,
                            forbid=forbid)

    def all_actions(self, config: RulesetConfig) -> tuple[Action, ...]:
        """``bury <card>`` for every card of the deck."""
        return tuple(Bury(Card(r, s)) for s in config.deck.suits for r in config.deck.ranks)


TURN_UP = Ruleset(
    RulesetConfig(
        name="turn-up",
        description="Turn-Up: 28 with a turned-up trump; the dealer buries a card",
        aliases=("turnup",),
        source="euchre's turned-up card (issue 36's example trump part); this plug-in's "
               "own rules",
        deck=DeckSpec(ranks=STANDARD_RANKS, points=STANDARD_POINTS),
        scoring=Pips(),
        auction_after=2,
        trump=TurnUp(),
    )
)
