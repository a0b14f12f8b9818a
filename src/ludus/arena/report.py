"""A tournament's results on disk (JSON, CSV, PNG) and on screen (rich tables, progress bar)."""

from __future__ import annotations

import csv
import json
import time
from pathlib import Path

from rich import box
from rich.console import Console, Group
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from .tournament import TournamentResult

PLOT_MISSING = "ratings.png skipped: matplotlib is not installed (pip install -e '.[plot]' in the ludus checkout)"


# -- files ----------------------------------------------------------------------------------


def write_json(result: TournamentResult, path: str | Path) -> None:
    Path(path).write_text(json.dumps(result.to_dict(), indent=1) + "\n")


def write_games_csv(result: TournamentResult, path: str | Path) -> None:
    """One row per game: its key, deal seed, length, how it ended, then agent, return and score per seat."""
    t = result.tournament
    head = ["game", "table", "deal", "rotation", "deal_seed", "length", "end"]
    for p in range(t.seats):
        head += [f"seat{p}_agent", f"seat{p}_return", f"seat{p}_score"]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(head)
        for g in result.games:
            row = [g.index, g.table, g.deal, g.rotation, g.deal_seed, g.length, g.end]
            for p, a in enumerate(g.seats):
                row += [t.names[a], g.returns[p], g.scores[p]]
            w.writerow(row)


def write_ratings_csv(result: TournamentResult, path: str | Path) -> None:
    """One row per agent, best first: rating with its 95% interval, and its record."""
    head = ["rank", "agent", "rating", "lo", "hi", "se", "games", "wins", "draws", "losses", "win_rate"]
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=head)
        w.writeheader()
        for row in result.to_dict()["ratings"]:
            w.writerow({k: row[k] for k in head})


def plot(result: TournamentResult, path: str | Path) -> bool:
    """Ratings with their intervals, and the win-rate matrix, as a PNG; False without matplotlib."""
    try:
        import matplotlib
    except ImportError:
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    t = result.tournament
    order = result.ranking()
    names = [t.names[i] for i in order]
    k = len(names)
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(6 + 1.1 * k, 1.5 + 0.55 * k + 1.5),
                                   gridspec_kw={"width_ratios": [1, 1.2]})
    ys = list(range(k))[::-1]
    r = [result.ratings[i] for i in order]
    ax1.errorbar([x.rating for x in r], ys,
                 xerr=[[x.rating - x.lo for x in r], [x.hi - x.rating for x in r]],
                 fmt="o", capsize=4, color="tab:blue")
    ax1.axvline(0, color="grey", lw=0.8, ls=":")
    ax1.set_yticks(ys, [f"{rank}. {name}" for rank, name in enumerate(names, 1)])
    ax1.set_ylim(-0.7, k - 0.3)
    ax1.set_xlabel("rating (Elo, mean 0) with 95% interval")
    ax1.set_title("Ratings")
    matrix = [[result.score_rate(i, j) if i != j else None for j in order] for i in order]
    shown = [[float("nan") if v is None else v for v in row] for row in matrix]
    im = ax2.imshow(shown, vmin=0, vmax=1, cmap="RdBu")
    for a in range(k):
        for b in range(k):
            if matrix[a][b] is not None:
                v = matrix[a][b]
                ax2.text(b, a, f"{v:.0%}", ha="center", va="center", fontsize=9,
                         color="white" if abs(v - 0.5) > 0.3 else "black")
    ranks = [str(rank) for rank in range(1, k + 1)]     # the agents as numbered in the ratings
    ax2.set_xticks(range(k), ranks)
    ax2.set_yticks(range(k), ranks)
    ax2.set_title("Score of row against column (by rank)")
    fig.colorbar(im, ax=ax2, fraction=0.046, pad=0.04)
    fig.suptitle(f"{t.game.title} · {t.games_per_table} games per table · seed {t.seed}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


JOURNAL = "games.jsonl"   # in --out DIR: every game as it ends, what a stopped tournament resumes from
OUTPUTS = ("results.json", "games.csv", "ratings.csv", "ratings.png")    # write_all's, once the run is done


def write_all(result: TournamentResult, out_dir: str | Path) -> list[str]:
    """results.json, games.csv, ratings.csv and ratings.png in ``out_dir``; the notes to show."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    write_json(result, out / "results.json")
    write_games_csv(result, out / "games.csv")
    write_ratings_csv(result, out / "ratings.csv")
    notes = []
    if not plot(result, out / "ratings.png"):
        notes.append(PLOT_MISSING)
    return notes


# -- screen ---------------------------------------------------------------------------------


def ratings_table(result: TournamentResult) -> Table:
    t = Table(title="Ratings (Bradley–Terry, Elo scale, mean 0)", title_style="bold",
              header_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for col, just in (("#", "right"), ("agent", "left"), ("rating", "right"), ("95% interval", "right"),
                      ("games", "right"), ("W-D-L", "right"), ("win rate", "right")):
        t.add_column(col, justify=just, no_wrap=col != "agent", overflow="fold")   # a long spec wraps
    for rank, i in enumerate(result.ranking()):
        r, rec = result.ratings[i], result.records[i]
        rate = f"{rec.wins / rec.games:.1%}" if rec.games else "-"
        t.add_row(str(rank + 1), Text(result.tournament.names[i]), f"{r.rating:+.0f}", f"{r.lo:+.0f} … {r.hi:+.0f}",
                  str(rec.games), f"{rec.wins}-{rec.draws}-{rec.losses}", rate)
    together = [" and ".join(result.tournament.names[i] for i in group) for group in result.groups if len(group) > 1]
    if together:
        t.caption = ("Always partners, so rated as one team, each showing half its rating: "
                     + escape("; ".join(together)) + ".")
    return t


def matrix_table(result: TournamentResult) -> Group:
    """Score of each row against each column (wins + half draws), with the meetings per pair.
    Rows and columns go in rating order; a column is headed by its agent's rank, as in the
    ratings table, so that long specs do not squeeze the numbers off a narrow terminal."""
    names = result.tournament.names
    order = result.ranking()
    n = {result.meetings[i][j] for i in order for j in order if i != j}
    each = f"{n.pop()} meetings per pair" if len(n) == 1 else "meetings vary by pair"
    t = Table(header_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    t.add_column("#", justify="right", no_wrap=True)
    t.add_column("agent", overflow="fold")
    for rank in range(len(order)):
        t.add_column(f"vs {rank + 1}", justify="right", no_wrap=True)
    for rank, i in enumerate(order):
        cells = []
        for j in order:
            v = result.score_rate(i, j) if i != j else None
            cells.append("·" if i == j else "-" if v is None else f"{v:.0%}")
        t.add_row(str(rank + 1), Text(names[i]), *cells)
    head = Text.assemble(("Score of row vs column", "bold"), f" (wins + ½ draws; {each})")
    return Group(head, t)


class ProgressBar:
    """A rich progress bar fed by a backend's ``on_done`` callback (games and games/s).

    It redraws when a batch of games finishes, not from a timer: rich's refresh thread would be
    running when the process pool forks its workers, and forking a process with threads risks
    locks held forever in the child.
    """

    def __init__(self, total: int, console: Console | None = None, label: str = "playing", already: int = 0):
        """``already``: games done before this run (a resumed tournament); they fill the bar but
        not the rate."""
        self.total = total
        self.already = already
        self.progress = Progress(TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(),
                                 TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), console=console,
                                 auto_refresh=False)
        self.task = None
        self.start = 0.0
        self.done = 0

    def __enter__(self):
        self.progress.__enter__()
        self.task = self.progress.add_task("games", total=self.total, completed=self.already, rate="")
        self.progress.refresh()
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc):
        return self.progress.__exit__(*exc)

    def __call__(self, batch) -> None:
        self.done += len(batch)
        elapsed = time.perf_counter() - self.start
        if elapsed <= 0:
            rate = ""
        else:
            rate = pace(self.done, elapsed)
            left = self.total - self.already - self.done
            if left > 0:
                rate += f" · {_duration(left * elapsed / self.done)} left"
        self.progress.update(self.task, advance=len(batch), rate=rate)
        self.progress.refresh()


def pace(games: int, seconds: float) -> str:
    """How fast games go, in the unit that reads best: "2284 games/s", "25.0 games/s", or
    "3.4 s/game" when a game takes more than a second (where games/s would round to 0)."""
    if games < seconds:
        return f"{seconds / max(games, 1):.1f} s/game"
    rate = games / max(seconds, 1e-9)
    return f"{rate:.0f} games/s" if rate >= 100 else f"{rate:.1f} games/s"


def _duration(seconds: float) -> str:
    """A rough duration for people: "40 s", "12 min", "3 h 05 min"."""
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60:02d} min"
