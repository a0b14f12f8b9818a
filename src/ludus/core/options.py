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
import re
from typing import Any

from .errors import OptionError, echo


def choice(default: Any, choices: tuple, doc: str = "", accept=None, seat: bool = False) -> Any:
    """Declare an option field: its default, the values it accepts, and one line of help.

    ``accept`` (optional) turns a value outside ``choices`` into its canonical form or raises
    OptionError: for open-ended options such as an explicit list of factions. ``choices`` then
    lists the named values (what tests and ``ludus games`` enumerate). It is given text of at
    most ``MAX_TEXT`` characters, or a list of such names. ``seat``: its values that are numbers
    name seats (who leads first), so that a form may show the seats' names.
    """
    if default not in choices:
        raise ValueError(f"default {default!r} not among {choices!r}")
    if any(type(c) is str and c != c.lower() for c in choices):
        raise ValueError(f"text values are declared in lower case (input of any case matches them): {choices!r}")
    return dataclasses.field(default=default, metadata={"choices": choices, "doc": doc, "accept": accept,
                                                        "seat": seat})


def option_choices(options_cls: type) -> dict[str, tuple]:
    """Map each option name to the tuple of values it accepts."""
    return {f.name: f.metadata["choices"] for f in dataclasses.fields(options_cls)}


def value_kind(choices: tuple) -> str:
    """How an option's values are written in JSON (the web API's ``type`` of an option):
    "number" for a count, "boolean" for a yes/no option (declared as the text "true"/"false",
    as a command line writes it), "text" for any other, a seat number among names included
    (``first_player``: "random", "0", "1"), so that one option's values share one JSON type."""
    if isinstance(choices[0], int):
        return "number"
    return "boolean" if set(choices) == {"true", "false"} else "text"


def json_value(choices: tuple, value: Any) -> Any:
    """An option's declared ``value`` in its JSON form (see ``value_kind``); ``parse_options``
    reads it back."""
    return value == "true" if value_kind(choices) == "boolean" else value


# What a count may be written as in text (ASCII digits only: int() also reads "٣" and "1_0").
_WHOLE = re.compile(r"-?[0-9]{1,9}")
# No option value is longer (a list of factions is the longest); longer input is refused unread.
MAX_TEXT = 200


def _coerce(name: str, value: Any, choices: tuple, accept) -> Any:
    """Check ``value``'s type, then its value. Counts take an int or its digits as text (the
    command line gives text), never a bool or a float, even a whole one; text options take text,
    whatever its case and outer spaces (the declared values are lower case), an int
    (``first_player=1``), a bool where the values are "true" and "false", or, where ``accept``
    reads one, a list of names."""
    shown = ", ".join(repr(c) for c in choices)
    if isinstance(choices[0], int):
        if type(value) is str and _WHOLE.fullmatch(value.strip()):
            value = int(value)
        if type(value) is not int:
            raise OptionError(f"option {name}={_shown(value)} is not accepted; {name} takes a whole number "
                              f"(an int, or its ASCII digits as text), one of: {shown}")
    elif type(value) is int:
        value = str(value)
    elif type(value) is bool and value_kind(choices) == "boolean":
        value = "true" if value else "false"         # a yes/no option: JSON's true is its "true"
    elif type(value) is not str and not (accept is not None and type(value) in (list, tuple)
                                         and all(type(v) is str for v in value)):
        names = " or names (a list of strings, or text with commas)" if accept is not None else ""
        raise OptionError(f"option {name}={_shown(value)} is not accepted; {name} takes text, one of: {shown}"
                          f"{names}")
    elif len(value if type(value) is str else ",".join(value)) > MAX_TEXT:
        raise OptionError(f"option {name}={echo(value, 40)} is too long; {name} takes one of: {shown}")
    if value in choices:
        return value
    if type(value) is str and value.strip().lower() in choices:   # "Last-Dragon", " 2024"
        return value.strip().lower()
    if accept is not None:
        return accept(value)
    raise OptionError(f"option {name}={echo(value)} is not accepted; {name} takes one of: {shown}")


def _shown(value: Any) -> str:
    """A refused value with its type where the type is what is wrong (``2.0 (a float)``)."""
    kind = "" if type(value) is str else " (null)" if value is None else f" (a {type(value).__name__})"
    return echo(value) + kind


def _name(name: str) -> str:
    """An option name as a message shows it: bare if it could be one, else quoted and cut."""
    return name if name.isidentifier() and len(name) <= 40 else echo(name, 40)


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
            f"{game_id} has no option {', '.join(_name(n) for n in unknown[:5])}"
            f"{' ...' if len(unknown) > 5 else ''}; its options are: "
            + ", ".join(f"{k} ({'|'.join(map(str, v))})" for k, v in known.items())
        )
    accept = {f.name: f.metadata.get("accept") for f in dataclasses.fields(options_cls)}
    values = {name: _coerce(name, value, known[name], accept[name]) for name, value in given.items()}
    return options_cls(**values)


def option_example(options_cls: type, values: int = 1, name: str | None = None) -> str:
    """``name=value`` for a message's example: the option ``name`` if the game has it, else its
    first, with its first value other than the default, or with ``values`` of its values
    (``players=2,3``)."""
    choices = option_choices(options_cls)
    name = name if name in choices else next(iter(choices))
    shown = choices[name][1:2] if values == 1 else choices[name][:values]
    return f"{name}={','.join(map(str, shown))}"


def parse_option_strings(pairs: list[str] | tuple[str, ...], example: str = "name=value") -> dict[str, str]:
    """Parse command-line ``k=v`` strings into a dict (values stay strings until checked);
    ``example`` is shown with a malformed one (``option_example`` of the game)."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option {echo(pair)} is malformed; write it as name=value, e.g. {example}")
        key = key.strip()
        if key in out:
            raise OptionError(f"option {echo(key)} is given twice ({echo(out[key])} and {echo(value.strip())}); "
                              "give each option once")
        out[key] = value.strip()
    return out
