"""``ludus tables refresh``: the tables stored by a version of ludus whose observations differ are
carried over to this one where every move is still legal here, and left as they are where not;
nothing is written without --write, and a second run finds nothing to do."""

from __future__ import annotations

import contextlib
import hashlib
import json
import random
import sqlite3

import pytest
from click.testing import CliRunner
from sqlalchemy import text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ludus.cli.common import app
from ludus.server.storage import make_engine, migrate
from ludus.session import Session

from .helpers import WAIT, Server, play_out, refused_in_one_line, ws_url

OLDER = "ludus 0.0.1"           # the version said to have stored the tables


def _as_an_older_version_stored_it(server: Server, table: str) -> None:
    """The table's log as a version whose observations differ would have stored it: the same
    lines, each digest another, the header naming that version."""
    with server.hub.store.engine.begin() as sql:
        rows = sql.execute(text("SELECT move_lines.id, line FROM move_lines JOIN tables ON tables.id = table_id "
                                "WHERE public_id = :table"), {"table": table}).all()
        for row, line in rows:
            stored = json.loads(line)
            if "format" in stored:
                stored["code"] = OLDER
            if "at" in stored:
                stored["at"] = hashlib.sha256(f"older {stored['at']}".encode()).hexdigest()[:32]
            sql.execute(text("UPDATE move_lines SET line = :line WHERE id = :id"),
                        {"line": json.dumps(stored), "id": row})


def _stored(path) -> list[str]:
    """Everything the SQLite file holds, as SQL."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        return list(db.iterdump())


def _refresh(path, *args: str):
    return CliRunner().invoke(app, ["tables", "refresh", "--db", str(path), *args])


def _refused_on_connecting(server: Server, table: str, token: str) -> str:
    """The words a seat is refused in at a table that does not replay here (then closed for good)."""
    with connect(ws_url(server.url, table), open_timeout=WAIT) as ws:
        ws.send(json.dumps({"type": "hello", "token": token, "since": None}))
        said = json.loads(ws.recv(timeout=WAIT))
        assert said["type"] == "error" and said["code"] == "unplayable", said
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=WAIT)
        assert closed.value.rcvd.code == 4410
        return said["message"]


def test_tables_an_older_version_stored_are_carried_over_and_play_on_to_the_end(tmp_path):
    path = tmp_path / "s.sqlite3"
    with Server(f"sqlite:///{path}") as server:
        playing, tokens = server.table("seize-rome", ["person", "random"])
        (_, token), = tokens.items()
        with server.client(playing, token) as me:
            play_out([me], [], random.Random(3), moves=6)
        over, tokens = server.table("claim", ["person", "random"])
        with server.client(over, tokens[0]) as me:
            play_out([me], [], random.Random(4))
        current, tokens = server.table("claim", ["person", "random"])
        with server.client(current, tokens[0]) as me:
            play_out([me], [], random.Random(5), moves=3)
        _as_an_older_version_stored_it(server, playing)
        _as_an_older_version_stored_it(server, over)
        moves = {table: [{k: v for k, v in line.items() if k not in ("at", "code")} for line in server.lines(table)]
                 for table in (playing, over)}
    stored = _stored(path)

    with Server(f"sqlite:///{path}") as server:                  # upgraded: both refused, saying what helps
        assert "ludus tables refresh" in _refused_on_connecting(server, playing, token)
        assert server.http.get(f"/api/tables/{over}/record").status_code == 409

    dry = _refresh(path)
    assert dry.exit_code == 0, dry.output
    assert f"table {playing} (seize-rome, playing) would be carried over: its moves are legal here" in dry.output
    assert f"table {over} (claim, over) would be carried over" in dry.output
    assert current not in dry.output
    assert f"{path}: 3 tables: 2 to carry over, 1 up to date." in dry.output
    assert "Nothing was written: --write carries them over." in dry.output
    assert _stored(path) == stored

    written = _refresh(path, "--write")
    assert written.exit_code == 0, written.output
    assert f"table {playing} (seize-rome, playing) carried over" in written.output
    assert f"{path}: 3 tables: 2 carried over, 1 up to date." in written.output
    carried = _stored(path)
    assert carried != stored

    again = _refresh(path, "--write")
    assert again.exit_code == 0 and again.output == f"sqlite:///{path}: 3 tables: 3 up to date.\n", again.output
    assert _stored(path) == carried

    with Server(f"sqlite:///{path}") as server:
        for table in (playing, over):
            lines = server.lines(table)
            assert [{k: v for k, v in line.items() if k not in ("at", "code", "carried_from")}
                    for line in lines] == moves[table]
            # the header says which version it is carried to, and which played it before
            assert lines[0]["code"] != OLDER and lines[0]["carried_from"] == [OLDER]
        assert server.http.get(f"/api/tables/{over}/record").status_code == 200
        with server.client(playing, token) as me:
            play_out([me], [], random.Random(6))
            assert me.view["over"]
        assert server.http.get(f"/api/tables/{playing}").json()["status"] == "over"


def _illegal_at(lines: list[dict], seq: int) -> str:
    """A move the game understands that is not legal where line ``seq`` was played."""
    session = Session.from_lines(lines[:seq], auto=False)
    legal = session.legal_actions()
    game = session.game
    return next(str(game.action_from_id(i)) for i in range(game.num_actions) if game.action_from_id(i) not in legal)


def test_tables_whose_moves_or_result_do_not_follow_here_are_said_unplayable_and_left_as_they_are(tmp_path):
    path = tmp_path / "s.sqlite3"
    with Server(f"sqlite:///{path}") as server:
        illegal, tokens = server.table("claim", ["person", "random"])
        with server.client(illegal, tokens[0]) as me:
            play_out([me], [], random.Random(7), moves=4)
        edited, tokens = server.table("claim", ["person", "random"])
        with server.client(edited, tokens[0]) as me:
            play_out([me], [], random.Random(8), moves=4)
        other_result, tokens = server.table("claim", ["person", "random"])
        with server.client(other_result, tokens[0]) as me:
            play_out([me], [], random.Random(9))
        seq = 3                                         # its move there becomes one the rules forbid
        moved = _illegal_at(server.lines(illegal), seq)
        _as_an_older_version_stored_it(server, illegal)
        _as_an_older_version_stored_it(server, other_result)
        with server.hub.store.engine.begin() as sql:
            line = json.loads(sql.execute(text("SELECT line FROM move_lines JOIN tables ON tables.id = table_id "
                                               "WHERE public_id = :table AND seq = :seq"),
                                          {"table": illegal, "seq": seq}).scalar_one())
            sql.execute(text("UPDATE move_lines SET line = :line WHERE seq = :seq AND table_id = "
                             "(SELECT id FROM tables WHERE public_id = :table)"),
                        {"line": json.dumps({**line, "move": moved}), "seq": seq, "table": illegal})
            # stored by this very version, a digest changed: an edit, not another version
            sql.execute(text("UPDATE move_lines SET line = replace(line, '\"at\": \"', '\"at\": \"0') WHERE seq = 2 "
                             "AND table_id = (SELECT id FROM tables WHERE public_id = :table)"), {"table": edited})
            sql.execute(text("UPDATE tables SET result = :result WHERE public_id = :table"),
                        {"result": json.dumps({"scores": [99, 0], "returns": [1.0, -1.0]}), "table": other_result})
    stored = _stored(path)

    for args in ((), ("--write",)):
        result = _refresh(path, *args)
        assert result.exit_code == 1, result.output
        assert (f"table {illegal} (claim, playing) is unplayable here" in result.output
                and f"its move log line {seq + 1} cannot be replayed: " in result.output)
        assert f"table {edited} (claim, playing) is unplayable here" in result.output
        assert "although this very version" in result.output and "it was edited" in result.output
        assert f"table {other_result} (claim, over) is unplayable here" in result.output
        assert "the rules differ" in result.output
        assert "3 tables: 3 unplayable." in result.output
        assert _stored(path) == stored
    assert "left as it is" in result.output

    with Server(f"sqlite:///{path}") as server:
        said = _refused_on_connecting(server, illegal, None)
        # the engine's refusal names the stored move and the legal ones (a seat's hand): a
        # spectator hears only what it means
        assert "does not replay here" in said and "ludus tables refresh" in said
        assert "Legal now" not in said and str(moved) not in said


@pytest.mark.parametrize("db, said", [
    ("{tmp}/none.sqlite3", ["there is no SQLite file {tmp}/none.sqlite3", "the database ludus serve uses"]),
    ("{tmp}/empty.sqlite3", ["holds no tables of ludus serve"]),
    ("{tmp}/text.sqlite3", ["is not a SQLite database"]),
    ("{tmp}/newer.sqlite3", ["schema revision 9999", "a newer ludus made it"]),
    ("foo://bar", ["--db foo://bar", "no database 'foo'"]),
])
def test_a_database_that_is_not_a_servers_of_this_version_is_refused_in_one_line(tmp_path, db, said):
    (tmp_path / "empty.sqlite3").touch()
    (tmp_path / "text.sqlite3").write_text("not a database")
    newer = make_engine(f"sqlite:///{tmp_path / 'newer.sqlite3'}")
    migrate(newer)
    with newer.begin() as sql:
        sql.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    newer.dispose()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    result = _refresh(db.format(tmp=tmp_path))
    refused_in_one_line(result, *(words.format(tmp=tmp_path) for words in said))
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
