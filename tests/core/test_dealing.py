"""``core.dealing.RestrictedDeal``: every deal that fits the places' restrictions is as likely as
in a fair deal of distinct cards, and no deal that does not fit is ever made."""

from __future__ import annotations

import collections
import itertools
import math
import random

import pytest

from ludus.core.dealing import RestrictedDeal
from ludus.core.errors import LudusError


def _all_deals(cards, sizes, accepts):
    """Every deal that fits, by brute force: each place's cards as a sorted tuple."""
    deals = set()
    for order in itertools.permutations(cards):
        out, start = [], 0
        for size, accepted in zip(sizes, accepts, strict=True):
            part = order[start:start + size]
            start += size
            if accepted is not None and not set(part) <= accepted:
                break
            out.append(tuple(sorted(part)))
        else:
            deals.add(tuple(out))
    return deals


def _instance(rng: random.Random):
    n = rng.randint(3, 7)
    cards = list(range(n))
    sizes = [0] * rng.randint(2, 4)
    for _ in cards:
        sizes[rng.randrange(len(sizes))] += 1
    accepts = [None if rng.random() < 0.35 else frozenset(c for c in cards if rng.random() < 0.6) for _ in sizes]
    return cards, sizes, accepts


def test_the_three_deals_of_two_places_refusing_different_cards_are_alike():
    # A refuses card 10, B refuses 20, C takes anything: each of the three fitting deals is 1/3
    # (placing refused cards one by one into the place with room gave 1/4, 3/8, 3/8).
    deal = RestrictedDeal([10, 20, 30], [1, 1, 1], [frozenset({20, 30}), frozenset({10, 30}), None])
    rng = random.Random(5)
    seen = collections.Counter(tuple(tuple(p) for p in deal(rng)) for _ in range(30_000))
    assert set(seen) == {((20,), (10,), (30,)), ((20,), (30,), (10,)), ((30,), (10,), (20,))}
    assert all(abs(k / 30_000 - 1 / 3) < 0.015 for k in seen.values()), seen


@pytest.mark.parametrize("case", range(40))
def test_every_fitting_deal_is_as_likely_and_no_other_is_made(case):
    rng = random.Random(case)
    cards, sizes, accepts = _instance(rng)
    fitting = _all_deals(cards, sizes, accepts)
    if not fitting:
        with pytest.raises(LudusError, match="no deal"):
            RestrictedDeal(cards, sizes, accepts)
        return
    deal = RestrictedDeal(cards, sizes, accepts)
    draws = 200 * len(fitting)
    seen = collections.Counter()
    for _ in range(draws):
        out = deal(rng)
        assert [len(p) for p in out] == sizes
        assert all(a is None or set(p) <= a for p, a in zip(out, accepts, strict=True))
        seen[tuple(tuple(sorted(p)) for p in out)] += 1
    assert set(seen) == fitting
    expected = draws / len(fitting)
    chi2 = sum((k - expected) ** 2 / expected for k in seen.values())
    df = len(fitting) - 1
    assert chi2 <= df + 6 * math.sqrt(2 * max(df, 1)), (cards, sizes, accepts, chi2, df)


def test_each_places_cards_come_in_a_random_order():
    # the order within a place is the draw order of a pile: its first card is any it may hold
    deal = RestrictedDeal(list(range(6)), [2, 4], [frozenset({0, 1, 2}), None])
    rng = random.Random(3)
    firsts = collections.Counter(deal(rng)[1][0] for _ in range(12_000))
    # card 3, 4, 5 are always in the pile; 0, 1, 2 in it two times in three
    shares = {c: firsts[c] / 12_000 for c in range(6)}
    assert all(abs(shares[c] - 1 / 4) < 0.02 for c in (3, 4, 5)), shares
    assert all(abs(shares[c] - 1 / 12) < 0.015 for c in (0, 1, 2)), shares
