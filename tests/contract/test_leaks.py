"""Property 4: no leaks — ``resample`` and ``Perspective`` give a seat nothing it may not know.

For every seat p at many points of a game and for several generators: the world
``state.resample(p, rng)`` looks to p exactly like the truth (its observation, the public view,
the seat to move and, when p is to move, its legal actions); it carries no true seed, history
or record; it conserves cards; it depends only on what p knows (resampling a world p cannot
tell from the truth gives the same world, and so do two true games dealt alike but for two
cards, while p has seen the same in both); resampling leaves the truth untouched; the worlds
really differ from the truth where p lacks information; and a world can be played on to its
end. A Perspective shows the seat's observation and legal actions and no way back to the state.
"""

from __future__ import annotations

import random

import pytest

import ludus

from .helpers import (
    SLOW_SEEDS,
    canon,
    check_outcome,
    check_resampled,
    checkpoints,
    deal_shuffles,
    end_snapshot,
    game_of,
    hidden_differs,
    light_check,
    play_randomly,
    positions,
    seats,
    snapshot,
    texts,
    transposed_deal,
    views,
)

RNGS = 4  # generators per seat and point


@pytest.mark.seeds(*SLOW_SEEDS)
def test_resampled_worlds_look_the_same_to_the_seat(case, seed):
    game = game_of(case)
    points = checkpoints(case, seed, 30)
    differed = dict.fromkeys(seats(game), False)
    state = None
    for i, state, _ in positions(case, seed):
        if i not in points:
            continue
        truth_views = views(state)
        before = snapshot(state)
        for p in seats(game):
            for k in range(RNGS):
                world = state.resample(p, random.Random(k))
                check_resampled(game, state, world, p, truth_views)
                differed[p] = differed[p] or hidden_differs(state, world, p)
        assert snapshot(state) == before, f"resampling changed the true state (after {i} decisions)"
    # Resampling must not have drawn on the truth's chance: the walk ended as the game did.
    assert end_snapshot(state) == end_snapshot(ludus.replay(state.record()))
    if game.num_players > 1:
        blind = [p for p, d in differed.items() if not d]
        assert not blind, (
            f"{case} seed {seed}: over the whole game, no resample for seat(s) {blind} ever differed "
            "from the truth in what another seat sees: resample leaks the hidden cards")


@pytest.mark.seeds(*SLOW_SEEDS)
def test_resample_depends_only_on_what_the_seat_knows(case, seed):
    """A world p cannot tell from the truth resamples, with the same generator, to the same world."""
    game = game_of(case)
    points = checkpoints(case, seed, 10)
    for i, state, _ in positions(case, seed):
        if i not in points:
            continue
        for p in seats(game):
            twin = state.resample(p, random.Random(99))
            for k in range(2):
                a = state.resample(p, random.Random(k))
                b = twin.resample(p, random.Random(k))
                where = (
                    f"{case} seed {seed} after {i} decisions: resample(seat {p}, Random({k})) of the "
                    "truth and of a world the seat cannot tell from it differ")
                assert views(a) == views(b), f"{where} in what the seats see"
                assert repr(sorted(a.zones().items())) == repr(sorted(b.zones().items())), (
                    f"{where} in where the cards lie")


def seen_events(events, p) -> list[str]:
    return [repr(e.seen_by(p)) for e in events]


@pytest.mark.seeds(*SLOW_SEEDS)
def test_worlds_do_not_depend_on_what_the_seat_cannot_see(case, seed):
    """Two true games seat p cannot tell apart — dealt alike but for two cards, played alike —
    resample, generator for generator, to the same worlds, for as long as p has seen the same
    observations and events in both. The twin test above cannot catch a world that copies a
    hidden fact from the truth (its twin inherits the fact); this one can."""
    game = game_of(case)
    walk = random.Random(seed)
    shuffles = deal_shuffles(game, seed)
    compared = pairs = 0
    for attempt in range(12):
        if pairs == 2:
            break
        at, i, j = walk.randrange(shuffles), walk.randrange(60), walk.randrange(60)
        t1 = game.new_state(seed=seed)
        with transposed_deal(at, i, j):
            t2 = game.new_state(seed=seed)
        alike = [p for p in seats(game) if t1.observe(p) == t2.observe(p)]
        if repr(sorted(t1.zones().items())) == repr(sorted(t2.zones().items())) or not alike:
            continue
        pairs += 1
        for step in range(400):
            if t1.is_terminal or not alike:
                break
            if step % 5 == 0:
                for p in alike:
                    for k in range(2):
                        a, b = t1.resample(p, random.Random(k)), t2.resample(p, random.Random(k))
                        where = (f"{case} seed {seed}, deal {attempt} after {step} decisions: two true games seat "
                                 f"{p} cannot tell apart resample (Random({k})) to different worlds")
                        assert views(a) == views(b), f"{where} in what the seats see"
                        assert repr(sorted(a.zones().items())) == repr(sorted(b.zones().items())), (
                            f"{where} in where the cards lie")
                        compared += 1
            action = walk.choice(t1.legal_actions())
            if action not in t2.legal_actions():
                break
            e1, e2 = t1.apply(action), t2.apply(action)
            alike = [p for p in alike if t1.observe(p) == t2.observe(p) and seen_events(e1, p) == seen_events(e2, p)]
    if game.num_players > 1:
        assert compared, f"{case} seed {seed}: no pair of deals a seat could not tell apart was found"


@pytest.mark.seeds(2, 1)
def test_a_sampler_deals_the_worlds_resample_deals(case, seed):
    """``sampler(p)`` (what the seat knows worked out once, for a search's many samples) gives,
    generator for generator, the very worlds of ``resample(p, rng)``, and leaves the state as it was."""
    game = game_of(case)
    points = checkpoints(case, seed, 4)
    for i, state, _ in positions(case, seed):
        if i not in points:
            continue
        before = snapshot(state)
        for p in seats(game):
            sample = state.sampler(p)
            for k in range(3):
                a, b = sample(random.Random(k)), state.resample(p, random.Random(k))
                assert views(a) == views(b) and a.zones() == b.zones(), (
                    f"{case} seed {seed} after {i} decisions: sampler(seat {p}) and resample differ "
                    f"with Random({k})")
        assert snapshot(state) == before, f"sampling changed the true state (after {i} decisions)"


@pytest.mark.seeds(*SLOW_SEEDS)
def test_resampled_worlds_play_on_to_the_end(case, seed):
    game = game_of(case)
    points = checkpoints(case, seed, 3)
    for i, state, _ in positions(case, seed):
        if i not in points or state.is_terminal:
            continue
        for p in seats(game):
            world = state.resample(p, random.Random(i))
            play_randomly(world, random.Random(i + p), check=lambda s: light_check(game, s))
            check_outcome(world)


@pytest.mark.seeds(*SLOW_SEEDS)
def test_perspective_shows_the_seat_its_own_view_only(case, seed):
    game = game_of(case)
    points = checkpoints(case, seed, 8)
    for i, state, _ in positions(case, seed):
        if i not in points:
            continue
        truth_views = views(state)
        for p in seats(game):
            perspective = state.perspective(p)
            assert isinstance(perspective, ludus.Perspective)
            assert perspective.player == p
            assert canon(perspective.observation) == truth_views[p], f"after {i}: observation of seat {p}"
            if state.current_player == p:
                assert texts(perspective.legal_actions()) == texts(state.legal_actions())
            for name in dir(perspective):
                if not name.startswith("__"):
                    assert getattr(perspective, name, None) is not state, (
                        f"Perspective.{name} is the true state")
            for k in range(2):
                check_resampled(game, state, perspective.sample(random.Random(k)), p, truth_views)


@pytest.mark.seeds(2, 1)
def test_a_move_is_keyed_by_what_each_seat_sees_of_it(case, seed):
    """``action_seen_by(a, q)`` — the key of seat q's search tree — is equal for two moves exactly
    when q's observation after them is equal: coarser, and search would hide from q what it
    sees; finer, and q's choices in the tree would follow a card q saw only face down."""
    game = game_of(case)
    points = checkpoints(case, seed, 12)
    for i, state, _ in positions(case, seed):
        if i not in points or state.is_terminal:
            continue
        mover = state.current_player
        after = {}
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            after[action] = views(child)
        for q in seats(game):
            seen = {a: state.action_seen_by(a, q) for a in after}
            if q == mover:
                assert all(seen[a] == a for a in after), f"{case} seed {seed}: a seat sees its own moves whole"
            for a in after:
                for b in after:
                    same_key, same_view = seen[a] == seen[b], after[a][q] == after[b][q]
                    assert same_key == same_view, (
                        f"{case} seed {seed} after {i} decisions: seat {q} sees {a} and {b} "
                        f"{'alike' if same_view else 'differently'}, but action_seen_by keys them "
                        f"{'alike' if same_key else 'apart'}")
