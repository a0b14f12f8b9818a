"""``ludus review``: what a search would have played at each of a seat's decisions."""

from __future__ import annotations

from typing import Any

import click
from rich import box
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import ludus
from ludus.core.errors import OptionError

from .common import app, fail, make_console, parse_seat, seat_names, terminal_for
from .replay import load_record, turn_of, turn_title


@app.command("review")
@click.argument("file", type=click.Path())
@click.option("--seat", required=True, metavar="N|NAME", help="Whose moves to review: a seat number or name.")
@click.option("--agent", "spec", default="ismcts:iterations=1000,seed=1", show_default=True,
              help="The search that judges each move (an ismcts spec; e.g. ismcts:hard for 1 s a move). "
                   "Seeded with 1 unless it gives seed=N, so a record gets the same review every time; a "
                   "time budget (ismcts:hard) still depends on how fast the machine is at the moment.")
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

    console = make_console()
    record = load_record(file)
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
        fail(str(e))
    state = game.new_state(seed=record["seed"])            # follows the reviews, for the "when" column
    turn, active = turn_of(term, state), state.current_player   # active: who opened the turn, as in replay
    rows: list[tuple[Any, str]] = []
    stopped = False
    with progress:
        try:
            for r in reviews:
                while len(state.history) < r.decision:
                    state.apply(game.parse_action(record["actions"][len(state.history)]))
                    new = turn_of(term, state)
                    if new != turn or new is None:
                        turn, active = new, state.current_player
                rows.append((r, turn_title(term, names, turn, active, r.decision + 1)))
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
    by_rule = len(rows) - len(searched)
    count = (f"{len(rows)} of {of} decisions with a choice reviewed" if of is not None
             else f"{len(rows)} decision{'s' if len(rows) != 1 else ''} with a choice")
    if by_rule:
        count += f", {'all' if not searched and by_rule > 1 else by_rule} made by rule"
    console.print(f"[bold]{escape(game.title)}[/bold] · seed {record['seed']} · {escape(name.capitalize())}: "
                  f"{count} · judge {escape(spec)}")
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
    if by_rule:
        console.print(_by_rule_note(by_rule, bool(searched), all_), style="dim")


def _by_rule_note(by_rule: int, any_searched: bool, all_: bool) -> str:
    """Why ``by_rule`` decisions have no verdict: the game's search makes them by a rule, so there
    is nothing to judge. Said as "nothing to judge" when no decision was searched, lest the count
    of decisions with a choice read as a count of verdicts."""
    them = "it" if by_rule == 1 else "them"
    why = (f"the game's search makes {them} by a rule (such as Caesar & Cleopatra's opening "
           f"arrangement), not by searching")
    where = "marked (by rule) above" if all_ else "--all lists " + them
    if not any_searched:
        return f"Nothing to judge: {why}; {where}."
    decisions = "decision" if by_rule == 1 else "decisions"
    return f"No verdict on the {by_rule} {decisions} made by rule: {why}; {where}."
