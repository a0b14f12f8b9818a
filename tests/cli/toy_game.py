"""A tiny game with no terminal module, to test the command line's generic fallbacks.

Two seats add 1 or 2 to a public total; whoever brings it to ``target`` (or beyond) wins. Each
seat holds a secret number from the start, which only it sees (in its observation).
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

from ludus.core.copying import LIST, cloner
from ludus.core.errors import IllegalAction
from ludus.core.events import Event
from ludus.core.game import Game, State
from ludus.core.options import choice


@dataclasses.dataclass(frozen=True)
class ToyOptions:
    target: int = choice(5, (5, 7), "the total that wins")


class Add(NamedTuple):
    n: int

    def __str__(self) -> str:
        return f"add {self.n}"


@dataclasses.dataclass(frozen=True)
class Added(Event):
    player: int
    n: int
    total: int


class Toy(Game):
    id = "toy"
    title = "Toy"
    options_class = ToyOptions

    actions = [Add(1), Add(2)]

    @property
    def num_players(self) -> int:
        return 2

    def new_state(self, seed=None):
        return ToyState.new(self, seed)

    def parse_action(self, text: str):
        words = str(text).split()
        if len(words) == 2 and words[0] == "add" and words[1] in ("1", "2"):
            return Add(int(words[1]))
        raise IllegalAction(f"cannot read {text!r}; write 'add 1' or 'add 2'")


class ToyState(State):
    __slots__ = ("total", "secret", "winner")

    @classmethod
    def new(cls, game, seed):
        s = cls.__new__(cls)
        s._init_base(game, seed)
        s.total = 0
        rng = s._chance()
        s.secret = [rng.randint(100, 999), rng.randint(100, 999)]
        s.winner = None
        s.current_player = 0
        return s

    def _legal(self) -> list:
        return [Add(1), Add(2)]

    def _apply(self, action) -> list:
        p = self.current_player
        self.total += action.n
        out = [Added(p, action.n, self.total)]
        if self.total >= self.game.options.target:
            self.winner = p
            self.is_terminal = True
            self.current_player = None
        else:
            self.current_player = 1 - p
        return out

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def scores(self) -> list[int]:
        return [int(r > 0) for r in self.returns()]

    def _observe(self, player):
        obs = {"total": self.total, "to_move": self.current_player, "seat": player}
        if player is not None:
            obs["secret"] = self.secret[player]
        return obs

    clone = cloner(secret=LIST)

    def _resample(self, player, rng):
        w = self.clone()
        w._forget_past(rng)
        w.secret[1 - player] = rng.randint(100, 999)
        return w
