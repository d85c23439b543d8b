"""What a bot reads from one view: the seats in play, the trump as far as it is known,
the trick so far and the cards gone (:class:`_Table`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card
from ..tricks import trick_winner
from .facts import DeckFacts, _card


class _Table:
    """What a heuristic bot reads from one view, parsed once."""

    def __init__(self, view: dict[str, Any], facts: DeckFacts) -> None:
        self.facts = facts
        self.seat: int = view["seat"]
        self.players: int = view["players"]
        self.team = self.seat % 2
        sitting = set(view.get("sitting_out") or ())
        self.active: list[int] = [s for s in range(self.players) if s not in sitting]
        self.hand = [_card(c) for c in view["hand"]]
        trump = view.get("trump")
        contract = view.get("contract") or {}
        trump_d: dict[str, Any] = trump or {}
        self.trump_suit: str | None = trump_d.get("suit")
        self.trump_exposed: bool = bool(trump_d.get("exposed"))
        self.trump_holder: int | None = trump_d.get("holder")
        # No trump at all: a single hand, or an open No Trump contract.
        self.no_trump = (
            (trump is None and contract.get("kind", "bid") != "bid")
            or (self.trump_exposed and self.trump_suit is None))
        # A void player cuts face down, and a trump cut wins unless a higher one follows.
        self.cuts_face_down = trump_d.get("cut_mode") == "face-down"
        card_text = trump_d.get("card")
        # The bidder's face-down card: still ours, not yet in the hand.
        self.concealed: Card | None = (
            _card(card_text) if card_text and not self.trump_exposed else None
        )
        trick = view.get("trick") or {}
        self.void: set[tuple[int, str]] = set()
        """Seats known to hold no card of a suit (they did not follow it)."""
        self.trick = self._seen_cards(trick)
        self.in_trick = len(trick.get("cards", []))
        """Cards in the trick so far, those cut face down unseen included."""
        trumps_from = trick.get("trumps_from")
        # Until the trump is exposed, no card played counts as a trump.
        self.trumps_from: int | None = trumps_from if self.trump_exposed else None
        self.bidder: int | None = contract.get("bidder")
        played: set[Card] = {c for _, c in self.trick}
        for t in view.get("tricks", []):
            played.update(c for _, c in self._seen_cards(t))
        self.played = played

    def _seen_cards(self, trick: dict[str, Any]) -> list[tuple[int, Card]]:
        """The cards of ``trick`` this seat has seen, by seat, noting the voids the trick
        shows: a card cut face down unseen shows only that its player could not follow
        (and, never winning while unseen, is left out)."""
        entries = trick.get("cards", [])
        cards = [(int(e["seat"]), _card(e["card"])) for e in entries if e["card"] is not None]
        if cards:
            led = cards[0][1].suit
            for e in entries[1:]:
                if e["card"] is None or _card(e["card"]).suit != led:
                    self.void.add((int(e["seat"]), led))
        return cards

    # -------------------------------------------------------------- seats

    def next_active(self, seat: int) -> int:
        """The next seat to play after ``seat`` (sitting-out seats are skipped)."""
        n = self.players
        t = (seat + 1) % n
        while t not in self.active:
            t = (t + 1) % n
        return t

    def still_to_play(self) -> list[int]:
        """The seats that play to this trick after this seat."""
        leader = self.trick[0][0] if self.trick else self.seat
        out = []
        t = self.next_active(self.seat)
        while t != leader and t != self.seat:
            out.append(t)
            t = self.next_active(t)
        return out

    # -------------------------------------------------------------- card facts

    def is_trump(self, card: Card) -> bool:
        """A card of the trump suit, as far as this seat knows the trump."""
        return self.trump_suit is not None and card.suit == self.trump_suit

    def mine(self) -> set[Card]:
        """Every card this seat holds, the concealed trump card included."""
        out = set(self.hand)
        if self.concealed is not None:
            out.add(self.concealed)
        return out

    def higher_out(self, card: Card) -> bool:
        """True if some card of ``card``'s suit that beats it is neither played nor ours."""
        mine = self.mine()
        return any(c not in self.played and c not in mine for c in self.facts.stronger(card))

    def winning_index(self, cards: Sequence[tuple[int, Card]], trumps_from: int | None) -> int:
        """Index of the card now winning ``cards`` (first played wins ties): the rule the
        round itself applies, with the strengths of this deck."""
        strength = self.facts.strength
        played = [c for _, c in cards]
        return trick_winner(played, {c: c.suit for c in played},
                            {c: strength(c) for c in played}, self.trump_suit, trumps_from)

    def would_win(self, card: Card) -> bool:
        """True if ``card`` played now would lead the trick so far."""
        trial = [*self.trick, (self.seat, card)]
        trumps_from = self.trumps_from
        if self.cuts_face_down and not self.trump_exposed and self.trick \
                and self.is_trump(card) and card.suit != self.trick[0][1].suit:
            trumps_from = 0  # a trump cut exposes the trump as the trick ends
        elif self.concealed is not None and card == self.concealed:
            # Playing the concealed card exposes it; it is a trump from here on.
            trumps_from = len(self.trick)
        return self.winning_index(trial, trumps_from) == len(self.trick)

    def safe(self, card: Card) -> bool:
        """True if no opponent still to play this trick is likely to beat ``card``: no
        stronger card of its suit is out, and (unless it is a trump, or there is no
        trump) no such opponent is known to be void in the suit led, free to trump it."""
        if self.higher_out(card):
            return False
        if self.no_trump:
            return True
        if self.is_trump(card) and (self.trump_exposed or card == self.concealed):
            return True
        led = self.trick[0][1].suit if self.trick else card.suit
        for seat in self.still_to_play():
            if seat % 2 == self.team or (seat, led) not in self.void:
                continue
            if self.trump_exposed and (seat, self.trump_suit) in self.void:
                continue
            return False
        return True
