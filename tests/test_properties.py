"""The conformance kit (``twentyeight.testing``) run over every registered ruleset and
over modifier combinations.

Tests are parametrized over ``te.presets()``, so a newly registered ruleset is covered
(its name is in the test id) without editing this file; modifier combinations are all
that compose (``COMBINATIONS``), and hypothesis picks among them. ``TWENTYEIGHT_DEEP=1``
(or a number of rounds) turns on the deep run: 100,000 random rounds per ruleset.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from twentyeight_variants.house_rules import HOUSE_RULES, HouseRule

import twentyeight as te
from twentyeight import testing

from .helpers import compositions

RULESETS = te.presets()


COMBINATIONS = compositions()
# A few combinations get the full seeded run too: each modifier on 28, and all of them.
SEEDED = (*(n for n in COMBINATIONS if n.startswith("28+") and n.count("+") == 1),
          "28+double+pair+single-hand")
# Each example plays a whole round with every invariant checked after every step; the
# deep run (below) is where the volume is.
SETTINGS = settings(max_examples=20, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
_DEEP = os.environ.get("TWENTYEIGHT_DEEP", "")
DEEP_ROUNDS = (int(_DEEP) if _DEEP.isdigit() and int(_DEEP) > 1 else 100_000) if _DEEP else 0


def _play_checked(name: str, seed: int, data: st.DataObject) -> None:
    rs = te.ruleset(name)
    rnd = rs.new_round(seed=seed, dealer=data.draw(st.integers(0, rs.config.players - 1)))
    rng = random.Random(seed)
    while not rnd.is_over:
        testing.check_round(rnd, rng)
        if data.draw(st.booleans()):
            testing.check_record_round_trip(rnd)
        legal = rnd.legal_actions()
        rnd.apply(data.draw(st.sampled_from(legal)))
    testing.check_conservation(rnd)
    testing.check_views(rnd)
    testing.check_trick_winners(rnd)
    testing.check_record_round_trip(rnd)


@pytest.mark.parametrize("name", RULESETS)
@SETTINGS
@given(seed=st.integers(0, 2**64 - 1), data=st.data())
def test_random_rounds_keep_every_invariant(name: str, seed: int, data: st.DataObject) -> None:
    """Legal actions apply; others raise and change nothing; conservation; no leaks in
    views (the exact hiding property included); JSON round trip; turn order;
    termination."""
    _play_checked(name, seed, data)


@SETTINGS
@given(name=st.sampled_from(COMBINATIONS), seed=st.integers(0, 2**64 - 1), data=st.data())
def test_modifier_combinations_keep_every_invariant(name: str, seed: int,
                                                    data: st.DataObject) -> None:
    """The same properties over the modifier combinations, hypothesis choosing one."""
    _play_checked(name, seed, data)


def test_modifiers_combine_with_every_preset_somehow() -> None:
    """Each modifier composes with at least one preset, and the list is not empty."""
    assert COMBINATIONS
    for mod in te.modifiers():
        assert any(f"+{mod}" in n for n in COMBINATIONS), mod


@pytest.mark.parametrize("name", RULESETS + SEEDED)
def test_seeded_random_rounds_conform(name: str) -> None:
    """The kit's own driver: random rounds, every invariant after every step."""
    assert testing.check_random_rounds(name, rounds=10, seed=1000) == 10


OPTION_VARIANTS = [
    ("28", {"seventh_card": True}),
    ("29", {"seventh_card": True, "min_bid": 15}),
    ("28", {"over_trump": True, "no_jack_discard": True, "reveal_when_void": True}),
    ("28", {"last_trick_unexposed": "void", "early_trumps_count": True,
            "bidder_trump_lead": "after-trump-led", "less_than_half_doubles": True}),
    # The hand-card part's two choices of when led trumps count (issue 36).
    ("28", {"led_trumps_on_exposure": True, "last_trick_led_trumps": True}),
    ("29", {"led_trumps_on_exposure": True}),
    ("28+double", {"auto_double": 21}),
    ("28+double+single-hand", {"c_call": True, "caller_must_trump": False}),
    ("40", {"auction_after": 1, "trump_marker": "indicator"}),
    ("56-six", {"closing_passes": 3}),
    # Bids in steps (304 bids in tens): with a highest bid off the step, and in 56,
    # whose bids name a suit and whose auction has calls of its own.
    ("28+double", {"bid_step": 3, "partner_overcall_min": 20}),
    ("56", {"bid_step": 4}),
    *(HOUSE_PLAY_OPTIONS := [
        # Issue 19's play rules of other engines, each on its own (rosanne's rule 4,
        # fiftysix's face-down card and its section 6.3, rosanne's rule 5) and together
        # with every modifier that composes.
        ("28", {"caller_plays_exposed_card": True}),
        ("28", {"concealed_follow": "expose"}),
        ("28", {"no_jack_discard": "strict"}),
        ("28", {"trump_lead_after_trump_played": True}),
        ("56", {"trump_lead_after_trump_played": True}),
    ]),
    ("28+double+pair+single-hand", {"caller_plays_exposed_card": True,
                                    "concealed_follow": "expose", "no_jack_discard": "strict",
                                    "trump_lead_after_trump_played": True}),
    ("29+double+single-hand", {"no_jack_discard": "strict",
                               "trump_lead_after_trump_played": True}),
    ("28+double+pair+single-hand", {"second_auction": 21, "held_bid": True,
                                    "opener_must_bid": False, "all_pass": "opener-no-trump"}),
    *(HOUSE_SCORING := [
        # issue 19's scoring house rules: fiftysix's tables, rosanne's band edges, who pays
        ("56", {"bands": ((28, 1, 2), (40, 2, 3), (48, 3, 4))}),
        ("56", {"bands": ((28, 1, 2), (40, 2, 3), (56, 3, 4))}),
        ("56", {"bands": ((28, 1, 2, 2, 5, 4, 9), (40, 2, 3), (48, 3, 4), (56, 4, 5))}),
        ("28-bands", {"bands": ((14, 1, 2), (20, 2, 3), (23, 3, 4))}),
        ("28-bands", {"failed_to": "both"}),
        ("29", {"failed_to": "opponents"}),
        ("28six", {"failed_to": "bidder"}),
        # issue 35: rosanne's transfer on every hand, and a made contract's transfer
        # in pips and base points
        ("28-bands", {"bands": ((14, 1, 2), (20, 2, 3), (23, 3, 4)), "failed_to": "both",
                      "made_to": "both"}),
        ("29+double", {"made_to": "both"}),
        ("28six", {"made_to": "both"}),
    ]),
]

HOUSE_AUCTION_OPTIONS: list[tuple[str, dict[str, object]]] = [
    ("29", {"held_bid": True}),
    # issue 35: debchamps/TwentyNine's order when the opener passes
    ("29+double", {"held_bid": "later-first", "opener_must_bid": False}),
    # Random players seldom all pass; a narrow bid range makes it common (some 1.7% of
    # rounds end in the forced No Trump, 0.1% of 56's in the throw-in).
    ("28", {"all_pass": "opener-no-trump", "opener_must_bid": False, "min_bid": 27,
            "partner_overcall_min": None}),
    ("56", {"all_pass": "throw-in", "min_bid": 56}),
    ("28", {"second_auction": 21}),
    # issue 35: fiftysix's forced No Trump that nobody may double, with the doubling
    # modifier and a second auction that may replace it
    ("28+double", {"all_pass": "opener-no-trump-undoubled", "opener_must_bid": False,
                   "min_bid": 27, "partner_overcall_min": None, "second_auction": 27}),
    ("29+double", {"all_pass": "opener-no-trump-undoubled", "opener_must_bid": False,
                   "min_bid": 28, "partner_overcall_min": None}),
]
"""Issue 19's auction options, each turned on: the held bid (debchamps/TwentyNine), the
forced No Trump when all pass (rajeevmen0n/fiftysix's 28), 56's throw-in and the second
auction (rajeevmen0n/fiftysix's 28)."""
OPTION_VARIANTS += HOUSE_AUCTION_OPTIONS
HOUSE_OPTIONS = [*HOUSE_PLAY_OPTIONS, *HOUSE_AUCTION_OPTIONS, *HOUSE_SCORING]
"""Each house rule of the other engines turned on (play, auction, scoring): the deep
run plays 10,000 rounds of each."""


@pytest.mark.parametrize("rule", HOUSE_RULES, ids=[r.construction for r in HOUSE_RULES])
def test_every_house_rule_keeps_every_invariant(rule: HouseRule) -> None:
    """The kit over each house rule of the catalogue, on the preset it belongs to."""
    rs = te.ruleset(rule.preset, **rule.options)
    assert testing.check_random_rounds(rs, rounds=8, seed=78) == 8


@pytest.mark.parametrize(("name", "options"), OPTION_VARIANTS,
                         ids=[f"{n}-{'-'.join(o)}" for n, o in OPTION_VARIANTS])
def test_play_options_keep_every_invariant(name: str, options: dict[str, object]) -> None:
    """The kit over rulesets with the RULES.md play options switched on (the seventh
    card hides the trump from the bidder too)."""
    rs = te.ruleset(name, **options)
    assert testing.check_random_rounds(rs, rounds=8, seed=77) == 8


@pytest.mark.parametrize("name", RULESETS)
@SETTINGS
@given(seed=st.integers(0, 2**64 - 1), cut=st.integers(0, 80))
def test_record_replays_to_the_identical_state(name: str, seed: int, cut: int) -> None:
    """A record (from a seed or from the explicit deal) replays to the same state."""
    rnd = te.ruleset(name).new_round(seed=seed)
    for _ in range(cut):
        if rnd.is_over:
            break
        acts = rnd.legal_actions()
        rnd.apply(acts[(seed >> 3) % len(acts)])
    testing.check_record_round_trip(rnd)
    explicit = rnd.ruleset.new_round(deal=rnd.deal, dealer=rnd.dealer)
    for _, action in rnd.history:
        explicit.apply(action)
    assert [explicit.view(s) for s in range(rnd.players)] == [
        rnd.view(s) for s in range(rnd.players)]


for _name in (*RULESETS, "28+double+pair+single-hand"):
    _machine = testing.state_machine(_name)
    _machine.TestCase.settings = settings(max_examples=10, stateful_step_count=30,
                                          deadline=None)
    globals()[f"TestStateful_{_name.replace('-', '_').replace('+', '_')}"] = _machine.TestCase


@pytest.mark.skipif(not DEEP_ROUNDS, reason="deep run: set TWENTYEIGHT_DEEP=1")
@pytest.mark.parametrize("name", RULESETS)
def test_deep_random_rounds(name: str) -> None:
    """The deep run: DEEP_ROUNDS random rounds through the kit's deep profile (every
    invariant in every round; views and hiding every eighth step and at the end)."""
    played = testing.check_random_rounds(name, rounds=DEEP_ROUNDS, seed=10**9, deep=True)
    assert played == DEEP_ROUNDS


@pytest.mark.skipif(not DEEP_ROUNDS, reason="deep run: set TWENTYEIGHT_DEEP=1")
@pytest.mark.parametrize(("name", "options"), HOUSE_OPTIONS,
                         ids=[f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items())}"
                              for n, o in HOUSE_OPTIONS])
def test_deep_house_options(name: str, options: dict[str, object]) -> None:
    """The deep run over the house rules of other engines: 10,000 random rounds per
    option turned on (play, auction and scoring), through the kit's deep profile."""
    rs = te.ruleset(name, **options)
    assert testing.check_random_rounds(rs, rounds=10_000, seed=10**9, deep=True) == 10_000


# ---------------------------------------------------------------- hostile input, hiding

# Every registered preset, the third party's included, and the play options that
# conceal the most (the seventh card hides the trump from the bidder too).
HOSTILE_TARGETS = (*RULESETS, "28+double+pair+single-hand")
HIDING_TARGETS: tuple[tuple[str, dict[str, object]], ...] = (
    *((n, {}) for n in RULESETS), ("28", {"seventh_card": True}),
    ("29", {"seventh_card": True}), ("28+double+pair+single-hand", {}),
    ("28", {"caller_plays_exposed_card": True, "concealed_follow": "expose",
            "no_jack_discard": "strict", "trump_lead_after_trump_played": True}),
    # The second auction is held with the face-down card already laid; the held bid.
    ("28+double", {"second_auction": 21}), ("29", {"held_bid": True}))
_OTHER_DIGITS = st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=6)
HOSTILE_TEXT = st.one_of(
    st.text(st.characters(exclude_categories=()), max_size=40),        # NUL, surrogates...
    st.builds(lambda verb, digits, tail: f"{verb}{digits}{tail}",
              st.sampled_from(["bid ", "play JS#", "trump JS#", "", "plus ", "JS#"]),
              _OTHER_DIGITS, st.sampled_from(["", " S", " spades", " NT", "#2"])),
    st.builds(lambda unit, n: unit * n, st.sampled_from(["9", "9 ", "bid ", "²", "\x00"]),
              st.integers(1, 10**5)),                                  # up to 10**5 chars
    st.text(st.sampled_from("0123456789 SHDCJQKAT#♠♥♦♣bidplay-²①１"), max_size=30),
)
_STATES: dict[str, list[te.Round]] = {}


def _states(name: str) -> list[te.Round]:
    """Rounds of ``name`` at several points, from the first call to the score."""
    if name not in _STATES:
        rules = te.ruleset(name)
        found = []
        for steps in (0, 3, 12, 30, 10**4):
            rnd = rules.new_round(seed=steps)
            rng = random.Random(steps)
            for _ in range(steps):
                if rnd.is_over:
                    break
                rnd.apply(rng.choice(rnd.legal_actions()))
            found.append(rnd)
        _STATES[name] = found
    return _STATES[name]


@pytest.mark.parametrize("name", HOSTILE_TARGETS)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=HOSTILE_TEXT, pick=st.integers(0, 4))
def test_hostile_text_gives_only_library_errors(name: str, text: str, pick: int) -> None:
    """Full Unicode (digits of every script, NUL, lone surrogates, 10**5 characters)
    into every door of the library: only TwentyEightError subclasses come out, and a
    refusal leaves ``to_json()`` unchanged."""
    testing.check_hostile_text(_states(name)[pick], text)


@pytest.mark.parametrize("name", HOSTILE_TARGETS)
def test_hostile_texts_of_the_kit(name: str) -> None:
    """The kit's own generator (no hypothesis needed by plug-in authors)."""
    assert testing.check_hostile_inputs(name, 1000, seed=5) == 1000


@pytest.mark.parametrize(("name", "options"), HIDING_TARGETS,
                         ids=[f"{n}{'-' if o else ''}{'-'.join(o)}" for n, o in HIDING_TARGETS])
def test_refusals_hide_unseen_cards(name: str, options: dict[str, object]) -> None:
    """For the seat to act and another seat: swapping cards it has not seen leaves the
    rule id, message and text of every refusal it could meet unchanged (and its view)."""
    rs = te.ruleset(name, **options)
    assert testing.check_refusals_hide_in_rounds(rs, inputs=10_000, seed=31) >= 10_000


@pytest.mark.skipif(not DEEP_ROUNDS, reason="deep run: set TWENTYEIGHT_DEEP=1")
@pytest.mark.parametrize("name", HOSTILE_TARGETS)
def test_deep_hostile_inputs(name: str) -> None:
    """The deep run: DEEP_ROUNDS hostile texts (100,000 by default) per ruleset."""
    assert testing.check_hostile_inputs(name, DEEP_ROUNDS, seed=10**9) == DEEP_ROUNDS


@pytest.mark.skipif(not DEEP_ROUNDS, reason="deep run: set TWENTYEIGHT_DEEP=1")
@pytest.mark.parametrize(("name", "options"), HIDING_TARGETS,
                         ids=[f"{n}{'-' if o else ''}{'-'.join(o)}" for n, o in HIDING_TARGETS])
def test_deep_refusal_hiding(name: str, options: dict[str, object]) -> None:
    """The deep run: 20 x DEEP_ROUNDS refusals (2,000,000 by default, some 10,000 states
    of play for the seat to act and another) compared across other deals per ruleset."""
    rs = te.ruleset(name, **options)
    assert testing.check_refusals_hide_in_rounds(rs, inputs=20 * DEEP_ROUNDS,
                                                 seed=10**9) >= 20 * DEEP_ROUNDS
