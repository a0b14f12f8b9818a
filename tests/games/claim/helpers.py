"""Small tools shared by the Claim rule scenario tests."""

from __future__ import annotations

import ludus
from ludus.games.claim.positions import card, cards, check_consistent, play, position

from ..common import fingerprint, legal, names, of  # noqa: F401  (shared by the tests)

__all__ = ["claim", "legal", "names", "of", "seat", "fingerprint", "position", "play", "check_consistent",
           "card", "cards", "zone"]



def claim(**options):
    """The game with these options."""
    return ludus.make("claim", **options)


def seat(state, q: int, viewer=None) -> dict:
    """Seat q's part of the observation of ``viewer`` (None: the spectator)."""
    return state.observe(viewer)["seats"][q]


def zone(state, name: str) -> list[str]:
    """One zone of ``state.zones()``, sorted (e.g. ``"seat 0 score"``, ``"discard"``)."""
    return sorted(state.zones()[name])
