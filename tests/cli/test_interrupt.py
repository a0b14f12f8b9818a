"""Ctrl-C: every command that runs for a while exits 130 (the shell's convention for a command
stopped by SIGINT), after keeping what it can; quitting is not an interruption (exit 0)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import ludus

from .conftest import saved


def _keys(monkeypatch, *lines: str) -> None:
    """The person types ``lines``, then presses Ctrl-C at the next prompt."""
    answers = iter(lines)

    def typed(prompt: str = "") -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr("builtins.input", typed)


def test_ctrl_c_in_play_saves_the_record_and_exits_130(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _keys(monkeypatch, "1", "1")
    result = run("play", "claim", "--seed", "3", "--vs", "random")
    assert result.exit_code == 130, result.output
    [path] = list(tmp_path.glob("ludus-claim-*.json"))
    assert f"Record saved to {path.name}" in result.output
    record = json.loads(path.read_text())
    assert len(record["actions"]) >= 3 and not ludus.replay(record).is_terminal
    assert "Save the game record?" not in result.output, "Ctrl-C asks nothing more"


def test_ctrl_c_in_play_with_a_move_log_keeps_it_and_exits_130(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "g.jsonl"
    _keys(monkeypatch, "1")
    result = run("play", "claim", "--seed", "3", "--vs", "random", "--save", str(path))
    assert result.exit_code == 130, result.output
    assert f"ludus play --resume {path}" in " ".join(result.output.split())
    assert saved(path)["actions"] and list(tmp_path.iterdir()) == [path]


def test_ctrl_c_at_the_quit_prompt_still_keeps_the_game(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _keys(monkeypatch, "1", "quit")
    result = run("play", "claim", "--seed", "3", "--vs", "random")
    assert result.exit_code == 130
    assert len(list(tmp_path.glob("ludus-claim-*.json"))) == 1


def test_ctrl_c_before_any_move_saves_nothing(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _keys(monkeypatch)
    result = run("play", "claim", "--seed", "3")
    assert result.exit_code == 130 and "nothing to save" in result.output
    assert list(tmp_path.iterdir()) == []


def test_end_of_input_after_moves_keeps_the_record_as_ctrl_c_does(run, tmp_path, monkeypatch):
    """Ctrl-D, or piped moves running out: nobody is left to answer the save prompt, so the
    record goes where Ctrl-C puts it; the input ending is no interruption (exit 0)."""
    monkeypatch.chdir(tmp_path)
    result = run("play", "claim", "--seed", "3", "--vs", "random", input="1\n1\n")
    assert result.exit_code == 0, result.output
    [path] = list(tmp_path.glob("ludus-claim-*.json"))
    said = " ".join(result.output.split())
    assert "The input ended. The game so far:" in said and f"Record saved to {path.name}" in said
    assert f"go on: ludus play --resume {path.name}" in said
    assert "Save the game record?" not in said
    record = json.loads(path.read_text())
    assert len(record["actions"]) >= 3 and not ludus.replay(record).is_terminal
    assert record["seats"] == [None, "random"]


def test_end_of_input_at_the_hot_seat_hand_over_keeps_the_record(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "claim", "--seed", "3", "--seats", "human,human", input="\n1\n")
    assert result.exit_code == 0, result.output
    [path] = list(tmp_path.glob("ludus-claim-*.json"))
    assert json.loads(path.read_text())["seats"] == [None, None]


def test_quitting_is_not_an_interruption(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "claim", "--seed", "3", input="1\nquit\n\n")
    assert result.exit_code == 0 and list(tmp_path.iterdir()) == []


def test_ctrl_c_in_simulate_reports_the_games_played_and_keeps_their_records(run, tmp_path, monkeypatch):
    from ludus.cli import simulate

    real = simulate.unit_final_state
    played = []

    def final_state(game, unit):
        if len(played) == 4:
            raise KeyboardInterrupt
        played.append(unit)
        return real(game, unit)

    monkeypatch.setattr(simulate, "unit_final_state", final_state)
    out_dir = tmp_path / "records"
    result = run("simulate", "claim", "--games", "20", "--seed", "1", "--records", str(out_dir))
    assert result.exit_code == 130, result.output
    assert "Stopped after 4 of 20 games" in result.output
    assert len(list(out_dir.iterdir())) == 4
    row = next(line for line in result.output.splitlines() if line.startswith("seat 0: ")).split()
    assert row[3] == "4", "the table counts the games played"


def test_ctrl_c_in_simulate_before_the_first_game(run, monkeypatch):
    from ludus.cli import simulate

    def final_state(game, unit):
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate, "unit_final_state", final_state)
    result = run("simulate", "claim", "--games", "5")
    assert result.exit_code == 130 and "Stopped after 0 of 5 games" in result.output


def test_ctrl_c_in_replay_exits_130(run, record_file, monkeypatch):
    path, _, _ = record_file(11)
    _keys(monkeypatch, "")
    stepping = run("replay", str(path))
    assert stepping.exit_code == 130
    from ludus.cli import replay

    def steps(record, seat):
        yield "Setup", [], ludus.replay(record).observe(seat)
        raise KeyboardInterrupt

    monkeypatch.setattr(replay, "replay_steps", steps)
    printing = run("replay", str(path), "--all")
    assert printing.exit_code == 130


def test_ctrl_c_in_bench_exits_130(run, monkeypatch):
    from ludus.arena import speed

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(speed, "playout_rate", interrupted)
    result = run("bench", "claim")
    assert result.exit_code == 130 and "Traceback" not in result.output


def _ludus(args: list[str], cwd) -> subprocess.Popen:
    """``ludus ARGS`` as a terminal starts it: with SIGINT's default action, even when these tests
    run in a background job, whose shell hands on SIGINT ignored (and so would its children)."""
    return subprocess.Popen([sys.executable, "-m", "ludus.cli", *args], cwd=cwd, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


# Generous: a loaded machine (CI beside long searches) may take a minute to start Python and
# play a few games; a passing run never waits this long.
PATIENCE = 300


def _wait_for(condition, seconds: float = PATIENCE) -> None:
    deadline = time.time() + seconds
    while not condition() and time.time() < deadline:
        time.sleep(0.1)
    assert condition(), "timed out"


def _interrupted(proc, ready) -> str:
    """Send SIGINT once ``ready()`` holds; the process's output (it is killed if it lingers)."""
    try:
        ready()
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=PATIENCE)
    finally:
        if proc.poll() is None:
            proc.kill()
    return out


def test_a_real_sigint_during_play_exits_130_with_the_game_saved(tmp_path):
    """The signal itself, as a terminal sends it: not a simulated exception."""
    log = tmp_path / "g.jsonl"
    proc = _ludus(["play", "claim", "--seed", "3", "--vs", "random", "--save", str(log)], tmp_path)

    def moved():
        proc.stdin.write("1\n")
        proc.stdin.flush()                  # stdin stays open: the game waits for the next move
        _wait_for(lambda: log.exists() and '"how": "person"' in log.read_text())
        time.sleep(0.5)                     # the bot's reply and the next prompt (not needed:
                                            # a signal during the reply stops the game alike)

    out = _interrupted(proc, moved)
    assert proc.returncode == 130, out
    assert "Traceback" not in out and "Stopped." in out
    assert saved(log)["actions"]


def test_a_real_sigint_during_simulate_exits_130(tmp_path):
    records = tmp_path / "records"
    proc = _ludus(["simulate", "claim", "--games", "100000", "--records", str(records)], tmp_path)
    out = _interrupted(proc, lambda: _wait_for(lambda: records.exists() and len(os.listdir(records)) >= 3))
    assert proc.returncode == 130, out
    assert "Stopped after" in out and "Traceback" not in out
