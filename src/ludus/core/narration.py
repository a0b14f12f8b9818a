"""Narration as data: what a face tells a seat about an event, in plain words with one style tag.

A game's terminal face narrates each event (``narrate(event, viewer)``) to a ``Line`` or None
(nothing worth a line). The words are the same on every face; the tag says what kind of line
it is, and each face maps it to its own look (the terminal to colours, a browser to a class).
"""

from __future__ import annotations

import dataclasses

STYLES = (
    "",        # an ordinary line
    "strong",  # a main event: a vote, a trick, the end of a round
    "good",    # good news for the reader (a patrician won, a game won)
    "bad",     # bad news, or a refusal (a veto)
    "action",  # an action card or special play
    "quiet",   # an aside (a prize revealed, cards put back)
)


@dataclasses.dataclass(frozen=True)
class Line:
    """One line of narration: ``text`` in plain words, ``style`` one of ``STYLES``."""

    text: str
    style: str = ""

    def __post_init__(self):
        if self.style not in STYLES:
            raise ValueError(f"narration style {self.style!r} is not one of {', '.join(map(repr, STYLES))}")
