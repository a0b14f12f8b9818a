"""The Ray backend: the same results as the other backends, and clear errors before any game.

One local Ray serves the whole module (starting one takes several seconds). Tests that need
Ray are skipped where it is not installed; CI installs it (``.[dev,ray]``), and there a missing
Ray is an error rather than a skip.
"""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import sys
import time
from types import SimpleNamespace

import pytest

from ludus.arena import LocalBackend, RayBackend, SerialBackend, Tournament, make_backend
from ludus.arena import backends as backends_module
from ludus.arena.match import Unit
from ludus.arena.report import write_json
from ludus.core.errors import OptionError

HAS_RAY = importlib.util.find_spec("ray") is not None
if os.environ.get("CI") and not HAS_RAY:
    raise RuntimeError("CI must test the Ray backend: install ludus with the ray extra ('.[dev,ray]')")
needs_ray = pytest.mark.skipif(not HAS_RAY, reason="ray is not installed (pip install -e '.[ray]')")

# 3 entrants on 2-seat Claim: 3 tables × 8 games = 24 games
TOURNAMENT = {"game_id": "claim", "specs": ["heuristic", "random", "random"], "games": 8, "seed": 11}


def closed_port() -> int:
    """A local TCP port with nothing listening on it (just released by us)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def reference():
    """The tournament's results on the serial backend and the process pool.

    Computed before Ray starts: the pool forks this process, which is best done without Ray's
    threads in it.
    """
    t = Tournament(**TOURNAMENT)
    return t, t.run(SerialBackend()), t.run(LocalBackend(workers=2))


@pytest.fixture(scope="module")
def ray_backend(reference):
    """A local Ray with 2 CPUs, started by the backend itself and shut down by it at the end."""
    import ray

    assert not ray.is_initialized(), "a Ray left running by another test"
    backend = RayBackend(workers=2).start()
    yield backend
    backend.close()
    assert not ray.is_initialized(), "close() did not shut down the Ray the backend started"


def as_json(result) -> str:
    return json.dumps(result.to_dict(), sort_keys=True)


# -- same seed, same results ----------------------------------------------------------------


@needs_ray
def test_same_results_on_every_backend_and_worker_count(reference, ray_backend):
    import ray

    t, serial, local = reference
    on_two = t.run(ray_backend)
    one = RayBackend(workers=1).start()            # Ray is running: used as it is, one batch at a time
    assert one.in_flight == 1 and not one.owns
    assert one.describe() == "Ray already running, at most 1 batch at once"
    on_one = t.run(one)
    one.close()
    assert ray.is_initialized(), "a backend shut down a Ray it had not started"

    assert len(serial.games) == 24
    assert len({g.returns for g in serial.games}) > 1       # not a tournament of identical games
    for other in (local, on_two, on_one):
        assert [g.returns for g in other.games] == [g.returns for g in serial.games]
        assert [(r.name, r.rating, r.lo, r.hi) for r in other.ratings] == \
            [(r.name, r.rating, r.lo, r.hi) for r in serial.ratings]
        assert as_json(other) == as_json(serial)


@needs_ray
def test_results_file_is_identical(tmp_path, reference, ray_backend):
    t, serial, _ = reference
    write_json(serial, tmp_path / "serial.json")
    write_json(t.run(ray_backend), tmp_path / "ray.json")
    assert (tmp_path / "ray.json").read_bytes() == (tmp_path / "serial.json").read_bytes()


@needs_ray
def test_the_local_ray_has_the_workers_as_cpus(ray_backend):
    import ray

    assert ray_backend.owns and ray_backend.address is None
    assert ray.cluster_resources()["CPU"] == 2
    assert ray_backend.describe() == "local Ray, 2 CPUs"


@needs_ray
def test_progress_sees_every_game_once(reference, ray_backend):
    t, serial, _ = reference
    batches = []
    results = ray_backend.run(t.game_id, t.options, t.units(), on_done=batches.append)
    assert len(batches) > 1                                  # one call per finished batch
    assert sorted(g.index for b in batches for g in b) == list(range(len(t.units())))
    assert results == serial.games                           # every game, sorted by unit index


@needs_ray
def test_an_error_in_a_task_reaches_the_caller(ray_backend):
    unit = Unit(index=0, table=0, deal=0, rotation=0, deal_seed=1, seats=(0, 1), specs=("random", "nobody"),
                agent_seeds=(1, 2))
    with pytest.raises(OptionError, match="unknown agent 'nobody'"):
        ray_backend.run("claim", {}, [unit])


# -- errors before any game -----------------------------------------------------------------


# Left to itself, Ray retries an address for minutes. A refusal is expected within about
# CONNECT_TIMEOUT; the bound is loose so that a loaded machine does not fail it.
RAYS_OWN_RETRYING = 30


@needs_ray
def test_unreachable_address_fails_in_seconds():
    address = f"127.0.0.1:{closed_port()}"
    start = time.perf_counter()
    with pytest.raises(OptionError) as info:
        make_backend("ray", address=address)
    assert time.perf_counter() - start < RAYS_OWN_RETRYING
    message = str(info.value)
    assert f"no Ray cluster reachable at {address}" in message
    assert "host:port" in message and "auto" in message


def test_an_address_that_never_answers_times_out(monkeypatch):
    def silent(address, timeout=None):
        assert timeout == 0.2
        raise TimeoutError("timed out")

    monkeypatch.setattr(backends_module, "socket", SimpleNamespace(create_connection=silent))
    with pytest.raises(OptionError, match=r"no Ray cluster reachable at 10\.1\.2\.3:6379 \(no answer within"):
        backends_module._check_reachable("10.1.2.3:6379", "10.1.2.3", 6379, timeout=0.2)


@needs_ray
@pytest.mark.parametrize("address,message", [
    ("nowhere", "Ray address 'nowhere' is not host:port"),
    ("host:port", "Ray address 'host:port' is not host:port"),
    ("10.0.0.1:99999", "is not host:port"),
    ("http://10.0.0.1:6379", "the only scheme understood is ray://"),
    ("", "the Ray address is empty"),
])
def test_malformed_addresses(address, message):
    with pytest.raises(OptionError, match=message):
        make_backend("ray", address=address)


@needs_ray
def test_ray_client_address_without_the_client_extra(monkeypatch):
    monkeypatch.setattr(backends_module, "_has_ray_client", lambda: False)
    with pytest.raises(OptionError, match=r"needs Ray Client.*pip install 'ray\[client\]'"):
        make_backend("ray", address="ray://127.0.0.1:10001")


def test_missing_ray_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)           # `import ray` now raises ImportError
    with pytest.raises(OptionError, match=r"needs Ray, which is not installed: pip install -e '\.\[ray\]'"):
        make_backend("ray")
    with pytest.raises(OptionError, match=r"pip install -e '\.\[ray\]'"):
        RayBackend(workers=2, address="127.0.0.1:6379")


def test_address_is_only_for_ray():
    for name in ("local", "serial"):
        with pytest.raises(OptionError, match=r"only for the ray backend \(--backend ray\)"):
            make_backend(name, address="127.0.0.1:6379")


def test_bad_workers():
    with pytest.raises(OptionError, match="at least 1"):
        RayBackend(workers=0)


# -- the command line -----------------------------------------------------------------------


@needs_ray
def test_cli_ray_backend_end_to_end(run, tmp_path, ray_backend):
    import ray

    args = ("tournament", "claim", "--agents", "heuristic,random", "-n", "6", "--seed", "7")
    on_ray = run(*args, "--backend", "ray", "--out", str(tmp_path / "ray"))
    assert on_ray.exit_code == 0, on_ray.output
    assert "Ray already running, 2 CPUs" in on_ray.output and "6 games in" in on_ray.output
    assert ray.is_initialized()                         # the fixture's Ray: not the CLI's to shut down
    serial = run(*args, "--backend", "serial", "--out", str(tmp_path / "serial"))
    assert serial.exit_code == 0, serial.output
    for name in ("results.json", "games.csv", "ratings.csv"):
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "serial" / name).read_bytes()


@needs_ray
def test_cli_checks_agents_before_starting_ray(run, tmp_path, monkeypatch):
    def too_early(self):
        raise AssertionError("Ray was started before the agents were checked")

    monkeypatch.setattr(RayBackend, "start", too_early)
    result = run("tournament", "claim", "--agents", "random,nobody", "--backend", "ray", "--out", str(tmp_path / "o"))
    assert result.exit_code == 2
    assert "unknown agent 'nobody'" in result.output


@needs_ray
def test_cli_unreachable_address(run, tmp_path):
    address = f"127.0.0.1:{closed_port()}"
    start = time.perf_counter()
    result = run("tournament", "claim", "--agents", "random,random", "--backend", "ray", "--address", address,
                 "--out", str(tmp_path / "o"))
    assert time.perf_counter() - start < RAYS_OWN_RETRYING
    assert result.exit_code == 2
    assert f"no Ray cluster reachable at {address}" in result.output
    assert "tournament ━" not in result.output and not (tmp_path / "o").exists()


@pytest.mark.parametrize("args,message", [
    (("--address", "127.0.0.1:6379"), "only for the ray backend (--backend ray)"),
    (("--backend", "serial", "--address", "auto"), "only for the ray backend (--backend ray)"),
])
def test_cli_address_without_ray_backend(run, args, message):
    result = run("tournament", "claim", "--agents", "random,random", *args)
    assert result.exit_code == 2
    assert message in result.output


def test_cli_without_ray_installed(run, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    result = run("tournament", "claim", "--agents", "random,random", "--backend", "ray")
    assert result.exit_code == 2
    assert "pip install -e '.[ray]'" in result.output


@needs_ray
def test_cli_says_when_the_workers_run_other_code_and_journals_theirs(run, tmp_path, ray_backend, monkeypatch):
    """On a Ray this process did not start (a cluster), the workers' ludus may differ: the run
    says so, and each game records the code that played it."""
    import ludus.arena.journal as journal_module

    workers_code = journal_module.code_version()
    monkeypatch.setattr(journal_module, "code_version", lambda: "abc1234+changes.here")   # this process only
    out = tmp_path / "out"
    result = run("tournament", "claim", "--agents", "heuristic,random", "-n", "2", "--seed", "7",
                 "--backend", "ray", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert f"The workers run other code ({workers_code}) than this process (abc1234+changes.here)" in result.output
    lines = [json.loads(x) for x in (out / "games.jsonl").read_text().splitlines()[1:]]
    assert lines and {line["code"] for line in lines} == {workers_code}


@needs_ray
def test_workers_that_do_not_say_their_code_stop_the_run_before_any_game(ray_backend, monkeypatch):
    import ray

    monkeypatch.setattr(backends_module, "WORKER_CODE_TIMEOUT", 0.0)
    with pytest.raises(OptionError, match="no worker of the Ray cluster answered which ludus it runs"):
        RayBackend(workers=2).start()
    assert ray.is_initialized()                         # the Ray found running is left alone
