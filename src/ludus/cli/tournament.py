"""``ludus tournament``: a round robin between agents, resumable, on local processes or Ray."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click
from rich.markup import escape

from ludus.arena.tournament import ORDER_PLANS, PARTNER_PLANS
from ludus.core.errors import OptionError
from ludus.core.rng import fresh_seed

from .common import (
    BACKEND,
    OPTION,
    RECORDS,
    SEED,
    WholeNumber,
    agents_option,
    app,
    check_out_fresh,
    check_records_fresh,
    fail,
    make_console,
    make_game,
    records_dir,
    records_written,
    resume_line,
    say_unrecorded,
)


@app.command("tournament")
@click.argument("game_id", metavar="GAME")
@agents_option("Agent specs, comma-separated, e.g. ismcts:easy,heuristic,random (at least 2; as many as the "
               "game's seats or more; a spec listed twice gives two entrants).")
@click.option("--games", "-n", "num_games", type=WholeNumber(min=1), default=100, show_default=True,
              help="Games per table (pairing), rounded up to a multiple of the seatings of a deal (the "
                   "seats; × 3 partnerships with --partners rotate; every order with --order all).")
@click.option("--workers", "-j", type=WholeNumber(min=1), default=None,
              help="Worker processes of the local backend, CPUs of the local Ray, or the most game "
                   "batches running at once on a Ray cluster [default: all cores / the cluster's CPUs].")
@BACKEND
@click.option("--address", default=None, metavar="ADDR",
              help="With --backend ray: the Ray cluster to use, host:port of its head node, auto, or "
                   "ray://host:port [default: start a local Ray].")
@click.option("--seed", type=SEED, default=None, help="Tournament seed: deals and agent seeds derive from it "
                                                     "(default: the seed of the run in --out DIR being "
                                                     "resumed, else a random one, shown).")
@OPTION
@click.option("--partners", type=click.Choice(PARTNER_PLANS), default="rotate", show_default=True,
              help="In a game with teams (Claim, 4 players): rotate — each table is seated in every split into "
                   "teams, so every agent partners every other equally and gets its own rating; fixed — the "
                   "listed partners only (a table's 1st and 3rd agents, 2nd and 4th): teams are measured.")
@click.option("--order", type=click.Choice(ORDER_PLANS), default="cyclic", show_default=True,
              help="Seatings of each deal: cyclic — the seat rotations (every agent in every seat); all — every "
                   "order around the table (with 3 or more seats: 6 with 3, 24 with 4, 8 with 4 and --partners "
                   "fixed), so that who plays after whom cancels out too; listed — the listed seating only "
                   "(seat advantage stays in the results).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write results.json, games.csv, ratings.csv and ratings.png to DIR, and every game as it "
                   "ends to DIR/games.jsonl: run the same command again to resume a stopped tournament.")
@RECORDS
def tournament_cmd(game_id, agents, num_games, workers, backend, address, seed, options, partners, order,
                   out_dir, records) -> None:
    """A round robin between agents: shared deals, rotated seats, ratings with 95% intervals.

    Every combination of agents that fills the game's seats plays the same deals, each deal
    once per seating (seat rotation; see --partners and --order). Prints the ratings and the
    win-rate matrix.
    """
    from ludus.arena import Journal, Tournament, make_backend, report
    from ludus.arena.journal import code_version

    console = make_console()
    folder = records_dir(out_dir, records)
    game = make_game(game_id, options)
    check_out_fresh(out_dir, report.JOURNAL, report.OUTPUTS)
    journal_path = Path(out_dir) / report.JOURNAL if out_dir is not None else None
    if seed is None:       # resuming without --seed: the stopped run's seed
        seed = _journal_seed(journal_path)
    if seed is None:
        seed = fresh_seed()
    runner, already = None, 0
    try:
        tour = Tournament(game.id, agents, games=num_games, seed=seed,
                          options=game.options_dict(), partners=partners, order=order)
        journal = None if journal_path is None else Journal(
            journal_path, tour.header(), elsewhere=f"another --out directory (or delete {out_dir} to start again)",
            same_games=tour.same_games)
        already = len(tour.journaled(journal, repair=False)) if journal is not None else 0
        check_records_fresh(folder, {u.index: {"game": game.id, "options": tour.options, "seed": u.deal_seed,
                                               "seats": list(u.specs)} for u in tour.units()})
        runner = make_backend(backend, workers, address)   # Ray installed? the address answers?
        units = tour.units()
        if already < len(units):                            # a finished run needs no workers
            runner.start()                                  # after every input is checked: Ray takes seconds
    except OptionError as e:
        fail(str(e))
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
            console.print(resume_line(already, len(units), journal_path))
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
        if already:
            say_unrecorded(console, folder, tour.journaled(journal, repair=False), len(units) - already)
        start = time.perf_counter()
        bar = report.ProgressBar(len(units), console, label="tournament", already=already)
        try:
            with bar:
                result = tour.run(runner, on_done=bar, journal=journal, records=folder)
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
        console.print(f"{played} games in {elapsed:.1f} s · {report.pace(played, elapsed)}")
    if out_dir is not None:
        for note in report.write_all(result, out_dir):
            console.print(f"[yellow]{escape(note)}[/yellow]")
        files = ", ".join(f"{escape(out_dir)}/{f}" for f in (*report.OUTPUTS, report.JOURNAL)
                          if (Path(out_dir) / f).exists())
        files += records_written(folder)
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
