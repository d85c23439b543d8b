"""Where a table server keeps its tables: one SQLite file (the standard library's
``sqlite3``), in WAL mode with ``synchronous=FULL``, so that an action acknowledged to a
player is on disk: a commit returns once SQLite has synced the write-ahead log, and a
killed server loses nothing it acknowledged.

Each table is a row (its ruleset, options, the match seed, the bots of the seats nobody
holds) and each accepted action another (its number within the table, the deal it was
made in, the seat, its text and the client's sequence number). A table is rebuilt by
replaying its actions on its match: the same seed deals the same cards. Seat tokens are
kept as SHA-256 digests, never as given.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from attrs import frozen

__all__ = ["ActionRow", "Store", "TableRow", "TableStore"]

SCHEMA_VERSION = 1
"""The version of the tables below (SQLite's ``user_version``)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    bots TEXT NOT NULL,
    client TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    time_limit REAL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token_digest TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    client_seq INTEGER,
    PRIMARY KEY (table_id, n)
);
"""


@frozen
class TableRow:
    """A table as stored."""

    id: str
    ruleset: str
    options: dict[str, Any]
    seed: int
    bots: tuple[str | None, ...]
    client: str
    created: float
    updated: float
    finished: bool
    time_limit: float | None = None
    """Seconds a person has to act before a bot acts for the seat (``None``: no limit)."""


@frozen
class ActionRow:
    """An accepted action as stored: the ``n``-th of its table (from 0), made in deal
    ``deal`` (from 0) by ``seat``; ``client_seq`` is the sequence number the player's
    client gave it (``None`` for a bot's)."""

    n: int
    deal: int
    seat: int
    action: str
    client_seq: int | None


FAULT_VARIABLE = "TWENTYEIGHT_SERVER_FAULT"
"""The environment switch that makes the server kill itself at a point that matters, for
the tests of what a crash loses: ``before-commit:N`` or ``after-commit:N`` kills the
process (SIGKILL) just before or just after the ``N``-th commit of accepted actions."""


def _fault() -> tuple[str, int] | None:
    """The fault the environment asks for, if any."""
    value = os.environ.get(FAULT_VARIABLE, "")
    point, _, count = value.partition(":")
    if point not in ("before-commit", "after-commit") or not count.isdigit():
        return None
    return point, int(count)


class TableStore(Protocol):
    """What the server needs of a store: :class:`Store` is the SQLite one; a shared
    database server (PostgreSQL, say) would offer the same, each method one
    transaction that is durable when it returns."""

    def add_table(self, row: TableRow) -> None:
        """Store a new table."""

    def set_seat(self, table_id: str, seat: int, token_digest: str | None) -> None:
        """Give ``seat`` the token whose digest is ``token_digest`` (``None``: free it)."""

    def set_bots(self, table_id: str, bots: Sequence[str | None]) -> None:
        """Store which bot plays each seat nobody holds."""

    def add_actions(self, table_id: str, rows: Sequence[ActionRow], finished: bool) -> None:
        """Store the actions one change accepted, in one transaction."""

    def delete_tables_before(self, cutoff: float) -> list[str]:
        """Delete the tables not changed since ``cutoff``: their ids."""

    def tables(self) -> list[TableRow]:
        """Every table, oldest first."""

    def seats(self, table_id: str) -> dict[int, str]:
        """The token digest of each seat held at the table."""

    def actions(self, table_id: str) -> list[ActionRow]:
        """The table's actions in order."""


class Store:
    """The SQLite file at ``path`` (made, with its tables, if missing): a
    :class:`TableStore`."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._fault = _fault()
        self._commits = 0
        # One connection, used by the event loop's thread only.
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        with self.transaction():
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    @contextmanager
    def transaction(self, *, actions: bool = False) -> Iterator[sqlite3.Connection]:
        """One transaction: committed (and synced) when the block ends, rolled back if it
        raises. ``actions``: it stores accepted actions (where a fault may be injected,
        :data:`FAULT_VARIABLE`)."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        if actions:
            self._commits += 1
            self._crash_at("before-commit")
        self._db.execute("COMMIT")
        if actions:
            self._crash_at("after-commit")

    def _crash_at(self, point: str) -> None:
        if self._fault == (point, self._commits):
            os.kill(os.getpid(), signal.SIGKILL)

    # ---------------------------------------------------------------- writing

    def add_table(self, row: TableRow) -> None:
        """Store a new table."""
        with self.transaction() as db:
            db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (row.id, row.ruleset, json.dumps(row.options), str(row.seed),
                        json.dumps(list(row.bots)), row.client, row.created, row.updated,
                        int(row.finished), row.time_limit))

    def set_seat(self, table_id: str, seat: int, token_digest: str | None) -> None:
        """Give ``seat`` the token whose digest is ``token_digest`` (``None``: free it)."""
        with self.transaction() as db:
            db.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))
            if token_digest is not None:
                db.execute("INSERT INTO seats VALUES (?, ?, ?)", (table_id, seat, token_digest))
            db.execute("UPDATE tables SET updated = ? WHERE id = ?", (time.time(), table_id))

    def set_bots(self, table_id: str, bots: Sequence[str | None]) -> None:
        """Store which bot plays each seat nobody holds."""
        with self.transaction() as db:
            db.execute("UPDATE tables SET bots = ?, updated = ? WHERE id = ?",
                       (json.dumps(list(bots)), time.time(), table_id))

    def add_actions(self, table_id: str, rows: Sequence[ActionRow], finished: bool) -> None:
        """Store the actions a change of the table accepted, in one transaction: when it
        returns they are on disk, and only then may they be acknowledged."""
        with self.transaction(actions=True) as db:
            db.executemany("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)",
                           [(table_id, r.n, r.deal, r.seat, r.action, r.client_seq)
                            for r in rows])
            db.execute("UPDATE tables SET updated = ?, finished = ? WHERE id = ?",
                       (time.time(), int(finished), table_id))

    def delete_tables_before(self, cutoff: float) -> list[str]:
        """Delete the tables not changed since ``cutoff`` (a time): their ids."""
        with self.transaction() as db:
            ids = [r[0] for r in db.execute("SELECT id FROM tables WHERE updated < ?",
                                            (cutoff,))]
            db.execute("DELETE FROM tables WHERE updated < ?", (cutoff,))
        return ids

    def backup(self, target: str | Path) -> None:
        """Copy the whole store to the file ``target`` while it is in use (SQLite's online
        backup)."""
        copy = sqlite3.connect(str(target))
        try:
            self._db.backup(copy)
        finally:
            copy.close()

    # ---------------------------------------------------------------- reading

    def tables(self) -> list[TableRow]:
        """Every table, oldest first."""
        rows = self._db.execute(
            "SELECT id, ruleset, options, seed, bots, client, created, updated, finished, "
            "time_limit FROM tables ORDER BY created, id").fetchall()
        return [TableRow(id=r[0], ruleset=r[1], options=json.loads(r[2]), seed=int(r[3]),
                         bots=tuple(json.loads(r[4])), client=r[5], created=r[6],
                         updated=r[7], finished=bool(r[8]), time_limit=r[9]) for r in rows]

    def seats(self, table_id: str) -> dict[int, str]:
        """The token digest of each seat held at the table."""
        return dict(self._db.execute(
            "SELECT seat, token_digest FROM seats WHERE table_id = ?", (table_id,)))

    def actions(self, table_id: str) -> list[ActionRow]:
        """The table's actions in order."""
        return [ActionRow(n=r[0], deal=r[1], seat=r[2], action=r[3], client_seq=r[4])
                for r in self._db.execute(
                    "SELECT n, deal, seat, action, client_seq FROM actions "
                    "WHERE table_id = ? ORDER BY n", (table_id,))]
