"""Alembic's entry point for the server's migrations: run on the engine the server passes in
(``storage.alembic_config``), or on ``sqlalchemy.url`` when Alembic is run by hand."""

from alembic import context
from sqlalchemy import create_engine

from ludus.server.storage import Base

config = context.config


def run() -> None:
    engine = config.attributes.get("engine") or create_engine(config.get_main_option("sqlalchemy.url"))
    with engine.connect() as connection:
        # Batch mode: SQLite cannot ALTER a column, so later migrations copy the table instead.
        context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True,
                          compare_type=True)
        with context.begin_transaction():
            context.run_migrations()
        connection.commit()


run()
