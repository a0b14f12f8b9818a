"""What one seat knows about another seat's hidden cards, kept as *pools*.

A pool is a known multiset of card values together with the hidden places ("zones": a hand, a
face-down stack, a draw pile ...) that hold exactly those cards, e.g. "the opponent's five
opening cards are one each of 1-5, one at each group" or "these 27 cards are somewhere in the
opponent's pile and hand". A card the observer has never seen is in the pool of unknowns.

The game tells the knowledge what the observer saw happen:

* ``move(src, dst)``   an unseen card moved between two hidden zones (a face-down play);
* ``reveal(zone, v)``  a card of value ``v`` left hidden zone ``zone`` in plain view;
* ``reveal_all(zone, vs)`` every card of ``zone`` was turned face up (a vote, a round's end);
* ``hide(zone, v)``    a card the observer knows went into a hidden zone (Castling);
* ``learn(zone, vs)``  the observer looked at every card of a zone (Spy).

``sample(rng)`` deals every pool's values at random into its zones: a world consistent with
all the observer has seen. When the observer cannot tell which of several pools a card came
from (a card played from a hand holding cards of two pools), ``Beliefs`` keeps every
possibility as a weighted hypothesis (exact); ``Knowledge`` merges those pools — unless one
of them lies wholly in the card's zone and holds its value, or, when a whole zone is turned face
up, the values can be given to pools one forced step at a time: both are exact. A merge
never rules out a world that is possible; it may admit a few that the full history would rule
out. This keeps sampling exact-by-construction and cheap, which search needs.

Pools are tuples ``(counts, slots)``: ``counts[v]`` cards of value ``v`` held in ``slots[z]``
places of zone ``z``. Tuples make ``clone`` a shallow list copy.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections import Counter
from functools import cache
from itertools import accumulate

from .errors import LudusError
from .rng import shuffle


def _add(a: tuple, b: tuple) -> tuple:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _merge_same_zone(pools) -> list:
    """Pools that lie wholly in the same single zone merge without losing anything: the places
    of one zone are alike, so which of them holds which pool's card says nothing."""
    by_zone: dict[int, int] = {}
    merged: list = []
    for counts, slots in pools:
        if len(slots) - slots.count(0) == 1:          # wholly in one zone (this is a hot path)
            zone = slots.index(sum(slots))
            if zone in by_zone:
                i = by_zone[zone]
                merged[i] = (_add(merged[i][0], counts), _add(merged[i][1], slots))
                continue
            by_zone[zone] = len(merged)
        merged.append((counts, slots))
    return merged


def _deal(pools, num_zones: int, rng: random.Random, accepts: dict[int, frozenset] | None) -> list[list[int]]:
    """Deal every pool's values at random into its places; returns the values of each zone."""
    zones: list[list[int]] = [[] for _ in range(num_zones)]
    mixed = set()
    for counts, slots in pools:
        values: list[int] = []
        for v, n in enumerate(counts):
            if n:
                values += [v] * n
        shuffle(rng, values)
        if accepts and any(slots[z] for z in accepts):
            values = _restricted_order(values, slots, accepts, rng)
        start = 0
        for z, n in enumerate(slots):
            if n:
                if zones[z]:
                    mixed.add(z)
                zones[z] += values[start:start + n]
                start += n
    for z in mixed:  # a zone filled from several pools: mix them, so no pool sits on top
        shuffle(rng, zones[z])
    return zones


class _Observations:
    """What both kinds of knowledge build from their own ``add`` and ``reveal_all``."""

    __slots__ = ()

    def hide(self, zone: int, value: int) -> None:
        """A card the observer knows (``value``) went face down into ``zone``."""
        self.add(_shift((0,) * self.num_values, None, value), _shift((0,) * self.num_zones, None, zone))

    def learn(self, zone: int, values) -> None:
        """The observer looked at all cards of ``zone``; ``values`` lists them."""
        self.reveal_all(zone, values)
        counts = [0] * self.num_values
        for v in values:
            counts[v] += 1
        self.add(counts, _shift((0,) * self.num_zones, None, zone, len(values)))


class Knowledge(_Observations):
    """One observer's pools over one owner's cards of one kind."""

    __slots__ = ("pools", "num_values", "num_zones")

    def __init__(self, num_values: int, num_zones: int):
        self.num_values = num_values
        self.num_zones = num_zones
        self.pools: list[tuple[tuple, tuple]] = []

    def clone(self) -> Knowledge:
        other = Knowledge.__new__(Knowledge)
        other.num_values = self.num_values
        other.num_zones = self.num_zones
        other.pools = self.pools[:]
        return other

    # -- building -------------------------------------------------------------------------

    def add(self, counts, slots) -> None:
        """Add a pool: the multiset ``counts`` lies in the places ``slots``."""
        counts, slots = tuple(counts), tuple(slots)
        if sum(counts) != sum(slots):
            raise ValueError(f"pool of {sum(counts)} cards cannot fill {sum(slots)} places")
        if sum(counts):
            self.pools.append((counts, slots))
            self._merge_same_zone()

    def _merge_same_zone(self) -> None:
        self.pools = _merge_same_zone(self.pools)

    def _merge(self, indices: list[int]) -> int:
        """Merge the pools at ``indices`` into one; return its index."""
        counts, slots = self.pools[indices[0]]
        for i in indices[1:]:
            counts = _add(counts, self.pools[i][0])
            slots = _add(slots, self.pools[i][1])
        keep = [p for i, p in enumerate(self.pools) if i not in indices]
        keep.append((counts, slots))
        self.pools = keep
        return len(keep) - 1

    # -- what the observer saw --------------------------------------------------------------

    def move(self, src: int, dst: int, could_be: frozenset | None = None) -> None:
        """An unseen card moved from hidden zone ``src`` to hidden zone ``dst``.

        ``could_be`` (optional): the values the card can have (e.g. a face-down card in the red
        region is red or wild); pools holding none of them cannot have given it and stay apart.
        """
        holders = [i for i, (_, s) in enumerate(self.pools) if s[src]]
        if could_be is not None and len(holders) > 1:
            holders = [i for i in holders if any(self.pools[i][0][v] for v in could_be)] or holders
        if len(holders) != 1:
            if not holders:
                raise AssertionError(f"no hidden card in zone {src} to move")
            holders = [self._merge(holders)]
        i = holders[0]
        counts, slots = self.pools[i]
        self.pools[i] = (counts, _shift(slots, src, dst))

    def move_all(self, src: int, dst: int) -> None:
        """Every hidden card of zone ``src`` moved to ``dst`` (nothing becomes ambiguous)."""
        for i, (counts, slots) in enumerate(self.pools):
            if slots[src]:
                s = list(slots)
                s[dst] += s[src]
                s[src] = 0
                self.pools[i] = (counts, tuple(s))

    def reveal(self, zone: int, value: int) -> None:
        """A card of ``value`` left hidden zone ``zone`` and the observer saw it.

        If a pool lying wholly in that zone holds the value (cards seen there, as with a Spy),
        the card is taken from it, with no merge: had it come from a wider pool, that pool's
        own ``value`` could lie in the zone in its stead, so the worlds are exactly the same.
        """
        holders = [i for i, (c, s) in enumerate(self.pools) if s[zone] and c[value]]
        if not holders:
            raise AssertionError(f"value {value} cannot be hidden in zone {zone}")
        inside = [i for i in holders if self.pools[i][1][zone] == sum(self.pools[i][1])]
        i = inside[0] if inside else holders[0] if len(holders) == 1 else self._merge(holders)
        counts, slots = _shift(self.pools[i][0], value, None), _shift(self.pools[i][1], zone, None)
        if sum(slots):
            self.pools[i] = (counts, slots)
        else:
            del self.pools[i]

    def reveal_all(self, zone: int, values) -> None:
        """Every hidden card of ``zone`` was turned face up: ``values``.

        A value that only one pool can supply (or that a pool lying wholly in the zone holds) is
        taken first: that step is forced, hence exact, and it may leave the next value to a
        single pool too. Pools merge only when every value left is ambiguous, and the pools
        do not depend on the order the values are listed in.
        """
        left = sorted(values)
        while left:
            value = next((v for v in left if self._one_source(zone, v)), left[0])
            self.reveal(zone, value)
            left.remove(value)

    def _one_source(self, zone: int, value: int) -> bool:
        holders = [s for c, s in self.pools if s[zone] and c[value]]
        return len(holders) == 1 or any(s[zone] == sum(s) for s in holders)

    # -- questions ------------------------------------------------------------------------

    def hidden_in(self, zone: int) -> int:
        """How many unseen-or-unplaced cards the observer knows lie in ``zone``."""
        return sum(s[zone] for _, s in self.pools)

    def known_in(self, zone: int) -> list[int]:
        """Values the observer is sure lie in ``zone`` however the pools are dealt, sorted."""
        return sorted(_sure_in(self.pools, zone).elements())

    def sample(self, rng: random.Random, accepts: dict[int, frozenset] | None = None) -> list[list[int]]:
        """Deal every pool at random into its zones; returns the values of each zone.

        ``accepts`` optionally restricts zones to sets of values (e.g. "a face-down card in the
        red region is red or wild"); pools with slots in such zones are dealt so that every
        restricted zone gets values it accepts.

        Depends only on the pools and ``rng`` (values are laid out in sorted order before the
        shuffle), so two true states the observer cannot tell apart give the same sample.
        """
        return _deal(self.pools, self.num_zones, rng, accepts)

    def to_json(self, value_names, zone_names) -> list[dict]:
        """The pools in readable form, for observations and debugging."""
        return [
            {
                "cards": [value_names[v] for v, n in enumerate(c) for _ in range(n)],
                "places": {zone_names[z]: n for z, n in enumerate(s) if n},
            }
            for c, s in self.pools
        ]


class QueuedKnowledge(Knowledge):
    """``Knowledge`` that applies what the observer saw only when it is next asked something.

    A state played on without anyone observing or resampling it (a random game, a tournament
    between cheap agents) then pays one small tuple per step instead of merging pools at every
    move, as ``Beliefs`` does for its hypotheses. The steps are kept as data, newest first, in a
    chain of tuples ``(older, method name, args)``: immutable, so a clone shares it and copies only
    the pools. Every question reads ``pools``, which applies the queued steps first, in the order
    they were seen, so the answers are exactly those of ``Knowledge``. (An impossible step, which
    legal play never makes, raises when the steps are applied, not when it is queued.)
    """

    __slots__ = ("_steps",)

    def __init__(self, num_values: int, num_zones: int):
        self._steps = None
        super().__init__(num_values, num_zones)

    def clone(self) -> QueuedKnowledge:
        other = QueuedKnowledge.__new__(QueuedKnowledge)
        other.num_values = self.num_values
        other.num_zones = self.num_zones
        _POOLS.__set__(other, _POOLS.__get__(self)[:])
        other._steps = self._steps
        return other

    def __reduce__(self):
        # pickled with its steps applied: the pools alone (a long chain would be a deep nest)
        return _requeued, (self.num_values, self.num_zones, self.pools)

    @property
    def pools(self) -> list:
        if self._steps is not None:
            self._settle()
        return _POOLS.__get__(self)

    @pools.setter
    def pools(self, pools: list) -> None:
        _POOLS.__set__(self, pools)

    def _settle(self) -> None:
        """Apply the queued steps, oldest first, through a plain Knowledge over these pools
        (there each step's own calls, such as ``reveal_all``'s reveals, apply at once)."""
        steps = []
        node, self._steps = self._steps, None
        while node is not None:
            node, name, args = node
            steps.append((name, args))
        plain = Knowledge(self.num_values, self.num_zones)
        plain.pools = _POOLS.__get__(self)
        for name, args in reversed(steps):
            getattr(plain, name)(*args)
        _POOLS.__set__(self, plain.pools)

    def add(self, counts, slots) -> None:
        self._steps = (self._steps, "add", (tuple(counts), tuple(slots)))

    def move(self, src: int, dst: int, could_be: frozenset | None = None) -> None:
        self._steps = (self._steps, "move", (src, dst, could_be))

    def move_all(self, src: int, dst: int) -> None:
        self._steps = (self._steps, "move_all", (src, dst))

    def reveal(self, zone: int, value: int) -> None:
        self._steps = (self._steps, "reveal", (zone, value))

    def reveal_all(self, zone: int, values) -> None:
        self._steps = (self._steps, "reveal_all", (zone, tuple(values)))


_POOLS = Knowledge.__dict__["pools"]   # the slot itself, which QueuedKnowledge's property stands before


def _requeued(num_values: int, num_zones: int, pools: list) -> QueuedKnowledge:
    knowledge = QueuedKnowledge(num_values, num_zones)
    knowledge.pools = pools
    return knowledge


class Beliefs(_Observations):
    """Exact knowledge: every way the observer's pools could have gone, each with its chance.

    Where ``Knowledge`` merges the pools a card may have come from, and so forgets part of the
    history, ``Beliefs`` keeps one *hypothesis* per possibility: a set of pools that never merge
    ("the card played came from the Spy-seen cards" beside "it was the one drawn since"). A card
    shown later weighs the hypotheses by how likely each makes it, and drops those it rules out,
    so every sampled world is one the whole history allows — and, under the model below, all of
    them are, in proportion.

    The model that sets the chances: the deal is uniform, and the owner picks among the hidden
    cards of a zone blindly (the observer does not model the owner's choices). Identical
    hypotheses are added up, so their number stays small: in Caesar & Cleopatra at most 24 in
    200 games between heuristic bots, 1,008 in 2,000 random games (an update then takes ~70 ms).
    Should it pass ``limit``, pools sharing a zone are merged in every hypothesis, as Knowledge
    would (then, if need be, all pools): sound — no possible world is lost — but not exact.

    Same interface as ``Knowledge`` for the operations a game tells it, except ``could_be`` and
    ``sample``'s ``accepts``, which only Knowledge offers.
    """

    __slots__ = ("_hypotheses", "_pending", "num_values", "num_zones", "_cumulative")
    limit = 4096

    def __init__(self, num_values: int, num_zones: int):
        self.num_values = num_values
        self.num_zones = num_zones
        # (canonical pools, chance) pairs, sorted, chances summing to 1. Tuples all the way down
        # and replaced whole, never changed: clones and worlds share them safely.
        self._hypotheses: tuple[tuple[tuple, float], ...] = (((), 1.0),)
        self._pending: tuple | None = None   # steps seen but not yet applied (see _branch)
        self._cumulative: tuple[float, ...] | None = None   # for sample: running sums of chances

    def clone(self) -> Beliefs:
        other = Beliefs.__new__(Beliefs)
        other.num_values = self.num_values
        other.num_zones = self.num_zones
        other._hypotheses = self._hypotheses
        other._pending = self._pending
        other._cumulative = self._cumulative
        return other

    def __getstate__(self):
        # pickled with its steps applied (a long chain of queued steps would be a deep nest)
        self._settled()
        return None, {name: getattr(self, name) for name in self.__slots__}

    @property
    def hypotheses(self) -> dict[tuple, float]:
        """Canonical pools -> chance, every step seen so far applied (a copy)."""
        return dict(self._settled())

    def _settled(self) -> tuple[tuple[tuple, float], ...]:
        """The hypotheses once the steps queued so far are applied."""
        if self._pending is not None:
            steps = []
            node, self._pending = self._pending, None
            while node is not None:
                node, step = node
                steps.append(step)
            for step in reversed(steps):
                self._apply(*step)
        return self._hypotheses

    def _branch(self, kind: str, *args) -> None:
        """Queue a step (``kind`` names one of ``_STEPS``, ``args`` its arguments): data, not a
        closure, so that a copy holds nothing it could change in the original. It is applied when
        the beliefs are next looked at: a state played without anyone observing it (random games,
        tournaments between cheap agents) then pays almost nothing for knowledge, and a search
        resamples only after applying the few steps since its last decision. The queue is a chain
        of tuples ``(older, step)``, newest first: immutable, so a clone shares it whatever its
        length instead of copying it."""
        self._pending = (self._pending, (kind, *args))

    def _apply(self, kind: str, *args) -> None:
        """Replace each hypothesis by what the step yields: ``(pools, likelihood)`` pairs."""
        expand = _STEPS[kind]
        out: dict[tuple, float] = {}
        for pools, chance in self._hypotheses:
            for new, likelihood in expand(pools, *args):
                key = tuple(sorted(_merge_same_zone(new)))
                out[key] = out.get(key, 0.0) + chance * likelihood
        if not out:
            raise AssertionError(_IMPOSSIBLE[kind].format(*args))
        if len(out) > self.limit:
            out = _coarsened(out, lambda a, b: any(x and y for x, y in zip(a, b, strict=True)))
        if len(out) > self.limit:     # the last resort: one pool over every hidden place
            out = _coarsened(out, lambda a, b: True)
        total = sum(out.values())
        self._hypotheses = tuple((key, out[key] / total) for key in sorted(out))
        self._cumulative = None

    # -- what the observer saw (as in Knowledge) -----------------------------------------------

    def add(self, counts, slots) -> None:
        counts, slots = tuple(counts), tuple(slots)
        if sum(counts) != sum(slots):
            raise ValueError(f"pool of {sum(counts)} cards cannot fill {sum(slots)} places")
        if sum(counts):
            self._branch("add", counts, slots)

    def move(self, src: int, dst: int) -> None:
        """An unseen card moved from ``src`` to ``dst``: from each pool holding cards there, in
        proportion to how many."""
        self._branch("move", src, dst)

    def move_all(self, src: int, dst: int) -> None:
        self._branch("move_all", src, dst)

    def reveal(self, zone: int, value: int) -> None:
        """A card of ``value`` left ``zone`` in plain view: it came from a pool with cards there,
        with the chance that a blind pick there is that pool's and has that value."""
        self._branch("reveal", zone, value)

    def reveal_all(self, zone: int, values) -> None:
        """Every hidden card of ``zone`` turned face up. Shown one by one in sorted order: each
        hypothesis's chance of that sequence is its chance of the set times a factor common to
        all, so the weights come out exact."""
        for value in sorted(values):
            self.reveal(zone, value)

    # -- questions ------------------------------------------------------------------------

    def hidden_in(self, zone: int) -> int:
        return sum(s[zone] for _, s in self._settled()[0][0])

    def known_in(self, zone: int) -> list[int]:
        """Values that lie in ``zone`` in every world of every hypothesis, sorted."""
        sure: Counter | None = None
        for pools, _ in self._settled():
            here = _sure_in(pools, zone)
            sure = here if sure is None else sure & here
        return sorted(sure.elements())

    def allows(self, zones: list[list[int]]) -> bool:
        """Whether some hypothesis can be dealt so that each zone holds exactly ``zones[z]``
        (for checks: the true cards must always be such a world)."""
        return any(_dealable(pools, zones, self.num_values) for pools, _ in self._settled())

    def sample(self, rng: random.Random) -> list[list[int]]:
        """Draw a hypothesis by its chance, then deal its pools (as ``Knowledge.sample``)."""
        hypotheses = self._settled()
        if len(hypotheses) == 1:
            pools = hypotheses[0][0]
        else:
            if self._cumulative is None:
                self._cumulative = tuple(accumulate(chance for _, chance in hypotheses))
            cumulative = self._cumulative
            pools = hypotheses[min(bisect(cumulative, rng.random() * cumulative[-1]), len(hypotheses) - 1)][0]
        return _deal(pools, self.num_zones, rng, None)

    def to_json(self, value_names, zone_names, shown: int = 10) -> dict:
        """How many hypotheses there are, and the ``shown`` likeliest in readable form."""
        likeliest = sorted(self._settled(), key=lambda item: -item[1])[:shown]
        return {
            "hypotheses": len(self._hypotheses),
            "likeliest": [{"chance": round(chance, 6),
                           "pools": [{"cards": [value_names[v] for v, n in enumerate(c) for _ in range(n)],
                                      "places": {zone_names[z]: n for z, n in enumerate(s) if n}}
                                     for c, s in pools]}
                          for pools, chance in likeliest],
        }


# What each kind of step makes of one hypothesis's pools: (pools, likelihood) pairs.

def _added(pools, counts: tuple, slots: tuple):
    yield pools + ((counts, slots),), 1.0


def _moved(pools, src: int, dst: int):
    n = sum(s[src] for _, s in pools)
    for i, (c, s) in enumerate(pools):
        if s[src]:
            yield pools[:i] + ((c, _shift(s, src, dst)),) + pools[i + 1:], s[src] / n


def _moved_all(pools, src: int, dst: int):
    yield tuple((c, _shift(s, src, dst, s[src]) if s[src] else s) for c, s in pools), 1.0


def _revealed(pools, zone: int, value: int):
    n = sum(s[zone] for _, s in pools)
    for i, (c, s) in enumerate(pools):
        if s[zone] and c[value]:
            left = (_shift(c, value, None), _shift(s, zone, None))
            kept = (left,) if sum(left[1]) else ()
            yield pools[:i] + kept + pools[i + 1:], s[zone] / n * c[value] / sum(c)


_STEPS = {"add": _added, "move": _moved, "move_all": _moved_all, "reveal": _revealed}
_IMPOSSIBLE = {"add": "", "move": "no hidden card in zone {0} to move", "move_all": "",
               "reveal": "value {1} cannot be hidden in zone {0}"}


def _sure_in(pools, zone: int) -> Counter:
    """The values in ``zone`` under every deal of ``pools``: a pool with ``n`` cards of a value
    and ``m`` places outside the zone puts at least ``n - m`` of them in it."""
    sure: Counter = Counter()
    for counts, slots in pools:
        if slots[zone]:
            outside = sum(slots) - slots[zone]
            sure.update({v: n - outside for v, n in enumerate(counts) if n > outside})
    return sure


def _dealable(pools, zones: list[list[int]], num_values: int) -> bool:
    """Whether ``pools`` can be dealt so that zone z holds exactly the values ``zones[z]``: zone by
    zone (smallest first), every way each pool can supply its places there, remembered."""
    wants = {z: tuple(values.count(v) for v in range(num_values)) for z, values in enumerate(zones)}
    order = sorted(wants, key=lambda z: sum(wants[z]))

    def draws(have: tuple, need: tuple, k: int, v: int = 0):
        if v == len(need):
            if k == 0:
                yield ()
            return
        for t in range(min(have[v], need[v], k), -1, -1):
            for rest in draws(have, need, k - t, v + 1):
                yield (t,) + rest

    @cache
    def fill(step: int, left: tuple) -> bool:
        if step == len(order):
            return True
        z = order[step]
        givers = [i for i, (_, slots) in enumerate(pools) if slots[z]]
        return share(step, z, givers, wants[z], left)

    def share(step: int, z: int, givers: list, need: tuple, left: tuple) -> bool:
        if not givers:
            return not any(need) and fill(step + 1, left)
        i = givers[0]
        for take in draws(left[i], need, pools[i][1][z]):
            rest = left[:i] + (tuple(a - b for a, b in zip(left[i], take, strict=True)),) + left[i + 1:]
            if share(step, z, givers[1:], tuple(a - b for a, b in zip(need, take, strict=True)), rest):
                return True
        return False

    return fill(0, tuple(counts for counts, _ in pools))


def _coarsened(hypotheses: dict[tuple, float], joined) -> dict[tuple, float]:
    """Each hypothesis with its pools merged wherever ``joined(slots_a, slots_b)``: every world
    it allowed is still allowed, and hypotheses that differed only in how merged pools split
    their cards become one."""
    out: dict[tuple, float] = {}
    for pools, chance in hypotheses.items():
        merged: list[tuple[tuple, tuple]] = []
        for counts, slots in pools:
            for i in [i for i, (_, s) in enumerate(merged) if joined(s, slots)][::-1]:
                c, s = merged.pop(i)
                counts, slots = _add(counts, c), _add(slots, s)
            merged.append((counts, slots))
        key = tuple(sorted(merged))
        out[key] = out.get(key, 0.0) + chance
    return out


def _shift(t: tuple, src: int | None, dst: int | None, n: int = 1) -> tuple:
    """``t`` with ``n`` taken from index ``src`` and given to index ``dst`` (either may be None)."""
    out = list(t)
    if src is not None:
        out[src] -= n
    if dst is not None:
        out[dst] += n
    return tuple(out)


def _restricted_order(values: list[int], slots: tuple, accepts: dict[int, frozenset],
                      rng: random.Random) -> list[int]:
    """Reorder shuffled ``values`` so that, laid out zone by zone, each restricted zone gets
    values it accepts.

    A bipartite matching of the restricted places to the values (augmenting paths, Kuhn's
    algorithm), tried in random order so the deal stays random; it always succeeds when the
    true state does. Unrestricted zones take the rest, shuffled again: the matching takes the
    fitting values nearest the front, so the order left behind would put fewer of them first
    (Seize Rome: a top of the pile that was rarely wild).
    """
    places = [z for z in sorted(accepts) if slots[z] for _ in range(slots[z])]
    fits = [[i for i, v in enumerate(values) if v in accepts[z]] for z in places]
    owner = [-1] * len(values)          # value index -> place index

    def augment(place: int, seen: set) -> bool:
        for i in fits[place]:
            if i not in seen:
                seen.add(i)
                if owner[i] < 0 or augment(owner[i], seen):
                    owner[i] = place
                    return True
        return False

    order = list(range(len(places)))
    rng.shuffle(order)
    for place in order:
        if not augment(place, set()):
            raise AssertionError("no deal fits the zones' restrictions")
    chosen: dict[int, list[int]] = {}
    for i, place in enumerate(owner):
        if place >= 0:
            chosen.setdefault(places[place], []).append(values[i])
    rest = [v for i, v in enumerate(values) if owner[i] < 0]
    shuffle(rng, rest)
    out: list[int] = []
    for z, n in enumerate(slots):
        if n:
            out += chosen[z] if z in chosen else [rest.pop() for _ in range(n)]
    return out


class NoKnowledge(Knowledge):
    """Stands in for the knowledge of a search copy (``State.stop_tracking``): it records
    nothing, so moves cost nothing, and refuses every question, so such a copy can be neither
    observed nor resampled."""

    __slots__ = ()

    def __init__(self):
        super().__init__(0, 0)

    def clone(self) -> NoKnowledge:
        return self

    def add(self, counts, slots) -> None:
        pass

    def move(self, src: int, dst: int, could_be: frozenset | None = None) -> None:
        pass

    def move_all(self, src: int, dst: int) -> None:
        pass

    def reveal(self, zone: int, value: int) -> None:
        pass

    def reveal_all(self, zone: int, values) -> None:
        pass

    def hide(self, zone: int, value: int) -> None:
        pass

    def learn(self, zone: int, values) -> None:
        pass

    def _refuse(self, *args, **kwargs):
        raise LudusError("this is a search copy that keeps no knowledge (stop_tracking): it cannot be "
                         "observed or resampled; observe or resample the state it was copied from")

    hidden_in = known_in = sample = to_json = _refuse


NO_KNOWLEDGE = NoKnowledge()
