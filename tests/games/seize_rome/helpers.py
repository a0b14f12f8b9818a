"""Small tools shared by the Seize Rome rule scenario tests."""

from __future__ import annotations

import json

import ludus
from ludus.games.seize_rome.cards import COLOURS
from ludus.games.seize_rome.notation import PLAY, Action
from ludus.games.seize_rome.positions import card, cards, check_consistent, play, position, region

from ..common import fingerprint, legal, names, of  # noqa: F401  (shared by the tests)

__all__ = ["rome", "legal", "names", "of", "fingerprint", "position", "play", "check_consistent", "card",
           "cards", "region", "area", "off_colour", "COLOURS", "canon", "hand", "under"]


def rome(**options):
    """The game with these options."""
    return ludus.make("seize-rome", **options)


def canon(obs) -> str:
    return json.dumps(obs, sort_keys=True)


def area(state, colour: str, viewer=None) -> dict:
    """One region of the observation of ``viewer`` (None: the spectator)."""
    return state.observe(viewer)["regions"][region(colour)]


def hand(state, q: int) -> list[str]:
    """Seat q's hand, as names (sorted as the engine keeps it)."""
    return state.zones()[f"seat {q} hand"]


def under(state) -> list[str]:
    """The revealed bottom layer of the pile (S13), bottom first."""
    return state.zones()["pile"][:len(state.pile) - state.pile_unseen]


def off_colour(card_name: str, colour: str) -> Action:
    """A play the notation cannot write: a coloured card into another region (never legal, S6)."""
    return Action(PLAY, card(card_name), region(colour))
