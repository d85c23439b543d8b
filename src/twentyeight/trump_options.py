"""The trump options by their old names (``cut_mode``, ``seventh_card``, ...): their
checks, and how a set of them becomes the trump part that has them.

``te.ruleset("28", seventh_card=True)``, composition by name and every saved record
name the trump's options as config options; :func:`fold_trump_options` turns them into
a :class:`~twentyeight.trump.TrumpRules` of the class that has a field for each (loading
the registered rulesets' parts once if no core part has one). One path for the config's
constructor and its ``with_options``."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import Any

import attrs

from .errors import ConfigError
from .plugins import one_of
from .trump import _PARTS, TrumpRules
from .trump_types import _NEUTRAL, TRUMP_OPTION_NAMES

__all__ = ["check_trump_options", "fold_trump_options"]


def check_trump_options(v: Mapping[str, Any]) -> None:
    """Refuse trump options that do not go together (``v``: every name of
    :data:`TRUMP_OPTION_NAMES` and its value)."""
    needs_card = [name for name, on in (
        ("caller_plays_exposed_card", v["caller_plays_exposed_card"]),
        ("concealed_follow 'expose'", v["concealed_follow"] == "expose"),
        ("open_by_leading_trump", v["open_by_leading_trump"])) if on]
    if needs_card and v["trump_marker"] != "hand-card":
        raise ConfigError(
            f"{needs_card[0]} conflicts with trump_marker {v['trump_marker']!r}: it "
            "needs the bidder's own face-down trump card (trump_marker 'hand-card')")
    if v["cut_mode"] == "face-down":
        clash = [name for name, on in (
            ("trump_marker 'open'", v["trump_marker"] == "open"),
            ("seventh_card", v["seventh_card"]),
            ("reveal_when_void", v["reveal_when_void"]),
            ("concealed_follow 'expose'", v["concealed_follow"] == "expose")) if on]
        if clash:
            raise ConfigError(
                f"cut_mode 'face-down' conflicts with {clash[0]}: face-down cuts need a "
                "trump the bidder chose and knows, and no call for it")
    if v["open_by_leading_trump"] and v["seventh_card"]:
        raise ConfigError(
            "open_by_leading_trump conflicts with seventh_card: a bidder who takes the "
            "seventh card cannot name it to lead it")
    if v["concealed_follow"] == "expose" and v["seventh_card"]:
        raise ConfigError(
            "concealed_follow 'expose' conflicts with seventh_card: a bidder who "
            "takes the seventh card does not know the face-down card's suit, so "
            "cannot be told to follow suit with it")


def _fields(cls: type[TrumpRules]) -> set[str]:
    return set(attrs.fields_dict(cls)) & set(TRUMP_OPTION_NAMES)


class _Named:
    """What :func:`~twentyeight.plugins.one_of` reads of an attribute: its name."""

    def __init__(self, name: str) -> None:
        self.name = name


def _validate(name: str, value: Any) -> None:
    """Check ``value`` as the field ``name`` of a registered part checks it, so that a
    bad value is refused with the option's own message even where it stays inert."""
    if name == "trump_marker":
        markers = dict.fromkeys(("hand-card", "indicator", "open"))
        markers.update(dict.fromkeys(c.marker for c in _PARTS.values()))
        one_of(*markers)(None, _Named(name), value)
        return
    for cls in _PARTS.values():
        attribute = attrs.fields_dict(cls).get(name)
        if attribute is not None and attribute.validator is not None:
            attribute.validator(None, attribute, value)
            return


def _load_parts() -> None:
    # Parts of registered rulesets (304's cuts, Thunee's last card) are defined by
    # their packages: load them when an option names a field no part has yet.
    for ep in entry_points(group="twentyeight.rulesets"):
        try:
            ep.load()
        except Exception:  # the registry reports a broken plug-in; skip it here
            continue


def _known() -> set[str]:
    return set().union(*(_fields(c) for c in _PARTS.values()))


def fold_trump_options(part: TrumpRules, changes: Mapping[str, Any]) -> TrumpRules:
    """``part`` with the trump options ``changes`` (names of
    :data:`TRUMP_OPTION_NAMES`) applied: the same class if it has a field for every
    value that differs from the classic default, else the registered part of the
    marker asked for with the fewest fields that has them. A value that only parts of
    another marker have a field for is kept inert (:attr:`TrumpRules.inert`). The
    config's constructor and ``with_options`` both fold through it."""
    if not set(changes) <= _known():
        _load_parts()
    for name, value in changes.items():
        if name not in _known() and name != "trump_marker":
            raise ConfigError(f"option {name} needs a trump part that has it (a "
                              "registered ruleset package defines it)")
        _validate(name, value)
    v = part.legacy_options() | dict(changes)
    check_trump_options(v)
    if not changes:
        return part
    marker = v["trump_marker"]
    wanted = {k for k in TRUMP_OPTION_NAMES[1:] if v[k] != _NEUTRAL[k]}
    current = type(part)
    cls: type[TrumpRules] = current
    if current.marker != marker or not wanted & _marker_fields(marker) <= _fields(current):
        fits = [c for c in _PARTS.values() if c.marker == marker
                and wanted & _marker_fields(marker) <= _fields(c)]
        if not fits:
            raise ConfigError(f"no trump part of trump_marker {marker!r} has the options "
                              f"{', '.join(sorted(wanted & _marker_fields(marker)))}")
        cls = min(fits, key=lambda c: len(_fields(c)))
    mine = _fields(cls)
    theirs = attrs.fields_dict(cls)
    kept = {f.alias: getattr(part, f.name) for f in attrs.fields(current)
            if f.name in theirs and f.name not in mine and f.name != "inert"}
    inert = {k: v[k] for k in sorted(wanted - mine)}
    return cls(**{k: v[k] for k in mine}, **kept, inert=inert)


def _marker_fields(marker: str) -> set[str]:
    return set().union(*(_fields(c) for c in _PARTS.values() if c.marker == marker))
