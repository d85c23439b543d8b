"""The table server under load: ``--tables N`` tables of 28, four clients each over real
WebSocket connections to ``twentyeight serve`` on the loopback address (a process of
its own, on a file in a temporary directory), every seat held by a client, a heuristic
bot (``HeuristicBot`` on the view it is sent), that answers its turn after a think time
drawn uniformly from 0 to ``--think`` seconds. The load is stated and bounded: about
``2 / think`` actions a second per table, for ``--seconds`` seconds, after which
everything stops.

It reports the actions acknowledged per second, the latency from sending an action to
receiving both its acknowledgement and the state that follows it (p50, p99, max),
errors, and the server's peak memory (its resident set). With ``--think 0`` the clients
answer at once (the server started with ``--rate 1000``, as they send faster than a
person may): the most actions per second one server process sustains.

    python benchmarks/bench_server.py --tables 200
    python benchmarks/bench_server.py --tables 20 --think 0 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from twentyeight.bots import HeuristicBot


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        result: dict[str, Any] = json.loads(answer.read())
        return result


def _rss_kib(pid: int) -> int:
    """The process's resident set now, in KiB (Linux)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class _Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.acked = 0


async def _client(port: int, table: str, token: str, think: float, until: float,
                  rng: random.Random, stats: _Stats) -> None:
    """One seat, a heuristic bot: answer each turn after a think time, until the time is
    up."""
    bot = HeuristicBot(rng.randrange(2**32))
    try:
        async with connect(f"ws://127.0.0.1:{port}/api/tables/{table}/play",
                           max_size=2**22, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "version": 1, "token": token}))
            state: dict[str, Any] | None = None
            seq = 0
            while time.monotonic() < until:
                if state is not None and state["finished"]:
                    return
                if state is None or state["view"].get("to_act") != state["seat"]:
                    try:
                        message = json.loads(await asyncio.wait_for(
                            ws.recv(), timeout=max(0.01, until - time.monotonic())))
                    except TimeoutError:
                        return
                    if message["type"] == "error":
                        stats.errors.append(message["error"])
                        return
                    if message["type"] == "state":
                        state = message
                    continue
                if think:
                    await asyncio.sleep(rng.uniform(0, think))
                action = bot.choose(state["view"])
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": action, "seq": seq}))
                seq += 1
                answer = json.loads(await ws.recv())
                if answer["type"] != "ack":
                    stats.errors.append(f"{answer['type']}: {answer.get('message')}")
                    state = None
                    continue
                state = json.loads(await ws.recv())  # the state after it
                stats.latencies.append(time.perf_counter() - sent)
                stats.acked += 1
    except Exception as exc:  # a client's failure is counted, not fatal
        stats.errors.append(type(exc).__name__)


async def _run(port: int, seats: list[tuple[str, str]], think: float, seconds: float,
               stats: _Stats) -> None:
    until = time.monotonic() + seconds
    rng = random.Random(1)
    await asyncio.gather(*(_client(port, table, token, think, until,
                                   random.Random(rng.random()), stats)
                           for table, token in seats))


def measure(tables: int, think: float, seconds: float) -> dict[str, Any]:
    """Run the load (``tables`` tables, think time 0 to ``think`` s, for ``seconds`` s)
    against a server started for it, and return the report."""
    folder = Path(tempfile.mkdtemp(prefix="bench-server-"))
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "twentyeight", "serve", "--db",
                               str(folder / "tables.db"), "--port", str(port),
                               "--quota", str(tables),
                               # Clients that do not think act faster than a person may.
                               "--rate", "20" if think else "1000"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{url}/health", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        seats = []
        for _ in range(tables):
            table = _post(f"{url}/api/tables", {"ruleset": "28"})["table"]
            for seat in range(4):
                seats.append((table, _post(f"{url}/api/tables/{table}/join",
                                           {"seat": seat})["token"]))
        stats = _Stats()
        peak = 0

        async def watched() -> None:
            nonlocal peak
            task = asyncio.ensure_future(_run(port, seats, think, seconds, stats))
            while not task.done():
                peak = max(peak, _rss_kib(server.pid))
                await asyncio.sleep(0.5)
            await task

        started = time.perf_counter()
        asyncio.run(watched())
        elapsed = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(timeout=30)
    lat = sorted(stats.latencies)

    def pick(q: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(q * len(lat)))], 1) if lat else 0.0

    return {
        "tables": tables, "clients": len(seats), "think": think,
        "seconds": round(elapsed, 1), "actions": stats.acked,
        "actions_per_second": round(stats.acked / elapsed, 1),
        "latency_ms": {"p50": pick(0.5), "p99": pick(0.99),
                       "max": round(1000 * lat[-1], 1) if lat else 0.0,
                       "mean": round(1000 * statistics.mean(lat), 1) if lat else 0.0},
        "errors": len(stats.errors), "error_kinds": sorted(set(stats.errors)),
        "server_peak_rss_mib": round(peak / 1024, 1), "cpus": os.cpu_count(),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--think", type=float, default=1.0,
                    help="most seconds a client thinks before acting (default: 1; 0: none)")
    ap.add_argument("--seconds", type=float, default=60.0,
                    help="how long the clients play (default: 60)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not 1 <= args.tables <= 1000 or not 0 <= args.think <= 10 or not 1 <= args.seconds <= 600:
        ap.error("--tables 1 to 1000, --think 0 to 10, --seconds 1 to 600")
    report = measure(args.tables, args.think, args.seconds)
    if args.json:
        print(json.dumps(report))
        return
    lm = report["latency_ms"]
    print(f"{args.tables} tables, {report['clients']} clients, think 0-{args.think} s, "
          f"{report['seconds']} s: {report['actions']} actions, "
          f"{report['actions_per_second']}/s; latency p50 {lm['p50']} ms, p99 {lm['p99']} "
          f"ms, max {lm['max']} ms; errors {report['errors']}; server peak "
          f"{report['server_peak_rss_mib']} MiB")


if __name__ == "__main__":
    main()
