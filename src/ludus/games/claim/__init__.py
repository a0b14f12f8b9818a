"""Claim and Claim 2 (Scott Almes): two-phase trick-taking for 2-4 players.

docs/claim.md states the rules as implemented, with their ids (K1-K34).
"""

from __future__ import annotations

from ...core.errors import OptionError
from ...core.game import Game
from ...core.parts import Parts
from . import notation
from .cards import DEAL, FACTION_VALUES, GIANTS, GNOMES, SEERS, TEAMS, build_deck, deck_factions
from .heuristic import SEARCH_HOOKS, HeuristicAgent
from .options import Options
from .state import ClaimState
from .terminal import FACE
from .view import all_cards


class Claim(Game):
    id = "claim"
    title = "Claim"
    options_class = Options
    state_class = ClaimState
    actions = notation.ALL_ACTIONS
    parse_notation = staticmethod(notation.parse)
    # The five levels, weakest first: chosen and rated by bench/levels.py (docs/agents.md, Levels).
    parts = Parts(heuristic=HeuristicAgent, search=SEARCH_HOOKS, terminal=FACE, levels={
        "beginner": "random", "casual": "heuristic:blunder=0.6", "club": "heuristic:blunder=0.25",
        "strong": "heuristic", "master": "ismcts:iterations=1000"})

    @property
    def utility_sum(self) -> float | None:
        # two players or two teams: +1 against -1, or a draw; three: a shared win is +1, +1, -1 (K34)
        return None if self.num_players == 3 else 0.0

    def parse_action(self, text: str):
        """Notation to action, a faction prefix read among the factions of this game's deck."""
        return notation.parse(text, self.deck_factions)

    def _check_options(self, given: set[str]) -> None:
        o = self.options
        self.deck_factions = deck_factions(o.factions, o.players)      # K5: refuses bad decks
        self.deck_cards = tuple(build_deck(self.deck_factions))
        self.deck_counts = tuple(self.deck_cards.count(c) for c in range(100))   # per card type
        if o.first_leader != "random" and int(o.first_leader) >= o.players:
            raise OptionError(f"first_leader={o.first_leader} is not a seat of a {o.players}-player "
                              f"game; use random or 0..{o.players - 1}")

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """K6: with 4 players, partners sit opposite (seats 0+2 against 1+3)."""
        return TEAMS if self.options.players == 4 else super().teams

    @property
    def max_game_length(self) -> int:
        """The most decisions a game can take. With n players and a hand of T cards (K7), each
        phase has T tricks of n plays (K9, K17, K18); every other decision is a choice:

        - a prize chosen by the first of the ranking with 3-4 players, one a phase-1 trick (K13);
        - with Seers in the deck, one more choice per phase-1 trick won by a Seer (K28: take the
          deck card, or a face-up prize; with 3-4 players, after ``take deck``, the second's
          choice): at most one per Seer, and one per trick;
        - with 3-4 players, a Giant's target when two opponents hold a matching Gnome (K26): a
          choice removes one of those Gnomes, so each value gives at most (its Gnomes - 1)
          choices and at most one per Giant: 2 each for 1, 3, 5 and 7, none for the single 9.

        Two players, the Claim 2 deck: 52 + 10 = 62; the longest of 2,000 random games: 58.
        """
        n = self.options.players
        tricks = DEAL[n]
        length = 2 * n * tricks + (tricks if n > 2 else 0)
        if SEERS in self.deck_factions:
            length += min(tricks, len(FACTION_VALUES[SEERS]))
        if n > 2 and GIANTS in self.deck_factions:
            gnomes, giants = FACTION_VALUES[GNOMES], FACTION_VALUES[GIANTS]
            length += sum(min(giants.count(v), gnomes.count(v) - 1) for v in set(giants))
        return length

    def all_cards(self) -> list:
        return all_cards(self)


__all__ = ["Claim", "ClaimState", "Options"]
