"""Agents: they see only a Perspective and answer with an action.

``make(spec, game)`` builds one from the strings the command line takes: a level
(``"beginner"``, ``"casual"``, ``"club"``, ``"strong"``, ``"master"``: see ``levels``), ``"random"``,
``"heuristic"``, ``"heuristic:seed=3"``, ``"ismcts:hard"``, ``"ismcts:iterations=2000,seed=4"``,
``"ismcts:time=1.0"``, ``"policy:path=FILE"`` (a trained network), ``"heuristic:blunder=0.3"``
(the heuristic, playing a random legal move instead three times in ten). A game's heuristic lives
with the game, declared in its ``Game.parts``.
"""

from __future__ import annotations

from ..core.errors import OptionError, echo
from .base import Agent, decimal, parse_spec, spec_seed
from .levels import LEVEL_NAMES, level_spec
from .random_agent import BlunderingAgent, RandomAgent

AGENT_NAMES = ("random", "heuristic", "ismcts", "policy")
# The parameters of the agents without levels, as their errors name them.
TAKES = {"random": "only seed=N", "heuristic": "blunder=P and seed=N", "policy": "path=FILE and seed=N"}


def make(spec: str, game, seed: int | None = None) -> Agent:
    """Build an agent for ``game`` from a spec string; bad specs raise OptionError."""
    name, params = parse_spec(spec)
    given = spec_seed(params, spec)
    seed = given if given is not None else seed
    if name in LEVEL_NAMES:
        if params:
            raise OptionError(f"level {name!r} takes no parameters {', '.join(sorted(params))[:100]} (only "
                              f"seed=N); it is {level_spec(game, name)!r}, which you may give with your changes")
        return make(level_spec(game, name), game, seed)
    if name in TAKES and "level" in params:
        raise OptionError(f"{name} has no levels (ismcts has, e.g. ismcts:hard), so {echo(params['level'], 40)} "
                          f"in {echo(spec)} is not understood; {name} takes {TAKES[name]}")
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
        if "blunder" in params:
            return BlunderingAgent(agent_cls(game, seed=seed), _blunder_rate(params, spec), seed=seed)
    else:
        raise OptionError(f"unknown agent {echo(name, 60)} in spec {echo(spec)}; known agents: "
                          f"{', '.join(AGENT_NAMES)}, or a level: {', '.join(LEVEL_NAMES)}")
    if params:
        raise OptionError(f"agent {name!r} takes no parameters {', '.join(sorted(params))[:100]} "
                          f"({TAKES[name]})")
    return agent_cls(game, seed=seed)


def _blunder_rate(params: dict, spec: str) -> float:
    """``blunder=P``: the chance, 0 to 1, of a random legal move instead of the heuristic's."""
    text = params.pop("blunder")
    if params:
        raise OptionError(f"heuristic takes blunder=P and seed=N, not {', '.join(sorted(params))[:100]} "
                          f"(in {echo(spec)})")
    try:
        rate = decimal(text)
    except ValueError:
        rate = None
    if rate is None or not 0 <= rate <= 1:
        raise OptionError(f"heuristic blunder={echo(text, 40)} in {echo(spec)} is not a chance from 0 to 1, "
                          "e.g. blunder=0.3")
    return rate


__all__ = ["Agent", "BlunderingAgent", "RandomAgent", "make", "parse_spec"]
