"""The server's tests run against a real uvicorn on 127.0.0.1 (a thread of the test process,
its bots in worker processes), spoken to over HTTP and WebSocket as a browser would. Skipped
as a whole when the web extra is not installed."""

from __future__ import annotations

import importlib.util

import pytest

if importlib.util.find_spec("fastapi") is None or importlib.util.find_spec("websockets") is None:
    collect_ignore_glob = ["*.py"]         # the tests and their helpers alike
else:
    from .helpers import Server

    @pytest.fixture(scope="session")
    def server(tmp_path_factory):
        """One server for the session, on a fresh SQLite file."""
        db = tmp_path_factory.mktemp("web") / "server.sqlite3"
        with Server(f"sqlite:///{db}") as running:
            yield running
