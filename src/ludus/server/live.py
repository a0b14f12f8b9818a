"""The tables in play in this process: one ``LiveTable`` per table, kept by the ``Hub``.

A live table holds the table's Session, rebuilt from its stored move log when first needed
(after a restart too), and the connections at it. One move at a time (an asyncio lock): the
session plays it in a thread, its sink storing the line first, so the event loop never waits on
the disk. After each line every connection is sent what its own seat may see (``protocol``).
A bot's decision is worked out by ``ludus.session.decide`` in a process pool, the loop free
meanwhile; its answer is played only if the game is still where it was asked, and no sooner
than the bot's pace after it was asked (``Hub.pace``): how long a bot thinks can depend on its
hand (a forced move comes at once), and a person sees how long.

The ``seq`` of a line is its place in the move log: 0 the header, then one per move or undo.
A client names the seq its move will take, which makes a resend harmless and a stale move
visible (see docs/server.md).
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import json
import logging
import os
import threading
import time
from concurrent.futures import Executor

from ludus import agents as agents_mod
from ludus.agents.ismcts import ISMCTSAgent
from ludus.arena.stats import derive_seed
from ludus.core.errors import IllegalAction, LudusError
from ludus.session import Session, decide

from . import assists, protocol
from .clocks import Clocks, TimeSource, clock_rules
from .storage import CHANNEL, LineTaken, Store

log = logging.getLogger("ludus.server")

# Messages waiting for a connection that reads none: past this many it is closed.
MAX_BACKLOG = 1000
# Reviews kept per process (table and seat): the newest this many.
MAX_REVIEWS = 200
# An agent's move the database would not store is tried this many times, pausing 1, 2, 4 ... s
# between, while someone is connected (then when someone next connects).
STORE_ATTEMPTS = 5


@dataclasses.dataclass(eq=False)
class Connection:
    """One WebSocket at a table: its seat (None: a spectator) and the messages it is yet to be
    sent, in order (a writer task sends them, so a slow client holds up no one)."""

    seat: int | None
    queue: asyncio.Queue = dataclasses.field(default_factory=asyncio.Queue)

    def send(self, message: dict | None) -> None:
        if self.queue.qsize() > MAX_BACKLOG:
            message = None                      # the writer stops: the connection is closed
        self.queue.put_nowait(message)


class LiveTable:
    def __init__(self, hub: Hub, public_id: str, lines: list[dict]):
        self.hub = hub
        self.id = public_id
        self.lines = list(lines)
        self.session = Session.from_lines(lines, source=f"table {public_id}", sink=self._store, auto=False)
        # moves[seq]: how many moves the game held after line seq (an undo takes one back)
        undos = iter(self.session.takebacks)
        self.moves = [0]
        for line in lines[1:]:
            self.moves.append(next(undos).index if "undo" in line else self.moves[-1] + 1)
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.users = 0                  # connections at it, and those on their way (Hub.enter)
        self.bots: asyncio.Task | None = None
        self.timer: asyncio.Task | None = None
        self.timing_out = False         # the timeout agent is deciding: the table stays loaded
        self.clocks: Clocks | None = None
        self.assists: dict[str, bool] | None = None     # the table's switches, read when first asked
        # The help worked out at the position the table is at, by (kind, seat, seq): asked again,
        # or while it is being worked out, it is not worked out twice (it holds a bot process).
        self.helped: dict[tuple[str, int, int], asyncio.Future] = {}
        if lines[0].get("clock") is not None:
            head = lines[0]["clock"]
            self.clocks = Clocks(clock_rules(head), [s.agent is None for s in self.session.seats], head["time"])
            self.clocks.restore(next(ln["clock"] for ln in reversed(lines) if "clock" in ln))
            if len(lines) > 1:
                self.clocks.started(self.session, lines[-1])

    @property
    def seq(self) -> int:
        """The seq of the last line stored; the next move takes ``seq + 1``."""
        return len(self.moves) - 1

    def _store(self, line: dict) -> None:
        """The session's sink: the line is committed, with the clocks, before the move takes
        effect."""
        if self.clocks is not None:
            line = {**line, "clock": self.clocks.charge(self.session, line, self.hub.time.now())}
        self.hub.store.append(self.id, len(self.lines), line)
        self.lines.append(line)
        if self.clocks is not None:
            self.clocks.restore(line["clock"])

    def _clocks(self) -> dict:
        return {} if self.clocks is None else {"clocks": self.clocks.view(self.session, self.hub.time.now())}

    # -- what a viewer is sent ----------------------------------------------------------------

    def welcome(self, seat: int | None, since: int | None) -> dict:
        """Where the table stands for ``seat`` and the log entries it has not seen since line
        ``since`` (all of them if None): ``start`` is where they begin, so a client keeps its
        first ``start`` entries (an undo since may have taken later ones back) and adds these."""
        start = 0 if since is None or since > self.seq else min(self.moves[since:])
        game = self.session.game
        return {"type": "welcome", "table": self.id, "game": game.id, "seat": seat,
                "seat_names": list(game.seat_names), "start": start,
                "entries": [protocol.entry(game, e, seat) for e in self.session.log(seat, start)],
                **protocol.view(self.session, seat, self.seq), **self._clocks()}

    def _broadcast(self, line: dict) -> None:
        """Each connection's news of the line just stored: the entries from where its log
        changed (none after an undo, which only cuts), and the table as its seat sees it."""
        start = min(self.moves[-2:])
        game = self.session.game
        sent: dict[int | None, dict] = {}
        for conn in self.connections:
            if conn.seat not in sent:
                sent[conn.seat] = {"type": "update", "start": start,
                                   "entries": [protocol.entry(game, e, conn.seat)
                                               for e in self.session.log(conn.seat, start)],
                                   **({"undo": line["undo"]} if "undo" in line else {}),
                                   **protocol.view(self.session, conn.seat, self.seq), **self._clocks()}
            conn.send(sent[conn.seat])

    # -- moves ----------------------------------------------------------------------------------

    async def _play(self, act, conn: Connection | None = None) -> None:
        """Run ``act`` (one session call that writes one line) in a thread, acknowledge it to
        ``conn`` (the client that asked for it), then tell everyone. Called with the lock held.
        If ``act`` fails, nothing was played: ``conn`` is told why (without one, it raises)."""
        try:
            await asyncio.to_thread(act)
        except LineTaken:
            await self.catch_up()           # another process stored that line: the game moved on
            raise
        except LudusError as e:
            if conn is None:
                raise
            conn.send(error("illegal", str(e)))
            return
        except Exception:                   # the line could not be stored
            if conn is None:
                raise
            log.exception("table %s: a move could not be stored", self.id)
            conn.send(error("unavailable", "the move could not be stored, so it was not played; "
                                           "send it again in a moment"))
            return
        self._took(self.lines[-1])
        # The line is stored: whatever fails from here on, everyone hears of it and play goes on.
        try:
            await self._finish()            # stored as over before anyone hears of the end (see _finish)
        except Exception:
            log.exception("table %s: its end could not be marked; it is when the table is next loaded", self.id)
        if conn is not None:
            conn.send({"type": "ack", "seq": self.seq})
        self._broadcast(self.lines[-1])
        if self.clocks is not None and not self.session.over:
            try:
                await asyncio.to_thread(self.hub.store.set_deadline, self.id, self.clocks.deadline(self.session))
            except Exception:           # only the sweep of tables nobody is at reads it
                log.exception("table %s: its clock's deadline could not be stored", self.id)
        self.start_bots()
        self.start_clock()

    def _took(self, line: dict) -> None:
        """The session took ``line`` (stored here or by another process): count it."""
        self.moves.append(len(self.session.state.history))
        if self.clocks is not None:
            self.clocks.started(self.session, line)

    async def _finish(self) -> None:
        """Mark the table over in the store once its game has ended. Done before the last line is
        acknowledged or sent: a client told the game is over may at once ask for the replay or
        the review, which are refused while the table is not stored as over."""
        if self.session.over:
            await asyncio.to_thread(self.hub.store.finish, self.id, final_result(self.session.state))

    async def catch_up(self, news: tuple[int, dict] | None = None) -> None:
        """Take the lines other server processes stored since ours (PostgreSQL), telling every
        connection here as they come. ``news``: a line as announced (its seq, the line), taken
        without asking the database when it is the next one. Called with the lock held."""
        if news is not None and news[0] <= self.seq:
            return                              # taken already
        if news is not None and news[0] == self.seq + 1:
            lines = [news[1]]
        else:
            lines = await asyncio.to_thread(self.hub.store.lines_after, self.id, self.seq)
        for line in lines:
            await asyncio.to_thread(self.session.follow, [line], f"table {self.id}")
            self.lines.append(line)
            if self.clocks is not None:
                self.clocks.restore(line["clock"])
            self._took(line)
            if line is lines[-1]:
                await self._finish()
            self._broadcast(line)
        if lines:
            self.start_clock()

    async def request(self, conn: Connection, message: protocol.Move | protocol.Undo) -> None:
        """A client's move or undo, at the seq it names: played, acknowledged again (a resend of
        the line already stored there), or refused with a resync (any other seq)."""
        seat = conn.seat
        async with self.lock:
            if message.seq != self.seq + 1:
                self._not_next(conn, message)
                return
            if seat is None:
                conn.send(error("not-your-turn", "a spectator makes no moves"))
                return
            session = self.session
            if self.clocks is not None and seat == self.clocks.running(session) \
                    and self.clocks.remaining(session, self.hub.time.now()) <= 0:
                conn.send(error("time-out", "your time ran out: the timeout agent plays this move for you"))
                return
            if isinstance(message, protocol.Undo):
                act = lambda: session.undo(seat)  # noqa: E731
            elif session.over or seat != session.to_move:
                try:
                    session.play(seat, message.move)
                except IllegalAction as e:
                    conn.send(error("illegal" if session.over else "not-your-turn", str(e)))
                return
            else:
                act = lambda: session.play(seat, message.move)  # noqa: E731
            try:
                await self._play(act, conn)
            except LineTaken:                   # another process stored line seq first
                self._not_next(conn, message)

    def _not_next(self, conn: Connection, message: protocol.Move | protocol.Undo) -> None:
        """The answer to a request for a seq that is not the next one: the ack again if it is
        a resend of the line stored there, else a resync."""
        if 0 < message.seq <= self.seq and self._resent(message, conn.seat):
            conn.send({"type": "ack", "seq": message.seq})
            return
        conn.send(error("stale", f"seq {message.seq} is not the next line's: the table is at seq "
                                 f"{self.seq}, so the next move takes {self.seq + 1}; here it is as it stands"))
        conn.send(self.welcome(conn.seat, None))

    def _resent(self, message, seat: int | None) -> bool:
        """Whether line ``message.seq`` is this very move (or undo) by this seat."""
        line = self.lines[message.seq]
        if isinstance(message, protocol.Undo):
            return line.get("undo", -1) == seat
        if line.get("seat") != seat or line.get("how") != "person":
            return False
        game = self.session.game
        try:
            action = game.parse_action(message.move) if isinstance(message.move, str) \
                else game.action_from_id(message.move)
        except IllegalAction:
            return False
        return line.get("move") == str(action)

    # -- help -----------------------------------------------------------------------------------

    async def assist(self, conn: Connection, message: protocol.Hint | protocol.Track) -> None:
        """A seat's request for a hint or the card tracker at the seq it names: answered to this
        connection alone, worked out in the bot processes once per seat and position (``helped``);
        refused where the table's switch is off, for a spectator, at a stale seq (with a
        resync), for a hint when it is not the seat's turn, and once the game is over."""
        kind, work = ("hints", assists.hint) if isinstance(message, protocol.Hint) else ("tracker", assists.track)
        if self.assists is None:
            self.assists = await asyncio.to_thread(self.hub.store.assists, self.id)
        if not self.assists[kind]:
            conn.send(error("assist-off", f"this table was made with {kind} off: {assists.SWITCHES[kind]} is "
                                          "not given here"))
            return
        if conn.seat is None:
            conn.send(error("not-a-seat", f"{kind} are for a seat: a spectator knows no hidden card of its own"))
            return
        async with self.lock:
            session = self.session
            if message.seq != self.seq:
                conn.send(error("stale", f"seq {message.seq} is not the table's: it is at seq {self.seq}; here "
                                         "it is as it stands"))
                conn.send(self.welcome(conn.seat, None))
                return
            if session.over:
                conn.send(error("illegal", "the game is over: the replay and the review show it now"))
                return
            if kind == "hints" and session.to_move != conn.seat:
                conn.send(error("not-your-turn", f"a hint is for the seat to move; "
                                                 f"{session.seats[session.to_move].name} is to move"))
                return
            key = (kind, conn.seat, self.seq)
            working = self.helped.get(key)
            if working is None:
                # The seat's perspective is all that leaves for the bot process: no record, no seed.
                view = await asyncio.to_thread(session.state.perspective, conn.seat)
                args = (view, derive_seed(session.seed, "hint", conn.seat, len(session.state.history))) \
                    if kind == "hints" else (view,)
                self.helped = {k: f for k, f in self.helped.items() if k[2] == self.seq}    # the past is past
                working = self.helped[key] = asyncio.get_running_loop().run_in_executor(self.hub.pool, work, *args)
        try:
            answer = await asyncio.shield(working)      # one asker leaving stops no other's answer
        except Exception:
            if self.helped.get(key) is working:
                del self.helped[key]                    # a failure is not kept: asked again, tried again
            log.exception("table %s: %s could not be worked out", self.id, kind)
            conn.send(error("unavailable", f"the {kind} could not be worked out; ask again in a moment"))
            return
        conn.send({"type": message.type, "seq": message.seq, **answer})

    # -- bots -----------------------------------------------------------------------------------

    def start_bots(self) -> None:
        """Play the agents' seats in the background while one is to move."""
        if (self.bots is None or self.bots.done()) and self.session.agent_task() is not None:
            self.bots = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                async with self.lock:
                    task = self.session.agent_task()
                    if task is None:
                        # Ending now, under the lock: a move from here on starts a new run
                        # (this one is still to leave the hub, so it is not done yet).
                        self.bots = None
                        return
                asked = loop.time()
                move = await loop.run_in_executor(self.hub.pool, decide, task)
                pace = await asyncio.to_thread(self.hub.pace, self.session.game, task.spec)   # a policy loads a file
                left = pace - (loop.time() - asked)
                if left > 0:
                    await asyncio.sleep(left)
                await self._play_agent(task, move)     # or the game moved on meanwhile: ask again
        except Exception:
            log.exception("table %s: a bot's move failed; it is tried again when someone connects", self.id)
            self._tell_all(error("unavailable", "a bot's move could not be stored; it is tried again when "
                                                "someone connects (reload the page)"))
        finally:
            await self.hub.leave(self, None, user=False)

    async def _play_agent(self, task, move) -> bool:
        """Play an agent's ``move`` for ``task`` (a bot's or the timeout agent's): True once
        stored, False if the game moved on meanwhile (an undo). A move the database would not
        store is tried again after a pause, those connected told, while anyone is; else it
        raises, and the next connection starts the agents again."""
        attempt = 0
        while True:
            attempt += 1
            async with self.lock:
                try:
                    await self._play(lambda: self.session.play_task(task, move))
                    return True
                except (IllegalAction, LineTaken):
                    return False
                except Exception:
                    if attempt == STORE_ATTEMPTS or not self.connections:
                        raise
                    pause = 2 ** (attempt - 1)
                    log.exception("table %s: an agent's move could not be stored; trying again in %s s",
                                  self.id, pause)
                    self._tell_all(error("unavailable", f"a bot's move could not be stored; trying again in "
                                                        f"{pause} s"))
            await asyncio.sleep(pause)

    def _tell_all(self, message: dict) -> None:
        for conn in self.connections:
            conn.send(message)

    # -- clocks ---------------------------------------------------------------------------------

    async def expire(self) -> None:
        """Play the timeout move if the running clock ran out (a table loaded for that alone);
        else store when it will."""
        if self.clocks is None:
            return
        async with self.lock:
            left = self.clocks.remaining(self.session, self.hub.time.now())
        if left is not None and left <= 0:
            await self._run_clock()
        else:
            await asyncio.to_thread(self.hub.store.set_deadline, self.id, self.clocks.deadline(self.session))

    def start_clock(self) -> None:
        """Watch the running clock (again, after each line): when a person's time runs out, the
        timeout agent plays its move."""
        if self.clocks is None:
            return
        if self.timer is not None and self.timer is not asyncio.current_task():
            self.timer.cancel()
        self.timer = asyncio.get_running_loop().create_task(self._run_clock())

    async def _run_clock(self) -> None:
        loop = asyncio.get_running_loop()
        session = self.session
        try:
            while True:
                async with self.lock:
                    seat = self.clocks.running(session)
                    now = self.hub.time.now()
                    left = self.clocks.remaining(session, now)
                    if seat is None:
                        return
                    if left <= 0:
                        task = session.timeout_task(seat)
                        self.timing_out = True
                if left > 0:
                    await self.hub.time.sleep_until(now + left)
                    continue
                move = await loop.run_in_executor(self.hub.pool, decide, task)
                if await self._play_agent(task, move):
                    return                      # else the game moved on meanwhile (an undo): look again
        except Exception:
            log.exception("table %s: a timeout move failed; it is tried again when someone connects", self.id)
            self._tell_all(error("unavailable", "the move for a seat whose time ran out could not be stored; it "
                                                "is tried again when someone connects (reload the page)"))
        finally:
            if self.timing_out:
                self.timing_out = False
                await self.hub.leave(self, None, user=False)


def orphan_guard(server: int) -> None:
    """Run in each bot process as it starts: it ends itself once the server process ``server``
    is gone (a server killed outright cannot stop its pool)."""

    def watch():
        while os.getppid() == server:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="orphan-guard", daemon=True).start()


def final_result(state) -> dict:
    """What the store keeps of a game that is over (``Store.finish``), so that the lobby and the
    table's facts need no replay."""
    return {"scores": list(state.scores()), "returns": list(state.returns())}


def error(code: str, message: str) -> dict:
    return {"type": "error", "code": code, "message": message}


class Hub:
    """The live tables of this process, by public id; a table is loaded on its first
    connection and dropped once nobody is at it and no bot is thinking."""

    def __init__(self, store: Store, pool: Executor | None = None, time: TimeSource | None = None,
                 bot_pace: float = 0.0):
        self.store = store
        self.pool = pool
        self.time = time or TimeSource()
        self.bot_pace = bot_pace
        self._paces: dict[tuple[str, str], float] = {}
        self.tables: dict[str, LiveTable] = {}
        self.reviews: collections.OrderedDict[tuple[str, int], asyncio.Future] = collections.OrderedDict()
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task] = set()

    def pace(self, game, spec: str) -> float:
        """The least time (seconds) between asking a bot of ``spec`` for a move and playing it,
        so that a forced move and a thought one look alike: for a search, the server's bot pace
        (on a time budget, half as much again as the budget: its CPU seconds on a busy machine);
        for a bot that thinks by rule or by a trained policy, in milliseconds whatever it holds,
        a third of the pace (the setup's thirteen placings of a Caesar & Cleopatra action pile
        then take 2.6 s, not 7.8)."""
        key = (game.id, spec)
        if key not in self._paces:
            agent = agents_mod.make(spec, game)
            if not isinstance(agent, ISMCTSAgent):
                self._paces[key] = self.bot_pace / 3
            else:
                self._paces[key] = max(self.bot_pace, 1.5 * (agent.time_limit or 0.0)) if self.bot_pace else 0.0
        return self._paces[key]

    def create(self, game, agents: list[str | None], seed: int | None = None,
               clock: dict | None = None, creator: str | None = None, public: bool = False,
               assists: dict[str, bool] | None = None, most: int | None = None,
               idle_hours: float = 24, mine: frozenset[int] = frozenset()) -> tuple[str, dict]:
        """A new table (stored, not live yet) made from the address ``creator``, ``public`` (in
        the lobby, open to anyone) or not, with the help ``assists`` switches on: its public id
        and its person seats' tokens. Its ``clock`` (checked by ``check_clock``) starts now.
        ``most``: the tables not yet over an address may have, of those played in the last
        ``idle_hours`` (``Store.create_table``); the person seats in ``mine`` are the maker's,
        taken from the start."""
        header: list[dict] = []
        session = Session(game, agents, seed=seed, sink=header.append, auto=False)
        deadline = None
        if clock is not None:
            start = Clocks(clock, [a is None for a in agents], self.time.now())
            header[0]["clock"] = {**clock, "time": start.since, "left": start.left}
            deadline = start.deadline(session)
        return self.store.create_table(game.id, game.options_dict(), agents, header[0], creator, deadline, public,
                                       assists, most, idle_hours, mine)

    async def review(self, public_id: str, seat: int) -> dict:
        """The review of ``seat``'s decisions at a finished table, worked out in the bot
        processes once per table and seat and kept: asked again, or asked while it is being
        worked out, it is not searched again."""
        key = (public_id, seat)
        found = self.reviews.get(key)
        if found is None:
            found = asyncio.get_running_loop().create_task(self._review(public_id, seat))
            self.reviews[key] = found
            while len(self.reviews) > MAX_REVIEWS:
                self.reviews.popitem(last=False)
        self.reviews.move_to_end(key)
        try:
            return await asyncio.shield(found)
        except Exception:
            if self.reviews.get(key) is found:
                del self.reviews[key]           # a failure is not kept: the next asker tries again
            raise

    async def _review(self, public_id: str, seat: int) -> dict:
        def recorded() -> dict:             # every move replayed and its digest checked
            return Session.from_lines(self.store.lines(public_id), source=f"table {public_id}", auto=False).record()

        record = await asyncio.to_thread(recorded)
        return await asyncio.get_running_loop().run_in_executor(self.pool, assists.review, record, seat)

    async def sweep(self, every: float = 30.0) -> None:
        """Every ``every`` seconds, play the timeout moves of clocks that ran out at tables
        nobody is at (a table loaded here watches its own clock). Runs until cancelled."""
        moment = self.time.now()
        while True:
            # The next sweep is due ``every`` after the last was (at once if the time moved on
            # further meanwhile): time that passed during a sweep is not skipped.
            moment = max(moment + every, self.time.now())
            await self.time.sleep_until(moment)
            try:
                due = await asyncio.to_thread(self.store.due, self.time.now())
                for public_id in due:
                    if public_id not in self.tables:
                        await self._expire(public_id)
            except Exception:
                log.exception("the sweep for clocks that ran out failed; it runs again in %s s", every)

    async def _expire(self, public_id: str) -> None:
        table = await self.enter(public_id)
        if table is None:
            return
        try:
            await table.expire()
        finally:
            await self.leave(table, None)

    async def enter(self, public_id: str) -> LiveTable | None:
        """The live table (loaded if need be), counted as in use until ``leave``; None if there
        is no such table. The hub's lock is never held across the database or a replay, so a
        table that takes long to load holds up no other."""
        async with self._lock:
            table = self.tables.get(public_id)
            if table is not None:
                table.users += 1
                return table
        lines = await asyncio.to_thread(self.store.lines, public_id)
        if not lines:
            return None
        loaded = await asyncio.to_thread(LiveTable, self, public_id, lines)
        async with self._lock:
            table = self.tables.setdefault(public_id, loaded)   # loaded meanwhile by another: that one
            table.users += 1
        if table is loaded:
            async with table.lock:
                if self.store.shared:           # a line announced while it was loading
                    await table.catch_up()
                await table._finish()           # a crash between the last move and its end
        return table

    def heard(self, public_id: str, seq: int | None, line: dict | None = None) -> None:
        """Another process stored line ``seq`` of a table (None: maybe some lines), announced
        with the ``line`` itself if it was short enough: if that table is loaded here and
        behind, it catches up in the background."""
        table = self.tables.get(public_id)
        if table is not None and (seq is None or seq > len(table.lines) - 1):
            news = (seq, line) if seq is not None and line is not None else None
            task = asyncio.get_running_loop().create_task(self._catch_up(table, news))
            self._tasks.add(task)               # the loop keeps only a weak reference
            task.add_done_callback(self._tasks.discard)

    async def _catch_up(self, table: LiveTable, news: tuple[int, dict] | None) -> None:
        try:
            async with table.lock:
                await table.catch_up(news)
        except Exception:
            log.exception("table %s: could not take the lines another process stored; its connections "
                          "are closed and it is loaded again when they come back", table.id)
            async with self._lock:
                if self.tables.get(table.id) is table:
                    del self.tables[table.id]
                for conn in table.connections:
                    conn.send(None)

    async def leave(self, table: LiveTable, conn: Connection | None, user: bool = True) -> None:
        """A user of ``enter`` left (with its connection, if it got one), or (``user`` False) a
        bot run ended; the table is dropped once nobody is at it."""
        async with self._lock:
            if user:
                table.users -= 1
                table.connections.discard(conn)
            busy = (table.bots is not None and not table.bots.done() and asyncio.current_task() is not table.bots
                    or table.timing_out)
            if table.users <= 0 and not busy and self.tables.get(table.id) is table:
                del self.tables[table.id]
                if table.timer is not None and table.timer is not asyncio.current_task():
                    table.timer.cancel()        # it is watched again when the table is loaded


async def listen(hub: Hub, conninfo: str, retry: float = 1.0) -> None:
    """Keep the tables loaded here in step with the lines other server processes store: each
    stored line is announced on PostgreSQL's channel (``storage.CHANNEL``) as "TABLE SEQ LINE"
    (or "TABLE SEQ" for a line too long to announce whole). Runs
    until cancelled; after a lost connection it connects again and catches every table up."""
    import psycopg

    while True:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as db:
                await db.execute(f"LISTEN {CHANNEL}")
                for table in list(hub.tables.values()):      # what was announced while we were away
                    hub.heard(table.id, None)
                async for news in db.notifies():
                    public_id, seq, *line = news.payload.split(" ", 2)
                    hub.heard(public_id, int(seq), json.loads(line[0]) if line else None)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("lost the PostgreSQL connection that listens for other processes' moves; "
                          "connecting again in %s s", retry)
        await asyncio.sleep(retry)
