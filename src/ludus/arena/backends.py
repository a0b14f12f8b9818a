"""Where a tournament's games run: in this process (serial), in a local process pool, or on Ray.

A backend's main method is ``run(game_id, options, units, on_done, play)``: it plays every unit
(with ``play``, by default :func:`ludus.arena.match.play_units`; the variant lab passes its own,
which keeps more of each game), calls ``on_done(results)`` with each finished batch, in
whatever order batches finish, and returns all the results sorted by unit index. Since every
unit carries its own seeds, the results do not depend on the backend or the number of workers.

Every backend also has ``start()`` and ``close()`` (also as a ``with`` block) and ``describe()``.
``run`` starts and closes a backend by itself when it was not started; starting it first makes
its own errors (Ray not reachable) come before any game, which is what ``ludus tournament`` does.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import socket
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from ..core.errors import OptionError
from .match import GameResult, Unit, play_units

BACKENDS = ("local", "serial", "ray")
BACKEND_ALIASES = {"pool": "local"}                    # the process pool's other name (ludus lab took it first)
BACKEND_NAMES = (*BACKENDS, *BACKEND_ALIASES)           # every name make_backend takes, for --backend

OnDone = Callable[[list[GameResult]], None]
Play = Callable[[str, dict, list], list]        # (game_id, options, units) -> their results, by unit

CONNECT_TIMEOUT = 3.0           # seconds for the TCP check of a Ray address
RAY_CLIENT_PORT = 10001         # Ray Client's default port (ray://host)
WORKER_CODE_TIMEOUT = 120.0   # seconds for a cluster's worker to say which code it runs
RAY_INSTALL = "pip install -e '.[ray]' in the ludus checkout (or pip install 'ray>=2.9')"


def available_cores() -> int:
    """The cores this process may use (its CPU affinity where the OS tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


class Backend:
    """What the backends share: nothing to start or close unless they say otherwise."""

    name = ""
    code = None    # the code the workers run, where it may not be this process's (a Ray cluster)

    def start(self):
        return self

    def close(self) -> None:
        pass

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    def describe(self) -> str:
        return self.name


class SerialBackend(Backend):
    """Every game in this process, one after the other: simple, and what tests use."""

    name = "serial"
    workers = 1

    def run(self, game_id: str, options: dict, units: list[Unit], on_done: OnDone | None = None,
            play: Play = play_units) -> list[GameResult]:
        results = []
        for unit in units:
            batch = play(game_id, options, [unit])
            results += batch
            if on_done is not None:
                on_done(batch)
        return results


class _Batcher:
    """Hands out a tournament's units in batches sized by how fast games finish.

    One game per batch until games have been timed, then enough games for about
    ``BATCH_SECONDS`` of one worker's time (at most 32, and small enough near the end to keep
    every worker busy): cheap games do not drown in inter-process traffic, and slow ones (a
    search bot's) report progress game by game. Batching never changes results — each unit
    carries its own seeds.
    """

    BATCH_SECONDS = 0.5

    def __init__(self, units: list[Unit], workers: int):
        self.units, self.workers = units, workers
        self.next = 0
        self.finished = 0
        self.start = time.perf_counter()

    def take(self) -> list[Unit] | None:
        """The next batch, or None when every unit has been handed out."""
        left = len(self.units) - self.next
        if not left:
            return None
        size = 1
        elapsed = time.perf_counter() - self.start
        if self.finished and elapsed > 0:
            per_worker = self.finished / elapsed / self.workers        # games per second per worker
            size = int(per_worker * self.BATCH_SECONDS)
        size = max(1, min(size, 32, left // (self.workers * 4) or 1))
        batch = self.units[self.next:self.next + size]
        self.next += len(batch)
        return batch

    def finished_games(self, n: int) -> None:
        self.finished += n


def _keep_busy(batcher: _Batcher, in_flight: int, submit, wait_any, fetch, on_done: OnDone | None,
               cancel) -> list[GameResult]:
    """Run every batch with ``in_flight`` of them out at a time; the results sorted by unit.

    ``submit(batch)`` starts one and returns a handle; ``wait_any(handles)`` waits for at least
    one and returns (the finished handles, the handles still running); ``fetch(handle)`` gives a
    finished batch's results, or raises its error. On an error or Ctrl-C, ``cancel(handles)``
    drops the games still running or queued (never a finished one: cancelling a task that has
    ended can crash Ray 2.60's core worker) before the error goes on.
    """
    pending: list = []
    results: list[GameResult] = []
    try:
        while len(pending) < in_flight and (batch := batcher.take()) is not None:
            pending.append(submit(batch))
        while pending:
            finished, pending = wait_any(pending)
            for handle in finished:
                batch_results = fetch(handle)
                batcher.finished_games(len(batch_results))
                results += batch_results
                if on_done is not None:
                    on_done(batch_results)
                nxt = batcher.take()
                if nxt is not None:
                    pending.append(submit(nxt))
    except BaseException:               # an agent's error, or Ctrl-C
        cancel(pending)
        raise
    results.sort(key=lambda r: r.index)
    return results


class LocalBackend(Backend):
    """A ``concurrent.futures.ProcessPoolExecutor`` over ``workers`` processes (default: all cores).

    Units go out in small batches (so cheap games do not drown in inter-process traffic and long
    ones still spread over the workers); at most a few batches per worker are in flight.
    """

    name = "local"

    def __init__(self, workers: int | None = None):
        if workers is not None and workers < 1:
            raise OptionError(f"workers must be at least 1, got {workers}")
        self.workers = workers or available_cores()

    def describe(self) -> str:
        return f"{self.workers} worker{'s' if self.workers != 1 else ''}"

    def run(self, game_id: str, options: dict, units: list[Unit], on_done: OnDone | None = None,
            play: Play = play_units) -> list[GameResult]:
        with ProcessPoolExecutor(max_workers=min(self.workers, max(1, len(units)))) as pool:
            def wait_any(pending):
                done, rest = wait(pending, return_when=FIRST_COMPLETED)
                return list(done), list(rest)

            return _keep_busy(_Batcher(units, self.workers), 2 * self.workers,
                              submit=lambda batch: pool.submit(play, game_id, options, batch),
                              wait_any=wait_any, fetch=lambda future: future.result(), on_done=on_done,
                              cancel=lambda pending: pool.shutdown(wait=False, cancel_futures=True))


def _import_ray():
    try:
        import ray
    except ImportError:
        raise OptionError(f"the ray backend needs Ray, which is not installed: {RAY_INSTALL}") from None
    return ray


def _has_ray_client() -> bool:
    """Whether Ray Client (``ray://`` addresses) can work: it needs grpcio, from ``ray[client]``."""
    return importlib.util.find_spec("grpc") is not None


def _host_port(text: str, default_port: int | None = None) -> tuple[str, int]:
    """``host:port`` (or ``[v6 address]:port``) split; a bare host gets ``default_port``."""
    host, sep, port = text.rpartition(":")
    if not sep or "]" in port:
        host, port = text, ""
    host = host.strip("[]")
    if not port and default_port is not None:
        port = str(default_port)
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise OptionError(f"Ray address {text!r} is not host:port; give the head node's address as host:port "
                          f"(e.g. 10.0.0.5:6379), auto, or ray://host:{RAY_CLIENT_PORT} for Ray Client")
    return host, int(port)


def _check_reachable(address: str, host: str, port: int, timeout: float = CONNECT_TIMEOUT) -> None:
    """A TCP connection to host:port within ``timeout`` seconds, or OptionError naming the address.

    Ray itself retries an unreachable address for minutes; this fails in seconds.
    """
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except TimeoutError:
        reason = f"no answer within {timeout:g} s"
    except OSError as e:
        reason = e.strerror or str(e)
    else:
        return
    raise OptionError(
        f"no Ray cluster reachable at {address} ({reason}); give the address of a running cluster's head "
        f"node as host:port (its GCS port, 6379 unless `ray start --head --port` said otherwise), auto for "
        f"a cluster started on this machine, or leave the address out to start a local Ray")


def _auto_address(address: str) -> tuple[str, int] | None:
    """The host and port ``auto`` stands for (RAY_ADDRESS, or the last ``ray start`` here).

    Uses Ray's own lookup, which is not public API: if it moves, the check is skipped and
    ``ray.init`` reports what it finds.
    """
    try:
        from ray._private.services import canonicalize_bootstrap_address_or_die
    except ImportError:
        return None
    try:
        found = canonicalize_bootstrap_address_or_die(address)
    except ConnectionError as e:
        raise OptionError(f"Ray address {address}: {e} (start one with `ray start --head`, or give host:port)") \
            from None
    except Exception:  # Ray internals, see above
        return None
    try:
        return _host_port(found)
    except OptionError:
        return None


def _connect_hint(error: BaseException) -> str:
    """What to check when an address answers but ``ray.init`` cannot use it."""
    chain = []
    while error is not None and len(chain) < 10:
        chain.append(str(error))
        error = error.__cause__ or error.__context__
    if any("InvalidAuthToken" in text or "AuthenticationError" in text for text in chain):
        return ("the cluster wants a token: set RAY_AUTH_MODE=token and give its token as RAY_AUTH_TOKEN "
                "or in ~/.ray/auth_token")
    return ("something answers there, but not a Ray cluster this Ray can use: check that the port is the "
            "head node's GCS port and that both sides run the same Ray version")


class RayBackend(Backend):
    """Batches of units as Ray tasks: on a local Ray it starts, or on a cluster at ``address``.

    ``address=None`` starts a local Ray with ``workers`` CPUs (default: all cores) and shuts it
    down on ``close()``. An address — ``host:port`` of a head node, ``auto`` (RAY_ADDRESS or the
    last ``ray start`` on this machine) or ``ray://host:port`` (Ray Client, needs the
    ``ray[client]`` extra) — connects to that cluster, where ludus must be installed; there
    ``workers`` caps the batches running at once (default: the cluster's CPUs). If Ray is
    already initialised in this process, that Ray is used and left running.

    Building one checks that Ray is installed and that the address answers (a TCP connection,
    a few seconds at most); ``start()`` initialises Ray.
    """

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None):
        if workers is not None and workers < 1:
            raise OptionError(f"workers must be at least 1, got {workers}")
        self.ray = _import_ray()
        self.address = address.strip() if address is not None else None
        self.requested = workers
        self.workers = workers or available_cores()
        self.in_flight = 3 * self.workers
        self.owns = False               # whether close() shuts Ray down
        self.started = False
        self.where = "local"
        if self.address == "":
            raise OptionError("the Ray address is empty; give host:port, auto or ray://host:port")
        if self.address is not None:
            self._check_address()

    def _check_address(self) -> None:
        address = self.address
        if address.startswith("ray://"):
            if not _has_ray_client():
                raise OptionError(f"a ray:// address needs Ray Client, which is not installed: "
                                  f"pip install 'ray[client]' (or give the head node's host:port instead of {address})")
            host, port = _host_port(address[len("ray://"):], RAY_CLIENT_PORT)
        elif address == "auto":
            found = _auto_address(address)
            if found is None:
                return
            host, port = found
        elif "://" in address:
            raise OptionError(f"Ray address {address!r}: the only scheme understood is ray:// (Ray Client); "
                              f"give host:port for a head node")
        else:
            host, port = _host_port(address)
        _check_reachable(address, host, port)

    def start(self):
        """Initialise Ray (or use the one already running in this process); OptionError if it fails."""
        if self.started:
            return self
        ray = self.ray
        if ray.is_initialized():
            self.owns = False
            self.where = "Ray already running"
        else:
            quiet = dict(log_to_driver=False, logging_level=logging.ERROR)
            try:
                if self.address is None:
                    # address="local": a new Ray here, even when RAY_ADDRESS points elsewhere
                    ray.init(address="local", num_cpus=self.workers, include_dashboard=False, **quiet)
                else:
                    ray.init(address=self.address, **quiet)
            except Exception as e:  # any failure to start is for the user to fix
                if ray.is_initialized():
                    ray.shutdown()
                if self.address is None:
                    raise OptionError(f"could not start a local Ray: {e}") from e
                raise OptionError(f"could not connect to the Ray cluster at {self.address}: {e} "
                                  f"({_connect_hint(e)})") from e
            self.owns = True
            self.where = "local Ray" if self.address is None else f"Ray at {self.address}"
        if self.address is not None or not self.owns:
            cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
            self.workers = self.requested or cpus
            # a cap given by the user is exact; otherwise keep a queue so no CPU waits for the driver
            self.in_flight = self.requested or 3 * cpus
        self.task = ray.remote(play_units)
        if self.address is not None or not self.owns:     # workers this process did not start
            try:
                self.code = self._worker_code()
            except OptionError:
                if self.owns:
                    ray.shutdown()
                    self.owns = False
                raise
        self.started = True
        return self

    def _worker_code(self) -> str:
        """The code one worker of the cluster runs (``code_version`` there); OptionError if none
        answers in time or ludus does not load there."""
        ray = self.ray
        ref = ray.remote(_code_version).remote()
        try:
            return ray.get(ref, timeout=WORKER_CODE_TIMEOUT)
        except Exception as e:  # a timeout, or ludus missing or broken on the node
            if not ray.wait([ref], timeout=0)[0]:     # never cancel a finished task (see _keep_busy)
                ray.cancel(ref)
            raise OptionError(f"no worker of the Ray cluster answered which ludus it runs within "
                              f"{WORKER_CODE_TIMEOUT:.0f} s ({type(e).__name__}); ludus must be installed on every "
                              "node, and a worker free") from e

    def close(self) -> None:
        """Shut down the Ray this backend started (never one it found running)."""
        if self.started and self.owns and self.ray.is_initialized():
            self.ray.shutdown()
        self.started = self.owns = False

    def describe(self) -> str:
        if not self.started:
            return "ray"
        if self.requested is None or (self.owns and self.address is None):
            return f"{self.where}, {self.workers} CPU{'s' if self.workers != 1 else ''}"
        return f"{self.where}, at most {self.in_flight} batch{'es' if self.in_flight != 1 else ''} at once"

    def run(self, game_id: str, options: dict, units: list[Unit], on_done: OnDone | None = None,
            play: Play = play_units) -> list[GameResult]:
        started_here = not self.started
        self.start()
        try:
            return self._run(game_id, options, units, on_done, play)
        finally:
            if started_here:
                self.close()

    def _run(self, game_id: str, options: dict, units: list[Unit], on_done: OnDone | None,
             play: Play) -> list[GameResult]:
        ray = self.ray
        task = self.task if play is play_units else ray.remote(play)

        def cancel(pending):
            if pending:    # only those still running: after a Ctrl-C in ray.wait some may have ended
                _, running = ray.wait(pending, num_returns=len(pending), timeout=0)
                for ref in running:
                    ray.cancel(ref)

        return _keep_busy(_Batcher(units, self.workers), self.in_flight,
                          submit=lambda batch: task.remote(game_id, options, batch),
                          wait_any=lambda pending: ray.wait(pending, num_returns=1), fetch=ray.get,
                          on_done=on_done, cancel=cancel)


def _code_version() -> str:
    """``code_version`` where it runs: on a Ray worker, the ludus installed on its node."""
    from .journal import code_version

    return code_version()


def make_backend(name: str = "local", workers: int | None = None, address: str | None = None):
    """A backend by name: ``local`` (process pool, ``workers`` processes; also called ``pool``),
    ``serial``, or ``ray``.

    ``address`` (ray only): a Ray cluster to use instead of starting a local one.
    """
    name = BACKEND_ALIASES.get(name, name)
    if address is not None and name != "ray":
        raise OptionError(f"a Ray address ({address}) is only for the ray backend (--backend ray), "
                          f"not {name!r}")
    if name == "local":
        return LocalBackend(workers)
    if name == "serial":
        if workers not in (None, 1):
            raise OptionError(f"the serial backend plays in this one process; --workers {workers} is for "
                              "--backend local or ray")
        return SerialBackend()
    if name == "ray":
        return RayBackend(workers, address)
    raise OptionError(f"unknown backend {name!r}; backends: {', '.join(BACKEND_NAMES)}")
