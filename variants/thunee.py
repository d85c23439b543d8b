"""Thunee's rules that the 28 family does not have, as plug-ins, and the `thunee` preset.

The requirement is ``docs/rules/thunee-requirements.md`` (rules R1 to R25, cited below).
Here: the pack, the calling, the trumpman's redeal, the trump shown once the first card
is played, Jodhi, the count to 105 and the balls, and the ``thunee`` preset built from
them and from the calls of ``twentyeight_variants.thunee_calls`` (Thunee, Royals,
Double, Khanaak). Any ruleset can carry each part.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import attrs
from attrs import field, frozen

from twentyeight.actions import SEVENTH_CARD, Action, SeventhCard
from twentyeight.cards import DeckSpec
from twentyeight.config import (
    ClaimWindow,
    HandOutcome,
    ScoringSystem,
    one_of,
    ordinal,
    typed,
)
from twentyeight.inference import Facts
from twentyeight.plugins import RulePlugin, StandardAuction, Why
from twentyeight.port import UNDEALT, RoundPort
from twentyeight.ruleset import Ruleset
from twentyeight.trump import HandCardTrump, IndicatorTrump, SeventhCardWhen, TrumpRules

from .announcements import Announcements, Meld
from .classic import CONFIG_28
from .redeal import BiddingSideHoldsAllTrumps, OpenerPointlessFirstCards
from .scoring import first_to
from .sources import cite
from .thunee_calls import LastTrickCalls, ThuneeCalls

__all__ = ["CONFIG_THUNEE", "DECK_THUNEE", "JODHI_MELDS", "THUNEE", "TRUMPMAN_AT_MOST_10",
           "Balls", "JodhiAnnouncements", "LastCardIndicator", "LastCardTrump",
           "ShowTrumpAfterFirstCard", "ThuneeCalling", "TrumpmanLowCards", "UndercutRule"]

DECK_THUNEE = DeckSpec(ranks=("J", "9", "A", "10", "K", "Q"),
                       points=(("J", 30), ("9", 20), ("A", 11), ("10", 10), ("K", 3),
                               ("Q", 2)))
"""Thunee's pack (R3): 24 cards ranked J 9 A 10 K Q in every suit, worth 30, 20, 11,
10, 3 and 2: 76 a suit, 304 in all."""

_SEVENTH_FIELDS = ("seventh_card", "seventh_card_position", "seventh_card_when")


def _offered(part: _SeventhCardChoice, rnd: RoundPort, seat: int) -> bool:
    """Whether ``seventh-card`` is among ``seat``'s trump choices now."""
    if not part.seventh_card or part.seventh_card_when == "always":
        return part.seventh_card
    hand = rnd.hand_mask(seat)
    return all(hand & suit for suit in rnd.deck.suit_mask)


def _refused(part: _SeventhCardChoice,
             action: Action) -> tuple[str, str] | None:
    if isinstance(action, SeventhCard) and part.seventh_card:
        return ("seventh-card-not-all-suits", "the card dealt later may be the trump "
                "only when the cards you hold are of every suit")
    return None


def _chose_seventh(rnd: RoundPort, action: Action) -> bool:
    """Take the ``seventh-card`` choice: a face-down trump card still to be dealt."""
    if isinstance(action, SeventhCard):
        rnd.set_trump(card=UNDEALT)
        return True
    return False


def _deal_seventh(part: _SeventhCardChoice, rnd: RoundPort) -> None:
    """The deal is complete: the card dealt to the bidder at ``seventh_card_position``
    becomes the face-down trump card, known to nobody."""
    bidder = rnd.bidder
    if rnd.trump_card == UNDEALT and bidder is not None:
        rnd.set_trump(card=rnd.deal_card(bidder, part.seventh_card_position - 1))


def _seventh_view(v: dict[str, Any], rnd: RoundPort) -> dict[str, Any]:
    """A trump its own bidder does not know is marked ``seventh-card``."""
    trump = rnd.trump_state
    if v and trump.holder is not None and not trump.known_to >> trump.holder & 1:
        v["marker"] = "seventh-card"
    return v


def _card_name(position: int, hand_size: int) -> str:
    if position == 7:
        return "seventh card"
    if position == hand_size:
        return "last card"
    return f"{ordinal(position)} card"


class _SeventhCardChoice(TrumpRules):
    """The hooks of the ``seventh-card`` choice, shared by :class:`LastCardTrump` and
    :class:`LastCardIndicator` (each has the fields; this class has none and no
    marker, so it is no part of its own)."""

    __slots__ = ()
    seventh_card: bool
    seventh_card_position: int
    seventh_card_when: SeventhCardWhen

    view_cached: ClassVar[bool] = True

    def active_hooks(self) -> frozenset[str]:
        """As the default; the seventh card turns on :meth:`after_deal`."""
        hooks = super().active_hooks()
        return hooks | {"after_deal"} if self.seventh_card else hooks

    def choices(self, rnd: RoundPort, seat: int) -> tuple[Action, ...]:
        """As the default, and ``seventh-card`` where ``seventh_card_when`` allows."""
        acts = super().choices(rnd, seat)
        return (*acts, SEVENTH_CARD) if _offered(self, rnd, seat) else acts

    def refuse_choice(self, rnd: RoundPort, seat: int, action: Action) -> tuple[str, str]:
        """As the default; ``seventh-card`` while the hand is not of every suit."""
        return _refused(self, action) or super().refuse_choice(rnd, seat, action)

    def choose(self, rnd: RoundPort, seat: int, action: Action) -> None:
        """As the default; ``seventh-card`` sets a trump card still to be dealt."""
        if not _chose_seventh(rnd, action):
            super().choose(rnd, seat, action)

    def after_deal(self, rnd: RoundPort) -> None:
        """The seventh card, now dealt, becomes the face-down trump card."""
        _deal_seventh(self, rnd)

    def view(self, rnd: RoundPort, seat: int | None) -> dict[str, Any]:
        """As the default; marked ``seventh-card`` while its bidder does not know it."""
        return _seventh_view(super().view(rnd, seat), rnd)

    def undealt_position(self) -> int:
        """The seventh card's place in the bidder's dealt order."""
        return self.seventh_card_position

    def card_name(self, hand_size: int) -> str:
        """The card ``seventh-card`` takes, in words, for hands of ``hand_size`` cards:
        ``"seventh card"``, or ``"last card"`` where it is the last one dealt
        (Thunee), else ``"6th card"`` and the like."""
        return _card_name(self.seventh_card_position, hand_size)

    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        """Besides the concealed trump's facts (the seventh card, unseen by all, is the
        face-down card's place): ``seventh-card`` chosen under ``all-suits`` means the
        bidder held every suit then."""
        super().infer(rnd, seat, facts)
        _seventh_facts(self.seventh_card_when, rnd, facts)


@frozen
class LastCardTrump(_SeventhCardChoice, HandCardTrump):
    """Thunee's trump (R8): instead of choosing, the bidder may make a card dealt to them
    after the choice the face-down trump (``seventh-card``), unseen by all until
    exposed: the sixth and last card in Thunee, offered when the four cards held are of
    four suits; 28's seventh card with ``te.ruleset("28", seventh_card=True)``."""

    option_fields: ClassVar[tuple[str, ...]] = (*HandCardTrump.option_fields,
                                                *_SEVENTH_FIELDS)

    seventh_card: bool = field(default=True, validator=typed(bool))
    """The bidder may make the seventh card dealt to them the face-down trump instead of
    choosing (``seventh-card``); nobody, the bidder included, sees it until exposed."""
    seventh_card_position: int = field(default=6, validator=typed(int))
    """Which card dealt to the bidder, counting from 1, ``seventh-card`` makes the trump:
    7 (28's seventh card), 6 (Thunee's last card). It is dealt after the trump choice."""
    seventh_card_when: SeventhCardWhen = field(default="all-suits",
                                               validator=one_of("always", "all-suits"))
    """When ``seventh-card`` is offered: always, or only when the cards the bidder holds
    at the choice are of every suit of the deck (``all-suits``: Thunee's four cards of
    four suits)."""


def _seventh_facts(when: str, rnd: RoundPort, facts: Facts) -> None:
    if when == "all-suits":
        for at, (who, action) in enumerate(rnd.history):
            if isinstance(action, SeventhCard):
                for mask in rnd.deck.suit_mask:
                    facts.some_of(1 << who, mask, at)


@frozen
class LastCardIndicator(_SeventhCardChoice, IndicatorTrump):
    """The indicator (29) with :class:`LastCardTrump`'s choice: ``te.ruleset("29",
    seventh_card=True)``."""

    option_fields: ClassVar[tuple[str, ...]] = (*IndicatorTrump.option_fields,
                                                *_SEVENTH_FIELDS)

    seventh_card: bool = field(default=True, validator=typed(bool))
    """As :attr:`LastCardTrump.seventh_card`."""
    seventh_card_position: int = field(default=7, validator=typed(int))
    """As :attr:`LastCardTrump.seventh_card_position`."""
    seventh_card_when: SeventhCardWhen = field(default="always",
                                               validator=one_of("always", "all-suits"))
    """As :attr:`LastCardTrump.seventh_card_when`."""


@frozen
class TrumpmanLowCards(OpenerPointlessFirstCards):
    """The opener's redeal, claimed on the opener's first turn of the auction rather than
    as its first call: Thunee's trumpman (the opener) speaks after the player to its
    right (:class:`ThuneeCalling`)."""

    claim_window: ClassVar[ClaimWindow | None] = "first-call"


TRUMPMAN_AT_MOST_10 = TrumpmanLowCards(
    name="trumpman-at-most-10", below=11,
    description="the trumpman's first four cards hold 10 points or fewer: the trumpman "
                "may demand a new deal by the same dealer on his first turn to call")
"""Thunee's trumpman's redeal (R9, T4): the trumpman (the player to the dealer's right)
whose first four cards hold 10 card points or fewer may ask for a new deal, on his first
turn to call."""


@frozen
class ShowTrumpAfterFirstCard(RulePlugin):
    """Thunee's trump (R8, T4, T8): the face-down trump card is shown to all as soon as
    the first card of the first trick is played, and goes back to the trumper's hand.
    Cards of the trump suit count as trumps from the next card on (the first card is the
    suit led, so it loses nothing)."""

    name: ClassVar[str] = "show-trump-after-first-card"
    reads_hidden_cards: ClassVar[bool] = False
    """The rule reads the number of cards played: a public fact."""

    def after_card(self, rnd: RoundPort, seat: int) -> None:
        """After the first card of the hand: expose the trump (a Thunee call has none
        to expose)."""
        if not rnd.tricks_played and len(rnd.trick_cards) == 1:
            rnd.expose_trump()

    def position_key(self, rnd: RoundPort) -> None:
        """Nothing: once the first card is played the rule has done its work, and the
        exposure is part of every position already."""
        return None

    def describe(self) -> str:
        """The rule in words."""
        return "the trump is shown to all as soon as the first card is played"


@frozen
class ThuneeCalling(StandardAuction):
    """Thunee's calling (R7, T4, T8): the player to the trumpman's right (the trumpman
    is the opener, to the dealer's right) speaks first, and the turn goes round from
    there. The first call must come from the team opposing the trumpman; after that only
    an opponent of the highest caller may call, higher than the call standing (the
    config's calls: 10 to 100 in tens, then 104). A pass is final. The highest caller,
    once the others have passed, is the trumper; if nobody calls, the trumpman is, with a
    call of 0."""

    description: ClassVar[str] = (
        "calls from the trumpman's right: the opposing team calls first, then only an "
        "opponent of the highest caller may call higher; a pass is final; with no call "
        "the trumpman makes the trump for 0")

    FIRST_RULE: ClassVar[str] = "opposing-team-calls-first"
    """The rule id of a first call by the trumpman's team."""
    RAISE_RULE: ClassVar[str] = "only-opponents-raise"
    """The rule id of a call over one's own team's call."""

    def first_to_speak(self, rnd: RoundPort) -> int:
        """The player to the trumpman's right."""
        return (rnd.opener + 1) % rnd.players

    def bid_limits(self, rnd: RoundPort, seat: int, why: Why) -> tuple[int, bool]:
        """No call for the trumpman's team before the first call, nor for the highest
        caller's team after it; otherwise any call higher than the one standing."""
        cfg = rnd.config
        none = cfg.max_bid + 1
        caller = rnd.bidder
        if caller is None:
            if (seat - rnd.opener) % 2 == 0:
                if why is not None:
                    why.append((self.FIRST_RULE, "the first call comes from the team "
                                "opposing the trumpman", none))
                return none, True
            return cfg.min_bid, True
        if (seat - caller) % 2 == 0:
            if why is not None:
                why.append((self.RAISE_RULE, "only an opponent of the highest caller may "
                            "call", none))
            return none, True
        high = rnd.bid
        assert high is not None
        return self.above_current_bid(high, cfg.min_bid, why), True

    def all_passed(self, rnd: RoundPort) -> None:
        """Nobody called: the trumpman makes the trump, for a call of 0."""
        rnd.set_contract(rnd.opener, 0)


DealerRotation = Literal["stay-while-behind", "always"]
"""Who deals next in Thunee: the same dealer while his team has fewer balls than the
other (``stay-while-behind``, T2, T8), or the next seat every hand (``always``)."""

LastTrickMode = Literal["transfer", "bonus"]
"""How the last trick counts for Thunee's counting team: 10 from the losers to the
winners (``transfer``: +10 or -10), or 10 to the winners only (``bonus``: +10 or 0)."""


@frozen
class Balls(ScoringSystem):
    """Thunee's hand and match (R14, R15, R22; T2, T4, T5, T6, T8). The trumper's
    opponents are the *counting* team: their count is their card points, the last trick
    (``last_trick_mode``), and the target (the call, which announcements may move). At
    ``count_to`` or more they win the hand: 2 balls if a call was made, else 1;
    otherwise the trumper's team wins 1 ball (its contract is made). The first team to
    ``match_target`` balls wins the match; the dealer deals again while his team is
    behind (R5, ``dealer_rotation``). The ruleset's ``last_trick_points`` should be
    0: the last trick counts here. A Thunee or Royals (R17, R18; any contract without
    a bid) is worth ``thunee_balls`` to the caller's team if every trick is the
    caller's, else ``thunee_balls`` to the other team, or ``partner_catch`` if the
    caller's partner won the trick that ended it."""

    count_to: int = field(default=105, validator=typed(int))
    """The count the counting team must reach."""
    last_trick: int = field(default=10, validator=typed(int))
    """What the last trick is worth to the count."""
    last_trick_mode: LastTrickMode = field(default="transfer",
                                           validator=one_of("transfer", "bonus"))
    """``transfer`` (T2, T6: the losers give 10 to the winners) or ``bonus``."""
    match_target: int = field(default=12, validator=typed(int))
    """Balls that win the match (T6, T8; T5 plays to 13)."""
    dealer_rotation: DealerRotation = field(
        default="stay-while-behind", validator=one_of("stay-while-behind", "always"))
    """R5: ``stay-while-behind`` (T2, T8) or ``always``."""
    thunee_balls: int = field(default=4, validator=typed(int))
    """R17: a Thunee's balls, made or lost (T4, T8)."""
    partner_catch: int = field(default=8, validator=typed(int))
    """R17: the balls to the opponents when the caller's partner wins a trick (T8
    Traditional, T9; T8's club preset: 4)."""
    name: str = "balls"
    doubles: ClassVar[bool] = False
    """Balls are not doubled: Thunee's calls (Double, Khanaak) set their own."""
    bid_is_handicap: ClassVar[bool] = True
    """The call is added to the counting team's count."""
    description: str = ("balls: the trumper's opponents count to 105 with the last trick "
                        "and the call; 2 balls if they reach it after a call, else 1; "
                        "first to 12")
    option_fields: ClassVar[tuple[str, ...]] = (
        "count_to", "last_trick_mode", "match_target", "dealer_rotation", "thunee_balls",
        "partner_catch")

    @property
    def single_hand(self) -> tuple[int, int]:
        """A Thunee's balls, made and lost."""
        return (self.thunee_balls, self.thunee_balls)

    def count(self, outcome: HandOutcome) -> int:
        """The counting team's count for the hand."""
        counting = 1 - outcome.bidding_team
        total = outcome.card_points[counting] + (outcome.target or 0)
        last = outcome.last_trick_team
        if last == counting:
            total += self.last_trick
        elif last is not None and self.last_trick_mode == "transfer":
            total -= self.last_trick
        return total

    def explain(self, outcome: HandOutcome) -> str | None:
        """The counting team's count against :attr:`count_to` (a bid contract only)."""
        if outcome.contract != "bid":
            return None
        counting = 1 - outcome.bidding_team
        cards = outcome.card_points[counting]
        target = outcome.target or 0
        last = self.count(outcome) - cards - target

        def signed(value: int) -> str:
            return f"+ {value}" if value >= 0 else f"- {-value}"

        count = self.count(outcome)
        # (The count first, then how it is made up: "= -30; 105 needed" was hard to
        # follow, a count below zero most of all.)
        return (f"the counting team counts {count}, "
                f"{'short of' if count < self.count_to else 'reaching'} the "
                f"{self.count_to} it needs: {cards} card points {signed(last)} for the "
                f"last trick {signed(target)} for the call and announcements")

    def contract_made(self, outcome: HandOutcome) -> bool:
        """The trumper's team makes it when the count stays below :attr:`count_to`."""
        return self.count(outcome) < self.count_to

    def hand_points(self, outcome: HandOutcome) -> tuple[int, ...]:
        """1 ball to the trumper's team, or 2 (after a call) or 1 to the counting team;
        a Thunee's balls (R17)."""
        winner = outcome.bidding_team if outcome.made else 1 - outcome.bidding_team
        if outcome.contract != "bid":
            balls = self.partner_catch if not outcome.made and \
                outcome.last_trick_team == outcome.bidding_team else self.thunee_balls
        else:
            balls = 1 if outcome.made or not outcome.bid else 2
        return tuple(balls if team == winner else 0 for team in range(outcome.teams))

    def match_winner(self, totals: tuple[int, ...]) -> int | None:
        """The first team to :attr:`match_target` balls."""
        return first_to(totals, self.match_target)

    def next_dealer(self, dealer: int, players: int, totals: tuple[int, ...]) -> int:
        """R5: the same dealer while his team has fewer balls than the other (under
        ``stay-while-behind``); else the next seat."""
        team = dealer % 2
        if self.dealer_rotation == "stay-while-behind" and totals[team] < totals[1 - team]:
            return dealer
        return (dealer + 1) % players


@frozen
class UndercutRule(RulePlugin):
    """Undercutting (R12): with ``undercut`` (the default, T5) a player who cannot follow
    suit may play any card; without it (T8's traditional preset) such a player may not
    play a trump lower than one already in the trick while holding a card that is not
    a trump. Under Thunee and Royals the rule is moot (the caller wins every trick or
    the hand ends) and is not applied."""

    name: ClassVar[str] = "undercut"
    option_fields: ClassVar[tuple[str, ...]] = ("undercut",)
    rule: ClassVar[str] = "no-undercut"
    """The rule id of an undercut refused."""

    undercut: bool = field(default=True, validator=typed(bool))
    """A void player may play a trump lower than one in the trick."""

    def restrict_play(self, rnd: RoundPort, seat: int, legal: int, why: Why) -> int:
        """Without ``undercut``: no lower trump from a hand that holds another suit."""
        if self.undercut or rnd.led_suit < 0:
            return legal
        trick = rnd.current_trick
        suit = rnd.trump_suit_index
        if suit < 0 or not rnd.trump_exposed or rnd.contract != "bid":
            return legal
        deck = rnd.deck
        trumps = deck.suit_mask[suit]
        led = deck.suit_mask[deck.spec.suits.index(trick[0][1].suit)]
        if legal & led or not rnd.hand_mask(seat) & ~trumps:
            return legal  # following suit, or nothing but trumps
        strength = deck.strength
        played = [deck.card_id(c) for _, c in trick]
        best = max((strength[c] for c in played if trumps >> c & 1), default=-1)
        mine = legal & trumps
        lower = sum(1 << c for c in range(deck.size) if mine >> c & 1 and strength[c] < best)
        if not lower:
            return legal
        if why is not None:
            why.append((self.rule, "you may not play a trump lower than one in the trick "
                        "while you hold a card that is not a trump", lower))
        return legal & ~lower

    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        """Without ``undercut``: a void player who played a trump lower than one in the
        trick held nothing but trumps."""
        trump = facts.trump
        if self.undercut or trump < 0 or rnd.contract != "bid":
            return
        deck = rnd.deck
        trumps, strength = deck.suit_mask[trump], deck.strength
        best = -1
        for s in facts.plays:
            if s.call or s.card < 0:
                continue
            if s.position == 0:
                best = -1
            is_trump = trumps >> s.card & 1
            if is_trump and s.exposed and s.led != trump and s.position \
                    and strength[s.card] < best:
                facts.none_of(s.who, deck.full_mask & ~trumps, s.at)
            if is_trump:
                best = max(best, strength[s.card])

    def position_key(self, rnd: RoundPort) -> None:
        """Nothing beyond the cards held and the trick: what the rule reads."""
        return None

    def describe(self) -> str:
        """The rule in words."""
        if self.undercut:
            return "undercutting allowed: a void player may play any card"
        return ("no undercutting: a void player may not play a trump lower than one in "
                "the trick while holding a card that is not a trump")


JODHI_MELDS = (Meld(("J", "K", "Q"), 50, 30), Meld(("K", "Q"), 40, 20))
"""R16: Jodhi's table (T8, T9): K+Q of a suit, 40 in trumps or 20; with the J, 50 or
30."""


@frozen
class JodhiAnnouncements(Announcements):
    """Thunee's Jodhi (R16; T8, T9): after a trick won by his team (by default the first
    or third: ``after_tricks``), and before the next lead, a player holding K+Q of a
    suit, still in hand, may announce it: 40 in trumps or 20, with the J 50 or 30.
    The counting team's Jodhi adds to its count, the trumper's team's takes from it
    (the target :class:`Balls` counts moves by the value). None under Thunee or
    Royals."""

    name: ClassVar[str] = "jodhi"
    window_title: ClassVar[str] = "Jodhi"
    window_declined: ClassVar[str] = "No Jodhi."
    window_pass: ClassVar[str] = "no Jodhi"

    melds: tuple[Meld, ...] = field(default=JODHI_MELDS, converter=tuple)
    """The table: J+K+Q, then K+Q."""
    after_tricks: tuple[int, ...] = field(default=(1, 3), converter=tuple)
    """After the first or third trick (T9, T8 Traditional); empty: any trick (T8's club
    preset)."""
    description: str = "Jodhi"



CONFIG_THUNEE = attrs.evolve(
    CONFIG_28,  # 28's frame: four players in partnerships, a trump card laid face down
    name="thunee",
    description=("Durban's Thunee: 24 cards worth 304, four then two each, calls in tens, "
                 "the trumper's opponents count to 105, Jodhi, Thunee and Royals, balls"),
    aliases=("tani",),
    source=(f"{cite('thunee-wikipedia')}, {cite('thunee-com')} and "
            f"{cite('thunee-africagames')} (the pack, the calling, the trump, the redeals, "
            f"Thunee and Royals); {cite('thunee-de-wikipedia')}, {cite('thunee-play')} and "
            f"{cite('thunee-bible')} (the last trick, the count, the dealer); "
            + cite("thunee-tricks", "Jodhi, partner catch, the balls") + " and "
            + cite("thunee-spec", "Jodhi's timing")),
    deck=DECK_THUNEE,
    deal_packets=(4, 2),
    trump=LastCardTrump(bidder_trump_lead="any"),
    min_bid=10, max_bid=104, bid_step=10,
    opener_must_bid=False, partner_overcall_min=None,
    first_lead="after-opener",
    redeal_checks=(BiddingSideHoldsAllTrumps(), TRUMPMAN_AT_MOST_10),
    auction=ThuneeCalling(),
    plugins=(ShowTrumpAfterFirstCard(), JodhiAnnouncements(), ThuneeCalls(), LastTrickCalls(),
             UndercutRule()),
    scoring=Balls(),
)
"""Thunee's configuration: R1-R20 and R22 of the requirement, with the defaults of its
choices table (the last-card trump of R8 is the ``seventh-card`` choice of the sixth
card, offered when the four cards held are of four suits)."""

THUNEE = Ruleset(CONFIG_THUNEE)
"""The ``thunee`` preset, registered under the entry point ``thunee``."""
