"""The ``twentyeight`` command line: rulesets, demo, play, simulate."""

from __future__ import annotations

import errno
import io
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest
from attrs import frozen
from twentyeight_variants.classic import CONFIG_28

import twentyeight as te
from twentyeight import cli
from twentyeight.bots import HeuristicBot, RandomBot, play_round
from twentyeight.cli import main
from twentyeight.cli.game import _Game
from twentyeight.cli.style import _Progress, _Style
from twentyeight.cli.transcript import _transcript
from twentyeight.inputs import MAX_ACTION_TEXT

from .test_bots import STAND_INS


def _feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def _play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          script: list[str], *args: str) -> str:
    """Run ``twentyeight play ARGS`` with ``script`` typed line by line; it must exit 0.
    What it printed."""
    _feed(monkeypatch, "\n".join(script) + "\n")
    assert main(["play", *args]) == 0
    return capsys.readouterr().out


def _composable(name: str) -> bool:
    try:
        te.ruleset(name)
    except te.ConfigError:
        return False
    return True


COMBOS = [
    name for name in (
        "28+pair+double+single-hand", "29+double+single-hand", "28-bengal+double",
        "40+pair+double+single-hand", "28six+pair+double", "56+redeal",
        *(f"{p}+double" for p in te.presets()),
    ) if _composable(name)
]
"""Composed rulesets the commands must handle (each preset with doubling where it fits)."""


def _text(rnd: te.Round) -> str:
    return "\n".join(_transcript(rnd, _Style(io.StringIO())))


def test_rulesets_lists_names_aliases_and_descriptions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^  28\s+Classic 28", out, re.M)
    assert "aliases:" in out and "twenty-eight" in out
    for name in (*te.presets(), *te.modifiers()):
        assert re.search(rf"^  {re.escape(name)}\s", out, re.M), name


def test_no_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "demo" in capsys.readouterr().out


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out


def test_version_names_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"twentyeight {te.__version__}"


def test_python_dash_m_twentyeight_is_the_command() -> None:
    """``python -m twentyeight`` runs the same command as ``twentyeight``."""
    done = subprocess.run([sys.executable, "-m", "twentyeight", "rulesets"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert re.search(r"^  28\s+Classic 28", done.stdout, re.M)


def test_bad_option_value_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rounds", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["demo", "play", "simulate"])
def test_unknown_ruleset_exits_2_with_known_names(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _feed(monkeypatch, "")
    assert main([command, "--ruleset", "no-such-game"]) == 2
    captured = capsys.readouterr()
    assert "unknown ruleset 'no-such-game'" in captured.err
    assert "known rulesets: 28" in captured.err
    assert "Traceback" not in captured.out + captured.err


def test_ruleset_aliases_are_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--ruleset", "Twenty-Eight", "--seed", "3"]) == 0
    assert "Result" in capsys.readouterr().out


# ---------------------------------------------------------------------- demo


def test_demo_prints_a_full_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Deal with seed 3" in out
    assert re.search(r"Dealer: \w+ +Opener: \w+", out)
    # Every seat's full hand, with suit symbols.
    hands = out.split("Hands", 1)[1].split("Auction", 1)[0]
    for seat in ("South", "East", "North", "West"):
        line = next(ln for ln in hands.splitlines() if ln.strip().startswith(seat))
        assert len(re.findall(r"(?:10|[JQKA987])[♠♥♦♣]", line.split("pts")[0])) == 8
    assert "Auction" in out and "wins the auction at" in out
    assert re.search(r"Trump: \w+ lays (?:10|[JQKA987])[♠♥♦♣] face down", out)
    for trick in range(1, 9):
        assert re.search(rf"^ +{trick}\. .*→ \w+ \+\d+", out, re.M), trick
    assert "Result" in out
    assert re.search(r"Card points: South & North \d+, East & West \d+", out)
    assert re.search(r"bid \d+ for .* and (made it|failed)", out)
    assert "Game points:" in out
    assert "\033[" not in out  # no colour when not writing to a terminal


def test_demo_is_repeatable(capsys: pytest.CaptureFixture[str]) -> None:
    main(["demo", "--seed", "8"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "8"])
    assert capsys.readouterr().out == first


def test_demo_shows_a_trump_call(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(20):
        main(["demo", "--seed", str(seed)])
        out = capsys.readouterr().out
        if "calls for the trump" in out:
            assert "is turned up" in out
            assert "* a card that counted as a trump" in out
            return
    pytest.fail("no demo in 20 seeds had a call for the trump")


def test_demo_redeals_an_annulled_round(capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 35 deals all four Jacks to one player; seed 11's opener claims a redeal.
    for seed in (35, 11):
        assert main(["demo", "--seed", str(seed)]) == 0
        out = capsys.readouterr().out
        assert "The deal is annulled" in out
        assert f"deals again (seed {seed + 1})" in out
        assert out.count("Deal with seed") == 2
        assert out.rstrip().splitlines()[-1].strip().startswith("Game points:")


def test_demo_with_random_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "4", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "Random bots" in out and "Result" in out


# ---------------------------------------------------------------------- play


def test_play_with_scripted_input_finishes_and_explains_mistakes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = [
        "hello",       # not an action
        "",            # nothing typed
        "99",          # no such move number
        "bid 3",       # below the bid range
        "play JS",     # wrong phase
        "bid 28x",     # malformed bid
        "help",
        "1",           # pass
        "play JS",     # trick 1: must follow clubs
        "QZ",          # not a card
        *["1"] * 60,   # then always the first listed move
    ]
    out = _play(monkeypatch, capsys, script, "--seed", "1")
    assert "Traceback" not in out
    assert "Not understood: unknown action 'hello'" in out
    assert "Type a number from 1 to" in out
    assert "There is no move 99" in out
    assert "Not allowed: bids run from 14 to 28" in out
    assert "Not allowed: it is the auction: bid or pass" in out
    assert "Not understood: a bid is 'bid N'" in out
    assert "Not allowed: you must follow suit" in out
    assert "Not understood: unknown action 'QZ'" in out
    # The other seats' moves are shown as they happen, and the result at the end.
    assert re.search(r"^(East|North|West): (bid \d+|pass)$", out, re.M)
    assert re.search(r"^(East|North|West) plays (?:10|[JQKA987])[♠♥♦♣]$", out, re.M)
    assert "Moves:" in out and "Your hand:" in out
    assert "wins trick 8" in out
    assert "Result" in out and "Game points:" in out


def test_play_accepts_action_text_and_bare_cards(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 1: the others open and pass round to us; we pass, then follow clubs.
    _feed(monkeypatch, "pass\n10c\nplay K♣\n" + "1\n" * 40)
    assert main(["play", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "You: pass" in out
    assert "You play 10♣" in out
    assert "Result" in out


def test_play_hides_the_other_hands(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """When a bot holds the contract, its face-down card is not shown before it is
    exposed, and the other hands are never listed."""
    for seed in range(10):
        _feed(monkeypatch, "1\n" * 60)
        assert main(["play", "--seed", str(seed)]) == 0
        out = capsys.readouterr().out
        assert out.count("Your hand:") == out.count("--- Your turn")
        exposed = re.search(r"The trump is exposed: (\w+)'s face-down card is (\S+),", out)
        if exposed is None or exposed.group(1) == "You":
            continue
        bidder, card = exposed.groups()
        assert f"{bidder} lays a card face down as the trump." in out
        assert card not in out[:exposed.start()]
        return
    pytest.fail("no game in 10 seeds had a bot's trump exposed")


def test_play_bare_numbers_in_the_auction(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 3: we open. 14 is both move 14 and a bid of 14, so it is refused as
    # ambiguous; 20 is beyond the list, so it is a bid.
    _feed(monkeypatch, "14\n20\nquit\n")
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "you open the auction" in out
    assert "14 could mean move 14 (bid 27) or a bid of 14" in out
    assert "You: bid 20" in out


@pytest.mark.parametrize("text", ["quit\n", "1\nquit\n", "1\nq"])
def test_play_quit_exits_0(
    text: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _feed(monkeypatch, text)
    assert main(["play", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("Bye.")
    assert "Traceback" not in out


@pytest.mark.parametrize("text", ["", "1\n", "1", "1\n\n\n"])
def test_play_end_of_input_mid_game_exits_1_with_one_line(
    text: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose input ends before the game does is a command that could not
    finish: exit 1 and one line on standard error, as when the input fails (issue 35:
    it exited 0, as if the player had chosen to leave)."""
    _feed(monkeypatch, text)
    assert main(["play", "--seed", "2"]) == 1
    captured = capsys.readouterr()
    assert captured.err == "twentyeight: error: the input ended before the game did\n"
    assert "Bye." not in captured.out and "Traceback" not in captured.out


# ---------------------------------------------------------------------- simulate


def test_simulate_prints_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rounds", "40", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    out = captured.out
    assert re.search(r"Rounds played: +40$", out, re.M)
    assert re.search(r"Annulled \(redealt\): +\d+ \(\d+\.\d%\)", out)
    assert re.search(r"Contracts made: +\d+ of \d+ \(\d+\.\d%\)", out)
    assert re.search(r"Bidding team card points: +\d+\.\d\d on average", out)
    assert re.search(r"Winning bid: +\d+\.\d\d on average", out)
    assert re.search(r"Speed: +\d+ rounds/s", out)
    assert captured.err == ""  # no progress bar when stderr is not a terminal


def test_simulate_is_repeatable_apart_from_speed(capsys: pytest.CaptureFixture[str]) -> None:
    def stats() -> list[str]:
        main(["simulate", "--rounds", "20", "--seed", "9", "--bots", "random"])
        return [ln for ln in capsys.readouterr().out.splitlines() if "Speed" not in ln]

    assert stats() == stats()


def test_progress_bar_draws_in_place_on_a_terminal() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    bar = _Progress(10, stream)
    for k in range(1, 11):
        bar.update(k)
    bar.finish()
    text = stream.getvalue()
    assert text.startswith("\r[")
    assert "100% 10/10" in text
    assert text.endswith("\r")
    assert "\n" not in text


def test_colour_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        encoding = "utf-8"

        def isatty(self) -> bool:
            return True

    from twentyeight import Card

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert _Style(Terminal()).card(Card.parse("JH")) == "\033[31mJ♥\033[0m"
    assert _Style(Terminal()).card(Card.parse("JS")) == "J♠"
    assert _Style(io.StringIO()).card(Card.parse("JH")) == "J♥"
    monkeypatch.setenv("NO_COLOR", "1")
    assert _Style(Terminal()).card(Card.parse("JH")) == "J♥"


# ---------------------------------------------------------------------- every ruleset


@pytest.mark.parametrize("name", te.presets())
def test_demo_every_preset(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--ruleset", name, "--seed", "1"]) == 0
    out = capsys.readouterr().out
    rs = te.ruleset(name)
    names = cli.seat_names(rs.config.players)
    hands = out.rsplit("Hands", 1)[1].split("Auction", 1)[0]
    for seat in names:
        assert re.search(rf"^  {seat}\b", hands, re.M), seat
    assert "Auction (bids" in out and "Play" in out
    assert out.rstrip().splitlines()[-1].strip().startswith("Game points:")
    tricks = re.findall(r"^ +\d+\. ", out, re.M)
    assert 1 <= len(tricks) <= rs.config.tricks
    assert "Traceback" not in out


@pytest.mark.parametrize("name", COMBOS)
@pytest.mark.parametrize("bots", ["heuristic", "random"])
def test_demo_composed_rulesets(name: str, bots: str,
                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--ruleset", name, "--seed", "2", "--bots", bots]) == 0
    out = capsys.readouterr().out
    assert f"Ruleset {te.ruleset(name).name} " in out and "Result" in out


@pytest.mark.parametrize("name", te.presets())
def test_simulate_every_preset(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", name, "--rounds", "3", "--seed", "5"]) == 0
    assert re.search(r"Rounds played: +3$", capsys.readouterr().out, re.M)


def test_simulate_composed_ruleset_counts_the_calls(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "28+double+single-hand", "--rounds", "20",
                 "--seed", "1", "--bots", "random"]) == 0
    assert re.search(r"^Single hands: +\d+ \(\d+\.\d%\), \d+ made$",
                     capsys.readouterr().out, re.M)
    assert main(["simulate", "--ruleset", "28+double", "--rounds", "20",
                 "--seed", "1", "--bots", "random"]) == 0
    assert re.search(r"^(Doubled|Redoubled) bids: +\d+", capsys.readouterr().out, re.M)


@pytest.mark.parametrize("name", [*te.presets(), "28+pair+double+single-hand"])
def test_play_every_ruleset_to_the_end(
    name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _feed(monkeypatch, "1\n" * 400)
    assert main(["play", "--ruleset", name, "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out
    assert "Result" in out and "Game points:" in out
    assert out.count("Your hand:") == out.count("--- Your turn")


# ---------------------------------------------------------------------- seats


def test_seat_names_for_every_table() -> None:
    assert cli.seat_names(4) == ["South", "East", "North", "West"]
    assert cli.seat_names(6) == ["South", "Southeast", "Northeast", "North", "Northwest",
                                 "Southwest"]
    assert cli.seat_names(8)[::2] == ["South", "East", "North", "West"]
    assert cli.seat_names(10)[9] == "Seat 9"
    assert cli.seat_names(6, you=0)[0] == "You"
    assert cli.team_names(cli.seat_names(4)) == ["South & North", "East & West"]
    assert cli.team_names(cli.seat_names(6)) == ["South, Northeast & Northwest",
                                                 "Southeast, North & Southwest"]
    assert cli.short_names(cli.seat_names(8))[1] == "SE"


@pytest.mark.parametrize("name", ["28six", "40", "56-six", "56-eight"])
def test_big_table_transcript_shows_teams_and_full_tricks(name: str) -> None:
    rs = te.ruleset(name)
    n = rs.config.players
    rnd = rs.new_round(seed=3, dealer=1)
    play_round(rnd, [HeuristicBot(i) for i in range(n)])
    text = _text(rnd)
    teams = cli.team_names(cli.seat_names(n))
    assert f"Teams: {teams[0]} against {teams[1]}" in text
    assert f"{n} players in two teams of {n // 2}" in text
    short = set(cli.short_names(cli.seat_names(n)))
    rows = re.findall(r"^ +\d+\. (.*?)  → ", text, re.M)
    assert rows
    for row in rows:
        assert len([w for w in row.split() if w in short]) == n


# ---------------------------------------------------------------------- key events


DEAL_28 = [
    ["JS", "9S", "AH", "10H", "KS", "QH", "7C", "8D"],
    ["JH", "9H", "AS", "10S", "KH", "8S", "7S", "QD"],
    ["JD", "9D", "AD", "10D", "KD", "QS", "8H", "7H"],
    ["JC", "9C", "AC", "10C", "KC", "QC", "8C", "7D"],
]
"""South (dealer West, so South opens) holds J 9 K of spades; the others each hold the
top of one suit."""


def _scripted(rules: str | te.Ruleset, *actions: str) -> te.Round:
    rs = te.ruleset(rules) if isinstance(rules, str) else rules
    rnd = rs.new_round(deal=DEAL_28, dealer=3)
    for a in actions:
        rnd.apply(a)
    play_round(rnd, [HeuristicBot(i) for i in range(4)])
    return rnd


def test_transcript_tells_doubling_and_the_calls() -> None:
    rnd = _scripted("28+pair+double+single-hand", "bid 16", "pass", "pass", "pass",
                    "trump 9S", "double", "redouble", "pass", "pass", "pass", "pass")
    text = _text(rnd)
    assert "Trump: South lays 9♠ face down (spades are trumps, hidden until exposed)." in text
    assert re.search(r"^Doubling\n  East +doubles: the contract is worth x2\n"
                     r"  South +redoubles: the contract is worth x4\n"
                     r"The rest of the cards are dealt\.$", text, re.M)
    assert re.search(r"^Single hand\n(  \w+ +passes: no single hand\n){4}"
                     r"  → Nobody declares a single hand\.$", text, re.M)
    assert re.search(r"South bid 16 for South & North, redoubled \(x4\), and (made it|failed)",
                     text)


def test_transcript_tells_a_single_hand_and_who_sits_out() -> None:
    rnd = _scripted("28+double+single-hand", "bid 16", "pass", "pass", "pass", "trump 9S",
                    "pass", "pass", "pass", "single-hand")
    text = _text(rnd)
    assert "→ Nobody doubles." in text
    assert re.search(r"East +declares a single hand: East plays alone for every trick, "
                     r"without trumps; West sits out\n +\(South's face-down 9♠ goes back "
                     r"to the hand\)", text)
    assert "Play (West sits out)" in text
    for row in re.findall(r"^ +\d+\. (.*?)  → ", text, re.M):
        assert "West" not in row and len(re.findall(r"(?:10|[JQKA987])[♠♥♦♣]", row)) == 3
    assert re.search(r"East played a single hand for East & West and (made it \(won all 8 "
                     r"tricks\)|failed \(lost trick \d\))\.", text)


def test_demo_shows_a_pair_in_29(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(30):
        main(["demo", "--ruleset", "29", "--seed", str(seed)])
        out = capsys.readouterr().out
        shown = re.search(r"(\w+) shows the pair (?:[KQ][♠♥♦♣] ?){2}: the target "
                          r"(?:rises|drops) by 4 to (\d+)\.", out)
        if shown:
            assert re.search(rf"{shown.group(2)} needed for a bid of \d+\)", out)
            return
    pytest.fail("no 29 demo in 30 seeds showed a pair")


def test_demo_shows_a_double_and_a_single_hand(capsys: pytest.CaptureFixture[str]) -> None:
    found = set()
    for seed in range(40):
        main(["demo", "--ruleset", "28+double+single-hand", "--seed", str(seed),
              "--bots", "random"])
        out = capsys.readouterr().out
        if "doubles: the contract is worth x2" in out:
            found.add("double")
        if "declares a single hand" in out and "sits out" in out:
            assert "played a single hand" in out
            found.add("single hand")
        if found == {"double", "single hand"}:
            return
    pytest.fail(f"only {found} in 40 seeds")


def test_demo_indicator_and_seventh_card_and_open_trump() -> None:
    rnd = te.ruleset("29").new_round(deal=DEAL_28, dealer=3)
    for a in ("bid 16", "pass", "pass", "pass", "trump S"):
        rnd.apply(a)
    play_round(rnd, [HeuristicBot(i) for i in range(4)])
    text = _text(rnd)
    assert "Trump: South names spades with an indicator card laid face down" in text
    rs = te.ruleset("28", seventh_card=True)
    rnd = rs.new_round(deal=DEAL_28, dealer=3)
    for a in ("bid 16", "pass", "pass", "pass", "seventh-card"):
        rnd.apply(a)
    play_round(rnd, [RandomBot(i) for i in range(4)])
    text = _text(rnd)
    assert ("Trump: South takes the seventh card dealt, unseen by everyone, as the face-down "
            "trump: it is 7♣ (clubs are trumps, hidden until exposed).") in text
    rnd = te.ruleset("56").new_round(seed=5, dealer=0)
    while rnd.phase is te.Phase.AUCTION:
        rnd.apply("pass")
    play_round(rnd, [HeuristicBot(i) for i in range(4)])
    text = _text(rnd)
    assert "→ Nobody bid: East holds the contract at 28 No Trump for East & West." in text
    assert "No Trump: the bid names no trump suit" in text
    assert "East held by default 28 No Trump for East & West" in text


def test_transcript_of_a_suit_bid_with_double_in_the_auction() -> None:
    rnd = te.ruleset("56").new_round(seed=5, dealer=0)
    for a in ("bid 30 S", "double", "redouble"):
        rnd.apply(a)
    play_round(rnd, [HeuristicBot(i) for i in range(4)])
    text = _text(rnd)
    assert re.search(r"East +bid 30 S\n  North +doubles: the contract is worth x2\n"
                     r"  West +redoubles: the contract is worth x4\n"
                     r"  → East wins the auction at 30 spades for East & West, redoubled "
                     r"\(x4\)\.", text)
    assert "Trump: spades, named by the bid and open to all." in text
    assert "East bid 30 spades for East & West, redoubled (x4), and" in text


@pytest.mark.parametrize("name", sorted(STAND_INS))
def test_transcript_of_unregistered_rulesets(name: str) -> None:
    rs = STAND_INS[name]
    n = rs.config.players
    seen = set()
    for seed in range(12):
        rnd = rs.new_round(seed=seed, dealer=seed % n)
        play_round(rnd, [RandomBot(seed * n + i) for i in range(n)])
        text = _text(rnd)
        assert text.splitlines()[-1].strip().startswith(("Game points:", "The deal is"))
        if "declares a single hand:" in text:
            seen.add("single hand")
            assert re.search(r"^Play \(.* sits? out\)$", text, re.M)
    assert seen


# ---------------------------------------------------------------------- plug-in kinds


@frozen(cache_hash=True)
class Knock(te.Action):
    """A third-party call the command line knows nothing about."""

    keyword: ClassVar[str] = "cli-test-knock"



@frozen
class OpenerCall(te.RulePlugin):
    """Before the first lead the opener may make this plug-in's one call or pass."""

    window: ClassVar[Any] = "before-play"

    def open_window(self, rnd: te.RoundPort) -> int | None:
        return rnd.opener

    def window_actions(self, rnd: te.RoundPort, seat: int) -> tuple[te.Action, ...]:
        return (self.action_kinds[0](), te.Pass())

    def window_apply(self, rnd: te.RoundPort, seat: int, action: te.Action) -> int | None:
        if not isinstance(action, te.Pass):
            self.called(rnd)
        return None

    def called(self, rnd: te.RoundPort) -> None:
        """What the call does."""


@frozen
class KnockRule(OpenerCall):
    """A knock raises the target by 1."""

    name: ClassVar[str] = "knock"
    action_kinds: ClassVar[tuple[type[te.Action], ...]] = (Knock,)

    def called(self, rnd: te.RoundPort) -> None:
        assert rnd.target is not None
        rnd.set_target(rnd.target + 1)


KNOCK = te.Ruleset(attrs.evolve(CONFIG_28, name="knock-test", aliases=(),
                                plugins=(*CONFIG_28.plugins, KnockRule())))


def test_unknown_action_kinds_print_as_name_and_text() -> None:
    text = _text(_scripted(KNOCK, "bid 16", "pass", "pass", "pass", "trump 9S",
                           "cli-test-knock"))
    assert re.search(r"^Calls \(knock\)\n  South: cli-test-knock \(the target rises by 1 to 17\)$",
                     text, re.M)
    assert "17 needed for a bid of 16" in text


@frozen(cache_hash=True)
class Rap(te.Action):
    """A third-party call that says how a transcript should word it."""

    keyword: ClassVar[str] = "cli-test-rap"
    verb: ClassVar[str | None] = "rap the table"



@frozen
class RapRule(OpenerCall):
    """A rap doubles the stake; the plug-in names its window and says what a silent
    window means."""

    name: ClassVar[str] = "rap"
    action_kinds: ClassVar[tuple[type[te.Action], ...]] = (Rap,)
    window_title: ClassVar[str] = "Rapping"
    window_declined: ClassVar[str] = "Nobody raps."

    def called(self, rnd: te.RoundPort) -> None:
        rnd.set_multiplier(2)


RAP = te.Ruleset(attrs.evolve(CONFIG_28, name="rap-test", aliases=(),
                              plugins=(*CONFIG_28.plugins, RapRule())))


@pytest.mark.parametrize(("call", "line"), [
    ("cli-test-rap", r"  South +raps the table: the contract is worth x2"),
    ("pass", r"  South +passes: no rapping\n  → Nobody raps\."),
])
def test_transcript_words_a_call_as_its_plug_in_says(call: str, line: str) -> None:
    """The verb, the window's title and the silent window's words come from the
    plug-in; what the call did comes from the round (the command knows no call)."""
    rnd = _scripted(RAP, "bid 16", "pass", "pass", "pass", "trump 9S", call)
    assert re.search(rf"^Rapping\n{line}$", _text(rnd), re.M)


@pytest.mark.parametrize(("rules", "said"), [
    (KNOCK, ["--- Your turn: calls (knock) ---",
            "You: cli-test-knock (the target rises by 1 to 17)"]),
    (RAP, ["--- Your turn: calls (rapping) ---",
           "You rap the table: the contract is worth x2."]),
], ids=["unknown-kind", "worded-by-plug-in"])
def test_play_narrates_plug_in_calls(
        rules: te.Ruleset, said: list[str],
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    call = rules.config.plugins[-1].action_kinds[0].keyword
    _feed(monkeypatch, f"bid 16\n1\n{call}\n" + "1\n" * 40)
    # The ruleset is not registered by name: drive the game directly.
    assert _Game(rules, 7, _Style(io.StringIO())).run() == 0
    out = capsys.readouterr().out
    for line in said:
        assert line in out
    assert "Result" in out


# ---------------------------------------------------------------------- scripted play


def test_play_a_composed_ruleset_with_the_calls(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 19: we open with a bid of 14 and are outbid; West wins the auction; we double
    # in the doubling window and pass in the single-hand window.
    script = ["bid 14", "pass", "double", "pass", *["1"] * 20]
    out = _play(monkeypatch, capsys, script, "--ruleset", "28+pair+double+single-hand",
                "--seed", "19")
    assert "Traceback" not in out
    assert "--- Your turn: calls (doubling) ---" in out
    assert "Trump: hidden (West holds the face-down card)" in out
    assert "You double: the contract is worth x2." in out
    assert "--- Your turn: calls (single hand) ---" in out
    assert "Calls since the auction: You double" in out
    assert re.search(r"^You pass: no single hand\.$", out, re.M)
    assert "Contract: West bid 17 for East & West, doubled (x2)." in out
    assert re.search(r"West bid 17 for East & West, (re)?doubled \(x[24]\), and", out)


def test_play_bids_with_a_denomination(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 3 at 56: we open. A bare number is not a bid here; "30 S" and "bid 45 NT" are.
    _feed(monkeypatch, "30\n30 S\nbid 29 H\nbid 45 NT\n" + "1\n" * 60)
    assert main(["play", "--ruleset", "56", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "A bid names a suit or No Trump: type e.g. 'bid 30 S' or 'bid 30 NT'." in out
    assert "You: bid 30 S" in out
    assert "Not allowed: " in out  # bid 29 H is below the bid
    assert "Or type any bid: 'bid N D' with N from" in out
    # The lowest bid in each denomination is numbered.
    assert re.search(r"\d+\) bid 28 S +\d+\) bid 28 H +\d+\) bid 28 D", out)
    assert "You won the auction at 45 No Trump." in out
    assert "Result" in out


def test_play_at_a_six_player_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _feed(monkeypatch, "1\n" * 100)
    assert main(["play", "--ruleset", "40", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "You are South (seat 0), partners: Northeast and Northwest," in out
    assert re.search(r"^(Southeast|Northeast|North|Northwest|Southwest) plays ", out, re.M)
    assert "Card points: You, Northeast & Northwest" in out


# ---------------------------------------------------------------------- hostile input


def _messages(out: str, start: str) -> list[str]:
    return [ln for ln in out.splitlines() if ln.startswith(start)]


@pytest.mark.parametrize("number", ["²", "①", "１６", "𝟏𝟔"])
def test_play_superscript_digit_is_not_understood_and_asks_again(
    number: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 3: we open. Other scripts' digits are not numbers (int() takes some of them,
    # refuses others); then 20, beyond the numbered moves, is a bid.
    _feed(monkeypatch, f"{number}\n20\nquit\n")
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out
    [message] = _messages(out, "Not understood:")
    assert "digits 0-9" in message and repr(number) in message
    assert out.count("Your move:") == 3  # asked again after the refusal
    assert "You: bid 20" in out


def test_play_5000_digit_number_is_not_understood_and_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Python's int() refuses strings of more than 4300 digits with a ValueError.
    # The line is longer than any move's text, so it is refused before it is read as
    # a number.
    _feed(monkeypatch, "9" * 5000 + "\n20\nquit\n")
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out
    [message] = _messages(out, "That line is too long")
    assert "(5000 characters; a move is at most 200)" in message
    assert len(message) < 120
    assert "9" * 100 not in out  # neither the message nor the echo repeats it all
    assert "You: bid 20" in out


def test_play_shows_typed_control_characters_escaped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Piped input is echoed with its control characters escaped (issue 35: a line
    ``x ESC ]0;pwned BEL`` reached the terminal as is and retitled its window)."""
    _feed(monkeypatch, "x\033]0;pwned\007\n\u202ebid 20\x9b31m\nquit\n")
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Your move: x\\x1b]0;pwned\\x07" in out.splitlines()
    assert "Your move: \\u202ebid 20\\x9b31m" in out.splitlines()
    assert not any(c in out for c in "\x1b\x07\x9b\u202e")
    # The game read the lines, refused them and went on: nothing was applied.
    assert len(_messages(out, "Not understood:")) == 2 and out.rstrip().endswith("Bye.")


class _Typed(io.TextIOBase):
    """Standard input whose lines are given as ``(text, times)`` (the line is ``text *
    times``) and made only as they are read, so that a line of any length costs memory
    only if its reader asks for all of it at once."""

    def __init__(self, *lines: tuple[str, int]) -> None:
        self.lines = [[text, times] for text, times in lines]

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if not self.lines:
            return ""
        text, times = self.lines[0]
        assert isinstance(text, str) and isinstance(times, int)
        if size is None or size < 0 or len(text) * times < size:
            self.lines.pop(0)
            return text * times + "\n"
        take = max(1, size // len(text))
        self.lines[0][1] = times - take
        return text * take


def test_play_reads_a_line_of_any_length_in_little_memory(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 50-million-character line is refused as too long without being held: the
    game reads at most one more character than a move may have and drops the rest a
    piece at a time (issue 35: a 200 MB line used 447 MB)."""
    import tracemalloc

    monkeypatch.setattr("sys.stdin", _Typed(("9", 50_000_000), ("20", 1), ("quit", 1)))
    tracemalloc.start()
    try:
        assert main(["play", "--seed", "3"]) == 0
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    out = capsys.readouterr().out
    assert peak < 8_000_000, peak
    [message] = _messages(out, "That line is too long")
    assert message == ("That line is too long (50000000 characters; a move is at most "
                       f"{MAX_ACTION_TEXT}). Type your move again.")
    assert "9" * 41 + "..." not in out and "9" * 40 + "... (50000000 characters)" in out
    assert "You: bid 20" in out


@pytest.mark.parametrize(("length", "refused"), [(200, False), (201, True)])
def test_play_line_bound_is_the_action_text_bound(
    length: int, refused: bool, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """The most a typed line may have is the parser's own bound on action text."""
    assert MAX_ACTION_TEXT == 200
    _feed(monkeypatch, "bid 20" + " " * (length - 6) + "\nquit\n")
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert bool(_messages(out, "That line is too long")) is refused
    assert ("You: bid 20" in out) is not refused


def test_play_bid_superscript_is_not_understood_and_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _feed(monkeypatch, "bid ²\nbid 20\nquit\n")
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out
    [message] = _messages(out, "Not understood:")
    assert "digits 0-9" in message and "'²'" in message
    assert "You: bid 20" in out


def test_play_56_bid_of_5000_digits_is_not_understood_and_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 3 at 56: we open. "30 S" is a bid there, so a long number before a suit
    # reaches the 56 auction's own reading of bids; a bid in other digits is refused.
    _feed(monkeypatch, "9" * 5000 + " S\n１６ S\n30 S\nquit\n")
    assert main(["play", "--ruleset", "56", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out
    [long] = _messages(out, "That line is too long")
    [other] = _messages(out, "Not understood:")
    assert "(5002 characters" in long and len(long) < 120
    assert "9" * 100 not in out
    assert "digits 0-9" in other and "'１６'" in other
    assert "You: bid 30 S" in out


def test_play_invalid_utf8_on_stdin_is_not_understood_and_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A strict UTF-8 stdin, as under a UTF-8 locale: the bad bytes would fail the whole
    # chunk read with them, the good lines after them included.
    stdin = io.TextIOWrapper(io.BytesIO(b"\xff\xfe\n20\nquit\n"), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out
    assert "That line could not be read: it is not valid utf-8 text. Type your move " \
           "again." in out
    assert "You: bid 20" in out
    assert out.rstrip().endswith("Bye.")


def test_play_invalid_utf8_on_a_stream_that_cannot_change_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Strict(io.StringIO):
        """A stdin that cannot be told to keep bad bytes: the second line fails."""

        def readline(self, size: int | None = -1) -> str:
            line = super().readline()
            if line == "bad\n":
                raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
            return line

    monkeypatch.setattr("sys.stdin", Strict("bad\n20\nquit\n"))
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out
    assert "That line could not be read: it is not text. Type your move again." in out
    assert "You: bid 20" in out


def test_play_with_stdin_closed_ends_like_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", None)  # what Python sets when fd 0 is closed
    assert main(["play", "--seed", "3"]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out
    assert captured.err == "twentyeight: error: the input ended before the game did\n"


class _FullDisk(io.StringIO):
    """A stdout on a full disk: every write fails."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


_NO_SPACE = f"twentyeight: error: cannot write the output: {os.strerror(errno.ENOSPC)}"


@pytest.mark.parametrize("argv", [["play", "--seed", "3"], ["demo", "--seed", "3"],
                                  ["simulate", "--rounds", "3"], ["rulesets"], ["--help"],
                                  []])
def test_full_disk_on_a_fake_stdout_exits_1_without_traceback(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _feed(monkeypatch, "quit\n")
    monkeypatch.setattr("sys.stdout", _FullDisk())
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err == _NO_SPACE + "\n"


def test_broken_pipe_exits_1_quietly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Closed(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    monkeypatch.setattr("sys.stdout", Closed())
    assert main(["demo", "--seed", "3"]) == 1
    assert capsys.readouterr().err == ""


def test_play_input_error_exits_1_without_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class HungUp(io.StringIO):
        """A terminal that went away: reading fails."""

        def readline(self, size: int | None = -1) -> str:
            raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr("sys.stdin", HungUp())
    assert main(["play", "--seed", "3"]) == 1
    captured = capsys.readouterr()
    assert "Your move:" in captured.out
    assert captured.err == \
        f"twentyeight: error: cannot read the input: {os.strerror(errno.EIO)}\n"


def test_closed_stdout_exits_1_with_a_message(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _feed(monkeypatch, "quit\n")
    monkeypatch.setattr("sys.stdout", None)  # what Python sets when fd 1 is closed
    assert main(["play", "--seed", "3"]) == 1
    err = capsys.readouterr().err
    assert err == "twentyeight: error: cannot write the output: standard output is closed\n"


def _to_dev_full(args: list[str], buffered: bool) -> subprocess.CompletedProcess[str]:
    """Run the command as a program with its output on a full disk."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    with open("/dev/full", "w") as full:
        return subprocess.run([sys.executable, "-m", "twentyeight.cli", *args],
                              input="quit\n", stdout=full, stderr=subprocess.PIPE,
                              text=True, env=env, timeout=120, check=False)


@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("args", [
    ["play", "--seed", "3"],
    ["demo", "--seed", "3"],
    # Little output: with buffering it fails only at the last flush.
    ["simulate", "--rounds", "5", "--seed", "3"],
], ids=["play", "demo", "simulate"])
def test_full_disk_exits_1_without_traceback(args: list[str], buffered: bool) -> None:
    """Play, demo and simulate with standard output on a full disk: one line on
    standard error and exit status 1, never a traceback."""
    done = _to_dev_full(args, buffered)
    assert "Traceback" not in done.stderr
    assert done.stderr == _NO_SPACE + "\n"
    assert done.returncode == 1


@pytest.mark.parametrize("argv", [
    ["demo", "--seed", "²"], ["demo", "--seed", "１６"], ["demo", "--seed", "9" * 5000],
    ["simulate", "--rounds", "𝟏𝟔"], ["simulate", "--rounds", "9" * 5000],
])
def test_seed_and_rounds_refuse_other_digits_and_huge_numbers(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    [message] = [ln for ln in err.splitlines() if "error:" in ln]
    assert f"argument {argv[1]}: " in message and "digits 0-9" in message
    assert len(message) < 160


def test_seed_range(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", str(2**64)]) == 2
    assert "a seed is a whole number from 0 to 2**64 - 1" in capsys.readouterr().err
    assert main(["demo", "--seed", str(2**64 - 1)]) == 0
    assert f"Deal with seed {2**64 - 1}" in capsys.readouterr().out


@pytest.mark.parametrize("argv, seed", [
    (["demo"], r"Deal with seed (\d+)"),
    (["simulate", "--rounds", "1"], r"bots, seed (\d+)"),
    (["play"], r"New deal \(seed (\d+)\)"),
])
def test_default_seed_does_not_follow_pythons_global_random(
    argv: list[str], seed: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seeds = []
    state = random.getstate()
    try:
        for _ in range(2):
            _feed(monkeypatch, "quit\n")
            random.seed(1)
            assert main(argv) in (0, 1)
            found = re.search(seed, capsys.readouterr().out)
            assert found is not None
            seeds.append(found.group(1))
    finally:
        random.setstate(state)
    assert seeds[0] != seeds[1]


# ---------------------------------------------------------------------- what a new user sees


def _turn_blocks(out: str) -> list[str]:
    """Seat 0's turns, each from its heading up to the prompt."""
    return [block.split("Your move:", 1)[0] for block in out.split("--- Your turn: ")[1:]]


def _words_line(block: str) -> str:
    """The words line of a turn, its wrapped lines joined."""
    rest = block.split("Words you can type now:", 1)[1]
    return " ".join(line.strip() for line in rest.split("\n") if line.strip())


def test_play_lists_only_the_words_this_turn_allows(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The words shown at each turn come from the legal actions: at the auction of 28
    there is no 'play' or 'double', at the doubling window there is 'double', in the
    play 'play' alone."""
    script = ["bid 14", "pass", "pass", "pass", *["1"] * 20]
    out = _play(monkeypatch, capsys, script, "--ruleset", "28+pair+double+single-hand",
                "--seed", "19")
    blocks = _turn_blocks(out)
    assert len(blocks) > 4
    opening = _words_line(blocks[0])
    assert opening.startswith("'bid' (e.g. 'bid 14', or just the number)"), opening
    assert "'pass'" not in opening            # the opener must bid
    assert "'play'" not in opening and "'double'" not in opening
    assert "'pass'" in _words_line(blocks[1])
    doubling = next(b for b in blocks if b.startswith("calls (doubling)"))
    assert _words_line(doubling) == "'double', 'pass'."
    trick = next(b for b in blocks if b.startswith("trick 1"))
    assert _words_line(trick).startswith("'play' (e.g. 'play ")
    assert "or just the card" in _words_line(trick)
    assert "'bid'" not in _words_line(trick)
    # The greeting no longer lists every word the game has.
    assert "'play JS'" not in out.split("New deal", 1)[0]


def test_play_wraps_long_auction_lines_to_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long auction at 56 is broken into lines that fit COLUMNS, none of it lost."""
    monkeypatch.setenv("COLUMNS", "60")
    _feed(monkeypatch, "pass\n" * 6 + "quit\n")
    assert main(["play", "--ruleset", "56", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    last = [b for b in _turn_blocks(out) if b.startswith("auction")][-1]
    lines = last.split("\n")
    start = next(i for i, ln in enumerate(lines) if ln.startswith("Auction so far: "))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("  "))
    wrapped = lines[start:end]
    assert len(wrapped) > 2
    assert all(len(ln) < 60 for ln in wrapped), wrapped
    said = " ".join(ln.strip() for ln in wrapped)
    assert said.count("bid") >= 8 and said.startswith("Auction so far: You pass, East bid")
    # The moves fit too.
    assert all(len(ln) <= 60 for ln in lines[end:] if ln.startswith(("   ", "  1")))


def test_play_explains_the_copy_mark_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 56 (two packs) '#2' is explained once, right after the first line that shows
    it; at 28 (one pack) never."""
    _feed(monkeypatch, "pass\n" * 5 + "quit\n")
    assert main(["play", "--ruleset", "56", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    notes = [i for i, ln in enumerate(lines) if ln.startswith("(#2 marks the second copy")]
    assert len(notes) == 1
    first = next(i for i, ln in enumerate(lines) if "#2" in ln)
    assert notes[0] == first + 1
    assert lines[first].startswith("Your hand:")
    _feed(monkeypatch, "1\n" * 40)
    assert main(["play", "--seed", "1"]) == 0
    assert "#2" not in capsys.readouterr().out


def test_demo_explains_the_copy_mark_after_the_hands(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--ruleset", "56", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("(#2 marks the second copy") == 1
    _, _, after = out.partition("\nHands\n")
    table, _, _ = after.partition("\n\n")
    assert table.splitlines()[-1].startswith("(#2 marks")
    assert all(ln.startswith("  ") for ln in table.splitlines()[:-1])


def test_a_pass_in_a_call_window_says_what_is_passed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = ["bid 14", "pass", "pass", "pass", *["1"] * 20]
    out = _play(monkeypatch, capsys, script, "--ruleset", "28+pair+double+single-hand",
                "--seed", "19")
    assert re.search(r"\d\) pass \(no double\)", out)
    assert "You pass: no double." in out
    assert "North passes: no double." in out
    assert "pass (no single hand)" in out
    # Outside a call window a pass is a plain pass.
    assert "You: pass" in out and "pass (no" not in _turn_blocks(out)[1]


def test_demo_says_what_a_pass_in_a_window_passes() -> None:
    rnd = te.new_round("28+double+single-hand", seed=4)
    play_round(rnd, [HeuristicBot(k) for k in range(4)])
    text = _text(rnd)
    assert re.search(r"^  North +passes: no double$", text, re.M), text
    assert not re.search(r"passes$", text, re.M)


def test_a_window_without_its_own_words_passes_by_its_title() -> None:
    from twentyeight.cli.narrate import _pass_meaning

    rules = te.ruleset("28+double")
    assert _pass_meaning(rules, "double") == "no double"
    assert _pass_meaning(rules, "double", ["redouble", "pass"]) == "no redouble"
    assert _pass_meaning(RAP, "rapping") == "no rapping"


def test_simulate_ctrl_c_prints_the_statistics_so_far_and_exits_130() -> None:
    """A real Ctrl-C (SIGINT) to a running ``twentyeight simulate``: the statistics of
    the rounds finished so far, no traceback, exit code 130. Standard error is a
    pseudo-terminal so that the progress bar shows when the rounds have begun."""
    pty = pytest.importorskip("pty")
    import select
    import signal

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "twentyeight", "simulate", "--rounds", "1000000",
         "--seed", "4"],
        stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL,
        # The test runner may have been started with SIGINT ignored, which a child
        # inherits; Python only turns SIGINT into KeyboardInterrupt from the default.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    os.close(slave)
    seen = b""
    try:
        while b"%" not in seen:
            ready, _, _ = select.select([master], [], [], 60)
            assert ready, "the progress bar never appeared"
            seen += os.read(master, 1024)
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
        while True:
            ready, _, _ = select.select([master], [], [], 0)
            if not ready:
                break
            try:
                chunk = os.read(master, 1024)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    text = out.decode()
    assert proc.returncode == 130, (proc.returncode, text, seen)
    assert b"Traceback" not in seen
    done = re.search(r"^Interrupted after (\d+) of 1000000 rounds; the statistics so far:$",
                     text, re.M)
    assert done, text
    played = re.search(r"^Rounds played: +(\d+)$", text, re.M)
    assert played and played.group(1) == done.group(1)
    assert int(played.group(1)) < 1000000
    assert "Contracts made:" in text and "Speed:" in text


def test_simulate_interrupted_keeps_whole_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The library's side: an interruption mid-run raises SimulationInterrupted (still
    a KeyboardInterrupt) carrying the rounds finished before it."""
    from twentyeight.bots import SimulationInterrupted, simulate

    def stop(done: int) -> None:
        if done == 7:
            raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as caught:
        simulate("28", 50, "random", seed=3, progress=stop)
    assert isinstance(caught.value, KeyboardInterrupt)
    assert caught.value.stats.rounds == 7
    assert caught.value.stats == simulate("28", 7, "random", seed=3)


@pytest.mark.parametrize("name", ["28", "thunee"])
def test_demo_result_says_tricks_won_by_each_team(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 37 item 5: "(tricks 1-7)" read as a range; the result line names each
    team's tricks won, and they add up to the tricks played."""
    assert main(["demo", "--ruleset", name, "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "(tricks " not in out
    line = next(x for x in out.splitlines() if x.strip().startswith("Tricks won:"))
    won = [int(n) for n in re.findall(r" (\d+)(?:,|$)", line)]
    played = len(re.findall(r"^ +\d+\. ", out, flags=re.M))
    assert len(won) == 2 and sum(won) == played > 0


def test_every_command_has_a_description_and_examples_that_parse() -> None:
    """Issue 37 item 6: each subcommand's help has a description and at least one
    example, and every example (the command line, without shell redirections) is
    accepted by the parser as written."""
    import argparse
    import shlex

    from twentyeight.cli.app import _parser

    parser = _parser()
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(subs.choices) >= {"rulesets", "demo", "play", "simulate", "arena", "render"}
    for name, sub in subs.choices.items():
        assert sub.description, name
        examples = [line.strip() for line in (sub.epilog or "").splitlines()[1:]]
        assert examples and all(e.startswith(f"twentyeight {name}") for e in examples)
        for example in examples:
            words = shlex.split(example.split(" > ")[0].split(" < ")[0].split(" | ")[0])
            parsed = parser.parse_args(words[1:])
            assert parsed.command == name
    assert "seed for the deal" not in subs.choices["simulate"].format_help()
    assert "is the same" not in subs.choices["arena"].format_help()


def test_the_header_names_the_first_to_bid_where_it_is_not_the_opener(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 37 item 5: Thunee's demo said "Opener: North" while West spoke first; the
    header now names the first to bid where the auction starts elsewhere, and the
    auction's first line is that seat's."""
    assert main(["demo", "--ruleset", "thunee", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    first = re.search(r"First to bid: (\w+) +Opener: (\w+)", out)
    assert first is not None and first.group(1) != first.group(2)
    auction = out.split("\nAuction")[1].splitlines()[1].split()
    assert auction[0] == first.group(1)
    assert main(["demo", "--ruleset", "28", "--seed", "5"]) == 0
    assert "First to bid" not in capsys.readouterr().out
