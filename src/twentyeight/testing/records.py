"""Tampered records: saved rounds and matches a hostile store or client might hand back,
made from real records by small mutations, fed to every reader of records."""

from __future__ import annotations

import copy
import inspect
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from ..inputs import excerpt
from ..match import Match
from ..registry import ruleset as lookup
from ..round import Round
from ..ruleset import Ruleset
from .invariants import _only_library_errors, _require

_HOSTILE_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 1.5, 2**64, -(2**63), 10**30, "", "x" * 300, "\ud800", "0",
    [], {}, [[]], [None], {"": {}}, [0] * 70, [[[[[0]]]]], "28", "NaN",
)
"""JSON values of every type and edge that no field takes as it is."""


def colliding_option_keys() -> tuple[str, ...]:
    """Option names that are also the names of parameters: every parameter of the
    public constructors, factories and readers (read with :func:`inspect.signature`),
    and ``self`` and ``cls``, which a signature read from a class or a bound method
    hides. As an option each must be refused like any unknown name, never collide with
    the parameter."""
    from .. import new_round
    from ..config import RulesetConfig
    from ..registry import modifier

    callables: tuple[Callable[..., Any], ...] = (
        lookup, new_round, modifier, Ruleset, Ruleset.with_options, Ruleset.new_round,
        RulesetConfig, RulesetConfig.with_options, Round, Round.__init__, Round.from_json,
        Round.from_record, Match, Match.from_json, Match.from_record, attrs.evolve)
    names = {"self", "cls"}
    for f in callables:
        names.update(inspect.signature(f).parameters)
    return tuple(sorted(names))


def _base_records(rules: Ruleset, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A round record of ``rules`` played part-way or to the end, and the record of a
    match with one round scored and one under way."""
    rng = random.Random(seed)
    rnd = rules.new_round(seed=seed, dealer=seed % rules.config.players)
    stop = rng.randrange(rules.config.max_actions + 1)
    while not rnd.is_over and len(rnd.history) < stop:
        legal = rnd.legal_actions()
        rnd.apply(legal[rng.randrange(len(legal))])
    match = Match(rules, seed=seed)
    for k in range(2):
        current = match.next_round()
        while not current.is_over and (k == 0 or len(current.history) < stop // 2):
            legal = current.legal_actions()
            current.apply(legal[rng.randrange(len(legal))])
        if k == 0:
            match.score(current)
        if match.is_over:
            break
    return rnd.record(), match.record()


def _mutate_round(rec: dict[str, Any], rules: Ruleset, rng: random.Random) -> None:
    """One mutation of round record ``rec``, in place."""
    keys = sorted(rec)
    kind = rng.randrange(12)
    if kind == 0:
        del rec[rng.choice(keys)]
    elif kind == 1:
        rec[rng.choice((*keys, "extra", "options "))] = rng.choice(_HOSTILE_VALUES)
    elif kind in (2, 3):
        # The option keys a reader's parameters might be confused with.
        key = rng.choice(colliding_option_keys())
        options = rec.get("options")
        options = dict(options) if isinstance(options, dict) else {}
        options[key] = rng.choice((*_HOSTILE_VALUES, 16, "x", 1))
        rec["options"] = options
    elif kind == 4:
        names = sorted(rules.options())
        rec["options"] = {rng.choice(names): rng.choice(_HOSTILE_VALUES)}
    elif kind == 5:
        rec["options"] = {f"o{i}": i for i in range(rng.choice((1, 64, 65)))}
    actions = rec.get("actions")
    if kind >= 6 and isinstance(actions, list):
        actions = list(actions)
        i = rng.randrange(len(actions) + 1)
        if kind == 6 and actions:
            del actions[min(i, len(actions) - 1):]
        elif kind == 7 and len(actions) > 1:
            j = rng.randrange(len(actions))
            i = min(i, len(actions) - 1)
            actions[i], actions[j] = actions[j], actions[i]
        elif kind == 8:
            actions.insert(i, rng.choice((*_HOSTILE_VALUES, "pass", "play 7S", "bid 100")))
        elif kind == 9 and actions:
            actions.insert(i, actions[rng.randrange(len(actions))])
        elif kind == 10:
            rec["seed" if "seed" in rec else "dealer"] = rng.choice(
                (*_HOSTILE_VALUES, rng.randrange(2**64), rules.config.players))
        else:
            rec["scores"] = rng.choice(([0], [0, 0, 0], [1.0, 0], [10**9 + 1, 0], [-5, 5]))
        if kind < 10:
            rec["actions"] = actions


def tampered_records(rules: Ruleset | str, rng: random.Random,
                     count: int) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """``count`` tampered records of ``rules``: pairs of a round record and a match
    record, made from records of seeded random play by one to three mutations each:
    fields dropped, added or given a value of the wrong type or range, options that do
    not exist or whose names are those of the readers' parameters
    (:func:`colliding_option_keys`), too many options, actions cut short, swapped,
    repeated or foreign, seeds, dealers and scores changed. The round record is also
    the match's round under way, or its scored round; sometimes the match's own fields
    or options are tampered with too. No test framework is needed."""
    rs = lookup(rules) if isinstance(rules, str) else rules
    base: tuple[dict[str, Any], dict[str, Any]] | None = None
    for k in range(count):
        if k % 25 == 0:
            base = _base_records(rs, rng.randrange(2**32))
        assert base is not None
        rec, match = copy.deepcopy(base)
        for _ in range(rng.randrange(1, 4)):
            _mutate_round(rec, rs, rng)
        where = rng.randrange(4)
        if where == 0 and match["rounds"]:
            match["rounds"][0] = rec
        elif where == 1:
            match["current"] = rec
        elif where == 2:
            _mutate_round(match, rs, rng)
        else:
            match["current"] = rec
            match["options"] = {rng.choice(colliding_option_keys()): 1}
        yield rec, match


def check_tampered_record(record: dict[str, Any], match: dict[str, Any]) -> None:
    """Read a tampered round ``record`` with :meth:`Round.from_record` and, as JSON,
    :meth:`Round.from_json`, and the tampered ``match`` with :meth:`Match.from_json` and
    :meth:`Match.from_record`: only the library's own errors
    (:class:`~twentyeight.TwentyEightError`) may come out, and the records given are
    not changed."""
    before = json.dumps([record, match])
    attempts: list[tuple[str, Callable[[], object]]] = [
        ("Round.from_record", lambda: Round.from_record(record)),
        ("Round.from_json", lambda: Round.from_json(json.dumps(record))),
        ("Match.from_json", lambda: Match.from_json(json.dumps(match))),
        ("Match.from_record", lambda: Match.from_record(match)),
    ]
    _only_library_errors(attempts, excerpt(json.dumps(record), 200), lambda door: _require(
        json.dumps([record, match]) == before, f"{door} changed the record it was given"))


def check_tampered_records(rules: Ruleset | str, count: int = 500, seed: int = 0) -> int:
    """:func:`check_tampered_record` for ``count`` :func:`tampered_records` of
    ``rules``; returns how many were tried."""
    rng = random.Random(seed)
    for record, match in tampered_records(rules, rng, count):
        check_tampered_record(record, match)
    return count
