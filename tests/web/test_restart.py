"""A real ``ludus serve`` killed with SIGKILL right after it acknowledged a move, restarted on the
same SQLite file: the game goes on where it was, move for move."""

from __future__ import annotations

import os
import random
import signal
import time

import httpx

from ludus.server.storage import Store, make_engine

from .helpers import WAIT, Client, check_seen, free_port, serve_process, ws_url


def test_a_killed_server_restarted_on_its_database_goes_on_move_for_move(tmp_path):
    db = f"sqlite:///{tmp_path / 'server.sqlite3'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(7)
    # The bot waits 2 s before it plays, so the kill lands before its reply is stored, on a
    # loaded machine too (without a pace the reply is stored some 5 ms after our ack).
    server = serve_process(db, port, "--bot-pace", "2")
    try:
        r = httpx.post(f"{base}/api/tables", json={"game": "seize-rome", "seats": ["person", "heuristic"]},
                       timeout=WAIT)
        table = r.json()["id"]
        token = r.json()["invites"][0]["url"].split("#seat=")[1]
        first = Client(ws_url(base, table), token)
        for n in range(3):                      # three moves of ours, the bot's in between
            while not first.view["legal"]:
                first.recv()
            seq = first.view["seq"] + 1
            first.send({"type": "move", "seq": seq, "move": rng.choice(first.view["legal"])["move"]})
            assert first.until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "seq": seq}
            if n < 2:
                first.at(seq)
        server.send_signal(signal.SIGKILL)      # right after the ack: no update sent, no clean exit
        server.wait(WAIT)
        first.close()
    finally:
        if server.poll() is None:
            os.kill(server.pid, signal.SIGKILL)
            server.wait(WAIT)
    before = Store(make_engine(db)).lines(table)
    assert len(before) == seq + 1 and before[seq]["how"] == "person"

    server = serve_process(db, port)
    try:
        last_seen = max(m["seq"] for m in first.messages if m["type"] in ("welcome", "update"))
        again = Client(ws_url(base, table), token, since=last_seen)
        assert again.welcome["seq"] >= seq
        assert [e["index"] for e in again.welcome["entries"]][:1] == [again.welcome["start"]]
        while not again.view["over"]:
            if again.view["legal"]:
                move = {"type": "move", "seq": again.view["seq"] + 1, "move": rng.choice(again.view["legal"])["id"]}
                again.send(move)
                reply = again.until(lambda m: m["type"] in ("ack", "error"))
                if reply.get("code") == "rate-limited":     # faster than a client may send
                    time.sleep(0.1)
                    continue
                assert reply["type"] == "ack", reply
            again.at(again.view["seq"] + 1)
        again.close()
        lines = Store(make_engine(db)).lines(table)
        assert lines[:len(before)] == before
        assert check_seen(lines, 0, first.messages + again.messages) > len(before) // 2
        record = httpx.get(f"{base}/api/tables/{table}/record", timeout=WAIT).json()
        assert record["actions"] == [line["move"] for line in lines[1:]]
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait(WAIT)
