"""Ratings: a Bradley–Terry fit on the Elo scale, with profile-likelihood intervals.

The model: side A beats side B with probability ``1 / (1 + 10 ** ((R_B - R_A) / 400))``, where
a side's rating R is the sum of its members' ratings — one agent alone, or partners in a team
game (as TrueSkill and openskill rate teams). Between single agents that is Bradley–Terry with
strengths ``10 ** (r / 400)``: 100 rating points are a 64% expected score, 400 points 91%. A
draw counts as half a win for each side. Ratings are centred: their mean is 0.

The prior is BayesElo's: every pair of rated units (agents, or partners rated together) is
credited ``virtual_draws`` drawn games — half a game by default; BayesElo's 2 shrank unequal
agents so much, with teams, that their intervals covered the truth half the time. It keeps
ratings finite when an agent wins every game. ``virtual_draws=0`` is the plain
maximum-likelihood fit, which exists only when no group of agents won (or lost) every
comparison with the rest and the comparisons tell every agent apart.

Intervals are profile-likelihood intervals of each rating minus the mean: the centred ratings
where the log posterior, maximised over the other ratings, falls 1.96²/2 below its peak. Where
records are balanced they are close to ±1.96 Fisher standard errors (``Rating.se``); where a side won
(almost) every game the Fisher interval, taken around a peak the prior placed, failed (a pair
always beating another pair in team games: ~20% coverage), while the profile keeps its lower
end where the data put it: two agents at 10–0 rate the winner +323 (+103 … +1078), 100–0 +521
(+311 … +1275) — the upper end is the prior's, the lower end rises with the evidence.
Comparisons are taken as independent: so they are with two sides per game (two seats, or two
teams: one comparison per game); with three or more sides each pair of seats of a game is one
comparison, and those share the game. Simulated tournaments (``tests/arena/test_ratings.py``)
find each agent's interval covering its true rating 88–99.5% of the time in every case tried.

Solved by Newton's method with step halving, in plain Python (agents are few: the linear
algebra is a k×k solve).
"""

from __future__ import annotations

import dataclasses
import math
from typing import NamedTuple

from .stats import Z95

ELO = 400 / math.log(10)   # Elo points per unit of natural-log strength
DEFAULT_VIRTUAL_DRAWS = 0.5


class Comparison(NamedTuple):
    """Games between two sides: ``sides`` lists ``(agent, coefficient)``, +1 for each member of
    the first side and -1 for each of the second (an agent on a side twice: ±2); ``score`` is
    what the first side scored in ``count`` games (wins + half the draws)."""

    sides: tuple[tuple[int, int], ...]
    score: float
    count: float


@dataclasses.dataclass(frozen=True)
class Rating:
    name: str
    rating: float      # Elo points, mean of the field = 0
    lo: float          # 95% interval (profile likelihood)
    hi: float
    se: float          # standard error from the Fisher information, Elo points


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` (Gauss–Jordan with partial pivoting); ZeroDivisionError if ``a`` is
    singular (a pivot under 1e-12 of its largest entry)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    tiny = 1e-12 * max(abs(x) for row in a for x in row)
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[piv][col]) <= tiny:
            raise ZeroDivisionError("singular system")
        m[col], m[piv] = m[piv], m[col]
        pv = m[col][col]
        m[col] = [x / pv for x in m[col]]
        for r in range(n):
            if r != col and m[r][col] != 0.0:
                f = m[r][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] for i in range(n)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    n = len(a)
    cols = [_solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)


def check_virtual_draws(virtual_draws: float) -> None:
    """Refuse a prior that is not a number of games, 0 or more."""
    if not (isinstance(virtual_draws, (int, float)) and 0 <= virtual_draws < math.inf):
        raise ValueError(f"virtual_draws must be a number of games, 0 or more (0: no prior), got {virtual_draws!r}")


def _cut_off(k: int, points) -> list[int]:
    """The agents not linked to agent 0 both ways by chains of "scored against" (i scored
    against j when ``points[i][j] > 0``). Without such links some group won, or lost, every
    comparison with the rest, and maximum likelihood sends its ratings to infinity; the plain
    fit exists exactly when this is empty."""
    def reach(scored) -> set[int]:
        seen, todo = {0}, [0]
        while todo:
            i = todo.pop()
            for j in range(k):
                if j not in seen and scored(i, j):
                    seen.add(j)
                    todo.append(j)
        return seen

    beaten = reach(lambda i, j: points[i][j] > 0)     # 0 scored against j, or against one who did …
    beating = reach(lambda i, j: points[j][i] > 0)    # j scored against 0, or against one who did …
    return [i for i in range(k) if i not in beaten or i not in beating]


def fit(names: list[str], points: list[list[float]], games: list[list[float]],
        virtual_draws: float = DEFAULT_VIRTUAL_DRAWS, z: float = Z95) -> list[Rating]:
    """Fit ratings to pairwise results between single agents.

    ``games[i][j]`` is how many times i met j (symmetric), ``points[i][j]`` what i scored
    against j in them (wins + half the draws; ``points[i][j] + points[j][i] == games[i][j]``).
    Returns one :class:`Rating` per name, in the order given.

    >>> r = fit(["a", "b"], [[0, 3], [1, 0]], [[0, 4], [4, 0]], virtual_draws=0)
    >>> round(r[0].rating - r[1].rating, 2)    # 3 wins in 4: 400 * log10(3)
    190.85
    """
    k = len(names)
    comparisons = [Comparison(((i, 1), (j, -1)), points[i][j], games[i][j])
                   for i in range(k) for j in range(i + 1, k) if games[i][j] > 0]
    return fit_sides(names, comparisons, virtual_draws, z)


def fit_sides(names: list[str], comparisons: list[Comparison],
              virtual_draws: float = DEFAULT_VIRTUAL_DRAWS, z: float = Z95) -> list[Rating]:
    """Fit ratings to games between sides (see :class:`Comparison`); sides of a comparison have
    as many members each. Returns one :class:`Rating` per name, in the order given."""
    k = len(names)
    if k < 2:
        raise ValueError("ratings need at least two agents")
    check_virtual_draws(virtual_draws)
    for c in comparisons:
        if sum(coefficient for _, coefficient in c.sides):
            raise ValueError(f"the two sides of a comparison must be as large as each other: {c.sides}")
    if not virtual_draws:
        cut_off = _cut_off(k, _scored_against(k, comparisons))
        if cut_off:
            raise ValueError(f"the plain maximum-likelihood ratings do not exist: between {names[0]} and "
                             f"{', '.join(names[i] for i in cut_off)} one side won every comparison (or they "
                             "never met, even through others); give virtual_draws")
    rows = [(c.sides, c.score, c.count) for c in comparisons if c.count > 0]
    if virtual_draws:
        rows += [(((i, 1), (j, -1)), virtual_draws / 2, virtual_draws) for i in range(k) for j in range(i + 1, k)]

    def objective(theta):
        total = 0.0
        for sides, s, n in rows:
            d = sum(theta[a] * coefficient for a, coefficient in sides)
            # s log p + (n - s) log(1 - p), with log p = -log(1 + e^-d)
            total -= s * _softplus(-d) + (n - s) * _softplus(d)
        return total

    def derivatives(theta):
        g = [0.0] * k
        h = [[0.0] * k for _ in range(k)]
        for sides, s, n in rows:
            d = sum(theta[a] * coefficient for a, coefficient in sides)
            p = _sigmoid(d)
            r = s - n * p
            w = n * p * _sigmoid(-d)     # not p (1 - p): far out, 1 - p rounds to 0
            for a, ca in sides:
                g[a] += r * ca
                for b, cb in sides:
                    h[a][b] += w * ca * cb
        return g, h

    def pinned(h):
        # the likelihood ignores a common shift of all ratings: pin it (rank-one term along 1)
        return [[h[i][j] + 1.0 / k for j in range(k)] for i in range(k)]

    theta = [0.0] * k
    try:   # which agents the comparisons tell apart does not depend on the ratings: check at 0
        _inverse(pinned(derivatives(theta)[1]))
    except ZeroDivisionError:
        raise ValueError("the plain maximum-likelihood ratings do not exist: the comparisons do not tell "
                         f"every one of {', '.join(names)} apart (partners always together?); "
                         "give virtual_draws") from None
    value = objective(theta)
    for _ in range(500):
        g, h = derivatives(theta)
        step = _solve(pinned(h), g)
        t = 1.0
        while True:
            trial = [a + t * b for a, b in zip(theta, step, strict=True)]
            mean = sum(trial) / k
            trial = [a - mean for a in trial]
            new = objective(trial)
            if new >= value - 1e-12 or t < 1e-9:
                break
            t /= 2
        theta, moved = trial, max(abs(t * b) for b in step)
        value = new
        if moved < 1e-10:
            break
    _, h = derivatives(theta)
    cov = _inverse(pinned(h))

    def highest_with(i: int, c: float, start: list[float]) -> tuple[float, list[float]]:
        """The highest objective with agent i's centred rating fixed at c, and where it lies:
        Newton's method on the others under the centring constraint (a KKT system)."""
        free = [j for j in range(k) if j != i]
        at = start[:]
        at[i] = c
        shift = sum(at) / len(free)
        for j in free:
            at[j] -= shift
        best = objective(at)
        for _ in range(200):
            g, h = derivatives(at)
            system = [[h[a][b] for b in free] + [1.0] for a in free] + [[1.0] * len(free) + [0.0]]
            try:
                step = _solve(system, [g[a] for a in free] + [0.0])[:-1]
            except ZeroDivisionError:   # far out on a flat profile: a damped step (the line search keeps it safe)
                for row, _ in enumerate(free):
                    system[row][row] += 1e-6
                step = _solve(system, [g[a] for a in free] + [0.0])[:-1]
            t = 1.0
            while True:
                trial = at[:]
                for j, d in zip(free, step, strict=True):
                    trial[j] += t * d
                new = objective(trial)
                if new >= best - 1e-12 or t < 1e-9:
                    break
                t /= 2
            at, best = trial, new
            if max(abs(t * d) for d in step) < 1e-9:
                break
        return best, at

    def profile_bound(i: int, direction: int, guess: float) -> float:
        """Where the profile of agent i's centred rating falls z²/2 below the peak, on one side."""
        floor = value - z * z / 2
        inside, start, width = theta[i], theta, max(guess, 1e-3)
        for _ in range(60):                                 # step out until below the floor
            outside = inside + direction * width
            level, at = highest_with(i, outside, start)
            if level < floor:
                break
            inside, start, width = outside, at, 2 * width
        else:
            return direction * math.inf
        # then close in on the crossing by false position (the Illinois variant, which halves a
        # stale end's weight so that both ends move)
        above, below, kept = value - floor, level - floor, 0
        for _ in range(100):
            guess = outside - below * (outside - inside) / (below - above)
            level, at = highest_with(i, guess, start)
            if abs(level - floor) < 1e-9 or abs(outside - inside) < 1e-7:
                return guess
            if level >= floor:
                inside, above, start = guess, level - floor, at
                below, kept = (below / 2 if kept == 1 else below), 1
            else:
                outside, below = guess, level - floor
                above, kept = (above / 2 if kept == -1 else above), -1
        return (inside + outside) / 2

    ratings = []
    for i in range(k):
        # variance of theta_i - mean(theta): v' C v with v = e_i - 1/k
        v = [(1.0 if a == i else 0.0) - 1.0 / k for a in range(k)]
        se = math.sqrt(max(sum(v[a] * cov[a][b] * v[b] for a in range(k) for b in range(k)), 0.0))
        lo, hi = profile_bound(i, -1, z * se), profile_bound(i, 1, z * se)
        ratings.append(Rating(names[i], theta[i] * ELO, lo * ELO, hi * ELO, se * ELO))
    return ratings


def _scored_against(k: int, comparisons: list[Comparison]) -> list[list[float]]:
    """``out[i][j] > 0`` when i, on a side, scored against a side j was on."""
    out = [[0.0] * k for _ in range(k)]
    for c in comparisons:
        first = [a for a, coefficient in c.sides if coefficient > 0]
        second = [a for a, coefficient in c.sides if coefficient < 0]
        for i in first:
            for j in second:
                out[i][j] += c.score
                out[j][i] += c.count - c.score
    return out


def _softplus(x: float) -> float:
    """log(1 + e^x) without overflow."""
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def expected_score(diff: float) -> float:
    """Expected score of a player rated ``diff`` Elo points above its opponent."""
    return 1 / (1 + 10 ** (-diff / 400))
