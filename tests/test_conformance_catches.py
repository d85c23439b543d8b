"""The conformance kit must fail on broken rulesets, or it proves nothing."""

from __future__ import annotations

from typing import Any

import pytest

import twentyeight as te
from twentyeight import testing
from twentyeight.round import Round


def test_kit_catches_a_view_that_shows_the_concealed_trump(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real_view = Round.view

    def leaky_view(self: Round, seat: int) -> dict[str, Any]:
        view = real_view(self, seat)
        if view["trump"] is not None and "card" not in view["trump"]:
            view["trump"]["card"] = self.view(self.bidder)["trump"]["card"]  # type: ignore[arg-type]
        return view

    monkeypatch.setattr(Round, "view", leaky_view)
    with pytest.raises(testing.ConformanceError, match=r"concealed trump|shows"):
        testing.check_random_rounds("28", rounds=20)


def test_kit_catches_a_view_that_shows_another_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    real_view = Round.view

    def leaky_view(self: Round, seat: int) -> dict[str, Any]:
        view = real_view(self, seat)
        view["partner_hand"] = [str(c) for c in self.hand((seat + 2) % self.players)]
        return view

    monkeypatch.setattr(Round, "view", leaky_view)
    with pytest.raises(testing.ConformanceError, match="shows"):
        testing.check_random_rounds("28", rounds=5)


def test_kit_catches_a_leak_that_names_no_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """The exact hiding property: a view that gives away how many points the partner
    holds shows no card's name, so only swapping unseen cards can catch it."""
    real_view = Round.view

    def leaky_view(self: Round, seat: int) -> dict[str, Any]:
        view = real_view(self, seat)
        partner = (seat + 2) % self.players
        view["partner_strength"] = self.deck.mask_points(self.hand_mask(partner))
        return view

    monkeypatch.setattr(Round, "view", leaky_view)
    with pytest.raises(testing.ConformanceError, match="cards it has not seen"):
        testing.check_random_rounds("28", rounds=5)


def test_kit_catches_a_concealed_suit_leaked_as_a_number(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real_view = Round.view

    def leaky_view(self: Round, seat: int) -> dict[str, Any]:
        view = real_view(self, seat)
        view["hint"] = self.trump_suit_index
        return view

    monkeypatch.setattr(Round, "view", leaky_view)
    with pytest.raises(testing.ConformanceError, match="cards it has not seen"):
        testing.check_random_rounds("28", rounds=20)


def test_view_hides_finds_consistent_worlds() -> None:
    """The hiding check is not vacuous: most tries find another deal the seat cannot
    tell from the real one, and compare the views there."""
    import random

    rnd = te.ruleset("28").new_round(seed=11)
    rng = random.Random(3)
    compared = steps = 0
    while not rnd.is_over:
        compared += testing.check_view_hides(rnd, steps % 4, rng, tries=2)
        steps += 1
        legal = rnd.legal_actions()
        rnd.apply(legal[rng.randrange(len(legal))])
    assert compared >= steps


def test_kit_catches_a_legal_list_that_misses_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Round.legal_actions

    def short(self: Round) -> tuple[te.Action, ...]:
        return real(self)[:1] if self.phase is te.Phase.PLAY else real(self)

    monkeypatch.setattr(Round, "legal_actions", short)
    with pytest.raises(testing.ConformanceError, match=r"not listed as legal|legal actions"):
        testing.check_random_rounds("28", rounds=20)


def test_kit_catches_lost_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Round.won_mask

    def lossy(self: Round, team: int) -> int:
        mask = real(self, team)
        return mask & (mask - 1)  # drops the lowest card of each pile

    monkeypatch.setattr(Round, "won_mask", lossy)
    with pytest.raises(testing.ConformanceError, match=r"missing|points"):
        testing.check_random_rounds("28", rounds=5)


def test_kit_catches_a_trick_winner_that_ignores_trumps(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = Round._finish_trick

    def no_trumps(self: Round) -> None:
        saved = self._trump_suit
        self._trump_suit = -2  # no card is of this suit: trumps never win
        try:
            real(self)
        finally:
            self._trump_suit = saved

    monkeypatch.setattr(Round, "_finish_trick", no_trumps)
    with pytest.raises(testing.ConformanceError, match="the rules give it to"):
        testing.check_random_rounds("28", rounds=30)


def test_trick_winner_oracle_agrees_with_the_worked_example() -> None:
    """RULES.md 5: the oracle gives 000's trick to North, like the engine."""
    from .test_rules_28 import west_bids_clubs

    rnd = west_bids_clubs()
    for text in ("play 8H", "play AC", "call-trump", "play QC", "play AH"):
        rnd.apply(text)
    testing.check_trick_winners(rnd)
    assert rnd.tricks[0].winner == 3
