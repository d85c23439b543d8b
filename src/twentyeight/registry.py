"""Finding rulesets and modifiers by name through the ``twentyeight.rulesets`` group.

Built-in rulesets register exactly as a third party's package does: an entry point in
the group whose object is a :class:`~twentyeight.ruleset.Ruleset` (or a
:class:`~twentyeight.config.RulesetConfig`), or a
:class:`~twentyeight.plugins.Modifier` (a house rule). Names and aliases match
case-insensitively. A name may compose a ruleset with modifiers: ``"28+pair+double"``.
"""

from __future__ import annotations

import warnings
from importlib.metadata import entry_points
from typing import Any

import attrs

from . import actions
from .config import RulesetConfig
from .errors import ConfigError, UnknownRulesetError
from .plugins import Modifier
from .ruleset import Ruleset

ENTRY_POINT_GROUP = "twentyeight.rulesets"

_registry: dict[str, Ruleset | Modifier] | None = None
_lookup: dict[str, str] = {}
_composed: dict[str, Ruleset] = {}


def _load() -> dict[str, Ruleset | Modifier]:
    global _registry
    if _registry is not None:
        return _registry
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
    _registry = found
    _lookup.clear()
    _lookup.update(lookup)
    _composed.clear()
    return found


actions._load_plugins = _load


def refresh() -> None:
    """Forget what was discovered, so newly installed plug-ins are found."""
    global _registry
    _registry = None


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
    obj = _find(name) if isinstance(name, str) else None
    if not isinstance(obj, Modifier):
        raise UnknownRulesetError(repr(name) if not isinstance(name, str) else name,
                                  modifiers())
    return obj


def _find(name: str) -> Ruleset | Modifier | None:
    registry = _load()
    key = _lookup.get(name.strip().lower())
    return registry[key] if key is not None else None


def ruleset(name: str, **options: Any) -> Ruleset:
    """The ruleset registered under ``name`` or an alias (any case), with ``options``
    changed. ``name`` may add modifiers with ``+`` (``"28+pair+double"``); each is
    applied in turn and refuses, with the reason, a ruleset it does not fit. Raises
    :class:`~twentyeight.UnknownRulesetError` listing the known names for a name that is
    not registered, :class:`~twentyeight.ConfigError` for a combination that does not
    work."""
    if not isinstance(name, str):
        raise UnknownRulesetError(repr(name), rulesets())
    parts = [p.strip() for p in name.split("+")]
    base = _find(parts[0])
    if base is None:
        raise UnknownRulesetError(parts[0], rulesets())
    if isinstance(base, Modifier):
        raise ConfigError(f"{base.name!r} is a modifier, not a ruleset: add it to one, "
                          f"e.g. '28+{base.name}'")
    if len(parts) == 1:
        return base.with_options(**options)
    mods: list[Modifier] = []
    for part in parts[1:]:
        obj = _find(part)
        if obj is None:
            raise UnknownRulesetError(part, rulesets())
        if isinstance(obj, Ruleset):
            raise ConfigError(f"{obj.name!r} is a ruleset; only modifiers ("
                              f"{', '.join(modifiers())}) may follow '+'")
        if obj in mods:
            raise ConfigError(f"modifier {obj.name!r} is named twice")
        mods.append(obj)
    canonical = "+".join([base.name, *(m.name for m in mods)])
    composed = _composed.get(canonical)
    if composed is None:
        config = base.config
        for m in mods:
            config = m.apply(config)
        config = attrs.evolve(config, name=canonical, aliases=())
        composed = _composed[canonical] = Ruleset(config)
    return composed.with_options(**options)


def _natural_key(name: str) -> tuple[int, str]:
    digits = ""
    for ch in name:
        if not ch.isdigit():
            break
        digits += ch
    return (int(digits) if digits else 10**9, name)
