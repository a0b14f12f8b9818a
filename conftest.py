"""pytest collects ``src/`` for doctests too (pyproject.toml). The server's migrations run only
inside Alembic, and without the ``web`` extra no server module can be imported."""

import importlib.util

collect_ignore = ["src/ludus/server/migrations"]
if any(importlib.util.find_spec(name) is None for name in ("fastapi", "sqlalchemy", "alembic", "httpx")):
    collect_ignore_glob = ["src/ludus/server/*.py"]
