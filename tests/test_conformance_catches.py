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
