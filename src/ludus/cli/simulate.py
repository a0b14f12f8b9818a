"""``ludus simulate``: many games between agents, with win rates and their intervals."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import click
from rich import box
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ludus.agents.base import split_agent_specs
from ludus.arena import derive_seed, play_game, wilson
from ludus.session import versioned

from .common import OPTION, app, fail, make_agent, make_console, make_game, seat_names


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
@OPTION
@click.option("--swap", is_flag=True, help="Alternate seats every other game; report per agent.")
@click.option("--records", type=click.Path(file_okay=False), default=None,
              help="Write every game's record to DIR/game-00001.json, ...")
def simulate_cmd(game_id, num_games, agents, seed, options, swap, records) -> None:
    """Play many games between agents and report win rates with confidence intervals."""
    console = make_console()
    game = make_game(game_id, options)
    n_players = game.num_players
    specs = split_agent_specs(agents)
    if len(specs) == 1:
        specs *= n_players
    if len(specs) != n_players:
        fail(f"{game.id} has {n_players} seats but --agents names {len(specs)} agents ({agents!r}); "
              f"give one spec per seat, e.g. --agents {','.join(['random'] * n_players)}")
    if seed is None:
        seed = random.randrange(10**6)
    players = [make_agent(spec, game, derive_seed(seed, "agent", i)) for i, spec in enumerate(specs)]
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
                (out_dir / f"game-{k + 1:05d}.json").write_text(json.dumps(versioned(state.record())) + "\n")
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
