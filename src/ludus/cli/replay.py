"""``ludus replay``: a saved game, step by step, as one seat saw it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

import ludus
from ludus.core.errors import RecordError
from ludus.session import Session, steps

from .common import (
    app,
    fail,
    make_console,
    narration,
    parse_seat,
    print_lines,
    result_view,
    seat_names,
    terminal_for,
)
from .screen import read_line

READS = ("a game record (JSON, as --records writes them in ludus simulate, tournament and lab) or a move "
         "log (as ludus play --save FILE writes it)")


def load_record(path: str):
    """A game record from a file: a record (JSON) or a move log written by ``ludus play --save``.
    Anything else — a directory, a file that is not text, empty or not JSON — fails (exit code
    2) saying what the file should be."""
    file = Path(path)
    if file.is_dir():
        fail(f"{path} is a directory; give a file: {READS}")
    try:
        text = file.read_bytes().decode("utf-8")
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror or e}")
    except UnicodeDecodeError:
        fail(f"{path} is not a game record: it is not text (UTF-8); ludus reads {READS}")
    if not text.strip():
        fail(f"{path} is empty; ludus reads {READS}")
    first = text.lstrip().split("\n", 1)[0]
    try:
        head = json.loads(first)
    except json.JSONDecodeError:
        head = None
    if isinstance(head, dict) and "seats" in head and "actions" not in head:    # a move log
        try:
            return Session.load(path).record()
        except RecordError as e:
            fail(f"{path} is not a valid move log: {e}")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        fail(f"{path} is not a game record: invalid JSON ({e.msg}: line {e.lineno}, column {e.colno}); "
             f"ludus reads {READS}")
    try:
        ludus.replay(record)
    except RecordError as e:
        fail(f"{path} is not a valid game record: {e}")
    return record


def turn_of(term, state) -> Any:
    """Where the game is, from its public view: the terminal's turn label, else the turn number."""
    obs = state.observe(None)
    if term.turn_label is not None:
        return term.turn_label(obs)
    return obs.get("turn") if isinstance(obs, dict) else None


def turn_title(term, names: list[str], turn, active: int | None, decision: int) -> str:
    """A title for ``turn`` (see ``turn_of``) of seat ``active``: "Turn 6 · Caesar", "Phase 1 ·
    trick 3 of 13", "Setup"; "Decision N" where the game tells no turn."""
    if term.turn_label is not None:
        return str(turn)[:1].upper() + str(turn)[1:] if turn else f"Decision {decision}"
    if turn in (None, 0):
        return "Setup" if turn == 0 else f"Decision {decision}"
    return f"Turn {turn} · {names[active].capitalize()}" if active is not None else f"Turn {turn}"


def replay_steps(record: dict, seat: int | None):
    """Yield (step title, narration lines, observation) per turn, as ``seat`` saw them (the
    session's ``steps``: each move's events as the seat saw them).

    A step is one turn (all decisions until the turn number of the observation changes), or
    one decision for a game whose observations carry no ``turn``.
    """
    game = ludus.make(record["game"], **record["options"])
    term = terminal_for(game)
    names = seat_names(game)
    start = game.new_state(seed=record["seed"])
    lines: list[str] = []
    current, active = turn_of(term, start), start.current_player
    state = start
    for i, (state, entry) in enumerate(steps(record, seat)):
        lines += narration(term, entry.events, seat)
        new = turn_of(term, state)
        if new != current or new is None or i == len(record["actions"]) - 1:
            yield turn_title(term, names, current, active, len(state.history)), lines, state.observe(seat)
            lines = []
            current, active = new, state.current_player
    if not record["actions"]:
        yield "Start", [], start.observe(seat)


STEP_KEYS = {"": "next", "a": "all", "all": "all", "q": "quit", "quit": "quit"}


def ask_step(console) -> str:
    """What the person wants after a step: "next", "all" (to the end) or "quit" (also at the end
    of input). Any other answer is refused, naming the keys, and asked again: taking it as Enter
    would step on past what the person meant to stop at."""
    while True:
        answer = read_line(console, "[dim]Enter: next · a: to the end · q: quit[/dim] ")
        if answer is None:
            return "quit"
        step = STEP_KEYS.get(answer.strip().lower())
        if step is not None:
            return step
        console.print(f"[yellow]{escape(repr(answer.strip()))} is not a replay key: press Enter for the "
                      "next step, a to go to the end, q to quit.[/yellow]")


@app.command("replay")
@click.argument("file", type=click.Path())
@click.option("--seat", default=None, metavar="N|NAME",
              help="Whose view: a seat number or name (default: spectator, public information only).")
@click.option("--all", "all_", is_flag=True, help="Print the whole replay at once (no prompts).")
def replay_cmd(file, seat, all_) -> None:
    """Step through a saved game as one seat saw it: Enter next, a to the end, q quits."""
    console = make_console()
    record = load_record(file)
    game = ludus.make(record["game"], **record["options"])
    viewer = parse_seat(game, seat, allow_spectator=True)
    names = seat_names(game)
    term = terminal_for(game)
    who = "a spectator" if viewer is None else names[viewer].capitalize()
    console.print(f"[bold]{escape(game.title)}[/bold] · seed {record['seed']} · "
                  f"{len(record['actions'])} decisions · seen by {escape(who)}")
    players = record.get("seats")
    if players and any(players):          # a tournament's or a terminal game's record names them
        console.print("Played by " + escape(", ".join(f"{name}: {spec or 'a person'}"
                                                      for name, spec in zip(names, players, strict=True))))
    interactive = not all_
    last_obs = None
    for title, lines, obs in replay_steps(record, viewer):
        console.print(Rule(Text(title, style="bold"), style="blue"))
        print_lines(console, lines)
        console.print(term.render(obs))
        last_obs = obs
        if interactive:
            step = ask_step(console)
            if step == "quit":
                return
            interactive = step == "next"
    state = ludus.replay(record)
    if state.is_terminal:
        console.print()
        console.print(result_view(term, state, game, viewer))
    elif last_obs is not None:
        console.print("[dim]The record ends before the game does.[/dim]")
