"""Knowledge pools: what they keep exact, when they merge, and that sampling honours them."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ludus.core.knowledge import Beliefs, Knowledge

HAND, BOARD, PILE = 0, 1, 2


def _pools() -> Knowledge:
    k = Knowledge(num_values=4, num_zones=3)
    k.add([0, 2, 0, 0], [2, 0, 0])        # two 1s, known to be in hand
    k.add([3, 0, 2, 1], [0, 0, 6])        # six unknown cards in the pile
    return k


def test_a_move_from_a_zone_one_pool_holds_stays_exact():
    k = _pools()
    k.move(HAND, BOARD)
    assert k.known_in(HAND) == [1]                     # the pool spans hand and board: 1s both
    for seed in range(50):
        zones = k.sample(random.Random(seed))
        assert zones[HAND] == [1] and zones[BOARD] == [1]


def test_a_move_from_a_zone_two_pools_hold_merges_them():
    k = _pools()
    k.move(PILE, HAND)                                 # an unseen draw joins the two known 1s
    assert len(k.pools) == 2
    k.move(HAND, BOARD)                                # which card went? the pools merge
    assert len(k.pools) == 1
    seen = Counter(tuple(sorted(random_zone)) for random_zone in
                   (k.sample(random.Random(s))[BOARD] for s in range(200)))
    assert len(seen) > 1, "after the merge the board card may be any of the pooled values"


def test_could_be_keeps_pools_that_cannot_have_given_the_card_apart():
    k = _pools()
    k.move(PILE, HAND)
    k.move(HAND, BOARD, could_be=frozenset({1}))       # it was a 1: only the known pool has 1s...
    assert len(k.pools) == 2                           # ...among those that do, so nothing merges
    for seed in range(50):
        assert k.sample(random.Random(seed))[BOARD] == [1]


def test_reveal_and_learn():
    k = _pools()
    k.reveal(HAND, 1)
    assert k.known_in(HAND) == [1]
    k.move(PILE, HAND)
    k.learn(HAND, [1, 3])                              # the observer looked at the whole hand
    assert k.known_in(HAND) == [1, 3]
    with pytest.raises(AssertionError):
        k.reveal(HAND, 2)                              # no 2 can be in the hand


def test_a_card_shown_from_a_zone_where_a_pool_lies_wholly_is_taken_from_it():
    """Two 1s known in hand (as after a Spy), an unseen draw joins them; a 1 is shown from the
    hand: whichever card it was, one known 1 is still in hand — no merge, nothing forgotten."""
    k = _pools()
    k.move(PILE, HAND)
    k.reveal(HAND, 1)
    assert len(k.pools) == 2 and k.known_in(HAND) == [1]
    for seed in range(50):
        assert 1 in k.sample(random.Random(seed))[HAND]


@pytest.mark.parametrize("order", [[2, 1], [1, 2]])
def test_revealing_a_whole_zone_takes_the_forced_values_first(order):
    """Board holds one card of pool A (2 or 3) and one of pool B (1 or 2); both are shown, 2 and 1.
    The 1 can only be B's, so the 2 is A's: in any order, nothing merges and the rest is exact."""
    k = Knowledge(num_values=4, num_zones=3)
    k.add([0, 0, 1, 1], [0, 1, 1])        # A: a 2 and a 3, one on the board, one in the pile
    k.add([0, 1, 1, 0], [1, 1, 0])        # B: a 1 and a 2, one in hand, one on the board
    k.reveal_all(BOARD, order)
    assert len(k.pools) == 2
    for seed in range(20):
        zones = k.sample(random.Random(seed))
        assert zones[PILE] == [3] and zones[HAND] == [2] and zones[BOARD] == []


def test_sample_depends_only_on_the_pools_and_the_generator():
    a, b = _pools(), _pools()
    assert a.sample(random.Random(7)) == b.sample(random.Random(7))


def test_restricted_zones_always_get_values_they_accept():
    """Interlocking restrictions a greedy deal can paint itself into a corner with: a matching
    finds a fit every time."""
    k = Knowledge(num_values=5, num_zones=5)
    k.add([1, 1, 1, 1, 2], [1, 1, 1, 1, 2])            # values 0,1,2,3 and two 4s over 5 zones
    accepts = {0: frozenset({0, 4}), 1: frozenset({4}), 2: frozenset({2, 4}), 3: frozenset({4, 3})}
    for seed in range(300):
        zones = k.sample(random.Random(seed), accepts)
        for z, fits in accepts.items():
            assert all(v in fits for v in zones[z]), (seed, zones)
        assert Counter(v for z in zones for v in z) == Counter([0, 1, 2, 3, 4, 4])


def test_restrictions_elsewhere_leave_an_unrestricted_zone_in_random_order():
    """A zone's places are alike: with two restricted places taking values 0 or 1, the ordered
    zone (a draw pile, top last) holds a 1 on top as often as at its bottom — the matching's
    leftovers used to be laid out so that the top rarely held a value it could have taken."""
    k = Knowledge(num_values=3, num_zones=2)
    k.add([6, 6, 6], [2, 16])                         # 2 restricted places, a pile of 16
    accepts = {0: frozenset({0, 1})}
    top = bottom = 0
    for seed in range(3000):
        pile = k.sample(random.Random(seed), accepts)[1]
        top += pile[-1] == 1
        bottom += pile[0] == 1
    # a 1 is in a given pile place with probability about (6 - 2/2) / 16 = 0.31
    assert abs(top - bottom) < 150 and 800 < top < 1100, (top, bottom)


# -- Beliefs: exact knowledge -------------------------------------------------------------------

BOARDS = (3, 4)                       # with HAND, BOARD, PILE: two boards the owner plays to


def _script(seed: int):
    """A small random history, played on a true world: the owner starts with 1 2 in hand and
    pile 0 1 2 3 3 (shuffled), then draws, plays face down, shows a card, is spied, and has a
    board's cards turned up. Returns the observations, as the calls a ``Beliefs`` gets."""
    rng = random.Random(seed)
    hand, pile = [1, 2], [0, 1, 2, 3, 3]
    rng.shuffle(pile)
    boards = {z: [] for z in BOARDS}
    seen = []
    for _ in range(9):
        kind = rng.choice(["draw", "down", "down", "up", "spy", "vote"])
        if kind == "draw" and pile:
            hand.append(pile.pop())
            seen.append(("move", PILE, HAND))
        elif kind == "down" and hand:
            z = rng.choice(BOARDS)
            boards[z].append(hand.pop(rng.randrange(len(hand))))
            seen.append(("move", HAND, z))
        elif kind == "up" and hand:
            seen.append(("reveal", HAND, hand.pop(rng.randrange(len(hand)))))
        elif kind == "spy":
            seen.append(("learn", HAND, tuple(sorted(hand))))
        elif kind == "vote":
            z = rng.choice(BOARDS)
            seen.append(("reveal_all", z, tuple(sorted(boards[z]))))
            boards[z] = []
    return seen


def _posterior_by_enumeration(seen) -> dict:
    """The exact chance of each world (the multiset in every zone) given ``seen``, by running
    every deal of the pile and every blind pick of the owner, keeping the runs that show what
    was seen."""
    from itertools import permutations

    out: Counter = Counter()
    orders = list(permutations([0, 1, 2, 3, 3]))

    def run(step, hand, pile, boards, chance):
        if step == len(seen):
            world = (tuple(sorted(hand)), tuple(sorted(pile)), *(tuple(sorted(boards[z])) for z in BOARDS))
            out[world] += chance
            return
        what, zone, arg = seen[step]
        if what == "move" and zone == PILE:
            run(step + 1, hand + [pile[-1]], pile[:-1], boards, chance)
        elif what == "move":
            for i in range(len(hand)):
                moved = {**boards, arg: boards[arg] + [hand[i]]}
                run(step + 1, hand[:i] + hand[i + 1:], pile, moved, chance / len(hand))
        elif what == "reveal":
            for i in range(len(hand)):
                if hand[i] == arg:
                    run(step + 1, hand[:i] + hand[i + 1:], pile, boards, chance / len(hand))
        elif what == "learn":
            if tuple(sorted(hand)) == arg:
                run(step + 1, hand, pile, boards, chance)
        elif tuple(sorted(boards[zone])) == arg:
            run(step + 1, hand, pile, {**boards, zone: []}, chance)

    for order in orders:
        run(0, [1, 2], list(order), {z: [] for z in BOARDS}, 1 / len(orders))
    total = sum(out.values())
    return {world: chance / total for world, chance in out.items()}


def _beliefs_after(seen):
    b = Beliefs(num_values=4, num_zones=5)
    b.add([0, 1, 1, 0], [2, 0, 0, 0, 0])
    b.add([1, 1, 1, 2], [0, 0, 5, 0, 0])
    for what, zone, arg in seen:
        getattr(b, what)(zone, arg)
    return b


def _distribution(b: Beliefs) -> dict:
    """The exact chance of each world under ``b``: each hypothesis's chance times the chance of
    each deal of its pools (every order of a pool's cards alike)."""
    from itertools import permutations, product

    out: Counter = Counter()
    for pools, chance in b.hypotheses.items():
        deals = []
        for counts, _ in pools:
            cards = [v for v, n in enumerate(counts) for _ in range(n)]
            orders = list(permutations(cards))
            deals.append([(order, 1 / len(orders)) for order in orders])
        for combo in product(*deals):
            zones = [[] for _ in range(5)]
            p = chance
            for (order, q), (_, slots) in zip(combo, pools, strict=True):
                p *= q
                start = 0
                for z, n in enumerate(slots):
                    zones[z] += order[start:start + n]
                    start += n
            world = (tuple(sorted(zones[HAND])), tuple(sorted(zones[PILE])),
                     *(tuple(sorted(zones[z])) for z in BOARDS))
            out[world] += p
    return dict(out)


@pytest.mark.parametrize("seed", range(40))
def test_beliefs_give_each_world_exactly_its_chance_given_the_whole_history(seed):
    """Brute force over every deal and every pick: the worlds Beliefs can deal are exactly the
    worlds the history allows, each with its true chance (the owner picking blindly)."""
    seen = _script(seed)
    truth = _posterior_by_enumeration(seen)
    mine = _distribution(_beliefs_after(seen))
    assert set(mine) == set(truth), (seen, set(mine) ^ set(truth))
    for world, chance in truth.items():
        assert mine[world] == pytest.approx(chance, abs=1e-9), (seen, world)


def test_merged_knowledge_would_fail_the_enumeration():
    """The check has teeth: Knowledge, which merges pools, admits worlds the history rules out
    in some of these histories."""
    wrong = 0
    for seed in range(40):
        seen = _script(seed)
        k = Knowledge(num_values=4, num_zones=5)
        k.add([0, 1, 1, 0], [2, 0, 0, 0, 0])
        k.add([1, 1, 1, 2], [0, 0, 5, 0, 0])
        for what, zone, arg in seen:
            getattr(k, what)(zone, arg)
        b = Beliefs(num_values=4, num_zones=5)
        for counts, slots in k.pools:
            b.add(counts, slots)
        wrong += set(_distribution(b)) != set(_posterior_by_enumeration(seen))
    assert wrong > 0


def test_beliefs_sample_follows_the_chances():
    """A Spy saw a 1 and a 2; an unseen draw; a card played face down. Two hypotheses: it was
    a seen card (chance 2/3) or the drawn one (1/3)."""
    b = Beliefs(num_values=4, num_zones=5)
    b.add([0, 1, 1, 0], [2, 0, 0, 0, 0])
    b.add([1, 0, 0, 3], [0, 0, 4, 0, 0])
    b.move(PILE, HAND)
    b.move(HAND, BOARD)
    assert sorted(b.hypotheses.values()) == pytest.approx([1 / 3, 2 / 3]) and b.known_in(HAND) == []
    boards = Counter(b.sample(random.Random(seed))[BOARD][0] for seed in range(3000))
    # P(board holds a 1) = P(a seen card went) * 1/2 = 1/3; a 0 or 3 (the drawn card) = 1/3
    assert abs(boards[1] - 1000) < 90 and abs(boards[2] - 1000) < 90
    assert abs(boards[0] + boards[3] - 1000) < 90


@pytest.mark.parametrize("seed", range(40))
def test_beliefs_past_their_limit_merge_soundly(seed, monkeypatch):
    """Past ``limit`` hypotheses, pools sharing a zone merge: the count stays bounded and every
    world the history allows can still be dealt (the true one included, so nothing later can
    contradict all of them)."""
    monkeypatch.setattr(Beliefs, "limit", 2)
    seen = _script(seed)
    b = _beliefs_after(seen)
    assert len(b.hypotheses) <= 2
    assert set(_posterior_by_enumeration(seen)) <= set(_distribution(b))
    assert sum(b.hypotheses.values()) == pytest.approx(1)


def test_known_in_counts_what_every_deal_leaves_in_the_zone():
    """A Spy saw 1 1 2 in hand; a card was drawn unseen and one played face down. Whichever it
    was, a 1 is still in the hand: in every world, though no pool lies wholly there. (Knowledge
    merges the two pools here, and its worlds may then hold no 1 in hand.)"""
    k = Beliefs(num_values=4, num_zones=5)
    k.add([0, 2, 1, 0], [3, 0, 0, 0, 0])
    k.add([1, 0, 0, 3], [0, 0, 4, 0, 0])
    k.move(PILE, HAND)
    k.move(HAND, BOARD)
    assert k.known_in(HAND) == [1]
    assert all(1 in k.sample(random.Random(seed))[HAND] for seed in range(100))


def test_beliefs_allow_exactly_the_dealable_worlds():
    b = Beliefs(num_values=4, num_zones=5)
    b.add([0, 2, 1, 0], [3, 0, 0, 0, 0])
    b.add([1, 0, 0, 3], [0, 0, 4, 0, 0])
    b.move(PILE, HAND)
    b.move(HAND, BOARD)
    assert b.allows([[1, 1, 3], [2], [0, 3, 3], [], []])          # the 2 went down, a 3 drawn
    assert b.allows([[1, 2, 0], [1], [3, 3, 3], [], []])          # a 1 went down, the 0 drawn
    assert not b.allows([[1, 2, 3], [3], [0, 1, 3], [], []])      # a seen 1 back in the pile
    assert not b.allows([[1, 1, 2], [2], [0, 3, 3], [], []])      # the 2 twice


@pytest.mark.parametrize("game_id, options", [("seize-rome", {}), ("seize-rome", {"players": 4}),
                                              ("caesar-cleopatra", {}), ("caesar-cleopatra", {"edition": "2024"})])
def test_queued_knowledge_survives_clones_and_pickling_unobserved(game_id, options):
    """Knowledge queued while nobody looks (Seize Rome's QueuedKnowledge, C&C's Beliefs) is a
    chain the clones share: a clone played on differently, or a state pickled with steps still
    queued, must answer exactly as a state that was looked at every step (pickling once applied
    the queued steps twice)."""
    import pickle

    import ludus

    game = ludus.make(game_id, **options)
    seats = [*range(game.num_players), None]
    rng = random.Random(7)
    for seed in range(3):
        watched = game.new_state(seed=seed)       # looked at after every move: nothing stays queued
        quiet = game.new_state(seed=seed)         # looked at only at the checks below
        forks = []
        step = 0
        while not watched.is_terminal:
            action = rng.choice(watched.legal_actions())
            for state in (watched, quiet):
                state.apply(action)
            views = [watched.observe(p) for p in seats]
            step += 1
            if step % 7 == 0:
                forks.append(quiet.clone())           # shares the queue as it stands
            if step % 11 == 0:
                again = pickle.loads(pickle.dumps(quiet))
                assert [again.observe(p) for p in seats] == views
                assert [quiet.observe(p) for p in seats] == views
        for fork in forks[:3]:                        # played on apart from the state it came from
            twin = game.new_state(seed=seed)
            for action in fork.history:
                twin.apply(action)
            while not fork.is_terminal:
                action = rng.choice(fork.legal_actions())
                fork.apply(action)
                twin.apply(action)
            assert [fork.observe(p) for p in seats] == [twin.observe(p) for p in seats]
