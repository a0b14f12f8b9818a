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
from .cards import ACTION_DECK, ACTION_PILE_2024, CASTLING, INFLUENCE_DECK, MAX_SIDE, NUM_GROUPS, VETO
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
    # The five levels, weakest first: chosen and rated by bench/levels.py (docs/agents.md, Levels).
    parts = Parts(heuristic=HeuristicAgent, search=SEARCH_HOOKS, terminal=FACE, levels={
        "beginner": "heuristic:blunder=0.7", "casual": "heuristic:blunder=0.45", "club": "heuristic",
        "strong": "ismcts:iterations=150", "master": "ismcts:iterations=1000"})

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

    @property
    def max_game_length(self) -> int:
        """The most decisions a game can take. Per seat: 13 arrangements with an arranged pile
        (C8) and 5 opening cards (C10). After them every decision is one of:

        - a card leaving a hand for good — placed (C12), played as an action card (C16),
          discarded (C21) or taken by a Spy (C24): a hand sees 32 influence cards after the
          opening and 13 action cards, 45 a seat;
        - a draw (C17, C18, C21), each taking at least one card of a pile: 27 influence and 13
          action cards (12 in 2024, N4) a seat;
        - an answer, veto or allow (C17): one per action card played, 11 a seat (no Veto is played);
        - a card a Castling puts back (C25): at most 5 a side at each of its two groups, 2
          Castlings a seat;
        - ``passive`` and the ``done`` that ends its discards (C21): 2 a passive turn; the other
          ``done``s — after the placement, after the refill and before each exceptional vote (C16,
          C19; 2024: one after the placement, none after the refill, N1, N2) — at most 2 + 5 (1 + 5)
          an active turn.

        A turn that is not a pure pass takes a card from its player's hand for good, so there are
        at most 90 of them; the stalemate guard (C22) allows at most ``stalemate_turns`` - 1 pure
        passes before, between and after them, and ``stalemate_turns`` to end the game. Classic
        defaults: 1446. Random games are far shorter (the longest of 2,000: 296), since they
        seldom pass; seats that pass as long as the guard allows and otherwise exchange one card
        make games of about 890.
        """
        o = self.options
        ed2024 = o.edition == "2024"
        influence = sum(INFLUENCE_DECK)
        hand = influence - NUM_GROUPS + sum(ACTION_DECK)
        piles = influence - 2 * NUM_GROUPS + sum(ACTION_PILE_2024 if ed2024 else ACTION_DECK)
        answers = sum(ACTION_DECK) - ACTION_DECK[VETO]
        castles = ACTION_DECK[CASTLING] * 2 * MAX_SIDE
        setup = NUM_GROUPS + (sum(ACTION_DECK) if o.action_deck == "arranged" and not ed2024 else 0)
        progress = 2 * hand
        dones = (1 if ed2024 else 2) + NUM_GROUPS
        pure_passes = (o.stalemate_turns - 1) * (progress + 1) + 1
        return 2 * (setup + hand + piles + answers + castles) + dones * progress + 2 * pure_passes

    def all_cards(self) -> list:
        return all_cards(self)


__all__ = ["CaesarCleopatra", "CCState", "Options"]
