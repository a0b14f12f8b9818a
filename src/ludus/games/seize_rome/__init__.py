"""Seize Rome (card game): the area-control card game of a Persian guide, for 2-4 players.

The guide is titled "Caesar! Seize Rome in 20 minutes" but describes its own card game, not the
published tile game of that title. docs/seize-rome.md gives the rules (ids S1-S18).
"""

from __future__ import annotations

from ...core.errors import OptionError
from ...core.game import Game
from ...core.parts import Parts
from . import notation
from .cards import HAND_SIZE
from .heuristic import SEARCH_HOOKS, HeuristicAgent
from .options import Options
from .state import SeizeRomeState
from .terminal import FACE
from .view import all_cards


class SeizeRome(Game):
    id = "seize-rome"
    title = "Seize Rome (card game)"
    options_class = Options
    state_class = SeizeRomeState
    actions = notation.ALL_ACTIONS
    parse_notation = staticmethod(notation.parse)
    parts = Parts(heuristic=HeuristicAgent, search=SEARCH_HOOKS, terminal=FACE)

    @property
    def utility_sum(self) -> float | None:
        # two players: +1 against -1, or 0 each; more: the winner +1 and every other -1 (S14, S15)
        return 0.0 if self.num_players == 2 else None

    def _check_options(self, given: set[str]) -> None:
        o = self.options
        deck = o.regions * 6 + o.wilds
        if deck < HAND_SIZE * o.players + 1:                                  # S2
            raise OptionError(f"a deck of {deck} cards ({o.regions} regions x 6 + {o.wilds} wilds) is "
                              f"too small for {o.players} players: it needs at least "
                              f"{HAND_SIZE * o.players + 1} cards (5 per player and a pile)")
        if o.first_player != "random" and int(o.first_player) >= o.players:
            raise OptionError(f"first_player={o.first_player} is not a seat of a {o.players}-player game; "
                              f"use random or 0..{o.players - 1}")
        if o.regions_to_win == "auto":                                        # S14
            half = o.regions // 2
            self.regions_to_win = min(half + 2, o.regions) if o.players == 2 else half + 1
        else:
            self.regions_to_win = int(o.regions_to_win)
            if self.regions_to_win > o.regions:
                raise OptionError(f"regions_to_win={self.regions_to_win} is more than the {o.regions} "
                                  f"regions in play; use auto or 1..{o.regions}")

    def all_cards(self) -> list:
        return all_cards(self)


__all__ = ["SeizeRome", "SeizeRomeState", "Options"]
