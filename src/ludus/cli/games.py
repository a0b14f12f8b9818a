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
        t.add_column(style="cyan")
        t.add_column()
        t.add_column(style="dim")
        defaults = game.options_dict()
        docs = {f.name: f.metadata.get("doc", "") for f in dataclasses.fields(type(game.options))}
        for name, values in option_choices(type(game.options)).items():
            shown = " | ".join(f"[bold]{v}[/bold]" if v == defaults[name] else str(v) for v in values)
            t.add_row(f"  {name}", shown, escape(docs.get(name, "")))
        console.print(t)
        if game.parts.levels:
            console.print("  [dim]bots by level:[/dim] " + " · ".join(
                f"[cyan]{name}[/cyan] {escape(spec)}" for name, spec in game.parts.levels.items()))


# -- play -----------------------------------------------------------------------------------
