"""The cards of Caesar & Cleopatra and their names (C1-C5; the 2024 edition: N4, N5)."""

from __future__ import annotations

CLEOPATRA, CAESAR = 0, 1
SEAT_NAMES = ("cleopatra", "caesar")

GROUPS = ("senators", "praetors", "quaestors", "censors", "aediles")
GROUP_SIZES = (5, 5, 5, 3, 3)
NUM_GROUPS = 5
MAX_SIDE = 5    # C13: cards on one player's side of a group
MAX_GROUP = 8   # C13: cards at a group in total

# Influence values: 0 is the Philosopher, written P.
PHILOSOPHER = 0
VALUES = range(6)
VALUE_NAMES = ("P", "1", "2", "3", "4", "5")
INFLUENCE_DECK = (2, 7, 7, 7, 7, 7)  # count of each value in one player's 37 influence cards

ASSASSIN, SPY, CASTLING, SCOUT, WRATH, VETO = range(6)
ACTION_NAMES = ("assassin", "spy", "castling", "scout", "wrath", "veto")
ACTION_DECK = (4, 2, 2, 2, 1, 2)  # C3: 13 action cards

# A card in a hand: 0-5 influence values, 6-11 action kinds (used by Spy and discards).
NUM_CARD_CODES = 12
CARD_NAMES = VALUE_NAMES + ACTION_NAMES

# VoC cards (C4): 0-4 the group cards, then plain Orgy and Orgy-and-reshuffle.
ORGY, ORGY_RESHUFFLE = 5, 6
VOC_NAMES = GROUPS + ("orgy", "orgy-reshuffle")

# 2024 bust bag (N5): 0-4 a group's bust (in board order), then grey and black.
GREY, BLACK = 5, 6
BUST_NAMES = ("white", "blue", "yellow", "pink", "green", "grey", "black")

BONUS_GOALS = (0, 0, 1, 1, 2, 2)  # C5: two each of Senators, Praetors, Quaestors
BONUS_NEEDS = 3

HAND_SIZE = {"classic": 5, "2024": 6}
START_CARD_2024 = VETO  # N4: the action card each player starts with (provisional; one place)
# N4: the 2024 action pile, shuffled: the 13 action cards less the start card in hand.
ACTION_PILE_2024 = tuple(n - (k == START_CARD_2024) for k, n in enumerate(ACTION_DECK))


def target_text(kind: int, a: int, b: int) -> str:
    """An action card's target in words, as its player names it (C16): "4 at praetors"."""
    if kind == ASSASSIN:
        return f"{VALUE_NAMES[a]} at {GROUPS[b]}"
    if kind == CASTLING:
        return f"{GROUPS[a]} and {GROUPS[b]}"
    if kind in (SCOUT, WRATH):
        return GROUPS[a]
    return ""
