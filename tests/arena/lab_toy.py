"""A game whose balance is known, to test that the variant lab finds what is there and only that.

Two seats; the first mover is drawn from the seed. They take turns saying ``go`` or ``wait``
(which changes nothing); after each decision a bell rings with ``bell`` per cent chance, and the
game ends after 12 decisions anyway. Then a roll decides: the first mover wins with
50 + ``edge`` per cent chance. ``colour`` changes nothing at all.
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

from ludus.core.copying import cloner
from ludus.core.errors import IllegalAction
from ludus.core.game import Game, State
from ludus.core.options import choice

LONGEST = 12


@dataclasses.dataclass(frozen=True)
class Options:
    edge: int = choice(0, (0, 5, 20), "the first mover's extra chance to win, in per cent")
    bell: int = choice(25, (25, 50), "the chance, in per cent, that the game ends after a decision")
    colour: str = choice("red", ("red", "blue"), "nothing at all")


class Say(NamedTuple):
    word: str

    def __str__(self) -> str:
        return self.word


ACTIONS = [Say("go"), Say("wait")]


class LabToy(Game):
    id = "lab-toy"
    title = "Lab toy"
    options_class = Options
    actions = ACTIONS

    @property
    def num_players(self) -> int:
        return 2

    def new_state(self, seed=None):
        return LabToyState.new(self, seed)

    def parse_action(self, text: str):
        for action in ACTIONS:
            if str(text).strip() == action.word:
                return action
        raise IllegalAction(f"cannot read {text!r}; say go or wait")


class LabToyState(State):
    __slots__ = ("first", "turn", "winner", "reason")

    @classmethod
    def new(cls, game, seed):
        s = cls.__new__(cls)
        s._init_base(game, seed)
        s.first = s._chance().randrange(2)
        s.current_player = s.first
        s.turn, s.winner, s.reason = 1, None, None
        return s

    def _legal(self) -> list:
        return list(ACTIONS)

    def _apply(self, action) -> list:
        options = self.game.options
        done = len(self.history) + 1
        if done >= LONGEST:
            self.reason = f"{LONGEST} decisions"
        elif self._chance().random() < options.bell / 100:
            self.reason = "the bell"
        if self.reason is None:
            self.current_player = 1 - self.current_player
            self.turn += 1
            return []
        roll = self._chance().random()
        self.winner = self.first if roll < 0.5 + options.edge / 100 else 1 - self.first
        self.is_terminal = True
        self.current_player = None
        return []

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in range(2)]

    def scores(self) -> list[int]:
        return [int(p == self.winner) for p in range(2)]

    def _observe(self, player):
        view = {"turn": self.turn, "to_move": self.current_player, "first": self.first}
        if self.reason is not None:
            view["end_reason"] = self.reason
        return view

    clone = cloner()

    def _resample(self, player, rng):
        world = self.clone()
        world._forget_past(rng)
        return world
