"""The uniform random agent (a baseline and the engine's smoke test), and random moves mixed into
another agent's play (the weak levels)."""

from __future__ import annotations

from .base import Agent


class RandomAgent(Agent):
    name = "random"

    def act(self, perspective):
        return self.rng.choice(perspective.legal_actions())


class BlunderingAgent(Agent):
    """Another agent's play with a uniformly random legal move instead, at a given rate.

    A person's weak opponent should not be weak in one predictable way (always the lowest card,
    say) but play sensibly with slips: mixing random moves into the heuristic gives a smooth dial
    of strength between random play (rate 1) and the heuristic (rate 0). The coin is tossed
    before the inner agent is asked, so a slip costs no thinking."""

    name = "blunder"

    def __init__(self, inner: Agent, rate: float, seed: int | None = None):
        super().__init__(inner.game, seed)
        self.inner, self.rate = inner, rate
        self.rng.seed(_coin_seed(seed))

    def reseed(self, seed) -> None:
        self.rng.seed(_coin_seed(seed))
        self.inner.reseed(seed)

    def act(self, perspective):
        if self.rate and self.rng.random() < self.rate:
            return self.rng.choice(perspective.legal_actions())
        return self.inner.act(perspective)

    def __repr__(self) -> str:
        return f"<{self.inner.name} agent for {self.game.id}, blundering {self.rate:g}>"


def _coin_seed(seed):
    """The coin's own stream: drawn from the inner agent's seed, it would pair draw for draw with
    the inner agent's tie-breaks."""
    return None if seed is None else f"{seed}/blunder"
