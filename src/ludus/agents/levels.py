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

__all__ = ["LEVEL_NAMES", "level_spec"]


def level_spec(game, name: str) -> str:
    """The agent spec behind level ``name`` in ``game``; OptionError if the game has no levels."""
    if not game.parts.levels:
        raise OptionError(f"{game.id} has no calibrated levels ({', '.join(LEVEL_NAMES)}); "
                          "choose random, heuristic or ismcts")
    return game.parts.levels[name]
