"""Several server processes at the same tables. On PostgreSQL they hear each other's moves
(LISTEN/NOTIFY) and a person on one process plays a person on another; on any database a move
that another process stored first is never stored twice: the later writer catches up."""

from __future__ import annotations

import os
import random
import signal

import httpx

from .helpers import WAIT, Client, Server, check_seen, free_port, free_ports, play_out, serve_process, ws_url


def test_a_line_another_process_stored_first_is_taken_not_forked(tmp_path):
    """Two servers on one SQLite file hear nothing of each other; the second to store line 1
    finds it taken, takes it from the database, and answers as for any seq not the next."""
    db = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    with Server(db) as one, Server(db) as two:
        table, tokens = one.table("claim", ["person", "person"])
        with one.client(table, tokens[0]) as a0, one.client(table, tokens[1]) as a1, \
                two.client(table, tokens[0]) as b0, two.client(table, tokens[1]) as b1, two.client(table) as eye:
            here, there = (a0, b0) if a0.view["legal"] else (a1, b1)
            first, other = here.view["legal"][0], there.view["legal"][-1]
            here.send({"type": "move", "seq": 1, "move": first["move"]})
            assert here.until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "seq": 1}
            assert eye.view["seq"] == 0                     # no news crosses SQLite
            there.send({"type": "move", "seq": 1, "move": other["move"]})
            assert there.until(lambda m: m["type"] in ("ack", "error"))["code"] == "stale"
            resync = there.until(lambda m: m["type"] == "welcome")
            assert resync["seq"] == 1 and resync["entries"][0]["move"] == first["move"]
            assert eye.at(1)["entries"][-1]["move"] == first["move"]    # its other connections are told too
            there.send({"type": "move", "seq": 1, "move": first["id"]})  # a resend through the other process
            assert there.until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "seq": 1}
        lines = one.lines(table)
        assert len(lines) == 2 and lines[1]["move"] == first["move"]


def test_people_on_two_processes_play_claim_to_the_end_through_a_kill(postgres, pg_url):
    """Two ``ludus serve`` on one PostgreSQL database: Cleopatra's invite opened on one, the other
    seat's and a spectator on the other. Halfway, the second process is killed with SIGKILL and
    started again; its clients reconnect with the last seq they saw. Nothing is lost, and every
    message each viewer got is what the session shows that viewer."""
    ports = free_ports(2)
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    servers = [serve_process(pg_url, p) for p in ports]
    try:
        r = httpx.post(f"{bases[0]}/api/tables", json={"game": "claim", "seats": ["person", "person"]}, timeout=WAIT)
        table = r.json()["id"]
        tokens = [i["url"].split("#seat=")[1] for i in r.json()["invites"]]
        a = Client(ws_url(bases[0], table), tokens[0])
        b = Client(ws_url(bases[1], table), tokens[1])
        eye = Client(ws_url(bases[1], table), None)
        rng = random.Random(4)
        play_out([a, b], [eye], rng, moves=12)
        servers[1].send_signal(signal.SIGKILL)
        servers[1].wait(WAIT)
        b.close()
        eye.close()
        servers[1] = serve_process(pg_url, ports[1])
        b2 = Client(ws_url(bases[1], table), tokens[1], since=b.view["seq"])
        eye2 = Client(ws_url(bases[1], table), None, since=eye.view["seq"])
        play_out([a, b2], [eye2], rng)
        assert a.view["over"] and b2.view["over"] and eye2.view["over"]
        lines = httpx.get(f"{bases[1]}/api/tables/{table}/record", timeout=WAIT).json()
        stored = [line["move"] for line in _lines(pg_url, table)[1:]]
        assert lines["actions"] == stored and len(stored) > 12
        full = _lines(pg_url, table)
        assert check_seen(full, 0, a.messages) == len(full)
        assert check_seen(full, 1, b.messages + b2.messages) > len(full) // 2
        assert check_seen(full, None, eye.messages + eye2.messages) > len(full) // 2
        for c in (a, b2, eye2):
            c.close()
    finally:
        for s in servers:
            if s.poll() is None:
                os.kill(s.pid, signal.SIGKILL)
                s.wait(WAIT)


def test_serve_with_two_worker_processes_plays_a_game_against_a_bot(postgres, pg_url):
    """``ludus serve --workers 2``: the processes share one port; which one a connection reaches
    is the kernel's choice, so a person, a spectator and the bot may each be on either."""
    port = free_port()
    server = serve_process(pg_url, port, "--workers", "2")
    base = f"http://127.0.0.1:{port}"
    try:
        r = httpx.post(f"{base}/api/tables", json={"game": "claim", "options": {"players": 3},
                                                    "seats": ["person", "random", "person"]}, timeout=WAIT)
        table = r.json()["id"]
        tokens = {i["seat"]: i["url"].split("#seat=")[1] for i in r.json()["invites"]}
        clients = [Client(ws_url(base, table), tokens[0]), Client(ws_url(base, table), tokens[2])]
        eyes = [Client(ws_url(base, table), None) for _ in range(3)]
        play_out(clients, eyes, random.Random(5))
        full = _lines(pg_url, table)
        for seat, c in ((0, clients[0]), (2, clients[1]), *((None, e) for e in eyes)):
            assert c.view["over"] and check_seen(full, seat, c.messages) == len(full) - c.welcome["seq"]
            c.close()
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(WAIT)
        except Exception:
            server.kill()
            raise


def _lines(db: str, table: str) -> list[dict]:
    from ludus.server.storage import Store, make_engine

    engine = make_engine(db)
    try:
        return Store(engine).lines(table)
    finally:
        engine.dispose()
