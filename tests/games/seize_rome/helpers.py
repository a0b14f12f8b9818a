"""Small tools shared by the Seize Rome rule scenario tests."""

from __future__ import annotations

import json

import ludus
from ludus.core.knowledge import Knowledge
from ludus.games.seize_rome.cards import COLOURS
from ludus.games.seize_rome.notation import PLAY, Action
from ludus.games.seize_rome.testing import card, cards, check_consistent, play, position, region

__all__ = ["rome", "legal", "names", "of", "fingerprint", "position", "play", "check_consistent", "card",
           "cards", "region", "area", "off_colour", "COLOURS", "canon", "hand", "under"]


def rome(**options):
    """The game with these options."""
    return ludus.make("seize-rome", **options)


def legal(state) -> set[str]:
    """The legal actions, as notation."""
    return {str(a) for a in state.legal_actions()}


def names(events) -> list[str]:
    return [type(e).__name__ for e in events]


def of(events, name: str) -> list:
    """The events of one type (by class name)."""
    return [e for e in events if type(e).__name__ == name]


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


def fingerprint(state) -> dict:
    """Everything in a state (every slot, knowledge pools, views, legal actions) as text."""
    out = {}
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name == "_legal_cache" or not hasattr(state, name):
                continue
            value = getattr(state, name)
            if isinstance(value, list) and value and isinstance(value[0], Knowledge):
                value = [k.pools for k in value]
            out[name] = repr(value)
    seats = list(range(state.game.num_players)) + [None]
    out["views"] = [canon(state.observe(p)) for p in seats]
    out["legal"] = sorted(legal(state)) if not state.is_terminal else []
    out["history"] = [str(a) for a in state.history]
    return out
