"""``ludus replay``: a record stepped through from one seat's view, never showing more."""

from __future__ import annotations

import json
import re

import pytest

from ludus.games.caesar_cleopatra.events import InfluencePlaced, OpeningCardPlaced


def test_replay_all_as_spectator(run, record_file):
    path, state, _ = record_file(11)
    result = run("replay", str(path), "--all")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seen by a spectator" in out
    assert "Setup" in out and "Turn 1 · Cleopatra" in out and "Turn 2 · Caesar" in out
    assert "Game over" in out
    assert "(you)" not in out
    # a spectator sees no face-down value at all: no "(3)" in any table, no "your 3"
    assert not re.search(r"(?<!deck )\((\d|P)\)", out)
    assert "Spy sees" not in out and "placed your" not in out


def _hidden_cards_of_caesar(events):
    """(value, group) of cards Caesar placed face down, from the true (unredacted) events."""
    return [(e.value, e.group) for e in events
            if isinstance(e, (InfluencePlaced, OpeningCardPlaced)) and e.player == 1
            and not getattr(e, "face_up", False)]


def test_replay_for_a_seat_hides_the_opponents_face_down_values(run, record_file):
    path, _, events = record_file(11)
    hidden = _hidden_cards_of_caesar(events)
    assert hidden, "the seed must give Caesar face-down cards"
    cleo = run("replay", str(path), "--all", "--seat", "cleopatra").output
    caesar = run("replay", str(path), "--all", "--seat", "1").output
    # the one who placed them sees their values; the other seat only that a card was placed
    value, group = next((v, g) for v, g in hidden if v != "P")
    assert f"You placed your {value} face down at the {group.capitalize()}." in caesar \
        or f"You placed your opening {value} face down at the {group.capitalize()}." in caesar
    assert "Caesar placed a card face down at the" in cleo
    assert "Caesar placed an opening card face down at the Senators." in cleo
    for value, _ in hidden:
        assert f"Caesar placed a {value} face down" not in cleo
        assert f"Caesar placed an opening {value}" not in cleo
    told = r"Caesar (placed|put) (a|an|your) (opening )?(\d|Philosopher)( back)? face down"
    assert not re.search(told, cleo)
    assert not re.search(r"Caesar drew (?!a card)", cleo)
    assert "(you)" in cleo and "Cleopatra (you)" in cleo


def test_replay_steps_interactively(run, record_file):
    path, _, _ = record_file(11)
    stopped = run("replay", str(path), input="\n\nq\n")
    assert stopped.exit_code == 0
    assert "Turn 1 · Cleopatra" in stopped.output and "Turn 3 ·" not in stopped.output
    assert "Game over" not in stopped.output
    to_end = run("replay", str(path), "--seat", "caesar", input="\na\n")
    assert to_end.exit_code == 0
    assert "Game over" in to_end.output


@pytest.mark.parametrize("content, message", [
    ("{not json", "invalid JSON"),
    ('["a", "list"]', "a record is a dict"),
    ('{"game": "caesar-cleopatra", "seed": 1}', "record lacks options, actions"),
    ('{"game": "chess", "options": {}, "seed": 1, "actions": []}', "unknown game 'chess'"),
    ('{"game": "caesar-cleopatra", "options": {}, "seed": 1, "actions": ["down 3 senators"]}',
     "does not replay"),
])
def test_malformed_records_exit_2(run, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = run("replay", str(path), "--all")
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_missing_file_and_bad_seat_exit_2(run, tmp_path, record_file):
    missing = run("replay", str(tmp_path / "nothing.json"), "--all")
    assert missing.exit_code == 2 and "cannot read" in missing.output
    path, _, _ = record_file(11)
    bad_seat = run("replay", str(path), "--all", "--seat", "antony")
    assert bad_seat.exit_code == 2 and "unknown seat 'antony'" in bad_seat.output


def test_a_record_saved_by_play_replays(run, tmp_path):
    path = tmp_path / "short.json"
    run("play", "caesar-cleopatra", "--seed", "9", "--save", str(path), input="1\n" * 40 + "quit\n")
    result = run("replay", str(path), "--all", "--seat", "0")
    assert result.exit_code == 0, result.output
    assert "The record ends before the game does." in result.output


def test_replay_of_a_game_without_a_terminal_module(run, toy, tmp_path):
    path = tmp_path / "toy.json"
    path.write_text(json.dumps({"game": toy, "options": {}, "seed": 1,
                                "actions": ["add 2", "add 2", "add 1"]}))
    result = run("replay", str(path), "--all", "--seat", "1")
    assert result.exit_code == 0, result.output
    assert "Decision 1" in result.output and '"secret"' in result.output and "Game over" in result.output


@pytest.mark.parametrize("command", [["replay", "--all"], ["review", "--seat", "0"]])
@pytest.mark.parametrize("content, message", [
    (b"\xff\xfe\x00 a picture, say", "is not text (UTF-8)"),
    (b"", "is empty"),
    (b"  \n\n", "is empty"),
    (b"Dear diary,\n", "invalid JSON"),
    (None, "is a directory"),
])
def test_a_file_that_is_not_a_record_says_what_the_file_should_be(run, tmp_path, command, content, message):
    """Whatever the file holds, the command exits 2 with a message (no traceback) that names
    what it reads: a record of ``--records`` or a move log of ``ludus play --save``."""
    path = tmp_path / "file"
    if content is None:
        path.mkdir()
    else:
        path.write_bytes(content)
    result = run(command[0], str(path), *command[1:])
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert message in said
    assert "--records writes them in ludus simulate, tournament and lab" in said and "ludus play --save" in said
    assert "Traceback" not in result.output


def test_an_unknown_key_is_refused_and_does_not_step(run, record_file):
    path, _, _ = record_file(11)
    result = run("replay", str(path), input="x\nzz\nq\n")
    assert result.exit_code == 0
    assert "'x' is not a replay key: press Enter for the next step, a to go to the end, q to quit" \
        in result.output
    assert "'zz' is not a replay key" in result.output
    assert "Setup" in result.output and "Turn 1 ·" not in result.output
