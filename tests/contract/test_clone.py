"""Property 3: ``clone`` gives an independent copy.

A clone starts identical to its original (views, zones, record, legal actions) and goes on
exactly like it under the same actions (the chance generator is copied, not shared); playing
the clone on changes nothing of the original, and playing the original on changes nothing of
the clone. Observations and zones handed out are copies too: mutating them changes no state.
"""

from __future__ import annotations

import pickle
import random

import pytest

import ludus

from .helpers import (
    SLOW_SEEDS,
    checkpoints,
    end_snapshot,
    game_of,
    light_check,
    play_randomly,
    positions,
    snapshot,
    state_after,
    viewers,
)
from .test_aliasing import wreck


@pytest.mark.seeds(*SLOW_SEEDS)
def test_playing_a_clone_leaves_the_original_alone(case, seed):
    game = game_of(case)
    points = checkpoints(case, seed, 8)
    for i, state, _ in positions(case, seed):
        if i not in points:
            continue
        before = snapshot(state)
        copy = state.clone()
        assert copy is not state
        assert snapshot(copy) == before, f"a clone after {i} decisions differs from its original"
        play_randomly(copy, random.Random(1000 + i), check=lambda s: light_check(game, s))
        assert snapshot(state) == before, f"playing a clone (made after {i} decisions) changed the original"


@pytest.mark.seeds(*SLOW_SEEDS)
def test_playing_the_original_leaves_a_clone_alone(case, seed):
    for cut in checkpoints(case, seed, 5):
        state = state_after(case, seed, cut)
        copy = state.clone()
        kept = snapshot(copy)
        rest = play_randomly(state, random.Random(cut))
        assert snapshot(copy) == kept, f"playing the original on changed its clone (made after {cut})"
        # The clone goes on exactly like the original did: same chance, same views.
        for action in rest:
            copy.apply(action)
        assert end_snapshot(copy) == end_snapshot(state), (
            f"a clone made after {cut} decisions ends differently under the same actions")
        # ... and like a replay of its record (the original's chance was not shared with it).
        assert end_snapshot(ludus.replay(copy.record())) == end_snapshot(copy)


def test_observations_and_zones_are_copies(case, seed):
    game = game_of(case)
    points = checkpoints(case, seed, 6)
    for i, state, _ in positions(case, seed):
        if i not in points:
            continue
        before = snapshot(state)
        for p in viewers(game):
            wreck(state.observe(p), game)
        wreck(state.zones(), game)
        wreck(state.record(), game)
        wreck(state.legal_actions(), game)
        assert snapshot(state) == before, (
            f"mutating what observe/zones/record/legal_actions returned changed the state (after {i})")


@pytest.mark.seeds(*SLOW_SEEDS)
def test_a_pickled_state_is_the_same_state_and_goes_on_alike(case, seed):
    """Process pools, OpenSpiel's serialisation and checkpoints pickle states: the copy must be
    the same position (views, legal moves, record) and go on exactly like the original."""
    for cut in checkpoints(case, seed, 4):
        state = state_after(case, seed, cut)
        copy = pickle.loads(pickle.dumps(state))
        assert snapshot(copy) == snapshot(state), f"a state pickled after {cut} decisions differs"
        for action in play_randomly(state, random.Random(cut)):
            copy.apply(action)
        assert end_snapshot(copy) == end_snapshot(state), f"a state pickled after {cut} decisions ends otherwise"
