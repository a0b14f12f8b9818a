"""bench/paired.py: two runs on the same deals, compared game by game."""

from __future__ import annotations

import importlib.util
import json
import pathlib
import sys

import pytest

_PATH = pathlib.Path(__file__).resolve().parent.parent / "bench" / "paired.py"
_spec = importlib.util.spec_from_file_location("paired", _PATH)
paired = importlib.util.module_from_spec(_spec)
sys.modules["paired"] = paired
_spec.loader.exec_module(paired)


def _strength_log(path, results: list[float]) -> pathlib.Path:
    """A strength.py journal of 2-seat games: ``results`` are the measured agent's returns,
    deal by deal, seat 0 then seat 1."""
    lines = [{"game": "claim", "options": {}, "specs": ["ismcts", "heuristic"], "games": len(results), "seed": 1}]
    for i, r in enumerate(results):
        seats = [0, 1] if i % 2 == 0 else [1, 0]
        mine = seats.index(0)
        returns = [0.0, 0.0]
        returns[mine], returns[1 - mine] = r, -r
        lines.append({"index": i, "deal_seed": 100 + i // 2, "rotation": i % 2, "seats": seats, "returns": returns})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def _flat_log(path, results: list[float]) -> pathlib.Path:
    lines = []
    for i, r in enumerate(results):
        seat = i % 2
        returns = [0.0, 0.0]
        returns[seat], returns[1 - seat] = r, -r
        lines.append({"game": "claim", "options": {}, "seed": i // 2, "ismcts_seat": seat, "time": 0.2,
                      "returns": returns})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


@pytest.mark.parametrize("write", [_strength_log, _flat_log])
def test_only_the_games_one_run_won_count(tmp_path, capsys, write):
    first = write(tmp_path / "a.jsonl", [1, 1, 1, -1, 0, 1, -1, 1])
    second = write(tmp_path / "b.jsonl", [1, -1, -1, -1, 1, 1, -1])     # one game fewer
    result = paired.compare(paired.scores(first)[1], paired.scores(second)[1])
    assert result["games"] == 7
    assert result["only_first"] == 2 and result["only_second"] == 0.5      # a draw against a win: half
    assert result["first"] == pytest.approx(4.5 / 7) and result["second"] == pytest.approx(3 / 7)
    assert paired.main([str(first), str(second)]) == 0
    assert "won only by the first 2, only by the second 0.5" in capsys.readouterr().out


def test_the_sign_test_is_exact_and_two_sided():
    assert paired.sign_test(0, 0) == 1.0
    assert paired.sign_test(10, 0) == pytest.approx(2 / 1024)
    assert paired.sign_test(3, 3) == 1.0
    assert paired.sign_test(43, 32) == pytest.approx(paired.sign_test(32, 43))
    assert 0.2 < paired.sign_test(43, 32) < 0.3


def test_logs_that_cannot_be_paired_are_refused(tmp_path):
    strength = _strength_log(tmp_path / "s.jsonl", [1, -1])
    flat = _flat_log(tmp_path / "f.jsonl", [1, -1])
    with pytest.raises(SystemExit, match="compare logs of one kind"):
        paired.main([str(strength), str(flat)])
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"game": "claim", "options": {}, "seed": 50, "ismcts_seat": 0, "time": 0.2,
                                 "returns": [1.0, -1.0]}) + "\n")
    with pytest.raises(SystemExit, match="share no game"):
        paired.main([str(flat), str(other)])
    junk = tmp_path / "junk.jsonl"
    junk.write_text('{"hello": 1}\n')
    with pytest.raises(SystemExit, match="neither"):
        paired.main([str(junk), str(flat)])


def test_a_last_line_cut_short_is_left_out(tmp_path, capsys):
    first = _flat_log(tmp_path / "a.jsonl", [1, -1, 1])
    first.write_text(first.read_text() + '{"game": "claim", "opt')
    second = _flat_log(tmp_path / "b.jsonl", [1, 1, 1])
    assert paired.main([str(first), str(second)]) == 0
    captured = capsys.readouterr()
    assert "cut short" in captured.err and captured.out.startswith("3 games")
