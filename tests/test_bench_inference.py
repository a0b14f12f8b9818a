"""bench/bench_inference.py, which times inference's weighing: it weighs real positions and
reports a cost and an effective share for each player count."""

from __future__ import annotations

import importlib.util
import pathlib
import sys

_PATH = pathlib.Path(__file__).resolve().parent.parent / "bench" / "bench_inference.py"
_spec = importlib.util.spec_from_file_location("bench_inference", _PATH)
bench = importlib.util.module_from_spec(_spec)
sys.modules["bench_inference"] = bench
_spec.loader.exec_module(bench)


def test_the_table_has_a_row_per_player_count_with_costs_and_shares(capsys):
    assert bench.main(["--players", "2", "--players", "3", "--games", "1", "--every", "6", "--worlds", "6"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| 2 ") or line.startswith("| 3 ")]
    assert len(rows) == 2
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        positions, phase_one, phase_two, share = int(cells[1]), *map(float, cells[2:])
        assert positions > 3 and phase_one > 0 and phase_two > 0 and 0 < share <= 1
