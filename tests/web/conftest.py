"""The server's tests run against a real uvicorn on 127.0.0.1 (a thread of the test process,
its bots in worker processes), spoken to over HTTP and WebSocket as a browser would. Skipped
as a whole when the web extra is not installed.

PostgreSQL: ``LUDUS_TEST_PG_URL`` names a server to use (its user may create databases);
otherwise a temporary cluster is started from the PostgreSQL binaries found here (as the
``postgres`` user when run as root: ``initdb`` refuses root), and the tests that need one are
skipped only where no PostgreSQL is installed."""

from __future__ import annotations

import importlib.util

import pytest

if importlib.util.find_spec("fastapi") is None or importlib.util.find_spec("websockets") is None:
    collect_ignore_glob = ["*.py"]         # the tests and their helpers alike
else:
    from .helpers import Server
    from .postgres import cluster, fresh_database

    @pytest.fixture(scope="session")
    def postgres():
        """A PostgreSQL server for the session: the URL of its maintenance database."""
        with cluster() as url:
            yield url

    @pytest.fixture
    def pg_url(postgres, request):
        """A new, empty database of its own for one test."""
        return fresh_database(postgres, request.node.name)

    @pytest.fixture(scope="session")
    def server(tmp_path_factory):
        """One server for the session, on a fresh SQLite file. Every test creates its tables from
        the same address and few play them to the end, so the limit of open tables per address
        (tested on its own, test_limits.py) is lifted for it."""
        from ludus.server import limits

        db = tmp_path_factory.mktemp("web") / "server.sqlite3"
        with pytest.MonkeyPatch.context() as patch, Server(f"sqlite:///{db}") as running:
            patch.setattr(limits, "MAX_OPEN_TABLES", 10_000)
            yield running
