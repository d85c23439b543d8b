"""The documentation site: generated tables, suit colouring, the record JSON Schema.

The rules pages' option tables and the comparison are generated at build time by the
MkDocs hook ``docs_hooks/rules_tables.py`` from the installed rulesets; these tests call
the same functions the hook does. The record schema published with the site
(``docs/schema/round-record.schema.json``) and its companions are checked against real
records with ``jsonschema``.
"""

from __future__ import annotations

import io
import json
import random
import re
from importlib.metadata import distribution
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from jsonschema import ValidationError
from twentyeight_variants.sources import SOURCES

import twentyeight as te

from .helpers import benchmark_module, built_site, load_file_module, published_schema, validate

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SCHEMA_PATH = DOCS / "schema" / "round-record.schema.json"


def _load_hook(name: str) -> ModuleType:
    return load_file_module(ROOT / "docs_hooks" / f"{name}.py", f"docs_hooks_{name}")


tables = _load_hook("rules_tables")
suits = _load_hook("suits")
pictures = _load_hook("pictures")


def _row(table: str, option: str) -> str:
    """The table row of ``option``."""
    rows = [line for line in table.splitlines() if line.startswith(f"| `{option}` |")]
    assert len(rows) == 1, f"{option!r} has {len(rows)} rows in the table"
    return rows[0]


# ---------------------------------------------------------------- option tables


def test_options_table_of_28_lists_every_option_and_its_value() -> None:
    rules = te.ruleset("28")
    table = tables.options_table(rules)
    assert rules.options(), "28 has options"
    for name, value in rules.options().items():
        row = _row(table, name)
        value_cell = row.split(" | ")[1]
        assert value_cell == tables.format_value(value), (name, row)


@pytest.mark.parametrize("name", te.presets())
def test_options_table_of_every_preset_is_complete(name: str) -> None:
    rules = te.ruleset(name)
    table = tables.options_table(name)
    for option, value in rules.options().items():
        assert tables.format_value(value) in _row(table, option)


def test_options_table_follows_the_config() -> None:
    preset = tables.options_table(te.ruleset("29"))
    changed = tables.options_table(te.ruleset("29", min_bid=15))
    assert preset != changed
    assert "| `16` |" in _row(preset, "min_bid")
    assert "| `15` |" in _row(changed, "min_bid")
    assert _row(preset, "max_bid") == _row(changed, "max_bid")


def test_option_meanings_come_from_the_docstrings() -> None:
    table = tables.options_table("29")
    assert "Highest bid." in _row(table, "max_bid")
    # A choice typed by a documented alias explains every value.
    marker = _row(table, "trump_marker")
    assert all(f"`{v}`" in marker for v in ("hand-card", "indicator", "open"))
    # Options of plug-ins, from their attrs fields in twentyeight_variants.
    assert "after the exposure" in _row(table, "pair_timing")
    assert '`"after-winning-trick"`, `"after-exposure"`' in _row(table, "pair_timing")
    assert "`True` or `False`" in _row(table, "redeal_four_jacks")
    assert "a whole number or `None`" in _row(table, "partner_overcall_min")


def test_modifier_options_are_generated() -> None:
    table = tables.modifier_options_table("double")
    assert "`auto_double`" in table and "`c_call`" in table and "`None`" in table
    redeal = tables.modifier_options_table("redeal")   # refused by every preset as it is
    assert "`redeal_four_jacks`" in redeal
    assert "no options" in tables.modifier_options_table("single-hand")


# ---------------------------------------------------------------- comparison


def _tables_of(markdown: str) -> list[list[list[str]]]:
    """The Markdown tables in ``markdown``, each as rows of cells (header first, the
    separator line left out)."""
    found: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in [*markdown.splitlines(), ""]:
        if line.startswith("|"):
            if not re.fullmatch(r"\|( ?:?-{3,}:? ?\|)+", line):
                current.append([c.strip() for c in line.strip("|").split(" | ")])
        elif current:
            found.append(current)
            current = []
    return found


def test_comparison_covers_every_preset_in_narrow_tables() -> None:
    """A row per preset in every table, every fact in one of them, and no table wider
    than a laptop's screen takes (the preset and at most five facts)."""
    found = _tables_of(tables.comparison_table())
    assert len(found) > 1
    shown = []
    for table in found:
        assert 2 <= len(table[0]) <= 6, table[0]
        assert [row[0] for row in table[1:]] == [f"`{p}`" for p in te.presets()]
        assert all(len(row) == len(table[0]) for row in table)
        shown += table[0][1:]
    assert sorted(shown) == sorted(tables.facts("28"))


def _bench_ops() -> ModuleType:
    """``benchmarks/bench_ops.py``, imported as a module."""
    return benchmark_module("bench_ops")


def test_performance_page_covers_every_preset_in_narrow_tables() -> None:
    """The Performance page's "Every preset": a row per registered preset in every
    table, rounds per second beside the ratios, and no table of more than a name and
    three figures (a phone's width); nor any other table of the page wider."""
    text = (DOCS / "performance.md").read_text(encoding="utf-8")
    every = text[text.index("## Every preset"):text.index("\n## ", text.index("## Every preset"))]
    found = _tables_of(every)
    # The presets this package registers (the test plug-ins are registered too, here).
    ours = {e.name for e in distribution("twentyeight").entry_points
            if e.group == "twentyeight.rulesets"}
    builtin = [p for p in te.presets() if p in ours]
    assert {"304", "thunee"} <= set(builtin)
    assert len(found) >= 4
    assert found[0][0][:2] == ["ruleset", "rounds per second"]
    for table in found:
        names = [row[0] for row in table[1:] if not row[0].startswith("target")]
        assert names == [f"`{p}`" for p in builtin], table[0]
    for table in _tables_of(text):
        assert len(table[0]) <= 4, table[0]
    rates = [int(row[1].replace(",", "")) for row in found[0][1:len(builtin) + 1]]
    assert all(rate > 0 for rate in rates)


def test_performance_tables_come_from_the_benchmark() -> None:
    """``bench_ops.py --markdown`` writes the page's tables: a row per report in each,
    every figure in one of them (the bytes per clone too), the rounds per second
    first."""
    bench = _bench_ops()
    figures = {key: {"median": 1.5} for key in bench.FIGURES}
    reports = [{"ruleset": name, "library_rounds_per_s": 1000 + n, "clone_bytes": 2000 + n,
                "figures": figures} for n, name in enumerate(te.presets())]
    found = _tables_of(bench.markdown(reports))
    assert len(found) == len(bench.MARKDOWN_TABLES)
    shown: list[str] = []
    for table, (_, columns) in zip(found, bench.MARKDOWN_TABLES, strict=True):
        assert len(table[0]) <= 4
        assert [row[0] for row in table[1:len(reports) + 1]] == [
            f"`{r['ruleset']}`" for r in reports]
        shown += [key for key, _ in columns]
    assert sorted(shown) == sorted([*bench.FIGURES, "rounds_per_s", "clone_bytes"])
    assert [row[1] for row in found[0][1:len(reports) + 1]] == [
        f"{1000 + n:,}" for n in range(len(reports))]


def test_comparison_shows_the_facts() -> None:
    facts = tables.facts("29")
    assert facts["players"].startswith("4")
    assert facts["deck"].startswith("32 cards")
    assert "+ 1 for the last trick" in facts["card points"]
    assert facts["bids"].startswith("16–29")
    assert "a card from outside the pack" in facts["trump"]
    assert "must call for it, and then need not play a trump" in facts["trump"]
    assert facts["scoring"].startswith("pips")
    assert facts["match end"] == "+6 wins, −6 loses"
    assert "`double`" in facts["modifiers that compose"]
    assert "`pair`" not in facts["modifiers that compose"]   # built in already


@pytest.mark.parametrize("name", te.presets())
def test_facts_are_in_words(name: str) -> None:
    """The facts say the rules in words: no option value or class name in code, no
    source's short id outside a footnote reference."""
    config = te.ruleset(name).config
    codes = {config.trump_marker, config.bidder_trump_lead, config.last_trick_unexposed,
             *(type(p).__name__ for p in config.parts())}
    # Values that are also plain words ("expose", "any") may appear as words.
    codes = {c for c in codes if "-" in c or c != c.lower()}
    for label, cell in tables.facts(name).items():
        if label in ("aliases", "modifiers that compose"):
            continue                                  # names the user types
        assert "`" not in cell, (label, cell)
        assert not any(code in cell for code in codes), (label, cell)
        assert not re.search(r"(?<!\^)\b00[0-4]\b", cell), (label, cell)
    cited = re.findall(r"\[\^([0-9a-z-]+)\]", tables.facts(name)["sources"])
    assert set(cited) <= set(SOURCES), cited
    # (A third party's made-up ruleset, the turn-up, may cite no source of the family.)
    assert cited or type(config.trump).__module__ == "turn_up"


def test_facts_of_28_say_the_trump_and_the_auction() -> None:
    facts = tables.facts("28")
    assert facts["trump"].startswith("the highest bidder lays a card of the trump suit face "
                                     "down")
    assert "may not lead a trump before it is exposed, unless holding nothing else" \
        in facts["play"]
    assert facts["auction"] == "bid in turn, each bid higher than the last, or pass; a pass " \
        "is final"
    assert "the cards are dealt again" in facts["rule plug-ins"]
    house = tables.facts(te.ruleset("28", second_auction=21))["auction"]
    assert "a second auction from 21" in house


def test_parts_describe_themselves_or_fall_back_to_their_class_name() -> None:
    """A third party's part words itself with ``describe()`` (or ``description``);
    without either, the tables name its class."""

    class Bare:
        pass

    class Worded:
        description = "bid in silence"

    class Described:
        def describe(self) -> str:
            return "bid by | candle"

    assert tables.describe_part(Bare()) == "Bare"
    assert tables.describe_part(Worded()) == "bid in silence"
    assert tables.describe_part(Described()) == "bid by \\| candle"
    assert te.plugins.Part().describe() == "Part"


def test_source_footnotes_are_added_once_and_only_for_known_sources() -> None:
    from twentyeight_variants.sources import SOURCES

    page = ("As the 28SIX app's help page[^003] says, and again[^003].\n\n"
            "A note of the page's own[^mine].\n\n[^mine]: Mine.\n\n"
            "```markdown\nan example[^004]\n```\n\nInline, `[^001]` is an example too.\n")
    out = tables.render(page, "rules/x.md")
    assert out.count("[^003]: ") == 1 and SOURCES["003"].note in out
    assert "[^004]: " not in out and "[^001]: " not in out    # only shown in code
    assert out.count("[^mine]: ") == 1


def test_modifier_matrix_agrees_with_the_registry() -> None:
    matrix = tables.modifier_matrix()
    lines = matrix.splitlines()
    assert len(lines) == 2 + len(te.presets())
    for preset, line in zip(te.presets(), lines[2:], strict=True):
        cells = [c.strip() for c in line.strip("|").split("|")]
        assert cells[0] == f"`{preset}`"
        for modifier, cell in zip(te.modifiers(), cells[1:], strict=True):
            try:
                te.ruleset(f"{preset}+{modifier}")
            except te.ConfigError:
                assert cell.startswith("✗"), (preset, modifier, cell)
            else:
                assert cell == "✓", (preset, modifier, cell)


def test_differences_name_what_changes() -> None:
    table = tables.differences_table("29")
    for option in ("min_bid", "max_bid", "trump_marker", "last_trick_points", "pair_timing"):
        assert f"| `{option}` |" in table
    assert "| `opener_must_bid` |" not in table      # the same in both
    assert "is the same as" in tables.differences_table("28")


# ---------------------------------------------------------------- the hook on pages


def test_render_replaces_markers_but_not_in_code() -> None:
    page = "\n".join([
        "# Page", "", "<!-- options: 29 -->", "", "<!-- comparison -->", "",
        "```markdown", "<!-- options: 29 -->", "```", "",
        "<!-- compatibility: pair -->", "<!-- rulesets -->", "",
    ])
    out = tables.render(page, "rules/example.md", {"rules/29.md", "rules/modifiers/pair.md"})
    assert out.count("<!-- options: 29 -->") == 1           # only the one in the code block
    assert "<!-- comparison -->" not in out and "<!-- rulesets -->" not in out
    assert '<div class="tt-generated tt-options" markdown>' in out
    assert "[`29`](29.md)" in out                           # names link to existing pages


def test_render_refuses_unknown_names() -> None:
    with pytest.raises(ValueError, match="no-such-ruleset"):
        tables.render("<!-- options: no-such-ruleset -->\n", "rules/x.md")


def _markers() -> list[tuple[Path, str, str]]:
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        text = tables.FENCE.sub("", page.read_text(encoding="utf-8"))
        for match in tables.MARKER.finditer(text):
            found.append((page.relative_to(DOCS), match["kind"], (match["args"] or "").strip()))
    return found


def test_every_marker_on_the_site_expands() -> None:
    markers = _markers()
    kinds = {kind for _, kind, _ in markers}
    assert {"options", "comparison", "modifier-matrix", "modifier-options"} <= kinds
    for page in sorted({p for p, _, _ in markers}):
        text = (DOCS / page).read_text(encoding="utf-8")
        tables.render(text, page.as_posix())


def test_every_builtin_preset_with_a_page_has_its_option_table() -> None:
    for page in sorted((DOCS / "rules").glob("*.md")):
        name = page.stem
        if name in te.presets():
            assert f"<!-- options: {name} -->" in page.read_text(encoding="utf-8"), page


# ---------------------------------------------------------------- suits in colour


def test_suits_are_coloured_in_text_only() -> None:
    html = ('<p title="J♠">play 8♥ then J♣</p><script>var s = "♦";</script>'
            '<pre><code><span class="s2">"play 10♦"</span></code></pre>')
    out = suits.colour_suits(html)
    assert '<p title="J♠">' in out                            # attributes untouched
    assert 'var s = "♦";' in out                               # scripts untouched
    assert 'play 8<span class="suit suit-red">♥</span>' in out
    assert 'J<span class="suit suit-black">♣</span>' in out
    assert '"play 10<span class="suit suit-red">♦</span>"' in out   # code blocks too
    assert suits.colour_suits("<p>no suits</p>") == "<p>no suits</p>"


def test_suit_stylesheet_is_declared() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "stylesheets/suits.css" in config
    assert "docs_hooks/rules_tables.py" in config and "docs_hooks/suits.py" in config
    css = (DOCS / "stylesheets" / "suits.css").read_text(encoding="utf-8")
    assert ".suit-red" in css and ".suit-black" in css


# ---------------------------------------------------------------- the action grammar


def test_reference_lists_every_action_keyword() -> None:
    out: set[str] = set()
    for name in te.presets():
        config = te.ruleset(name).config
        if not all(type(p).__module__.startswith("twentyeight") for p in config.parts()):
            continue  # a third party's ruleset documents its own actions
        out |= set(te.ruleset(name).grammar.keywords)
    for name in te.modifiers():
        out |= {kind.keyword for kind in te.modifier(name).action_kinds}
    assert {"bid", "play", "show-pair"} <= set(out)
    reference = (DOCS / "reference.md").read_text(encoding="utf-8")
    for keyword in out:
        assert re.search(rf"^\| `{re.escape(keyword)}\b", reference, re.M), keyword


# ---------------------------------------------------------------- the record schema


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return data


def check_record(record: dict[str, Any], schema: dict[str, Any]) -> None:
    """``record`` is valid by the schema."""
    validate(record, schema)


def _played(rnd: te.Round, seed: int, steps: int | None = None) -> te.Round:
    rng = random.Random(seed)
    while not rnd.is_over and (steps is None or steps > 0):
        rnd.apply(rng.choice(rnd.legal_actions()))
        steps = None if steps is None else steps - 1
    return rnd


def _sample_records() -> list[dict[str, Any]]:
    records = [
        _played(te.new_round("28", seed=1), seed=1).record(),     # a whole round
        te.new_round("28", seed=1).record(),                      # no action yet
        _played(te.new_round("28", seed=2, dealer=3), seed=2, steps=9).record(),
        _played(te.ruleset("28", last_trick_points=1, max_bid=29).new_round(seed=3),
                seed=3).record(),                                 # changed options
        _played(te.new_round("28", dealer=1, deal=[
            ["KD", "QD", "8D", "7D", "JH", "9H", "AH", "10H"],
            ["JC", "8H", "9C", "10C", "7H", "KH", "QH", "JS"],
            ["AC", "7C", "9S", "AS", "10S", "KS", "QS", "8S"],
            ["QC", "KC", "8C", "7S", "JD", "9D", "AD", "10D"],
        ]), seed=4).record(),                                     # an explicit deal
    ]
    match = te.Match("28+pair+double+single-hand", seed=5)
    rnd = _played(match.next_round(), seed=5)
    records.append(rnd.record())                                  # composed, with scores
    match.score(rnd)
    records.append(_played(match.next_round(), seed=6).record())
    for k, preset in enumerate(te.presets()):                     # every installed preset
        records.append(_played(te.new_round(preset, seed=10 + k), seed=k).record())
    return records


def test_the_schema_is_published_and_linked() -> None:
    reference = (DOCS / "reference.md").read_text(encoding="utf-8")
    assert "(schema/round-record.schema.json)" in reference
    data = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert data["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert data["properties"]["format"]["const"] == "twentyeight.round"


def test_real_records_match_the_schema(schema: dict[str, Any]) -> None:
    records = _sample_records()
    assert any("deal" in r for r in records) and any("scores" in r for r in records)
    assert any(r["options"] for r in records)
    for record in records:
        check_record(record, schema)
        check_record(json.loads(json.dumps(record)), schema)
        te.Round.from_record(record)                              # and the library agrees


def test_builtin_actions_match_the_documented_grammar(schema: dict[str, Any]) -> None:
    assert "builtinAction" in schema["$defs"]
    for record in _sample_records():
        plugin = te.ruleset(record["ruleset"]).config
        if not all(type(p).__module__.startswith("twentyeight") for p in (
                plugin.auction, plugin.trump, plugin.scoring, *plugin.plugins)):
            continue                                              # a third party's ruleset
        for action in record["actions"]:
            validate(action, {"$ref": "round-record.schema.json#/$defs/builtinAction"})


@pytest.mark.parametrize("change", [
    "no seed or deal", "both seed and deal", "extra field", "wrong format", "wrong version",
    "negative dealer", "action not text", "bad card",
])
def test_invalid_records_are_refused_by_schema_and_library(change: str,
                                                           schema: dict[str, Any]) -> None:
    record = _played(te.new_round("28", seed=1), seed=1, steps=6).record()
    if change == "no seed or deal":
        del record["seed"]
    elif change == "both seed and deal":
        record["deal"] = [[str(c) for c in hand] for hand in te.new_round("28", seed=1).deal]
    elif change == "extra field":
        record["comment"] = "hello"
    elif change == "wrong format":
        record["format"] = "twentyeight.match"
    elif change == "wrong version":
        record["version"] = 2
    elif change == "negative dealer":
        record["dealer"] = -1
    elif change == "action not text":
        record["actions"][0] = 16
    else:
        del record["seed"]
        record["deal"] = [["ZZ"] * 8] * 4
    with pytest.raises(ValidationError):
        validate(record, schema)
    with pytest.raises(te.RecordError):
        te.Round.from_record(record)


# ---------------------------------------------------------------- public records, matches


def test_public_records_match_their_schema() -> None:
    """``public_record()`` for every audience, at several points of rounds of every
    preset and of a composed ruleset, matches ``public-round-record.schema.json``."""
    schema = published_schema("public-round-record.schema.json")
    assert "(schema/public-round-record.schema.json)" in (DOCS / "reference.md").read_text(
        encoding="utf-8")
    for k, name in enumerate((*te.presets(), "28+pair+double+single-hand")):
        for steps in (0, 7, None):
            rnd = _played(te.new_round(name, seed=20 + k), seed=k, steps=steps)
            for audience in (None, *range(rnd.players)):
                record = rnd.public_record(audience)
                validate(record, schema)
                validate(json.loads(json.dumps(record)), schema)


def test_saved_matches_match_their_schema() -> None:
    """``Match.record()`` matches ``match-record.schema.json`` (each round by the round
    record's schema), before, during and after rounds."""
    schema = published_schema("match-record.schema.json")
    assert "(schema/match-record.schema.json)" in (DOCS / "reference.md").read_text(
        encoding="utf-8")
    match = te.Match("28+double", seed=3)
    validate(match.record(), schema)
    for k in range(3):
        rnd = match.next_round()
        validate(match.record(), schema)
        match.score(_played(rnd, seed=k))
        validate(match.record(), schema)
    assert len(match.record()["rounds"]) == 3


# ------------------------------------------------------- the learning interface's tables


@pytest.mark.parametrize("name", sorted(te.presets()))
def test_action_groups_cover_every_index_once(name: str) -> None:
    rules = te.ruleset(name)
    groups = tables.action_groups(rules)
    covered = [i for _, first, last in groups for i in range(first, last + 1)]
    assert covered == list(range(rules.num_actions))
    for kind, first, last in groups:
        assert {rules.action_of(i).keyword for i in range(first, last + 1)} == {kind}


def test_action_layout_table_has_a_row_per_preset() -> None:
    table = tables.action_layout_table()
    for name in te.presets():
        rules = te.ruleset(name)
        row = next(line for line in table.splitlines() if line.startswith(f"| `{name}` |"))
        assert f"| {rules.num_actions} |" in row and f"| {rules.observation_size} |" in row


def test_observation_spec_table_lists_every_slice() -> None:
    spec = te.ruleset("29").observation_spec
    table = tables.observation_spec_table("29")
    for part in spec.slices:
        assert f"| `{part.name}` | {part.start} | {part.size} |" in table


# ---------------------------------------------------------------- house rules


def _heading_anchors(page: Path) -> set[str]:
    """The anchors MkDocs gives the headings of ``page`` (its default slugs)."""
    anchors = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"#{1,6} +(.*)", line)
        if heading:
            text = re.sub(r"[`*]", "", heading[1]).lower()
            text = re.sub(r"[^\w\s-]", "", text)
            anchors.add(re.sub(r"\s+", "-", text.strip()))
    return anchors


def test_every_house_rule_is_on_its_preset_and_its_page() -> None:
    """Each house rule of the catalogue is a ruleset of its own preset, and its page and
    anchor exist."""
    from twentyeight_variants.house_rules import HOUSE_RULES

    assert HOUSE_RULES
    for rule in HOUSE_RULES:
        rs = te.ruleset(rule.preset, **rule.options)
        assert all(rs.config.options()[k] == v for k, v in rule.options.items()), rule
        page, _, anchor = rule.page.partition("#")
        assert anchor in _heading_anchors(DOCS / "rules" / page), rule.page


def test_house_rules_table_says_which_presets_take_each_rule() -> None:
    """A row per house rule; a cell is ✓ exactly when the preset takes the options, and
    a refusal gives ConfigError's reason."""
    from twentyeight_variants.house_rules import HOUSE_RULES

    [table] = _tables_of(tables.house_rules_table())
    assert len(table[0]) <= 6
    assert len(table) == 1 + len(HOUSE_RULES)
    for rule, row in zip(HOUSE_RULES, table[1:], strict=True):
        takes, refuses = row[3], row[4]
        support = tables.house_rule_support(dict(rule.options))
        for preset, why in support.items():
            assert (f"`{preset}`" in takes.split(", ")) == (why is None), (rule.title, preset)
            assert (f"`{preset}`: " in refuses) == (why is not None), (rule.title, preset)


@pytest.mark.parametrize(("failed_to", "says"), [
    ("bidder", "failed −1 to the bidding team;"),
    ("opponents", "failed +1 to the opponents;"),
    ("both", "failed −1 to the bidding team and +1 to the opponents;"),
])
def test_pips_summary_says_who_a_failed_contract_pays(failed_to: str, says: str) -> None:
    """The generated scoring line follows ``failed_to`` (wrickguha's 29 pays the
    opponents, rosanne transfers), not only the presets' default."""
    facts = tables.facts(te.ruleset("29", failed_to=failed_to))
    assert says in facts["scoring"], facts["scoring"]


def test_scoring_summary_says_a_made_contract_is_a_transfer() -> None:
    """The generated scoring line follows ``made_to`` (josephch/rosanne's EndDeal moves
    a made contract's points from the defenders too), for pips and bands alike."""
    assert "a made contract also −1 to the opponents" in tables.facts(
        te.ruleset("29", made_to="both"))["scoring"]
    bands = tables.facts(te.ruleset("28-bands", made_to="both"))["scoring"]
    assert "25+: +3 and opponents −3 / −4" in bands, bands
    assert "opponents −" not in tables.facts(te.ruleset("28-bands"))["scoring"]


# ---------------------------------------------------------------- pictures, nothing remote


def test_every_preset_page_has_its_deck_and_seating_pictures() -> None:
    for name in te.presets():
        page = DOCS / "rules" / f"{name}.md"
        if page.exists():
            text = page.read_text(encoding="utf-8")
            assert f"<!-- picture: deck {name} -->" in text, page
            assert f"<!-- picture: seating {name} -->" in text, page
    assert "<!-- picture: example-28 -->" in (DOCS / "rules" / "28.md").read_text(
        encoding="utf-8")
    tutorial = (DOCS / "tutorial.md").read_text(encoding="utf-8")
    for step in ("deal", "auction", "trump", "play", "score"):
        assert f"<!-- picture: tutorial {step} -->" in tutorial
    assert "tutorial.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_tutorial_has_code_to_follow_that_plays_its_pictures_round() -> None:
    """The tutorial gives code from its first step on, a command line and Python under
    each step's picture, and the Python, run in order, plays the very round the pictures
    show (the hook's), to the same end."""
    text = (DOCS / "tutorial.md").read_text(encoding="utf-8")
    steps = re.split(r"^## ", text, flags=re.M)[1:]
    first = steps[0]
    assert "```console" in first and "twentyeight demo" in first, "no command to follow"
    numbered = [s for s in steps if re.match(r"\d\. ", s)]
    assert len(numbered) >= 6
    for step in numbered:
        assert "```python" in step, f"step {step.splitlines()[0]!r} has no code"
    code = re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)
    namespace: dict[str, Any] = {"__name__": "__main__"}
    for block in code:
        exec(compile(block, "tutorial.md", "exec"), namespace)
    shown = pictures.tutorial_round()
    played = namespace["rnd"]
    assert played.to_json() == shown["score"].to_json()
    assert played.result == shown["score"].result


def test_picture_markers_expand_to_inline_svg_but_not_in_code() -> None:
    page = "\n".join(["<!-- picture: deck 56 -->", "", "```markdown",
                      "<!-- picture: deck 28 -->", "```", "<!-- picture: seating 28six -->"])
    out = pictures.expand(page)
    assert out.count("<!-- picture: deck 28 -->") == 1
    assert out.count('<figure class="tt-picture"><svg') == 2
    assert 'class="tt-svg tt-seating"' in out and out.count("data-seat=") == 6
    with pytest.raises(ValueError, match="no-such"):
        pictures.expand("<!-- picture: deck no-such -->")


def test_worked_example_pictures_come_from_the_engine() -> None:
    """RULES.md 5: the ♣A played before the call is greyed, the ♣Q after it counts."""
    out = pictures.example_28()
    assert out.count('class="tt-svg tt-trick"') == 5
    last = out.rsplit('class="tt-svg tt-trick"', 1)[1]
    assert last.index('data-card="AC"') < last.index("no trump yet") < last.index(
        'data-card="QC"') < last.index("trump, wins")


_LOADS = re.compile(
    r"""<(?:script|img|iframe|source|audio|video|embed|track|input)\b[^>]*?\s(?:src|srcset)\s*=\s*["']?\s*(?:https?:)?//"""
    r"""|<link\b(?![^>]*\brel\s*=\s*["']?canonical\b)[^>]*?\shref\s*=\s*["']?\s*(?:https?:)?//"""
    r"""|<object\b[^>]*?\sdata\s*=\s*["']?\s*(?:https?:)?//"""
    r"""|url\(\s*["']?\s*(?:https?:)?//|@import\s+["']?(?:https?:)?//""",
    re.I | re.S)
"""A resource a browser would fetch from another site: a script, image, frame or media
source, any ``<link>`` (stylesheets, fonts, preconnects, icons), an object, or a CSS
``url()`` or ``@import``. Links a reader follows (``<a href>``) are not loads, nor is
the page's own published address (``<link rel="canonical">``, from ``site_url``)."""


def test_the_site_loads_nothing_from_the_network(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    """The built site (with the hooks' pictures) fetches nothing from anywhere: no web
    fonts (``theme: font: false``), scripts, stylesheets or images from other sites."""
    assert _LOADS.search('<link rel="preconnect" href="https://fonts.gstatic.com">')
    assert _LOADS.search("@import url(//fonts.googleapis.com/css)")
    assert not _LOADS.search('<a href="https://github.com/x">x</a>')
    assert not _LOADS.search('<link rel="canonical" href="https://example.org/28/">')
    assert _LOADS.search('<link rel="stylesheet" href="https://example.org/a.css">')
    assert _LOADS.search('<link href="https://example.org/a.css" rel="stylesheet">')
    site = built_site(tmp_path_factory)
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    for path in [*pages, *site.rglob("*.css")]:
        found = _LOADS.search(path.read_text(encoding="utf-8", errors="replace"))
        assert found is None, f"{path.relative_to(site)} loads {found[0]!r}"


# ------------------------------------------------------------------- seat names

_SEAT_NAME = re.compile(r"\b(?:You \()?(South|East|North|West)(?: \(|, )seat (\d+)\)")
_OTHER_NAMES = re.compile(r"\bSeat \d|>(?:Left|Right|Partner|You)<")


def test_one_seat_naming_convention(tmp_path: Path,
                                    tmp_path_factory: pytest.TempPathFactory) -> None:
    """The worked example of docs/rules/28.md, played on to the end, as one record read
    four ways: the command line's transcript of it, the picture and the replay (for
    seat 1) that ``twentyeight render`` draws of it, and the example's figures on the
    built site. Each names all four seats, each the same way: the compass point with the
    engine's seat number, counter-clockwise from South (seat 0), and no seat by another
    name."""
    from twentyeight.bots import HeuristicBot
    from twentyeight.cli import main
    from twentyeight.cli.style import _Style
    from twentyeight.cli.transcript import _transcript

    hooks = _load_hook("pictures")
    rnd = hooks.example_round()
    for action, _ in hooks.EXAMPLE_PLAY:
        rnd.apply(action)
    # Played on to the end (the transcript tells a whole round): the same first trick.
    bot = HeuristicBot(seed=1)
    while not rnd.is_over:
        seat = rnd.to_act
        assert seat is not None
        rnd.apply(bot.choose(dict(rnd.view(seat))))
    record = tmp_path / "example.json"
    record.write_text(rnd.to_json(), encoding="utf-8")
    svg, html = tmp_path / "end.svg", tmp_path / "replay.html"
    assert main(["render", str(record), "--svg", str(svg)]) == 0
    assert main(["render", str(record), "--html", str(html), "--seat", "1"]) == 0
    page = (built_site(tmp_path_factory) / "rules" / "28" / "index.html").read_text(
        encoding="utf-8")
    figures = "".join(re.findall(r'<figure class="tt-picture">.*?</figure>', page, re.S))
    sources = {
        "transcript": "\n".join(_transcript(rnd, _Style(io.StringIO()))),
        "picture": svg.read_text(encoding="utf-8"),
        "replay": html.read_text(encoding="utf-8"),
        "worked example": figures,
    }
    convention = {(name, str(seat))
                  for seat, name in enumerate(("South", "East", "North", "West"))}
    for where, text in sources.items():
        assert set(_SEAT_NAME.findall(text)) == convention, where
        assert not _OTHER_NAMES.search(text), (where, _OTHER_NAMES.search(text))
    # The replay is seat 1's: it is "You", under its compass name and number.
    assert "You (East, seat 1)" in sources["replay"]
