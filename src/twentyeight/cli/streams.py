"""Standard input and output at their edges: text the output's encoding cannot take,
typed lines that are not text, and streams that are closed or fail."""

from __future__ import annotations

import contextlib
import os
import sys


class _InputFailed(Exception):
    """Standard input broke while a move was read (an error of the device, not the end
    of the input)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


def _undecodable(line: str) -> bool:
    """True if ``line`` holds stand-ins for input bytes that were not text in the input's
    encoding: lone surrogates (``surrogateescape``) or U+FFFD (``replace``)."""
    return "\ufffd" in line or any("\udc80" <= c <= "\udcff" for c in line)


def _lenient(stream: object) -> None:
    """Let a strict text stream keep bytes that are not valid in its encoding (as lone
    surrogates) instead of raising. A strict stream fails a whole chunk at once, so one
    bad line would also lose the good lines read with it, and end the game."""
    if getattr(stream, "errors", None) != "strict":
        return
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is None:
        return
    with contextlib.suppress(OSError, ValueError):  # read from already: it stays as is
        reconfigure(errors="surrogateescape")


def _shown(text: str) -> str:
    """Player text (a typed line, a name given on the command line) as it is safe to
    show on a terminal: control characters and other characters that print as nothing
    (an escape that starts a terminal's control sequence, a bell, a right-to-left
    override) become backslash escapes such as ``\\x1b``; everything else is kept."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text)


def _printable(text: str, stream: object) -> str:
    """``text`` as ``stream`` can write it: characters its encoding cannot take (a typed
    ``²`` on an ASCII terminal, stand-ins for undecodable input) become backslash escapes
    rather than failing the write."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    errors = getattr(stream, "errors", None) or "strict"
    try:
        text.encode(encoding, errors)
    except UnicodeEncodeError:
        return text.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:  # an encoding or error handler Python does not know: try as is
        pass
    return text


def _complain(message: str) -> None:
    """Say ``message`` on standard error while it still works; when it fails too there
    is nowhere left to say it."""
    if sys.stderr is None:
        return
    with contextlib.suppress(OSError, ValueError):
        print(message, file=sys.stderr, flush=True)


def _output_failed() -> bool:
    """True if standard output cannot take what is waiting to be written to it."""
    if sys.stdout is None:
        return True
    try:
        sys.stdout.flush()
    except (OSError, ValueError):  # ValueError: the stream was closed
        return True
    return False


def _discard_output() -> None:
    """Point standard output at the null device, so that what is still buffered for it
    does not fail again when the interpreter flushes it on the way out."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no file descriptor behind it
        pass
    finally:
        os.close(devnull)
