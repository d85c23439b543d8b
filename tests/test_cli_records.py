"""Round records on the command line (issue 37): ``--record`` on ``demo``, ``play``,
``simulate`` and ``arena``; ``play --seat/--bots/--resume``; ``render`` reading a file,
standard input or a round it has bots play, and writing ``--html``, ``--svg``,
``--svg-steps`` or standard output."""

from __future__ import annotations

import io
import json
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import twentyeight as te
from twentyeight import render
from twentyeight.bots import simulate, simulated_round
from twentyeight.bots.arena import arena, arena_round
from twentyeight.cli import main

from .browser import chromium, remote, watch_requests

COMMAND = [sys.executable, "-m", "twentyeight"]


def _run(*args: str, cwd: Path, stdin: str | None = None,
         stdin_file: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``twentyeight ARGS`` as a user types it, in ``cwd``."""
    if stdin_file is not None:
        with stdin_file.open("rb") as f:
            return subprocess.run([*COMMAND, *args], cwd=cwd, stdin=f, capture_output=True,
                                  text=True, timeout=120)
    return subprocess.run([*COMMAND, *args], cwd=cwd, input=stdin, capture_output=True,
                          text=True, timeout=120)


def _feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def _one_error_line(err: str) -> None:
    assert err.startswith("twentyeight: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err


# ------------------------------------------------------------ the path a user takes


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def test_from_demo_to_a_replay_in_the_browser_with_the_command_alone(
        browser: Any, tmp_path: Path) -> None:
    """Issue 37's path, by the command only: demo saves a record, render draws it as a
    page, a picture and a page on standard output, and the page steps in Chromium."""
    demo = _run("demo", "--ruleset", "29", "--seed", "5", "--record", "r.json", cwd=tmp_path)
    assert demo.returncode == 0, demo.stderr
    assert "Saved the round's record to r.json." in demo.stdout
    record = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert record["format"] == "twentyeight.round" and record["ruleset"] == "29"
    assert record["seed"] == 5 or "annulled" in demo.stdout  # a redeal moves the seed on

    page = _run("render", "r.json", "--html", "r.html", cwd=tmp_path)
    assert page.returncode == 0, page.stderr
    assert page.stdout.startswith("wrote r.html: a replay of a round of 29")
    picture = _run("render", "r.json", "--svg", "r.svg", cwd=tmp_path)
    assert picture.returncode == 0, picture.stderr
    svg = (tmp_path / "r.svg").read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "<title>" in svg

    piped = _run("render", "-", "--html", "-", cwd=tmp_path, stdin_file=tmp_path / "r.json")
    assert piped.returncode == 0, piped.stderr
    assert not (tmp_path / "-").exists()
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert piped.stdout == html  # the page, and nothing else, on standard output

    tab = browser.new_page()
    requests = watch_requests(tab)
    tab.goto((tmp_path / "r.html").as_uri())
    steps = tab.locator("section.frame").count()
    tricks = len(te.Round.from_json((tmp_path / "r.json").read_text(encoding="utf-8")).tricks)
    assert steps == 2 + tricks + 1
    assert tab.locator("#where").inner_text() == f"Step 1 of {steps}"
    while not tab.locator("#next").is_disabled():
        tab.click("#next")
    shown = tab.locator("section.frame:not([hidden])")
    assert shown.locator("h2").inner_text() == "The score"
    assert shown.locator("svg.tt-score").is_visible()
    assert remote(requests) == []


# ------------------------------------------------------------------------- demo


def test_demo_record_is_the_round_it_showed(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "d.json"
    assert main(["demo", "--seed", "7", "--record", str(out)]) == 0
    said = capsys.readouterr().out
    rnd = te.Round.from_json(out.read_text(encoding="utf-8"))
    assert rnd.is_over and rnd.seed is not None
    assert f"Deal with seed {rnd.seed}" in said
    assert out.read_text(encoding="utf-8") == rnd.to_json() + "\n"


def test_demo_record_to_stdout_is_all_that_goes_there(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "7", "--record", "-"]) == 0
    captured = capsys.readouterr()
    rnd = te.Round.from_json(captured.out.strip())
    assert captured.out == rnd.to_json() + "\n"
    # The transcript went to standard error instead.
    assert f"Deal with seed {rnd.seed}" in captured.err
    assert "Saved the round's record to standard output." in captured.err


# --------------------------------------------------------------------- simulate


def test_simulate_records_the_chosen_round_of_the_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s.json"
    assert main(["simulate", "--rounds", "4", "--seed", "9", "--bots", "random",
                 "--record", str(out), "--round", "3"]) == 0
    assert "Saved the record of round 3" in capsys.readouterr().out
    rnd = te.Round.from_json(out.read_text(encoding="utf-8"))
    assert rnd.to_json() == simulated_round("28", 2, "random", 9).to_json()


def test_simulated_round_is_the_round_the_run_played() -> None:
    """Round k's game points are what the run's totals gain from k rounds to k + 1."""
    for k in range(4):
        rnd = simulated_round("28", k, "random", 11)
        assert rnd.result is not None
        before = simulate("28", k, "random", 11).game_points if k else (0, 0)
        after = simulate("28", k + 1, "random", 11).game_points
        gained = tuple(a - b for a, b in zip(after, before, strict=True))
        assert gained == (tuple(rnd.result.game_points) if rnd.result.annulled is None
                          else (0, 0))


@pytest.mark.parametrize(("argv", "says"), [
    (["simulate", "--rounds", "2", "--round", "1"], "--round chooses the round"),
    (["simulate", "--rounds", "2", "--round", "3", "--record", "x.json"],
     "--round 3 is beyond the 2 rounds"),
    (["arena", "--bots", "random", "heuristic", "--deals", "1", "--deal", "1"],
     "--deal chooses the round"),
    (["arena", "--bots", "random", "heuristic", "--deals", "1", "--swapped"],
     "--swapped chooses the play"),
])
def test_record_options_that_do_not_fit_exit_2(
        argv: list[str], says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    captured = capsys.readouterr()
    _one_error_line(captured.err)
    assert says in captured.err and captured.out == ""
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------------ arena


@pytest.mark.parametrize("swapped", [False, True])
def test_arena_records_the_chosen_deal_as_the_pair_played_it(
        swapped: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "a.json"
    argv = ["arena", "--bots", "random", "heuristic", "--deals", "3", "--seed", "4",
            "--record", str(out), "--deal", "2"]
    assert main(argv + (["--swapped"] if swapped else [])) == 0
    said = capsys.readouterr().out
    even = "heuristic" if swapped else "random"
    assert f"Saved the record of deal 2 ({even} in the even seats" in said
    rnd = te.Round.from_json(out.read_text(encoding="utf-8"))
    assert rnd.to_json() == arena_round("28", "random", "heuristic", 4, 1,
                                        int(swapped)).to_json()


def test_arena_round_is_the_deal_the_arena_played() -> None:
    """The report's game-point difference of a one-deal arena is the two plays'."""
    report = arena("28", ["random", "heuristic"], 1, seed=6)
    plays = [arena_round("28", "random", "heuristic", 6, 0, play) for play in (0, 1)]
    first = 0
    second = 0
    for play, rnd in enumerate(plays):
        assert rnd.result is not None
        if rnd.result.annulled is None:
            points = rnd.result.game_points
            first += points[play]
            second += points[1 - play]
    assert report.pairings[0].mean == first - second


def test_arena_json_stays_alone_on_stdout_with_a_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "a.json"
    assert main(["arena", "--bots", "random", "heuristic", "--deals", "1", "--seed", "4",
                 "--json", "--record", str(out)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["deals"] == 1
    assert "Saved the record of deal 1" in captured.err
    te.Round.from_json(out.read_text(encoding="utf-8"))


# ------------------------------------------------------------------------- play


def test_play_takes_a_seat_and_the_bots(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    _feed(monkeypatch, "1\n" * 80)
    assert main(["play", "--seed", "3", "--seat", "2", "--bots", "random",
                 "--record", str(out)]) == 0
    said = capsys.readouterr().out
    assert "You are North (seat 2), partner: South, against random bots." in said
    assert said.count("Your hand:") == said.count("--- Your turn")
    rnd = te.Round.from_json(out.read_text(encoding="utf-8"))
    assert rnd.is_over
    assert "Saved the round's record to" in said
    assert any(seat == 2 for seat, _ in rnd.history)
    # Seat 2, North, is "You" here: named once, then "You".
    assert said.count("North") == 1


def test_play_saves_on_quit_and_resumes_where_it_was(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    _feed(monkeypatch, "1\n1\nquit\n")
    assert main(["play", "--seed", "3", "--record", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"Saved the round to {out}; go on with: twentyeight play --resume {out}" in said
    assert said.rstrip().endswith("Bye.")
    saved = te.Round.from_json(out.read_text(encoding="utf-8"))
    assert not saved.is_over and saved.history
    done = tmp_path / "done.json"
    _feed(monkeypatch, "1\n" * 80)
    assert main(["play", "--resume", str(out), "--record", str(done)]) == 0
    said = capsys.readouterr().out
    assert f"Resumed deal (seed 3) after {len(saved.history)} moves" in said
    finished = te.Round.from_json(done.read_text(encoding="utf-8"))
    assert finished.is_over
    # The same round, gone on with: what was saved is where it started.
    assert finished.history[:len(saved.history)] == saved.history
    assert finished.seed == saved.seed and finished.dealer == saved.dealer


def test_play_saves_when_the_input_ends(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    _feed(monkeypatch, "1\n")
    assert main(["play", "--seed", "2", "--record", str(out)]) == 1
    captured = capsys.readouterr()
    assert captured.err == "twentyeight: error: the input ended before the game did\n"
    assert "Saved the round to" in captured.out
    assert len(te.Round.from_json(out.read_text(encoding="utf-8")).history) >= 1


def test_play_record_to_stdout_is_all_that_goes_there(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _feed(monkeypatch, "1\nquit\n")
    assert main(["play", "--seed", "2", "--record", "-"]) == 0
    captured = capsys.readouterr()
    rnd = te.Round.from_json(captured.out.strip())
    assert captured.out == rnd.to_json() + "\n"
    assert "Your move:" in captured.err and "Bye." in captured.err


def _read_until(stream: Any, text: str, count: int, timeout: float = 60) -> str:
    seen = ""
    end = time.monotonic() + timeout
    while seen.count(text) < count and time.monotonic() < end:
        ready, _, _ = select.select([stream], [], [], 1)
        if ready:
            chunk = os.read(stream.fileno(), 4096).decode()
            if not chunk:
                break
            seen += chunk
    return seen


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child: POSIX only")
def test_play_ctrl_c_saves_the_round_and_exits_130(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [*COMMAND, "play", "--seed", "3", "--record", "c.json"], cwd=tmp_path,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(b"1\n")
    process.stdin.flush()
    seen = _read_until(process.stdout, "Your move:", 2)
    assert seen.count("Your move:") == 2
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert err.decode() == "twentyeight: interrupted\n"
    assert "Saved the round to c.json; go on with" in (seen + out.decode())
    saved = te.Round.from_json((tmp_path / "c.json").read_text(encoding="utf-8"))
    assert not saved.is_over and any(seat == 0 for seat, _ in saved.history)


@pytest.mark.parametrize(("argv", "code", "says"), [
    (["play", "--seat", "4"], 2, "--seat 4: a table of 4 has seats 0 to 3"),
    (["play", "--ruleset", "28six", "--seat", "6"], 2, "a table of 6 has seats 0 to 5"),
    (["play", "--resume", "-"], 2, "--resume reads a file"),
    (["play", "--resume", "{saved}", "--seed", "1"], 2, "leave out --ruleset and --seed"),
    (["play", "--resume", "{saved}", "--ruleset", "29"], 2, "leave out --ruleset"),
    (["play", "--resume", "{over}"], 1, "the round is over"),
    (["play", "--resume", "{missing}"], 1, "cannot read"),
    (["play", "--resume", "{garbage}"], 1, "not valid JSON"),
    (["play", "--resume", "{unknown}"], 1, "unknown ruleset 'no-such-game'"),
])
def test_play_refuses_what_it_cannot_resume_in_one_line(
        argv: list[str], code: int, says: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = te.new_round("28", seed=1)
    rnd.apply(rnd.legal_actions()[0])
    files = {"saved": rnd.to_json(), "over": _over().to_json(), "garbage": "{not json",
             "unknown": rnd.to_json().replace('"28"', '"no-such-game"')}
    for name, text in files.items():
        (tmp_path / f"{name}.json").write_text(text, encoding="utf-8")
    paths = {name: str(tmp_path / f"{name}.json") for name in [*files, "missing"]}
    _feed(monkeypatch, "1\n" * 80)
    assert main([a.format(**paths) for a in argv]) == code
    captured = capsys.readouterr()
    _one_error_line(captured.err)
    assert says in captured.err


def _over() -> te.Round:
    rnd = te.new_round("28", seed=4)
    while not rnd.is_over:
        rnd.apply(rnd.legal_actions()[0])
    return rnd


# ----------------------------------------------------------------------- render


def _record_file(tmp_path: Path, seed: int = 8) -> tuple[Path, te.Round]:
    rnd = te.new_round("28", seed=seed)
    while not rnd.is_over:
        rnd.apply(rnd.legal_actions()[-1])
    path = tmp_path / "r.json"
    path.write_text(rnd.to_json(), encoding="utf-8")
    return path, rnd


def test_render_reads_stdin_and_writes_stdout(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, rnd = _record_file(tmp_path)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
    assert main(["render", "-", "--html", "-", "--seat", "1"]) == 0
    captured = capsys.readouterr()
    assert captured.out == render.replay_html(rnd.public_record(1))
    assert captured.err.startswith("wrote standard output: a replay")
    assert not (tmp_path / "-").exists()


def test_render_svg_is_the_table_at_the_end(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path, rnd = _record_file(tmp_path)
    out = tmp_path / "t.svg"
    assert main(["render", str(path), "--svg", str(out)]) == 0
    assert f"wrote {out}: the table at the end" in capsys.readouterr().out
    expected = render.table_svg(rnd.public_record(None))
    assert out.read_text(encoding="utf-8") == expected
    assert main(["render", str(path), "--svg", "-"]) == 0
    assert capsys.readouterr().out == expected


def test_render_svg_steps_writes_every_picture_of_every_step(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, rnd = _record_file(tmp_path)
    folder = tmp_path / "new" / "steps"
    assert main(["render", str(path), "--svg-steps", str(folder), "--seat", "2"]) == 0
    steps = render.frames(rnd.public_record(2))
    written = sorted(p.name for p in folder.iterdir())
    assert written == sorted(f"step-{k:02}-{m}.svg" for k, f in enumerate(steps, 1)
                             for m in range(1, len(f.pictures) + 1))
    assert (folder / "step-01-1.svg").read_text(encoding="utf-8") == steps[0].pictures[0]
    said = capsys.readouterr().out
    assert f"wrote {len(written)} pictures of {len(steps)} steps" in said


def test_render_plays_a_round_like_demo(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """``render --ruleset R --seed S --bots B`` draws the round ``demo`` records."""
    record = tmp_path / "d.json"
    assert main(["demo", "--ruleset", "29", "--seed", "5", "--bots", "random",
                 "--record", str(record)]) == 0
    made = tmp_path / "made.html"
    given = tmp_path / "given.html"
    assert main(["render", "--ruleset", "29", "--seed", "5", "--bots", "random",
                 "--html", str(made)]) == 0
    assert main(["render", str(record), "--html", str(given)]) == 0
    capsys.readouterr()
    assert made.read_text(encoding="utf-8") == given.read_text(encoding="utf-8")


@pytest.mark.parametrize(("argv", "code", "says"), [
    (["render", "{record}"], 2, "nothing to write"),
    (["render", "--html", "{out}"], 2, "give a record to show"),
    (["render", "{record}", "--seed", "3", "--html", "{out}"], 2, "not both"),
    (["render", "{record}", "--html", "-", "--svg", "-"], 2, "only one output"),
    (["render", "{missing}", "--svg", "{out}"], 1, "cannot read"),
    (["render", "{unknown}", "--svg", "{out}"], 1, "unknown ruleset 'no-such-game'"),
    (["render", "{record}", "--svg-steps", "{record}"], 1, "cannot make the folder"),
    (["render", "--ruleset", "no-such-game", "--svg", "{out}"], 2, "unknown ruleset"),
])
def test_render_refuses_in_one_line(argv: list[str], code: int, says: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    path, rnd = _record_file(tmp_path)
    unknown = tmp_path / "unknown.json"
    unknown.write_text(rnd.to_json().replace('"28"', '"no-such-game"'), encoding="utf-8")
    paths = {"record": str(path), "out": str(tmp_path / "out"), "unknown": str(unknown),
             "missing": str(tmp_path / "missing.json")}
    assert main([a.format(**paths) for a in argv]) == code
    captured = capsys.readouterr()
    _one_error_line(captured.err)
    assert says in captured.err and captured.out == ""
    assert not (tmp_path / "out").exists()


def test_render_refuses_bad_json_on_stdin_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"[1, 2")))
    assert main(["render", "-", "--html", str(tmp_path / "x.html")]) == 1
    captured = capsys.readouterr()
    _one_error_line(captured.err)
    assert "standard input: " in captured.err and "not valid JSON" in captured.err
    assert not (tmp_path / "x.html").exists()


def test_the_tutorials_last_step_runs_as_written(tmp_path: Path) -> None:
    """The tutorial's commands, typed as they stand (``quit`` at the first prompt): the
    round is saved, and its replay is written from the saved record."""
    page = (Path(__file__).parent.parent / "docs" / "tutorial.md").read_text(encoding="utf-8")
    # The last step's commands (the page starts with others, to install and watch).
    [block] = [b.split("```", 1)[0] for b in page.split("```console")[1:]
               if "$ twentyeight play" in b.split("```", 1)[0]]
    commands = [line.strip()[2:].split() for line in block.splitlines()
                if line.strip().startswith("$ ")]
    assert [c[:2] for c in commands] == [["twentyeight", "play"], ["twentyeight", "render"]]
    for command in commands:
        done = _run(*command[1:], cwd=tmp_path, stdin="quit\n")
        assert done.returncode == 0, done.stderr
    assert (tmp_path / "round.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    te.Round.from_json((tmp_path / "round.json").read_text(encoding="utf-8"))
