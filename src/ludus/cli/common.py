"""What the commands share: the click app and its errors, games, seats and agents from the
command line, the games' terminal modules (``terminal_for``) and narration."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

import click
from rich.columns import Columns
from rich.console import Console, Group
from rich.json import JSON
from rich.markup import escape
from rich.table import Table
from rich.text import Text

import ludus
from ludus import agents as agents_mod
from ludus.agents.base import split_agent_specs
from ludus.agents.ismcts import LEVELS
from ludus.arena.backends import BACKEND_NAMES
from ludus.core.errors import LudusError, OptionError, echo
from ludus.core.narration import Line
from ludus.core.options import option_example, parse_option_strings


def make_console() -> Console:
    # Built per command so that it writes to the sys.stdout of the moment (CliRunner swaps it).
    return Console(highlight=False)


class _Seed(click.ParamType):
    """--seed: any seed a game takes, a 64-bit integer (Click's IntRange would print the bounds
    in every command's help)."""

    name = "integer"

    def convert(self, value, param, ctx):
        try:
            seed = int(value)
        except (TypeError, ValueError):
            self.fail(f"{echo(value)} is not a whole number", param, ctx)
        if not -2**63 <= seed < 2**63:
            self.fail(f"{seed} does not fit in 64 bits: a seed is from -2**63 to 2**63 - 1", param, ctx)
        return seed


SEED = _Seed()


class _SaysTheRange:
    """Mixed into Click's IntRange and FloatRange: a refusal that says what would be right ("'x'
    is not a whole number of 1 or more") rather than "not a valid integer range" or "x>=1"."""

    kind = "number"

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            wanted = (f"{self.kind} of {self.min:g} or more" if self.max is None
                      else f"{self.kind} from {self.min:g} to {self.max:g}")
            self.fail(f"{echo(value)} is not a {wanted}", param, ctx)


class WholeNumber(_SaysTheRange, click.IntRange):
    """A count, a port."""

    name = "integer"          # the metavar in --help: INTEGER
    kind = "whole number"


class Number(_SaysTheRange, click.FloatRange):
    """Seconds and the like."""

    name = "number"


def fail(message: str, code: int = 2) -> None:
    click.secho(f"error: {message}", err=True, fg="red")
    raise SystemExit(code)


def game_option_example(game_id: str, values: int = 1) -> str:
    """An option of ``game_id`` written as the command line takes it, for an error's example
    (an unknown game is refused here, before its options are read)."""
    return option_example(ludus.make(game_id).options_class, values)


def make_game(game_id: str, option_strings: tuple[str, ...]):
    try:
        return ludus.make(game_id, **parse_option_strings(option_strings, game_option_example(game_id)))
    except OptionError as e:
        fail(str(e))


def seat_names(game) -> list[str]:
    names = getattr(game, "seat_names", None)
    if names and len(names) == game.num_players:
        return list(names)
    return [f"seat {i}" for i in range(game.num_players)]


def parse_seat(game, text: str | None, allow_spectator: bool = False) -> int | None:
    """A seat from its number or name ("0", "caesar", "seat 1"); None for the spectator."""
    if text is None:
        return None
    t = text.strip().lower()
    if allow_spectator and t in ("spectator", "none", "-", ""):
        return None
    names = seat_names(game)
    if t.isascii() and t.isdigit() and int(t) < game.num_players:
        return int(t)
    for i, name in enumerate(names):
        if t in (name.lower(), name.lower().replace(" ", "")):
            return i
    accepted = ", ".join(f"{i} or {n}" for i, n in enumerate(names))
    extra = " (or spectator)" if allow_spectator else ""
    fail(f"unknown seat {echo(text)}; seats of {game.id} are {accepted}{extra}")
    return None


def make_agent(spec: str, game, seed: int):
    try:
        return agents_mod.make(spec, game, seed=seed)
    except OptionError as e:
        fail(str(e))


# -- game-specific terminal modules ---------------------------------------------------------


def _generic_render(observation: dict):
    return JSON(json.dumps(observation, default=str), indent=1)


def _generic_narrate(event, viewer=None) -> Line:
    fields = ", ".join(f"{k}={v}" for k, v in event.to_dict().items() if k != "type")
    return Line(f"{type(event).__name__}({fields})")


def _generic_moves(actions: list):
    items = [Text(f"{i + 1:>2} ", style="bold") + Text(str(a)) for i, a in enumerate(actions)]
    return list(actions), Columns(items, padding=(0, 3), column_first=True)


def _generic_help(observation=None, actions=()) -> str:
    return "Type the number of a move, or the move as listed."


def commands_help(term) -> str:
    """What the prompt understands besides moves (rich markup); ``undo`` only in a game where a
    move can be taken back."""
    undo = ("[cyan]undo[/cyan] take back your last move (while nobody has played since and it showed "
            "no hidden card)" if term.no_undo is None else f"no [cyan]undo[/cyan] ({term.no_undo})")
    return ("Several moves at once: separate them with [cyan];[/cyan] (numbers count anew each time).\n"
            "[bold]Commands[/bold]: [cyan]?[/cyan] or [cyan]help[/cyan] · [cyan]board[/cyan] the table "
            f"again · [cyan]hint[/cyan] what a search would play ({LEVELS['hard']['time']:g} s, from what you "
            f"see) · {undo} · [cyan]quit[/cyan] stop (you may save)")


def terminal_for(game) -> SimpleNamespace:
    """The game's terminal face (``game.parts.terminal``), with generic fallbacks for what it
    leaves out (or for all of it)."""
    face = game.parts.terminal

    def get(attr, default):
        value = getattr(face, attr) if face is not None else None
        return default if value is None else value

    return SimpleNamespace(
        render=get("render", _generic_render),
        narrate=get("narrate", _generic_narrate),
        decision=get("decision", None),
        moves=get("moves", _generic_moves),
        auto_note=get("auto_note", None),
        result=get("result", None),
        turn_label=get("turn_label", None),
        help_text=get("help_text", _generic_help),
        no_undo=face.no_undo if face is not None else None,
    )


# How the terminal shows each narration style (ludus.core.narration.STYLES).
RICH_STYLES = {"": "", "strong": "bold", "good": "bold green", "bad": "bold red", "action": "bold yellow",
               "quiet": "dim"}


def markup(line: Line) -> str:
    """A narration line as rich markup: its words escaped, its style as the terminal's look."""
    style = RICH_STYLES[line.style]
    return f"[{style}]{escape(line.text)}[/{style}]" if style else escape(line.text)


def narration(term, events, viewer: int | None) -> list[str]:
    """Lines (rich markup) for ``events`` as ``viewer`` saw them: only ``event.seen_by(viewer)``."""
    lines = []
    for event in events:
        seen = event.seen_by(viewer)
        if seen is None:
            continue
        line = term.narrate(seen, viewer)
        if line:
            lines.append(markup(line))
    return lines


def squeeze(lines: list[str]) -> list[str]:
    """Merge runs of identical lines into one with a count ("drew a card ... (×2)")."""
    out: list[str] = []
    counts: list[int] = []
    for line in lines:
        if out and out[-1] == line:
            counts[-1] += 1
        else:
            out.append(line)
            counts.append(1)
    return [line if n == 1 else f"{line} [dim](×{n})[/dim]" for line, n in zip(out, counts, strict=True)]


def print_lines(console: Console, lines: list[str], prefix: str = "  ") -> None:
    for line in squeeze(lines):
        console.print(Text(prefix) + Text.from_markup(line))


def result_view(term, state, game, viewer: int | None):
    obs = state.observe(viewer)
    if term.result is not None:
        return term.result(obs)
    names = seat_names(game)
    scores = state.scores()
    returns = state.returns()
    t = Table(box=None, padding=(0, 2), header_style="bold")
    t.add_column("")
    t.add_column("score", justify="right")
    t.add_column("result", justify="right")
    for i, name in enumerate(names):
        r = returns[i]
        t.add_row(name + (" (you)" if i == viewer else ""), str(scores[i]),
                  "win" if r > 0 else "loss" if r < 0 else "draw")
    best = max(returns)
    winners = [names[i] for i, r in enumerate(returns) if r == best and r > 0]
    verdict = ("Winner: " + ", ".join(winners)) if winners else "A draw."
    reason = obs.get("end_reason") if isinstance(obs, dict) else None
    head = "Game over" + (f": {reason}" if reason else "")
    return Group(Text(head, style="bold"), t, Text(verdict, style="bold"))


def resume_line(already: int, total: int, journal) -> str:
    """What a resumed tournament or lab says of the games it found in its journal (markup)."""
    path = escape(str(journal))
    if already >= total:
        return f"All {total} games are in {path} already: the results below are read from it"
    return f"Resuming: {already} of {total} games are already in {path}"


def write_new(path: str | os.PathLike, text: str) -> str | None:
    """Write ``text`` to ``path``, a file that must not exist yet (ludus never overwrites one).
    Returns why it could not be written, or None; a file left half written is removed."""
    created = False
    try:
        with open(path, "x", encoding="utf-8") as f:
            created = True
            f.write(text)
    except FileExistsError:
        return f"{path} exists already (ludus never overwrites a file)"
    except OSError as e:
        if created:
            with contextlib.suppress(OSError):
                os.remove(path)
        return f"cannot write {path}: {e.strerror or e}"
    return None


def record_text(record: dict) -> str:
    return json.dumps(record, indent=1) + "\n"


def game_record(table) -> dict:
    """The record of a game played at this terminal, with who plays each seat: ``ludus play
    --resume`` goes on with it as it was."""
    return {**table.record(), "seats": [seat.agent for seat in table.seats]}


def say_saved(console: Console, path: str | os.PathLike) -> None:
    shown = escape(str(path))
    console.print(f"Record saved to [bold]{shown}[/bold] (go on: ludus play --resume {shown}; replay it: "
                  f"ludus replay {shown})")


def save_record(record: dict, path: str | os.PathLike, console: Console) -> bool:
    """Save ``record`` to a new file ``path``; False (and why, on the console) if it cannot be."""
    why = write_new(path, record_text(record))
    if why is not None:
        console.print(f"[red]{escape(why)}[/red]")
        return False
    say_saved(console, path)
    return True


def save_fallback(record: dict, game_id: str, console: Console) -> bool:
    """Save ``record`` where nobody named a file: a new file named after the game and the time
    in the current directory, else in the temporary directory. Says where it went."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    reasons = []
    for folder in ("", tempfile.gettempdir()):
        for n in range(1, 100):
            path = Path(folder) / f"ludus-{game_id}-{stamp}{f'-{n}' if n > 1 else ''}.json"
            why = write_new(path, record_text(record))
            if why is None:
                say_saved(console, path)
                return True
            if not path.exists():       # not a name taken: this folder cannot be written
                reasons.append(why)
                break
    console.print(f"[red]The game could not be saved anywhere: {escape('; '.join(reasons))}.[/red]")
    return False


# -- the app --------------------------------------------------------------------------------


class _App(click.Group):
    """Turns any LudusError that escapes a command into a message and exit code 2, and Ctrl-C
    into exit code 130 (the shell's convention; commands that have something to keep or to
    show handle it first)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except LudusError as e:
            fail(str(e))
        except KeyboardInterrupt:
            click.echo("Interrupted.", err=True)
            raise SystemExit(INTERRUPTED) from None


INTERRUPTED = 130    # the exit code of a command stopped by Ctrl-C (128 + SIGINT)


@click.group(cls=_App, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(ludus.__version__, prog_name="ludus")
def app() -> None:
    """ludus — hidden-information card games for people, bots and learning agents."""


OPTION = click.option("--option", "-o", "options", multiple=True, metavar="K=V",
                       help="A game option, e.g. -o wrath=face-up (repeatable; see `ludus games`).")

def agents_option(text: str, default: str | None = None):
    """``--agents LIST``, given as the list of specs. Repeatable, each repeat adding to the list
    (``--agents a --agents b`` is ``--agents a,b``): Click would keep the last one silently. Each
    repeat is read alone, so a spec's parameters stay in its own repeat."""
    def specs(ctx, param, values):
        return [spec for value in values for spec in split_agent_specs(value)]

    return click.option("--agents", multiple=True, required=default is None, metavar="LIST", callback=specs,
                        default=() if default is None else (default,), show_default=default is not None,
                        help=text + " Repeatable: --agents a --agents b is --agents a,b (a spec and its "
                                    "parameters in one repeat).")


BACKEND = click.option("--backend", type=click.Choice(BACKEND_NAMES), default="local", show_default=True,
                       help="Where games run: local (a process pool; pool is another name for it), serial "
                            "(this process) or ray (a local Ray, or the cluster at --address; needs pip "
                            "install -e '.[ray]').")

RECORDS = click.option("--records", is_flag=True,
                       help="With --out DIR: also write every game's record, move by move, to "
                            "DIR/records/game-00000.json (numbered as in games.csv), for ludus replay and "
                            "ludus review.")


def records_dir(out_dir: str | None, records: bool) -> Path | None:
    """DIR/records where ``--records`` asks for them; a refusal (before any game) without --out."""
    from ludus.arena.records import RECORDS_DIR

    if not records:
        return None
    if out_dir is None:
        fail("--records writes the records into the --out folder: give --out DIR too")
    return Path(out_dir) / RECORDS_DIR


def check_out_fresh(out_dir: str | None, journal: str, outputs: tuple[str, ...]) -> None:
    """Refuse an --out folder holding a finished run's ``outputs`` but not its ``journal``: no
    run to resume, and its files would be written over. (A run stopped before its first game
    was journaled has written none of them, and resumes.)"""
    if out_dir is None or (Path(out_dir) / journal).exists():
        return
    there = [name for name in outputs if (Path(out_dir) / name).exists()]
    if there:
        fail(f"{out_dir} holds {', '.join(there)} but no {journal}, so it is no run to resume, and this run "
             f"would write over them; give --out a new folder, or delete {out_dir} to start again there")


def check_records_fresh(folder: Path | None, expected: dict[int, dict]) -> None:
    """Refuse a records folder holding records of another run (``records.strangers``): this
    run's would mix with them."""
    from ludus.arena.records import strangers

    if folder is None:
        return
    other = strangers(folder, expected)
    if other:
        fail(f"{folder} holds {len(other)} game record{'s' if len(other) != 1 else ''} of another run (from "
             f"{other[0]}): this run's would mix with them. Delete that folder, or give another --out")


def say_unrecorded(console: Console, folder: Path | None, kept, left: int) -> None:
    """On a resume with --records: how many of the games ``kept`` (their indexes) have no record,
    with ``left`` games still to play."""
    from ludus.arena.records import unrecorded

    missing = unrecorded(folder, kept) if folder is not None else 0
    if not missing:
        return
    some = f"{missing} game{'s' if missing != 1 else ''} of those {'was' if missing == 1 else 'were'}"
    if left:
        console.print(f"[yellow]{some} played without --records: only the games played from now on are "
                      "recorded.[/yellow]")
    else:
        console.print(f"[yellow]{some} played without --records, and no game is left to play: nothing is "
                      "recorded (to record them, play the run again into another --out).[/yellow]")


def records_written(folder: Path | None) -> str:
    """The end of a "Written:" line for the records folder: where they are, if any is there."""
    if folder is None or not any(folder.glob("game-*.json")):
        return ""
    return f", the records in {escape(str(folder))}/ (ludus replay FILE --seat N)"


# -- games ----------------------------------------------------------------------------------
