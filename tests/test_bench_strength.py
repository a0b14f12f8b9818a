"""bench/strength.py, the resumable strength runs: scoring of sides and the log's repair."""

from __future__ import annotations

import importlib.util
import json
import pathlib

import pytest

_PATH = pathlib.Path(__file__).resolve().parent.parent / "bench" / "strength.py"
_spec = importlib.util.spec_from_file_location("bench_strength", _PATH)
strength = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(strength)


def test_partners_score_as_one_side():
    # 4-player Claim, table ismcts,heuristic,ismcts,heuristic: entrants 0 and 2 are partners
    won = {"seats": [0, 1, 2, 3], "returns": [1.0, -1.0, 1.0, -1.0]}
    lost = {"seats": [1, 2, 3, 0], "returns": [1.0, -1.0, 1.0, -1.0]}
    assert strength.score(won, {0, 2}) == 1.0
    assert strength.score(lost, {0, 2}) == 0.0


def test_shared_first_place_is_half():
    game = {"seats": [0, 1, 2], "returns": [0.0, 0.0, -1.0]}
    assert strength.score(game, {0}) == 0.5


def test_a_line_cut_short_is_ignored_by_a_report_and_cut_by_a_run(tmp_path):
    head = {"game": "claim", "seed": 1}
    log = tmp_path / "log.jsonl"
    games = [{"index": i, "seats": [0, 1], "returns": [1.0, -1.0]} for i in range(3)]
    text = "".join(json.dumps(x) + "\n" for x in [head, *games]) + '{"index": 3, "se'
    log.write_text(text)
    assert sorted(strength.load(log, head, repair=False)) == [0, 1, 2]
    assert log.read_text() == text                                  # a report writes nothing
    assert sorted(strength.load(log, head, repair=True)) == [0, 1, 2]
    assert log.read_text().endswith(json.dumps(games[-1]) + "\n")


def test_a_log_of_another_run_is_refused(tmp_path):
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"game": "claim", "seed": 1}) + "\n")
    with pytest.raises(SystemExit, match="holds another run"):
        strength.load(log, {"game": "claim", "seed": 2}, repair=True)
