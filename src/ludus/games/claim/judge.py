"""A judge of Claim positions at the start of phase 2, for the search's leaves.

When phase 1 ends every hand is known to its world (the follower piles, K17), and what is left is
13 tricks of play. A random playout of them says little about who wins: it plays away the
Dragons and the high cards as readily as the low. This judge reads the hands instead: per
faction a logistic model of the chance that a side collects it (K30) when both sides play phase 2
as the heuristic does, from the cards of that faction and of every faction each side holds; the
factions' chances, taken as independent, give the chance of winning more factions than the other
side. The weights are fitted by ``scripts/train_claim_judge.py`` (``judge_weights.py``).
"""

from __future__ import annotations

import math

from .cards import DEAL, FACTIONS
from .judge_weights import WEIGHTS

NF = len(FACTIONS)


def _stats(cards) -> tuple[list[int], list[int], list[int]]:
    """Per faction: how many cards, their values' sum, the highest value (-1: none)."""
    count, total, high = [0] * NF, [0] * NF, [-1] * NF
    for c in cards:
        f, v = divmod(c, 10)
        count[f] += 1
        total[f] += v
        if v > high[f]:
            high[f] = v
    return count, total, high


def features(mine, theirs, scored_mine, scored_theirs, lead: bool, f: int) -> list[float]:
    """What the model of faction ``f`` reads, for one side against the other: who leads, the
    difference in ``f`` cards already collected (phase 1's Undead, K19) and in the highest ``f``
    card held, and for every faction the difference in cards held and in their values' sum. Each
    is a difference, so that swapping the sides negates them (the chance becomes its complement)."""
    return _features(_stats(mine), _stats(theirs), _collected(scored_mine, f) - _collected(scored_theirs, f), lead, f)


def _collected(scored, f: int) -> int:
    return sum(1 for c in scored if c // 10 == f)


def _features(mine: tuple, theirs: tuple, collected: int, lead: bool, f: int) -> list[float]:
    """``features`` from each side's ``_stats``."""
    (count, total, high), (their_count, their_total, their_high) = mine, theirs
    return [1.0 if lead else -1.0, float(collected), (high[f] - their_high[f]) / 5.0,
            *(float(a - b) for a, b in zip(count, their_count, strict=True)),
            *((a - b) / 5.0 for a, b in zip(total, their_total, strict=True))]


def collect_chances(w, side: int) -> list[float]:
    """Per faction of the deck, the chance that ``side`` (0 or 1 of a two-player world at the start
    of phase 2) collects it."""
    other = 1 - side
    mine, theirs = _stats(w.hands[side]), _stats(w.hands[other])
    lead = w.current_player == side
    chances = []
    for f in w.factions:
        x = _features(mine, theirs, _collected(w.score[side], f) - _collected(w.score[other], f), lead, f)
        z = sum(a * b for a, b in zip(WEIGHTS[f], x, strict=True))
        chances.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))))
    return chances


def phase_two_value(w, side: int) -> float:
    """The chance that ``side`` wins more factions than the other minus the chance it wins fewer."""
    spread = [1.0]            # spread[k]: the chance of collecting k factions so far
    for p in collect_chances(w, side):
        spread = [a * (1 - p) + b * p for a, b in zip([*spread, 0.0], [0.0, *spread], strict=True)]
    m = len(spread) - 1
    return sum(q for k, q in enumerate(spread) if 2 * k > m) - sum(q for k, q in enumerate(spread) if 2 * k < m)


def at_phase_two_start(w) -> bool:
    """Whether ``w`` is a two-player world at the start of phase 2, where the judge reads."""
    return w.n == 2 and w.phase == 2 and not w.trick and len(w.hands[0]) + len(w.hands[1]) == 2 * DEAL[2]
