"""304's auctions, exposure rules and stones (docs/rules/304-requirements.md): the first
auction on four cards (R6, R6a-R6d), the second on eight (R9), the trump maker's first
lead in a closed game (R13), the trump turned up after the first trick of a high
contract (R14), spoilt trumps (R17), the house caps (R18) and the end of a match of
stones (R21).

Sources: pagat's page (S1), catsatcards (S3), an open 304 web app's rules document that
cites S1 (S4), and the card304 program's rules (S5). The rules marked "S4 only" in the
requirement are built as S4 words them.

The assembled ruleset below is 304 as far as it is built, with 28's call for the trump
(S5's way of cutting, ``cut_mode="call"``); the face-down cut (R11, R12) is tested in
``test_rules_304_cuts.py``.
"""

from __future__ import annotations

import random
from collections import deque
from typing import ClassVar

import attrs
import pytest
from attrs import frozen
from twentyeight_variants.redeal import BiddingSideHoldsAllTrumps
from twentyeight_variants.scoring import Tables
from twentyeight_variants.three_nought_four import (
    DECK_304,
    OPENER_UNDER_15,
    STONES_304,
    Auction304,
    ExhaustedTrumps,
    ExposeAfterFirstTrick,
    NoTrumpFirstLead,
)

import twentyeight as te
from twentyeight.bots import HeuristicBot, RandomBot, play_round
from twentyeight.plugins import RulePlugin
from twentyeight.port import RoundPort
from twentyeight.testing import check_random_rounds

from .helpers import check_late_endings, found_by_name, in_lockstep

BASE = te.ruleset("28")
BIDS = tuple(range(160, 301, 10))


def ruleset_304(name: str = "304-so-far", **changes: object) -> te.Ruleset:
    """304's parts built so far on 28's frame, as a third party would assemble them."""
    fields: dict[str, object] = dict(
        name=name, aliases=(), deck=DECK_304, min_bid=160, max_bid=300, bid_step=10,
        opener_must_bid=False, partner_overcall_min=200, second_bid_min=None,
        bidder_trump_lead="any", auction=Auction304(), scoring=STONES_304,
        redeal_checks=(BiddingSideHoldsAllTrumps(), OPENER_UNDER_15),
        plugins=(ExhaustedTrumps(), ExposeAfterFirstTrick(), NoTrumpFirstLead()))
    fields.update(changes)
    return te.Ruleset(attrs.evolve(BASE.config, **fields))  # type: ignore[arg-type]


SO_FAR = ruleset_304()


def bids(rnd: te.Round) -> set[int]:
    return {a.value for a in rnd.legal_actions() if isinstance(a, te.Bid)}


# ---------------------------------------------------------------- the auctions (R6-R9)

def auction_oracle(rnd: te.Round) -> set[int]:
    """The bids R6-R6c and R9 allow the seat to act, from the public history alone."""
    seat = rnd.to_act
    assert seat is not None
    high, bidder = rnd.bid, rnd.bidder
    if bidder == seat:
        return set()  # R6c: nobody bids over their own standing bid
    if rnd.reopened_bid is not None:
        # R9: one turn each; at least 250; a partner who has bid in this round: pass.
        if high != rnd.reopened_bid and (bidder - seat) % 2 == 0:  # type: ignore[operator]
            return set()
        return {b for b in BIDS if b >= 250 and b > high}  # type: ignore[operator]
    low = 160 if high is None else high + 10
    spoke = any(s == seat for s, _ in rnd.history)
    if spoke or (bidder is not None and (bidder - seat) % 2 == 0):
        low = max(low, 200)  # R6b after speaking once; R6a over a partner
    return {b for b in BIDS if b >= low}


def calls_of(rnd: te.Round) -> list[tuple[int, te.Action]]:
    return [(s, a) for s, a in rnd.history if isinstance(a, (te.Bid, te.Pass))]


@pytest.mark.parametrize("bot_kind", ["random", "heuristic"])
def test_r6_r9_the_auctions_match_the_oracle(bot_kind: str) -> None:
    # R6-R6d, R9 (S3, S4; S5 for R6a/R6b in its own words): every auction decision of
    # 600 rounds, bids compared with the oracle, pass always allowed.
    decisions = second = 0
    for seed in range(600):
        rnd = SO_FAR.new_round(seed=seed, dealer=seed % 4)
        bot = RandomBot(seed) if bot_kind == "random" else HeuristicBot(seed)
        while not rnd.is_over and rnd.phase is not te.Phase.PLAY:
            if rnd.phase is te.Phase.AUCTION:
                assert bids(rnd) == auction_oracle(rnd), (seed, rnd.history)
                assert te.Pass() in rnd.legal_actions()
                decisions += 1
                second += rnd.reopened_bid is not None
            seat = rnd.to_act
            assert seat is not None
            rnd.apply(bot.choose(rnd.view(seat)))
    assert decisions > 1000
    assert second > 200


def test_r6d_the_auction_ends_when_the_others_pass_after_a_bid() -> None:
    rnd = SO_FAR.new_round(seed=11, dealer=0)
    for call in ("bid 160", "pass", "pass"):
        rnd.apply(call)
        assert rnd.phase is te.Phase.AUCTION
    rnd.apply("pass")
    assert rnd.phase is te.Phase.TRUMP
    assert (rnd.bidder, rnd.bid) == (1, 160)


def test_r6d_a_pass_is_not_final() -> None:
    # A player who passed may bid later, at 200 or more (S4).
    rnd = SO_FAR.new_round(seed=11, dealer=0)
    for call in ("pass", "bid 160", "bid 170"):
        rnd.apply(call)
    assert rnd.to_act == 0
    rnd.apply("pass")
    assert rnd.to_act == 1  # the opener passed first and speaks again
    assert min(bids(rnd)) == 200
    rnd.apply("bid 200")
    assert (rnd.bidder, rnd.bid) == (1, 200)


def test_r6d_all_four_pass_throws_the_deal_in() -> None:
    rnd = SO_FAR.new_round(seed=11, dealer=0)
    for _ in range(4):
        rnd.apply("pass")
    assert rnd.result is not None and rnd.result.annulled == "all-passed"


def test_r6d_all_pass_dealer_minimum_option() -> None:
    # S5: when all pass the dealer must take the lowest bid.
    rs = ruleset_304(auction=Auction304(all_pass="dealer-minimum"))
    rnd = rs.new_round(seed=11, dealer=2)
    for _ in range(4):
        rnd.apply("pass")
    assert rnd.phase is te.Phase.TRUMP
    assert (rnd.to_act, rnd.bidder, rnd.bid) == (2, 2, 160)


def test_r6a_w6_partner_limit_and_its_refusal() -> None:
    # W6: seat 1 bids 160, seat 2 passes, seat 3 (seat 1's partner) may not bid 170-190.
    rnd = SO_FAR.new_round(seed=11, dealer=0)
    rnd.apply("bid 160")
    rnd.apply("pass")
    assert min(bids(rnd)) == 200
    before = rnd.to_json()
    with pytest.raises(te.IllegalActionError) as err:
        rnd.apply("bid 170")
    assert err.value.rule == "partner-overcall-min"
    assert rnd.to_json() == before
    rnd.apply("bid 200")
    assert rnd.bidder == 3


def test_r6b_a_second_turn_bids_200_or_more() -> None:
    rnd = SO_FAR.new_round(seed=11, dealer=0)
    for call in ("bid 160", "bid 170", "pass", "pass"):
        rnd.apply(call)
    assert rnd.to_act == 1
    with pytest.raises(te.IllegalActionError) as err:
        rnd.apply("bid 180")
    assert err.value.rule == "again-min"


def test_r6c_no_bid_over_ones_own_and_its_refusal() -> None:
    # The second auction opens at the holder of the bid, who may only pass (S4).
    rnd = SO_FAR.new_round(seed=11, dealer=0)
    for call in ("bid 160", "pass", "pass", "pass"):
        rnd.apply(call)
    rnd.apply(rnd.legal_actions()[0])  # the trump card
    assert rnd.phase is te.Phase.AUCTION and rnd.reopened_bid == 160
    assert rnd.to_act == 1
    assert rnd.legal_actions() == (te.Pass(),)
    with pytest.raises(te.IllegalActionError) as err:
        rnd.apply("bid 250")
    assert err.value.rule == "own-bid-standing"


def second_auction(seed: int = 11) -> te.Round:
    """Seat 1 holds 160 with a trump card laid; the eight-card auction is open."""
    rnd = SO_FAR.new_round(seed=seed, dealer=0)
    for call in ("bid 160", "pass", "pass", "pass"):
        rnd.apply(call)
    rnd.apply(rnd.legal_actions()[0])
    return rnd


def test_r9_one_turn_each_from_the_bidder_and_a_new_trump_maker() -> None:
    rnd = second_auction()
    laid = rnd.concealed_card
    assert laid is not None and all(len(rnd.hand(s)) == 8 - (s == 1) for s in range(4))
    rnd.apply("pass")  # seat 1, the holder
    assert min(bids(rnd)) == 250
    with pytest.raises(te.IllegalActionError) as err:
        rnd.apply("bid 240")
    assert err.value.rule == "second-auction-min"
    rnd.apply("bid 250")  # seat 2 becomes the trump maker
    assert rnd.to_act == 3
    rnd.apply("pass")
    assert rnd.to_act == 0
    with pytest.raises(te.IllegalActionError) as err:
        rnd.apply("bid 260")  # seat 2 is seat 0's partner
    assert err.value.rule == "partner-just-bid"
    rnd.apply("pass")
    # Seat 1 had its turn: the auction is over. The old trump card is back in seat 1's
    # hand and seat 2 lays one of its eight cards.
    assert rnd.phase is te.Phase.TRUMP and rnd.to_act == 2
    assert laid in rnd.hand(1)
    assert len(rnd.hand(2)) == 8


def test_r9_all_pass_the_first_contract_stands() -> None:
    rnd = second_auction()
    laid = rnd.concealed_card
    for _ in range(4):
        rnd.apply("pass")
    assert rnd.phase is te.Phase.PLAY
    assert (rnd.bidder, rnd.bid, rnd.concealed_card) == (1, 160, laid)


def test_r9_without_a_second_auction() -> None:
    rs = ruleset_304(auction=Auction304(second_auction=None))
    rnd = rs.new_round(seed=11, dealer=0)
    for call in ("bid 160", "pass", "pass", "pass"):
        rnd.apply(call)
    rnd.apply(rnd.legal_actions()[0])
    assert rnd.phase is te.Phase.PLAY


def test_auction_304_options_are_checked() -> None:
    with pytest.raises(te.ConfigError, match="all_pass"):
        Auction304(all_pass="opener-no-trump")  # type: ignore[arg-type]
    with pytest.raises(te.ConfigError, match="outside the bid range"):
        ruleset_304(auction=Auction304(second_auction=350))
    with pytest.raises(te.ConfigError, match="opener_must_bid"):
        ruleset_304(auction=Auction304(all_pass="dealer-minimum"), opener_must_bid=True)
    assert "a pass is not final" in SO_FAR.config.auction.describe()


# ---------------------------------------------------------------- R4, R8, R20

def test_r4_four_cards_for_the_first_auction_then_four_more() -> None:
    # R4 (S1, S2, S4): four cards each, the opener (dealer's right) speaks first; four
    # more each once the trump card is laid.
    rnd = SO_FAR.new_round(seed=11, dealer=0)
    assert rnd.to_act == rnd.opener == 1
    assert [len(rnd.hand(s)) for s in range(4)] == [4, 4, 4, 4]
    for call in ("bid 160", "pass", "pass", "pass"):
        rnd.apply(call)
    assert [len(rnd.hand(s)) for s in range(4)] == [4, 4, 4, 4]
    rnd.apply(rnd.legal_actions()[0])
    assert [len(rnd.hand(s)) for s in range(4)] == [8, 7, 8, 8]


def test_r8_the_trump_maker_lays_one_of_four_cards_face_down() -> None:
    # R8 (S1, S2, S4, S5): the card is chosen from the four, its suit is trumps, it is
    # not part of the hand, and nobody else sees it.
    rnd = SO_FAR.new_round(seed=11, dealer=0)
    for call in ("bid 160", "pass", "pass", "pass"):
        rnd.apply(call)
    four = set(rnd.hand(1))
    assert {a.card for a in rnd.legal_actions() if isinstance(a, te.LayTrump)} == four
    rnd.apply(rnd.legal_actions()[0])
    laid = rnd.concealed_card
    assert laid in four and laid not in rnd.hand(1)
    assert rnd.trump_suit == laid.suit  # type: ignore[union-attr]
    assert rnd.view(1)["trump"]["card"] == str(laid)
    for seat in (0, 2, 3):
        trump = rnd.view(seat)["trump"]
        assert trump is not None and "card" not in trump and "suit" not in trump


def test_r20_the_contract_is_made_at_the_bid_or_more() -> None:
    # R20 (S2, S4, S5): made when the trump maker's team takes at least the bid; ties
    # go to the trump maker.
    outcomes = set()
    for seed in range(200):
        rnd = SO_FAR.new_round(seed=seed, dealer=seed % 4)
        play_round(rnd, [RandomBot(seed * 4 + s) for s in range(4)])
        result = rnd.result
        if result is None or result.annulled is not None:
            continue
        assert rnd.bid is not None and rnd.bidder is not None
        made = rnd.card_points[rnd.bidder % 2] >= rnd.bid
        assert result.made == made
        outcomes.add(made)
    assert outcomes == {True, False}


# ---------------------------------------------------------------- R13 and R14

def first_lead_position(seed_range: range) -> te.Round:
    """A position where R13 binds: the trump maker leads the first trick, trump
    concealed, holding a trump and another suit."""
    for seed in seed_range:
        rnd = SO_FAR.new_round(seed=seed, dealer=seed % 4)
        bot = RandomBot(seed)
        while rnd.phase is not te.Phase.PLAY and not rnd.is_over:
            rnd.apply(bot.choose_action(rnd.legal_actions()))
        if rnd.is_over or rnd.to_act != rnd.bidder:
            continue
        suits = {c.suit for c in rnd.hand(rnd.to_act)}
        if rnd.concealed_card is not None and rnd.concealed_card.suit in suits \
                and len(suits) > 1:
            return rnd
    raise AssertionError("no position where R13 binds")


def test_r13_no_trump_lead_to_the_first_trick_of_a_closed_game() -> None:
    # R13 (S4): the trump maker leading trick 1 of a closed game may not lead a trump.
    rnd = first_lead_position(range(400))
    trump = rnd.concealed_card.suit  # type: ignore[union-attr]
    played = {a.card for a in rnd.legal_actions() if isinstance(a, te.Play)}
    seat = rnd.to_act
    assert seat is not None
    assert played == {c for c in rnd.hand(seat) if c.suit != trump}
    a_trump = next(c for c in rnd.hand(seat) if c.suit == trump)
    before = rnd.to_json()
    with pytest.raises(te.IllegalActionError) as err:
        rnd.apply(te.Play(a_trump))
    assert err.value.rule == "no-trump-first-lead"
    assert rnd.to_json() == before


def test_r13_binds_only_at_the_first_lead() -> None:
    # Without the plug-in the same positions allow the same cards, the first lead of a
    # trump maker apart.
    plain = ruleset_304(name="304-no-r13", plugins=(ExhaustedTrumps(), ExposeAfterFirstTrick()))
    differ = 0
    for seed in range(300):
        for rnd, other in in_lockstep(SO_FAR, plain, seed):
            if rnd.phase is te.Phase.PLAY \
                    and set(rnd.legal_actions()) != set(other.legal_actions()):
                differ += 1
                assert not rnd.tricks and not rnd.current_trick and rnd.to_act == rnd.bidder
                assert not rnd.trump_exposed
    assert differ > 10


def play_to_trick(rnd: te.Round, done: int, bot: RandomBot) -> None:
    while not rnd.is_over and len(rnd.tricks) < done:
        rnd.apply(bot.choose_action(rnd.legal_actions()))


def test_r14_a_high_contract_is_exposed_after_the_first_trick() -> None:
    # R14 (S4): at 250 or more, a trump still concealed is turned up when trick 1 ends.
    exposed_by_rule = 0
    for seed in range(200):
        rnd = SO_FAR.new_round(seed=seed, dealer=seed % 4)
        bot = RandomBot(seed)
        play_to_trick(rnd, 1, bot)
        if rnd.is_over:
            continue
        assert rnd.bid is not None
        calls = [a for _, a in rnd.history if isinstance(a, te.CallTrump)]
        if rnd.bid >= 250:
            assert rnd.trump_exposed
            if not calls:
                exposed_by_rule += 1
                assert rnd.exposed_at == (1, 0)
                laid = [a.card for _, a in rnd.history if isinstance(a, te.LayTrump)][-1]
                assert laid in rnd.hand(rnd.bidder)  # type: ignore[arg-type]
        else:
            assert rnd.trump_exposed == bool(calls)
    assert exposed_by_rule > 20


def test_r14_not_below_its_bid() -> None:
    rs = ruleset_304(name="304-expose-300",
                     plugins=(ExhaustedTrumps(), ExposeAfterFirstTrick(from_bid=310),
                              NoTrumpFirstLead()))
    for seed in range(100):
        rnd = rs.new_round(seed=seed, dealer=seed % 4)
        bot = RandomBot(seed)
        play_to_trick(rnd, 1, bot)
        if not rnd.is_over:
            calls = [a for _, a in rnd.history if isinstance(a, te.CallTrump)]
            assert rnd.trump_exposed == bool(calls)


def test_r14_exposure_is_seen_by_every_seat_and_resampled_consistently() -> None:
    rnd = next(r for r in (SO_FAR.new_round(seed=s, dealer=s % 4) for s in range(100))
               if _exposed_by_rule(r))
    for seat in range(4):
        view = rnd.view(seat)
        assert view["trump"] is not None and view["trump"]["exposed"]
        assert view["trump"]["suit"] == rnd.trump_suit
    rng = random.Random(5)
    for seat in range(4):
        for _ in range(5):
            other = rnd.resample(seat, rng)
            assert other.view(seat) == rnd.view(seat)
            assert other.exposed_at == rnd.exposed_at


def _exposed_by_rule(rnd: te.Round) -> bool:
    play_to_trick(rnd, 1, RandomBot(rnd.seed or 0))
    return (not rnd.is_over and rnd.trump_exposed
            and not any(isinstance(a, te.CallTrump) for _, a in rnd.history))


# ---------------------------------------------------------------- R17 spoilt trumps

def test_r17_w7_spoilt_trumps_void_the_hand() -> None:
    # W7 (S4, S5): the trump maker and partner were dealt all eight clubs: void, the
    # same dealer deals again, no stones move.
    clubs = [f"{r}C" for r in DECK_304.ranks]
    rest = [f"{r}{s}" for s in "SHD" for r in DECK_304.ranks]
    hands = [rest[0:4] + rest[12:16], clubs[0:4] + rest[16:20],
             rest[4:8] + rest[20:24], clubs[4:8] + rest[8:12]]
    rnd = SO_FAR.new_round(deal=hands, dealer=0)
    for call in ("bid 160", "pass", "pass", "pass"):
        rnd.apply(call)
    rnd.apply("trump JC")
    for _ in range(4):
        rnd.apply("pass")
    bot = RandomBot(1)
    while not rnd.is_over:
        rnd.apply(bot.choose_action(rnd.legal_actions()))
    assert rnd.result is not None
    assert rnd.result.annulled == "bidding-side-all-trumps"
    assert rnd.result.game_points == (0, 0)


# ---------------------------------------------------------------- R18, R21

def outcome(bid: int, made: bool, tricks: tuple[int, int]) -> te.HandOutcome:
    return te.HandOutcome(teams=2, bidding_team=0, bid=bid, target=bid,
                          card_points=(bid if made else bid - 10, 0), tricks_won=tricks,
                          made=made)


def test_r18_caps_house_rule_every_trick_wins_5_stones() -> None:
    # R18, S4's house rule: all eight tricks win 5 stones whatever the bid.
    caps = attrs.evolve(STONES_304, every_trick=5)
    assert outcome(160, True, (8, 0)).game_points(caps) == (5, -5)
    assert outcome(250, True, (8, 0)).game_points(caps) == (5, -5)
    assert outcome(250, True, (7, 1)).game_points(caps) == (3, -3)
    assert outcome(160, True, (8, 0)).game_points(STONES_304) == (1, -1)  # off by default
    doubled = attrs.evolve(outcome(160, True, (8, 0)), multiplier=2)
    assert doubled.game_points(caps) == (10, -10)
    with pytest.raises(te.ConfigError, match="every_trick"):
        attrs.evolve(STONES_304, every_trick=0)


def test_r21_a_team_left_without_stones_has_lost() -> None:
    # R21 (S4): the match ends when one team holds all 22 stones.
    assert STONES_304.match_winner((0, 22)) == 1
    assert STONES_304.match_winner((22, 0)) == 0
    assert STONES_304.match_winner((1, 21)) is None
    # 56's tables: only a team that cannot pay loses.
    tables = Tables(bands=((28, 1, 2),), tables=12)
    assert tables.match_winner((0, 24)) is None
    assert tables.match_winner((-1, 25)) == 1


def test_a_match_of_304_stones_ends_with_one_team_holding_all() -> None:
    match = te.Match(SO_FAR, seed=3)
    bots = [HeuristicBot(seat) for seat in range(4)]
    while not match.is_over:
        rnd = match.next_round()
        play_round(rnd, bots)
        match.score(rnd)
        assert sum(match.totals) == 22
    assert match.winner is not None
    assert match.totals[match.winner] >= 22 and match.totals[1 - match.winner] <= 0


# ---------------------------------------------------------------- the whole

def test_304_so_far_passes_the_conformance_kit(monkeypatch: pytest.MonkeyPatch) -> None:
    found_by_name(monkeypatch, SO_FAR)
    assert check_random_rounds(SO_FAR, rounds=60, seed=3) == 60


def test_304_so_far_conserves_its_304_points() -> None:
    for seed in range(200):
        rnd = SO_FAR.new_round(seed=seed, dealer=seed % 4)
        bot = RandomBot(seed)
        while not rnd.is_over:
            rnd.apply(bot.choose_action(rnd.legal_actions()))
        if rnd.result is not None and rnd.result.annulled is None:
            assert sum(rnd.card_points) == 304


def test_the_solver_equals_minimax_on_304_endings() -> None:
    check_late_endings(SO_FAR, 30)


# ---------------------------------------------------------------- RoundPort.expose_trump

def with_28(*plugins: RulePlugin, **changes: object) -> te.Ruleset:
    cfg = BASE.config
    return te.Ruleset(attrs.evolve(cfg, name="28-exposed-by-rule", aliases=(),  # type: ignore[arg-type]
                                   plugins=(*cfg.plugins, *plugins), **changes))


def test_resampling_knows_an_exposure_by_rule() -> None:
    # 28's rules that read whether the trump is known (over-trumping, no trump lead
    # before a trump is played, no Jack discard), the trump exposed by a plug-in after
    # trick 1: every resampled round replays its history legally on its own deal and
    # shows the seat the same view.
    rs = with_28(ExposeAfterFirstTrick(from_bid=14), over_trump=True,
                 trump_lead_after_trump_played=True, no_jack_discard=True)
    sampled = 0
    for seed in range(150):
        rnd = rs.new_round(seed=seed, dealer=seed % 4)
        bot = RandomBot(seed)
        stop = random.Random(seed).randrange(14, 40)
        while not rnd.is_over and len(rnd.history) < stop:
            rnd.apply(bot.choose_action(rnd.legal_actions()))
        if rnd.is_over or not rnd.trump_exposed:
            continue
        for seat in range(4):
            other = rnd.resample(seat, random.Random(seed * 4 + seat))
            again = rs.new_round(deal=other.deal, dealer=rnd.dealer)
            for who, action in other.history:
                again.apply(action, seat=who)
            assert again.view(seat) == rnd.view(seat)
            sampled += 1
    assert sampled > 200


@frozen
class ExposeBeforeLastTrick(RulePlugin):
    """A plug-in that turns the trump up when one trick is left."""

    name: ClassVar[str] = "expose-before-last-trick"
    after_each_trick: ClassVar[bool] = True

    def after_trick(self, rnd: RoundPort) -> None:
        if len(rnd.tricks) == rnd.config.tricks - 1:
            rnd.expose_trump()


def test_an_exposure_by_rule_before_the_last_trick_is_not_a_void_hand() -> None:
    # With last_trick_unexposed 'void' a trump still concealed at the last trick voids
    # the hand; one a plug-in exposed after the trick before it is not concealed.
    rs = with_28(ExposeBeforeLastTrick(), last_trick_unexposed="void")
    plain = with_28(last_trick_unexposed="void")
    played = 0
    for seed in range(200):
        # Nobody calls: exposing is left to the rule.
        # The generator yields the same two rounds each time: the last pair is both
        # rounds played out.
        rnd, other = deque(in_lockstep(rs, plain, seed, avoid=(te.CallTrump(),)), maxlen=1)[0]
        assert rnd.result is not None and other.result is not None
        if other.result.annulled == "trump-never-exposed":
            played += 1
            assert rnd.result.annulled is None and rnd.trump_exposed
    assert played > 5


def test_r6d_a_throw_in_passes_the_deal_to_the_next_dealer() -> None:
    # S4: "If all four players pass, the hand is abandoned; next dealer deals." Any
    # other annulled deal is dealt again by the same dealer.
    from twentyeight.cli.commands import _next_deal
    from twentyeight.match import dealer_after

    thrown = SO_FAR.new_round(seed=11, dealer=0)
    for _ in range(4):
        thrown.apply("pass")
    assert dealer_after(thrown) == 1
    assert _next_deal(thrown, 5) == (1, 6, "The deal passes to the next dealer (seed 6).")
    claimed = next(r for r in (SO_FAR.new_round(seed=s, dealer=2) for s in range(200))
                   if te.Redeal() in r.legal_actions())
    claimed.apply("redeal")
    assert dealer_after(claimed) == 2
    assert _next_deal(claimed, 5) == (2, 6, "The same dealer deals again (seed 6).")
    # A match deals on the same way.
    match = te.Match(SO_FAR, seed=1)
    first = match.next_round()
    for _ in range(4):
        first.apply("pass")
    match.score(first)
    assert match.dealer == 1 and match.totals == (11, 11)
    with pytest.raises(te.TwentyEightError, match="not over"):
        dealer_after(SO_FAR.new_round(seed=1))


def test_the_classic_auction_keeps_the_dealer_after_a_throw_in() -> None:
    rs = te.ruleset("28", opener_must_bid=False)
    rnd = rs.new_round(seed=4, dealer=3)
    for _ in range(4):
        rnd.apply("pass")
    assert rnd.result is not None and rnd.result.annulled == "all-passed"
    from twentyeight.match import dealer_after

    assert dealer_after(rnd) == 3
