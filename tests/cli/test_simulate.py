"""``ludus simulate``: many games between agents, a table of results, records."""

from __future__ import annotations

import json
import pathlib
import random
import re

import pytest
from click.testing import CliRunner

import ludus
from ludus.agents import RandomAgent
from ludus.agents.base import split_agent_specs
from ludus.arena import Tournament, choose, derive_seed, wilson
from ludus.cli import app


def test_twenty_games_with_records(run, tmp_path):
    out_dir = tmp_path / "records"
    result = run("simulate", "caesar-cleopatra", "--games", "20", "--seed", "7", "--records", str(out_dir))
    assert result.exit_code == 0, result.output
    out = result.output
    for text in ("win rate", "95% CI", "games/s", "mean length", "0 cleopatra", "1 caesar", "draws"):
        assert text in out
    files = sorted(out_dir.iterdir())
    assert [f.name for f in files] == [f"game-{k:05d}.json" for k in range(20)]
    records = [json.loads(f.read_text()) for f in files]
    # game k is deal k of a one-table tournament with seed S, named as that tournament names it
    assert [r["seed"] for r in records] == [derive_seed(7, "deal", k) for k in range(20)]
    assert all(r["game"] == "caesar-cleopatra" and r["actions"] for r in records)
    assert all(r["format"] == 2 and r["code"] and r["digest"] for r in records)    # as every record
    # the table's counts add up: 20 games per seat, wins of one seat = losses of the other
    row = next(line for line in out.splitlines() if "0 cleopatra" in line).split()
    assert row[3] == "20"


def test_simulated_records_replay_to_finished_games(run, tmp_path):
    out_dir = tmp_path / "records"
    result = run("simulate", "caesar-cleopatra", "-n", "3", "--seed", "1", "--records", str(out_dir))
    assert result.exit_code == 0
    for f in sorted(out_dir.iterdir()):
        assert ludus.replay(json.loads(f.read_text())).is_terminal


def test_same_seed_same_games(run, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    run("simulate", "caesar-cleopatra", "-n", "3", "--seed", "3", "--records", str(a))
    run("simulate", "caesar-cleopatra", "-n", "3", "--seed", "3", "--records", str(b))
    for name in ("game-00000.json", "game-00002.json"):
        assert (a / name).read_text() == (b / name).read_text()


def test_options_reach_the_games(run, tmp_path):
    out_dir = tmp_path / "r"
    result = run("simulate", "caesar-cleopatra", "-n", "2", "--seed", "1", "-o", "wrath=face-up",
                 "--option", "orgies=2", "--records", str(out_dir))
    assert result.exit_code == 0, result.output
    record = json.loads((out_dir / "game-00000.json").read_text())
    assert record["options"]["wrath"] == "face-up" and record["options"]["orgies"] == 2
    assert record["seats"] == ["random", "random"]


def test_swap_reports_per_agent_and_per_seat(run):
    result = run("simulate", "caesar-cleopatra", "-n", "4", "--seed", "2", "--agents", "heuristic,random",
                 "--swap")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Per agent" in out and "Per seat" in out
    assert re.search(r"^ *heuristic ", out, re.M) and re.search(r"^ *random ", out, re.M)
    assert "every deal in all 2 seat rotations" in out


def test_an_agent_named_twice_is_told_apart_as_in_a_tournament(run):
    result = run("simulate", "claim", "-n", "2", "--seed", "2", "--agents", "random,random", "--swap")
    assert result.exit_code == 0, result.output
    assert re.search(r"^ *random ", result.output, re.M) and re.search(r"^ *random#2 ", result.output, re.M)


def test_swap_shows_each_agent_from_each_seat(run):
    """An agent weaker from one seat shows in its own rows: its games from each seat add up to
    its total, and the two agents' rows for a seat add up to that seat's total."""
    result = run("simulate", "caesar-cleopatra", "-n", "6", "--seed", "2", "--agents",
                 "heuristic,ismcts:iterations=10", "--swap")
    assert result.exit_code == 0, result.output
    per_agent, per_seat = result.output.split("Per seat")
    counts = {}                       # (agent, seat) -> (games, wins, losses, draws)
    agent = None
    for line in per_agent.splitlines():
        cells = line.split()
        if len(cells) >= 7 and cells[-6].isdigit():
            if line.startswith(" "):           # a seat's row, e.g. "   0 cleopatra"
                seat = cells[1]
            else:                              # the agent's total, e.g. "heuristic"
                agent, seat = cells[0], "all"
            counts[agent, seat] = tuple(int(c) for c in cells[-6:-2])
    for a in ("heuristic", "ismcts:iterations=10"):
        by_seat = zip(counts[a, "cleopatra"], counts[a, "caesar"], strict=True)
        assert counts[a, "all"] == tuple(x + y for x, y in by_seat)
        assert counts[a, "cleopatra"][0] == counts[a, "caesar"][0] == 3
    for seat in ("cleopatra", "caesar"):
        row = next(line for line in per_seat.splitlines() if f" {seat} " in line).split()
        wins = counts["heuristic", seat][1] + counts["ismcts:iterations=10", seat][1]
        assert int(row[3]) == wins


def test_a_simulation_deals_the_games_of_a_one_table_tournament(run, tmp_path):
    """simulate plans and seeds its games as the arena does: the same seed, the same games."""
    out_dir = tmp_path / "r"
    result = run("simulate", "seize-rome", "-n", "3", "--seed", "5", "--agents", "heuristic,random",
                 "--swap", "--records", str(out_dir))
    assert "4 games (rounded up from 3)" in result.output
    tour = Tournament("seize-rome", ["heuristic", "random"], games=3, seed=5, partners="fixed")
    expected = [r.returns for r in tour.run().games]
    records = [json.loads(f.read_text()) for f in sorted(out_dir.iterdir())]
    assert [tuple(ludus.replay(r).returns()) for r in records] == expected


def test_one_agent_plays_every_seat_as_the_help_says(run):
    assert "or one for every seat" in " ".join(run("simulate", "--help").output.split())
    result = run("simulate", "caesar-cleopatra", "-n", "2", "--seed", "1", "--agents", "heuristic")
    assert result.exit_code == 0, result.output
    assert "agents heuristic, heuristic" in result.output
    refused = run("simulate", "caesar-cleopatra", "-n", "1", "--agents", "random,random,random")
    assert "give one spec per seat, e.g. --agents random,random, or one for every seat" in refused.output


@pytest.mark.parametrize("args, message", [
    (["simulate", "nope", "-n", "1"], "unknown game 'nope'"),
    (["simulate", "caesar-cleopatra", "-n", "1", "-o", "orgies=9"], "orgies"),
    (["simulate", "caesar-cleopatra", "-n", "1", "--agents", "random,oracle"], "unknown agent 'oracle'"),
    (["simulate", "caesar-cleopatra", "-n", "1", "--agents", "random,random,random"], "has 2 seats"),
    (["simulate", "caesar-cleopatra", "-n", "1", "--agents", "random:seed=x"], "seed must be an integer"),
    # numbers out of place say what would be right, not Click's "valid integer range" or "x>=1"
    (["simulate", "claim", "-n", "x"], "'x' is not a whole number of 1 or more"),
    (["simulate", "claim", "-n", "0"], "'0' is not a whole number of 1 or more"),
    (["serve", "--port", "70000"], "'70000' is not a whole number from 1 to 65535"),
    (["serve", "--bot-pace", "soon"], "'soon' is not a number from 0 to 60"),
    (["bench", "--seconds", "0"], "'0' is not a number from 0.1 to 600"),
])
def test_errors_exit_2_with_a_message(run, args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_a_game_without_a_terminal_module(run, toy):
    result = run("simulate", toy, "-n", "10", "--seed", "0", "-o", "target=7")
    assert result.exit_code == 0, result.output
    assert "seat 0" in result.output and "10 games" in result.output


def test_the_random_shortcut_picks_what_a_perspective_would():
    """``choose`` skips the Perspective for RandomAgent: it must not change a single move."""
    game = ludus.make("caesar-cleopatra")
    for seed in range(2):
        moves = []
        for shortcut in (True, False):
            agents = [RandomAgent(game, seed=derive_seed(seed, "agent", p)) for p in (0, 1)]
            state = game.new_state(seed=seed)
            while not state.is_terminal:
                p = state.current_player
                a = choose(agents[p], state, p) if shortcut else agents[p].act(state.perspective(p))
                state.apply(a, player=p)
            moves.append([str(a) for a in state.history])
        assert moves[0] == moves[1]


def test_wilson_interval():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-3) and hi == pytest.approx(0.7634, abs=1e-3)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)
    rng = random.Random(1)
    for _ in range(50):
        n = rng.randint(1, 500)
        k = rng.randint(0, n)
        lo, hi = wilson(k, n)
        assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_agent_specs_split_on_commas_but_keep_parameters():
    assert split_agent_specs("random,heuristic") == ["random", "heuristic"]
    specs = split_agent_specs("ismcts:iterations=200,seed=4,random")
    assert specs == ["ismcts:iterations=200,seed=4", "random"]
    assert split_agent_specs("heuristic:seed=1,heuristic:seed=2") == ["heuristic:seed=1", "heuristic:seed=2"]
    assert split_agent_specs("ismcts:hard,seed=3,random") == ["ismcts:hard,seed=3", "random"]
    # names and levels in any case, given in lower case; parameter values as typed (a file's path)
    assert split_agent_specs("ISMCTS:Hard,seed=3,Random,policy:path=/M/P.npz") == [
        "ismcts:hard,seed=3", "random", "policy:path=/M/P.npz"]
    assert derive_seed(3, "agent", 0) == derive_seed(3, "agent", 0) != derive_seed(3, "agent", 1)


def test_records_are_never_overwritten_a_used_folder_is_refused_before_any_game(run, tmp_path):
    out_dir = tmp_path / "records"
    assert run("simulate", "caesar-cleopatra", "-n", "3", "--seed", "1", "--records", str(out_dir)).exit_code == 0
    before = {f.name: f.read_text() for f in out_dir.iterdir()}
    result = run("simulate", "claim", "-n", "2", "--seed", "1", "--records", str(out_dir))
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert f"{out_dir} holds 3 game records already (from game-00000.json)" in said
    assert "give --records a new or empty folder" in said and "simulating" not in said
    assert {f.name: f.read_text() for f in out_dir.iterdir()} == before


def test_a_record_written_meanwhile_by_another_run_stops_the_simulation_and_stays(run, tmp_path, monkeypatch):
    from ludus.cli import simulate

    out_dir = tmp_path / "records"
    real = simulate.unit_final_state

    def beside(game, unit):                # another run writes game 2 while this one plays game 1
        (out_dir / "game-00001.json").write_text("theirs\n")
        return real(game, unit)

    monkeypatch.setattr(simulate, "unit_final_state", beside)
    result = run("simulate", "claim", "-n", "3", "--seed", "1", "--records", str(out_dir))
    assert result.exit_code == 1
    said = " ".join(result.output.split())
    assert "the record of game 2 (game-00001.json) was not written" in said and "exists already" in said
    assert f"stops after 2 games, 1 of them recorded in {out_dir}" in said
    assert (out_dir / "game-00001.json").read_text() == "theirs\n"
    assert sorted(f.name for f in out_dir.iterdir()) == ["game-00000.json", "game-00001.json"]


def test_a_long_agent_spec_wraps_and_the_numbers_stay_whole():
    """At 80 columns a spec too long for its column wraps; no count or rate is cut off."""
    args = ["simulate", "seize-rome", "-n", "2", "--seed", "4",
            "--agents", "ismcts:iterations=5,c=0.7,rollout=random,heuristic:blunder=0.5"]
    result = CliRunner(env={"COLUMNS": "80"}).invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "…" not in result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    assert "%" in next(line for line in result.output.splitlines() if line.startswith("seat 1:"))
    assert "seat 1" in result.output and "1 seat 1" not in result.output     # seats without names of their own


def test_a_spec_is_shown_as_typed_not_read_as_markup(run, tmp_path, monkeypatch):
    """A policy file named with brackets keeps them in simulate's and a tournament's tables (rich
    would read [red] as a style)."""
    monkeypatch.chdir(tmp_path)
    model = pathlib.Path("[red]ppo.npz")
    model.write_bytes((pathlib.Path(__file__).parents[2] / "examples/models/claim-ppo.npz").read_bytes())
    result = run("simulate", "claim", "-n", "2", "--seed", "1", "--agents", f"policy:path={model},random")
    assert result.exit_code == 0, result.output
    table = result.output.split("Results")[1]
    assert "[red]ppo.npz" in "".join(table.split())     # however the column folds it
    result = run("tournament", "claim", "--agents", f"policy:path={model},random", "--games", "2", "--seed", "1",
                 "--out", str(tmp_path / "t"))
    assert result.exit_code == 0, result.output
    ratings, matrix = result.output.split("Ratings")[1].split("Score of row vs column")
    assert "[red]ppo.npz" in "".join(ratings.split()) and "[red]ppo.npz" in "".join(matrix.split())
