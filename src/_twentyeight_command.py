"""The ``twentyeight`` console script's entry point.

It lives outside the ``twentyeight`` package so that it runs before the package is
imported: importing the package takes a fifth of a second or more, and a Ctrl-C in that
time would otherwise end in a traceback. Until the command takes over (see
:mod:`twentyeight.cli.interrupts`), an interrupt ends the process at once with one line
and exit status 130: nothing has been done yet that needs undoing.
"""

import os
import signal
from types import FrameType

_LINE = b"twentyeight: interrupted\n"
_EXIT_INTERRUPTED = 130


def _interrupted(signum: int, frame: FrameType | None) -> None:
    os.write(2, _LINE)
    os._exit(_EXIT_INTERRUPTED)


def main() -> int:
    """Run the ``twentyeight`` command and return its exit status."""
    try:
        if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
            signal.signal(signal.SIGINT, _interrupted)
            if hasattr(signal, "pthread_sigmask"):
                # Started with SIGINT blocked, an interrupt sent during the interpreter's
                # own start-up has waited: it is handled now.
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        from twentyeight.cli.interrupts import run_command
    except KeyboardInterrupt:  # in the instant before the handler above was set
        os.write(2, _LINE)
        return _EXIT_INTERRUPTED
    return run_command()


if __name__ == "__main__":
    raise SystemExit(main())
