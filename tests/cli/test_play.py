"""``ludus play``: a person against an agent, by piping moves into stdin."""

from __future__ import annotations

import io
import json
import re

import pytest
from click.testing import CliRunner
from rich.console import Console

import ludus
from ludus.agents import ismcts
from ludus.cli import app
from ludus.cli.common import terminal_for
from ludus.cli.turns import _hint
from ludus.session import Session

from .conftest import invoke, saved

SEED = 5


@pytest.fixture(scope="module")
def whole_game(tmp_path_factory):
    """One whole game as Cleopatra, always answering "1", saved with --save."""
    path = tmp_path_factory.mktemp("play") / "game.json"
    result = invoke("play", "caesar-cleopatra", "--seed", str(SEED), "--vs", "random", "--save", str(path),
                    input="1\n" * 3000)
    return result, path


def test_a_whole_game_ends_with_the_result(whole_game):
    result, path = whole_game
    assert result.exit_code == 0, result.output
    out = result.output
    # the table as the person sees it
    for text in ("Senators", "Aediles", "Your hand:", "Bonus goal:", "Your piles:", "Vote deck (",
                 "Points:", "Caesar: hand"):
        assert text in out
    # the decision prompts and the numbered moves
    assert "▶ Your turn — place influence" in out
    assert re.search(r"face down +face up", out) and " sen pra qua cen aed " in out   # one compact grid
    assert " 1 draw influence" in out
    # forced moves are played for the person and said so
    assert "(auto)" in out
    # the end: final scores, who won and why
    assert "Game over" in out
    assert re.search(r"(You win|Caesar wins) on (points|patricians)|A draw", out)
    assert "points" in out and "patricians" in out
    assert "The game is saved in" in out
    record = saved(path)
    assert record["game"] == "caesar-cleopatra" and record["seed"] == SEED
    assert len(record["actions"]) > 100


def test_the_narration_never_tells_the_opponents_hidden_cards(whole_game):
    out = whole_game[0].output
    assert "Caesar placed a card face down at the" in out
    assert "Caesar drew a card from the" in out
    assert not re.search(r"Caesar placed (a|an) (\d|Philosopher) face down", out)
    assert not re.search(r"Caesar placed an opening \d", out)
    assert not re.search(r"Caesar drew (?!a card)", out)
    assert not re.search(r"Caesar put (?!a card back|an action card)", out)


def test_the_saved_record_replays(whole_game):
    _, path = whole_game
    record = saved(path)
    state = ludus.replay(record)
    assert state.is_terminal
    assert state.record()["actions"] == record["actions"]


def test_playing_as_caesar_by_name_or_number(run):
    by_name = run("play", "caesar-cleopatra", "--as", "caesar", "--seed", "2", input="quit\n\n")
    by_number = run("play", "caesar-cleopatra", "--as", "1", "--seed", "2", input="quit\n\n")
    assert by_name.exit_code == by_number.exit_code == 0
    assert "you are caesar (seat 1)" in by_name.output
    assert by_name.output == by_number.output
    # Cleopatra (the agent) arranged and opened first; the person sees only that she did
    assert "Cleopatra put an action card on their pile. (×13)" in by_name.output
    assert "Caesar (you)" in by_name.output


def test_refused_moves_are_explained_and_help_is_shown(run, tmp_path):
    path = tmp_path / "quit.json"
    result = run("play", "caesar-cleopatra", "--seed", "2", "--save", str(path),
                 input="down 9 sen\nwrath senators\n99\n?\nquit\n")
    assert result.exit_code == 0
    out = result.output
    assert "cannot read 'down 9 sen'" in out                   # unreadable notation
    assert "(or type a move's number, 1 to " in " ".join(out.split())   # numbers are read too
    assert "Refused: wrath senators is not legal" in out        # the IllegalAction message
    assert "There is no move 99" in out
    assert "Moves" in out and "castling sen cen" in out          # help
    assert "Game abandoned" in out
    assert saved(path)["actions"] == []         # --save also on quit


def test_quit_offers_to_save(run, tmp_path):
    path = tmp_path / "offered.json"
    result = run("play", "caesar-cleopatra", "--seed", "2", input=f"arrange spy\nquit\n{path}\n")
    assert result.exit_code == 0
    assert "Save the game record?" in result.output
    assert json.loads(path.read_text())["actions"] == ["arrange spy"]    # a record: format 1


def test_end_of_input_before_any_move_stops_without_a_traceback(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "caesar-cleopatra", "--seed", "2", input="")
    assert result.exit_code == 0
    assert "The input ended before any move: nothing to save." in result.output
    assert list(tmp_path.iterdir()) == []


def test_several_moves_separated_by_semicolons(run, tmp_path):
    path = tmp_path / "many.json"
    result = run("play", "caesar-cleopatra", "--seed", "2", "--save", str(path),
                 input="arrange veto; 1; arrange spy\nquit\n")
    assert result.exit_code == 0
    assert saved(path)["actions"] == ["arrange veto", "arrange assassin", "arrange spy"]


def test_a_move_by_notation(run, tmp_path):
    path = tmp_path / "typed.json"
    moves = ";".join(["arrange assassin"] * 4 + ["arrange spy"] * 2 + ["arrange castling"] * 2
                     + ["arrange scout"] * 2 + ["arrange wrath", "arrange veto"])
    result = run("play", "caesar-cleopatra", "--seed", "2", "--save", str(path),
                 input=f"{moves}\nopen 5; open 4; open 3; open 2\ndown 1 sen\nquit\n")
    assert result.exit_code == 0, result.output
    actions = saved(path)["actions"]
    assert actions[12] == "arrange veto"       # the 13th, forced, was played for the person
    assert "open 1" in actions and "down 1 senators" in actions
    assert "You placed your 1 face down at the Senators." in result.output


def test_against_the_heuristic_agent(run):
    result = run("play", "caesar-cleopatra", "--as", "caesar", "--vs", "heuristic", "--seed", "4",
                 input="quit\n\n")
    assert result.exit_code == 0, result.output
    assert "vs cleopatra: heuristic" in result.output


@pytest.mark.parametrize("args, message", [
    (["play", "no-such-game"], "unknown game 'no-such-game'"),
    (["play", "caesar-cleopatra", "-o", "wrath=sometimes"], "wrath"),
    (["play", "caesar-cleopatra", "-o", "nonsense"], "malformed; write it as name=value, e.g. edition=2024"),
    (["play", "seize-rome", "-o", "players"], "malformed; write it as name=value, e.g. players=3"),  # its own option
    (["play", "caesar-cleopatra", "-o", "colour=red"], "has no option colour"),
    (["play", "caesar-cleopatra", "--vs", "grandmaster"], "unknown agent 'grandmaster'"),
    (["play", "caesar-cleopatra", "--vs", "random:depth=3"], "takes no parameters"),
    (["play", "caesar-cleopatra", "--as", "brutus"], "unknown seat 'brutus'"),
    (["play", "claim", "--vs", "heuristic,random"], "--vs names the one agent that plays every other seat, not "
                                                    "'heuristic,random'; to seat a different agent at each, list "
                                                    "every seat with --seats, e.g. --seats human,heuristic"),
    (["play", "claim", "-o", "players=3", "--vs", "heuristic,random"], "e.g. --seats human,heuristic,random"),
])
def test_errors_exit_2_with_a_message(run, args, message):
    result = run(*args, input="quit\n\n")
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_a_game_without_a_terminal_module_plays_generically(run, toy):
    result = run("play", toy, "--seed", "1", input="1\n" * 10)
    assert result.exit_code == 0, result.output
    assert '"total"' in result.output             # the observation, as pretty JSON
    assert "Added(" in result.output              # events, as their fields
    assert "seat 0 (you)" in result.output
    assert "Game over" in result.output
    assert re.search(r"Winner: seat [01]|A draw", result.output)


@pytest.mark.parametrize("terminal", [True, False])
def test_a_thinking_bot_is_shown_on_a_terminal_only(terminal, monkeypatch):
    """A search takes seconds a move: a terminal shows that the bot is thinking; a pipe or a file
    gets no spinner lines."""
    if terminal:
        monkeypatch.setattr(Console, "is_terminal", property(lambda self: True))
    result = CliRunner(env={"COLUMNS": "120"}).invoke(
        app, ["play", "claim", "--as", "1", "--seed", "3", "--vs", "ismcts:iterations=50"], input="quit\n\n",
        catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert ("Seat 0 is thinking" in result.output) is terminal


def test_a_hint_numbers_the_best_moves_as_on_screen(run, monkeypatch):
    """`hint` asks a search from the seat's own perspective; its moves carry their on-screen numbers."""
    monkeypatch.setitem(ismcts.LEVELS["hard"], "time", 0.05)
    result = run("play", "claim", "--as", "0", "--seed", "3", "--vs", "heuristic", input="hint\nquit\n\n")
    assert result.exit_code == 0, result.output
    state = ludus.make("claim").new_state(seed=3)
    ordered = terminal_for(state.game).moves(state.legal_actions())[0]
    hinted = re.findall(r"^ +(\d+) +(\S+ \d) +[+-]\d\.\d\d +tried in", result.output, re.M)
    assert hinted and all(str(ordered[int(n) - 1]) == move for n, move in hinted)


def test_a_hint_where_the_bots_decide_by_rule_says_so(run, monkeypatch):
    monkeypatch.setitem(ismcts.LEVELS["hard"], "time", 0.05)
    result = run("play", "caesar-cleopatra", "--seed", "3", "--vs", "heuristic", input="hint\nquit\n\n")
    assert "arrange veto (the bots play this by rule here; it is not searched)" in result.output


def test_a_hint_typed_ahead_waits_for_its_decision_on_screen(run, monkeypatch):
    """`1; hint`: the hint is about the next decision, so that decision is drawn first."""
    monkeypatch.setitem(ismcts.LEVELS["hard"], "time", 0.05)
    out = run("play", "claim", "--as", "0", "--seed", "3", "--vs", "heuristic", input="1; hint\nquit\n\n").output
    titles = [m.start() for m in re.finditer(r"Claim · phase \d · trick \d+ of 13", out)]
    assert len(titles) == 2 and titles[1] < out.index("Hint, from") < out.rindex("Seat 0, your move")


def test_in_hot_seat_what_one_person_typed_ahead_never_runs_on_anothers_screen(run, monkeypatch):
    """Seat 1 types `1; hint`; the keyboard goes to seat 0, then back: seat 1's hint (which would
    name seat 1's cards) was dropped when the keyboard left, never printed on seat 0's screen."""
    monkeypatch.setitem(ismcts.LEVELS["hard"], "time", 0.05)
    out = run("play", "seize-rome", "--seats", "human,human", "--seed", "3",
              input="\n1; hint\n\n1\n\nquit\n\n").output
    assert out.count("Pass to seat") == 3 and "Hint" not in out


def test_a_hint_with_one_legal_move_says_so():
    table = Session(ludus.make("claim"), [None, None], seed=3, auto=False)
    while len(table.legal_actions()) != 1:
        table.play(table.to_move, table.legal_actions()[-1])
    screen = Console(file=io.StringIO(), width=120)
    _hint(screen, table, table.to_move, table.legal_actions())
    assert screen.file.getvalue() == f"Hint: 1 {table.legal_actions()[0]} is the only legal move\n"


def test_a_drawn_seed_is_shown_only_once_the_game_is_over(run):
    """The seed deals every hidden card, so a person learns a drawn one only at the end; it
    deals the same game again."""
    first = run("play", "claim", "--vs", "random", input="1\n" * 200)
    assert first.exit_code == 0, first.output
    end = first.output.index("the end")
    seed = re.search(r"Seed (\d+): --seed \1 deals this game again", first.output)
    assert seed and seed.start() > end
    assert "seed" not in first.output[:end].lower()
    again = run("play", "claim", "--vs", "random", "--seed", seed.group(1), input="1\n" * 200)
    assert f"· seed {seed.group(1)} · you are" in again.output   # a seed you gave is yours to see
    assert again.output[again.output.index("the end"):] == first.output[end:]


def test_a_saved_game_resumes_where_it_stopped(run, tmp_path):
    path = tmp_path / "game.jsonl"
    first = run("play", "seize-rome", "--seed", "4", "--vs", "heuristic", "--save", str(path), input="1\n1\nquit\n")
    assert first.exit_code == 0 and "ludus play --resume" in " ".join(first.output.split())   # lines may wrap
    before = saved(path)["actions"]
    again = run("play", "--resume", str(path), input="1\n" * 400)
    assert again.exit_code == 0, again.output
    assert f"Resumed after {len(before)} decisions" in again.output and "the end" in again.output
    record = saved(path)
    assert record["actions"][:len(before)] == before and ludus.replay(record).is_terminal
    refused = run("play", "claim", "--resume", str(path))
    assert refused.exit_code == 2 and "drop GAME" in refused.output


def test_a_killed_game_loses_no_move(tmp_path):
    """The move log is on the disk after every move: kill -9 in the middle of a game keeps them all."""
    import os
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "game.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "ludus.cli", "play", "claim", "--seed", "3", "--vs", "random",
                             "--save", str(path)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        proc.stdin.write("1\n1\n1\n")
        proc.stdin.flush()                         # stdin stays open: the game waits for a 4th move
        deadline = time.time() + 60
        while time.time() < deadline:
            written = path.read_text().split("\n")[1:-1] if path.exists() else []   # whole lines only
            moves = [json.loads(t) for t in written]
            if sum(m.get("how") == "person" for m in moves) == 3:
                break
            time.sleep(0.1)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    record = saved(path)
    people = [json.loads(t) for t in path.read_text().splitlines()[1:] if json.loads(t)["how"] == "person"]
    assert len(people) == 3 and len(record["actions"]) >= 3
    assert not ludus.replay(record).is_terminal


def test_undo_takes_back_a_quiet_move_and_refuses_otherwise(run, tmp_path):
    path = tmp_path / "game.jsonl"
    result = run("play", "caesar-cleopatra", "--seed", "2", "--save", str(path),
                 input="arrange spy\nundo\nundo\nhelp\narrange veto\nquit\n")
    out = result.output
    assert result.exit_code == 0 and "You took back your last move." in out
    assert "You cannot take back the last move: there is no decision of yours to take back" in out
    assert "undo take back your last move" in " ".join(out[out.index("Commands:"):].split())   # C&C's help offers it
    assert saved(path)["actions"] == ["arrange veto"], "the undo is in the move log too"


def test_a_forced_move_is_told_once():
    """The last opening card is forced: its own narration is marked (auto), not doubled by a note."""
    result = invoke("play", "caesar-cleopatra", "--seed", "2", "--vs", "random", input="1\n" * 17 + "quit\n")
    out = result.output
    assert "(auto) You placed your opening" in out and "(auto) You put " in out
    assert "last opening card" not in out and "last action card" not in out


def test_numbers_typed_ahead_stop_where_the_kind_of_decision_changes(run, tmp_path):
    path = tmp_path / "g.jsonl"
    result = run("play", "caesar-cleopatra", "--seed", "2", "--save", str(path), input="1;" * 17 + "\nquit\n")
    assert result.exit_code == 0, result.output
    actions = saved(path)["actions"]
    # Cleopatra's 13 (the last forced), then Caesar's 13: her openings waited for her
    assert all(a.startswith("arrange") for a in actions) and len(actions) == 26
    assert re.search(r"The decision changed: the moves typed ahead were dropped \((1; )+1\)", result.output)


def test_a_move_typed_ahead_that_was_forced_is_not_played_again(run, tmp_path):
    """Seat 0 types its whole hand and then `draw`; with the hand empty the draw is forced and
    played for it, so the typed `draw` is spent there and never draws again a turn later."""
    path = tmp_path / "g.jsonl"
    run("play", "seize-rome", "--vs", "random", "--seed", "78", "--save", str(path),
        input="red 1; wild red; yellow 3; yellow 5; purple 4; draw\nquit\n")
    record = saved(path)
    table = Session(ludus.make("seize-rome"), [None, None], seed=record["seed"], auto=False)
    mine = []
    for text in record["actions"]:
        action = table.game.parse_action(text)
        if table.to_move == 0:
            mine.append(text)
        table.play(table.to_move, action)
    typed = ["red 1", "wild red", "yellow 3", "yellow 5", "purple 4", "draw"]
    assert mine == [str(table.game.parse_action(t)) for t in typed]
    assert table.to_move == 0    # the game waits for seat 0's next decision


@pytest.mark.parametrize("game", ["caesar-cleopatra", "claim", "seize-rome"])
def test_without_vs_the_opponent_is_the_middle_level(run, game):
    """A first game without options is against club, the level the server preselects too."""
    out = run("play", game, "--seed", "3", input="quit\n\n").output
    assert out.splitlines()[0].endswith("vs seat 1: club") or out.splitlines()[0].endswith("vs caesar: club")


def test_without_vs_a_game_without_levels_plays_random(run, toy):
    assert run("play", "toy", "--seed", "3", input="quit\n\n").output.splitlines()[0].endswith("vs seat 1: random")


def test_the_bonus_goal_line_says_met_or_how_many_are_needed():
    from ludus.games.caesar_cleopatra import terminal as cc_terminal
    from ludus.games.caesar_cleopatra.positions import position

    def line(won):
        s = position(won={"praetors": (won, 0)}, bonus=("praetors", "senators"), hands=("1", "1"))
        return str(cc_terminal._seat_line(s.observe(0), 0, 0))

    assert "Bonus goal: Praetors (2 of the 3 needed)" in line(2)
    assert "Bonus goal: Praetors (met: 4 won)" in line(4)



def test_a_forced_move_is_told_once_with_its_reason():
    out = invoke("play", "claim", "--seed", "3", "--vs", "random", input="1\n" * 60 + "quit\n").output
    told = re.findall(r"\(auto\) You must follow (\w+), and only your (\w+) \d can\.\n +You played (\w+) \d", out)
    assert told and all(led == kind == played for led, kind, played in told)


@pytest.mark.parametrize("typed", ["²", "٣", "1²"])
def test_a_number_in_other_digits_at_the_move_prompt_is_read_as_notation_and_refused(run, typed):
    """``str.isdigit`` takes "²": the prompt must not crash on it, and plays nothing."""
    result = run("play", "seize-rome", "--seed", "3", "--vs", "random", input=f"{typed}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "cannot read" in result.output


@pytest.mark.parametrize("args", [("--as", "²"), ("--seats", "human," + "x" * 5000), ("--seed", str(2**63))])
def test_bad_seats_and_seeds_on_the_command_line_are_refused_briefly(run, args):
    result = run("play", "seize-rome", *args, input="quit\n")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert len(result.output) < 1000
