"""Bots that play from a seat's view: a baseline and a simple rule-of-thumb player.

A bot sees exactly what :meth:`twentyeight.Round.view` gives its seat (a JSON-ready dict)
and answers with the text of one action from ``view["legal_actions"]``. That is the same
contract a remote client has, so a bot can never peek at hidden cards::

    import twentyeight as te
    from twentyeight.bots import HeuristicBot, RandomBot, play_round

    rnd = te.new_round("28", seed=7)
    play_round(rnd, [HeuristicBot(1), RandomBot(2), HeuristicBot(3), RandomBot(4)])
    print(rnd.result)

The bots play every ruleset of the family: any even number of seats (partners are the
seats of the same parity), one or two packs (``JS#2``; of equal cards the first played
wins), any rank order and card points (read from the ruleset the view names, which is
public information), every trump marker, bids that name a denomination, and the calls
of plug-ins (double, redouble, the C, a single hand, the pair).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .cards import SUIT_LETTERS, Card, DeckSpec

if TYPE_CHECKING:
    from .round import Round
    from .ruleset import Ruleset

__all__ = [
    "CARD_POINTS",
    "RANK_ORDER",
    "Bot",
    "DeckFacts",
    "HeuristicBot",
    "RandomBot",
    "card_points",
    "card_strength",
    "deck_facts",
    "play_round",
    "ruleset_facts",
]

RANK_ORDER: tuple[str, ...] = ("J", "9", "A", "10", "K", "Q", "8", "7")
"""Ranks from strongest to weakest, as in 28 and 29. Ranks not listed (the 6 of 28SIX,
say) count as weaker than every listed rank."""

CARD_POINTS: dict[str, int] = {"J": 3, "9": 2, "A": 1, "10": 1}
"""Card points per rank in 28; other ranks are worth nothing."""

_STRENGTH: dict[str, int] = {r: len(RANK_ORDER) - i for i, r in enumerate(RANK_ORDER)}


def card_strength(card: Card) -> int:
    """How strong ``card`` is within its suit in 28's deck: 8 for a Jack down to 1 for
    a 7, 0 for a rank outside :data:`RANK_ORDER`. (The bots read the order of the
    ruleset they play from :func:`deck_facts`.)"""
    return _STRENGTH.get(card.rank, 0)


def card_points(card: Card) -> int:
    """The card points of ``card`` in 28's deck (J 3, 9 2, A 1, 10 1, else 0)."""
    return CARD_POINTS.get(card.rank, 0)


@functools.lru_cache(maxsize=1024)
def _card(text: str) -> Card:
    """``Card.parse`` with a cache: views repeat the same few dozen card texts."""
    return Card.parse(text)


# ---------------------------------------------------------------------- deck facts


class DeckFacts:
    """What a player knows about the deck of the ruleset in play: the ranks from
    strongest to weakest (equal ranks share a strength), the card points, the suits,
    how many packs, and the card points of a whole hand (the last trick's included)."""

    __slots__ = ("_stronger", "copies", "points_of", "ranks", "size", "strength_of",
                 "suits", "tiers", "total")

    def __init__(self, ranks: Sequence[str], points: Mapping[str, int], *,
                 suits: Sequence[str] = SUIT_LETTERS, copies: int = 1,
                 equal_ranks: Mapping[str, str] | None = None,
                 extra_points: int = 0) -> None:
        equal = dict(equal_ranks or {})
        n = len(ranks)
        base = {r: n - i for i, r in enumerate(ranks)}
        self.ranks: tuple[str, ...] = tuple(ranks)
        self.strength_of: dict[str, int] = {r: base[equal.get(r, r)] for r in ranks}
        self.points_of: dict[str, int] = {r: int(points.get(r, 0)) for r in ranks}
        self.suits: tuple[str, ...] = tuple(suits)
        self.copies = copies
        self.size = len(self.ranks) * len(self.suits) * copies
        self.total = sum(self.points_of.values()) * len(self.suits) * copies + extra_points
        levels = sorted(set(self.strength_of.values()), reverse=True)
        # Ranks grouped by strength, strongest first: [{"J"}, {"9"}, {"A"}, ...] in 28,
        # [{"J", "3"}, {"9"}, ...] in 40.
        self.tiers: tuple[frozenset[str], ...] = tuple(
            frozenset(r for r in ranks if self.strength_of[r] == lv) for lv in levels)
        self._stronger: dict[Card, tuple[Card, ...]] = {}

    @classmethod
    def from_spec(cls, spec: DeckSpec, extra_points: int = 0) -> DeckFacts:
        """The facts of a :class:`~twentyeight.DeckSpec`."""
        return cls(spec.ranks, dict(spec.points), suits=spec.suits, copies=spec.copies,
                   equal_ranks=dict(spec.equal_ranks), extra_points=extra_points)

    def strength(self, card: Card) -> int:
        """Strength within the suit: higher beats lower, equal ties (first played wins)."""
        return self.strength_of.get(card.rank, 0)

    def points(self, card: Card) -> int:
        """Card points."""
        return self.points_of.get(card.rank, 0)

    def holds(self, card: Card) -> bool:
        """True if ``card`` is a card of this deck."""
        return card.rank in self.strength_of and card.suit in self.suits \
            and card.copy < self.copies

    def suit_cards(self, suit: str) -> list[Card]:
        """Every card of ``suit``, every copy."""
        return [Card(r, suit, c) for r in self.ranks for c in range(self.copies)]

    def stronger(self, card: Card) -> tuple[Card, ...]:
        """The cards of ``card``'s suit (every copy) that beat it."""
        out = self._stronger.get(card)
        if out is None:
            s = self.strength(card)
            out = self._stronger[card] = tuple(
                c for c in self.suit_cards(card.suit) if self.strength(c) > s)
        return out


STANDARD_FACTS = DeckFacts(RANK_ORDER, CARD_POINTS)
"""28's deck: J 9 A 10 K Q 8 7, one pack, 28 card points."""


@functools.lru_cache(maxsize=256)
def _registered_facts(name: str) -> DeckFacts | None:
    from .errors import TwentyEightError
    from .registry import ruleset

    try:
        rs = ruleset(name)
    except (TwentyEightError, TypeError, ValueError):
        return None
    return ruleset_facts(rs)


def ruleset_facts(rules: Ruleset) -> DeckFacts:
    """The deck facts of a ruleset (its deck and the last trick's points)."""
    return _ruleset_facts(rules.config.deck, rules.config.last_trick_points)


@functools.lru_cache(maxsize=64)
def _ruleset_facts(spec: DeckSpec, extra_points: int) -> DeckFacts:
    return DeckFacts.from_spec(spec, extra_points)


def deck_facts(view: Mapping[str, Any]) -> DeckFacts:
    """The deck of the ruleset ``view["ruleset"]`` names (public information). For a
    ruleset that is not registered, a guess: the family's order J 9 A 10 K Q 8 7 6 with
    the 8, 7 and 6 only if such cards were seen, a 3 as strong as the Jack if one was
    seen, two packs if a second copy was seen, and the top of the bid range as the points
    in play."""
    name = view.get("ruleset")
    hand = [_card(c) for c in view.get("hand", ())]
    facts = _registered_facts(name) if isinstance(name, str) else None
    if facts is not None and all(facts.holds(c) for c in hand):
        return facts
    texts = [*view.get("hand", ())]
    for t in view.get("tricks", ()):
        texts += [e["card"] for e in t.get("cards", ())]
    texts += [e["card"] for e in (view.get("trick") or {}).get("cards", ())]
    trump_card = (view.get("trump") or {}).get("card")
    if trump_card:
        texts.append(trump_card)
    cards = [_card(t) for t in texts]
    ranks = frozenset(c.rank for c in cards)
    return _fallback_facts(ranks & frozenset(("3", "8", "7", "6")),
                           1 + max((c.copy for c in cards), default=0),
                           int((view.get("bid_range") or (0, 28))[1]))


@functools.lru_cache(maxsize=64)
def _fallback_facts(extra: frozenset[str], copies: int, max_bid: int) -> DeckFacts:
    ranks: list[str] = ["J", "9", "A", "10", "K", "Q"]
    ranks += [r for r in ("8", "7", "6") if r in extra]
    points = dict(CARD_POINTS)
    equal: dict[str, str] = {}
    if "3" in extra:
        ranks.insert(1, "3")
        points["3"] = 3
        equal["3"] = "J"
    facts = DeckFacts(ranks, points, copies=copies, equal_ranks=equal)
    # The points in play are those of the cards dealt: assume the bid range's top.
    facts.total = max_bid
    return facts


# ---------------------------------------------------------------------- protocol


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


# ---------------------------------------------------------------------- the table


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
        card_text = trump_d.get("card")
        # The bidder's face-down card: still ours, not yet in the hand.
        self.concealed: Card | None = (
            _card(card_text) if card_text and not self.trump_exposed else None
        )
        trick = view.get("trick") or {}
        self.trick = [(int(e["seat"]), _card(e["card"])) for e in trick.get("cards", [])]
        trumps_from = trick.get("trumps_from")
        self.trumps_from: int | None = trumps_from if self.trump_exposed else None
        self.bidder: int | None = contract.get("bidder")
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
            return 100 + self.facts.strength(card)
        if card.suit == led:
            return self.facts.strength(card)
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


def _by_suit(cards: Iterable[Card]) -> dict[str, list[Card]]:
    out: dict[str, list[Card]] = {}
    for c in cards:
        out.setdefault(c.suit, []).append(c)
    return out


# ---------------------------------------------------------------------- the bot


class HeuristicBot:
    """A rule-of-thumb player, good enough to beat :class:`RandomBot` clearly at 28.

    * **Auction**: estimates the card points its side can take from the cards it holds
      (the top cards, the length of its best suit), never bids above that estimate,
      passes when the estimate is below the lowest legal bid (or only just reaches it
      while a partner holds the bid), otherwise bids the lowest legal bid; an opener
      who may not pass bids the minimum. Where a bid names the trump it names its
      longest (then strongest) suit, or No Trump with a balanced hand. It doubles or
      redoubles in the auction only with a very strong hand.
    * **Trump**: lays the lowest card of its longest (then strongest) suit, or names that
      suit where the trump is an indicator; it never takes the unseen seventh card.
    * **Calls** after the auction: always shows a pair; doubles, redoubles or calls the
      C only when its hand is strong; declares a single hand only when its cards are
      sure to win every trick; otherwise passes.
    * **Play**: leads a sure winner with points if it has one, else a low card; wins a
      trick with its lowest winning card when that is cheap or safe; gives points to a
      partner who is sure to win; otherwise throws its least valuable card. When void and
      an opponent is winning a trick that holds points, it calls for the trump (the
      bidder only when it holds a trump to play).
    * Claims ``redeal`` whenever a redeal rule offers it.

    It reads only the view and the public rules: the rank order and card points of the
    ruleset the view names (see :func:`deck_facts`), or of ``ruleset`` when given (for
    a ruleset that is not registered by name). It is deterministic; ``seed`` only drives
    the fallback for a view it cannot read (an unknown phase or action kind), where it
    picks a legal action at random rather than fail.
    """

    def __init__(self, seed: int | None = None, *, ruleset: Ruleset | None = None) -> None:
        self._rng = random.Random(seed)
        self._facts = ruleset_facts(ruleset) if ruleset is not None else None

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def choose(self, view: dict[str, Any]) -> str:
        """The bot's action for this view, always one of ``view["legal_actions"]``."""
        legal = _legal(view)
        if "redeal" in legal:
            return "redeal"
        if "show-pair" in legal:
            return "show-pair"
        phase = view.get("phase")
        choice: str | None
        try:
            facts = self._facts or deck_facts(view)
            if phase == "auction":
                choice = self._bid(view, legal, facts)
            elif phase == "trump":
                choice = self._choose_trump(view, legal, facts)
            elif phase == "calls":
                choice = self._call(view, legal, facts)
            else:
                choice = self._play(view, legal, facts)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            # A view shape this bot does not understand (a plug-in's phase, say):
            # stay legal rather than fail.
            choice = None
        if choice is None or choice not in legal:
            choice = "pass" if phase == "calls" and "pass" in legal else self._rng.choice(legal)
        return choice

    # -------------------------------------------------------------- judging a hand

    @staticmethod
    def estimate(hand: Sequence[Card], facts: DeckFacts | None = None,
                 players: int = 4) -> int:
        """Card points this hand's side can expect to take if it holds the contract,
        judged from the cards seen so far (four of eight in 28's auction)."""
        facts = facts or STANDARD_FACTS
        if not hand:
            return 0
        scale = facts.total / 28
        bonus = _hand_bonus(hand, facts)
        expected = _expected_bonus(facts, len(hand))
        # Weights fitted to heuristic self-play at 28 with the opener forced to hold the
        # contract (a Jack is worth about 2 points to its side, a J-9 pair 1.5 more, each
        # card of the best suit beyond the first about 1.4: it is likely to become the
        # trump); the base was then raised by 2, which won most in duplicate self-play.
        # Elsewhere the surplus over an average hand of as many cards is weighed by how
        # much of its side's cards the hand is and by the points in play.
        team_cards = max(1, facts.size // max(players, 1)) * max(players, 2) / 2
        weight = scale * 16 / team_cards
        base = facts.total * (14.5 + _expected_bonus(STANDARD_FACTS, 4)) / 28
        return int(base + weight * (bonus - expected) + 1e-9)

    @staticmethod
    def _suit_order(cards: Sequence[Card], facts: DeckFacts) -> list[str]:
        """Suits held, best trump candidate first: longest, then most points, strongest."""
        by_suit = _by_suit(cards)

        def value(suit: str) -> tuple[int, int, int]:
            cs = by_suit[suit]
            return (len(cs), sum(facts.points(c) for c in cs),
                    sum(facts.strength(c) for c in cs))

        return sorted(by_suit, key=value, reverse=True)

    def _denomination(self, hand: Sequence[Card], facts: DeckFacts,
                      allowed: set[str]) -> str | None:
        """The longest (then strongest) suit, or NT with a balanced hand that holds a
        top card (a Jack) in every suit."""
        order = [s for s in self._suit_order(hand, facts) if s in allowed]
        by_suit = _by_suit(hand)
        longest = max((len(v) for v in by_suit.values()), default=0)
        tops = facts.tiers[0] if facts.tiers else frozenset()
        suits_with_top = sum(any(c.rank in tops for c in v) for v in by_suit.values())
        balanced = longest <= len(hand) // 4 + 1
        if "NT" in allowed and balanced and suits_with_top >= len(facts.suits):
            return "NT"
        if order:
            return order[0]
        return next(iter(sorted(allowed)), None)

    # -------------------------------------------------------------- auction

    def _bid(self, view: dict[str, Any], legal: list[str], facts: DeckFacts) -> str | None:
        hand = [_card(c) for c in view["hand"]]
        players = int(view.get("players", 4))
        est = self.estimate(hand, facts, players)
        bids: dict[int, list[str | None]] = {}
        for a in legal:
            words = a.split()
            if words[0] == "bid" and len(words) >= 2 and words[1].isdigit():
                bids.setdefault(int(words[1]), []).append(words[2] if len(words) > 2 else None)
        can_pass = "pass" in legal
        contract = view.get("contract")
        seat = int(view["seat"])
        partner_holds = contract is not None and contract["bidder"] % 2 == seat % 2
        total = facts.total
        if contract is not None and "redouble" in legal and partner_holds \
                and est >= max(contract["bid"] + 0.15 * total, 0.7 * total):
            return "redouble"
        if not bids:
            if contract is not None and "double" in legal and not partner_holds \
                    and _strong_against(est, contract["bid"], total):
                return "double"
            return "pass" if can_pass else None
        low = min(bids)
        if can_pass and (est < low or (partner_holds and est < low + 2)):
            if contract is not None and "double" in legal and not partner_holds \
                    and _strong_against(est, contract["bid"], total):
                return "double"
            return "pass"
        # Raise by the least possible; the opener, who may not pass, bids the minimum.
        names = {d for ds in bids.values() for d in ds if d is not None}
        if not names:
            return f"bid {low}"
        wanted = self._denomination(hand, facts, names)
        for value in sorted(bids):
            if wanted in bids[value] and (value == low or value <= est):
                return f"bid {value} {wanted}"
        if can_pass:
            return "pass"
        return f"bid {low} {next(d for d in bids[low] if d is not None)}"

    # -------------------------------------------------------------- trump

    def _choose_trump(self, view: dict[str, Any], legal: list[str],
                      facts: DeckFacts) -> str | None:
        laid: list[Card] = []
        named: list[str] = []
        for a in legal:
            words = a.split()
            if words[0] != "trump" or len(words) != 2:
                continue
            if len(words[1]) == 1:
                named.append(words[1])
            else:
                laid.append(_card(words[1]))
        if laid:
            best = self._suit_order(laid, facts)[0]
            card = min((c for c in laid if c.suit == best), key=facts.strength)
            return f"trump {card}"
        if named:
            hand = [_card(c) for c in view["hand"]]
            order = [s for s in self._suit_order(hand, facts) if s in named]
            return f"trump {order[0] if order else named[0]}"
        return None

    # -------------------------------------------------------------- calls

    def _call(self, view: dict[str, Any], legal: list[str], facts: DeckFacts) -> str | None:
        table = _Table(view, facts)
        mine = sorted(table.mine(), key=lambda c: (c.suit, -facts.strength(c)))
        contract = view.get("contract") or {}
        total = facts.total
        est = self.estimate(mine, facts, table.players)
        bid = contract.get("bid", 0)
        if "single-hand" in legal and self._sure_single_hand(view, table, facts):
            return "single-hand"
        if "call-c" in legal and est >= max(bid + 0.25 * total, 0.8 * total):
            return "call-c"
        if "redouble" in legal and est >= max(bid + 0.15 * total, 0.7 * total):
            return "redouble"
        if "double" in legal and _strong_against(est, bid, total):
            return "double"
        return "pass" if "pass" in legal else None

    @staticmethod
    def _sure_single_hand(view: dict[str, Any], table: _Table, facts: DeckFacts) -> bool:
        """True if the cards held win every trick led from the top, without trumps:
        in every suit held, no card outside the hand beats the lowest one held."""
        trump = view.get("trump") or {}
        if trump.get("holder") == table.seat and not trump.get("exposed") \
                and table.concealed is None:
            return False  # an unseen face-down card of ours would come back to the hand
        mine = table.mine()
        if len(mine) < 2:
            return False
        for suit, cards in _by_suit(mine).items():
            low = min(facts.strength(c) for c in cards)
            for c in facts.suit_cards(suit):
                if c not in mine and facts.strength(c) > low:
                    return False
        return True

    # -------------------------------------------------------------- play

    def _play(self, view: dict[str, Any], legal: list[str], facts: DeckFacts) -> str | None:
        table = _Table(view, facts)
        plays = [_card(a.split(None, 1)[1]) for a in legal if a.startswith("play ")]
        can_call = "call-trump" in legal
        if not plays:
            return "call-trump" if can_call else None
        if not table.trick:
            return f"play {self._lead(table, plays)}"
        trick = table.trick
        trick_points = sum(facts.points(c) for _, c in trick)
        win_i = table.winning_index(trick, table.trumps_from)
        partner_winning = trick[win_i][0] % 2 == table.team
        last = len(trick) == len(table.active) - 1
        if partner_winning:
            if last or table.safe(trick[win_i][1]):
                return f"play {self._smear(table, plays)}"
            return f"play {_lowest(plays, table)}"
        winners = [c for c in plays if table.would_win(c)]
        if winners:
            w = _cheapest_winner(winners, table)
            cheap = facts.points(w) <= 1 and trick_points + facts.points(w) >= 2
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
        """Give points to a partner's sure trick, keeping top cards and trumps if
        possible."""
        facts = table.facts
        tops = facts.tiers[0] if facts.tiers else frozenset()

        def key(c: Card) -> tuple[int, int, int]:
            keep = table.is_trump(c) or (c.rank in tops and not table.higher_out(c))
            if keep:  # only cards worth keeping: give the least of them
                return (0, -facts.points(c), -facts.strength(c))
            return (1, facts.points(c), -facts.strength(c))

        return max(plays, key=key)

    @staticmethod
    def _lead(table: _Table, plays: Sequence[Card]) -> Card:
        facts = table.facts
        bosses = [c for c in plays if table.safe(c)]
        if bosses:
            # A sure winner: the one that brings the most points, plain suits first.
            return max(bosses, key=lambda c: (facts.points(c), not table.is_trump(c),
                                              facts.strength(c)))
        counts: dict[str, int] = {}
        for c in plays:
            counts[c.suit] = counts.get(c.suit, 0) + 1
        return min(plays, key=lambda c: (table.is_trump(c), facts.points(c),
                                         -counts[c.suit], facts.strength(c)))


def _strong_against(est: int, bid: int, total: int) -> bool:
    """A hand strong enough to double the other side's contract of ``bid``: it would
    take most of the points itself, far more than the opponents may leave it."""
    return est >= 0.8 * total and est >= total - bid + 0.3 * total


def _lowest(cards: Iterable[Card], table: _Table) -> Card:
    """The card it hurts least to give away: no trump if avoidable, few points, weak."""
    facts = table.facts
    return min(cards, key=lambda c: (table.is_trump(c), facts.points(c), facts.strength(c)))


def _cheapest_winner(cards: Iterable[Card], table: _Table) -> Card:
    facts = table.facts
    return min(cards, key=lambda c: (table.is_trump(c), facts.strength(c), facts.points(c)))


def _hand_bonus(hand: Sequence[Card], facts: DeckFacts) -> float:
    """The rule-of-thumb value of a hand's cards: 2 for each top card (a Jack; a 3 as
    strong), 0.5 for each card of the next two tiers (9, A), 1.5 more for a top card
    with a second-tier card of its suit, 1.4 for each card of the longest suit beyond
    the first."""
    tiers = facts.tiers
    top = tiers[0] if tiers else frozenset()
    second = tiers[1] if len(tiers) > 1 else frozenset()
    third = tiers[2] if len(tiers) > 2 else frozenset()
    bonus = 0.0
    by_suit = _by_suit(hand)
    for cards in by_suit.values():
        ranks = [c.rank for c in cards]
        n_top = sum(r in top for r in ranks)
        n_second = sum(r in second for r in ranks)
        bonus += 2.0 * n_top + 0.5 * n_second + 0.5 * sum(r in third for r in ranks)
        if n_top and n_second:
            bonus += 1.5
    longest = max((len(v) for v in by_suit.values()), default=0)
    return bonus + 1.4 * max(0, longest - 1)


@functools.lru_cache(maxsize=64)
def _expected_bonus(facts: DeckFacts, cards: int) -> float:
    """The average :func:`_hand_bonus` of ``cards`` cards drawn from the deck (a fixed
    sample, so the value is the same on every run)."""
    deck = [c for s in facts.suits for c in facts.suit_cards(s)]
    cards = min(cards, len(deck))
    rng = random.Random(28)
    samples = 400
    return sum(_hand_bonus(rng.sample(deck, cards), facts) for _ in range(samples)) / samples


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
