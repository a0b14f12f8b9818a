"""Agent spec strings (``NAME``, ``NAME:LEVEL``, ``NAME:key=value,...``, ``NAME:LEVEL,key=value,...``);
the Agent base class itself is part of the kernel (``ludus.core.agent``)."""

from __future__ import annotations

import re

from ..core.agent import Agent
from ..core.errors import OptionError, echo
from ..core.game import check_seed

__all__ = ["Agent", "decimal", "parse_spec", "spec_seed", "split_agent_specs", "whole_number"]

# Whole numbers in a spec are ASCII digits, few enough for a seed (int() also reads "٣", "1_0"
# and thousands of digits).
_WHOLE = re.compile(r"-?[0-9]{1,19}")


def whole_number(text: str) -> int:
    """A spec parameter's whole number; ValueError unless it is ASCII digits (a minus allowed)."""
    if not _WHOLE.fullmatch(text):
        raise ValueError(text)
    return int(text)


def decimal(text: str) -> float:
    """A spec parameter's number such as ``1``, ``0.7`` or ``1e-3`` (``inf`` and ``nan`` too: the
    agent says why they will not do); ValueError for non-ASCII digits, ``1_0`` and words."""
    if not text.isascii() or "_" in text:
        raise ValueError(text)
    return float(text)


def spec_seed(params: dict, spec: str) -> int | None:
    """Take ``seed`` out of a spec's parameters: a whole number as game seeds are, or None."""
    if "seed" not in params:
        return None
    text = params.pop("seed")
    try:
        seed = whole_number(text)
    except ValueError:
        seed = text
    check_seed(seed, OptionError, f"agent spec {echo(spec, 60)}: seed")
    return seed


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``NAME``, ``NAME:LEVEL``, ``NAME:key=value,...`` or ``NAME:LEVEL,key=value,...`` ->
    (name, params); a level is the parameter ``level``, lower-cased like the name."""
    example = "write e.g. 'random', 'heuristic', 'ismcts:hard'"
    if not isinstance(spec, str):
        raise OptionError(f"an agent spec is text, got {echo(spec)}; {example}")
    if not spec.strip():
        raise OptionError(f"agent spec {spec!r} is empty; {example}")
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    if rest:
        parts = rest.split(",")
        if "=" not in parts[0]:
            params["level"] = parts.pop(0).strip().lower()
        for part in parts:
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise OptionError(f"agent spec {echo(spec)}: {echo(part)} is not key=value (a level such as "
                                  "'hard' comes first: 'ismcts:hard,seed=3')")
            key = key.strip()
            if key in params:
                raise OptionError(f"agent spec {echo(spec)} gives {echo(key)} twice; give each parameter once")
            params[key] = value.strip()
    return name.strip().lower(), params


def split_agent_specs(text: str) -> list[str]:
    """Split a comma-separated list of specs, keeping ``key=value`` parameters with their agent.

    ``"ismcts:iterations=200,seed=4,random"`` -> ``["ismcts:iterations=200,seed=4", "random"]``;
    ``"ismcts:hard,seed=3,heuristic"`` -> ``["ismcts:hard,seed=3", "heuristic"]``. Names and
    levels are read in any case and given in lower case (``ISMCTS:Hard`` -> ``ismcts:hard``), so
    that a run's journal knows an agent however it was typed.
    """
    specs: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if specs and "=" in piece and ":" not in piece and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            name, colon, level = piece.partition(":")
            if "=" not in level:
                level = level.lower()
            specs.append(name.lower() + colon + level)
    return specs
