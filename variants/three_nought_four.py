"""The ``304`` preset and 304's rules that the 28 family does not have, as plug-ins.

The requirement is ``docs/rules/304-requirements.md`` (rules R1 to R24, cited below). The
parts (the pack, the auctions, the exposure after the first trick of a high contract,
the first lead of a closed game, exhausted trumps, the opener's redeal and the stones)
are tested on their own, and any ruleset can carry them; the closed game's face-down
cut (R11, R12) and the open game (R10) are the trump part :class:`FaceDownCuts`, whose
options ``cut_mode`` and ``open_by_leading_trump`` the core still reads.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import attrs
from attrs import field, frozen

from twentyeight.actions import Action
from twentyeight.cards import DeckSpec
from twentyeight.config import RulesetConfig, one_of, optional_int, typed
from twentyeight.errors import ConfigError
from twentyeight.inference import NEVER, Facts, NoneOf
from twentyeight.plugins import RulePlugin, StandardAuction, Why
from twentyeight.port import RoundPort
from twentyeight.ruleset import Ruleset
from twentyeight.trump import CutMode, HandCardTrump

from .auctions import check_second_auction
from .classic import CONFIG_28
from .redeal import BiddingSideHoldsAllTrumps, OpenerPointlessFirstCards
from .scoring import Tables
from .sources import cite

__all__ = [
    "CONFIG_304",
    "DECK_304",
    "OPENER_UNDER_15",
    "STONES_304",
    "THREE_NOUGHT_FOUR",
    "Auction304",
    "ExhaustedTrumps",
    "ExposeAfterFirstTrick",
    "FaceDownCuts",
    "NoTrumpFirstLead",
]

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
                    empty_loses=True, name="stones",
                    description="stones won from or paid to the other side, 11 each to "
                                "start; a team that cannot pay loses")
"""304's stones (R21): each team starts with 11; a contract of 160-199 made wins 1 stone
from the opponents and failed pays them 2, 200-249 wins 2 or pays 3, 250 and more wins 3
or pays 4. Stones only change hands; the match ends when one team holds all 22, the
other none. The house "caps" of an open 304 app (all eight tricks win 5 stones, R18) is
the option ``every_trick=5``."""


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
        if seat != rnd.bidder or rnd.led_suit >= 0 or not rnd.trump_exposed:
            return legal
        suit = rnd.trump_suit_index
        if suit < 0:
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

    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        """A trump maker who led another suit with the trump known, while trumps were
        left, did not hold all of them: another seat held one."""
        bidder, trump = rnd.bidder, facts.trump
        if bidder is None or trump < 0:
            return
        deck = rnd.deck
        left = deck.suit_mask[trump]
        for s in facts.plays:
            if s.card < 0:
                continue
            if s.who == bidder and s.position == 0 and s.exposed and left \
                    and deck.suit_of[s.card] != trump:
                facts.some_of(((1 << rnd.players) - 1) & ~(1 << bidder), left, s.at)
            left &= ~(1 << s.card)

    def position_key(self, rnd: RoundPort) -> None:
        """Nothing beyond the cards held, the leader and the trump: what the rule reads."""
        return None

    def describe(self) -> str:
        """The rule in words."""
        return ("exhausted trumps: a trump maker who has the lead and holds every trump "
                "still in play, the trump being known, must lead trumps until they are gone")


@frozen
class ExposeAfterFirstTrick(RulePlugin):
    """304's exposure at a high bid (R14): a contract of ``from_bid`` or more whose trump
    is still concealed when the first trick ends has its trump card turned up then."""

    name: ClassVar[str] = "expose-after-first-trick"
    option_fields: ClassVar[tuple[str, ...]] = ("from_bid",)
    after_each_trick: ClassVar[bool] = True
    reads_hidden_cards: ClassVar[bool] = False
    """The rule reads the contract and the number of tricks: public facts."""

    from_bid: int = field(default=250, validator=typed(int))
    """The lowest contract whose trump is exposed after the first trick."""

    def after_trick(self, rnd: RoundPort) -> None:
        """After the first trick, a contract of ``from_bid`` or more shows its trump."""
        bid = rnd.bid
        if rnd.tricks_played == 1 and bid is not None and bid >= self.from_bid:
            rnd.expose_trump()

    def position_key(self, rnd: RoundPort) -> None:
        """Nothing: the rule reads the contract and the number of tricks played."""
        return None

    def describe(self) -> str:
        """The rule in words."""
        return (f"a contract of {self.from_bid} or more has its trump turned up after the "
                "first trick")


@frozen
class NoTrumpFirstLead(RulePlugin):
    """304's first lead in a closed game (R13): a trump maker who leads to the first
    trick while the trump is concealed may not lead a trump while holding another
    suit, but for the face-down card itself, which opens the game (R10,
    ``open_by_leading_trump``)."""

    name: ClassVar[str] = "no-trump-first-lead"

    rule: ClassVar[str] = "no-trump-first-lead"
    """The rule id a refusal names."""

    def restrict_play(self, rnd: RoundPort, seat: int, legal: int, why: Why) -> int:
        """The first lead of the trump maker, trump concealed: no trump."""
        suit = rnd.trump_suit_index
        if (seat != rnd.bidder or suit < 0 or rnd.trump_exposed or rnd.led_suit >= 0
                or rnd.tricks_played):
            return legal
        # Leading the face-down card itself opens the game (R10): that stays allowed.
        opening = legal & rnd.held_mask(seat) & ~rnd.hand_mask(seat)
        others = legal & ~rnd.deck.suit_mask[suit]
        if not others or others | opening == legal:
            return legal
        if why is not None:
            why.append((self.rule, "the trump maker may not lead a trump to the first trick "
                        "of a closed game", legal & ~others & ~opening))
        return others | opening

    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        """A trump maker who led a card of suit x to the first trick, the trump
        concealed (not the face-down card itself), held only suit x if x is the trump."""
        bidder = rnd.bidder
        for s in facts.plays:
            if s.trick:
                return
            if s.position == 0 and s.who == bidder and s.card >= 0 and not s.exposed \
                    and not s.opened:
                mask = rnd.deck.suit_mask[rnd.deck.suit_of[s.card]]
                facts.if_trump(rnd.deck.suit_of[s.card],
                               NoneOf(bidder, rnd.deck.full_mask & ~mask, s.at))

    def position_key(self, rnd: RoundPort) -> None:
        """Nothing: the rule reads the hand, the trick count and the trump."""
        return None

    def describe(self) -> str:
        """The rule in words."""
        return ("a trump maker leading the first trick of a closed game may not lead a "
                "trump")


AllPass304 = Literal["throw-in", "dealer-minimum"]
"""When all four pass in 304's first auction: the deal is thrown in and the next dealer
deals (``throw-in``), or the dealer must take the lowest bid (``dealer-minimum``)."""


@frozen
class Auction304(StandardAuction):
    """304's two auctions (R6, R6a-R6d, R9).

    *The first auction*, on four cards: from the opener, each player in turn bids higher
    (in the config's steps from ``min_bid``) or passes. A pass is not final: a player who
    has spoken before, by a bid or a pass, may bid again when the turn comes round, but
    only ``again_min`` or more (R6b); overcalling one's partner needs the config's
    ``partner_overcall_min`` (R6a); nobody bids over their own standing bid (R6c). The
    auction ends when, after a bid, the other players have passed in turn; if all pass
    without a bid, the ``all_pass`` rule applies (R6d).

    *The second auction* (R9), once all eight cards are dealt, unless ``second_auction``
    is ``None``: one turn each, from the holder of the bid. A bid must be at least
    ``second_auction`` and higher than the current one; the holder of the bid may only
    pass, and so may a player whose partner has bid in this round. A new bidder lays a
    new trump card (the old one goes back to its owner's hand); if all pass the contract
    stands."""

    option_fields: ClassVar[tuple[str, ...]] = ("again_min", "second_auction", "all_pass")

    throw_in_passes_deal: ClassVar[bool] = True
    """A deal all four passed on goes to the next dealer (S4)."""

    STATE: ClassVar[str] = "second-auction-start"
    """The plug-in state name under which the second auction's first seat is kept."""

    again_min: int | None = field(default=200, validator=optional_int)
    """The lowest bid of a player who has already bid or passed (``None``: no limit)."""

    second_auction: int | None = field(default=250, validator=optional_int)
    """The lowest bid of the eight-card auction (``None``: no second auction)."""

    all_pass: AllPass304 = field(default="throw-in",
                                 validator=one_of("throw-in", "dealer-minimum"))
    """When all pass without a bid: see :data:`AllPass304`."""

    def describe(self) -> str:
        """The two auctions in words, with the options set."""
        text = "bid in turn, each bid higher, or pass; a pass is not final"
        if self.again_min is not None:
            text += f", but a player who has spoken before bids at least {self.again_min}"
        text += "; the auction ends when the other players have passed after a bid"
        if self.second_auction is not None:
            text += (f"; on eight cards, one more turn each from the bidder, bids from "
                     f"{self.second_auction}")
        if self.all_pass == "dealer-minimum":
            text += "; if all pass, the dealer takes the lowest bid"
        return text

    def check(self, config: RulesetConfig) -> None:
        """The second auction must fit the deal and the bid range; a dealer who takes the
        lowest bid needs an opener who may pass."""
        check_second_auction(self.second_auction, config)
        if self.all_pass == "dealer-minimum" and config.opener_must_bid:
            raise ConfigError(
                "all_pass 'dealer-minimum' conflicts with opener_must_bid=True: the opener "
                "must bid, so the auction never ends without a bid")

    def bid_limits(self, rnd: RoundPort, seat: int, why: Why) -> tuple[int, bool]:
        """The first auction: the classic limits, ``again_min`` after speaking once, and
        no bid over one's own. The second: at least ``second_auction``, higher than the
        current bid, and none for the holder of the bid or the partner of a new one."""
        top = rnd.config.max_bid + 1
        bidder = rnd.bidder
        if bidder == seat:
            if why is not None:
                why.append(("own-bid-standing", "you hold the highest bid: you may only "
                            "pass", top))
            return top, True
        reopened = rnd.reopened_bid
        if reopened is None:
            low, can_pass = super().bid_limits(rnd, seat, why)
            again = self.again_min
            if again is not None and again > low and rnd.spoken_mask >> seat & 1:
                low = again
                if why is not None:
                    why.append(("again-min", f"you have spoken before: bid at least "
                                f"{again} or pass", again))
            return low, can_pass
        high = rnd.bid
        assert high is not None and bidder is not None and self.second_auction is not None
        if high != reopened and (bidder - seat) % 2 == 0:
            if why is not None:
                why.append(("partner-just-bid", "your partner has bid in this round: you "
                            "must pass", top))
            return top, True
        low = self.second_auction
        if why is not None:
            why.append(("second-auction-min",
                        f"a bid in the second auction must be at least {low}", low))
        return self.above_current_bid(high, low, why), True

    def next_to_speak(self, rnd: RoundPort, seat: int, action: Action) -> int | None:
        """The next player in turn; ``None`` once the others have passed after a bid (or
        all have passed), and in the second auction once each has had a turn."""
        n = rnd.players
        nxt = (seat + 1) % n
        if rnd.reopened_bid is not None:
            return None if nxt == rnd.plugin_state(self.STATE) else nxt
        needed = n if rnd.bidder is None else n - 1
        return None if rnd.pass_run >= needed else nxt

    def reopen(self, rnd: RoundPort) -> int | None:
        """The second auction opens at the holder of the bid (kept, as the seat whose
        turn ends it, in the round's plug-in state)."""
        if self.second_auction is None:
            return None
        rnd.set_plugin_state(self.STATE, rnd.bidder)
        return rnd.bidder

    def all_passed(self, rnd: RoundPort) -> None:
        """``dealer-minimum``: the dealer takes the lowest bid; a throw-in sets nothing."""
        if self.all_pass == "dealer-minimum":
            rnd.set_contract(rnd.dealer, rnd.config.min_bid)

    def max_calls(self, config: RulesetConfig) -> int:
        """Each bid and the passes after it, the passes of an auction without a bid, and
        one call each in the second auction."""
        n = config.players
        return len(config.bids) * n + 2 * n


_CUT_HOOKS = frozenset({"void_play", "on_play", "on_trick"})
"""The hooks of :class:`FaceDownCuts` that face-down cuts turn on."""


@frozen
class FaceDownCuts(HandCardTrump):
    """304's trump (R10-R12): the bidder's face-down card, and a player who cannot
    follow suit while it is concealed cuts face down instead of calling for it
    (``cut_mode``); the bidder who leads the first trick may lead the face-down card
    itself, face up, which opens the game (``open_by_leading_trump``). Both options
    default to 304's values; ``te.ruleset("28", open_by_leading_trump=True)`` gets this
    part with ``cut_mode="call"``."""

    option_fields: ClassVar[tuple[str, ...]] = (
        *HandCardTrump.option_fields, "cut_mode", "open_by_leading_trump")

    cut_mode: CutMode = field(default="face-down", validator=one_of("call", "face-down"))
    """How a player who cannot follow suit cuts while the trump is concealed; see
    :data:`~twentyeight.trump.CutMode`."""
    open_by_leading_trump: bool = field(default=True, validator=typed(bool))
    """The bidder who leads the first trick may lead the face-down trump card itself,
    face up: the trump is exposed at once and the game is open (304). Needs
    ``trump_marker`` ``hand-card`` without ``seventh_card``."""

    view_cached: ClassVar[bool] = True

    @property
    def hides_cards(self) -> bool:
        """Whether cuts go face down (``cut_mode`` ``face-down``)."""
        return self.cut_mode == "face-down"

    def active_hooks(self) -> frozenset[str]:
        """As the hand-card's; face-down cuts turn on :meth:`void_play`,
        :meth:`on_play` and :meth:`on_trick`, which are off without them (with
        ``cut_mode`` ``call`` a cut is played face up, as in 28)."""
        hooks = super().active_hooks()
        if self.cut_mode == "face-down":
            return hooks | _CUT_HOOKS
        # The default turns on every hook a class outside the core defines: these are
        # this class's own, and do nothing without face-down cuts (a subclass's stay).
        return hooks - {h for h in _CUT_HOOKS
                        if getattr(type(self), h) is getattr(FaceDownCuts, h)}

    def lead(self, rnd: RoundPort, seat: int, hand: int, why: Why | None) -> int:
        """As the hand-card's; under ``open_by_leading_trump`` the face-down card
        itself may open the first trick (R12: an open game)."""
        mask = super().lead(rnd, seat, hand, why)
        card = rnd.trump_card
        if self.open_by_leading_trump and not rnd.tricks_played and card >= 0:
            mask |= 1 << card
        return mask

    def void_play(self, rnd: RoundPort, seat: int, hand: int,
                  why: Why | None) -> tuple[int, bool]:
        """A cut (R10): any card, played face down, never a call; the bidder may cut
        with the face-down trump card, but not into a trick of its own suit."""
        if self.cut_mode != "face-down":
            return super().void_play(rnd, seat, hand, why)
        card = rnd.trump_card
        if seat == rnd.bidder and card >= 0 and rnd.deck.suit_of[card] != rnd.led_suit:
            hand |= 1 << card
        return hand, False

    def refuse_call(self, rnd: RoundPort, seat: int) -> tuple[str, str] | None:
        """Nobody calls for the trump when cuts go face down."""
        if self.cut_mode != "face-down":
            return super().refuse_call(rnd, seat)
        return ("cut-face-down", "nobody calls for the trump here: a player who cannot "
                "follow suit plays a card face down")

    def on_play(self, rnd: RoundPort, seat: int, cid: int) -> bool:
        """A card that does not follow suit goes face down (a cut), seen by its player
        and by the bidder, who chose the trump and so knows it."""
        led = rnd.led_suit
        if led < 0 or rnd.deck.suit_of[cid] == led:
            return False
        bidder = rnd.bidder
        rnd.hide(1 << cid, 1 << seat | (0 if bidder is None else 1 << bidder))
        return True

    def on_trick(self, rnd: RoundPort) -> None:
        """R11: a cut of the trump suit exposes the trump (it counts from the trick's
        first card) and turns the trick's cuts up, all but the bidder's own that are
        not trumps; without one, the cuts stay face down. Nothing once the trump is
        exposed: no card is cut face down then."""
        if rnd.trump_exposed:
            return
        cards = rnd.trick_cards
        down = rnd.down_mask
        suit_of, trump = rnd.deck.suit_of, rnd.trump_suit_index
        cuts = [i for i, c in enumerate(cards) if down >> c & 1]
        first = next((i for i in cuts if suit_of[cards[i]] == trump), -1)
        if first < 0:
            return
        seats = [s for s, _ in rnd.current_trick]
        bidder = rnd.bidder
        rnd.reveal(sum(1 << cards[i] for i in cuts
                       if seats[i] != bidder or suit_of[cards[i]] == trump))
        rnd.expose_trump(seats[first], from_first=True)

    def view(self, rnd: RoundPort, seat: int | None) -> dict[str, Any]:
        """As the hand-card's, with ``cut_mode`` ``face-down`` after ``exposed``."""
        v = super().view(rnd, seat)
        if not v or self.cut_mode != "face-down":
            return v
        items = list(v.items())
        return dict([*items[:3], ("cut_mode", "face-down"), *items[3:]])
    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        """Besides the concealed trump's facts: a card cut face down that ``seat`` has
        not seen is a hidden card in its own place, of a suit its player was void in,
        and no trump once its trick is over (a trump cut is turned up); a cut it saw in
        a trick that ended with the trump concealed is of no trump suit."""
        super().infer(rnd, seat, facts)
        deck = rnd.deck
        history = rnd.history
        done = rnd.tricks_played
        exposed_at = rnd.exposed_at
        for s in facts.plays:
            if s.call:
                continue
            if s.card >= 0:
                # A cut seen, in a trick that ended with the trump still concealed, is
                # of no trump suit (a trump cut would have exposed it).
                if self.cut_mode == "face-down" and s.position and not s.exposed \
                        and deck.suit_of[s.card] != s.led and s.trick < done \
                        and (exposed_at is None or exposed_at[0] > s.trick):
                    facts.if_trump(deck.suit_of[s.card], NEVER)
                continue
            card = deck.card_id(history[s.at][1].card)  # type: ignore[attr-defined]
            led = deck.suit_mask[s.led]
            facts.none_of(s.who, led, s.at)
            place = facts.place(card, s.who, s.at, forbid=led)
            if s.trick < done:
                facts.not_trump(place)


CONFIG_304 = attrs.evolve(
    CONFIG_28,  # 28's frame: four players, four cards and four, a trump card laid
    name="304",
    description=("Sri Lankan 304: 32 cards worth 304, bids 160-300 in tens on four cards "
                 "then eight, cuts face down, stones"),
    aliases=("three-nought-four", "304-lanka"),
    source=(f"{cite('304-pagat')}, {cite('304-wikipedia')} and {cite('304-catsatcards')} "
            f"(the pack, the deal, the cut, the opener's redeal); "
            + cite("304-rules-doc", "the auctions, open and closed games, exhausted and "
                   "spoilt trumps, stones")),
    deck=DECK_304,
    min_bid=160, max_bid=300, bid_step=10,
    opener_must_bid=False, partner_overcall_min=200,
    trump=FaceDownCuts(bidder_trump_lead="any"),
    redeal_checks=(BiddingSideHoldsAllTrumps(), OPENER_UNDER_15),
    auction=Auction304(),
    plugins=(ExhaustedTrumps(), ExposeAfterFirstTrick(), NoTrumpFirstLead()),
    scoring=STONES_304,
)
"""304's configuration: R1-R6d and R8-R21 of the requirement, with the defaults of its
choices table (the partner call R7 and Partner Close Caps R19 are not built)."""

THREE_NOUGHT_FOUR = Ruleset(CONFIG_304)
"""The ``304`` preset, registered under the entry point ``304``."""
