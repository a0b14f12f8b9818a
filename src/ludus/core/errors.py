"""The error classes of ludus.

Every error says what was wrong and what would be right. Raising one never leaves a
state half-changed: checks happen before anything is mutated.
"""


class LudusError(Exception):
    """Base class of every error ludus raises on purpose."""


class OptionError(LudusError, ValueError):
    """An unknown option name, or a value the option does not accept."""


class IllegalAction(LudusError, ValueError):
    """An action that is not legal now (wrong seat, wrong phase, unknown text)."""


class RecordError(LudusError, ValueError):
    """A game record that is malformed or does not replay (tampered, truncated, unknown game)."""


def echo(value, limit: int = 200) -> str:
    """``repr(value)`` cut to ``limit`` characters, for quoting input back in an error message:
    a message never grows with what a stranger sent."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - an action built by hand around junk, an int of 5,000 digits
        text = f"<{type(value).__name__} that cannot be shown>"
    return text if len(text) <= limit else text[:limit - 1] + "…"
