"""The agent contract: ``act(perspective) -> action``, built from spec strings."""

from __future__ import annotations

import random
from typing import Any

from ..core.errors import OptionError


class Agent:
    """A player. It sees only a Perspective. Given a ``seed`` it is deterministic."""

    name = "agent"

    def __init__(self, game, seed: int | None = None):
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, perspective) -> Any:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.name} agent for {self.game.id}>"


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``NAME``, ``NAME:LEVEL`` or ``NAME:key=value,key=value`` -> (name, params)."""
    if not isinstance(spec, str) or not spec.strip():
        raise OptionError(f"agent spec {spec!r} is empty; write e.g. 'random', 'heuristic', 'ismcts:hard'")
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    if rest:
        if "=" not in rest:
            params["level"] = rest
        else:
            for part in rest.split(","):
                key, sep, value = part.partition("=")
                if not sep or not key:
                    raise OptionError(f"agent spec {spec!r}: {part!r} is not key=value")
                params[key.strip()] = value.strip()
    return name.strip().lower(), params
