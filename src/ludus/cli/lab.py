"""``ludus lab``: what a reading of the rules (an option) does to a game, measured over many games."""

from __future__ import annotations

import time
from pathlib import Path

import click
from rich.markup import escape

import ludus
from ludus.core.errors import OptionError, echo
from ludus.core.options import option_example, parse_option_strings
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
    game_option_example,
    make_console,
    records_dir,
    records_written,
    resume_line,
    say_unrecorded,
)
from .tournament import _journal_seed


def parse_vary(pairs: tuple[str, ...], options_cls: type | None = None) -> dict[str, list[str]]:
    """``--vary NAME=V1,V2`` strings as {name: [values]}; OptionError for a malformed one, with an
    example from ``options_cls`` (the game's options)."""
    vary: dict[str, list[str]] = {}
    for pair in pairs:
        name, sep, values = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            example = ("option=value1,value2" if options_cls is None
                       else option_example(options_cls, values=2, name=pair.strip()))
            raise OptionError(f"--vary {echo(pair)} is malformed; write it as option=value1,value2, "
                              f"e.g. --vary {example}")
        if name in vary:
            raise OptionError(f"--vary names {echo(name, 40)} twice; give all its values in one --vary")
        vary[name] = [v.strip() for v in values.split(",") if v.strip()]
    return vary


@app.command("lab")
@click.argument("game_id", metavar="GAME")
@click.option("--vary", "vary", multiple=True, metavar="OPTION=V1,V2",
              help="An option and the values to compare (repeatable: every combination is played).")
@OPTION
@agents_option("Agent specs, one per seat or one for every seat; seats are rotated on every deal. Two agents "
               "of different strength (heuristic,random) also show how often the weaker wins.", default="heuristic")
@click.option("--games", "-n", "num_games", type=WholeNumber(min=1), default=200, show_default=True,
              help="Games per variant, rounded up to a multiple of the seats (each deal in every rotation).")
@BACKEND
@click.option("--workers", "-j", type=WholeNumber(min=1), default=None,
              help="Worker processes (local) or CPUs (Ray) [default: all cores].")
@click.option("--address", default=None, metavar="ADDR", help="With --backend ray: a Ray cluster's address.")
@click.option("--seed", type=SEED, default=None,
              help="Seeds every deal and agent, the same in every variant (default: the seed of the run in "
                   "--out DIR being resumed, else a random one, shown).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write results.json, variants.csv, comparisons.csv, games.csv and the plots (seats.png, "
                   "lengths.png, ends.png) to DIR, and every game as it ends to DIR/games.jsonl: run the "
                   "same command again to resume a stopped lab.")
@RECORDS
def lab_cmd(game_id, vary, options, agents, num_games, backend, workers, address, seed, out_dir, records) -> None:
    """What each reading of the rules does to the game: the same deals under every combination
    of the varied options, with win rates by seat, length, end reasons and score margins, and
    the differences between variants tested (z-test or bootstrap, Holm-corrected).

    \b
    e.g. ludus lab seize-rome --vary control=persistent,per-round --vary tie=clear,keep -n 400
    """
    from ludus.arena import Journal, lab_report, make_backend
    from ludus.arena.lab import Lab
    from ludus.arena.report import ProgressBar

    console = make_console()
    folder = records_dir(out_dir, records)
    check_out_fresh(out_dir, lab_report.JOURNAL, lab_report.OUTPUTS)
    journal_path = Path(out_dir) / lab_report.JOURNAL if out_dir is not None else None
    if seed is None:
        seed = _journal_seed(journal_path)
    if seed is None:
        seed = fresh_seed()
    runner, already = None, 0
    try:
        lab = Lab(game_id, parse_vary(vary, ludus.make(game_id).options_class),
                  fixed=parse_option_strings(options, game_option_example(game_id)), specs=agents,
                  games=num_games, seed=seed)
        journal = None if journal_path is None else Journal(
            journal_path, lab.header(), elsewhere=f"another --out directory (or delete {out_dir} to start again)")
        already = len(lab.journaled(journal, repair=False)) if journal is not None else 0
        check_records_fresh(folder, {u.index: {"game": lab.game_id, "options": dict(u.options),
                                               "seed": u.unit.deal_seed, "seats": list(u.unit.specs)}
                                     for u in lab.units()})
        runner = make_backend(backend, workers, address)
        units = lab.units()
        if already < len(units):
            runner.start()
    except OptionError as e:
        fail(str(e))
    try:
        title = lab.variants[0].plan.game.title
        fixed = " · " + " ".join(f"{k}={v}" for k, v in lab.fixed.items()) if lab.fixed else ""
        per = sorted({v.plan.games_per_table for v in lab.variants})
        games_text = f"{per[0]} games each" if len(per) == 1 else "games per variant as the seats allow"
        if per != [num_games]:
            games_text += f" (rounded up from {num_games}: every deal is played in every seat rotation)"
        where = runner.describe() if already < len(units) else "nothing left to play"
        console.print(f"[bold]{escape(title)}[/bold]{escape(fixed)} · {len(lab.variants)} variants × "
                      f"{games_text} · agents {escape(', '.join(lab.specs))} · seed {seed} · {escape(where)}")
        if already:
            console.print(resume_line(already, len(units), journal_path))
            say_unrecorded(console, folder, lab.journaled(journal, repair=False), len(units) - already)
        start = time.perf_counter()
        bar = ProgressBar(len(units), console, label="lab", already=already)
        try:
            with bar:
                report = lab.run(runner, on_done=bar, journal=journal, records=folder)
        except KeyboardInterrupt:
            played = already + bar.done
            kept = (f", all kept in {escape(str(journal_path))}: run the same command again to resume"
                    if journal is not None else "; nothing was kept (with --out DIR a stopped lab resumes)")
            console.print(f"Stopped with {played} of {len(units)} games played{kept}.")
            raise SystemExit(130) from None
        elapsed = time.perf_counter() - start
    finally:
        runner.close()
    console.print(lab_report.wins_table(report))
    console.print(lab_report.length_table(report))
    console.print(lab_report.ends_table(report))
    if report.comparisons:
        console.print(lab_report.differences_table(report))
    for line in lab_report.paired_lines(report):
        console.print(escape(line))
    played = len(units) - already
    if played:
        console.print(f"{played} games in {elapsed:.1f} s")
    if out_dir is not None:
        for note in lab_report.write_all(report, out_dir):
            console.print(f"[yellow]{escape(note)}[/yellow]")
        files = ", ".join(escape(str(Path(out_dir) / f)) for f in (*lab_report.OUTPUTS, lab_report.JOURNAL)
                          if (Path(out_dir) / f).exists())
        files += records_written(folder)
        console.print(f"Written: {files}")

