"""The uniform random agent: a baseline and the engine's smoke test."""

from __future__ import annotations

from .base import Agent


class RandomAgent(Agent):
    name = "random"

    def act(self, perspective):
        return self.rng.choice(perspective.legal_actions())
