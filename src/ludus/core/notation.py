"""What every game's notation parser does first: check the input is text of a move's length,
normalise it, and look it up among the exact spellings of the game's actions; and the one way
numbers in a move are read."""

from __future__ import annotations

from .errors import IllegalAction, echo

# No move of any game is longer; longer text is refused before it is read.
MAX_MOVE = 100


def exact_or_words(text, by_text: dict, example: str):
    """``(action, None)`` when ``text`` is an exact spelling, else ``(None, words)`` to parse on.

    Raises IllegalAction for non-text, empty or overlong input, naming ``example`` moves.
    """
    if not isinstance(text, str):
        raise IllegalAction(f"an action is written as text, got {echo(text)}; e.g. {example}")
    if len(text) > MAX_MOVE:
        raise IllegalAction(f"no move is longer than {MAX_MOVE} characters, got {len(text)}: "
                            f"{echo(text, 40)}; write e.g. {example}")
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction(f"empty action; write e.g. {example}")
    exact = by_text.get(" ".join(words))
    return (exact, None) if exact is not None else (None, words)


def number(word: str, low: int, high: int) -> int | None:
    """``word`` as a number ``low..high`` written in ASCII digits, else None: ``str.isdigit``
    and ``int`` also take "²" and "٣", which no move means."""
    if word.isascii() and word.isdigit() and len(word) <= len(str(high)):
        value = int(word)
        if low <= value <= high:
            return value
    return None
