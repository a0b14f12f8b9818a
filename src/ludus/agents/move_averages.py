"""Move averages (MAST, Finnsson & Björnsson 2008): a rollout policy that the search learns.

Every move a seat makes in an iteration — in the tree and in the rollout — is credited with
that iteration's result for the seat; a rollout then plays, for the seat to move, the legal
move with the best average so far (a move not yet tried counts as even, 0), and a random one
with probability ``epsilon`` (ε-greedy, Tak, Winands & Björnsson 2012). Unlike a hand-written
rollout policy it has no fixed habits: what it prefers is what won in this search. A move is
credited wherever it was made, whatever the position: "seat 1 plays the Dragon 9" is one move
for it, which is what makes the averages fill fast and also what makes them crude.
"""

from __future__ import annotations

import math
import random


class MoveAverages:
    """The averages of one search, and the moves of the iteration in progress."""

    __slots__ = ("epsilon", "rng", "totals", "counts", "made")

    def __init__(self, epsilon: float, rng: random.Random):
        self.epsilon = epsilon
        self.rng = rng
        self.totals: dict = {}          # (seat, move) -> sum of the seat's results
        self.counts: dict = {}          # (seat, move) -> how many iterations made it
        self.made: list = []            # (seat, move) of this iteration, in order

    def note(self, seat: int, move) -> None:
        """A move made in the tree by ``seat``, to credit at the iteration's end."""
        self.made.append((seat, move))

    def choose(self, legal: list, seat: int):
        """A rollout's move for ``seat`` (``State.playout``'s ``choose``): the best average, or
        at random with probability ``epsilon``; among equal averages, at random."""
        rng = self.rng
        if len(legal) == 1 or rng.random() < self.epsilon:
            move = legal[int(rng.random() * len(legal))]
        else:
            totals, counts = self.totals, self.counts
            move, best, ties = None, -math.inf, 0
            for m in legal:
                key = (seat, m)
                c = counts.get(key)
                value = totals[key] / c if c else 0.0
                if value > best:
                    move, best, ties = m, value, 1
                elif value == best:
                    ties += 1
                    if rng.random() * ties < 1:      # each of the ties kept with chance 1/ties
                        move = m
        self.made.append((seat, move))
        return move

    def credit(self, values: list[float]) -> None:
        """End the iteration: every move made in it gets its seat's result."""
        totals, counts = self.totals, self.counts
        for key in self.made:
            totals[key] = totals.get(key, 0.0) + values[key[0]]
            counts[key] = counts.get(key, 0) + 1
        self.made.clear()
