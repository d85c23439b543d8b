"""Named tests for 29, the regional 28 presets and the modifiers (RULES.md sections 2-5):
pair, single hand, double / redouble / C, the redeal checks, the play options and the
scoring systems, and every preset composed with every set of modifiers.

Seats are numbered in the counter-clockwise order of play. With dealer 0 the opener is
seat 1, then seats 2, 3 and 0 in that order. Teams: seats 1 and 3 against 0 and 2. Each
deal below lists the hands by seat (0, 1, 2, 3), each in deal order: the first four
cards are the first packet (seen in the auction), the last four come after the trump.
"""

from __future__ import annotations

import itertools

import pytest

import twentyeight as te
from twentyeight.round import Phase

from .helpers import hands, play_out, run

# Seat 1 bids with hearts (K Q J 8 | 9) and lays the 8H; seat 2 is void in spades and
# holds one heart (7H) with which it trumps the first trick after calling; seat 3 follows
# spades; seat 0 has neither spades nor hearts. Seat 1 is void in clubs and diamonds.
D28 = hands(
    "KC QC 8C 7C 10D KD QD 8D",
    "KH QH JH 8H 9H 7S 8S QS",
    "JC 9C AC 10C JD 9D AD 7H",
    "AH 10H JS 9S AS 10S KS 7D",
)

# Seat 2 (team 0) bids hearts over seat 1; seat 1, an opponent, holds KH QH and leads;
# seats 2 and 3 are void in spades, seat 0 holds KS QS.
OPP = hands(
    "AH 10H KS QS 8C 7C 8D 7D",
    "KH QH JS 9S AS 10S 8S 7S",
    "JH 7H JC 9C AC 10C KC QC",
    "9H 8H JD 9D AD 10D KD QD",
)


def rule(exc: pytest.ExceptionInfo[te.IllegalActionError]) -> str:
    return exc.value.rule


def texts(rnd: te.Round) -> list[str]:
    return [str(a) for a in rnd.legal_actions()]


def d28_pair_round(name: str = "28+pair", bid: int = 20, **options: object) -> te.Round:
    """D28 up to the point where seat 1 (the bidder, holding KH QH) may show the pair:
    trick 1 (exposure, won by seat 2), trick 2 (won by seat 1 with JH), seat 1 to lead."""
    rnd = te.ruleset(name, **options).new_round(deal=D28, dealer=0)
    run(rnd, f"bid {bid}", "pass", "pass", "pass", "trump 8H",
        "play 7S", "call-trump", "play 7H", "play JS", "play 7C",
        "play JC", "play 7D", "play 8C", "play JH")
    assert rnd.tricks[0].winner == 2 and rnd.tricks[1].winner == 1 and rnd.to_act == 1
    return rnd


def opp_pair_round(name: str = "28+pair", bid: int = 26, opening: int = 14,
                   **options: object) -> te.Round:
    """OPP: seat 2 bids, lays the JH; seat 1 leads JS, seat 2 calls and trumps 7H, seat 3
    over-trumps with 9H and wins the exposing trick; trick 2 reaches seat 1 (an opponent
    of the bidder holding KH QH), void in diamonds."""
    rnd = te.ruleset(name, **options).new_round(deal=OPP, dealer=0)
    run(rnd, f"bid {opening}", f"bid {bid}", "pass", "pass", "pass", "trump JH",
        "play JS", "call-trump", "play 7H", "play 9H", "play QS",
        "play JD", "play 7D")
    assert rnd.tricks[0].winner == 3 and rnd.to_act == 1
    return rnd


# --- pair (RULES.md 2, modifiers: pair) -------------------------------------------


def test_pair_royal_pair_by_opponents_raises_29_target_clamped_to_29() -> None:
    """RULES.md 2 pair / 3 preset 29 (004 royals): shown by the opponents the target
    rises by 4, kept within 16-29: a bid of 27 needs 29, not 31. 29's timing
    (after-exposure) lets the pair be shown although seat 1's side has won no trick."""
    rnd = te.ruleset("29").new_round(deal=OPP, dealer=0)
    run(rnd, "bid 16", "bid 27", "pass", "pass", "pass", "trump H",
        "play JS", "call-trump", "play JH", "play 8H", "play QS",
        "play JC", "play JD", "play 8C")
    assert rnd.tricks[0].winner == 2 and rnd.to_act == 1
    assert "show-pair" in texts(rnd)
    rnd.apply("show-pair")
    view = rnd.view(3)
    assert view["contract"]["target"] == 29 and rnd.target == 29
    assert view["pair"] == {"shown_by": 1, "cards": ["KH", "QH"], "change": 2}
    play_out(rnd)
    assert rnd.result is not None and rnd.result.target == 29 and rnd.result.bid == 27


def test_pair_bidding_side_lowers_target_by_4() -> None:
    """RULES.md 2 pair: shown by the bidder's side the target drops by 4 (bid 20 needs
    16); the target is in the contract view, the pair view and the result."""
    rnd = d28_pair_round()
    assert "show-pair" in texts(rnd)
    rnd.apply("show-pair")
    for seat in range(4):
        view = rnd.view(seat)
        assert view["contract"]["target"] == 16 and view["contract"]["bid"] == 20
        assert view["pair"] == {"shown_by": 1, "cards": ["KH", "QH"], "change": -4}
    assert "show-pair" not in texts(rnd)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("show-pair")
    assert rule(exc) == "pair-already-shown"
    play_out(rnd)
    res = rnd.result
    assert res is not None
    assert res.target == 16 and res.bid == 20 and res.card_points == (3, 25) and res.made


def test_pair_opponents_raise_target_by_4_clamped_to_28() -> None:
    """RULES.md 2 pair: shown by the opponents +4, clamped to max_bid (bid 26 needs 28)."""
    rnd = opp_pair_round(bid=22)
    rnd.apply("show-pair")
    assert rnd.view(0)["contract"]["target"] == 26
    assert rnd.view(0)["pair"] == {"shown_by": 1, "cards": ["KH", "QH"], "change": 4}
    rnd = opp_pair_round(bid=26)
    rnd.apply("show-pair")
    assert rnd.view(0)["contract"]["target"] == 28
    assert rnd.view(2)["pair"]["change"] == 2
    play_out(rnd)
    assert rnd.result is not None and rnd.result.target == 28


def test_pair_clamp_off_lets_target_leave_the_bid_range() -> None:
    """RULES.md 2 pair: "with pair the highest possible target is 32"; pair_clamp=False
    lets the target leave [min_bid, max_bid] both ways."""
    rnd = opp_pair_round(bid=26, pair_clamp=False)
    rnd.apply("show-pair")
    assert rnd.view(1)["contract"]["target"] == 30 and rnd.view(1)["pair"]["change"] == 4
    play_out(rnd)
    assert rnd.result is not None and rnd.result.target == 30
    low = d28_pair_round(bid=14, pair_clamp=False)
    low.apply("show-pair")
    assert low.target == 10
    clamped = d28_pair_round(bid=14)
    clamped.apply("show-pair")
    assert clamped.target == 14 and clamped.view(0)["pair"]["change"] == 0


def test_pair_28_timing_needs_a_trick_won_after_exposure() -> None:
    """RULES.md 2 pair (002's 28 text): shown only after the showing side has won a trick
    after the exposure. Seat 1's side lost the exposing trick: refused on its first turn,
    allowed once it has won trick 2."""
    rnd = te.ruleset("28+pair").new_round(deal=D28, dealer=0)
    run(rnd, "bid 20", "pass", "pass", "pass", "trump 8H",
        "play 7S", "call-trump", "play 7H", "play JS", "play 7C",
        "play JC", "play 7D", "play 8C")
    assert rnd.to_act == 1 and rnd.trump_exposed
    assert "show-pair" not in texts(rnd)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("show-pair")
    assert rule(exc) == "pair-before-winning-trick"
    rnd.apply("play JH")
    assert "show-pair" in texts(rnd)


def test_pair_exposing_trick_counts_for_the_28_timing() -> None:
    """RULES.md 2 pair: winning the exposing trick itself is a trick won after exposure
    (seat 3 over-trumps in trick 1, so partner seat 1 may show on trick 2)."""
    rnd = opp_pair_round()
    assert "show-pair" in texts(rnd)


def test_pair_29_timing_after_exposure() -> None:
    """RULES.md 2 pair (004's 29): any time after the exposure. The same moment that
    28's default refuses is allowed with pair_timing="after-exposure"."""
    moves = ("bid 14", "bid 26", "pass", "pass", "pass", "trump JH",
             "play JS", "call-trump", "play JH", "play 8H", "play QS",
             "play JC", "play JD", "play 8C")
    strict = run(te.ruleset("28+pair").new_round(deal=OPP, dealer=0), *moves)
    assert strict.tricks[0].winner == 2 and strict.to_act == 1
    with pytest.raises(te.IllegalActionError) as exc:
        strict.apply("show-pair")
    assert rule(exc) == "pair-before-winning-trick"
    loose = run(te.ruleset("28+pair", pair_timing="after-exposure").new_round(
        deal=OPP, dealer=0), *moves)
    loose.apply("show-pair")
    assert loose.target == 28
    assert te.ruleset("29").options()["pair_timing"] == "after-exposure"
    assert te.ruleset("28+pair").options()["pair_timing"] == "after-winning-trick"


def test_pair_not_before_exposure() -> None:
    """RULES.md 2 pair: "shown only after trump is exposed"."""
    rnd = te.ruleset("28+pair", pair_timing="after-exposure").new_round(deal=D28, dealer=0)
    run(rnd, "bid 20", "pass", "pass", "pass", "trump 8H")
    assert rnd.to_act == 1 and not rnd.trump_exposed
    assert "show-pair" not in texts(rnd)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("show-pair")
    assert rule(exc) == "pair-before-exposure"


def test_pair_not_once_either_card_is_played() -> None:
    """RULES.md 2 pair (29: "same player, before playing either"): having trumped trick
    2 with the KH, seat 1 may no longer show the pair."""
    rnd = te.ruleset("28+pair").new_round(deal=D28, dealer=0)
    run(rnd, "bid 20", "pass", "pass", "pass", "trump 8H",
        "play 7S", "call-trump", "play 7H", "play JS", "play 7C",
        "play JC", "play 7D", "play 8C", "play KH")
    assert rnd.tricks[1].winner == 1 and rnd.to_act == 1
    assert "show-pair" not in texts(rnd)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("show-pair")
    assert rule(exc) == "pair-not-held"
    play_out(rnd)
    assert rnd.result is not None and rnd.result.target == 20


def test_pair_bengal_bid_19_needs_16() -> None:
    """RULES.md 2 pair, West Bengal (002): bid 19 shown by the bidder's side gives -3."""
    rnd = d28_pair_round("28-bengal", bid=19)
    rnd.apply("show-pair")
    assert rnd.view(1)["contract"]["target"] == 16
    assert rnd.view(1)["pair"]["change"] == -3
    play_out(rnd)
    assert rnd.result is not None and rnd.result.target == 16


@pytest.mark.parametrize("bid", [16, 17, 18])
def test_pair_bengal_bids_16_to_18_may_not_show(bid: int) -> None:
    """RULES.md 2 pair, West Bengal (002): for a bid of 16-18 the bidding team cannot
    show the pair."""
    rnd = d28_pair_round("28-bengal", bid=bid)
    assert "show-pair" not in texts(rnd)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("show-pair")
    assert rule(exc) == "pair-bid-too-low"
    assert rnd.target == bid


@pytest.mark.parametrize("bid", [20, 22, 28])
def test_pair_bengal_bid_20_and_more_gives_minus_4(bid: int) -> None:
    """RULES.md 2 pair, West Bengal (002): bids 20-28 drop by 4."""
    rnd = d28_pair_round("28-bengal", bid=bid)
    rnd.apply("show-pair")
    assert rnd.target == bid - 4 and rnd.view(0)["pair"]["change"] == -4


def test_pair_bengal_opponents_still_add_4() -> None:
    """RULES.md 2 pair, West Bengal: the 16-18 limit is for the bidding side only; the
    opponents' pair raises the target by 4 (17 -> 21). Bengal bids start at 16."""
    rnd = opp_pair_round("28-bengal", bid=17, opening=16)
    rnd.apply("show-pair")
    assert rnd.target == 21
    assert te.ruleset("28-bengal").options()["min_bid"] == 16


# --- single hand (RULES.md 2, modifiers: single hand) ------------------------------

# Seat 2 declares a single hand: it leads JS 9S AS 10S, then JH 9H AH and 7H, which
# nobody still in play can beat (seat 0, its partner, holds the QH but sits out).
SH_WIN = hands(
    "AC 10C KC QC 8C 7C QH 7D",
    "KS QS JC 9C 8S 7S 10H KH",
    "JS 9S AS 10S JH 9H 7H AH",
    "JD 9D AD 10D KD QD 8D 8H",
)
SH_WIN_PLAY = (
    "play JS", "play 8D", "play 7S",
    "play 9S", "play QD", "play 8S",
    "play AS", "play KD", "play QS",
    "play 10S", "play 10D", "play KS",
    "play JH", "play 8H", "play KH",
    "play 9H", "play JD", "play 10H",
    "play AH", "play 9D", "play 9C",
)
# The same, but seat 2's last card is the 7C: led to trick 7, seat 1's 9C wins it.
SH_LOSE = hands(
    "AC 10C KC QC 8C 7H QH 7D",
    "KS QS JC 9C 8S 7S 10H KH",
    "JS 9S AS 10S JH 9H AH 7C",
    "JD 9D AD 10D KD QD 8D 8H",
)


def single_hand_round(deal: list[list[str]], name: str = "28+single-hand") -> te.Round:
    """Seat 1 bids 14 and lays the JC; the deal completes and the single-hand window
    opens at the opener, seat 1."""
    rnd = te.ruleset(name).new_round(deal=deal, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump JC")
    return rnd


def test_single_hand_declared_after_full_deal_before_first_lead() -> None:
    """RULES.md 2 single hand (002): "after all cards are dealt and before the lead to
    the first trick"; not in the auction, not once the play has begun."""
    rnd = te.ruleset("28+single-hand").new_round(deal=SH_WIN, dealer=0)
    assert "single-hand" not in texts(rnd)
    with pytest.raises(te.IllegalActionError):
        rnd.apply("single-hand")
    run(rnd, "bid 14", "pass", "pass", "pass", "trump JC")
    assert rnd.phase is Phase.CALLS and rnd.window == "single-hand" and rnd.to_act == 1
    assert texts(rnd) == ["single-hand", "pass"]
    view = rnd.view(1)
    assert view["phase"] == "calls" and view["window"] == "single-hand"
    assert all(len(rnd.view(s)["hand"]) == 8 for s in (0, 2, 3))
    run(rnd, "pass", "pass", "pass", "pass")
    assert rnd.phase is Phase.PLAY and rnd.to_act == 1 and rnd.contract == "bid"
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("single-hand")
    assert rule(exc) == "single-hand-only-before-play"


def test_single_hand_first_declarer_wins_the_right() -> None:
    """RULES.md 2 single hand: "first to declare wins the right"; nobody is asked after."""
    rnd = single_hand_round(SH_WIN)
    run(rnd, "pass", "single-hand")
    assert rnd.phase is Phase.PLAY and rnd.window is None
    assert rnd.bidder == 2 and rnd.contract == "single-hand" and rnd.target is None
    assert rnd.view(3)["single-hand"] == {"declarer": 2}
    assert rnd.view(3)["contract"]["kind"] == "single-hand"
    # Seat 3 was never asked: the window closed at the first declaration.
    assert rnd.view(3)["calls"] == [
        {"seat": 1, "action": "pass", "window": "single-hand"},
        {"seat": 2, "action": "single-hand", "window": "single-hand"}]


def test_single_hand_has_no_trump_and_laid_card_returns() -> None:
    """RULES.md 2 single hand: "no trump": the bidder's face-down JC goes back to the
    bidder's hand and nobody may call for a trump."""
    rnd = single_hand_round(SH_WIN)
    assert "JC" not in rnd.view(1)["hand"]
    run(rnd, "pass", "single-hand")
    assert rnd.trump_suit is None
    assert "JC" in rnd.view(1)["hand"] and len(rnd.view(1)["hand"]) == 8
    assert all(rnd.view(s)["trump"] is None for s in range(4))
    run(rnd, "play JS")
    assert "call-trump" not in texts(rnd)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("call-trump")
    assert rule(exc) == "no-trump-to-call"


def test_single_hand_declarer_leads_and_partner_sits_out() -> None:
    """RULES.md 2 single hand: the declarer leads; the partner's hand is out of play, so
    tricks have three cards and the turn skips seat 0."""
    rnd = single_hand_round(SH_WIN)
    run(rnd, "pass", "single-hand")
    assert rnd.to_act == 2
    assert rnd.view(1)["sitting_out"] == [0]
    run(rnd, "play JS", "play 8D")
    assert rnd.to_act == 1
    run(rnd, "play 7S")
    trick = rnd.tricks[0]
    assert trick.seats == (2, 3, 1) and len(trick.cards) == 3 and trick.winner == 2
    assert rnd.to_act == 2


def test_single_hand_winning_all_eight_scores_3() -> None:
    """RULES.md 2 single hand / 4 pips: +3 game points if all eight tricks are won."""
    rnd = single_hand_round(SH_WIN)
    run(rnd, "pass", "single-hand", *SH_WIN_PLAY, "play 7H", "play AD", "play JC")
    res = rnd.result
    assert res is not None and rnd.is_over
    assert len(rnd.tricks) == 8 and res.tricks_won == (8, 0)
    assert res.made is True and res.contract == "single-hand" and res.target is None
    assert res.game_points == (3, 0)


def test_single_hand_lost_on_seventh_trick_scores_minus_3() -> None:
    """RULES.md 2 single hand / 4 pips: all tricks or lose; losing trick 7 ends the hand
    at once and costs 3 game points."""
    rnd = single_hand_round(SH_LOSE)
    run(rnd, "pass", "single-hand", *SH_WIN_PLAY[:-3])
    assert len(rnd.tricks) == 6 and not rnd.is_over
    run(rnd, "play 7C", "play 9D", "play 9C")
    res = rnd.result
    assert rnd.is_over and res is not None
    assert len(rnd.tricks) == 7 and rnd.tricks[-1].winner == 1
    assert res.tricks_won == (6, 1) and res.made is False
    assert res.game_points == (-3, 0)


def test_single_hand_replaces_a_double() -> None:
    """RULES.md 2 single hand: the single hand replaces the contract, a double included:
    it is worth 3, not 6."""
    rnd = single_hand_round(SH_WIN, "28+double+single-hand")
    run(rnd, "double", "pass", "pass")
    assert rnd.multiplier == 2 and rnd.window == "single-hand"
    run(rnd, "pass", "single-hand", *SH_WIN_PLAY, "play 7H", "play AD", "play JC")
    assert rnd.result is not None and rnd.result.multiplier == 1
    assert rnd.result.game_points == (3, 0)


# --- double / redouble / C (RULES.md 2 modifiers: double; 4 pips) -------------------


def double_round(name: str = "28+double", bid: int = 20, deal: list[list[str]] = D28,
                 trump: str = "8H", **options: object) -> te.Round:
    rnd = te.ruleset(name, **options).new_round(deal=deal, dealer=0)
    return run(rnd, f"bid {bid}", "pass", "pass", "pass", f"trump {trump}")


def test_double_window_after_trump_before_rest_of_deal() -> None:
    """RULES.md 2 double: "after trump is chosen and before the rest is dealt, an
    opponent may double"; the opponents are asked from the bidder's right."""
    rnd = double_round()
    assert rnd.phase is Phase.CALLS and rnd.window == "double"
    assert rnd.to_act == 2 and texts(rnd) == ["double", "pass"]
    assert len(rnd.view(2)["hand"]) == 4 and len(rnd.view(1)["hand"]) == 3
    run(rnd, "pass")
    assert rnd.to_act == 0 and texts(rnd) == ["double", "pass"]
    run(rnd, "pass")
    assert rnd.phase is Phase.PLAY and rnd.multiplier == 1
    assert len(rnd.view(2)["hand"]) == 8
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("double")
    assert rule(exc) == "double-only-after-trump"


def test_double_then_redouble_multiplies_by_4() -> None:
    """RULES.md 2 double / 4 pips: double x2, then the bidder redoubles x4: a made
    contract wins 4 game points."""
    rnd = double_round()
    run(rnd, "double")
    assert rnd.to_act == 1 and texts(rnd) == ["redouble", "pass"]
    run(rnd, "redouble")
    assert rnd.phase is Phase.PLAY and rnd.multiplier == 4
    assert rnd.view(0)["contract"]["multiplier"] == 4
    play_out(rnd)
    res = rnd.result
    assert res is not None and res.made and res.multiplier == 4
    assert res.game_points == (0, 4)


def test_double_then_redouble_failed_loses_4() -> None:
    """RULES.md 2 double / 4 pips: a redoubled contract that fails loses 4."""
    rnd = double_round(bid=22, deal=OPP, trump="9S")
    run(rnd, "double", "redouble")
    play_out(rnd)
    res = rnd.result
    assert res is not None and res.card_points == (7, 21) and res.made is False
    assert res.game_points == (0, -4)


def test_double_alone_multiplies_by_2() -> None:
    """RULES.md 2 double: an opponent's double alone is x2 (the second opponent may
    double when the first passes; the bidding side then passes)."""
    rnd = double_round()
    run(rnd, "pass", "double")
    assert rnd.to_act == 1
    run(rnd, "pass")
    assert rnd.to_act == 3 and texts(rnd) == ["redouble", "pass"]
    run(rnd, "pass")
    assert rnd.phase is Phase.PLAY and rnd.multiplier == 2
    play_out(rnd)
    assert rnd.result is not None and rnd.result.game_points == (0, 2)
    lost = double_round(bid=22, deal=OPP, trump="9S")
    run(lost, "double", "pass", "pass")
    play_out(lost)
    assert lost.result is not None and lost.result.game_points == (0, -2)


def test_double_partner_may_redouble() -> None:
    """RULES.md 2 double: "the bidder or partner may redouble"."""
    rnd = double_round()
    run(rnd, "double", "pass", "redouble")
    assert rnd.multiplier == 4 and rnd.phase is Phase.PLAY


def test_double_auto_double_caps_at_4() -> None:
    """RULES.md 2 double, auto-double (002): a bid of 21+ is already worth 2; one double
    makes 4 and no redouble is offered."""
    rnd = double_round(bid=21, auto_double=21)
    assert rnd.phase is Phase.CALLS and rnd.multiplier == 2
    assert rnd.view(3)["contract"]["multiplier"] == 2
    run(rnd, "double")
    assert rnd.multiplier == 4 and rnd.phase is Phase.PLAY
    assert not any("redouble" in a for a in texts(rnd))
    with pytest.raises(te.IllegalActionError):
        rnd.apply("redouble")
    assert rnd.multiplier == 4
    play_out(rnd)
    assert rnd.result is not None and rnd.result.game_points == (0, 4)
    undoubled = double_round(bid=21, auto_double=21)
    run(undoubled, "pass", "pass")
    play_out(undoubled)
    assert undoubled.result is not None and undoubled.result.game_points == (0, 2)
    below = double_round(bid=20, auto_double=21)
    assert below.multiplier == 1
    run(below, "double")
    assert below.to_act == 1 and "redouble" in texts(below)


def test_double_c_call_only_bidder_after_double_at_zero_pips() -> None:
    """RULES.md 2 double, "C" (002): a six-point call only by the bidder, only after the
    opponents doubled, only when the bidding team shows no pips."""
    def doubled(scores: tuple[int, int]) -> te.Round:
        rnd = te.ruleset("28+double", c_call=True).new_round(deal=OPP, dealer=0,
                                                             scores=scores)
        run(rnd, "bid 14", "bid 26", "pass", "pass", "pass", "trump JH")
        assert rnd.bidder == 2 and rnd.to_act == 3
        assert "call-c" not in texts(rnd)  # before a double
        with pytest.raises(te.IllegalActionError) as exc:
            rnd.apply("call-c")
        assert rule(exc) == "nothing-doubled"
        run(rnd, "double")
        assert rnd.to_act == 2
        return rnd

    rnd = doubled((0, 0))
    assert texts(rnd) == ["redouble", "call-c", "pass"]
    run(rnd, "pass")
    assert rnd.to_act == 0 and "call-c" not in texts(rnd)  # the partner may not
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("call-c")
    assert rule(exc) == "c-not-allowed"

    shown = doubled((1, 0))  # the bidding team (0) shows a pip
    assert texts(shown) == ["redouble", "pass"]
    with pytest.raises(te.IllegalActionError) as exc:
        shown.apply("call-c")
    assert rule(exc) == "c-not-allowed"
    # 002: "if the point is 0 for the bidding team": the opponents' pips do not matter.
    assert "call-c" in texts(doubled((0, 1)))


def test_double_c_call_is_worth_6() -> None:
    """RULES.md 2 double, "C": the hand is played for six game points."""
    rnd = te.ruleset("28+double", c_call=True).new_round(deal=OPP, dealer=0, scores=(0, 0))
    run(rnd, "bid 14", "bid 26", "pass", "pass", "pass", "trump JH", "double", "call-c")
    assert rnd.phase is Phase.PLAY
    assert rnd.view(1)["contract"]["stake"] == 6
    play_out(rnd)
    res = rnd.result
    assert res is not None and res.card_points == (14, 14) and res.made is False
    assert res.game_points == (-6, 0)


def test_double_c_call_in_a_match_follows_the_running_pips() -> None:
    """RULES.md 2 double, "C" / 4 pips: in a Match each round is dealt at the running
    totals, and the doubled bidder is offered the C only while its team is at 0."""
    match = te.Match(te.ruleset("28+double", c_call=True), seed=1)
    offers: dict[bool, int] = {True: 0, False: 0}
    for _ in range(40):
        if match.is_over:
            break
        rnd = match.next_round()
        assert rnd.scores == match.totals
        while not rnd.is_over:
            acts = texts(rnd)
            if rnd.phase is Phase.CALLS and rnd.window == "double":
                if "double" in acts:
                    rnd.apply("double")
                    continue
                if rnd.to_act == rnd.bidder:
                    at_zero = match.totals[rnd.bidder % 2] == 0
                    assert ("call-c" in acts) is at_zero
                    offers[at_zero] += 1
                rnd.apply("pass")
                continue
            rnd.apply(acts[0])
        match.score(rnd)
    assert offers[True] and offers[False]


def test_double_auto_double_with_c_call_is_refused() -> None:
    """RULES.md 2 double: the C is "not with auto-double": the config is refused."""
    with pytest.raises(te.ConfigError, match="auto-double"):
        te.ruleset("28+double", auto_double=21, c_call=True)
    with pytest.raises(te.ConfigError, match="auto_double"):
        te.ruleset("28+double", auto_double=30)


# --- redeal checks (RULES.md 2 modifiers: redeal checks) ---------------------------

FOUR_JACKS = hands(
    "7C AH KH JS JH JD JC 10S",
    "8H QH 9H 7H 10H 9S 9D AD",
    "AC AS 8C KS 10D KD QD 8D",
    "QC 9C 10C KC QS 8S 7S 7D",
)


def test_redeal_four_jacks_force_redeal_same_dealer() -> None:
    """RULES.md 2 redeal (000 rule 1): all four Jacks in one hand annul the deal, found
    when the deal is complete; in a Match the same dealer deals again."""
    rnd = te.ruleset("28").new_round(deal=FOUR_JACKS, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 8H")
    assert rnd.result is not None and rnd.result.annulled == "four-jacks"
    assert rnd.result.game_points == (0, 0) and rnd.result.made is None
    for seed in range(2000):
        match = te.Match("28", seed=seed, dealer=2)
        first = match.next_round()
        if not any(sum(c.rank == "J" for c in hand) == 4 for hand in first.deal):
            continue
        play_out(first)
        assert first.result is not None and first.result.annulled == "four-jacks"
        match.score(first)
        assert match.dealer == 2 and match.totals == (0, 0)
        again = match.next_round()
        assert again.dealer == 2 and again.opener == 3
        return
    pytest.fail("no seed dealt four Jacks to one hand")  # pragma: no cover


def test_redeal_four_jacks_option_off() -> None:
    """RULES.md 2 redeal: each check is an option; redeal_four_jacks=False plays on."""
    rnd = te.ruleset("28", redeal_four_jacks=False).new_round(deal=FOUR_JACKS, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 8H")
    assert not rnd.is_over and rnd.phase is Phase.PLAY


POINTLESS = hands(
    "7C AH KH JS QH 9S AS 10S",
    "8H JH 9H 7H 10H JD 9D AD",
    "AC JC 9C KS 10D 10C QD 7D",
    "QC KC 8C QS 8S 7S KD 8D",  # seat 3: no J, 9, A or 10
)


def test_redeal_pointless_hand_claimed_before_first_card() -> None:
    """RULES.md 2 redeal (000 rule 4): a hand of 8 pointless cards may be shown for a
    redeal on the holder's turn before its first card; not by a hand with points."""
    rnd = te.ruleset("28").new_round(deal=POINTLESS, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 8H", "play JD")
    assert rnd.to_act == 2 and "redeal" not in texts(rnd)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("redeal")
    assert rule(exc) == "redeal-not-allowed"
    run(rnd, "play 7D")
    assert rnd.to_act == 3 and "redeal" in texts(rnd)
    rnd.apply("redeal")
    assert rnd.result is not None and rnd.result.annulled == "pointless-hand"


def test_redeal_pointless_hand_window_closes_after_first_card() -> None:
    """RULES.md 2 redeal: the pointless-hand claim is before the player's first card."""
    rnd = te.ruleset("28").new_round(deal=POINTLESS, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 8H",
        "play JD", "play 7D", "play 8D", "play 7C")
    assert rnd.tricks[0].winner == 1
    run(rnd, "play 9D", "play QD")
    assert rnd.to_act == 3 and "redeal" not in texts(rnd)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("redeal")
    assert rule(exc) == "redeal-not-allowed"


def test_redeal_pointless_hand_option_off() -> None:
    """RULES.md 2 redeal: redeal_pointless_hand=False stops the claim."""
    rnd = te.ruleset("28", redeal_pointless_hand=False).new_round(deal=POINTLESS, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 8H", "play JD", "play 7D")
    assert rnd.to_act == 3 and "redeal" not in texts(rnd)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("redeal")
    assert rule(exc) == "redeal-not-allowed"


OPENER_POINTLESS = hands(
    "7C AH KH JS QH 9S AS 10S",
    "8H KD QS 7H 10H JD 9D AD",  # seat 1 (opener): first four 8H KD QS 7H, no points
    "AC JC 8C KS 10D JH QD 8D",
    "QC 9C 10C KC 9H 8S 7S 7D",
)


def test_redeal_opener_pointless_first_four() -> None:
    """RULES.md 2 auction / redeal (000 rule 3): the opener whose first four cards are
    pointless may demand a redeal as the opening call, and only then."""
    rnd = te.ruleset("28").new_round(deal=OPENER_POINTLESS, dealer=0)
    assert "redeal" in texts(rnd)
    rnd.apply("redeal")
    assert rnd.result is not None and rnd.result.annulled == "opener-pointless"
    later = te.ruleset("28").new_round(deal=OPENER_POINTLESS, dealer=0)
    run(later, "bid 14", "bid 15", "pass", "pass")
    assert later.to_act == 1 and "redeal" not in texts(later)
    with pytest.raises(te.IllegalActionError) as exc:
        later.apply("redeal")
    assert rule(exc) == "redeal-not-allowed"


def test_redeal_opener_pointless_option_off() -> None:
    """RULES.md 2 redeal: redeal_opener_pointless=False: the opener must bid."""
    rs = te.ruleset("28", redeal_opener_pointless=False)
    rnd = rs.new_round(deal=OPENER_POINTLESS, dealer=0)
    assert "redeal" not in texts(rnd)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("redeal")
    assert rule(exc) == "redeal-not-allowed"


ALL_TRUMPS = hands(
    "QH 8S 7S AS 9S QS KD 10D",
    "7C 8C AH KH QC KC JS 10S",  # seat 1 bids clubs with 7C 8C QC KC
    "8H JH 9H 7H 10H JD 9D AD",  # void in spades and clubs
    "JC 9C AC 10C KS QD 8D 7D",  # seat 3, the partner: the other four clubs
)


def test_redeal_bidding_side_holds_every_trump_found_at_exposure() -> None:
    """RULES.md 2 redeal (000 rule 2): the bidding side holds all 8 trumps; known (and
    the deal annulled) when the trump is exposed, not before."""
    rnd = te.ruleset("28").new_round(deal=ALL_TRUMPS, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 7C", "play JS")
    assert not rnd.is_over
    rnd.apply("call-trump")
    assert rnd.result is not None and rnd.result.annulled == "bidding-side-all-trumps"


def test_redeal_bidding_side_all_trumps_option_off() -> None:
    """RULES.md 2 redeal: redeal_bidding_side_all_trumps=False plays on."""
    rnd = te.ruleset("28", redeal_bidding_side_all_trumps=False).new_round(
        deal=ALL_TRUMPS, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 7C", "play JS", "call-trump")
    assert not rnd.is_over and rnd.trump_exposed and rnd.to_act == 2


ONE_SUIT = hands(
    "QH JS AH KS 10D KD QD 8D",
    "8H JH 9H 7H 10H JD 9D AD",
    "7C 8C QC KC JC 9C 10C AC",  # seat 2: all clubs
    "KH AS 10S 9S QS 8S 7S 7D",
)


def test_redeal_one_suit_hand() -> None:
    """RULES.md 2 redeal (001): a hand all of one suit annuls the deal once complete;
    redeal_one_suit_hand=False plays on."""
    rnd = te.ruleset("28").new_round(deal=ONE_SUIT, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "pass")
    assert not rnd.is_over
    rnd.apply("trump 8H")
    assert rnd.result is not None and rnd.result.annulled == "one-suit-hand"
    off = te.ruleset("28", redeal_one_suit_hand=False).new_round(deal=ONE_SUIT, dealer=0)
    run(off, "bid 14", "pass", "pass", "pass", "trump 8H")
    assert not off.is_over and off.phase is Phase.PLAY


# --- play options (RULES.md 2 trump) ------------------------------------------------

# Seat 1 bids and lays the 7C, leads JS; seat 2 (void in spades, one club: 9C) calls and
# must trump; seat 3 (void in spades) then holds JC 8C (OVER_TRUMP) or QC 8C
# (UNDER_ONLY), both with diamonds.
OVER_TRUMP = hands(
    "AC 10C KC QC 7S 7H 7D 8D",
    "7C JS 9S AS 10S KS QS 8S",
    "9C JH 9H AH 10H KH QH 8H",
    "JC 8C JD 9D AD 10D KD QD",
)
UNDER_ONLY = hands(
    "AC 10C KC JC 7S 7H 7D 8D",
    "7C JS 9S AS 10S KS QS 8S",
    "9C JH 9H AH 10H KH QH 8H",
    "QC 8C JD 9D AD 10D KD QD",
)
DIAMONDS = {f"play {r}D" for r in ("J", "9", "A", "10", "K", "Q")}


def over_trump_trick(name: str, deal: list[list[str]], **options: object) -> te.Round:
    rnd = te.ruleset(name, **options).new_round(deal=deal, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 7C", "play JS", "call-trump")
    assert texts(rnd) == ["play 9C"]
    return run(rnd, "play 9C")


def test_over_trump_must_beat_trump_in_trick() -> None:
    """RULES.md 2 over-trump (001/002, 004): over a trump already in the trick you must
    beat it if able, and may not under-trump; another suit stays allowed."""
    rnd = over_trump_trick("28", OVER_TRUMP, over_trump=True)
    assert set(texts(rnd)) == DIAMONDS | {"play JC"}
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("play 8C")
    assert rule(exc) == "must-over-trump"
    plain = over_trump_trick("28", OVER_TRUMP)
    assert set(texts(plain)) == DIAMONDS | {"play JC", "play 8C"}


def test_over_trump_never_under_trump_while_holding_another_card() -> None:
    """RULES.md 2 over-trump: holding only lower trumps, a player with other cards must
    play those, not a lower trump."""
    rnd = over_trump_trick("28", UNDER_ONLY, over_trump=True)
    assert set(texts(rnd)) == DIAMONDS
    for card in ("QC", "8C"):
        with pytest.raises(te.IllegalActionError) as exc:
            rnd.apply(f"play {card}")
        assert rule(exc) == "must-over-trump"


def test_no_jack_discard() -> None:
    """RULES.md 2 no Jack discard (000): a player void in the suit led may not discard
    the Jack of a suit not yet led; the exposed trump Jack stays legal."""
    rnd = te.ruleset("28", no_jack_discard=True).new_round(deal=OVER_TRUMP, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 7C", "play JS")
    assert rnd.to_act == 2
    assert "play JH" not in texts(rnd) and "play 9H" in texts(rnd)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("play JH")
    assert rule(exc) == "no-jack-discard"
    run(rnd, "call-trump", "play 9C")
    legal = texts(rnd)
    assert "play JC" in legal and "play JD" not in legal and "play 9D" in legal
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("play JD")
    assert rule(exc) == "no-jack-discard"
    plain = te.ruleset("28").new_round(deal=OVER_TRUMP, dealer=0)
    run(plain, "bid 14", "pass", "pass", "pass", "trump 7C", "play JS")
    assert "play JH" in texts(plain)


# RULES.md 5's worked example (000): seat 0 (West) bids and lays the 7C.
EXAMPLE = hands(
    "7C AH KH JS QH 9S AS 10S",
    "8H JH 9H 7H 10H JD 9D AD",
    "AC JC 8C KS 10D KD QD 8D",
    "QC 9C 10C KC QS 8S 7S 7D",
)


def test_seventh_card_becomes_the_hidden_trump() -> None:
    """RULES.md 2 seventh card (001/002): the bidder's seventh dealt card is the trump;
    nobody, the bidder included, sees it until it is exposed."""
    refused = te.ruleset("28").new_round(deal=EXAMPLE, dealer=0)
    run(refused, "bid 14", "pass", "pass", "pass")
    assert "seventh-card" not in texts(refused)
    with pytest.raises(te.IllegalActionError) as exc:
        refused.apply("seventh-card")
    assert rule(exc) == "seventh-card-not-allowed"

    rnd = te.ruleset("28", seventh_card=True).new_round(deal=EXAMPLE, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "pass")
    assert "seventh-card" in texts(rnd)
    rnd.apply("seventh-card")
    assert rnd.phase is Phase.PLAY
    assert rnd.concealed_card == te.Card.parse("9D")  # seat 1's seventh card
    for seat in range(4):
        assert rnd.view(seat)["trump"] == {"marker": "seventh-card", "holder": 1,
                                           "exposed": False}
    own = rnd.view(1)
    assert "9D" not in own["hand"] and len(own["hand"]) == 7
    assert own["cards_held"][1] == 8
    run(rnd, "play 8H", "call-trump")
    assert rnd.trump_exposed and rnd.trump_suit == "D"
    trump = rnd.view(0)["trump"]
    assert trump["card"] == "9D" and trump["suit"] == "D"
    assert "9D" in rnd.view(1)["hand"]


def test_early_trumps_count_worked_example() -> None:
    """RULES.md 5 worked example / 2 early_trumps_count: South leads 8H, East discards
    AC before the call, North calls and plays QC, West plays AH. By default North wins;
    with early_trumps_count=True the earlier club counts and East wins."""
    moves = ("bid 14", "pass", "pass", "bid 15", "pass", "trump 7C",
             "play 8H", "play AC", "call-trump", "play QC", "play AH")
    default = run(te.ruleset("28").new_round(deal=EXAMPLE, dealer=0), *moves)
    assert default.tricks[0].winner == 3 and default.tricks[0].trumps_from == 2
    early = run(te.ruleset("28", early_trumps_count=True).new_round(deal=EXAMPLE, dealer=0),
                *moves)
    assert early.tricks[0].winner == 2 and early.tricks[0].trumps_from == 0
    assert early.card_points == (2, 0)


def play_without_calling(rnd: te.Round) -> te.Round:
    while not rnd.is_over:
        acts = [a for a in rnd.legal_actions() if not isinstance(a, te.CallTrump)]
        rnd.apply(acts[0])
    return rnd


def test_last_trick_unexposed_void() -> None:
    """RULES.md 2 last trick (002): a trump never exposed voids the hand; by default
    (001/003/004) the bidder must expose and play it on the last trick."""
    rnd = te.ruleset("28", last_trick_unexposed="void").new_round(deal=D28, dealer=0)
    play_without_calling(run(rnd, "bid 20", "pass", "pass", "pass", "trump 8H"))
    res = rnd.result
    assert res is not None and res.annulled == "trump-never-exposed"
    assert len(rnd.tricks) == 7 and res.game_points == (0, 0) and res.made is None
    default = te.ruleset("28").new_round(deal=D28, dealer=0)
    play_without_calling(run(default, "bid 20", "pass", "pass", "pass", "trump 8H"))
    assert default.result is not None and default.result.annulled is None
    assert len(default.tricks) == 8 and te.Card.parse("8H") in default.tricks[-1].cards


def test_less_than_half_doubles() -> None:
    """RULES.md 2 less than half (001/002): a failed bid that took less than half of it
    loses double; at exactly half or more, the usual single loss."""
    def lost(choose: int, **options: object) -> te.RoundResult:
        rnd = te.ruleset("28", **options).new_round(deal=OPP, dealer=0)
        run(rnd, "bid 20", "pass", "pass", "pass", "trump 9S")
        play_out(rnd, choose=choose)
        assert rnd.result is not None
        return rnd.result

    under = lost(1, less_than_half_doubles=True)
    assert under.card_points == (20, 8) and under.game_points == (0, -2)
    assert lost(1).game_points == (0, -1)
    half = lost(3, less_than_half_doubles=True)
    assert half.card_points == (18, 10) and half.game_points == (0, -1)


# --- 29 (RULES.md 3 preset 29) ----------------------------------------------------


def test_29_indicator_trump() -> None:
    """RULES.md 2 trump_marker indicator / 3 preset 29: the bidder names the suit with a
    card from outside the deck (trump S); no card leaves the hand; only the bidder knows."""
    rnd = te.ruleset("29").new_round(deal=OPP, dealer=0)
    run(rnd, "bid 16", "bid 27", "pass", "pass", "pass")
    assert set(texts(rnd)) == {"trump S", "trump H", "trump D", "trump C"}
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("trump JH")
    assert rule(exc) == "wrong-phase"
    rnd.apply("trump S")
    assert rnd.trump_suit == "S" and rnd.concealed_card is None
    assert rnd.view(2)["trump"] == {"marker": "indicator", "holder": 2, "exposed": False,
                                    "suit": "S"}
    assert rnd.view(1)["trump"] == {"marker": "indicator", "holder": 2, "exposed": False}
    assert len(rnd.view(2)["hand"]) == 8 and rnd.view(2)["cards_held"] == [8, 8, 8, 8]


def test_29_reveal_forced_when_void_and_no_obligation_to_trump() -> None:
    """RULES.md 2 reveal when void / caller must play trump (004's 29): a void player must
    call for the trump (only call-trump is legal) and is then never obliged to trump."""
    rnd = te.ruleset("29").new_round(deal=OPP, dealer=0)
    run(rnd, "bid 16", "bid 27", "pass", "pass", "pass", "trump H", "play JS")
    assert texts(rnd) == ["call-trump"]
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("play QC")
    assert rule(exc) == "must-call-trump"
    rnd.apply("call-trump")
    assert rnd.trump_exposed and rnd.to_act == 2
    assert set(texts(rnd)) >= {"play JH", "play 7H", "play QC", "play AC"}
    run(rnd, "play QC")
    # In 28 the caller must trump (the same deal and calls).
    strict = te.ruleset("28").new_round(deal=OPP, dealer=0)
    run(strict, "bid 16", "bid 27", "pass", "pass", "pass", "trump JH", "play JS")
    assert "play QC" in texts(strict)  # not forced to call in 28
    strict.apply("call-trump")
    assert set(texts(strict)) == {"play JH", "play 7H"}


def test_29_last_trick_adds_one_card_point() -> None:
    """RULES.md 3 preset 29: the last trick earns one card point: 29 in all."""
    rnd = te.ruleset("29").new_round(deal=OPP, dealer=0)
    run(rnd, "bid 16", "bid 27", "pass", "pass", "pass", "trump H")
    play_out(rnd)
    res = rnd.result
    assert res is not None and res.annulled is None
    assert sum(res.card_points) == 29
    deck = te.ruleset("29").deck
    last = rnd.tricks[-1]
    assert last.points == sum(deck.points[deck.ids[c]] for c in last.cards) + 1
    assert [t.points for t in rnd.tricks[:-1]] == [
        sum(deck.points[deck.ids[c]] for c in t.cards) for t in rnd.tricks[:-1]]
    same_in_28 = te.ruleset("28").new_round(deal=OPP, dealer=0)
    play_out(same_in_28)
    assert same_in_28.result is not None and sum(same_in_28.result.card_points) == 28


def test_29_last_trick_points_0_needs_max_bid_28() -> None:
    """RULES.md 2 bids (29 "or 28 without last-trick point"): last_trick_points=0 with
    max_bid 29 is refused with a clear ConfigError; with max_bid=28 it is 28 points."""
    with pytest.raises(te.ConfigError, match="max_bid") as exc:
        te.ruleset("29", last_trick_points=0)
    assert "29" in str(exc.value) and "28" in str(exc.value)
    rs = te.ruleset("29", last_trick_points=0, max_bid=28)
    rnd = play_out(rs.new_round(deal=OPP, dealer=0))
    assert rnd.result is not None and sum(rnd.result.card_points) == 28


@pytest.mark.parametrize(("min_bid", "low"), [(None, 16), (15, 15), (17, 17)])
def test_29_bids_16_to_29_and_15_17_option(min_bid: int | None, low: int) -> None:
    """RULES.md 2 min_bid/max_bid, 3 preset 29: 16-29 (options 15, 17)."""
    rs = te.ruleset("29") if min_bid is None else te.ruleset("29", min_bid=min_bid)
    rnd = rs.new_round(deal=OPP, dealer=0)
    bids = [a.value for a in rnd.legal_actions() if isinstance(a, te.Bid)]
    assert bids == list(range(low, 30))
    for bad in (low - 1, 30):
        with pytest.raises(te.IllegalActionError) as exc:
            rnd.apply(te.Bid(bad))
        assert rule(exc) == "bid-out-of-range"


# --- 28-bands (RULES.md 3 preset 28-bands, 5) --------------------------------------


def test_bands_bid_22_made_2_failed_3() -> None:
    """RULES.md 5 (004 bands): a bid of 22 made is +2, failed is -3."""
    made = te.ruleset("28-bands").new_round(deal=D28, dealer=0)
    play_out(run(made, "bid 22", "pass", "pass", "pass", "trump 8H"))
    assert made.result is not None and made.result.card_points == (0, 28)
    assert made.result.game_points == (0, 2)
    failed = te.ruleset("28-bands").new_round(deal=OPP, dealer=0)
    play_out(run(failed, "bid 22", "pass", "pass", "pass", "trump 9S"))
    assert failed.result is not None and failed.result.card_points == (7, 21)
    assert failed.result.made is False and failed.result.game_points == (0, -3)


@pytest.mark.parametrize(("bid", "made", "failed"),
                         [(14, 1, -2), (19, 1, -2), (20, 2, -3), (24, 2, -3), (25, 3, -4),
                          (28, 3, -4)])
def test_bands_table(bid: int, made: int, failed: int) -> None:
    """RULES.md 3 preset 28-bands: 14-19 +1/-2; 20-24 +2/-3; 25+ +3/-4."""
    scoring = te.ruleset("28-bands").config.scoring
    for ok, value in ((True, made), (False, failed)):
        outcome = te.HandOutcome(teams=2, bidding_team=1, bid=bid, target=bid,
                                 card_points=(0, 28) if ok else (28, 0),
                                 tricks_won=(0, 8) if ok else (8, 0), made=ok)
        assert scoring.hand_points(outcome) == (0, value)


def test_bands_first_to_10_ends_match() -> None:
    """RULES.md 3 preset 28-bands / 4 bands: first to 10 wins (a negative total does not
    end the match)."""
    scoring = te.ruleset("28-bands").config.scoring
    assert scoring.match_winner((9, 9)) is None
    assert scoring.match_winner((-12, 9)) is None
    assert scoring.match_winner((10, 3)) == 0 and scoring.match_winner((2, 11)) == 1
    match = te.Match("28-bands", seed=3)  # a seed whose match ends within the bound
    for _ in range(200):  # bands never end on losses: bound the loop
        if match.is_over:
            break
        assert max(match.totals) < 10
        rnd = match.next_round()
        play_out(rnd)
        match.score(rnd)
    assert match.winner is not None and match.totals[match.winner] >= 10


def test_bands_over_trump_is_on() -> None:
    """RULES.md 3 preset 28-bands: over-trump on (004)."""
    assert te.ruleset("28-bands").options()["over_trump"] is True
    rnd = over_trump_trick("28-bands", OVER_TRUMP)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("play 8C")
    assert rule(exc) == "must-over-trump"


# --- scoring (RULES.md 4) ---------------------------------------------------------


def test_pips_match_ends_at_plus_or_minus_6() -> None:
    """RULES.md 4 pips: a team at +6 wins, at -6 loses."""
    scoring = te.ruleset("28").config.scoring
    assert scoring.match_winner((5, -5)) is None
    assert scoring.match_winner((6, 0)) == 0 and scoring.match_winner((0, 6)) == 1
    assert scoring.match_winner((-6, 0)) == 1 and scoring.match_winner((3, -6)) == 0
    match = te.Match("28", seed=2)
    for _ in range(500):
        if match.is_over:
            break
        assert min(match.totals) > -6 and max(match.totals) < 6
        rnd = match.next_round()
        play_out(rnd, choose=len(match.rounds) % 2)
        match.score(rnd)
    assert max(match.totals) >= 6 or min(match.totals) <= -6


def test_bands_match_target_option() -> None:
    """RULES.md 4 bands ("first to N wins"): match_target is an option."""
    rs = te.ruleset("28-bands", match_target=3)
    assert rs.options()["match_target"] == 3
    assert rs.config.scoring.match_winner((3, 0)) == 0
    assert rs.config.scoring.match_winner((2, 2)) is None
    match = te.Match(rs, seed=0)
    for _ in range(200):
        if match.is_over:
            break
        rnd = match.next_round()
        play_out(rnd)
        match.score(rnd)
    assert match.winner is not None and 3 <= match.totals[match.winner] < 10
    with pytest.raises(te.ConfigError):
        te.ruleset("28-bands", match_target=0)


# --- every preset with every set of modifiers (RULES.md 2 modifiers, 3) -------------


def _combinations() -> list[tuple[str, tuple[str, ...]]]:
    mods = te.modifiers()
    return [(preset, combo) for preset in te.presets()
            for k in range(len(mods) + 1) for combo in itertools.combinations(mods, k)]


def test_every_preset_with_modifiers_works_or_says_why() -> None:
    """RULES.md 2 modifiers ("composable with any compatible ruleset") and 3 ("presets
    compose with modifiers by name"): each combination either plays a round to the end
    or is refused with a ConfigError naming the ruleset or modifier."""
    combos = _combinations()
    assert ("28", ("double", "pair", "single-hand")) in combos
    worked = refused = 0
    for preset, mods in combos:
        name = "+".join((preset, *mods))
        try:
            rs = te.ruleset(name)
        except te.ConfigError as exc:
            msg = str(exc)
            assert msg.strip(), name
            assert any(part in msg for part in (preset, *mods)), (name, msg)
            refused += 1
            continue
        assert rs.name == name
        for seed in (1, 2):
            rnd = play_out(rs.new_round(seed=seed), choose=seed)
            assert rnd.result is not None and rnd.is_over, name
        worked += 1
    assert worked and refused
    for name in ("28+pair", "28+double", "28+single-hand", "28+pair+double+single-hand",
                 "29+double", "28-bengal+double"):
        te.ruleset(name)


def _takes_double(preset: str) -> bool:
    try:
        te.ruleset(f"{preset}+double")
    except te.ConfigError:
        return False
    return True


@pytest.mark.parametrize("preset", [p for p in te.presets() if _takes_double(p)])
def test_double_multiplies_every_scoring_it_composes_with(preset: str) -> None:
    """RULES.md 2 double / 4 ("x2 double, x4 redouble" in every scoring system): where
    the double modifier is accepted, a redoubled hand is worth four times the same hand
    played undoubled (same deal, same cards); the round applies the multiplier, so a
    third party's scoring (twenty-twenty's) is doubled too."""
    rs = te.ruleset(f"{preset}+double")
    compared = 0
    for seed in range(12):
        plain, doubled = rs.new_round(seed=seed), rs.new_round(seed=seed)
        for rnd, calls in ((plain, ("pass",)), (doubled, ("double", "redouble"))):
            while not rnd.is_over:
                acts = texts(rnd)
                if rnd.phase is Phase.CALLS and rnd.window == "double":
                    pick = next(a for a in calls if a in acts)
                elif rnd.bid is None and "pass" in acts:
                    # Someone must bid where the opener may pass (304): the first bid.
                    pick = next((a for a in acts if a.startswith("bid")), acts[0])
                else:
                    pick = acts[0]
                rnd.apply(pick)
        p, d = plain.result, doubled.result
        assert p is not None and d is not None
        if p.annulled is None and d.annulled is None and any(p.game_points):
            assert d.multiplier == 4
            assert d.game_points == tuple(4 * g for g in p.game_points), (seed, p, d)
            compared += 1
    assert compared


def test_c_call_needs_a_scoring_that_plays_for_stakes() -> None:
    """RULES.md 2 double ("C"): the C is a fixed stake; a scoring system that cannot
    play a hand for one (the example plug-in's) refuses ``c_call``."""
    with pytest.raises(te.ConfigError, match="fixed stake"):
        te.ruleset("twenty-twenty+double", c_call=True)
    assert te.ruleset("28+double", c_call=True).options()["c_call"] is True


def test_pips_sets_of_six() -> None:
    """RULES.md 4 pips (002): each +6 or -6 closes a set and the pips start again; sets
    of both teams cancel; with ``match_sets=2`` a team must be two sets ahead."""
    match = te.Match(te.ruleset("28", match_sets=2), seed=5)
    closed = 0
    while not match.is_over and len(match.rounds) < 400:
        before = match.sets
        match.score(play_out(match.next_round()))
        if match.sets != before:
            closed += 1
            assert min(match.sets) == 0  # cancelled down
            assert match.is_over or match.totals == (0, 0)  # a new set starts at nothing
    assert match.is_over and closed >= 2
    assert match.sets[match.winner] == 2 and match.sets[1 - match.winner] == 0
    single = te.Match("28", seed=5)
    while not single.is_over:
        single.score(play_out(single.next_round()))
    assert single.winner is not None and single.sets[single.winner] == 1
    assert max(abs(t) for t in single.totals) >= 6  # the first set ends the match
