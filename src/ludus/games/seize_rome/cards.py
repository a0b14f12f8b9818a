"""Regions and cards of Seize Rome (S1, S2).

A card is an int: ``colour * 6 + value - 1`` for the coloured cards (0-47), ``WILD`` (48) for a
wild card. Wild cards are interchangeable.
"""

from __future__ import annotations

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black")
WILD = 48
NUM_CARDS = 49
HAND_SIZE = 5


def colour(card: int) -> int | None:
    return None if card == WILD else card // 6


def face_value(card: int, wild_value: int) -> int:
    return wild_value if card == WILD else card % 6 + 1


def card_name(card: int) -> str:
    return "wild" if card == WILD else f"{COLOURS[card // 6]} {card % 6 + 1}"


def build_deck(regions: int, wilds: int) -> list[int]:
    """The deck in play: each region's cards 1-6 and every wild (S2)."""
    return [c for c in range(regions * 6)] + [WILD] * wilds
