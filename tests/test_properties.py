"""Hypothesis properties that hold for every registered ruleset.

Each test is parametrized over ``te.rulesets()``, so a newly registered ruleset is
covered (its name appears in the test id) without editing this file.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import twentyeight as te
from twentyeight.round import Phase

from .helpers import card_tokens, held_cards

RULESETS = te.rulesets()
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def check_conservation(rnd: te.Round) -> None:
    """Every card is in exactly one place: a hand (a concealed card included), the
    undealt stock, the trick in progress or a won pile; the won piles' points add up."""
    deck = rnd.deck
    places = [rnd.held_mask(s) for s in range(rnd.players)]
    dealt = 0
    for s in range(rnd.players):
        dealt |= rnd.dealt_mask(s)
    places.append(deck.full_mask & ~dealt)
    trick = 0
    for _, card in rnd.current_trick:
        trick |= 1 << deck.card_id(card)
    places += [trick, rnd.won_mask(0), rnd.won_mask(1)]
    union = 0
    for m in places:
        assert union & m == 0, "a card is in two places"
        union |= m
    assert union == deck.full_mask, "a card is missing"
    won_points = [deck.mask_points(rnd.won_mask(t)) for t in (0, 1)]
    bonus = sum(rnd.card_points) - sum(won_points)
    assert bonus in (0, rnd.config.last_trick_points)
    if rnd.is_over and rnd.result is not None and rnd.result.annulled is None:
        assert sum(rnd.card_points) == deck.total_points + rnd.config.last_trick_points


def check_views(rnd: te.Round) -> None:
    """No view holds another seat's unplayed cards, nor (before exposure) the concealed
    trump card or suit for anyone but the bidder."""
    exposed_card = None
    bidder_view = rnd.view(rnd.bidder) if rnd.bidder is not None else None
    if rnd.trump_exposed and bidder_view is not None:
        exposed_card = bidder_view["trump"]["card"]
    for seat in range(rnd.players):
        view = rnd.view(seat)
        text = json.dumps(view, ensure_ascii=False)
        json.loads(text)
        shown = card_tokens(text)
        for other in range(rnd.players):
            if other == seat:
                continue
            hidden = held_cards(rnd, other) - {exposed_card}
            assert not shown & hidden, f"seat {seat} sees {shown & hidden} of seat {other}"
        trump = view["trump"]
        if trump is not None and not trump["exposed"] and seat != rnd.bidder:
            assert "suit" not in trump and "card" not in trump
        assert view["legal_actions"] == (
            [str(a) for a in rnd.legal_actions()] if seat == rnd.to_act else [])


def candidate_actions(rnd: te.Round) -> list[te.Action]:
    """A broad pool of actions, legal or not, for the current state."""
    pool: list[te.Action] = [te.Pass(), te.CallTrump(), te.Redeal()]
    pool += [te.Bid(v) for v in range(-1, rnd.config.max_bid + 3)]
    for card in rnd.deck.cards:
        pool += [te.Play(card), te.LayTrump(card)]
    return pool


@pytest.mark.parametrize("name", RULESETS)
@SETTINGS
@given(seed=st.integers(0, 2**64 - 1), data=st.data())
def test_random_rounds_keep_every_invariant(name: str, seed: int, data: st.DataObject) -> None:
    """Legal actions apply; others raise and leave the state unchanged; conservation;
    views never leak; the JSON record round-trips; turn order follows the seating."""
    rs = te.ruleset(name)
    rnd = rs.new_round(seed=seed, dealer=data.draw(st.integers(0, rs.config.players - 1)))
    pool = candidate_actions(rnd)
    steps = 0
    while not rnd.is_over:
        steps += 1
        assert steps <= rs.config.max_actions
        legal = rnd.legal_actions()
        assert legal, "no legal action while the round is not over"
        assert len(set(legal)) == len(legal)
        check_conservation(rnd)
        check_views(rnd)
        before = rnd.to_json()
        for action in data.draw(st.lists(st.sampled_from(pool), max_size=6)):
            if action in legal:
                assert rnd.is_legal(action)
                continue
            with pytest.raises(te.IllegalActionError) as exc:
                rnd.apply(action)
            assert exc.value.rule and str(exc.value)
            assert rnd.to_json() == before
            assert rnd.legal_actions() == legal
        other = (rnd.to_act + 1) % rnd.players if rnd.to_act is not None else 0
        with pytest.raises(te.IllegalActionError) as wrong_seat:
            rnd.apply(legal[0], seat=other)
        assert wrong_seat.value.rule == "not-your-turn"
        for action in legal:
            copy = rnd.clone()
            copy.apply(action)
            assert rnd.to_json() == before
        if data.draw(st.booleans()):
            replayed = te.Round.from_json(before)
            assert replayed.to_json() == before
            assert replayed.legal_actions() == legal
            assert [replayed.view(s) for s in range(rnd.players)] == [
                rnd.view(s) for s in range(rnd.players)]
        trick_before = rnd.current_trick
        seat = rnd.to_act
        action = data.draw(st.sampled_from(legal))
        rnd.apply(action)
        if (rnd.phase is Phase.PLAY and isinstance(action, te.Play) and seat is not None
                and 0 < len(rnd.current_trick) == len(trick_before) + 1):
            assert rnd.to_act == (seat + 1) % rnd.players
    check_conservation(rnd)
    check_views(rnd)
    assert rnd.result is not None
    assert te.Round.from_json(rnd.to_json()).to_json() == rnd.to_json()
    if rnd.result.annulled is None:
        assert len(rnd.tricks) == rs.config.tricks
        assert all(len(t.cards) == rs.config.players for t in rnd.tricks)


@pytest.mark.parametrize("name", RULESETS)
@SETTINGS
@given(seed=st.integers(0, 2**64 - 1), cut=st.integers(0, 80))
def test_record_replays_to_the_identical_state(name: str, seed: int, cut: int) -> None:
    """A record (seed or explicit deal) replays to the same state and legal actions."""
    rnd = te.ruleset(name).new_round(seed=seed)
    for _ in range(cut):
        if rnd.is_over:
            break
        acts = rnd.legal_actions()
        rnd.apply(acts[(seed >> 3) % len(acts)])
    text = rnd.to_json()
    again = te.Round.from_json(text)
    assert again.to_json() == text
    assert again.legal_actions() == rnd.legal_actions()
    assert again.phase is rnd.phase and again.to_act == rnd.to_act
    # The same round from its explicit deal gives the same views.
    record = json.loads(text)
    explicit = rnd.ruleset.new_round(deal=rnd.deal, dealer=rnd.dealer)
    for a in record["actions"]:
        explicit.apply(a)
    assert [explicit.view(s) for s in range(rnd.players)] == [
        rnd.view(s) for s in range(rnd.players)]
