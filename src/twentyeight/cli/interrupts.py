"""Ctrl-C (SIGINT) for the ``twentyeight`` command: whenever it comes, the command ends
within a second, with exit status 130 and one line on standard error.

The command's usual path handles an interrupt as a :class:`KeyboardInterrupt`: the
pool's workers are stopped, ``simulate`` prints the rounds finished so far, and the
line is said. That path alone is not enough, because a :class:`KeyboardInterrupt` can
land where it is lost or reported as a traceback: inside a garbage collector's callback
or the process pool's own machinery, in a ``finally`` block, or while the interpreter
shuts down and waits for the pool's threads. So :class:`_Guard`, installed by
:func:`run_command` before the command starts:

* raises :class:`KeyboardInterrupt` for the first interrupt only (a second one can then
  not break the first one's handling);
* has the operating system note every interrupt on a pipe that a watchdog thread reads
  (``signal.set_wakeup_fd``), so it is seen at once whatever the main thread is doing;
  if the command has not ended :data:`GRACE` seconds later, the watchdog says the line
  if it has not been said, stops the worker processes and ends the process with 130;
* once interrupted, silences the reports of the pool's threads and of ignored
  exceptions (what they would report is the interrupt itself), and ends the process
  without the interpreter's own shutdown, which would wait for those threads;
* makes every child process it forks ignore SIGINT from its first instruction: the
  parent stops the workers, and a Ctrl-C at the terminal, which reaches the whole
  process group, prints nothing from them.

Before the package is imported, the console script's entry module (``_twentyeight_command``)
ends the process at once on an interrupt, as there is nothing to clean up yet.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

__all__ = ["EXIT_INTERRUPTED", "GRACE", "MESSAGE", "run_command", "set_interrupted_line"]

EXIT_INTERRUPTED = 130
"""The exit status of a command ended by Ctrl-C (128 + SIGINT), as shells report it."""

MESSAGE = "twentyeight: interrupted"
"""The one line an interrupted command writes on standard error."""

GRACE = 0.5
"""Seconds an interrupted command has to end by its own path before it is ended."""

_line = MESSAGE
"""What an interruption writes on standard error: :data:`MESSAGE` unless the command
asked for another (``--json``: a JSON object)."""


def set_interrupted_line(line: str | None) -> None:
    """Make an interruption write ``line`` on standard error instead of :data:`MESSAGE`
    (``None``: :data:`MESSAGE` again)."""
    global _line
    _line = MESSAGE if line is None else line


_guard: _Guard | None = None
"""The guard of the command running in this process, if it runs as the command."""


def say_interrupted() -> None:
    """Write :data:`MESSAGE` on standard error: once, when the command runs under a
    guard; every time otherwise (``main()`` called from Python)."""
    if _guard is not None:
        _guard.say()
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(_line, file=sys.stderr, flush=True)


def _in_child_after_fork() -> None:
    """A forked child (a pool's worker) leaves SIGINT to its parent from the start and
    no longer notes signals on the parent's pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(ValueError, OSError):
        signal.set_wakeup_fd(-1)


_fork_hook_registered = False


class _Guard:
    """Ctrl-C handling for one run of the command in this process (see the module)."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.lock = threading.Lock()
        self.raised = False  # the one KeyboardInterrupt has been raised
        self.interrupted = False  # an interrupt came (seen by the handler or the watchdog)
        self.finished = False  # the command's own work is over
        self.said = False  # the line has been written
        self.previous_excepthook: Callable[[threading.ExceptHookArgs], Any] | None = None
        self.previous_unraisablehook: Callable[[Any], Any] | None = None

    def install(self) -> None:
        global _fork_hook_registered
        self.previous_excepthook = threading.excepthook
        self.previous_unraisablehook = sys.unraisablehook
        threading.excepthook = self.thread_failed
        sys.unraisablehook = self.unraisable
        if os.name == "posix":
            read, write = os.pipe()
            os.set_blocking(write, False)
            signal.set_wakeup_fd(write, warn_on_full_buffer=False)
            threading.Thread(target=self.watch, args=(read,), name="twentyeight-interrupts",
                             daemon=True).start()
            if not _fork_hook_registered:
                os.register_at_fork(after_in_child=_in_child_after_fork)
                _fork_hook_registered = True
        signal.signal(signal.SIGINT, self.handle)
        if hasattr(signal, "pthread_sigmask"):  # one blocked at start waits no longer
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    # ------------------------------------------------------------ main thread

    def handle(self, signum: int, frame: FrameType | None) -> None:
        """The SIGINT handler: a :class:`KeyboardInterrupt` for the first interrupt
        while the command works, nothing otherwise (the watchdog ends the process)."""
        if os.getpid() != self.pid:  # a forked child before it ignores SIGINT
            return
        self.interrupted = True
        if self.raised or self.finished:
            return
        self.raised = True
        raise KeyboardInterrupt

    def say(self) -> None:
        with self.lock:
            if self.said:
                return
            self.said = True
        _write_line()

    def finish(self, code: int) -> int:
        """The command's work is over with ``code``: an interrupted command ends the
        process here (130); otherwise ``code`` is returned for the interpreter to exit
        with, while a late interrupt is the watchdog's to end."""
        with self.lock:
            self.finished = True
            interrupted = self.interrupted
        if not interrupted:
            return code
        self.say()
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        _end(EXIT_INTERRUPTED)
        return EXIT_INTERRUPTED  # not reached

    # ------------------------------------------------------------ other threads

    def watch(self, fd: int) -> None:
        """The watchdog: wait for SIGINT on the pipe, then give the command
        :data:`GRACE` seconds (none once its work is over) to end."""
        with contextlib.suppress(AttributeError, OSError, ValueError):
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        while True:
            try:
                data = os.read(fd, 64)
            except InterruptedError:
                continue
            except OSError:
                return
            if not data:
                return
            if signal.SIGINT in data:
                break
        with self.lock:
            self.interrupted = True
            finished = self.finished
        if not finished:
            threading.Event().wait(GRACE)
        self.say()
        _end(EXIT_INTERRUPTED)

    def thread_failed(self, args: threading.ExceptHookArgs) -> None:
        if self.interrupted or args.exc_type is KeyboardInterrupt:
            return  # the pool's threads, reporting the interrupt's own consequences
        if self.previous_excepthook is not None:
            self.previous_excepthook(args)

    def unraisable(self, unraisable: Any) -> None:
        if self.interrupted or isinstance(getattr(unraisable, "exc_value", None),
                                          KeyboardInterrupt):
            return
        if self.previous_unraisablehook is not None:
            self.previous_unraisablehook(unraisable)


def _write_line() -> None:
    """The interruption's line (:data:`MESSAGE` or what :func:`set_interrupted_line`
    chose) on file descriptor 2, beneath whatever Python buffers (this may run on the
    watchdog while the main thread writes)."""
    with contextlib.suppress(OSError):
        os.write(2, (_line + "\n").encode())


def _end(code: int) -> None:
    """End the process now with ``code``: stop the worker processes first (a worker
    busy with a chunk would otherwise play it to its end)."""
    with contextlib.suppress(Exception):
        for child in multiprocessing.active_children():
            with contextlib.suppress(Exception):
                child.terminate()
    os._exit(code)


def run_command(argv: list[str] | None = None) -> int:
    """Run the ``twentyeight`` command as a program: :func:`twentyeight.cli.main` with
    Ctrl-C handled as the module describes. Returns the exit status (or ends the
    process itself after an interrupt). Unlike ``main()`` it changes process-wide
    settings (the SIGINT handler, the thread exception hook), so it is for the
    command's own process, not for a program that calls the command."""
    global _guard
    from .app import main

    guard = None
    try:
        if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:  # not started ignoring it
            guard = _guard = _Guard()
            guard.install()
        code = main(argv)
    except KeyboardInterrupt:
        say_interrupted()
        code = EXIT_INTERRUPTED
    if guard is None:
        return code
    while True:  # the one KeyboardInterrupt may come as finish() begins
        try:
            return guard.finish(code)
        except KeyboardInterrupt:
            code = EXIT_INTERRUPTED
