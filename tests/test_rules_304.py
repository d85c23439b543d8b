"""304's first rules (docs/rules/304-requirements.md): the pack (R3), the opener's
redeal under 15 points (R5), and the play-restriction extension point
(``RulePlugin.restrict_play``) with the rule that first needed it, exhausted trumps (R16:
an open 304 web app's rules, S4, which cites pagat's page, S1; a 304 app based on pagat's rules
lists "exhausted trumps" among its features).

The oracle below knows nothing of the hook: it takes the cards the same round allows
without the plug-in and applies R16 as the requirement words it.
"""

from __future__ import annotations

from typing import ClassVar

import attrs
import pytest
from attrs import frozen
from twentyeight_variants.redeal import OpenerPointlessFirstCards
from twentyeight_variants.three_nought_four import (
    DECK_304,
    OPENER_UNDER_15,
    STONES_304,
    ExhaustedTrumps,
)

import twentyeight as te
from twentyeight.bots import RandomBot
from twentyeight.plugins import RulePlugin, Why
from twentyeight.port import RoundPort
from twentyeight.solver import solve
from twentyeight.testing import check_random_rounds

from .helpers import check_late_endings, found_by_name, in_lockstep

BASE = te.ruleset("28")


def with_plugins(*plugins: RulePlugin, name: str = "28-exhausted-trumps") -> te.Ruleset:
    """28 with ``plugins`` added, as a third party would build it."""
    cfg = BASE.config
    return te.Ruleset(attrs.evolve(cfg, name=name, aliases=(),
                                   plugins=(*cfg.plugins, *plugins)))


EXHAUSTED = with_plugins(ExhaustedTrumps())


def cards(rnd: te.Round) -> set[te.Play]:
    return {a for a in rnd.legal_actions() if isinstance(a, te.Play)}


def r16_oracle(rnd: te.Round, plain: set[te.Play]) -> set[te.Play]:
    """R16 applied to the plays ``plain`` that 28's own rules allow at ``rnd``: the
    trump maker to lead, the trump exposed, holding every trump not yet played."""
    seat = rnd.to_act
    if rnd.current_trick or seat != rnd.bidder or not rnd.trump_exposed:
        return plain
    suit = rnd.trump_suit
    if any(c.suit == suit for s in range(rnd.players) if s != seat for c in rnd.hand(s)):
        return plain
    return {p for p in plain if p.card.suit == suit} or plain


def lockstep(seed: int) -> tuple[int, int]:
    """Play a round of 28 with exhausted trumps at random, a plain 28 round of the same
    deal beside it, and compare the cards allowed at every play decision with the
    oracle. Returns (decisions compared, decisions the rule restricted)."""
    compared = restricted = 0
    for rnd, plain in in_lockstep(EXHAUSTED, BASE, seed):
        if rnd.phase is te.Phase.PLAY:
            allowed = cards(plain)
            expected = r16_oracle(rnd, allowed)
            assert cards(rnd) == expected, (seed, rnd.history)
            compared += 1
            restricted += expected != allowed
    return compared, restricted


def test_r16_exhausted_trumps_matches_the_oracle_at_every_play() -> None:
    compared = restricted = 0
    for seed in range(1000):
        c, r = lockstep(seed)
        compared += c
        restricted += r
    assert compared > 20000
    assert restricted > 30, "too few positions where the rule binds to test it"


def first_binding(seed_range: range) -> te.Round:
    """A position of 28 with exhausted trumps where R16 binds: the trump maker leads,
    holding every trump left and another card."""
    for seed in seed_range:
        for rnd, plain in in_lockstep(EXHAUSTED, BASE, seed):
            if rnd.phase is te.Phase.PLAY and cards(rnd) != cards(plain):
                return rnd
    raise AssertionError("no position where the rule binds")


def test_r16_refusal_names_the_rule_and_leaves_the_round_unchanged() -> None:
    rnd = first_binding(range(500))
    seat = rnd.to_act
    assert seat is not None
    off = next(c for c in rnd.hand(seat) if c.suit != rnd.trump_suit)
    before = rnd.to_json()
    with pytest.raises(te.IllegalActionError) as err:
        rnd.apply(te.Play(off), seat=seat)
    assert err.value.rule == "must-lead-exhausted-trumps"
    assert "every trump still in play" in str(err.value)
    assert rnd.to_json() == before
    assert rnd.explain(te.Play(off)).rule == "must-lead-exhausted-trumps"  # type: ignore[union-attr]


def test_r16_leaves_the_bidder_free_before_the_trump_is_known() -> None:
    # Before the exposure nobody knows which suit is trumps: the rule cannot bind.
    checked = 0
    for seed in range(200):
        for rnd, plain in in_lockstep(EXHAUSTED, BASE, seed):
            if rnd.trump_exposed:
                break
            if rnd.phase is te.Phase.PLAY:
                assert cards(rnd) == cards(plain)
                checked += 1
    assert checked > 1000


def test_exhausted_trumps_passes_the_conformance_kit(monkeypatch: pytest.MonkeyPatch) -> None:
    found_by_name(monkeypatch, EXHAUSTED)
    assert check_random_rounds(EXHAUSTED, rounds=40, seed=7) == 40


def test_the_solver_searches_a_restricted_play_on_the_round() -> None:
    # A plug-in that restricts the play keeps the solver off its plain-play kernel, and
    # the solver still equals minimax.
    from twentyeight.search_tables import search_tables

    assert not search_tables(EXHAUSTED).plain
    check_late_endings(EXHAUSTED, 40)
    assert solve(first_binding(range(500))).exact


@frozen
class TakesEverything(RulePlugin):
    """A broken plug-in: it allows no card at all."""

    name: ClassVar[str] = "takes-everything"

    def restrict_play(self, rnd: RoundPort, seat: int, legal: int, why: Why) -> int:
        return 0


@frozen
class AddsACard(RulePlugin):
    """A broken plug-in: it allows a card the core's rules refused."""

    name: ClassVar[str] = "adds-a-card"

    def restrict_play(self, rnd: RoundPort, seat: int, legal: int, why: Why) -> int:
        return legal | rnd.held_mask(seat) | 1


@pytest.mark.parametrize("plugin", [TakesEverything(), AddsACard()])
def test_a_restriction_that_breaks_the_protocol_is_named(plugin: RulePlugin) -> None:
    rs = with_plugins(plugin, name=f"28-{plugin.name}")
    rnd = rs.new_round(seed=3, dealer=0)
    bot = RandomBot(3)
    with pytest.raises(te.ConfigError, match=type(plugin).__name__):
        while not rnd.is_over:
            rnd.apply(bot.choose_action(rnd.legal_actions()))
            if rnd.phase is te.Phase.PLAY:
                rnd.legal_actions()


def test_rulesets_without_restrictions_keep_the_core_path() -> None:
    # Only a ruleset with a restricting plug-in pays for asking it.
    assert type(BASE.new_round(seed=0))._play_legal is te.Round._play_legal
    from twentyeight.legality import _restricted_play_legal

    assert type(EXHAUSTED.new_round(seed=0))._play_legal is _restricted_play_legal
    assert EXHAUSTED.restricting_plugins == (EXHAUSTED.config.plugins[-1],)
    assert ExhaustedTrumps()._hooks_the_play()


# ---------------------------------------------------------------- 304's pack and R5

def test_r3_the_304_pack_ranks_and_points() -> None:
    # R3 (pagat's page, S1; the Wikipedia article, S2; catsatcards, S3): J 9 A 10 K Q 8 7,
    # worth 30 20 11 10 3 2 0 0: 76 a suit, 304 in all.
    deck = DECK_304.compile()
    assert deck.size == 32
    assert sum(deck.points) == 304
    for suit in "SHDC":
        ranked = sorted((c for c in deck.cards if c.suit == suit),
                        key=lambda c: -deck.strength[deck.card_id(c)])
        assert [c.rank for c in ranked] == ["J", "9", "A", "10", "K", "Q", "8", "7"]
        assert [deck.points[deck.card_id(c)] for c in ranked] == [30, 20, 11, 10, 3, 2, 0, 0]


def under_15_round(opener_cards: list[str]) -> te.Round:
    """A round with 304's pack and R5's check, dealt by seat 0 so that seat 1 opens,
    seat 1's first four cards being ``opener_cards``."""
    cfg = BASE.config
    rs = te.Ruleset(attrs.evolve(cfg, name="28-with-304-pack", aliases=(), deck=DECK_304,
                                 plugins=(), redeal_checks=(OPENER_UNDER_15,)))
    rest = [c for c in (f"{r}{s}" for s in "SHDC" for r in DECK_304.ranks)
            if c not in opener_cards]
    hands = [rest[0:4] + rest[12:16], opener_cards + rest[16:20],
             rest[4:8] + rest[20:24], rest[8:12] + rest[24:28]]
    return rs.new_round(deal=hands, dealer=0)


def test_r5_w5_opener_with_15_points_may_not_demand_a_redeal() -> None:
    # W5 (catsatcards, S3; S4): the opener's K, Q, 8 and 10 hold 3 + 2 + 0 + 10 = 15.
    rnd = under_15_round(["KS", "QH", "8D", "10C"])
    assert rnd.to_act == 1
    assert te.Redeal() not in rnd.legal_actions()
    with pytest.raises(te.IllegalActionError):
        rnd.apply("redeal")


def test_r5_w5_opener_under_15_points_may_demand_a_redeal() -> None:
    # W5 with the club King for the club Ten: 3 + 2 + 0 + 3 = 8, under 15.
    rnd = under_15_round(["KS", "QH", "8D", "KC"])
    assert te.Redeal() in rnd.legal_actions()
    rnd.apply("redeal")
    assert rnd.is_over
    assert rnd.result is not None and rnd.result.annulled == "opener-under-15"


def test_r5_only_the_opener_and_only_before_anyone_speaks() -> None:
    rnd = under_15_round(["KS", "QH", "8D", "KC"])
    rnd.apply("bid 14")
    assert rnd.to_act == 2
    assert te.Redeal() not in rnd.legal_actions()


def test_opener_redeal_threshold_must_be_positive() -> None:
    with pytest.raises(te.ConfigError, match="below must be at least 1"):
        OpenerPointlessFirstCards(below=0)


# ---------------------------------------------------------------- R21 stones

def stones(bid: int, made: bool) -> tuple[int, ...]:
    """The stones each team gains (team 0 the trump maker's) for one hand of ``bid``."""
    outcome = te.HandOutcome(teams=2, bidding_team=0, bid=bid, target=bid,
                             card_points=(bid if made else bid - 10, 0), tricks_won=(4, 4),
                             made=made)
    return outcome.game_points(STONES_304)


@pytest.mark.parametrize(("bid", "won", "paid"),
                         [(160, 1, 2), (190, 1, 2), (200, 2, 3), (240, 2, 3), (250, 3, 4),
                          (300, 3, 4)])
def test_r21_stones_by_band(bid: int, won: int, paid: int) -> None:
    # R21 (S4): 160-199 1 or 2, 200-249 2 or 3, 250 and more 3 or 4.
    assert stones(bid, True) == (won, -won)
    assert stones(bid, False) == (-paid, paid)


def test_r21_w1_a_failed_250_pays_4_stones_from_11_each() -> None:
    # W1 (S4): from 11 stones each, a failed 250 leaves the trump maker's team 7 and
    # the opponents 15; stones only change hands.
    start = STONES_304.starting_totals(2)
    assert start == (11, 11)
    after = tuple(t + d for t, d in zip(start, stones(250, False), strict=True))
    assert after == (7, 15)
    assert sum(after) == 22
    assert STONES_304.match_winner(after) is None


def test_r21_w2_made_160_exactly_wins_1_stone() -> None:
    # W2 (R20: ties to the bidder): the trump maker's team takes exactly 160.
    assert stones(160, True) == (1, -1)
