"""Readers of records and saved matches against hostile input (issue 35): option keys
named like the readers' parameters, tampered records from the conformance kit, the
round limit of a match, and bounds on the JSON text read.

``TWENTYEIGHT_DEEP=1`` turns on the deep runs (100,000 tampered records over every
registered preset; the timed 10,000-round load)."""

from __future__ import annotations

import json
import os
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import twentyeight as te
from twentyeight import testing
from twentyeight.errors import TwentyEightError

DEEP = bool(os.environ.get("TWENTYEIGHT_DEEP"))
PRESETS = te.presets()
COLLIDING = testing.colliding_option_keys()
_VALUES = st.one_of(st.integers(-3, 100), st.text(max_size=4), st.none(), st.booleans(),
                    st.lists(st.integers(0, 30), max_size=3))


@cache
def _records(name: str) -> tuple[str, str]:
    """A finished round's record and a saved match (one round scored, one under way)
    of ``name``, as JSON."""
    rnd = te.new_round(name, seed=35)
    while not rnd.is_over:
        rnd.apply(rnd.legal_actions()[-1])
    match = te.Match(name, seed=35)
    for k in range(2):
        current = match.next_round()
        while not current.is_over and k == 0:
            current.apply(current.legal_actions()[0])
        if k == 0:
            match.score(current)
    return rnd.to_json(), match.to_json()


def test_the_colliding_keys_hold_the_parameters_of_the_readers() -> None:
    """The kit's list holds what broke (issue 35: ``name`` and ``self``), ``cls``, and
    the parameters of the readers and factories."""
    assert {"name", "self", "cls", "options", "changes", "data", "text", "rules", "seed",
            "dealer", "deal", "scores"} <= set(COLLIDING)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(PRESETS), key=st.sampled_from(COLLIDING), value=_VALUES)
def test_option_keys_named_like_parameters_are_unknown_options(name: str, key: str,
                                                                value: Any) -> None:
    """Issue 35: an option named like a parameter (``name``, ``self``, ``cls``, ...)
    is an option like any other: refused with ConfigError (RecordError in a record)
    when the ruleset has no such option, never a TypeError; and legitimate use after it
    is unaffected."""
    rs = te.ruleset(name)
    known = key in rs.options()
    round_text, match_text = _records(name)
    record, saved = json.loads(round_text), json.loads(match_text)
    record["options"] = {**record["options"], key: value}
    saved["options"] = {**saved["options"], key: value}
    if saved["current"] is not None:
        saved["current"]["options"] = record["options"]
    attempts = [
        (te.ConfigError, lambda: te.ruleset(name, **{key: value})),
        (te.ConfigError, lambda: rs.with_options(**{key: value})),
        (te.ConfigError, lambda: rs.config.with_options(**{key: value})),
        (te.RecordError, lambda: te.Round.from_record(record)),
        (te.RecordError, lambda: te.Round.from_json(json.dumps(record))),
        (te.RecordError, lambda: te.Match.from_json(json.dumps(saved))),
        (te.RecordError, lambda: te.Match.from_record(saved)),
    ]
    for error, attempt in attempts:
        try:
            attempt()
        except TwentyEightError as exc:
            assert known or isinstance(exc, error), (key, exc)
        else:
            assert known, f"unknown option {key!r} accepted"
    assert te.ruleset(name) is rs
    assert te.Round.from_json(round_text).to_json() == round_text
    assert te.Match.from_json(match_text).to_json() == match_text


@pytest.mark.parametrize("key", ["name", "self", "cls"])
def test_the_reported_option_keys_are_record_errors(key: str) -> None:
    """The records of the report: ``{"ruleset": "56-six", "options": {"name": 16}}``."""
    round_text, match_text = _records("56-six")
    record, saved = json.loads(round_text), json.loads(match_text)
    record["options"] = saved["options"] = {key: 16}
    with pytest.raises(te.RecordError, match="unknown option"):
        te.Round.from_json(json.dumps(record))
    with pytest.raises(te.RecordError, match="unknown option"):
        te.Round.from_record(record)
    with pytest.raises(te.RecordError, match="unknown option"):
        te.Match.from_json(json.dumps(saved))
    with pytest.raises(te.ConfigError, match="unknown option"):
        te.ruleset("28", **{key: 1})


@pytest.mark.parametrize("name", PRESETS)
def test_tampered_records_give_only_library_errors(name: str) -> None:
    """The kit's tampered records (option-key collisions among them): only the
    library's errors come out of the readers. A few dozen per preset here; the deep run
    below reads 100,000."""
    assert testing.check_tampered_records(name, 30, seed=35) == 30


DEEP_RECORDS = 100_000


@pytest.mark.skipif(not DEEP, reason="deep run: set TWENTYEIGHT_DEEP=1")
def test_deep_tampered_records_give_only_library_errors() -> None:
    """The deep run of issue 35: 100,000 tampered records spread over every registered
    preset, each read by Round.from_record, Round.from_json, Match.from_json and
    Match.from_record: no exception but the library's."""
    per = -(-DEEP_RECORDS // len(PRESETS))
    total = sum(testing.check_tampered_records(name, per, seed=3500 + k)
                for k, name in enumerate(PRESETS))
    assert total >= DEEP_RECORDS
