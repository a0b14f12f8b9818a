"""Actions of Caesar & Cleopatra and their text notation.

An action is a small tuple ``Action(kind, a, b)``; what ``a`` and ``b`` mean depends on the
kind, and properties read them by what they mean (``value``, ``group``, ``groups``, ``card``,
``action_card``, ``pile``). Every action the game can offer exists once, in ``ALL_ACTIONS`` (the
flat action space), so legal-move lists are built from shared objects and never allocate actions.

Notation (case-insensitive; group names may be shortened to any unique prefix, ``P`` is the
Philosopher):

==========================  ==============================================================
``arrange spy``             put a spy next on your action pile (setup, C8)
``open 3``                  place your 3 face down at the next group (setup, C10)
``down 3 senators``         one influence card face down (C12)
``up 3 senators``           one of the two face-up influence cards (C12)
``assassin 4 praetors``     play an Assassin on the opponent's face-up 4 at the Praetors
``spy``                     play a Spy on the opponent's hand
``castling senators censors``  play Castling on two groups
``scout censors``           play a Scout on the opponent's face-down cards at a group
``wrath aediles``           play Wrath of the Gods on a group
``veto`` / ``allow``        answer the opponent's action card (C17)
``take 4`` / ``take spy``   the card the Spy makes the opponent discard (C24)
``castle 3 senators``       put one card back face down during Castling (C25)
``draw influence`` / ``draw action``  draw one card from that pile
``passive``                 take a passive turn (C21)
``discard 3`` / ``discard spy``  discard one hand card in a passive turn
``done``                    end this step: go on to the refill, to the votes, or to the draws
==========================  ==============================================================
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.errors import IllegalAction, echo
from ...core.notation import exact_or_words, named
from .cards import (
    ACTION_NAMES,
    ASSASSIN,
    CARD_NAMES,
    CASTLING,
    GROUPS,
    NUM_CARD_CODES,
    SCOUT,
    SPY,
    VALUE_NAMES,
    WRATH,
)

(ARRANGE, OPEN, DOWN, UP, PLAY_ASSASSIN, PLAY_SPY, PLAY_CASTLING, PLAY_SCOUT, PLAY_WRATH, VETO_IT,
 ALLOW, TAKE, CASTLE, DRAW, PASSIVE, DISCARD, DONE) = range(17)

INFLUENCE_PILE, ACTION_PILE = 0, 1
PILE_NAMES = ("influence", "action")

# The action card (cards.py: ASSASSIN ... WRATH) each kind of play puts on the discard.
PLAYED = {PLAY_ASSASSIN: ASSASSIN, PLAY_SPY: SPY, PLAY_CASTLING: CASTLING, PLAY_SCOUT: SCOUT, PLAY_WRATH: WRATH}
_VALUED = frozenset((OPEN, DOWN, UP, CASTLE, PLAY_ASSASSIN))
_AT_B = frozenset((DOWN, UP, CASTLE, PLAY_ASSASSIN))     # kinds that name their group second


class Action(NamedTuple):
    """One decision. ``kind`` is one of the constants of this module; ``a`` and ``b`` are read
    by name through the properties below, None where a kind has no such part. (The rules' hot
    paths unpack the tuple instead: a property costs a call.)"""

    kind: int
    a: int = 0
    b: int = 0

    @property
    def value(self) -> int | None:
        """The influence value (0 is the Philosopher) opened, placed, put back by Castling or
        assassinated."""
        return self.a if self.kind in _VALUED else None

    @property
    def group(self) -> int | None:
        """The group a card goes to, or a single-group action card (Assassin, Scout, Wrath)
        aims at; Castling's pair is ``groups``."""
        if self.kind in _AT_B:
            return self.b
        return self.a if self.kind in (PLAY_SCOUT, PLAY_WRATH) else None

    @property
    def groups(self) -> tuple[int, int] | None:
        """Castling's two groups, in board order."""
        return (self.a, self.b) if self.kind == PLAY_CASTLING else None

    @property
    def card(self) -> int | None:
        """The hand card a Spy makes the opponent discard or a passive turn discards, as a card
        code: 0-5 the influence values, 6 + k the action card k."""
        return self.a if self.kind in (TAKE, DISCARD) else None

    @property
    def action_card(self) -> int | None:
        """The action card (ASSASSIN ... VETO) arranged onto the pile, or played."""
        if self.kind == ARRANGE:
            return self.a
        return PLAYED.get(self.kind)

    @property
    def pile(self) -> int | None:
        """The pile drawn from: INFLUENCE_PILE or ACTION_PILE."""
        return self.a if self.kind == DRAW else None

    def __str__(self) -> str:
        k, a, b = self
        if k == ARRANGE:
            return f"arrange {ACTION_NAMES[a]}"
        if k == OPEN:
            return f"open {VALUE_NAMES[a]}"
        if k in (DOWN, UP, CASTLE):
            word = {DOWN: "down", UP: "up", CASTLE: "castle"}[k]
            return f"{word} {VALUE_NAMES[a]} {GROUPS[b]}"
        if k == PLAY_ASSASSIN:
            return f"assassin {VALUE_NAMES[a]} {GROUPS[b]}"
        if k == PLAY_CASTLING:
            return f"castling {GROUPS[a]} {GROUPS[b]}"
        if k == PLAY_SCOUT:
            return f"scout {GROUPS[a]}"
        if k == PLAY_WRATH:
            return f"wrath {GROUPS[a]}"
        if k in (TAKE, DISCARD):
            return f"{'take' if k == TAKE else 'discard'} {CARD_NAMES[a]}"
        if k == DRAW:
            return f"draw {PILE_NAMES[a]}"
        return {PLAY_SPY: "spy", VETO_IT: "veto", ALLOW: "allow", PASSIVE: "passive", DONE: "done"}[k]

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


def _all_actions() -> list[Action]:
    acts = [Action(ARRANGE, k) for k in range(6)]
    acts += [Action(OPEN, v) for v in range(1, 6)]
    for kind in (DOWN, UP, CASTLE, PLAY_ASSASSIN):
        acts += [Action(kind, v, g) for g in range(5) for v in range(6)]
    acts.append(Action(PLAY_SPY))
    acts += [Action(PLAY_CASTLING, g1, g2) for g1 in range(5) for g2 in range(g1 + 1, 5)]
    acts += [Action(PLAY_SCOUT, g) for g in range(5)]
    acts += [Action(PLAY_WRATH, g) for g in range(5)]
    acts += [Action(VETO_IT), Action(ALLOW)]
    acts += [Action(TAKE, c) for c in range(NUM_CARD_CODES)]
    acts += [Action(DRAW, INFLUENCE_PILE), Action(DRAW, ACTION_PILE)]
    acts.append(Action(PASSIVE))
    acts += [Action(DISCARD, c) for c in range(NUM_CARD_CODES)]
    acts.append(Action(DONE))
    return acts


ALL_ACTIONS = _all_actions()
# Interned actions by (kind, a, b), so the rules never build a tuple on the hot path.
A = {tuple(x): x for x in ALL_ACTIONS}
BY_TEXT = {str(x): x for x in ALL_ACTIONS}


def _grid(kind: int) -> list[list[Action]]:
    return [[A[(kind, v, g)] for v in range(6)] for g in range(5)]


# GRID[kind][group][value]: the interned actions that name a value at a group.
GRID = {kind: _grid(kind) for kind in (DOWN, UP, CASTLE, PLAY_ASSASSIN)}

_WORDS = {"down": DOWN, "up": UP, "castle": CASTLE, "assassin": PLAY_ASSASSIN}

# One example of each move by its first word, the setup's first: what a refusal to read a move shows.
EXAMPLES = {"arrange": "arrange spy", "open": "open 3", "down": "down 3 senators", "up": "up P censors",
            "assassin": "assassin 4 praetors", "spy": "spy", "castling": "castling senators censors",
            "scout": "scout censors", "wrath": "wrath aediles", "veto": "veto", "allow": "allow",
            "take": "take 4", "castle": "castle 3 senators", "draw": "draw influence",
            "passive": "passive", "discard": "discard 3", "done": "done"}


def _group(word: str) -> int:
    return named(word, GROUPS, "group")


def _value(word: str) -> int:
    word = {"philosopher": "p", "0": "p"}.get(word, word)
    names = [n.lower() for n in VALUE_NAMES]
    if word not in names:
        raise IllegalAction(f"{echo(word)} is not an influence value; values are P, 1, 2, 3, 4, 5")
    return names.index(word)


def _card(word: str) -> int:
    try:
        return _value(word)
    except IllegalAction:
        pass
    return 6 + named(word, ACTION_NAMES, "card", f"cards are P, 1-5 and {', '.join(ACTION_NAMES)}")


def parse(text: str) -> Action:
    """Turn notation into an Action; unknown text raises IllegalAction with a hint."""
    exact, words = exact_or_words(text, BY_TEXT, "'down 3 senators' or 'passive'")
    if exact is not None:
        return exact
    head, rest = words[0], words[1:]
    try:
        if head in _WORDS and len(rest) == 2:
            return A[(_WORDS[head], _value(rest[0]), _group(rest[1]))]
        if head == "castling" and len(rest) == 2:
            g1, g2 = sorted((_group(rest[0]), _group(rest[1])))
            if g1 != g2:
                return A[(PLAY_CASTLING, g1, g2)]
        if head in ("scout", "wrath") and len(rest) == 1:
            return A[(PLAY_SCOUT if head == "scout" else PLAY_WRATH, _group(rest[0]), 0)]
        if head in ("take", "discard") and len(rest) == 1:
            return A[(TAKE if head == "take" else DISCARD, _card(rest[0]), 0)]
        if head == "arrange" and len(rest) == 1:
            code = _card(rest[0])
            if code >= 6:
                return A[(ARRANGE, code - 6, 0)]
        if head == "open" and len(rest) == 1:
            v = _value(rest[0])
            if v:
                return A[(OPEN, v, 0)]
        if head == "draw" and len(rest) == 1:
            for i, name in enumerate(PILE_NAMES):
                if name.startswith(rest[0]):
                    return A[(DRAW, i, 0)]
    except IllegalAction as e:
        raise IllegalAction(f"cannot read {echo(text)}: {e}") from None
    if head in EXAMPLES:
        raise IllegalAction(f"cannot read {echo(text)}; write it like '{EXAMPLES[head]}'")
    raise IllegalAction(f"cannot read {echo(text)}; moves look like "
                        + ", ".join(f"'{example}'" for example in EXAMPLES.values()))
