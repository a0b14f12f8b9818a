"""pytest collects ``src/`` for doctests: the migrations run only inside Alembic, and without
the web extra none of the server's modules can be imported."""

import importlib.util

collect_ignore = ["migrations"]
if any(importlib.util.find_spec(name) is None for name in ("fastapi", "sqlalchemy", "alembic")):
    collect_ignore_glob = ["*.py"]
