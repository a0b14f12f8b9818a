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

from ...core.agent import RuleAgent
from ...core.parts import SearchHooks
from .cards import WILD, face_value
from .notation import DRAW, PASS, PLAY

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


def leaf_values(w) -> list[float]:
    """ISMCTS hook: per seat, its worth minus the best rival's, against the number of regions
    needed; a seat's worth is the regions it would hold if the round ended now plus its hand
    points in regions. Read in a determinized world, where every card is known (the search's
    own guess, not the seat's knowledge)."""
    if w.is_terminal:
        return w.returns()
    held = projected_control(w)
    worth = [held[q] + hand_points(w, q) / HAND_POINTS_PER_REGION for q in range(w.n)]
    out = []
    for p in range(w.n):
        rival = max(worth[q] for q in range(w.n) if q != p)
        out.append(max(-1.0, min(1.0, (worth[p] - rival) / w.to_win)))
    return out


# The hooks a search (ISMCTS) takes from this game (ludus.core.parts): four random decisions,
# then ``leaf_values`` (the round's control projected from the board, plus the cards in hand);
# rollouts to the end span many rounds and measured far weaker.
SEARCH_HOOKS = SearchHooks(leaf_values=leaf_values, rollout_policy=rollout_policy, defaults={"depth": 4})
