"""Where a tournament's games run: in this process (serial) or in a local process pool.

A backend has one method, ``run(game_id, options, units, on_done)``: it plays every unit (with
:func:`ludus.arena.match.play_units`), calls ``on_done(results)`` with each finished batch, in
whatever order batches finish, and returns all the results sorted by unit index. Since every
unit carries its own seeds, the results do not depend on the backend or the number of workers.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from ..core.errors import OptionError
from .match import GameResult, Unit, play_units

BACKENDS = ("local", "serial")

OnDone = Callable[[list[GameResult]], None]


def available_cores() -> int:
    """The cores this process may use (its CPU affinity where the OS tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


class SerialBackend:
    """Every game in this process, one after the other: simple, and what tests use."""

    name = "serial"
    workers = 1

    def run(self, game_id: str, options: dict, units: list[Unit], on_done: OnDone | None = None) -> list[GameResult]:
        results = []
        for unit in units:
            batch = play_units(game_id, options, [unit])
            results += batch
            if on_done is not None:
                on_done(batch)
        return results


class LocalBackend:
    """A ``concurrent.futures.ProcessPoolExecutor`` over ``workers`` processes (default: all cores).

    Units go out in small batches (so cheap games do not drown in inter-process traffic and long
    ones still spread over the workers); at most a few batches per worker are in flight.
    """

    name = "local"

    def __init__(self, workers: int | None = None):
        if workers is not None and workers < 1:
            raise OptionError(f"workers must be at least 1, got {workers}")
        self.workers = workers or available_cores()

    def batch_size(self, n_units: int) -> int:
        return max(1, min(32, n_units // (self.workers * 16)))

    def run(self, game_id: str, options: dict, units: list[Unit], on_done: OnDone | None = None) -> list[GameResult]:
        size = self.batch_size(len(units))
        batches = [units[i:i + size] for i in range(0, len(units), size)]
        results: list[GameResult] = []
        with ProcessPoolExecutor(max_workers=min(self.workers, max(1, len(batches)))) as pool:
            todo = iter(batches)
            pending = set()
            try:
                for batch in todo:
                    pending.add(pool.submit(play_units, game_id, options, batch))
                    if len(pending) >= 3 * self.workers:
                        break
                while pending:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        batch_results = future.result()
                        results += batch_results
                        if on_done is not None:
                            on_done(batch_results)
                        nxt = next(todo, None)
                        if nxt is not None:
                            pending.add(pool.submit(play_units, game_id, options, nxt))
            except BaseException:           # an agent's error, or Ctrl-C: drop the queued games
                pool.shutdown(wait=False, cancel_futures=True)
                raise
        results.sort(key=lambda r: r.index)
        return results


def make_backend(name: str = "local", workers: int | None = None):
    """A backend by name: ``local`` (process pool, ``workers`` processes) or ``serial``."""
    if name == "local":
        return LocalBackend(workers)
    if name == "serial":
        return SerialBackend()
    if name == "ray":
        raise OptionError("ray backend not available yet; use --backend local (default) or serial")
    raise OptionError(f"unknown backend {name!r}; backends: {', '.join(BACKENDS)}")
