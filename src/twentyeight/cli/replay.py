"""``twentyeight render``: a round record (or public record) as pictures, to open in any
browser: the replay as one HTML page (``--html``), the table at the end as one SVG
picture (``--svg``), or every step's pictures as SVG files in a folder
(``--svg-steps``). The record comes from a file, from standard input (``-``), or is
played by bots on the spot (``--ruleset``, ``--seed``, ``--bots``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import TwentyEightError
from ..registry import ruleset as lookup_ruleset
from ..render import frames, replay_html, table_svg
from ..render.replay import public_state
from ..render.seats import seat_label
from .commands import _bot_deals, _fresh_seed
from .saving import STDIO, _check_stdout, _Output, _read_input, _Refused
from .streams import _shown


def _source(args: argparse.Namespace) -> tuple[str | bytes, str]:
    """The record to show, and what a message calls it: the file (or standard input)
    named, or a round bots play for ``--ruleset``, ``--seed`` and ``--bots``."""
    made = args.ruleset is not None or args.seed is not None or args.bots is not None
    if args.record is not None:
        if made:
            raise _Refused("give a record or --ruleset/--seed/--bots to play one, not both", 2)
        name = "standard input" if args.record == STDIO else _shown(args.record)
        return _read_input(args.record), name
    if not made:
        raise _Refused("give a record to show (a file, or - for standard input), or "
                       "--ruleset/--seed/--bots to play one", 2)
    rs = lookup_ruleset(args.ruleset if args.ruleset is not None else "28")
    seed = args.seed if args.seed is not None else _fresh_seed()
    *_, (_, last) = _bot_deals(rs, seed, args.bots or "heuristic")
    return last.to_json(), f"the round of seed {seed}"


def _cmd_render(args: argparse.Namespace) -> int:
    """Write the pictures of ``args.record`` (or of a round bots play) where ``--html``,
    ``--svg`` and ``--svg-steps`` say; 1 with one line on standard error when the record
    cannot be read, is not a record, or a picture cannot be written."""
    if args.html is None and args.svg is None and args.svg_steps is None:
        raise _Refused("nothing to write: give --html FILE, --svg FILE or --svg-steps "
                       "FOLDER ('-' for standard output)", 2)
    _check_stdout(args.html, args.svg)
    # What the command says goes to standard error while a picture goes to its output.
    talk = sys.stderr if STDIO in (args.html, args.svg) else sys.stdout
    html, svg = (None if n is None else _Output(n) for n in (args.html, args.svg))
    data, shown = _source(args)
    try:
        rec = public_state(data, args.seat)
        # The library's own names and places: the seat shown ("You") at the bottom.
        page = replay_html(rec) if html is not None else ""
        final = table_svg(rec) if svg is not None else ""
        steps = frames(rec) if args.svg_steps is not None else []
    except TwentyEightError as exc:  # not a record, or not of a seat at its table
        raise _Refused(f"{shown}: {_shown(str(exc))}") from None
    audience = "the spectators" if rec.get("audience") is None else \
        seat_label(rec["audience"], int(rec["players"]))
    what = f"a round of {_shown(str(rec['ruleset']))} as {audience} saw it"
    if html is not None:
        print(f"wrote {html.write(page)}: a replay of {what}", file=talk)
    if svg is not None:
        print(f"wrote {svg.write(final)}: the table at the end of {what}", file=talk)
    if args.svg_steps is not None:
        folder = Path(args.svg_steps)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _Refused(f"cannot make the folder {_shown(str(folder))}: "
                           f"{exc.strerror or exc}") from None
        count = 0
        for k, frame in enumerate(steps, 1):
            for m, picture in enumerate(frame.pictures, 1):
                _Output(str(folder / f"step-{k:02}-{m}.svg")).write(picture)
                count += 1
        print(f"wrote {count} pictures of {len(steps)} steps to {_shown(str(folder))}: "
              f"step-NN-M.svg is picture M of step NN of {what}", file=talk)
    return 0
