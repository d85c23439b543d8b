"""Bots that play from a seat's view: a baseline and a simple rule-of-thumb player.

A bot sees exactly what :meth:`twentyeight.Round.view` gives its seat (a JSON-ready dict)
and answers with the text of one action from ``view["legal_actions"]``. That is the same
contract a remote client has, so a bot can never peek at hidden cards::

    import twentyeight as te
    from twentyeight.bots import HeuristicBot, RandomBot, play_round

    rnd = te.new_round("28", seed=7)
    play_round(rnd, [HeuristicBot(1), RandomBot(2), HeuristicBot(3), RandomBot(4)])
    print(rnd.result)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .cards import Card

if TYPE_CHECKING:
    from .round import Round

__all__ = [
    "CARD_POINTS",
    "RANK_ORDER",
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "card_points",
    "card_strength",
    "play_round",
]

RANK_ORDER: tuple[str, ...] = ("J", "9", "A", "10", "K", "Q", "8", "7")
"""Ranks from strongest to weakest, as in 28 and 29. Ranks not listed (the 6 of 28SIX,
say) count as weaker than every listed rank."""

CARD_POINTS: dict[str, int] = {"J": 3, "9": 2, "A": 1, "10": 1}
"""Card points per rank; other ranks are worth nothing."""

_STRENGTH: dict[str, int] = {r: len(RANK_ORDER) - i for i, r in enumerate(RANK_ORDER)}


def card_strength(card: Card) -> int:
    """How strong ``card`` is within its suit: 8 for a Jack down to 1 for a 7, 0 for a
    rank outside :data:`RANK_ORDER`."""
    return _STRENGTH.get(card.rank, 0)


def card_points(card: Card) -> int:
    """The card points of ``card`` (J 3, 9 2, A 1, 10 1, else 0)."""
    return CARD_POINTS.get(card.rank, 0)


@functools.lru_cache(maxsize=1024)
def _card(text: str) -> Card:
    """``Card.parse`` with a cache: views repeat the same few dozen card texts."""
    return Card.parse(text)


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action from a seat's view."""

    def choose(self, view: dict[str, Any]) -> str:
        """Return the text of one action from ``view["legal_actions"]``."""
        ...


def _legal(view: dict[str, Any]) -> list[str]:
    legal = view.get("legal_actions") or []
    if not legal:
        raise ValueError(
            f"seat {view.get('seat')} has no legal actions: it is not this seat's turn"
        )
    return [str(a) for a in legal]


class RandomBot:
    """Picks uniformly among the legal actions; a baseline to measure other bots by.
    ``seed`` makes its choices repeatable (``None``: seeded from the system)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> str:
        """A uniformly random action from ``view["legal_actions"]``."""
        return self._rng.choice(_legal(view))

    def __repr__(self) -> str:
        return "RandomBot()"


class _Table:
    """What a heuristic bot reads from one view, parsed once."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.seat: int = view["seat"]
        self.players: int = view["players"]
        self.team = self.seat % 2
        self.hand = [_card(c) for c in view["hand"]]
        trump = view.get("trump") or {}
        self.trump_suit: str | None = trump.get("suit")
        self.trump_exposed: bool = bool(trump.get("exposed"))
        self.trump_holder: int | None = trump.get("holder")
        card_text = trump.get("card")
        # The bidder's face-down card: still ours, not yet in the hand.
        self.concealed: Card | None = (
            _card(card_text) if card_text and not self.trump_exposed else None
        )
        trick = view.get("trick") or {}
        self.trick = [(int(e["seat"]), _card(e["card"])) for e in trick.get("cards", [])]
        trumps_from = trick.get("trumps_from")
        self.trumps_from: int | None = trumps_from if self.trump_exposed else None
        contract = view.get("contract")
        self.bidder: int | None = contract["bidder"] if contract else None
        played: set[Card] = {c for _, c in self.trick}
        # Seats known to hold no card of a suit (they did not follow it).
        self.void: set[tuple[int, str]] = set()
        for t in view.get("tricks", []):
            cards = [(int(e["seat"]), _card(e["card"])) for e in t["cards"]]
            played.update(c for _, c in cards)
            self._note_voids(cards)
        self._note_voids(self.trick)
        self.played = played

    def _note_voids(self, cards: list[tuple[int, Card]]) -> None:
        if not cards:
            return
        led = cards[0][1].suit
        for seat, card in cards[1:]:
            if card.suit != led:
                self.void.add((seat, led))

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
        """True if some card of ``card``'s suit that beats it is neither played nor ours.
        Assumes the standard ranks J..7 in one pack."""
        mine = self.mine()
        s = card_strength(card)
        for rank in RANK_ORDER:
            if _STRENGTH[rank] <= s:
                break
            other = Card(rank, card.suit)
            if other not in self.played and other not in mine:
                return True
        return False

    def winning_index(self, cards: Sequence[tuple[int, Card]], trumps_from: int | None) -> int:
        """Index of the card now winning ``cards`` (first played wins ties)."""
        led = cards[0][1].suit
        best_i, best = 0, self._rank_in_trick(0, cards[0][1], led, trumps_from)
        for i in range(1, len(cards)):
            r = self._rank_in_trick(i, cards[i][1], led, trumps_from)
            if r > best:
                best_i, best = i, r
        return best_i

    def _rank_in_trick(self, i: int, card: Card, led: str, trumps_from: int | None) -> int:
        if (trumps_from is not None and self.trump_suit is not None
                and card.suit == self.trump_suit and i >= trumps_from):
            return 100 + card_strength(card)
        if card.suit == led:
            return card_strength(card)
        return -1

    def would_win(self, card: Card) -> bool:
        """True if ``card`` played now would lead the trick so far."""
        trial = [*self.trick, (self.seat, card)]
        trumps_from = self.trumps_from
        if self.concealed is not None and card == self.concealed:
            # Playing the concealed card exposes it; it is a trump from here on.
            trumps_from = len(self.trick)
        return self.winning_index(trial, trumps_from) == len(self.trick)

    def safe(self, card: Card) -> bool:
        """True if no opponent still to play this trick is likely to beat ``card``: no
        stronger card of its suit is out, and (unless it is a trump) no such opponent
        is known to be void in the suit led, free to trump it."""
        if self.higher_out(card):
            return False
        if self.is_trump(card) and (self.trump_exposed or card == self.concealed):
            return True
        led = self.trick[0][1].suit if self.trick else card.suit
        for k in range(len(self.trick) + 1, self.players):
            seat = (self.trick[0][0] + k) % self.players if self.trick \
                else (self.seat + k) % self.players
            if seat % 2 == self.team or (seat, led) not in self.void:
                continue
            if self.trump_exposed and (seat, self.trump_suit) in self.void:
                continue
            return False
        return True


def _lowest(cards: Iterable[Card], table: _Table) -> Card:
    """The card it hurts least to give away: no trump if avoidable, few points, weak."""
    return min(cards, key=lambda c: (table.is_trump(c), card_points(c), card_strength(c)))


def _cheapest_winner(cards: Iterable[Card], table: _Table) -> Card:
    return min(cards, key=lambda c: (table.is_trump(c), card_strength(c), card_points(c)))


class HeuristicBot:
    """A rule-of-thumb player, good enough to beat :class:`RandomBot` clearly at 28.

    * **Auction**: estimates the card points its side can take from the cards it holds
      (Jacks, 9s, Aces and the length of its best suit), never bids above that estimate,
      passes when the estimate is below the lowest legal bid (or only just reaches it
      while its partner holds the bid), otherwise bids the lowest legal bid; an opener
      who may not pass bids the minimum.
    * **Trump**: lays the lowest card of its longest (then strongest) suit.
    * **Play**: leads a sure winner with points if it has one, else a low card; wins a
      trick with its lowest winning card when that is cheap or safe; gives points to a
      partner who is sure to win; otherwise throws its least valuable card. When void and
      an opponent is winning a trick that holds points, it calls for the trump (the
      bidder only when it holds a trump to play).
    * Claims ``redeal`` whenever a redeal rule offers it.

    It reads only the view and is deterministic; ``seed`` only drives the fallback for
    a view it cannot read (an unknown phase or action kind), where it picks a legal
    action at random rather than fail.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def choose(self, view: dict[str, Any]) -> str:
        """The bot's action for this view, always one of ``view["legal_actions"]``."""
        legal = _legal(view)
        if "redeal" in legal:
            return "redeal"
        phase = view.get("phase")
        try:
            if phase == "auction":
                choice = self._bid(view, legal)
            elif phase == "trump":
                choice = self._lay_trump(view, legal)
            else:
                choice = self._play(view, legal)
        except (KeyError, TypeError, ValueError):
            # A view shape this bot does not understand (a plug-in's phase, say):
            # stay legal rather than fail.
            choice = None
        if choice is None or choice not in legal:
            choice = self._rng.choice(legal)
        return choice

    # -------------------------------------------------------------- auction

    @staticmethod
    def estimate(hand: Sequence[Card]) -> int:
        """Card points this hand's side can expect to take if it holds the contract,
        judged from the cards seen so far (four in 28's auction)."""
        by_suit: dict[str, list[Card]] = {}
        for c in hand:
            by_suit.setdefault(c.suit, []).append(c)
        # Weights fitted to heuristic self-play with the opener forced to hold the
        # contract (a Jack is worth about 2 points to its side, a J-9 pair 1.5 more, each
        # card of the best suit beyond the first about 1.4: it is likely to become the
        # trump); the base was then raised by 2, which won most in duplicate self-play.
        est = 14.5
        for cards in by_suit.values():
            ranks = {c.rank for c in cards}
            est += 2.0 * ("J" in ranks) + 0.5 * ("9" in ranks) + 0.5 * ("A" in ranks)
            if "J" in ranks and "9" in ranks:
                est += 1.5
        longest = max((len(v) for v in by_suit.values()), default=0)
        est += 1.4 * max(0, longest - 1)
        return int(est)

    def _bid(self, view: dict[str, Any], legal: list[str]) -> str | None:
        hand = [_card(c) for c in view["hand"]]
        est = self.estimate(hand)
        bids = sorted(int(a.split()[1]) for a in legal if a.startswith("bid "))
        can_pass = "pass" in legal
        contract = view.get("contract")
        partner_holds = contract is not None and contract["bidder"] % 2 == view["seat"] % 2
        if not bids:
            return "pass" if can_pass else None
        low = bids[0]
        if can_pass and (est < low or (partner_holds and est < low + 2)):
            return "pass"
        # Raise by the least possible; the opener, who may not pass, bids the minimum.
        return f"bid {low}"

    # -------------------------------------------------------------- trump

    def _lay_trump(self, view: dict[str, Any], legal: list[str]) -> str | None:
        options = [_card(a.split(None, 1)[1]) for a in legal if a.startswith("trump ")]
        if not options:
            return None
        by_suit: dict[str, list[Card]] = {}
        for c in options:
            by_suit.setdefault(c.suit, []).append(c)

        def suit_value(suit: str) -> tuple[int, int, int]:
            cards = by_suit[suit]
            return (len(cards), sum(card_points(c) for c in cards),
                    sum(card_strength(c) for c in cards))

        best = max(by_suit, key=suit_value)
        card = min(by_suit[best], key=card_strength)
        return f"trump {card}"

    # -------------------------------------------------------------- play

    def _play(self, view: dict[str, Any], legal: list[str]) -> str | None:
        table = _Table(view)
        plays = [_card(a.split(None, 1)[1]) for a in legal if a.startswith("play ")]
        can_call = "call-trump" in legal
        if not plays:
            return "call-trump" if can_call else None
        if not table.trick:
            return f"play {self._lead(table, plays)}"
        trick = table.trick
        trick_points = sum(card_points(c) for _, c in trick)
        win_i = table.winning_index(trick, table.trumps_from)
        partner_winning = trick[win_i][0] % 2 == table.team
        last = len(trick) == table.players - 1
        if partner_winning:
            if last or table.safe(trick[win_i][1]):
                return f"play {self._smear(table, plays)}"
            return f"play {_lowest(plays, table)}"
        winners = [c for c in plays if table.would_win(c)]
        if winners:
            w = _cheapest_winner(winners, table)
            cheap = card_points(w) <= 1 and trick_points + card_points(w) >= 2
            if last or cheap or table.safe(w):
                return f"play {w}"
        if can_call and self._should_call(table, trick_points):
            return "call-trump"
        return f"play {_lowest(plays, table)}"

    @staticmethod
    def _should_call(table: _Table, trick_points: int) -> bool:
        if trick_points < 1:
            return False
        if table.trump_suit is not None:
            # The bidder knows the suit: call only with a trump to play.
            return any(table.is_trump(c) for c in table.mine())
        return True

    @staticmethod
    def _smear(table: _Table, plays: Sequence[Card]) -> Card:
        """Give points to a partner's sure trick, keeping Jacks and trumps if possible."""
        def key(c: Card) -> tuple[int, int, int]:
            keep = table.is_trump(c) or (c.rank == "J" and not table.higher_out(c))
            if keep:  # only cards worth keeping: give the least of them
                return (0, -card_points(c), -card_strength(c))
            return (1, card_points(c), -card_strength(c))

        return max(plays, key=key)

    @staticmethod
    def _lead(table: _Table, plays: Sequence[Card]) -> Card:
        bosses = [c for c in plays if table.safe(c)]
        if bosses:
            # A sure winner: the one that brings the most points, plain suits first.
            return max(bosses, key=lambda c: (card_points(c), not table.is_trump(c),
                                              card_strength(c)))
        counts: dict[str, int] = {}
        for c in plays:
            counts[c.suit] = counts.get(c.suit, 0) + 1
        return min(plays, key=lambda c: (table.is_trump(c), card_points(c),
                                         -counts[c.suit], card_strength(c)))


def play_round(rnd: Round, bots: Sequence[Bot]) -> None:
    """Play ``rnd`` to the end: each turn the bot of the seat to act gets that seat's
    view (never the round) and its answer is applied. ``bots`` has one bot per seat.
    A bot's illegal answer raises :class:`~twentyeight.IllegalActionError`."""
    if len(bots) != rnd.players:
        raise ValueError(f"need {rnd.players} bots, one per seat; got {len(bots)}")
    while not rnd.is_over:
        seat = rnd.to_act
        assert seat is not None
        rnd.apply(rnd.parse_action(bots[seat].choose(rnd.view(seat))))
