#!/usr/bin/env python3
"""Server benchmark: many tables played at once over real WebSockets against ``ludus serve``.

Each table is made through ``POST /api/tables`` and played by scripted clients on 127.0.0.1:
a person seat that sends a random legal move (from the ``legal`` it is sent) as soon as it is
its turn (or after a random ``--pause``), the other seats ``random`` bots of the server's
pool; or, with ``--all-people``, every seat a scripted person (the bot pool then plays no
part). A table that ends is replaced by a new one, so the count holds for the whole level.
After a warm-up it measures:

* moves/s: person moves acknowledged per second, and lines stored per second (every move,
  the bots' too, as seen in the updates of each table's first connection);
* the latency from a move sent to its ``ack``, every sample kept: p50, p95, p99, max; the p95
  from a move sent to its ``update`` (the line as everyone is told it), and from a connection
  opened to its ``welcome`` (joining a table);
* errors, by kind (``error`` codes, refused HTTP requests, lost connections, time-outs);
* where it started the server: the CPU share of the server process and of its bot processes,
  and the server's CPU milliseconds per line stored (steadier than the rates on a busy machine).

The server is started as a subprocess (``ludus serve`` on a free port, ``--db`` or a temporary
SQLite file), afresh for each level; or ``--url`` names running ones: several ``--url``s are
several server processes sharing one database, and a table's seats are then spread over them.

Clients stay within the server's limits (``ludus.server.limits``): one connection per person
seat, a token bucket a little under the server's per connection. The cap of unfinished tables
per client address is met without any server change: 127.0.0.0/8 is all loopback on Linux, so
each group of tables is made from its own source address (127.0.0.2, 127.0.0.3, ...) and never
more than ``PER_ADDRESS`` of them at once from one.

The clients share the machine with the server (one asyncio process): their time is in the
figures too. ``--profile FILE`` runs the server it starts under yappi (``pip install yappi``;
CPU time of every thread) over each level's measured window, and writes the functions' pstats
to FILE.TABLES (read them with ``python -m pstats``). yappi slows the server a good deal:
compare shares of time inside one profile, not its rates with a run without it.

    python bench/bench_server.py                       # 50, 200, 500 tables, 30 s each
    python bench/bench_server.py --tables 200 --all-people --json out.json
    python bench/bench_server.py --db postgresql+psycopg://localhost/ludus --tables 200
    python bench/bench_server.py --url http://127.0.0.1:8001 --url http://127.0.0.1:8002
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import datetime
import ipaddress
import json
import os
import platform
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

from ludus.server import limits

# Tables made from one source address at once: under limits.MAX_OPEN_TABLES, with room for a
# table whose end the server has sent but not yet marked in the database.
PER_ADDRESS = limits.MAX_OPEN_TABLES - 4
# The clients' own token bucket per connection: a little slower than the server's.
CLIENT_RATE, CLIENT_BURST = limits.RATE * 0.9, limits.BURST // 2
START_WAIT = 120        # seconds a started server has to answer
PORTS = (20000, 32000)  # where a started server's port is drawn: below Linux's ephemeral ports


# -- the server under test -----------------------------------------------------------------------

# The server under yappi (CPU time of every thread), profiling the measured window only: the
# benchmark sends SIGUSR1 as it opens and SIGUSR2 as it closes, when the pstats are written.
PROFILED = """
import signal, sys, yappi
from ludus.cli import main
yappi.set_clock_type("cpu")

def start(*_):
    yappi.clear_stats()
    yappi.start()

def stop(*_):
    yappi.stop()
    yappi.get_func_stats().save(sys.argv[1], type="pstat")

signal.signal(signal.SIGUSR1, start)
signal.signal(signal.SIGUSR2, stop)
main(sys.argv[2:])
"""


class ServerProcess:
    """``ludus serve`` in a subprocess on a free port of 127.0.0.1 (under yappi with
    ``profile``), stopped as uvicorn is by Ctrl-C."""

    def __init__(self, db: str, bots: int | None, profile: str | None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        args = ["serve", "--port", str(self.port), "--db", db, *(["--bots", str(bots)] if bots else [])]
        command = ([sys.executable, "-c", PROFILED, profile, *args] if profile
                   else [sys.executable, "-m", "ludus.cli", *args])
        self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        self.profiled = bool(profile)

    def window(self, opens: bool) -> None:
        """The measured window opens or closes: so the profile covers it alone."""
        if self.profiled:
            self.proc.send_signal(signal.SIGUSR1 if opens else signal.SIGUSR2)

    async def started(self) -> None:
        deadline = time.monotonic() + START_WAIT
        async with httpx.AsyncClient(timeout=5) as http:
            while True:
                self.check()
                with contextlib.suppress(httpx.TransportError):
                    if (await http.get(f"{self.url}/api/games")).status_code == 200:
                        await asyncio.sleep(1)
                        self.check()            # the port was free: no other server answered
                        return
                if time.monotonic() > deadline:
                    raise SystemExit(f"the server did not answer within {START_WAIT} s")
                await asyncio.sleep(0.2)

    def check(self) -> None:
        if self.proc.poll() is not None:
            raise SystemExit(f"the server exited with code {self.proc.returncode}")

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def cpu_seconds(self) -> tuple[float, float]:
        """CPU seconds so far of the server process and of its children (the bot processes)."""
        tick = os.sysconf("SC_CLK_TCK")
        stats = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError):
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                    stats[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
        own = stats.get(self.proc.pid, (0, 0.0))[1]
        children = sum(cpu for parent, cpu in stats.values() if parent == self.proc.pid)
        return own, children


def free_port() -> int:
    """A port of 127.0.0.1 free now, out of the range the clients' own connections take theirs from."""
    rng = random.Random()
    while True:
        port = rng.randrange(*PORTS)
        with socket.socket() as s, contextlib.suppress(OSError):
            s.bind(("127.0.0.1", port))
            return port


# -- source addresses ------------------------------------------------------------------------------

def source_addresses():
    """127.0.0.2, 127.0.0.3, ...: each used by one group of tables for the whole run, so the
    tables a level leaves unfinished never count against the next one's."""
    for n in range(2, 2**24 - 1):
        address = ipaddress.IPv4Address(0x7F000000 + n)
        if address.packed[3] not in (0, 255):
            yield str(address)


# -- measures ------------------------------------------------------------------------------------

class Tally:
    """What one level measured, counted only inside its window [start, end]."""

    def __init__(self):
        self.start = self.end = float("inf")
        self.latencies: list[float] = []        # a move sent -> its ack
        self.updates: list[float] = []          # a move sent -> its update
        self.joins: list[float] = []            # a connection opened -> its welcome
        self.lines = 0
        self.tables_done = 0
        self.server_cpu: list[float] | None = None
        self.client_cpu = 0.0
        self.errors: collections.Counter[str] = collections.Counter()

    def open(self, seconds: float, server: ServerProcess | None) -> None:
        """The window opens now, for ``seconds``."""
        if server is not None:
            server.window(True)
            self.server_cpu = server.cpu_seconds()
        self.client_cpu = time.process_time()
        self.start = time.perf_counter()
        self.end = self.start + seconds

    def close(self, server: ServerProcess | None) -> None:
        if server is not None:
            server.window(False)
            self.server_cpu = [b - a for a, b in zip(self.server_cpu, server.cpu_seconds(), strict=True)]
        self.client_cpu = time.process_time() - self.client_cpu
        self.end = time.perf_counter()

    def cpu_shares(self) -> dict:
        """CPU time over the window's: the server process, its bot processes, the clients."""
        wall = self.end - self.start
        server = self.server_cpu
        return {"server_cpu_share": round(server[0] / wall, 2) if server else None,
                "bots_cpu_share": round(server[1] / wall, 2) if server else None,
                "client_cpu_share": round(self.client_cpu / wall, 2)}

    def inside(self, moment: float) -> bool:
        return self.start <= moment <= self.end

    def error(self, kind: str) -> None:
        if self.inside(time.perf_counter()):
            self.errors[kind] += 1


def percentile(ordered: list[float], p: float) -> float | None:
    """The nearest-rank percentile of sorted samples."""
    if not ordered:
        return None
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


# -- the scripted clients --------------------------------------------------------------------------

class Bench:
    def __init__(self, args, urls: list[str], seats: int, server: ServerProcess | None):
        self.args = args
        self.server = server
        self.urls = urls
        self.seats = seats
        self.addresses = source_addresses()
        self.clients: dict[str, httpx.AsyncClient] = {}
        self.rng = random.Random(args.seed)
        self.stopping = False       # the level is over: every loop ends (a cancellation may be lost)

    def http(self, address: str) -> httpx.AsyncClient:
        if address not in self.clients:
            self.clients[address] = httpx.AsyncClient(
                timeout=START_WAIT, transport=httpx.AsyncHTTPTransport(local_address=address))
        return self.clients[address]

    async def close(self) -> None:
        for client in self.clients.values():
            await client.aclose()

    async def level(self, tables: int) -> Tally:
        """Keep ``tables`` tables in play: a warm-up once every one has played its first person
        move (the bot processes start meanwhile), then the window."""
        tally = Tally()
        self.stopping = False
        addresses = [next(self.addresses) for _ in range((tables + PER_ADDRESS - 1) // PER_ADDRESS)]
        started = asyncio.Event()
        first = [0]

        def table_started():
            first[0] += 1
            if first[0] == tables:
                started.set()

        slots = [asyncio.create_task(self.slot(k, addresses[k // PER_ADDRESS], tally, table_started))
                 for k in range(tables)]
        try:
            await asyncio.wait_for(started.wait(), START_WAIT)
        except asyncio.TimeoutError:
            print(f"  only {first[0]} of {tables} tables played within {START_WAIT} s", file=sys.stderr)
        await asyncio.sleep(self.args.warmup)
        tally.open(self.args.seconds, self.server)
        await asyncio.sleep(self.args.seconds)
        tally.close(self.server)
        self.stopping = True
        for task in slots:
            task.cancel()
        _, left = await asyncio.wait(slots, timeout=self.args.stuck)
        if left:
            print(f"  {len(left)} of {tables} tables did not stop within {self.args.stuck:g} s; left behind",
                  file=sys.stderr)
        return tally

    async def slot(self, k: int, address: str, tally: Tally, table_started) -> None:
        """One table after another, for as long as the level lasts."""
        announce = [table_started]
        while not self.stopping:
            try:
                ok = await self.table(k, address, tally, announce)
            except asyncio.TimeoutError:
                tally.error("no answer within the time-out (table made or connection opened)")
                ok = False
            except Exception as e:              # counted, not hidden: the benchmark goes on
                tally.error(type(e).__name__)
                ok = False
            while announce:                     # its first table could not play: do not wait for it
                announce.pop()()
            if not ok and not self.stopping:
                await asyncio.sleep(1)          # no hammering of a server that refuses

    async def table(self, k: int, address: str, tally: Tally, announce: list) -> bool:
        """Make one table and play it to the end; False if it could not be played. The slot's
        first table calls ``announce``'s function at its first move acknowledged."""
        people = self.args.all_people
        seats = ["person"] * self.seats if people else ["person"] + ["random"] * (self.seats - 1)
        made = self.urls[k % len(self.urls)]
        r = await self.http(address).post(f"{made}/api/tables", json={
            "game": self.args.game, "options": self.args.options, "seats": seats})
        if r.status_code != 201:
            tally.error(f"http-{r.status_code}")
            return False
        body = r.json()
        tokens = {i["seat"]: i["url"].split("#seat=", 1)[1] for i in body["invites"]}
        players = [self.player(self.urls[(k + seat) % len(self.urls)], body["id"], token,
                               announce if seat == min(tokens) else None, address, tally)
                   for seat, token in tokens.items()]
        ended = await asyncio.gather(*players)
        if all(ended) and tally.inside(time.perf_counter()):
            tally.tables_done += 1
        return all(ended)

    async def player(self, url: str, table: str, token: str, first: list | None, address: str,
                     tally: Tally) -> bool:
        """One person seat: a random legal move whenever it is offered, until the game is over.
        The ``first`` seat of a table also counts the lines stored, from its updates, and calls
        the functions in ``first`` at its first ack."""
        rng = random.Random(self.rng.random())
        ws_url = url.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + f"/ws/{table}"
        bucket = Bucket()
        pending = None              # (seq, sent at, move) of the move not yet acknowledged
        told = None                 # (seq, sent at) of the move acknowledged, not yet in an update
        seen = None                 # the last seq seen in a view
        opened = time.perf_counter()
        async with connect(ws_url, open_timeout=self.args.stuck, close_timeout=2, max_size=2**24,
                           local_addr=(address, 0)) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "since": None}))
            while not self.stopping:
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), self.args.stuck))
                except asyncio.TimeoutError:
                    awaited = "an ack" if pending else "the welcome" if seen is None else "a view"
                    tally.error(f"nothing for {self.args.stuck:g} s awaiting {awaited}")
                    return False
                kind = message["type"]
                now = time.perf_counter()
                if kind == "ack":
                    if pending is not None and message["seq"] == pending[0]:
                        if tally.inside(now):
                            tally.latencies.append(now - pending[1])
                        told, pending = pending[:2], None
                        while first:
                            first.pop()()
                    continue
                if kind == "error":
                    tally.error(message["code"])
                    if message["code"] in ("rate-limited", "unavailable") and pending is not None:
                        await asyncio.sleep(0.2)        # as the error says: send it again in a moment
                        await ws.send(json.dumps({"type": "move", "seq": pending[0], "move": pending[2]}))
                    else:
                        pending = None                  # refused: the next view says what to do
                    continue
                if seen is None and kind == "welcome" and tally.inside(now):
                    tally.joins.append(now - opened)
                if kind == "update":
                    if first is not None and message["seq"] > seen and tally.inside(now):
                        tally.lines += message["seq"] - seen
                    if told is not None and message["seq"] >= told[0]:
                        if tally.inside(now):
                            tally.updates.append(now - told[1])
                        told = None
                seen = message["seq"] if seen is None else max(seen, message["seq"])
                if message["over"]:
                    return True
                if message["legal"] and pending is None:
                    if self.args.pause:
                        await asyncio.sleep(rng.uniform(0, 2 * self.args.pause))
                    await bucket.take()
                    move = rng.choice(message["legal"])["id"]
                    pending = (message["seq"] + 1, time.perf_counter(), move)
                    await ws.send(json.dumps({"type": "move", "seq": pending[0], "move": move}))
            return False


class Bucket:
    """The client's own token bucket: it waits rather than be refused."""

    def __init__(self):
        self.tokens = float(CLIENT_BURST)
        self.last = time.perf_counter()

    async def take(self) -> None:
        now = time.perf_counter()
        self.tokens = min(CLIENT_BURST, self.tokens + (now - self.last) * CLIENT_RATE)
        self.last = now
        if self.tokens < 1:
            await asyncio.sleep((1 - self.tokens) / CLIENT_RATE)
            self.tokens, self.last = 1.0, time.perf_counter()
        self.tokens -= 1


# -- the run -------------------------------------------------------------------------------------

def seat_count(url: str, game: str, options: dict) -> int:
    games = {g["id"]: g for g in httpx.get(f"{url}/api/games", timeout=START_WAIT).json()}
    if game not in games:
        raise SystemExit(f"--game {game!r}: the server has {', '.join(games)}")
    return int(options.get("players", games[game]["players"]))


def parse_options(pairs: list[str]) -> dict:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option {pair!r}: write NAME=VALUE")
        options[name] = int(value) if value.isdigit() else value
    return options


def backend(db: str) -> str:
    return db.split(":", 1)[0].split("+", 1)[0] if "://" in db else "sqlite"


async def run(args) -> list[dict]:
    results = []
    for tables in args.tables:
        with tempfile.TemporaryDirectory(prefix="bench-server-") as folder:
            server = None
            urls = args.url
            if not urls:
                db = args.db or f"sqlite:///{folder}/server.sqlite3"
                profile = f"{args.profile}.{tables}" if args.profile else None
                server = ServerProcess(db, args.bots, profile)
                urls = [server.url]
            try:
                if server is not None:
                    await server.started()
                bench = Bench(args, urls, seat_count(urls[0], args.game, args.options), server)
                tally = await bench.level(tables)
                await bench.close()
                if server is not None:
                    server.check()              # its figures are void if it died on the way
            finally:
                if server is not None:
                    server.stop()
        ordered = sorted(tally.latencies)
        updates = sorted(tally.updates)
        joins = sorted(tally.joins)
        window = tally.end - tally.start
        ms = lambda x: None if x is None else round(1000 * x, 2)  # noqa: E731
        results.append({
            "tables": tables, "db": backend(args.db) if args.db else "given" if args.url else "sqlite",
            "processes": len(urls), "people": "all" if args.all_people else "one, bots random",
            "pause_s": args.pause, "game": args.game, "options": args.options, "seconds": args.seconds,
            "moves_per_s": round(len(ordered) / window, 1), "lines_per_s": round(tally.lines / window, 1),
            "acks": len(ordered), "tables_done": tally.tables_done,
            "p50_ms": ms(percentile(ordered, 50)), "p95_ms": ms(percentile(ordered, 95)),
            "p99_ms": ms(percentile(ordered, 99)), "max_ms": ms(ordered[-1] if ordered else None),
            "update_p50_ms": ms(percentile(updates, 50)), "update_p95_ms": ms(percentile(updates, 95)),
            "joins": len(joins), "welcome_p50_ms": ms(percentile(joins, 50)),
            "welcome_p95_ms": ms(percentile(joins, 95)), "welcome_max_ms": ms(joins[-1] if joins else None),
            "errors": sum(tally.errors.values()), "error_kinds": dict(tally.errors),
            **tally.cpu_shares(),
            "server_cpu_ms_per_line": (round(1000 * tally.server_cpu[0] / tally.lines, 2)
                                       if tally.server_cpu and tally.lines else None),
        })
        print_row(results[-1])
    return results


COLUMNS = [("tables", "tables"), ("db", "db"), ("processes", "processes"), ("people", "people"),
           ("pause s", "pause_s"), ("moves/s", "moves_per_s"), ("lines/s", "lines_per_s"), ("acks", "acks"),
           ("p50 ms", "p50_ms"), ("p95 ms", "p95_ms"), ("p99 ms", "p99_ms"), ("max ms", "max_ms"),
           ("update p95 ms", "update_p95_ms"), ("welcome p95 ms", "welcome_p95_ms"), ("errors", "errors"),
           ("CPU server/bots/clients", "cpu"), ("server CPU ms/line", "server_cpu_ms_per_line")]


def print_row(result: dict) -> None:
    if not getattr(print_row, "headed", False):
        print_row.headed = True
        print("| " + " | ".join(title for title, _ in COLUMNS) + " |")
        print("|" + "|".join("---:" for _ in COLUMNS) + "|")
    cpu = "/".join("–" if result[k] is None else f"{100 * result[k]:.0f} %"
                   for k in ("server_cpu_share", "bots_cpu_share", "client_cpu_share"))
    cells = [cpu if key == "cpu" else result[key] for _, key in COLUMNS]
    print("| " + " | ".join("–" if c is None else f"{c:,}" if isinstance(c, (int, float)) else str(c)
                            for c in cells) + " |", flush=True)
    if result["error_kinds"]:
        print(f"  errors: {result['error_kinds']}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="50,200,500",
                        help="tables kept in play, one level each (default 50,200,500)")
    parser.add_argument("--seconds", type=float, default=30, help="measured seconds per level (default 30)")
    parser.add_argument("--warmup", type=float, default=5, help="seconds after every table started (default 5)")
    parser.add_argument("--pause", type=float, default=0,
                        help="a person's mean pause before a move, in seconds (uniform from 0 to twice it; default "
                             "0: at once)")
    parser.add_argument("--stuck", type=float, default=15,
                        help="seconds a client waits for a message before it gives its table up (default 15)")
    parser.add_argument("--game", default="claim")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    parser.add_argument("--all-people", action="store_true", help="every seat a scripted person: no bots")
    parser.add_argument("--db", help="the started server's database URL (default: a temporary SQLite file); "
                                     "with --url, only named in the figures")
    parser.add_argument("--bots", type=int, help="the started server's bot processes (default: its own)")
    parser.add_argument("--url", action="append", default=[],
                        help="a running server (no server is started); several: processes sharing one database")
    parser.add_argument("--profile", metavar="FILE",
                        help="run the started server under yappi over each measured window; pstats to FILE.TABLES")
    parser.add_argument("--seed", type=int, default=0, help="the clients' choice of moves")
    parser.add_argument("--json", metavar="FILE", help="write every figure there")
    args = parser.parse_args()
    args.tables = [int(t) for t in args.tables.split(",")]
    args.options = parse_options(args.option)
    args.url = [u.rstrip("/") for u in args.url]
    if args.url and (args.profile or args.bots):
        parser.error("--bots and --profile are for a server the benchmark starts, not with --url")
    load = os.getloadavg()
    print(f"# {datetime.datetime.now().isoformat(timespec='seconds')}, {platform.node()}, {os.cpu_count()} "
          f"cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {args.game} "
          f"{args.options or ''}, {args.seconds:g} s per level after {args.warmup:g} s warm-up", flush=True)
    results = asyncio.run(run(args))
    if args.json:
        Path(args.json).write_text(json.dumps({
            "date": datetime.datetime.now().isoformat(timespec="seconds"), "python": platform.python_version(),
            "cores": os.cpu_count(), "loadavg_before": load, "loadavg_after": os.getloadavg(),
            "results": results}, indent=1) + "\n")


if __name__ == "__main__":
    main()
