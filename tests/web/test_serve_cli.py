"""``ludus serve`` from the command line, and ludus without the web extra."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from ludus.cli.common import app


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
