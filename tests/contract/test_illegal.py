"""Property 6: illegal input is refused and changes nothing.

Any action of the game's action table that is not in ``legal_actions()``, any value that is no
action at all, and any legal action claimed by a seat that is not to move raise
``IllegalAction`` (a ``ValueError``) with a message, and leave the state unchanged: record,
every seat's view, zones and legal actions. After all the refusals the game still plays on
exactly as it would have.
"""

from __future__ import annotations

import random

import pytest

import ludus

from .helpers import SLOW_SEEDS, checkpoints, end_snapshot, game_of, random_game, seats, snapshot, texts

ILLEGAL_PER_POINT = 8


def refuse(state, action, player=None) -> None:
    before = snapshot(state)
    with pytest.raises(ludus.IllegalAction) as info:
        if player is None:
            state.apply(action)
        else:
            state.apply(action, player=player)
    assert isinstance(info.value, ValueError)
    assert str(info.value).strip(), f"IllegalAction for {action!r} has no message"
    assert snapshot(state) == before, f"a refused {action!r} (player={player}) changed the state"


@pytest.mark.seeds(*SLOW_SEEDS)
def test_illegal_actions_are_refused_and_change_nothing(case, seed):
    game = game_of(case)
    table = [game.action_from_id(i) for i in range(game.num_actions)]
    actions = random_game(case, seed)
    points = checkpoints(case, seed, 15)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    for i, action in enumerate([*actions, None]):
        if i in points:
            legal = set(state.legal_actions())
            illegal = [a for a in table if a not in legal]
            for bad in rng.sample(illegal, min(ILLEGAL_PER_POINT, len(illegal))):
                refuse(state, bad)
            if not state.is_terminal:
                for wrong in seats(game):
                    if wrong != state.current_player:
                        refuse(state, action, player=wrong)
                if illegal:
                    refuse(state, str(rng.choice(illegal)))
                refuse(state, None)
                refuse(state, object())
        if action is not None:
            state.apply(action, player=state.current_player)
    assert state.is_terminal
    for a in rng.sample(table, min(ILLEGAL_PER_POINT, len(table))):
        refuse(state, a)
    assert end_snapshot(state) == end_snapshot(ludus.replay(state.record())), (
        "after refusing illegal input the game ended differently")
    assert texts(state.history) == texts(actions)


def test_an_action_belongs_to_its_game(game_id):
    """Actions are tuples, and tuples compare equal across classes: a plain tuple, or another
    game's action, equal to a legal move is still refused — by ``apply`` and ``action_id`` —
    and changes nothing."""
    state = ludus.make(game_id).new_state(seed=3)
    rng = random.Random(3)
    others = [a for other in ludus.game_ids() if other != game_id for a in ludus.make(other).actions]
    foreign_seen = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        action = rng.choice(legal)
        if len(state.history) < 12:
            refuse(state, tuple(action))
            refuse(state, rng.choice(others))
            with pytest.raises(ludus.IllegalAction, match="is not an action of"):
                state.game.action_id(tuple(action))
        for foreign in (a for a in others if a in legal and foreign_seen < 5):
            refuse(state, foreign)
            foreign_seen += 1
        state.apply(action)
    if any(a in state.game.actions for a in others):
        assert foreign_seen, "no other game's action equalled a legal one: the test proved nothing"
