"""A tournament's games journal: a stopped run resumes to the very results of one never stopped,
and a journal of another run is refused before any game."""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess

import pytest

from ludus import OptionError
from ludus.arena import Journal, LocalBackend, SerialBackend, Tournament
from ludus.arena.journal import code_version, differences

from .stopping import Stop, stop_after

SPECS = ["heuristic", "random", "random"]


def tournament(**kwargs) -> Tournament:
    return Tournament("claim", SPECS, **{"games": 4, "seed": 3, **kwargs})


def test_a_stopped_tournament_resumes_to_the_same_results(tmp_path):
    journal = Journal(tmp_path / "games.jsonl", tournament().header())
    with pytest.raises(Stop):
        tournament().run(SerialBackend(), on_done=stop_after(5), journal=journal)
    # games go deal by deal across the three tables (units 0-3, 4-7, 8-11): deal 0 everywhere first
    assert sorted(journal.load()) == [0, 1, 4, 5, 8]
    played = []
    resumed = tournament().run(SerialBackend(), on_done=played.extend, journal=journal)
    assert sorted(g.index for g in played) == [2, 3, 6, 7, 9, 10, 11]      # only the missing games
    assert resumed.to_dict() == tournament().run().to_dict()
    assert sorted(journal.load()) == list(range(12))


def test_a_line_cut_short_by_the_stop_is_played_again(tmp_path):
    path = tmp_path / "games.jsonl"
    journal = Journal(path, tournament().header())
    with pytest.raises(Stop):
        tournament().run(SerialBackend(), on_done=stop_after(3), journal=journal)
    text = path.read_text()
    path.write_text(text[:-20])                                # the third game's line, cut short
    assert sorted(journal.load(repair=False)) == [0, 4]      # deal 0 of tables 0 and 1; table 2's was cut
    assert path.read_text() == text[:-20]                     # looking does not repair
    played = []
    resumed = tournament().run(SerialBackend(), on_done=played.extend, journal=journal)
    assert played[0].index == 8
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


def test_a_journal_played_with_a_withdrawn_option_says_so(tmp_path):
    # Claim's troll_pick (K27) was withdrawn: asking for "the same arguments" could not help.
    path = tmp_path / "games.jsonl"
    head = tournament().header()
    path.write_text(json.dumps({**head, "options": {**head["options"], "troll_pick": "oldest"}}) + "\n")
    with pytest.raises(OptionError, match="cannot resume: claim option troll_pick was withdrawn"):
        Journal(path, head).load()


@pytest.mark.parametrize("text,message", [
    ("game,table,deal\n0,0,0\n", "is not a games journal: its first line is not a run's header"),
    ("[1, 2]\n", "is not a games journal"),
    (json.dumps(tournament().header()) + "\nnot json\n", "line 2 is not a game of the journal"),
    (json.dumps(tournament().header()) + "\n{}\n", "line 2 is not a game of the journal"),
    (json.dumps(tournament().header()) + "\n[1]\n", "line 2 is not a game of the journal"),
    (json.dumps(tournament().header()) + '\n{"index": 0}\n', "game 0 is not a game of this tournament's plan"),
    (json.dumps(tournament().header()) + '\n{"index": 99, "table": 0, "deal": 0, "rotation": 0, "deal_seed": 1, '
     '"seats": [0, 1], "returns": [1, -1], "scores": [1, 0], "length": 9}\n', "game 99 is not a game of this"),
    ("\xff\xfe\n", "cannot read"),
])
def test_a_file_that_is_not_this_tournaments_journal_is_refused_before_any_game(tmp_path, text, message):
    path = tmp_path / "games.jsonl"
    path.write_bytes(text.encode("latin-1"))

    class NoGames:
        def run(self, *args):
            raise AssertionError("a game was started")

    with pytest.raises(OptionError, match=message):
        tournament().run(NoGames(), journal=Journal(path, tournament().header()))
    assert path.read_bytes() == text.encode("latin-1")


def test_a_directory_where_the_journal_goes_is_refused(tmp_path):
    with pytest.raises(OptionError, match="cannot read"):
        tournament().run(journal=Journal(tmp_path, tournament().header()))


def test_a_journal_opened_for_another_tournament_is_refused(tmp_path):
    journal = Journal(tmp_path / "games.jsonl", tournament(seed=99).header())
    with pytest.raises(OptionError, match="opened for another run than this tournament \\(seed 99 there, 3 here\\)"):
        tournament().run(journal=journal)


@pytest.mark.parametrize("text", ["", '{"game": "claim", "opt'])
def test_a_journal_stopped_before_its_header_was_whole_starts_afresh(tmp_path, text):
    path = tmp_path / "games.jsonl"
    path.write_text(text)
    result = tournament().run(journal=Journal(path, tournament().header()))
    assert result.to_dict() == tournament().run().to_dict()
    assert json.loads(path.read_text().splitlines()[0]) == json.loads(json.dumps(tournament().header()))


def test_a_run_started_beside_another_on_the_same_file_stops_instead_of_mixing_games(tmp_path):
    """Both runs found no file; the first to append writes its header, the other is refused at
    its first append and writes nothing."""
    path = tmp_path / "games.jsonl"
    ours, theirs = tournament(), Tournament("claim", ["random", "random"], games=4, seed=3)
    mine, other = Journal(path, ours.header()), Journal(path, theirs.header())
    assert mine.load() == {} and other.load() == {}
    games = ours.run().games
    mine.append(games[:2])
    before = path.read_text()
    with pytest.raises(OptionError, match="another run, started beside this one .*agents"):
        other.append(theirs.run().games[:1])
    assert path.read_text() == before
    mine.append(games[2:3])
    assert sorted(mine.load()) == [g.index for g in games[:3]]


def test_a_process_pool_resumes_to_the_same_results(tmp_path):
    journal = Journal(tmp_path / "games.jsonl", tournament().header())
    with pytest.raises(Stop):
        tournament().run(LocalBackend(2), on_done=stop_after(4), journal=journal)
    assert 4 <= len(journal.load()) < 12
    assert tournament().run(LocalBackend(2), journal=journal).to_dict() == tournament().run().to_dict()


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


def test_the_same_plan_resumes_whatever_games_count_was_rounded_up(tmp_path):
    """Games are rounded up to the seatings of a deal: 3 and 4 on two seats are one plan."""
    journal = Journal(tmp_path / "games.jsonl", tournament(games=3).header())
    with pytest.raises(Stop):
        tournament(games=3).run(SerialBackend(), on_done=stop_after(5), journal=journal)
    resumed = tournament(games=4).run(journal=Journal(journal.path, tournament(games=4).header()))
    assert resumed.to_dict() == tournament(games=4).run().to_dict()


def test_a_finished_run_is_reported_without_starting_workers(run, tmp_path, monkeypatch):
    args = ("tournament", "claim", "--agents", ",".join(SPECS), "-n", "4", "--seed", "3", "--out", str(tmp_path))
    assert run(*args).exit_code == 0
    first = (tmp_path / "results.json").read_text()

    def no_start(self):
        raise AssertionError("workers started for a run with nothing left to play")

    monkeypatch.setattr(LocalBackend, "start", no_start)
    again = run(*args)
    assert again.exit_code == 0, again.output
    assert "All 12 games are in" in again.output and "nothing left to play" in again.output
    assert (tmp_path / "results.json").read_text() == first


def _stopped_in(out, games: int) -> tuple[tuple, Journal]:
    """The command of a tournament run into ``out``, and its journal stopped after ``games``."""
    args = ("tournament", "claim", "--agents", ",".join(SPECS), "-n", "4", "--seed", "3", "--backend", "serial",
            "--out", str(out))
    journal = Journal(out / "games.jsonl", tournament().header())
    with pytest.raises(Stop):
        tournament().run(SerialBackend(), on_done=stop_after(games), journal=journal)
    return args, journal


def test_each_game_records_the_code_that_played_it_and_a_resume_says_when_versions_mix(run, tmp_path):
    args, journal = _stopped_in(tmp_path, 5)
    assert journal.codes() == {code_version(): 5}
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    # lines of an older version: another code, and no check yet
    unchecked = [{k: v for k, v in json.loads(line).items() if k != "check"} for line in lines[1:3]]
    older = [json.dumps({**line, "code": "0123abc"}) for line in unchecked]
    (tmp_path / "games.jsonl").write_text("\n".join([lines[0], *older, *lines[3:]]) + "\n")
    resumed = run(*args)
    assert resumed.exit_code == 0, resumed.output
    assert f"Of those, 2 games were played by other code than this ({code_version()}): 0123abc: 2." in resumed.output
    assert "do not say which code" not in resumed.output
    assert journal.codes() == {code_version(): 10, "0123abc": 2}


def test_a_resume_tells_games_of_unknown_code_apart_from_other_code(run, tmp_path):
    """Lines written before journals recorded the code: unknown, which is not "other"."""
    args, _ = _stopped_in(tmp_path, 1)
    head, line = (tmp_path / "games.jsonl").read_text().splitlines()
    line = json.loads(line)
    del line["code"], line["check"]
    (tmp_path / "games.jsonl").write_text(f"{head}\n{json.dumps(line)}\n")
    resumed = run(*args)
    assert resumed.exit_code == 0, resumed.output
    assert "Of those, 1 game does not say which code played it." in resumed.output
    assert "other code" not in resumed.output


@pytest.mark.parametrize("field, value", [("returns", [1.0, -1.0]), ("length", 3), ("code", "0123abc")])
def test_a_line_edited_after_it_was_written_is_refused_not_trusted(run, tmp_path, field, value):
    args, journal = _stopped_in(tmp_path, 2)
    head, first, second = (tmp_path / "games.jsonl").read_text().splitlines()
    edited = {**json.loads(second), field: value}
    (tmp_path / "games.jsonl").write_text(f"{head}\n{first}\n{json.dumps(edited)}\n")
    with pytest.raises(OptionError, match="line 3 was changed after it was written"):
        journal.load()
    resumed = run(*args)
    assert resumed.exit_code == 2 and "line 3 was changed after it was written" in resumed.output
    assert "remove that line" in resumed.output


@pytest.mark.parametrize("keep", [True, False])
def test_ctrl_c_says_what_was_kept_and_how_to_resume(run, tmp_path, monkeypatch, keep):
    played = Tournament.run

    def interrupted(self, backend=None, on_done=None, **kwargs):
        def then_stop(batch):
            on_done(batch)
            raise KeyboardInterrupt
        return played(self, backend, on_done=then_stop, **kwargs)

    monkeypatch.setattr(Tournament, "run", interrupted)
    out = ("--out", str(tmp_path)) if keep else ()
    result = run("tournament", "claim", "--agents", ",".join(SPECS), "-n", "4", "--seed", "3", "--backend", "serial",
                 *out)
    assert result.exit_code == 130
    if keep:
        assert "Stopped with 1 of 12 games played, all kept in" in result.output
        assert "run the same command again to resume" in result.output
        assert len(Journal(tmp_path / "games.jsonl", tournament().header()).load()) == 1
    else:
        assert "Stopped with 1 of 12 games played; nothing was kept (with --out DIR" in result.output


def test_ctrl_c_while_the_workers_start_stops_cleanly(run, monkeypatch):
    closed = []

    def interrupted(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(LocalBackend, "start", interrupted)
    monkeypatch.setattr(LocalBackend, "close", lambda self: closed.append(self))
    result = run("tournament", "claim", "--agents", ",".join(SPECS), "-n", "4", "--seed", "3")
    assert result.exit_code == 130 and "Stopped before any new game was played." in result.output
    assert closed


@pytest.fixture
def fresh_code_version():
    """code_version is cached per process: clear it before and after a test that moves it."""
    from ludus.arena import journal as journal_module

    journal_module.code_version.cache_clear()
    yield journal_module
    journal_module.code_version.cache_clear()


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_code_version_names_the_commit_and_tells_different_edits_apart(tmp_path, monkeypatch, fresh_code_version):
    journal_module = fresh_code_version

    package = tmp_path / "src" / "ludus"
    (package / "arena").mkdir(parents=True)
    (package / "__init__.py").write_text("x = 1\n")

    def version() -> str:
        monkeypatch.setattr(journal_module, "__file__", str(package / "arena" / "journal.py"))
        journal_module.code_version.cache_clear()
        return journal_module.code_version()

    assert version().startswith("ludus ")                     # not a git checkout: the version
    git = ["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "c"], check=True)
    commit = subprocess.run([*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    assert version() == commit
    (package / "__init__.py").write_text("x = 2\n")
    one = version()
    (package / "__init__.py").write_text("x = 3\n")
    other = version()
    (package / "new.py").write_text("y = 1\n")
    untracked = version()
    (package / "café.py").write_bytes(b"\xff\xfe not utf-8")
    odd = version()
    assert one.startswith(commit + "+changes.") and len({one, other, untracked, odd}) == 4


def test_a_seating_plan_said_another_way_resumes_the_same_games(run, tmp_path):
    """With two seats every order around the table is a rotation, and partners mean nothing
    without teams: those runs are the same games, so each resumes the other. With three seats
    every order is more games than the rotations, and is refused."""
    args = ("tournament", "seize-rome", "--agents", "heuristic,random", "-n", "4", "--seed", "3", "--backend", "serial")
    first = run(*args, "--out", str(tmp_path / "two"))
    assert first.exit_code == 0, first.output
    again = run(*args, "--order", "all", "--partners", "fixed", "--out", str(tmp_path / "two"))
    assert again.exit_code == 0, again.output
    assert "All 4 games are in" in again.output
    listed = run(*args, "--order", "listed", "--out", str(tmp_path / "two"))
    assert listed.exit_code == 2 and "order cyclic there, listed here" in listed.output
    three = ("tournament", "claim", "-o", "players=3", "--agents", ",".join(SPECS), "-n", "3", "--seed", "3",
             "--backend", "serial", "--out", str(tmp_path / "three"))
    assert run(*three).exit_code == 0
    refused = run(*three, "--order", "all")
    assert refused.exit_code == 2 and "order cyclic there, all here" in refused.output


def test_a_journal_line_written_before_games_kept_their_end_reads_as_an_empty_end():
    from ludus.arena.journal import result_from_line

    game = Tournament("claim", ["random", "random"], games=2, seed=1).run().games[0]
    line = game.to_dict()
    assert line["end"] == "played to its end"
    del line["end"]
    assert result_from_line(line) == dataclasses.replace(game, end="")


def test_a_journal_of_another_game_names_the_game_alone():
    """Its options all differ too; listing them would hide what matters."""
    claim = Tournament("claim", SPECS, games=4, seed=3).header()
    rome = Tournament("seize-rome", SPECS, games=4, seed=3).header()
    assert differences(claim, rome) == "game claim there, seize-rome here"
