"""The terminal screen of a game in play: reading a move, showing a decision, passing the keyboard."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from .common import game_record, print_lines, save_fallback, save_record


class InputEnded(Exception):
    """The input ended (Ctrl-D, or the end of piped moves) during a game: nobody is left to answer
    a question, so the game is kept as Ctrl-C keeps it."""


def read_line(console: Console, prompt: str) -> str | None:
    """One line from the person; None at the end of input (Ctrl-D). Ctrl-C is not an answer:
    it goes on up, to the command's own handling (exit code 130)."""
    console.print(Text.from_markup(prompt), end="")
    try:
        return input()
    except EOFError:
        console.print()
        return None
    except KeyboardInterrupt:
        console.print()
        raise


def show_decision(console, term, state, seat, names, lines, clear: bool):
    obs = state.observe(seat)
    legal = state.legal_actions()
    ordered, moves_view = term.moves(legal)
    if clear:
        console.clear()
    if term.turn_label is not None:
        label = term.turn_label(obs)
        where = f"{label} · " if label else ""
    else:
        turn = obs.get("turn") if isinstance(obs, dict) else None
        where = f"turn {turn} · " if turn else ""
    title = f"{state.game.title} · {where}you are {names[seat].capitalize()}"
    console.print(Rule(Text(title, style="bold"), style="blue"))
    console.print(term.render(obs))
    if lines:
        console.print(Text("What happened:", style="bold"))
        print_lines(console, lines)
    ask = term.decision(obs, legal) if term.decision else f"{names[seat].capitalize()} to move"
    console.print(Text("▶ ", style="bold green") + Text.from_markup(ask))
    console.print(moves_view)
    return ordered


def quit_game(console, table, log: str | None) -> None:
    """A person stops: a game with a move log is saved already; else offer to save its record.
    A file that cannot be written is asked for again; the input ending after such a failure
    saves the record under a name of ludus's choosing (``save_fallback``)."""
    if log:
        shown = escape(str(log))
        console.print(f"The game is saved in [bold]{shown}[/bold] move by move (go on: ludus play --resume "
                      f"{shown}; replay it: ludus replay {shown})")
        return
    failed = False
    while True:
        prompt = "Another file name (Enter or n: don't save): " if failed else \
            "Save the game record? File name (Enter or n: don't save): "
        answer = read_line(console, prompt)
        if answer is None and failed:
            save_fallback(game_record(table), table.game.id, console)
            return
        if answer is None or answer.strip().lower() in ("", "n", "no"):
            return
        if save_record(game_record(table), Path(answer.strip()).expanduser(), console):
            return
        failed = True


def wipe_screen(console: Console) -> None:
    """Clear the screen and, where the terminal allows, its scrollback (hot-seat privacy)."""
    if console.is_terminal:
        console.clear()
        console.file.write("\x1b[3J")  # erase the scrollback too (xterm, tmux, most terminals)
        console.file.flush()


def pass_keyboard(console: Console, names: list[str], seat: int, wipe: bool = True) -> bool:
    """Hot-seat: wipe the screen and wait for the next person at the keyboard (False: quit;
    InputEnded at the end of input)."""
    if wipe:
        wipe_screen(console)
    console.print(Rule(style="blue"))
    answer = read_line(console, f"[bold]Pass to {escape(names[seat])} — press Enter[/bold] ")
    if answer is None:
        raise InputEnded
    if answer.strip().lower() in ("quit", "q", "exit"):
        return False
    wipe_screen(console)
    return True
