"""The hand-card trump's two choices of whether trump-suit cards led before the exposure
count as trumps (issue 36; ``HandCardTrump.led_trumps_on_exposure`` and
``HandCardTrump.last_trick_led_trumps``, both off by default as RULES.md reads:
docs/rules/28.md, "Trumps led before the exposure")."""

from __future__ import annotations

import pytest

import twentyeight as te
from twentyeight import testing

from .helpers import run

CALL_IN_A_TRUMP_LED_TRICK = [
    ["AS", "JS", "9S", "AH", "KH", "QD", "8D", "7D"],
    ["7S", "10S", "JH", "9H", "10H", "JD", "9D", "AD"],  # the bidder: lays the 7S
    ["QH", "8H", "7H", "10D", "KD", "JC", "9C", "AC"],   # no spades: calls
    ["8S", "KS", "QS", "10C", "KC", "QC", "8C", "7C"],
]
"""Seat 1 bids, lays 7S; seat 0 leads AS, seat 1 follows with 10S, seat 2, void in
spades, calls and discards, seat 3 plays 8S."""

A_CALL_TRICK = ["bid 14", "bid 15", "pass", "pass", "pass", "trump 7S",
                "play AS", "play 10S", "call-trump", "play 7H", "play 8S"]


@pytest.mark.parametrize("value, winner, trumps_from", [(False, 3, 2), (True, 0, 0)])
def test_led_trumps_on_exposure_decides_a_trick_led_in_the_trump_suit(
        value: bool, winner: int, trumps_from: int) -> None:
    """Off (RULES.md 2: trumps count from the exposure), the 8S played after the call is
    the only trump and beats the led AS; on (another open engine's rule), every spade of
    the trick is a trump and the AS, higher than the 8S, wins."""
    rnd = te.ruleset("28", led_trumps_on_exposure=value).new_round(
        deal=CALL_IN_A_TRUMP_LED_TRICK, dealer=3)
    run(rnd, *A_CALL_TRICK)
    trick = rnd.tricks[0]
    assert (trick.winner, trick.trumps_from) == (winner, trumps_from)
    testing.check_trick_winners(rnd)  # the kit's own reading agrees


DISCARD_BEFORE_THE_CALL = [
    ["AH", "KH", "QH", "AS", "KD", "QD", "8D", "7D"],
    ["7S", "KS", "JD", "9D", "AD", "10D", "JC", "9C"],  # the bidder: no hearts
    ["QS", "8S", "JS", "9S", "AC", "10C", "KC", "QC"],  # no hearts: calls, trumps
    ["JH", "9H", "10H", "8H", "7H", "10S", "8C", "7C"],
]


@pytest.mark.parametrize("options, winner", [
    ({}, 2), ({"led_trumps_on_exposure": True}, 2), ({"early_trumps_count": True}, 1)])
def test_led_trumps_on_exposure_leaves_a_discarded_trump_a_discard(
        options: dict[str, bool], winner: int) -> None:
    """In a trick led in another suit the option changes nothing: the bidder's KS
    discarded before the call stays a discard and the caller's QS wins, where
    ``early_trumps_count`` makes the KS a trump that beats it."""
    rnd = te.ruleset("28", **options).new_round(deal=DISCARD_BEFORE_THE_CALL, dealer=3)
    run(rnd, "bid 14", "bid 15", "pass", "pass", "pass", "trump 7S",
        "play AH", "play KS", "call-trump", "play QS", "play JH")
    assert rnd.tricks[0].winner == winner


LAST_TRICK = [
    ["7C", "KC", "8H", "QC", "9C", "10S", "7H", "8S"],
    ["QD", "KD", "JC", "10C", "KS", "8C", "JD", "8D"],  # the bidder: lays the QD
    ["7S", "AS", "9H", "10D", "QS", "9D", "AD", "7D"],
    ["QH", "10H", "JS", "JH", "KH", "AH", "AC", "9S"],
]
"""Nobody calls: the QD stays face down until the bidder plays it, its last card, to
the last trick, which seat 2 leads with the 9D."""

LAST_TRICK_PLAY = [
    "bid 14", "pass", "pass", "pass", "trump QD",
    "play KS", "play 7S", "play 9S", "play 8S",
    "play JS", "play 10S", "play 8D", "play QS",
    "play QH", "play 7H", "play KD", "play 9H",
    "play AS", "play KH", "play 8H", "play JD",
    "play 7D", "play 10H", "play 7C", "play 8C",
    "play 10D", "play AH", "play QC", "play 10C",
    "play AD", "play JH", "play KC", "play JC",
    "play 9D", "play AC", "play 9C", "play QD",
]


@pytest.mark.parametrize("value, winner, trumps_from", [(False, 1, 3), (True, 2, 0)])
def test_last_trick_led_trumps_decides_the_last_trick(
        value: bool, winner: int, trumps_from: int) -> None:
    """RULES.md 2 (the bidder must expose and play the face-down card at the last
    trick): off, the led 9D is a plain card of the suit led and the exposed QD, the
    only trump, wins; on, the 9D counts as a trump and, higher than the QD, wins."""
    rnd = te.ruleset("28", last_trick_led_trumps=value).new_round(deal=LAST_TRICK, dealer=0)
    run(rnd, *LAST_TRICK_PLAY)
    assert rnd.is_over
    assert rnd.exposed_at == (7, 3)
    trick = rnd.tricks[-1]
    assert (trick.winner, trick.trumps_from) == (winner, trumps_from)
    testing.check_trick_winners(rnd)  # the kit's own reading agrees


@pytest.mark.parametrize("options", [
    {"led_trumps_on_exposure": True}, {"last_trick_led_trumps": True}])
def test_the_rounds_keep_every_invariant(options: dict[str, bool]) -> None:
    """The kit's trick-winner check works the winners out again with the options."""
    assert testing.check_random_rounds(te.ruleset("28", **options), rounds=20,
                                          seed=36) == 20


def test_the_options_belong_to_the_concealed_trump() -> None:
    """Both are options of the hand-card part (the first of the indicator's too), off
    by default; an open trump has neither."""
    assert te.ruleset("28").options()["last_trick_led_trumps"] is False
    assert te.ruleset("29").options()["led_trumps_on_exposure"] is False
    assert "last_trick_led_trumps" not in te.ruleset("29").options()
    with pytest.raises(te.ConfigError):
        te.ruleset("56", led_trumps_on_exposure=True)
