"""Inference: worlds weighed by how likely the other seats' past moves were in each.

A sampler deals the worlds consistent with what a seat has seen as chance would, knowing nothing of
how anyone plays (Caesar & Cleopatra weighs its hypotheses by the chance of what was seen; Seize
Rome's pools admit some worlds its full history would rule out, docs/architecture.md). But the
others did not play at random: an opponent who led its lowest Knight probably holds no low
Goblins. Here each candidate world is weighed by the likelihood of every move the other seats
made in it, under a model of how they play — the game's heuristic, trusted ``1 - noise``: a seat
plays the heuristic's move with that chance, else any legal move alike — and the search draws
from the candidates in proportion (importance resampling).

How far to trust the model is fitted to the game so far unless given: the noise whose
likelihood of all the moves seen, averaged over the candidates, is highest (the evidence for
it). Against players the heuristic predicts well it comes out low and the weights are sharp;
against players it does not, near 1 — and then, found so on the first few worlds, inference
stands aside and leaves the search its time. And the weights are tempered so that they never
rest on fewer than a quarter of the candidates (``tempered``).

What a seat held at a past decision, if a candidate world is the truth, is the game's to say:
its ``rewind`` search hook gives the past position (the seat's own world of then, with the
deciding seat's hidden cards as the candidate implies), or None where it cannot tell — and a
decision it cannot rewind weighs nothing. Everything is read from the seat's Perspective and
its ``recall``, so the weights know no more than the seat; and a candidate is never a world the
seat knows impossible: weighing only reorders the sampler's worlds.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from itertools import accumulate

from ..core.perspective import Perspective

PROBE = 10            # worlds weighed before a fitted noise may decide that the model is no use
STAND_ASIDE = 0.9     # ... a fitted noise this high: the others play as the model would by chance
FLOOR = 0.25          # the least share of the candidates the weights rest on (effective sample size)
TEMPERS = (1.0, 0.5, 0.25, 0.125, 0.0625, 0.03125)
LEAST_NOISE = 0.001   # below it a single unexpected move would all but rule a world out
NOISES = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)   # the noises a fit chooses from


def model_of(game, seed: int | None = None):
    """The agent by which inference models how the other seats of ``game`` play: its search
    hooks' ``model``, else its heuristic; None if it has neither."""
    kind = game.parts.search.model or game.parts.heuristic
    return None if kind is None else kind(game, seed)


def evidence(world, perspective, rewind, model) -> list[tuple[bool, float]] | None:
    """What the other seats' recalled moves say of ``world``: per decision that can be rewound,
    whether the model's move there looks like the move seen, and the share of the legal moves
    that do; None if a move seen could not have been made in ``world``."""
    seat = perspective.player
    found = []
    for i, memory in enumerate(perspective.recall):
        if memory.seat == seat or memory.world is None:
            continue
        past = rewind(world, perspective.recall, i, seat)
        if past is None:
            continue
        legal = past.legal_actions()
        if len(legal) < 2:
            continue
        looks_alike = [a for a in legal if past.action_seen_by(a, seat) == memory.action]
        if not looks_alike:
            return None
        model.rng.seed(i)                # its tie-breaks, alike in every world
        guess = model.act(Perspective.in_world(past, memory.seat))
        found.append((guess in looks_alike, len(looks_alike) / len(legal)))
    return found


def log_likelihood(found: list[tuple[bool, float]] | None, noise: float) -> float:
    """The log-likelihood of the moves behind ``found`` (``evidence``) for a model trusted
    ``1 - noise``."""
    if found is None:
        return -math.inf
    trust = 1.0 - noise
    return sum(math.log(noise * share + (trust if hit else 0.0)) for hit, share in found)


def fitted_noise(found_per_world: list) -> float:
    """The noise of ``NOISES`` under which the moves seen are likeliest, averaged over worlds."""
    def log_evidence(noise):
        logs = [log_likelihood(f, noise) for f in found_per_world]
        top = max(logs)
        return -math.inf if top == -math.inf else top + math.log(sum(math.exp(x - top) for x in logs))
    return max(NOISES, key=log_evidence)


def tempered(logs: list[float], floor: float) -> list[float]:
    """Weights from log-likelihoods, flattened as far as it takes for their effective sample size
    to reach ``floor``: ``L ** eta`` with the largest ``eta`` of 1, 1/2, 1/4 ... 1/32 that does,
    else every possible world alike (``eta`` 0). The model is only a model: trusted whole, a
    dozen moves that it happens to explain in a few worlds would leave the search playing in
    those few alone."""
    top = max(logs)
    for eta in TEMPERS:
        weights = [math.exp(eta * (x - top)) if x > -math.inf else 0.0 for x in logs]
        if sum(weights) ** 2 >= floor * sum(w * w for w in weights):
            return weights
    return [0.0 if x == -math.inf else 1.0 for x in logs]


def weighted_worlds(perspective, rewind, model, count: int, rng: random.Random,
                    noise: float | None = None, deadline: float | None = None, clock=None) -> list | None:
    """Up to ``count`` candidates drawn from the seat's sampler and weighed (fewer if ``clock()``
    passes ``deadline`` first), then as many drawn again from them in proportion to their
    likelihood under ``noise`` (None: fitted) — systematic resampling: a candidate of weight w
    is kept about ``count * w`` times. None when there is nothing to weigh by (no other seat's
    move that can be rewound, or all alike), as soon as the pace of weighing shows that the
    deadline will come before ``min(count, PROBE)`` worlds are weighed (a search that played in
    a handful of worlds would lose more than their weights give), or when the noise fitted on
    the first ``PROBE`` worlds says the model explains the others' moves no better than chance:
    then the search should draw from the sampler."""
    if not any(m.seat != perspective.player for m in perspective.recall):
        return None
    candidates, found = [], []
    fitting = noise is None
    least = min(count, PROBE)
    began = clock() if deadline is not None else None
    while len(candidates) < count:
        world = perspective.sample(rng)
        candidates.append(world)
        found.append(evidence(world, perspective, rewind, model))
        if fitting and len(found) == PROBE and fitted_noise(found) >= STAND_ASIDE:
            return None          # the model does not explain how these seats play: save the time
        if deadline is not None:
            now, n = clock(), len(candidates)
            if n < least and now + (least - n) * (now - began) / n > deadline:
                return None      # at this pace too few worlds to play in: give the search the time
            if now >= deadline:
                break
    if noise is None:
        noise = fitted_noise(found)
    logs = [log_likelihood(f, noise) for f in found]
    top = max(logs)
    if top == -math.inf or min(logs) == top:     # nothing fits the model, or all fit alike
        return None
    cumulative = [*accumulate(tempered(logs, FLOOR * len(candidates)))]
    step = cumulative[-1] / len(candidates)
    start = rng.random()
    last = len(candidates) - 1
    return [candidates[min(bisect_right(cumulative, (k + start) * step), last)] for k in range(len(candidates))]
