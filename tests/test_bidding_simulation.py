"""Bidding by simulation (issue 39): the margin a contract is worth under the ruleset's
own scoring, the deals driven to the first lead, and the bids of a PIMC bot that bids
by simulation: legal, its own, and alike in deals its seat cannot tell apart."""

from __future__ import annotations

import random

import pytest

import twentyeight as te
from twentyeight.actions import Bid, Pass
from twentyeight.bots import HeuristicBot, PIMCBot, RandomBot, SeatAccess, play_round
from twentyeight.bots.bidding import SimulatedBidding, _to_first_lead, contract_margin
from twentyeight.search_tables import search_tables

PLAIN = [name for name in ("28", "28-bands", "28six", "40", "56", "56-six")
         if search_tables(te.ruleset(name)).plain]

SMALL = {"bidding": "simulation", "solve_tricks": 1, "bid_samples": 2,
         "bid_max_nodes": 5_000}
"""A bot that bids by simulation, cheap enough for the default run."""


def test_the_presets_of_this_file_are_searched_as_cards() -> None:
    assert len(PLAIN) == 6


def _scorings() -> list[tuple[str, str]]:
    """Each plain preset with each ``failed_to`` its scoring system accepts (56's
    tables pass from one side to the other: ``both`` only)."""
    pairs = []
    for name in [*PLAIN, "28+double"]:
        for failed_to in ("bidder", "both"):
            try:
                te.ruleset(name).with_options(failed_to=failed_to)
            except te.ConfigError:
                continue
            pairs.append((name, failed_to))
    return pairs


@pytest.mark.parametrize(("name", "failed_to"), _scorings())
def test_a_contracts_margin_is_what_the_round_scores(name: str, failed_to: str) -> None:
    # The margin the bidder values a bid by is the round's own score of the same hand,
    # made or not, under the ruleset's scoring and its options.
    rs = te.ruleset(name).with_options(failed_to=failed_to)
    compared = 0
    for seed in range(60):
        rnd = rs.new_round(seed=seed)
        play_round(rnd, [HeuristicBot(seed * 8 + s) for s in range(rnd.players)])
        result = rnd.result
        assert result is not None
        if (result.annulled is not None or result.contract != "bid"
                or rnd.multiplier != 1 or rnd.stake is not None
                or 0 in result.tricks_won):  # a side with no trick may earn a bonus
            continue
        team = result.bidding_team
        assert team is not None and result.bid is not None and rnd.target is not None
        points = result.card_points
        margin = contract_margin(rs, team, result.bid, rnd.target, (points[0], points[1]))
        assert margin == result.game_points[team] - result.game_points[1 - team]
        compared += 1
    assert compared >= 20


def _auction(name: str, seed: int) -> te.Round:
    """A round of ``name`` at a turn in the auction where bids are offered."""
    rnd = te.new_round(name, seed=seed)
    bot = RandomBot(seed)
    for _ in range(seed % 3):
        legal = rnd.legal_actions()
        if rnd.phase is not te.Phase.AUCTION or not any(isinstance(a, Pass) for a in legal):
            break
        rnd.apply(next(a for a in legal if isinstance(a, Pass)))
    while rnd.phase is te.Phase.AUCTION and not any(
            isinstance(a, Bid) for a in rnd.legal_actions()):
        rnd.apply(bot.choose_action(rnd.legal_actions()))
    return rnd


@pytest.mark.parametrize("name", PLAIN)
def test_a_deal_is_driven_to_the_first_lead_with_the_seat_holding_the_contract(
        name: str) -> None:
    reached = 0
    for seed in range(12):
        rnd = _auction(name, seed)
        if rnd.phase is not te.Phase.AUCTION:
            continue
        seat = rnd.to_act
        assert seat is not None
        bid = min((a for a in rnd.legal_actions() if isinstance(a, Bid)),
                  key=lambda b: b.value)
        suits = [bid.denomination] if bid.denomination is not None else \
            sorted({c.suit for c in rnd.hand(seat)})
        for suit in suits:
            det = rnd.clone()
            det.apply(bid)
            played = _to_first_lead(det, seat, suit)
            if played is None:
                continue
            assert played.phase is te.Phase.PLAY and played.bidder == seat
            if suit not in (None, "NT"):
                assert played.trump_suit == suit
            reached += 1
    assert reached >= 6


@pytest.mark.parametrize("name", ["28", "56"])
def test_the_simulated_bid_is_legal_and_the_bot_replays(name: str) -> None:
    for seed in range(3):
        rnds = [te.new_round(name, seed=seed) for _ in range(2)]
        for rnd in rnds:
            play_round(rnd, [PIMCBot(seed + s, **SMALL) if s % 2 == 0 else HeuristicBot(s)
                             for s in range(rnd.players)])
        assert rnds[0].to_json() == rnds[1].to_json()


def test_the_simulated_bid_depends_only_on_what_the_seat_has_seen() -> None:
    # Deals the seat cannot tell apart (the others' cards drawn again) get the same
    # call from the same bot: the simulation sees the seat's view, never the deal.
    decided = 0
    for seed in range(6):
        rnd = _auction("28", seed)
        seat = rnd.to_act
        if rnd.phase is not te.Phase.AUCTION or seat is None:
            continue
        other = rnd.resample(seat, random.Random(seed))
        assert other.view(seat) == rnd.view(seat)
        assert other.to_json() != rnd.to_json()
        calls = []
        for deal in (rnd, other):
            bidding = SimulatedBidding(random.Random(7), 1, 3_000_000)
            calls.append(bidding.bid(SeatAccess(deal, seat), deal.legal_actions()))
        assert calls[0] == calls[1]
        decided += calls[0] is not None
    assert decided >= 2


def test_bidding_by_simulation_leaves_what_it_cannot_value_to_the_heuristic() -> None:
    # 304's play is searched over the round (its plug-ins hook the play): too slow to
    # value a bid, so the bot bids as the heuristic does, call for call.
    assert not search_tables(te.ruleset("304")).plain
    for seed in range(3):
        rnd = te.new_round("304", seed=seed)
        other = te.new_round("304", seed=seed)
        play_round(rnd, [PIMCBot(s, **SMALL) for s in range(4)])
        play_round(other, [PIMCBot(s, solve_tricks=1) for s in range(4)])
        assert rnd.history[:8] == other.history[:8]


def test_a_bad_bidding_option_is_refused() -> None:
    from twentyeight.bots import bot_factory

    with pytest.raises(ValueError, match="bidding must be one of"):
        PIMCBot(1, bidding="guess")
    with pytest.raises(ValueError, match="bidding takes one of heuristic, simulation"):
        bot_factory("pimc:bidding=guess")
    with pytest.raises(ValueError, match="at least 1"):
        PIMCBot(1, bid_samples=0)
    bot = bot_factory("pimc:bidding=simulation,bid_samples=3")(1)
    assert isinstance(bot, PIMCBot) and bot.bidding == "simulation"
