"""``twentyeight analyse``: what every play of a recorded round was worth, and which
plays cost points (:func:`twentyeight.analysis.analyse`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..actions import Action
from ..analysis import Analysis, Decision, analyse
from ..errors import TwentyEightError
from ..records import PUBLIC_RECORD_FORMAT
from ..render import replay_html
from ..render.seats import seat_label
from ..round import Round
from .jsonout import _print_document
from .saving import STDIO, _check_stdout, _Output, _read_input, _Refused
from .streams import _shown


def _values(values: dict[Action, Any] | Any) -> dict[str, Any]:
    return {str(a): v for a, v in values.items()}


def _decision_json(d: Decision) -> dict[str, Any]:
    return {
        "index": d.index, "tricks_done": d.tricks_done, "seat": d.seat,
        "action": str(d.action), "legal": [str(a) for a in d.legal],
        "double_dummy": None if d.double_dummy is None else _values(d.double_dummy),
        "lines": None if d.lines is None else {str(a): list(v) for a, v in d.lines.items()},
        "before": None if d.before is None else list(d.before),
        "after": None if d.after is None else list(d.after),
        "cost": d.cost,
        "informed": None if d.informed is None else
        {str(a): round(v, 4) for a, v in d.informed.items()},
        "informed_cost": None if d.informed_cost is None else round(d.informed_cost, 4),
        "best": [str(a) for a in d.best],
    }


def _teams(analysis: Analysis) -> list[dict[str, Any]]:
    start = analysis.start
    return [{"team": t, "start": None if start is None else start[t],
             "received": analysis.received(t), "given_away": analysis.given_away(t),
             "card_points": analysis.card_points[t]} for t in (0, 1)]


def _points(value: float) -> str:
    return str(value) if isinstance(value, int) else f"{value:.1f}"


def _line(d: Decision, players: int) -> str:
    """One decision as a line of text: who played what, its value and the best."""
    text = f"  {seat_label(d.seat, players):<18} {d.action!s:<14}"
    if d.double_dummy is not None and d.cost is not None:
        text += f" {d.double_dummy[d.action]:>3}"
        if d.cost > 0:
            best = d.best[0]
            text += f"  costs {d.cost}: best {best} ({d.double_dummy[best]})"
    if d.informed is not None and d.informed_cost is not None:
        best = max(d.legal, key=lambda a: d.informed[a])  # type: ignore[index]
        text += f"  informed {_points(d.informed[d.action])}"
        if d.informed_cost > 1e-9:
            text += f" of {_points(d.informed[best])} ({best})"
    return text.rstrip()


def _print_text(analysis: Analysis, players: int, from_trick: int) -> None:
    where = "the first lead" if from_trick == 0 else f"the start of trick {from_trick + 1}"
    what = []
    if analysis.double_dummy:
        what.append("double-dummy values (every hand known)")
    if analysis.informed_seats:
        whose = ", ".join(seat_label(s, players) for s in analysis.informed_seats)
        what.append(f"informed values for {whose} ({analysis.worlds} deals each)")
    print(f"A round of {analysis.ruleset}, from {where}: {' and '.join(what)}.")
    trick = -1
    for d in analysis.decisions:
        if d.tricks_done != trick:
            trick = d.tricks_done
            print(f"Trick {trick + 1}")
        print(_line(d, players))
    start = analysis.start
    if start is None:
        return
    for t in (0, 1):
        names = " and ".join(seat_label(s, players) for s in range(t, players, 2))
        print(f"{names}: {start[t]} double-dummy at {where}, +{analysis.received(t)} "
              f"given by the other side, -{analysis.given_away(t)} given away: "
              f"took {analysis.card_points[t]}.")


def _cmd_analyse(args: argparse.Namespace) -> int:
    """Analyse the round recorded in ``args.record``: text, or a JSON document, and with
    ``--html`` the replay with the analysis as a layer."""
    _check_stdout(args.html, STDIO if args.json else None)
    html = _Output(args.html) if args.html is not None else None
    shown = "standard input" if args.record == STDIO else _shown(args.record)
    data = _read_input(args.record).strip()
    if f'"{PUBLIC_RECORD_FORMAT}"'.encode() in data:
        raise _Refused(f"{shown}: a public record does not hold the cards still hidden: "
                       "analyse reads the round's full record (Round.to_json, --record)",
                       1, "record")
    try:
        rnd = Round.from_json(data)
    except TwentyEightError as exc:
        raise _Refused(f"{shown}: {_shown(str(exc))}", 1, "record") from None
    players = rnd.players
    if args.seat is not None and args.seat >= players:
        raise _Refused(f"--seat {args.seat}: a table of {players} has seats 0 to "
                       f"{players - 1}", 2)
    if not rnd.is_over and args.seat is None:
        raise _Refused(f"{shown}: the round is not finished, and double-dummy values "
                       "would show cards still hidden: give --seat N for the informed "
                       "values of that seat's plays")
    if args.from_trick > rnd.ruleset.config.tricks:
        raise _Refused(f"--from-trick {args.from_trick}: a round of {rnd.ruleset.name} "
                       f"has {rnd.ruleset.config.tricks} tricks", 2)
    worlds = args.worlds if args.seat is not None else 0
    analysis = analyse(rnd, seat=args.seat, worlds=worlds, from_trick=args.from_trick - 1)
    if html is not None:
        page = replay_html(rnd, args.seat, analysis=analysis)
        # What the command says goes to standard error while the page goes to its output.
        talk = sys.stderr if html.to_stdout or args.json else sys.stdout
        print(f"wrote {html.write(page)}: the replay of the round with its analysis "
              "(turn it on with \"Show the analysis\")", file=talk)
        if not args.json:
            return 0
    if args.json:
        _print_document("analyse", {
            "ruleset": analysis.ruleset, "players": players,
            "from_trick": args.from_trick, "double_dummy": analysis.double_dummy,
            "informed_seats": list(analysis.informed_seats), "worlds": analysis.worlds,
            "card_points": list(analysis.card_points),
            "start": None if analysis.start is None else list(analysis.start),
            "teams": _teams(analysis),
            "decisions": [_decision_json(d) for d in analysis.decisions]})
        return 0
    _print_text(analysis, players, args.from_trick - 1)
    return 0
