"""The agent contract: ``act(perspective) -> action``.

It lives in the kernel so that each game's heuristic (in the game's package) and the generic
agents (``ludus.agents``) build on it without a game importing a layer above it.
"""

from __future__ import annotations

import random
from typing import Any


class Agent:
    """A player. It sees only a Perspective. Given a ``seed`` it is deterministic."""

    name = "agent"
    uses_recall = False     # whether ``act`` reads ``Perspective.recall`` (it costs a replay)

    def __init__(self, game, seed: int | None = None):
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, perspective) -> Any:
        raise NotImplementedError

    def reseed(self, seed) -> None:
        """Start the agent's randomness afresh from ``seed``. A session does so before each of
        the agent's decisions, so that a game resumed from its log or decided in another process
        goes on alike; an agent holding other generators (another agent inside it) seeds them too."""
        self.rng.seed(seed)

    def __repr__(self) -> str:
        return f"<{self.name} agent for {self.game.id}>"


class RuleAgent(Agent):
    """A hand-written player (each game's ``heuristic``): a decision with one legal move is that
    move; any other goes to ``decide`` with the legal moves."""

    name = "heuristic"

    def act(self, perspective) -> Any:
        legal = perspective.legal_actions()
        return legal[0] if len(legal) == 1 else self.decide(perspective, legal)

    def decide(self, perspective, legal: list) -> Any:
        """The move for a decision with two or more legal moves."""
        raise NotImplementedError
