"""``ludus play --resume`` goes on with any saved game: a move log of --save, or a record saved
at the quit prompt, by Ctrl-C or the end of input, or by ``ludus simulate``."""

from __future__ import annotations

import json

import pytest

import ludus
from ludus.session import versioned

from .conftest import saved
from .test_interrupt import _keys


def _screen(output: str) -> str:
    """The first decision shown: from its title rule to the prompt."""
    start = output.index("─")
    return output[start:output.index("your move:", start)]


def test_a_record_saved_at_quit_goes_on_as_the_game_would_have(run, tmp_path):
    record = tmp_path / "quitsave.json"
    first = run("play", "claim", "--vs", "heuristic", "--seed", "3", input=f"1\nquit\n{record}\n")
    assert first.exit_code == 0 and json.loads(record.read_text())["seats"] == [None, "heuristic"]
    kept = record.read_text()
    goes_on = tmp_path / "goes-on.jsonl"
    again = run("play", "--resume", str(record), "--save", str(goes_on), input="1\n" * 200)
    assert again.exit_code == 0, again.output
    said = " ".join(again.output.split())
    assert "you are seat 0 · vs seat 1: heuristic" in said and "the end" in said
    assert f"Resumed after {len(json.loads(kept)['actions'])} decisions" in said
    assert f"{record} is not changed: the game goes on in {goes_on}" in said
    assert record.read_text() == kept
    # the same game as one played without stopping, the new move log holding all of it
    straight = tmp_path / "straight.jsonl"
    run("play", "claim", "--vs", "heuristic", "--seed", "3", "--save", str(straight), input="1\n" * 200)
    assert saved(goes_on)["actions"] == saved(straight)["actions"]
    assert ludus.replay(saved(goes_on)).is_terminal


def test_without_save_a_resumed_record_is_offered_to_save_anew(run, tmp_path):
    record, anew = tmp_path / "r.json", tmp_path / "anew.json"
    run("play", "claim", "--seed", "3", input=f"1\nquit\n{record}\n")
    again = run("play", "--resume", str(record), input=f"1\nquit\n{anew}\n")
    assert again.exit_code == 0, again.output
    assert "quit offers to save the game to a new file" in " ".join(again.output.split())
    assert len(json.loads(anew.read_text())["actions"]) > len(json.loads(record.read_text())["actions"])


def test_a_record_kept_by_ctrl_c_resumes(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _keys(monkeypatch, "1", "1")
    assert run("play", "claim", "--seed", "3", "--vs", "random").exit_code == 130
    [path] = list(tmp_path.glob("ludus-claim-*.json"))
    monkeypatch.undo()                       # the keyboard again, and the same folder
    monkeypatch.chdir(tmp_path)
    again = run("play", "--resume", path.name, input="1\n" * 200)
    assert again.exit_code == 0, again.output
    said = " ".join(again.output.split())
    assert f"Resumed after {len(json.loads(path.read_text())['actions'])} decisions" in said
    assert "vs seat 1: random" in said and "the end" in said


def test_resuming_a_record_shows_what_resuming_its_move_log_shows(run, tmp_path):
    """A record holds the whole game; going on with it shows the seat no more than its own view."""
    log, record = tmp_path / "g.jsonl", tmp_path / "g.json"
    run("play", "caesar-cleopatra", "--seed", "5", "--vs", "heuristic", "--save", str(log),
        input="1\n1\n1\nquit\n")
    run("play", "caesar-cleopatra", "--seed", "5", "--vs", "heuristic", input=f"1\n1\n1\nquit\n{record}\n")
    assert saved(log)["actions"] == json.loads(record.read_text())["actions"]
    from_log = run("play", "--resume", str(log), input="quit\n")
    from_record = run("play", "--resume", str(record), input="quit\n\n")
    assert _screen(from_record.output) == _screen(from_log.output)


def test_a_simulate_record_needs_to_be_told_who_plays(run, tmp_path):
    records = tmp_path / "records"
    run("simulate", "claim", "-n", "1", "--seed", "1", "--records", str(records))
    path = records / "game-00000.json"
    refused = run("play", "--resume", str(path))
    assert refused.exit_code == 2
    said = " ".join(refused.output.split())
    assert f"{path} has no seat for a person at this terminal: every seat was a bot's" in said
    assert "--as SEAT" in said and "--seats human,heuristic" in said
    over = run("play", "--resume", str(path), "--vs", "heuristic")
    assert over.exit_code == 0, over.output
    assert "The game is over already." in over.output and "the end" in over.output


def test_a_record_without_seats_goes_on_with_the_seats_given(run, tmp_path):
    state = ludus.make("seize-rome").new_state(seed=2)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "mid.json"
    path.write_text(json.dumps(versioned(state)))
    again = run("play", "--resume", str(path), "--seats", "heuristic,human", input="1\n" * 200)
    assert again.exit_code == 0, again.output
    said = " ".join(again.output.split())
    assert "you are seat 1 · vs seat 0: heuristic" in said and "Resumed after 3 decisions" in said


def test_a_record_takes_no_game_seed_or_options(run, tmp_path):
    path = tmp_path / "r.json"
    run("play", "claim", "--seed", "3", input=f"1\nquit\n{path}\n")
    refused = run("play", "claim", "--resume", str(path), "--seed", "4")
    assert refused.exit_code == 2
    assert f"--resume takes the game, its options and seed from the record {path}; drop GAME, --seed" in \
        " ".join(refused.output.split())
    edited = {**json.loads(path.read_text()), "seats": ["random"]}
    path.write_text(json.dumps(edited))
    refused = run("play", "--resume", str(path))
    assert refused.exit_code == 2 and "record seats must list an agent spec or null" in refused.output


@pytest.mark.parametrize("text", ["garbage\n", '{"game": "claim", "act'], ids=["not-json", "cut-short"])
def test_a_file_that_is_neither_a_move_log_nor_a_record_says_what_resume_reads(run, tmp_path, text):
    path = tmp_path / "game.json"
    path.write_text(text)
    refused = run("play", "--resume", str(path))
    assert refused.exit_code == 2 and refused.output.startswith("error: ") and "Traceback" not in refused.output
    said = " ".join(refused.output.split())
    assert "--resume reads a move log (what --save writes) or a game record" in said
    assert path.read_text() == text
