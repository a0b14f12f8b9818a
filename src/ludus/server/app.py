"""The FastAPI application: the REST API (games, tables, the lobby, records) and the WebSocket a
seat or a spectator plays and watches through. docs/server.md describes both."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel, ConfigDict

from ludus.core.errors import RecordError, echo
from ludus.session import Session

from . import BOT_PACE, assists, limits, pages, protocol
from .clocks import TimeSource, check_clock
from .live import Connection, Hub, LiveTable, error, listen, orphan_guard
from .storage import OVER, JoinRefused, Store, TooManyTables, default_url, make_engine, migrate

# A request body larger than this is refused unread (a table's options and seats fit in 1 KB).
MAX_BODY = 16384
# Seconds a new connection has to say hello.
HELLO_WAIT = 10
# Close codes: a seat token no seat of the table has, a table that does not exist, a first
# message that is not a hello, a connection too slow to read what it is sent.
BAD_TOKEN, NO_TABLE, NO_HELLO, TOO_SLOW = 4401, 4404, 4400, 4408
# A table whose stored log this version of ludus does not replay to the positions it recorded
# (written by a version whose rules or observations differ, or edited): it cannot go on here.
UNPLAYABLE = 4410

log = logging.getLogger("ludus.server")


# What each route's request body is, said when a body is refused (by the route's name).
BODIES = {"new_table": "a table's description", "join_table": 'a seat to join: {} or {"seat": N}'}


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: object = None
    options: object = {}
    seats: object = None
    clock: object = None
    public: object = False
    assists: object = None
    mine: object = None


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)    # true, "1" and 1.0 are no seat
    seat: int | None = None


# How long a stopping server waits for a bot process still thinking (a review of a long game
# takes longer) before it ends it.
STOP_GRACE = 5.0


def _stop_pool(pool: ProcessPoolExecutor, grace: float = STOP_GRACE) -> None:
    """Stop the bot processes: work not begun is dropped, work under way gets ``grace`` seconds.
    Joined, so that the pool's queues are closed before the server exits (else multiprocessing
    warns of leaked semaphores); a process still busy after the grace is terminated."""
    processes = list((pool._processes or {}).values())      # noqa: SLF001 (no public handle on them)
    pool.shutdown(wait=False, cancel_futures=True)
    end = time.monotonic() + grace
    for process in processes:
        process.join(max(0.0, end - time.monotonic()))
        if process.is_alive():
            process.terminate()
            process.join()
    manager = pool._executor_manager_thread                   # noqa: SLF001
    if manager is not None:
        manager.join(grace)


def create_app(db_url: str | None = None, *, bot_processes: int | None = None,
               time: TimeSource | None = None, agents: tuple[str, ...] = (),
               bot_pace: float = BOT_PACE, tables_per_address: int | None = None) -> FastAPI:
    """The server's application on the database ``db_url`` (default: a SQLite file in the
    user's data folder), its schema migrated to the newest first. Bots think in
    ``bot_processes`` worker processes (default: one per processor). The clocks read ``time``
    (tests give a fake one). ``agents``: specs a table may seat beyond the built-in levels,
    chosen by whoever runs the server (a trained policy's file, say). ``bot_pace``: the least
    seconds between asking a bot for a move and playing it (``Hub.pace``; 0 for none).
    ``tables_per_address``: the tables not yet over one client address may have made (default
    ``limits.MAX_OPEN_TABLES``)."""
    engine = make_engine(db_url or default_url())
    migrate(engine)
    store = Store(engine)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        # Spawned, not forked: the server's threads and sockets stay out of the workers.
        pool = ProcessPoolExecutor(max_workers=bot_processes or os.cpu_count() or 1,
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=orphan_guard, initargs=(os.getpid(),))
        app.state.hub.pool = pool
        # PostgreSQL: other server processes may serve the same tables; hear what they store.
        listener = asyncio.create_task(listen(hub, store.conninfo())) if store.shared else None
        sweeper = asyncio.create_task(hub.sweep())
        try:
            yield
        finally:
            sweeper.cancel()
            if listener is not None:
                listener.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await listener
            await asyncio.to_thread(_stop_pool, pool)
            engine.dispose()

    # /docs and /redoc with their scripts served from the package: nothing loaded from a CDN
    app = FastAPIOffline(title="ludus", lifespan=lifespan)
    app.state.hub = hub = Hub(store, time=time, bot_pace=bot_pace)
    pages.mount(app)

    @app.middleware("http")
    async def limit_body(request: Request, call_next):
        if request.method in ("POST", "PUT", "PATCH"):
            length = request.headers.get("content-length")
            if length is None or not length.isdigit():
                return JSONResponse({"detail": "send the request body with a Content-Length"}, status_code=411)
            if int(length) > MAX_BODY:
                return JSONResponse({"detail": f"a request body is at most {MAX_BODY} bytes"}, status_code=413)
        return await call_next(request)

    @app.exception_handler(RecordError)
    async def unplayable(request: Request, exc: RecordError):
        return JSONResponse({"detail": _unplayable(request.path_params.get("public_id"), exc)}, status_code=409)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError):
        route = request.scope.get("route")
        what = BODIES.get(getattr(route, "name", ""))
        wrong = exc.errors()
        if not_json := next((e for e in wrong if e["type"] == "json_invalid"), None):
            detail = "the request body is not JSON" + (f"; send {what}" if what else "")
            errors = [{"field": "body", "message": f"{not_json['ctx']['error']} at character {not_json['loc'][-1]}"}]
        else:
            detail = f"the request body is not {what}" if what else "the request body is not valid"
            errors = [_invalid(e) for e in wrong[:10]]
        return JSONResponse({"detail": detail, "errors": errors}, status_code=422)

    @app.get("/api/games")
    def list_games() -> list[dict]:
        return protocol.games(agents)

    @app.post("/api/tables", status_code=201)
    async def new_table(body: NewTable, request: Request):
        errors = []
        mine = frozenset()
        try:
            game, seats = protocol.check_table(body.game, body.options, body.seats, agents)
            mine = protocol.check_mine(body.mine, seats)
        except protocol.FieldError as e:
            errors += e.errors
        try:
            clock = check_clock(body.clock)
        except protocol.FieldError as e:
            errors += e.errors
        try:
            switches = assists.check_assists(body.assists)
        except protocol.FieldError as e:
            errors += e.errors
        if not isinstance(body.public, bool):
            errors.append({"field": "public", "message": "true (listed in the lobby, its free seats open to anyone) "
                                                         f"or false (by invitation only), not {echo(body.public, 40)}"})
        if errors:
            return JSONResponse({"detail": "the table cannot be made as asked", "errors": errors},
                                status_code=422)
        address = request.client.host if request.client else ""
        try:
            public_id, tokens = await asyncio.to_thread(hub.create, game, seats, None, clock, address, body.public,
                                                        switches, tables_per_address or limits.MAX_OPEN_TABLES,
                                                        limits.IDLE_HOURS, mine)
        except TooManyTables as e:
            return JSONResponse({"detail": str(e)}, status_code=429)
        base = str(request.base_url).rstrip("/")
        return {"id": public_id, "spectate": f"{base}/t/{public_id}",
                "invites": [{"seat": seat, "name": game.seat_names[seat], "url": f"{base}/t/{public_id}#seat={token}"}
                            for seat, token in tokens.items()]}

    @app.post("/api/tables/{public_id}/join")
    async def join_table(public_id: str, body: Join, request: Request):
        try:
            seat, token = await asyncio.to_thread(store.join, public_id, body.seat)
        except JoinRefused as e:
            return _no_table(public_id) if e.status == 404 else JSONResponse({"detail": str(e)}, status_code=e.status)
        facts = await asyncio.to_thread(store.table, public_id)
        name = _with_names(facts)["seats"][seat]["name"]
        base = str(request.base_url).rstrip("/")
        return {"id": public_id, "seat": seat, "name": name, "url": f"{base}/t/{public_id}#seat={token}"}

    @app.get("/api/tables")
    async def lobby():
        return [_with_names(t) for t in await asyncio.to_thread(store.lobby)]

    @app.get("/api/tables/{public_id}")
    async def table_facts(public_id: str):
        facts = await asyncio.to_thread(store.table, public_id)
        if facts is None:
            return _no_table(public_id)
        return _with_names(facts)

    @app.get("/api/tables/{public_id}/record")
    async def table_record(public_id: str):
        facts = await asyncio.to_thread(store.table, public_id)
        if facts is None:
            return _no_table(public_id)
        if facts["status"] != OVER:
            return JSONResponse({"detail": "the record (with the seed that dealt every card) is given only once "
                                           "the game is over"}, status_code=403)
        def replayed() -> dict:             # every move replayed and its digest checked: not on the loop
            return Session.from_lines(store.lines(public_id), source=f"table {public_id}", auto=False).record()

        return await asyncio.to_thread(replayed)

    @app.get("/api/tables/{public_id}/replay")
    async def table_replay(public_id: str, seat: str | None = None):
        """The finished game as ``seat`` saw it (none: as a spectator), step by step."""
        facts, viewer, refused = await _finished(public_id, seat, spectator=True)
        if refused is not None:
            return refused
        lines = await asyncio.to_thread(store.lines, public_id)
        # A long game takes a second of replaying: in the bot processes, not the server's
        return await asyncio.get_running_loop().run_in_executor(hub.pool, assists.replay_steps, lines, viewer)

    @app.get("/api/tables/{public_id}/review")
    async def table_review(public_id: str, seat: str | None = None):
        """A search's verdict on each decision of ``seat`` in the finished game (the review
        switch on)."""
        facts, viewer, refused = await _finished(public_id, seat, spectator=False)
        if refused is not None:
            return refused
        if not facts["assists"]["review"]:
            return JSONResponse({"detail": "this table was made with the review off"}, status_code=403)
        if viewer is None:
            return JSONResponse({"detail": "name the seat to review: ?seat=N", "errors": [
                {"field": "seat", "message": f"a seat, 0 to {len(facts['seats']) - 1}"}]}, status_code=422)
        return await hub.review(public_id, viewer)

    async def _finished(public_id: str, seat: str | None,
                        spectator: bool) -> tuple[dict | None, int | None, JSONResponse | None]:
        """A finished table's facts and the seat asked for (None: none named), or the refusal: no
        such table, a game not over (its record is public only then), a seat it has not (offering
        a spectator's view instead where the route has one: ``spectator``)."""
        facts = await asyncio.to_thread(store.table, public_id)
        if facts is None:
            return None, None, _no_table(public_id)
        if facts["status"] != OVER:
            return facts, None, JSONResponse({"detail": "the replay and the review are given only once the game "
                                                        "is over: until then they would show hidden cards"},
                                             status_code=403)
        seats = len(facts["seats"])
        if seat is None or seat == "":
            return facts, None, None
        if not (seat.isascii() and seat.isdigit() and len(seat) < 4) or int(seat) >= seats:
            or_none = ", or none for a spectator's view" if spectator else ""
            return facts, None, JSONResponse({"detail": "no such seat", "errors": [
                {"field": "seat", "message": f"a seat of this table, 0 to {seats - 1}{or_none}; "
                                             f"not {echo(seat, 20)}"}]}, status_code=422)
        return facts, int(seat), None

    @app.websocket("/ws/{public_id}")
    async def play(websocket: WebSocket, public_id: str):
        await websocket.accept()
        try:
            hello = protocol.parse_message(await _receive(websocket, HELLO_WAIT))
        except (protocol.BadMessage, asyncio.TimeoutError) as e:
            said = str(e) or f"no message within {HELLO_WAIT} s"
            await websocket.send_json(error("bad-message", f"the first message is a hello: {said}"))
            await websocket.close(NO_HELLO, "say hello first")
            return
        except WebSocketDisconnect:
            return
        if not isinstance(hello, protocol.Hello):
            await websocket.send_json(error("bad-message", 'the first message is {"type": "hello", "token": ..., '
                                                           '"since": ...}'))
            await websocket.close(NO_HELLO, "say hello first")
            return
        try:
            table = await hub.enter(public_id)
        except RecordError as e:
            await websocket.send_json(error("unplayable", _unplayable(public_id, e)))
            await websocket.close(UNPLAYABLE, "the table's stored game does not replay")
            return
        if table is None:
            await websocket.close(NO_TABLE, "no such table")
            return
        conn = None
        try:
            if table.users > limits.MAX_CONNECTIONS:
                await websocket.send_json(error("table-full", f"a table takes at most {limits.MAX_CONNECTIONS} "
                                                              "connections at once; try again later"))
                await websocket.close(limits.TABLE_FULL, "too many connections at this table")
                return
            seat = None
            if hello.token is not None:
                seat = await asyncio.to_thread(store.seat_of, public_id, hello.token)
                if seat is None:
                    await websocket.send_json(error("bad-token", "this token is no seat's at this table; use "
                                                                 "your invite link, or a null token to watch"))
                    await websocket.close(BAD_TOKEN, "bad seat token")
                    return
            conn = Connection(seat)
            async with table.lock:
                conn.send(table.welcome(seat, hello.since))
                table.connections.add(conn)
                table.start_bots()
                table.start_clock()
            await _serve(websocket, table, conn)
        finally:
            await hub.leave(table, conn)

    return app


def _unplayable(public_id: str | None, e: RecordError) -> str:
    """Why a stored table cannot go on here: the engine's words go to the log only (a refused
    stored move quotes the move and the legal ones, which may be a seat's hidden cards), and
    whoever asked is told what it means and who can act. A version of ludus that changed only
    what a seat sees can carry such a table over."""
    log.warning("table %s does not replay on this version of ludus: %s; if this version changed only what a "
                "seat sees, `ludus tables refresh` carries such tables over", public_id, e)
    return ("this table's stored game does not replay here: it was stored by another version of ludus whose "
            "rules differ, or edited; whoever runs this server finds why in its log, and can carry it over "
            "(ludus tables refresh) if it was stored by a version that differs only in what a seat sees")


def from_environment() -> FastAPI:
    """The application as ``ludus serve --workers N`` starts it in each server process: its
    database URL in ``LUDUS_SERVE_DB``, its bot processes in ``LUDUS_SERVE_BOTS``, the agents
    it offers beyond the built-in ones in ``LUDUS_SERVE_AGENTS`` (a JSON list), its bot pace in
    ``LUDUS_SERVE_BOT_PACE``, its tables per address in ``LUDUS_SERVE_TABLES_PER_ADDRESS``."""
    return create_app(os.environ["LUDUS_SERVE_DB"], bot_processes=int(os.environ["LUDUS_SERVE_BOTS"]),
                      agents=tuple(json.loads(os.environ.get("LUDUS_SERVE_AGENTS", "[]"))),
                      bot_pace=float(os.environ.get("LUDUS_SERVE_BOT_PACE", BOT_PACE)),
                      tables_per_address=int(os.environ.get("LUDUS_SERVE_TABLES_PER_ADDRESS", 0)) or None)


async def _serve(websocket: WebSocket, table: LiveTable, conn: Connection) -> None:
    """Read the connection's messages while a writer sends it its news, until either ends."""

    async def writer():
        while (message := await conn.queue.get()) is not None:
            await websocket.send_text(json.dumps(message))
        await websocket.close(TOO_SLOW, "too many messages left unread")

    sending = asyncio.get_running_loop().create_task(writer())
    clock = table.hub.time
    bucket = limits.TokenBucket(clock.now(), limits.RATE, limits.BURST)
    refused = 0                             # messages over the rate in a row
    try:
        while not sending.done():
            data = await _receive(websocket)
            if not bucket.take(clock.now()):
                refused += 1
                if refused >= limits.FLOOD:
                    sending.cancel()
                    await websocket.close(limits.FLOODING, "too many messages")
                    return
                conn.send(error("rate-limited", f"at most {limits.RATE:g} messages a second ({limits.BURST} at "
                                                "once): this one was dropped"))
                continue
            refused = 0
            try:
                message = protocol.parse_message(data)
            except protocol.BadMessage as e:
                conn.send(error("bad-message", str(e)))
                continue
            if isinstance(message, protocol.Hello):
                conn.send(error("bad-message", "hello only once, as the first message"))
                continue
            if isinstance(message, (protocol.Hint, protocol.Track)):
                await table.assist(conn, message)
            else:
                await table.request(conn, message)
    except WebSocketDisconnect:
        pass
    finally:
        sending.cancel()


async def _receive(websocket: WebSocket, timeout: float | None = None) -> str | bytes | None:
    """A frame's text (or bytes); WebSocketDisconnect when the client has gone."""
    message = await asyncio.wait_for(websocket.receive(), timeout)
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return message.get("text") if message.get("text") is not None else message.get("bytes")


def _invalid(error: dict) -> dict:
    """One of pydantic's complaints about a request as {"field", "message"}, quoting at most a
    little of the input."""
    field = ".".join(str(p) for p in error["loc"] if p != "body") or "body"
    if error["type"] == "missing":
        return {"field": field, "message": "missing"}
    if error["type"] == "extra_forbidden":
        return {"field": field, "message": "no such field here"}
    return {"field": field, "message": f"{error['msg'][:120]} (got {echo(error.get('input'), 60)})"}


def _with_names(facts: dict) -> dict:
    """A table's stored facts as the API gives them: its seats named, its options in the JSON
    form ``/api/games`` lists them in."""
    import ludus

    game = ludus.make(facts["game"], **facts["options"])
    return {**facts, "options": protocol.options_json(game),
            "seats": [{**s, "name": game.seat_names[s["seat"]]} for s in facts["seats"]]}


def _no_table(public_id: str) -> JSONResponse:
    return JSONResponse({"detail": f"no table {echo(public_id, 40)}"}, status_code=404)
