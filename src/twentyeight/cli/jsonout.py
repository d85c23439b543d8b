"""``--json``: output for a script to read. A command given ``--json`` writes one JSON
document on standard output and nothing else there; when it fails, standard output stays
empty and standard error holds one JSON object (one line) saying what went wrong, with
the exit status the command has without ``--json``.

Every document, the error included, is an object whose first two keys say what it is:
``"format": "twentyeight.<command>"`` (``"twentyeight.error"`` for an error) and
``"version"``, the version of that shape. A version keeps its keys and their meaning;
keys may be added to it, and a change that takes one away or changes what one means
comes as the next version. Each shape is a JSON Schema in ``docs/schema/`` (named
``<command>.v<version>.schema.json``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from .interrupts import EXIT_INTERRUPTED, set_interrupted_line
from .saving import _Output, _Refused
from .streams import _complain

FLAG = "--json"
"""The option that asks for JSON."""

VERSION = 1
"""The version of every shape this release writes."""

ERROR_FORMAT = "twentyeight.error"
"""The format of the object a failing command writes on standard error."""

_errors_as_json = False
"""Whether the command running says its failures as JSON (``--json`` was given)."""


def _wants_json(argv: Sequence[str]) -> bool:
    """True if ``argv`` asks for JSON: ``--json`` among the options (before a ``--``),
    whatever the command, so that even a command line argparse refuses fails in JSON."""
    for arg in argv:
        if arg == "--":
            return False
        if arg == FLAG:
            return True
    return False


def _errors_in_json(on: bool) -> None:
    """Say the failures of the command about to run as JSON (``on``) or as text lines,
    an interruption included."""
    global _errors_as_json
    _errors_as_json = on
    set_interrupted_line(_error_object("interrupted", "interrupted", EXIT_INTERRUPTED)
                         if on else None)


def _json_errors() -> bool:
    """Whether the command running says its failures as JSON."""
    return _errors_as_json


def _json_text(value: Any, *, indent: int | None = 2) -> str:
    """``value`` as JSON text: ASCII only (any terminal or pipe takes it), and never
    ``NaN`` or ``Infinity``, which are not JSON."""
    return json.dumps(value, indent=indent, allow_nan=False)


def _document(command: str, body: Mapping[str, Any]) -> dict[str, Any]:
    """The document ``command --json`` writes: its format and version, then ``body``."""
    return {"format": f"twentyeight.{command}", "version": VERSION, **body}


def _print_document(command: str, body: Mapping[str, Any]) -> None:
    """Write :func:`_document` on standard output."""
    print(_json_text(_document(command, body)))


def _error_object(kind: str, message: str, code: int) -> str:
    """The one line a failing command writes on standard error with ``--json``:
    ``kind`` (a word a script can test: ``usage``, ``unknown-ruleset``, ...), the
    ``message`` the text line would say, and the exit status ``code``."""
    return _json_text({"format": ERROR_FORMAT, "version": VERSION, "error": kind,
                       "message": message, "exit": code}, indent=None)


def _say_failure(kind: str, message: str, code: int, *, internal: bool = False) -> None:
    """Say that the command failed: one JSON object with ``--json``, else one line
    ``twentyeight: error: MESSAGE`` (``internal error`` for a fault of the library)."""
    if _errors_as_json:
        _complain(_error_object(kind, message, code))
    else:
        _complain(f"twentyeight: {'internal error' if internal else 'error'}: {message}")


def _talk(json_output: bool) -> TextIO:
    """Where a command's remarks (a record saved) go: standard error while standard
    output is kept for a JSON document."""
    return sys.stderr if json_output else sys.stdout


def _alone_on_stdout(json_output: bool, record: _Output | None) -> None:
    """Refuse ``--json`` with ``--record -``: both would write standard output."""
    if json_output and record is not None and record.to_stdout:
        raise _Refused("--json and --record - both write standard output: save the "
                       "record to a file", 2)
