"""``twentyeight serve``: the table server (:mod:`twentyeight.server`, the ``server``
extra) on one SQLite file, until Ctrl-C; with ``--backup`` a copy of that file made
while a server may be using it."""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any

from .saving import _Refused
from .streams import _shown

_INSTALL = 'the table server needs the server extra: pip install "twentyeight[server]"'


def _cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..server import Store, create_app
        from ..server.app import MAX_FRAME
    except ImportError:
        raise _Refused(_INSTALL, 1, "missing-extra") from None
    try:
        store = Store(args.db)
    except Exception as exc:  # sqlite3.Error, OSError: what the file system said
        raise _Refused(f"cannot open {_shown(args.db)}: {exc}", 1, "input") from None
    if args.backup is not None:
        try:
            store.backup(args.backup)
        except Exception as exc:
            raise _Refused(f"cannot back up to {_shown(args.backup)}: {exc}", 1,
                           "output") from None
        finally:
            store.close()
        print(f"backed up {_shown(args.db)} to {_shown(args.backup)}")
        return 0
    app = create_app(store, origins=frozenset(args.origin or ()), quota=args.quota,
                     expire_after=args.expire_after * 3600.0, rate=float(args.rate))
    count = len(app.state.server.tables)
    print(f"twentyeight serve: {count} table{'' if count == 1 else 's'} from "
          f"{_shown(args.db)}, at http://{args.host}:{args.port}/ (Ctrl-C stops)",
          file=sys.stderr, flush=True)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning",
                            ws_max_size=4 * MAX_FRAME, access_log=False)
    server = _stopping_server(config)
    try:
        server.run()
    finally:
        store.close()
    if server.stopped_by is not None:
        # The command's own path for a Ctrl-C: one line, exit status 130 (SIGTERM too:
        # the server was asked to stop and did).
        raise KeyboardInterrupt
    return 0


def _server_class() -> type:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server, stopping on SIGINT or SIGTERM without sending the signal on
        again once it has shut down: inside its event loop that would end in a
        traceback; the command says it was interrupted instead."""

        stopped_by: int | None = None

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            """While the server runs: SIGINT and SIGTERM ask it to stop."""
            if threading.current_thread() is not threading.main_thread():
                yield
                return

            def stop(sig: int, frame: FrameType | None) -> None:
                # A second signal changes nothing: forcing the exit would cut the
                # shutdown short with a traceback, and the command's watchdog ends a
                # shutdown that takes too long anyway.
                if self.stopped_by is None:
                    self.stopped_by = sig
                self.should_exit = True

            before = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
            try:
                yield
            finally:
                for sig, handler in before.items():
                    signal.signal(sig, handler)

    return Server


def _stopping_server(config: Any) -> Any:
    """A server for ``config`` that stops on a signal without passing it on."""
    return _server_class()(config)
