"""Encoders: every game's two tensors have the shape, the named ranges and the bounds they
declare, hold what the observation says where the layout says, and recall what the seat saw."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

import ludus  # noqa: E402
from contract.helpers import build_cases, game_of  # noqa: E402
from ludus import envs  # noqa: E402

from .helpers import table, walk  # noqa: E402

CASES = build_cases()


@pytest.mark.parametrize("case", CASES, ids=str)
def test_tensors_keep_their_shape_and_bounds(case):
    enc = envs.encoder(game_of(case))
    for t in walk(case, 0, every=7 if case.options else 2):
        for p in range(enc.n):
            obs = enc.observation(t.state, p)
            info = enc.information_state(t.state, p, t.recalls[p])
            assert obs.dtype == info.dtype == np.float32
            assert obs.shape == enc.observation_shape and info.shape == enc.information_state_shape
            assert np.array_equal(info[:obs.size], obs), "the information state begins with the observation"
            outside = np.nonzero((info < 0) | (info > enc.information_state_high))[0]
            if outside.size:
                names = sorted({name for name, (a, b, _) in enc.layout["information_state"].items()
                                for i in outside if a <= i < b})
                raise AssertionError(f"{case} after {len(t.state.history)} decisions, seat {p}: "
                                     f"{names} outside their declared bounds")


@pytest.mark.parametrize("game_id", ludus.game_ids())
def test_the_layout_names_every_index_once(game_id):
    enc = envs.encoder(ludus.make(game_id))
    for tensor, shape in (("observation", enc.observation_shape),
                          ("information_state", enc.information_state_shape)):
        spans = sorted((a, b) for a, b, _ in enc.layout[tensor].values())
        assert spans[0][0] == 0 and spans[-1][1] == shape[0]
        gaps = [(b, a2) for (_, b), (a2, _) in zip(spans, spans[1:], strict=False) if b != a2]
        assert not gaps, f"{tensor}: ranges overlap or leave gaps at {gaps}"
        for a, b, fshape in enc.layout[tensor].values():
            assert b - a == int(np.prod(fshape))
    assert enc.num_actions == enc.game.num_actions and isinstance(enc.version, int)


@pytest.mark.parametrize("case", [c for c in CASES if not c.options], ids=str)
def test_the_hand_lies_where_the_layout_says(case):
    """The cards of the seat's own hand, summed over the "hand" range, are its hand size."""
    enc = envs.encoder(game_of(case))
    a, b, _ = enc.layout["observation"]["hand"]
    for t in walk(case, 1):
        for p in range(enc.n):
            hand = t.state.observe(p)
            size = len(hand["hand"]) if "hand" in hand else len(hand["seats"][p]["hand"])
            assert enc.observation(t.state, p)[a:b].sum() == size


@pytest.mark.parametrize("case", [c for c in CASES if not c.options], ids=str)
def test_the_recall_counts_the_seats_own_moves(case):
    """Every decision of the seat is in its recall, by action id; the last one first in line."""
    enc = envs.encoder(game_of(case))
    mine = [np.zeros(enc.num_actions) for _ in range(enc.n)]
    start = enc.layout["information_state"]["moves_seen"][0]
    recent = enc.layout["information_state"]["recent_move"][0]
    t = table(enc.game, 2)
    while True:
        for p in range(enc.n):
            info = enc.information_state(t.state, p, t.recalls[p])
            assert np.array_equal(info[start:start + enc.num_actions], mine[p])
        if t.over:
            break
        p, legal = t.to_move, t.mask(t.to_move).nonzero()[0]
        action = int(legal[len(t.state.history) % len(legal)])
        t.play(p, action)
        mine[p][action] += 1
        info = enc.information_state(t.state, p, t.recalls[p])
        assert info[recent + action] == 1


def test_a_game_without_tensors_is_refused():
    from tests.cli.toy_game import Toy

    with pytest.raises(ludus.OptionError, match="no tensors for"):
        envs.encoder(Toy())
