"""The generated ``clone``: what it shares, how deep it copies, and the mistakes it refuses."""

from __future__ import annotations

import pytest

from ludus.core.copying import CLONES, GRID, LIST, ROWS, cloner, or_none


class _Part:
    __slots__ = ("cards",)

    def __init__(self, cards):
        self.cards = cards

    def clone(self):
        return _Part(self.cards[:])


class _Base:
    __slots__ = ("history",)


class _Table(_Base):
    __slots__ = ("n", "names", "pile", "hands", "board", "parts", "seen")

    clone = cloner(pile=LIST, hands=ROWS, board=GRID, parts=CLONES, seen=or_none(ROWS))


def _table(seen) -> _Table:
    t = _Table()
    t.history, t.n, t.names = ["a"], 2, ("x", "y")
    t.pile, t.hands, t.board = [1, 2], [[3], [4]], [[[5], []], [[6], [7]]]
    t.parts, t.seen = [_Part([8])], seen
    return t


def test_a_clone_shares_the_immutable_slots_and_copies_the_rest_to_the_bottom():
    t = _table(seen=[[9]])
    c = t.clone()
    assert type(c) is _Table
    for name in ("history", "n", "names", "pile", "hands", "board", "seen"):
        assert getattr(c, name) == getattr(t, name), name
    assert c.n is t.n and c.names is t.names               # immutable: shared
    assert c.history is t.history                         # not a State: its base slot is shared
    assert c.pile is not t.pile
    assert all(x is not y for x, y in zip(c.hands, t.hands, strict=True)) and c.hands is not t.hands
    assert all(x is not y for rx, ry in zip(c.board, t.board, strict=True) for x, y in zip(rx, ry, strict=True))
    assert c.board[0] is not t.board[0]
    assert c.parts[0] is not t.parts[0] and c.parts[0].cards == [8] and c.parts[0].cards is not t.parts[0].cards
    assert c.seen[0] is not t.seen[0]


class _Pair:
    __slots__ = ("hands", "board", "parts")

    clone = cloner(outer=2, hands=ROWS, board=GRID, parts=CLONES)


def test_values_of_a_fixed_length_are_copied_item_by_item_as_deep():
    t = _Pair()
    t.hands, t.board, t.parts = [[1], [2]], [[[3], []], [[4], [5]]], [_Part([6]), _Part([7])]
    c = t.clone()
    assert (c.hands, c.board, [k.cards for k in c.parts]) == ([[1], [2]], [[[3], []], [[4], [5]]], [[6], [7]])
    assert {id(x) for x in c.hands} & {id(x) for x in t.hands} == set()
    assert {id(x) for r in c.board for x in r} & {id(x) for r in t.board for x in r} == set()
    assert {id(k) for k in c.parts} & {id(k) for k in t.parts} == set()


def test_a_slot_that_may_be_none_stays_none():
    assert _table(seen=None).clone().seen is None


def test_a_state_clone_copies_the_history_and_the_legal_move_cache():
    import ludus

    state = ludus.make("claim").new_state(seed=1)
    state.apply(state.legal_actions()[0])
    state.legal_actions()
    c = state.clone()
    assert c.history == state.history and c.history is not state.history
    assert c._legal_cache == state._legal_cache and c._legal_cache is not state._legal_cache


def test_naming_a_slot_the_class_lacks_is_refused_when_the_class_is_made():
    with pytest.raises(RuntimeError) as e:
        class _Bad:
            __slots__ = ("cards",)
            clone = cloner(card=LIST)
    assert "_Bad has no slot(s) card to clone" in str(e.value.__cause__)


def test_an_unknown_shape_is_refused_when_the_class_is_made():
    with pytest.raises(RuntimeError) as e:
        class _Bad:
            __slots__ = ("cards",)
            clone = cloner(cards="deep")
    assert "unknown shape 'deep'" in str(e.value.__cause__)
