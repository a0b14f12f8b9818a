"""Game options: a frozen dataclass per game, checked by one shared parser.

Each field declares its accepted values in ``metadata["choices"]`` (strings, or ints for
counts). The parser turns keyword arguments (or ``k=v`` strings from the command line) into
an options instance, and refuses unknown names and values with an :class:`OptionError` that
lists what is accepted.

An option a game no longer has stays declared in the class's ``WITHDRAWN`` (name -> why), so
that a caller, a command line or an old record naming it hears why it went rather than "no such
option".
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .errors import OptionError


def choice(default: Any, choices: tuple, doc: str = "", accept=None) -> Any:
    """Declare an option field: its default, the values it accepts, and one line of help.

    ``accept`` (optional) turns a value outside ``choices`` into its canonical form or raises
    OptionError: for open-ended options such as an explicit list of factions. ``choices`` then
    lists the named values (what tests and ``ludus games`` enumerate).
    """
    if default not in choices:
        raise ValueError(f"default {default!r} not among {choices!r}")
    return dataclasses.field(default=default, metadata={"choices": choices, "doc": doc, "accept": accept})


def option_choices(options_cls: type) -> dict[str, tuple]:
    """Map each option name to the tuple of values it accepts."""
    return {f.name: f.metadata["choices"] for f in dataclasses.fields(options_cls)}


def _coerce(name: str, value: Any, choices: tuple) -> Any:
    """Accept ``"3"`` for an int option and ``3`` for a string one, as the command line needs."""
    if value in choices and type(value) is type(choices[0]):
        return value
    if isinstance(choices[0], int) and isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    elif isinstance(choices[0], str) and not isinstance(value, str):
        value = str(value)
    if value not in choices:
        shown = ", ".join(repr(c) for c in choices)
        raise OptionError(f"option {name}={value!r} is not accepted; {name} takes one of: {shown}")
    return value


def parse_options(options_cls: type, given: dict[str, Any], game_id: str) -> Any:
    """Build ``options_cls`` from ``given``; unknown names or values raise OptionError."""
    withdrawn = getattr(options_cls, "WITHDRAWN", {})
    for name in given:
        if name in withdrawn:
            raise OptionError(f"{game_id} option {name} was withdrawn: {withdrawn[name]}; leave {name} out")
    known = option_choices(options_cls)
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise OptionError(
            f"{game_id} has no option {', '.join(unknown)}; its options are: "
            + ", ".join(f"{k} ({'|'.join(map(str, v))})" for k, v in known.items())
        )
    accept = {f.name: f.metadata.get("accept") for f in dataclasses.fields(options_cls)}
    values = {}
    for name, value in given.items():
        if accept[name] is not None and value not in known[name]:
            values[name] = accept[name](value)
        else:
            values[name] = _coerce(name, value, known[name])
    return options_cls(**values)


def parse_option_strings(pairs: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Parse command-line ``k=v`` strings into a dict (values stay strings until checked)."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option {pair!r} is malformed; write it as name=value, e.g. wrath=face-up")
        out[key.strip()] = value.strip()
    return out
