"""House rules of the classic auction: 29's held bid, 28's second auction and what
happens when all pass.

:class:`HouseAuction` is the classic auction (a pass is final; the auction ends when all
but the highest bidder have passed) with three options, all off by default:

* ``held_bid`` (29 as played in Bangladesh and eastern India; debchamps/TwentyNine's
  ``Bidding``): the auction is a duel of two players. The opener and the next player
  start it; whoever passes is out and the next player in turn takes his place. The
  earlier of the two in the order of speaking has priority: the later one must bid
  higher, while the earlier one may *hold* the bid by bidding the same number again
  (``hold`` or ``same``, read as ``bid <the current bid>``), or bid higher. The auction
  ends when all but one have passed. While nobody has bid (the opener passed), the
  earlier of the two speaks first with ``held_bid=True``; with
  ``held_bid="later-first"`` the later one does, as debchamps/TwentyNine's
  ``Bidding.call`` has it (a pass by the player who started makes the next-but-one
  player the one to call, the next one keeping the priority).
* ``second_auction`` (rajeevmen0n/fiftysix's 28, rules §10.2): once the second four
  cards are dealt, a second auction from this bid (21 there) may raise the contract.
  It starts at the opener and everyone speaks, the holder of the bid included; a pass
  counts for that turn only; each bid must be at least ``second_auction`` and higher
  than the current bid. It ends when every player passes in turn without a new bid (the
  contract, its doubling and its trump stand) or, after a new bid, when the other
  players have passed in a row. A new bid cancels a double, and its bidder chooses the
  trump afresh, from the whole hand: a face-down card laid earlier goes back to its
  holder's hand (a raise of one's own bid may change the suit). A redoubled contract
  has no second auction; a forced No Trump (below) has one.
* ``all_pass``: when everybody passes without a bid, the deal is thrown in and dealt
  again (``throw-in``, the classic rule), or the opener is forced to play the lowest
  bid at No Trump (``opener-no-trump``: rajeevmen0n/fiftysix's rules §4.3, "the first
  bidder is forced to take 14 no trump in 28"), or forced to play it undoubled
  (``opener-no-trump-undoubled``: the same section, "the forced bid can't be doubled";
  the ``double`` modifier's window then stays shut and a ``double`` is refused as
  ``forced-no-trump-undoubled``). 56's auction offers the same option
  (:class:`~twentyeight_variants.fiftysix.SuitAuction`), where 004's 28 No Trump is the
  default; its doubles are calls of the auction, which the forced contract ends, so
  there the forced No Trump is never doubled under either value.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import attrs
from attrs import field, frozen

from twentyeight.actions import NO_TRUMP, Action, Bid
from twentyeight.config import RulesetConfig, one_of, optional_int
from twentyeight.errors import ConfigError
from twentyeight.inputs import describe
from twentyeight.plugins import StandardAuction, Why
from twentyeight.port import RoundPort

AllPass = Literal["throw-in", "opener-no-trump", "opener-no-trump-undoubled"]
"""What happens when every player passes without a bid: the deal is annulled and dealt
again (``throw-in``, the classic rule), or the opener plays a contract of the lowest bid
at No Trump (``opener-no-trump``: played in 56 as the score-bands rules page gives it;
it needs ``opener_must_bid=False``), or plays it and nobody may double it
(``opener-no-trump-undoubled``: an open-source 56 game in its 28 and 56, whose rules say
"the forced bid can't be doubled")."""

ALL_PASS: tuple[str, ...] = ("throw-in", "opener-no-trump", "opener-no-trump-undoubled")
"""The values of :data:`AllPass`."""

FORCED_UNDOUBLED = "opener-no-trump-undoubled"
"""The :data:`AllPass` value whose forced No Trump may not be doubled."""

FORCED_UNDOUBLED_REFUSAL = (
    "forced-no-trump-undoubled",
    "the No Trump forced on the opener when everyone passed cannot be doubled")
"""The rule id and reason of a ``double`` of a forced No Trump that may not be
doubled."""

HeldBid = bool | Literal["later-first"]
"""29's held bid: off (``False``), on (``True``: while nobody has bid, the earlier of the
two players bidding speaks first), or on with the later of the two speaking first while
nobody has bid (``"later-first"``: debchamps/TwentyNine's order when the opener
passes)."""


def _held_bid(_inst: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    # ``is``: 1 and 0 equal True and False but are not switches.
    if value is True or value is False or (isinstance(value, str) and value == "later-first"):
        return
    raise ConfigError(f"option {attribute.name} must be True, False or 'later-first'; "
                      f"got {describe(value)}")


HOLD_WORDS = frozenset({"hold", "same"})
"""What a player says to hold the bid at the same number."""


def forces_no_trump(rule: str) -> bool:
    """Whether the all-pass ``rule`` (:data:`AllPass`) forces a No Trump on the opener."""
    return rule in ("opener-no-trump", FORCED_UNDOUBLED)


def all_passed_by_rule(rnd: RoundPort, rule: str, bid: int) -> None:
    """Carry out the all-pass ``rule`` (:data:`AllPass`): for a forced No Trump the
    opener becomes the declarer of ``bid`` at No Trump; a throw-in sets nothing, and the
    round annuls the deal."""
    if forces_no_trump(rule):
        rnd.set_contract(rnd.opener, bid, NO_TRUMP)


def forced_undoubled(rnd: RoundPort) -> bool:
    """Whether the contract of ``rnd`` is a No Trump forced on the opener that may not be
    doubled: the auction's all-pass rule says so (``opener-no-trump-undoubled``) and
    nobody has bid (a bid in a second auction replaces the forced contract). A doubling
    plug-in asks it before it opens its window; 56's auction, whose doubles are its own
    calls, never gets that far: the forced contract ends it."""
    if getattr(rnd.config.auction, "all_pass", None) != FORCED_UNDOUBLED \
            or rnd.bidder is None:
        return False
    return not any(rnd.bids_made(seat) for seat in range(rnd.players))


def all_pass_words(rule: str, throw_in: str) -> str:
    """The all-pass ``rule`` in words for an auction's description (``throw_in``: what
    to say of a throw-in)."""
    if not forces_no_trump(rule):
        return throw_in
    text = "; if all pass, the opener plays the lowest bid at No Trump"
    return text + ", which nobody may double" if rule == FORCED_UNDOUBLED else text


def check_all_pass(rule: str, config: RulesetConfig) -> None:
    """Refuse a forced No Trump where nobody can pass without a bid: with
    ``opener_must_bid`` the opener always bids, so the rule would never apply."""
    if forces_no_trump(rule) and config.opener_must_bid:
        raise ConfigError(
            f"all_pass {rule!r} conflicts with opener_must_bid=True: the opener "
            "must bid, so the auction never ends without a bid (set opener_must_bid=False)")


def check_second_auction(low: int | None, config: RulesetConfig) -> None:
    """Refuse a second auction (from bid ``low``; ``None``: none) that cannot be held:
    its lowest bid outside the bid range, no cards dealt after the first auction, or a
    seventh card that makes the trump before the second deal."""
    if low is None:
        return
    if not config.min_bid <= low <= config.max_bid:
        raise ConfigError(f"second_auction {low} is outside the bid range "
                          f"{config.min_bid}-{config.max_bid}")
    if config.auction_after >= len(config.deal_packets):
        raise ConfigError("second_auction needs cards dealt after the first auction "
                          "(auction_after is the last packet: the deal is complete)")
    if config.seventh_card:
        raise ConfigError(
            "second_auction conflicts with seventh_card: the seventh card makes the "
            "trump before the second deal, a second auction's winner chooses it "
            "from the whole hand after it")


@frozen
class HouseAuction(StandardAuction):
    """The classic auction with the held bid, the second auction and the all-pass rule
    as options (see the module's description). With all three off it is
    :class:`StandardAuction` exactly."""

    option_fields: ClassVar[tuple[str, ...]] = ("held_bid", "second_auction", "all_pass")

    held_bid: HeldBid = field(default=False, validator=_held_bid)
    """29's held bid: two players bid at a time, the earlier in turn may hold the bid by
    matching a raise (`hold`/`same`), the later must bid higher; who passes is replaced
    by the next player. Played in Bangladesh and eastern India, and by an open-source 29
    app (see the house rules' sources). While nobody has bid, the earlier of the two
    speaks first (`True`), or the later (`"later-first"`, as that app has it when the
    opener passes)."""

    second_auction: int | None = field(default=None, validator=optional_int)
    """The lowest bid of a second auction held once every card is dealt, which may raise
    the contract; its winner chooses the trump afresh (`None`: no second auction). An
    open-source 56 game plays it in its 28, from 21."""

    all_pass: AllPass = field(default="throw-in", validator=one_of(*ALL_PASS))
    """When all pass without a bid: `throw-in` (annul and deal again), or
    `opener-no-trump` (the opener plays the lowest bid at No Trump; needs
    `opener_must_bid=False`), or `opener-no-trump-undoubled` (the same, and nobody may
    double it). An open-source 56 game plays `opener-no-trump-undoubled` in its 28."""

    def describe(self) -> str:
        """The classic auction in words, with the house rules that are on."""
        text = self.description
        if self.held_bid:
            text = ("bid in turn, two players at a time: the earlier in turn may hold the "
                    "bid by matching a raise, the later must bid higher; a pass is final")
            if self.held_bid == "later-first":
                text += "; while nobody has bid, the later of the two speaks first"
        if self.second_auction is not None:
            text += (f"; once every card is dealt, a second auction from "
                     f"{self.second_auction} may raise the contract")
        text += all_pass_words(self.all_pass, "")
        return text

    def check(self, config: RulesetConfig) -> None:
        """A forced No Trump needs an opener who may pass; a second auction needs cards
        dealt after the first, a trump chosen after it, and a bid in range."""
        check_all_pass(self.all_pass, config)
        check_second_auction(self.second_auction, config)

    def reopen(self, rnd: RoundPort) -> int | None:
        """The second auction, from the opener, unless it is off or the contract is
        redoubled (rajeevmen0n/fiftysix: "there is no second auction")."""
        if self.second_auction is None or rnd.multiplier >= 4:
            return None
        return rnd.opener

    def bid_limits(self, rnd: RoundPort, seat: int, why: Why) -> tuple[int, bool]:
        """In the second auction: at least ``second_auction`` and higher than the current
        bid; passing is always allowed. Otherwise the classic limits."""
        # A second auction is held only with the option on: the flag is the cheaper test.
        if self.second_auction is None or rnd.reopened_bid is None:
            return super().bid_limits(rnd, seat, why)
        assert self.second_auction is not None
        high = rnd.bid
        assert high is not None
        low = self.second_auction
        if why is not None:
            why.append(("second-auction-min",
                        f"a bid in the second auction must be at least {low}", low))
        return self.above_current_bid(high, low, why), True

    def _pair(self, rnd: RoundPort) -> list[int]:
        """The players still in the auction, in the order of speaking from the first to
        speak: with the held bid, the first two are the pair bidding now."""
        n = rnd.players
        first = self.first_to_speak(rnd)
        passed = rnd.passed_mask
        return [s for s in ((first + k) % n for k in range(n)) if not passed >> s & 1]

    def may_match(self, rnd: RoundPort, seat: int) -> bool:
        """With the held bid, the earlier of the pair may match the later one's bid."""
        if not self.held_bid or rnd.reopened_bid is not None:
            return False
        bidder = rnd.bidder
        pair = self._pair(rnd)[:2]
        return bidder is not None and bidder != seat and pair[0] == seat

    def next_to_speak(self, rnd: RoundPort, seat: int, action: Action) -> int | None:
        """With the held bid, the one of the pair who does not hold the bid speaks next
        (after a pass, the player who takes the passer's place); the auction ends when
        only the highest bidder (or nobody) is left."""
        if self.second_auction is not None and rnd.reopened_bid is not None:
            # The second auction: passes count for a turn; all pass, or all but the new
            # highest bidder in a row, and it is over.
            n = rnd.players
            raised = rnd.bid != rnd.reopened_bid
            return None if rnd.pass_run >= (n - 1 if raised else n) else (seat + 1) % n
        if not self.held_bid:
            return super().next_to_speak(rnd, seat, action)
        left = self._pair(rnd)
        bidder = rnd.bidder
        if not left or (bidder is not None and left == [bidder]):
            return None
        pair = left[:2]
        if bidder in pair:
            return pair[1] if pair[0] == bidder else pair[0]
        # Nobody has bid yet (the opener passed): the earlier of the pair speaks first, or
        # the later one (debchamps/TwentyNine); the earlier keeps the priority either way.
        return pair[-1] if self.held_bid == "later-first" else pair[0]

    def all_passed(self, rnd: RoundPort) -> None:
        """The all-pass rule: a throw-in, or the opener's forced No Trump."""
        all_passed_by_rule(rnd, self.all_pass, rnd.config.min_bid)

    def parse(self, rnd: RoundPort, text: str) -> Action | None:
        """With the held bid, ``hold`` and ``same`` say ``bid <the current bid>``."""
        high = rnd.bid
        if self.held_bid and high is not None and text.strip().lower() in HOLD_WORDS:
            return Bid(high)
        return None

    def max_calls(self, config: RulesetConfig) -> int:
        """With the held bid each number may be bid twice (raised to, then held)."""
        calls = super().max_calls(config)
        if self.held_bid:
            calls += config.max_bid - config.min_bid + 1
        if self.second_auction is not None:
            # Each bid and the passes after it, the first round of passes, the second
            # trump choice and the call windows that open again after it.
            n = config.players
            calls += (config.max_bid - self.second_auction + 1) * n + 2 * n + 4
        return calls
