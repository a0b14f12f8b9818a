"""Caesar & Cleopatra (KOSMOS 1997; the 2024 edition with ``edition="2024"``): two players court
five patrician groups.

docs/caesar-cleopatra.md holds the rules as implemented, with the rule ids (C1-C35, N1-N10)
the code and tests refer to.
"""

from __future__ import annotations

from ...core.errors import OptionError
from ...core.game import Game
from ...core.parts import Parts
from . import notation
from .heuristic import SEARCH_HOOKS, HeuristicAgent
from .options import Options
from .state import CCState
from .terminal import FACE
from .view import all_cards


class CaesarCleopatra(Game):
    id = "caesar-cleopatra"
    title = "Caesar & Cleopatra"
    options_class = Options
    state_class = CCState
    actions = notation.ALL_ACTIONS
    parse_notation = staticmethod(notation.parse)
    parts = Parts(heuristic=HeuristicAgent, search=SEARCH_HOOKS, terminal=FACE)

    @property
    def utility_sum(self) -> float:
        return 0.0   # one wins (+1, -1) or a draw (0, 0): C33
    seat_names = ("cleopatra", "caesar")

    def _check_options(self, given: set[str]) -> None:
        if self.options.edition == "2024":
            classic_only = sorted(given & {"action_deck", "orgies"})
            if classic_only:
                raise OptionError(
                    f"{' and '.join(classic_only)} only appl{'y' if len(classic_only) > 1 else 'ies'} "
                    "to edition=classic: the 2024 edition "
                    "shuffles the action pile (N4) and has a bust bag instead of the VoC deck (N5)")
        elif "discard_by" in given:
            raise OptionError("discard_by applies only to edition=2024 (N8); the classic edition "
                              "discards by totals (C30.5)")

    @property
    def num_players(self) -> int:
        return 2

    def all_cards(self) -> list:
        return all_cards(self)


__all__ = ["CaesarCleopatra", "CCState", "Options"]
