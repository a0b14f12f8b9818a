"""The WebSocket protocol: who may move, what is refused (and changes nothing), resends, stale
sequence numbers, reconnecting, undo."""

from __future__ import annotations

import json
import random

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .helpers import WAIT, check_seen, play_out, ws_url

UNDO_SEED = 5       # Caesar & Cleopatra dealt so that cleopatra's first move (her last listed) may be taken back


def _closed(server, table, first) -> tuple[list[dict], int, str]:
    """Connect, send ``first``, and read until the server closes: (messages, code, reason)."""
    got = []
    with connect(ws_url(server.url, table), open_timeout=WAIT) as ws:
        ws.send(json.dumps(first))
        with pytest.raises(ConnectionClosed) as info:
            while True:
                got.append(json.loads(ws.recv(timeout=WAIT)))
    return got, info.value.rcvd.code, info.value.rcvd.reason


def test_a_bad_token_is_refused_with_close_code_4401(server):
    table, tokens = server.table("seize-rome", ["person", "random"])
    other, other_tokens = server.table("seize-rome", ["person", "random"])
    for token in ("not-a-token", other_tokens[0], "x" * 100):
        got, code, reason = _closed(server, table, {"type": "hello", "token": token, "since": None})
        assert [m["code"] for m in got] == ["bad-token"] and code == 4401 and "token" in reason
        assert token not in got[0]["message"]
    assert server.http.get(f"/api/tables/{table}").json()["seats"][0]["taken"] is False


def test_no_table_and_no_hello_close_the_connection(server):
    assert _closed(server, "nosuchtable", {"type": "hello", "token": None})[1:] == (4404, "no such table")
    table, _ = server.table("seize-rome", ["person", "random"])
    got, code, _ = _closed(server, table, {"type": "move", "seq": 1, "move": "x"})
    assert code == 4400 and got[0]["code"] == "bad-message" and "hello" in got[0]["message"]


def _refused(client, message, code: str) -> str:
    client.send(message)
    reply = client.recv()
    assert reply["type"] == "error" and reply["code"] == code, reply
    assert len(reply["message"]) <= 400
    return reply["message"]


def test_refused_messages_change_nothing(server):
    table, tokens = server.table("caesar-cleopatra", ["person", "person"])
    with server.client(table, tokens[0]) as a, server.client(table, tokens[1]) as b, server.client(table) as eye:
        mover, waiter = (a, b) if a.view["legal"] else (b, a)
        before = server.lines(table)
        seq = mover.view["seq"] + 1
        said = _refused(waiter, {"type": "move", "seq": seq, "move": mover.view["legal"][0]["move"]},
                        "not-your-turn")
        assert "turn" in said
        assert "spectator" in _refused(eye, {"type": "move", "seq": seq, "move": 0}, "not-your-turn")
        _refused(mover, {"type": "move", "seq": seq, "move": "no such move"}, "illegal")
        _refused(mover, {"type": "move", "seq": seq, "move": 10**9}, "illegal")
        legal_ids = {m["id"] for m in mover.view["legal"]}
        unplayable = next(i for i in range(10**4) if i not in legal_ids)
        _refused(mover, {"type": "move", "seq": seq, "move": unplayable}, "illegal")
        _refused(mover, {"type": "move", "seq": seq, "move": "7" * 100}, "illegal")
        for bad in ("{", "[]", "null", '"move"', "[" * 3000, json.dumps({"type": "move", "seq": seq}),
                    json.dumps({"type": "move", "seq": True, "move": 0}),
                    json.dumps({"type": "move", "seq": seq, "move": 1.0}),
                    json.dumps({"type": "move", "seq": seq, "move": "x" * 101}),
                    json.dumps({"type": "move", "seq": seq, "move": 0, "extra": 1}),
                    json.dumps({"type": "shout", "text": "x" * 3000}),
                    json.dumps({"type": "hello", "token": None})):
            said = _refused(mover, bad, "bad-message")
            assert "x" * 201 not in said and "[" * 201 not in said
        assert "4096" in _refused(mover, json.dumps({"type": "move", "seq": seq, "move": "x" * 5000}),
                                  "bad-message")
        mover.ws.send(b'{"type": "move"}')
        assert mover.recv()["code"] == "bad-message"
        assert server.lines(table) == before
        with server.client(table, tokens[0]) as again:
            assert again.welcome == a.welcome
        play_out([a, b], [eye], random.Random(3), moves=4)      # and the table plays on
        assert check_seen(server.lines(table), None, eye.messages) == 5


def test_a_resent_move_is_acknowledged_once_and_played_once(server):
    table, tokens = server.table("seize-rome", ["person", "person"])
    with server.client(table, tokens[0]) as a, server.client(table, tokens[1]) as b:
        mover = a if a.view["legal"] else b
        seq = mover.view["seq"] + 1
        move = mover.view["legal"][-1]
        mover.send({"type": "move", "seq": seq, "move": move["move"]})
        assert mover.recv() == {"type": "ack", "seq": seq}
        mover.at(seq)
        for again in (move["move"], move["id"]):
            mover.send({"type": "move", "seq": seq, "move": again})
            assert mover.recv() == {"type": "ack", "seq": seq}
        assert len(server.lines(table)) == seq + 1
        other = next(m for m in mover.welcome["legal"] if m != move)
        mover.send({"type": "move", "seq": seq, "move": other["move"]})     # not what was played there
        assert mover.recv()["code"] == "stale"
        assert mover.recv()["type"] == "welcome"
        assert len(server.lines(table)) == seq + 1


def test_a_stale_seq_gets_an_error_and_a_full_resync(server):
    table, tokens = server.table("claim", ["person", "random"])
    with server.client(table, tokens[0]) as me:
        play_out([me], moves=6)
        while not me.view["legal"]:             # the bot's moves: the table is still when it is mine
            me.recv()
        seq = me.view["seq"]
        for wrong in (seq + 2, seq + 1000, 0, seq):
            me.send({"type": "move", "seq": wrong, "move": 0})
            error = me.recv()
            assert error["code"] == "stale" and str(seq + 1) in error["message"]
            resync = me.recv()
            assert resync["type"] == "welcome" and resync["seq"] == seq and resync["start"] == 0
            with server.client(table, tokens[0]) as fresh:
                assert resync == fresh.welcome
        views = [m for m in me.messages if m["type"] in ("welcome", "update")]
        assert check_seen(server.lines(table), 0, me.messages) == len(views)


def test_a_reconnect_with_since_gets_exactly_the_missed_entries(server):
    table, tokens = server.table("caesar-cleopatra", ["person", "person"])
    with server.client(table, tokens[0]) as a, server.client(table, tokens[1]) as b, \
            server.client(table, tokens[0]) as stays:
        play_out([a, b], [stays], random.Random(4), moves=5)
        left = a.view["seq"]
        a.close()
        play_out([stays, b], [], random.Random(5), moves=12)
        missed = [m for m in stays.messages if m["type"] == "update" and m["seq"] > left]
        with server.client(table, tokens[0], since=left) as back:
            assert back.welcome["seq"] == stays.view["seq"]
            assert back.welcome["start"] == missed[0]["start"]
            assert back.welcome["entries"] == [e for m in missed for e in m["entries"]]
            assert back.welcome["observation"] == stays.view["observation"]
            assert back.welcome["legal"] == stays.view["legal"]
        with server.client(table, tokens[0], since=stays.view["seq"]) as current:
            assert current.welcome["entries"] == [] and current.welcome["start"] == len(stays.welcome["entries"]) + \
                sum(len(m["entries"]) for m in stays.messages if m["type"] == "update")
        with server.client(table, None, since=10**6) as beyond:
            assert beyond.welcome["start"] == 0


def test_undo_takes_back_a_move_for_every_connection(server):
    table, tokens = server.seeded("caesar-cleopatra", ["person", "person"], UNDO_SEED)
    with server.client(table, tokens[0]) as a, server.client(table, tokens[1]) as b, server.client(table) as eye:
        assert a.view["legal"]
        a.send({"type": "move", "seq": 1, "move": a.view["legal"][-1]["move"]})
        assert a.recv() == {"type": "ack", "seq": 1}
        for c in (a, b, eye):
            assert c.at(1)["start"] == 0 and len(c.view["entries"]) == 1
        _refused(b, {"type": "undo", "seq": 2}, "illegal")          # not b's move to take back
        a.send({"type": "undo", "seq": 2})
        assert a.recv() == {"type": "ack", "seq": 2}
        for c in (a, b, eye):
            update = c.at(2)
            assert (update["undo"], update["start"], update["entries"]) == (0, 0, [])
            assert update["observation"] == c.welcome["observation"]
        a.send({"type": "undo", "seq": 2})                           # a resend: the same ack, no second undo
        assert a.recv() == {"type": "ack", "seq": 2}
        said = _refused(a, {"type": "undo", "seq": 3}, "illegal")
        assert "take back" in said
        lines = server.lines(table)
        assert len(lines) == 3 and lines[2] == {"undo": 0}
        with server.client(table, tokens[0], since=1) as back:
            assert back.welcome["start"] == 0 and back.welcome["entries"] == []
        play_out([a, b], [eye], random.Random(6), moves=3)
        lines = server.lines(table)
        for seat, c in ((0, a), (1, b), (None, eye)):
            assert check_seen(lines, seat, c.messages) == 6      # welcome, move, undo, 3 moves


def test_a_move_the_database_cannot_store_is_not_played(server, monkeypatch):
    from sqlalchemy.exc import OperationalError

    table, tokens = server.table("seize-rome", ["person", "person"])
    with server.client(table, tokens[0]) as a, server.client(table, tokens[1]) as b:
        mover = a if a.view["legal"] else b
        move = {"type": "move", "seq": mover.view["seq"] + 1, "move": mover.view["legal"][0]["move"]}

        def down(*args):
            raise OperationalError("INSERT", {}, Exception("disk I/O error"))

        with monkeypatch.context() as patch:
            patch.setattr(server.hub.store, "append", down)
            said = _refused(mover, move, "unavailable")
        assert "not played" in said and len(server.lines(table)) == 1
        with server.client(table, tokens[0]) as again:
            assert again.welcome == a.welcome
        mover.send(move)                        # sent again once the database is back: played
        assert mover.recv() == {"type": "ack", "seq": 1}
        assert len(server.lines(table)) == 2


def test_a_bots_move_the_database_would_not_store_is_tried_again_and_those_there_are_told(server, monkeypatch):
    """A failed store of a bot's move leaves nobody waiting in silence: the person hears it
    is tried again, and the move comes once the database stores it."""
    from ludus.server import live

    monkeypatch.setattr(live, "STORE_ATTEMPTS", 3)
    table, tokens = server.table("claim", ["person", "random"], {"first_leader": "0"})
    store, failures = server.hub.store, []
    append = store.append

    def flaky(public_id, seq, line):
        if public_id == table and line.get("how") == "agent" and len(failures) < 2:   # the server is shared
            failures.append(seq)
            raise OSError("the disk is full")
        return append(public_id, seq, line)

    monkeypatch.setattr(store, "append", flaky)
    with server.client(table, tokens[0]) as me:
        seq = me.view["seq"] + 1
        me.send({"type": "move", "seq": seq, "move": me.view["legal"][0]["id"]})
        told = [me.until(lambda m: m["type"] == "error") for _ in range(2)]
        assert [m["code"] for m in told] == ["unavailable"] * 2
        assert "trying again in 1 s" in told[0]["message"] and "trying again in 2 s" in told[1]["message"]
        update = me.at(seq + 1)
        assert update["entries"][-1]["how"] == "agent" and len(failures) == 2
    assert [line.get("how") for line in server.lines(table)[1:3]] == ["person", "agent"]


def test_a_stored_move_is_told_and_played_on_though_its_clock_deadline_could_not_be_stored(server, monkeypatch):
    """Once a move's line is stored, a failure to store the clock's deadline (read only by the
    sweep of tables nobody is at) neither hides the move nor stops the bots."""
    table, tokens = server.table("claim", ["person", "random"], {"first_leader": "0"},
                                 clock={"kind": "live", "minutes": 5, "increment": 0})
    store, failures = server.hub.store, []

    def broken(public_id, deadline):
        failures.append(deadline)
        raise OSError("the disk is full")

    monkeypatch.setattr(store, "set_deadline", broken)
    with server.client(table, tokens[0]) as me:
        seq = me.view["seq"] + 1
        me.send({"type": "move", "seq": seq, "move": me.view["legal"][0]["id"]})
        assert me.until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "seq": seq}
        assert me.at(seq + 1)["entries"][-1]["how"] == "agent" and failures
