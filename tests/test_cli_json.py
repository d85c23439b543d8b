"""``--json`` on the commands a script reads (``rulesets``, ``demo``, ``simulate``,
``arena``): one document on standard output and nothing else, valid by its published
schema (``docs/schema/<command>.v1.schema.json``) and holding what the library computes;
a failure as one JSON object on standard error (``error.v1.schema.json``) with the exit
status the command has without ``--json``."""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import twentyeight as te
from twentyeight.bots import simulate
from twentyeight.bots.arena import arena
from twentyeight.bots.simulation import SimulationInterrupted
from twentyeight.cli import commands as cli_commands
from twentyeight.cli import main
from twentyeight.cli.interrupts import MESSAGE

from .helpers import ROOT, SCHEMAS, published_schema, validate

COMMANDS = ("rulesets", "demo", "simulate", "arena", "analyse")
"""The commands that take ``--json``."""


def _document(capsys: pytest.CaptureFixture[str], command: str, *argv: str,
              err: str = "") -> dict[str, Any]:
    """Run ``command --json ARGV``: it exits 0, its standard output is one JSON document
    valid by the command's schema and nothing else, and its standard error is ``err``.
    The document."""
    assert main([command, *argv, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == err
    # The whole of standard output is the one document (json.loads refuses anything
    # before or after it), ended by one newline.
    assert captured.out.endswith("}\n") and not captured.out.startswith(" ")
    document: dict[str, Any] = json.loads(captured.out)
    assert list(document)[:2] == ["format", "version"]
    assert document["format"] == f"twentyeight.{command}" and document["version"] == 1
    validate(document, published_schema(f"{command}.v1.schema.json"))
    return document


def _error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    """Run ``argv`` (with ``--json``): it fails with nothing on standard output and one
    JSON object on one line of standard error, valid by the error schema, whose
    ``exit`` is the exit status. The object."""
    code = main(argv)
    captured = capsys.readouterr()
    assert code != 0 and captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.endswith("\n"), captured.err
    error: dict[str, Any] = json.loads(captured.err)
    validate(error, published_schema("error.v1.schema.json"))
    assert error["exit"] == code
    return error


# ---------------------------------------------------------------- the documents


def test_rulesets_json_lists_every_ruleset_and_modifier(
        capsys: pytest.CaptureFixture[str]) -> None:
    document = _document(capsys, "rulesets")
    assert [r["name"] for r in document["rulesets"]] == list(te.presets())
    assert [m["name"] for m in document["modifiers"]] == list(te.modifiers())
    for entry in document["rulesets"]:
        rs = te.ruleset(entry["name"])
        assert entry["aliases"] == list(rs.aliases)
        assert entry["description"] == rs.description
        assert entry["players"] == rs.config.players
        assert entry["cards"] == len(rs.deck.cards)


def test_demo_json_is_the_round_demo_records(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The document's record is the round ``demo --record`` saves for the same options,
    and its result is what replaying that record gives."""
    saved = tmp_path / "r.json"
    assert main(["demo", "--ruleset", "29", "--seed", "5", "--record", str(saved)]) == 0
    capsys.readouterr()
    document = _document(capsys, "demo", "--ruleset", "29", "--seed", "5")
    assert (document["ruleset"], document["bots"], document["seed"]) == ("29", "heuristic", 5)
    played = document["round"]
    rnd = te.Round.from_record(played["record"])
    assert rnd.to_json() + "\n" == saved.read_text(encoding="utf-8")
    assert rnd.result is not None and played["result"] == rnd.result.to_json()
    assert (played["seed"], played["dealer"]) == (rnd.seed, rnd.dealer)
    assert document["annulled"] == []


def _first_deal_annulled(ruleset: str) -> int:
    """A seed whose first deal ``demo`` annuls."""
    rs = te.ruleset(ruleset)
    for seed in range(200):
        _, rnd = next(cli_commands._bot_deals(rs, seed, "heuristic"))
        assert rnd.result is not None
        if rnd.result.annulled is not None:
            return seed
    raise AssertionError("no annulled first deal in 200 seeds")


def test_demo_json_lists_the_annulled_deals_before_the_round(
        capsys: pytest.CaptureFixture[str]) -> None:
    seed = _first_deal_annulled("28")
    document = _document(capsys, "demo", "--seed", str(seed))
    deals = [*document["annulled"], document["round"]]
    assert len(deals) >= 2 and deals[0]["seed"] == seed
    for before, after in itertools.pairwise(deals):
        assert after["seed"] == (before["seed"] + 1) % te.round.MAX_SEED
    for deal in document["annulled"]:
        rnd = te.Round.from_record(deal["record"])
        assert rnd.result is not None and rnd.result.annulled == deal["result"]["annulled"]
        assert deal["result"]["annulled"] is not None
    assert document["round"]["result"]["annulled"] is None


def test_simulate_json_holds_the_statistics_the_library_computes(
        capsys: pytest.CaptureFixture[str]) -> None:
    document = _document(capsys, "simulate", "--rounds", "20", "--seed", "3",
                         "--ruleset", "28+double")
    stats = simulate("28+double", 20, "heuristic", 3)
    assert (document["ruleset"], document["bots"], document["seed"]) == ("28+double",
                                                                        "heuristic", 3)
    assert document["requested"] == document["rounds"] == stats.rounds == 20
    assert document["interrupted"] is False
    assert document["annulled"] == {
        "total": stats.annulled_total,
        "by_rule": [{"rule": r, "count": c} for r, c in stats.annulled]}
    assert (document["scored"], document["made"]) == (stats.scored, stats.made)
    assert document["contracts"] == [
        {"contract": c, "multiplier": m, "count": n, "made": k}
        for c, m, n, k in stats.contracts]
    assert document["bidder_card_points"] == {
        "total": stats.bidder_card_points,
        "mean": stats.bidder_card_points / stats.scored}
    assert document["winning_bid"] == {"total": stats.bid_total,
                                       "mean": stats.bid_total / stats.scored}
    assert document["game_points"] == list(stats.game_points)
    assert document["jobs"] == 1 and document["seconds"] >= 0


def test_arena_json_is_the_report_with_its_format(
        capsys: pytest.CaptureFixture[str]) -> None:
    document = _document(capsys, "arena", "--bots", "random", "heuristic", "--deals", "4",
                         "--seed", "2")
    report = arena("28", ["random", "heuristic"], 4, seed=2)
    assert document == {"format": "twentyeight.arena", "version": 1, **report.to_dict()}


@pytest.mark.parametrize(("argv", "saved"), [
    (["demo", "--seed", "5"], "Saved the round's record to "),
    (["simulate", "--rounds", "3", "--seed", "5", "--round", "2"],
     "Saved the record of round 2 to "),
])
def test_json_with_a_record_file_keeps_stdout_for_the_document(
        argv: list[str], saved: str, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    assert main([*argv, "--json", "--record", str(out)]) == 0
    captured = capsys.readouterr()
    json.loads(captured.out)
    assert captured.err.startswith(saved) and captured.err.count("\n") == 1
    te.Round.from_json(out.read_text(encoding="utf-8"))


def test_json_goes_through_the_installed_command(tmp_path: Path) -> None:
    """As a script runs it: a process, its standard output parsed whole."""
    done = subprocess.run([sys.executable, "-m", "twentyeight", "rulesets", "--json"],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          check=False)
    assert done.returncode == 0 and done.stderr == ""
    validate(json.loads(done.stdout), published_schema("rulesets.v1.schema.json"))
    failed = subprocess.run([sys.executable, "-m", "twentyeight", "demo", "--json",
                             "--ruleset", "no-such"],
                            capture_output=True, text=True, timeout=120, cwd=tmp_path,
                            check=False)
    assert failed.returncode == 2 and failed.stdout == ""
    assert json.loads(failed.stderr)["error"] == "unknown-ruleset"


# ---------------------------------------------------------------- the errors


@pytest.mark.parametrize(("argv", "kind"), [
    (["demo", "--ruleset", "no-such"], "unknown-ruleset"),
    (["simulate", "--rounds", "0"], "usage"),
    (["simulate", "--rounds", "2", "--round", "1"], "usage"),
    (["rulesets", "--no-such-option"], "usage"),
    (["arena", "--bots", "random"], "config"),
    (["demo", "--seed", "1", "--record", "."], "output"),
    # The document comes after the record is saved: a failed save leaves stdout empty.
    (["simulate", "--rounds", "2", "--record", "."], "output"),
    (["arena", "--bots", "random", "heuristic", "--deals", "1", "--record", "."], "output"),
])
def test_json_failures_are_one_object_with_the_plain_exit_status(
        argv: list[str], kind: str, capsys: pytest.CaptureFixture[str],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    error = _error(capsys, [*argv, "--json"])
    assert error["format"] == "twentyeight.error" and error["version"] == 1
    assert error["error"] == kind
    # Without --json: the same status, and the same message in a line of text.
    assert main(argv) == error["exit"]
    err = capsys.readouterr().err
    assert error["message"] in err and '"format"' not in err
    assert list(tmp_path.iterdir()) == []


def test_a_command_without_json_refuses_it_in_json(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``play --json``: the one who asked for JSON reads the refusal as JSON."""
    error = _error(capsys, ["play", "--json"])
    assert (error["error"], error["exit"]) == ("usage", 2)
    assert "--json" in error["message"]


@pytest.mark.parametrize("argv", [
    ["demo"], ["simulate", "--rounds", "2"],
    ["arena", "--bots", "random", "heuristic", "--deals", "1"]])
def test_json_and_a_record_on_stdout_are_refused(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    error = _error(capsys, [*argv, "--json", "--record", "-"])
    assert (error["error"], error["exit"]) == ("usage", 2)
    assert "--json and --record - both write standard output" in error["message"]


def test_demo_json_fails_when_every_deal_is_annulled(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    seed = _first_deal_annulled("28")
    monkeypatch.setattr(cli_commands, "_MAX_REDEALS", 1)
    error = _error(capsys, ["demo", "--seed", str(seed), "--json"])
    assert (error["error"], error["exit"]) == ("annulled", 1)
    assert main(["demo", "--seed", str(seed)]) == 1
    assert "Every deal was annulled" in capsys.readouterr().out


def test_interrupted_simulate_json_gives_the_rounds_so_far_and_an_error(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C: the statistics of the rounds finished on standard output, still valid,
    and the interruption as a JSON error; the next command without --json says it in
    text again."""
    so_far = simulate("28", 7, "random", 9)

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise SimulationInterrupted(so_far)

    monkeypatch.setattr(cli_commands, "simulate", interrupted)
    assert main(["simulate", "--rounds", "50", "--seed", "9", "--bots", "random",
                 "--json"]) == 130
    captured = capsys.readouterr()
    document = json.loads(captured.out)
    validate(document, published_schema("simulate.v1.schema.json"))
    assert (document["rounds"], document["requested"], document["interrupted"]) == (7, 50,
                                                                                    True)
    error = json.loads(captured.err)
    validate(error, published_schema("error.v1.schema.json"))
    assert (error["error"], error["exit"]) == ("interrupted", 130)
    assert main(["simulate", "--rounds", "50", "--seed", "9", "--bots", "random"]) == 130
    assert capsys.readouterr().err == MESSAGE + "\n"


# ---------------------------------------------------------------- schemas and docs


def test_each_json_command_offers_the_option_and_has_a_schema() -> None:
    for command in COMMANDS:
        helped = _help(command)
        assert "--json" in helped and "docs/schema/" in helped
        schema = published_schema(f"{command}.v1.schema.json")
        assert schema["$id"] == f"{command}.v1.schema.json"
        assert schema["properties"]["format"]["const"] == f"twentyeight.{command}"
    assert published_schema("error.v1.schema.json")["properties"]["format"]["const"] == \
        "twentyeight.error"


def _help(command: str) -> str:
    """``twentyeight COMMAND --help`` as the parser formats it."""
    from twentyeight.cli.app import _parser

    parser = _parser()
    subs = next(a for a in parser._actions if a.dest == "command")
    assert subs.choices is not None
    help_text: str = subs.choices[command].format_help()
    return help_text


def test_the_cli_docs_link_every_json_schema() -> None:
    page = (ROOT / "docs" / "getting-started.md").read_text(encoding="utf-8")
    versioned = sorted(p.name for p in SCHEMAS.glob("*.v*.schema.json"))
    assert versioned == sorted([*(f"{c}.v1.schema.json" for c in COMMANDS),
                                "error.v1.schema.json"])
    for name in versioned:
        assert re.search(rf"\]\(schema/{re.escape(name)}\)", page), name
