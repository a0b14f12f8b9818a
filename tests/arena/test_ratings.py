"""Bradley–Terry ratings on known cases."""

from __future__ import annotations

import math
import random

import pytest

from ludus.arena.ratings import ELO, Comparison, expected_score, fit, fit_sides


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
    a, b = fit(["a", "b"], *pairs(2, {(0, 1): (3, 4)}), virtual_draws=0)
    assert a.rating - b.rating == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert a.rating == pytest.approx(-b.rating)
    se = math.sqrt(4 / 3 / 4) * ELO
    assert a.se == pytest.approx(se, rel=1e-6) and b.se == pytest.approx(se, rel=1e-6)

    def log_likelihood(d):      # of the difference d (natural units): 3 wins, 1 loss
        return -3 * math.log1p(math.exp(-d)) - math.log1p(math.exp(d))

    for bound in (a.lo, a.hi):  # the profile interval: where the likelihood ratio reaches z²
        d = 2 * bound / ELO     # a's centred rating is half the difference
        assert 2 * (log_likelihood(math.log(3)) - log_likelihood(d)) == pytest.approx(1.959964 ** 2, abs=1e-4)
    assert a.lo < a.rating < a.hi and b.lo == pytest.approx(-a.hi) and b.hi == pytest.approx(-a.lo)


def test_a_chain_by_hand():
    """a-b and b-c only: each difference is the log-odds of its own record."""
    r = fit(list("abc"), *pairs(3, {(0, 1): (3, 4), (1, 2): (4, 5)}), virtual_draws=0)
    assert r[0].rating - r[1].rating == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert r[1].rating - r[2].rating == pytest.approx(400 * math.log10(4), abs=1e-6)
    assert sum(x.rating for x in r) == pytest.approx(0, abs=1e-9)


def test_always_winning_is_far_above_and_finite():
    a, b = fit(["a", "b"], *pairs(2, {(0, 1): (100, 100)}))
    assert a.rating - b.rating > 700 and math.isfinite(a.rating)
    assert a.lo > b.hi


def test_a_clean_sweep_is_rated_as_its_virtual_draws_make_it():
    """BayesElo's prior by hand: 10-0 plus half a drawn game is 10.25 points of 10.5, so the
    difference is 400 log10(41); its Fisher variance is 1 / (10.5 p (1 - p)), p = 41/42."""
    a, b = fit(["a", "b"], *pairs(2, {(0, 1): (10, 10)}))
    assert a.rating - b.rating == pytest.approx(400 * math.log10(41), abs=1e-6)
    p = 41 / 42
    assert a.se == pytest.approx(math.sqrt(1 / (10.5 * p * (1 - p)) / 4) * ELO, rel=1e-6)


def test_more_evidence_never_widens_a_clean_sweeps_interval():
    """With a wide Gaussian prior a 30-0 winner's interval reached below the mean, and 10-0's
    lay higher than 30-0's; a sweep's lower bound must rise with every game won."""
    lows = [fit(["a", "b"], *pairs(2, {(0, 1): (n, n)}))[0].lo for n in (10, 30, 100, 400)]
    assert lows == sorted(lows) and lows[0] > 0


def test_profile_and_fisher_intervals_agree_on_a_plain_record():
    a, _ = fit(["a", "b"], *pairs(2, {(0, 1): (300, 400)}))
    assert a.lo == pytest.approx(a.rating - 1.959964 * a.se, abs=1.0)
    assert a.hi == pytest.approx(a.rating + 1.959964 * a.se, abs=1.0)


def test_a_sweep_of_the_weakest_does_not_blur_the_rest():
    """ismcts 70-30 against heuristic, both 100-0 against random (the wide prior gave the two
    intervals of ±280 points)."""
    i, h, r = fit(list("ihr"), *pairs(3, {(0, 1): (70, 100), (0, 2): (100, 100), (1, 2): (100, 100)}))
    assert i.lo > h.rating and h.lo > r.hi and i.lo > 0


def test_equal_records_equal_ratings():
    r = fit(list("abcd"), *pairs(4, {(i, j): (5, 10) for i in range(4) for j in range(i + 1, 4)}))
    assert all(abs(x.rating) < 1e-9 for x in r)
    assert len({round(x.se, 9) for x in r}) == 1


def test_draws_are_half_points():
    a, b = fit(["a", "b"], *pairs(2, {(0, 1): (5, 10)}), virtual_draws=0)   # e.g. ten draws
    assert a.rating == pytest.approx(0, abs=1e-9) == b.rating


def test_maximum_likelihood_equations_hold():
    """At the MLE each agent's expected score equals its actual score (Zermelo's condition)."""
    rng = random.Random(3)
    k = 5
    results = {(i, j): (rng.randint(2, 18), 20) for i in range(k) for j in range(i + 1, k)}
    points, games = pairs(k, results)
    r = fit(list("abcde"), points, games, virtual_draws=0)
    for i in range(k):
        actual = sum(points[i])
        expected = sum(games[i][j] * expected_score(r[i].rating - r[j].rating) for j in range(k) if j != i)
        assert expected == pytest.approx(actual, abs=1e-6)


def test_prior_shrinks_only_a_little():
    """Half a virtual draw on 400 games: 300.25 of 400.5 instead of 300 of 400."""
    free = fit(["a", "b"], *pairs(2, {(0, 1): (300, 400)}), virtual_draws=0)
    shrunk = fit(["a", "b"], *pairs(2, {(0, 1): (300, 400)}))
    assert shrunk[0].rating - shrunk[1].rating == pytest.approx(400 * math.log10(300.25 / 100.25), abs=1e-6)
    assert 0 < free[0].rating - shrunk[0].rating < 0.2


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
        fit(["a", "b", "c"], *pairs(3, {(0, 1): (4, 4), (0, 2): (4, 4), (1, 2): (2, 4)}), virtual_draws=0)
    with pytest.raises(ValueError, match="never met"):
        fit(["a", "b", "c"], *pairs(3, {(0, 1): (2, 4)}), virtual_draws=0)
    # a chain of wins round the field is enough, though no pair split its games
    r = fit(["a", "b", "c"], *pairs(3, {(0, 1): (4, 4), (1, 2): (4, 4), (2, 0): (4, 4)}), virtual_draws=0)
    assert all(abs(x.rating) < 1e-6 for x in r)


@pytest.mark.parametrize("virtual_draws", [-1, math.nan, math.inf, "two"])
def test_a_bad_prior_is_refused(virtual_draws):
    with pytest.raises(ValueError, match="virtual_draws must be a number of games, 0 or more"):
        fit(["a", "b"], *pairs(2, {(0, 1): (3, 4)}), virtual_draws=virtual_draws)


def test_a_team_is_rated_as_the_sum_of_its_members_by_hand():
    """Two agents, each twice on its side (a 2+2 game): 3 wins in 4 is 2 (r_a - r_b) = log 3."""
    a, b = fit_sides(["a", "b"], [Comparison(((0, 2), (1, -2)), 3, 4)], virtual_draws=0)
    assert 2 * (a.rating - b.rating) == pytest.approx(400 * math.log10(3), abs=1e-6)
    # mixed teams: (a + c) vs (b + d), and a plain a vs c, c vs d, b vs d to tie them down
    r = fit_sides(list("abcd"), [Comparison(((0, 1), (1, -1), (2, 1), (3, -1)), 6, 10),
                                 Comparison(((0, 1), (2, -1)), 5, 10), Comparison(((2, 1), (3, -1)), 5, 10),
                                 Comparison(((1, 1), (3, -1)), 5, 10)], virtual_draws=0)
    assert sum(x.rating for x in r) == pytest.approx(0, abs=1e-9)
    assert expected_score(r[0].rating + r[2].rating - r[1].rating - r[3].rating) > 0.5


def test_the_plain_fit_refuses_partners_it_cannot_tell_apart():
    with pytest.raises(ValueError, match="do not tell every one of a, b, c, d apart"):
        fit_sides(list("abcd"), [Comparison(((0, 1), (1, -1), (2, 1), (3, -1)), 60, 100)], virtual_draws=0)


def test_sides_of_different_sizes_are_refused():
    with pytest.raises(ValueError, match="as large as each other"):
        fit_sides(["a", "b"], [Comparison(((0, 2), (1, -1)), 1, 2)])


UNEQUAL = (300, 100, -100, -300)


@pytest.mark.parametrize("players, teams, truth", [(4, True, (0, 0, 0, 0)), (3, False, (0, 0, 0, 0)),
                                                   (4, True, UNEQUAL), (2, False, UNEQUAL),
                                                   (4, True, (400, 300, -350, -350))])
def test_intervals_cover_the_true_ratings_as_often_as_they_say(players, teams, truth):
    """Simulated tournaments of four agents whose results follow the model with ratings
    ``truth`` (teams: the sum of the partners'; 3 seats: equal agents, each seat winning a third
    of the games): each agent's 95% interval must cover its true rating about 95% of the time.
    Counting a 4-player Claim game as four pairwise results covered ~83% of equal agents, two
    virtual draws per pair ~45% of the outer unequal ones, and Fisher intervals ~20% of a pair
    that always beats the other pair (400 + 300 against -350 - 350)."""
    from ludus.arena import Tournament
    from ludus.arena.match import GameResult
    from ludus.arena.tournament import TournamentResult

    game = "claim" if teams or players == 2 else "seize-rome"
    plan = Tournament(game, ["random"] * 4, games=48 if players > 2 else 16, options={"players": players})
    units = plan.units()
    rng = random.Random(players)
    covered = [0] * 4
    for _ in range(150):
        games = []
        for u in units:
            sides = [tuple(p for p in range(players) if p % 2 == s) for s in (0, 1)] if teams else \
                [(p,) for p in range(players)]
            if len(sides) == 2:
                edge = sum(truth[u.seats[p]] for p in sides[0]) - sum(truth[u.seats[p]] for p in sides[1])
                winners = sides[0] if rng.random() < expected_score(edge) else sides[1]
            else:
                winners = sides[rng.randrange(players)]
            returns = tuple(1.0 if p in winners else -1.0 for p in range(players))
            games.append(GameResult(u.index, u.table, u.deal, u.rotation, u.deal_seed, u.seats, returns,
                                    (0,) * players, 1))
        for i, rating in enumerate(TournamentResult.from_games(plan, games).ratings):
            covered[i] += rating.lo <= truth[i] <= rating.hi
    assert all(0.88 <= c / 150 <= 0.995 for c in covered), covered


def test_partners_always_together_share_one_rating():
    """Four agents, fixed partners: the results tell only the teams apart, so each team is rated
    as one (per member: a team of two rated 2r); the heuristic pair winning 90 of 100 is rated
    clearly above the other."""
    from ludus.arena import Tournament

    result = Tournament("claim", ["heuristic", "random", "heuristic", "random"], games=100, seed=2026,
                        options={"players": 4}, partners="fixed").run()
    h, r, h2, r2 = result.ratings
    assert (h.rating, h.lo, h.hi) == (h2.rating, h2.lo, h2.hi) and (r.rating, r.se) == (r2.rating, r2.se)
    score = sum(1 + (g.returns[g.seats.index(0)] > 0) - (g.returns[g.seats.index(0)] < 0) for g in result.games) / 2
    assert expected_score(2 * h.rating - 2 * r.rating) == pytest.approx(score / 100, abs=0.005)   # a little shrunk
    assert h.lo > 0 > r.hi
    assert result.to_dict()["rating_model"]["rated_together"] == [["heuristic", "heuristic#2"], ["random", "random#2"]]
    from rich.console import Console

    from ludus.arena import report

    console = Console(width=120, record=True)
    console.print(report.ratings_table(result))
    text = " ".join(console.export_text().split())
    assert "rated as one team, each showing half its rating: heuristic and heuristic#2; random and random#2" in text


@pytest.mark.parametrize("virtual_draws", [0.05, 0.1, 0.5, 2])
def test_a_weak_prior_on_sweeps_still_gives_intervals(virtual_draws):
    """Far out on a flat profile the weights of a comparison once rounded to exactly 0 and the
    interval search met a singular system."""
    team = fit_sides(list("abcd"), [Comparison(((0, 1), (1, -1), (2, 1), (3, -1)), 1000, 1000)], virtual_draws)
    swept = fit(list("abc"), *pairs(3, {(0, 1): (0, 100)}), virtual_draws=virtual_draws)
    for r in team + swept:
        assert math.isfinite(r.lo) and r.lo <= r.rating <= r.hi and math.isfinite(r.hi)
