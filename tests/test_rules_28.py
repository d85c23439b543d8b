"""Named tests for each rule of the ``28`` preset (RULES.md sections 1-5).

Seats are numbered in the counter-clockwise order of play. With dealer 0 (West), the
opener is seat 1 (South), then East (2), North (3). Teams: seats 1 and 3 against 0 and 2.
"""

from __future__ import annotations

import attrs
import pytest
from twentyeight_variants.classic import CONFIG_28

import twentyeight as te
from twentyeight.round import Phase

from .helpers import hands, play_out, run

# The worked example of RULES.md section 5 (seed 000). West (0) deals and will bid and
# lay the 7 of clubs; South (1) holds the hearts that lead; East (2) and North (3) hold
# no hearts.
EXAMPLE = hands(
    "7C AH KH JS QH 9S AS 10S",  # West, dealer
    "8H JH 9H 7H 10H JD 9D AD",  # South, opener
    "AC JC 8C KS 10D KD QD 8D",  # East
    "QC 9C 10C KC QS 8S 7S 7D",  # North
)


def example_round(dealer: int = 0) -> te.Round:
    return te.ruleset("28").new_round(deal=EXAMPLE, dealer=dealer)


def west_bids_clubs() -> te.Round:
    """South opens 14, West takes it at 15 and lays the 7 of clubs."""
    return run(example_round(), "bid 14", "pass", "pass", "bid 15", "pass", "trump 7C")


def rule(exc: pytest.ExceptionInfo[te.IllegalActionError]) -> str:
    return exc.value.rule


# --- RULES.md 1: deck, points, order of play ----------------------------------------


def test_deck_is_32_cards_worth_28_points() -> None:
    """RULES.md 1: J 9 A 10 K Q 8 7 in four suits; J 3, 9 2, A 1, 10 1."""
    deck = te.ruleset("28").deck
    assert deck.size == 32
    assert deck.total_points == 28
    strength = {str(c): deck.strength[i] for i, c in enumerate(deck.cards) if c.suit == "S"}
    order = sorted(strength, key=strength.__getitem__, reverse=True)
    assert order == ["JS", "9S", "AS", "10S", "KS", "QS", "8S", "7S"]


def test_opener_is_dealers_right_and_deal_is_four_then_four() -> None:
    """RULES.md 1 / deal_schedule: the opener is the seat after the dealer; four cards
    each before the auction, the other four after the trump is laid."""
    rnd = example_round(dealer=2)
    assert rnd.opener == 3 and rnd.to_act == 3
    assert all(len(rnd.view(s)["hand"]) == 4 for s in range(4))
    assert set(rnd.view(1)["hand"]) == set(EXAMPLE[1][:4])


# --- Auction -----------------------------------------------------------------------


def test_opener_must_bid() -> None:
    """RULES.md 2 auction: the opener may not pass."""
    rnd = example_round()
    assert te.Pass() not in rnd.legal_actions()
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("pass")
    assert rule(exc) == "opener-must-bid"


@pytest.mark.parametrize("bid", [13, 29, 0])
def test_bids_run_from_14_to_28(bid: int) -> None:
    """RULES.md 3, preset 28: bids 14-28."""
    rnd = example_round()
    bids = [a.value for a in rnd.legal_actions() if isinstance(a, te.Bid)]
    assert bids == list(range(14, 29))
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply(te.Bid(bid))
    assert rule(exc) == "bid-out-of-range"


def test_bid_must_be_higher() -> None:
    """RULES.md 2: subsequent players bid higher or pass."""
    rnd = run(example_round(), "bid 16")
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("bid 16")
    assert rule(exc) == "bid-too-low"
    assert min(a.value for a in rnd.legal_actions() if isinstance(a, te.Bid)) == 17


def test_passing_is_final() -> None:
    """RULES.md 2: once a player passes, the auction skips that player."""
    rnd = run(example_round(), "bid 14", "pass", "bid 20", "bid 21")
    # seat 2 passed: after West (0) bid 21 it is South (1), then North (3), never East.
    assert rnd.to_act == 1
    run(rnd, "bid 22")
    assert rnd.to_act == 3


def test_three_passes_end_the_auction() -> None:
    """RULES.md 2: three passes after a bid end the auction; the bidder lays the trump."""
    rnd = run(example_round(), "bid 14", "pass", "pass")
    assert rnd.phase is Phase.AUCTION
    run(rnd, "pass")
    assert rnd.phase is Phase.TRUMP and rnd.to_act == 1 and rnd.bidder == 1 and rnd.bid == 14


def test_partner_overcall_needs_20() -> None:
    """RULES.md 3, preset 28: overcalling your own partner needs at least 20 (004)."""
    rnd = run(example_round(), "bid 14", "pass")
    # North (3) is South's partner.
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("bid 19")
    assert rule(exc) == "partner-overcall-min"
    assert min(a.value for a in rnd.legal_actions() if isinstance(a, te.Bid)) == 20
    rnd.apply("bid 20")
    assert rnd.bidder == 3
    # An opponent is not bound by it.
    assert min(a.value for a in rnd.legal_actions() if isinstance(a, te.Bid)) == 21


# --- Trump -------------------------------------------------------------------------


def test_trump_card_is_laid_face_down_from_the_hand() -> None:
    """RULES.md 2 trump_marker hand_card: the bidder lays a card of the trump suit from
    the hand; only the bidder sees it."""
    rnd = run(example_round(), "bid 14", "pass", "pass", "bid 15", "pass")
    assert {str(a) for a in rnd.legal_actions()} == {f"trump {c}" for c in EXAMPLE[0][:4]}
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("trump 8H")
    assert rule(exc) == "trump-card-not-in-hand"
    rnd.apply("trump 7C")
    assert rnd.phase is Phase.PLAY
    west = rnd.view(0)
    assert west["trump"] == {"marker": "hand-card", "holder": 0, "exposed": False, "suit": "C",
                             "card": "7C"}
    assert "7C" not in west["hand"] and len(west["hand"]) == 7
    for seat in (1, 2, 3):
        assert rnd.view(seat)["trump"] == {"marker": "hand-card", "holder": 0,
                                           "exposed": False}


def test_concealed_card_is_not_part_of_the_hand() -> None:
    """RULES.md 2: the concealed card is not playable and does not oblige the bidder to
    follow suit until it is exposed (001-004)."""
    deal = hands(
        "7C AH KH JS QH 9S AS 10S",  # West: the 7C will be concealed; no other club
        "8C JH 9H 7H 10H JD 9D AD",  # South leads a club
        "AC JC 8H KS 10D KD QD 8D",
        "QC 9C 10C KC QS 8S 7S 7D",
    )
    rnd = te.ruleset("28").new_round(deal=deal, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "bid 15", "pass", "trump 7C",
        "play 8C", "play JC", "play 9C")
    legal = {str(a) for a in rnd.legal_actions()}
    assert legal == {f"play {c}" for c in ("AH", "KH", "JS", "QH", "9S", "AS", "10S")} | {
        "call-trump"}
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("play 7C")
    assert rule(exc) == "concealed-trump-not-playable"
    rnd.apply("play 10S")
    assert rnd.tricks[0].winner == 2


def test_bidder_may_not_lead_trump_before_exposure() -> None:
    """RULES.md 2: the bidder may not lead the trump suit before it is exposed unless
    holding only trumps (003, 004)."""
    deal = hands(
        "7C AH KH JS 8C 9S AS 10S",
        "8H JH 9H 7H 10H JD 9D AD",
        "QH JC AC KS 10D KD QD 8D",
        "QC 9C 10C KC QS 8S 7S 7D",
    )
    rnd = te.ruleset("28").new_round(deal=deal, dealer=3)  # West opens and leads
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 7C")
    assert rnd.to_act == 0
    assert te.Play(te.Card.parse("8C")) not in rnd.legal_actions()
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("play 8C")
    assert rule(exc) == "bidder-may-not-lead-trump"
    rnd.apply("play AH")


def test_bidder_holding_only_trumps_may_lead_them() -> None:
    """RULES.md 2: the exception, when the bidder holds nothing but trumps."""
    cfg = attrs.evolve(CONFIG_28, plugins=())  # an all-club hand would be redealt
    deal = hands(
        "7C 8C QC KC JC 9C 10C AC",
        "8H JH 9H 7H 10H JD 9D AD",
        "QH JS AH KS 10D KD QD 8D",
        "KH AS 10S 9S QS 8S 7S 7D",
    )
    rnd = te.Ruleset(cfg).new_round(deal=deal, dealer=3)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 7C")
    assert {str(a) for a in rnd.legal_actions()} == {
        f"play {c}" for c in ("8C", "QC", "KC", "JC", "9C", "10C", "AC")}


def _bidder_lead_after_trump_led(rs: te.Ruleset) -> tuple[bool, bool] | None:
    """Play random rounds until the unexposed bidder leads holding trumps and other
    suits after another player has led trump; return (trump lead legal, seen)."""
    import random

    rng = random.Random(5)
    for seed in range(400):
        rnd = rs.new_round(seed=seed)
        trump_led_by_other = False
        while not rnd.is_over:
            bidder = rnd.bidder
            if (rnd.phase is Phase.PLAY and not rnd.current_trick and bidder is not None
                    and rnd.to_act == bidder and not rnd.trump_exposed and trump_led_by_other):
                hand = rnd.hand(bidder)
                trumps = [c for c in hand if c.suit == rnd.trump_suit]
                if trumps and len(trumps) < len(hand):
                    legal = rnd.legal_actions()
                    return any(te.Play(c) in legal for c in trumps), True
            acts = [a for a in rnd.legal_actions() if not isinstance(a, te.CallTrump)]
            act = acts[rng.randrange(len(acts))]
            if (rnd.phase is Phase.PLAY and not rnd.current_trick and isinstance(act, te.Play)
                    and rnd.to_act != rnd.bidder and act.card.suit == rnd.trump_suit):
                trump_led_by_other = True
            rnd.apply(act)
    return None


def test_bidder_trump_lead_option_after_trump_led() -> None:
    """RULES.md 2 option (001/002): the bidder may lead trump before exposure once
    another player has led that suit; under the 28 default (003/004) still not."""
    assert _bidder_lead_after_trump_led(
        te.ruleset("28", bidder_trump_lead="after-trump-led")) == (True, True)
    assert _bidder_lead_after_trump_led(te.ruleset("28")) == (False, True)


def test_bidder_trump_lead_option_any() -> None:
    """RULES.md 2 option (some apps): no restriction on the bidder's lead."""
    deal = hands(
        "7C AH KH JS 8C 9S AS 10S",
        "8H JH 9H 7H 10H JD 9D AD",
        "QH JC AC KS 10D KD QD 8D",
        "QC 9C 10C KC QS 8S 7S 7D",
    )
    rnd = te.ruleset("28", bidder_trump_lead="any").new_round(deal=deal, dealer=3)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 7C", "play 8C")
    assert rnd.current_trick[0][1] == te.Card.parse("8C")


def test_call_for_trump_only_when_void() -> None:
    """RULES.md 2: a player unable to follow suit may call for the trump; the leader and
    a player holding the suit led may not."""
    rnd = west_bids_clubs()
    assert te.CallTrump() not in rnd.legal_actions()  # South leads
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("call-trump")
    assert rule(exc) == "call-only-when-void"
    rnd.apply("play 8H")
    assert te.CallTrump() in rnd.legal_actions()  # East has no hearts
    run(rnd, "play AC", "call-trump", "play QC")
    assert rnd.to_act == 0 and rnd.trump_exposed
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("call-trump")
    assert rule(exc) == "trump-already-exposed"


def test_must_follow_suit() -> None:
    """RULES.md 1: follow suit if able."""
    rnd = run(west_bids_clubs(), "play 8H", "play AC", "play 7S")
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("play JS")
    assert rule(exc) == "must-follow-suit"
    assert {str(a) for a in rnd.legal_actions()} == {"play AH", "play KH", "play QH"}


def test_caller_must_play_a_trump() -> None:
    """RULES.md 2: having called for the trump, the caller must play one if holding one."""
    rnd = run(west_bids_clubs(), "play 8H", "play AC", "call-trump")
    assert {str(a) for a in rnd.legal_actions()} == {"play QC", "play 9C", "play 10C",
                                                     "play KC"}
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("play QS")
    assert rule(exc) == "caller-must-trump"


def test_exposed_trump_joins_the_bidders_hand() -> None:
    """RULES.md 2: once exposed, the card is part of the bidder's hand and public."""
    rnd = run(west_bids_clubs(), "play 8H", "play AC", "call-trump")
    assert rnd.view(1)["trump"] == {"marker": "hand-card", "holder": 0, "exposed": True,
                                    "suit": "C", "card": "7C", "exposed_by": 3,
                                    "exposed_in_trick": 1}
    assert "7C" in rnd.view(0)["hand"]


def test_worked_example_early_trump_does_not_count() -> None:
    """RULES.md 5 / 000: South leads 8H; East discards AC without calling; North calls,
    clubs are exposed and North plays QC; West plays AH. North wins: the AC was played
    before the exposure and is not a trump (early_trumps_count = no)."""
    rnd = run(west_bids_clubs(), "play 8H", "play AC", "call-trump", "play QC", "play AH")
    trick = rnd.tricks[0]
    assert [str(c) for c in trick.cards] == ["8H", "AC", "QC", "AH"]
    assert trick.winner == 3
    assert trick.trumps_from == 2
    assert trick.points == 0 + 1 + 0 + 1
    assert rnd.card_points == (0, 2)


def test_early_trumps_count_option() -> None:
    """RULES.md 2 early_trumps_count = yes: the AC discarded before the call wins."""
    rnd = te.ruleset("28", early_trumps_count=True).new_round(deal=EXAMPLE, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "bid 15", "pass", "trump 7C",
        "play 8H", "play AC", "call-trump", "play QC", "play AH")
    assert rnd.tricks[0].winner == 2


def test_forced_exposure_on_the_last_trick() -> None:
    """RULES.md 2 last trick: never exposed, the bidder must expose and play the card on
    the last trick, and it counts as a trump there."""
    for seed in range(200):
        rnd = te.ruleset("28").new_round(seed=seed)
        while not rnd.is_over:
            acts = [a for a in rnd.legal_actions() if not isinstance(a, (te.CallTrump,
                                                                        te.Redeal))]
            if rnd.phase is Phase.PLAY and rnd.to_act == rnd.bidder and len(rnd.tricks) == 7:
                concealed = rnd.view(rnd.bidder)["trump"]["card"]
                assert [str(a) for a in acts] == [f"play {concealed}"]
                assert not rnd.trump_exposed
                rnd.apply(acts[0])
                assert rnd.trump_exposed
                continue
            rnd.apply(acts[0])
        if rnd.result is not None and rnd.result.annulled is None:
            last = rnd.tricks[-1]
            assert last.trumps_from is not None
            return
    pytest.fail("no seed reached the last trick")  # pragma: no cover


def test_last_trick_void_option() -> None:
    """RULES.md 2 last trick (002): if the trump is never exposed the hand is void."""
    rs = te.ruleset("28", last_trick_unexposed="void")
    for seed in range(200):
        rnd = rs.new_round(seed=seed)
        while not rnd.is_over:
            acts = [a for a in rnd.legal_actions() if not isinstance(a, te.CallTrump)]
            rnd.apply(acts[0])
        if rnd.result is not None and rnd.result.annulled == "trump-never-exposed":
            assert len(rnd.tricks) == 7 and rnd.result.game_points == (0, 0)
            return
    pytest.fail("no seed reached the last trick unexposed")  # pragma: no cover


# --- Redeals -----------------------------------------------------------------------

FOUR_JACKS = hands(
    "7C AH KH JS JH JD JC 10S",
    "8H QH 9H 7H 10H 9S 9D AD",
    "AC AS 8C KS 10D KD QD 8D",
    "QC 9C 10C KC QS 8S 7S 7D",
)


def test_four_jacks_force_a_redeal_with_the_same_dealer() -> None:
    """RULES.md 2 redeal (000 rule 1): all four Jacks in one hand annul the deal; a
    Match deals again with the same dealer."""
    rnd = te.ruleset("28").new_round(deal=FOUR_JACKS, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 8H")
    assert rnd.is_over and rnd.result is not None
    assert rnd.result.annulled == "four-jacks" and rnd.result.game_points == (0, 0)
    assert rnd.to_act is None and rnd.legal_actions() == ()
    record = rnd.record()
    assert record["actions"][-1] == "trump 8H"
    # In a match the same dealer deals again after a redeal.
    for seed in range(3000):
        match = te.Match("28", seed=seed, dealer=2)
        first = match.next_round()
        play_out(first, choose=0)
        assert first.result is not None
        if first.result.annulled == "four-jacks":
            match.score(first)
            assert match.dealer == 2 and match.totals == (0, 0)
            return
    pytest.fail("no seed dealt four jacks")  # pragma: no cover


def test_one_suit_hand_forces_a_redeal() -> None:
    """RULES.md 2 redeal (001): a hand of one suit only."""
    deal = hands(
        "7C 8C QC KC JC 9C 10C AC",
        "8H JH 9H 7H 10H JD 9D AD",
        "QH JS AH KS 10D KD QD 8D",
        "KH AS 10S 9S QS 8S 7S 7D",
    )
    rnd = te.ruleset("28").new_round(deal=deal, dealer=3)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 7C")
    assert rnd.result is not None and rnd.result.annulled == "one-suit-hand"


def test_bidding_side_holding_every_trump_forces_a_redeal() -> None:
    """RULES.md 2 redeal (000 rule 2): found when the trump is exposed."""
    deal = hands(
        "7C 8C AH KH QC KC JS 10S",  # West: four clubs
        "8H JH 9H 7H 10H JD 9D AD",
        "JC 9C 10C AC KS KD QD 10D",  # East, West's partner: the other four clubs
        "9S AS QS 8S 7S QH 8D 7D",
    )
    rnd = te.ruleset("28").new_round(deal=deal, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "bid 15", "pass", "trump 7C", "play 8H")
    assert not rnd.is_over
    run(rnd, "call-trump")
    assert rnd.result is not None and rnd.result.annulled == "bidding-side-all-trumps"


def test_opener_with_pointless_first_cards_may_demand_a_redeal() -> None:
    """RULES.md 2 opener must bid (000 rule 3): the opener whose first four cards hold
    no points may demand a redeal instead of bidding; nobody else may."""
    deal = hands(
        "7C AH KH JS QH 9S AS 10S",
        "8H KD QS 7H 10H JD 9D AD",  # South's first four: 8H KD QS 7H, no points
        "AC JC 8C KS 10D JH QD 8D",
        "QC 9C 10C KC 9H 8S 7S 7D",
    )
    rnd = te.ruleset("28").new_round(deal=deal, dealer=0)
    assert te.Redeal() in rnd.legal_actions()
    rnd.apply("redeal")
    assert rnd.result is not None and rnd.result.annulled == "opener-pointless"
    assert rnd.record()["actions"] == ["redeal"]
    other = te.ruleset("28").new_round(deal=EXAMPLE, dealer=0)
    with pytest.raises(te.IllegalActionError) as exc:
        other.apply("redeal")
    assert rule(exc) == "redeal-not-allowed"


def test_pointless_hand_may_be_shown_for_a_redeal() -> None:
    """RULES.md 2 redeal (000 rule 4): a hand of eight pointless cards, shown on the
    holder's first turn of the play."""
    deal = hands(
        "7C AH KH JS QH 9S AS 10S",
        "8H JH 9H 7H 10H JD 9D AD",
        "AC JC 8C KS 10D KD QD 8D",
        "QC 8S 7S KC 9C 10C QS 7D",  # North: QC 8S 7S KC QS 7D + 9C 10C -> has points
    )
    rnd = te.ruleset("28").new_round(deal=deal, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "bid 15", "pass", "trump 7C")
    assert te.Redeal() not in rnd.legal_actions()
    pointless = hands(
        "7C AH KH JS QH 9S AS 10S",
        "8H JH 9H 7H 10H JD 9D AD",
        "AC JC 9C KS 10D 10C QD 7D",
        "QC KC 8C QS 8S 7S KD 8D",  # North: no J, 9, A or 10
    )
    rnd = te.ruleset("28").new_round(deal=pointless, dealer=0)
    run(rnd, "bid 14", "pass", "pass", "bid 15", "pass", "trump 7C", "play 8H")
    assert te.Redeal() not in rnd.legal_actions()  # East has points
    run(rnd, "play AC")
    assert te.Redeal() in rnd.legal_actions()
    rnd.apply("redeal")
    assert rnd.result is not None and rnd.result.annulled == "pointless-hand"


# --- Scoring and the match --------------------------------------------------------


def test_bidding_team_needs_its_bid_and_scores_one_pip() -> None:
    """RULES.md 3, preset 28: made +1, failed -1 to the bidding team; defenders unchanged."""
    seen = set()
    for seed in range(300):
        rnd = play_out(te.ruleset("28").new_round(seed=seed), choose=seed % 3)
        res = rnd.result
        assert res is not None
        if res.annulled:
            continue
        assert res.bidding_team is not None and res.bid is not None
        assert sum(res.card_points) == 28
        made = res.card_points[res.bidding_team] >= res.bid
        assert res.made is made
        expected = [0, 0]
        expected[res.bidding_team] = 1 if made else -1
        assert res.game_points == tuple(expected)
        seen.add(made)
    assert seen == {True, False}


def test_match_rotates_dealer_and_ends_at_six_pips() -> None:
    """RULES.md 1 and 4: the next dealer is the previous dealer's right; pips to +6/-6."""
    match = te.Match("28", seed=11, dealer=0)
    while not match.is_over:
        rnd = match.next_round()
        assert rnd.dealer == match.dealer
        play_out(rnd, choose=len(match.rounds) % 2)
        annulled = rnd.result is not None and rnd.result.annulled is not None
        before = match.dealer
        match.score(rnd)
        assert match.dealer == (before if annulled else (before + 1) % 4)
    assert match.winner is not None
    assert max(match.totals) >= 6 or min(match.totals) <= -6
    with pytest.raises(te.TwentyEightError):
        match.next_round()
