"""Ratings: a Bradley–Terry fit by maximum likelihood, on the Elo scale, with Fisher intervals.

The model: agent i beats agent j with probability ``1 / (1 + 10 ** ((r_j - r_i) / 400))``
(Bradley–Terry with strengths ``10 ** (r / 400)``, so 100 rating points are a 64% expected
score and 400 points 91%). A draw counts as half a win for each side. The ratings maximise the
likelihood of the pairwise results, plus a weak Gaussian prior (mean 0, ``prior_sd`` Elo points,
1000 by default) that keeps them finite when an agent wins or loses every game; ``prior_sd=None``
gives the plain maximum-likelihood fit, which exists only when no group of agents won (or lost)
every comparison against the rest. Ratings are centred: their mean is 0.

Intervals come from the Fisher information (the curvature of the log posterior at its peak):
each agent's interval is that of its rating minus the mean rating, ±1.96 standard errors for
95%. They are reliable when every pair has played enough games for both outcomes to occur;
with lopsided records (99–1 and the like) read them as rough.

Solved by Newton's method with step halving, in plain Python (agents are few: the linear
algebra is a k×k solve).
"""

from __future__ import annotations

import dataclasses
import math

from .stats import Z95

ELO = 400 / math.log(10)   # Elo points per unit of natural-log strength
DEFAULT_PRIOR_SD = 1000.0


@dataclasses.dataclass(frozen=True)
class Rating:
    name: str
    rating: float      # Elo points, mean of the field = 0
    lo: float          # 95% interval (Fisher information)
    hi: float
    se: float          # standard error, Elo points


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` (Gauss–Jordan with partial pivoting); ``a`` is small and well-posed."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[piv][col]) < 1e-300:
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


def check_prior_sd(prior_sd: float | None) -> None:
    """Refuse a prior that is not a positive number of Elo points (None: no prior)."""
    if prior_sd is not None and not (isinstance(prior_sd, (int, float)) and 0 < prior_sd < math.inf):
        raise ValueError(f"prior_sd must be a positive number of Elo points (or None for no prior), "
                         f"got {prior_sd!r}")


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
        prior_sd: float | None = DEFAULT_PRIOR_SD, z: float = Z95) -> list[Rating]:
    """Fit ratings to pairwise results.

    ``games[i][j]`` is how many times i met j (symmetric), ``points[i][j]`` what i scored
    against j in them (wins + half the draws; ``points[i][j] + points[j][i] == games[i][j]``).
    Returns one :class:`Rating` per name, in the order given.

    >>> r = fit(["a", "b"], [[0, 3], [1, 0]], [[0, 4], [4, 0]], prior_sd=None)
    >>> round(r[0].rating - r[1].rating, 2)    # 3 wins in 4: 400 * log10(3)
    190.85
    """
    k = len(names)
    if k < 2:
        raise ValueError("ratings need at least two agents")
    pairs = [(i, j, points[i][j], games[i][j]) for i in range(k) for j in range(i + 1, k) if games[i][j] > 0]
    check_prior_sd(prior_sd)
    cut_off = _cut_off(k, points) if prior_sd is None else []
    if cut_off:
        raise ValueError(f"the plain maximum-likelihood ratings do not exist: between {names[0]} and "
                         f"{', '.join(names[i] for i in cut_off)} one side won every comparison (or they "
                         "never met, even through others); give a prior_sd")
    tau = 0.0 if prior_sd is None else (ELO / prior_sd) ** 2   # prior precision, natural units

    def objective(theta):
        total = -0.5 * tau * sum(t * t for t in theta)
        for i, j, s, n in pairs:
            d = theta[i] - theta[j]
            # s log p + (n - s) log(1 - p), with log p = -log(1 + e^-d)
            total -= s * _softplus(-d) + (n - s) * _softplus(d)
        return total

    def derivatives(theta):
        g = [-tau * t for t in theta]
        h = [[(tau if i == j else 0.0) for j in range(k)] for i in range(k)]
        for i, j, s, n in pairs:
            p = _sigmoid(theta[i] - theta[j])
            r = s - n * p
            g[i] += r
            g[j] -= r
            w = n * p * (1 - p)
            h[i][i] += w
            h[j][j] += w
            h[i][j] -= w
            h[j][i] -= w
        return g, h

    def pinned(h):
        # the likelihood ignores a common shift of all ratings: pin it (rank-one term along 1)
        return [[h[i][j] + 1.0 / k for j in range(k)] for i in range(k)]

    theta = [0.0] * k
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
    ratings = []
    for i in range(k):
        # variance of theta_i - mean(theta): v' C v with v = e_i - 1/k
        v = [(1.0 if a == i else 0.0) - 1.0 / k for a in range(k)]
        var = sum(v[a] * cov[a][b] * v[b] for a in range(k) for b in range(k))
        se = math.sqrt(max(var, 0.0)) * ELO
        r = theta[i] * ELO
        ratings.append(Rating(names[i], r, r - z * se, r + z * se, se))
    return ratings


def _softplus(x: float) -> float:
    """log(1 + e^x) without overflow."""
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def expected_score(diff: float) -> float:
    """Expected score of a player rated ``diff`` Elo points above its opponent."""
    return 1 / (1 + 10 ** (-diff / 400))
