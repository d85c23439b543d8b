"""The public API of DESIGN.md, text forms, the registry and bad input."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from twentyeight_variants.classic import CONFIG_28

import twentyeight as te
from twentyeight.actions import CORE_GRAMMAR
from twentyeight.cards import STANDARD_32, DeckSpec
from twentyeight.config import OPTION_NAMES


def test_design_names_exist_and_work() -> None:
    """DESIGN.md public API names."""
    assert "28" in te.rulesets()
    rs = te.ruleset("28")
    rnd = rs.new_round(seed=7)
    assert rnd.phase is te.Phase.AUCTION and rnd.to_act == 1
    assert te.new_round("28", seed=7).to_json() == rnd.to_json()
    action = rnd.parse_action("bid 16")
    assert action == te.Bid(16) and str(action) == "bid 16"
    assert action in rnd.legal_actions()
    rnd.apply(action)
    copy = rnd.clone()
    copy.apply("pass")
    assert rnd.to_act == 2 and copy.to_act == 3
    assert te.Round.from_json(rnd.to_json()).to_json() == rnd.to_json()
    assert rnd.view(0)["seat"] == 0
    assert not rnd.is_over and rnd.result is None
    with pytest.raises(te.IllegalActionError):
        rnd.apply("bid 15")


@pytest.mark.parametrize(
    ("text", "card"),
    [("JS", "JS"), ("10H", "10H"), ("TH", "10H"), ("J♠", "JS"), ("10♥", "10H"),
     ("js", "JS"), (" 9d ", "9D"), ("A♣", "AC"), ("QS#2", "QS#2"), ("Q♡", "QH")],
)
def test_card_text_forms(text: str, card: str) -> None:
    """Cards parse from letters or symbols and print in a stable form."""
    assert str(te.Card.parse(text)) == card


def test_card_pretty_form() -> None:
    assert te.Card.parse("10H").pretty() == "10♥"
    assert te.Card.parse("JS#2").pretty() == "J♠#2"


@pytest.mark.parametrize("text", ["", "J", "ZS", "1", "JX", "JS#0", "JS#x", "♠"])
def test_bad_cards_raise_parse_error(text: str) -> None:
    with pytest.raises(te.ParseError):
        te.Card.parse(text)


@pytest.mark.parametrize(
    "text", ["bid 16", "pass", "trump JS", "call-trump", "play 9H", "redeal"])
def test_action_text_round_trips(text: str) -> None:
    action = te.parse_action(text)
    assert str(action) == text
    assert te.parse_action(str(action).upper()) == action


@pytest.mark.parametrize(
    "text", ["", "bid", "bid x", "bid -3", "pass now", "play", "play JS QS", "dance",
             "trump", "call-trump please", "x" * 500, "bid 99999999"])
def test_garbage_action_text_raises_parse_error(text: str) -> None:
    with pytest.raises(te.ParseError):
        te.parse_action(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_parses_or_raises_parse_error(text: str) -> None:
    rnd = te.new_round("28", seed=1)
    try:
        action = rnd.parse_action(text)
    except te.ParseError:
        return
    with contextlib.suppress(te.IllegalActionError):
        rnd.apply(action)


def test_plugins_can_add_action_kinds() -> None:
    """DESIGN.md: a plug-in adds an action kind without editing the core."""
    from attrs import frozen

    @frozen
    class Shout(te.Action):
        keyword = "shout"
        word: str

        def __str__(self) -> str:
            return f"shout {self.word}"

        @classmethod
        def from_text(cls, rest: str) -> te.Action:
            if not rest:
                raise te.ParseError("'shout' takes a word")
            return cls(rest)

    grammar = CORE_GRAMMAR.with_kinds([Shout])
    assert grammar.parse("shout hello") == Shout("hello")
    assert grammar.parse("play JS") == te.Play(te.Card("J", "S"))
    with pytest.raises(te.ParseError):
        CORE_GRAMMAR.parse("shout hello")          # no process-wide registration

    @frozen
    class FakePlay(te.Action):
        keyword = "play"

    with pytest.raises(te.ConfigError):
        CORE_GRAMMAR.with_kinds([FakePlay])         # a taken keyword
    rnd = te.new_round("28", seed=1)
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply(Shout("x"))
    assert exc.value.rule == "wrong-phase"


def test_registry_lookup_by_alias_any_case() -> None:
    assert te.ruleset("TWENTY-EIGHT").name == "28"
    assert te.ruleset("Classic").name == "28"


def test_unknown_ruleset_lists_known_names() -> None:
    with pytest.raises(te.UnknownRulesetError) as exc:
        te.ruleset("no-such-game")
    assert "28" in str(exc.value) and exc.value.known == te.rulesets()
    with pytest.raises(LookupError):
        te.ruleset("nope")


def test_unknown_ruleset_lists_rulesets_and_modifiers_apart() -> None:
    """Issue 37 item 6: the modifiers are not offered as rulesets; after ``+`` an
    unknown name is an unknown modifier, and the list is of modifiers."""
    with pytest.raises(te.UnknownRulesetError) as exc:
        te.ruleset("no-such-game")
    text = str(exc.value)
    rulesets_part, modifiers_part = text.split("; modifiers")
    assert all(p in rulesets_part for p in te.presets())
    assert not any(f" {m}," in rulesets_part or rulesets_part.endswith(m)
                   for m in te.modifiers())
    assert all(m in modifiers_part for m in te.modifiers())
    with pytest.raises(te.UnknownRulesetError) as exc:
        te.ruleset("28+nonsense")
    assert str(exc.value).startswith("unknown modifier 'nonsense'; known modifiers: ")
    assert "304" not in str(exc.value) and exc.value.known == te.rulesets()
    with pytest.raises(te.UnknownRulesetError) as exc:
        te.ruleset("x" * 5000)
    assert "(5000 characters)" in str(exc.value) and len(str(exc.value)) < 400


def test_an_unknown_action_suggests_only_the_rulesets_own_actions() -> None:
    """Issue 37 item 6: classic 28 has no ``seventh-card``, so its parse error does not
    suggest it (it still reads it, to refuse it by rule); Thunee's does, and every
    suggested keyword is one of the ruleset's actions."""
    for name in te.presets():
        rs = te.ruleset(name)
        with pytest.raises(te.ParseError) as exc:
            rs.new_round(seed=1).apply("frobnicate")
        listed = str(exc.value).split("expected one of: ")[1].split(", ")
        assert set(listed) == {a.keyword for a in rs.actions}, name
    rnd = te.new_round("28", seed=1)
    with pytest.raises(te.ParseError) as exc:
        rnd.apply("frobnicate")
    assert "seventh-card" not in str(exc.value) and "redeal" in str(exc.value)
    with pytest.raises(te.IllegalActionError):
        rnd.apply("seventh-card")


def test_unknown_modifier_is_refused_with_a_reason() -> None:
    with pytest.raises(te.UnknownRulesetError, match="nonsense"):
        te.ruleset("28+nonsense")
    with pytest.raises(te.ConfigError, match="only modifiers"):
        te.ruleset("28+29")
    with pytest.raises(te.ConfigError, match="is a modifier, not a ruleset"):
        te.ruleset("pair")
    with pytest.raises(te.ConfigError, match="named twice"):
        te.ruleset("28+pair+royals")
    with pytest.raises(te.ConfigError, match="already part of '29'"):
        te.ruleset("29+pair")


def test_options_are_validated() -> None:
    options = te.ruleset("28").options()
    assert set(OPTION_NAMES) <= set(options)
    assert {"match_target", "redeal_four_jacks"} <= set(options)  # plug-in parts' options
    with pytest.raises(te.ConfigError, match="unknown option"):
        te.ruleset("28", over_trumps=True)
    with pytest.raises(te.ConfigError, match="min_bid"):
        te.ruleset("28", min_bid=20, max_bid=18)
    with pytest.raises(te.ConfigError, match="bidder_trump_lead"):
        te.ruleset("28", bidder_trump_lead="sometimes")
    with pytest.raises(te.ConfigError):
        te.ruleset("28", caller_must_trump="yes")
    with pytest.raises(te.ConfigError, match="points in play"):
        te.ruleset("28", max_bid=40)


def test_configs_that_cannot_be_dealt_are_refused() -> None:
    import attrs

    with pytest.raises(te.ConfigError, match="does not divide"):
        attrs.evolve(CONFIG_28, players=6)
    with pytest.raises(te.ConfigError, match="even"):
        attrs.evolve(CONFIG_28, players=3, deal_packets=(4, 4))
    with pytest.raises(te.ConfigError):
        DeckSpec(ranks=("J", "J"), points={"J": 3})
    with pytest.raises(te.ConfigError):
        DeckSpec(ranks=("J",), points={"X": 3})
    assert STANDARD_32.size == 32


@pytest.mark.parametrize(
    "deal",
    [
        [],
        "JS",
        [["JS"] * 8] * 4,
        [["JS", "9S"]] * 4,
        [["ZZ"] * 8] * 4,
        [[1, 2, 3, 4, 5, 6, 7, 8]] * 4,
        [["2S", "9S", "AS", "10S", "KS", "QS", "8S", "7S"]] * 4,
    ],
)
def test_bad_deals_raise_deal_error(deal: object) -> None:
    with pytest.raises(te.DealError):
        te.ruleset("28").new_round(deal=deal)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, 2**64, "7", 1.5, True])
def test_bad_seeds_raise_deal_error(seed: object) -> None:
    with pytest.raises(te.DealError):
        te.ruleset("28").new_round(seed=seed)  # type: ignore[arg-type]


def _record() -> dict[str, object]:
    rnd = te.new_round("28", seed=3)
    for _ in range(10):
        rnd.apply(rnd.legal_actions()[-1])
    data: dict[str, object] = json.loads(rnd.to_json())
    return data


@pytest.mark.parametrize(
    "change",
    [
        {"format": "chess"},
        {"version": 99},
        {"ruleset": "304"},
        {"ruleset": 28},
        {"options": {"min_bid": 99}},
        {"options": {"nonsense": 1}},
        {"options": []},
        {"actions": "bid 16"},
        {"actions": [1, 2]},
        {"actions": ["bid 14", "bid 14"]},
        {"actions": ["pass", "bid 14"]},
        {"actions": ["play JS"]},
        {"actions": ["garbage"]},
        {"actions": ["pass"] * 1000},
        {"dealer": 9},
        {"dealer": "0"},
        {"seed": "x"},
        {"seed": -5},
        {"extra": 1},
        {"deal": [["JS"]]},
    ],
)
def test_bad_records_raise_record_error(change: dict[str, object]) -> None:
    data = _record()
    data.update(change)
    with pytest.raises(te.RecordError):
        te.Round.from_json(json.dumps(data))


@pytest.mark.parametrize(
    "text", ["", "{", "[]", "null", "42", '{"format": "twentyeight.round"}', "x" * 2_000_001,
             "[" * 100_000])
def test_malformed_json_raises_record_error(text: str) -> None:
    with pytest.raises(te.RecordError):
        te.Round.from_json(text)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20))
def test_fuzzed_records_raise_only_record_error(value: object) -> None:
    with contextlib.suppress(te.RecordError):
        te.Round.from_json(json.dumps(value))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_fuzzed_record_fields_raise_only_record_error(data: st.DataObject) -> None:
    record = _record()
    key = data.draw(st.sampled_from(sorted(record)))
    record[key] = data.draw(st.none() | st.integers() | st.text(max_size=12)
                            | st.lists(st.text(max_size=6), max_size=5))
    with contextlib.suppress(te.RecordError):
        te.Round.from_json(json.dumps(record))


def test_explicit_deal_record_replays() -> None:
    deal = te.new_round("28", seed=5).deal
    rnd = te.ruleset("28").new_round(deal=deal, dealer=2)
    rnd.apply(rnd.legal_actions()[0])
    record = rnd.record()
    assert "deal" in record and "seed" not in record
    assert te.Round.from_record(record).to_json() == rnd.to_json()


def test_changed_options_are_recorded() -> None:
    rnd = te.ruleset("28", early_trumps_count=True).new_round(seed=1)
    assert rnd.record()["options"] == {"early_trumps_count": True}
    again = te.Round.from_json(rnd.to_json())
    assert again.config.early_trumps_count is True


def test_view_rejects_bad_seats() -> None:
    rnd = te.new_round("28", seed=1)
    for seat in (-1, 4, "0", None):
        with pytest.raises(ValueError):
            rnd.view(seat)  # type: ignore[arg-type]


def test_apply_rejects_non_actions() -> None:
    rnd = te.new_round("28", seed=1)
    before = rnd.to_json()
    with pytest.raises(te.ParseError):
        rnd.apply(42)  # type: ignore[arg-type]
    assert rnd.to_json() == before


def test_illegal_action_after_the_round_is_over() -> None:
    rnd = te.new_round("28", seed=2)
    while not rnd.is_over:
        rnd.apply(rnd.legal_actions()[0])
    with pytest.raises(te.IllegalActionError) as exc:
        rnd.apply("pass")
    assert exc.value.rule == "round-over"


def test_third_party_plugin_is_discovered_by_name() -> None:
    """tests/plugins/twenty_twenty is its own package with its own entry point, made
    importable by the test setup (conftest.py): the registry finds it like a built-in."""
    assert "twenty-twenty" in te.rulesets()
    rs = te.ruleset("20-20")
    assert rs.name == "twenty-twenty" and rs.deck.total_points == 20
    assert type(rs.config.scoring).__module__ == "twenty_twenty"


def test_example_plugin_metadata_matches_its_pyproject() -> None:
    """The ``.dist-info`` the test setup relies on says what installing the example
    plug-in from its ``pyproject.toml`` would: name, version and entry points."""
    from importlib import metadata

    from .conftest import PLUGIN

    tomllib = pytest.importorskip("tomllib")  # the standard library's from Python 3.11

    project = tomllib.loads((PLUGIN / "pyproject.toml").read_text())["project"]
    dist = metadata.distribution(project["name"])
    assert dist.version == project["version"]
    declared = project["entry-points"]["twentyeight.rulesets"]
    found = {ep.name: ep.value for ep in dist.entry_points
             if ep.group == "twentyeight.rulesets"}
    assert found == declared


def test_auction_mask_is_the_cards_held_at_the_auction() -> None:
    """Four cards in 28's first-round auction, the whole hand where everything is dealt
    first (56); the opener-pointless redeal reads these cards."""
    r28 = te.new_round("28", seed=4)
    assert all(r28.auction_mask(s).bit_count() == 4 for s in range(4))
    r56 = te.new_round("56", seed=4)
    assert all(r56.auction_mask(s) == r56.dealt_mask(s) for s in range(4))


def test_calls_in_views_name_their_window() -> None:
    """Each call after the auction is listed with the plug-in window it was made in."""
    rnd = te.new_round("28+double+single-hand", seed=3)
    while rnd.phase is te.Phase.AUCTION:
        rnd.apply(rnd.legal_actions()[-1] if rnd.bidder is None else "pass")
    rnd.apply(rnd.legal_actions()[0])  # the trump card
    while rnd.phase is te.Phase.CALLS:
        rnd.apply("pass")
    windows = [c["window"] for c in rnd.view(0)["calls"]]
    assert windows[:2] == ["double", "double"] and windows[-4:] == ["single-hand"] * 4


_NAME_PARTS = st.sampled_from([*te.rulesets(), "royals", "thani", "29", "whist", "", " ",
                               "PAIR", "double ", "+", "56-eight", "28six"])


@settings(max_examples=200, deadline=None)
@given(parts=st.lists(_NAME_PARTS, min_size=1, max_size=5),
       junk=st.text(max_size=12))
def test_fuzzed_ruleset_names_raise_only_library_errors(parts: list[str], junk: str) -> None:
    """Any name, composed or not, gives a ruleset or an UnknownRulesetError /
    ConfigError that says why; never another exception."""
    for name in ("+".join(parts), "+".join(parts) + junk, junk):
        try:
            rs = te.ruleset(name)
        except (te.UnknownRulesetError, te.ConfigError) as exc:
            assert str(exc)
        else:
            assert rs.new_round(seed=1).legal_actions()
