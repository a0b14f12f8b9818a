"""``ludus simulate``: many games between agents, with win rates and their intervals.

The games are planned and seeded by the arena (a one-table tournament), so a simulation and a
tournament with the same seed deal the same games.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import click
from rich import box
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from ludus.arena import Tournament, wilson
from ludus.arena.match import unit_final_state
from ludus.arena.records import record_name, unit_record
from ludus.arena.report import pace
from ludus.arena.tournament import entrant_names
from ludus.core.errors import OptionError
from ludus.core.rng import fresh_seed

from .common import (
    INTERRUPTED,
    OPTION,
    SEED,
    WholeNumber,
    agents_option,
    app,
    fail,
    make_console,
    make_game,
    seat_names,
    write_new,
)


def _tally_table(title: str, head: str, rows: list[tuple[str, list[float]]], sections: bool = False) -> Table:
    """Wins, losses, draws and the win rate with its interval, one row per ``(label, returns)``
    under the label column ``head``. With ``sections``, a label that does not start with a space
    opens a new section (an agent's total, above its seat rows)."""
    t = Table(title=title, title_style="bold", header_style="bold", box=box.SIMPLE_HEAD,
              padding=(0, 1), pad_edge=False, show_edge=False)
    # Numbers stay whole on a narrow terminal: only the labels wrap, at a space if they can.
    t.add_column(head, overflow="fold")
    for col in ("games", "wins", "losses", "draws", "win rate", "95% CI"):
        t.add_column(col, justify="right", no_wrap=True)
    for label, results in rows:
        if sections and t.row_count and not label.startswith(" "):
            t.add_section()     # each agent's rows (all, then by seat) apart from the next's
        n = len(results)
        wins = sum(1 for r in results if r > 0)
        losses = sum(1 for r in results if r < 0)
        draws = n - wins - losses
        lo, hi = wilson(wins, n)
        rate = f"{wins / n:.1%}" if n else "-"
        ci = f"{lo * 100:.1f}–{hi * 100:.1f}%"
        t.add_row(Text(label), str(n), str(wins), str(losses), str(draws), rate, ci)
    return t


def _records_folder(records: str) -> Path:
    """--records DIR, created if need be: checked before any game is played, so that a second
    simulation into the same folder stops at once instead of replacing the first one's records."""
    out_dir = Path(records)
    taken = sorted(out_dir.glob("game-*.json")) if out_dir.is_dir() else []
    if taken:
        fail(f"{records} holds {len(taken)} game record{'s' if len(taken) > 1 else ''} already (from "
             f"{taken[0].name}) and ludus never overwrites a record: give --records a new or empty folder")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        fail(f"cannot create the folder {records} for the records: {e.strerror or e}; give another --records")
    return out_dir


@app.command("simulate")
@click.argument("game_id", metavar="GAME")
@click.option("--games", "-n", "num_games", type=WholeNumber(min=1), default=100, show_default=True,
              help="How many games to play (with --swap, rounded up to a multiple of the seats).")
@agents_option("Agent specs, comma-separated: one per seat (seat i plays the i-th), or one for every seat "
               "(--agents heuristic: heuristic against itself), as in ludus lab.", default="random,random")
@click.option("--seed", type=SEED, default=None,
              help="Seeds every deal and agent, as a tournament's --seed does (default: a random one, shown).")
@OPTION
@click.option("--swap", is_flag=True,
              help="Play every deal once per seat rotation (duplicate style); report per agent and per seat.")
@click.option("--records", type=click.Path(file_okay=False), default=None,
              help="Write every game's record, with the agent of each seat, to DIR/game-00000.json, ... "
                   "(deal by deal; with --swap each deal's seat rotations in turn). DIR must be new or hold "
                   "no records (none is ever overwritten).")
def simulate_cmd(game_id, num_games, agents, seed, options, swap, records) -> None:
    """Play many games between agents and report win rates with confidence intervals.

    The games are those of a one-table tournament (``ludus tournament``) with the same seed:
    deal k is dealt from the seed alone, and with --swap played once in each seat rotation;
    without it, in the listed seating only.
    """
    console = make_console()
    game = make_game(game_id, options)
    n_players = game.num_players
    specs = agents
    if len(specs) == 1:
        specs *= n_players
    if len(specs) != n_players:
        fail(f"{game.id} has {n_players} seats but --agents names {len(specs)} agents ({','.join(specs)}); "
              f"give one spec per seat, e.g. --agents {','.join(['random'] * n_players)}, or one for every "
              f"seat (--agents random)")
    if seed is None:
        seed = fresh_seed()
    try:
        plan = Tournament(game.id, specs, games=num_games, seed=seed, options=game.options_dict(),
                          partners="fixed", order="cyclic" if swap else "listed")
    except OptionError as e:
        fail(str(e))
    units = sorted(plan.units(), key=lambda u: (u.deal, u.rotation))
    out_dir = _records_folder(records) if records else None
    # "0 cleopatra"; a game whose seats have no names of their own shows "seat 0", not "0 seat 0"
    names = [f"{p} {name}" if name != f"seat {p}" else name for p, name in enumerate(seat_names(game))]
    by_agent_seat: list[list[list[float]]] = [[[] for _ in range(n_players)] for _ in specs]
    by_seat: list[list[float]] = [[] for _ in range(n_players)]
    lengths: list[int] = []
    rounded = f" (rounded up from {num_games})" if len(units) != num_games else ""
    console.print(f"[bold]{escape(game.title)}[/bold] · {len(units)} games{rounded} · seed {seed} · "
                  f"agents {', '.join(escape(s) for s in specs)}"
                  + (f" · every deal in all {plan.seatings_text()}" if swap else ""))
    start, cpu_start = time.perf_counter(), time.process_time()
    progress = Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), console=console)
    stopped = False
    try:
        with progress:
            task = progress.add_task("games", total=len(units), rate="")
            for k, unit in enumerate(units):
                state = unit_final_state(game, unit)
                returns = state.returns()
                for p, agent in enumerate(unit.seats):
                    by_agent_seat[agent][p].append(returns[p])
                    by_seat[p].append(returns[p])
                lengths.append(len(state.history))
                if out_dir is not None:
                    name = record_name(unit.index)       # numbered as a tournament with this seed numbers it
                    why = write_new(out_dir / name, json.dumps(unit_record(state, unit.specs)) + "\n")
                    if why is not None:
                        progress.stop()
                        fail(f"the record of game {k + 1} ({name}) was not written: {why}; the simulation stops "
                             f"after {k + 1} games, {k} of them recorded in {out_dir}", code=1)
                elapsed = time.perf_counter() - start
                progress.update(task, advance=1, rate=pace(k + 1, elapsed) if elapsed else "")
    except KeyboardInterrupt:        # the games played so far are counted, and their records kept
        stopped = True
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    n = len(lengths)
    if stopped:
        kept = f"; their records are in {escape(str(out_dir))}" if out_dir is not None and n else ""
        console.print(f"[yellow]Stopped after {n} of {len(units)} games{kept}.[/yellow]")
        if not n:
            raise SystemExit(INTERRUPTED)

    if swap:
        # Each agent over all its games, then from each seat: an agent stronger from one seat
        # than from the other shows here, where the seat totals mix both agents.
        rows = []
        for i, name in enumerate(entrant_names(specs)):     # "random", "random#2" as in a tournament
            rows.append((name, [r for results in by_agent_seat[i] for r in results]))
            rows += [(f"   {names[p]}", by_agent_seat[i][p]) for p in range(n_players) if by_agent_seat[i][p]]
        console.print(_tally_table("Per agent (win rate, 95% Wilson interval)", "agent, then by seat", rows,
                                   sections=True), "")
        seat_rows = [(names[p], by_seat[p]) for p in range(n_players)]
        console.print(_tally_table("Per seat, every agent", "seat", seat_rows))
    else:
        rows = [(f"{names[p]}: {spec}", by_seat[p]) for p, spec in enumerate(specs)]
        console.print(_tally_table("Results (win rate, 95% Wilson interval)", "seat: agent", rows))
    console.print()
    mean_len = sum(lengths) / n
    draws = sum(1 for i in range(n) if all(by_seat[p][i] == 0 for p in range(n_players)))
    console.print(f"{n} games in {elapsed:.2f} s · [bold]{pace(n, elapsed)}[/bold] "
                  f"({pace(n, cpu)} of CPU time) · mean length {mean_len:.1f} decisions · draws {draws}")
    if out_dir is not None and not stopped:
        console.print(f"Records written to {escape(str(out_dir))}/{record_name(0)} …")
    if stopped:
        raise SystemExit(INTERRUPTED)
