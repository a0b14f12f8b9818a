"""The steps of a Claim trick (which decision is due): names the rules (state.py), the views
(view.py), the heuristic and the test helper share."""

from __future__ import annotations

# Steps: which decision is due.
PLAY_CARD, CHOOSE_PRIZE, SECOND_PRIZE, CHOOSE_SMASH, OVER = range(5)
STEP_NAMES = ("play", "choose-prize", "second-prize", "choose-smash", "over")
