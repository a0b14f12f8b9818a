"""Saving a game from ``ludus play``: a path that cannot hold it is refused before the game starts
or asked for again, a file is never overwritten, and a finished or abandoned game is never lost
to a traceback."""

from __future__ import annotations

import errno
import json
import os

import pytest

import ludus

from .conftest import saved


def test_save_into_a_missing_directory_is_refused_before_the_game_starts(run, tmp_path):
    path = tmp_path / "no" / "such" / "g.jsonl"
    result = run("play", "claim", "--save", str(path), input="1\n" * 5 + "quit\n")
    assert result.exit_code == 2
    assert f"there is no directory {path.parent}" in result.output and "mkdir -p" in result.output
    assert "you are" not in result.output, "no game is played into a file that cannot hold it"
    assert "Traceback" not in result.output


def test_save_never_overwrites_a_file(run, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    result = run("play", "claim", "--save", str(notes), input="quit\n")
    assert result.exit_code == 2 and "exists already, and is no move log to go on in" in result.output
    assert "never overwrites" in result.output
    assert notes.read_text() == "my notes\n"


def test_save_to_a_saved_game_points_to_resume(run, tmp_path):
    path = tmp_path / "g.jsonl"
    run("play", "claim", "--seed", "3", "--save", str(path), input="1\nquit\n")
    before = path.read_text()
    result = run("play", "claim", "--save", str(path), input="quit\n")
    assert result.exit_code == 2 and f"ludus play --resume {path}" in result.output
    assert path.read_text() == before


def test_save_into_an_empty_file_is_accepted(run, tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    result = run("play", "claim", "--seed", "3", "--save", str(path), input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert len(saved(path)["actions"]) >= 1


def _fsync_fails_after(monkeypatch, calls: int) -> None:
    """The disk fills up: every ``os.fsync`` after the first ``calls`` fails (the session syncs
    each line of its move log)."""
    count = [0]
    real = os.fsync

    def fsync(fd):
        count[0] += 1
        if count[0] > calls:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)


def test_a_move_log_that_cannot_take_its_first_line_is_a_clear_error(run, tmp_path, monkeypatch):
    _fsync_fails_after(monkeypatch, 0)
    result = run("play", "claim", "--save", str(tmp_path / "g.jsonl"), input="quit\n")
    assert result.exit_code == 2 and "No space left on device" in result.output
    assert "you are" not in result.output


def test_a_move_log_that_fails_mid_game_stops_the_game_and_offers_its_record(run, tmp_path, monkeypatch):
    """The header and the person's first move are written, then the disk is full (at the bot's
    reply): the game stops as it stood, and its record goes to the file the person names."""
    monkeypatch.chdir(tmp_path)
    _fsync_fails_after(monkeypatch, 2)
    out = tmp_path / "rescued.json"
    result = run("play", "claim", "--seed", "3", "--vs", "random", "--save", str(tmp_path / "g.jsonl"),
                 input=f"1\n{out}\n")
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert "cannot be written to" in said and "No space left on device" in said
    record = json.loads(out.read_text())
    assert len(record["actions"]) == 1 and not ludus.replay(record).is_terminal
    assert "Traceback" not in result.output


def test_the_quit_prompt_asks_again_when_a_file_cannot_be_written(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    taken = tmp_path / "taken.json"
    taken.write_text("keep me\n")
    good = tmp_path / "good.json"
    result = run("play", "claim", "--seed", "3", "--vs", "random",
                 input=f"1\nquit\n{tmp_path / 'no' / 'dir' / 'g.json'}\n{taken}\n{good}\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "cannot write" in out and "No such file or directory" in out
    assert "exists already (ludus never overwrites a file)" in out
    assert out.count("Another file name") == 2
    assert taken.read_text() == "keep me\n"
    assert len(json.loads(good.read_text())["actions"]) >= 1


def test_when_the_input_ends_after_a_failed_save_the_record_goes_to_the_current_directory(
        run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "claim", "--seed", "3", "--vs", "random", input="1\nquit\n/no/such/dir/g.json\n")
    assert result.exit_code == 0, result.output
    [path] = list(tmp_path.glob("ludus-claim-*.json"))
    assert f"Record saved to {path.name}" in result.output
    assert ludus.replay(json.loads(path.read_text())).history


@pytest.mark.parametrize("answer", ["", "\n", "n\n", "no\n", " No \n", "N\n"])
def test_the_quit_prompt_still_lets_the_person_save_nothing(run, tmp_path, monkeypatch, answer):
    monkeypatch.chdir(tmp_path)
    result = run("play", "claim", "--seed", "3", input=f"1\nquit\n{answer}")
    assert result.exit_code == 0 and "Game abandoned" in result.output
    assert "File name (Enter or n: don't save)" in result.output
    assert list(tmp_path.iterdir()) == []
