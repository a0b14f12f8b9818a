"""A table whose stored game this version of ludus does not replay to the positions it recorded
(stored by a version whose game differs, or edited in the database) is refused in words, not by a
crash: the WebSocket says why and closes for good, the routes that replay it answer 409."""

from __future__ import annotations

import json
import random

import pytest
from sqlalchemy import text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .helpers import WAIT, Server, play_out, ws_url


def test_a_table_whose_stored_game_does_not_replay_is_refused_in_words(tmp_path):
    db = f"sqlite:///{tmp_path / 's.sqlite3'}"
    with Server(db) as server:
        table, tokens = server.table("seize-rome", ["person", "random"])
        (_, token), = tokens.items()
        with server.client(table, token) as me:
            play_out([me], [], random.Random(2))
        assert server.http.get(f"/api/tables/{table}/record").status_code == 200
        # as another version would have written it: the last move chosen in another position
        with server.hub.store.engine.begin() as sql:
            row, line = sql.execute(text("SELECT id, line FROM move_lines ORDER BY seq DESC LIMIT 1")).one()
            stored = {**json.loads(line), "at": "0" * 32}
            sql.execute(text("UPDATE move_lines SET line = :line WHERE id = :id"),
                        {"line": json.dumps(stored), "id": row})
    with Server(db) as server:                                   # a restart: nothing loaded
        answer = server.http.get(f"/api/tables/{table}/record")
        assert answer.status_code == 409 and "does not replay here" in answer.json()["detail"]
        assert server.http.get(f"/api/tables/{table}/replay").status_code == 409
        with connect(ws_url(server.url, table), open_timeout=WAIT) as ws:
            ws.send(json.dumps({"type": "hello", "token": token, "since": None}))
            said = json.loads(ws.recv(timeout=WAIT))
            assert said["type"] == "error" and said["code"] == "unplayable" and "edited" in said["message"]
            with pytest.raises(ConnectionClosed) as closed:      # closed for good, with its code
                ws.recv(timeout=WAIT)
            assert closed.value.rcvd.code == 4410
