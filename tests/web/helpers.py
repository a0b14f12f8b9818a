"""A server in a thread, and scripted clients that play through its API as a browser would."""

from __future__ import annotations

import contextlib
import json
import random
import socket
import subprocess
import sys
import threading
import time

import httpx
import uvicorn
from websockets.sync.client import connect

from contract.helpers import transposed_deal
from ludus.server.app import create_app

WAIT = 60       # seconds a client waits for a message before the test fails


class Server:
    """``create_app`` served by uvicorn in a thread on a free port of 127.0.0.1; bots answer at
    once unless ``bot_pace`` says otherwise (tests play many of their moves)."""

    def __init__(self, db_url: str, time=None, agents: tuple[str, ...] = (), bot_pace: float = 0.0):
        self.app = create_app(db_url, bot_processes=2, time=time, agents=agents, bot_pace=bot_pace)
        self.hub = self.app.state.hub
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.url, timeout=WAIT)

    def __enter__(self) -> Server:
        config = uvicorn.Config(self.app, log_level="warning", ws_max_size=65536)
        self.uvicorn = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.uvicorn.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + WAIT
        while not self.uvicorn.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc) -> None:
        self.http.close()
        self.uvicorn.should_exit = True
        self.thread.join(WAIT)

    def table(self, game: str, seats: list[str], options: dict | None = None,
              clock: dict | None = None, public: bool = False,
              assists: dict | None = None) -> tuple[str, dict[int, str]]:
        """A new table through the API: its id and each person seat's token (from its invite)."""
        r = self.http.post("/api/tables", json={"game": game, "options": options or {}, "seats": seats,
                                                "clock": clock, "public": public, "assists": assists})
        assert r.status_code == 201, r.text
        body = r.json()
        return body["id"], {i["seat"]: i["url"].split("#seat=", 1)[1] for i in body["invites"]}

    def seeded(self, game: str, seats: list[str], seed: int, options: dict | None = None,
               assists: dict | None = None) -> tuple[str, dict]:
        """A table dealt from ``seed`` (the API takes none: nobody may know a deal), for tests
        that need a known position."""
        import ludus

        agents = [None if s == "person" else s for s in seats]
        return self.hub.create(ludus.make(game, **(options or {})), agents, seed=seed, assists=assists)

    def lines(self, table: str) -> list[dict]:
        """The table's stored move log (header first), read from the database."""
        return self.hub.store.lines(table)

    def live_facts(self, table: str) -> str:
        """Where the server's live table stands, for a test that waited in vain: its seq and
        whose turn by the session and by the database, its bot run, its lock."""
        live = self.hub.tables.get(table)
        stored = len(self.lines(table)) - 1
        if live is None:
            return f"table {table} is not loaded; {stored} lines stored"
        bots = live.bots
        run = "none" if bots is None else "running" if not bots.done() else (
            "cancelled" if bots.cancelled() else f"ended ({bots.exception()!r})")
        return (f"table {table}: seq {live.seq} (stored {stored}), to move {live.session.to_move}, "
                f"agent task {live.session.agent_task() is not None}, bot run {run}, lock held {live.lock.locked()}, "
                f"users {live.users}, connections {len(live.connections)}")

    def client(self, table: str, token: str | None = None, since: int | None = None) -> Client:
        return Client(ws_url(self.url, table), token, since)


def free_ports(count: int) -> list[int]:
    """``count`` distinct ports of 127.0.0.1 nobody listens on (each held until all are chosen,
    so that no two are the same)."""
    with contextlib.ExitStack() as held:
        sockets = [held.enter_context(socket.socket()) for _ in range(count)]
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]


def free_port() -> int:
    return free_ports(1)[0]


def serve_process(db: str, port: int, *args: str) -> subprocess.Popen:
    """A real ``ludus serve`` on ``port`` of 127.0.0.1 (more options in ``args``), once it answers."""
    process = subprocess.Popen([sys.executable, "-m", "ludus.cli", "serve", "--port", str(port), "--db", db,
                                "--bots", "1", "--bot-pace", "0", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + WAIT
    while True:
        assert process.poll() is None, process.stdout.read().decode()
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5).status_code == 200:
                return process
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, "ludus serve did not start"
        time.sleep(0.1)


def refused_in_one_line(result, *said: str) -> None:
    """A command (run by click's CliRunner) refused its input in one line saying ``said``: exit
    code 2, no traceback."""
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: ") and result.output.count("\n") == 1, result.output
    assert "Traceback" not in result.output
    for words in said:
        assert words in result.output


def ws_url(base: str, table: str) -> str:
    return base.replace("http://", "ws://") + f"/ws/{table}"


class Client:
    """One WebSocket at a table: says hello, keeps every message it got and the latest view."""

    def __init__(self, url: str, token: str | None, since: int | None = None):
        self._stack = contextlib.ExitStack()
        self.ws = self._stack.enter_context(connect(url, open_timeout=WAIT, max_size=2**24))
        self.messages: list[dict] = []
        self.send({"type": "hello", "token": token, "since": since})
        self.welcome = self.recv()
        assert self.welcome["type"] == "welcome", self.welcome
        self.view = self.welcome

    def send(self, message) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self) -> dict:
        message = json.loads(self.ws.recv(timeout=WAIT))
        self.messages.append(message)
        if message["type"] in ("welcome", "update"):
            self.view = message
        return message

    def until(self, test) -> dict:
        while not test(message := self.recv()):
            pass
        return message

    def at(self, seq: int) -> dict:
        """Read up to the update (or resync) of line ``seq``: none if the view is there already
        (a client that joined after that line was welcomed at it)."""
        if self.view["seq"] >= seq:
            return self.view
        return self.until(lambda m: m["type"] in ("update", "welcome") and m["seq"] >= seq)

    def close(self) -> None:
        self._stack.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def play_out(players: list[Client], watchers: list[Client] = (), rng: random.Random | None = None,
             moves: int | None = None) -> None:
    """Play the table on: each person client, when its view offers legal moves, sends one at
    random (as text or as its id; again a moment later if it was over the rate); every client
    reads each line's update. Stops at the end, or after ``moves`` lines."""
    rng = rng or random.Random(0)
    everyone = [*players, *watchers]
    played = 0
    while not players[0].view["over"] and (moves is None or played < moves):
        seq = players[0].view["seq"]
        mover = next((c for c in players if c.view["legal"]), None)
        if mover is not None:
            choice = rng.choice(mover.view["legal"])
            move = {"type": "move", "seq": seq + 1, "move": choice[rng.choice(("move", "id"))]}
            while True:
                mover.send(move)
                reply = mover.until(lambda m: m["type"] in ("ack", "error"))
                if reply.get("code") != "rate-limited":
                    break
                time.sleep(0.1)         # faster than a connection may send: wait as a client would
            assert reply == {"type": "ack", "seq": seq + 1}
        for c in everyone:
            c.at(seq + 1)
        played += 1


# What a welcome or an update may hold: the table's public facts and what its viewer may see.
VIEW_KEYS = {"type", "seq", "start", "entries", "to_move", "over", "observation", "scores", "legal", "returns",
             "can_undo",
             "undo", "table", "game", "seat", "seat_names", "clocks"}


def check_seen(lines: list[dict], seat: int | None, messages: list[dict]) -> int:
    """Every welcome and update a viewer got is what the session shows that viewer at that
    line — its observation, its log (each move as it may see it, the events as ``seen_by``
    gives them, their narration), its legal moves when it is the person to move, the public
    scores — and holds nothing else. Replays the stored lines beside the messages; returns how
    many messages it compared."""
    from ludus.session import Session

    persons = [a is None for a in lines[0]["seats"]]
    ref = Session.from_lines(lines[:1], seats=[None] * len(persons), auto=False)
    game = ref.game
    face = game.parts.terminal
    how = []                            # who made each move as the stored lines say
    at = 0
    compared = 0
    for m in messages:
        if m["type"] not in ("welcome", "update"):
            continue
        assert set(m) <= VIEW_KEYS, set(m) - VIEW_KEYS
        while at < m["seq"]:
            at += 1
            line = lines[at]
            if "undo" in line:
                ref.undo(line["undo"])
                del how[len(ref.state.history):]
            else:
                ref.play(line["seat"], line["move"])
                how.append(line["how"])
        assert m["seq"] == at
        assert m["observation"] == json.loads(json.dumps(ref.observe(seat)))
        mine = seat is not None and seat == ref.to_move and persons[seat]
        assert m["legal"] == ([{"id": game.action_id(a), "move": str(a)} for a in ref.legal_actions()]
                              if mine else None)
        assert (m["to_move"], m["over"], m["scores"]) == (ref.to_move, ref.over, list(ref.state.scores()))
        assert m.get("returns") == (list(ref.state.returns()) if ref.over else None)
        if seat is None or not persons[seat]:
            assert "can_undo" not in m
        elif "timeout" not in how:        # the reference plays every move as a person's own
            assert m["can_undo"] == (ref.undo_refusal(seat) is None)
        log = ref.log(seat)
        assert [e["index"] for e in m["entries"]] == list(range(m["start"], len(log)))
        for e in m["entries"]:
            want = log[e["index"]]
            said = [line for line in (face.narrate(ev, seat) for ev in want.events) if line]
            assert e == {"index": want.index, "seat": want.seat, "how": how[want.index], "move": want.move,
                         "events": json.loads(json.dumps([ev.to_dict() for ev in want.events])),
                         "lines": [{"text": line.text, "style": line.style} for line in said]}
        compared += 1
    return compared


def twin_tables(server, game_id: str, seed: int, swap) -> tuple:
    """Two two-person tables of ``game_id`` dealt from ``seed``, the second with ``swap`` (a
    ``transposed_deal`` argument pair) applied: its clients a0, a1, b0, b1 (a = the plain table)
    and the two sessions, the truth a leak would show."""
    one, tokens_one = server.seeded(game_id, ["person", "person"], seed)
    two, tokens_two = server.seeded(game_id, ["person", "person"], seed)
    a0, a1 = server.client(one, tokens_one[0]), server.client(one, tokens_one[1])
    with transposed_deal(*swap):
        b0, b1 = server.client(two, tokens_two[0]), server.client(two, tokens_two[1])
    return a0, a1, b0, b1, (server.hub.tables[one].session, server.hub.tables[two].session)
