"""``twentyeight render``: a round record (or public record) as a replay in one HTML
file, to open in any browser."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import TwentyEightError
from ..records import MAX_RECORD_CHARS
from ..render import replay_html
from ..render.replay import public_state
from .files import _write_text
from .narrate import seat_names
from .streams import _shown


def _cmd_render(args: argparse.Namespace) -> int:
    """Write the replay of ``args.record`` to ``args.html``; 1 with one line on standard
    error when the record cannot be read, is not a record, or the page cannot be
    written."""
    path = Path(args.record)
    try:
        with path.open("rb") as f:
            # One byte past the limit is enough to know the record is too large.
            data = f.read(MAX_RECORD_CHARS + 1)
    except OSError as exc:
        print(f"twentyeight: error: cannot read {_shown(str(path))}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    try:
        rec = public_state(data, args.seat)
        names = seat_names(int(rec["players"]), rec.get("audience"))
        # The names are compass points, seat 0 South: South stays at the bottom.
        page = replay_html(rec, names=names, bottom=0)
    except TwentyEightError as exc:  # not a record, or not of a seat at its table
        print(f"twentyeight: error: {_shown(str(path))}: {_shown(str(exc))}", file=sys.stderr)
        return 1
    out = Path(args.html)
    try:
        _write_text(out, page)
    except OSError as exc:
        print(f"twentyeight: error: cannot write {_shown(str(out))}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    audience = "the spectators" if rec.get("audience") is None else \
        f"seat {rec['audience']}"
    print(f"wrote {_shown(str(out))}: a replay of a round of {_shown(str(rec['ruleset']))} "
          f"as {audience} saw it")
    return 0
