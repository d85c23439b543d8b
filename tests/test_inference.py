"""Declared inference (issue 36, plan section 4): every part tells the resampler what a
seat may infer, so ``resample`` draws directly for every preset.

- "no preset needs the replay": at every position of random rounds of every registered
  preset, for every seat, the facts the parts declare leave nothing to the replay (an
  annulled round, where which check fired is not a fact about cards, is the only
  exception the core keeps);
- ``resample(seat)`` then keeps the seat's view and its history replays on the new deal,
  with the replay fallback switched off;
- ``testing.check_inference`` finds a false declaration, and a third-party part that
  reads hidden cards and declares nothing still gets an exact resample (by replay).

``TWENTYEIGHT_DEEP=1`` plays 200 rounds per preset instead of a few.
"""

from __future__ import annotations

import os
import random
from typing import Any, ClassVar

import attrs
import pytest
from attrs import frozen

import twentyeight as te
import twentyeight.resample as resample_module
from twentyeight.inference import Facts
from twentyeight.plugins import RulePlugin, Why
from twentyeight.port import RoundPort
from twentyeight.round import Round
from twentyeight.testing import ConformanceError, check_inference

DEEP = bool(os.environ.get("TWENTYEIGHT_DEEP"))
ROUNDS = 200 if DEEP else 6
PRESETS = te.presets()


def positions(name: str, rounds: int, **options: Any) -> list[Round]:
    """Every state of ``rounds`` seeded random rounds of ``name``."""
    rs = te.ruleset(name, **options)
    found = []
    for seed in range(rounds):
        rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
        rng = random.Random(seed)
        found.append(rnd.clone())
        while not rnd.is_over:
            rnd.apply(rng.choice(rnd.legal_actions()))
            found.append(rnd.clone())
    return found


def annulled(rnd: Round) -> bool:
    return rnd.result is not None and rnd.result.annulled is not None


def test_a_forced_pass_of_40s_opener_is_declared() -> None:
    """40 (002): an opener who must bid passes only with cards of one suit, so the pass
    is a fact (one of the suits, as ``any_of``); a candidate deal giving that opener two
    suits would not replay (the opener must bid)."""
    rs = te.ruleset("40", auction_after=1)
    for seed in range(400):
        rnd = rs.new_round(seed=seed)
        legal = [str(a) for a in rnd.legal_actions()]
        if rnd.to_act == rnd.opener and "pass" in legal and not any(
                a.startswith("bid") for a in legal):
            break
    else:
        raise AssertionError("no single-suit opener in 400 deals")
    rnd.apply("pass")
    other = (rnd.opener + 1) % rnd.players
    assert resample_module._Facts(rnd, other).replay is False
    for k in range(50):
        new = rnd.resample(other, random.Random(k))
        opener_cards = new.hand_mask(new.opener)
        assert any(opener_cards & ~mask == 0 for mask in new.deck.suit_mask)
    check_inference(rnd)


@pytest.mark.parametrize("name", PRESETS)
def test_no_preset_needs_the_replay(name: str) -> None:
    """Plan 36 section 4: 304's cuts (FaceDownCuts), Thunee's plug-ins, 40's auction
    (FortyAuction) and 28-bands' over-trump state their facts, so no position of any
    preset sends resample to the replay (before, 304, thunee and 40 replayed at every
    position and 28-bands after a lower trump)."""
    for rnd in positions(name, ROUNDS):
        if annulled(rnd):
            continue
        for seat in range(rnd.players):
            facts = resample_module._Facts(rnd, seat)
            assert facts.replay is False, (name, seat, [str(a) for _, a in rnd.history])


def _no_replay(*args: Any) -> None:
    raise AssertionError("resample fell back to the replay")


@pytest.mark.parametrize("name, options", [
    *((name, {}) for name in PRESETS),
    # 304's cut on 28's rules: a cut the seat saw, in a trick that ended with the trump
    # still concealed, is of no trump suit (FaceDownCuts).
    ("28", {"cut_mode": "face-down"}),
])
def test_resample_draws_directly_and_keeps_the_view(name: str, options: dict[str, Any],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """With the replay fallback switched off, ``resample(seat).view(seat) == view(seat)``
    at every position and seat, and the history replays legally on the new deal to the
    same round (the parts' facts are enough)."""
    monkeypatch.setattr(resample_module, "_replayed", _no_replay)
    rng = random.Random(36)
    for rnd in positions(name, max(4, ROUNDS // 3) if options else max(2, ROUNDS // 3),
                         **options):
        if annulled(rnd):
            continue
        for seat in range(rnd.players):
            new = rnd.resample(seat, rng)
            assert new.view(seat) == rnd.view(seat)
            again = new.ruleset.new_round(deal=new.deal, dealer=new.dealer,
                                          scores=new.scores)
            for who, action in new.history:
                again.apply(action, seat=who)
            assert again.to_json() == new.to_json()


@pytest.mark.parametrize("name, options", [
    *((name, {}) for name in PRESETS),
    ("thunee", {"undercut": False}),
    ("28", {"over_trump": True, "no_jack_discard": True}),
    ("28", {"concealed_follow": "expose", "no_jack_discard": "strict",
            "trump_lead_after_trump_played": True}),
    ("28", {"cut_mode": "face-down"}),
    ("28", {"seventh_card": True}),
    ("40", {"auction_after": 1, "trump_marker": "indicator"}),
])
def test_declared_facts_hold_in_the_true_deal(name: str, options: dict[str, Any]) -> None:
    """``check_inference``: at every step, for every seat, each declared fact holds in
    the true deal (also run by ``play_random_round`` at the end of each round)."""
    rs = te.ruleset(name, **options)
    for seed in range(4 if not DEEP else 100):
        rnd = rs.new_round(seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            rnd.apply(rng.choice(rnd.legal_actions()))
        check_inference(rnd)


@frozen
class _Liar(RulePlugin):
    """Declares that the seat after the dealer holds no card at all."""

    name: ClassVar[str] = "liar"

    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        facts.none_of((rnd.dealer + 1) % rnd.players, rnd.deck.full_mask)


def test_check_inference_finds_a_false_declaration() -> None:
    cfg = te.ruleset("28").config
    rs = te.Ruleset(attrs.evolve(cfg, name="liar-test", aliases=(), plugins=(_Liar(),)))
    rnd = rs.new_round(seed=1)
    with pytest.raises(ConformanceError, match="NoneOf"):
        check_inference(rnd)


@frozen
class _NoKingLead(RulePlugin):
    """A third party's rule that reads hidden cards: nobody may lead a King while
    holding an Ace of the same suit."""

    name: ClassVar[str] = "no-king-lead"

    def restrict_play(self, rnd: RoundPort, seat: int, legal: int, why: Why) -> int:
        if rnd.current_trick:
            return legal
        deck = rnd.deck
        hand = rnd.hand_mask(seat)
        barred = 0
        for mask in deck.suit_mask:
            if hand & mask & deck.rank_masks["A"]:
                barred |= legal & mask & deck.rank_masks["K"]
        return legal & ~barred or legal


@frozen
class _NoKingLeadDeclared(_NoKingLead):
    """The same rule, with what a King lead tells the others."""

    def infer(self, rnd: RoundPort, seat: int, facts: Facts) -> None:
        deck = rnd.deck
        for s in facts.plays:
            if s.position == 0 and s.card >= 0 and deck.rank_masks["K"] >> s.card & 1:
                suit = deck.suit_mask[deck.suit_of[s.card]]
                facts.none_of(s.who, suit & deck.rank_masks["A"], s.at)


@pytest.mark.parametrize("plugin, replay", [(_NoKingLead(), True),
                                            (_NoKingLeadDeclared(), False)])
def test_a_part_that_declares_nothing_is_replayed(plugin: RulePlugin, replay: bool) -> None:
    """A plug-in that reads hidden cards (the default) and keeps the default ``infer``
    sends resample to the replay, so it stays exact; one that declares its facts does
    not. Either way the view is kept and the history replays."""
    cfg = te.ruleset("56").config  # (every card may be led: no other lead rule)
    rs = te.Ruleset(attrs.evolve(cfg, name="king-test", aliases=(), plugins=(plugin,)))
    rng = random.Random(3)
    seen = False
    for seed in range(3):
        rnd = rs.new_round(seed=seed)
        play = random.Random(seed)
        while not rnd.is_over:
            rnd.apply(play.choice(rnd.legal_actions()))
            if rnd.tricks:
                seat = rnd.to_act if rnd.to_act is not None else 0
                assert resample_module._Facts(rnd, seat).replay is replay
                new = rnd.resample(seat, rng)
                assert new.view(seat) == rnd.view(seat)
                seen = True
        check_inference(rnd)
    assert seen


def test_thunees_last_card_choice_means_every_suit_held(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Thunee R8 (``seventh_card_when="all-suits"``): ``seventh-card`` is offered only to
    a bidder whose cards are of every suit, so choosing it is a fact (LastCardTrump
    declares it); resampled deals keep it, and their history replays."""
    monkeypatch.setattr(resample_module, "_replayed", _no_replay)
    rs = te.ruleset("thunee")
    chosen = 0
    for seed in range(30):
        rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
        rng = random.Random(seed)
        while not rnd.is_over:
            acts = rnd.legal_actions()
            seventh = [a for a in acts if str(a) == "seventh-card"]
            rnd.apply(seventh[0] if seventh else rng.choice(acts))
            chosen += bool(seventh)
            if chosen and not annulled(rnd):
                seat = (rnd.bidder or 0) + 1
                new = rnd.resample(seat % rnd.players, rng)
                again = rs.new_round(deal=new.deal, dealer=new.dealer, scores=new.scores)
                for who, action in new.history:
                    again.apply(action, seat=who)
    assert chosen
