"""Property 1: random playouts end within MAX_DECISIONS and never raise.

Along the way the basic shape of the contract holds after every decision: the seat to move is
None exactly when the game is over, legal actions are offered exactly when it is not; every
view is JSON and ``apply`` returns events that know who may see them; the end has sensible
returns and scores and a record of exactly what was played.
"""

from __future__ import annotations

import json
import random

import pytest

import ludus
from ludus.core.events import Event

from .helpers import (
    MAX_DECISIONS,
    check_outcome,
    check_step,
    check_turn_invariants,
    game_of,
    texts,
    viewers,
)


def check_events(events, game) -> None:
    assert isinstance(events, list), f"apply must return a list of events, got {type(events).__name__}"
    for event in events:
        assert isinstance(event, Event), f"{event!r} is not a ludus Event"
        for p in viewers(game):
            seen = event.seen_by(p)
            assert seen is None or isinstance(seen, Event), f"{event!r}.seen_by({p}) gave {seen!r}"
            if seen is not None:
                json.dumps(seen.to_dict())


@pytest.mark.seeds(16, 6)
def test_random_playout_ends_and_never_raises(case, seed):
    game = game_of(case)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    played = []
    for _ in range(MAX_DECISIONS):
        check_turn_invariants(state)
        if state.is_terminal:
            break
        action = rng.choice(state.legal_actions())
        state.apply(action)
        played.append(action)
    assert state.is_terminal, f"{case} seed {seed}: no end after {len(played)} random decisions"
    check_outcome(state)
    assert list(state.history) == played, "history is not the list of applied actions"
    record = state.record()
    assert record == {
        "game": case.game_id,
        "options": game.options_dict(),
        "seed": seed,
        "actions": texts(played),
    }
    json.dumps(record)


@pytest.mark.seeds(2, 1)
def test_every_decision_gives_json_views_and_events(case, seed):
    game = game_of(case)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    check_step(game, state)
    every = 1 if not case.options else 4
    while not state.is_terminal:
        events = state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal or len(state.history) % every == 0:
            check_events(events, game)
            check_step(game, state)


def test_unseeded_state_has_an_int_seed_that_replays(case):
    game = game_of(case)
    state = game.new_state()
    assert isinstance(state.seed, int) and not isinstance(state.seed, bool)
    assert not state.is_terminal and state.history == []
    rng = random.Random(7)
    for _ in range(30):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    again = ludus.replay(state.record())
    assert [again.observe(p) for p in viewers(game)] == [state.observe(p) for p in viewers(game)]


def test_game_describes_itself(case):
    game = game_of(case)
    assert game.id == case.game_id
    assert isinstance(game.title, str) and game.title
    assert isinstance(game.num_players, int) and game.num_players >= 1
    options = game.options_dict()
    json.dumps(options)
    for name, value in case.options:
        assert options[name] == value, f"option {name} was given {value!r} but is {options[name]!r}"
    assert isinstance(game.num_actions, int) and game.num_actions > 0
