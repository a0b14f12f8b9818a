"""Same seed, same results: whatever the backend or the number of workers."""

from __future__ import annotations

import json

import pytest

from ludus.arena import LocalBackend, SerialBackend, Tournament, make_backend, play_unit
from ludus.arena.report import write_json


@pytest.mark.parametrize("game_id,specs,options", [
    ("claim", ["heuristic", "random", "random"], {}),
    ("seize-rome", ["heuristic", "random", "random"], {"players": 3}),
])
def test_serial_and_two_workers_write_identical_results(tmp_path, game_id, specs, options):
    t = Tournament(game_id, specs, games=4, seed=11, options=options)
    serial = t.run(SerialBackend())
    local = t.run(LocalBackend(workers=2))
    write_json(serial, tmp_path / "serial.json")
    write_json(local, tmp_path / "local.json")
    assert (tmp_path / "serial.json").read_bytes() == (tmp_path / "local.json").read_bytes()
    assert [g.index for g in local.games] == list(range(len(t.units())))


def test_a_unit_replays_alone():
    t = Tournament("claim", ["heuristic", "random"], games=4, seed=5)
    result = t.run()
    for unit in t.units():
        assert play_unit(t.game_id, t.options, unit) == result.games[unit.index]


def test_other_seed_other_games():
    a = Tournament("claim", ["heuristic", "random"], games=4, seed=5).run().to_dict()
    b = Tournament("claim", ["heuristic", "random"], games=4, seed=6).run().to_dict()
    assert a["deal_seeds"] != b["deal_seeds"]
    assert json.dumps(a["games"]) != json.dumps(b["games"])


def test_progress_callback_sees_every_game():
    t = Tournament("claim", ["random", "random"], games=10, seed=1)
    seen = []
    t.run(LocalBackend(workers=2), on_done=seen.extend)
    assert sorted(g.index for g in seen) == list(range(10))


def test_backend_names():
    assert make_backend("serial").name == "serial"
    assert make_backend("local", 3).workers == 3
    assert make_backend("local").workers >= 1
    assert make_backend("pool", 3).name == "local"          # the process pool's other name
    with pytest.raises(ValueError, match="only for the ray backend"):
        make_backend("local", address="auto")
    with pytest.raises(ValueError, match="unknown backend 'gpu'; backends: local, serial, ray, pool"):
        make_backend("gpu")
    with pytest.raises(ValueError, match="at least 1"):
        LocalBackend(0)


def test_match_is_one_table():
    from ludus import OptionError
    from ludus.arena import match

    result = match("claim", ["heuristic", "random"], games=2, seed=4)
    assert len(result.games) == 2 and result.tournament.tables == [(0, 1)]
    assert {g.seats for g in result.games} == {(0, 1), (1, 0)}
    with pytest.raises(OptionError, match="needs 2 agents"):
        match("claim", ["heuristic", "random", "random"], games=2)
