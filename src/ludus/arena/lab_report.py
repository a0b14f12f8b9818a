"""A lab's results on screen (rich tables) and on disk (results.json, CSV, PNG plots)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from rich import box
from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .lab import LabReport

JOURNAL = "games.jsonl"     # in --out DIR: every game as it ends, what a stopped lab resumes from
PLOTS = ("seats.png", "lengths.png", "ends.png")
OUTPUTS = ("results.json", "variants.csv", "comparisons.csv", "games.csv", *PLOTS)   # write_all's, once done
PLOT_MISSING = ("seats.png, lengths.png and ends.png skipped: matplotlib is not installed "
                "(pip install -e '.[plot]' in the ludus checkout)")


def _pct(rate: dict) -> str:
    if rate["rate"] is None:
        return "-"
    lo, hi = rate["interval"]
    return f"{rate['rate']:.1%}\n[dim]{lo * 100:.0f}–{hi * 100:.0f}[/dim]"


def _spread(q: dict | None) -> str:
    if q is None:
        return "-"
    return f"{q['median']:g}\n[dim]({q['q1']:g}–{q['q3']:g})[/dim]"


def _p(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3g}"


def _table(title: str) -> Table:
    """The tables of a lab fit 80 columns for a few seats and options: a value sits above its
    interval or quartiles, a variant's options one above the other, and headers may wrap."""
    return Table(title=title, title_style="bold", header_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1),
                 pad_edge=False, collapse_padding=True)


def _variant(label: str) -> str:
    return escape("\n".join(label.split()))


def _variant_column(t: Table, report: LabReport) -> None:
    """The variants' column, never narrower than its longest option (``dragon=last-dragon``):
    variants cut to the same text could not be told apart."""
    t.add_column("variant", no_wrap=True, min_width=max((len(w) for v in report.variants for w in v["label"].split()),
                                          default=7))


def wins_table(report: LabReport) -> Table:
    """Per variant: each seat's win rate, the first mover's, draws, and the weaker agent's wins."""
    t = _table("Who wins (win rate, 95% Wilson interval)")
    seats = max((len(v["seats"]) for v in report.variants), default=0)
    names = next((v["seats"] for v in report.variants if len(v["seats"]) == seats), [])
    _variant_column(t, report)
    t.add_column("games", justify="right")
    for seat in names:
        t.add_column(seat["name"], justify="right")
    t.add_column("first to move", justify="right")
    t.add_column("draws", justify="right")
    if report.weaker is not None:
        t.add_column(f"{report.weaker} wins", justify="right")
    for v in report.variants:
        cells = [_pct(s) for s in v["seats"]] + [""] * (seats - len(v["seats"]))
        row = [_variant(v["label"]), str(v["games"]), *cells, _pct(v["first_seat"]), _pct(v["draws"])]
        if report.weaker is not None:
            row.append(_pct(v["weaker"]))
        t.add_row(*row)
    t.caption = (f"A seat's fair share is {report.variants[0]['fair_share']:.0%} of the games without draws."
                 if report.variants and len({v['fair_share'] for v in report.variants}) == 1 else None)
    return t


def length_table(report: LabReport) -> Table:
    """Per variant: length, rounds and margin (median and quartiles)."""
    t = _table("How long, and by how much (median, quartiles)")
    _variant_column(t, report)
    t.add_column("decisions", justify="right")
    if report.rounds_name is not None:
        t.add_column(f"{report.rounds_name}s", justify="right")
    t.add_column("score margin", justify="right")
    for v in report.variants:
        row = [_variant(v["label"]), _spread(v["length"])]
        if report.rounds_name is not None:
            row.append(_spread(v["rounds"]))
        row.append(_spread(v["margin"]))
        t.add_row(*row)
    return t


def ends_table(report: LabReport) -> Table:
    """Per variant: the share of games that ended each way (a table of its own, as the games'
    reasons for ending are long and vary in number)."""
    t = _table("How games end")
    reasons = list(dict.fromkeys(e["reason"] for v in report.variants for e in v["ends"]))
    _variant_column(t, report)
    for reason in reasons:
        t.add_column(escape(reason), justify="right", min_width=6)
    for v in report.variants:
        ends = {e["reason"]: e for e in v["ends"]}
        t.add_row(_variant(v["label"]), *(f"{ends[r]['rate']:.1%}" if r in ends else "0.0%" for r in reasons))
    return t


DIFFERENCE_COLUMNS = (("measure", "left"), ("from", "right"), ("to", "right"), ("p", "right"),
                      ("Holm p", "right"), ("", "left"))


def differences_table(report: LabReport) -> Group:
    """Every comparison made, with its p-value and Holm-adjusted p-value, grouped by the pair of
    variants compared. Each pair is named once, above its measures, rather than in columns of
    every row: that way the table stays readable at 80 columns."""
    pairs: dict[str, list[list[str]]] = {}
    for c in report.comparisons:
        shown = (lambda x: f"{x:.1%}") if c["test"] == "z" else (lambda x: f"{x:.4g}")
        pair = f"{c['option']}: {c['from']} → {c['to']}" + (f" · with {c['with']}" if c["with"] else "")
        pairs.setdefault(pair, []).append(
            [escape(c["metric"]), shown(c["value_a"]), shown(c["value_b"]), _p(c["p"]), _p(c["p_holm"]),
             "[bold]significant[/bold]" if c["significant"] else "[dim]no[/dim]"])
    widths = [max([len(col), *(Text.from_markup(row[i]).cell_len for rows in pairs.values() for row in rows)])
              for i, (col, _) in enumerate(DIFFERENCE_COLUMNS)]
    # The measure wraps rather than push the numbers past 80 columns (a column costs its width, its
    # padding on both sides and a rule between columns).
    widths[0] = max(len("measure"), min(widths[0], 80 - 2 - sum(w + 3 for w in widths[1:])))

    def table(title: str | None, show_header: bool) -> Table:
        t = Table(title=title, title_justify="left", title_style="bold", show_header=show_header,
                  header_style="bold", box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1))
        for (col, just), width in zip(DIFFERENCE_COLUMNS, widths, strict=True):
            t.add_column(col, justify=just, width=width)
        return t

    parts: list = [Text("Differences between variants that differ in one option", style="bold"),
                   table(None, True)]
    for pair, rows in pairs.items():
        t = table(escape(pair), False)
        for row in rows:
            t.add_row(*row)
        parts += [Text(), t]
    parts.append(Text(f"\nPercentages: two-proportion z-test; other measures: the difference over its bootstrap "
                      f"standard error. Holm-adjusted across all {len(report.comparisons)} comparisons; "
                      "significant: Holm p below 0.05.", style="dim"))
    return Group(*parts)


def paired_lines(report: LabReport) -> list[str]:
    """How often the games dealt from the same seed in the same seating had another winner, per
    pair of variants (the same cards unless the option changes the deck)."""
    return [f"Same seed and seating, another result: {p['a']} → {p['b']}: {p['rate']:.1%} of {p['games']} games"
            for p in report.paired if p["games"]]


# -- files ----------------------------------------------------------------------------------


def write_json(report: LabReport, path: Path) -> None:
    path.write_text(json.dumps(report.to_dict(), indent=1) + "\n")


def write_variants_csv(report: LabReport, path: Path) -> None:
    """One row per variant: its options, win rates with intervals, length, margin, end shares."""
    reasons = list(dict.fromkeys(e["reason"] for v in report.variants for e in v["ends"]))
    seats = max((len(v["seats"]) for v in report.variants), default=0)
    head = ["variant", *report.lab.vary, "games"]
    for p in range(seats):
        head += [f"seat{p}_win_rate", f"seat{p}_lo", f"seat{p}_hi"]
    head += ["first_win_rate", "first_lo", "first_hi", "draw_rate"]
    if report.weaker is not None:
        head += ["weaker_agent", "weaker_win_rate", "weaker_lo", "weaker_hi"]
    head += ["length_median", "length_q1", "length_q3", "length_mean"]
    if report.rounds_name is not None:
        head += [f"{report.rounds_name}s_median", f"{report.rounds_name}s_q1", f"{report.rounds_name}s_q3"]
    head += ["margin_median", "margin_q1", "margin_q3", "margin_mean", *(f"ends: {r}" for r in reasons)]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(head)
        for v in report.variants:
            row = [v["label"], *v["varied"].values(), v["games"]]
            for p in range(seats):
                s = v["seats"][p] if p < len(v["seats"]) else None
                row += [s["rate"], *s["interval"]] if s else ["", "", ""]
            row += [v["first_seat"]["rate"], *v["first_seat"]["interval"], v["draws"]["rate"]]
            if report.weaker is not None:
                row += [report.weaker, v["weaker"]["rate"], *v["weaker"]["interval"]]
            for key, fields in (("length", ("median", "q1", "q3", "mean")),
                                ("rounds", ("median", "q1", "q3") if report.rounds_name else ()),
                                ("margin", ("median", "q1", "q3", "mean"))):
                row += [v[key][x] if v[key] else "" for x in fields]
            ends = {e["reason"]: e["rate"] for e in v["ends"]}
            row += [ends.get(r, 0.0) for r in reasons]
            w.writerow(row)


def write_comparisons_csv(report: LabReport, path: Path) -> None:
    head = ["option", "with", "from", "to", "metric", "value_a", "value_b", "difference", "interval", "test", "p",
            "p_holm", "significant"]
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=head, extrasaction="ignore")
        w.writeheader()
        for c in report.comparisons:
            w.writerow(c)


def write_games_csv(report: LabReport, path: Path) -> None:
    """One row per game: its variant, deal, seating, length, rounds, end, and per seat agent, return, score."""
    seats = max((v.plan.seats for v in report.lab.variants), default=0)
    head = ["game", "variant", "deal", "rotation", "deal_seed", "first", "length", "rounds", "end"]
    for p in range(seats):
        head += [f"seat{p}_agent", f"seat{p}_return", f"seat{p}_score"]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(head)
        for g in report.games:
            specs = report.lab.variants[g.variant].specs
            row = [g.index, report.lab.variants[g.variant].label, g.deal, g.rotation, g.deal_seed, g.first,
                   g.length, "" if g.rounds is None else g.rounds, g.end]
            for p, a in enumerate(g.seats):
                row += [specs[a], g.returns[p], g.scores[p]]
            w.writerow(row)


def plot(report: LabReport, out: Path) -> bool:
    """seats.png, lengths.png and ends.png in ``out``; False (nothing written) without matplotlib."""
    try:
        import matplotlib
    except ImportError:
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    variants = [v for v in report.variants if v["games"]]
    labels = [v["label"].replace(" ", "\n") for v in variants]      # one option per line
    fixed = "".join(f" {k}={v}" for k, v in report.lab.fixed.items())
    title = f"{report.lab.variants[0].plan.game.title}{fixed} · {', '.join(report.lab.specs)} · seed {report.lab.seed}"
    width = max(7.0, 1.6 + 1.5 * len(variants))

    # Win rate by seat (and of the first mover), with intervals.
    fig, ax = plt.subplots(figsize=(width, 4.2))
    widest = max(variants, key=lambda v: len(v["seats"]))       # players=2,3: name the third seat too
    seats = len(widest["seats"])
    series = [(s, lambda v, s=s: v["seats"][s] if s < len(v["seats"]) else None) for s in range(seats)]
    series.append(("first to move", lambda v: v["first_seat"]))
    if report.weaker is not None:
        series.append((f"{report.weaker} wins", lambda v: v["weaker"]))
    step = 0.8 / len(series)
    for k, (name, get) in enumerate(series):
        xs, ys, err = [], [], [[], []]
        for x, v in enumerate(variants):
            rate = get(v)
            if rate is None:
                continue
            xs.append(x - 0.4 + step * (k + 0.5))
            ys.append(rate["rate"])
            err[0].append(rate["rate"] - rate["interval"][0])
            err[1].append(rate["interval"][1] - rate["rate"])
        label = widest["seats"][name]["name"] if isinstance(name, int) else name
        ax.errorbar(xs, ys, yerr=err, fmt="o", capsize=3, label=label)
    for share in sorted({v["fair_share"] for v in variants}):
        ax.axhline(share, color="grey", lw=0.8, ls=":")
    ax.set_xticks(range(len(variants)), labels)
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8, ncol=min(4, len(series)))
    ax.set_title(f"Who wins · {title}", fontsize=10)
    fig.tight_layout()
    fig.savefig(out / "seats.png", dpi=100)
    plt.close(fig)

    # Length distributions: decisions, and rounds or turns where the game counts them.
    lengths = [[g.length for g in report.games if g.variant == i] for i, v in enumerate(report.variants) if v["games"]]
    panels = [("decisions", lengths)]
    if report.rounds_name is not None:
        panels.append((f"{report.rounds_name}s", [[g.rounds for g in report.games if g.variant == i and g.rounds
                                                   is not None] for i, v in enumerate(report.variants) if v["games"]]))
    fig, axes = plt.subplots(1, len(panels), figsize=(width * len(panels) * 0.8, 4.2), squeeze=False)
    for ax, (name, data) in zip(axes[0], panels, strict=True):
        ax.boxplot(data, showmeans=True)
        ax.set_xticks(range(1, len(labels) + 1), labels)
        ax.set_ylabel(f"game length ({name})")
    fig.suptitle(f"How long · {title}", fontsize=10)
    fig.tight_layout()
    fig.savefig(out / "lengths.png", dpi=100)
    plt.close(fig)

    # How games end, as stacked shares.
    reasons = list(dict.fromkeys(e["reason"] for v in variants for e in v["ends"]))
    fig, ax = plt.subplots(figsize=(width, 4.2))
    bottoms = [0.0] * len(variants)
    for reason in reasons:
        shares = [next((e["rate"] for e in v["ends"] if e["reason"] == reason), 0.0) for v in variants]
        ax.bar(range(len(variants)), shares, bottom=bottoms, label=reason)
        bottoms = [b + s for b, s in zip(bottoms, shares, strict=True)]
    ax.set_xticks(range(len(variants)), labels)
    ax.set_ylabel("share of games")
    ax.set_ylim(0, 1.0)
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.12 - 0.06 * labels[0].count("\n")),
              ncol=1 if len(reasons) > 2 else len(reasons))
    ax.set_title(f"How games end · {title}", fontsize=10)
    fig.tight_layout()
    fig.savefig(out / "ends.png", dpi=100, bbox_inches="tight")
    plt.close(fig)
    return True


def write_all(report: LabReport, out_dir: str | Path) -> list[str]:
    """results.json, variants.csv, comparisons.csv, games.csv and the plots in ``out_dir``; the notes to show."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    write_json(report, out / "results.json")
    write_variants_csv(report, out / "variants.csv")
    write_comparisons_csv(report, out / "comparisons.csv")
    write_games_csv(report, out / "games.csv")
    return [] if plot(report, out) else [PLOT_MISSING]
