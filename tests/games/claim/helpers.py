"""Small tools shared by the Claim rule scenario tests."""

from __future__ import annotations

import json

import ludus
from ludus.games.claim.testing import card, cards, check_consistent, play, position

__all__ = ["claim", "legal", "names", "of", "seat", "fingerprint", "position", "play", "check_consistent",
           "card", "cards", "zone"]



def claim(**options):
    """The game with these options."""
    return ludus.make("claim", **options)


def legal(state) -> set[str]:
    """The legal actions, as notation."""
    return {str(a) for a in state.legal_actions()}


def names(events) -> list[str]:
    return [type(e).__name__ for e in events]


def of(events, name: str) -> list:
    """The events of one type (by class name)."""
    return [e for e in events if type(e).__name__ == name]


def seat(state, q: int, viewer=None) -> dict:
    """Seat q's part of the observation of ``viewer`` (None: the spectator)."""
    return state.observe(viewer)["seats"][q]


def zone(state, name: str) -> list[str]:
    """One zone of ``state.zones()``, sorted (e.g. ``"seat 0 score"``, ``"discard"``)."""
    return sorted(state.zones()[name])


def fingerprint(state) -> dict:
    """Everything in a state (every slot, views of every seat, legal actions) as text."""
    out = {}
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name == "_legal_cache" or not hasattr(state, name):
                continue
            out[name] = repr(getattr(state, name))
    seats = list(range(state.game.num_players)) + [None]
    out["views"] = [json.dumps(state.observe(p), sort_keys=True) for p in seats]
    out["legal"] = sorted(legal(state))
    out["history"] = [str(a) for a in state.history]
    return out


