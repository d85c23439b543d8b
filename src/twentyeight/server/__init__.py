"""A table server people can sit down at: ``twentyeight serve`` (the ``server`` extra,
``pip install "twentyeight[server]"``). An ASGI application (:func:`create_app`) over one
SQLite file (:class:`Store`): tables that play a :class:`~twentyeight.Match` deal after
deal, seats held with secret tokens, bots in the seats nobody holds, and play over a
WebSocket where each seat is sent only its own view. Every accepted action is stored
before it is acknowledged, and the tables are rebuilt from the store on start.
"""

from __future__ import annotations

from .app import PROTOCOL_VERSION, TableServer, create_app
from .store import Store, TableStore
from .tables import Table

__all__ = ["PROTOCOL_VERSION", "Store", "Table", "TableServer", "TableStore", "create_app"]
