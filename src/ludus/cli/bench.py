"""``ludus bench``: how fast each game and its search run on this machine."""

from __future__ import annotations

import os

import click
from rich import box
from rich.table import Table

import ludus
from ludus.agents.ismcts import LEVELS

from .common import OPTION, Number, app, fail, make_console, make_game

BENCH_ITERATIONS = LEVELS["easy"]["iterations"]
BENCH_SEARCH = f"ismcts:iterations={BENCH_ITERATIONS},seed=1"    # the search timed, with the game's defaults


@app.command("bench")
@click.argument("game_ids", nargs=-1, metavar="[GAME]...")
@OPTION
@click.option("--seconds", type=Number(min=0.1, max=600), default=2.0, show_default=True,
              help="CPU seconds for each figure (random playouts, then searches) of each game.")
def bench_cmd(game_ids, options, seconds) -> None:
    """How fast each game runs here: random playouts and ISMCTS iterations per CPU second.

    The iterations per second set how much a time-budgeted bot thinks: ismcts:hard gets one CPU
    second a move. Default: every game with its default options (options need one GAME).
    The recorded measurements, and how they were made, are in bench/RESULTS.md of the source.
    """
    import platform

    from ludus.arena.speed import playout_rate, search_positions, search_rate

    console = make_console()
    if options and len(game_ids) != 1:
        fail(f"-o/--option sets an option of one game; name exactly one GAME with it, "
              f"e.g. ludus bench claim -o players=3 (got {len(game_ids) or 'no'} games)")
    games = [make_game(g, options) for g in dict.fromkeys(game_ids or ludus.game_ids())]
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
