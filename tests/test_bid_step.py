"""Bids in steps: the ``bid_step`` option (304 bids in tens from 160; Thunee calls in
tens to 100, then 104). The highest bid is always a bid, even off the step."""

from __future__ import annotations

import io

import pytest

import twentyeight as te
from twentyeight.bots import HeuristicBot, play_round
from twentyeight.cli.style import _Style
from twentyeight.cli.transcript import _transcript


def _bids(rnd: te.Round) -> list[int]:
    return [a.value for a in rnd.legal_actions() if isinstance(a, te.Bid)]


def test_the_opener_is_offered_the_steps_and_the_highest_bid() -> None:
    rnd = te.ruleset("28", bid_step=3).new_round(seed=1)
    assert _bids(rnd) == [14, 17, 20, 23, 26, 28]
    assert rnd.ruleset.config.bids == (14, 17, 20, 23, 26, 28)


def test_a_raise_goes_to_the_next_step() -> None:
    rnd = te.ruleset("28", bid_step=2, partner_overcall_min=None).new_round(seed=1)
    rnd.apply("bid 16")
    assert _bids(rnd) == [18, 20, 22, 24, 26, 28]


def test_a_bid_between_the_steps_is_refused_and_changes_nothing() -> None:
    rnd = te.ruleset("28", bid_step=2).new_round(seed=1)
    before = rnd.to_json()
    with pytest.raises(te.IllegalActionError) as refused:
        rnd.apply("bid 15")
    assert refused.value.rule == "bid-off-step"
    assert "14 to 28 in steps of 2" in str(refused.value)
    assert rnd.to_json() == before
    assert not rnd.is_legal(te.Bid(15)) and rnd.explain(te.Bid(15)).rule == "bid-off-step"


def test_the_highest_bid_off_the_step_is_a_bid() -> None:
    rnd = te.ruleset("28", bid_step=5).new_round(seed=1)
    assert _bids(rnd) == [14, 19, 24, 28]
    rnd.apply("bid 28")
    assert rnd.bid == 28


def test_the_range_check_comes_before_the_step() -> None:
    rnd = te.ruleset("28", bid_step=2).new_round(seed=1)
    assert rnd.explain(te.Bid(29)).rule == "bid-out-of-range"
    assert rnd.explain(te.Bid(13)).rule == "bid-out-of-range"


def test_views_and_public_records_carry_the_step() -> None:
    rnd = te.ruleset("28", bid_step=2).new_round(seed=1)
    assert rnd.view(0)["bid_step"] == 2 and rnd.view(0)["bid_range"] == [14, 28]
    assert rnd.public_record()["bid_step"] == 2
    assert te.new_round("28", seed=1).view(0)["bid_step"] == 1


def test_records_keep_the_step() -> None:
    rnd = te.ruleset("28", bid_step=2).new_round(seed=3)
    rnd.apply("bid 18")
    again = te.Round.from_json(rnd.to_json())
    assert again.ruleset.config.bid_step == 2 and again.view(1) == rnd.view(1)


def test_action_indices_hold_only_the_steps() -> None:
    plain, stepped = te.ruleset("28"), te.ruleset("28", bid_step=2)
    assert plain.num_actions - stepped.num_actions == 15 - 8
    rnd = stepped.new_round(seed=1)
    assert [stepped.action_of(i) for i in rnd.legal_action_ids()] == list(rnd.legal_actions())


@pytest.mark.parametrize("step", [0, -1, 16])
def test_a_step_that_does_not_fit_the_range_is_refused(step: int) -> None:
    with pytest.raises(te.ConfigError, match="bid_step"):
        te.ruleset("28", bid_step=step)


@pytest.mark.parametrize(("step", "words"), [
    (1, "14 to 28"), (2, "14 to 28 in steps of 2"), (5, "14 to 24 in steps of 5, and 28")])
def test_the_bids_in_words(step: int, words: str) -> None:
    assert te.ruleset("28", bid_step=step).config.describe_bids() == words


def test_bots_bid_on_the_steps() -> None:
    """Heuristic bots read the legal bids, so every bid they make is on a step."""
    rs = te.ruleset("28", bid_step=4)
    for seed in range(30):
        rnd = rs.new_round(seed=seed)
        play_round(rnd, [HeuristicBot(s) for s in range(4)])
        bids = [a.value for _, a in rnd.history if isinstance(a, te.Bid)]
        assert all(v in rs.config.bids for v in bids)


def test_the_transcript_names_the_steps() -> None:
    rnd = te.ruleset("28", bid_step=5).new_round(seed=3)
    play_round(rnd, [HeuristicBot(s) for s in range(4)])
    text = "\n".join(_transcript(rnd, _Style(io.StringIO())))
    assert "Auction (bids 14" in text and "in steps of 5, and 28)" in text
