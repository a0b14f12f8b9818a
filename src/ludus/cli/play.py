"""``ludus play``: a whole game in the terminal, against agents or with other people at the keyboard."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from ludus.agents.base import split_agent_specs
from ludus.core.errors import RecordError, echo
from ludus.session import LogWriteError, Session

from .common import (
    INTERRUPTED,
    OPTION,
    SEED,
    app,
    fail,
    make_console,
    make_game,
    parse_seat,
    print_lines,
    result_view,
    save_fallback,
    seat_names,
    terminal_for,
)
from .screen import quit_game, wipe_screen
from .turns import LogFailed, play_loop


def _seat_plan(game, as_, vs, seats) -> list[str]:
    """One entry per seat: ``human`` or an agent spec (from --seats, or from --as and --vs)."""
    n = game.num_players
    if seats is None:
        seat = parse_seat(game, as_) if as_ is not None else 0
        return ["human" if p == seat else (vs or "random") for p in range(n)]
    if as_ is not None or vs is not None:
        fail("--seats names every seat; use it without --as and --vs")
    plan = [("human" if s.strip().lower() == "human" else s.strip()) for s in split_agent_specs(seats)]
    if len(plan) != n:
        hint = ""
        if "players" in game.options_dict() and len(plan) > 1:
            hint = f", or set the number of players with -o players={len(plan)}"
        fail(f"{game.id} has {n} seats but --seats names {len(plan)} ({echo(seats)}); give one entry "
              f"per seat, e.g. --seats {','.join(['human'] + ['random'] * (n - 1))}{hint}")
    if "human" not in plan:
        fail(f"--seats {echo(seats)} names no human; put 'human' at the seat(s) people play "
              f"(to watch agents play each other use: ludus simulate)")
    return plan


def _check_save(path: str) -> None:
    """--save must name a new file (or an empty one) in a directory that exists: checked before
    the game starts, so that no game is played into a file that cannot hold it. A file holding
    anything is never overwritten — a saved game goes on with --resume."""
    file = Path(path)
    folder = file.parent
    if not folder.is_dir():
        fail(f"cannot save the game to {path}: there is no directory {folder}; create it first "
             f"(mkdir -p {folder}) or save elsewhere")
    if not file.exists():
        return
    if not file.is_file():
        fail(f"cannot save the game to {path}: it is not a regular file; name a new file")
    if file.stat().st_size == 0:
        return
    try:
        Session.load(file)
    except (RecordError, OSError):
        fail(f"{path} exists and is not a saved game; --save writes a new file and never overwrites "
             "one: choose another name")
    fail(f"{path} holds a saved game already: go on with it (ludus play --resume {path}), or save to "
         "a new file")


@app.command("play")
@click.argument("game_id", metavar="GAME", required=False)
@click.option("--as", "as_", default=None, metavar="SEAT",
              help="Your seat: a number (0 = first) or a name (cleopatra, caesar). Default: seat 0.")
@click.option("--vs", "vs", default=None, metavar="AGENT",
              help="The agent at every other seat: a level, weakest first beginner|casual|club|strong|master "
                   "(ludus games shows what each is in each game), or a spec such as random, heuristic, "
                   "ismcts:hard, ismcts:iterations=500,seed=3. [default: random]")
@click.option("--seats", default=None, metavar="LIST",
              help="Every seat, comma-separated: human (a person at this terminal) or an agent spec, "
                   "e.g. human,heuristic,random,human. Several humans share the terminal "
                   "(hot-seat). Use instead of --as/--vs.")
@click.option("--seed", type=SEED, default=None, help="Game seed (default: a random one, shown when the game ends).")
@OPTION
@click.option("--save", type=click.Path(dir_okay=False), default=None,
              help="Write the game to this file move by move (a crash loses nothing). The file must be new "
                   "(or empty) in a directory that exists: nothing is ever overwritten; a saved game goes on "
                   "with --resume.")
@click.option("--resume", type=click.Path(dir_okay=False, exists=True), default=None,
              help="Go on with a game saved by --save (its game, options, seed and seats), still saving to it.")
@click.option("--auto/--no-auto", default=True, show_default=True,
              help="Play your forced moves (exactly one legal move) for you.")
@click.option("--clear/--no-clear", default=None,
              help="Redraw the screen at each decision (default: only on a terminal).")
def play_cmd(game_id, as_, vs, seats, seed, options, save, resume, auto, clear) -> None:
    """Play a whole game in the terminal against agents, or with other people (hot-seat).

    Type a move's number or its notation; `help` or `?` shows the notation, `hint` what a search
    would play from your seat's view, `quit` stops.
    """
    console = make_console()
    if resume is not None:
        given = [flag for flag, value in (("GAME", game_id), ("--as", as_), ("--vs", vs), ("--seats", seats),
                                          ("--seed", seed), ("--option", options or None), ("--save", save))
                 if value is not None]
        if given:
            fail(f"--resume takes the game, its options, seed and seats from {resume}; drop {', '.join(given)}")
        try:
            table = Session.resume(resume, auto=auto)
        except OSError as e:
            fail(f"cannot go on with {resume}: {e.strerror or e}")
        log, seed_text = resume, ""
    else:
        if game_id is None:
            fail("name a game (ludus games lists them), or --resume a saved one")
        game = make_game(game_id, options)
        plan = _seat_plan(game, as_, vs, seats)
        # The seed deals every hidden card: a drawn one is shown only once the game is over.
        seed_text = f" · seed {seed}" if seed is not None else ""
        if save is not None:
            _check_save(save)
        try:
            table = Session(game, [None if spec == "human" else spec for spec in plan], seed=seed, log=save,
                            auto=auto)
        except LogWriteError as e:              # the file opened, but its first line would not go
            fail(f"cannot write the game to {save}: {e.reason}")
        log = save
    game, names, term = table.game, seat_names(table.game), terminal_for(table.game)
    humans = [p for p, s in enumerate(table.seats) if s.agent is None]
    if not humans:
        fail(f"{resume} has no seat for a person at this terminal")
    if clear is None:
        clear = console.is_terminal and sys.stdin.isatty()
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history for input())
    opp_text = ", ".join(f"{names[p]}: {s.agent}" for p, s in enumerate(table.seats) if s.agent)
    vs_text = f" · vs {escape(opp_text)}" if opp_text else ""
    if len(humans) == 1:
        seat = humans[0]
        number = "" if names[seat] == f"seat {seat}" else f" (seat {seat})"
        console.print(f"[bold]{escape(game.title)}[/bold]{seed_text} · you are "
                      f"[bold]{escape(names[seat])}[/bold]{number}{vs_text}")
    else:
        people = ", ".join(names[h] for h in humans)
        console.print(f"[bold]{escape(game.title)}[/bold]{seed_text} · hot-seat: people at "
                      f"[bold]{escape(people)}[/bold]{vs_text}")
        console.print("[dim]Pass the keyboard when asked; each person sees only their own seat.[/dim]")
    if resume is not None:
        over = " The game is over already." if table.over else ""
        console.print(f"[dim]Resumed after {len(table.state.history)} decisions.{over}[/dim]")
    console.print("[dim]Type a move's number or its notation; ? for help, hint for a suggestion, quit to "
                  "stop.[/dim]")

    try:
        _play_to_the_end(console, table, names, term, clear, humans, log)
    except KeyboardInterrupt:
        console.print()
        _keep(console, table, log)
        raise SystemExit(INTERRUPTED) from None
    finally:
        with contextlib.suppress(OSError):     # a move log that failed may fail again on closing
            table.close()


def _play_to_the_end(console, table: Session, names, term, clear: bool, humans: list[int], log) -> None:
    """The game, its end screen — or, if a person quits, the offer to save it."""
    game = table.game
    try:
        lines = play_loop(console, table, names, term, clear)
    except LogFailed as e:
        console.print(f"[red]The game cannot be written to {escape(str(log))} any more ({escape(str(e))}): "
                      "it stops here, as it stood before the last move.[/red]")
        quit_game(console, table, None)
        raise SystemExit(1) from None
    seed = table.seed
    if lines is None:
        quit_game(console, table, log)
        console.print(f"Game abandoned. [dim]Seed {seed}: --seed {seed} deals it again.[/dim]")
        return

    viewer = humans[0] if len(humans) == 1 else None
    if len(humans) > 1:
        wipe_screen(console)
    elif clear:
        console.clear()
    state = table.state
    console.print(Rule(Text(f"{game.title} · the end", style="bold"), style="blue"))
    console.print(term.render(state.observe(viewer)))
    if lines:
        console.print(Text("What happened:", style="bold"))
        print_lines(console, lines)
    console.print()
    console.print(result_view(term, state, game, viewer))
    console.print(f"[dim]Seed {seed}: --seed {seed} deals this game again.[/dim]")
    if log:
        shown = escape(str(log))
        console.print(f"The game is saved in [bold]{shown}[/bold]  (replay it: ludus replay {shown})")


def _keep(console, table: Session, log) -> None:
    """Ctrl-C: keep what can be kept. A move log holds every move already; else the record of
    a game with any move goes to a file of ludus's choosing (no question asked: the person
    wants out)."""
    if log:
        shown = escape(str(log))
        done = "" if table.over else f" (go on: ludus play --resume {shown})"
        console.print(f"Stopped. The game is saved in [bold]{shown}[/bold] move by move{done}.")
    elif table.state.history:
        console.print("Stopped. The game so far:")
        save_fallback(table.record(), table.game.id, console)
    else:
        console.print("Stopped before any move: nothing to save.")
