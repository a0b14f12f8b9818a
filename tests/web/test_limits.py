"""The server's limits: messages over a connection's rate are refused and dropped, a flood
closes the connection, and caps on the tables an address may have open and on the connections
at a table. The time is fake, so the rate is exact."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ludus.server import limits
from ludus.server.clocks import FakeTime

from .helpers import WAIT, Server, ws_url


@pytest.fixture
def timed(tmp_path):
    time = FakeTime()
    with Server(f"sqlite:///{tmp_path / 'server.sqlite3'}", time=time) as running:
        yield running, time


def _errors(client, n: int) -> list[str]:
    return [client.until(lambda m: m["type"] == "error")["code"] for _ in range(n)]


def test_messages_over_the_rate_are_refused_and_change_nothing(timed):
    server, time = timed
    table, tokens = server.table("seize-rome", ["person", "person"])
    with server.client(table, tokens[0]) as client:
        for _ in range(limits.BURST + 3):
            client.send("not json")
        assert _errors(client, limits.BURST + 3) == ["bad-message"] * limits.BURST + ["rate-limited"] * 3
        mover = client.view["legal"] is not None
        client.send({"type": "move", "seq": 1, "move": 0})
        assert client.until(lambda m: m["type"] == "error")["code"] == "rate-limited"
        assert len(server.lines(table)) == 1            # the move was dropped, not played
        time.advance(1)                                 # a second later: RATE more
        client.send({"type": "move", "seq": 1, "move": (client.view["legal"] or [{"id": 0}])[0]["id"]})
        reply = client.until(lambda m: m["type"] in ("ack", "error"))
        assert reply == {"type": "ack", "seq": 1} if mover else reply["code"] == "not-your-turn"


def test_a_connection_that_keeps_flooding_is_closed(timed):
    server, _ = timed
    table, tokens = server.table("seize-rome", ["person", "person"])
    with server.client(table, tokens[0]) as client:
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(limits.BURST + limits.FLOOD + 1):
                client.send("not json")
            while True:
                client.recv()
        assert closed.value.rcvd.code == limits.FLOODING


def test_an_address_may_have_only_so_many_tables_open(timed, monkeypatch):
    server, _ = timed
    monkeypatch.setattr(limits, "MAX_OPEN_TABLES", 2)
    body = {"game": "seize-rome", "seats": ["person", "random"]}
    assert [server.http.post("/api/tables", json=body).status_code for _ in range(2)] == [201, 201]
    r = server.http.post("/api/tables", json=body)
    assert r.status_code == 429 and "at most 2 tables" in r.json()["detail"]


def test_a_table_left_unplayed_for_a_day_no_longer_counts_toward_the_cap(timed, monkeypatch):
    """Abandoned games do not lock an address out for good: a table with no line stored in the
    last 24 hours (made, or moved at) frees its place; the table itself stays, and may go on."""
    server, _ = timed
    monkeypatch.setattr(limits, "MAX_OPEN_TABLES", 2)
    body = {"game": "seize-rome", "seats": ["person", "random"]}
    first, second = (server.http.post("/api/tables", json=body) for _ in range(2))
    assert second.status_code == 201 and server.http.post("/api/tables", json=body).status_code == 429
    first = first.json()["id"]
    with server.hub.store.engine.begin() as sql:
        sql.execute(text("UPDATE move_lines SET created = :then WHERE table_id = "
                         "(SELECT id FROM tables WHERE public_id = :table)"),
                    {"then": datetime.now(timezone.utc) - timedelta(hours=25), "table": first})
    assert server.http.post("/api/tables", json=body).status_code == 201
    assert server.http.post("/api/tables", json=body).status_code == 429
    assert server.http.get(f"/api/tables/{first}").json()["status"] != "over"


def test_a_table_takes_only_so_many_connections(timed, monkeypatch):
    server, _ = timed
    monkeypatch.setattr(limits, "MAX_CONNECTIONS", 2)
    table, _ = server.table("seize-rome", ["person", "person"])
    with server.client(table), server.client(table), connect(ws_url(server.url, table)) as third:
        third.send(json.dumps({"type": "hello", "token": None, "since": None}))
        refusal = json.loads(third.recv(timeout=WAIT))
        assert (refusal["type"], refusal["code"]) == ("error", "table-full")
        with pytest.raises(ConnectionClosed) as closed:
            third.recv(timeout=WAIT)
    assert closed.value.rcvd.code == limits.TABLE_FULL
