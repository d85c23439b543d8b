"""Thunee's special calls and the registered preset (docs/rules/thunee-requirements.md):
Jodhi (R16, W4), Thunee (R17, W7), Royals (R18, W6), and the extension points they
needed: call windows after a trick (``"after-trick"``), a contract whose partners play
(``partners_play``) and whose trump is the suit of its first lead
(``RoundPort.open_trump``), and a contract's own rank order (``rank_order``).

Sources: thunee.com's rules (T4), africagames.co's rules (T3), an implementation's
design specification (T8) and an open game's specification (T9), as the requirement
cites them.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest
from twentyeight_variants.announcements import Announcements, Meld
from twentyeight_variants.redeal import BiddingSideHoldsAllTrumps
from twentyeight_variants.thunee import (
    TRUMPMAN_AT_MOST_10,
    Balls,
    JodhiAnnouncements,
    ShowTrumpAfterFirstCard,
)
from twentyeight_variants.thunee_calls import ROYALS_ORDER, LastTrickCalls, ThuneeCalls

import twentyeight as te
from twentyeight.testing import check_random_rounds

from .helpers import check_late_endings, found_by_name

THUNEE = te.ruleset("thunee")


def _deal(*hands: str) -> list[list[te.Card]]:
    return [[te.Card.parse(c) for c in hand.split()] for hand in hands]


def _apply(rnd: te.Round, *actions: str) -> None:
    for action in actions:
        rnd.apply(action)


def _balls(made: bool, last: int | None, contract: str = "thunee") -> tuple[int, ...]:
    """Balls for a Thunee by team 0 that was made, or lost on a trick won by ``last``'s
    team."""
    return Balls().game_points(te.HandOutcome(
        teams=2, bidding_team=0, bid=0, target=None, card_points=(100, 50),
        tricks_won=(3, 1), made=made, contract=contract, last_trick_team=last))


# ---------------------------------------------------------------- the preset

def test_the_preset_is_registered_with_its_alias() -> None:
    """``thunee`` and its alias ``tani`` (the issue), 304 points in 24 cards (R3), the
    deal of four and two (R6), calls 10 to 100 then 104 (R7), the count to 105 with
    the last trick (R14), balls to 12 (R22), the first lead after the trumpman (R4)."""
    assert te.ruleset("tani") is THUNEE or te.ruleset("tani").config == THUNEE.config
    cfg = THUNEE.config
    assert THUNEE.deck.size == 24 and THUNEE.deck.total_points == 304
    assert cfg.deal_packets == (4, 2)
    assert cfg.bids == (10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 104)
    assert cfg.first_lead == "after-opener" and cfg.last_trick_points == 0
    scoring = cfg.scoring
    assert isinstance(scoring, Balls)
    assert (scoring.count_to, scoring.match_target, scoring.last_trick_mode) == \
        (105, 12, "transfer")


def test_thunee_passes_the_conformance_kit() -> None:
    """The conformance kit on 60 random rounds of the preset (views and hiding with
    Thunee and Royals called, trumps opened by the first lead, Royals' order), and the
    solver against plain minimax on 10 endings (random calls end most hands early)."""
    assert check_random_rounds(THUNEE, rounds=60, seed=11) == 60
    check_late_endings(THUNEE, 10, seeds=2000)


def test_thunee_with_jodhi_played_out_passes_the_conformance_kit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random players call Thunee or Royals in most rounds, so the Jodhi windows and the
    last-trick calls are checked on the preset without those calls: 60 random rounds,
    every invariant, and the solver on 20 endings."""
    rules = _played_out()
    found_by_name(monkeypatch, rules)
    assert check_random_rounds(rules, rounds=60, seed=12) == 60
    check_late_endings(rules, 20)
    announced = 0
    for seed in range(200):
        rnd = rules.new_round(seed=seed, dealer=seed % 4)
        while not rnd.is_over:
            legal = rnd.legal_actions()
            rnd.apply(next((a for a in legal if str(a).startswith("announce")), legal[-1]))
        announced += sum(str(a).startswith("announce") for _, a in rnd.history)
    assert announced > 20


# ---------------------------------------------------------------- R16 Jodhi

JODHI_DEAL = _deal("JS 9S AS 10D KH QH",   # seat 0, the dealer (counting team)
                   "KD QD JD 9D AC 10C",   # seat 1, the trumpman
                   "KS QS JC 9C AH 10H",   # seat 2 (counting team), leads
                   "AD 10S JH 9H KC QC")   # seat 3


def _jodhi_round() -> te.Round:
    """Nobody calls; the trumpman lays the 9 of diamonds; nobody calls Thunee."""
    rnd = THUNEE.new_round(deal=JODHI_DEAL, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump 9D")
    _apply(rnd, "pass", "pass", "pass", "pass")  # the Thunee window: 1, 3, 2, 0
    assert rnd.phase.value == "play" and rnd.to_act == 2
    return rnd


def test_r16_jodhi_after_the_first_trick_by_the_side_that_won_it() -> None:
    """R16 (T8, T9): after the first trick, won by the counting team, its winner and
    then his partner may announce K+Q held (20 each, not trumps); the counting team's
    Jodhi raises the count (the target Balls adds). The cards are shown to all."""
    rnd = _jodhi_round()
    _apply(rnd, "play JC", "play QC", "play 9S", "play 10C")  # seat 2 wins
    assert rnd.phase.value == "calls" and rnd.to_act == 2
    assert rnd.view(2)["window"] == "jodhi"
    assert [str(a) for a in rnd.legal_actions()] == ["announce KS QS", "pass"]
    rnd.apply("announce KS QS")
    assert rnd.target == 20 and rnd.to_act == 2
    assert [str(a) for a in rnd.legal_actions()] == ["pass"]  # a suit once
    rnd.apply("pass")
    assert rnd.to_act == 0 and [str(a) for a in rnd.legal_actions()] == ["announce KH QH",
                                                                          "pass"]
    _apply(rnd, "announce KH QH", "pass")
    assert rnd.target == 40
    assert rnd.phase.value == "play" and rnd.to_act == 2  # the winner leads
    seen = rnd.view(1)
    assert seen["jodhi"] == {"announced": [
        {"seat": 2, "cards": ["KS", "QS"], "value": 20},
        {"seat": 0, "cards": ["KH", "QH"], "value": 20}]}
    assert {c["card"] for c in seen["shown"] if c["seat"] == 0} == {"KH", "QH"}


def test_r16_jodhi_only_after_the_first_and_third_tricks_and_in_trumps_50() -> None:
    """R16 (T9, T8 Traditional): no window after the second trick; after the third,
    won by the trumper with a trump, his J+K+Q of trumps is 50 and lowers the count.
    Outside the window ``announce`` is refused, naming the rule."""
    rnd = _jodhi_round()
    _apply(rnd, "play JC", "play QC", "play 9S", "play 10C", "pass", "pass")
    _apply(rnd, "play 9C", "play KC", "play JS", "play AC")  # seat 2 again
    assert rnd.phase.value == "play" and rnd.to_act == 2  # no window after trick 2
    refusal = rnd.explain("announce KS QS")
    assert refusal is not None and refusal.rule == "announce-out-of-window"
    _apply(rnd, "play AH", "play JH", "play QH", "play 9D")  # seat 1 chops
    assert rnd.tricks[-1].winner == 1 and rnd.to_act == 1
    assert [str(a) for a in rnd.legal_actions()] == ["announce JD KD QD", "announce KD QD", "pass"]
    rnd.apply("announce JD KD QD")
    assert rnd.target == -50
    _apply(rnd, "pass", "pass")
    assert rnd.phase.value == "play" and rnd.to_act == 1
    while not rnd.is_over:
        rnd.apply(rnd.legal_actions()[0])
    result = rnd.result
    assert result is not None and result.target == -50
    counting = result.card_points[0]
    last = 10 if rnd.tricks[-1].winner % 2 == 0 else -10
    assert result.made is (counting - 50 + last < 105)


def test_w4_a_trumpers_jodhi_of_40_keeps_the_count_short() -> None:
    """W4 (R14, R16): diamonds trumps; the trumper shows K+Q of diamonds (40); the
    counting team takes 130 and the last trick: 130 + 10 - 40 = 100 < 105, the
    trumper's team wins its ball."""
    outcome = te.HandOutcome(teams=2, bidding_team=1, bid=0, target=-40,
                             card_points=(130, 174), tricks_won=(3, 3), made=False,
                             last_trick_team=0)
    balls = Balls()
    assert balls.count(outcome) == 100 and balls.contract_made(outcome)
    assert balls.explain(outcome) == (
        "the counting team counts 100, short of the 105 it needs: 130 card points + 10 "
        "for the last trick - 40 for the call and announcements")
    made = attrs.evolve(outcome, made=True)
    assert balls.game_points(made) == (0, 1)


def test_r16_no_jodhi_under_a_thunee() -> None:
    """R16 (T8): no Jodhi under Thunee or Royals: no window opens."""
    rnd = THUNEE.new_round(deal=JODHI_DEAL, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump 9D", "pass", "pass", "thunee")
    _apply(rnd, "play JC", "play QC", "play 9S", "play 10C")
    assert rnd.phase.value == "play" and rnd.to_act == 2


def test_announcements_check_their_table() -> None:
    """The announcement table's ranks must be in the pack, and its tricks not the last."""
    with pytest.raises(te.ConfigError, match="ranks"):
        te.Ruleset(attrs.evolve(THUNEE.config, plugins=(Announcements(
            melds=(Meld(("K", "8"), 4, 2),)),)))
    with pytest.raises(te.ConfigError, match="not the last"):
        te.Ruleset(attrs.evolve(THUNEE.config, plugins=(JodhiAnnouncements(after_tricks=(6,)),)))


# ---------------------------------------------------------------- R17 Thunee

def test_r17_the_trumpers_team_is_asked_first_then_the_opponents() -> None:
    """R17 (T4, T8): the trumper, his partner, then the opponents from the trumper's
    right; the first call stands, so the trumper's team comes first."""
    rnd = THUNEE.new_round(deal=JODHI_DEAL, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump 9D")
    asked = []
    for _ in range(4):
        asked.append(rnd.to_act)
        rnd.apply("pass")
    assert asked == [1, 3, 2, 0]


def test_w7_r17_a_thunee_lost_to_the_partner_is_8_balls() -> None:
    """W7, R17 (T3, T8 Traditional, T9): seat 2 calls Thunee and leads; clubs (the suit
    of his first card) are trumps; his partner wins the second trick: the Thunee fails
    at once, 8 balls to the other team."""
    rnd = THUNEE.new_round(deal=JODHI_DEAL, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump 9D", "pass", "pass", "thunee")
    assert rnd.contract == "thunee" and rnd.bidder == 2 and rnd.to_act == 2
    assert "9D" in [str(c) for c in rnd.hand(1)]  # the trump card went back
    assert rnd.view(0)["sitting_out"] == []  # the partner plays
    rnd.apply("play JC")
    assert rnd.view(3)["trump"]["suit"] == "C" and rnd.trump_exposed
    _apply(rnd, "play QC", "play 9S", "play 10C")
    assert rnd.tricks[0].winner == 2
    _apply(rnd, "play KS", "play 10S", "play JS", "play KD")
    result = rnd.result
    assert result is not None and rnd.tricks[-1].winner == 0
    assert not result.made and tuple(result.game_points) == (0, 8)
    assert _balls(False, 0) == (0, 8)
    assert Balls(partner_catch=4).game_points(te.HandOutcome(
        teams=2, bidding_team=0, bid=0, target=None, card_points=(1, 1),
        tricks_won=(1, 1), made=False, contract="thunee", last_trick_team=0)) == (0, 4)


def test_r17_a_thunee_made_or_lost_to_an_opponent_is_4_balls() -> None:
    """R17 (T4, T8): every trick the caller's: 4 balls to his team; a trick to an
    opponent: 4 balls to the opponents, and the hand ends there."""
    assert _balls(True, 0) == (4, 0)
    assert _balls(False, 1) == (0, 4)
    rnd = THUNEE.new_round(deal=JODHI_DEAL, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump 9D", "pass", "pass", "thunee")
    _apply(rnd, "play JC", "play QC", "play 9S", "play 10C")
    _apply(rnd, "play AH", "play JH", "play KH", "play KD")  # seat 3's J of hearts
    result = rnd.result
    assert result is not None and rnd.tricks[-1].winner == 3
    assert len(rnd.tricks) == 2 and tuple(result.game_points) == (0, 4)


def test_r17_six_of_one_suit_may_not_call() -> None:
    """R17 (T3, T8): a player holding six cards of one suit may not call Thunee; the
    refusal names the rule."""
    deal = _deal("JS 9S AS 10S KH QH",
                 "KD QD JD 9D AH 10H",
                 "JC 9C AC 10C KC QC",   # seat 2: six clubs
                 "AD 10D JH 9H KS QS")
    rnd = THUNEE.new_round(deal=deal, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump 9D", "pass", "pass")
    assert rnd.to_act == 2 and [str(a) for a in rnd.legal_actions()] == ["pass"]
    refusal = rnd.explain("thunee")
    assert refusal is not None and refusal.rule == "thunee-six-of-a-suit"
    with pytest.raises(te.IllegalActionError):
        rnd.apply("thunee")


def test_r17_trumper_team_only_option() -> None:
    """R17's option ``thunee_caller="trumper-team"`` (T8): only the trumper and his
    partner are asked."""
    own = ThuneeCalls(thunee_caller="trumper-team")
    rules = te.Ruleset(attrs.evolve(THUNEE.config, name="thunee-own", aliases=(), plugins=(
        ShowTrumpAfterFirstCard(), JodhiAnnouncements(), own)))
    rnd = rules.new_round(deal=JODHI_DEAL, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump 9D", "pass", "pass")
    assert rnd.phase.value == "play"


# ---------------------------------------------------------------- R18 Royals

ROYALS_DEAL = _deal("9C JS 9S AS 10S KS",
                    "KC JD 9D AD 10D KD",
                    "QC QS JH 9H AH 10H",
                    "JC AC 10C QD KH QH")


@pytest.mark.parametrize(("call", "winner"), [("royals", 2), ("thunee", 3)])
def test_w6_r18_royals_ranks_every_suit_upside_down(call: str, winner: int) -> None:
    """W6, R18 (T3, T9): the caller leads the Q of clubs (clubs trumps); the others play
    the J, 9 and K. Under Royals (Q K 10 A 9 J) the Q wins; under Thunee the J does."""
    rnd = THUNEE.new_round(deal=ROYALS_DEAL, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump JD", "pass", "pass", call)
    assert rnd.rank_order == (ROYALS_ORDER if call == "royals" else THUNEE.deck.spec.ranks)
    _apply(rnd, "play QC", "play JC", "play 9C", "play KC")
    assert rnd.tricks[0].winner == winner
    copy = te.Round.from_json(rnd.to_json())
    assert copy.rank_order == rnd.rank_order and copy.tricks == rnd.tricks


def test_r18_royals_keeps_the_rounds_class() -> None:
    """R18 (T3, T9) with W6's cards: the contract's own rank order is the round's own
    state, not its class (issue 36: no class swap at run time). The class stays the
    ruleset's through the call; a clone made before the call and called Thunee plays by
    the deck's ranks, one made after plays Royals, and two Royals rounds share the one
    trick function the ruleset made for the order."""
    rnd = THUNEE.new_round(deal=ROYALS_DEAL, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump JD", "pass", "pass")
    cls = type(rnd)
    before = rnd.clone()
    rnd.apply("royals")
    after = rnd.clone()
    before.apply("thunee")
    for r, winner in ((rnd, 2), (after, 2), (before, 3)):
        _apply(r, "play QC", "play JC", "play 9C", "play KC")
        assert type(r) is cls and r.tricks[0].winner == winner
    assert after.rank_order == ROYALS_ORDER and before.rank_order == THUNEE.deck.spec.ranks
    again = THUNEE.new_round(deal=ROYALS_DEAL, dealer=0)
    _apply(again, "pass", "pass", "pass", "pass", "trump JD", "pass", "pass", "royals")
    assert again._trick_outcome is rnd._trick_outcome is not before._trick_outcome


def test_r18_royals_option_off() -> None:
    """R18's option ``royals=False`` (T8 leaves it out): only Thunee is offered."""
    rules = te.Ruleset(attrs.evolve(THUNEE.config, name="thunee-plain", aliases=(),
                                    plugins=(ShowTrumpAfterFirstCard(),
                                             ThuneeCalls(royals=False))))
    rnd = rules.new_round(deal=ROYALS_DEAL, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump JD")
    assert [str(a) for a in rnd.legal_actions()] == ["thunee", "pass"]


def test_a_rank_order_must_hold_the_decks_ranks() -> None:
    """``Deck.strength_in`` refuses an order that is not the deck's ranks."""
    with pytest.raises(te.ConfigError, match="rank order"):
        THUNEE.deck.strength_in(("Q", "K"))
    assert THUNEE.deck.strength_in(ROYALS_ORDER)[THUNEE.deck.card_id(te.Card.parse("QS"))] \
        == 5


def test_r10_the_no_trump_redeal_applies_under_a_thunee() -> None:
    """R10 (T3, T8): under a Thunee, the deal is void when the caller's opponents hold
    no card of the suit his first lead makes trumps."""
    assert THUNEE.config.redeal_checks == (BiddingSideHoldsAllTrumps(), TRUMPMAN_AT_MOST_10)
    deal = _deal("JS 9S AS 10S KS QS",
                 "JH 9H AH 10H JD 9D",   # seat 1, the trumpman
                 "JC 9C AC 10C KC QD",   # seat 2 calls, leads clubs
                 "KH QH AD 10D KD QC")   # seat 3 holds a club
    rnd = THUNEE.new_round(deal=deal, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump JH", "pass", "pass", "thunee")
    rnd.apply("play JC")
    assert rnd.result is None and rnd.trump_suit == "C"
    deal = _deal("JS 9S AS 10S KS QS",
                 "JH 9H AH 10H JD 9D",
                 "JC 9C AC 10C KC QC",   # six clubs: may not call
                 "KH QH AD 10D KD QD")   # seat 3 calls, leads hearts
    rnd = THUNEE.new_round(deal=deal, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump JH", "pass", "thunee")
    assert rnd.bidder == 3
    rnd.apply("play KH")  # hearts: seats 0 and 2 hold none
    assert rnd.result is not None and rnd.result.annulled == "bidding-side-all-trumps"


# ---------------------------------------------------------------- R19 Double, R20 Khanaak

def _last_trick_call(call: str, seeds: range) -> list[tuple[te.Round, int]]:
    """Rounds of the preset played at random, never calling Thunee or Royals and always
    announcing a Jodhi, in which ``call`` was allowed in the last trick and made: each
    with its caller."""
    import random
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        rnd = THUNEE.new_round(seed=seed, dealer=seed % 4)
        caller = -1
        while not rnd.is_over:
            texts = [str(a) for a in rnd.legal_actions()]
            if call in texts and caller < 0:
                caller = rnd.to_act  # type: ignore[assignment]
                rnd.apply(call)
                continue
            announce = [t for t in texts if t.startswith("announce")]
            calm = [t for t in texts if t not in ("thunee", "royals", "call-double",
                                                  "khanaak")]
            rnd.apply(announce[0] if announce else rng.choice(calm))
        if caller >= 0 and rnd.result is not None and rnd.result.annulled is None:
            found.append((rnd, caller))
    return found


def test_r19_double_wins_2_balls_or_loses_4() -> None:
    """R19 (T8, T9): in the sixth trick, a player whose team won the first five may call
    Double before playing: 2 balls if he wins the last trick, else 4 to the other team."""
    rounds = _last_trick_call("call-double", range(400))
    assert len(rounds) >= 5
    outcomes = set()
    for rnd, caller in rounds:
        team = caller % 2
        assert all(t.winner % 2 == team for t in rnd.tricks[:5])
        result = rnd.result
        assert result is not None
        won = rnd.tricks[-1].winner == caller
        expected = [0, 0]
        expected[team if won else 1 - team] = 2 if won else 4
        assert list(result.game_points) == expected
        assert rnd.view(0)["last-trick-calls"] == {"call": "call-double", "seat": caller}
        outcomes.add(won)
    assert outcomes == {True, False}


def test_r19_double_only_with_the_first_five_tricks_and_in_the_last() -> None:
    """R19 (T8): before the last trick, or without all five tricks, ``call-double`` is
    refused, naming the rule; a team one ball short of the match may not call it."""
    early = THUNEE.new_round(deal=JODHI_DEAL, dealer=0)
    _apply(early, "pass", "pass", "pass", "pass", "trump 9D", "pass", "pass", "pass", "pass")
    refusal = early.explain("call-double")
    assert refusal is not None and refusal.rule == "last-trick-call-too-early"
    again, _ = around_a_double(short=True)
    refusal = again.explain("call-double")
    assert refusal is not None and refusal.rule == "double-one-ball-short"


def test_r20_khanaak_strict_balls() -> None:
    """R20 (T8 strict): a Khanaak succeeds if the caller's team lost a trick, the caller
    wins the last trick, and the team's Jodhi + 10 exceeds the other team's card points
    and Jodhi: 3 balls (6 from the counting team); otherwise 4 to the other team."""
    rounds = _last_trick_call("khanaak", range(600))
    assert len(rounds) >= 5
    for rnd, caller in rounds:
        team = caller % 2
        jodhi = [0, 0]
        for entry in rnd.view(0)["jodhi"]["announced"]:
            jodhi[entry["seat"] % 2] += entry["value"]
        assert jodhi[team] > 0
        result = rnd.result
        assert result is not None
        won = (any(t.winner % 2 != team for t in rnd.tricks)
               and rnd.tricks[-1].winner == caller
               and jodhi[team] + 10 > result.card_points[1 - team] + jodhi[1 - team])
        expected = [0, 0]
        backward = team != result.bidding_team
        expected[team if won else 1 - team] = (6 if backward else 3) if won else 4
        assert list(result.game_points) == expected, (won, backward)


def test_r20_khanaak_needs_a_jodhi() -> None:
    """R20 (T8, T9): a team without a Jodhi may not call Khanaak; the refusal names the
    rule. In a round where one team won the first five tricks, only it could announce,
    so the other team's first player in the last trick is refused. Khanaak needs the
    announcements it reads."""
    again, caller = around_a_double(card=True)  # the caller plays without calling
    assert again.to_act is not None and again.to_act % 2 != caller % 2
    refusal = again.explain("khanaak")
    assert refusal is not None and refusal.rule == "khanaak-needs-jodhi"
    with pytest.raises(te.ConfigError, match="Khanaak needs"):
        te.Ruleset(attrs.evolve(THUNEE.config, plugins=(LastTrickCalls(),)))


# ---------------------------------------------------------------- states for other tests

def calm_round(rules: te.Ruleset, seed: int,
               stop: Callable[[te.Round], bool]) -> te.Round | None:
    """A round of ``rules`` played at random without Thunee, Royals, Double or Khanaak,
    announcing every Jodhi, until ``stop`` holds (``None`` if it never does)."""
    import random
    rng = random.Random(seed)
    rnd = rules.new_round(seed=seed, dealer=seed % 4)
    while not rnd.is_over:
        if stop(rnd):
            return rnd
        texts = [str(a) for a in rnd.legal_actions()]
        announce = [t for t in texts if t.startswith("announce")]
        calm = [t for t in texts if t not in ("thunee", "royals", "call-double", "khanaak")]
        rnd.apply(announce[0] if announce else rng.choice(calm))
    return None


def last_trick_state(rules: te.Ruleset, want: Callable[[te.Round], bool]) -> te.Round:
    """The first calm round of ``rules`` (seeds from 0) that reaches a seat's turn in the
    last trick with ``want`` true."""
    last = rules.config.tricks - 1
    for seed in range(2000):
        rnd = calm_round(rules, seed, lambda r: r.phase is te.Phase.PLAY
                         and len(r.tricks) == last and want(r))
        if rnd is not None:
            return rnd
    raise AssertionError("no such state")


def around_a_double(*, call: bool = False, card: bool = False,
                    short: bool = False) -> tuple[te.Round, int]:
    """The first calm round with a Double, replayed to the caller's turn in the last
    trick, then the call (``call``) and the caller's card (``card``); with ``short``, the
    caller's team one ball short of the match. With the caller."""
    rnd, caller = _last_trick_call("call-double", range(400))[0]
    actions = [str(a) for _, a in rnd.history]
    at = actions.index("call-double")
    scores = (11 * (caller % 2 == 0), 11 * (caller % 2 == 1)) if short else None
    again = THUNEE.new_round(seed=rnd.seed, dealer=rnd.dealer, scores=scores)
    for text in actions[:at] + actions[at:at + 1] * call + actions[at + 1:at + 2] * card:
        again.apply(text)
    return again, caller


def lost_a_trick(rnd: te.Round) -> bool:
    """The seat to act's team has lost a trick."""
    team = rnd.to_act % 2  # type: ignore[operator]
    return any(t.winner % 2 != team for t in rnd.tricks)


def jodhi_window(*announced: str) -> te.Round:
    """The Jodhi deal's window after the first trick, seat 2 to act, after
    ``announced``."""
    rnd = THUNEE.new_round(deal=JODHI_DEAL, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump 9D", "pass", "pass", "pass", "pass",
           "play JC", "play QC", "play 9S", "play 10C", *announced)
    return rnd


def test_last_trick_calls_refusals() -> None:
    """R19, R20: a team that lost a trick may not call Double; a second call is refused;
    with Double or Khanaak left out (``double=False``, ``khanaak=False``) each is
    refused as not played."""
    lost = last_trick_state(THUNEE, lost_a_trick)
    refusal = lost.explain("call-double")
    assert refusal is not None and refusal.rule == "double-needs-five-tricks"
    off = te.Ruleset(attrs.evolve(THUNEE.config, name="thunee-off", aliases=(), plugins=(
        ShowTrumpAfterFirstCard(), JodhiAnnouncements(), ThuneeCalls(),
        LastTrickCalls(double=False, khanaak=False))))
    state = last_trick_state(off, lambda r: True)
    for call, rule in (("call-double", "double-not-played"),
                       ("khanaak", "khanaak-not-played")):
        refusal = state.explain(call)
        assert refusal is not None and refusal.rule == rule
    again, _ = around_a_double(call=True, card=True)
    refusal = again.explain("khanaak")
    assert refusal is not None and refusal.rule == "last-trick-call-made"


def test_the_heuristic_bot_plays_thunee_sensibly() -> None:
    """The issue's "bots play both sensibly": in 300 deals of heuristic self-play the
    call, a handicap to the caller (``bid_is_handicap``), stays low; every Jodhi held in
    a window is announced; Double and Khanaak are called with a last card sure to win,
    and mostly won."""
    from twentyeight.bots import HeuristicBot, play_round

    calls = []
    announced = last_trick_calls = won = 0
    for seed in range(300):
        rnd = THUNEE.new_round(seed=seed, dealer=seed % 4)
        play_round(rnd, [HeuristicBot(seed=seed) for _ in range(4)])
        result = rnd.result
        assert result is not None
        if result.annulled is None and result.contract == "bid":
            calls.append(result.bid)
        for seat, action in rnd.history:
            text = str(action)
            announced += text.startswith("announce")
            if text in ("call-double", "khanaak"):
                last_trick_calls += 1
                won += result.game_points[seat % 2] > 0
    assert sum(1 for c in calls if c <= 10) >= 0.9 * len(calls)
    assert announced >= 50
    assert last_trick_calls >= 20 and won >= 0.8 * last_trick_calls


def test_the_transcript_tells_a_thunee() -> None:
    """The command line's transcript: the laid trump set aside by the call, the
    caller's first card setting the trump, and the count of a played-out hand."""
    import io

    from twentyeight.cli.style import _Style
    from twentyeight.cli.transcript import _transcript

    rnd = THUNEE.new_round(deal=JODHI_DEAL, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump 9D", "pass", "pass", "thunee",
           "play JC", "play QC", "play 9S", "play 10C", "play KS", "play 10S", "play JS",
           "play KD")
    text = "\n".join(_transcript(rnd, _Style(io.StringIO())))
    assert "calls Thunee: North plays for every trick, the trump made set aside" in text
    assert "North's first card sets the trump: clubs are trumps." in text
    assert "failed (lost trick 2)" in text
    played = _jodhi_round()
    while not played.is_over:
        played.apply(played.legal_actions()[-1])
    text = "\n".join(_transcript(played, _Style(io.StringIO())))
    assert "The trump is turned up after that card" in text
    assert "the counting team counts " in text and " the 105 it needs: " in text


def test_every_thunee_round_conserves_its_cards_and_304_points() -> None:
    """R3, R14 (T1, T2, T3, T4): every card is in one place at the end of every round
    (a hand, the tricks, or, after a Thunee lost early, still in the players' hands);
    a hand played out holds all 304 card points in its six tricks, and the last trick's
    10 moves between the teams' counts without changing their sum (+10 and -10 under
    ``transfer``). 300 rounds of heuristic self-play and 300 played at random."""
    import random

    from twentyeight.bots import HeuristicBot, play_round
    from twentyeight.testing import check_conservation

    balls = Balls()
    played_out = 0
    for seed in range(600):
        rnd = THUNEE.new_round(seed=seed, dealer=seed % 4)
        if seed < 300:
            play_round(rnd, [HeuristicBot(seed * 4 + s) for s in range(4)])
        else:
            rng = random.Random(seed)
            while not rnd.is_over:
                rnd.apply(rng.choice(rnd.legal_actions()))
        check_conservation(rnd)
        result = rnd.result
        assert result is not None
        played = sum(t.points for t in rnd.tricks)
        assert sum(result.card_points) == played <= 304
        if result.annulled is None and len(rnd.tricks) == 6:
            assert played == 304
            played_out += 1
            if result.contract == "bid":
                outcome = te.HandOutcome(
                    teams=2, bidding_team=result.bidding_team or 0, bid=result.bid or 0,
                    target=result.target, card_points=result.card_points,
                    tricks_won=result.tricks_won, made=bool(result.made),
                    last_trick_team=rnd.tricks[-1].winner % 2)
                other = attrs.evolve(outcome, bidding_team=1 - outcome.bidding_team,
                                     target=0)
                mine = attrs.evolve(outcome, target=0)
                assert balls.count(mine) + balls.count(other) == 304
    assert played_out > 250


# ---------------------------------------------------------------- seats and the play

def test_r1_r2_four_players_partners_opposite_in_playing_order() -> None:
    """R1, R2 (T1, T3, T7): four players; seat ``s`` plays for team ``s % 2``, so that
    partners sit opposite; seats are numbered in playing order, counter-clockwise (the
    trumpman to the dealer's right is the next seat, then the first leader)."""
    assert THUNEE.config.players == 4
    rnd = THUNEE.new_round(seed=1, dealer=0)
    assert [rnd.view(s)["team"] for s in range(4)] == [0, 1, 0, 1]
    assert rnd.opener == 1 and rnd.to_act == 2
    from twentyeight.render import seating_svg
    assert "counter-clockwise" in seating_svg(THUNEE)


W5_DEAL = _deal("9H AH 10H KH JD 9D",   # seat 0
                "JS 9S AS 9C AD 10D",   # seat 1, the trumpman: lays the J of spades
                "JH QH KS 10S JC AC",   # seat 2 leads
                "QS 10C KC QC KD QD")   # seat 3: no heart


def _spades_trumps(deal: list[list[te.Card]]) -> te.Round:
    rnd = THUNEE.new_round(deal=deal, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump JS", "pass", "pass", "pass", "pass")
    return rnd


def test_w5_r11_r13_chopping_and_a_higher_chop() -> None:
    """W5, R11, R13 (T1, T5): spades trumps. Seat 2 leads the J of hearts; seat 3, void,
    chops with the Q of spades (it need not: any card is allowed); seat 0 must follow
    with a heart; seat 1, void, chops higher with the 9 of spades and wins the trick."""
    rnd = _spades_trumps(W5_DEAL)
    rnd.apply("play JH")
    assert {str(a) for a in rnd.legal_actions()} >= {"play QS", "play 10C", "play KD"}
    rnd.apply("play QS")
    assert {str(a) for a in rnd.legal_actions()} == {"play 9H", "play AH", "play 10H",
                                                     "play KH"}
    _apply(rnd, "play 9H", "play 9S")
    assert rnd.tricks[0].winner == 1


def test_r12_undercutting_is_allowed() -> None:
    """R12 (T5; the default ``over_trump=False``): a void player may play a trump lower
    than one already in the trick while holding other cards."""
    assert THUNEE.config.over_trump is False
    deal = _deal("9H AH 10H KH JD 9D",
                 "JS 9S QS 9C AD 10D",   # seat 1 holds the Q of spades, the lowest
                 "JH QH AS 10S JC AC",
                 "KS 10C KC QC KD QD")   # seat 3 chops with the K of spades
    rnd = _spades_trumps(deal)
    _apply(rnd, "play JH", "play KS", "play 9H")
    assert te.Play(te.Card.parse("QS")) in rnd.legal_actions()
    rnd.apply("play QS")
    assert rnd.tricks[0].winner == 3


def test_r23_illegal_play_is_refused_not_penalised() -> None:
    """R23 (T4, T5, T8): the sources penalise illegal play found by a challenge; the
    engine refuses it instead, naming the rule, and nothing changes."""
    rnd = _spades_trumps(W5_DEAL)
    _apply(rnd, "play JH", "play QS")
    before = rnd.to_json()
    with pytest.raises(te.IllegalActionError) as refused:
        rnd.apply("play JD")  # seat 0 holds hearts
    assert refused.value.rule == "must-follow-suit"
    assert rnd.to_json() == before


def test_r21_r24_r25_are_not_offered() -> None:
    """R21 (blind calls, T9 only), R24 and R25 (two and six players, not described fully
    by a rules page) are not built: no such action, and no Thunee for other than four
    players is registered."""
    with pytest.raises(te.ParseError):
        THUNEE.parse_action("blind-thunee")
    assert {te.ruleset(name).config.players for name in te.presets()
            if name.startswith("thunee")} == {4}


def test_r12_undercut_option_off_forbids_a_lower_trump() -> None:
    """R12's option ``undercut=False`` (T8 Traditional): the void player holding another
    suit may not play the Q of spades under the K already in the trick, the refusal
    naming the rule; a higher trump or another suit stays allowed."""
    rnd = undercut_state()
    legal = {str(a) for a in rnd.legal_actions()}
    assert "play QS" not in legal and {"play JS", "play 9S", "play 9C"} <= legal
    refusal = rnd.explain("play QS")
    assert refusal is not None and refusal.rule == "no-undercut"
    assert te.ruleset("thunee").config.plugins[-1].describe().startswith("undercutting allowed")


def undercut_state() -> te.Round:
    """Thunee without undercutting: seat 1, void in hearts, to play under the K of spades
    with the Q, 9 and J of spades and other suits."""
    rules = te.ruleset("thunee", undercut=False)
    deal = _deal("9H AH 10H KH JD 9D",
                 "JS 9S QS 9C AD 10D",
                 "JH QH AS 10S JC AC",
                 "KS 10C KC QC KD QD")
    rnd = rules.new_round(deal=deal, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass", "trump JS", "pass", "pass", "pass", "pass",
           "play JH", "play KS", "play 9H")
    return rnd


def test_r8_last_card_trump_with_four_cards_of_four_suits() -> None:
    """R8 (T4): a trumper whose four cards are of four different suits may instead take
    the last card dealt to him, unseen, as the trump (``seventh-card`` with
    ``seventh_card_position=6``, ``seventh_card_when="all-suits"``); with two cards of a
    suit he may not, the refusal naming the rule. The card is shown with the first card
    played, like any trump card."""
    four_suits = _deal("JS 9S AS 10S KH QH",
                       "KD 9C JH QS AD 10C",   # the trumpman: D C H S, then A, 10
                       "KS JC 9H AH 10H 10D",
                       "JD 9D AC QD KC QC")
    rnd = THUNEE.new_round(deal=four_suits, dealer=0)
    _apply(rnd, "pass", "pass", "pass", "pass")
    assert "seventh-card" in [str(a) for a in rnd.legal_actions()]
    rnd.apply("seventh-card")
    _apply(rnd, "pass", "pass", "pass", "pass")  # no Thunee
    view = rnd.view(1)
    assert view["trump"]["marker"] == "seventh-card" and "suit" not in view["trump"]
    assert "10C" not in view["hand"]  # the last card dealt, unseen by its holder too
    rnd.apply(rnd.legal_actions()[0])
    assert rnd.trump_exposed and rnd.trump_suit == "C"
    two_of_a_suit = THUNEE.new_round(deal=JODHI_DEAL, dealer=0)
    _apply(two_of_a_suit, "pass", "pass", "pass", "pass")
    assert "seventh-card" not in [str(a) for a in two_of_a_suit.legal_actions()]
    refusal = two_of_a_suit.explain("seventh-card")
    assert refusal is not None and refusal.rule == "seventh-card-not-all-suits"


def _played_out() -> te.Ruleset:
    """The preset without Thunee and Royals (and undercutting as it is): every hand is
    played out through the Jodhi windows and the last-trick calls."""
    return te.Ruleset(attrs.evolve(THUNEE.config, name="thunee-played-out", aliases=(),
                                   plugins=(ShowTrumpAfterFirstCard(), JodhiAnnouncements(),
                                            LastTrickCalls())))


def _deep_rounds() -> int:
    from .test_properties import DEEP_ROUNDS
    return DEEP_ROUNDS


@pytest.mark.skipif(not _deep_rounds(), reason="deep run: set TWENTYEIGHT_DEEP=1")
def test_deep_thunee_played_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deep run's profile on Thunee played out (random players call Thunee in most
    hands of the preset, which the preset's own deep run covers): DEEP_ROUNDS rounds
    (100,000 by default) with every invariant, and 2 x DEEP_ROUNDS refusals compared
    across other deals."""
    from twentyeight import testing

    rules = _played_out()
    found_by_name(monkeypatch, rules)
    rounds = _deep_rounds()
    assert testing.check_random_rounds(rules, rounds, seed=10**9, deep=True) == rounds
    assert testing.check_refusals_hide_in_rounds(rules, inputs=2 * rounds,
                                                 seed=10**9) >= 2 * rounds
