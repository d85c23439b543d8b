"""Round records on the command line: ``--record FILE`` saves one, ``--resume FILE`` and
``render FILE`` read one, and ``-`` names standard output or input. A record is what
:meth:`~twentyeight.Round.to_json` writes; reading one replays it with
:meth:`~twentyeight.Round.from_json`, so the command has no format of its own.

When a record (or any other document) goes to standard output, it is all that goes
there: what the command would otherwise print goes to standard error (see
:func:`_talk_aside`)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from ..errors import TwentyEightError
from ..records import MAX_RECORD_CHARS
from ..round import Round
from .files import _write_text
from .streams import _shown

STDIO = "-"
"""The file name that stands for standard input or output."""


class _Refused(Exception):
    """The command cannot go on: :attr:`message` is its one line on standard error (after
    ``twentyeight: error:``), :attr:`code` its exit status, :attr:`kind` the word a JSON
    error gives for it (by default ``usage`` for status 2, options that do not fit, and
    ``failed`` otherwise)."""

    def __init__(self, message: str, code: int = 1, kind: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.kind = kind if kind is not None else "usage" if code == 2 else "failed"


def _where(name: str) -> str:
    """``name`` as a message shows it."""
    return "standard output" if name == STDIO else _shown(name)


def _read_input(name: str) -> bytes:
    """The bytes of the file ``name`` (``-``: standard input), at most one byte past
    :data:`MAX_RECORD_CHARS` (enough to know a record is too large)."""
    limit = MAX_RECORD_CHARS + 1
    if name == STDIO:
        stream = getattr(sys.stdin, "buffer", None) if sys.stdin is not None else None
        if stream is None:
            raise _Refused("cannot read standard input: it is closed", 1, "input")
        try:
            data: bytes = stream.read(limit)
        except OSError as exc:
            raise _Refused(f"cannot read standard input: {exc.strerror or exc}", 1,
                           "input") from None
        return data
    try:
        with Path(name).open("rb") as f:
            return f.read(limit)
    except OSError as exc:
        raise _Refused(f"cannot read {_shown(name)}: {exc.strerror or exc}", 1,
                       "input") from None


def _read_round(name: str) -> Round:
    """The round recorded in the file ``name`` (``-``: standard input), replayed."""
    data = _read_input(name)
    try:
        return Round.from_json(data.strip())
    except TwentyEightError as exc:
        shown = "standard input" if name == STDIO else _shown(name)
        raise _Refused(f"{shown}: {_shown(str(exc))}", 1, "record") from None


class _Output:
    """Where a command writes a document: a file, or (``-``) the standard output the
    command had when it started, even while its talk goes to standard error."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.stdout: TextIO | None = sys.stdout

    @property
    def to_stdout(self) -> bool:
        return self.name == STDIO

    def write(self, text: str) -> str:
        """Write ``text``; where it went, as a message says it."""
        if self.to_stdout:
            if self.stdout is None:
                raise _Refused("cannot write standard output: it is closed", 1, "output")
            self.stdout.write(text)
            self.stdout.flush()
            return "standard output"
        try:
            _write_text(Path(self.name), text)
        except OSError as exc:
            raise _Refused(f"cannot write {_shown(self.name)}: {exc.strerror or exc}", 1,
                           "output") from None
        return _shown(self.name)

    def save(self, rnd: Round) -> str:
        """Write ``rnd``'s record (:meth:`~twentyeight.Round.to_json`, one line)."""
        return self.write(rnd.to_json() + "\n")


def _output(name: str | None) -> _Output | None:
    return None if name is None else _Output(name)


@contextlib.contextmanager
def _talk_aside(*outputs: _Output | None) -> Iterator[None]:
    """While a document goes to standard output, send everything else printed there
    (a transcript, statistics, the game's prompts) to standard error instead."""
    if any(o is not None and o.to_stdout for o in outputs) and sys.stderr is not None:
        with contextlib.redirect_stdout(sys.stderr):
            yield
    else:
        yield


def _check_stdout(*names: str | None) -> None:
    """At most one document may go to standard output."""
    if sum(n == STDIO for n in names) > 1:
        raise _Refused("only one output can go to standard output ('-')", 2)
