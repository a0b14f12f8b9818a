"""Inference's rewind for Caesar & Cleopatra: the opponent's past decisions, if a world is true.

A world says three things of the opponent's past: its bonus goal, which never changes; its
hand now; and the face-down cards it placed since each group's last reveal, which lie there
still. The opponent's hand and face-down cards of then are walked back from the world's, latest
move first, to its fourth-last draw (``HORIZON``):

- a card it spent comes back to the hand: placed face up, played, vetoed with, discarded (all
  seen), taken by the seat's Spy (seen by the seat), or placed face down — the value the world
  has at that group, the latest placement there taking the last of its face-down cards; a
  value the world no longer has (revealed since) comes back as a card unknown;
- a draw gives back one card of the hand, known or unknown, at random (a generator fixed by the
  draw): which card was drawn, a world does not keep; a passive turn's draw gives back as many
  cards as it drew. The draw right after the seat's Spy took a card is the exception: the seat
  saw the whole hand then, and the walk takes it from the seat's world of that moment.

The position is the seat's own world of then, made to agree with what the walk knows: the
world's bonus goal for the opponent, its face-down cards at each group where the walk knows
them all, and the known cards in its hand — each card brought from wherever that world had put
it among the opponent's hidden cards, in exchange for one not needed; unknown cards stay that
world's guess. Setup decisions (arranging, opening) and Castling's put-backs (whose cards lie
in a buffer the walk does not follow) are not rewound. Rewinding the truth, the hand is exact
back to the opponent's last draw, but for a card placed face down and revealed since. The
position is for a model to read, not to deal worlds from: its knowledge is the one of then.
"""

from __future__ import annotations

import random
from collections import Counter

from .cards import BONUS_GOALS, VETO
from .notation import DISCARD, DOWN, DRAW, INFLUENCE_PILE, PLAYED, TAKE, UP, VETO_IT
from .phases import ARRANGING, CASTLING_PLACE, OPENING, PASSIVE_DRAW

# How far back the opponent's decisions are rewound: to its fourth-last draw (about its last two
# turns). Each draw undone is a guess, and each decision weighed costs a move of the model (~1 ms)
# in every world weighed: against heuristic play the truth outweighed the worlds the sampler
# deals as clearly with four draws as with the whole game (docs/agents.md), at half the cost.
HORIZON = 4

# The walk of the last (world, recall) asked about: a weighing rewinds every decision of one
# world in turn, and the walk serves them all.
_last_walk: tuple = (None, None, {})


def rewind(world, recall: tuple, i: int, seat: int):
    """ISMCTS hook (``infer``): the position of the decision ``recall[i]`` if ``world`` is the
    truth, as the opponent knew it then (see the module's docstring); None for setup decisions
    and Castling's put-backs, before the horizon, where the walk lost count of the hand, and
    where no move of the position looks like the move seen."""
    past = recall[i].world
    if past.phase in (ARRANGING, OPENING, CASTLING_PLACE):
        return None
    then = _walk(world, recall, seat).get(i)
    if then is None:
        return None
    position = _position(past, 1 - seat, world.bonus[1 - seat], then, random.Random(i))
    if position is None or not _shows_as_seen(position, recall[i].action, seat):
        return None
    return position


def _shows_as_seen(position, seen, seat: int) -> bool:
    """Whether a legal move of ``position`` looks to ``seat`` like the move it saw. A card placed
    face down shows its value when the move runs straight into a vote that reveals it, and in
    the seat's world of then that hangs on that world's own next vote card or bust, which may
    differ from the true one: then the decision is not used (alike in every world weighed)."""
    return any(position.action_seen_by(a, seat) == seen for a in position.legal_actions())


class _Hand:
    """The opponent's hand as the walk back knows it: influence values, action cards, and how
    many influence cards it holds whose value the walk lost."""

    __slots__ = ("influence", "actions", "unknown")

    def __init__(self, inf_counts, act_counts):
        self.influence = [v for v, n in enumerate(inf_counts) for _ in range(n)]
        self.actions = [k for k, n in enumerate(act_counts) for _ in range(n)]
        self.unknown = 0

    def give_back(self, code: int) -> None:
        """A card by its code (0-5 influence values, 6 + k action card k) comes back."""
        if code < 6:
            self.influence.append(code)
        else:
            self.actions.append(code - 6)

    def undraw(self, before, o: int, pile: int, rng: random.Random) -> None:
        """Give back what ``o`` drew from ``pile`` at ``before`` (the position of the draw): one
        card, or in a passive turn as many as it owed — from the other pile when that one ran
        short, none when both did (C21)."""
        count = before.owed if before.phase == PASSIVE_DRAW else 1
        sizes = [len(before.inf_pile[o]), len(before.act_pile[o])]
        for _ in range(count):
            if not sizes[pile]:
                pile = 1 - pile
                if not sizes[pile]:
                    return
            sizes[pile] -= 1
            if pile != INFLUENCE_PILE:
                if self.actions:
                    self.actions.pop(rng.randrange(len(self.actions)))
            elif self.influence or self.unknown:
                r = rng.randrange(len(self.influence) + self.unknown)
                if r < len(self.influence):
                    self.influence.pop(r)
                else:
                    self.unknown -= 1


class _Then:
    """What the walk knows of the opponent at one of its decisions."""

    __slots__ = ("influence", "actions", "unknown", "face_down")

    def __init__(self, hand: _Hand, face_down: list[list]):
        self.influence, self.actions = sorted(hand.influence), sorted(hand.actions)
        self.unknown = hand.unknown
        self.face_down = [tuple(cards) for cards in face_down]     # in the world's order


def _walk(world, recall: tuple, seat: int) -> dict:
    """For each of the opponent's decisions back to the horizon (by its index in ``recall``), what
    ``world`` says it held then (``_Then``)."""
    global _last_walk
    last_world, last_recall, found = _last_walk
    if last_world is world and last_recall is recall:
        return found
    o = 1 - seat
    face_down = [list(cards) for cards in world.down[o]]    # placed since the group's last reveal
    hand = _Hand(world.hand_inf[o], world.hand_act[o])
    draws = 0
    found = {}
    for k in range(len(recall) - 1, -1, -1):
        seen = recall[k].action
        if recall[k].seat != o:
            if seen.kind == TAKE:                           # the seat's Spy took it from the hand
                hand.give_back(seen.a)
            continue
        if isinstance(seen, int):                           # arranging or opening: the setup
            break
        if len(seen) == 2:              # a card placed face down, value unseen: from the hand,
            kind, g = seen                # or (CASTLE) from the cards Castling took up
            value = face_down[g].pop() if face_down[g] else None
            if kind == DOWN:
                if value is None:
                    hand.unknown += 1
                else:
                    hand.influence.append(value)
        elif len(seen) > 3:             # placed face down into a vote that revealed it beside the
            if seen[0] == DOWN:           # player's other face-down cards there: which one it was,
                hand.unknown += 1         # the seat did not see
        else:
            kind, a, _ = seen
            if kind == DRAW:
                draws += 1
                if draws > HORIZON:
                    break
                before = recall[k].world
                if k and recall[k - 1].seat == seat and recall[k - 1].action.kind == TAKE:
                    hand = _Hand(before.hand_inf[o], before.hand_act[o])    # the seat saw it all
                else:
                    hand.undraw(before, o, a, random.Random(k))
            elif kind in (DOWN, UP):                        # face up, or revealed by the vote at once
                hand.influence.append(a)
            elif kind in PLAYED:
                hand.actions.append(PLAYED[kind])
            elif kind == VETO_IT:
                hand.actions.append(VETO)
            elif kind == DISCARD:
                hand.give_back(a)
        found[k] = _Then(hand, face_down)
    _last_walk = (world, recall, found)
    return found


def _position(past, o: int, bonus: int, then: _Then, rng: random.Random):
    """``past`` (the seat's world of then) made to agree with ``then`` and ``o``'s bonus goal
    ``bonus``; None where it cannot (the walk's hand is not the size it was)."""
    if (len(then.influence) + then.unknown != sum(past.hand_inf[o])
            or len(then.actions) != sum(past.hand_act[o])):
        return None
    w = past.clone()
    goals = w.bonus = tuple(bonus if s == o else w.bonus[s] for s in (0, 1))
    out = list(BONUS_GOALS)
    for g in goals:
        out.remove(g)
    w.bonus_out = tuple(sorted(out))
    hand = [v for v, n in enumerate(w.hand_inf[o]) for _ in range(n)]
    pile = list(w.inf_pile[o])
    down = w.down[o]                    # the copy's own lists
    known = [g for g in range(5) if down[g] and len(then.face_down[g]) == len(down[g])]
    for g in known:
        free = [pile, hand, *(down[h] for h in range(5) if h != g and h not in known)]
        if not _gather(down[g], then.face_down[g], free, rng):
            return None
        down[g][:] = then.face_down[g]
    if not _gather(hand, then.influence, [pile, *(down[g] for g in range(5) if g not in known)], rng):
        return None
    acts = [k for k, n in enumerate(w.hand_act[o]) for _ in range(n)]
    act_pile = list(w.act_pile[o])
    if not _gather(acts, then.actions, [act_pile], rng):
        return None
    w.hand_inf[o] = [hand.count(v) for v in range(6)]
    w.hand_act[o] = [acts.count(k) for k in range(6)]
    w.inf_pile[o], w.act_pile[o] = tuple(pile), tuple(act_pile)
    w._legal_cache = None           # the hand changed under it
    return w


def _gather(zone: list, needed, free: list[list], rng: random.Random) -> bool:
    """Make ``zone`` hold the cards ``needed``: each one missing is taken from the first of the
    ``free`` places that has it, and a card of ``zone`` not needed, drawn by ``rng``, goes there
    in its stead — every card stays in the game once. False if a card needed is nowhere."""
    spare = Counter(zone)
    spare.subtract(Counter(needed))
    missing = Counter(needed)
    missing.subtract(Counter(zone))
    stand_ins = sorted(c for c, n in spare.items() for _ in range(max(n, 0)))
    for card in sorted(c for c, n in missing.items() for _ in range(max(n, 0))):
        place = next((cards for cards in free if card in cards), None)
        if place is None or not stand_ins:
            return False
        stand_in = stand_ins.pop(rng.randrange(len(stand_ins)))
        place[place.index(card)] = stand_in
        zone[zone.index(stand_in)] = card
    return True
