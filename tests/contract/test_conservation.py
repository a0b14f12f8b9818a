"""Property 5: conservation — every card of the game lies in exactly one zone at every step.

``state.zones()`` maps zone names to lists of hashable card labels and ``game.all_cards()``
lists every card; their multisets agree after every decision of random games, in clones, and
in the worlds ``resample`` makes.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

from .helpers import (
    CHEAP_SEEDS,
    SLOW_SEEDS,
    check_conservation,
    checkpoints,
    game_of,
    positions,
    seats,
)


@pytest.mark.seeds(*CHEAP_SEEDS)
def test_every_card_is_in_exactly_one_zone_at_every_step(case, seed):
    game = game_of(case)
    cards = game.all_cards()
    assert cards, "all_cards() is empty"
    assert all(isinstance(c, Hashable) for c in cards), "card labels must be hashable"
    for _, state, _ in positions(case, seed):
        zones = state.zones()
        assert all(isinstance(name, str) for name in zones), f"zone names must be str: {list(zones)}"
        check_conservation(game, state)


@pytest.mark.seeds(*SLOW_SEEDS)
def test_clones_and_resampled_worlds_conserve_cards(case, seed):
    game = game_of(case)
    points = checkpoints(case, seed, 10)
    for i, state, _ in positions(case, seed):
        if i in points:
            check_conservation(game, state.clone())
            for p in seats(game):
                check_conservation(game, state.resample(p, random.Random(i)))
