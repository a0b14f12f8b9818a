"""bench/bench_inference.py, which times inference's weighing: it weighs real positions and
reports a cost and an effective share for each game and table."""

from __future__ import annotations

import importlib.util
import pathlib
import sys

_PATH = pathlib.Path(__file__).resolve().parent.parent / "bench" / "bench_inference.py"
_spec = importlib.util.spec_from_file_location("bench_inference", _PATH)
bench = importlib.util.module_from_spec(_spec)
sys.modules["bench_inference"] = bench
_spec.loader.exec_module(bench)


def test_the_table_has_a_row_per_game_and_table_with_costs_and_shares(capsys):
    assert bench.main(["--players", "2", "--players", "3", "--games", "1", "--every", "6", "--worlds", "6"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")
            and not line.startswith("| game ") and not line.startswith("| --- ")]
    assert [[c.strip() for c in row.split("|")[1:3]] for row in rows] == [
        ["claim", "2 players"], ["claim", "3 players"], ["seize-rome", "2 players"], ["seize-rome", "3 players"],
        ["caesar-cleopatra", "classic"], ["caesar-cleopatra", "2024"]]
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        positions, first, second, rests_on, share = int(cells[2]), *map(float, cells[3:])
        assert positions > 1 and first > 0 and second > 0 and rests_on > 0 and 0 <= share <= 1
