"""No tensor tells a seat more than it may know.

Both tensors of a seat are the same for the true state and for every world ``resample(seat)``
gives (worlds the seat cannot tell from the truth), and for two true games dealt alike but for
two cards, for as long as the seat has seen the same observations and events in both (twins,
dealt with the contract suite's ``transposed_deal``, played on with moves legal in both, to the
end of the game if some seat still cannot tell them apart). The action mask is exactly the legal
moves of the seat to move, and all zeros for every other seat.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from contract.helpers import build_cases, canon, deal_shuffles, game_of, transposed_deal  # noqa: E402

from .helpers import table, walk  # noqa: E402

CASES = build_cases()
WORLDS = 2          # resampled worlds per seat and position


def _seeds(case) -> list[int]:
    return [0, 1] if not case.options else [0]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_tensors_are_alike_in_every_world_the_seat_cannot_tell_apart(case):
    for seed in _seeds(case):
        for t in walk(case, seed, every=9 if case.options else 4):
            for p in range(t.game.num_players):
                obs = t.encoder.observation(t.state, p)
                info = t.encoder.information_state(t.state, p, t.recalls[p])
                for k in range(WORLDS):
                    world = t.state.resample(p, random.Random(k))
                    where = f"{case} seed {seed} after {len(t.state.history)} decisions, seat {p}, world {k}"
                    assert np.array_equal(t.encoder.observation(world, p), obs), f"{where}: observation"
                    assert np.array_equal(t.encoder.information_state(world, p, t.recalls[p]), info), (
                        f"{where}: information state")


def _alike(one, two, p: int, start: int) -> bool:
    """Whether seat p sees the twins alike: its observation, and the decisions from ``start``
    on as its log tells them."""
    return (canon(one.state.observe(p)) == canon(two.state.observe(p))
            and repr(one.session.log(p, start)) == repr(two.session.log(p, start)))


@pytest.mark.parametrize("case", CASES, ids=str)
def test_twin_deals_give_the_seat_the_same_tensors(case):
    game = game_of(case)
    seed = 3
    walk_rng = random.Random(seed)
    shuffles = deal_shuffles(game, seed)
    compared = pairs = 0
    for _ in range(12):
        if pairs == (2 if not case.options else 1):
            break
        at, i, j = walk_rng.randrange(shuffles), walk_rng.randrange(60), walk_rng.randrange(60)
        one = table(game, seed)
        with transposed_deal(at, i, j):
            two = table(game, seed)
        seen = [p for p in range(game.num_players) if _alike(one, two, p, 0)]
        if canon(one.state.zones()) == canon(two.state.zones()) or not seen:
            continue
        pairs += 1
        step = 0
        while True:         # to the game's end, for as long as some seat cannot tell the twins apart
            for p in seen:
                where = f"{case}, twins {pairs} after {step} decisions, seat {p}"
                assert np.array_equal(one.encoder.observation(one.state, p), two.encoder.observation(two.state, p)), (
                    f"{where}: the observations tell the twins apart")
                assert np.array_equal(one.tensor(p), two.tensor(p)), f"{where}: the information states differ"
                compared += 1
            if one.over or not seen or one.to_move != two.to_move:
                break
            # a move legal in both twins, so that a card only one of them holds does not end the walk
            both = np.flatnonzero(one.mask(one.to_move) & two.mask(two.to_move))
            if not len(both):
                break
            action = int(walk_rng.choice(both))
            start = len(one.state.history)
            one.play(one.to_move, action)
            two.play(two.to_move, action)
            seen = [p for p in seen if _alike(one, two, p, start)]
            step += 1
    if game.num_players > 1:
        assert compared, f"{case}: no twins a seat could not tell apart were found"


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_mask_is_the_legal_moves_of_the_seat_to_move(case):
    game = game_of(case)
    for t in walk(case, 4, every=3):
        legal = sorted(t.encoder.env_id(game.action_id(a), t.to_move) for a in t.state.legal_actions())
        for p in range(game.num_players):
            mask = t.mask(p)
            assert mask.dtype == np.int8 and mask.shape == (game.num_actions,)
            assert list(np.flatnonzero(mask)) == (legal if p == t.state.current_player else [])
