"""Hypothesis-driven action sequences keep every invariant.

Hypothesis picks the seed and, decision by decision, an index into ``legal_actions()`` (it
favours edge choices such as the first and last legal action, which random play seldom
repeats); after each decision conservation, the turn invariants and JSON views hold, and the
seat to move cannot tell resampled worlds from the truth. The game is then finished at random
and must end, score sensibly and replay from its record. Shrinking is off to bound the time a
failure takes; the failing draws (seed, choices) are printed and replay it exactly.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import ludus

from .helpers import (
    MAX_DECISIONS,
    check_outcome,
    check_resampled,
    check_step,
    end_snapshot,
    game_of,
    light_check,
)

DRAWN_STEPS = 100  # decisions chosen by hypothesis; the rest of the game is random

contract_settings = settings(
    deadline=None,
    database=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def play_drawn_sequence(case, data) -> None:
    game = game_of(case)
    seed = data.draw(st.integers(0, 2**31 - 1), label="seed")
    state = game.new_state(seed=seed)
    check_step(game, state)
    for step in range(DRAWN_STEPS):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[data.draw(st.integers(0, len(legal) - 1), label=f"choice {step}")])
        check_step(game, state)
        p = state.current_player
        if p is not None and step % 5 == 0:
            for k in range(2):
                check_resampled(game, state, state.resample(p, random.Random(k)), p)
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="rest"))
    for _ in range(MAX_DECISIONS):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
        light_check(game, state)
    assert state.is_terminal, f"no end after {MAX_DECISIONS} decisions"
    check_outcome(state)
    assert end_snapshot(ludus.replay(state.record())) == end_snapshot(state)


@settings(contract_settings, max_examples=6)
@given(data=st.data())
def test_drawn_sequences_with_default_options(default_case, data):
    play_drawn_sequence(default_case, data)


@settings(contract_settings, max_examples=2)
@given(data=st.data())
def test_drawn_sequences_with_other_options(option_case, data):
    play_drawn_sequence(option_case, data)
