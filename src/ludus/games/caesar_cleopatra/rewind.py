"""Inference's rewind for Caesar & Cleopatra: the opponent's past decisions, if a world is true.

A world says three things of the opponent's past: its bonus goal, which never changes; its
hand now; and the face-down cards it placed since each group's last reveal, which lie there
still. Its hand of then is walked back from the world's, latest move first (the opponent's
decisions back to its fourth-last draw, ``HORIZON``):

- a card it spent comes back to the hand: placed face up, played, vetoed with, discarded (all
  seen), taken by the seat's Spy (seen by the seat), or placed face down — the value the world
  has at that group, the latest placement there taking the last of its face-down cards; a
  value the world no longer has (revealed since) comes back as a card unknown;
- a draw gives back one card of the hand, known or unknown, at random (a generator fixed by the
  draw): which card was drawn, a world does not keep; a passive turn's draw gives back as many
  cards as it discarded.

The position is the seat's own world of then, with the world's bonus goal for the opponent and
the known cards swapped into its hand from where that world had put them (the opponent's pile
or face-down cards), for cards of the hand not needed; unknown cards stay that world's guess.
Setup decisions (arranging, opening) are not rewound. Rewinding the truth, the hand is exact
back to the opponent's last draw. The position is for a model to read, not to deal worlds
from: its knowledge is the one of then, before the swap.
"""

from __future__ import annotations

import random
from collections import Counter

from .cards import BONUS_GOALS, VETO
from .notation import DISCARD, DOWN, DRAW, INFLUENCE_PILE, PLAYED, TAKE, UP, VETO_IT
from .phases import ARRANGING, OPENING, PASSIVE_DRAW

# How far back the opponent's decisions are rewound: to its fourth-last draw (about its last two
# turns). Each draw undone is a guess, and the model's move at each decision of each world weighed
# is the cost (~1 ms): measured, the truth outweighs the worlds the sampler deals as clearly with
# four draws as with all (bench/RESULTS.md), at half the cost.
HORIZON = 4


def rewind(world, recall: tuple, i: int, seat: int):
    """ISMCTS hook (``infer``): the position of the decision ``recall[i]`` if ``world`` is the
    truth, as the opponent knew it then (see the module's docstring); None for setup decisions,
    for decisions before the horizon, where the cards the hand must hold are nowhere the seat
    could not see, and where no move of the position looks like the move seen."""
    past = recall[i].world
    if past.phase in (ARRANGING, OPENING):
        return None
    o = 1 - seat
    held = _held_by_decision(world, recall, seat).get(i)
    if held is None:
        return None
    position = _position(past, o, world.bonus[o], *held, random.Random(i))
    if position is None or not _shows_as_seen(position, recall[i].action, seat):
        return None
    return position


def _shows_as_seen(position, seen, seat: int) -> bool:
    """Whether a legal move of ``position`` looks to ``seat`` like the move it saw. A card placed
    face down shows its value when the move runs straight into a vote that reveals it, and in a
    world of the seat's that hangs on the world's own draw of the next vote card or bust; where
    that draw differs from the true one, the decision tells nothing of the world."""
    return any(position.action_seen_by(a, seat) == seen for a in position.legal_actions())


def _held_by_decision(world, recall: tuple, seat: int) -> dict:
    """For each of the opponent's decisions after the setup (by its index in ``recall``): the
    influence values and the action cards (each sorted) that ``world`` says its hand held then.
    The hand of ``world`` is walked back, latest move first: a card spent comes back (a face-down
    value only while the world still has it at its group; else the hand holds a card unknown),
    and each draw gives back a card of the hand chosen at random (by a generator fixed by the
    draw), known or unknown. Back to the ``HORIZON``-th last draw only."""
    o = 1 - seat
    face_down = [list(cards) for cards in world.down[o]]    # placed since the group's last reveal
    influence = [v for v, n in enumerate(world.hand_inf[o]) for _ in range(n)]
    actions = [k for k, n in enumerate(world.hand_act[o]) for _ in range(n)]
    unknown = 0                     # influence cards of the hand whose value the walk lost
    draws = 0
    found = {}
    for k in range(len(recall) - 1, -1, -1):
        seen = recall[k].action
        if recall[k].seat != o:
            if seen.kind == TAKE:                           # the seat's Spy took it from the hand
                _give_back(seen.a, influence, actions)
            continue
        if isinstance(seen, int):                           # arranging or opening: the setup
            break
        if len(seen) == 2:              # a card placed face down, value unseen: from the hand,
            kind, g = seen                # or (CASTLE) from the cards Castling took up
            value = face_down[g].pop() if face_down[g] else None
            if kind == DOWN:
                if value is None:
                    unknown += 1
                else:
                    influence.append(value)
        else:
            kind, a, _ = seen
            if kind == DRAW:
                draws += 1
                if draws > HORIZON:
                    break
                unknown = _undraw(recall[k].world, o, a, influence, unknown, actions, random.Random(k))
            elif kind in (DOWN, UP):                        # face up, or revealed by the vote at once
                influence.append(a)
            elif kind in PLAYED:
                actions.append(PLAYED[kind])
            elif kind == VETO_IT:
                actions.append(VETO)
            elif kind == DISCARD:
                _give_back(a, influence, actions)
        found[k] = (tuple(sorted(influence)), tuple(sorted(actions)))
    return found


def _undraw(before, o: int, pile: int, influence: list, unknown: int, actions: list,
            rng: random.Random) -> int:
    """Give back the cards ``o`` drew from ``pile`` in ``before`` (the position of the draw):
    one, or in a passive turn as many as it discarded, the rest from the other pile if that one
    ran short (C21). Returns how many unknown influence cards are left."""
    count = before.owed if before.phase == PASSIVE_DRAW else 1
    sizes = [len(before.inf_pile[o]), len(before.act_pile[o])]
    for _ in range(count):
        if not sizes[pile]:
            pile = 1 - pile
        sizes[pile] -= 1
        if pile == INFLUENCE_PILE:
            r = rng.randrange(len(influence) + unknown) if influence or unknown else None
            if r is not None and r < len(influence):
                influence.pop(r)
            elif r is not None:
                unknown -= 1
        elif actions:
            actions.pop(rng.randrange(len(actions)))
    return unknown


def _give_back(code: int, influence: list, actions: list) -> None:
    """A hand card by its code (0-5 influence values, 6 + k action card k) comes back."""
    if code < 6:
        influence.append(code)
    else:
        actions.append(code - 6)


def _position(past, o: int, bonus: int, influence: tuple, actions: tuple, rng: random.Random):
    """``past`` (the seat's world of then) with ``o``'s bonus goal ``bonus`` and ``o``'s hand
    holding ``influence`` and ``actions``; None where they cannot all be swapped in."""
    w = past.clone()
    goals = w.bonus = tuple(bonus if s == o else w.bonus[s] for s in (0, 1))
    out = list(BONUS_GOALS)
    for g in goals:
        out.remove(g)
    w.bonus_out = tuple(sorted(out))
    inf_pile = list(w.inf_pile[o])
    if not _hold(w.hand_inf[o], influence, [inf_pile, *w.down[o]], rng):
        return None
    w.inf_pile[o] = tuple(inf_pile)
    act_pile = list(w.act_pile[o])
    if not _hold(w.hand_act[o], actions, [act_pile], rng):
        return None
    w.act_pile[o] = tuple(act_pile)
    w._legal_cache = None           # the hand changed under it
    return w


def _hold(hand: list[int], cards: tuple, elsewhere: list[list], rng: random.Random) -> bool:
    """Make the hand (counts by card) hold ``cards``: each one missing is taken from the first
    place of ``elsewhere`` that has it, and a card of the hand that ``cards`` do not need, drawn
    by ``rng``, goes there in its stead. False (the hand changed in part) if that cannot be."""
    missing = Counter(cards)
    missing.subtract(Counter({c: n for c, n in enumerate(hand) if n}))
    spare = Counter({c: n for c, n in enumerate(hand) if n})
    spare.subtract(Counter(cards))
    spare = [c for c, n in sorted(spare.items()) for _ in range(max(n, 0))]
    for card in sorted(c for c, n in missing.items() for _ in range(max(n, 0))):
        place = next((cards_there for cards_there in elsewhere if card in cards_there), None)
        if place is None or not spare:
            return False
        stand_in = spare.pop(rng.randrange(len(spare)))
        place[place.index(card)] = stand_in
        hand[stand_in] -= 1
        hand[card] += 1
    return True
