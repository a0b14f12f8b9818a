"""Claim's own random playout (a fast path for search) picks exactly the moves the generic
``State.playout`` would with the same generator."""

from __future__ import annotations

import random

import pytest

import ludus
from ludus.core.game import State


@pytest.mark.parametrize("options", [{}, {"factions": "claim"}, {"players": 3}, {"players": 4},
                                     {"players": 4, "dragon": "last-dragon"}])
def test_claims_playout_makes_the_generic_playouts_moves(options):
    game = ludus.make("claim", **options)
    for seed in range(12):
        start, walk = game.new_state(seed), random.Random(seed)
        for _ in range(seed * 3):   # from various points of the hand
            if not start.is_terminal:
                start.apply_trusted(walk.choice(start.legal_actions()))
        fast, generic = start.clone(), start.clone()
        fast.stop_tracking()
        generic.stop_tracking()
        fast.playout(random.Random(seed))
        State.playout(generic, random.Random(seed))
        assert [str(a) for a in fast.history] == [str(a) for a in generic.history]
        assert fast.returns() == generic.returns() and fast.is_terminal
        cut, generic_cut = start.clone(), start.clone()
        cut.playout(random.Random(seed), max_steps=5)
        State.playout(generic_cut, random.Random(seed), max_steps=5)
        assert cut.history == generic_cut.history and len(cut.history) <= len(start.history) + 5
