"""Agents: they see only a Perspective and answer with an action.

``make(spec, game)`` builds one from the strings the command line takes: ``"random"``,
``"heuristic"``, ``"heuristic:seed=3"``, ``"ismcts:hard"``, ``"ismcts:iterations=2000,seed=4"``,
``"ismcts:time=1.0"``, ``"policy:path=FILE"`` (a trained network). A game's heuristic lives with
the game, declared in its ``Game.parts``.
"""

from __future__ import annotations

from ..core.errors import OptionError, echo
from .base import Agent, parse_spec, spec_seed
from .random_agent import RandomAgent

AGENT_NAMES = ("random", "heuristic", "ismcts", "policy")


def make(spec: str, game, seed: int | None = None) -> Agent:
    """Build an agent for ``game`` from a spec string; bad specs raise OptionError."""
    name, params = parse_spec(spec)
    given = spec_seed(params, spec)
    seed = given if given is not None else seed
    if name == "ismcts":
        from .ismcts import from_params

        return from_params(game, params, seed, spec)
    if name == "policy":
        from .policy import from_params

        return from_params(game, params, seed, spec)
    if name == "random":
        agent_cls = RandomAgent
    elif name == "heuristic":
        agent_cls = game.parts.heuristic
        if agent_cls is None:
            raise OptionError(f"{game.id} has no heuristic agent yet")
    else:
        raise OptionError(f"unknown agent {echo(name, 60)} in spec {echo(spec)}; known agents: "
                          f"{', '.join(AGENT_NAMES)}")
    if params:
        raise OptionError(f"agent {name!r} takes no parameters {', '.join(sorted(params))[:100]} "
                          "(only seed=N)")
    return agent_cls(game, seed=seed)


__all__ = ["Agent", "RandomAgent", "make", "parse_spec"]
