"""The rule-of-thumb player, :class:`HeuristicBot`."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import Card
from .facts import STANDARD_FACTS, DeckFacts, _card, _registered, deck_facts, ruleset_facts
from .legal import Call, Legal, legal_texts
from .table import _Table

if TYPE_CHECKING:
    from ..ruleset import Ruleset

HANDICAP_SHARE = 0.7
"""Where a bid is a handicap to the bidder (:attr:`ScoringSystem.bid_is_handicap
<twentyeight.config.ScoringSystem.bid_is_handicap>`), the share of the points the bot's
side must expect to take, on top of the bid, before it bids at all."""


class HeuristicBot:
    """A rule-of-thumb player, good enough to beat :class:`RandomBot` clearly at 28.

    * **Auction**: estimates the card points its side can take from the cards it holds
      (the top cards, the length of its best suit), never bids above that estimate,
      passes when the estimate is below the lowest legal bid (or only just reaches it
      while a partner holds the bid), otherwise bids the lowest legal bid; an opener
      who may not pass bids the minimum. Where a bid names the trump it names its
      longest (then strongest) suit, or No Trump with a balanced hand. It doubles or
      redoubles in the auction only with a very strong hand. Where a bid is a handicap
      (Thunee's call), it bids the least only with a hand that expects most of the
      points on top of it.
    * **Trump**: lays the lowest card of its longest (then strongest) suit, or names that
      suit where the trump is an indicator; it never takes the unseen seventh card.
    * **Calls** after the auction: always shows a pair and announces every meld it
      may; doubles, redoubles or calls the C only when its hand is strong; declares a
      single hand (or Thunee, when long in the suit it will lead) only when its cards
      are sure to win every trick; otherwise passes. In the last trick it calls Double
      or Khanaak when its last card is sure to win it (and, for Khanaak, its side's
      announcements outweigh the other side's cards).
    * **Play**: leads a sure winner with points if it has one, else a low card; wins a
      trick with its lowest winning card when that is cheap or safe; gives points to a
      partner who is sure to win; otherwise throws its least valuable card. When void and
      an opponent is winning a trick that holds points, it calls for the trump (the
      bidder only when it holds a trump to play).
    * Claims ``redeal`` whenever a redeal rule offers it.

    It reads only the view and the public rules: the rank order and card points of the
    ruleset the view names (see :func:`deck_facts`), or of ``ruleset`` when given (for
    a ruleset that is not registered by name). It tells actions apart by their kinds:
    each legal action's text is read with that ruleset's grammar (or, failing that,
    :func:`twentyeight.parse_action`). It is deterministic; ``seed`` only drives the
    fallback for a view it cannot read (an unknown phase or action kind), where it
    picks a legal action at random rather than fail.
    """

    def __init__(self, seed: int | None = None, *, ruleset: Ruleset | None = None) -> None:
        self._rng = random.Random(seed)
        self._rules = ruleset
        self._facts = ruleset_facts(ruleset) if ruleset is not None else None

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def choose(self, view: dict[str, Any]) -> str:
        """The bot's action for this view, always one of ``view["legal_actions"]``."""
        texts = legal_texts(view)
        name = view.get("ruleset")
        rules = self._rules or (_registered(name) if isinstance(name, str) else None)
        legal = Legal(texts, rules)
        if legal.redeal is not None:
            return legal.redeal
        for always in (Call.SHOW_PAIR, Call.ANNOUNCE):
            if always in legal.calls:  # (it only ever helps the side that shows it)
                return legal.calls[always]
        phase = view.get("phase")
        choice: str | None
        try:
            facts = self._facts or deck_facts(view)
            if phase == "auction":
                choice = self._bid(view, legal, facts,
                                   rules is not None and rules.config.scoring.bid_is_handicap)
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
        if choice is None or choice not in texts:
            if phase == "calls" and legal.passing is not None:
                choice = legal.passing
            else:
                choice = self._rng.choice(texts)
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

    def _wanted_denomination(self, hand: Sequence[Card], facts: DeckFacts,
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

    def _bid(self, view: dict[str, Any], legal: Legal, facts: DeckFacts,
             handicap: bool = False) -> str | None:
        hand = [_card(c) for c in view["hand"]]
        players = int(view.get("players", 4))
        est = self.estimate(hand, facts, players)
        bids = legal.bids
        can_pass = legal.passing is not None
        if handicap and bids:
            # A call the other side adds to its count: the least one, for a hand that
            # expects to take most of the points even after giving it away.
            low = min(bids)
            if not can_pass or est >= HANDICAP_SHARE * facts.total + low:
                return next(iter(bids[low].values()))
            return legal.passing
        contract = view.get("contract")
        seat = int(view["seat"])
        partner_holds = contract is not None and contract["bidder"] % 2 == seat % 2
        total = facts.total
        double = legal.calls.get(Call.DOUBLE)
        redouble = legal.calls.get(Call.REDOUBLE)
        if contract is not None and redouble is not None and partner_holds \
                and est >= max(contract["bid"] + 0.15 * total, 0.7 * total):
            return redouble
        if not bids:
            if contract is not None and double is not None and not partner_holds \
                    and _strong_against(est, contract["bid"], total):
                return double
            return legal.passing
        low = min(bids)
        if can_pass and (est < low or (partner_holds and est < low + 2)):
            if contract is not None and double is not None and not partner_holds \
                    and _strong_against(est, contract["bid"], total):
                return double
            return legal.passing
        # Raise by the least possible; the opener, who may not pass, bids the minimum.
        names = {d for ds in bids.values() for d in ds if d is not None}
        if not names:
            return bids[low][None]
        wanted = self._wanted_denomination(hand, facts, names)
        for value in sorted(bids):
            if wanted in bids[value] and (value == low or value <= est):
                return bids[value][wanted]
        if can_pass:
            return legal.passing
        return next(text for d, text in bids[low].items() if d is not None)

    # -------------------------------------------------------------- trump

    def _choose_trump(self, view: dict[str, Any], legal: Legal,
                      facts: DeckFacts) -> str | None:
        laid = list(legal.laid)
        named = list(legal.named)
        if laid:
            best = self._suit_order(laid, facts)[0]
            card = min((c for c in laid if c.suit == best), key=facts.strength)
            return legal.laid[card]
        if named:
            hand = [_card(c) for c in view["hand"]]
            order = [s for s in self._suit_order(hand, facts) if s in named]
            return legal.named[order[0] if order else named[0]]
        return None

    # -------------------------------------------------------------- calls

    def _call(self, view: dict[str, Any], legal: Legal, facts: DeckFacts) -> str | None:
        table = _Table(view, facts)
        mine = sorted(table.mine(), key=lambda c: (c.suit, -facts.strength(c)))
        contract = view.get("contract") or {}
        total = facts.total
        est = self.estimate(mine, facts, table.players)
        bid = contract.get("bid", 0)
        calls = legal.calls
        if Call.SINGLE_HAND in calls and self._sure_single_hand(view, table, facts):
            return calls[Call.SINGLE_HAND]
        if Call.THUNEE in calls and self._sure_single_hand(view, table, facts) \
                and max(len(cs) for cs in _by_suit(mine).values()) >= len(mine) - 2:
            # (The first lead's suit becomes trumps: long in it, the lead draws them.)
            return calls[Call.THUNEE]
        if Call.CALL_C in calls and est >= max(bid + 0.25 * total, 0.8 * total):
            return calls[Call.CALL_C]
        if Call.REDOUBLE in calls and est >= max(bid + 0.15 * total, 0.7 * total):
            return calls[Call.REDOUBLE]
        if Call.DOUBLE in calls and _strong_against(est, bid, total):
            return calls[Call.DOUBLE]
        return legal.passing

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

    def _play(self, view: dict[str, Any], legal: Legal, facts: DeckFacts) -> str | None:
        table = _Table(view, facts)
        plays = list(legal.plays)
        if not plays:
            return legal.call_trump
        play = legal.plays.__getitem__
        last_call = self._last_trick_call(view, legal, table, plays)
        if last_call is not None:
            return last_call
        if not table.trick:
            return play(self._lead(table, plays))
        trick = table.trick
        trick_points = sum(facts.points(c) for _, c in trick)
        win_i = table.winning_index(trick, table.trumps_from)
        partner_winning = trick[win_i][0] % 2 == table.team
        last = table.in_trick == len(table.active) - 1
        if partner_winning:
            if last or table.safe(trick[win_i][1]):
                return play(self._smear(table, plays))
            return play(_lowest(plays, table))
        winners = [c for c in plays if table.would_win(c)]
        if winners:
            w = _cheapest_winner(winners, table)
            cheap = facts.points(w) <= 1 and trick_points + facts.points(w) >= 2
            if last or cheap or table.safe(w):
                return play(w)
        if legal.call_trump is not None and self._should_call(table, trick_points):
            return legal.call_trump
        return play(_lowest(plays, table))

    @staticmethod
    def _last_trick_call(view: dict[str, Any], legal: Legal, table: _Table,
                         plays: Sequence[Card]) -> str | None:
        """Khanaak or Double, with a last card sure to win the last trick (and, for
        Khanaak, its team's announcements outweighing the other team's cards)."""
        calls = legal.calls
        if not (Call.CALL_DOUBLE in calls or Call.KHANAAK in calls) or len(plays) != 1:
            return None
        card = plays[0]
        if not (table.would_win(card) and table.safe(card)):
            return None
        if Call.KHANAAK in calls:
            announced = [0, 0]
            for part in view.values():  # (each announcements plug-in's view field)
                if isinstance(part, dict):
                    for entry in part.get("announced", ()):
                        announced[int(entry["seat"]) % 2] += int(entry["value"])
            team = table.team
            lost = any(int(t["winner"]) % 2 != team for t in view.get("tricks", []))
            theirs = int(view["card_points"][1 - team]) + announced[1 - team]
            if lost and announced[team] + 10 > theirs:
                return calls[Call.KHANAAK]
        return calls.get(Call.CALL_DOUBLE)

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


def _by_suit(cards: Iterable[Card]) -> dict[str, list[Card]]:
    out: dict[str, list[Card]] = {}
    for c in cards:
        out.setdefault(c.suit, []).append(c)
    return out


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
    # The cards in the ruleset's rank order, not the deck's id order: the sample, and so
    # every estimate, must not move when the deck's internal numbering does.
    deck = [Card(r, s, c) for s in facts.suits for r in facts.ranks for c in range(facts.copies)]
    cards = min(cards, len(deck))
    rng = random.Random(28)
    samples = 400
    return sum(_hand_bonus(rng.sample(deck, cards), facts) for _ in range(samples)) / samples
