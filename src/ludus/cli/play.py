"""``ludus play``: a whole game in the terminal, against agents or with other people at the keyboard."""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path

import click
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

import ludus
from ludus.agents.base import split_agent_specs
from ludus.core.errors import RecordError, echo
from ludus.session import LogWriteError, Session

from .common import (
    INTERRUPTED,
    OPTION,
    SEED,
    app,
    fail,
    game_record,
    make_console,
    make_game,
    parse_seat,
    print_lines,
    result_view,
    save_fallback,
    seat_names,
    terminal_for,
)
from .screen import InputEnded, quit_game, wipe_screen
from .turns import LogFailed, play_loop


def _seat_plan(game, as_, vs, seats) -> list[str | None]:
    """One entry per seat: None for a person or an agent spec (from --seats, or --as and --vs)."""
    n = game.num_players
    others = split_agent_specs(vs) if vs is not None else []
    if len(others) > 1:
        example = ",".join(["human", *(others + ["random"] * n)[:n - 1]])
        fail(f"--vs names the one agent that plays every other seat, not {echo(vs)}; to seat a different "
             f"agent at each, list every seat with --seats, e.g. --seats {example}")
    if seats is None:
        seat = parse_seat(game, as_) if as_ is not None else 0
        # a newcomer's first game is against the middle level, as the server preselects it
        opponent = vs if vs is not None else ("club" if game.parts.levels else "random")
        return [None if p == seat else opponent for p in range(n)]
    if as_ is not None or vs is not None:
        fail("--seats names every seat; use it without --as and --vs")
    plan = [(None if s.strip().lower() == "human" else s.strip()) for s in split_agent_specs(seats)]
    if len(plan) != n:
        hint = ""
        if "players" in game.options_dict() and len(plan) > 1:
            hint = f", or set the number of players with -o players={len(plan)}"
        fail(f"{game.id} has {n} seats but --seats names {len(plan)} ({echo(seats)}); give one entry "
              f"per seat, e.g. --seats {','.join(['human'] + ['random'] * (n - 1))}{hint}")
    if None not in plan:
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
        fail(f"{path} exists already, and is no move log to go on in; --save writes a new file and never "
             "overwrites one: choose another name")
    fail(f"{path} holds a saved game already: go on with it (ludus play --resume {path}), or save to "
         "a new file")


def _new_table(save, make, *args, **kwargs) -> Session:
    """``make(*args, **kwargs, log=save)``: a session that writes to --save, checked first."""
    if save is not None:
        _check_save(save)
    try:
        return make(*args, log=save, **kwargs)
    except LogWriteError as e:              # the file opened, but its first line would not go
        fail(f"cannot write the game to {save}: {e.reason}")


def _read_record(path: str) -> dict | None:
    """The game record in ``path`` (one JSON object with the game's ``actions``), or None: a move log."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and "actions" in data else None


def _resumed(path, game_id, as_, vs, seats, seed, options, save, auto) -> tuple[Session, str | None]:
    """--resume FILE and the move log the game goes on in. A move log goes on in itself, as it
    was. A record is never written to: the game goes on in a new --save log, if given (holding
    the whole game), else unsaved until quit offers to save it; with its own seats or those given."""
    record = _read_record(path)
    from_file = [("GAME", game_id), ("--seed", seed), ("--option", options or None)]
    if record is None:
        given = [flag for flag, value in [*from_file, ("--as", as_), ("--vs", vs), ("--seats", seats),
                                          ("--save", save)] if value is not None]
        if given:
            fail(f"--resume takes the game, its options, seed and seats from {path}; drop {', '.join(given)}")
        try:
            return Session.resume(path, auto=auto), path
        except OSError as e:
            fail(f"cannot go on with {path}: {e.strerror or e}")
        except RecordError as e:
            fail(f"{e}. --resume reads a move log (what --save writes) or a game "
                 "record (one JSON object with the game's actions, as quit and simulate write)")
    given = [flag for flag, value in from_file if value is not None]
    if given:
        fail(f"--resume takes the game, its options and seed from the record {path}; drop {', '.join(given)}")
    try:
        game = ludus.replay(record).game
    except RecordError as e:
        fail(f"cannot go on with {path}: {e}")
    if as_ is None and vs is None and seats is None:
        plan = record.get("seats")
        if plan is None:
            fail(f"{path} is a game record that does not say who plays each seat; say who plays from here on "
                 "with --as SEAT and --vs AGENT, or with --seats, e.g. "
                 f"--seats {','.join(['human'] + ['random'] * (game.num_players - 1))}")
    else:
        plan = _seat_plan(game, as_, vs, seats)
    return _new_table(save, Session.from_record, record, plan, auto=auto), save


@app.command("play")
@click.argument("game_id", metavar="GAME", required=False)
@click.option("--as", "as_", default=None, metavar="SEAT",
              help="Your seat: a number (0 = first) or, where the game names its seats, a name (cleopatra, "
                   "caesar in Caesar & Cleopatra). Default: seat 0.")
@click.option("--vs", "vs", default=None, metavar="AGENT",
              help="The agent at every other seat: a level, weakest first beginner|casual|club|strong|master "
                   "(ludus games shows what each is in each game), or a spec such as random, heuristic, "
                   "ismcts:hard, ismcts:iterations=500,seed=3. [default: club; random in a game without levels]")
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
              help="Go on with a saved game: a move log of --save (its game, options, seed and seats), still "
                   "saving to it; or a record saved at quit, by Ctrl-C or by simulate (its game, options and "
                   "seed, and its seats unless --as/--vs/--seats say who plays: they must for a record of bots, "
                   "as simulate, tournament and lab write), "
                   "saving to a new --save FILE if given, else offering to save a new record at quit.")
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
        table, log = _resumed(resume, game_id, as_, vs, seats, seed, options, save, auto)
        seed_text = ""
    else:
        if game_id is None:
            fail("name a game (ludus games lists them), or --resume a saved one")
        game = make_game(game_id, options)
        # The seed deals every hidden card: a drawn one is shown only once the game is over.
        seed_text = f" · seed {seed}" if seed is not None else ""
        table = _new_table(save, Session, game, _seat_plan(game, as_, vs, seats), seed=seed, auto=auto)
        log = save
    game, names, term = table.game, seat_names(table.game), terminal_for(table.game)
    humans = [p for p, s in enumerate(table.seats) if s.agent is None]
    if not humans:
        fail(f"{resume} has no seat for a person at this terminal: every seat was a bot's. Say who plays: "
             f"--as SEAT (you, against the seats' bots), --vs AGENT or --seats (e.g. --seats human,heuristic)")
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
        done = len(table.state.history)
        console.print(f"[dim]Resumed after {done} decision{'' if done == 1 else 's'}.{over}[/dim]")
        if log != resume:       # a record: it stays as it is
            goes = f"the game goes on in {escape(log)}" if log else "quit offers to save the game to a new file"
            console.print(f"[dim]{escape(resume)} is not changed: {goes}.[/dim]")
    console.print("[dim]Type a move's number or its notation; ? for help, hint for a suggestion, quit to "
                  "stop.[/dim]")

    try:
        _play_to_the_end(console, table, names, term, clear, humans, log)
    except KeyboardInterrupt:
        console.print()
        _keep(console, table, log, "Stopped")
        raise SystemExit(INTERRUPTED) from None
    except InputEnded:
        _keep(console, table, log, "The input ended")
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


def _keep(console, table: Session, log, why: str) -> None:
    """Ctrl-C or the end of input: keep what can be kept. A move log holds every move already;
    else the record of a game with any move goes to a file of ludus's choosing (no question
    asked: the person wants out, or is gone)."""
    if log:
        shown = escape(str(log))
        done = "" if table.over else f" (go on: ludus play --resume {shown})"
        console.print(f"{why}. The game is saved in [bold]{shown}[/bold] move by move{done}.")
    elif table.state.history:
        console.print(f"{why}. The game so far:")
        save_fallback(game_record(table), table.game.id, console)
    else:
        console.print(f"{why} before any move: nothing to save.")
