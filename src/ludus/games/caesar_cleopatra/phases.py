"""The decisions of Caesar & Cleopatra (phases) and the zones of a seat's knowledge: names the
rules (state.py), the views (view.py), the heuristic and the test helper share."""

from __future__ import annotations

from .cards import GROUPS

# Phases: which decision is due. ADD_UP / ADD_DOWN (2024 only, N2): one card is placed face
# down / face up; the player may add one of the other kind, play an action card or be done.
# VOTE_ACTION (C19): an exceptional vote's cards are revealed; the active player may play the
# turn's action card before the count, or be done.
(ARRANGING, OPENING, PLACE, SECOND_UP, AFTER_PLACE, REFILL, AFTER_REFILL, VETO_WINDOW, DRAW_ONE,
 SPY_PICK, CASTLING_PLACE, PASSIVE_DISCARD, PASSIVE_DRAW, OVER, ADD_UP, ADD_DOWN, VOTE_ACTION) = range(17)
PHASE_NAMES = ("arrange", "opening", "place", "second-up", "after-place", "refill", "after-refill",
               "veto", "draw-one", "spy-pick", "castling", "passive-discard", "passive-draw", "over",
               "add-up", "add-down", "vote-action")

# Knowledge zones over the opponent's influence cards, and over their action cards.
Z_HAND, Z_PILE, Z_BUF = 0, 6, 7          # groups are zones 1..5
ZA_HAND, ZA_PILE, ZA_SETUP = 0, 1, 2
INF_ZONE_NAMES = ("hand",) + GROUPS + ("pile", "castling")
ACT_ZONE_NAMES = ("hand", "pile", "unarranged")
