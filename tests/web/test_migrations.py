"""The shipped migrations build the models' schema exactly, and take it down again, on SQLite
and on PostgreSQL."""

from __future__ import annotations

import threading

from alembic import command
from sqlalchemy import inspect, text

from ludus.server.storage import alembic_config, make_engine, migrate


def _up_check_down(engine) -> None:
    config = alembic_config(engine)
    command.upgrade(config, "head")
    assert {"tables", "seats", "move_lines"} <= set(inspect(engine).get_table_names())
    command.check(config)                   # raises if the models and the migrations differ
    command.downgrade(config, "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    migrate(engine)                         # what the server runs on start, twice: the second does nothing
    migrate(engine)


def test_migrations_upgrade_match_the_models_and_downgrade_on_sqlite(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    _up_check_down(engine)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2      # FULL


def test_migrations_upgrade_match_the_models_and_downgrade_on_postgresql(pg_url):
    _up_check_down(make_engine(pg_url))


def test_server_processes_starting_together_migrate_one_at_a_time(pg_url):
    """Several ``ludus serve`` on one new database: each runs the migrations on start; they
    must not trip over each other's half-made schema."""
    failures = []

    def start():
        try:
            migrate(make_engine(pg_url))
        except Exception as e:          # noqa: BLE001 - the test reports any failure
            failures.append(e)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert failures == []
    with make_engine(pg_url).connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
