"""House rules of the auction (issue 19, items 7 and 8): 29's held bid
(debchamps/TwentyNine), 28's second auction and the all-pass rule's forced No Trump
(rajeevmen0n/fiftysix's rules, §10.2 and §4.3).

Each test plays a scripted round on which the rule bites: the legal set, the order of
speaking or the outcome differs from the preset's default.
"""

from __future__ import annotations

import pytest

import twentyeight as te
from twentyeight import testing

WEST, SOUTH, EAST, NORTH = 0, 1, 2, 3


def _texts(rnd: te.Round) -> list[str]:
    return [str(a) for a in rnd.legal_actions()]


# ------------------------------------------------------------------ 29's held bid


def test_debchamps_held_bid_the_earlier_bidder_may_match_a_raise() -> None:
    """debchamps/TwentyNine's Bidding: the player who raised last (the earlier of the
    two) needs only the current bid (getMinimumNextBidAmount returns the bid itself),
    and the turn goes back to him; without the option 16-17 sends the turn on to North,
    and nobody may bid 17 again."""
    plain = te.ruleset("29").new_round(seed=5, dealer=WEST)
    held = te.ruleset("29", held_bid=True).new_round(seed=5, dealer=WEST)
    for rnd in (plain, held):
        rnd.apply("bid 16")   # South, the opener
        rnd.apply("bid 17")   # East raises
    assert plain.to_act == NORTH
    assert "bid 17" not in _texts(plain)
    assert held.to_act == SOUTH
    assert _texts(held)[:3] == ["pass", "bid 17", "bid 18"]
    held.apply("hold")        # "hold" (or "same") is bid 17 again
    assert held.bidder == SOUTH and held.bid == 17
    assert held.to_act == EAST
    refusal = held.explain("bid 17")
    assert refusal is not None and refusal.rule == "bid-too-low"


def test_debchamps_held_bid_the_next_player_replaces_whoever_passes() -> None:
    """debchamps/TwentyNine: a pass puts the next player in the passer's place against
    the one left, who keeps (or, if the holder passed, takes) the priority; the auction
    ends after three passes."""
    rnd = te.ruleset("29", held_bid=True).new_round(seed=5, dealer=WEST)
    turns = []
    for call in ["bid 16", "bid 17", "same", "bid 18", "pass",   # South gives up
                 "bid 19", "hold", "pass", "pass"]:              # North, then West
        turns.append(rnd.to_act)
        rnd.apply(call)
    assert turns == [SOUTH, EAST, SOUTH, EAST, SOUTH, NORTH, EAST, NORTH, WEST]
    assert rnd.phase is te.Phase.TRUMP
    assert (rnd.bidder, rnd.bid) == (EAST, 19)


def test_held_bid_keeps_the_partner_overcall_limit() -> None:
    """29 keeps 28's partner overcall at 20 (004: "all other rules are the same"): when
    East passes, North takes his place against his own partner South, and must bid 20;
    South may then hold his partner's 20."""
    rnd = te.ruleset("29", held_bid=True).new_round(seed=5, dealer=WEST)
    rnd.apply("bid 16")
    rnd.apply("pass")
    assert rnd.to_act == NORTH
    assert _texts(rnd)[:2] == ["pass", "bid 20"]
    refusal = rnd.explain("bid 17")
    assert refusal is not None and refusal.rule == "partner-overcall-min"
    rnd.apply("bid 20")
    assert rnd.to_act == SOUTH and _texts(rnd)[:2] == ["pass", "bid 20"]


def test_held_bid_round_trips_and_composes_with_the_modifiers() -> None:
    """A held round's record replays to the same state; the option composes with
    pair (29), double, single hand and the redeal rules, and the kit finds nothing."""
    rnd = te.ruleset("29", held_bid=True).new_round(seed=5, dealer=WEST)
    for call in ["bid 16", "bid 17", "hold"]:
        rnd.apply(call)
    testing.check_record_round_trip(rnd)
    again = te.Round.from_json(rnd.to_json())
    assert (again.bidder, again.bid, again.to_act) == (SOUTH, 17, EAST)
    rs = te.ruleset("28+double+single-hand", held_bid=True)
    assert testing.check_random_rounds(rs, rounds=20, seed=19) == 20


def test_debchamps_held_bid_the_later_player_speaks_first_after_the_opener_passes() -> None:
    """debchamps/TwentyNine, ``Bidding.call`` (app/src/main/java/debakesh/com/twentynine/
    entity/Bidding.java): when the player who started (the opener) passes, the turn goes
    to the next-but-one player (``otherBidCaller`` moves on and is the one to call) and
    the next player keeps the priority (``latestBidRaiser``). With
    ``held_bid="later-first"`` North speaks before East; East may then hold North's bid.
    With ``held_bid=True`` East, the earlier, speaks first."""
    earlier = te.ruleset("29", held_bid=True, opener_must_bid=False).new_round(
        seed=5, dealer=WEST)
    later = te.ruleset("29", held_bid="later-first", opener_must_bid=False).new_round(
        seed=5, dealer=WEST)
    for rnd in (earlier, later):
        rnd.apply("pass")                     # South, the opener
    assert earlier.to_act == EAST
    assert later.to_act == NORTH
    turns = []
    for call in ["bid 16", "hold", "bid 17", "pass",      # East holds, then gives up
                 "pass"]:                                 # West takes his place, passes
        turns.append(later.to_act)
        later.apply(call)
    assert turns == [NORTH, EAST, NORTH, EAST, WEST]
    assert later.phase is te.Phase.TRUMP and (later.bidder, later.bid) == (NORTH, 17)


def test_held_bid_later_first_keeps_the_earlier_players_priority() -> None:
    """debchamps/TwentyNine: only the order of the first word changes. After North's
    16, East (the earlier) may match it and North (the later) must bid higher; once
    someone has bid, the one of the two who does not hold the bid speaks, as with
    ``True``. The record replays under the option."""
    rnd = te.ruleset("29", held_bid="later-first", opener_must_bid=False).new_round(
        seed=5, dealer=WEST)
    rnd.apply("pass")
    rnd.apply("bid 16")
    assert rnd.to_act == EAST and _texts(rnd)[:2] == ["pass", "bid 16"]
    rnd.apply("same")
    assert (rnd.bidder, rnd.bid, rnd.to_act) == (EAST, 16, NORTH)
    refusal = rnd.explain("bid 16")
    assert refusal is not None and refusal.rule == "bid-too-low"
    testing.check_record_round_trip(rnd)
    again = te.Round.from_json(rnd.to_json())
    assert again.ruleset.options()["held_bid"] == "later-first"
    assert (again.bidder, again.bid, again.to_act) == (EAST, 16, NORTH)


def test_held_bid_is_only_an_option_of_the_classic_auction() -> None:
    """56's auction (a pass is not final) has no held bid: the option is refused by
    name, and a bad value is refused with a clear message."""
    with pytest.raises(te.ConfigError, match="held_bid"):
        te.ruleset("56", held_bid=True)
    for bad in ("yes", 1, "later"):
        with pytest.raises(te.ConfigError, match="held_bid must be True, False or 'later-first'"):
            te.ruleset("29", held_bid=bad)


# ------------------------------------------------------------------ all pass


def _all_pass(rs: te.Ruleset) -> te.Round:
    rnd = rs.new_round(seed=3, dealer=WEST)
    for _ in range(rs.config.players):
        rnd.apply("pass")
    return rnd


def test_fiftysix_28_all_pass_forces_the_opener_to_14_no_trump() -> None:
    """rajeevmen0n/fiftysix rules §4.3: when everyone passes, "the first bidder (dealer's
    right) is forced to take ... 14 no trump in 28"; the classic rule throws the deal
    in. There is no trump card to lay: South leads at once, holding all eight cards."""
    thrown = _all_pass(te.ruleset("28", opener_must_bid=False))
    assert thrown.is_over and thrown.result is not None
    assert thrown.result.annulled == "all-passed"
    forced = _all_pass(te.ruleset("28", opener_must_bid=False, all_pass="opener-no-trump"))
    assert forced.phase is te.Phase.PLAY and forced.to_act == SOUTH
    assert (forced.bidder, forced.bid, forced.denomination) == (SOUTH, 14, "NT")
    assert len(forced.hand(SOUTH)) == 8
    assert "call-trump" not in _texts(forced)
    view = forced.view(EAST)
    assert view["trump"] is None and view["contract"]["denomination"] == "NT"
    while not forced.is_over:
        forced.apply(forced.legal_actions()[0])
    result = forced.result
    assert result is not None and result.annulled is None
    assert result.target == 14 and result.bidding_team == SOUTH % 2
    assert result.game_points[SOUTH % 2] == (1 if result.made else -1)


def test_no_trump_contract_lets_no_void_card_win() -> None:
    """With the forced No Trump nothing is trump: a card of another suit than the one
    led (a discard) never wins, whatever its suit."""
    rnd = _all_pass(te.ruleset("28", opener_must_bid=False, all_pass="opener-no-trump"))
    while not rnd.is_over:
        rnd.apply(rnd.legal_actions()[-1])
    discards = 0
    for trick in rnd.tricks:
        led = trick.cards[0].suit
        assert trick.trumps_from is None
        assert trick.cards[trick.seats.index(trick.winner)].suit == led
        discards += sum(c.suit != led for c in trick.cards)
    assert discards > 0  # the rule was tested: some card of another suit was played


def test_fiftysix_all_pass_option_offers_the_throw_in() -> None:
    """56 keeps 004's forced 28 No Trump by default; ``all_pass="throw-in"`` annuls."""
    assert _all_pass(te.ruleset("56")).bid == 28
    thrown = _all_pass(te.ruleset("56", all_pass="throw-in"))
    assert thrown.result is not None and thrown.result.annulled == "all-passed"


@pytest.mark.parametrize("name", ["28+double", "29+double"])
def test_fiftysix_forced_no_trump_cannot_be_doubled(name: str) -> None:
    """rajeevmen0n/fiftysix rules.md section 4.3: when everyone passes the first bidder
    is forced to take the lowest bid at No Trump, and "the forced bid can't be
    doubled". With ``opener-no-trump`` the double modifier's window opens on it as on
    any contract; with ``opener-no-trump-undoubled`` it stays shut, play starts at once
    and a double is refused as ``forced-no-trump-undoubled``, the round unchanged."""
    doubled = _all_pass(te.ruleset(name, opener_must_bid=False, all_pass="opener-no-trump"))
    assert doubled.phase is te.Phase.CALLS and doubled.window == "double"
    assert "double" in _texts(doubled)
    rnd = _all_pass(te.ruleset(name, opener_must_bid=False,
                               all_pass="opener-no-trump-undoubled"))
    assert (rnd.bidder, rnd.denomination) == (SOUTH, "NT")
    assert rnd.phase is te.Phase.PLAY and rnd.to_act == SOUTH and rnd.window is None
    refusal = rnd.explain("double")
    assert refusal is not None and refusal.rule == "forced-no-trump-undoubled"
    before = rnd.to_json()
    with pytest.raises(te.IllegalActionError):
        rnd.apply("double")
    assert rnd.to_json() == before
    while not rnd.is_over:
        rnd.apply(rnd.legal_actions()[0])
    assert rnd.multiplier == 1
    testing.check_record_round_trip(rnd)


def test_forced_no_trump_undoubled_lets_a_new_contract_be_doubled() -> None:
    """rajeevmen0n/fiftysix section 10.2: a forced 14 No Trump still has a second
    auction; a bid there replaces it, and the new contract may be doubled as any other
    (the rule is about the forced bid only). If all pass again, the forced No Trump is
    played undoubled."""
    rs = te.ruleset("28+double", second_auction=21, opener_must_bid=False,
                    all_pass="opener-no-trump-undoubled")
    rnd = _all_pass(rs)
    assert rnd.phase is te.Phase.AUCTION and rnd.denomination == "NT"
    for call in ["pass", "pass", "bid 21", "pass", "pass", "pass"]:
        rnd.apply(call)
    rnd.apply(rnd.legal_actions()[0])          # North lays a trump
    assert rnd.phase is te.Phase.CALLS and rnd.window == "double"
    again = _all_pass(rs)
    for _ in range(4):
        again.apply("pass")
    assert again.phase is te.Phase.PLAY and again.multiplier == 1
    refusal = again.explain("double")
    assert refusal is not None and refusal.rule == "forced-no-trump-undoubled"


def test_fiftysix_56_refuses_a_double_of_the_forced_no_trump_under_both_values() -> None:
    """56's doubles are calls of its auction, which the forced 28 No Trump ends: under
    either value play starts at once, undoubled; the new value is accepted and says so
    in the auction's description."""
    for rule in ("opener-no-trump", "opener-no-trump-undoubled"):
        rnd = _all_pass(te.ruleset("56", all_pass=rule))
        assert rnd.phase is te.Phase.PLAY and rnd.multiplier == 1 and rnd.bid == 28
    assert "nobody may double" in te.ruleset(
        "56", all_pass="opener-no-trump-undoubled").config.auction.describe()


def test_forced_no_trump_conflicts_with_an_opener_who_must_bid() -> None:
    """28's opener must bid, so nobody can pass all round: the combination is refused,
    naming both options; a value outside the two is refused too."""
    with pytest.raises(te.ConfigError, match="opener_must_bid"):
        te.ruleset("28", all_pass="opener-no-trump")
    with pytest.raises(te.ConfigError, match="opener_must_bid"):
        te.ruleset("28+double", all_pass="opener-no-trump-undoubled")
    with pytest.raises(te.ConfigError, match="all_pass must be one of"):
        te.ruleset("28", all_pass="redeal")


def test_forced_no_trump_composes_with_the_modifiers() -> None:
    """Pair, double and single hand play on a forced No Trump (no pair can be shown:
    there is no trump), and the kit finds nothing."""
    rs = te.ruleset("28+pair+double+single-hand", opener_must_bid=False,
                    all_pass="opener-no-trump")
    assert testing.check_random_rounds(rs, rounds=30, seed=8) == 30


# ------------------------------------------------------------------ 28's second auction


def _first_auction(rs: te.Ruleset) -> te.Round:
    """South bids 16, everyone else passes, South lays the first card listed."""
    rnd = rs.new_round(seed=5, dealer=WEST)
    for call in ["bid 16", "pass", "pass", "pass"]:
        rnd.apply(call)
    rnd.apply(rnd.legal_actions()[0])
    return rnd


def test_fiftysix_second_auction_a_new_bidder_chooses_the_trump_afresh() -> None:
    """rajeevmen0n/fiftysix rules §10.2: after the second deal a new auction starts at
    the dealer's right; the minimum bid is 21; the new winner places a face-down card of
    any suit and the earlier face-down card goes back to its owner's hand. Without the
    option play begins at once."""
    plain = _first_auction(te.ruleset("28"))
    assert plain.phase is te.Phase.PLAY
    rnd = _first_auction(te.ruleset("28", second_auction=21))
    laid = rnd.concealed_card
    assert rnd.phase is te.Phase.AUCTION and rnd.to_act == SOUTH
    assert len(rnd.hand(SOUTH)) == 7 and rnd.reopened_bid == 16
    assert _texts(rnd)[:2] == ["pass", "bid 21"]
    refusal = rnd.explain("bid 18")
    assert refusal is not None and refusal.rule == "second-auction-min"
    for call in ["pass", "bid 21", "pass", "pass", "pass"]:   # East raises to 21
        rnd.apply(call)
    assert rnd.phase is te.Phase.TRUMP and rnd.to_act == EAST
    assert (rnd.bidder, rnd.bid) == (EAST, 21)
    assert laid in rnd.hand(SOUTH) and len(rnd.hand(SOUTH)) == 8
    assert rnd.view(NORTH)["trump"] is None   # nothing of South's old card is told
    rnd.apply(rnd.legal_actions()[-1])         # any of East's eight cards
    assert rnd.phase is te.Phase.PLAY and rnd.to_act == SOUTH
    for seat in (WEST, SOUTH, NORTH):
        record = rnd.public_record(seat)
        trump_calls = [a for a in record["actions"] if a["action"].startswith("trump")]
        assert all(a.get("concealed") for a in trump_calls if a["seat"] != seat)
    testing.check_record_round_trip(rnd)


def test_fiftysix_second_auction_all_pass_keeps_the_contract() -> None:
    """§10.2: "If all N players pass, the first-auction bid, its double status and its
    face-down card all stand"; a pass counts for that turn only."""
    rnd = _first_auction(te.ruleset("28+double", second_auction=21))
    rnd.apply("double")                        # East doubles South's 16
    while rnd.phase is te.Phase.CALLS:         # nobody redoubles
        rnd.apply("pass")
    laid = rnd.concealed_card
    assert rnd.phase is te.Phase.AUCTION
    for _ in range(4):
        rnd.apply("pass")
    assert rnd.phase is te.Phase.PLAY
    assert (rnd.bidder, rnd.bid, rnd.multiplier, rnd.concealed_card) == (SOUTH, 16, 2, laid)


def test_fiftysix_second_auction_a_new_bid_cancels_the_double() -> None:
    """§10.2: "Any new bid cancels a carried-over double. This includes a raise by the
    player who already holds the bid"; the bidding ends when the others pass in a row.
    The double modifier's window opens again for the new contract."""
    rnd = _first_auction(te.ruleset("28+double", second_auction=21))
    rnd.apply("double")
    while rnd.phase is te.Phase.CALLS:
        rnd.apply("pass")
    for call in ["bid 22", "bid 23", "pass", "pass", "bid 24", "pass", "pass", "pass"]:
        rnd.apply(call)                        # South raises his own bid at the end
    assert (rnd.bidder, rnd.bid, rnd.multiplier) == (SOUTH, 24, 1)
    assert rnd.phase is te.Phase.TRUMP and len(rnd.hand(SOUTH)) == 8
    rnd.apply(rnd.legal_actions()[0])
    assert rnd.phase is te.Phase.CALLS and rnd.window == "double"


def test_fiftysix_no_second_auction_after_a_redouble() -> None:
    """§10.2: "If the first auction ended in a redouble, there is no second auction"."""
    rnd = _first_auction(te.ruleset("28+double", second_auction=21))
    rnd.apply("double")
    rnd.apply("redouble")
    assert rnd.phase is te.Phase.PLAY and rnd.multiplier == 4


def test_fiftysix_forced_no_trump_still_has_a_second_auction() -> None:
    """§10.2: "A forced 14 no trump from the first auction still has a second auction";
    a new bid there brings a trump card after all."""
    rs = te.ruleset("28", second_auction=21, opener_must_bid=False,
                    all_pass="opener-no-trump")
    rnd = _all_pass(rs)
    assert rnd.phase is te.Phase.AUCTION and rnd.denomination == "NT"
    for call in ["pass", "pass", "bid 21", "pass", "pass", "pass"]:
        rnd.apply(call)
    assert (rnd.bidder, rnd.bid, rnd.denomination) == (NORTH, 21, None)
    assert rnd.phase is te.Phase.TRUMP
    again = _all_pass(rs)
    for _ in range(4):
        again.apply("pass")
    assert again.phase is te.Phase.PLAY and again.trump_suit is None


def test_second_auction_conflicts_are_named() -> None:
    """A second auction needs cards dealt after the first, a trump chosen from the whole
    hand (not the seventh card), and a bid in range; 56 has no such option."""
    with pytest.raises(te.ConfigError, match="seventh_card"):
        te.ruleset("28", second_auction=21, seventh_card=True)
    with pytest.raises(te.ConfigError, match="auction_after"):
        te.ruleset("28", second_auction=21, auction_after=2)
    with pytest.raises(te.ConfigError, match="outside the bid range"):
        te.ruleset("28", second_auction=29)
    with pytest.raises(te.ConfigError, match="second_auction"):
        te.ruleset("56", second_auction=40)


def test_second_auction_composes_with_the_modifiers() -> None:
    """Pair, double, single hand and the redeal rules, with the held bid and the forced
    No Trump too: the kit finds nothing."""
    rs = te.ruleset("28+double+pair+single-hand", second_auction=21, held_bid=True,
                    opener_must_bid=False, all_pass="opener-no-trump")
    assert testing.check_random_rounds(rs, rounds=30, seed=21) == 30
