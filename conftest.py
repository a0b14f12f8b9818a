"""pytest collects ``src/`` for doctests too (pyproject.toml). The server's migrations run only
inside Alembic; without the ``web`` extra no server module can be imported, nor without the
``rl`` extra any of ``ludus.envs``."""

import importlib.util

collect_ignore = ["src/ludus/server/migrations"]
if any(importlib.util.find_spec(name) is None for name in ("fastapi", "sqlalchemy", "alembic", "httpx")):
    collect_ignore_glob = ["src/ludus/server/*.py"]
if any(importlib.util.find_spec(name) is None for name in ("numpy", "pettingzoo", "gymnasium")):
    collect_ignore.append("src/ludus/envs")      # the rl extra's modules
elif importlib.util.find_spec("pyspiel") is None:
    collect_ignore.append("src/ludus/envs/openspiel.py")     # an rl install without open_spiel
