"""``ludus serve``: the game server (``ludus.server``), run by uvicorn."""

from __future__ import annotations

import errno
import json
import math
import os
import socket

import click

from .common import Number, WholeNumber, app, fail


@app.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0: every network of this machine).")
@click.option("--port", type=WholeNumber(1, 65535), default=8000, show_default=True)
@click.option("--db", "db", metavar="URL",
              help="A SQLAlchemy database URL, or a SQLite file's path (default: a SQLite file in your "
                   "data folder).")
@click.option("--workers", type=WholeNumber(min=1), default=1, show_default=True,
              help="Server processes (several need PostgreSQL: they share the tables through it).")
@click.option("--bots", type=WholeNumber(min=1), default=None,
              help="Processes the bots think in, per server process (default: the processors shared "
                   "among the server processes).")
@click.option("--agent", "agents", multiple=True, metavar="SPEC",
              help="An agent tables may seat beyond the built-in levels, e.g. "
                   "policy:path=examples/models/claim-ppo.npz (repeatable).")
@click.option("--bot-pace", type=Number(min=0, max=60), default=None, metavar="SECONDS",
              help="The least time a searching bot's move takes to come, whatever it held (default 0.6; "
                   "a search on a time budget waits 1.5 times its budget, a bot that plays by rule a "
                   "third of it), so that a forced move comes no faster than a thought one. 0: none.")
@click.option("--tables-per-address", type=WholeNumber(min=1), default=None, metavar="N",
              help="Tables not yet over that one client address may have made, counting those played in "
                   "the last day (default 20; raise it where many people share one address, or for tests).")
def serve_cmd(host, port, db, workers, bots, agents, bot_pace, tables_per_address) -> None:
    """Play over the network: tables for people and bots, joined by invite links.

    Open the printed address in a browser to start a table and play by clicks; programs make
    tables with POST /api/tables (the page at /docs tries the API out). Each person's invite
    link holds the seat's token. Every move is stored before it is acknowledged: a restart
    loses no game.
    """
    if bot_pace is not None and math.isnan(bot_pace):
        fail("--bot-pace takes a number of seconds from 0 to 60, not nan")
    try:
        import uvicorn

        from ludus.server.app import create_app
        from ludus.server.storage import migrate
    except ImportError as e:
        fail(f"ludus serve needs the web extra ({e.name} is missing): pip install -e '.[web]'")
    url, shown = database_url(db)
    if workers > 1 and shown.get_backend_name() == "sqlite":
        fail("several server processes need PostgreSQL (--db postgresql+psycopg://...); with SQLite run "
             "one (--workers 1)")
    _check_agents(agents)
    # The schema is brought up to date here, once, before any server process starts (several
    # may share the database); an application's own migration then has nothing left to do.
    open_database(url, shown, migrate).dispose()
    _check_port(host, port)
    where = f"[{host}]" if ":" in host else host
    said = f"ludus serve: open http://{where}:{port}/ (database {shown.render_as_string(hide_password=True)}"
    if workers == 1:
        application = create_app(url, bot_processes=bots, agents=agents,
                                 **({} if bot_pace is None else {"bot_pace": bot_pace}),
                                 **({} if tables_per_address is None else {"tables_per_address": tables_per_address}))
        click.echo(said + ")")
        uvicorn.run(application, host=host, port=port, ws_max_size=65536, log_level="warning")
        return
    # Each server process builds its own application (uvicorn spawns them).
    os.environ["LUDUS_SERVE_DB"] = url
    os.environ["LUDUS_SERVE_BOTS"] = str(bots or max(1, (os.cpu_count() or 1) // workers))
    os.environ["LUDUS_SERVE_AGENTS"] = json.dumps(list(agents))
    if bot_pace is not None:
        os.environ["LUDUS_SERVE_BOT_PACE"] = str(bot_pace)
    if tables_per_address is not None:
        os.environ["LUDUS_SERVE_TABLES_PER_ADDRESS"] = str(tables_per_address)
    click.echo(said + f", {workers} server processes)")
    uvicorn.run("ludus.server.app:from_environment", factory=True, workers=workers, host=host, port=port,
                ws_max_size=65536, log_level="warning")


def database_url(db: str | None):
    """The database ``--db`` names (a URL or a SQLite file's path; None: the server's own file)
    as a URL, and as SQLAlchemy reads it; refused in one line if it is neither."""
    from sqlalchemy.engine import make_url

    from ludus.server.storage import default_url

    url = db or default_url()
    if "://" not in url:
        url = f"sqlite:///{url}"
    try:
        return url, make_url(url)
    except Exception:
        fail(f"--db {db!r} is neither a database URL (e.g. postgresql+psycopg://user@host/ludus) nor a file path")


def open_database(url: str, shown, prepare):
    """An engine on the database once ``prepare(engine)`` ran (the migrations, or a look at the
    schema), or a line saying why it cannot be opened and what --db would work (SQLAlchemy's own
    tracebacks run to a hundred lines). The caller disposes of the engine."""
    from sqlalchemy.exc import DBAPIError, NoSuchModuleError, SQLAlchemyError

    from ludus.server.storage import NewerSchema, make_engine

    named = shown.render_as_string(hide_password=True)
    works = "a SQLite file's path or a postgresql+psycopg://user@host/ludus URL"
    try:
        engine = make_engine(url)
    except NoSuchModuleError:
        fail(f"--db {named}: SQLAlchemy knows no database {shown.drivername!r}; give --db {works}")
    except ImportError as e:
        fail(f"--db {named}: its driver ({e.name}) is not installed; install it, or give --db {works} "
             "(PostgreSQL's driver: pip install -e '.[postgres]')")
    except SQLAlchemyError as e:
        fail(f"--db {named}: {_first_line(e)}; give --db {works}")
    try:
        try:
            prepare(engine)
        except BaseException:
            engine.dispose()
            raise
    except NewerSchema as e:
        fail(f"{e}, or give --db another file or URL")
    except SQLAlchemyError as e:
        reason = _first_line(e.orig if isinstance(e, DBAPIError) else e)
        if shown.get_backend_name() == "sqlite":
            fail(f"cannot open the SQLite file {shown.database} ({reason}); give --db the path of a file in a "
                 "folder that exists and that you may write to")
        fail(f"cannot open the database {named} ({reason}); give --db the URL of a database server that is "
             "running and that you may log in to, e.g. postgresql+psycopg://user@host/ludus")
    return engine


def _first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


def _check_port(host: str, port: int) -> None:
    """Bind the address as uvicorn will (SO_REUSEADDR), so that a port in use is refused in one
    line before the server says where to open it, not by uvicorn's log after."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                fail(f"port {port} is in use; choose another with --port")
            if e.errno == errno.EACCES:
                fail(f"port {port} needs privileges this user has not; choose one above 1023 with --port")
            fail(f"cannot listen on {host} port {port} ({e.strerror or e}); give --host an address of this "
                 "machine, e.g. 127.0.0.1 or 0.0.0.0")

def _check_agents(agents: tuple[str, ...]) -> None:
    """Each offered agent must be one at least one game can seat (else say why, for each game)."""
    import ludus
    from ludus import agents as agents_mod
    from ludus.core.errors import LudusError

    for spec in agents:
        said = []
        for gid in ludus.game_ids():
            try:
                agents_mod.make(spec, ludus.make(gid))
                break
            except LudusError as e:
                said.append((gid, str(e)))
        else:
            fail(f"--agent {spec!r} fits no game here: {_merge_refusals(said)}")


def _merge_refusals(said: list[tuple[str, str]]) -> str:
    """The games' refusals, each different one said once with the games that gave it."""
    by_text: dict[str, list[str]] = {}
    for gid, text in said:
        by_text.setdefault(text, []).append(gid)
    if len(by_text) == 1:
        return next(iter(by_text))
    return "; ".join(f"{', '.join(gids)}: {text}" for text, gids in by_text.items())
