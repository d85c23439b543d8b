"""Finding rulesets and modifiers by name through the ``twentyeight.rulesets`` group.

Built-in rulesets register exactly as a third party's package does: an entry point in
the group whose object is a :class:`~twentyeight.ruleset.Ruleset` (or a
:class:`~twentyeight.config.RulesetConfig`), or a
:class:`~twentyeight.plugins.Modifier` (a house rule). Names and aliases match
case-insensitively. A name may compose a ruleset with modifiers: ``"28+pair+double"``.
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Mapping
from importlib.metadata import entry_points
from types import MappingProxyType
from typing import Any

import attrs
from attrs import frozen

from .actions import CORE_GRAMMAR, Action, Grammar
from .config import RulesetConfig
from .errors import ConfigError, UnknownRulesetError
from .inputs import MAX_NAME_TEXT
from .plugins import Modifier
from .ruleset import Ruleset

ENTRY_POINT_GROUP = "twentyeight.rulesets"



@frozen
class _Tables:
    """What discovery found: each name's ruleset or modifier, every name and alias (in
    lower case) to its name, and the composed rulesets built so far. Built whole, then
    published by one assignment, so a thread never sees half of it."""

    by_name: Mapping[str, Ruleset | Modifier]
    lookup: Mapping[str, str]
    composed: dict[str, Ruleset]
    grammar: Grammar | None = None
    spelled: dict[str, Ruleset] = attrs.field(factory=dict)
    """Rulesets found lately by the exact text asked for, without options."""
    optioned: dict[tuple[Any, ...], Ruleset] = attrs.field(factory=dict)
    """Rulesets found lately by the exact text and options asked for (see
    :func:`_options_key`)."""


_tables: _Tables | None = None
_loading = threading.Lock()


def _load() -> Mapping[str, Ruleset | Modifier]:
    return _current().by_name


def _current() -> _Tables:
    global _tables
    tables = _tables
    if tables is not None:
        return tables
    with _loading:  # one discovery at a time; the others wait and share its result
        if _tables is None:
            _tables = _discover()
        return _tables


def _discover() -> _Tables:
    found: dict[str, Ruleset | Modifier] = {}
    lookup: dict[str, str] = {}
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        try:
            obj = ep.load()
        except Exception as exc:  # a broken plug-in must not take the others down
            warnings.warn(f"ruleset plug-in {ep.name!r} failed to load: {exc}", stacklevel=2)
            continue
        if isinstance(obj, RulesetConfig):
            obj = Ruleset(obj)
        if not isinstance(obj, (Ruleset, Modifier)):
            warnings.warn(
                f"entry point {ep.name!r} in {ENTRY_POINT_GROUP} is not a Ruleset or a "
                "Modifier; ignored",
                stacklevel=2,
            )
            continue
        keys = [obj.name, *obj.aliases]
        clash = [k for k in keys if k.lower() in lookup]
        if clash:
            warnings.warn(
                f"ruleset {obj.name!r} reuses the name {clash[0]!r}; ignored", stacklevel=2
            )
            continue
        found[obj.name] = obj
        for k in keys:
            lookup[k.lower()] = obj.name
    return _Tables(MappingProxyType(found), MappingProxyType(lookup), {})



def parse_action(text: str) -> Action:
    """Read an action of any installed ruleset or modifier (``play JS``, ``double``,
    ``show-pair``). A round reads its own ruleset's actions with ``rnd.parse_action``;
    this is for text whose ruleset is not known."""
    tables = _current()
    grammar = tables.grammar
    if grammar is None:
        grammar = CORE_GRAMMAR
        for obj in tables.by_name.values():
            grammar = grammar | (obj.grammar if isinstance(obj, Ruleset)
                                 else CORE_GRAMMAR.with_kinds(obj.action_kinds))
        object.__setattr__(tables, "grammar", grammar)
    return grammar.parse(text)


def refresh() -> None:
    """Forget what was discovered, so newly installed plug-ins are found."""
    global _tables
    _tables = None


def rulesets() -> tuple[str, ...]:
    """Names of every registered ruleset and modifier, sorted."""
    return tuple(sorted(_load(), key=_natural_key))


def presets() -> tuple[str, ...]:
    """Names of the registered rulesets (not the modifiers), sorted."""
    return tuple(n for n in rulesets() if isinstance(_load()[n], Ruleset))


def modifiers() -> tuple[str, ...]:
    """Names of the registered modifiers, sorted."""
    return tuple(n for n in rulesets() if isinstance(_load()[n], Modifier))


def modifier(name: str) -> Modifier:
    """The modifier registered under ``name`` or an alias (any case)."""
    obj = _find(name) if isinstance(name, str) and len(name) <= MAX_NAME_TEXT else None
    if not isinstance(obj, Modifier):
        raise _unknown(name, "modifier")
    return obj


def _unknown(name: object, kind: str = "ruleset") -> UnknownRulesetError:
    """The error for ``name``, which no registered ``kind`` has: it lists every
    registered name, rulesets and modifiers apart. (A long text is cut, a value that is
    no text is named by its type: the message never repeats a long input.)"""
    text = name if isinstance(name, str) else type(name).__name__
    if len(text) > _SHOWN:
        text = f"{text[:_SHOWN]}... ({len(text)} characters)"
    return UnknownRulesetError(text, rulesets(), modifiers=modifiers(), kind=kind)


_SHOWN = 40
"""The characters of an unknown name an error message repeats."""


def _find(name: str, tables: _Tables | None = None) -> Ruleset | Modifier | None:
    tables = tables or _current()
    key = tables.lookup.get(name.strip().lower())
    return tables.by_name[key] if key is not None else None


def ruleset(name: str, /, **options: Any) -> Ruleset:
    """The ruleset registered under ``name`` or an alias (any case), with ``options``
    changed. ``name`` may add modifiers with ``+`` (``"28+pair+double"``); each is
    applied in turn and refuses, with the reason, a ruleset it does not fit. Raises
    :class:`~twentyeight.UnknownRulesetError` listing the known names for a name that is
    not registered, :class:`~twentyeight.ConfigError` for a combination that does not
    work."""
    if not isinstance(name, str):
        raise _unknown(name)
    if len(name) > MAX_NAME_TEXT:
        raise _unknown(name)
    tables = _current()
    if not options:
        # Records and servers ask for the same few names again and again.
        known = tables.spelled.get(name)
        if known is not None:
            return known
    if options:
        # Each round of a saved match names its options again: build the ruleset once.
        key = _options_key(name, options)
        known = tables.optioned.get(key) if key is not None else None
        if known is None:
            known = _lookup(tables, name).with_options(**options)
            if key is not None and len(tables.optioned) < _MAX_SPELLED:
                tables.optioned[key] = known
        return known
    found = _lookup(tables, name)
    if len(tables.spelled) < _MAX_SPELLED:
        tables.spelled[name] = found
    return found


_MAX_SPELLED = 256
"""Spellings of ruleset names kept for quick lookup (hostile input cannot grow it)."""


def _options_key(name: str, options: dict[str, Any]) -> tuple[Any, ...] | None:
    """A key for ``name`` with ``options`` that tells apart what a ruleset tells apart
    (``True``, ``1`` and ``1.0`` are equal in Python and not as options): each value
    with its type, through tuples and lists; ``None`` if a value is of another kind
    (nothing is then kept)."""
    def of(value: Any, depth: int) -> Any:
        kind = type(value)
        if kind in (bool, int, float, str) or value is None:
            return (kind, value)
        if kind in (tuple, list) and depth < 3:
            return (kind, *(of(v, depth + 1) for v in value))
        raise TypeError
    try:
        return (name, *((k, of(v, 0)) for k, v in sorted(options.items())))
    except TypeError:
        return None


def _lookup(tables: _Tables, name: str) -> Ruleset:
    """The ruleset ``name`` (modifiers after ``+``) describes, without options."""
    parts = [p.strip() for p in name.split("+")]
    base = _find(parts[0], tables)
    if base is None:
        raise _unknown(parts[0])
    if isinstance(base, Modifier):
        raise ConfigError(f"{base.name!r} is a modifier, not a ruleset: add it to one, "
                          f"e.g. '28+{base.name}'")
    if len(parts) == 1:
        return base
    mods: list[Modifier] = []
    for part in parts[1:]:
        obj = _find(part, tables)
        if obj is None:
            raise _unknown(part, "modifier")
        if isinstance(obj, Ruleset):
            raise ConfigError(f"{obj.name!r} is a ruleset; only modifiers ("
                              f"{', '.join(modifiers())}) may follow '+'")
        if obj in mods:
            raise ConfigError(f"modifier {obj.name!r} is named twice")
        mods.append(obj)
    canonical = "+".join([base.name, *(m.name for m in mods)])
    composed = tables.composed.get(canonical)
    if composed is None:
        config = base.config
        for m in mods:
            config = m.apply(config)
        config = attrs.evolve(config, name=canonical, aliases=())
        # Two threads may both build it: the rulesets are equal values, either serves.
        composed = tables.composed.setdefault(canonical, Ruleset(config))
    return composed


def _natural_key(name: str) -> tuple[int, str]:
    digits = ""
    for ch in name:
        if not ch.isdigit():
            break
        digits += ch
    return (int(digits) if digits else 10**9, name)
