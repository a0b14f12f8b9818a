"""Agent spec strings (``NAME``, ``NAME:LEVEL``, ``NAME:key=value,...``, ``NAME:LEVEL,key=value,...``);
the Agent base class itself is part of the kernel (``ludus.core.agent``)."""

from __future__ import annotations

from ..core.agent import Agent
from ..core.errors import OptionError

__all__ = ["Agent", "parse_spec", "split_agent_specs"]


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``NAME``, ``NAME:LEVEL``, ``NAME:key=value,...`` or ``NAME:LEVEL,key=value,...`` ->
    (name, params); a level is the parameter ``level``, lower-cased like the name."""
    if not isinstance(spec, str) or not spec.strip():
        raise OptionError(f"agent spec {spec!r} is empty; write e.g. 'random', 'heuristic', 'ismcts:hard'")
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    if rest:
        parts = rest.split(",")
        if "=" not in parts[0]:
            params["level"] = parts.pop(0).strip().lower()
        for part in parts:
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise OptionError(f"agent spec {spec!r}: {part!r} is not key=value (a level such as "
                                  "'hard' comes first: 'ismcts:hard,seed=3')")
            params[key.strip()] = value.strip()
    return name.strip().lower(), params


def split_agent_specs(text: str) -> list[str]:
    """Split a comma-separated list of specs, keeping ``key=value`` parameters with their agent.

    ``"ismcts:iterations=200,seed=4,random"`` -> ``["ismcts:iterations=200,seed=4", "random"]``;
    ``"ismcts:hard,seed=3,heuristic"`` -> ``["ismcts:hard,seed=3", "heuristic"]``.
    """
    specs: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if specs and "=" in piece and ":" not in piece and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs
