"""``ludus tables``: the tables a game server (``ludus serve``) stored."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import click

from .common import app, fail
from .serve import database_url, open_database


@app.group("tables")
def tables_cmd() -> None:
    """The tables a game server stored (ludus serve)."""


@tables_cmd.command("refresh")
@click.option("--db", "db", metavar="URL",
              help="The server's database: a SQLAlchemy URL or a SQLite file's path (default: the SQLite file "
                   "ludus serve uses by default).")
@click.option("--write", is_flag=True,
              help="Store the new digests. Without it nothing is written: it says what it would do.")
def refresh_cmd(db, write) -> None:
    """Carry the stored tables over an upgrade of ludus that changed what a seat sees.

    Each table, in play or finished, is replayed on this version. Where its stored digests are
    not this version's and every move is still legal here, --write rewrites them as this version
    would have written them; a table with a move not legal here is left as it is and said
    unplayable, with the first line that fails. A finished table must also replay to the result
    stored. Exits with 1 if a table is left unplayable.
    """
    try:
        from ludus.server.refresh import CARRIED, MOVED_ON, UNPLAYABLE, UP_TO_DATE, refresh
        from ludus.server.storage import Store
    except ImportError as e:
        fail(f"ludus tables needs the web extra ({e.name} is missing): pip install -e '.[web]'")
    url, shown = database_url(db)
    if shown.get_backend_name() == "sqlite":
        _check_sqlite_file(shown.database or "")
    # Each verdict, as said of one table (dry run, --write) and in the count at the end.
    table_said = {CARRIED: ("would be carried over", "carried over"),
                  UNPLAYABLE: ("is unplayable here", "is unplayable here, left as it is"),
                  MOVED_ON: ("changed while it was carried over (a server still plays it), left as it is; run "
                             "this again",) * 2}
    counted = {CARRIED: ("to carry over", "carried over"), UNPLAYABLE: ("unplayable",) * 2,
               MOVED_ON: ("changed meanwhile",) * 2, UP_TO_DATE: ("up to date",) * 2}
    counts = dict.fromkeys(counted, 0)
    engine = open_database(url, shown, _made_by_ludus_serve)
    try:
        for verdict in refresh(Store(engine), write):
            counts[verdict.kind] += 1
            if verdict.kind == UP_TO_DATE:
                continue
            table = verdict.table
            why = verdict.reason if verdict.kind == UNPLAYABLE else (
                f"its moves are legal here; the digests of {verdict.changed} of its {verdict.lines} lines are "
                "another version's")
            click.echo(f"table {table.id} ({table.game}, {table.status}) {table_said[verdict.kind][write]}: {why}")
    finally:
        engine.dispose()
    total = sum(counts.values())
    tally = ", ".join(f"{n} {counted[kind][write]}" for kind, n in counts.items() if n)
    click.echo(f"{shown.render_as_string(hide_password=True)}: {total} table{'s' * (total != 1)}"
               f"{': ' + tally if total else ''}.")
    if counts[CARRIED] and not write:
        click.echo("Nothing was written: --write carries them over.")
    if counts[UNPLAYABLE] or counts[MOVED_ON]:
        raise SystemExit(1)


def _check_sqlite_file(path: str) -> None:
    """Refuse, in a sentence and without writing to it, a SQLite file that is not there or that
    no ludus server made: opened as the server opens it, it would be switched to WAL."""
    if not Path(path).is_file():
        fail(f"there is no SQLite file {path or '(none named)'}; give --db the database ludus serve uses")
    try:
        with contextlib.closing(sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)) as db:
            made = db.execute("SELECT 1 FROM sqlite_master WHERE name = 'alembic_version'").fetchone()
    except sqlite3.DatabaseError as e:
        fail(f"{path} is not a SQLite database ({e}); give --db the database ludus serve uses")
    if made is None:
        fail(f"the SQLite file {path} holds no tables of ludus serve; give --db the database ludus serve uses")


def _made_by_ludus_serve(engine) -> None:
    """Refuse, in a sentence, a database whose schema no ludus server made."""
    from ludus.core.errors import LudusError
    from ludus.server.storage import schema_revisions

    if not schema_revisions(engine):
        raise LudusError(f"the database {engine.url.render_as_string(hide_password=True)} holds no tables of "
                         "ludus serve; give --db the database ludus serve uses")
