"""A run stopped part way, as a crash or Ctrl-C would stop it: ``on_done=stop_after(n)``."""

from __future__ import annotations


class Stop(Exception):
    pass


def stop_after(n: int):
    """An ``on_done`` that raises Stop once ``n`` games have finished (their batch kept first)."""
    seen = []

    def on_done(batch):
        seen.extend(batch)
        if len(seen) >= n:
            raise Stop

    return on_done
