"""The game records of a tournament or a lab (``--records``): one per game, numbered as in
games.csv, each replaying to the very game the journal counted, and kept whole through a stop
and a resume."""

from __future__ import annotations

import csv
import json

import pytest

import ludus
from ludus.arena import Journal, LocalBackend, SerialBackend, Tournament
from ludus.arena.lab import Lab
from ludus.arena.records import record_name

from .stopping import Stop, stop_after

SPECS = ["heuristic", "random", "random"]


def tournament() -> Tournament:
    return Tournament("claim", SPECS, games=4, seed=3)


def check_records(folder, journal: Journal, specs: list[str]) -> None:
    """Every journaled game has a record that replays to its returns and length, seated with
    the specs the journal says."""
    lines = journal.load(repair=False)
    assert sorted(p.name for p in folder.iterdir()) == sorted(record_name(i) for i in lines)
    for index, line in lines.items():
        record = json.loads((folder / record_name(index)).read_text())
        state = ludus.replay(record)
        assert state.is_terminal
        assert list(state.returns()) == line["returns"] and len(state.history) == line["length"]
        assert record["seats"] == [specs[a] for a in line["seats"]]


@pytest.mark.parametrize("backend", [SerialBackend, lambda: LocalBackend(2)], ids=["serial", "processes"])
def test_every_game_has_a_record_that_replays_to_its_result(tmp_path, backend):
    journal = Journal(tmp_path / "games.jsonl", tournament().header())
    result = tournament().run(backend(), journal=journal, records=tmp_path / "records")
    assert len(journal.load()) == len(result.games) == 12
    check_records(tmp_path / "records", journal, SPECS)
    # keeping records changes no result, and the journal's lines stay as small as without
    plain = Journal(tmp_path / "plain.jsonl", tournament().header())
    assert tournament().run(journal=plain).to_dict() == result.to_dict()
    assert journal.load() == plain.load()


def test_a_stopped_run_resumes_with_a_record_for_every_game(tmp_path):
    """A record left by a game that never reached the journal (the stop came between the two
    writes) is replaced when that game is played again."""
    journal = Journal(tmp_path / "games.jsonl", tournament().header())
    records = tmp_path / "records"
    with pytest.raises(Stop):
        tournament().run(SerialBackend(), on_done=stop_after(5), journal=journal, records=records)
    played = journal.load()
    orphan = records / record_name(next(i for i in range(12) if i not in played))
    orphan.write_text("{\"cut\": ")
    tournament().run(SerialBackend(), journal=journal, records=records)
    check_records(records, journal, SPECS)
    assert not list(records.glob("*.part"))


def test_cli_records_numbered_as_games_csv_and_replayable(run, tmp_path):
    out = tmp_path / "out"
    done = run("tournament", "seize-rome", "--agents", "random,heuristic", "-n", "2", "--seed", "5",
               "--backend", "serial", "--out", str(out), "--records")
    assert done.exit_code == 0, done.output
    assert "records" in done.output
    with (out / "games.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert sorted(p.name for p in (out / "records").iterdir()) == sorted(record_name(int(r["game"])) for r in rows)
    row = rows[1]
    shown = run("replay", str(out / "records" / record_name(int(row["game"]))), "--all", "--seat", "1")
    assert shown.exit_code == 0, shown.output
    assert f"Played by seat 0: {row['seat0_agent']}, seat 1: {row['seat1_agent']}" in shown.output
    assert f"{row['length']} decisions" in shown.output


def test_cli_says_which_games_of_a_resumed_run_have_no_record(run, tmp_path):
    args = ("tournament", "claim", "--agents", ",".join(SPECS), "-n", "4", "--seed", "3", "--backend", "serial",
            "--out", str(tmp_path))
    journal = Journal(tmp_path / "games.jsonl", tournament().header())
    with pytest.raises(Stop):
        tournament().run(SerialBackend(), on_done=stop_after(7), journal=journal)
    resumed = run(*args, "--records")
    assert resumed.exit_code == 0, resumed.output
    assert "7 games of those were played without --records" in resumed.output
    assert len(list((tmp_path / "records").iterdir())) == 5


@pytest.mark.parametrize("command", [("tournament", "claim", "--agents", "random,random"),
                                     ("lab", "claim", "--vary", "players=2,3", "--agents", "random")])
def test_records_without_out_are_refused_before_any_game(run, command):
    refused = run(*command, "-n", "2", "--records")
    assert refused.exit_code == 2
    assert "--records writes the records into the --out folder: give --out DIR too" in refused.output
    assert "games in" not in refused.output


def test_a_lab_keeps_each_games_record_in_its_variant(tmp_path):
    lab = Lab("seize-rome", {"tie": ["clear", "keep"]}, specs=["heuristic", "random"], games=4, seed=2)
    journal = Journal(tmp_path / "games.jsonl", lab.header())
    with pytest.raises(Stop):
        lab.run(SerialBackend(), on_done=stop_after(3), journal=journal, records=tmp_path / "records")
    report = lab.run(SerialBackend(), journal=journal, records=tmp_path / "records")
    assert len(report.games) == 8
    assert sorted(p.name for p in (tmp_path / "records").iterdir()) == [record_name(i) for i in range(8)]
    for game in report.games:
        record = json.loads((tmp_path / "records" / record_name(game.index)).read_text())
        state = ludus.replay(record)
        assert record["options"]["tie"] == lab.variants[game.variant].varied["tie"]
        assert tuple(state.returns()) == game.returns and len(state.history) == game.length
        assert record["seats"] == [lab.variants[game.variant].specs[a] for a in game.seats]
    assert "record" not in (tmp_path / "games.jsonl").read_text()


@pytest.mark.parametrize("command", [("tournament", "seize-rome", "--agents", "random,heuristic"),
                                     ("lab", "seize-rome", "--vary", "tie=clear,keep", "--agents", "random")])
def test_a_new_run_refuses_a_records_folder_another_run_filled(run, tmp_path, command):
    """A folder left with another run's records only (its journal and results deleted): its
    records must not silently mix with the new run's. The same run started again (or
    stopped after writing a record, before its journal line) keeps its folder."""
    args = (*command, "-n", "2", "--backend", "serial", "--out", str(tmp_path), "--records")
    assert run(*args, "--seed", "5").exit_code == 0
    for path in tmp_path.iterdir():
        if path.is_file():
            path.unlink()
    before = {p.name: p.read_text() for p in (tmp_path / "records").iterdir()}
    refused = run(*args, "--seed", "6")
    assert refused.exit_code == 2
    assert f"holds {len(before)} game records of another run (from game-00000.json)" in refused.output
    assert "Delete that folder, or give another --out" in refused.output
    assert {p.name: p.read_text() for p in (tmp_path / "records").iterdir()} == before
    assert not (tmp_path / "games.jsonl").exists()
    again = run(*args, "--seed", "5")
    assert again.exit_code == 0, again.output
    assert {p.name: p.read_text() for p in (tmp_path / "records").iterdir()} == before


@pytest.mark.parametrize("command", [("tournament", "seize-rome", "--agents", "random,heuristic"),
                                     ("lab", "seize-rome", "--vary", "tie=clear,keep", "--agents", "random")])
def test_a_run_does_not_write_over_a_finished_run_whose_journal_is_gone(run, tmp_path, command):
    args = (*command, "-n", "2", "--backend", "serial", "--out", str(tmp_path))
    assert run(*args, "--seed", "5").exit_code == 0
    (tmp_path / "games.jsonl").unlink()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    refused = run(*args, "--seed", "6")
    assert refused.exit_code == 2
    assert "results.json" in refused.output and "but no games.jsonl, so it is no run to resume" in refused.output
    assert f"delete {tmp_path} to start again" in " ".join(refused.output.split())
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_finished_run_asked_for_records_says_none_can_be_written(run, tmp_path):
    args = ("tournament", "seize-rome", "--agents", "random,heuristic", "-n", "2", "--seed", "5",
            "--backend", "serial", "--out", str(tmp_path))
    assert run(*args).exit_code == 0
    again = run(*args, "--records")
    assert again.exit_code == 0, again.output
    assert "no game is left to play: nothing is recorded" in again.output
    assert "the records in" not in again.output


def test_a_record_of_bots_resumed_in_the_terminal_says_how_to_take_a_seat(run, tmp_path):
    done = run("tournament", "claim", "--agents", "random,heuristic", "-n", "2", "--seed", "5", "--backend", "serial",
               "--out", str(tmp_path), "--records")
    assert done.exit_code == 0, done.output
    refused = run("play", "--resume", str(tmp_path / "records" / record_name(0)))
    assert refused.exit_code == 2
    assert "has no seat for a person at this terminal: every seat was a bot's" in refused.output
    assert "--as SEAT" in refused.output and "--seats" in refused.output


def test_results_keep_the_spec_behind_each_level(run, tmp_path):
    """Levels are calibrated again as the bots change: results.json says what played."""
    from ludus.agents.levels import level_spec

    done = run("tournament", "claim", "--agents", "club,random", "-n", "2", "--seed", "5", "--backend", "serial",
               "--out", str(tmp_path / "t"))
    assert done.exit_code == 0, done.output
    agents = json.loads((tmp_path / "t" / "results.json").read_text())["agents"]
    assert agents == [{"name": "club", "spec": "club", "plays": level_spec(ludus.make("claim"), "club")},
                      {"name": "random", "spec": "random"}]
    done = run("lab", "claim", "--vary", "dragon=last-card,last-dragon", "--agents", "club:seed=3,random", "-n", "2",
               "--seed", "5", "--backend", "serial", "--out", str(tmp_path / "l"))
    assert done.exit_code == 0, done.output
    levels = json.loads((tmp_path / "l" / "results.json").read_text())["levels"]
    assert levels == {"club:seed=3": level_spec(ludus.make("claim"), "club")}
