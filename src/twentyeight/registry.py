"""Finding rulesets by name through the ``twentyeight.rulesets`` entry-point group.

Built-in rulesets register exactly as a third party's package does: an entry point in
the group whose object is a :class:`~twentyeight.ruleset.Ruleset` (or a
:class:`~twentyeight.config.RulesetConfig`). Names and aliases match case-insensitively.
"""

from __future__ import annotations

import warnings
from importlib.metadata import entry_points
from typing import Any

from .config import RulesetConfig
from .errors import ConfigError, UnknownRulesetError
from .ruleset import Ruleset

ENTRY_POINT_GROUP = "twentyeight.rulesets"

_registry: dict[str, Ruleset] | None = None
_lookup: dict[str, str] = {}


def _load() -> dict[str, Ruleset]:
    global _registry
    if _registry is not None:
        return _registry
    found: dict[str, Ruleset] = {}
    lookup: dict[str, str] = {}
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        try:
            obj = ep.load()
        except Exception as exc:  # a broken plug-in must not take the others down
            warnings.warn(f"ruleset plug-in {ep.name!r} failed to load: {exc}", stacklevel=2)
            continue
        if isinstance(obj, RulesetConfig):
            obj = Ruleset(obj)
        if not isinstance(obj, Ruleset):
            warnings.warn(
                f"entry point {ep.name!r} in {ENTRY_POINT_GROUP} is not a Ruleset; ignored",
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
    return found


def refresh() -> None:
    """Forget what was discovered, so newly installed plug-ins are found."""
    global _registry
    _registry = None


def rulesets() -> tuple[str, ...]:
    """Names of every registered ruleset, sorted."""
    return tuple(sorted(_load(), key=_natural_key))


def ruleset(name: str, **options: Any) -> Ruleset:
    """The ruleset registered under ``name`` or an alias (any case), with ``options``
    changed. Raises :class:`~twentyeight.UnknownRulesetError` listing the known names."""
    if not isinstance(name, str):
        raise UnknownRulesetError(repr(name), rulesets())
    reg = _load()
    parts = [p.strip() for p in name.split("+")]
    base = _lookup.get(parts[0].lower())
    if base is None:
        raise UnknownRulesetError(parts[0], rulesets())
    if len(parts) > 1:
        raise ConfigError(
            f"{parts[1]!r} is not a modifier of {base!r}: no modifiers are registered"
        )
    return reg[base].with_options(**options)


def _natural_key(name: str) -> tuple[int, str]:
    digits = ""
    for ch in name:
        if not ch.isdigit():
            break
        digits += ch
    return (int(digits) if digits else 10**9, name)
