"""Small tools shared by the Caesar & Cleopatra rule scenario tests."""

from __future__ import annotations

import ludus
from ludus.games.caesar_cleopatra.positions import check_consistent, play, position

from ..common import fingerprint, legal, names, of  # noqa: F401  (shared by the tests)

__all__ = ["cc", "legal", "names", "of", "fingerprint", "setup", "draw_until", "position", "play",
           "check_consistent", "side", "seat", "group"]

GROUPS = ("senators", "praetors", "quaestors", "censors", "aediles")


def cc(**options):
    """The game with these options."""
    return ludus.make("caesar-cleopatra", **options)


def group(state, g: str, viewer=None) -> dict:
    """The observation of one group, as ``viewer`` sees it."""
    return state.observe(viewer)["groups"][GROUPS.index(g)]


def side(state, g: str, p: int, viewer=None) -> dict:
    """Seat p's side of group g, as ``viewer`` sees it."""
    return group(state, g, viewer)["sides"][p]


def seat(state, p: int, viewer=None) -> dict:
    return state.observe(viewer)["seats"][p]


def draw_until(state, pile: str = "influence") -> list:
    """Play draws (from ``pile`` while it lasts) as long as a draw is the decision due."""
    events = []
    while state.legal_actions() and all(str(a).startswith("draw") for a in state.legal_actions()):
        choice = f"draw {pile}" if f"draw {pile}" in legal(state) else str(state.legal_actions()[0])
        events += play(state, choice)
    return events


def setup(game=None, seed: int = 0, arrange=None, opening=("12345", "12345")) -> tuple:
    """Play the setup of a seeded game; return (state, events).

    ``arrange``: per seat, the action cards top first (default: as the legal list offers them);
    ``opening``: per seat, the five values in board order.
    """
    state = (game or cc()).new_state(seed=seed)
    events = []
    while state.observe(None)["phase"] == "arrange":
        p = state.current_player
        if arrange and arrange[p]:
            done = len(state.observe(p)["seats"][p]["action_pile_order"])
            events += play(state, f"arrange {arrange[p][done]}")
        else:
            events += play(state, state.legal_actions()[0])
    for p in (0, 1):
        assert state.current_player == p
        for v in opening[p]:
            events += play(state, f"open {v}")
    return state, events
