"""Property 7: the notation and the flat action space round-trip.

Every action of the table has a distinct text and id with ``parse_action(str(a)) == a`` and
``action_from_id(action_id(a)) == a``; every legal action seen in random games is in the table
(id in range) and round-trips the same way; unknown text and out-of-range ids raise
``IllegalAction`` with a message.
"""

from __future__ import annotations

from collections.abc import Hashable

import pytest

import ludus

from .helpers import game_of, positions


def test_action_table_is_a_bijection(case):
    game = game_of(case)
    n = game.num_actions
    table = [game.action_from_id(i) for i in range(n)]
    assert all(isinstance(a, Hashable) for a in table)
    assert len(set(table)) == n, "two ids name the same action"
    names = [str(a) for a in table]
    assert len(set(names)) == n, "two actions share a text: records could not tell them apart"
    for i, action in enumerate(table):
        assert game.action_id(action) == i
        assert game.parse_action(str(action)) == action, f"{str(action)!r} does not parse back"
    for bad in (-1, n, n + 7):
        with pytest.raises(ludus.IllegalAction):
            game.action_from_id(bad)


@pytest.mark.parametrize("text", ["nonsense text", "", "   ", "42", "draw draw draw draw"])
def test_unknown_text_is_an_illegal_action(case, text):
    game = game_of(case)
    with pytest.raises(ludus.IllegalAction) as info:
        game.parse_action(text)
    assert isinstance(info.value, ValueError)
    assert str(info.value).strip()


def test_legal_actions_seen_round_trip(case, seed):
    game = game_of(case)
    seen = {}
    for _, state, _ in positions(case, seed):
        for action in state.legal_actions():
            if action not in seen:
                seen[action] = game.action_id(action)
    for action, i in seen.items():
        assert isinstance(i, int) and 0 <= i < game.num_actions, f"{action}: id {i} out of range"
        assert game.action_from_id(i) == action, f"{action}: id {i} gives {game.action_from_id(i)}"
        parsed = game.parse_action(str(action))
        assert parsed == action, f"{str(action)!r} parses to {parsed!r}, not {action!r}"
