"""A tournament's games journal: a stopped run resumes to the very results of one never stopped,
and a journal of another run is refused before any game."""

from __future__ import annotations

import json

import pytest

from ludus import OptionError
from ludus.arena import Journal, SerialBackend, Tournament

SPECS = ["heuristic", "random", "random"]


class Stop(Exception):
    pass


def stop_after(n: int):
    seen = []

    def on_done(batch):
        seen.extend(batch)
        if len(seen) >= n:
            raise Stop

    return on_done


def tournament(**kwargs) -> Tournament:
    return Tournament("claim", SPECS, **{"games": 4, "seed": 3, **kwargs})


def test_a_stopped_tournament_resumes_to_the_same_results(tmp_path):
    journal = Journal(tmp_path / "games.jsonl", tournament().header())
    with pytest.raises(Stop):
        tournament().run(SerialBackend(), on_done=stop_after(5), journal=journal)
    assert sorted(journal.load()) == [0, 1, 2, 3, 4]
    played = []
    resumed = tournament().run(SerialBackend(), on_done=played.extend, journal=journal)
    assert sorted(g.index for g in played) == list(range(5, 12))      # only the missing games
    assert resumed.to_dict() == tournament().run().to_dict()
    assert sorted(journal.load()) == list(range(12))


def test_a_line_cut_short_by_the_stop_is_played_again(tmp_path):
    path = tmp_path / "games.jsonl"
    journal = Journal(path, tournament().header())
    with pytest.raises(Stop):
        tournament().run(SerialBackend(), on_done=stop_after(3), journal=journal)
    text = path.read_text()
    path.write_text(text[:-20])                                # the third game's line, cut short
    assert sorted(journal.load(repair=False)) == [0, 1]
    assert path.read_text() == text[:-20]                     # looking does not repair
    played = []
    resumed = tournament().run(SerialBackend(), on_done=played.extend, journal=journal)
    assert played[0].index == 2
    assert resumed.to_dict() == tournament().run().to_dict()
    lines = path.read_text().splitlines()
    assert len(lines) == 13 and all(json.loads(line) for line in lines)


@pytest.mark.parametrize("change,difference", [
    ({"seed": 4}, "seed 3 there, 4 here"),
    ({"games": 6}, "games 4 there, 6 here"),
    ({"options": {"dragon": "last-dragon"}}, "option dragon last-card there, last-dragon here"),
])
def test_a_journal_of_another_run_is_refused_before_any_game(tmp_path, change, difference):
    path = tmp_path / "games.jsonl"
    tournament().run(journal=Journal(path, tournament().header()))
    before = path.read_bytes()
    other = tournament(**change)

    class NoGames:
        def run(self, *args):
            raise AssertionError("a game was started")

    with pytest.raises(OptionError, match=f"holds the games of another run \\({difference}\\)"):
        other.run(NoGames(), journal=Journal(path, other.header()))
    assert path.read_bytes() == before


def test_a_file_that_is_not_a_journal_is_refused(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text("game,table,deal\n")
    with pytest.raises(OptionError, match="is not a games journal"):
        Journal(path, tournament().header()).load()
    path.write_text(json.dumps(tournament().header()) + "\nnot json\n")
    with pytest.raises(OptionError, match="line 2 is not a JSON game"):
        Journal(path, tournament().header()).load()


def test_cli_resumes_from_its_out_dir_with_the_stopped_runs_seed(run, tmp_path):
    """Run again, same command (no --seed): the games already in DIR/games.jsonl are kept, the
    seed is the stopped run's, and the files are those of a run never stopped."""
    args = ("tournament", "claim", "--agents", ",".join(SPECS), "-n", "4", "--backend", "serial")
    out = tmp_path / "stopped"
    journal = Journal(out / "games.jsonl", tournament().header())        # seed 3
    with pytest.raises(Stop):
        tournament().run(SerialBackend(), on_done=stop_after(7), journal=journal)
    resumed = run(*args, "--out", str(out))
    assert resumed.exit_code == 0, resumed.output
    assert "Resuming: 7 of 12 games are already in" in resumed.output and "seed 3" in resumed.output
    assert "5 games in" in resumed.output
    whole = run(*args, "--seed", "3", "--out", str(tmp_path / "whole"))
    assert whole.exit_code == 0, whole.output
    for name in ("results.json", "games.csv", "ratings.csv"):
        assert (out / name).read_text() == (tmp_path / "whole" / name).read_text(), name
    refused = run(*args, "--seed", "5", "--out", str(out))
    assert refused.exit_code == 2 and "seed 3 there, 5 here" in refused.output
