"""The registered ``304`` preset (docs/rules/304-requirements.md): found by its names,
with the requirement's defaults; the seats and the direction of play (R1, R2), open play
(R15); every played-out hand conserves the 304 points; the heuristic bot bids on 304's
scale and plays the closed game.

Sources: pagat's page (S1), the Wikipedia article (S2) and an open 304 web app's rules
document that cites S1 (S4).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import twentyeight as te
from twentyeight.bots import HeuristicBot, play_round

RS = te.ruleset("304")


@pytest.mark.parametrize("name", ["304", "three-nought-four", "304-lanka"])
def test_the_preset_is_found_by_each_of_its_names(name: str) -> None:
    assert te.ruleset(name).name == "304"
    assert "304" in te.presets()


def test_the_preset_plays_the_requirements_defaults() -> None:
    """The choices table of the requirement: bids 160-300 in tens, cuts face down, the
    throw-in when all pass, the second auction from 250, no caps, 11 stones each."""
    cfg = RS.config
    assert (cfg.min_bid, cfg.max_bid, cfg.bid_step) == (160, 300, 10)
    assert cfg.cut_mode == "face-down" and cfg.open_by_leading_trump
    options = RS.options()
    assert options["all_pass"] == "throw-in" and options["second_auction"] == 250
    assert options["again_min"] == 200 and cfg.partner_overcall_min == 200
    assert options["every_trick"] is None and options["tables"] == 11
    assert [p.name for p in cfg.plugins] == [
        "exhausted-trumps", "expose-after-first-trick", "no-trump-first-lead"]
    assert RS.deck.total_points == 304 and RS.config.hand_size == 8


def test_r1_r2_four_players_partners_opposite_and_play_in_seat_order() -> None:
    """R1 (S1, S2): four players in two teams, partners opposite, so seat ``s`` plays for
    team ``s % 2``; R2 (S1, S2, S4): the opener sits after the dealer in the order of
    play (to the dealer's right, counter-clockwise) and speaks first, and every trick goes
    round in seat order from its leader."""
    assert RS.config.players == 4
    for dealer in range(4):
        rnd = RS.new_round(seed=dealer, dealer=dealer)
        assert rnd.opener == (dealer + 1) % 4 == rnd.to_act
        assert [rnd.team_of(s) for s in range(4)] == [0, 1, 0, 1]
        play_round(rnd, [HeuristicBot(dealer * 4 + s) for s in range(4)])
        for trick in rnd.tricks:
            lead = trick.seats[0]
            assert list(trick.seats) == [(lead + k) % 4 for k in range(4)]


def test_r15_open_play_no_player_is_obliged_to_trump() -> None:
    """R15 (S1, S4): once the trump is known, a player who cannot follow may play any
    card: holding a trump, a discard of another suit is legal. Found in 400 random
    rounds, with the trick then won by the suit led or by a trump as played."""
    rng = random.Random(15)
    free = 0
    for seed in range(400):
        rnd = RS.new_round(seed=seed, dealer=seed % 4)
        while not rnd.is_over:
            seat = rnd.to_act
            trick = rnd.current_trick
            if rnd.phase is te.Phase.PLAY and rnd.trump_exposed and trick and seat is not None:
                led = trick[0][1].suit
                hand = rnd.hand(seat)
                trump = rnd.trump_suit
                if all(c.suit != led for c in hand) and any(c.suit == trump for c in hand):
                    others = [c for c in hand if c.suit != trump]
                    assert all(rnd.is_legal(te.Play(c)) for c in hand)
                    if others:
                        free += 1
            acts = rnd.legal_actions()
            rnd.apply(acts[rng.randrange(len(acts))])
    assert free > 100


def test_every_played_out_hand_conserves_304_points() -> None:
    """R3, R20 (S1, S2, S4): the eight tricks hold all 304 card points, however the cuts
    fell, in 300 rounds played by heuristic bots."""
    hands = 0
    for seed in range(300):
        rnd = RS.new_round(seed=seed, dealer=seed % 4)
        play_round(rnd, [HeuristicBot(seed * 4 + s) for s in range(4)])
        result = rnd.result
        assert result is not None
        if result.annulled is None and len(rnd.tricks) == 8:
            assert sum(result.card_points) == 304
            assert sum(t.points for t in rnd.tricks) == 304
            hands += 1
    assert hands > 200


def test_the_heuristic_bot_bids_on_304s_scale_and_makes_most_contracts() -> None:
    """The heuristic bot bids from its hand's strength on 304's scale (160 to 300 in tens),
    and the bidding side makes more contracts than it fails, over 300 deals."""
    made: Counter[bool] = Counter()
    bids: Counter[int] = Counter()
    for seed in range(300):
        rnd = RS.new_round(seed=seed, dealer=seed % 4)
        play_round(rnd, [HeuristicBot(seed * 4 + s) for s in range(4)])
        result = rnd.result
        assert result is not None
        if result.annulled is None and result.made is not None and result.bid is not None:
            made[result.made] += 1
            bids[result.bid] += 1
    assert set(bids) <= set(range(160, 301, 10)) and len(bids) >= 4
    assert made[True] > made[False]


def test_r7_r19_r22_r24_are_not_offered() -> None:
    """R7 (the partner call) and R19 (Partner Close Caps) are S4's alone and incomplete
    there; R22 (Maharashtrian: marriages, a called partner, the half-court), R23 (six and
    eight players with the 3s and 2s) and R24 (two and three players) are not given fully
    by the sources (S2, S5, S7, S8). None is offered: no such action, no 3s or 2s in the
    pack, no 304 for other than four players registered. (Marriages could be played
    with the general announcements, ``twentyeight_variants.announcements``, once a
    source gives their scoring.)"""
    for text in ("partner", "pcc", "half-court"):
        with pytest.raises(te.ParseError):
            RS.parse_action(text)
    assert not {"3", "2"} & set(RS.deck.spec.ranks)
    assert {te.ruleset(name).config.players for name in te.presets()
            if name.startswith("304")} == {4}
