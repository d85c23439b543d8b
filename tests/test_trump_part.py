"""The trump part (issue 36, step 2): ``RulesetConfig.trump`` is a
:class:`~twentyeight.trump.TrumpRules` whose fields are the trump options, while every
spelling of those options that worked before still works: keywords of
``te.ruleset``, ``attrs.evolve`` of a config, reads of ``config.<option>``, saved
records and ``options()``."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest
from attrs import field, frozen
from turn_up import TurnUp
from twentyeight_variants.three_nought_four import FaceDownCuts
from twentyeight_variants.thunee import LastCardIndicator, LastCardTrump

import twentyeight as te
from twentyeight.config import typed
from twentyeight.trump import TRUMP_OPTION_NAMES, HandCardTrump, IndicatorTrump, OpenTrump

SAVED = json.loads((Path(__file__).resolve().parent / "data" / "trump-option-records.json")
                   .read_text(encoding="utf-8"))
"""Rounds saved by the release before the trump part, with their public records: 28
with face-down cuts, 29 with the seventh card, 28 with the open game. In each, the
same actions under the preset's default options play differently or are refused."""


@pytest.mark.parametrize("key, part", [
    ("28-face-down-cuts", FaceDownCuts),
    ("29-seventh-card", LastCardIndicator),
    ("28-open-by-leading-trump", FaceDownCuts),
])
def test_saved_records_with_trump_options_replay_to_the_same_text(key: str,
                                                                   part: type) -> None:
    saved = SAVED[key]
    rnd = te.Round.from_json(saved["record"])
    assert rnd.to_json() == saved["record"]
    assert json.dumps(rnd.public_record(), sort_keys=True) == saved["public_record"]
    assert type(rnd.ruleset.config.trump) is part


@pytest.mark.parametrize("preset, part", [
    ("28", HandCardTrump), ("28-bands", HandCardTrump), ("28-bengal", HandCardTrump),
    ("28six", HandCardTrump), ("40", HandCardTrump), ("29", IndicatorTrump),
    ("56", OpenTrump), ("56-eight", OpenTrump), ("56-six", OpenTrump),
    ("304", FaceDownCuts), ("thunee", LastCardTrump), ("twenty-twenty", HandCardTrump),
    ("turn-up", TurnUp),
])
def test_each_preset_has_its_trump_part(preset: str, part: type) -> None:
    config = te.ruleset(preset).config
    assert type(config.trump) is part
    assert config.trump in config.parts()
    assert config.options()["trump_marker"] == part.marker


def test_every_preset_is_listed_above() -> None:
    assert set(te.presets()) == {"28", "28-bands", "28-bengal", "28six", "40", "29", "56",
                                 "56-eight", "56-six", "304", "thunee", "twenty-twenty",
                                 "turn-up"}


@pytest.mark.parametrize("name, options, part", [
    ("28", {"seventh_card": True}, LastCardTrump),
    ("29", {"seventh_card": True}, LastCardIndicator),
    ("28", {"cut_mode": "face-down"}, FaceDownCuts),
    ("28", {"open_by_leading_trump": True}, FaceDownCuts),
    ("304", {"cut_mode": "call"}, FaceDownCuts),
    ("thunee", {"seventh_card": False}, LastCardTrump),
    ("28", {"concealed_follow": "expose"}, HandCardTrump),
    ("28", {"trump_marker": "indicator"}, IndicatorTrump),
])
def test_trump_options_by_name_pick_the_part_that_has_them(
        name: str, options: dict[str, Any], part: type) -> None:
    config = te.ruleset(name, **options).config
    assert type(config.trump) is part
    for option, value in options.items():
        assert getattr(config, option) == value
        assert getattr(config.trump, option, config.trump.option(option)) == value
    # The same through attrs.evolve of the preset's config (tests and six.py do it).
    assert attrs.evolve(te.ruleset(name).config, **options).trump == config.trump


def test_an_option_no_part_of_the_marker_has_stays_inert_as_before() -> None:
    config = te.ruleset("56", bidder_trump_lead="any").config
    assert type(config.trump) is OpenTrump
    assert config.bidder_trump_lead == "any"
    assert te.ruleset("56", bidder_trump_lead="any").changed_options() == {
        "bidder_trump_lead": "any"}


def test_options_keep_their_order_and_values() -> None:
    for preset in te.presets():
        options = list(te.ruleset(preset).config.options())
        names = list(te.config.OPTION_NAMES)
        assert options[:len(names)] == names
        assert set(TRUMP_OPTION_NAMES) <= set(names)


@pytest.mark.parametrize("name, options, message", [
    ("28", {"cut_mode": "bogus"}, "option cut_mode must be one of call, face-down"),
    ("56", {"bidder_trump_lead": "x"}, "option bidder_trump_lead must be one of"),
    ("304", {"seventh_card": True}, "cut_mode 'face-down' conflicts with seventh_card"),
    ("29", {"caller_plays_exposed_card": True},
     "caller_plays_exposed_card conflicts with trump_marker 'indicator'"),
    ("28", {"trump_marker": "zz"}, "option trump_marker must be one of hand-card"),
])
def test_bad_trump_options_are_refused_as_before(name: str, options: dict[str, Any],
                                                 message: str) -> None:
    with pytest.raises(te.ConfigError, match=message):
        te.ruleset(name, **options)


@frozen
class FlourishTrump(HandCardTrump):
    """A third party's trump part: 28's, with one option of its own."""

    option_fields: ClassVar[tuple[str, ...]] = (*HandCardTrump.option_fields, "flourish")

    flourish: bool = field(default=False, validator=typed(bool))
    """Whether the bidder lays the trump with a flourish (no effect on play)."""


def test_a_third_party_trump_part_composes_by_name_like_the_auction_parts() -> None:
    rules = te.Ruleset(attrs.evolve(te.ruleset("28").config, trump=FlourishTrump()))
    assert rules.options()["flourish"] is False
    changed = rules.with_options(flourish=True, concealed_follow="expose")
    assert changed.config.trump == FlourishTrump(flourish=True, concealed_follow="expose")
    assert changed.changed_options() == {"concealed_follow": "expose", "flourish": True}
    # Composition by name of a modifier keeps the part and its option.
    doubled = te.modifier("double").apply(changed.config)
    assert doubled.trump == changed.config.trump
    with pytest.raises(te.ConfigError, match="option flourish must be bool"):
        rules.with_options(flourish="yes")


@pytest.mark.parametrize("preset", ["28", "304", "thunee"])
def test_a_config_with_a_trump_part_pickles(preset: str) -> None:
    # Configs go to worker processes (the arena); the trump keywords' "not given"
    # marker must survive a pickle as the one object it is.
    config = te.ruleset(preset, trump_lead_after_trump_played=True).config
    copied = pickle.loads(pickle.dumps(config))
    assert copied == config
    assert copied.trump_lead_after_trump_played is True
    assert attrs.evolve(copied, name="copy").trump == config.trump
