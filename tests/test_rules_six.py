"""Named tests for the six-player rulesets ``28six`` (003) and ``40`` (002), RULES.md
sections 2 and 3.

Six seats, numbered in the counter-clockwise order of play; seats 0, 2, 4 form team 0
and 1, 3, 5 team 1. With dealer 5 the opener is seat 0.
"""

from __future__ import annotations

import random

import pytest
from twentyeight_variants.scoring import Bands, BasePoints
from twentyeight_variants.six import BANDS_40

import twentyeight as te

from .helpers import play_out, run

# A 28six deal (6s are the 36-card deck's extra rank): three then three cards each.
SIX_DEAL = [
    ["JS", "9S", "AS", "JH", "9H", "AH"],   # seat 0, opener
    ["10S", "KS", "QS", "10H", "KH", "QH"],  # seat 1
    ["8S", "7S", "6S", "8H", "7H", "6H"],    # seat 2
    ["JD", "9D", "AD", "JC", "9C", "AC"],    # seat 3
    ["10D", "KD", "QD", "10C", "KC", "QC"],  # seat 4
    ["8D", "7D", "6D", "8C", "7C", "6C"],    # seat 5
]

# A 40 deal: every seat holds a spade; seat 0 the J, seat 1 the 3.
FORTY_DEAL = [
    ["JS", "JH", "9H", "AH", "10H", "KH"],   # seat 0, opener
    ["3S", "JD", "9D", "AD", "10D", "KD"],   # seat 1
    ["9S", "JC", "9C", "AC", "10C", "KC"],   # seat 2
    ["AS", "3H", "3D", "3C", "QH", "QD"],    # seat 3
    ["10S", "QS", "QC", "8H", "8D", "8C"],   # seat 4
    ["KS", "8S", "7S", "7H", "7D", "7C"],    # seat 5
]


def six_round(**options: object) -> te.Round:
    return te.ruleset("28six", **options).new_round(deal=SIX_DEAL, dealer=5)


def forty_round(deal: list[list[str]] = FORTY_DEAL, **options: object) -> te.Round:
    return te.ruleset("40", **options).new_round(deal=deal, dealer=5)


def rule(exc: pytest.ExceptionInfo[te.IllegalActionError]) -> str:
    return exc.value.rule


# --- 28six: deck, seats, deal ------------------------------------------------------


def test_28six_deck_is_36_cards_with_sixes_worth_28() -> None:
    """RULES.md 2 deck (003): J 9 A 10 K Q 8 7 6, the 6 ranks lowest and scores 0."""
    deck = te.ruleset("28six").deck
    assert deck.size == 36 and deck.total_points == 28
    spades = sorted((c for c in deck.cards if c.suit == "S"),
                    key=lambda c: -deck.strength[deck.ids[c]])
    assert [c.rank for c in spades] == ["J", "9", "A", "10", "K", "Q", "8", "7", "6"]
    assert deck.points[deck.ids[te.Card.parse("6S")]] == 0


def test_28six_deals_six_each_in_threes_before_the_auction() -> None:
    """RULES.md 2 deal_schedule (003): packets of three, six cards each, all dealt
    before the auction; the opener is the dealer's right."""
    rnd = six_round()
    assert rnd.phase is te.Phase.AUCTION and rnd.to_act == 0 and rnd.deal_complete
    assert all(len(rnd.view(s)["hand"]) == 6 for s in range(6))
    assert rnd.config.deal_packets == (3, 3)


def test_28six_teams_alternate_and_tricks_have_six_cards() -> None:
    """RULES.md 3 (28six): two teams of three seated alternately; a trick is six cards
    and play passes to the next seat round the table."""
    rnd = play_out(run(six_round(), "bid 16", "pass", "pass", "pass", "pass", "pass"))
    assert rnd.result is not None and rnd.result.annulled is None
    assert len(rnd.tricks) == 6
    for trick in rnd.tricks:
        assert len(trick.cards) == 6
        assert list(trick.seats) == [(trick.leader + k) % 6 for k in range(6)]
    assert [rnd.team_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]


# --- 28six: the auction --------------------------------------------------------------


def test_28six_opener_must_bid_at_least_16() -> None:
    """RULES.md 2 auction (003): the opener must bid; the minimum contract is 16."""
    rnd = six_round()
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("pass")
    assert rule(exc) == "opener-must-bid"
    assert min(a.value for a in rnd.legal_actions() if isinstance(a, te.Bid)) == 16


def test_28six_opposite_team_bidding_order() -> None:
    """RULES.md 2 28SIX order (003): after a call, the next silent player of the team
    opposing the highest bid speaks, in seating order counter-clockwise from the
    opener; each player calls once."""
    rnd = six_round()
    speakers = []
    for text in ("bid 16", "bid 17", "pass", "bid 18", "pass", "pass"):
        speakers.append(rnd.to_act)
        rnd.apply(text)
    # 0 bids (team 0): team 1's first silent seat, 1, bids 17; then team 0: 2 passes,
    # 4 outbids; then team 1 again: 3 and 5.
    assert speakers == [0, 1, 2, 4, 3, 5]
    assert rnd.phase is te.Phase.TRUMP and rnd.bidder == 4 and rnd.bid == 18


def test_28six_each_player_calls_once() -> None:
    """RULES.md 2 28SIX order: a player who has spoken may not speak again."""
    rnd = run(six_round(), "bid 16", "bid 17")
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("bid 18", seat=0)
    assert rule(exc) == "bid-once"


def test_28six_partner_overbid_waits_for_every_opponent_then_needs_honors() -> None:
    """RULES.md 5 / 28SIX order (003): a player may not overbid a partner until every
    opponent has bid or passed, and then only with an honors bid (20 or more)."""
    rnd = run(six_round(), "bid 16")
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("bid 20", seat=2)  # seat 2 is the opener's partner; 1, 3, 5 are silent
    assert rule(exc) == "partner-overbid-before-opponents"
    run(rnd, "pass", "pass", "pass")  # seats 1, 3, 5
    assert rnd.to_act == 2
    bids = [a.value for a in rnd.legal_actions() if isinstance(a, te.Bid)]
    assert min(bids) == 20 and te.Pass() in rnd.legal_actions()
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("bid 17")
    assert rule(exc) == "partner-overbid-honors"
    rnd.apply("bid 20")
    assert rnd.to_act == 4


def test_28six_no_overbid_of_a_partners_honors_bid() -> None:
    """RULES.md 2 28SIX order: when the top bid is already an honors bid, a partner may
    not overbid it at all."""
    rnd = run(six_round(), "bid 20", "pass", "pass", "pass")
    assert rnd.to_act == 2 and rnd.legal_actions() == (te.Pass(),)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("bid 21")
    assert rule(exc) == "partner-overbid-honors"


# --- 28six: trump and play --------------------------------------------------------


def test_28six_declarer_lays_a_trump_card_and_may_not_lead_trump() -> None:
    """RULES.md 2 trump (003): the declarer lays a trump card face down, and may not
    lead trump before it is exposed while holding another suit."""
    rnd = run(six_round(), "bid 16", "pass", "pass", "pass", "pass", "pass")
    assert {str(a) for a in rnd.legal_actions()} == {f"trump {c}" for c in SIX_DEAL[0]}
    rnd.apply("trump AH")
    assert rnd.view(0)["trump"]["card"] == "AH" and "card" not in rnd.view(1)["trump"]
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("play JH")
    assert rule(exc) == "bidder-may-not-lead-trump"


def test_28six_concealed_card_need_not_follow_and_must_be_played_last() -> None:
    """RULES.md 2 (003): the declarer need not expose the concealed card when trump is
    led and it is the only trump; on the last trick it is exposed and played."""
    # Seat 1 declares with the 10 of hearts face down.
    rnd = run(six_round(), "bid 16", "bid 17", "pass", "pass",
              "pass", "pass", "trump 10H")
    assert rnd.bidder == 1
    # Seat 0 leads a heart: seat 1 holds KH, QH (must follow with one of them).
    rnd.apply("play JH")
    assert {str(a) for a in rnd.legal_actions()} == {"play KH", "play QH"}
    play_out(rnd)
    last = rnd.tricks[-1]
    assert te.Card.parse("10H") in last.cards
    assert rnd.result is not None and rnd.result.annulled is None


# --- 28six: base points -----------------------------------------------------------


def _outcome(bid: int, made: bool, tricks: tuple[int, int]) -> te.HandOutcome:
    points = (20, 8) if made else (8, 20)
    return te.HandOutcome(teams=2, bidding_team=0, bid=bid, target=bid,
                          card_points=points, tricks_won=tricks, made=made)


@pytest.mark.parametrize(
    ("bid", "made", "tricks", "expected"),
    [
        (18, True, (4, 2), (1, 0)),   # won contract: 1 base point to the declarers
        (22, True, (4, 2), (2, 0)),   # honors won: 2
        (18, False, (2, 4), (0, 2)),  # lost: 2 to the defenders
        (22, False, (2, 4), (0, 3)),  # honors lost: 3 to the defenders
        (18, True, (6, 0), (2, 0)),   # non-honors slam: 1 + 1
        (18, False, (0, 6), (0, 3)),  # defenders' slam against a non-honors contract
        (22, True, (6, 0), (2, 0)),   # no slam bonus for an honors contract
    ],
)
def test_28six_base_points(bid: int, made: bool, tricks: tuple[int, int],
                           expected: tuple[int, int]) -> None:
    """RULES.md 3 / 4 base points (003): won 1 (honors 2) to the declarers; lost 2
    (honors 3) to the defenders; slam bonus +1 for a non-honors contract."""
    assert BasePoints().hand_points(_outcome(bid, made, tricks)) == expected


def _find_round(name: str, want: object, limit: int = 3000) -> te.Round:
    """The first seeded random round whose result satisfies ``want``."""
    for seed in range(limit):
        rnd = te.ruleset(name).new_round(seed=seed, dealer=seed % 6)
        rng = random.Random(seed)
        while not rnd.is_over:
            legal = rnd.legal_actions()
            rnd.apply(legal[rng.randrange(len(legal))])
        if want(rnd.result):  # type: ignore[operator]
            return rnd
    raise AssertionError("no such round found")


def test_28six_honors_contract_lost_gives_defenders_3() -> None:
    """RULES.md 3 (003): a lost honors contract (20+) gives the defenders 3 base points."""
    rnd = _find_round("28six", lambda r: r.annulled is None and r.bid >= 20 and not r.made)
    result = rnd.result
    assert result is not None and result.bidding_team is not None
    assert result.game_points[1 - result.bidding_team] == 3
    assert result.game_points[result.bidding_team] == 0


SLAM_DEAL = [
    ["JS", "9S", "AS", "JH", "9H", "AH"],    # seat 0: top spades and hearts
    ["QS", "8S", "7S", "6S", "KD", "QD"],    # seat 1
    ["JD", "9D", "AD", "JC", "9C", "AC"],    # seat 2: top diamonds and clubs
    ["QH", "8H", "7H", "6H", "KC", "QC"],    # seat 3
    ["10S", "10H", "10D", "10C", "KS", "KH"],  # seat 4
    ["8D", "7D", "6D", "8C", "7C", "6C"],    # seat 5
]


def test_28six_non_honors_slam_gives_2() -> None:
    """RULES.md 3 (003): a non-honors contract made with all six tricks gives 2 base
    points. Seat 0 declares 16 in hearts and leads its top cards; nobody calls."""
    rnd = te.ruleset("28six").new_round(deal=SLAM_DEAL, dealer=5)
    run(rnd, "bid 16", "pass", "pass", "pass", "pass", "pass", "trump AH")
    deck = rnd.deck
    while not rnd.is_over:
        plays = [a for a in rnd.legal_actions() if isinstance(a, te.Play)]
        strength = [deck.strength[deck.ids[a.card]] for a in plays]
        pick = max if rnd.to_act == 0 else min
        rnd.apply(plays[strength.index(pick(strength))])
    result = rnd.result
    assert result is not None and result.made and result.tricks_won == (6, 0)
    assert result.game_points == (2, 0)


def test_28six_series_keeps_running_base_points() -> None:
    """RULES.md 4 base points: a series keeps the total and never ends by itself."""
    match = te.Match("28six", seed=4)
    for _ in range(5):
        rnd = play_out(match.next_round())
        match.score(rnd)
    assert sum(match.totals) > 0 and not match.is_over


# --- 40 ----------------------------------------------------------------------------


def test_40_deck_has_threes_equal_to_jacks_and_40_points() -> None:
    """RULES.md 2 deck (002): the four 3s join the 32 cards; a 3 is worth 3 and ranks
    with the Jack: 40 points."""
    deck = te.ruleset("40").deck
    assert deck.size == 36 and deck.total_points == 40
    three, jack = deck.ids[te.Card.parse("3H")], deck.ids[te.Card.parse("JH")]
    assert deck.points[three] == 3 and deck.strength[three] == deck.strength[jack]


def _forty_opener_bids() -> te.Round:
    return run(forty_round(), "bid 20", "pass", "pass", "pass", "pass", "pass", "trump KH")


def test_40_jack_then_three_the_jack_wins() -> None:
    """RULES.md 1 / 5 (002): of a J and a 3 of the suit led, the first played wins: the
    Jack, led, beats the 3 played after it."""
    rnd = run(_forty_opener_bids(), "play JS", "play 3S", "play 9S", "play AS", "play 10S",
              "play KS")
    assert rnd.tricks[0].winner == 0 and rnd.tricks[0].points == 10


def test_40_three_then_jack_the_three_wins() -> None:
    """RULES.md 1 / 5 (002): the 3 played first beats the Jack played after it."""
    deal = [list(h) for h in FORTY_DEAL]
    deal[0][0], deal[1][0] = "3S", "JS"
    rnd = run(forty_round(deal), "bid 20", "pass", "pass", "pass", "pass", "pass",
              "trump KH", "play 3S", "play JS", "play 9S", "play AS", "play 10S", "play KS")
    assert rnd.tricks[0].winner == 0


def test_40_bids_run_from_20_to_40() -> None:
    """RULES.md 3 (002): bids 20 to 40."""
    bids = [a.value for a in forty_round().legal_actions() if isinstance(a, te.Bid)]
    assert (min(bids), max(bids)) == (20, 40)


def test_40_second_bid_below_30_refused() -> None:
    """RULES.md 2 40 second bid (002): a player's second bid must be 30 or more."""
    rnd = run(forty_round(), "bid 20", "bid 21", "pass", "pass", "pass", "pass")
    assert rnd.to_act == 0
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("bid 22")
    assert rule(exc) == "second-bid-min"
    rnd.apply("bid 30")
    assert rnd.bid == 30


def test_40_single_suit_opener_may_not_bid() -> None:
    """RULES.md 2 40 (002): the opener holding one suit may not bid; the choice made
    here: that opener passes, and if everyone passes the same dealer deals again."""
    deal = [list(h) for h in FORTY_DEAL]
    deal[0], deal[5] = ["JS", "KS", "8S", "7S", "QS", "10S"], \
        ["JH", "9H", "AH", "10H", "KH", "7H"]
    deal[4] = ["AS", "QC", "8H", "8D", "8C", "3S"]
    deal[3] = ["9S", "3H", "3D", "3C", "QH", "QD"]
    deal[2] = ["JC", "9C", "AC", "10C", "KC", "7C"]
    deal[1] = ["JD", "9D", "AD", "10D", "KD", "7D"]
    rnd = forty_round(deal)
    assert rnd.legal_actions() == (te.Pass(),)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("bid 20")
    assert rule(exc) == "one-suit-opener-may-not-bid"
    run(rnd, "pass", "pass", "pass", "pass", "pass", "pass")
    assert rnd.result is not None and rnd.result.annulled == "all-passed"


@pytest.mark.parametrize(
    ("bid", "made", "expected"),
    [(25, True, (1, 0)), (25, False, (0, 2)), (31, True, (2, 0)), (31, False, (0, 3)),
     (36, True, (3, 0)), (36, False, (0, 4))],
)
def test_40_bands(bid: int, made: bool, expected: tuple[int, int]) -> None:
    """RULES.md 3 (002): 20-29 +1 / opponents +2; 30-33 +2/+3; 34-40 +3/+4."""
    outcome = te.HandOutcome(teams=2, bidding_team=0, bid=bid, target=bid,
                             card_points=(0, 0), tricks_won=(3, 3), made=made)
    assert te.ruleset("40").config.scoring.hand_points(outcome) == expected


def test_40_thani_scores_4_or_gives_5() -> None:
    """RULES.md 3 (002): Thani (single hand) +4, or the opponents +5."""
    scoring = Bands(bands=BANDS_40, failed_to="opponents", single_hand_made=4,
                    single_hand_failed=5)
    for made, expected in ((True, (4, 0)), (False, (0, 5))):
        outcome = te.HandOutcome(teams=2, bidding_team=0, bid=20, target=None,
                                 card_points=(0, 0), tricks_won=(6, 0), made=made,
                                 contract="single-hand")
        assert scoring.hand_points(outcome) == expected
    rnd = te.ruleset("40+single-hand").new_round(deal=FORTY_DEAL, dealer=5)
    run(rnd, "bid 20", "pass", "pass", "pass", "pass", "pass", "trump KH", "single-hand")
    assert rnd.contract == "single-hand" and rnd.view(0)["sitting_out"] == [2, 4]


def test_40_match_ends_at_10() -> None:
    """RULES.md 3 (40, match end chosen): the first team to 10 game points wins."""
    assert te.ruleset("40").config.scoring.match_winner((10, 4)) == 0
    assert te.ruleset("40").config.scoring.match_winner((9, 9)) is None
    assert te.ruleset("40", match_target=5).config.scoring.match_winner((5, 0)) == 0


def test_40_unstated_points_are_options() -> None:
    """RULES.md 3 (40): the deal schedule and the trump marker are options."""
    rnd = te.ruleset("40", auction_after=1).new_round(deal=FORTY_DEAL, dealer=5)
    assert len(rnd.view(0)["hand"]) == 3 and not rnd.deal_complete
    rnd = te.ruleset("40", trump_marker="indicator").new_round(deal=FORTY_DEAL, dealer=5)
    run(rnd, "bid 20", "pass", "pass", "pass", "pass", "pass")
    assert {str(a) for a in rnd.legal_actions()} == {"trump S", "trump H", "trump D",
                                                      "trump C"}


def test_six_player_turn_order_comes_from_the_config() -> None:
    """RULES.md 1: seats, teams and trick size come from the config, not from 4."""
    for name in ("28six", "40"):
        rs = te.ruleset(name)
        assert rs.config.players == 6
        rnd = play_out(rs.new_round(seed=7, dealer=2))
        assert rnd.result is not None
        if rnd.result.annulled is None:
            assert all(len(t.cards) == 6 for t in rnd.tricks)
