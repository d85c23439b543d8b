"""The trump part's hooks (issue 36, step 4): the concealed-trump play rules, the choice
of the trump and the exposure are :class:`~twentyeight.trump.TrumpRules` hooks over the
round's port, written once, so a part of a third party overrides one (or calls
``super()``) and the round follows it; the round reads the part once per ruleset and
asks it only on the branches it decides."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs
import pytest
from attrs import frozen

import twentyeight as te
from twentyeight.port import RoundPort
from twentyeight.trump import (
    ExposedHow,
    HandCardTrump,
    IndicatorTrump,
    OpenTrump,
    Why,
)

from .helpers import hands, run


def _with_trump(part: te.TrumpRules, preset: str = "28") -> te.Ruleset:
    return te.Ruleset(attrs.evolve(te.ruleset(preset).config, trump=part))


def test_active_hooks_follow_the_options() -> None:
    """Only an option that is on (or a third party's override) turns an optional hook
    on: the play of the classic parts asks none."""
    assert HandCardTrump().active_hooks() == frozenset()
    assert IndicatorTrump().active_hooks() == frozenset()
    assert OpenTrump().active_hooks() == frozenset()
    assert HandCardTrump(concealed_follow="expose").active_hooks() == {"follow_concealed"}
    assert IndicatorTrump(reveal_when_void=True).active_hooks() == {"void_play"}
    assert OpenTrump(trump_lead_after_trump_played=True).active_hooks() == {"exposed_lead"}
    assert FollowingTrump().active_hooks() == {"follow_concealed"}


_DEAL = hands(
    "7C AH KH JS 8C 9S AS 10S",
    "8H JH 9H 7H 10H JD 9D AD",
    "QH JC AC KS 10D KD QD 8D",
    "QC 9C 10C KC QS 8S 7S 7D",
)
"""West (seat 0) bids, lays 7C and leads while holding clubs and other suits (the deal
of ``test_rules_28.test_bidder_may_not_lead_trump_before_exposure``)."""


@frozen
class FreeLeadTrump(HandCardTrump):
    """A third party's 28: the bidder may lead the concealed trump suit at any time."""

    def lead(self, rnd: RoundPort, seat: int, hand: int, why: Why | None) -> int:
        return hand


def test_a_third_party_lead_hook_decides_the_bidders_lead() -> None:
    rnd = _with_trump(FreeLeadTrump()).new_round(deal=_DEAL, dealer=3)
    run(rnd, "bid 14", "pass", "pass", "pass", "trump 7C")
    assert rnd.is_legal("play 8C")
    rnd.apply("play 8C")


@frozen
class FollowingTrump(HandCardTrump):
    """A third party's 28: the bidder, void in hand in the suit led, must always expose
    its face-down card to follow if it is of that suit (``concealed_follow="expose"``,
    said by a hook instead of the option)."""

    def follow_concealed(self, rnd: RoundPort, seat: int, led: int) -> bool:
        return led == rnd.trump_suit_index


def _play_alike(a: te.Round, b: te.Round, rng: random.Random) -> None:
    """Play ``a`` and ``b`` with the same random legal actions, checking that they
    offer the same actions at every step and end with the same result."""
    while not a.is_over:
        assert a.legal_actions() == b.legal_actions()
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
    assert a.result == b.result


def test_an_overridden_optional_hook_is_asked_and_matches_the_option() -> None:
    """The override turns its hook on by itself, and plays as the option does."""
    by_hook = _with_trump(FollowingTrump())
    by_option = te.ruleset("28", concealed_follow="expose")
    for seed in range(30):
        a, b = by_hook.new_round(seed=seed), by_option.new_round(seed=seed)
        _play_alike(a, b, random.Random(seed))


CALLS: list[tuple[str, Any, int]] = []
"""The hooks of :class:`LoggingTrump` asked, with where the trump was exposed then
and how many tricks were complete."""


@frozen
class LoggingTrump(HandCardTrump):
    """The classic 28, logging each hook the round asks, then asking ``super()``."""

    logged: ClassVar[tuple[str, ...]] = (
        "lead", "void_play", "binds_caller", "caller_play", "exposure_from", "last_trick")

    def _log(self, name: str, rnd: RoundPort) -> None:
        CALLS.append((name, rnd.exposed_at, len(rnd.tricks)))

    def lead(self, rnd: RoundPort, seat: int, hand: int, why: Why | None) -> int:
        self._log("lead", rnd)
        return super().lead(rnd, seat, hand, why)

    def void_play(self, rnd: RoundPort, seat: int, hand: int,
                  why: Why | None) -> tuple[int, bool]:
        self._log("void_play", rnd)
        return super().void_play(rnd, seat, hand, why)

    def binds_caller(self, rnd: RoundPort, seat: int) -> bool:
        self._log("binds_caller", rnd)
        return super().binds_caller(rnd, seat)

    def caller_play(self, rnd: RoundPort, seat: int, hand: int, trumps: int,
                    why: Why | None) -> int:
        self._log("caller_play", rnd)
        return super().caller_play(rnd, seat, hand, trumps, why)

    def exposure_from(self, rnd: RoundPort, how: ExposedHow) -> int:
        self._log("exposure_from", rnd)
        return super().exposure_from(rnd, how)

    def last_trick(self, rnd: RoundPort) -> str | None:
        self._log("last_trick", rnd)
        return super().last_trick(rnd)


def test_the_part_is_asked_only_on_the_branches_it_decides() -> None:
    """Hooks that read a subclass's ``super()`` play as the classic 28 does, and the
    round asks the play hooks only while the trump is concealed (a call binds the
    caller in the exposing trick only): the play after the exposure asks nothing."""
    logging, classic = _with_trump(LoggingTrump()), te.ruleset("28")
    asked: set[str] = set()
    for seed in range(40):
        CALLS.clear()
        a, b = logging.new_round(seed=seed), classic.new_round(seed=seed)
        _play_alike(a, b, random.Random(seed))
        exposures = [c for c in CALLS if c[0] == "exposure_from"]
        assert len(exposures) == (a.exposed_at is not None)
        for name, exposed_at, done in CALLS:
            asked.add(name)
            if name in ("lead", "void_play", "last_trick"):
                assert exposed_at is None, (seed, name)
            elif name in ("binds_caller", "caller_play", "exposure_from"):
                assert exposed_at is not None and exposed_at[0] == done, (seed, name)
    assert asked == set(LoggingTrump.logged)


@pytest.mark.parametrize("preset, marker", [("28", "hand-card"), ("29", "indicator")])
def test_the_trump_choices_are_the_parts(preset: str, marker: str) -> None:
    rules = te.ruleset(preset)
    rnd = rules.new_round(seed=1)
    while rnd.phase is not te.Phase.TRUMP:
        rnd.apply(rnd.legal_actions()[-1] if rnd.phase is te.Phase.AUCTION else
                  rnd.legal_actions()[0])
    port = rnd._port
    seat = rnd.to_act
    assert seat is not None
    assert rules.config.trump.marker == marker
    assert rnd.legal_actions() == rules.config.trump.choices(port, seat)


@frozen
class CountingView(HandCardTrump):
    """A third party's 28 whose trump view names the number of tricks played: it
    depends on more than the trump, so the round must ask it every time."""

    def view(self, rnd: RoundPort, seat: int | None) -> dict[str, Any]:
        v = super().view(rnd, seat)
        return {**v, "tricks": len(rnd.tricks)} if v else v


def test_a_third_party_view_is_asked_each_time_the_core_view_is_reused() -> None:
    """The trump entry of a view is the part's ``view`` hook: a third party's view that
    reads more than the trump is asked at every view (it sees each new trick), and the
    core's reused answer is a copy, so a caller changing it changes no later view."""
    rs = _with_trump(CountingView())
    assert not rs.config.trump.caches_view() and HandCardTrump().caches_view()
    rnd = rs.new_round(seed=4)
    rng = random.Random(4)
    seen = set()
    while not rnd.is_over:
        trump = rnd.view(0)["trump"]
        if trump is not None:
            seen.add(trump["tricks"])
        rnd.apply(rng.choice(rnd.legal_actions()))
    assert len(seen) > 2
    plain = te.ruleset("28").new_round(seed=4)
    rng = random.Random(4)
    while plain.view(0)["trump"] is None:
        plain.apply(rng.choice(plain.legal_actions()))
    b = plain.bidder
    assert b is not None
    card = plain.view(b)["trump"]["card"]  # type: ignore[index]
    plain.view(b)["trump"]["card"] = "changed"  # type: ignore[index]
    assert plain.view(b)["trump"]["card"] == card  # type: ignore[index]
    assert "card" not in plain.view((b + 1) % 4)["trump"]  # type: ignore[operator]


@frozen
class LastCardNamed(HandCardTrump):
    """A third party's 28 whose trump is chosen at the deal's end: the choice only
    marks it (``set_trump`` with a card still to be dealt), ``after_deal`` names the
    bidder's last card dealt, known to the bidder."""

    def choose(self, rnd: RoundPort, seat: int, action: te.Action) -> None:
        from twentyeight.sight import UNDEALT

        rnd.set_trump(card=UNDEALT)

    def after_deal(self, rnd: RoundPort) -> None:
        bidder = rnd.bidder
        assert bidder is not None
        rnd.set_trump(card=rnd.deal_card(bidder, -1), known_to=1 << bidder)


def test_choose_and_after_deal_are_the_trump_parts() -> None:
    """``choose`` replaces the round's own choice and ``after_deal`` is asked once the
    whole hand is dealt: the trump card is the bidder's last card dealt, whatever was
    laid, and the bidder knows it."""
    rs = _with_trump(LastCardNamed())
    assert "after_deal" in rs.config.trump.active_hooks()
    rnd = rs.new_round(seed=2)
    rng = random.Random(2)
    while rnd.phase != "trump":
        rnd.apply(rng.choice([a for a in rnd.legal_actions() if str(a) != "redeal"]))
    bidder = rnd.bidder
    assert bidder is not None
    rnd.apply(rnd.legal_actions()[0])
    while rnd.phase not in ("play", "over"):
        rnd.apply(rng.choice(rnd.legal_actions()))
    if rnd.phase == "play":
        assert rnd.concealed_card == rnd.deal[bidder][-1]
        assert rnd.view(bidder)["trump"]["card"] == str(rnd.deal[bidder][-1])  # type: ignore[index]
