"""What every game's notation parser does first: check the input is text, normalise it, and
look it up among the exact spellings of the game's actions."""

from __future__ import annotations

from .errors import IllegalAction


def exact_or_words(text, by_text: dict, example: str):
    """``(action, None)`` when ``text`` is an exact spelling, else ``(None, words)`` to parse on.

    Raises IllegalAction for non-text and empty input, naming ``example`` moves.
    """
    if not isinstance(text, str):
        raise IllegalAction(f"an action is written as text, got {text!r}; e.g. {example}")
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction(f"empty action; write e.g. {example}")
    exact = by_text.get(" ".join(words))
    return (exact, None) if exact is not None else (None, words)
