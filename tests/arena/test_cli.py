"""``ludus tournament``: tiny budgets, files written, errors before any work."""

from __future__ import annotations

import csv
import json
import sys

import pytest


def test_tournament_writes_everything(run, tmp_path):
    out = tmp_path / "out"
    result = run("tournament", "claim", "--agents", "heuristic,random", "--games", "4", "--seed", "7",
                 "--backend", "serial", "--out", str(out))
    assert result.exit_code == 0, result.output
    text = result.output
    for bit in ("Ratings", "95% interval", "heuristic", "random", "Score of row vs column", "4 meetings per pair",
                "4 games in", "results.json"):
        assert bit in text
    assert "games/s" in text or "s/game" in text
    assert {p.name for p in out.iterdir()} >= {"results.json", "games.csv", "ratings.csv"}
    data = json.loads((out / "results.json").read_text())
    assert data["seed"] == 7 and len(data["games"]) == 4
    assert len(list(csv.DictReader((out / "games.csv").open()))) == 4
    if "matplotlib" in sys.modules or _has_matplotlib():
        assert (out / "ratings.png").exists()


def test_the_score_matrix_reads_by_rank_and_each_pair_adds_up(run, tmp_path):
    """Rows in rating order, columns headed by the same ranks; a pair's two cells make 100 %
    (draws count half to each) at whatever terminal width."""
    result = run("tournament", "claim", "--agents", "heuristic,random,heuristic:blunder=0.5", "--games", "6",
                 "--seed", "2", "--backend", "serial", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    ratings, matrix = result.output.split("Score of row vs column")
    ranked = [line.split()[1] for line in ratings.splitlines() if line.split()[:1] in (["1"], ["2"], ["3"])]
    rows = [line.split() for line in matrix.splitlines() if line.split()[:1] in (["1"], ["2"], ["3"])]
    assert "vs 1   vs 2   vs 3" in matrix
    assert [row[1] for row in rows] == ranked
    cells = [[None if c == "·" else int(c.rstrip("%")) for c in row[2:]] for row in rows]
    for i in range(3):
        assert cells[i][i] is None
        for j in range(i + 1, 3):
            assert abs(cells[i][j] + cells[j][i] - 100) <= 1       # each rounded to a whole percent


def _has_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def test_workers_do_not_change_results(run, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    args = ("tournament", "seize-rome", "--agents", "heuristic,random", "-n", "4", "--seed", "3",
            "-o", "regions=4")
    assert run(*args, "--backend", "serial", "--out", str(a)).exit_code == 0
    res = run(*args, "--workers", "2", "--out", str(b))
    assert res.exit_code == 0, res.output
    assert "2 workers" in res.output
    for name in ("results.json", "games.csv", "ratings.csv"):
        assert (a / name).read_bytes() == (b / name).read_bytes()
    assert json.loads((a / "results.json").read_text())["options"]["regions"] == 4


def test_three_seats_and_rounding(run):
    result = run("tournament", "claim", "-o", "players=3", "--agents", "heuristic,random,random,random",
                 "--games", "2", "--seed", "1", "--backend", "serial")
    assert result.exit_code == 0, result.output
    assert "4 tables × 3 games (rounded up from 2" in result.output
    assert "random#3" in result.output


def test_without_out_nothing_is_written(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("tournament", "claim", "--agents", "random,random", "-n", "2", "--backend", "serial")
    assert result.exit_code == 0, result.output
    assert "seed " in result.output           # a random seed is chosen and shown
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["tournament", "lab"])
def test_tournament_and_lab_offer_the_backends_make_backend_takes(run, command):
    from ludus.arena.backends import BACKEND_NAMES

    assert f"--backend [{'|'.join(BACKEND_NAMES)}]" in run(command, "--help").output
    assert BACKEND_NAMES == ("local", "serial", "ray", "pool")


def test_pool_is_the_local_backend_in_a_tournament_too(run):
    result = run("tournament", "claim", "--agents", "random,random", "-n", "2", "--seed", "1", "--backend", "pool",
                 "-j", "1")
    assert result.exit_code == 0, result.output
    assert "1 worker" in result.output.splitlines()[0]


def test_missing_matplotlib_is_a_note(run, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = run("tournament", "claim", "--agents", "random,heuristic", "-n", "2", "--seed", "1",
                 "--backend", "serial", "--out", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    assert "ratings.png skipped: matplotlib is not installed" in result.output
    assert not (tmp_path / "o" / "ratings.png").exists()


@pytest.mark.parametrize("args,message", [
    (("claim", "--agents", "random,nobody"), "unknown agent 'nobody'"),
    (("claim", "--agents", "random,ismcts:iterations=0"), "ismcts iterations must be at least 1"),
    (("claim", "--agents", "random,ismcts:fast"), "unknown ismcts level 'fast'"),
    (("chess", "--agents", "random,random"), "unknown game 'chess'"),
    (("claim", "--agents", "random,random", "-o", "nope=1"), "claim has no option nope"),
    (("claim", "--agents", "random,random", "-o", "players=9"), "option players=9 is not accepted"),
    (("claim", "--agents", "random"), "at least 2 agents"),
    (("claim", "-o", "players=4", "--agents", "random,heuristic"), "has 4 seats but only 2 agents"),
    (("claim", "--agents", "random,random", "--address", "auto"), "only for the ray backend"),
    (("claim", "--agents", "random,random", "--backend", "gpu"), "'gpu' is not one of 'local', 'serial'"),
    (("claim", "--agents", "random,random", "--games", "0"), "Invalid value for '--games'"),
    (("claim", "--agents", "random,random", "--workers", "0"), "Invalid value for '--workers'"),
    (("claim", "--agents", "random,random", "--backend", "serial", "-j", "4"), "serial backend plays in this one"),
    (("claim", "--agents", "random,ismcts:time=nan"), "ismcts time must be a number of seconds above 0"),
    (("claim", "-o", "players=4", "--agents", "random,random,random,random", "--partners", "teams"),
     "Invalid value for '--partners'"),
    (("claim", "--agents", "random,random", "--order", "random"), "Invalid value for '--order'"),
    # the agents are checked before the backend: no wait for a Ray address that does not answer
    (("claim", "--agents", "random,nobody", "--backend", "ray", "--address", "127.0.0.1:9"), "unknown agent 'nobody'"),
])
def test_bad_input_fails_before_any_game(run, tmp_path, args, message):
    out = tmp_path / "out"
    result = run("tournament", *args, "--out", str(out))
    assert result.exit_code == 2
    assert message in result.output
    assert "tournament ━" not in result.output and not out.exists()


@pytest.mark.parametrize("args,seatings,games", [
    ((), "all 12 seatings, 3 partnerships × 4 rotations", 12),
    (("--partners", "fixed"), None, 4),
    (("--order", "all"), "all 24 seatings, every order around the table", 24),
    (("--partners", "fixed", "--order", "all"), "all 8 seatings, every order around the table that keeps", 8),
])
def test_partners_and_order_plan_the_seatings(run, tmp_path, args, seatings, games):
    out = tmp_path / "out"
    result = run("tournament", "claim", "-o", "players=4", "--agents", "random,random,random,random", "-n", "1",
                 "--seed", "1", "--backend", "serial", *args, "--out", str(out))
    assert result.exit_code == 0, result.output
    if seatings:
        assert seatings in " ".join(result.output.split())
    data = json.loads((out / "results.json").read_text())
    assert len(data["games"]) == games == len(data["seatings"])
    given = dict(zip(args[::2], args[1::2], strict=True))
    assert (data["partners"], data["order"]) == (given.get("--partners", "rotate"), given.get("--order", "cyclic"))


def test_an_out_dir_of_another_tournament_is_refused_before_any_game(run, tmp_path):
    out = tmp_path / "out"
    first = run("tournament", "claim", "--agents", "random,random", "-n", "2", "--seed", "1", "--backend", "serial",
                "--out", str(out))
    assert first.exit_code == 0, first.output
    before = (out / "games.jsonl").read_bytes()
    again = run("tournament", "claim", "--agents", "random,heuristic", "-n", "2", "--backend", "serial",
                "--out", str(out))
    assert again.exit_code == 2
    text = " ".join(again.output.split())
    assert "agents random,random there, random,heuristic here" in text and "another --out directory" in text
    assert (out / "games.jsonl").read_bytes() == before and "tournament ━" not in again.output


def test_an_out_dir_of_a_lab_is_called_a_labs_by_a_tournament_and_back(run, tmp_path):
    lab, tour = tmp_path / "lab", tmp_path / "tour"
    assert run("lab", "claim", "--vary", "dragon=last-card,last-dragon", "-n", "2", "--backend", "serial",
               "--out", str(lab)).exit_code == 0
    assert run("tournament", "claim", "--agents", "random,random", "-n", "2", "--backend", "serial",
               "--out", str(tour)).exit_code == 0
    into_lab = run("tournament", "claim", "--agents", "random,random", "-n", "2", "--backend", "serial",
                   "--out", str(lab))
    into_tour = run("lab", "claim", "--vary", "dragon=last-card,last-dragon", "-n", "2", "--backend", "serial",
                    "--out", str(tour))
    assert into_lab.exit_code == into_tour.exit_code == 2
    assert "holds the games of a lab, and this is a tournament" in " ".join(into_lab.output.split())
    assert "holds the games of a tournament, and this is a lab" in " ".join(into_tour.output.split())


def test_a_run_resumes_whatever_the_case_its_agents_are_typed_in(run, tmp_path):
    out = tmp_path / "t"
    first = run("tournament", "claim", "--agents", "random,heuristic", "-n", "2", "--seed", "1", "--out", str(out),
                "--backend", "serial")
    assert first.exit_code == 0, first.output
    again = run("tournament", "claim", "--agents", "Random,HEURISTIC", "-n", "2", "--seed", "1", "--out", str(out),
                "--backend", "serial")
    assert again.exit_code == 0 and "nothing left to play" in again.output, again.output


@pytest.mark.parametrize("command", [("tournament", "claim"), ("simulate", "claim"),
                                     ("lab", "claim", "--vary", "dragon=last-card,last-dragon")])
def test_repeated_agents_add_up_instead_of_the_last_one_winning(run, tmp_path, command):
    """``--agents a --agents b`` is ``--agents a,b`` (Click alone would keep b and drop a silently)."""
    out = ("--out", str(tmp_path / "out")) if command[0] != "simulate" else ()
    result = run(*command, "--agents", "ismcts:iterations=5,seed=2", "--agents", "random", "-n", "2", "--seed", "1",
                 *(("--backend", "serial") if command[0] != "simulate" else ()), *out)
    assert result.exit_code == 0, result.output
    assert "ismcts:iterations=5,seed=2" in result.output and "random" in result.output
    if command[0] == "tournament":
        names = [a["name"] for a in json.loads((tmp_path / "out" / "results.json").read_text())["agents"]]
        assert names == ["ismcts:iterations=5,seed=2", "random"]
