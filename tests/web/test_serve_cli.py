"""``ludus serve`` from the command line, and ludus without the web extra."""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys

import httpx
import pytest
from click.testing import CliRunner

from ludus.cli.common import app

from .helpers import WAIT, refused_in_one_line


def test_serve_without_the_web_extra_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)           # as if it were not installed
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 2
    assert "pip install -e '.[web]'" in result.output


def test_several_server_processes_on_sqlite_are_refused(tmp_path):
    result = CliRunner().invoke(app, ["serve", "--workers", "2", "--db", str(tmp_path / "s.sqlite3")])
    assert result.exit_code == 2 and "PostgreSQL" in result.output
    assert not (tmp_path / "s.sqlite3").exists()


def test_ludus_and_its_command_line_import_no_server_library():
    code = ("import sys, ludus, ludus.cli, ludus.session; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('fastapi', 'sqlalchemy', 'alembic', "
            "'uvicorn', 'pydantic') or m.startswith('ludus.server')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_an_offered_agent_that_fits_no_game_is_refused(tmp_path):
    result = CliRunner().invoke(app, ["serve", "--agent", "policy:path=nowhere.npz", "--db",
                                      str(tmp_path / "s.sqlite3")])
    assert result.exit_code == 2 and "fits no game" in result.output and "nowhere.npz" in result.output


def test_a_refusal_every_game_shares_is_said_once(tmp_path):
    result = CliRunner().invoke(app, ["serve", "--agent", "foo", "--db", str(tmp_path / "s.sqlite3")])
    assert result.exit_code == 2 and result.output.count("unknown agent 'foo'") == 1


@pytest.fixture
def started(monkeypatch) -> list[dict]:
    """uvicorn.run replaced by a note of how it was called: no server starts."""
    import uvicorn

    calls: list[dict] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: calls.append(kwargs))
    return calls


def _refused_in_one_line(result, *said: str) -> None:
    refused_in_one_line(result, *said)
    assert "open http" not in result.output


@pytest.mark.parametrize("db, said", [
    ("{tmp}/no/such/folder/s.sqlite3", ["cannot open the SQLite file {tmp}/no/such/folder/s.sqlite3",
                                        "a folder that exists"]),
    ("foo://bar", ["--db foo://bar", "no database 'foo'", "postgresql+psycopg://"]),
    ("postgresql+psycopg://someone:secret@127.0.0.1:1/ludus",
     ["postgresql+psycopg://someone:***@127.0.0.1:1/ludus", "refused", "a database server that is running"]),
])
def test_a_database_that_cannot_be_opened_is_refused_in_one_line(tmp_path, started, db, said):
    if db.startswith("postgresql") and importlib.util.find_spec("psycopg") is None:
        pytest.skip("psycopg is not installed")
    result = CliRunner().invoke(app, ["serve", "--db", db.format(tmp=tmp_path)])
    _refused_in_one_line(result, *(words.format(tmp=tmp_path) for words in said))
    assert "secret" not in result.output and started == []


def test_a_port_in_use_is_refused_before_the_server_says_where_to_open_it(tmp_path, started):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", str(tmp_path / "s.sqlite3")])
    _refused_in_one_line(result, f"port {port} is in use; choose another with --port")
    assert started == []


def test_a_free_port_and_a_new_database_start_the_server(tmp_path, started):
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    result = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", str(tmp_path / "s.sqlite3")])
    assert result.exit_code == 0, result.output
    assert f"open http://127.0.0.1:{port}/" in result.output and (tmp_path / "s.sqlite3").exists()
    assert [(call["host"], call["port"]) for call in started] == [("127.0.0.1", port)]


def test_a_database_made_by_a_newer_ludus_is_refused_and_left_as_it_is(tmp_path, started):
    """A schema revision these migrations do not know: a sentence, not Alembic's traceback, and
    the database is not touched (an upgrade could only damage it)."""
    import sqlite3

    path = tmp_path / "s.sqlite3"
    assert CliRunner().invoke(app, ["serve", "--db", str(path)]).exit_code == 0     # made at today's schema
    with sqlite3.connect(path) as db:
        db.execute("UPDATE alembic_version SET version_num = '9999'")
    before = path.read_bytes()
    result = CliRunner().invoke(app, ["serve", "--db", str(path)])
    _refused_in_one_line(result, "schema revision 9999", "a newer ludus made it", "upgrade ludus",
                         "give --db another file or URL")
    assert path.read_bytes() == before and len(started) == 1


def test_the_bot_pace_the_help_names_is_the_servers():
    from ludus.server import BOT_PACE

    result = CliRunner().invoke(app, ["serve", "--help"])
    assert f"(default {BOT_PACE:g};" in " ".join(result.output.split())


@pytest.mark.parametrize("pace", ["nan", "inf", "-1"])
def test_a_bot_pace_that_is_no_number_of_seconds_is_refused(tmp_path, pace):
    result = CliRunner().invoke(app, ["serve", "--bot-pace", pace, "--db", str(tmp_path / "s.sqlite3")])
    assert result.exit_code == 2 and "--bot-pace" in result.output
    assert not (tmp_path / "s.sqlite3").exists()


def test_a_stopping_server_waits_a_little_for_a_bot_still_thinking_then_ends_it():
    import multiprocessing
    import os
    import time
    from concurrent.futures import ProcessPoolExecutor

    from ludus.server.app import _stop_pool

    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    pool.submit(time.sleep, 0).result()                  # the process is up
    busy = pool.submit(time.sleep, 60)                     # a search that would outlast any grace
    while not busy.running():                              # handed to the process: past cancelling
        time.sleep(0.01)
    processes = list(pool._processes.values())
    start = time.monotonic()
    _stop_pool(pool, grace=0.5)
    assert time.monotonic() - start < 10
    for process in processes:
        # Gone. (Not is_alive(): the pool's own thread may reap the process first, and then
        # is_alive() in this thread cannot tell and says True.)
        with pytest.raises(ProcessLookupError):
            os.kill(process.pid, 0)


def test_a_stopping_server_drops_bot_work_not_begun():
    import multiprocessing
    import time
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import EXTRA_QUEUED_CALLS

    from ludus.server.app import _stop_pool

    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    pool.submit(time.sleep, 0).result()
    busy = pool.submit(time.sleep, 1)
    while not busy.running():
        time.sleep(0.01)
    later = [pool.submit(time.sleep, 60) for _ in range(5)]
    _stop_pool(pool, grace=1.5)
    # The pool hands up to max_workers + EXTRA_QUEUED_CALLS items to its call queue ahead of the
    # workers, and those can no longer be cancelled; every one behind them must be.
    handed_ahead = 1 + EXTRA_QUEUED_CALLS
    assert busy.done() and sum(f.cancelled() for f in later) >= len(later) - handed_ahead


def test_the_tables_an_address_may_have_open_are_set_at_start(tmp_path):
    from .helpers import free_port, serve_process

    port = free_port()
    process = serve_process(f"sqlite:///{tmp_path / 'db.sqlite3'}", port, "--tables-per-address", "1")
    try:
        body = {"game": "seize-rome", "seats": ["person", "random"]}
        made = [httpx.post(f"http://127.0.0.1:{port}/api/tables", json=body, timeout=WAIT) for _ in range(2)]
        assert [r.status_code for r in made] == [201, 429]
        assert made[1].json()["detail"].startswith("at most 1 table not yet over per client address")
    finally:
        process.terminate()
        process.wait(30)
