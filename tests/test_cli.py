"""The ``twentyeight`` command line: rulesets, demo, play, simulate."""

from __future__ import annotations

import io
import re

import pytest

import twentyeight as te
from twentyeight import cli
from twentyeight.cli import main


def _feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


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
    _feed(monkeypatch, "\n".join(script) + "\n")
    assert main(["play", "--seed", "1"]) == 0
    out = capsys.readouterr().out
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


@pytest.mark.parametrize("text", ["quit\n", "1\nquit\n", "", "1\n"])
def test_play_quit_or_end_of_input_exits_0(
    text: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _feed(monkeypatch, text)
    assert main(["play", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("Bye.")
    assert "Traceback" not in out


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
    bar = cli._Progress(10, stream)
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
    assert cli._Style(Terminal()).card(Card.parse("JH")) == "\033[31mJ♥\033[0m"
    assert cli._Style(Terminal()).card(Card.parse("JS")) == "J♠"
    assert cli._Style(io.StringIO()).card(Card.parse("JH")) == "J♥"
    monkeypatch.setenv("NO_COLOR", "1")
    assert cli._Style(Terminal()).card(Card.parse("JH")) == "J♥"
