"""Named tests for the 56 family: ``56``, ``56-six`` and ``56-eight`` (004, 002),
RULES.md sections 1 to 5.

With dealer 3 the opener is seat 0; seats 0 and 2 play against 1 and 3.
"""

from __future__ import annotations

import json

import pytest
from twentyeight_variants.fiftysix import TABLE_BANDS
from twentyeight_variants.scoring import Tables

import twentyeight as te

from .helpers import play_out, run

SPADES = ["JS", "9S", "AS", "10S", "KS", "QS"]
HEARTS = ["JH", "9H", "AH", "10H", "KH", "QH"]
DIAMONDS = ["JD", "9D", "AD", "10D", "KD", "QD"]
CLUBS = ["JC", "9C", "AC", "10C", "KC", "QC"]


def second(cards: list[str]) -> list[str]:
    return [f"{c}#2" for c in cards]


# Seat 0 holds the first pack's spades and hearts, seat 1 the second pack's; seats 2
# and 3 the diamonds and clubs of the first and second pack.
DEAL = [SPADES + HEARTS, second(SPADES + HEARTS), DIAMONDS + CLUBS, second(DIAMONDS + CLUBS)]


def new(name: str = "56", **options: object) -> te.Round:
    return te.ruleset(name, **options).new_round(deal=DEAL, dealer=3)


def rule(exc: pytest.ExceptionInfo[te.IllegalActionError]) -> str:
    return exc.value.rule


# --- deck and deal -------------------------------------------------------------------


def test_56_deck_is_two_packs_of_24_worth_56() -> None:
    """RULES.md 2 deck (004): J 9 A 10 K Q of each suit twice: 48 cards, 56 points."""
    deck = te.ruleset("56").deck
    assert deck.size == 48 and deck.total_points == 56
    assert sum(1 for c in deck.cards if str(c).startswith("JS")) == 2


def test_56_deals_twelve_each_in_fours_before_the_auction() -> None:
    """RULES.md 2 deal_schedule (004): packets of four, twelve each, all before the
    auction."""
    rnd = te.new_round("56", seed=3, dealer=3)
    assert rnd.phase is te.Phase.AUCTION and rnd.deal_complete
    assert rnd.config.deal_packets == (4, 4, 4)
    assert all(len(rnd.view(s)["hand"]) == 12 for s in range(4))


def test_two_copies_stay_apart_in_text_json_and_views() -> None:
    """Two packs: each copy has its own readable text (``JS``, ``JS#2``) in views and
    records, so which copy was played is never lost."""
    rnd = new()
    assert "JS#2" in rnd.view(1)["hand"] and "JS" in rnd.view(0)["hand"]
    run(rnd, "bid 28 H", "pass", "pass", "pass", "play JS", "play JS#2")
    record = json.loads(rnd.to_json())
    assert record["actions"][-2:] == ["play JS", "play JS#2"]
    assert te.Round.from_json(rnd.to_json()).view(2) == rnd.view(2)


def test_a_card_named_without_its_copy_means_the_copy_held() -> None:
    """Two packs are equal where identity does not matter: ``play JS`` from a player
    holding only the second copy plays that copy."""
    rnd = run(new(), "bid 28 H", "pass", "pass", "pass", "play 9S")
    assert str(rnd.parse_action("play JS")) == "play JS#2"
    rnd.apply(rnd.parse_action("play JS"))
    assert rnd.current_trick[-1] == (1, te.Card.parse("JS#2"))


def test_duplicate_jack_played_twice_in_a_trick_the_first_wins() -> None:
    """RULES.md 1 / 5 (004): of identical cards in a trick, the first played wins."""
    rnd = run(new(), "bid 28 H", "pass", "pass", "pass",
              "play JS", "play JS#2", "play QD", "play QD#2")
    assert rnd.tricks[0].winner == 0 and rnd.tricks[0].points == 6
    rnd2 = run(new(), "bid 28 H", "pass", "pass", "pass",
               "play QS", "play JS#2", "play QD", "play QD#2")
    assert rnd2.tricks[0].winner == 1


# --- the auction -------------------------------------------------------------------


def test_56_bids_name_a_suit_or_no_trump() -> None:
    """RULES.md 2 56 bids (004): a number from 28 to 56 and a suit or No Trump."""
    rnd = new()
    bids = [a for a in rnd.legal_actions() if isinstance(a, te.Bid)]
    assert {a.denomination for a in bids} == {"S", "H", "D", "C", "NT"}
    assert (min(a.value for a in bids), max(a.value for a in bids)) == (28, 56)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("bid 28")
    assert rule(exc) == "bid-denomination"


def test_56_a_bid_must_name_a_higher_number() -> None:
    """RULES.md 2 (004: "bidding a higher number"; the source is silent on a same-number
    bid in another suit, so it is refused)."""
    rnd = run(new(), "bid 30 H")
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("bid 30 S")
    assert rule(exc) == "bid-too-low"
    rnd.apply("bid 31 S")
    assert rnd.bid == 31 and rnd.denomination == "S"


def test_56_three_passes_after_a_bid_end_the_auction() -> None:
    """RULES.md 2 (004): three passes in a row after a bid end the auction; a pass is
    not final before that."""
    rnd = run(new(), "pass", "bid 29 D", "pass", "pass", "bid 30 H")
    assert rnd.phase is te.Phase.AUCTION and rnd.to_act == 1  # seat 0 spoke again
    run(rnd, "pass", "pass", "pass")
    assert rnd.phase is te.Phase.PLAY and rnd.bidder == 0 and rnd.target == 30


def test_56_double_only_the_opponents_bid_and_redouble_only_when_doubled() -> None:
    """RULES.md 2 (004): Double on an opponent's high bid; Redouble when your side's bid
    is doubled."""
    rnd = run(new(), "bid 28 H", "pass")
    assert te.parse_action("double") not in rnd.legal_actions()  # seat 2: partner's bid
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("double")
    assert rule(exc) == "double-own-side"
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("redouble")
    assert rule(exc) == "redouble-not-doubled"
    run(rnd, "pass", "double")  # seat 3 doubles seat 0's bid
    assert rnd.multiplier == 2 and te.parse_action("redouble") in rnd.legal_actions()


def test_56_three_passes_after_a_double_end_the_auction() -> None:
    """RULES.md 2 (004): a double followed by three passes ends the auction, doubled."""
    rnd = run(new(), "bid 28 H", "double", "pass", "pass", "pass")
    assert rnd.phase is te.Phase.PLAY and rnd.multiplier == 2 and rnd.bidder == 0


def test_56_a_redouble_ends_the_auction() -> None:
    """RULES.md 2 (004): any redouble ends the bidding; the high bidder plays, x4."""
    rnd = run(new(), "bid 28 H", "double", "redouble")
    assert rnd.phase is te.Phase.PLAY
    assert rnd.bidder == 0 and rnd.multiplier == 4 and rnd.view(1)["contract"]["multiplier"] == 4


def test_56_all_pass_default_contract() -> None:
    """RULES.md 2 (004): if all pass, 28 No Trump is assumed for the team opposing the
    dealer; the opener (dealer's right, on that team) plays it."""
    rnd = run(new(), "pass", "pass", "pass", "pass")
    assert rnd.phase is te.Phase.PLAY
    assert rnd.bidder == 0 and rnd.team_of(0) != rnd.team_of(rnd.dealer)
    assert rnd.bid == 28 and rnd.denomination == "NT" and rnd.trump_suit is None
    assert rnd.view(2)["trump"] == {"marker": "open", "exposed": True, "suit": None}


def test_56_trump_is_open_from_the_start() -> None:
    """RULES.md 2 trump_marker open (004): the bid's suit is trumps from the first card,
    known to everyone; nobody lays a card."""
    rnd = run(new(), "bid 28 D", "pass", "pass", "pass")
    assert rnd.phase is te.Phase.PLAY and rnd.trump_exposed
    assert all(rnd.view(s)["trump"]["suit"] == "D" for s in range(4))
    # Seat 0 leads a spade; seat 2 (no spades) trumps with a diamond and wins.
    run(rnd, "play QS", "play QS#2", "play QD", "play 9C#2")
    assert rnd.tricks[0].winner == 2 and rnd.tricks[0].trumps_from == 0


def test_56_no_trump_has_no_trump_suit() -> None:
    """RULES.md 2 (004): a No Trump contract has no trump: the suit led wins."""
    rnd = run(new(), "bid 28 NT", "pass", "pass", "pass",
              "play QS", "play KS#2", "play JD", "play JC#2")
    assert rnd.tricks[0].winner == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [("28 Spades", "bid 28 S"), ("Spades 28", "bid 28 S"), ("28 Noes", "bid 28 NT"),
     ("28 No-Trump", "bid 28 NT"), ("29 hearts", "bid 29 H"), ("30 ♦", "bid 30 D")],
)
def test_56_bidding_conventions_parse_as_bids(text: str, expected: str) -> None:
    """Issue item 4 / 004's conventions: ways people say bids are read as bids."""
    assert str(new().parse_action(text)) == expected


def test_56_plus_one_spade_after_30_hearts_is_31_spades() -> None:
    """004's "Plus one Spade": one more than the highest bid, in spades."""
    rnd = run(new(), "30 Hearts")
    assert str(rnd.parse_action("Plus one Spade")) == "bid 31 S"
    assert str(rnd.parse_action("Plus two Noes")) == "bid 32 NT"
    with pytest.raises(te.ParseError):
        new().parse_action("Plus one Spade")  # nothing to add to yet


# --- tables --------------------------------------------------------------------------


def _tables(bid: int, made: bool, multiplier: int = 1) -> tuple[int, ...]:
    outcome = te.HandOutcome(teams=2, bidding_team=0, bid=bid, target=bid,
                             card_points=(0, 0), tricks_won=(6, 6), made=made,
                             multiplier=multiplier)
    return outcome.game_points(Tables(bands=TABLE_BANDS))


def test_56_tables_44_made_2_failed_3_doubled_failed_6() -> None:
    """RULES.md 5 (004): bid 44 made wins 2 tables, failed pays 3; doubled, 6."""
    assert _tables(44, True) == (2, -2)
    assert _tables(44, False) == (-3, 3)
    assert _tables(44, False, multiplier=2) == (-6, 6)
    assert _tables(44, False, multiplier=4) == (-12, 12)


@pytest.mark.parametrize(("bid", "made", "failed"),
                         [(28, 1, 2), (39, 1, 2), (40, 2, 3), (47, 2, 3), (48, 3, 4),
                          (55, 3, 4), (56, 4, 5)])
def test_56_table_bands(bid: int, made: int, failed: int) -> None:
    """RULES.md 3 (004): 28-39 1/2, 40-47 2/3, 48-55 3/4, 56 4/5."""
    assert _tables(bid, True)[0] == made and _tables(bid, False)[0] == -failed


def test_56_teams_start_with_12_tables_and_eight_players_with_10() -> None:
    """RULES.md 3 (004): 12 tables each; 10 in the eight-player game."""
    assert te.Match("56", seed=1).totals == (12, 12)
    assert te.Match("56-six", seed=1).totals == (12, 12)
    assert te.Match("56-eight", seed=1).totals == (10, 10)


def test_56_a_team_that_cannot_pay_loses_the_match() -> None:
    """RULES.md 4 tables (004): a team with 1 table left that loses 2 ends the match."""
    for seed in range(50):
        match = te.Match(te.ruleset("56", tables=1), seed=seed)
        rnd = play_out(match.next_round())
        match.score(rnd)
        result = rnd.result
        assert result is not None
        if result.annulled is not None or result.made:
            continue
        team = result.bidding_team
        assert team is not None
        assert match.totals[team] < 0 and match.is_over and match.winner == 1 - team
        return
    raise AssertionError("no failed contract in 50 matches")


def test_56_a_team_at_0_tables_has_not_lost_yet() -> None:
    """RULES.md 4 tables: running out is not losing; failing to pay is."""
    scoring = te.ruleset("56").config.scoring
    assert scoring.match_winner((0, 24)) is None
    assert scoring.match_winner((-1, 25)) == 1


# --- six and eight players -----------------------------------------------------------


def test_56_six_seats_three_against_three_with_eight_cards() -> None:
    """RULES.md 3 56-six (004): six players, teams alternate, eight cards each, 48 cards."""
    rs = te.ruleset("56-six")
    rnd = rs.new_round(seed=2, dealer=5)
    assert rs.config.players == 6 and rs.deck.size == 48
    assert all(len(rnd.view(s)["hand"]) == 8 for s in range(6))
    play_out(rnd)
    assert rnd.result is not None and all(len(t.cards) == 6 for t in rnd.tricks)


def test_56_six_ends_after_five_passes_in_a_row() -> None:
    """RULES.md 2 (004, six players): every other player passing in turn ends it."""
    rnd = te.ruleset("56-six").new_round(seed=2, dealer=5)
    run(rnd, "bid 28 S", "pass", "pass", "pass", "pass")
    assert rnd.phase is te.Phase.AUCTION
    rnd.apply("pass")
    assert rnd.phase is te.Phase.PLAY
    three = te.ruleset("56-six", closing_passes=3).new_round(seed=2, dealer=5)
    run(three, "bid 28 S", "pass", "pass", "pass")
    assert three.phase is te.Phase.PLAY


def test_56_eight_adds_eights_and_sevens_worth_nothing() -> None:
    """RULES.md 2 / 3 56-eight (004): eight players, 64 cards (8s and 7s twice each,
    worth 0), eight each, four against four."""
    rs = te.ruleset("56-eight")
    deck = rs.deck
    assert rs.config.players == 8 and deck.size == 64 and deck.total_points == 56
    assert deck.points[deck.ids[te.Card.parse("8S#2")]] == 0
    rnd = play_out(rs.new_round(seed=5, dealer=7))
    assert rnd.result is not None and all(len(t.cards) == 8 for t in rnd.tricks)
    assert [rnd.team_of(s) for s in range(8)] == [0, 1] * 4
