"""Actions of Claim and their text notation.

``Action(kind, a)``: ``PLAY`` a card type, ``TAKE`` a face-up prize (a card type), ``TAKE_DECK``
(the Seer's take of the top deck card), ``SMASH`` a seat's Gnome (the Giant's target).

==========================  ============================================================
``goblins 3``               play a Goblin 3 (``play goblins 3`` also reads)
``take dragons 5``          take the face-up Dragon 5 as your prize
``take deck``               (Seer) take the top deck card you looked at instead
``smash 2``                 (Giant) remove the matching Gnome of seat 2
==========================  ============================================================

Faction names may be singular or any prefix that is unique among the factions of the game's deck
(``gob 3``, ``dragon 5``; ``d 4`` is a Dragon where the deck has no Dwarves or Doppelgangers).
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.errors import IllegalAction, echo
from ...core.notation import exact_or_words, named, number, prefix_matches
from .cards import FACTIONS, SINGULAR, card_name

PLAY, TAKE, TAKE_DECK, SMASH = range(4)


class Action(NamedTuple):
    kind: int
    a: int = 0

    def __str__(self) -> str:
        if self.kind == PLAY:
            return card_name(self.a)
        if self.kind == TAKE:
            return f"take {card_name(self.a)}"
        if self.kind == TAKE_DECK:
            return "take deck"
        return f"smash {self.a}"

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


ALL_ACTIONS = ([Action(PLAY, c) for c in range(100)] + [Action(TAKE, c) for c in range(100)]
               + [Action(TAKE_DECK)] + [Action(SMASH, s) for s in range(4)])
PLAY_OF = ALL_ACTIONS[:100]
TAKE_OF = ALL_ACTIONS[100:200]
TAKE_DECK_ACTION = ALL_ACTIONS[200]
SMASH_OF = ALL_ACTIONS[201:]
BY_TEXT = {str(a): a for a in ALL_ACTIONS}


def _card(words: list[str], text: str, factions: tuple[int, ...]) -> int:
    """A card named by a faction of ``factions`` (the deck's) and a value."""
    names = [FACTIONS[f] for f in factions]
    value = number(words[1], 0, 9) if len(words) == 2 else None
    if value is None:
        raise IllegalAction(f"cannot read {echo(text)}: a card is a faction and a value 0-9, e.g. '{names[0]} 3'")
    whole = [f for f, spelt in enumerate(zip(FACTIONS, SINGULAR, strict=True)) if words[0] in spelt]
    if not whole and not prefix_matches(words[0], names, [SINGULAR[f] for f in factions]):
        whole = prefix_matches(words[0], FACTIONS, SINGULAR)   # a faction of the other box
    if len(whole) == 1 and whole[0] not in factions:
        raise IllegalAction(f"cannot read {echo(text)}: this game's deck has no {FACTIONS[whole[0]]}; its "
                            f"factions are {', '.join(names)}")
    try:
        f = factions[named(words[0], names, "faction", aliases=[SINGULAR[f] for f in factions])]
    except IllegalAction as e:
        raise IllegalAction(f"cannot read {echo(text)}: {e}") from None
    return f * 10 + value


def parse(text: str, factions: tuple[int, ...] = tuple(range(len(FACTIONS)))) -> Action:
    """Notation to Action, faction names read among ``factions`` (the game's deck; every faction
    by default); unknown text raises IllegalAction with a hint."""
    first = FACTIONS[factions[0]]
    exact, words = exact_or_words(text, BY_TEXT, f"'{first} 3', 'take {first} 5', 'take deck'")
    if exact is not None:
        return exact
    if words[0] == "play":
        return PLAY_OF[_card(words[1:], text, factions)]
    if words[0] == "take":
        if words[1:] == ["deck"]:
            return TAKE_DECK_ACTION
        return TAKE_OF[_card(words[1:], text, factions)]
    if words[0] == "smash":
        rest = [w for w in words[1:] if w != "seat"]
        seat = number(rest[0], 0, 3) if len(rest) == 1 else None
        if seat is None:
            raise IllegalAction(f"cannot read {echo(text)}: write 'smash N' with the seat N (0-3) whose "
                                "Gnome goes")
        return SMASH_OF[seat]
    return PLAY_OF[_card(words, text, factions)]
