"""``twentyeight serve``: the table server (:mod:`twentyeight.server`, the ``server``
extra) on one SQLite file, until Ctrl-C; with ``--backup`` a copy of that file made
while a server may be using it."""

from __future__ import annotations

import argparse
import sys

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
                     expire_after=args.expire_after * 3600.0)
    print(f"twentyeight serve: {len(app.state.server.tables)} tables from "
          f"{_shown(args.db)}, at http://{args.host}:{args.port}/ (Ctrl-C stops)",
          file=sys.stderr, flush=True)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning",
                            ws_max_size=4 * MAX_FRAME, access_log=False)
    server = uvicorn.Server(config)
    try:
        server.run()
    finally:
        store.close()
    if server.should_exit:
        raise KeyboardInterrupt
    return 0
