"""Bradley–Terry ratings on known cases."""

from __future__ import annotations

import math
import random

import pytest

from ludus.arena.ratings import ELO, expected_score, fit


def pairs(k: int, results: dict[tuple[int, int], tuple[float, float]]):
    """points/games matrices from {(i, j): (points of i, games)}."""
    points = [[0.0] * k for _ in range(k)]
    games = [[0.0] * k for _ in range(k)]
    for (i, j), (s, n) in results.items():
        points[i][j], points[j][i] = s, n - s
        games[i][j] = games[j][i] = n
    return points, games


def test_three_wins_in_four_by_hand():
    """p = 3/4 -> the difference is 400 log10(3); the Fisher variance of the difference is
    1 / (n p (1 - p)) = 4/3 (natural units), a quarter of that for each centred rating."""
    a, b = fit(["a", "b"], *pairs(2, {(0, 1): (3, 4)}), prior_sd=None)
    assert a.rating - b.rating == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert a.rating == pytest.approx(-b.rating)
    se = math.sqrt(4 / 3 / 4) * ELO
    assert a.se == pytest.approx(se, rel=1e-6) and b.se == pytest.approx(se, rel=1e-6)
    assert a.hi - a.rating == pytest.approx(1.959964 * se, rel=1e-6)


def test_a_chain_by_hand():
    """a-b and b-c only: each difference is the log-odds of its own record."""
    r = fit(list("abc"), *pairs(3, {(0, 1): (3, 4), (1, 2): (4, 5)}), prior_sd=None)
    assert r[0].rating - r[1].rating == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert r[1].rating - r[2].rating == pytest.approx(400 * math.log10(4), abs=1e-6)
    assert sum(x.rating for x in r) == pytest.approx(0, abs=1e-9)


def test_always_winning_is_far_above_and_finite():
    a, b = fit(["a", "b"], *pairs(2, {(0, 1): (100, 100)}))
    assert a.rating - b.rating > 800 and math.isfinite(a.rating)
    assert a.lo > b.hi


def test_equal_records_equal_ratings():
    r = fit(list("abcd"), *pairs(4, {(i, j): (5, 10) for i in range(4) for j in range(i + 1, 4)}))
    assert all(abs(x.rating) < 1e-9 for x in r)
    assert len({round(x.se, 9) for x in r}) == 1


def test_draws_are_half_points():
    a, b = fit(["a", "b"], *pairs(2, {(0, 1): (5, 10)}), prior_sd=None)   # e.g. ten draws
    assert a.rating == pytest.approx(0, abs=1e-9) == b.rating


def test_maximum_likelihood_equations_hold():
    """At the MLE each agent's expected score equals its actual score (Zermelo's condition)."""
    rng = random.Random(3)
    k = 5
    results = {(i, j): (rng.randint(2, 18), 20) for i in range(k) for j in range(i + 1, k)}
    points, games = pairs(k, results)
    r = fit(list("abcde"), points, games, prior_sd=None)
    for i in range(k):
        actual = sum(points[i])
        expected = sum(games[i][j] * expected_score(r[i].rating - r[j].rating) for j in range(k) if j != i)
        assert expected == pytest.approx(actual, abs=1e-6)


def test_prior_shrinks_only_a_little():
    free = fit(["a", "b"], *pairs(2, {(0, 1): (300, 400)}), prior_sd=None)
    shrunk = fit(["a", "b"], *pairs(2, {(0, 1): (300, 400)}))
    assert 0 < free[0].rating - shrunk[0].rating < 0.5


def test_expected_score_scale():
    assert expected_score(0) == 0.5
    assert expected_score(400) == pytest.approx(10 / 11)


def test_needs_two_agents():
    with pytest.raises(ValueError):
        fit(["a"], [[0]], [[0]])


def test_the_plain_fit_refuses_a_record_it_cannot_rate():
    """Without a prior, an agent that won every comparison has no finite maximum-likelihood rating:
    a clear error, not a numerical failure."""
    with pytest.raises(ValueError, match="one side won every comparison"):
        fit(["a", "b", "c"], *pairs(3, {(0, 1): (4, 4), (0, 2): (4, 4), (1, 2): (2, 4)}), prior_sd=None)
    with pytest.raises(ValueError, match="never met"):
        fit(["a", "b", "c"], *pairs(3, {(0, 1): (2, 4)}), prior_sd=None)
    # a chain of wins round the field is enough, though no pair split its games
    r = fit(["a", "b", "c"], *pairs(3, {(0, 1): (4, 4), (1, 2): (4, 4), (2, 0): (4, 4)}), prior_sd=None)
    assert all(abs(x.rating) < 1e-6 for x in r)


@pytest.mark.parametrize("prior_sd", [0, -5, math.nan, math.inf, "wide"])
def test_a_bad_prior_is_refused(prior_sd):
    with pytest.raises(ValueError, match="prior_sd must be a positive number"):
        fit(["a", "b"], *pairs(2, {(0, 1): (3, 4)}), prior_sd=prior_sd)
