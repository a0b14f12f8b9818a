"""Actions of Seize Rome and their text notation.

==================  ==========================================================
``play red 5``      put your red 5 face down into the red region
``play wild red``   put a wild card face down into the red region
``draw``            take the top card of the pile
``pass``            do nothing (pile empty, or ``voluntary_pass=true``)
==================  ==========================================================
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.errors import IllegalAction, echo
from ...core.notation import exact_or_words, named, number
from .cards import COLOURS, WILD, card_name

PLAY, DRAW, PASS = range(3)


class Action(NamedTuple):
    kind: int
    card: int = 0
    region: int = 0

    def __str__(self) -> str:
        if self.kind == DRAW:
            return "draw"
        if self.kind == PASS:
            return "pass"
        if self.card == WILD:
            return f"play wild {COLOURS[self.region]}"
        return f"play {card_name(self.card)}"

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


COLOURED = [Action(PLAY, c, c // 6) for c in range(48)]
WILD_INTO = [Action(PLAY, WILD, r) for r in range(8)]
DRAW_ACTION, PASS_ACTION = Action(DRAW), Action(PASS)
ALL_ACTIONS = COLOURED + WILD_INTO + [DRAW_ACTION, PASS_ACTION]
BY_TEXT = {str(a): a for a in ALL_ACTIONS}


def _colour(word: str, text: str) -> int:
    try:
        return named(word, COLOURS, "colour")
    except IllegalAction as e:
        raise IllegalAction(f"cannot read {echo(text)}: {e}") from None


def parse(text: str) -> Action:
    """Notation to Action; unknown text raises IllegalAction with a hint."""
    exact, words = exact_or_words(text, BY_TEXT, "'play red 5', 'play wild blue', 'draw'")
    if exact is not None:
        return exact
    if words[0] in ("draw", "pass"):
        raise IllegalAction(f"cannot read {echo(text)}: {words[0]} takes nothing; write '{words[0]}'")
    if words[0] == "play":
        words = words[1:]
    if len(words) == 2 and words[0] == "wild":
        return WILD_INTO[_colour(words[1], text)]
    if len(words) == 2:
        colour = _colour(words[0], text)
        value = number(words[1], 1, 6)
        if value is None:
            raise IllegalAction(f"cannot read {echo(text)}: {echo(words[1])} is not a card value; "
                                "values are 1-6 (or wild)")
        return COLOURED[colour * 6 + value - 1]
    raise IllegalAction(f"cannot read {echo(text)}; moves look like 'play red 5', 'play wild blue', 'draw', "
                        "'pass'")
