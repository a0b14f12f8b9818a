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
    # The five levels, weakest first: chosen and rated by bench/levels.py (docs/agents.md, Levels).
    parts = Parts(heuristic=HeuristicAgent, search=SEARCH_HOOKS, terminal=FACE, levels={
        "beginner": "random", "casual": "heuristic:blunder=0.65", "club": "heuristic:blunder=0.45",
        "strong": "heuristic", "master": "ismcts:iterations=1000"})

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

    @property
    def max_game_length(self) -> int:
        """The most decisions a game can take: each is a play, a draw or a pass (S6), in at most
        ``max_rounds`` rounds (S16), with a deck of D = 6 x regions + wilds cards (S2).

        - A round ends after n turns in a row without a play (S8, n players), so it has at most
          (n - 1) x plays + n draws and passes.
        - With ``played_cards=bottom`` a played card stays on the table until its round ends
          (S13), so a round plays each card at most once and draws it at most once: at most D
          plays and D draws. With ``discard`` a card is played once in the game, and a pile card
          drawn once: D plays and D - 5n draws in all.
        - A pass needs an empty pile unless ``voluntary_pass=true`` (S6); with
          ``deck_out_ends_round=true`` a draw of the last card ends the round, and an empty pile
          then ends the game (S8, S15), so there are no passes; with ``false`` only the last round
          has them, each run of them ended by a play.

        Defaults: 30 rounds of at most 2D = 72 decisions, 2160. Random games are far shorter (the
        longest of 2,000: 335): random play hands out control quickly, and 1,994 of them end by
        control, 6 at the round cap. Seats that
        take turns drawing and playing make a round last nearly 2D decisions; a search for long
        games finds 1,390. Where a game needs every round to end with nobody at
        ``regions_to_win`` — one region to win, say — such games are hard to find, but the rules
        allow them (every region tied or left alone), so the bound stays.
        """
        o = self.options
        n, deck, rounds = o.players, o.regions * 6 + o.wilds, o.max_rounds
        passes_always = o.voluntary_pass == "true"
        passes_at_end = passes_always or o.deck_out_ends_round == "false"
        if o.played_cards == "bottom":
            def round_length(passes: bool) -> int:
                quiet = (n - 1) * deck + n                       # S8: non-plays, given D plays
                return deck + (quiet if passes else min(deck, quiet))
            return (rounds - 1) * round_length(passes_always) + round_length(passes_at_end)
        quiet = (n - 1) * deck + n * rounds                      # every round's S8 runs together
        draws = deck - HAND_SIZE * n
        if passes_always:
            return deck + quiet
        if passes_at_end:
            return deck + min(quiet, draws + (n - 1) * deck + n)
        return deck + min(quiet, draws)

    def all_cards(self) -> list:
        return all_cards(self)


__all__ = ["SeizeRome", "SeizeRomeState", "Options"]
