"""bench/strength.py, the resumable strength runs: scoring of sides and the log's repair; and
bench/strength_table.py, the docs' table made from the logs."""

from __future__ import annotations

import importlib.util
import json
import pathlib
import sys

import pytest

import ludus

_BENCH = pathlib.Path(__file__).resolve().parent.parent / "bench"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, _BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module   # strength_table imports strength by name
    spec.loader.exec_module(module)
    return module


strength = _load("strength")
strength_table = _load("strength_table")


def test_partners_score_as_one_side():
    # 4-player Claim, table ismcts,heuristic,ismcts,heuristic: entrants 0 and 2 are partners
    won = {"seats": [0, 1, 2, 3], "returns": [1.0, -1.0, 1.0, -1.0]}
    lost = {"seats": [1, 2, 3, 0], "returns": [1.0, -1.0, 1.0, -1.0]}
    assert strength.score(won, {0, 2}) == 1.0
    assert strength.score(lost, {0, 2}) == 0.0


def test_shared_first_place_is_half():
    game = {"seats": [0, 1, 2], "returns": [0.0, 0.0, -1.0]}
    assert strength.score(game, {0}) == 0.5


def test_the_table_row_scores_the_measured_agent_by_seat(tmp_path):
    head = {"game": "claim", "options": ludus.make("claim").options_dict(),
            "specs": ["ismcts:hard", "heuristic"], "games": 400, "seed": 1}
    games = [{"index": 0, "seats": [0, 1], "returns": [1.0, -1.0], "code": "abc"},   # won from seat 0
             {"index": 1, "seats": [1, 0], "returns": [1.0, -1.0], "code": "abc"},   # lost from seat 1
             {"index": 2, "seats": [0, 1], "returns": [0.0, 0.0]}]                    # shared, seat 0
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(x) + "\n" for x in [head, *games]) + '{"index": 3')
    row = strength_table.row(log)
    assert "| Claim | ismcts:hard vs heuristic | defaults | 3 of 400 | 50.0% |" in row
    assert "| 75% of 2 / 0% of 1 |" in row and "abc (2), not recorded (1)" in row


def test_a_run_kept_to_one_seat_plays_every_deal_from_that_seat_only(tmp_path, capsys):
    log = tmp_path / "seat1.jsonl"
    assert strength.main(["claim", "random,heuristic", "-n", "6", "--seat", "1", "-j", "1", "--log", str(log)]) == 0
    head, *games = [json.loads(line) for line in log.read_text().splitlines()]
    assert head["seat"] == 1 and strength.planned_games(head) == 3
    assert sorted(g["index"] // 2 for g in games) == [0, 1, 2]       # three deals, each once
    assert all(g["seats"][1] == 0 for g in games)                      # the measured agent at seat 1
    assert "from seat 1" in capsys.readouterr().out


def test_a_seat_the_table_lacks_is_refused(tmp_path):
    with pytest.raises(SystemExit, match="--seat 2 is not a seat of this 2-seat table; give 0 to 1"):
        strength.main(["claim", "random,heuristic", "--seat", "2", "--log", str(tmp_path / "x.jsonl")])
    assert not (tmp_path / "x.jsonl").exists()
