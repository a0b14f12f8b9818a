"""The ``ludus`` command line: play a game in the terminal, simulate many, replay a record.

One click app; rich draws the output. Everything a person sees of a game comes from the
Game/State contract: ``state.observe(seat)`` for the table and ``event.seen_by(seat)``
for the narration — never the true state.

Game-specific drawing lives with the game, in ``ludus.games.<id with - as _>.terminal``
(found by ``terminal_for``). That module provides ``render(observation)`` and
``narrate(event, viewer)``, and may provide ``decision(observation, actions)``,
``moves(actions)``, ``auto_note(observation, action)``, ``result(observation)``,
``turn_label(observation)`` (where the game is, e.g. "phase 1 · trick 3 of 13": the titles,
and the steps of a replay when observations carry no ``turn``) and ``help_text()``. A game
without one gets the generic fallbacks below (pretty JSON of the observation; events as their
fields).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import click
from rich import box
from rich.columns import Columns
from rich.console import Console, Group
from rich.json import JSON
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

import ludus
from ludus import agents as agents_mod
from ludus.agents.base import split_agent_specs
from ludus.agents.ismcts import LEVELS
from ludus.arena import choose, derive_seed, play_game, wilson
from ludus.arena.tournament import ORDER_PLANS, PARTNER_PLANS
from ludus.core.errors import IllegalAction, LudusError, OptionError, RecordError
from ludus.core.options import option_choices, parse_option_strings
from ludus.core.registry import game_module

# -- small helpers --------------------------------------------------------------------------


def _console() -> Console:
    # Built per command so that it writes to the sys.stdout of the moment (CliRunner swaps it).
    return Console(highlight=False)


def _fail(message: str, code: int = 2) -> None:
    click.secho(f"error: {message}", err=True, fg="red")
    raise SystemExit(code)


def _make_game(game_id: str, option_strings: tuple[str, ...]):
    try:
        return ludus.make(game_id, **parse_option_strings(option_strings))
    except OptionError as e:
        _fail(str(e))


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
    if t.isdigit() and int(t) < game.num_players:
        return int(t)
    for i, name in enumerate(names):
        if t in (name.lower(), name.lower().replace(" ", "")):
            return i
    accepted = ", ".join(f"{i} or {n}" for i, n in enumerate(names))
    extra = " (or spectator)" if allow_spectator else ""
    _fail(f"unknown seat {text!r}; seats of {game.id} are {accepted}{extra}")
    return None


def _make_agent(spec: str, game, seed: int):
    try:
        return agents_mod.make(spec, game, seed=seed)
    except OptionError as e:
        _fail(str(e))


# -- game-specific terminal modules ---------------------------------------------------------


def _generic_render(observation: dict):
    return JSON(json.dumps(observation, default=str), indent=1)


def _generic_narrate(event, viewer=None) -> str | None:
    fields = ", ".join(f"{k}={v}" for k, v in event.to_dict().items() if k != "type")
    return escape(f"{type(event).__name__}({fields})")


def _generic_moves(actions: list):
    items = [Text(f"{i + 1:>2} ", style="bold") + Text(str(a)) for i, a in enumerate(actions)]
    return list(actions), Columns(items, padding=(0, 3), column_first=True)


def _generic_help() -> str:
    return "Type the number of a move, or the move as listed."


COMMANDS_HELP = ("Several moves at once: separate them with [cyan];[/cyan] (numbers count anew each time).\n"
                 "[bold]Commands[/bold]: [cyan]?[/cyan] or [cyan]help[/cyan] · [cyan]board[/cyan] the table "
                 f"again · [cyan]hint[/cyan] what a search would play ({LEVELS['hard']['time']:g} s, from what you "
                 "see) · [cyan]quit[/cyan] stop (you may save)")


def terminal_for(game) -> SimpleNamespace:
    """The game's terminal functions (``ludus.games.<id>.terminal``), with generic fallbacks."""
    module = game_module(game, "terminal")

    def get(attr, default):
        return getattr(module, attr, default) if module is not None else default

    return SimpleNamespace(
        render=get("render", _generic_render),
        narrate=get("narrate", _generic_narrate),
        decision=get("decision", None),
        moves=get("moves", _generic_moves),
        auto_note=get("auto_note", None),
        result=get("result", None),
        turn_label=get("turn_label", None),
        help_text=get("help_text", _generic_help),
    )


def narration(term, events, viewer: int | None) -> list[str]:
    """Lines (rich markup) for ``events`` as ``viewer`` saw them: only ``event.seen_by(viewer)``."""
    lines = []
    for event in events:
        seen = event.seen_by(viewer)
        if seen is None:
            continue
        line = term.narrate(seen, viewer)
        if line:
            lines.append(line)
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


def _print_lines(console: Console, lines: list[str], prefix: str = "  ") -> None:
    for line in squeeze(lines):
        console.print(Text(prefix) + Text.from_markup(line))


def _result_view(term, state, game, viewer: int | None):
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


def _save(state, path: str | os.PathLike, console: Console) -> None:
    Path(path).write_text(json.dumps(state.record(), indent=1) + "\n")
    shown = escape(str(path))
    console.print(f"Record saved to [bold]{shown}[/bold]  (replay it: ludus replay {shown})")


# -- the app --------------------------------------------------------------------------------


class _App(click.Group):
    """Turns any LudusError that escapes a command into a message and exit code 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except LudusError as e:
            _fail(str(e))


@click.group(cls=_App, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(ludus.__version__, prog_name="ludus")
def app() -> None:
    """ludus — hidden-information card games for people, bots and learning agents."""


_OPTION = click.option("--option", "-o", "options", multiple=True, metavar="K=V",
                       help="A game option, e.g. -o wrath=face-up (repeatable; see `ludus games`).")


# -- games ----------------------------------------------------------------------------------


@app.command("games")
def games_cmd() -> None:
    """List the games with their options and accepted values (default first, in bold)."""
    import dataclasses

    console = _console()
    for gid in ludus.game_ids():
        game = ludus.make(gid)
        console.print(f"[bold]{gid}[/bold] — {escape(game.title)} "
                      f"({game.num_players} players by default)")
        t = Table(box=None, padding=(0, 2), show_header=False, pad_edge=False)
        t.add_column(style="cyan")
        t.add_column()
        t.add_column(style="dim")
        defaults = game.options_dict()
        docs = {f.name: f.metadata.get("doc", "") for f in dataclasses.fields(type(game.options))}
        for name, values in option_choices(type(game.options)).items():
            shown = " | ".join(f"[bold]{v}[/bold]" if v == defaults[name] else str(v) for v in values)
            t.add_row(f"  {name}", shown, escape(docs.get(name, "")))
        console.print(t)


# -- play -----------------------------------------------------------------------------------


def _read(console: Console, prompt: str) -> str | None:
    """One line from the person; None at end of input (or Ctrl-C / Ctrl-D)."""
    console.print(Text.from_markup(prompt), end="")
    try:
        return input()
    except (EOFError, KeyboardInterrupt):
        console.print()
        return None


def _show_decision(console, term, state, seat, names, lines, clear: bool):
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
        _print_lines(console, lines)
    ask = term.decision(obs, legal) if term.decision else f"{names[seat].capitalize()} to move"
    console.print(Text("▶ ", style="bold green") + Text.from_markup(ask))
    console.print(moves_view)
    return ordered


def _quit(console, state, save: str | None) -> None:
    if save:
        _save(state, save, console)
        return
    answer = _read(console, "Save the game record? File name (Enter: don't save): ")
    if answer and answer.strip():
        _save(state, answer.strip(), console)


def _wipe(console: Console) -> None:
    """Clear the screen and, where the terminal allows, its scrollback (hot-seat privacy)."""
    if console.is_terminal:
        console.clear()
        console.file.write("\x1b[3J")  # erase the scrollback too (xterm, tmux, most terminals)
        console.file.flush()


def _pass_to(console: Console, names: list[str], seat: int, wipe: bool = True) -> bool:
    """Hot-seat: wipe the screen and wait for the next person at the keyboard (False: quit)."""
    if wipe:
        _wipe(console)
    console.print(Rule(style="blue"))
    answer = _read(console, f"[bold]Pass to {escape(names[seat])} — press Enter[/bold] ")
    if answer is None or answer.strip().lower() in ("quit", "q", "exit"):
        return False
    _wipe(console)
    return True


def _play_loop(console, game, state, humans, names, bots, term, auto: bool, clear: bool):
    """Play until the game ends (returns the narration for the end screen) or a person quits (None).

    ``humans`` are the seats played by people at this terminal, ``bots`` maps every other seat
    to its agent. Each person gets the narration as their seat saw it, since their last move.
    With several people (hot-seat) the screen is wiped and the keyboard passed ("Pass to seat N
    — press Enter") before a person's decision is shown whenever the screen last showed another
    person's view; the end screen then gets the public narration since the last person's move.
    """
    lines: dict[int, list[str]] = {h: [] for h in humans}
    public: list[str] = []
    hinter: list = []                      # the search behind `hint`, built when first asked
    queued: dict[int, list[str]] = {h: [] for h in humans}  # moves typed ahead, separated by ";"
    hot = len(humans) > 1
    on_screen: list[int | None] = [None if hot else humans[0]]  # whose view the screen shows

    def tell(events, mover: int | None = None, fallback: str | None = None) -> None:
        for h in humans:
            told = narration(term, events, h)
            if h == mover and not told and fallback:
                told = [fallback]
            lines[h] += told
        if hot:
            public.extend(narration(term, events, None))

    def show(seat: int, clear_now: bool):
        """The decision of ``seat`` on screen, after passing the keyboard if needed (None: quit).
        Passing it drops what the others typed ahead: their moves wait for their own screen."""
        if on_screen[0] != seat:
            if not _pass_to(console, names, seat, wipe=on_screen[0] is not None):
                return None
            for other in queued:
                if other != seat:
                    queued[other].clear()
            on_screen[0] = seat
        return _show_decision(console, term, state, seat, names, lines[seat], clear_now)

    while not state.is_terminal:
        seat = state.current_player
        if seat not in lines:
            # A searching bot takes a second or more a move: say so on a terminal.
            with (console.status(f"{escape(names[seat].capitalize())} is thinking…") if console.is_terminal
                  else contextlib.nullcontext()):
                action = choose(bots[seat], state, seat)
            tell(state.apply(action, player=seat))
            continue
        legal = state.legal_actions()
        if auto and len(legal) == 1:
            obs = state.observe(seat)
            note = term.auto_note(obs, legal[0]) if term.auto_note else f"Only one legal move: {legal[0]}."
            lines[seat].append(f"[dim](auto)[/dim] {note}")
            tell(state.apply(legal[0], player=seat))
            continue
        ordered = term.moves(legal)[0]
        if not queued[seat]:
            ordered = show(seat, clear)
            if ordered is None:
                return None
        while True:
            typed = not queued[seat]
            if queued[seat]:
                text = queued[seat].pop(0)
            else:
                text = _read(console, f"[bold]{escape(names[seat].capitalize())}[/bold], your move: ")
                if text is None:
                    text = "quit"
                parts = [t.strip() for t in text.split(";") if t.strip()]
                text, queued[seat] = (parts[0], parts[1:]) if parts else ("", [])
            low = text.lower()
            if low in ("quit", "q", "exit"):
                return None
            if not text:
                continue
            if not typed and low in ("help", "?", "h", "hint"):   # typed ahead: show the decision it is about
                ordered = show(seat, clear)
                if ordered is None:
                    return None
            if low in ("help", "?", "h"):
                console.print(Text.from_markup(term.help_text()))
                console.print(Text.from_markup(COMMANDS_HELP))
                continue
            if low == "hint":
                _hint(console, state, seat, ordered, hinter)
                continue
            if low in ("board", "table", "b"):
                ordered = show(seat, False)
                if ordered is None:
                    return None
                continue
            error = None
            if low.isdigit():
                n = int(low)
                if 1 <= n <= len(ordered):
                    action = ordered[n - 1]
                else:
                    error = f"There is no move {n}; choose 1 to {len(ordered)}."
            else:
                try:
                    action = game.parse_action(text)
                except IllegalAction as e:
                    error = str(e)
            if error is None:
                try:
                    events = state.apply(action, player=seat)
                except IllegalAction as e:
                    error = f"Refused: {e}"
            if error is not None:
                if queued[seat]:
                    error += f" (the moves typed after it were dropped: {'; '.join(queued[seat])})"
                    queued[seat] = []
                if not typed:  # the screen shows an earlier decision: show this one
                    ordered = show(seat, clear)
                    if ordered is None:
                        return None
                console.print(Text(error, style="red"))
                continue
            if typed:
                lines[seat] = []
                public.clear()
            tell(events, seat, f"You: [bold]{escape(str(action))}[/bold]")
            break
    return public if hot else lines[humans[0]]


def _hint(console, state, seat: int, ordered: list, hinter: list, shown: int = 3) -> None:
    """What ``ismcts:hard`` would play from the seat's perspective (nothing the seat may not
    know), its best moves numbered as on screen, with its estimate of each."""
    if not hinter:
        hinter.append(agents_mod.make("ismcts:hard", state.game))
    search = hinter[0]
    with console.status("Thinking about your move…") if console.is_terminal else contextlib.nullcontext():
        estimates = search.analyse(state.perspective(seat))
    number = {a: i + 1 for i, a in enumerate(ordered)}
    if len(estimates) == 1:
        console.print(f"Hint: [bold]1[/bold] {escape(str(estimates[0].action))} is the only legal move")
        return
    if not search.last_iterations:
        console.print(f"Hint: [bold]{number[estimates[0].action]}[/bold] {escape(str(estimates[0].action))} "
                      "(the bots play this by rule here; it is not searched)")
        return
    console.print(f"Hint, from {search.last_iterations:,} worlds you cannot tell from the true one "
                  "(its estimate for you: -1 a sure loss … +1 a sure win):")
    for e in estimates[:shown]:
        if e.visits:
            console.print(f"  [bold]{number[e.action]:>2}[/bold]  {escape(str(e.action)):<24} {e.value:+.2f}  "
                          f"[dim]tried in {e.visits / search.last_iterations:.0%}[/dim]")


def _seat_plan(game, as_, vs, seats) -> list[str]:
    """One entry per seat: ``human`` or an agent spec (from --seats, or from --as and --vs)."""
    n = game.num_players
    if seats is None:
        seat = parse_seat(game, as_) if as_ is not None else 0
        return ["human" if p == seat else (vs or "random") for p in range(n)]
    if as_ is not None or vs is not None:
        _fail("--seats names every seat; use it without --as and --vs")
    plan = [("human" if s.strip().lower() == "human" else s.strip()) for s in split_agent_specs(seats)]
    if len(plan) != n:
        hint = ""
        if "players" in game.options_dict() and len(plan) > 1:
            hint = f", or set the number of players with -o players={len(plan)}"
        _fail(f"{game.id} has {n} seats but --seats names {len(plan)} ({seats!r}); give one entry "
              f"per seat, e.g. --seats {','.join(['human'] + ['random'] * (n - 1))}{hint}")
    if "human" not in plan:
        _fail(f"--seats {seats!r} names no human; put 'human' at the seat(s) people play "
              f"(to watch agents play each other use: ludus simulate)")
    return plan


@app.command("play")
@click.argument("game_id", metavar="GAME")
@click.option("--as", "as_", default=None, metavar="SEAT",
              help="Your seat: a number (0 = first) or a name (cleopatra, caesar). Default: seat 0.")
@click.option("--vs", "vs", default=None, metavar="AGENT",
              help="The agent at every other seat, e.g. random, heuristic, ismcts:easy|medium|hard "
                   "(search bot: 200 or 1000 iterations, or 1 CPU second per move), "
                   "ismcts:iterations=500,seed=3. [default: random]")
@click.option("--seats", default=None, metavar="LIST",
              help="Every seat, comma-separated: human (a person at this terminal) or an agent spec, "
                   "e.g. human,heuristic,random,human. Several humans share the terminal "
                   "(hot-seat). Use instead of --as/--vs.")
@click.option("--seed", type=int, default=None, help="Game seed (default: a random one, shown when the game ends).")
@_OPTION
@click.option("--save", type=click.Path(dir_okay=False), default=None,
              help="Write the game record (JSON) here at the end, or when you quit.")
@click.option("--auto/--no-auto", default=True, show_default=True,
              help="Play your forced moves (exactly one legal move) for you.")
@click.option("--clear/--no-clear", default=None,
              help="Redraw the screen at each decision (default: only on a terminal).")
def play_cmd(game_id, as_, vs, seats, seed, options, save, auto, clear) -> None:
    """Play a whole game in the terminal against agents, or with other people (hot-seat).

    Type a move's number or its notation; `help` or `?` shows the notation, `hint` what a search
    would play from your seat's view, `quit` stops.
    """
    console = _console()
    game = _make_game(game_id, options)
    plan = _seat_plan(game, as_, vs, seats)
    humans = [p for p, spec in enumerate(plan) if spec == "human"]
    # The seed deals every hidden card: a drawn one is shown only once the game is over.
    seed_text = f" · seed {seed}" if seed is not None else ""
    if seed is None:
        seed = random.randrange(10**6)
    names = seat_names(game)
    bots = {p: _make_agent(spec, game, derive_seed(seed, "agent", p))
            for p, spec in enumerate(plan) if spec != "human"}
    term = terminal_for(game)
    if clear is None:
        clear = console.is_terminal and sys.stdin.isatty()
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history for input())
    state = game.new_state(seed=seed)
    opp_text = ", ".join(f"{names[p]}: {plan[p]}" for p in bots)
    vs_text = f" · vs {escape(opp_text)}" if bots else ""
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
    console.print("[dim]Type a move's number or its notation; ? for help, hint for a suggestion, quit to "
                  "stop.[/dim]")

    try:
        lines = _play_loop(console, game, state, humans, names, bots, term, auto, clear)
    except KeyboardInterrupt:
        console.print()
        lines = None
    if lines is None:
        _quit(console, state, save)
        console.print(f"Game abandoned. [dim]Seed {seed}: --seed {seed} deals it again.[/dim]")
        return

    viewer = humans[0] if len(humans) == 1 else None
    if len(humans) > 1:
        _wipe(console)
    elif clear:
        console.clear()
    console.print(Rule(Text(f"{game.title} · the end", style="bold"), style="blue"))
    console.print(term.render(state.observe(viewer)))
    if lines:
        console.print(Text("What happened:", style="bold"))
        _print_lines(console, lines)
    console.print()
    console.print(_result_view(term, state, game, viewer))
    console.print(f"[dim]Seed {seed}: --seed {seed} deals this game again.[/dim]")
    if save:
        _save(state, save, console)


# -- simulate -------------------------------------------------------------------------------


def _tally_table(title: str, rows: list[tuple[str, str, list[float]]]) -> Table:
    t = Table(title=title, title_style="bold", header_style="bold", box=box.SIMPLE_HEAD,
              padding=(0, 1), pad_edge=False)
    for col, just in (("agent", "left"), ("seat", "left"), ("games", "right"), ("wins", "right"),
                      ("losses", "right"), ("draws", "right"), ("win rate", "right"),
                      ("95% CI", "right")):
        t.add_column(col, justify=just, no_wrap=True)
    for agent, seat, results in rows:
        n = len(results)
        wins = sum(1 for r in results if r > 0)
        losses = sum(1 for r in results if r < 0)
        draws = n - wins - losses
        lo, hi = wilson(wins, n)
        rate = f"{wins / n:.1%}" if n else "-"
        ci = f"{lo * 100:.1f}–{hi * 100:.1f}%"
        t.add_row(agent, seat, str(n), str(wins), str(losses), str(draws), rate, ci)
    return t


@app.command("simulate")
@click.argument("game_id", metavar="GAME")
@click.option("--games", "-n", "num_games", type=click.IntRange(min=1), default=100, show_default=True,
              help="How many games to play.")
@click.option("--agents", default="random,random", show_default=True,
              help="Agent specs, comma-separated, one per seat (seat i plays the i-th).")
@click.option("--seed", type=int, default=None, help="Game k uses seed S+k (default S: random, shown).")
@_OPTION
@click.option("--swap", is_flag=True, help="Alternate seats every other game; report per agent.")
@click.option("--records", type=click.Path(file_okay=False), default=None,
              help="Write every game's record to DIR/game-00001.json, ...")
def simulate_cmd(game_id, num_games, agents, seed, options, swap, records) -> None:
    """Play many games between agents and report win rates with confidence intervals."""
    console = _console()
    game = _make_game(game_id, options)
    n_players = game.num_players
    specs = split_agent_specs(agents)
    if len(specs) == 1:
        specs *= n_players
    if len(specs) != n_players:
        _fail(f"{game.id} has {n_players} seats but --agents names {len(specs)} agents ({agents!r}); "
              f"give one spec per seat, e.g. --agents {','.join(['random'] * n_players)}")
    if seed is None:
        seed = random.randrange(10**6)
    players = [_make_agent(spec, game, derive_seed(seed, "agent", i)) for i, spec in enumerate(specs)]
    out_dir = Path(records) if records else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    names = seat_names(game)
    by_agent: list[list[float]] = [[] for _ in specs]
    by_seat: list[list[float]] = [[] for _ in range(n_players)]
    lengths: list[int] = []
    console.print(f"[bold]{escape(game.title)}[/bold] · {num_games} games · "
                  f"seeds {seed}..{seed + num_games - 1} · agents {', '.join(escape(s) for s in specs)}"
                  + (" · seats swapped every other game" if swap else ""))
    start, cpu_start = time.perf_counter(), time.process_time()
    progress = Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), console=console)
    with progress:
        task = progress.add_task("games", total=num_games, rate="")
        for k in range(num_games):
            # seat p is played by agent order[p]
            order = list(range(n_players))
            if swap and k % 2 == 1:
                order = order[1:] + order[:1]
            state = play_game(game, [players[o] for o in order], seed + k)
            returns = state.returns()
            for p in range(n_players):
                by_agent[order[p]].append(returns[p])
                by_seat[p].append(returns[p])
            lengths.append(len(state.history))
            if out_dir is not None:
                (out_dir / f"game-{k + 1:05d}.json").write_text(json.dumps(state.record()) + "\n")
            elapsed = time.perf_counter() - start
            progress.update(task, advance=1, rate=f"{(k + 1) / elapsed:.0f} games/s" if elapsed else "")
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start

    if swap:
        rows = [(f"{i + 1}: {spec}", "both", by_agent[i]) for i, spec in enumerate(specs)]
        console.print(_tally_table("Per agent (win rate, 95% Wilson interval)", rows))
        seat_rows = [("(either)", f"{p} {names[p]}", by_seat[p]) for p in range(n_players)]
        console.print(_tally_table("Per seat", seat_rows))
    else:
        rows = [(spec, f"{p} {names[p]}", by_seat[p]) for p, spec in enumerate(specs)]
        console.print(_tally_table("Results (win rate, 95% Wilson interval)", rows))
    mean_len = sum(lengths) / len(lengths)
    draws = sum(1 for i in range(num_games) if all(by_seat[p][i] == 0 for p in range(n_players)))
    console.print(f"{num_games} games in {elapsed:.2f} s · [bold]{num_games / elapsed:.0f} games/s[/bold] "
                  f"({num_games / max(cpu, 1e-9):.0f}/s of CPU time) · mean length {mean_len:.1f} decisions "
                  f"· draws {draws}")
    if out_dir is not None:
        console.print(f"Records written to {escape(str(out_dir))}/game-00001.json …")


# -- tournament -----------------------------------------------------------------------------


@app.command("tournament")
@click.argument("game_id", metavar="GAME")
@click.option("--agents", required=True, metavar="LIST",
              help="Agent specs, comma-separated, e.g. ismcts:easy,heuristic,random (at least 2; as many "
                   "as the game's seats or more; a spec listed twice gives two entrants).")
@click.option("--games", "-n", "num_games", type=click.IntRange(min=1), default=100, show_default=True,
              help="Games per table (pairing), rounded up to a multiple of the seatings of a deal (the "
                   "seats; × 3 partnerships with --partners rotate; every order with --order all).")
@click.option("--workers", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes of the local backend, CPUs of the local Ray, or the most game "
                   "batches running at once on a Ray cluster [default: all cores / the cluster's CPUs].")
@click.option("--backend", default="local", show_default=True, metavar="local|serial|ray",
              help="Where games run: local (process pool), serial (this process) or ray (a local Ray, or "
                   "the cluster at --address; needs pip install -e '.[ray]').")
@click.option("--address", default=None, metavar="ADDR",
              help="With --backend ray: the Ray cluster to use, host:port of its head node, auto, or "
                   "ray://host:port [default: start a local Ray].")
@click.option("--seed", type=int, default=None, help="Tournament seed: deals and agent seeds derive from it "
                                                     "(default: the seed of the run in --out DIR being "
                                                     "resumed, else a random one, shown).")
@_OPTION
@click.option("--partners", type=click.Choice(PARTNER_PLANS), default="rotate", show_default=True,
              help="In a game with teams (Claim, 4 players): rotate — each table is seated in every split into "
                   "teams, so every agent partners every other equally and gets its own rating; fixed — the "
                   "listed partners only (a table's 1st and 3rd agents, 2nd and 4th): teams are measured.")
@click.option("--order", type=click.Choice(ORDER_PLANS), default="cyclic", show_default=True,
              help="Seatings of each deal with 3 or more seats: cyclic — the seat rotations (every agent in every "
                   "seat); all — every order around the table (6 with 3 seats, 24 with 4, 8 with 4 and --partners "
                   "fixed), so that who plays after whom cancels out too.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write results.json, games.csv, ratings.csv and ratings.png to DIR, and every game as it "
                   "ends to DIR/games.jsonl: run the same command again to resume a stopped tournament.")
def tournament_cmd(game_id, agents, num_games, workers, backend, address, seed, options, partners, order,
                   out_dir) -> None:
    """A round robin between agents: shared deals, rotated seats, ratings with 95% intervals.

    Every combination of agents that fills the game's seats plays the same deals, each deal
    once per seating (seat rotation; see --partners and --order). Prints the ratings and the
    win-rate matrix.
    """
    from ludus.arena import Journal, Tournament, make_backend, report
    from ludus.arena.journal import code_version

    console = _console()
    game = _make_game(game_id, options)
    journal_path = Path(out_dir) / report.JOURNAL if out_dir is not None else None
    if seed is None:       # resuming without --seed: the stopped run's seed
        seed = _journal_seed(journal_path)
    if seed is None:
        seed = random.randrange(10**6)
    runner, already = None, 0
    try:
        tour = Tournament(game.id, split_agent_specs(agents), games=num_games, seed=seed,
                          options=game.options_dict(), partners=partners, order=order)
        journal = None if journal_path is None else Journal(
            journal_path, tour.header(), elsewhere=f"another --out directory (or delete {journal_path} to start again)")
        already = len(tour.journaled(journal, repair=False)) if journal is not None else 0
        runner = make_backend(backend, workers, address)   # Ray installed? the address answers?
        units = tour.units()
        if already < len(units):                            # a finished run needs no workers
            runner.start()                                  # after every input is checked: Ray takes seconds
    except OptionError as e:
        _fail(str(e))
    except KeyboardInterrupt:                               # e.g. while Ray starts
        if runner is not None:
            runner.close()
        kept = (f"; the {_games(already)} in {escape(str(journal_path))} are kept: run the same command again "
                "to resume" if journal_path is not None and already else "")
        console.print(f"Stopped before any new game was played{kept}.")
        raise SystemExit(130) from None
    try:
        rounded = (f" (rounded up from {num_games}: every deal is played in all {tour.seatings_text()})"
                   if tour.games_per_table != num_games else "")
        where = runner.describe() if already < len(units) else "nothing left to play"
        console.print(f"[bold]{escape(game.title)}[/bold] · {len(tour.names)} agents · {len(tour.tables)} "
                      f"table{'s' if len(tour.tables) != 1 else ''} × {tour.games_per_table} games{rounded} · "
                      f"{len(units)} games · seed {seed} · {escape(where)}")
        here = journal.code if journal is not None else code_version()
        if runner.code is not None and runner.code != here:
            console.print(f"[yellow]The workers run other code ({escape(runner.code)}) than this process "
                          f"({escape(here)}): the same seed may give other results than here"
                          f"{'; the journal records theirs' if journal is not None else ''}.[/yellow]")
            if journal is not None:
                journal.code = runner.code                  # the code that plays the games
        if already:
            console.print(f"Resuming: {already} of {len(units)} games are already in {escape(str(journal_path))}")
            codes = journal.codes()
            unknown = codes.pop("not recorded", 0)
            others = {code: n for code, n in codes.items() if code != journal.code}
            if others:
                n = sum(others.values())
                versions = ", ".join(f"{c}: {k}" for c, k in others.items())
                console.print(f"[yellow]Of those, {_games(n)} {'was' if n == 1 else 'were'} played by other code "
                              f"than this ({escape(journal.code)}): {escape(versions)}. The results mix "
                              "versions.[/yellow]")
            if unknown:
                console.print(f"[yellow]Of those, {_games(unknown)} {'does' if unknown == 1 else 'do'} not say "
                              f"which code played {'it' if unknown == 1 else 'them'}.[/yellow]")
        start = time.perf_counter()
        bar = report.ProgressBar(len(units), console, label="tournament", already=already)
        try:
            with bar:
                result = tour.run(runner, on_done=bar, journal=journal)
        except KeyboardInterrupt:
            played = already + bar.done
            if journal is not None:
                console.print(f"Stopped with {played} of {len(units)} games played, all kept in "
                              f"{escape(str(journal_path))}: run the same command again to resume.")
            else:
                console.print(f"Stopped with {played} of {len(units)} games played; nothing was kept (with "
                              "--out DIR a stopped tournament resumes where it was).")
            raise SystemExit(130) from None
        elapsed = time.perf_counter() - start
    finally:
        runner.close()
    console.print(report.ratings_table(result))
    console.print(report.matrix_table(result))
    played = len(units) - already
    if played:
        speed = (f"{played / elapsed:.1f} games/s" if elapsed and played >= elapsed
                 else f"{elapsed / played:.1f} s per game")
        console.print(f"{played} games in {elapsed:.1f} s · {speed}")
    if out_dir is not None:
        for note in report.write_all(result, out_dir):
            console.print(f"[yellow]{escape(note)}[/yellow]")
        files = ", ".join(f"{escape(out_dir)}/{f}" for f in ("results.json", "games.csv", "ratings.csv", report.JOURNAL)
                          if (Path(out_dir) / f).exists())
        if (Path(out_dir) / "ratings.png").exists():
            files += f", {escape(out_dir)}/ratings.png"
        console.print(f"Written: {files}")


def _games(n: int) -> str:
    return f"{n} game{'s' if n != 1 else ''}"


def _journal_seed(path: Path | None) -> int | None:
    """The seed in the header of a tournament's games journal, if there is a readable one."""
    if path is None:
        return None
    try:
        with path.open() as f:
            header = json.loads(f.readline())
    except (OSError, ValueError):
        return None
    seed = header.get("seed") if isinstance(header, dict) else None
    return seed if isinstance(seed, int) else None


# -- bench ----------------------------------------------------------------------------------

BENCH_ITERATIONS = LEVELS["easy"]["iterations"]
BENCH_SEARCH = f"ismcts:iterations={BENCH_ITERATIONS},seed=1"    # the search timed, with the game's defaults


@app.command("bench")
@click.argument("game_ids", nargs=-1, metavar="[GAME]...")
@_OPTION
@click.option("--seconds", type=click.FloatRange(min=0.1, max=600), default=2.0, show_default=True,
              help="CPU seconds for each figure (random playouts, then searches) of each game.")
def bench_cmd(game_ids, options, seconds) -> None:
    """How fast each game runs here: random playouts and ISMCTS iterations per CPU second.

    The iterations per second set how much a time-budgeted bot thinks: ismcts:hard gets one CPU
    second a move. Default: every game with its default options (options need one GAME).
    The recorded measurements, and how they were made, are in bench/RESULTS.md of the source.
    """
    import platform

    from ludus.arena.speed import playout_rate, search_positions, search_rate

    console = _console()
    if options and len(game_ids) != 1:
        _fail(f"-o/--option sets an option of one game; name exactly one GAME with it, "
              f"e.g. ludus bench claim -o players=3 (got {len(game_ids) or 'no'} games)")
    games = [_make_game(g, options) for g in dict.fromkeys(game_ids or ludus.game_ids())]
    hard = LEVELS["hard"]["time"]
    console.print(f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
                  f"{os.cpu_count()} cores · CPU time of this process · {seconds:g} s a figure")
    t = Table(header_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for col in ("game", "options", "random\ngames/s", "random\ndecisions/s", "ISMCTS\niterations/s"):
        t.add_column(col, justify="left" if col in ("game", "options") else "right", no_wrap=col == "game")
    shares = []
    for game in games:
        defaults = ludus.make(game.id).options_dict()
        changed = [f"{k}={v}" for k, v in game.options_dict().items() if v != defaults[k]]
        with console.status(f"measuring {game.id}…"):
            playouts = playout_rate(game, seconds, search=True)
            search = search_rate(game, BENCH_SEARCH, search_positions(game), seconds)
        shares += [playouts.cpu_share] + ([search.cpu_share] if search else [])
        t.add_row(game.id, ", ".join(changed) or "defaults", f"{playouts.runs_per_s:,.0f}",
                  f"{playouts.per_s:,.0f}", f"{search.per_s:,.0f}" if search else "—")
    console.print(t)
    console.print("Random: uniformly random moves to the end, as a search plays out its worlds. ISMCTS: "
                  f"searches of {BENCH_ITERATIONS} iterations ({BENCH_SEARCH}) from the positions of a game "
                  f"between heuristic bots, whole rounds of them; ismcts:hard searches {hard:g} CPU "
                  f"second{'s' if hard != 1 else ''} a move, about that many iterations.", style="dim")
    if min(shares) < 0.8:
        console.print(f"[yellow]The machine was busy: this run got {min(shares):.0%} of a core at times. CPU "
                      "time leaves out the waiting, but figures from a busy machine still run low.[/yellow]")


# -- replay ---------------------------------------------------------------------------------


def _load_record(path: str):
    try:
        text = Path(path).read_text()
    except OSError as e:
        _fail(f"cannot read {path}: {e.strerror or e}")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        _fail(f"{path} is not a game record: invalid JSON ({e.msg} at line {e.lineno})")
    try:
        ludus.replay(record)
    except RecordError as e:
        _fail(f"{path} is not a valid game record: {e}")
    return record


def _turn_of(term, state) -> Any:
    """Where the game is, from its public view: the terminal's turn label, else the turn number."""
    obs = state.observe(None)
    if term.turn_label is not None:
        return term.turn_label(obs)
    return obs.get("turn") if isinstance(obs, dict) else None


def _turn_title(term, names: list[str], turn, active: int | None, decision: int) -> str:
    """A title for ``turn`` (see ``_turn_of``) of seat ``active``: "Turn 6 · Caesar", "Phase 1 ·
    trick 3 of 13", "Setup"; "Decision N" where the game tells no turn."""
    if term.turn_label is not None:
        return str(turn)[:1].upper() + str(turn)[1:] if turn else f"Decision {decision}"
    if turn in (None, 0):
        return "Setup" if turn == 0 else f"Decision {decision}"
    return f"Turn {turn} · {names[active].capitalize()}" if active is not None else f"Turn {turn}"


def replay_steps(record: dict, seat: int | None):
    """Yield (step title, narration lines, observation) per turn, as ``seat`` saw them.

    A step is one turn (all decisions until the turn number of the observation changes), or
    one decision for a game whose observations carry no ``turn``.
    """
    game = ludus.make(record["game"], **record["options"])
    term = terminal_for(game)
    names = seat_names(game)
    state = game.new_state(seed=record["seed"])
    lines: list[str] = []
    current = _turn_of(term, state)
    active = state.current_player
    for i, text in enumerate(record["actions"]):
        events = state.apply(game.parse_action(text))
        lines += narration(term, events, seat)
        new = _turn_of(term, state)
        last = i == len(record["actions"]) - 1
        if new != current or new is None or last:
            yield _turn_title(term, names, current, active, len(state.history)), lines, state.observe(seat)
            lines = []
            current, active = new, state.current_player
    if not record["actions"]:
        yield "Start", [], state.observe(seat)


@app.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", default=None, metavar="N|NAME",
              help="Whose view: a seat number or name (default: spectator, public information only).")
@click.option("--all", "all_", is_flag=True, help="Print the whole replay at once (no prompts).")
def replay_cmd(file, seat, all_) -> None:
    """Step through a saved game as one seat saw it: Enter next, a to the end, q quits."""
    console = _console()
    record = _load_record(file)
    game = ludus.make(record["game"], **record["options"])
    viewer = parse_seat(game, seat, allow_spectator=True)
    names = seat_names(game)
    term = terminal_for(game)
    who = "a spectator" if viewer is None else names[viewer].capitalize()
    console.print(f"[bold]{escape(game.title)}[/bold] · seed {record['seed']} · "
                  f"{len(record['actions'])} decisions · seen by {escape(who)}")
    interactive = not all_
    last_obs = None
    for title, lines, obs in replay_steps(record, viewer):
        console.print(Rule(Text(title, style="bold"), style="blue"))
        _print_lines(console, lines)
        console.print(term.render(obs))
        last_obs = obs
        if interactive:
            answer = _read(console, "[dim]Enter: next · a: to the end · q: quit[/dim] ")
            if answer is None or answer.strip().lower() in ("q", "quit"):
                return
            if answer.strip().lower() == "a":
                interactive = False
    state = ludus.replay(record)
    if state.is_terminal:
        console.print()
        console.print(_result_view(term, state, game, viewer))
    elif last_obs is not None:
        console.print("[dim]The record ends before the game does.[/dim]")


# -- review ---------------------------------------------------------------------------------


@app.command("review")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", required=True, metavar="N|NAME", help="Whose moves to review: a seat number or name.")
@click.option("--agent", "spec", default="ismcts:iterations=1000,seed=1", show_default=True,
              help="The search that judges each move (an ismcts spec; e.g. ismcts:hard for 1 s a move).")
@click.option("--all", "all_", is_flag=True, help="List every decision with a choice, not only those where the "
                                                  "search would have played another move.")
def review_cmd(file, seat, spec, all_) -> None:
    """Review a saved game: what a search would have played at each of one seat's decisions.

    Each decision with a choice is searched from that seat's own view at the time (nothing it
    could not know). Values are the search's estimate for the seat, -1 a sure loss … +1 a sure
    win; "tried" is the share of its iterations a move got. A move played that the search tried
    a quarter as often as its own choice, or less, is one it found worse, whatever its value (an
    estimate from few tries).
    """
    from ludus.arena.review import review_game

    console = _console()
    record = _load_record(file)
    game = ludus.make(record["game"], **record["options"])
    viewer = parse_seat(game, seat)
    term = terminal_for(game)
    names = seat_names(game)
    progress = Progress(TextColumn("[bold]reviewing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=console, transient=True)
    task = progress.add_task("decisions", total=None)
    total = [0]                                            # the seat's decisions with a choice

    def on_position(k: int, n: int) -> None:
        total[0] = n
        progress.update(task, completed=k, total=n)

    try:
        reviews = review_game(record, viewer, spec, on_position)
    except OptionError as e:                               # the seat or the spec; nothing searched yet
        _fail(str(e))
    state = game.new_state(seed=record["seed"])            # follows the reviews, for the "when" column
    turn, active = _turn_of(term, state), state.current_player   # active: who opened the turn, as in replay
    rows: list[tuple[Any, str]] = []
    stopped = False
    with progress:
        try:
            for r in reviews:
                while len(state.history) < r.decision:
                    state.apply(game.parse_action(record["actions"][len(state.history)]))
                    new = _turn_of(term, state)
                    if new != turn or new is None:
                        turn, active = new, state.current_player
                rows.append((r, _turn_title(term, names, turn, active, r.decision + 1)))
        except KeyboardInterrupt:
            stopped = True
    _print_review(console, game, record, names[viewer], spec, rows, all_, total[0] if stopped else None)
    if stopped:
        console.print("[yellow]Stopped: the decisions above are those reviewed so far.[/yellow]")
        raise SystemExit(130)
    if not ludus.replay(record).is_terminal:
        console.print("[dim]The record ends before the game does.[/dim]")


def _print_review(console, game, record, name: str, spec: str, rows: list, all_: bool,
                  of: int | None = None) -> None:
    """The review's table and summary; ``of``: the seat's decisions with a choice, when the
    review stopped before reaching them all."""
    searched = [r for r, _ in rows if r.searched]
    count = (f"{len(rows)} of {of} decisions with a choice reviewed" if of is not None
             else f"{len(rows)} decision{'s' if len(rows) != 1 else ''} with a choice")
    console.print(f"[bold]{escape(game.title)}[/bold] · seed {record['seed']} · {escape(name.capitalize())}: "
                  f"{count}, judged by {escape(spec)}")
    if not rows:
        if of is None:
            console.print("Nothing to review: this seat never had a choice in the record.")
        return
    t = Table(header_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for col in ("#", "when", "played", "value · tried", "search's choice", "value · tried"):
        t.add_column(col, justify="right" if col in ("#", "value · tried") else "left")

    def rated(x: float | None, visits: int, r) -> str:
        share, value = visits / r.iterations, "—" if x is None else f"{x:+.2f}"     # None: never tried
        return f"{value} · {share:.1%}" if share < 0.1 else f"{value} · {share:.0%}"

    for r, when in rows:
        if not r.searched:
            if all_:
                t.add_row(str(r.decision + 1), escape(when), escape(str(r.played)), "",
                          f"{escape(str(r.best))} [dim](by rule)[/dim]", "[dim]not searched[/dim]")
        elif all_ or not r.agrees:
            t.add_row(str(r.decision + 1), escape(when), escape(str(r.played)),
                      rated(r.played_value, r.played_visits, r), "the same" if r.agrees else escape(str(r.best)),
                      rated(r.best_value, r.best_visits, r))
    if t.row_count:
        console.print(t)
    if searched:
        agreed = sum(r.agrees for r in searched)
        behind = [r for r in searched if r.far_behind]
        console.print(f"The search agreed with {agreed} of {len(searched)} searched moves "
                      f"({agreed / len(searched):.0%})."
                      + (f" It found the move played clearly worse (it tried its own choice at least four "
                         f"times as often) at decision{'s' if len(behind) > 1 else ''} "
                         f"{', '.join(str(r.decision + 1) for r in behind)}." if behind else ""))
    if len(searched) < len(rows):
        n = len(rows) - len(searched)
        console.print(f"{n} decision{'s' if n != 1 else ''} the game's search makes by a rule (such as Caesar & "
                      f"Cleopatra's opening arrangement) {'are' if n != 1 else 'is'} not reviewed.", style="dim")


def main(argv: list[str] | None = None) -> None:
    """The console script ``ludus``."""
    app.main(args=argv, prog_name="ludus")


if __name__ == "__main__":  # pragma: no cover
    main()
