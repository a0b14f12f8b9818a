"""Dealing cards into places where some places refuse some cards, uniformly among the deals that fit.

A seat that saw an opponent fail to follow a faction knows that hand holds none of it; a card
laid face down in a region is of that region's colour or wild. A world for the seat must deal
the unseen cards so that every such place gets only cards it accepts (Claim deals its voids
so), and — for a search, and for inference that weighs worlds by what the others did — every
deal that fits must be as likely as in the true chance of the game: each distinct card is as
likely to be in any place the facts leave open to it.

Placing the refused cards one by one, or matching them greedily, is not that: a card two places
may take goes more often to the one with more room left at the moment, which depends on what
was placed before. ``RestrictedDeal`` counts instead. Cards are grouped into kinds by the set of
restricted places that accept them, and places by what they accept (unrestricted places into
one free group). The number of deals with ``x[k][g]`` cards of kind k in group g is
``prod_k n_k! / (prod_g x[k][g]! * f_k!)`` (``f_k`` of them in free places) times a constant,
so the counts per kind and group are drawn kind by kind, each split weighted by its multinomial
and by how many ways the kinds after it can fill the room it leaves (a dynamic programme over
the room left, worked out once per deal and remembered). Within a group the cards are then
shuffled and cut by the places' sizes, which is uniform since every place of a group accepts
the same cards.
"""

from __future__ import annotations

import itertools
import math
import random
from bisect import bisect_right
from functools import cache

from .errors import LudusError
from .rng import shuffle


class RestrictedDeal:
    """``deal(rng)``: one uniformly random deal of ``cards`` into places of ``sizes`` where place
    i accepts only the cards ``accepts[i]`` (a set; None: every card); one list per place.

    Raises LudusError when no deal fits (the facts contradict one another: a bug upstream)."""

    def __init__(self, cards: list, sizes: list[int], accepts: list[frozenset | None]):
        if len(cards) != sum(sizes):
            raise ValueError(f"{len(cards)} cards cannot fill places of {sum(sizes)}")
        self.sizes = list(sizes)
        restricted = sorted({a for a in accepts if a is not None}, key=sorted)
        self.groups = [[i for i, a in enumerate(accepts) if a == r] for r in restricted]
        self.free = [i for i, a in enumerate(accepts) if a is None]
        # Kinds of card: the restricted groups that accept them. Kinds accepted by fewer groups
        # come first, so that the broad ones (a wild) fill what is left and the programme stays small.
        by_kind: dict[tuple, list] = {}
        for card in cards:
            by_kind.setdefault(tuple(g for g, r in enumerate(restricted) if card in r), []).append(card)
        self.kinds = sorted(by_kind, key=lambda k: (len(k), k))
        self.cards_of = [by_kind[k] for k in self.kinds]
        self.left_after = [sum(len(c) for c in self.cards_of[i:]) for i in range(len(self.kinds) + 1)]
        room = tuple(sum(self.sizes[i] for i in group) for group in self.groups)
        self.room = room
        self._splits = cache(self._splits_uncached)
        if not self._ways(0, room):
            raise LudusError("no deal of the unseen cards fits what this seat knows")

    def _options(self, i: int, room: tuple):
        """Every split of kind i's cards over its groups (and the free places) that fits ``room``:
        (cards per group of the kind, room left after)."""
        kind, n = self.kinds[i], len(self.cards_of[i])
        free_room = self.left_after[i] - sum(room)
        for counts in itertools.product(*(range(min(n, room[g]) + 1) for g in kind)):
            placed = sum(counts)
            if placed > n or n - placed > free_room:
                continue
            after = list(room)
            for g, x in zip(kind, counts, strict=True):
                after[g] -= x
            yield counts, tuple(after)

    def _ways(self, i: int, room: tuple) -> int:
        """How many deals of kinds i… fill ``room`` exactly (the free places take the rest), up to
        a factor that is the same for every deal."""
        if i == len(self.kinds):
            return 1 if not any(room) else 0
        cumulative = self._splits(i, room)[1]
        return cumulative[-1] if cumulative else 0

    def _splits_uncached(self, i: int, room: tuple) -> tuple[list, list[int]]:
        """Kind i's possible splits at ``room`` and their cumulative weights, for drawing one."""
        splits, cumulative, total = [], [], 0
        n = len(self.cards_of[i])
        for counts, after in self._options(i, room):
            ways = self._ways(i + 1, after)
            if ways:
                total += _multinomial(n, counts) * ways
                splits.append((counts, after))
                cumulative.append(total)
        return splits, cumulative

    def __call__(self, rng: random.Random) -> list[list]:
        in_group: list[list] = [[] for _ in self.groups]
        free: list = []
        room = self.room
        for i, kind in enumerate(self.kinds):
            splits, cumulative = self._splits(i, room)
            counts, room = splits[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            cards = self.cards_of[i][:]
            shuffle(rng, cards)
            start = 0
            for g, x in zip(kind, counts, strict=True):
                in_group[g] += cards[start:start + x]
                start += x
            free += cards[start:]
        out: list[list] = [[] for _ in self.sizes]
        for places, cards in [*zip(self.groups, in_group, strict=True), (self.free, free)]:
            shuffle(rng, cards)
            start = 0
            for p in places:
                out[p] = cards[start:start + self.sizes[p]]
                start += self.sizes[p]
        return out


def _multinomial(n: int, counts: tuple) -> int:
    """The ways to choose which of n distinct cards go to each group (``counts``) and the rest to
    the free places."""
    ways, left = 1, n
    for x in counts:
        ways *= math.comb(left, x)
        left -= x
    return ways
