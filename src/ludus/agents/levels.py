"""Five named levels a person can choose from, the same names in every game.

A level is an agent spec the game declares (``Parts.levels``), chosen by measurement so that the
levels are steps a person can feel: from below the heuristic (random moves mixed into its play,
``heuristic:blunder=P``) to the strongest search that answers in a fraction of a second.
Each game's choice, its ratings from a round robin of the five and each level's time per move
are in docs/agents.md; ``bench/levels.py`` runs the calibration again.

A level names the same spec under every option set of its game (Claim with 3 or 4 players, the
2024 Caesar & Cleopatra): it was calibrated with the default options, and what carries over is
the order of the levels, not the distances.
"""

from __future__ import annotations

from ..core.errors import OptionError
from ..core.parts import LEVEL_NAMES

__all__ = ["LEVEL_NAMES", "level_spec", "played_by"]


def level_spec(game, name: str) -> str:
    """The agent spec behind level ``name`` in ``game``; OptionError if the game has no levels."""
    if not game.parts.levels:
        raise OptionError(f"{game.id} has no calibrated levels ({', '.join(LEVEL_NAMES)}); "
                          "choose random, heuristic or ismcts")
    return game.parts.levels[name]


def played_by(spec: str, game) -> str | None:
    """For a spec naming a level (``club``, ``club:seed=5``), the spec that plays it in this
    version of ludus; None for any other spec. Results keep it beside the name: levels are
    calibrated again as the bots change, so a name alone does not say what played."""
    from .base import parse_spec

    name, _ = parse_spec(spec)
    return level_spec(game, name) if name in LEVEL_NAMES and game.parts.levels else None
