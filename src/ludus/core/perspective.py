"""Perspective: all that an agent is given — one seat's knowledge, never the true state."""

from __future__ import annotations

import random


class Perspective:
    """One seat's view of a game, built from a world that seat cannot tell from the truth.

    At construction the true state is resampled once for the seat with a fixed generator; that
    world depends only on what the seat knows, so nothing reachable from a Perspective leads
    back to the true hidden cards, and none of it is the true state's own data: a bot that
    writes to it changes nothing real. ``observation``, ``legal_actions`` and ``sample`` all
    read that world.
    """

    __slots__ = ("player", "_world", "_observation", "_sampler")

    def __init__(self, state, player: int):
        self.player = player
        self._world = state.resample(player, random.Random(0))
        self._observation = None
        self._sampler = None

    @property
    def game(self):
        return self._world.game

    @property
    def observation(self) -> dict:
        if self._observation is None:
            self._observation = self._world.observe(self.player)
        return self._observation

    @property
    def world(self):
        """The seat's fixed determinization: a full State consistent with all it knows.

        Bots may read it and clone it; it is the same world every time, and ``sample`` deals
        from it, so play on a clone, not on the world itself.
        """
        return self._world

    def legal_actions(self) -> list:
        return self._world.legal_actions()

    def sample(self, rng: random.Random):
        """A full State that could be the true one, given all this seat has seen."""
        if self._sampler is None:
            self._sampler = self._world.sampler(self.player)
        return self._sampler(rng)

    def __repr__(self) -> str:
        return f"<Perspective of seat {self.player} in {self._world.game.id}>"
