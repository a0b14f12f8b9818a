"""The ``ludus`` command line: play a game in the terminal, simulate many, replay a record.

One click app (``common.app``), one module per command; rich draws the output. Everything a
person sees of a game comes from the Game/State contract: ``state.observe(seat)`` for the table
and ``event.seen_by(seat)`` for the narration — never the true state.

Game-specific drawing lives with the game, in ``ludus.games.<id with - as _>.terminal``
(found by ``common.terminal_for``). That module provides ``render(observation)`` and
``narrate(event, viewer)``, and may provide ``decision(observation, actions)``,
``moves(actions)``, ``auto_note(observation, action)``, ``result(observation)``,
``turn_label(observation)`` (where the game is, e.g. "phase 1 · trick 3 of 13": the titles,
and the steps of a replay when observations carry no ``turn``) and ``help_text(observation,
actions)``. A game without one gets generic fallbacks (pretty JSON of the observation; events
as their fields).
"""

from __future__ import annotations

from . import bench, games, lab, play, replay, review, serve, simulate, tables, tournament  # noqa: F401  (they register the commands)
from .common import app


def main(argv: list[str] | None = None) -> None:
    """The console script ``ludus``."""
    app.main(args=argv, prog_name="ludus")


__all__ = ["app", "main"]
