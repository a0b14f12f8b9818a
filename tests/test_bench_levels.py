"""bench/levels.py, the calibration of a game's named levels: a resumable round robin of five
specs, each level's rating, the step to the level below, its time per move, and the ladder plot."""

from __future__ import annotations

import itertools
import json
import pathlib
import subprocess
import sys

_BENCH = pathlib.Path(__file__).resolve().parent.parent / "bench" / "levels.py"
SPECS = "random;heuristic:blunder=0.9;heuristic:blunder=0.5;heuristic;ismcts:iterations=5"


def _run(*args: str) -> str:
    done = subprocess.run([sys.executable, str(_BENCH), *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_calibration_rates_the_five_levels_and_resumes(tmp_path):
    out = tmp_path / "claim"
    _run("claim", "--specs", SPECS, "-n", "10", "--timing-games", "2", "--out", str(out))
    ladder = json.loads((out / "levels.json").read_text())
    levels = ladder["levels"]
    assert [lv["level"] for lv in levels] == ["beginner", "casual", "club", "strong", "master"]
    assert [lv["spec"] for lv in levels] == SPECS.split(";")
    assert all(lv["games"] == 40 and lv["lo"] <= lv["rating"] <= lv["hi"] for lv in levels)
    assert all(lv["gap_below"] == lv["rating"] - below["rating"] for below, lv in itertools.pairwise(levels))
    assert all(lv["time_per_move"]["decisions"] > 0 for lv in levels)
    assert len(ladder["neighbours"]) == 4 and all(n["games"] == 10 for n in ladder["neighbours"])
    games = (out / "games.jsonl").read_text()
    _run("claim", "--specs", SPECS, "-n", "10", "--timing-games", "0", "--out", str(out))
    assert (out / "games.jsonl").read_text() == games          # resumed: nothing played again
    png = tmp_path / "ladder.png"
    _run("--plot", str(png), str(out))
    assert png.read_bytes().startswith(b"\x89PNG")
    rows = _run("--table", str(out)).splitlines()
    assert len(rows) == 2 + 5 and rows[3].startswith("| Claim | casual | `heuristic:blunder=0.9` |")
