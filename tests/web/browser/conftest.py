"""The browser tests: Debian's Chromium driven by Playwright against a real ``ludus serve`` (a
subprocess on a fresh SQLite file). Skipped where pytest-playwright or Chromium is missing;
``LUDUS_CHROMIUM`` names another Chromium binary."""

from __future__ import annotations

import os
import shutil
import threading

import pytest

CHROMIUM = os.environ.get("LUDUS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
# Chromium's own background connections stay off: the machine may have no network.
QUIET = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright's launch, with the Chromium of this machine (never a downloaded one)."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set LUDUS_CHROMIUM)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": QUIET}


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """``ludus serve`` in a subprocess for the session: its base URL. What it prints is read as
    it comes (a full pipe would stop it) into ``driving.SERVER_SAID``, for failures to show."""
    from ..helpers import free_port, serve_process
    from .driving import SERVER_SAID

    db = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'server.sqlite3'}"
    port = free_port()
    # every test leaves its tables unfinished: more than an address may have open by default
    process = serve_process(db, port, "--tables-per-address", "1000")
    threading.Thread(target=lambda: SERVER_SAID.extend(line.decode(errors="replace") for line in process.stdout),
                     daemon=True).start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(30)
        except Exception:
            process.kill()
            process.wait(30)


@pytest.fixture(autouse=True)
def no_script_errors():
    """Every test fails if a page it opened threw an uncaught error."""
    from .driving import SCRIPT_ERRORS

    SCRIPT_ERRORS.clear()
    yield
    assert SCRIPT_ERRORS == []
