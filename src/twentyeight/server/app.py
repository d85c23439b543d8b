"""The table server as an ASGI application (Starlette): an HTTP API to create, list,
join and leave tables, and one WebSocket per player or spectator for the play.

Every change goes the same way: the library applies the action (or refuses it, changing
nothing), the actions it accepted are written to the store in one transaction, and only
once that has committed is the sender told (``ack``) and every connection at the table
sent its new state. See ``docs/guides/server.md`` for the protocol.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..bots import BOT_KINDS
from ..errors import TwentyEightError
from ..registry import presets
from ..registry import ruleset as lookup
from ..render import table_svg
from ..round import MAX_SEED
from .page import CSP, PAGE
from .store import Store, TableRow, TableStore
from .tables import Table, new_token, search_action, token_digest

__all__ = ["PROTOCOL_VERSION", "TableServer", "create_app"]

PROTOCOL_VERSION = 1
"""The version of the WebSocket messages (sent and expected in ``hello``)."""

MAX_FRAME = 4096
"""The longest message a client may send, in characters."""

MAX_BODY = 16_384
"""The longest HTTP request body, in bytes."""

RATE = 20.0
"""Messages a connection may send per second, on average (bursts of twice that), unless
the server is given another rate."""

DEFAULT_QUOTA = 20
"""Unfinished tables one client address may have at once."""

DEFAULT_EXPIRY = 7 * 24 * 3600.0
"""Seconds after its last change that a table (finished or abandoned) is deleted."""

CLOSE_TAKEN_OVER = 4001
CLOSE_VERSION = 4002
CLOSE_TOKEN = 4003
CLOSE_FLOOD = 4004
CLOSE_TOO_LARGE = 1009
CLOSE_POLICY = 1008


class _Refusal(Exception):
    """An HTTP request the server refuses: its status and message."""

    def __init__(self, status: int, error: str, message: str) -> None:
        super().__init__(message)
        self.status, self.error, self.message = status, error, message


class _Connection:
    """One WebSocket at a table: its seat (``None``: a spectator) and its message
    budget."""

    def __init__(self, socket: WebSocket, seat: int | None, rate: float = RATE) -> None:
        self.socket = socket
        self.seat = seat
        self.rate = rate
        self.allowance = 2 * rate
        self.checked = time.monotonic()
        self.closed = False
        self.pictures = False
        """Whether the client asked for the table drawn in each state."""

    def spend(self) -> bool:
        """Whether one more message is within the connection's rate."""
        now = time.monotonic()
        self.allowance = min(2 * self.rate, self.allowance + (now - self.checked) * self.rate)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True


class TableServer:
    """The tables of one store, and the connections to them."""

    def __init__(self, store: TableStore, *, origins: frozenset[str] = frozenset(),
                 quota: int = DEFAULT_QUOTA, expire_after: float = DEFAULT_EXPIRY,
                 rate: float = RATE) -> None:
        self.store = store
        self.rate = rate
        self.origins = origins
        self.quota = quota
        self.expire_after = expire_after
        self.tables: dict[str, Table] = {}
        self.clients: dict[str, str] = {}
        """The client address that made each table."""
        self.connections: dict[str, list[_Connection]] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        """The running task of each table whose searching bot is thinking."""
        self.pool: ProcessPoolExecutor | None = None
        """The worker processes of the searching bots (started when first needed)."""
        self.searches = 0
        """Actions the searching bots have chosen in the workers."""
        self.clocks: dict[str, asyncio.Task[None]] = {}
        """The running clock of each table whose person to act has a time limit."""
        for row in store.tables():
            self.tables[row.id] = self._rebuilt(row)
            self.clients[row.id] = row.client

    def _rebuilt(self, row: TableRow) -> Table:
        """A stored table, its actions replayed."""
        table = Table(row.id, lookup(row.ruleset, **row.options), row.seed, row.bots,
                      row.time_limit)
        table.holders.update(self.store.seats(row.id))
        for action in self.store.actions(row.id):
            table.replay(action)
        return table

    # ---------------------------------------------------------------- changes

    def create(self, client: str, body: Mapping[str, Any]) -> Table:
        """A new table as ``body`` asks (``ruleset``, ``options``, ``bots``)."""
        name, options = body.get("ruleset", "28"), body.get("options", {})
        if not isinstance(name, str) or not isinstance(options, dict):
            raise _Refusal(400, "bad-request", "'ruleset' is a name, 'options' an object")
        open_here = sum(1 for t, c in self.clients.items()
                        if c == client and not self.tables[t].finished)
        if open_here >= self.quota:
            raise _Refusal(429, "quota", f"at most {self.quota} unfinished tables per "
                                         "client")
        try:
            rules = lookup(name, **options)
        except TwentyEightError as exc:
            raise _Refusal(400, "ruleset", str(exc)) from None
        bots = body.get("bots", [None] * rules.config.players)
        if not isinstance(bots, list) or not all(b is None or isinstance(b, str) for b in bots):
            raise _Refusal(400, "bad-request", "'bots' is a list of bot kinds or nulls, "
                                               "one per seat")
        table_id = secrets.token_hex(8)
        try:
            table = Table(table_id, rules, secrets.randbelow(MAX_SEED), bots,
                          body.get("time_limit"))
        except TwentyEightError as exc:
            raise _Refusal(400, "bad-request", str(exc)) from None
        now = time.time()
        self.store.add_table(TableRow(id=table_id, ruleset=rules.name,
                                      options=rules.changed_options(), seed=table.seed,
                                      bots=table.bot_kinds, client=client, created=now,
                                      updated=now, finished=False,
                                      time_limit=table.time_limit))
        self.tables[table_id] = table
        self.clients[table_id] = client
        self._commit(table, table.play_bots())
        return table

    def table(self, table_id: str) -> Table:
        """The table ``table_id`` (an HTTP 404 if there is none)."""
        table = self.tables.get(table_id)
        if table is None:
            raise _Refusal(404, "no-table", "no such table")
        return table

    def join(self, table: Table, seat: Any) -> str:
        """A token for ``seat``, which nobody holds."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.players:
            raise _Refusal(400, "bad-seat", f"a table of {table.rules.name} has seats 0 to "
                                            f"{table.players - 1}")
        if seat in table.holders:
            raise _Refusal(409, "seat-taken", f"seat {seat} is taken")
        token = new_token()
        self.store.set_seat(table.id, seat, token_digest(token))
        table.holders[seat] = token_digest(token)
        return token

    def holder(self, table: Table, request: Request) -> tuple[int, str]:
        """The seat the request's bearer token holds, and the token."""
        auth = request.headers.get("authorization", "")
        token = auth[7:] if auth.lower().startswith("bearer ") else ""
        seat = table.seat_of(token) if token else None
        if seat is None:
            raise _Refusal(403, "token", "no seat at this table has that token")
        return seat, token

    def leave(self, table: Table, seat: int, bot: Any) -> None:
        """Give ``seat`` to a bot of kind ``bot``."""
        kinds = list(table.bot_kinds)
        kinds[seat] = bot if bot is not None else "heuristic"
        if kinds[seat] not in BOT_KINDS:
            raise _Refusal(400, "bad-request", f"'bot' is one of "
                                               f"{', '.join(sorted(BOT_KINDS))}")
        self.store.set_bots(table.id, kinds)
        self.store.set_seat(table.id, seat, None)
        table.bot_kinds = tuple(kinds)
        del table.holders[seat]
        self._commit(table, table.play_bots())

    def rotate(self, table: Table, seat: int) -> str:
        """A new token for ``seat``; the old one stops working."""
        token = new_token()
        self.store.set_seat(table.id, seat, token_digest(token))
        table.holders[seat] = token_digest(token)
        return token

    def _commit(self, table: Table, rows: Any) -> None:
        """Store actions the table accepted; if the store fails, the table goes back to
        what the store holds."""
        if not rows:
            return
        try:
            self.store.add_actions(table.id, rows, table.finished)
        except Exception:
            self.tables[table.id] = self._rebuilt(next(
                r for r in self.store.tables() if r.id == table.id))
            raise

    async def expire(self, now: float | None = None) -> list[str]:
        """Delete the tables nobody has changed for :attr:`expire_after` seconds (their
        connections are closed): their ids."""
        cutoff = (time.time() if now is None else now) - self.expire_after
        gone = self.store.delete_tables_before(cutoff)
        for table_id in gone:
            self.tables.pop(table_id, None)
            self.clients.pop(table_id, None)
            clock = self.clocks.pop(table_id, None)
            if clock is not None:
                clock.cancel()
            for conn in self.connections.pop(table_id, []):
                await self._send(conn, _error("no-table", "the table has expired"))
                await self._close(conn, CLOSE_POLICY)
        return gone

    async def expire_now_and_then(self) -> None:
        """:meth:`expire`, every tenth of the expiry time (at least a second, at most an
        hour), while the server runs."""
        while True:
            await asyncio.sleep(min(3600.0, max(1.0, self.expire_after / 10)))
            await self.expire()

    # ---------------------------------------------------------------- searching bots

    def drive(self, table: Table) -> None:
        """If a searching bot is to act at ``table``, have a worker choose its action."""
        if table.search_bot_to_act() is None or table.id in self.drivers:
            return
        self.drivers[table.id] = asyncio.get_running_loop().create_task(self._search(table))

    async def _search(self, table: Table) -> None:
        try:
            while self.tables.get(table.id) is table \
                    and table.search_bot_to_act() is not None:
                if self.pool is None:
                    # Started afresh, not forked from a process with an event loop and
                    # threads; one worker per core but one (the event loop's).
                    self.pool = ProcessPoolExecutor(
                        max_workers=max(1, (os.cpu_count() or 2) - 1),
                        mp_context=multiprocessing.get_context("spawn"))
                before = table.actions
                record, seat, kind, seed = table.search_task()
                text = await asyncio.get_running_loop().run_in_executor(
                    self.pool, search_action, record, seat, kind, seed)
                if self.tables.get(table.id) is not table or table.actions != before \
                        or table.search_bot_to_act() != seat:
                    continue  # the table moved on meanwhile (the seat taken by a person)
                self.searches += 1
                self._commit(table, table.apply_bot(seat, text))
                await self.broadcast(table)
        finally:
            self.drivers.pop(table.id, None)

    def close_pool(self) -> None:
        """Stop the searching bots' workers now (a search under way is dropped: its
        table is stored as it was, and the search starts again after a restart)."""
        pool, self.pool = self.pool, None
        if pool is None:
            return
        # (ProcessPoolExecutor has no public way to stop a worker in the middle of a
        # task; waiting for one could take as long as the search.)
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)

    # ---------------------------------------------------------------- the clock

    def watch(self, table: Table) -> None:
        """Start the clock of the person to act at ``table``, if it has a time limit: when
        it runs out before anyone acts, a bot acts for that seat."""
        old = self.clocks.pop(table.id, None)
        if old is not None:
            old.cancel()
        seat = table.round.to_act
        if table.time_limit is None or table.finished or seat is None \
                or table.bot_plays(seat):
            return
        self.clocks[table.id] = asyncio.get_running_loop().create_task(
            self._time_up(table, table.actions, table.time_limit))

    async def _time_up(self, table: Table, actions: int, after: float) -> None:
        await asyncio.sleep(after)
        if self.tables.get(table.id) is not table or table.actions != actions:
            return
        seat = table.round.to_act
        if seat is None:
            return
        try:
            self._commit(table, table.act_for(seat))
        except Exception:
            return  # the table is back to what the store holds
        self.clocks.pop(table.id, None)
        await self.broadcast(table)

    def watch_all(self) -> None:
        """Start the clock of every table waiting for a person (on start)."""
        for table in self.tables.values():
            self.watch(table)
            self.drive(table)

    # ---------------------------------------------------------------- the sockets

    async def broadcast(self, table: Table) -> None:
        """Send every connection at ``table`` its state, and start the clock of the
        person to act."""
        for conn in list(self.connections.get(table.id, [])):
            await self._send(conn, self._frame(table, conn))
        self.watch(table)
        self.drive(table)

    @staticmethod
    def _frame(table: Table, conn: _Connection) -> dict[str, Any]:
        """The state ``conn`` is sent: with the table drawn by the library if it asked
        (from the same view or public record, so it tells no more)."""
        frame = table.frame(conn.seat)
        if conn.pictures:
            frame["picture"] = table_svg(frame["view"] if conn.seat is not None
                                         else frame["record"])
        return frame

    async def _send(self, conn: _Connection, message: Mapping[str, Any]) -> None:
        if conn.closed:
            return
        try:
            await conn.socket.send_text(json.dumps({"version": PROTOCOL_VERSION, **message},
                                                   allow_nan=False))
        except (WebSocketDisconnect, RuntimeError, OSError):
            conn.closed = True

    async def _close(self, conn: _Connection, code: int) -> None:
        if not conn.closed:
            conn.closed = True
            with contextlib.suppress(RuntimeError, OSError):
                await conn.socket.close(code=code)

    async def play(self, socket: WebSocket) -> None:
        """One WebSocket: ``hello`` first, then actions, until it closes."""
        origin = socket.headers.get("origin")
        if origin is not None and origin not in self.origins \
                and urlsplit(origin).netloc != socket.headers.get("host"):
            await socket.close(code=CLOSE_POLICY)  # before accepting: the handshake fails
            return
        table = self.tables.get(socket.path_params.get("table_id", ""))
        await socket.accept()
        conn = _Connection(socket, None, self.rate)
        if table is None:
            await self._send(conn, _error("no-table", "no such table"))
            await self._close(conn, CLOSE_POLICY)
            return
        hello = await self._receive(conn)
        if hello is None:
            return
        if hello.get("type") != "hello" or hello.get("version") != PROTOCOL_VERSION:
            await self._send(conn, _error("version", f"this server speaks protocol version "
                                                     f"{PROTOCOL_VERSION}: send "
                                                     f'{{"type": "hello", "version": '
                                                     f"{PROTOCOL_VERSION}}} first"))
            await self._close(conn, CLOSE_VERSION)
            return
        token = hello.get("token")
        if token is not None:
            seat = table.seat_of(token) if isinstance(token, str) else None
            if seat is None:
                await self._send(conn, _error("token", "no seat at this table has that "
                                                       "token"))
                await self._close(conn, CLOSE_TOKEN)
                return
            conn.seat = seat
            for other in list(self.connections.get(table.id, [])):
                if other.seat == seat:
                    await self._send(other, _error("taken-over", "another connection "
                                                                 "took this seat"))
                    await self._close(other, CLOSE_TAKEN_OVER)
        conn.pictures = hello.get("pictures") is True
        listeners = self.connections.setdefault(table.id, [])
        listeners[:] = [c for c in listeners if not c.closed]
        listeners.append(conn)
        try:
            await self._send(conn, {"type": "welcome", "table": table.id, "seat": conn.seat})
            await self._send(conn, self._frame(table, conn))
            while not conn.closed:
                message = await self._receive(conn)
                if message is None:
                    break
                await self._handle(conn, table, message)
        finally:
            conn.closed = True
            if conn in listeners:
                listeners.remove(conn)

    async def _receive(self, conn: _Connection) -> dict[str, Any] | None:
        """The next message as an object, or ``None`` once the connection is done (an
        error has been sent and the connection closed where the message deserved it)."""
        while True:
            try:
                event = await conn.socket.receive()
            except (WebSocketDisconnect, RuntimeError, OSError):
                conn.closed = True
                return None
            if event["type"] == "websocket.disconnect":
                conn.closed = True
                return None
            text = event.get("text")
            if not conn.spend():
                await self._send(conn, _error("flood", f"more than {conn.rate:g} messages a "
                                                       "second"))
                await self._close(conn, CLOSE_FLOOD)
                return None
            if not isinstance(text, str):
                await self._send(conn, _error("bad-message", "messages are JSON text"))
                continue
            if len(text) > MAX_FRAME:
                await self._send(conn, _error("too-large", f"a message is at most "
                                                           f"{MAX_FRAME} characters"))
                await self._close(conn, CLOSE_TOO_LARGE)
                return None
            try:
                message = json.loads(text, parse_constant=_no_constant)
            except ValueError:
                await self._send(conn, _error("bad-json", "that message is not JSON"))
                continue
            if not isinstance(message, dict) or not isinstance(message.get("type"), str):
                await self._send(conn, _error("bad-message", 'a message is an object with '
                                                             'a "type"'))
                continue
            return message

    async def _handle(self, conn: _Connection, table: Table, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "ping":
            await self._send(conn, {"type": "pong"})
            return
        if kind != "action":
            await self._send(conn, _error("unknown-type", "the messages are hello, action "
                                                          "and ping"))
            return
        seq, text = message.get("seq"), message.get("action")
        if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq < 2**53 \
                or not isinstance(text, str) or len(text) > 200:
            await self._send(conn, _error("bad-message", 'an action is {"type": "action", '
                                                         '"action": TEXT, "seq": N}, N a '
                                                         "whole number from 0"))
            return
        if conn.seat is None:
            await self._send(conn, _error("spectator", "a spectator cannot act"))
            return
        if conn.seat not in table.holders:
            await self._send(conn, _error("token", "this connection no longer holds a seat"))
            await self._close(conn, CLOSE_TOKEN)
            return
        outcome = table.act(conn.seat, text, seq)
        if outcome.duplicate:
            # Resent after a lost acknowledgement: the sender gets where the table is.
            await self._send(conn, {"type": "ack", "seq": seq, "duplicate": True})
            await self._send(conn, self._frame(table, conn))
            return
        if not outcome.accepted:
            await self._send(conn, {"type": "refused", "seq": seq, "rule": outcome.rule,
                                    "message": outcome.message})
            return
        try:
            self._commit(table, outcome.rows)
        except Exception:
            # Not stored, so not accepted: the table is back to what the store holds.
            await self._send(conn, _error("store", "the action could not be saved; send "
                                                   "it again"))
            await self._close(conn, CLOSE_POLICY)
            return
        await self._send(conn, {"type": "ack", "seq": seq})
        await self.broadcast(table)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _error(kind: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": kind, "message": message}


def create_app(store: TableStore | str, *, origins: frozenset[str] = frozenset(),
               quota: int = DEFAULT_QUOTA, expire_after: float = DEFAULT_EXPIRY,
               rate: float = RATE) -> Starlette:
    """The table server over ``store`` (a :class:`~.store.TableStore`, or the path of
    a SQLite file for a :class:`Store`),
    accepting WebSocket connections from pages at ``origins`` (and clients that send no
    Origin), at most ``quota`` unfinished tables per client address, tables deleted
    ``expire_after`` seconds after their last change, and at most ``rate`` messages a
    second from a connection (on average; bursts of twice that)."""
    server = TableServer(Store(store) if isinstance(store, str) else store,
                         origins=origins, quota=quota, expire_after=expire_after,
                         rate=rate)

    def endpoint(handler: Callable[[Request], Awaitable[Any]]) -> Callable[
            [Request], Awaitable[Response]]:
        async def run(request: Request) -> Response:
            try:
                result = await handler(request)
            except _Refusal as exc:
                return JSONResponse({"error": exc.error, "message": exc.message},
                                    status_code=exc.status)
            if isinstance(result, Response):
                return result
            return JSONResponse(result)
        return run

    async def body(request: Request) -> dict[str, Any]:
        size = request.headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
            raise _Refusal(413, "too-large", f"a request body is at most {MAX_BODY} bytes")
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY:
                raise _Refusal(413, "too-large", f"a request body is at most {MAX_BODY} "
                                                 "bytes")
        if not data:
            return {}
        try:
            parsed = json.loads(data, parse_constant=_no_constant)
        except ValueError:
            raise _Refusal(400, "bad-json", "the body is not JSON") from None
        if not isinstance(parsed, dict):
            raise _Refusal(400, "bad-request", "the body is a JSON object")
        return parsed

    async def page(request: Request) -> Any:
        return HTMLResponse(PAGE, headers={"content-security-policy": CSP,
                                           "x-content-type-options": "nosniff",
                                           "referrer-policy": "no-referrer"})

    async def rulesets(request: Request) -> Any:
        return {"rulesets": [{"name": n, "players": lookup(n).config.players}
                             for n in presets()]}

    async def health(request: Request) -> Any:
        return {"status": "ok", "protocol": PROTOCOL_VERSION, "tables": len(server.tables)}

    async def tables(request: Request) -> Any:
        if request.method == "POST":
            client = request.client.host if request.client else "unknown"
            table = server.create(client, await body(request))
            server.watch(table)
            server.drive(table)
            return JSONResponse(table.summary(), status_code=201)
        return {"tables": [t.summary() for t in server.tables.values()]}

    async def one(request: Request) -> Any:
        return server.table(request.path_params["table_id"]).summary()

    async def join(request: Request) -> Any:
        table = server.table(request.path_params["table_id"])
        seat = (await body(request)).get("seat")
        token = server.join(table, seat)
        server.watch(table)
        return JSONResponse({"table": table.id, "seat": seat, "token": token},
                            status_code=201)

    async def leave(request: Request) -> Any:
        table = server.table(request.path_params["table_id"])
        seat, _ = server.holder(table, request)
        server.leave(table, seat, (await body(request)).get("bot"))
        for conn in list(server.connections.get(table.id, [])):
            if conn.seat == seat:
                await server._close(conn, CLOSE_TOKEN)
        await server.broadcast(table)
        return {"table": table.id, "seat": seat, "bot": table.bot_kinds[seat]}

    async def rotate(request: Request) -> Any:
        table = server.table(request.path_params["table_id"])
        seat, _ = server.holder(table, request)
        return {"table": table.id, "seat": seat, "token": server.rotate(table, seat)}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.watch_all()
        sweeper = asyncio.get_running_loop().create_task(server.expire_now_and_then())
        yield
        sweeper.cancel()
        for task in (*server.clocks.values(), *server.drivers.values()):
            task.cancel()
        if server.pool is not None:
            server.close_pool()

    app = Starlette(lifespan=lifespan, routes=[
        Route("/", endpoint(page)),
        Route("/tables/{table_id}", endpoint(page)),
        Route("/health", endpoint(health)),
        Route("/api/rulesets", endpoint(rulesets)),
        Route("/api/tables", endpoint(tables), methods=["GET", "POST"]),
        Route("/api/tables/{table_id}", endpoint(one)),
        Route("/api/tables/{table_id}/join", endpoint(join), methods=["POST"]),
        Route("/api/tables/{table_id}/leave", endpoint(leave), methods=["POST"]),
        Route("/api/tables/{table_id}/token", endpoint(rotate), methods=["POST"]),
        WebSocketRoute("/api/tables/{table_id}/play", server.play),
    ])
    app.state.server = server
    return app

