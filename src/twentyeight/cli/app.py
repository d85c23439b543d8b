"""The ``twentyeight`` command's entry point: its arguments, and its exit status when
something goes wrong (a bad option, a closed pipe, a full disk, an input that fails)."""

from __future__ import annotations

import argparse
import errno
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

from .. import __version__
from ..analysis import DEFAULT_WORLDS, MAX_WORLDS
from ..bots import bot_factory
from ..errors import ConfigError, DealError, ParseError, TwentyEightError, UnknownRulesetError
from ..inputs import read_number
from ..round import MAX_SEED
from .analyse import _cmd_analyse
from .commands import BOTS, _cmd_arena, _cmd_demo, _cmd_rulesets, _cmd_simulate
from .game import _cmd_play
from .interrupts import EXIT_INTERRUPTED, say_interrupted
from .jsonout import _errors_in_json, _json_errors, _say_failure, _wants_json
from .replay import _cmd_render
from .saving import _Refused
from .serve import _cmd_serve
from .streams import _discard_output, _InputFailed, _output_failed, _shown

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

_EXIT_USAGE = 2


def _positive(text: str) -> int:
    """A count given on the command line: ASCII digits only, at least 1."""
    try:
        value = read_number(text.strip(), "a count is written with the digits 0-9")
    except ParseError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


_MAX_JOBS = 1024
"""The most worker processes ``simulate --jobs`` starts: more is a typing slip."""


def _count_up_to(limit: int, what: str) -> Callable[[str], int]:
    """The reader of a count from 1 to ``limit`` given on the command line (``what`` it
    counts, for its docstring)."""

    def count(text: str) -> int:
        value = _positive(text)
        if value > limit:
            raise argparse.ArgumentTypeError(f"must be at most {limit}, got {value}")
        return value

    count.__doc__ = f"A number of {what}: a count from 1 to {limit}."
    return count


_jobs = _count_up_to(_MAX_JOBS, "worker processes")
_worlds = _count_up_to(MAX_WORLDS, "deals to draw")
_port = _count_up_to(65535, "the TCP port")


_SEED_DIGITS = len(str(MAX_SEED - 1))


def _bot_spec(text: str) -> str:
    """A bot given on the command line: a name, or a name and options
    (:func:`~twentyeight.bots.bot_factory`)."""
    try:
        bot_factory(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


_BOT_HELP = f"{', '.join(sorted(BOTS))}, or one with options: pimc:solve_tricks=4,samples=16"


def _seed(text: str) -> int:
    """A seed given on the command line: ASCII digits only, below :data:`MAX_SEED`."""
    try:
        value = read_number(text.strip(), "a seed is written with the digits 0-9",
                            max_digits=_SEED_DIGITS)
    except ParseError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if value >= MAX_SEED:
        raise argparse.ArgumentTypeError("a seed is a whole number from 0 to 2**64 - 1")
    return value


def _seat_number(text: str) -> int:
    """A seat given on the command line: ASCII digits only, from 0."""
    try:
        return read_number(text.strip(), "a seat is written with the digits 0-9", max_digits=3)
    except ParseError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


class _Parser(argparse.ArgumentParser):
    """The argument parser, whose help fails like the rest of the output when it cannot
    be written (argparse itself drops the error, and the help with it)."""

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        (file or sys.stdout).write(self.format_help())

    def error(self, message: str) -> NoReturn:
        """A command line that does not parse: with ``--json`` one JSON object on
        standard error, else argparse's usage and line; exit status 2 either way."""
        if _json_errors():
            raise _UsageError(message)
        super().error(message)


class _UsageError(Exception):
    """A command line argparse refused, when the failure is said as JSON."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _command(sub: argparse._SubParsersAction[_Parser], name: str,
             summary: str, description: str, *examples: str) -> argparse.ArgumentParser:
    """The subcommand ``name``: ``summary`` in the command list, ``description`` and
    ``examples`` in its own help."""
    return sub.add_parser(
        name, help=summary, description=description,
        epilog="examples:\n" + "\n".join(f"  {e}" for e in examples),
        formatter_class=argparse.RawDescriptionHelpFormatter)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="twentyeight",
        description="Rules engine for the Indian card game 28 and its relatives.",
        epilog="examples:\n  twentyeight demo --ruleset 29 --seed 5 --record r.json\n"
               "  twentyeight render r.json --html r.html\n"
               "  twentyeight COMMAND --help     (each command's options and examples)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"twentyeight {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def json_flag(p: argparse.ArgumentParser, what: str) -> None:
        p.add_argument("--json", action="store_true",
                       help=f"print {what} as one JSON document (its schema is in "
                            "docs/schema/), and a failure as one JSON object on standard "
                            "error")

    p = _command(sub, "rulesets", "list the rulesets, their aliases and descriptions",
                 "List every registered ruleset (presets and the plug-ins installed) and "
                 "the modifiers that may follow '+', with aliases and descriptions.",
                 "twentyeight rulesets", "twentyeight rulesets | grep 56",
                 "twentyeight rulesets --json")
    json_flag(p, "the list")
    p.set_defaults(func=_cmd_rulesets)

    def common(p: argparse.ArgumentParser, bots: bool = True, seeded: str = "the deal",
               ) -> None:
        p.add_argument("--ruleset", default="28", help="ruleset name or alias, with "
                       "modifiers after '+' (default: 28)")
        p.add_argument("--seed", type=_seed, default=None,
                       help=f"seed of {seeded} (default: random)")
        if bots:
            p.add_argument("--bots", type=_bot_spec, default="heuristic", metavar="BOT",
                           help=f"which bots play (default: heuristic): {_BOT_HELP}")

    def workers(p: argparse.ArgumentParser, work: str, outcome: str) -> None:
        p.add_argument("--jobs", type=_jobs, default=1,
                       help=f"worker processes to play the {work} in; the {outcome} "
                            "comes out the same for any number (default: 1, in this "
                            "process)")
        p.add_argument("--dask", metavar="ADDRESS", default=None,
                       help=f"play the {work} on the Dask cluster at ADDRESS instead "
                            f"(needs twentyeight[dask]); the {outcome} comes out the "
                            "same")

    def record(p: argparse.ArgumentParser, what: str) -> None:
        p.add_argument("--record", metavar="FILE", default=None,
                       help=f"save {what}'s record (what Round.to_json() writes; "
                            "'twentyeight render FILE' shows it) to FILE; '-' writes it "
                            "to standard output, and the rest to standard error")

    p = _command(sub, "demo", "watch bots play one round, with every hand shown",
                 "Bots play one round (deal after deal until one is played out), and the "
                 "whole round is printed: the deal, the auction, every trick and the "
                 "result.",
                 "twentyeight demo --ruleset 29 --seed 5",
                 "twentyeight demo --ruleset 28+pair --record round.json",
                 "twentyeight demo --seed 5 --json > demo.json")
    common(p)
    json_flag(p, "the round (its record and result)")
    record(p, "the round")
    p.set_defaults(func=_cmd_demo)

    p = _command(sub, "play", "play a seat against bots in the terminal",
                 "Play one seat against bots: type an action when it is your turn "
                 "('help' lists them, 'quit' leaves). With --record the round is saved, "
                 "and --resume goes on with it later.",
                 "twentyeight play --ruleset 56 --seat 1",
                 "twentyeight play --record round.json",
                 "twentyeight play --resume round.json")
    common(p, bots=False)
    p.set_defaults(ruleset=None)  # given or not: --resume refuses it
    p.add_argument("--seat", type=_seat_number, default=0,
                   help="the seat you play, from 0 (default: 0, South)")
    p.add_argument("--bots", type=_bot_spec, default="heuristic", metavar="BOT",
                   help=f"which bots play the other seats (default: heuristic): {_BOT_HELP}")
    record(p, "the round (when it ends, or when you leave: quit, the end of the input, "
              "Ctrl-C)")
    p.add_argument("--resume", metavar="FILE", default=None,
                   help="go on with the round saved in FILE by --record (its ruleset and "
                        "deal: no --ruleset or --seed)")
    p.set_defaults(func=_cmd_play)

    p = _command(sub, "simulate", "play many rounds with bots and print statistics",
                 "Bots play many rounds of one ruleset; the statistics (bids, contracts "
                 "made, card and game points) are printed at the end, or so far if "
                 "interrupted.",
                 "twentyeight simulate --ruleset 304 --rounds 5000 --jobs 2",
                 "twentyeight simulate --rounds 100 --record - --round 7 > r7.json",
                 "twentyeight simulate --rounds 500 --seed 1 --json")
    p.add_argument("--rounds", type=_positive, default=1000,
                   help="number of rounds (default: 1000)")
    workers(p, "rounds", "statistics")
    json_flag(p, "the statistics")
    common(p, seeded="the run (each round's deal follows from it)")
    record(p, "one round (--round)")
    p.add_argument("--round", type=_positive, default=None, metavar="K",
                   help="which round --record saves, from 1 (default: 1)")
    p.set_defaults(func=_cmd_simulate)

    p = _command(sub, "arena", "measure bots against each other on duplicate deals",
                 "Each pair of bots plays every deal twice, seats swapped, and the report "
                 "gives each bot's game points per deal against the other, with a 95% "
                 "interval.",
                 "twentyeight arena --bots heuristic random --deals 500",
                 "twentyeight arena --bots pimc heuristic --deals 100 --jobs 2 --json",
                 "twentyeight arena --bots pimc pimc:solve_tricks=4 --deals 500 --jobs 2")
    p.add_argument("--bots", nargs="+", type=_bot_spec, required=True,
                   metavar="BOT", help=f"two or more of: {_BOT_HELP}")
    p.add_argument("--deals", type=_positive, default=100,
                   help="duplicate deals for each pair of bots (default: 100)")
    workers(p, "deals", "report")
    json_flag(p, "the report")
    common(p, bots=False, seeded="the run (each deal follows from it)")
    record(p, "one deal (--deal) as the first two bots played it")
    p.add_argument("--deal", type=_positive, default=None, metavar="K",
                   help="which duplicate deal --record saves, from 1 (default: 1)")
    p.add_argument("--swapped", action="store_true",
                   help="save the deal's second play, the first bot in the odd seats "
                        "(default: the first play, the first bot in the even seats)")
    p.set_defaults(func=_cmd_arena)

    p = _command(sub, "render", "draw a round: its replay as one HTML page, or SVG "
                 "pictures",
                 "Draw a saved round (a record from --record or Round.to_json(), or a "
                 "public record), or one bots play now (--ruleset, --seed, --bots): the "
                 "replay as one self-contained HTML page, or SVG pictures.",
                 "twentyeight render round.json --html round.html",
                 "twentyeight render - --svg - < round.json > table.svg",
                 "twentyeight render --ruleset 29 --seed 5 --html replay.html")
    p.add_argument("record", metavar="RECORD.json", nargs="?", default=None,
                   help="a round record (Round.to_json(), --record) or a public record; "
                        "'-' reads standard input")
    p.add_argument("--html", metavar="FILE", default=None,
                   help="write the replay, one self-contained page, to FILE ('-': "
                        "standard output)")
    p.add_argument("--svg", metavar="FILE", default=None,
                   help="write the table at the end of the round, one SVG picture, to "
                        "FILE ('-': standard output)")
    p.add_argument("--svg-steps", metavar="FOLDER", default=None,
                   help="write every step's pictures to FOLDER (made if missing) as "
                        "step-NN-M.svg, picture M of step NN, as the replay shows them")
    p.add_argument("--seat", type=_seat_number, default=None,
                   help="whose view to show a round record as (default: the spectators'; "
                        "a public record shows its own audience)")
    p.add_argument("--ruleset", default=None,
                   help="without a record: bots play a round of this ruleset (default: 28)")
    p.add_argument("--seed", type=_seed, default=None,
                   help="without a record: the seed of the round bots play (default: random)")
    p.add_argument("--bots", type=_bot_spec, default=None, metavar="BOT",
                   help=f"without a record: which bots play it (default: heuristic): "
                        f"{_BOT_HELP}")
    p.set_defaults(func=_cmd_render)

    p = _command(sub, "serve", "run a table server: tables to play in the browser or "
                 "over WebSocket",
                 "Run the table server (needs twentyeight[server]): tables of any ruleset "
                 "that people join over HTTP and play over WebSocket, bots in the seats "
                 "nobody holds, every accepted action stored in one SQLite file and the "
                 "tables rebuilt from it on start. Ctrl-C stops it. --backup copies the "
                 "file, even while a server uses it.",
                 "twentyeight serve --db tables.db",
                 "twentyeight serve --db tables.db --host 0.0.0.0 --port 8080 "
                 "--origin https://example.org",
                 "twentyeight serve --db tables.db --backup tables-copy.db")
    p.add_argument("--db", metavar="FILE", default="twentyeight-tables.db",
                   help="the SQLite file of the tables, made if missing (default: "
                        "twentyeight-tables.db)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default: 127.0.0.1, this machine only)")
    p.add_argument("--port", type=_port, default=8000, help="the port (default: 8000)")
    p.add_argument("--origin", action="append", metavar="URL",
                   help="a web page origin allowed to open the WebSocket (repeat for more; "
                        "clients that send no Origin header are always let in)")
    p.add_argument("--quota", type=_positive, default=20,
                   help="unfinished tables one client address may have (default: 20)")
    p.add_argument("--rate", type=_positive, default=20,
                   help="messages a second one connection may send, on average (bursts "
                        "of twice that); past it the connection is closed (default: 20)")
    p.add_argument("--expire-after", type=_positive, default=168, metavar="HOURS",
                   help="delete a table, finished or abandoned, this many hours after its "
                        "last change (default: 168, a week)")
    p.add_argument("--backup", metavar="FILE", default=None,
                   help="copy the tables' file to FILE (SQLite's online backup) and stop")
    p.set_defaults(func=_cmd_serve)

    p = _command(sub, "analyse", "show what every play of a round was worth, and which "
                 "plays cost points",
                 "Analyse a round's play from its full record: for every decision, the "
                 "double-dummy value of each legal action (the card points its side ends "
                 "with under best play, every hand known: given for a finished round "
                 "only), the plays that cost points and how many, and with --seat the "
                 "informed values of that seat's plays (averaged over deals it could not "
                 "tell from the real one, each solved). Solving from the first lead takes "
                 "about a second a round of 28, far longer where plug-ins hook the play: "
                 "--from-trick starts later.",
                 "twentyeight analyse round.json",
                 "twentyeight analyse round.json --seat 0 --worlds 16",
                 "twentyeight analyse round.json --from-trick 5 --json",
                 "twentyeight analyse round.json --html analysed.html")
    p.add_argument("record", metavar="RECORD.json",
                   help="a round's full record (Round.to_json(), --record); '-' reads "
                        "standard input")
    p.add_argument("--seat", type=_seat_number, default=None,
                   help="also give the informed values of this seat's plays (needed for "
                        "a round not finished, which gets no double-dummy values)")
    p.add_argument("--worlds", type=_worlds, default=DEFAULT_WORLDS,
                   help=f"deals drawn and solved for each informed value, 1 to "
                        f"{MAX_WORLDS} (default: {DEFAULT_WORLDS})")
    p.add_argument("--from-trick", type=_positive, default=1, metavar="K",
                   help="start at trick K, from 1 (default: 1, the first lead)")
    p.add_argument("--html", metavar="FILE", default=None,
                   help="write the round's replay with the analysis as a layer to turn "
                        "on, one self-contained page, to FILE ('-': standard output), "
                        "instead of the text")
    json_flag(p, "the analysis")
    p.set_defaults(func=_cmd_analyse)
    return parser


_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EFBIG})
"""Errors only a write can meet, whatever stream they came from (a closed pipe is a
:class:`BrokenPipeError` of its own)."""


def _reason(error: OSError) -> str:
    return error.strerror or str(error) or type(error).__name__


def main(argv: list[str] | None = None) -> int:
    """Run the ``twentyeight`` command with ``argv`` (default: ``sys.argv[1:]``) and
    return its exit code: 0 on success, 2 for bad usage or an unknown ruleset, 1 when
    the output cannot be written (a full disk, a closed pipe) or the input cannot be
    read, 130 when interrupted (Ctrl-C). Such a failure is one line on standard error
    (none for a closed pipe), not a traceback; with ``--json`` on the command line, one
    JSON object (see :mod:`.jsonout`). The installed command runs this through
    :func:`~twentyeight.cli.interrupts.run_command`, which also makes an interrupt at
    any moment end the process within a second."""
    _errors_in_json(_wants_json(sys.argv[1:] if argv is None else argv))
    if sys.stdout is None:  # started with stdout closed: nothing shown would be seen
        _say_failure("output", "cannot write the output: standard output is closed", 1)
        return 1
    try:
        code = _run(argv)
        # Written out here, so a failing write is caught below and not at interpreter
        # exit, where Python would print its own report.
        sys.stdout.flush()
    except BrokenPipeError:
        # Output piped into a program that stopped reading (e.g. `| head`): stop quietly.
        _discard_output()
        return 1
    except _InputFailed as exc:
        _say_failure("input", f"cannot read the input: {_reason(exc.error)}", 1)
        return 1
    except OSError as exc:
        if exc.errno in _WRITE_ERRORS or _output_failed():
            _discard_output()
            _say_failure("output", f"cannot write the output: {_reason(exc)}", 1)
        else:
            _say_failure("system", _reason(exc), 1)
        return 1
    return code


def _run(argv: list[str] | None) -> int:
    """:func:`main` up to the output's last flush."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except _UsageError as exc:
        _say_failure("usage", exc.message, _EXIT_USAGE)
        return _EXIT_USAGE
    except SystemExit as exc:  # argparse has printed the problem (or the help)
        return exc.code if isinstance(exc.code, int) else _EXIT_USAGE
    if args.command is None:
        parser.print_help()
        return _EXIT_USAGE
    try:
        code: int = args.func(args)
    except _Refused as exc:
        _say_failure(exc.kind, exc.message, exc.code)
        return exc.code
    except (UnknownRulesetError, ConfigError, DealError) as exc:
        # A ruleset name, option or seed the user gave that does not work.
        kind = ("unknown-ruleset" if isinstance(exc, UnknownRulesetError)
                else "config" if isinstance(exc, ConfigError) else "deal")
        _say_failure(kind, _shown(str(exc)), _EXIT_USAGE)
        return _EXIT_USAGE
    except TwentyEightError as exc:
        _say_failure("internal", _shown(str(exc)), 1, internal=True)
        return 1
    except KeyboardInterrupt:
        say_interrupted()
        return EXIT_INTERRUPTED
    return code
