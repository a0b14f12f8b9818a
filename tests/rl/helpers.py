"""What the RL tests share: random games played at a ``Table`` (the environments' own), so that
each seat's recall is fed from its session log as the environments feed it."""

from __future__ import annotations

import random
from collections.abc import Iterator

from contract.helpers import game_of
from ludus import envs
from ludus.envs.table import Table


def table(game, seed: int, tensor: str = "information_state") -> Table:
    return Table(envs.encoder(game), [None] * game.num_players, seed, tensor)


def walk(case, seed: int, every: int = 1) -> Iterator[Table]:
    """The table of a random game of ``case`` (``Random(seed)`` choosing among legal ids), before
    every ``every``-th decision and at the end."""
    game = game_of(case)
    t = table(game, seed)
    pick = random.Random(seed)
    while True:
        if t.over or len(t.state.history) % every == 0:
            yield t
        if t.over:
            return
        t.play(t.to_move, int(pick.choice(t.mask(t.to_move).nonzero()[0])))
