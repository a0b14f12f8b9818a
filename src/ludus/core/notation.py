"""What every game's notation parser does first: check the input is text of a move's length,
normalise it, and look it up among the exact spellings of the game's actions; and the one way
numbers and shortened names in a move are read."""

from __future__ import annotations

from collections.abc import Sequence

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


def prefix_matches(word: str, names: Sequence[str], aliases: Sequence[str] = ()) -> list[int]:
    """The indices of ``names`` that ``word`` (any case) spells whole, or else begins. An exact
    spelling of a name or of its alias (``aliases[i]``, "dwarf") wins over prefixes of others."""
    word = word.strip().lower()
    exact = [i for i, name in enumerate(names) if word == name or (aliases and word == aliases[i])]
    return exact or [i for i, name in enumerate(names) if word and name.startswith(word)]


def named(word: str, names: Sequence[str], kind: str, known: str | None = None, error=IllegalAction,
          aliases: Sequence[str] = ()) -> int:
    """The index of the one name ``word`` spells or begins (``prefix_matches``); ``error`` says
    whether it begins several ("'g' is ambiguous: goblins, gnomes or giants") or none, then
    naming what is ``known`` (default: "KINDs are NAME, NAME, ...")."""
    hits = prefix_matches(word, names, aliases)
    if len(hits) == 1:
        return hits[0]
    shown = echo(word.strip().lower())
    if hits:
        *first, last = (names[i] for i in hits)
        raise error(f"{shown} is ambiguous: {', '.join(first)} or {last}; write more of the name")
    raise error(f"{shown} is not a {kind}; {known or kind + 's are ' + ', '.join(names)}")
