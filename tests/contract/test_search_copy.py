"""Search copies (``stop_tracking``): the rules play on exactly as in a tracked state, with no
events, and the copy refuses to be observed by a seat or resampled (it keeps no knowledge)."""

from __future__ import annotations

import random

import pytest

import ludus

from .helpers import end_snapshot, game_of, random_game, seats, spread, state_after, texts


@pytest.mark.seeds(2, 1)
def test_a_search_copy_plays_like_the_tracked_game(case, seed):
    actions = random_game(case, seed)
    for cut in sorted(spread(len(actions), 3)):
        tracked = state_after(case, seed, cut)
        search = tracked.clone()
        search.stop_tracking()
        for action in actions[cut:]:
            assert texts(search.legal_actions()) == texts(tracked.legal_actions())
            assert search.current_player == tracked.current_player
            tracked.apply(action)
            assert search.apply_trusted(action) is None
        assert search.is_terminal and search.returns() == tracked.returns()
        assert search.scores() == tracked.scores()
        assert search.record() == tracked.record()
        assert repr(sorted(search.zones().items())) == end_snapshot(tracked)["zones"]


def test_a_search_copy_refuses_views_and_worlds(case):
    state = game_of(case).new_state(seed=1)
    rng = random.Random(1)
    for _ in range(12):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    search = state.clone()
    search.stop_tracking()
    for p in seats(search.game):
        with pytest.raises(ludus.LudusError):
            search.observe(p)
        with pytest.raises(ludus.LudusError):
            search.resample(p, random.Random(0))
    # the tracked state it came from is untouched and still answers
    for p in seats(state.game):
        state.observe(p)
        state.resample(p, random.Random(0))


@pytest.mark.seeds(2, 1)
def test_a_random_playout_plays_legal_moves_the_public_calls_accept(case, seed):
    """``State.playout`` (the fast random rollout of search) plays only legal moves: replaying its
    history with the validating ``apply`` gives the same game; ``max_steps`` stops it early."""
    start = state_after(case, seed, 4)
    cut = start.clone()
    cut.stop_tracking()
    cut.playout(random.Random(seed), max_steps=3)
    assert len(cut.history) == len(start.history) + 3 or (cut.is_terminal and len(cut.history) < len(start.history) + 3)
    search = start.clone()
    search.stop_tracking()
    search.playout(random.Random(seed))
    assert search.is_terminal
    replayed = start.clone()
    for action in search.history[len(start.history):]:
        replayed.apply(action)
    assert replayed.is_terminal and replayed.returns() == search.returns()
    assert replayed.record() == search.record()
