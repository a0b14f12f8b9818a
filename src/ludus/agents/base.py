"""Agent spec strings (``NAME``, ``NAME:LEVEL``, ``NAME:key=value,...``); the Agent base class
itself is part of the kernel (``ludus.core.agent``)."""

from __future__ import annotations

from ..core.agent import Agent
from ..core.errors import OptionError

__all__ = ["Agent", "parse_spec"]


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
