"""A throw-away PostgreSQL for the tests: a cluster in a temporary folder on a Unix socket (no
TCP port, no password), or the server ``LUDUS_TEST_PG_URL`` names."""

from __future__ import annotations

import contextlib
import glob
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

PORT = 54329        # names the socket file only: the cluster listens on no TCP port


def _binaries() -> str | None:
    """The folder of PostgreSQL's server programs, if it is installed."""
    found = shutil.which("initdb")
    if found:
        return os.path.dirname(os.path.realpath(found))
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return os.path.dirname(versions[-1]) if versions else None


@contextlib.contextmanager
def cluster():
    """The URL of a PostgreSQL server's ``postgres`` database, for the length of the block."""
    given = os.environ.get("LUDUS_TEST_PG_URL")
    if given:
        yield given
        return
    pytest.importorskip("psycopg", reason="the postgres extra is not installed: pip install -e '.[postgres]'")
    bin_dir = _binaries()
    if bin_dir is None:
        pytest.skip("no PostgreSQL here (Debian: apt-get install postgresql)")
    # Not under pytest's temporary folder: as root, that one is closed to the postgres user.
    folder = Path(tempfile.mkdtemp(prefix="ludus-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:                   # initdb will not run as root
        shutil.chown(folder, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    data, socket_dir = folder / "data", str(folder)

    def run(*args: str) -> None:
        subprocess.run([*as_user, *args], check=True, capture_output=True, timeout=120)

    run(f"{bin_dir}/initdb", "-D", str(data), "-A", "trust", "-U", "ludus", "--no-sync")
    run(f"{bin_dir}/pg_ctl", "-D", str(data), "-l", str(folder / "log"), "-w", "-o",
        f"-k {socket_dir} -p {PORT} -c listen_addresses='' -c fsync=off", "start")
    try:
        yield f"postgresql+psycopg://ludus@/postgres?host={socket_dir}&port={PORT}"
    finally:
        run(f"{bin_dir}/pg_ctl", "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def fresh_database(url: str, name: str) -> str:
    """A new empty database on the server of ``url`` (named after ``name``); its URL."""
    import psycopg
    from sqlalchemy.engine import make_url

    base = make_url(url)
    database = "t_" + re.sub(r"[^a-z0-9]+", "_", name.lower())[:40] + "_" + os.urandom(3).hex()
    with psycopg.connect(base.set(drivername="postgresql").render_as_string(hide_password=False),
                         autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{database}"')
    return base.set(database=database).render_as_string(hide_password=False)
