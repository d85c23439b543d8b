"""The fast paths keep the public behaviour: clones copy every field, records written
from cached pieces are the records, text actions map to the shared actions, rounds
pickle, and redeal checks are asked at their own events only."""

from __future__ import annotations

import json
import pickle
import random
from typing import ClassVar

import attrs
import pytest
from attrs import frozen

import twentyeight as te
from twentyeight.config import RedealCheck, RedealEvent
from twentyeight.port import RoundPort
from twentyeight.state import RoundState

PRESETS = te.presets()

_NOT_COPIED = frozenset({"__weakref__", "_port_obj"})
"""A clone makes its own plug-in port, when a hook first needs one."""

_OWN_CONTAINERS = ("_hands", "_actions", "_trick", "_trick_seats")
"""The containers a round changes in place: each clone has its own."""


def _positions(name: str, count: int = 6) -> list[te.Round]:
    """Rounds of ``name`` stopped at random points, from the deal to the end."""
    rs = te.ruleset(name)
    out = []
    for seed in range(count):
        rnd = rs.new_round(seed=seed, dealer=seed % rs.config.players)
        rng = random.Random(seed)
        stop = rng.randrange(60)
        while not rnd.is_over and len(rnd.history) < stop:
            rnd.apply(rng.choice(rnd.legal_actions()))
        out.append(rnd)
    return out


@pytest.mark.parametrize("name", PRESETS)
def test_clone_copies_every_field(name: str) -> None:
    """A field added to the state and forgotten by ``clone()`` fails here (a clone
    starts empty, so reading the missing field raises)."""
    for rnd in _positions(name):
        rnd.view(0)  # build the caches a clone shares
        new = rnd.clone()
        assert type(new) is type(rnd)
        for field in RoundState.__slots__:
            if field not in _NOT_COPIED:
                assert getattr(new, field) == getattr(rnd, field), field
        for field in _OWN_CONTAINERS:
            assert getattr(new, field) is not getattr(rnd, field), field
        assert new.to_json() == rnd.to_json()


def _with_options_and_scores(name: str) -> list[te.Round]:
    rs = te.ruleset(name)
    changed = rs.with_options(min_bid=rs.config.min_bid + 1)
    dealt = rs.new_round(seed=3).deal
    rounds = [changed.new_round(seed=5, scores=(3, -2)),
              rs.new_round(deal=[[str(c) for c in hand] for hand in dealt], dealer=1)]
    for rnd in rounds:
        rng = random.Random(1)
        for _ in range(12):
            if not rnd.is_over:
                rnd.apply(rng.choice(rnd.legal_actions()))
    return rounds


@pytest.mark.parametrize("name", PRESETS)
def test_to_json_is_the_record_as_json(name: str) -> None:
    """``to_json()`` is written from cached pieces: it must be exactly
    ``json.dumps(record(), ensure_ascii=False)`` (options, scores, an explicit deal)."""
    for rnd in _positions(name) + _with_options_and_scores(name):
        assert rnd.to_json() == json.dumps(rnd.record(), ensure_ascii=False)
        assert te.Round.from_json(rnd.to_json()).to_json() == rnd.to_json()


@pytest.mark.parametrize("name", PRESETS)
def test_a_text_names_the_shared_action(name: str) -> None:
    """Every legal action's text gives back that very action, read by the table or by
    the parser (other case and spacing), and a round records the shared object."""
    for rnd in _positions(name):
        rs = rnd.ruleset
        for action in rnd.legal_actions():
            text = str(action)
            assert rs.action_of_text(text) is action
            assert rs.parse_action(f"  {text.upper()} ") is action
            assert rs.action_text(action) == text
        if rnd.legal_actions():
            action = rnd.legal_actions()[0]
            rnd.apply(str(action))
            assert rnd.history[-1][1] is action


@pytest.mark.parametrize("name", PRESETS)
def test_rounds_pickle_through_their_record(name: str) -> None:
    for rnd in _positions(name, 3):
        again = pickle.loads(pickle.dumps(rnd))
        assert type(again) is type(rnd)
        assert again.to_json() == rnd.to_json()
        assert [again.view(s) for s in range(rnd.players)] == [
            rnd.view(s) for s in range(rnd.players)]


_ASKED: list[tuple[str, RedealEvent]] = []


@frozen
class _DealOnly(RedealCheck):
    """Never annuls; notes when it is asked."""

    name: str = "probe-deal"
    events: ClassVar[tuple[RedealEvent, ...]] = ("deal-complete",)

    def automatic(self, rnd: RoundPort, event: RedealEvent) -> bool:
        _ASKED.append((self.name, event))
        return False


@frozen
class _Everywhere(_DealOnly):
    """The same, at every event (the default)."""

    name: str = "probe-all"
    events: ClassVar[tuple[RedealEvent, ...]] = RedealCheck.events


def test_a_redeal_check_is_asked_at_its_own_events_only() -> None:
    config = attrs.evolve(te.ruleset("28").config, name="probe-28",
                          redeal_checks=(_DealOnly(), _Everywhere()))
    rs = te.Ruleset(config)
    assert _Everywhere() in rs.checks_at["trump-exposed"]
    assert _DealOnly() not in rs.checks_at["trump-exposed"]
    assert _DealOnly() in rs.checks_at["deal-complete"]
    _ASKED.clear()
    exposed = 0
    for seed in range(30):
        rnd = rs.new_round(seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            rnd.apply(rng.choice(rnd.legal_actions()))
        exposed += rnd.trump_exposed and rnd.config.trump_marker != "open"
    assert exposed
    assert ("probe-deal", "trump-exposed") not in _ASKED
    assert {("probe-deal", "deal-complete"), ("probe-all", "deal-complete"),
            ("probe-all", "trump-exposed")} <= set(_ASKED)
