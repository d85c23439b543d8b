"""Issue 19, items 1-4: the play rules other engines enforce, as options.

Each rule has a scripted round where it bites (the legal set differs from the default)
and names the engine or source that plays it:

1. ``caller_plays_exposed_card``: josephch/rosanne's rule 4 (ajnaduvil/28-card-game-
   prototype agrees): a bidder who calls for their own face-down trump plays that card.
2. ``concealed_follow``: ``void`` is ajnaduvil's "strategic exception" (today's rule);
   ``expose`` is rajeevmen0n/fiftysix's: the face-down card, the bidder's only card of
   the trump suit led, must be exposed and played.
3. ``no_jack_discard="strict"``: rosanne's rule 5, no Jack discarded at all, beside
   source 000's form (``True``: Jacks of suits not yet led).
4. ``trump_lead_after_trump_played``: fiftysix's rules, section 6.3: no trump led until
   a trump has been played to an earlier trick, unless holding only trumps.

Seats are numbered in the order of play; with dealer 0 seat 1 opens, bids and leads.
"""

from __future__ import annotations

from typing import Any

import pytest

import twentyeight as te
from twentyeight.round import Round

# Seat 1 bids 14 and lays the 8H face down (hearts are trumps); it holds no spades and
# no diamonds. Seat 2 holds no clubs and no hearts, seat 3 clubs and three hearts.
CALLER = [row.split() for row in (
    "JS 9S AS 10S KS QS 8D 7H",
    "JH 9H AH 8H KC QC 8C 7C",
    "JD 9D AD 10D KD QD 8S 7D",
    "JC 9C AC 10C 10H KH QH 7S",
)]

# Seat 1 lays the 8H, its only heart. Seat 3 holds six hearts and the JC, seat 0 the 7H.
FOLLOW = [row.split() for row in (
    "JS 9S AS 10S KS QS 8S 7H",
    "8H KC QC 8C 7C 7D 8D QD",
    "JD 9D AD 10D 7S 10C 9C AC",
    "JH 9H AH 10H KH QH KD JC",
)]

# Spades are led first (seat 2 follows with the 8S and keeps the JS); then clubs, which
# seat 2 does not hold: it may discard the JS (spades led) or the JD (diamonds not led).
JACKS = [row.split() for row in (
    "10H KH 8D 7D QS QH 7H 7C",
    "JH 9H AH 8H 7S KC QC 8C",
    "JS 8S JD 9D AD 10D KD QD",
    "9S AS JC 9C 10S KS AC 10C",
)]


def bid_14_lay_8h(deal: list[list[str]], **options: Any) -> Round:
    """``deal`` (dealer 0) under ``28`` with ``options``: seat 1 bids 14, the others
    pass, seat 1 lays the 8H face down."""
    rnd = te.ruleset("28", **options).new_round(deal=deal, dealer=0)
    for text in ("bid 14", "pass", "pass", "pass", "trump 8H"):
        rnd.apply(text)
    return rnd


def legal(rnd: Round) -> set[str]:
    """The texts of the legal actions of the seat to act."""
    return {str(a) for a in rnd.legal_actions()}


def play(rnd: Round, *actions: str) -> Round:
    """``rnd`` with the action texts applied in order."""
    for text in actions:
        rnd.apply(text)
    return rnd


# ---------------------------------------------------------------- 1. rosanne's rule 4

# Trick 1: seat 1 leads the KC, seat 3 wins it with the JC. Trick 2: seat 3 leads the
# 7S, seat 0 follows, and seat 1, void in spades, calls for its own trump.
CALLER_TO_CALL = ("play KC", "play 7D", "play JC", "play 7H", "play 7S", "play JS",
                  "call-trump")


def test_rosanne_rule_4_bidder_who_calls_plays_the_exposed_card() -> None:
    """rosanne's rule 4 (ajnaduvil agrees): the bidder who calls plays the very card
    exposed; by default any trump will do."""
    default = play(bid_14_lay_8h(CALLER), *CALLER_TO_CALL)
    assert legal(default) == {"play JH", "play 9H", "play AH", "play 8H"}
    rule = play(bid_14_lay_8h(CALLER, caller_plays_exposed_card=True), *CALLER_TO_CALL)
    assert legal(rule) == {"play 8H"}
    refusal = rule.explain("play JH")
    assert refusal is not None and refusal.rule == "caller-must-play-exposed-card"
    before = rule.to_json()
    with pytest.raises(te.IllegalActionError):
        rule.apply("play JH")
    assert rule.to_json() == before


def test_rosanne_rule_4_binds_the_bidder_even_without_caller_must_trump() -> None:
    """rosanne's rule 4 is about the bidder's own card: it holds with
    ``caller_must_trump=False``, which frees every other caller."""
    rnd = play(bid_14_lay_8h(CALLER, caller_plays_exposed_card=True,
                             caller_must_trump=False), *CALLER_TO_CALL)
    assert legal(rnd) == {"play 8H"}


def test_rosanne_rule_4_does_not_bind_other_callers() -> None:
    """rosanne's rule 4: a defender who calls is bound only by ``caller_must_trump``."""
    rnd = bid_14_lay_8h(CALLER, caller_plays_exposed_card=True)
    play(rnd, "play KC", "call-trump")       # seat 2, void in clubs, holds no trump
    assert legal(rnd) == {f"play {c}" for c in ("JD", "9D", "AD", "10D", "KD", "QD", "8S",
                                                "7D")}


# ---------------------------------------------------------------- 2. the face-down card

# Trick 1: seat 1 leads the 7C, seat 3 wins it with the JC. Trick 2: seat 3 leads the
# JH (hearts, the concealed trump suit); seat 0 follows with the 7H.
FOLLOW_TO_TURN = ("play 7C", "play 9C", "play JC", "play 8S", "play JH", "play 7H")


def test_ajnaduvil_strategic_exception_bidder_counts_as_void() -> None:
    """ajnaduvil's "strategic exception" (the default, ``concealed_follow="void"``): the
    face-down card does not count for following suit, so the bidder may discard or call."""
    rnd = play(bid_14_lay_8h(FOLLOW), *FOLLOW_TO_TURN)
    assert legal(rnd) == {"play KC", "play QC", "play 8C", "play 7D", "play 8D", "play QD",
                          "call-trump"}


def test_fiftysix_bidder_exposes_the_face_down_card_to_follow_suit() -> None:
    """rajeevmen0n/fiftysix: the bidder whose only card of the suit led is the face-down
    one must expose it and play it; all the hearts in the trick then count as trumps, so
    the led JH still wins."""
    rnd = play(bid_14_lay_8h(FOLLOW, concealed_follow="expose"), *FOLLOW_TO_TURN)
    assert legal(rnd) == {"play 8H"}
    for text, rule in (("play KC", "must-expose-to-follow"),
                       ("call-trump", "must-expose-to-follow")):
        refusal = rnd.explain(text)
        assert refusal is not None and refusal.rule == rule
    play(rnd, "play 8H", "play 7S")
    assert rnd.trump_suit == "H"
    assert rnd.tricks[1].winner == 3
    assert rnd.tricks[1].trumps_from == 0


def test_fiftysix_expose_binds_only_when_the_trump_suit_is_led() -> None:
    """rajeevmen0n/fiftysix: the face-down card is a card to follow with only when its
    suit is led; void in spades, the bidder may still discard or call."""
    rnd = play(bid_14_lay_8h(CALLER, concealed_follow="expose"), *CALLER_TO_CALL[:-1])
    assert {"call-trump", "play QC", "play 8C"} <= legal(rnd)
    assert "play 8H" not in legal(rnd)


# ---------------------------------------------------------------- 3. no Jack discard

# Trick 1: seat 1 leads the 7S, seat 3 wins with the 9S. Trick 2: seat 3 leads the JC,
# seat 0 and seat 1 follow; seat 2 holds no clubs.
JACKS_TO_DISCARD = ("play 7S", "play 8S", "play 9S", "play QS", "play JC", "play 7C",
                    "play 8C")


@pytest.mark.parametrize(("value", "barred"), [
    (False, set()),
    (True, {"play JD"}),                  # source 000: the Jack of a suit not yet led
    ("strict", {"play JD", "play JS"}),   # rosanne's rule 5: any Jack
])
def test_no_jack_discard_source_000_and_rosanne_rule_5(value: object,
                                                        barred: set[str]) -> None:
    """source 000 bars the JD only (diamonds never led); rosanne's rule 5 bars the JS
    as well, although spades have been led."""
    rnd = play(bid_14_lay_8h(JACKS, no_jack_discard=value), *JACKS_TO_DISCARD)
    hand = {"play JS", "play JD", "play 9D", "play AD", "play 10D", "play KD", "play QD"}
    assert legal(rnd) == (hand | {"call-trump"}) - barred
    for text in barred:
        refusal = rnd.explain(text)
        assert refusal is not None and refusal.rule == "no-jack-discard"


def test_no_jack_discard_refuses_other_values() -> None:
    """The option takes ``False``, ``True`` or ``"strict"``; ``1`` is not a switch."""
    for bad in (1, "yes", None):
        with pytest.raises(te.ConfigError, match="no_jack_discard"):
            te.ruleset("28", no_jack_discard=bad)


# ---------------------------------------------------------------- 4. fiftysix section 6.3


def test_fiftysix_6_3_no_trump_lead_before_a_trump_is_played_in_56() -> None:
    """fiftysix rules section 6.3: seat 1 bids 28 hearts and leads; holding other suits
    it may not lead a heart until a heart has been played to an earlier trick."""
    def opening(**options: Any) -> Round:
        rnd = te.ruleset("56", **options).new_round(seed=0, dealer=0)
        play(rnd, "bid 28 H", "pass", "pass", "pass")
        return rnd

    default, rule = opening(), opening(trump_lead_after_trump_played=True)
    hearts = {"play AH#2", "play 10H#2", "play KH"}
    assert hearts <= legal(default)
    assert legal(rule) == legal(default) - hearts
    refusal = rule.explain("play KH")
    assert refusal is not None and refusal.rule == "trump-lead-before-trump-played"


def test_fiftysix_6_3_opens_once_a_trump_is_played() -> None:
    """fiftysix rules section 6.3: once a card of the trump suit has been played to an
    earlier trick, a leader holding trumps may lead one; before that, only a leader with
    nothing but trumps may."""
    rs = te.ruleset("56", trump_lead_after_trump_played=True)
    seen_open = seen_closed = False
    for seed in range(40):
        rnd = rs.new_round(seed=seed, dealer=seed % 4)
        while not rnd.is_over:
            acts = rnd.legal_actions()
            trump = rnd.trump_suit
            if (rnd.phase is te.Phase.PLAY and not rnd.current_trick and trump
                    and trump != te.NO_TRUMP):
                hand = rnd.hand(rnd.to_act)  # type: ignore[arg-type]
                trumps = {f"play {c}" for c in hand if c.suit == trump}
                played = any(c.suit == trump for t in rnd.tricks for c in t.cards)
                only_trumps = all(c.suit == trump for c in hand)
                if played or only_trumps:
                    assert trumps <= {str(a) for a in acts}
                    seen_open = seen_open or (played and bool(trumps) and not only_trumps)
                else:
                    assert not trumps & {str(a) for a in acts}
                    seen_closed = seen_closed or bool(trumps)
            rnd.apply(acts[(seed * 7 + len(rnd.history)) % len(acts)])
    assert seen_open and seen_closed


def test_fiftysix_6_3_applies_in_28_once_the_trump_is_exposed() -> None:
    """fiftysix rules section 6.3, where the trump is known: in 28 from the exposure.
    Seat 2 calls, exposing hearts, and plays no heart; seat 3 wins and may not lead one."""
    actions = ("play KC", "call-trump", "play 7D", "play JC", "play QS")
    default = play(bid_14_lay_8h(CALLER), *actions)
    rule = play(bid_14_lay_8h(CALLER, trump_lead_after_trump_played=True), *actions)
    hearts = {"play 10H", "play KH", "play QH"}
    assert rule.to_act == 3 and hearts <= legal(default)
    assert legal(rule) == legal(default) - hearts


def test_fiftysix_6_3_does_not_bind_the_bidder_before_the_exposure() -> None:
    """Before the exposure only ``bidder_trump_lead`` governs the bidder's lead: with
    ``"any"`` it may lead the concealed suit, whatever this option says."""
    rnd = bid_14_lay_8h(CALLER, trump_lead_after_trump_played=True, bidder_trump_lead="any")
    assert {"play JH", "play 9H", "play AH"} <= legal(rnd)


# ---------------------------------------------------------------- composition


@pytest.mark.parametrize(("name", "options", "conflict"), [
    ("29", {"caller_plays_exposed_card": True}, "trump_marker 'indicator'"),
    ("56", {"caller_plays_exposed_card": True}, "trump_marker 'open'"),
    ("29", {"concealed_follow": "expose"}, "trump_marker 'indicator'"),
    ("56", {"concealed_follow": "expose"}, "trump_marker 'open'"),
    ("28", {"concealed_follow": "expose", "seventh_card": True}, "seventh_card"),
])
def test_play_options_refuse_rulesets_without_a_face_down_card(
        name: str, options: dict[str, Any], conflict: str) -> None:
    """The caller's exposed card and the face-down card to follow with need the
    bidder's own face-down card, known to the bidder: the ConfigError names the clash."""
    with pytest.raises(te.ConfigError, match=conflict):
        te.ruleset(name, **options)


@pytest.mark.parametrize("name", ["28+pair", "28+double", "28+single-hand",
                                  "28+double+pair+single-hand", "28-bands", "28-bengal",
                                  "28six+double+pair+redeal", "40+double+pair+redeal+single-hand"])
def test_play_options_compose_with_the_modifiers(name: str) -> None:
    """Each of the four composes with every modifier (redeal is built into 28) and
    with the presets that lay a face-down card (the kit plays a few rounds of each)."""
    from twentyeight import testing

    options = {"caller_plays_exposed_card": True, "concealed_follow": "expose",
               "no_jack_discard": "strict", "trump_lead_after_trump_played": True}
    assert testing.check_random_rounds(te.ruleset(name, **options), rounds=6, seed=19) == 6
