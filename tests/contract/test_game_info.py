"""``game.info`` says what a learning library asks before it plays, and the games keep to it:
the action space is the flat table, returns stay in [min_utility, max_utility], and where a
game declares their sum (zero-sum) every game ends with that sum."""

from __future__ import annotations

import random

import pytest

from .helpers import game_of


@pytest.mark.seeds(3, 1)
def test_returns_keep_to_the_declared_range_and_sum(case, seed):
    game = game_of(case)
    info = game.info
    assert info.num_players == game.num_players and info.num_distinct_actions == game.num_actions
    state, rng = game.new_state(seed=seed), random.Random(seed)
    while not state.is_terminal:
        state.apply_trusted(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert all(info.min_utility <= r <= info.max_utility for r in returns)
    if info.utility_sum is not None:
        assert sum(returns) == pytest.approx(info.utility_sum), returns
