"""The shipped migrations build the models' schema exactly, and take it down again."""

from __future__ import annotations

from alembic import command
from sqlalchemy import inspect

from ludus.server.storage import alembic_config, make_engine, migrate


def test_migrations_upgrade_match_the_models_and_downgrade(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    config = alembic_config(engine)
    command.upgrade(config, "head")
    assert {"tables", "seats", "move_lines"} <= set(inspect(engine).get_table_names())
    command.check(config)                   # raises if the models and the migrations differ
    command.downgrade(config, "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    migrate(engine)                         # what the server runs on start, twice: the second does nothing
    migrate(engine)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2      # FULL
