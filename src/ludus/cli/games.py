"""``ludus games``: the games and their options."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

import ludus
from ludus.core.options import option_choices

from .common import app, make_console


@app.command("games")
def games_cmd() -> None:
    """List the games with their options and accepted values (default first, in bold)."""
    import dataclasses

    console = make_console()
    for gid in ludus.game_ids():
        game = ludus.make(gid)
        console.print(f"[bold]{gid}[/bold] — {escape(game.title)} "
                      f"({game.num_players} players by default)")
        t = Table(box=None, padding=(0, 2), show_header=False, pad_edge=False)
        t.add_column(style="cyan", no_wrap=True)
        t.add_column(max_width=20)      # values wrap at " | ", leaving the help room for whole words
        t.add_column(style="dim", overflow="fold")
        defaults = game.options_dict()
        docs = {f.name: f.metadata.get("doc", "") for f in dataclasses.fields(type(game.options))}
        for name, values in option_choices(type(game.options)).items():
            t.add_row(f"  {name}", _values(values, defaults[name]), escape(docs.get(name, "")))
        for k, (level, spec) in enumerate((game.parts.levels or {}).items()):
            t.add_row("  bots by level" if k == 0 else "", f"[cyan]{level}[/cyan]", escape(spec))
        console.print(t)


def _values(values: list, default) -> str:
    """An option's values, the default first and in bold; four or more whole numbers in a row
    as a range (``6 | 0–12``, ``random | 0–3``)."""
    rest = [v for v in values if v != default]
    shown = [f"[bold]{escape(str(default))}[/bold]"]
    numbers = sorted({int(v) for v in values if str(v).isdigit()})
    if (len(rest) >= 3 and all(str(v).isdigit() for v in rest)
            and numbers == list(range(numbers[0], numbers[-1] + 1))):
        return " | ".join([*shown, f"{numbers[0]}–{numbers[-1]}"])
    return " | ".join([*shown, *(escape(str(v)) for v in rest)])


# -- play -----------------------------------------------------------------------------------
