"""MkDocs hook: the rules pages' tables, generated from the installed rulesets at build time.

A page asks for a table with an HTML comment on a line of its own; the hook replaces the
comment with Markdown built from the registry (``te.presets()``, ``te.modifiers()``) and
from each ruleset's config, so the tables cannot drift from the code: change a preset or
an option's docstring, rebuild, and the page changes. A preset registered later gets its
rows and columns without any edit here.

=====================================  ==================================================
marker                                 replaced by
=====================================  ==================================================
``<!-- options: NAME -->``             every option of ruleset ``NAME`` (``28``,
                                       ``28+pair``), its value there, the values it
                                       accepts and what it means, grouped by the part of
                                       the ruleset (config, scoring, plug-ins) it belongs to
``<!-- facts: NAME -->``               the preset at a glance: players, deck, deal, bids,
                                       trump, scoring, match end, plug-ins, modifiers
``<!-- differences: NAME [BASE] -->``  what ``NAME`` changes relative to ``BASE``
                                       (default ``28``): facts and option values
``<!-- modifier-options: NAME -->``    the options modifier ``NAME`` adds, with defaults
``<!-- compatibility: NAME -->``       which presets modifier ``NAME`` composes with, and
                                       why the others refuse it
``<!-- comparison -->``                every preset side by side
``<!-- modifier-matrix -->``           every preset against every modifier
``<!-- house-rules -->``               every house rule of the built-in catalogue
                                       (``twentyeight_variants.house_rules``) against
                                       every preset
``<!-- rulesets -->``                  the registered presets and modifiers
``<!-- action-layout -->``             every preset's action indices, group by group
``<!-- observation-spec: NAME -->``    the slices of ruleset ``NAME``'s observation
=====================================  ==================================================

Option meanings are the attribute docstrings of the config's fields
(:class:`twentyeight.config.RulesetConfig`) and of the plug-in parts' attrs fields
(``twentyeight_variants``, or a third party's module), read with :mod:`ast`; what an
option accepts is read from its type annotation. Names in generated tables link to the
ruleset's page when ``docs/rules/<name>.md`` (or ``docs/rules/modifiers/<name>.md``)
exists. The functions are importable for tests (``tests/test_site.py``).
"""

from __future__ import annotations

import ast
import functools
import html
import inspect
import itertools
import posixpath
import re
import sys
import textwrap
import types
import typing
from collections.abc import Callable, Collection, Iterable
from typing import Any

import attrs

import twentyeight as te
from twentyeight.config import RulesetConfig
from twentyeight.trump import TRUMP_OPTION_NAMES, TrumpMarker, TrumpRules, trump_parts

BASE = "28"
"""The preset other presets are compared with."""

MARKER = re.compile(
    r"^[ \t]*<!--[ \t]*(?P<kind>options|facts|differences|modifier-options|compatibility"
    r"|comparison|modifier-matrix|house-rules|rulesets|action-layout|observation-spec)"
    r"(?::[ \t]*(?P<args>[^>]*?))?[ \t]*-->[ \t]*$",
    re.M,
)

FENCE = re.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,}).*?^[ \t]*(?P=fence)[ \t]*$", re.M | re.S)

_ROLE = re.compile(r":(?:py:)?[a-z]+:`~?(?P<target>[^`]+)`")
_SEE_ALIAS = re.compile(r";?\s*see :data:`~?(?P<name>[\w.]+)`\.?")


# ---------------------------------------------------------------- docstrings


@functools.cache
def _module_tree(module_name: str) -> ast.Module | None:
    module = sys.modules.get(module_name)
    if module is None:
        return None
    try:
        return ast.parse(textwrap.dedent(inspect.getsource(module)))
    except (OSError, TypeError, SyntaxError):
        return None


def _body_docs(body: list[ast.stmt]) -> dict[str, str]:
    """``name: doc`` for every ``name = ...`` or ``name: type = ...`` followed by a string."""
    docs: dict[str, str] = {}
    for stmt, after in itertools.pairwise(body):
        target: ast.expr | None = None
        if isinstance(stmt, ast.AnnAssign):
            target = stmt.target
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target = stmt.targets[0]
        if not isinstance(target, ast.Name):
            continue
        if (isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            docs[target.id] = inspect.cleandoc(after.value.value)
    return docs


@functools.cache
def module_attribute_docs(module_name: str) -> dict[str, str]:
    """The docstrings of a module's top-level names (type aliases, constants)."""
    tree = _module_tree(module_name)
    return _body_docs(tree.body) if tree is not None else {}


@functools.cache
def _class_docs(module_name: str, qualname: str) -> dict[str, str]:
    tree = _module_tree(module_name)
    if tree is None:
        return {}
    body: list[ast.stmt] = tree.body
    for part in qualname.split("."):
        found = next((n for n in body if isinstance(n, ast.ClassDef) and n.name == part), None)
        if found is None:
            return {}
        body = found.body
    return _body_docs(body)


def attribute_docs(cls: type) -> dict[str, str]:
    """The attribute docstrings of ``cls`` and its bases (the class's own win)."""
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if klass is object:
            continue
        docs.update(_class_docs(klass.__module__, klass.__qualname__))
    return docs


def md_inline(text: str) -> str:
    """A docstring as one line of Markdown for a table cell: reST literals and roles
    become code, whitespace is folded and ``|`` is escaped."""
    text = _ROLE.sub(lambda m: f"``{m['target'].rsplit('.', 1)[-1]}``", text)
    text = text.replace("``", "`")
    text = " ".join(text.split())
    return text.replace("|", "\\|")


# ---------------------------------------------------------------- option metadata


def _annotation(cls: type, name: str) -> tuple[Any, str | None]:
    """The resolved annotation of field ``name`` and, if it is a module-level alias
    (``TrumpMarker``), the alias's name and module. ``trump_marker`` is no field: the
    trump part's class says it (``TrumpRules.marker``), typed :data:`TrumpMarker`."""
    if name == "trump_marker" and issubclass(cls, TrumpRules):
        return TrumpMarker, "twentyeight.trump:TrumpMarker"
    for klass in cls.__mro__:
        annotations = inspect.get_annotations(klass)
        if name not in annotations:
            continue
        raw = annotations[name]
        if not isinstance(raw, str):
            return raw, None
        namespace = vars(sys.modules[klass.__module__])
        alias = f"{klass.__module__}:{raw}" if raw.isidentifier() else None
        try:
            return eval(raw, namespace), alias  # the annotation's own module's names
        except Exception:
            return raw, alias
    return None, None


def _literal(value: Any) -> str:
    """A value as Python would write it, in code."""
    if isinstance(value, str):
        return f'`"{value}"`'
    return f"`{value!r}`"


def accepts(kind: Any) -> str:
    """What a field of type ``kind`` accepts, in words."""
    if kind is bool:
        return "`True` or `False`"
    if kind is int:
        return "a whole number"
    if kind is str:
        return "text"
    origin = typing.get_origin(kind)
    if origin is typing.Literal:
        return ", ".join(_literal(a) for a in typing.get_args(kind))
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(kind)
        others = [a for a in args if a is not type(None)]
        text = " or ".join(accepts(a) for a in others)
        return f"{text} or `None`" if len(others) < len(args) else text
    if isinstance(kind, str):
        return f"`{kind}`"
    return f"`{getattr(kind, '__name__', kind)}`"


@attrs.frozen
class Option:
    """One option of a ruleset, as the tables show it."""

    name: str
    value: Any
    accepts: str
    meaning: str
    part: str
    owner: type


def _part_title(config: RulesetConfig, part: Any) -> str:
    cls = type(part)
    where = f"`{cls.__module__}.{cls.__qualname__}`"
    if part is config.scoring:
        return f"Scoring: {getattr(part, 'name', cls.__name__)} ({where})"
    if part is config.auction:
        return f"Auction ({where})"
    if part is config.trump:
        return f"Trump ({where})"
    return f"Plug-in `{getattr(part, 'name', cls.__name__)}` ({where})"


def _alias_doc(module: str, name: str) -> str | None:
    """The docstring of alias ``name`` as ``module`` sees it: written there, or in the
    module of the same package it was imported from (``twentyeight.trump`` re-exports
    the types of ``twentyeight.trump_types``)."""
    doc = module_attribute_docs(module).get(name)
    if doc is not None:
        return doc
    value = getattr(sys.modules[module], name, None)
    package = module.split(".")[0]
    for other in sorted(sys.modules):
        if other.split(".")[0] == package and other != module \
                and getattr(sys.modules[other], name, None) is value:
            doc = module_attribute_docs(other).get(name)
            if doc is not None:
                return doc
    return None


def _meaning(owner: type, name: str) -> str:
    """The field's docstring; for a choice typed by a documented alias (``TrumpMarker``)
    whose values the field's own docstring does not spell out, the alias's docstring."""
    doc = attribute_docs(owner).get(name)
    kind, alias = _annotation(owner, name)
    if alias is not None and typing.get_origin(kind) is typing.Literal:
        module, alias_name = alias.split(":")
        alias_doc = _alias_doc(module, alias_name)
        values = typing.get_args(kind)
        if alias_doc is not None and (doc is None or _SEE_ALIAS.search(doc)
                                      or not all(f"``{v}``" in doc for v in values)):
            doc = alias_doc
    if doc is None:
        return "*(no docstring in the source)*"
    return md_inline(doc)


def options_of(rules: te.Ruleset | RulesetConfig) -> list[Option]:
    """Every option of ``rules`` with its value, what it accepts and what it means, in
    the order of ``rules.options()``."""
    config = rules.config if isinstance(rules, te.Ruleset) else rules
    owner_of: dict[str, Any] = {}
    for part in config.parts():
        for name in getattr(part, "option_fields", ()):
            owner_of[name] = part
    owner_of["trump_marker"] = config.trump
    out: list[Option] = []
    for name, value in config.options().items():
        part = owner_of.get(name)
        owner = type(part) if part is not None else RulesetConfig
        if name in TRUMP_OPTION_NAMES and (part is None
                                           or name not in attrs.fields_dict(owner)):
            # A trump option this ruleset's part has no field for (an open trump's
            # bidder_trump_lead): shown with the trump's options, documented by a part
            # that has it.
            part = config.trump
            owner = next((c for c in trump_parts() if name in attrs.fields_dict(c)), owner)
        title = _part_title(config, part) if part is not None else (
            "Ruleset (`twentyeight.config.RulesetConfig`)")
        kind, _ = _annotation(owner, name)
        out.append(Option(name=name, value=value, accepts=accepts(kind),
                          meaning=_meaning(owner, name), part=title, owner=owner))
    return out


def format_value(value: Any) -> str:
    """An option value as it appears in the tables (Python notation, in code)."""
    return _literal(value)


def _table(header: Iterable[str], rows: Iterable[Iterable[str]]) -> str:
    head = list(header)
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(" --- " for _ in head) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def options_table(rules: te.Ruleset | str) -> str:
    """The ``<!-- options: NAME -->`` table: one table per part of the ruleset."""
    rs = te.ruleset(rules) if isinstance(rules, str) else rules
    groups: dict[str, list[Option]] = {}
    for option in options_of(rs):
        groups.setdefault(option.part, []).append(option)
    blocks = []
    for title, options in groups.items():
        rows = [(f"`{o.name}`", format_value(o.value), o.accepts, o.meaning) for o in options]
        blocks.append(f"**{title}**\n\n"
                      + _table(["option", f"`{rs.name}` value", "accepts", "meaning"], rows))
    return "\n\n".join(blocks)


# ---------------------------------------------------------------- facts


def _is(obj: Any, module: str, name: str) -> bool:
    return any(c.__module__ == module and c.__name__ == name for c in type(obj).__mro__)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def _scoring_summary(scoring: Any) -> str:
    """Game points per hand in one line: the system's numbers where it is a built-in one,
    else its description."""
    name = getattr(scoring, "name", type(scoring).__name__)
    single = getattr(scoring, "single_hand", None)
    failed_to = getattr(scoring, "failed_to", "bidder")
    # Tables always pass between the teams; their line says so once, at the end.
    to_opponents = failed_to == "opponents"
    both = failed_to == "both" and not hasattr(scoring, "tables")
    made_both = getattr(scoring, "made_to", "bidder") == "both" \
        and not hasattr(scoring, "tables")

    def made_failed(made: int, failed: int) -> str:
        won = f"+{made} and opponents −{made}" if made_both else f"+{made}"
        if both:
            return f"{won} / −{failed} and opponents +{failed}"
        return f"{won} / " + (f"opponents +{failed}" if to_opponents else f"−{failed}")

    if _is(scoring, "twentyeight_variants.scoring", "Pips"):
        text = f"pips: made {_signed(scoring.made)}, failed {_signed(scoring.failed)}"
        if failed_to == "bidder":
            text += " to the bidding team"
        elif to_opponents:
            text = (f"pips: made {_signed(scoring.made)} to the bidding team, failed "
                    f"{_signed(-scoring.failed)} to the opponents")
        else:
            text += f" to the bidding team and {_signed(-scoring.failed)} to the opponents"
        if made_both:
            text += f"; a made contract also {_signed(-scoring.made)} to the opponents"
        if single is not None:
            text += f"; single hand {_signed(single[0])} / {_signed(single[1])}"
    elif _is(scoring, "twentyeight_variants.scoring", "Bands") or _is(
            scoring, "twentyeight_variants.scoring", "Tables"):
        bands = list(scoring.bands)
        parts = []
        for i, (low, made, failed, *_) in enumerate(bands):
            high = bands[i + 1][0] - 1 if i + 1 < len(bands) else None
            span = f"{low}+" if high is None else (f"{low}" if high == low else f"{low}–{high}")
            parts.append(f"{span}: {made_failed(made, failed)}")
        text = f"{name} by bid: " + "; ".join(parts)
        if single is not None:
            text += f"; single hand {made_failed(*single)}"
        if hasattr(scoring, "tables"):
            text += " (won from or paid to the other team)"
    else:
        text = f"{name}: {getattr(scoring, 'description', '')}".rstrip(": ")
    return md_inline(text)


def _match_end(scoring: Any) -> str:
    target = getattr(scoring, "match_target", None)
    if _is(scoring, "twentyeight_variants.scoring", "Tables") or hasattr(scoring, "tables"):
        return f"{scoring.tables} tables each; a team that cannot pay loses"
    if _is(scoring, "twentyeight_variants.scoring", "Pips") and target is not None:
        return f"+{target} wins, −{target} loses"
    if target is not None:
        return f"first to {target}"
    if _is(scoring, "twentyeight_variants.scoring", "BasePoints"):
        return "none: a running series"
    return md_inline(getattr(scoring, "description", "") or "—")


def _deck_text(config: RulesetConfig) -> str:
    spec = config.deck
    deck = spec.compile()
    ranks = " ".join(spec.ranks)
    packs = f", {spec.copies} packs" if spec.copies > 1 else ""
    text = f"{deck.size} cards: {ranks} in {len(spec.suits)} suits{packs}"
    equal = dict(spec.equal_ranks)
    if equal:
        text += "; " + ", ".join(f"{a} ranks with {b}" for a, b in equal.items())
    return text


def _points_text(config: RulesetConfig) -> str:
    spec = config.deck
    total = spec.compile().total_points
    per_rank = ", ".join(f"{r} {p}" for r, p in sorted(
        dict(spec.points).items(), key=lambda rp: spec.ranks.index(rp[0])
        if rp[0] in spec.ranks else 99) if p)
    text = f"{total} ({per_rank})"
    if config.last_trick_points:
        text += f" + {config.last_trick_points} for the last trick"
    return text


def _deal_text(config: RulesetConfig) -> str:
    packets = config.deal_packets
    before = sum(packets[: config.auction_after])
    dealt = ", then ".join(str(p) for p in packets)
    text = f"{dealt} cards to each player ({config.hand_size} in all)"
    if config.auction_after == len(packets):
        return text + "; the auction once every card is dealt"
    return text + f"; the auction on the first {before}"


def _bids_text(config: RulesetConfig) -> str:
    text = f"{config.min_bid}–{config.max_bid}"
    if config.auction.denominations != (None,):
        text += ", each with a suit or No Trump"
    rules = []
    if config.opener_must_bid:
        rules.append("the opener must bid")
    if config.partner_overcall_min is not None:
        rules.append(f"to overcall a partner bid {config.partner_overcall_min}+")
    if config.second_bid_min is not None:
        rules.append(f"a second bid {config.second_bid_min}+")
    return text + ("; " + "; ".join(rules) if rules else "")


def describe_part(part: Any) -> str:
    """A part (auction, scoring, rule plug-in, redeal check) in words: its
    :meth:`~twentyeight.plugins.Part.describe`, or for a part without it its
    ``description``, or its class name."""
    describe = getattr(part, "describe", None)
    text = describe() if callable(describe) else getattr(part, "description", "")
    return md_inline(text if isinstance(text, str) and text else type(part).__name__)


TRUMP_MARKER_WORDS = {
    "hand-card": "the highest bidder lays a card of the trump suit face down",
    "indicator": ("the highest bidder marks the trump suit with a card from outside the "
                  "pack, face down"),
    "open": "the winning bid names the trump suit (or No Trump), open to all",
}
"""The values of ``trump_marker`` in words."""

BIDDER_TRUMP_LEAD_WORDS = {
    "only-trumps": ("the bidder may not lead a trump before it is exposed, unless holding "
                    "nothing else"),
    "after-trump-led": ("the bidder may lead a trump before it is exposed once another "
                        "player has led one, or when holding nothing else"),
    "any": "the bidder may lead a trump at any time",
}
"""The values of ``bidder_trump_lead`` in words."""

LAST_TRICK_WORDS = {
    "expose": "a trump still hidden at the last trick is exposed and played",
    "void": "a trump still hidden at the last trick annuls the hand",
}
"""The values of ``last_trick_unexposed`` in words."""


def _words(table: dict[str, str], value: Any) -> str:
    """``value`` in words, or in code where the table does not know it."""
    return table.get(value, f"`{value}`") if isinstance(value, str) else f"`{value!r}`"


def _auction_text(config: RulesetConfig) -> str:
    return describe_part(config.auction)


def _trump_text(config: RulesetConfig) -> str:
    if config.trump_marker not in TRUMP_MARKER_WORDS:
        return describe_part(config.trump)  # a trump part of its own says its rule
    text = _words(TRUMP_MARKER_WORDS, config.trump_marker)
    if config.seventh_card:
        text += f", or takes the {config.seventh_card_name} dealt to them, unseen"
        if config.seventh_card_when == "all-suits":
            text += ", when the cards held are of every suit"
    if config.cut_mode == "face-down":
        text += ("; a player who cannot follow suit cuts face down, and a trump among the "
                 "cuts exposes it when the trick is complete")
    elif config.trump_marker != "open":
        may = "must" if config.reveal_when_void else "may"
        must = "must" if config.caller_must_trump else "need not"
        text += (f"; a player who cannot follow suit {may} call for it, and then {must} "
                 "play a trump")
    if config.open_by_leading_trump:
        text += ("; the bidder leading the first trick may lead the face-down card face "
                 "up, exposing the trump at once")
    return text


def _play_text(config: RulesetConfig) -> str:
    jacks = {True: "no Jack of a suit not yet led may be discarded",
             "strict": "no Jack may be discarded"}.get(config.no_jack_discard)
    on = [label for label, flag in (
        ("a player trumping over a trump must beat it", config.over_trump),
        (jacks, jacks is not None),
        ("trumps played before the exposure count as trumps", config.early_trumps_count),
        ("in a trick led in the trump suit, the trumps played before the exposure count",
         getattr(config.trump, "led_trumps_on_exposure", False)),
        ("at the last trick, trumps led before the face-down card count",
         getattr(config.trump, "last_trick_led_trumps", False)),
        ("a failed bid that scored less than half of it loses double",
         config.less_than_half_doubles),
    ) if flag]
    text = _words(BIDDER_TRUMP_LEAD_WORDS, config.bidder_trump_lead)
    if config.first_lead == "after-opener":
        text = "the player after the opener leads the first trick; " + text
    if config.trump_marker != "open":
        text += "; " + _words(LAST_TRICK_WORDS, config.last_trick_unexposed)
    return text + "".join(f"; {label}" for label in on)


def compatibility(preset: str) -> dict[str, str | None]:
    """For each registered modifier: ``None`` if ``preset+modifier`` is a ruleset, or the
    reason :class:`~twentyeight.ConfigError` gives for refusing it."""
    out: dict[str, str | None] = {}
    for mod in te.modifiers():
        try:
            te.ruleset(f"{preset}+{mod}")
        except te.ConfigError as exc:
            out[mod] = str(exc)
        else:
            out[mod] = None
    return out


Linker = Callable[[str], str]


def _plain(name: str) -> str:
    return f"`{name}`"


def facts(rules: te.Ruleset | str, link: Linker = _plain) -> dict[str, str]:
    """The preset at a glance, as Markdown cells by label (comparison and facts)."""
    rs = te.ruleset(rules) if isinstance(rules, str) else rules
    config = rs.config
    n = config.players
    plugins = "; ".join(describe_part(p) for p in config.plugins) or "none"
    checks = "; ".join(describe_part(c) for c in config.all_redeal_checks()) or "none"
    compat = compatibility(rs.name) if rs.name in te.presets() else {}
    composes = ", ".join(link(m) for m, why in compat.items() if why is None) or "none"
    return {
        "description": md_inline(rs.description),
        "aliases": ", ".join(f"`{a}`" for a in rs.aliases) or "none",
        "sources": md_inline(config.source) or "—",
        "players": f"{n}, in two teams of {n // 2}",
        "deck": _deck_text(config),
        "card points": _points_text(config),
        "deal": _deal_text(config),
        "bids": _bids_text(config),
        "auction": _auction_text(config),
        "trump": _trump_text(config),
        "play": _play_text(config),
        "scoring": _scoring_summary(config.scoring),
        "match end": _match_end(config.scoring),
        "redeal checks": checks,
        "rule plug-ins": plugins,
        "modifiers that compose": composes,
    }


def facts_table(rules: te.Ruleset | str, link: Linker = _plain) -> str:
    """The ``<!-- facts: NAME -->`` table."""
    rs = te.ruleset(rules) if isinstance(rules, str) else rules
    return _table(["", f"`{rs.name}`"],
                  ([f"**{label}**", cell] for label, cell in facts(rs, link).items()))


COMPARISON_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("What it is", ("description", "sources")),
    ("Players, cards, deal", ("players", "deck", "card points", "deal")),
    ("Auction", ("bids", "auction")),
    ("Trump and play", ("trump", "play")),
    ("Scoring", ("scoring", "match end")),
    ("Rules and modifiers", ("redeal checks", "rule plug-ins", "modifiers that compose")),
)
"""The comparison's tables: a heading and the facts it shows, a column each. Facts not
named here (a later addition) get a table of their own at the end."""


def comparison_table(presets: Collection[str] | None = None, link: Linker = _plain) -> str:
    """The ``<!-- comparison -->`` tables: a row per preset (default: all of them) and a
    few facts each, so that every table fits a laptop's screen."""
    names = list(te.presets() if presets is None else presets)
    cells = {name: facts(name, link) for name in names}
    labels = list(next(iter(cells.values())).keys()) if cells else []
    grouped = {label for _, group in COMPARISON_GROUPS for label in group}
    groups = [*COMPARISON_GROUPS, *(("Other facts", (label,)) for label in labels
                                    if label not in grouped)]
    blocks = []
    for title, group in groups:
        shown = [label for label in group if label in labels]
        if not shown:
            continue
        rows = ([link(n), *(cells[n][label] for label in shown)] for n in names)
        blocks.append(f"**{title}**\n\n" + _table(["preset", *shown], rows))
    return "\n\n".join(blocks)


def modifier_matrix(link: Linker = _plain) -> str:
    """The ``<!-- modifier-matrix -->`` table: presets down, modifiers across."""
    mods = te.modifiers()
    rows = []
    for preset in te.presets():
        compat = compatibility(preset)
        rows.append([link(preset), *(_refusal_cell(compat[m]) for m in mods)])
    return _table(["preset", *(link(m) for m in mods)], rows)


def house_rule_support(options: dict[str, Any]) -> dict[str, str | None]:
    """For each registered preset: ``None`` if it takes ``options``, or the reason
    :class:`~twentyeight.ConfigError` gives for refusing them."""
    out: dict[str, str | None] = {}
    for preset in te.presets():
        try:
            te.ruleset(preset, **options)
        except te.ConfigError as exc:
            out[preset] = str(exc)
        else:
            out[preset] = None
    return out


def house_rules_table(page_path: str = "rules/comparison.md", link: Linker = _plain) -> str:
    """The ``<!-- house-rules -->`` table: each house rule of the catalogue, who plays
    it, the options that turn it on, the presets that take them and those that refuse
    them, with the reason (in full on hover)."""
    from twentyeight_variants.house_rules import HOUSE_RULES

    here = posixpath.dirname(page_path) or "."
    rows = []
    for rule in HOUSE_RULES:
        target = posixpath.relpath(f"rules/{rule.page}", here)
        support = house_rule_support(dict(rule.options))
        takes = ", ".join(link(p) for p, why in support.items() if why is None) or "none"
        refuse = "; ".join(f"{link(p)}: {_refusal_cell(why, ';:').removeprefix('✗ ')}"
                           for p, why in support.items() if why is not None) or "none"
        rows.append([f"[{md_inline(rule.title)}]({target})", md_inline(rule.played_by),
                     f"`{rule.construction}`", takes, refuse])
    return _table(["house rule", "played by", "options", "✓ presets that take it",
                   "✗ presets that refuse it"], rows)


def _refusal_cell(reason: str | None, separators: str = ";") -> str:
    """✓, or ✗ with the reason's first clause, up to the first of ``separators`` (the
    whole reason on hover)."""
    if reason is None:
        return "✓"
    short = re.split(f"[{re.escape(separators)}]", reason, maxsplit=1)[0]
    if short == reason:
        return f"✗ {md_inline(reason)}"
    return f'✗ <span title="{html.escape(reason, quote=True)}">{md_inline(short)}</span>'



def differences_table(rules: te.Ruleset | str, base: str = BASE,
                      link: Linker = _plain) -> str:
    """The ``<!-- differences: NAME [BASE] -->`` table: facts and options of ``rules``
    that differ from ``base``."""
    rs = te.ruleset(rules) if isinstance(rules, str) else rules
    other = te.ruleset(base)
    mine, theirs = facts(rs, link), facts(other, link)
    skip = {"description", "aliases", "sources", "modifiers that compose"}
    rows = [[f"**{label}**", theirs.get(label, "—"), cell, ""]
            for label, cell in mine.items() if label not in skip and theirs.get(label) != cell]
    base_options = other.options()
    meanings = {o.name: o.meaning for o in options_of(rs)}
    for name, value in rs.options().items():
        if name not in base_options or base_options[name] != value:
            was = format_value(base_options[name]) if name in base_options else "—"
            rows.append([f"`{name}`", was, format_value(value), meanings[name]])
    if not rows:
        return f"`{rs.name}` is the same as `{other.name}`."
    return _table(["", link(other.name), link(rs.name), "meaning"], rows)


# ---------------------------------------------------------------- modifiers


def modifier_base(name: str) -> tuple[RulesetConfig, RulesetConfig]:
    """A config modifier ``name`` accepts and the config it makes of it: a registered
    preset if one accepts it, else a preset without its rule plug-ins."""
    mod = te.modifier(name)
    candidates = [te.ruleset(p).config for p in te.presets()]
    candidates += [attrs.evolve(c, plugins=()) for c in candidates]
    last: Exception | None = None
    for config in candidates:
        try:
            return config, mod.apply(config)
        except te.ConfigError as exc:
            last = exc
    raise te.ConfigError(f"no registered preset accepts the modifier {name!r}: {last}")


def modifier_options_table(name: str) -> str:
    """The ``<!-- modifier-options: NAME -->`` table: the options the modifier adds or
    changes, with the values it gives them."""
    before, after = modifier_base(name)
    old = before.options()
    rows = [(f"`{o.name}`", format_value(o.value), o.accepts, o.meaning)
            for o in options_of(after) if o.name not in old or old[o.name] != o.value]
    if not rows:
        return f"The `{name}` modifier has no options of its own."
    return _table(["option", "default", "accepts", "meaning"], rows)


def compatibility_table(name: str, link: Linker = _plain) -> str:
    """The ``<!-- compatibility: MODIFIER -->`` table."""
    mod = te.modifier(name).name
    rows = []
    for preset in te.presets():
        why = compatibility(preset)[mod]
        rows.append([link(preset), "✓" if why is None else "✗",
                     md_inline(why) if why is not None else f"`{preset}+{mod}`"])
    return _table(["preset", "composes", f"ruleset, or why `{mod}` is refused"], rows)


def rulesets_table(link: Linker = _plain) -> str:
    """The ``<!-- rulesets -->`` tables: presets, then modifiers."""
    presets = [(link(p), ", ".join(f"`{a}`" for a in te.ruleset(p).aliases) or "—",
                md_inline(te.ruleset(p).description)) for p in te.presets()]
    mods = [(link(m), ", ".join(f"`{a}`" for a in te.modifier(m).aliases) or "—",
             md_inline(te.modifier(m).description)) for m in te.modifiers()]
    return (_table(["preset", "aliases", "what it is"], presets) + "\n\n"
            + _table(["modifier", "aliases", "what it adds"], mods))


# ---------------------------------------------------------------- the hook


def page_linker(page_path: str, existing: Collection[str]) -> Linker:
    """A linker for a page at ``page_path`` (relative to ``docs/``): a name becomes a
    link to its rules page when that page is in ``existing``."""
    here = posixpath.dirname(page_path)
    modifiers = set(te.modifiers())

    def link(name: str) -> str:
        target = f"rules/modifiers/{name}.md" if name in modifiers else f"rules/{name}.md"
        if target not in existing or target == page_path:
            return f"`{name}`"
        return f"[`{name}`]({posixpath.relpath(target, here or '.')})"

    return link


def action_groups(rules: te.Ruleset) -> list[tuple[str, int, int]]:
    """The runs of a ruleset's action indices that share a kind: ``(kind, first,
    last)`` in index order (``play``, ``pass``, ``bid``, ``trump``, ...)."""
    groups: list[tuple[str, int, int]] = []
    for i, action in enumerate(rules.actions):
        kind = action.keyword
        if groups and groups[-1][0] == kind and groups[-1][2] == i - 1:
            groups[-1] = (kind, groups[-1][1], i)
        else:
            groups.append((kind, i, i))
    return groups


def action_layout_table(presets: Collection[str] | None = None,
                        link: Linker = _plain) -> str:
    """Every preset's action indices by kind, and the sizes of its spaces."""
    rows = []
    for name in sorted(presets if presets is not None else te.presets()):
        rules = te.ruleset(name)
        runs = ", ".join(f"`{kind}` {first}" if first == last else
                         f"`{kind}` {first}–{last}" for kind, first, last in
                         action_groups(rules))
        rows.append([link(name), str(rules.num_actions), runs,
                     str(rules.observation_size)])
    return _table(["ruleset", "actions", "indices by kind", "observation size"], rows)


def observation_spec_table(name: str) -> str:
    """The slices of ruleset ``name``'s observation: where each starts, its size, what
    its numbers mean."""
    spec = te.ruleset(name).observation_spec
    return _table(["slice", "start", "size", "meaning"],
                  [[f"`{s.name}`", str(s.start), str(s.size), md_inline(s.meaning)]
                   for s in spec.slices])


def render(markdown: str, page_path: str = "index.md",
           existing: Collection[str] = ()) -> str:
    """``markdown`` with every marker replaced by its generated table."""
    link = page_linker(page_path, existing)

    def replace(match: re.Match[str]) -> str:
        kind = match["kind"]
        # md_in_html: the table stays Markdown; the class lets the stylesheet size it.
        return (f'<div class="tt-generated tt-{kind}" markdown>\n\n'
                f"{generate(kind, (match['args'] or '').split(), match[0].strip())}"
                "\n\n</div>")

    def generate(kind: str, args: list[str], marker: str) -> str:
        try:
            if kind == "options":
                return options_table(te.ruleset(args[0]))
            if kind == "facts":
                return facts_table(args[0], link)
            if kind == "differences":
                return differences_table(args[0], *args[1:2], link=link)
            if kind == "modifier-options":
                return modifier_options_table(args[0])
            if kind == "compatibility":
                return compatibility_table(args[0], link)
            if kind == "comparison":
                return comparison_table(link=link)
            if kind == "modifier-matrix":
                return modifier_matrix(link)
            if kind == "house-rules":
                return house_rules_table(page_path, link)
            if kind == "action-layout":
                return action_layout_table(link=link)
            if kind == "observation-spec":
                return observation_spec_table(args[0])
            return rulesets_table(link)
        except (IndexError, te.TwentyEightError) as exc:
            raise ValueError(f"{page_path}: cannot expand {marker!r}: {exc}") from exc

    # Markers shown inside fenced code blocks (documentation of the markers) stay as they are.
    out, end = [], 0
    for fence in FENCE.finditer(markdown):
        out += [MARKER.sub(replace, markdown[end:fence.start()]), fence[0]]
        end = fence.end()
    out.append(MARKER.sub(replace, markdown[end:]))
    page = "".join(out)
    return page + source_footnotes(page)


FOOTNOTE_REF = re.compile(r"\[\^(?P<label>[^\]\s]+)\](?!:)")
INLINE_CODE = re.compile(r"(`+).+?\1", re.S)
FOOTNOTE_DEF = re.compile(r"^\[\^(?P<label>[^\]\s]+)\]:", re.M)


def source_footnotes(markdown: str) -> str:
    """The footnotes ``markdown`` refers to (``[^004]``) that name a source of the
    built-in catalogue (:data:`twentyeight_variants.sources.SOURCES`) and that the page
    does not define itself, as Markdown to append to the page."""
    from twentyeight_variants.sources import SOURCES

    # References shown in code (fenced or inline) are examples, not references.
    text = INLINE_CODE.sub("", FENCE.sub("", markdown))
    defined = {m["label"] for m in FOOTNOTE_DEF.finditer(text)}
    used = dict.fromkeys(m["label"] for m in FOOTNOTE_REF.finditer(text))
    notes = [f"[^{label}]: {SOURCES[label].note}" for label in used
             if label in SOURCES and label not in defined]
    return "\n\n" + "\n".join(notes) + "\n" if notes else ""


def on_page_markdown(markdown: str, *, page: Any, config: Any, files: Any) -> str:
    """MkDocs event: expand the markers of one page."""
    existing = {f.src_uri for f in files.documentation_pages()}
    try:
        return render(markdown, page.file.src_uri, existing)
    except ValueError as exc:
        from mkdocs.exceptions import PluginError

        raise PluginError(str(exc)) from exc


__all__ = [
    "Option",
    "accepts",
    "attribute_docs",
    "comparison_table",
    "compatibility",
    "compatibility_table",
    "describe_part",
    "differences_table",
    "facts",
    "facts_table",
    "format_value",
    "house_rule_support",
    "house_rules_table",
    "modifier_matrix",
    "modifier_options_table",
    "on_page_markdown",
    "options_of",
    "options_table",
    "render",
    "rulesets_table",
    "source_footnotes",
]
