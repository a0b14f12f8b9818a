"""A heuristic player for Seize Rome: put strength where it turns a region, else draw.

It sees its own cards and the public counts only. An opponent's face-down card is counted at
the average value of a card. A play is worth the gain in the chance of winning its region, more
for a region the seat must take from someone (under persistent control) and for regions that
bring it to the number needed to win. The few best candidates (and the draw) are then checked
by short look-aheads: each is played in worlds sampled from the seat's Perspective and the round
is finished with this same static rule for everyone; the candidate that leaves the seat best
placed (regions controlled, or the game won) is played.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from ...core.agent import RuleAgent
from ...core.parts import SearchHooks
from .cards import WILD, face_value
from .notation import DRAW, PASS, PLAY
from .state import REGION_FITS

DRAW_WORTH = 0.25


def _win_chance(margin: float) -> float:
    return 1 / (1 + math.exp(-margin / 2.0))


class HeuristicAgent(RuleAgent):
    candidates = 3
    worlds = 3

    def decide(self, perspective, legal):
        p = perspective.player
        value = play_values(perspective.world, p)
        ranked = sorted(legal, key=lambda a: -(value(a) if a.kind == PLAY else DRAW_WORTH))
        shortlist = ranked[:self.candidates] + [a for a in legal if a.kind != PLAY and a not in
                                                ranked[:self.candidates]]
        worlds = [perspective.sample(self.rng) for _ in range(self.worlds)]
        return max(shortlist, key=lambda a: sum(self._outcome(w.clone(), a, p) for w in worlds))

    def _outcome(self, w, action, p: int) -> float:
        """Play ``action`` and finish the round with the static rule; how good is it for p?"""
        start = w.round
        w.apply_trusted(action)
        while not w.is_terminal and w.round == start:
            w.apply_trusted(static_choice(w, w.current_player, w.legal_actions(), self.rng))
        if w.is_terminal:
            return 10 * w.returns()[p]
        controlled = w.controlled()
        return controlled[p] - max(c for q, c in enumerate(controlled) if q != p)


def static_choice(w, p: int, legal, rng):
    """The one-step rule: the play with the best value if it beats a draw, else draw, else pass."""
    if len(legal) == 1:
        return legal[0]
    value = play_values(w, p)
    plays = [a for a in legal if a.kind == PLAY]
    best = max(plays, key=lambda a: value(a) + 1e-6 * rng.random(), default=None)
    best_gain = value(best) if best is not None else -math.inf
    draw = next((a for a in legal if a.kind == DRAW), None)
    if draw is not None and best_gain < DRAW_WORTH:
        return draw
    if best is not None and (best_gain > 0 or not any(a.kind == PASS for a in legal)):
        return best
    return next(a for a in legal if a.kind == PASS)


class OneStepAgent(RuleAgent):
    """The heuristic's one-step rule alone (``static_choice``): inference's model of how the
    other seats play. The heuristic itself checks its best candidates in worlds of its own, some
    4 ms a decision — too dear to ask at every past decision of every world weighed."""

    name = "one-step"

    def decide(self, perspective, legal):
        return static_choice(perspective.world, perspective.player, legal, self.rng)


def play_values(w, p: int):
    """``value(action)`` of a play for seat p: the gain in the chance of winning its region,
    weighted by what the region is worth, less a little for spending a strong card.

    With ``control=per-round`` all control is cleared at the round's end (S11), so nobody's
    region is taken or kept: what counts towards the regions needed is what the seat leads now
    elsewhere (its own cards against the others' face-down ones at an average card each)."""
    wild_value = w.wild_value
    expected = (21 + wild_value) / 7     # average card of a region: its six values and a wild
    gaps = []                            # per region: the seat's strength less the best rival's guess
    for r in range(w.regions):
        mine = sum(wild_value if c == WILD else c % 6 + 1 for c in w.board[r][p])
        theirs = max((len(w.board[r][q]) * expected for q in range(w.n) if q != p), default=0.0)
        gaps.append(mine - theirs)
    if w.persistent:
        owners, held = w.controllers, w.controlled()[p]
    else:
        owners, held = (None,) * w.regions, sum(1 for gap in gaps if gap > 0)

    def value(action) -> float:
        r, card = action.region, action.card
        add = wild_value if card == WILD else card % 6 + 1
        before, after = _win_chance(gaps[r]), _win_chance(gaps[r] + add)
        stake = 1.0
        owner = owners[r]
        if owner is not None and owner != p:
            stake += 0.4       # taking it also takes it from someone
        if owner == p and not w.tie_clears:
            stake -= 0.2       # already ours, and a tie keeps it (tie=keep)
        others = held if w.persistent else held - (gaps[r] > 0)   # per-round: the regions led elsewhere
        if others + 1 >= w.to_win:
            stake += 0.5
        cost = 0.02 * add if card != WILD else 0.05
        return (after - before) * stake - cost

    return value


def rollout_policy(w, rng):
    """ISMCTS hook: every seat plays the one-step rule (``rollout=heuristic``)."""
    return static_choice(w, w.current_player, w.legal_actions(), rng)


def projected_control(w) -> list[int]:
    """Regions each seat would control if the round ended now."""
    controllers = w.round_result()[2]
    return [controllers.count(q) for q in range(w.n)]


# ISMCTS leaf: ten points of cards in hand weigh as much as a region held. Cards in hand are
# the next rounds' strength and a round's spending is gone under the pile; a leaf that counted
# regions only spent freely (measured in docs/agents.md).
HAND_POINTS_PER_REGION = 10.0


def hand_points(w, p: int) -> int:
    """The strength seat p holds in hand: the sum of its cards' values."""
    return sum(face_value(c, w.wild_value) for c in w.hands[p])


def leaf_values(w, seat: int | None = None) -> list[float]:
    """ISMCTS hook: per seat, its worth minus the best rival's, against the number of regions
    needed; a seat's worth is the regions it would hold if the round ended now plus its hand
    points in regions. Read in a determinized world, where every card is known (the search's
    own guess, not the seat's knowledge), alike for every searching ``seat``."""
    if w.is_terminal:
        return w.returns()
    held = projected_control(w)
    worth = [held[q] + hand_points(w, q) / HAND_POINTS_PER_REGION for q in range(w.n)]
    out = []
    for p in range(w.n):
        rival = max(worth[q] for q in range(w.n) if q != p)
        out.append(max(-1.0, min(1.0, (worth[p] - rival) / w.to_win)))
    return out


def rewind(world, recall: tuple, i: int, seat: int):
    """ISMCTS hook (``infer``): the position of the decision ``recall[i]`` if ``world`` is the
    truth, as far as the player deciding then knew it. A hand changes only by its player's own
    plays and draws and by bonus cards at a round's end (S6, S12), so those are undone on its
    hand and face-down cards in ``world``, latest first: a play takes back the last card of its
    column in that region — this round's from ``world``, an earlier round's from that round's
    reveal, public and in play order — and a draw or a bonus card puts back a card of the hand.
    Which card was drawn, and in which order this round's face-down cards came, a world does not
    keep: those are guesses — the last card of a column, and a card of the hand at random (by a
    generator fixed by the decision), but first a coloured card that cannot have been in the
    hand then (``seat`` saw it elsewhere, it lay face down, or an earlier play takes it back:
    each coloured card is unique). The rest is ``seat``'s own world of then, with the decider's
    cards swapped in from wherever it had put them; the position is for a model to read as it
    is, not to deal worlds from (its knowledge is the world's before the swap). None where the
    swap cannot be made."""
    o = recall[i].seat
    past = recall[i].world
    undone = []                 # o's plays (the card taken back) and draws (None), latest first
    columns = [list(world.board[r][o]) for r in range(world.regions)]
    now, bonus = world, world.bonus_drawn[o]          # now: a world of the round being undone
    for m in reversed(recall[i:]):
        if m.world is not None and m.world.round != now.round:      # back over a round's end
            reveal = now.last_round
            if reveal is None or reveal.round != m.world.round:
                return None
            undone += [None] * (bonus - m.world.bonus_drawn[o])
            columns = [list(cards[o]) for cards in reveal.cards]
            now, bonus = m.world, m.world.bonus_drawn[o]
        if m.seat != o:
            continue
        if isinstance(m.action, int):               # another seat sees the region of a play
            if not columns[m.action]:
                return None
            undone.append(columns[m.action].pop())
        elif m.action.kind == DRAW:
            undone.append(None)
    # A coloured card is unique: one that the seat saw elsewhere then, that lay face down then,
    # or that an earlier play takes back, came to the hand by a later draw.
    seen = _seen_elsewhere(past, seat) | {c for column in columns for c in column if c != WILD}
    to_come = Counter(c for c in undone if c is not None and c != WILD)
    hand = list(world.hands[o])
    pick = random.Random(i)
    for card in undone:
        if card is not None:
            hand.append(card)
            to_come[card] -= 1
            continue
        if not hand:
            return None
        must = [k for k, c in enumerate(hand) if c in seen or to_come[c] > 0]
        hand.pop(must[pick.randrange(len(must))] if must else pick.randrange(len(hand)))
    rewound = past.clone()
    missing = Counter(hand) + Counter(c for column in columns for c in column)
    missing.subtract(rewound.hands[o])
    for column in rewound.board:
        missing.subtract(column[o])
    spare = [c for c, n in missing.items() for _ in range(-n)]
    missing = [c for c, n in missing.items() for _ in range(n)]
    if len(spare) != len(missing) or not _swap_in(rewound, missing, spare, o, seat):
        return None
    rewound.hands[o] = sorted(hand)
    for r, column in enumerate(columns):
        rewound.board[r][o] = tuple(column)
    rewound._legal_cache = None         # the hand changed under it
    return rewound


def _seen_elsewhere(w, seat: int) -> frozenset:
    """The coloured cards ``seat`` sees, in ``w``, where no other hand is: its own hand and
    face-down cards, the cards left face up, and the revealed layer under the pile. Each is
    unique, so a hand that holds one later drew it since."""
    seen = {*w.hands[seat], *w.discard, *w.table, *w.layer}
    for column in w.board:
        seen.update(column[seat])
    seen.discard(WILD)
    return frozenset(seen)


def _swap_in(w, missing: list[int], spare: list[int], o: int, seat: int) -> bool:
    """Put each of ``spare`` where ``w`` has a card of ``missing`` among the places ``seat``
    cannot see: the pile, and the hands and face-down cards of seats other than ``o``. A
    face-down card takes only a card that fits its region: a spare that does, else one that
    does from the pile or a hand, whose place then takes a spare. Coloured cards are placed
    before wild ones, which may lie in several regions and go where a spare fits if they can.
    False where a card of ``missing`` lies where ``seat`` sees it (``w`` does not fit) or
    nothing fits."""
    others = [q for q in range(w.n) if q not in (o, seat)]
    hands = [w.pile, *(w.hands[q] for q in others)]      # the places that take any card
    needed = Counter(missing)
    loose = Counter(c for place in hands for c in place)
    face_down = []
    for card in sorted(missing, key=lambda c: c == WILD):     # coloured first: each has one place
        if loose[card]:
            loose[card] -= 1
            continue
        spots = [(r, q) for r in range(w.regions) for q in others
                 if w.board[r][q].count(card) > face_down.count((card, r, q))]
        if not spots:
            return False
        fitting = [(r, q) for r, q in spots if any(c in REGION_FITS[r] for c in spare)]
        face_down.append((card, *(fitting or spots)[0]))
    for card, r, q in face_down:
        needed[card] -= 1
        fits = REGION_FITS[r]
        stand_in = next((c for c in spare if c in fits), None)
        if stand_in is not None:
            spare.remove(stand_in)
        else:           # a fitting card from a hand or the pile goes down; a spare takes its place
            place = next((h for h in hands for c in h if c in fits and not needed[c]), None)
            if place is None:
                return False
            stand_in = next(c for c in place if c in fits and not needed[c])
            place[place.index(stand_in)] = spare.pop()
        column = list(w.board[r][q])
        column[column.index(card)] = stand_in
        w.board[r][q] = tuple(column)
    for card, n in needed.items():
        for _ in range(n):
            place = next(h for h in hands if card in h)
            place[place.index(card)] = spare.pop()
    for q in others:
        w.hands[q].sort()
    return True


# Inference rewinds the others' decisions and models them by the one-step rule.
SEARCH_HOOKS = SearchHooks(leaf_values=leaf_values, rollout_policy=rollout_policy, rewind=rewind,
                           model=OneStepAgent, defaults={"depth": 4})
